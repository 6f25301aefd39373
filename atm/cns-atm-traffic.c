/* cns — cell-timing generators for ATM traffic sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each generator is defined by two exact integer functions of its
 * parameters: count_before (d), the number of cells with time < start + d,
 * and cell_time (k), the time of cell k. next (t) is cell_time (count_before
 * (t)), and count (a, b) is count_before (b) - count_before (a). Both are
 * built from one constant-rate grid, where cell j lies at floor (j * P) ps
 * with P = 10^15 / r (r in milli-cells/s): then floor (j P) < d exactly when
 * j < d r / 10^15, so a grid has ceil (d r / 10^15) cells before d. The
 * products are taken in 128 bits and results that do not fit a CnsTime
 * saturate at CNS_TIME_MAX.
 */
#include "atm/cns-atm-traffic.h"

#include "atm/cns-atm-cell.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* Picoseconds per second, times 1000 (rates are in milli-units). */
#define PS_MILLI G_GUINT64_CONSTANT (1000000000000000)

/* Largest rate accepted, cells/s or frames/s: 10^9 keeps every cell of a
 * grid on its own picosecond. */
#define MAX_RATE 1e9

#if !defined(__SIZEOF_INT128__)
#error "cns-atm-traffic.c needs a compiler with unsigned __int128"
#endif

typedef unsigned __int128 u128;

static guint64
sat64 (u128 v)
{
  return v > G_MAXUINT64 ? G_MAXUINT64 : (guint64) v;
}

static guint64
muldiv_floor (guint64 a, guint64 b, guint64 c)
{
  return sat64 ((u128) a * b / c);
}

static guint64
muldiv_ceil (guint64 a, guint64 b, guint64 c)
{
  return sat64 (((u128) a * b + c - 1) / c);
}

/* start + offset, saturating at CNS_TIME_MAX. */
static CnsTime
time_add (CnsTime start, guint64 offset)
{
  if (offset >= (guint64) (CNS_TIME_MAX - start))
    return CNS_TIME_MAX;
  return start + (CnsTime) offset;
}

static guint64
to_milli (gdouble rate)
{
  return (guint64) llround (rate * 1000.0);
}

/* Cells of a grid at @rate_milli in [0, d). */
static guint64
grid_count (guint64 d, guint64 rate_milli)
{
  return muldiv_ceil (d, rate_milli, PS_MILLI);
}

/* Offset of cell @j of a grid at @rate_milli (> 0). */
static guint64
grid_time (guint64 j, guint64 rate_milli)
{
  return muldiv_floor (j, PS_MILLI, rate_milli);
}

static guint64
count_between (guint64 before_from, guint64 before_to)
{
  return before_to > before_from ? before_to - before_from : 0;
}

/* ---- CBR ---------------------------------------------------------------- */

/**
 * cns_atm_cbr_source_init:
 * @src: (out caller-allocates): the source
 * @start: the time of cell 0
 * @rate: cells/s, in (0, 10^9]
 *
 * A constant-rate source: cell k at @start + floor (k * 10^12 / @rate) ps.
 */
void
cns_atm_cbr_source_init (CnsAtmCbrSource *src, CnsTime start, gdouble rate)
{
  g_return_if_fail (src != NULL);
  g_return_if_fail (start >= 0);
  g_return_if_fail (rate >= 0.001 && rate <= MAX_RATE);

  src->start = start;
  src->rate_milli = to_milli (rate);
}

static guint64
cbr_count_before (const CnsAtmCbrSource *src, CnsTime t)
{
  if (t <= src->start)
    return 0;
  return grid_count ((guint64) (t - src->start), src->rate_milli);
}

/**
 * cns_atm_cbr_source_cell_time:
 * @src: the source
 * @k: the cell index
 *
 * Returns: the time of cell @k, or CNS_TIME_MAX if it lies beyond.
 */
CnsTime
cns_atm_cbr_source_cell_time (const CnsAtmCbrSource *src, guint64 k)
{
  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  return time_add (src->start, grid_time (k, src->rate_milli));
}

/**
 * cns_atm_cbr_source_next:
 * @src: the source
 * @t: a time
 *
 * Returns: the time of the first cell at or after @t.
 */
CnsTime
cns_atm_cbr_source_next (const CnsAtmCbrSource *src, CnsTime t)
{
  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  return cns_atm_cbr_source_cell_time (src, cbr_count_before (src, t));
}

