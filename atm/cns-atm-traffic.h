/* cns — cell-timing generators for ATM traffic sources (CBR, square-wave
 * VBR, trace-driven VBR, synthetic MPEG).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

#include "core/cns-time.h"

G_BEGIN_DECLS

/*
 * Every generator here is a pure function of its parameters: it schedules
 * no events and keeps no cursor, so the same question always gets the same
 * answer and a generator may be shared read-only. Each type has the same
 * four queries:
 *
 *   cns_atm_xxx_source_next (src, t)        first cell time >= t, or
 *                                           CNS_TIME_MAX if there is none
 *   cns_atm_xxx_source_count (src, a, b)    cells with a <= time < b
 *   cns_atm_xxx_source_cell_time (src, k)   time of cell k (k = 0 is the
 *                                           first cell at or after start)
 *   cns_atm_xxx_source_mean_rate (src)      long-run mean, cells/s
 *
 * To walk the cells: t = next (src, t); send; t = next (src, t + 1). Times
 * are integral picoseconds and are computed from the cell index, never by
 * accumulating intervals, so they do not drift: with a rate of R cells/s,
 * cell k of a constant-rate grid is at start + floor (k * 10^12 / R) ps.
 * Rates and frame rates are resolved to 0.001 cells/s (frames/s) and may
 * be at most 10^9.
 */

/**
 * CnsAtmCbrSource:
 *
 * Constant bit rate: cell k at start + floor (k * 10^12 / rate) ps. Fill
 * with cns_atm_cbr_source_init(); the fields are private.
 */
typedef struct
{
  /*< private >*/
  CnsTime start;
  guint64 rate_milli;
} CnsAtmCbrSource;

void cns_atm_cbr_source_init (CnsAtmCbrSource *src, CnsTime start,
                              gdouble rate);
CnsTime cns_atm_cbr_source_next (const CnsAtmCbrSource *src, CnsTime t);
guint64 cns_atm_cbr_source_count (const CnsAtmCbrSource *src, CnsTime from,
                                  CnsTime to);
CnsTime cns_atm_cbr_source_cell_time (const CnsAtmCbrSource *src, guint64 k);
gdouble cns_atm_cbr_source_mean_rate (const CnsAtmCbrSource *src);

/**
 * CnsAtmVbrSquareSource:
 *
 * Square-wave VBR: each period starts (at start + n * period) with a high
 * phase of round (duty * period) ps at the maximum rate, followed by a low
 * phase at the minimum rate. Each phase restarts its own constant-rate grid
 * at its first instant: the phase's first cell is exactly on the boundary,
 * its cells are evenly spaced at its rate, and the grid is clipped at the
 * phase's end (a cell that would fall on or after the end is not sent; the
 * gap before the boundary is at most one cell time). A phase of length D at
 * rate R thus has exactly ceil (D * R) cells, and every period has the same
 * number of cells. Fields are private.
 */
typedef struct
{
  /*< private >*/
  CnsTime start;
  CnsTime period;
  CnsTime high;
  guint64 max_milli;
  guint64 min_milli;
  guint64 cells_high;
  guint64 cells_low;
} CnsAtmVbrSquareSource;

void cns_atm_vbr_square_source_init (CnsAtmVbrSquareSource *src, CnsTime start,
                                     gdouble max_rate, gdouble min_rate,
                                     CnsTime period, gdouble duty_cycle);
CnsTime cns_atm_vbr_square_source_next (const CnsAtmVbrSquareSource *src,
                                        CnsTime t);
guint64 cns_atm_vbr_square_source_count (const CnsAtmVbrSquareSource *src,
                                         CnsTime from, CnsTime to);
CnsTime cns_atm_vbr_square_source_cell_time (const CnsAtmVbrSquareSource *src,
                                             guint64 k);
gdouble cns_atm_vbr_square_source_mean_rate (const CnsAtmVbrSquareSource *src);
guint64
cns_atm_vbr_square_source_cells_per_period (const CnsAtmVbrSquareSource *src);

/**
 * CnsAtmVbrTraceSource:
 *
 * Trace-driven VBR: a list of frame sizes (cells per frame) played at a
 * frame rate. Frame g starts at start + floor (g * 10^12 / fps) ps; its n
 * cells are evenly spaced over the frame's duration D (cell j at frame
 * start + floor (j * D / n)). The trace loops when it ends. Opaque; create
 * with cns_atm_vbr_trace_source_new() or _new_from_file(), free with
 * cns_atm_vbr_trace_source_free().
 */
