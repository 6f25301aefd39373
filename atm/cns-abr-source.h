/* cns — the ABR source rules of ATM Forum TM 4.0 (a pure rule engine).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

#include "core/cns-time.h"

G_BEGIN_DECLS

/**
 * CnsAbrRmFields:
 * @dir_backward: DIR bit: FALSE for a forward RM cell (FRM), TRUE for a
 *   backward one (BRM)
 * @bn: BN (BECN) bit: TRUE on a BRM the destination or a switch generated
 * @ci: Congestion Indication
 * @ni: No Increase
 * @er: Explicit Rate, cells/s
 * @ccr: Current Cell Rate, cells/s
 * @mcr: Minimum Cell Rate, cells/s
 *
 * The fields of an RM cell that the ABR rules read and write, as plain
 * values. The full RM cell type of cns-atm-rm-cell.h converts to and from it.
 */
typedef struct
{
  gboolean dir_backward;
  gboolean bn;
  gboolean ci;
  gboolean ni;
  gdouble er;
  gdouble ccr;
  gdouble mcr;
} CnsAbrRmFields;

/**
 * CnsAbrParams:
 * @pcr: Peak Cell Rate, cells/s
 * @mcr: Minimum Cell Rate, cells/s (default 0)
 * @icr: Initial Cell Rate, cells/s (default PCR)
 * @nrm: at most Nrm - 1 in-rate cells between two FRMs (default 32)
 * @mrm: the Trm rule needs at least Mrm cells since the last FRM (default 2)
 * @trm: upper bound on the time between FRMs (default 100 ms)
 * @rif: Rate Increase Factor (default 1/16)
 * @rdf: Rate Decrease Factor (default 1/16)
 * @adtf: ACR Decrease Time Factor (default 500 ms)
 * @tbe: Transient Buffer Exposure, cells (default 16777215)
 * @crm: missing RM-cell count; 0 means ceil (TBE / Nrm) (default 0)
 * @cdf: Cutoff Decrease Factor (default 1/16)
 * @multiplicative_increase: FALSE (default): a clean BRM adds RIF * PCR, as
 *   in TM 4.0 and Table 4.2 of the seed; TRUE: it adds RIF * ACR, as in the
 *   seed's Program 4.1
 *
 * ABR connection parameters (the seed's Table 4.1). Fill it with
 * cns_abr_params_init_defaults() and change what differs.
 */
typedef struct
{
  gdouble pcr;
  gdouble mcr;
  gdouble icr;
  guint nrm;
  guint mrm;
  CnsTime trm;
  gdouble rif;
  gdouble rdf;
  CnsTime adtf;
  guint32 tbe;
  guint32 crm;
  gdouble cdf;
  gboolean multiplicative_increase;
} CnsAbrParams;

#define CNS_ABR_DEFAULT_NRM  32
#define CNS_ABR_DEFAULT_MRM  2
#define CNS_ABR_DEFAULT_TRM  (100 * CNS_TIME_PS_PER_MS)
#define CNS_ABR_DEFAULT_RIF  (1.0 / 16.0)
#define CNS_ABR_DEFAULT_RDF  (1.0 / 16.0)
#define CNS_ABR_DEFAULT_ADTF (500 * CNS_TIME_PS_PER_MS)
#define CNS_ABR_DEFAULT_TBE  16777215u
#define CNS_ABR_DEFAULT_CDF  (1.0 / 16.0)

void cns_abr_params_init_defaults (CnsAbrParams *params, gdouble pcr);
guint32 cns_abr_params_get_crm (const CnsAbrParams *params);

/**
 * CnsAbrCellKind:
 * @CNS_ABR_CELL_NONE: send nothing at this opportunity
 * @CNS_ABR_CELL_FRM: send a forward RM cell (fill it with
 *   cns_abr_source_fill_frm())
 * @CNS_ABR_CELL_DATA: send a data cell
 */
typedef enum
{
  CNS_ABR_CELL_NONE,
  CNS_ABR_CELL_FRM,
  CNS_ABR_CELL_DATA,
} CnsAbrCellKind;

/**
 * CnsAbrSource:
 *
 * The state of one ABR source (one VC). A plain struct so that a device can
 * keep one per VC without allocating; the fields are private: use the
 * functions.
 */
typedef struct
{
  /*< private >*/
  CnsAbrParams params;
  guint32 crm;
  gdouble acr;
  gboolean started;       /* the first (FRM) cell has been sent */
  CnsTime last_frm;       /* when the last in-rate FRM was sent */
  guint cells_since_frm;  /* in-rate cells sent since the last FRM */
  guint32 frms_since_brm; /* FRMs sent since the last BRM with BN = 0 */
} CnsAbrSource;

void cns_abr_source_init (CnsAbrSource *src, const CnsAbrParams *params,
                          CnsTime now);
CnsAbrCellKind cns_abr_source_next_cell (CnsAbrSource *src, CnsTime now,
                                         gboolean have_data);
void cns_abr_source_fill_frm (const CnsAbrSource *src, CnsAbrRmFields *out);
void cns_abr_source_receive_brm (CnsAbrSource *src, const CnsAbrRmFields *brm,
                                 CnsTime now);

gdouble cns_abr_source_get_acr (const CnsAbrSource *src);
const CnsAbrParams *cns_abr_source_get_params (const CnsAbrSource *src);
guint32 cns_abr_source_get_frms_since_brm (const CnsAbrSource *src);

G_END_DECLS