/**
 * cns_atm_cbr_source_count:
 * @src: the source
 * @from: start of the interval (included)
 * @to: end of the interval (excluded)
 *
 * Returns: the number of cells with @from <= time < @to.
 */
guint64
cns_atm_cbr_source_count (const CnsAtmCbrSource *src, CnsTime from, CnsTime to)
{
  g_return_val_if_fail (src != NULL, 0);
  return count_between (cbr_count_before (src, from),
                        cbr_count_before (src, to));
}

/**
 * cns_atm_cbr_source_mean_rate:
 * @src: the source
 *
 * Returns: the rate, cells/s (as resolved to 0.001 cells/s).
 */
gdouble
cns_atm_cbr_source_mean_rate (const CnsAtmCbrSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->rate_milli / 1000.0;
}

/* ---- Square-wave VBR ---------------------------------------------------- */

/**
 * cns_atm_vbr_square_source_init:
 * @src: (out caller-allocates): the source
 * @start: the start of the first period (and of its high phase)
 * @max_rate: cells/s in the high phase, in [0, 10^9]
 * @min_rate: cells/s in the low phase, in [0, 10^9]
 * @period: the period, > 0
 * @duty_cycle: the fraction of the period at @max_rate, in [0, 1]
 *
 * A square-wave source; see #CnsAtmVbrSquareSource for the cell times.
 */
void
cns_atm_vbr_square_source_init (CnsAtmVbrSquareSource *src, CnsTime start,
                                gdouble max_rate, gdouble min_rate,
                                CnsTime period, gdouble duty_cycle)
{
  g_return_if_fail (src != NULL);
  g_return_if_fail (start >= 0);
  g_return_if_fail (max_rate >= 0 && max_rate <= MAX_RATE);
  g_return_if_fail (min_rate >= 0 && min_rate <= MAX_RATE);
  g_return_if_fail (period > 0);
  g_return_if_fail (duty_cycle >= 0 && duty_cycle <= 1);

  src->start = start;
  src->period = period;
  src->high = (CnsTime) llround (duty_cycle * (gdouble) period);
  src->high = CLAMP (src->high, 0, period);
  src->max_milli = to_milli (max_rate);
  src->min_milli = to_milli (min_rate);
  src->cells_high = grid_count ((guint64) src->high, src->max_milli);
  src->cells_low = grid_count ((guint64) (period - src->high), src->min_milli);
}

static guint64
square_count_before (const CnsAtmVbrSquareSource *src, CnsTime t)
{
  guint64 d, n, r, in_period;

  if (t <= src->start)
    return 0;
  d = (guint64) (t - src->start);
  n = d / (guint64) src->period;
  r = d % (guint64) src->period;
  if (r <= (guint64) src->high)
    in_period = grid_count (r, src->max_milli);
  else
    in_period = src->cells_high
                + grid_count (r - (guint64) src->high, src->min_milli);
  return sat64 ((u128) n * (src->cells_high + src->cells_low) + in_period);
}

/**
 * cns_atm_vbr_square_source_cell_time:
 * @src: the source
 * @k: the cell index
 *
 * Returns: the time of cell @k, or CNS_TIME_MAX if the source sends no
 *   cells or the cell lies beyond.
 */
CnsTime
cns_atm_vbr_square_source_cell_time (const CnsAtmVbrSquareSource *src,
                                     guint64 k)
{
  guint64 per, n, j, base;

  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);

  per = src->cells_high + src->cells_low;
  if (per == 0)
    return CNS_TIME_MAX;
  n = k / per;
  j = k % per;
  base = sat64 ((u128) n * (guint64) src->period);
  if (j < src->cells_high)
    return time_add (src->start,
                     sat64 ((u128) base + grid_time (j, src->max_milli)));
  return time_add (src->start,
                   sat64 ((u128) base + (guint64) src->high
                          + grid_time (j - src->cells_high, src->min_milli)));
}

/**
 * cns_atm_vbr_square_source_next:
 * @src: the source
 * @t: a time
 *
 * Returns: the time of the first cell at or after @t, or CNS_TIME_MAX.
 */
CnsTime
cns_atm_vbr_square_source_next (const CnsAtmVbrSquareSource *src, CnsTime t)
{
  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  return cns_atm_vbr_square_source_cell_time (src,
                                              square_count_before (src, t));
}

