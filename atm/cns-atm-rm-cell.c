/* cns — the payload of an ABR resource-management (RM) cell.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An RM cell is a cell with PTI 110 whose 48-byte payload is laid out as in
 * the ATM Forum's TM 4.0 (offsets within the payload; the 5-byte cell
 * header is separate):
 *
 *   0       protocol ID (1 = ABR)
 *   1       DIR (bit 7) | BN (6) | CI (5) | NI (4) | RA (3) | 3 reserved 0s
 *   2..3    ER   \
 *   4..5    CCR   } 16-bit rates
 *   6..7    MCR  /
 *   8..11   QL (big-endian)
 *   12..15  SN (big-endian)
 *   16..45  reserved, written as 0x6A each (TM 4.0), ignored on decoding
 *   46..47  6 reserved 0 bits | CRC-10
 *
 * The CRC-10 is that of ITU-T I.610 OAM cells: generator
 * x^10 + x^9 + x^5 + x^4 + x + 1; the 10 bits are the remainder of the
 * 384-bit payload, with the CRC field zero, divided by the generator, so
 * that the whole received payload leaves remainder zero.
 *
 * Rates use the ATM 16-bit float: bit 15 reserved (0), bit 14 nz, bits
 * 13..9 exponent e, bits 8..0 mantissa m; R = 2^e * (1 + m/512) * nz
 * cells/s, from 1 to 2^31 * (1 + 511/512).
 */
#include "atm/cns-atm-rm-cell.h"

#include "network/cns-byte-reader.h"
#include "network/cns-byte-writer.h"

#include <math.h>
#include <string.h>

#define CRC10_POLY 0x233 /* x^10 + x^9 + x^5 + x^4 + x + 1 without x^10 */
#define CRC10_MASK 0x3ff

#define RATE_NZ      0x4000
#define RATE_E_SHIFT 9
#define RATE_M_MASK  0x1ff
#define RATE_E_MAX   31

#define FLAG_DIR 0x80
#define FLAG_BN  0x40
#define FLAG_CI  0x20
#define FLAG_NI  0x10
#define FLAG_RA  0x08

#define OFFSET_CRC 46

/**
 * cns_atm_rate_encode:
 * @rate: a rate in cells/s
 *
 * Rounds @rate to the nearest value of the 16-bit format (ties upward).
 * Rates below 0.5 (and NaN) give 0, rates from 0.5 to 1 give 1 cell/s,
 * rates above the largest value give CNS_ATM_RATE_CODE_MAX. Otherwise the
 * decoded rate is within a relative 2^-10 of @rate.
 *
 * Returns: the 16-bit code.
 */
guint16
cns_atm_rate_encode (gdouble rate)
{
  gint exp2;
  gdouble mant;
  guint e, m;

  if (!(rate >= 0.5)) /* also NaN */
    return 0;
  if (rate < 1.0)
    return RATE_NZ;
  if (rate >= CNS_ATM_RATE_MAX)
    return CNS_ATM_RATE_CODE_MAX;

  mant = frexp (rate, &exp2); /* rate = mant * 2^exp2, mant in [0.5, 1) */
  e = (guint) (exp2 - 1);
  m = (guint) floor ((mant * 2.0 - 1.0) * 512.0 + 0.5);
  if (m == 512)
    {
      m = 0;
      e++;
    }
  if (e > RATE_E_MAX)
    return CNS_ATM_RATE_CODE_MAX;
  return (guint16) (RATE_NZ | (e << RATE_E_SHIFT) | m);
}

/**
 * cns_atm_rate_decode:
 * @code: a 16-bit rate (bit 15 is ignored)
 *
 * Returns: the rate in cells/s: 2^e * (1 + m/512) if nz is set, else 0.
 */
gdouble
cns_atm_rate_decode (guint16 code)
{
  guint e = (code >> RATE_E_SHIFT) & RATE_E_MAX;
  guint m = code & RATE_M_MASK;

  if (!(code & RATE_NZ))
    return 0.0;
  return ldexp (1.0 + m / 512.0, (gint) e);
}

/**
 * cns_atm_crc10:
 * @payload: a 48-byte RM or OAM cell payload
 *
 * Returns: the remainder of the 384 bits of @payload, as they stand,
 * divided by x^10 + x^9 + x^5 + x^4 + x + 1. With the CRC field (the low
 * 10 bits of bytes 46..47) zero it is the CRC to write there; over a
 * payload whose CRC is right it is 0.
 */
