/* cns — AAL5 segmentation and reassembly (ITU-T I.363.5).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An SDU of 1..65535 bytes becomes a CPCS-PDU: the SDU, 0..47 zero pad
 * bytes, and an 8-byte trailer {CPCS-UU 1 B, CPI 1 B, Length 2 B, CRC-32
 * 4 B}, big-endian, so that the whole is a multiple of 48 bytes: it takes
 * ceil((L + 8) / 48) cells, 40 B -> 1, 1500 B -> 32, 9180 B -> 192. Only
 * the last cell has the AUU bit of its PTI set.
 *
 * The CRC-32 is the IEEE 802.3 generator 0x04C11DB7 taken MSB first
 * (not reflected, unlike Ethernet's and zlib's), the register starting at
 * all ones and complemented at the end, over the whole CPCS-PDU but the
 * CRC field itself. (That is the parameter set called CRC-32/BZIP2: the
 * CRC of "123456789" is 0xFC891918.)
 *
 * The reassembler gathers cell payloads per VC until a cell with AUU, then
 * checks, in this order: Length 0 (abort), a Length or a frame over the
 * max-SDU (oversize), the number of cells against the Length (length
 * error: a lost, duplicated or merged cell), and the CRC. Only a frame
 * that passes all is delivered; every other is dropped and counted.
 */
#include "atm/cns-aal5.h"

#include "atm/cns-atm-private.h"

#include <string.h>

#define TRAILER_OFFSET (CNS_ATM_PAYLOAD_SIZE - CNS_AAL5_TRAILER_SIZE)
#define CRC_OFFSET     (CNS_ATM_PAYLOAD_SIZE - 4)
#define CRC32_POLY     0x04c11db7u

/* Filled by the module's start-up, before any thread runs. */
static guint32 crc32_table[256];

void
cns_aal5_init_tables (void)
{
  for (guint i = 0; i < 256; i++)
    {
      guint32 r = (guint32) i << 24;
      for (guint b = 0; b < 8; b++)
        r = (r & 0x80000000u) ? (r << 1) ^ CRC32_POLY : r << 1;
      crc32_table[i] = r;
    }
}

/* Runs the register over @len bytes: no initial value, no complement. */
static guint32
crc32_update (guint32 crc, const guint8 *data, gsize len)
{
  for (gsize i = 0; i < len; i++)
    crc = (crc << 8) ^ crc32_table[(crc >> 24) ^ data[i]];
  return crc;
}

/**
 * cns_aal5_n_cells:
 * @sdu_len: SDU length in bytes
 *
 * Returns: the number of cells of the CPCS-PDU: ceil((@sdu_len + 8) / 48).
 */
guint
cns_aal5_n_cells (gsize sdu_len)
{
  return (guint) ((sdu_len + CNS_AAL5_TRAILER_SIZE + CNS_ATM_PAYLOAD_SIZE - 1)
                  / CNS_ATM_PAYLOAD_SIZE);
}

/**
 * cns_aal5_crc32:
 * @data: bytes
 * @len: their number
 *
 * Returns: the AAL5 CRC-32 of @data (initial all ones, MSB first, final
 * complement). Over a CPCS-PDU without its last four bytes it is the
 * value of the CRC field.
 */
guint32
cns_aal5_crc32 (const guint8 *data, gsize len)
{
  g_return_val_if_fail (data != NULL || len == 0, 0);
  return ~crc32_update (0xffffffffu, data, len);
}

/**
 * cns_aal5_segmenter_init:
 * @seg: (out caller-allocates): the segmenter
 * @sdu: the SDU, kept by reference until the last cell
 * @len: its length, 1..65535
 * @uu: CPCS-UU byte
 * @cpi: CPI byte (0)
 */
void
cns_aal5_segmenter_init (CnsAal5Segmenter *seg, const guint8 *sdu, gsize len,
                         guint8 uu, guint8 cpi)
{
  g_return_if_fail (seg != NULL);
  g_return_if_fail (sdu != NULL);
  g_return_if_fail (len >= 1 && len <= CNS_AAL5_MAX_SDU);

  seg->sdu = sdu;
  seg->len = len;
  seg->uu = uu;
  seg->cpi = cpi;
  seg->n_cells = cns_aal5_n_cells (len);
  seg->next = 0;
  seg->crc = 0xffffffffu;
}

/**
 * cns_aal5_segmenter_get_n_cells:
 *
 * Returns: the cells of the whole SDU.
 */
guint
cns_aal5_segmenter_get_n_cells (const CnsAal5Segmenter *seg)
{
  g_return_val_if_fail (seg != NULL, 0);
  return seg->n_cells;
}