/**
 * cns_atm_vbr_square_source_count:
 * @src: the source
 * @from: start of the interval (included)
 * @to: end of the interval (excluded)
 *
 * Returns: the number of cells with @from <= time < @to.
 */
guint64
cns_atm_vbr_square_source_count (const CnsAtmVbrSquareSource *src, CnsTime from,
                                 CnsTime to)
{
  g_return_val_if_fail (src != NULL, 0);
  return count_between (square_count_before (src, from),
                        square_count_before (src, to));
}

/**
 * cns_atm_vbr_square_source_cells_per_period:
 * @src: the source
 *
 * Returns: the cells of one period: ceil (high * max) + ceil (low * min).
 */
guint64
cns_atm_vbr_square_source_cells_per_period (const CnsAtmVbrSquareSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->cells_high + src->cells_low;
}

/**
 * cns_atm_vbr_square_source_mean_rate:
 * @src: the source
 *
 * Returns: the long-run mean, cells/s: cells per period / period. Because
 *   each phase rounds its cell count up, this can exceed duty * max + (1 -
 *   duty) * min by up to two cells per period.
 */
gdouble
cns_atm_vbr_square_source_mean_rate (const CnsAtmVbrSquareSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return (gdouble) (src->cells_high + src->cells_low)
         / cns_time_to_seconds (src->period);
}

/* ---- Frame timing, shared by the trace and MPEG sources ----------------- */

typedef struct
{
  CnsTime start;
  guint64 fps_milli;
  guint n_frames;
  const guint *sizes;
  const guint64 *prefix; /* n_frames + 1 entries; prefix[n_frames] = total */
} Frames;

/* Offset of the start of (global) frame @g. */
static guint64
frame_start (const Frames *f, guint64 g)
{
  return grid_time (g, f->fps_milli);
}

static guint64
frames_count_before (const Frames *f, CnsTime t)
{
  guint64 d, g, loop, fs, dur, e, within;
  guint i, n;

  if (t <= f->start || f->prefix[f->n_frames] == 0)
    return 0;
  d = (guint64) (t - f->start);
  /* The last frame with frame_start (g) <= d, i.e. g < (d + 1) r / 10^15. */
  g = grid_count (d + 1, f->fps_milli) - 1;
  loop = g / f->n_frames;
  i = (guint) (g % f->n_frames);
  fs = frame_start (f, g);
  dur = frame_start (f, g + 1) - fs;
  e = d - fs;
  n = f->sizes[i];
  /* Cell j is at fs + floor (j dur / n): before d iff j < e n / dur. */
  within = n == 0 ? 0 : MIN (n, muldiv_ceil (e, n, dur));
  return sat64 ((u128) loop * f->prefix[f->n_frames] + f->prefix[i] + within);
}

static CnsTime
frames_cell_time (const Frames *f, guint64 k)
{
  guint64 total = f->prefix[f->n_frames];
  guint64 loop, r, g, fs, dur, j;
  guint lo, hi;

  if (total == 0)
    return CNS_TIME_MAX;
  loop = k / total;
  r = k % total;
  /* The frame i with prefix[i] <= r < prefix[i + 1]. */
  lo = 0;
  hi = f->n_frames;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (f->prefix[mid] <= r)
        lo = mid;
      else
        hi = mid;
    }
  j = r - f->prefix[lo];
  g = sat64 ((u128) loop * f->n_frames + lo);
  if (g == G_MAXUINT64)
    return CNS_TIME_MAX;
  fs = frame_start (f, g);
  dur = frame_start (f, g + 1) - fs;
  return time_add (f->start,
                   sat64 ((u128) fs + muldiv_floor (j, dur, f->sizes[lo])));
}

static gdouble
frames_mean_rate (const Frames *f)
{
  return (gdouble) f->prefix[f->n_frames] * (f->fps_milli / 1000.0)
         / f->n_frames;
}

/* ---- Trace-driven VBR --------------------------------------------------- */

struct _CnsAtmVbrTraceSource
{
  CnsTime start;
  guint64 fps_milli;
  guint n_frames;
  guint *sizes;
  guint64 *prefix;
};

static void
trace_frames (const CnsAtmVbrTraceSource *src, Frames *f)
{
  f->start = src->start;
  f->fps_milli = src->fps_milli;
  f->n_frames = src->n_frames;
  f->sizes = src->sizes;
  f->prefix = src->prefix;
}

