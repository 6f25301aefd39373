/* cns — the 53-byte ATM cell header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A cell is a 5-byte header and a 48-byte payload. The header comes in two
 * forms (ITU-T I.361):
 *
 *   UNI: GFC 4b | VPI 8b  | VCI 16b | PTI 3b | CLP 1b | HEC 8b
 *   NNI:          VPI 12b | VCI 16b | PTI 3b | CLP 1b | HEC 8b
 *
 * The HEC (I.432.1) is the CRC-8 remainder of the first four bytes under
 * x^8 + x^2 + x + 1 (MSB first, register starting at zero), XORed with the
 * coset 0x55: an all-zero header has HEC 0x55, the idle cell header
 * 00 00 00 01 has 0x52. The code corrects any single-bit error in the 40
 * header bits, as a receiver in correction mode does.
 *
 * The PTI helpers read the 3-bit payload type: 0xy is user data (x = EFCI,
 * y = AUU, which AAL5 uses to mark the last cell of a frame), 100 and 101
 * are OAM F5 segment and end-to-end cells, 110 is a resource-management
 * cell, 111 is reserved.
 */
#include "atm/cns-atm-cell.h"

#include "atm/cns-atm-private.h"

#define HEC_POLY 0x07 /* x^8 + x^2 + x + 1 without the x^8 term */

/* Filled by the module's start-up, before any thread runs. */
static guint8 hec_table[256];

/* Written out rather than with G_DEFINE_QUARK, whose dashed argument
 * clang-format would split. */
GQuark
cns_atm_error_quark (void)
{
  return g_quark_from_static_string ("cns-atm-error-quark");
}

void
cns_atm_cell_init_tables (void)
{
  for (guint i = 0; i < 256; i++)
    {
      guint8 r = (guint8) i;
      for (guint b = 0; b < 8; b++)
        r = (r & 0x80) ? (guint8) ((r << 1) ^ HEC_POLY) : (guint8) (r << 1);
      hec_table[i] = r;
    }
}

static guint8
crc8 (const guint8 *bytes, gsize n)
{
  guint8 r = 0;

  for (gsize i = 0; i < n; i++)
    r = hec_table[r ^ bytes[i]];
  return r;
}

/**
 * cns_atm_hec:
 * @header: the first four bytes of a cell header
 *
 * Returns: the HEC byte of @header: CRC-8 (x^8 + x^2 + x + 1) XOR 0x55.
 */
guint8
cns_atm_hec (const guint8 header[4])
{
  g_return_val_if_fail (header != NULL, 0);
  return crc8 (header, 4) ^ CNS_ATM_HEC_COSET;
}

/**
 * cns_atm_hec_correct:
 * @header: a received 5-byte header, corrected in place
 *
 * Checks the HEC of @header and, when exactly one of its 40 bits is wrong
 * (in the first four bytes or in the HEC itself), flips it back.
 *
 * Returns: whether the header was valid, corrected, or must be discarded.
 */
CnsAtmHecResult
cns_atm_hec_correct (guint8 header[CNS_ATM_HEADER_SIZE])
{
  guint8 syndrome;

  g_return_val_if_fail (header != NULL, CNS_ATM_HEC_INVALID);

  syndrome = cns_atm_hec (header) ^ header[4];
  if (syndrome == 0)
    return CNS_ATM_HEC_VALID;

  /* The CRC is linear: a single error at bit b of the first four bytes
   * gives the syndrome crc8(e_b); one in the HEC byte gives e_b itself. */
  for (guint byte = 0; byte < 4; byte++)
    for (guint bit = 0; bit < 8; bit++)
      {
        guint8 e[4] = { 0, 0, 0, 0 };

        e[byte] = (guint8) (1u << bit);
        if (crc8 (e, 4) == syndrome)
          {
            header[byte] ^= e[byte];
            return CNS_ATM_HEC_CORRECTED;
          }
      }
  for (guint bit = 0; bit < 8; bit++)
    if (syndrome == (guint8) (1u << bit))
      {
        header[4] ^= syndrome;
        return CNS_ATM_HEC_CORRECTED;
      }
  return CNS_ATM_HEC_INVALID;
}

/**
 * cns_atm_cell_header_encode:
 * @header: the fields; each must fit its width in @format
 * @format: UNI or NNI
 * @out: (out caller-allocates): the five header bytes, HEC included
 */