/**
 * cns_aal5_segmenter_next:
 * @seg: a segmenter
 * @payload: (out caller-allocates): the next 48-byte cell payload
 * @auu: (out) (optional): set to TRUE for the last cell, FALSE otherwise
 *
 * Returns: FALSE, writing nothing, once every cell has been produced.
 */
gboolean
cns_aal5_segmenter_next (CnsAal5Segmenter *seg,
                         guint8 payload[CNS_ATM_PAYLOAD_SIZE], gboolean *auu)
{
  gsize offset, n_data = 0;
  gboolean last;

  g_return_val_if_fail (seg != NULL, FALSE);
  g_return_val_if_fail (payload != NULL, FALSE);

  if (seg->next >= seg->n_cells)
    return FALSE;

  offset = (gsize) seg->next * CNS_ATM_PAYLOAD_SIZE;
  if (offset < seg->len)
    n_data = MIN (seg->len - offset, (gsize) CNS_ATM_PAYLOAD_SIZE);
  memcpy (payload, seg->sdu + offset, n_data);
  memset (payload + n_data, 0, CNS_ATM_PAYLOAD_SIZE - n_data);

  seg->next++;
  last = seg->next == seg->n_cells;
  if (last)
    {
      guint32 crc;

      payload[TRAILER_OFFSET] = seg->uu;
      payload[TRAILER_OFFSET + 1] = seg->cpi;
      payload[TRAILER_OFFSET + 2] = (guint8) (seg->len >> 8);
      payload[TRAILER_OFFSET + 3] = (guint8) seg->len;
      crc = ~crc32_update (seg->crc, payload, CRC_OFFSET);
      payload[CRC_OFFSET] = (guint8) (crc >> 24);
      payload[CRC_OFFSET + 1] = (guint8) (crc >> 16);
      payload[CRC_OFFSET + 2] = (guint8) (crc >> 8);
      payload[CRC_OFFSET + 3] = (guint8) crc;
    }
  else
    seg->crc = crc32_update (seg->crc, payload, CNS_ATM_PAYLOAD_SIZE);

  if (auu != NULL)
    *auu = last;
  return TRUE;
}

/**
 * cns_aal5_segment:
 * @sdu: the SDU
 * @len: its length, 1..65535
 * @uu: CPCS-UU byte
 * @cpi: CPI byte (0)
 * @out: receives the cell payloads, 48 bytes each, appended
 *
 * Segments a whole SDU at once; the last 48 bytes appended are the last
 * cell (the one to send with AUU set).
 *
 * Returns: the number of cells appended, 0 on a bad argument.
 */
guint
cns_aal5_segment (const guint8 *sdu, gsize len, guint8 uu, guint8 cpi,
                  GByteArray *out)
{
  CnsAal5Segmenter seg;
  guint start;

  g_return_val_if_fail (sdu != NULL, 0);
  g_return_val_if_fail (len >= 1 && len <= CNS_AAL5_MAX_SDU, 0);
  g_return_val_if_fail (out != NULL, 0);

  cns_aal5_segmenter_init (&seg, sdu, len, uu, cpi);
  start = out->len;
  g_byte_array_set_size (out, start + seg.n_cells * CNS_ATM_PAYLOAD_SIZE);
  for (guint i = 0; i < seg.n_cells; i++)
    cns_aal5_segmenter_next (
        &seg, out->data + start + (gsize) i * CNS_ATM_PAYLOAD_SIZE, NULL);
  return seg.n_cells;
}

/**
 * cns_aal5_reassembler_init:
 * @reasm: (out caller-allocates): the state of one VC
 * @max_sdu: the largest SDU accepted, 1..65535 (0 means 65535)
 *
 * Frames longer than the CPCS-PDU of a @max_sdu SDU are discarded as they
 * grow, without buffering more. Free with cns_aal5_reassembler_clear().
 */
void
cns_aal5_reassembler_init (CnsAal5Reassembler *reasm, gsize max_sdu)
{
  g_return_if_fail (reasm != NULL);
  g_return_if_fail (max_sdu <= CNS_AAL5_MAX_SDU);

  memset (reasm, 0, sizeof *reasm);
  reasm->max_sdu = max_sdu == 0 ? CNS_AAL5_MAX_SDU : max_sdu;
  reasm->max_pdu
      = (gsize) cns_aal5_n_cells (reasm->max_sdu) * CNS_ATM_PAYLOAD_SIZE;
  reasm->buffer = g_byte_array_new ();
  reasm->crc = 0xffffffffu;
}

