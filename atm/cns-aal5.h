/* cns — AAL5 segmentation and reassembly.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-atm-cell.h"

G_BEGIN_DECLS

#define CNS_AAL5_TRAILER_SIZE 8
#define CNS_AAL5_MAX_SDU      65535

/**
 * CnsAal5Trailer:
 * @uu: CPCS user-to-user byte
 * @cpi: common part indicator (0)
 * @length: SDU length; 0 in a received frame means abort
 * @crc: the CRC-32 field
 */
typedef struct
{
  guint8 uu;
  guint8 cpi;
  guint16 length;
  guint32 crc;
} CnsAal5Trailer;

guint cns_aal5_n_cells (gsize sdu_len);
guint32 cns_aal5_crc32 (const guint8 *data, gsize len);

/**
 * CnsAal5Segmenter:
 *
 * Cuts one SDU into cell payloads, one per call, without building the
 * CPCS-PDU. The fields are private; the caller owns the struct (on the
 * stack or inside a per-VC state) and keeps the SDU alive until the last
 * cell is out.
 */
typedef struct
{
  /*< private >*/
  const guint8 *sdu;
  gsize len;
  guint8 uu;
  guint8 cpi;
  guint n_cells;
  guint next;
  guint32 crc;
} CnsAal5Segmenter;

void cns_aal5_segmenter_init (CnsAal5Segmenter *seg, const guint8 *sdu,
                              gsize len, guint8 uu, guint8 cpi);
gboolean cns_aal5_segmenter_next (CnsAal5Segmenter *seg,
                                  guint8 payload[CNS_ATM_PAYLOAD_SIZE],
                                  gboolean *auu);
guint cns_aal5_segmenter_get_n_cells (const CnsAal5Segmenter *seg);

guint cns_aal5_segment (const guint8 *sdu, gsize len, guint8 uu, guint8 cpi,
                        GByteArray *out);

/**
 * CnsAal5RxResult:
 * @CNS_AAL5_RX_MORE: the cell was taken; the frame is not finished
 * @CNS_AAL5_RX_OK: a frame is complete and correct: the SDU is returned
 * @CNS_AAL5_RX_CRC_ERROR: the frame's CRC-32 is wrong: discarded
 * @CNS_AAL5_RX_LENGTH_ERROR: the Length field does not match the number of
 *   cells received (a lost or extra cell, frames merged by a lost last
 *   cell): discarded
 * @CNS_AAL5_RX_OVERSIZE: the frame grew past the largest allowed, or its
 *   Length exceeds the reassembler's max-SDU: discarded
 * @CNS_AAL5_RX_ABORT: Length 0: the sender aborted the frame
 *
 * What one cell did. Every result but MORE is returned for a cell with
 * AUU set and ends a frame.
 */
typedef enum
{
  CNS_AAL5_RX_MORE,
  CNS_AAL5_RX_OK,
  CNS_AAL5_RX_CRC_ERROR,
  CNS_AAL5_RX_LENGTH_ERROR,
  CNS_AAL5_RX_OVERSIZE,
  CNS_AAL5_RX_ABORT,
} CnsAal5RxResult;

/**
 * CnsAal5Reassembler:
 * @frames_ok: frames delivered
 * @discarded_crc: frames discarded for a CRC error
 * @discarded_length: frames discarded for a length mismatch
 * @discarded_oversize: frames discarded for being too long
 * @aborted: frames with Length 0
 * @cells: cells taken
 *
 * The reassembly state of one VC. Read the counters directly; change the
 * rest only through the functions.
 */
typedef struct
{
  guint64 frames_ok;
  guint64 discarded_crc;
  guint64 discarded_length;
  guint64 discarded_oversize;
  guint64 aborted;
  guint64 cells;

  /*< private >*/
  gsize max_sdu;
  gsize max_pdu;
  GByteArray *buffer;
  guint n_cells;
  gboolean overflowed;
  guint32 crc;
} CnsAal5Reassembler;

void cns_aal5_reassembler_init (CnsAal5Reassembler *reasm, gsize max_sdu);
void cns_aal5_reassembler_clear (CnsAal5Reassembler *reasm);
void cns_aal5_reassembler_reset (CnsAal5Reassembler *reasm);
CnsAal5RxResult
cns_aal5_reassembler_push (CnsAal5Reassembler *reasm,
                           const guint8 payload[CNS_ATM_PAYLOAD_SIZE],
                           gboolean auu, GBytes **sdu, CnsAal5Trailer *trailer);

G_END_DECLS