void
cns_atm_cell_header_encode (const CnsAtmCellHeader *header,
                            CnsAtmHeaderFormat format,
                            guint8 out[CNS_ATM_HEADER_SIZE])
{
  guint32 word;

  g_return_if_fail (header != NULL);
  g_return_if_fail (out != NULL);
  g_return_if_fail (format == CNS_ATM_HEADER_UNI
                    || format == CNS_ATM_HEADER_NNI);
  g_return_if_fail (header->pti <= CNS_ATM_PTI_MAX);

  if (format == CNS_ATM_HEADER_UNI)
    {
      g_return_if_fail (header->gfc <= CNS_ATM_GFC_MAX);
      g_return_if_fail (header->vpi <= CNS_ATM_UNI_VPI_MAX);
      word = ((guint32) header->gfc << 28) | ((guint32) header->vpi << 20);
    }
  else
    {
      g_return_if_fail (header->vpi <= CNS_ATM_NNI_VPI_MAX);
      word = (guint32) header->vpi << 20;
    }
  word |= ((guint32) header->vci << 4) | ((guint32) header->pti << 1)
          | (header->clp ? 1u : 0u);

  out[0] = (guint8) (word >> 24);
  out[1] = (guint8) (word >> 16);
  out[2] = (guint8) (word >> 8);
  out[3] = (guint8) word;
  out[4] = cns_atm_hec (out);
}

/**
 * cns_atm_cell_header_decode:
 * @in: five header bytes
 * @format: UNI or NNI
 * @out: (out caller-allocates): the fields (gfc is 0 for NNI)
 *
 * Decodes @in after checking its HEC. No correction is attempted: call
 * cns_atm_hec_correct() first for that.
 *
 * Returns: FALSE, leaving @out untouched, when the HEC does not match.
 */
gboolean
cns_atm_cell_header_decode (const guint8 in[CNS_ATM_HEADER_SIZE],
                            CnsAtmHeaderFormat format, CnsAtmCellHeader *out)
{
  guint32 word;

  g_return_val_if_fail (in != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (
      format == CNS_ATM_HEADER_UNI || format == CNS_ATM_HEADER_NNI, FALSE);

  if (cns_atm_hec (in) != in[4])
    return FALSE;

  word = ((guint32) in[0] << 24) | ((guint32) in[1] << 16)
         | ((guint32) in[2] << 8) | in[3];
  if (format == CNS_ATM_HEADER_UNI)
    {
      out->gfc = (guint8) (word >> 28);
      out->vpi = (guint16) ((word >> 20) & CNS_ATM_UNI_VPI_MAX);
    }
  else
    {
      out->gfc = 0;
      out->vpi = (guint16) (word >> 20);
    }
  out->vci = (guint16) (word >> 4);
  out->pti = (guint8) ((word >> 1) & CNS_ATM_PTI_MAX);
  out->clp = (word & 1) != 0;
  return TRUE;
}

/**
 * cns_atm_pti_is_user_data:
 *
 * Returns: whether @pti is 0xy (a user cell).
 */
gboolean
cns_atm_pti_is_user_data (guint8 pti)
{
  return (pti & 0x4) == 0;
}

/**
 * cns_atm_pti_efci:
 *
 * Returns: whether @pti is a user cell with EFCI set.
 */
gboolean
cns_atm_pti_efci (guint8 pti)
{
  return cns_atm_pti_is_user_data (pti) && (pti & CNS_ATM_PTI_USER_BIT_EFCI);
}

/**
 * cns_atm_pti_auu:
 *
 * Returns: whether @pti is a user cell with AUU set.
 */
gboolean
cns_atm_pti_auu (guint8 pti)
{
  return cns_atm_pti_is_user_data (pti) && (pti & CNS_ATM_PTI_USER_BIT_AUU);
}

/**
 * cns_atm_pti_user:
 *
 * Returns: the user-data PTI with these two bits.
 */
guint8
cns_atm_pti_user (gboolean efci, gboolean auu)
{
  return (efci ? CNS_ATM_PTI_USER_BIT_EFCI : 0)
         | (auu ? CNS_ATM_PTI_USER_BIT_AUU : 0);
}

/**
 * cns_atm_pti_is_oam:
 *
 * Returns: whether @pti is an OAM F5 cell (100, 101).
 */
gboolean
cns_atm_pti_is_oam (guint8 pti)
{
  return pti == CNS_ATM_PTI_OAM_SEGMENT || pti == CNS_ATM_PTI_OAM_END_TO_END;
}

/**
 * cns_atm_pti_is_rm:
 *
 * Returns: whether @pti is 110, a resource-management
 * cell.
 */
gboolean
cns_atm_pti_is_rm (guint8 pti)
{
  return pti == CNS_ATM_PTI_RM;
}