/**
 * cns_atm_vbr_trace_source_new: (skip)
 * @sizes: (array length=n_frames): cells per frame
 * @n_frames: the number of frames, > 0
 * @fps: frames per second, in (0, 10^9]
 *
 * Creates a trace source that plays @sizes from time 0 (see
 * cns_atm_vbr_trace_source_set_start()), looping at the end.
 *
 * Returns: (transfer full): the source; free with
 *   cns_atm_vbr_trace_source_free()
 */
CnsAtmVbrTraceSource *
cns_atm_vbr_trace_source_new (const guint *sizes, guint n_frames, gdouble fps)
{
  CnsAtmVbrTraceSource *src;

  g_return_val_if_fail (sizes != NULL, NULL);
  g_return_val_if_fail (n_frames > 0, NULL);
  g_return_val_if_fail (fps >= 0.001 && fps <= MAX_RATE, NULL);

  src = g_new0 (CnsAtmVbrTraceSource, 1);
  src->fps_milli = to_milli (fps);
  src->n_frames = n_frames;
  src->sizes = g_memdup2 (sizes, n_frames * sizeof (guint));
  src->prefix = g_new (guint64, n_frames + 1);
  src->prefix[0] = 0;
  for (guint i = 0; i < n_frames; i++)
    src->prefix[i + 1] = src->prefix[i] + sizes[i];
  return src;
}

/**
 * cns_atm_vbr_trace_source_new_from_file: (skip)
 * @path: a text file with one frame size (cells, a decimal integer) per
 *   line; `#` starts a comment, blank lines are ignored
 * @fps: frames per second, in (0, 10^9]
 * @error: return location for a #GError
 *
 * Reads a trace. Errors: the #GFileError of reading @path, or
 * %CNS_ATM_ERROR_PARSE with "PATH:LINE: ..." for a line that is not a
 * frame size, or "PATH: ..." for a file without frames.
 *
 * Returns: (transfer full) (nullable): the source, or %NULL on error
 */
CnsAtmVbrTraceSource *
cns_atm_vbr_trace_source_new_from_file (const gchar *path, gdouble fps,
                                        GError **error)
{
  g_autofree gchar *contents = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GArray) sizes = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (fps >= 0.001 && fps <= MAX_RATE, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &contents, NULL, error))
    return NULL;

  sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gchar *line = lines[i];
      gchar *hash = strchr (line, '#');
      guint64 value;
      guint size;
      g_autoptr (GError) local = NULL;

      if (hash != NULL)
        *hash = '\0';
      g_strstrip (line);
      if (*line == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (line, 10, 0, G_MAXUINT32, &value,
                                       &local))
        {
          g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE,
                       "%s:%u: bad frame size '%s': %s", path, i + 1, line,
                       local->message);
          return NULL;
        }
      size = (guint) value;
      g_array_append_val (sizes, size);
    }
  if (sizes->len == 0)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE,
                   "%s: the trace has no frames", path);
      return NULL;
    }
  return cns_atm_vbr_trace_source_new ((const guint *) sizes->data, sizes->len,
                                       fps);
}

/**
 * cns_atm_vbr_trace_source_free:
 * @src: (nullable) (transfer full): a source
 *
 * Frees @src.
 */
void
cns_atm_vbr_trace_source_free (CnsAtmVbrTraceSource *src)
{
  if (src == NULL)
    return;
  g_free (src->sizes);
  g_free (src->prefix);
  g_free (src);
}

/**
 * cns_atm_vbr_trace_source_set_start:
 * @src: the source
 * @start: the start of frame 0, >= 0 (default 0)
 *
 * Sets when the trace starts playing.
 */
void
cns_atm_vbr_trace_source_set_start (CnsAtmVbrTraceSource *src, CnsTime start)
{
  g_return_if_fail (src != NULL);
  g_return_if_fail (start >= 0);
  src->start = start;
}

/**
 * cns_atm_vbr_trace_source_get_n_frames:
 * @src: the source
 *
 * Returns: the frames of one pass of the trace.
 */
guint
cns_atm_vbr_trace_source_get_n_frames (const CnsAtmVbrTraceSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->n_frames;
}

/**
 * cns_atm_vbr_trace_source_get_frame_size:
 * @src: the source
 * @i: a frame index, < n_frames
 *
 * Returns: the cells of frame @i.
 */
