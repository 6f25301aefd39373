/* cns — the 53-byte ATM cell: UNI/NNI headers, HEC, PTI codes, and the
 * error domain of the ATM module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_ATM_CELL_SIZE    53
#define CNS_ATM_HEADER_SIZE  5
#define CNS_ATM_PAYLOAD_SIZE 48

/* Largest field values. */
#define CNS_ATM_GFC_MAX     0xf
#define CNS_ATM_UNI_VPI_MAX 0xff
#define CNS_ATM_NNI_VPI_MAX 0xfff
#define CNS_ATM_VCI_MAX     0xffff
#define CNS_ATM_PTI_MAX     0x7

/* The coset added to the CRC-8 remainder (ITU-T I.432.1): the HEC of an
 * all-zero header. */
#define CNS_ATM_HEC_COSET 0x55

/* PTI codes (3 bits). 0xy is user data: x = EFCI (congestion experienced),
 * y = AUU (ATM-user-to-ATM-user, the AAL5 end-of-frame bit). */
#define CNS_ATM_PTI_USER_BIT_EFCI  0x2
#define CNS_ATM_PTI_USER_BIT_AUU   0x1
#define CNS_ATM_PTI_OAM_SEGMENT    0x4
#define CNS_ATM_PTI_OAM_END_TO_END 0x5
#define CNS_ATM_PTI_RM             0x6
#define CNS_ATM_PTI_RESERVED       0x7

#define CNS_ATM_ERROR (cns_atm_error_quark ())

/**
 * CnsAtmError:
 * @CNS_ATM_ERROR_PARSE: bytes do not have the expected form
 * @CNS_ATM_ERROR_CRC: a CRC (HEC, CRC-10 of an RM/OAM cell) does not match
 * @CNS_ATM_ERROR_INVALID: the request is well formed but not allowed
 */
typedef enum
{
  CNS_ATM_ERROR_PARSE,
  CNS_ATM_ERROR_CRC,
  CNS_ATM_ERROR_INVALID,
} CnsAtmError;

GQuark cns_atm_error_quark (void);

/**
 * CnsAtmHeaderFormat:
 * @CNS_ATM_HEADER_UNI: user-network interface: GFC 4b, VPI 8b
 * @CNS_ATM_HEADER_NNI: network-node interface: VPI 12b, no GFC
 */
typedef enum
{
  CNS_ATM_HEADER_UNI,
  CNS_ATM_HEADER_NNI,
} CnsAtmHeaderFormat;

/**
 * CnsAtmCellHeader:
 * @gfc: generic flow control, 0..15 (UNI only; 0 in NNI)
 * @vpi: virtual path identifier, 0..255 (UNI) or 0..4095 (NNI)
 * @vci: virtual channel identifier
 * @pti: payload type identifier, 0..7
 * @clp: cell loss priority (TRUE: discard first)
 *
 * The fields of a cell header, without the HEC (computed on encoding,
 * checked on decoding).
 */
typedef struct
{
  guint8 gfc;
  guint16 vpi;
  guint16 vci;
  guint8 pti;
  gboolean clp;
} CnsAtmCellHeader;

/**
 * CnsAtmHecResult:
 * @CNS_ATM_HEC_VALID: the HEC matched
 * @CNS_ATM_HEC_CORRECTED: one bit was wrong and has been corrected
 * @CNS_ATM_HEC_INVALID: more than one bit is wrong: discard the cell
 */
typedef enum
{
  CNS_ATM_HEC_VALID,
  CNS_ATM_HEC_CORRECTED,
  CNS_ATM_HEC_INVALID,
} CnsAtmHecResult;

guint8 cns_atm_hec (const guint8 header[4]);
CnsAtmHecResult cns_atm_hec_correct (guint8 header[CNS_ATM_HEADER_SIZE]);

void cns_atm_cell_header_encode (const CnsAtmCellHeader *header,
                                 CnsAtmHeaderFormat format,
                                 guint8 out[CNS_ATM_HEADER_SIZE]);
gboolean cns_atm_cell_header_decode (const guint8 in[CNS_ATM_HEADER_SIZE],
                                     CnsAtmHeaderFormat format,
                                     CnsAtmCellHeader *out);

gboolean cns_atm_pti_is_user_data (guint8 pti);
gboolean cns_atm_pti_efci (guint8 pti);
gboolean cns_atm_pti_auu (guint8 pti);
guint8 cns_atm_pti_user (gboolean efci, gboolean auu);
gboolean cns_atm_pti_is_oam (guint8 pti);
gboolean cns_atm_pti_is_rm (guint8 pti);

G_END_DECLS