guint16
cns_atm_crc10 (const guint8 payload[CNS_ATM_PAYLOAD_SIZE])
{
  guint reg = 0;

  g_return_val_if_fail (payload != NULL, 0);

  /* Long division, one bit at a time: 48 cells' worth per RM cell is not
   * worth a table. */
  for (guint i = 0; i < CNS_ATM_PAYLOAD_SIZE; i++)
    for (gint b = 7; b >= 0; b--)
      {
        guint top = (reg >> 9) & 1;

        reg = ((reg << 1) | ((payload[i] >> b) & 1)) & CRC10_MASK;
        if (top)
          reg ^= CRC10_POLY;
      }
  return (guint16) reg;
}

/**
 * cns_atm_rm_cell_encode:
 * @cell: the fields
 * @payload: (out caller-allocates): the 48-byte payload, CRC-10 included
 *
 * Rates are rounded by cns_atm_rate_encode().
 */
void
cns_atm_rm_cell_encode (const CnsAtmRmCell *cell,
                        guint8 payload[CNS_ATM_PAYLOAD_SIZE])
{
  CnsByteWriter w;
  guint16 crc;

  g_return_if_fail (cell != NULL);
  g_return_if_fail (payload != NULL);

  cns_byte_writer_init_fixed (&w, payload, CNS_ATM_PAYLOAD_SIZE);
  cns_byte_writer_put_u8 (&w, cell->protocol_id);
  cns_byte_writer_put_u8 (
      &w, (cell->dir ? FLAG_DIR : 0) | (cell->bn ? FLAG_BN : 0)
              | (cell->ci ? FLAG_CI : 0) | (cell->ni ? FLAG_NI : 0)
              | (cell->ra ? FLAG_RA : 0));
  cns_byte_writer_put_u16_be (&w, cns_atm_rate_encode (cell->er));
  cns_byte_writer_put_u16_be (&w, cns_atm_rate_encode (cell->ccr));
  cns_byte_writer_put_u16_be (&w, cns_atm_rate_encode (cell->mcr));
  cns_byte_writer_put_u32_be (&w, cell->ql);
  cns_byte_writer_put_u32_be (&w, cell->sn);
  memset (payload + 16, CNS_ATM_RM_RESERVED_BYTE, OFFSET_CRC - 16);
  /* the CRC covers the payload with its own field zero */
  payload[OFFSET_CRC] = 0;
  payload[OFFSET_CRC + 1] = 0;
  crc = cns_atm_crc10 (payload);
  cns_byte_writer_init_fixed (&w, payload + OFFSET_CRC, 2);
  cns_byte_writer_put_u16_be (&w, crc);
}

/**
 * cns_atm_rm_cell_decode:
 * @payload: a 48-byte RM cell payload
 * @out: (out caller-allocates): the fields
 * @error: CNS_ATM_ERROR_CRC when the CRC-10 does not match
 *
 * Reserved bits and bytes are ignored; the protocol ID is returned as it
 * is, not checked.
 *
 * Returns: FALSE, leaving @out untouched, on error.
 */
gboolean
cns_atm_rm_cell_decode (const guint8 payload[CNS_ATM_PAYLOAD_SIZE],
                        CnsAtmRmCell *out, GError **error)
{
  CnsByteReader r;
  guint16 crc, er, ccr, mcr, field;
  guint8 flags;

  g_return_val_if_fail (payload != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  crc = cns_atm_crc10 (payload);
  cns_byte_reader_init (&r, payload + OFFSET_CRC, 2, "RM cell");
  cns_byte_reader_get_u16_be (&r, &field, NULL, NULL);
  if (crc != 0)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_CRC,
                   "RM cell CRC-10 mismatch (field 0x%03x, syndrome 0x%03x)",
                   field & CRC10_MASK, crc);
      return FALSE;
    }

  /* 48 bytes: no read below can fail */
  cns_byte_reader_init (&r, payload, CNS_ATM_PAYLOAD_SIZE, "RM cell");
  cns_byte_reader_get_u8 (&r, &out->protocol_id, NULL, NULL);
  cns_byte_reader_get_u8 (&r, &flags, NULL, NULL);
  cns_byte_reader_get_u16_be (&r, &er, NULL, NULL);
  cns_byte_reader_get_u16_be (&r, &ccr, NULL, NULL);
  cns_byte_reader_get_u16_be (&r, &mcr, NULL, NULL);
  cns_byte_reader_get_u32_be (&r, &out->ql, NULL, NULL);
  cns_byte_reader_get_u32_be (&r, &out->sn, NULL, NULL);
  out->dir = (flags & FLAG_DIR) != 0;
  out->bn = (flags & FLAG_BN) != 0;
  out->ci = (flags & FLAG_CI) != 0;
  out->ni = (flags & FLAG_NI) != 0;
  out->ra = (flags & FLAG_RA) != 0;
  out->er = cns_atm_rate_decode (er);
  out->ccr = cns_atm_rate_decode (ccr);
  out->mcr = cns_atm_rate_decode (mcr);
  return TRUE;
}