guint
cns_atm_vbr_trace_source_get_frame_size (const CnsAtmVbrTraceSource *src,
                                         guint i)
{
  g_return_val_if_fail (src != NULL, 0);
  g_return_val_if_fail (i < src->n_frames, 0);
  return src->sizes[i];
}

/**
 * cns_atm_vbr_trace_source_get_cells_per_loop:
 * @src: the source
 *
 * Returns: the cells of one pass of the trace.
 */
guint64
cns_atm_vbr_trace_source_get_cells_per_loop (const CnsAtmVbrTraceSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->prefix[src->n_frames];
}

/**
 * cns_atm_vbr_trace_source_cell_time:
 * @src: the source
 * @k: the cell index (counted across loops)
 *
 * Returns: the time of cell @k, or CNS_TIME_MAX.
 */
CnsTime
cns_atm_vbr_trace_source_cell_time (const CnsAtmVbrTraceSource *src, guint64 k)
{
  Frames f;

  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  trace_frames (src, &f);
  return frames_cell_time (&f, k);
}

/**
 * cns_atm_vbr_trace_source_next:
 * @src: the source
 * @t: a time
 *
 * Returns: the time of the first cell at or after @t, or CNS_TIME_MAX.
 */
CnsTime
cns_atm_vbr_trace_source_next (const CnsAtmVbrTraceSource *src, CnsTime t)
{
  Frames f;

  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  trace_frames (src, &f);
  return frames_cell_time (&f, frames_count_before (&f, t));
}

/**
 * cns_atm_vbr_trace_source_count:
 * @src: the source
 * @from: start of the interval (included)
 * @to: end of the interval (excluded)
 *
 * Returns: the number of cells with @from <= time < @to.
 */
guint64
cns_atm_vbr_trace_source_count (const CnsAtmVbrTraceSource *src, CnsTime from,
                                CnsTime to)
{
  Frames f;

  g_return_val_if_fail (src != NULL, 0);
  trace_frames (src, &f);
  return count_between (frames_count_before (&f, from),
                        frames_count_before (&f, to));
}

/**
 * cns_atm_vbr_trace_source_mean_rate:
 * @src: the source
 *
 * Returns: cells per loop * fps / frames per loop, cells/s.
 */
gdouble
cns_atm_vbr_trace_source_mean_rate (const CnsAtmVbrTraceSource *src)
{
  Frames f;

  g_return_val_if_fail (src != NULL, 0);
  trace_frames (src, &f);
  return frames_mean_rate (&f);
}

/* ---- Synthetic MPEG ----------------------------------------------------- */

#define MPEG_WEIGHT_I   300
#define MPEG_WEIGHT_P   120
#define MPEG_WEIGHT_B   70
#define MPEG_WEIGHT_GOP (MPEG_WEIGHT_I + 3 * MPEG_WEIGHT_P + 8 * MPEG_WEIGHT_B)

/**
 * cns_atm_mpeg_frame_type:
 * @i: a frame index
 *
 * Returns: the type of frame @i of the GOP IBBPBBPBBPBB (taken modulo 12).
 */
CnsAtmMpegFrameType
cns_atm_mpeg_frame_type (guint i)
{
  i %= CNS_ATM_MPEG_GOP_LENGTH;
  if (i == 0)
    return CNS_ATM_MPEG_FRAME_I;
  return i % 3 == 0 ? CNS_ATM_MPEG_FRAME_P : CNS_ATM_MPEG_FRAME_B;
}

/**
 * cns_atm_mpeg_source_init:
 * @src: (out caller-allocates): the source
 * @start: the start of the first I frame, >= 0
 * @mean_rate: the mean rate, cells/s, > 0
 * @fps: frames per second (%CNS_ATM_MPEG_DEFAULT_FPS), in (0, 10^9]
 *
 * A synthetic MPEG source; see #CnsAtmMpegSource for the frame sizes.
 */