typedef struct _CnsAtmVbrTraceSource CnsAtmVbrTraceSource;

CnsAtmVbrTraceSource *
cns_atm_vbr_trace_source_new (const guint *sizes, guint n_frames, gdouble fps);
CnsAtmVbrTraceSource *cns_atm_vbr_trace_source_new_from_file (const gchar *path,
                                                              gdouble fps,
                                                              GError **error);
void cns_atm_vbr_trace_source_free (CnsAtmVbrTraceSource *src);
void cns_atm_vbr_trace_source_set_start (CnsAtmVbrTraceSource *src,
                                         CnsTime start);
guint cns_atm_vbr_trace_source_get_n_frames (const CnsAtmVbrTraceSource *src);
guint cns_atm_vbr_trace_source_get_frame_size (const CnsAtmVbrTraceSource *src,
                                               guint i);
guint64
cns_atm_vbr_trace_source_get_cells_per_loop (const CnsAtmVbrTraceSource *src);
CnsTime cns_atm_vbr_trace_source_next (const CnsAtmVbrTraceSource *src,
                                       CnsTime t);
guint64 cns_atm_vbr_trace_source_count (const CnsAtmVbrTraceSource *src,
                                        CnsTime from, CnsTime to);
CnsTime cns_atm_vbr_trace_source_cell_time (const CnsAtmVbrTraceSource *src,
                                            guint64 k);
gdouble cns_atm_vbr_trace_source_mean_rate (const CnsAtmVbrTraceSource *src);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsAtmVbrTraceSource,
                               cns_atm_vbr_trace_source_free)

#define CNS_ATM_MPEG_GOP_LENGTH  12
#define CNS_ATM_MPEG_DEFAULT_FPS 30.0

/**
 * CnsAtmMpegFrameType:
 * @CNS_ATM_MPEG_FRAME_I: intra-coded frame
 * @CNS_ATM_MPEG_FRAME_P: predicted frame
 * @CNS_ATM_MPEG_FRAME_B: bidirectional frame
 *
 * The frame types of a GOP.
 */
typedef enum
{
  CNS_ATM_MPEG_FRAME_I,
  CNS_ATM_MPEG_FRAME_P,
  CNS_ATM_MPEG_FRAME_B,
} CnsAtmMpegFrameType;

/**
 * CnsAtmMpegSource:
 *
 * Synthetic MPEG-like VBR, the documented substitute for the seed's Star
 * Wars trace: a GOP IBBPBBPBBPBB repeated at a frame rate (30 fps), frame
 * sizes in the ratio I : P : B = 300 : 120 : 70 scaled to a mean rate, cells
 * evenly spaced within each frame (timing as CnsAtmVbrTraceSource).
 *
 * Sizes: a GOP carries G = round (mean * 12 / fps) cells (1200 for 3000
 * cells/s at 30 fps); with s = G / 1220, P = round (120 s), B = round (70 s)
 * and I = G - 3 P - 8 B takes the rounding remainder (I = 294, P = 118,
 * B = 69 for G = 1200). If that I would be smaller than P (tiny means), P
 * and B are rounded down instead, so I >= 300 s. Every GOP thus carries
 * exactly G cells and the mean rate is exactly G * fps / 12, which equals
 * the requested mean whenever mean * 12 / fps is an integer (any multiple
 * of 2.5 cells/s at 30 fps). Fields are private.
 */
typedef struct
{
  /*< private >*/
  CnsTime start;
  guint64 fps_milli;
  guint sizes[CNS_ATM_MPEG_GOP_LENGTH];
  guint64 prefix[CNS_ATM_MPEG_GOP_LENGTH + 1];
} CnsAtmMpegSource;

void cns_atm_mpeg_source_init (CnsAtmMpegSource *src, CnsTime start,
                               gdouble mean_rate, gdouble fps);
CnsAtmMpegFrameType cns_atm_mpeg_frame_type (guint i);
guint cns_atm_mpeg_source_get_frame_size (const CnsAtmMpegSource *src, guint i);
guint64 cns_atm_mpeg_source_get_cells_per_gop (const CnsAtmMpegSource *src);
CnsTime cns_atm_mpeg_source_next (const CnsAtmMpegSource *src, CnsTime t);
guint64 cns_atm_mpeg_source_count (const CnsAtmMpegSource *src, CnsTime from,
                                   CnsTime to);
CnsTime cns_atm_mpeg_source_cell_time (const CnsAtmMpegSource *src, guint64 k);
gdouble cns_atm_mpeg_source_mean_rate (const CnsAtmMpegSource *src);

G_END_DECLS