/**
 * cns_aal5_reassembler_clear:
 *
 * Frees what @reasm holds; it may be
 * initialized again.
 */
void
cns_aal5_reassembler_clear (CnsAal5Reassembler *reasm)
{
  g_return_if_fail (reasm != NULL);
  g_clear_pointer (&reasm->buffer, g_byte_array_unref);
}

/**
 * cns_aal5_reassembler_reset:
 * @reasm: a reassembler
 *
 * Drops a partial frame without counting it (a VC being torn down or
 * restarted); the counters stay.
 */
void
cns_aal5_reassembler_reset (CnsAal5Reassembler *reasm)
{
  g_return_if_fail (reasm != NULL && reasm->buffer != NULL);

  g_byte_array_set_size (reasm->buffer, 0);
  reasm->n_cells = 0;
  reasm->overflowed = FALSE;
  reasm->crc = 0xffffffffu;
}

/**
 * cns_aal5_reassembler_push:
 * @reasm: a reassembler
 * @payload: a cell payload of the VC
 * @auu: the AUU bit of the cell's PTI
 * @sdu: (out) (optional) (transfer full): the SDU, set only on
 *   CNS_AAL5_RX_OK (NULL otherwise)
 * @trailer: (out caller-allocates) (optional): the received trailer, set
 *   whenever a frame ends (any result but MORE)
 *
 * Returns: what the cell did; counted in @reasm's counters.
 */
CnsAal5RxResult
cns_aal5_reassembler_push (CnsAal5Reassembler *reasm,
                           const guint8 payload[CNS_ATM_PAYLOAD_SIZE],
                           gboolean auu, GBytes **sdu, CnsAal5Trailer *trailer)
{
  CnsAal5Trailer t;
  CnsAal5RxResult result;
  guint32 crc;

  g_return_val_if_fail (reasm != NULL && reasm->buffer != NULL,
                        CNS_AAL5_RX_MORE);
  g_return_val_if_fail (payload != NULL, CNS_AAL5_RX_MORE);

  if (sdu != NULL)
    *sdu = NULL;
  reasm->cells++;
  reasm->n_cells++;

  if (!reasm->overflowed
      && reasm->buffer->len + CNS_ATM_PAYLOAD_SIZE > reasm->max_pdu)
    {
      /* Stop buffering; keep counting cells until the frame ends. */
      reasm->overflowed = TRUE;
      g_byte_array_set_size (reasm->buffer, 0);
    }

  if (!auu)
    {
      if (!reasm->overflowed)
        {
          g_byte_array_append (reasm->buffer, payload, CNS_ATM_PAYLOAD_SIZE);
          reasm->crc = crc32_update (reasm->crc, payload, CNS_ATM_PAYLOAD_SIZE);
        }
      return CNS_AAL5_RX_MORE;
    }

  t.uu = payload[TRAILER_OFFSET];
  t.cpi = payload[TRAILER_OFFSET + 1];
  t.length = (guint16) ((payload[TRAILER_OFFSET + 2] << 8)
                        | payload[TRAILER_OFFSET + 3]);
  t.crc = ((guint32) payload[CRC_OFFSET] << 24)
          | ((guint32) payload[CRC_OFFSET + 1] << 16)
          | ((guint32) payload[CRC_OFFSET + 2] << 8) | payload[CRC_OFFSET + 3];
  if (trailer != NULL)
    *trailer = t;

  if (t.length == 0)
    {
      reasm->aborted++;
      result = CNS_AAL5_RX_ABORT;
    }
  else if (reasm->overflowed || t.length > reasm->max_sdu)
    {
      reasm->discarded_oversize++;
      result = CNS_AAL5_RX_OVERSIZE;
    }
  else if (cns_aal5_n_cells (t.length) != reasm->n_cells)
    {
      reasm->discarded_length++;
      result = CNS_AAL5_RX_LENGTH_ERROR;
    }
  else if ((crc = ~crc32_update (reasm->crc, payload, CRC_OFFSET)) != t.crc)
    {
      reasm->discarded_crc++;
      result = CNS_AAL5_RX_CRC_ERROR;
    }
  else
    {
      reasm->frames_ok++;
      result = CNS_AAL5_RX_OK;
      if (sdu != NULL)
        {
          g_byte_array_append (reasm->buffer, payload, TRAILER_OFFSET);
          *sdu = g_bytes_new (reasm->buffer->data, t.length);
        }
    }

  cns_aal5_reassembler_reset (reasm);
  return result;
}