void
cns_atm_mpeg_source_init (CnsAtmMpegSource *src, CnsTime start,
                          gdouble mean_rate, gdouble fps)
{
  gdouble gop_cells, s;
  guint64 g;
  gint64 p, b, i_size;

  g_return_if_fail (src != NULL);
  g_return_if_fail (start >= 0);
  g_return_if_fail (fps >= 0.001 && fps <= MAX_RATE);
  g_return_if_fail (mean_rate > 0
                    && mean_rate * CNS_ATM_MPEG_GOP_LENGTH / fps < G_MAXUINT);

  src->start = start;
  src->fps_milli = to_milli (fps);
  gop_cells = mean_rate * CNS_ATM_MPEG_GOP_LENGTH / fps;
  g = (guint64) llround (gop_cells);
  s = (gdouble) g / MPEG_WEIGHT_GOP;
  p = llround (MPEG_WEIGHT_P * s);
  b = llround (MPEG_WEIGHT_B * s);
  i_size = (gint64) g - 3 * p - 8 * b;
  if (i_size < p)
    {
      p = (gint64) floor (MPEG_WEIGHT_P * s);
      b = (gint64) floor (MPEG_WEIGHT_B * s);
      i_size = (gint64) g - 3 * p - 8 * b;
    }
  src->prefix[0] = 0;
  for (guint i = 0; i < CNS_ATM_MPEG_GOP_LENGTH; i++)
    {
      switch (cns_atm_mpeg_frame_type (i))
        {
        case CNS_ATM_MPEG_FRAME_I:
          src->sizes[i] = (guint) i_size;
          break;
        case CNS_ATM_MPEG_FRAME_P:
          src->sizes[i] = (guint) p;
          break;
        case CNS_ATM_MPEG_FRAME_B:
        default:
          src->sizes[i] = (guint) b;
          break;
        }
      src->prefix[i + 1] = src->prefix[i] + src->sizes[i];
    }
  g_assert (src->prefix[CNS_ATM_MPEG_GOP_LENGTH] == g);
}

static void
mpeg_frames (const CnsAtmMpegSource *src, Frames *f)
{
  f->start = src->start;
  f->fps_milli = src->fps_milli;
  f->n_frames = CNS_ATM_MPEG_GOP_LENGTH;
  f->sizes = src->sizes;
  f->prefix = src->prefix;
}

/**
 * cns_atm_mpeg_source_get_frame_size:
 * @src: the source
 * @i: a frame index (taken modulo 12)
 *
 * Returns: the cells of frame @i of the GOP.
 */
guint
cns_atm_mpeg_source_get_frame_size (const CnsAtmMpegSource *src, guint i)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->sizes[i % CNS_ATM_MPEG_GOP_LENGTH];
}

/**
 * cns_atm_mpeg_source_get_cells_per_gop:
 * @src: the source
 *
 * Returns: the cells of one GOP, round (mean * 12 / fps).
 */
guint64
cns_atm_mpeg_source_get_cells_per_gop (const CnsAtmMpegSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->prefix[CNS_ATM_MPEG_GOP_LENGTH];
}

/**
 * cns_atm_mpeg_source_cell_time:
 * @src: the source
 * @k: the cell index
 *
 * Returns: the time of cell @k, or CNS_TIME_MAX.
 */
CnsTime
cns_atm_mpeg_source_cell_time (const CnsAtmMpegSource *src, guint64 k)
{
  Frames f;

  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  mpeg_frames (src, &f);
  return frames_cell_time (&f, k);
}

/**
 * cns_atm_mpeg_source_next:
 * @src: the source
 * @t: a time
 *
 * Returns: the time of the first cell at or after @t, or CNS_TIME_MAX.
 */
CnsTime
cns_atm_mpeg_source_next (const CnsAtmMpegSource *src, CnsTime t)
{
  Frames f;

  g_return_val_if_fail (src != NULL, CNS_TIME_MAX);
  mpeg_frames (src, &f);
  return frames_cell_time (&f, frames_count_before (&f, t));
}

/**
 * cns_atm_mpeg_source_count:
 * @src: the source
 * @from: start of the interval (included)
 * @to: end of the interval (excluded)
 *
 * Returns: the number of cells with @from <= time < @to.
 */
guint64
cns_atm_mpeg_source_count (const CnsAtmMpegSource *src, CnsTime from,
                           CnsTime to)
{
  Frames f;

  g_return_val_if_fail (src != NULL, 0);
  mpeg_frames (src, &f);
  return count_between (frames_count_before (&f, from),
                        frames_count_before (&f, to));
}

/**
 * cns_atm_mpeg_source_mean_rate:
 * @src: the source
 *
 * Returns: cells per GOP * fps / 12, cells/s.
 */
gdouble
cns_atm_mpeg_source_mean_rate (const CnsAtmMpegSource *src)
{
  Frames f;

  g_return_val_if_fail (src != NULL, 0);
  mpeg_frames (src, &f);
  return frames_mean_rate (&f);
}
