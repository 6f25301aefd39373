/* cns — the ABR source rules of ATM Forum TM 4.0 (a pure rule engine).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A CnsAbrSource holds the allowed cell rate (ACR) of one ABR VC and decides,
 * at each transmission opportunity the caller gives it, which cell goes next.
 * It schedules no events itself: the device paces opportunities at ACR
 * (next = max (now, last + 1/ACR)) and calls cns_abr_source_next_cell().
 *
 * The rules, numbered as in §4.5.2.1 of the seed (TM 4.0 numbers in [ ]):
 *
 * 1. MCR <= ACR <= PCR at all times.
 * 2. ACR starts at ICR; the first cell sent is an FRM.
 * 3. [3a] The next in-rate cell is an FRM iff, since the last FRM, either at
 *    least Mrm in-rate cells have been sent and at least Trm has elapsed, or
 *    Nrm - 1 in-rate cells have been sent. Every other in-rate cell is data
 *    (this engine has no in-rate BRMs of its own: a turned-around BRM is the
 *    destination's business, see cns-abr-destination.h).
 * 4. [5] Before sending, if more than ADTF has elapsed since the last FRM,
 *    ACR <- min (ACR, ICR) and the cell is an FRM. (The reduction applies
 *    to any FRM sent that late, the trailing FRM below included.)
 * 5. [6] Before sending an FRM, if at least CRM FRMs have been sent since the
 *    last BRM with BN = 0, ACR <- max (MCR, ACR - ACR * CDF). This is applied
 *    at every FRM while the condition holds.
 * 6. [8, 9] On a BRM: ACR <- max (MCR, min (ER, ACR', PCR)), where
 *    ACR' = ACR - ACR * RDF if CI; ACR if NI; else min (ACR + RIF * PCR, PCR)
 *    (ACR + RIF * ACR with multiplicative_increase). A BRM with BN = 0 also
 *    resets the count of rule 5; a BECN cell (BN = 1) adjusts ACR the same
 *    way but does not, as in TM 4.0.
 *
 * Idle sources. Without data the source sends nothing, with one exception
 * that follows rule 3 literally: an FRM that is due by the Trm rule (at least
 * Mrm cells sent since the last FRM and Trm elapsed) is sent even without
 * data, so a source that falls silent sends one trailing FRM and then stops
 * (its cell count is back to 0, under Mrm). The first FRM of rule 2 and the
 * FRM of rule 4 go out only with data: a silent source has nothing to probe
 * the network for, and rule 4 catches up when data comes back.
 */
#include "atm/cns-abr-source.h"

/**
 * cns_abr_params_init_defaults:
 * @params: (out caller-allocates): the parameters to fill
 * @pcr: the peak cell rate, cells/s (> 0)
 *
 * Fills @params with the defaults of TM 4.0 (the seed's Table 4.1): ICR =
 * PCR, MCR = 0, Nrm = 32, Mrm = 2, Trm = 100 ms, RIF = RDF = CDF = 1/16,
 * ADTF = 500 ms, TBE = 16777215, CRM = 0 (derived: ceil (TBE / Nrm)).
 */
void
cns_abr_params_init_defaults (CnsAbrParams *params, gdouble pcr)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (pcr > 0);

  params->pcr = pcr;
  params->mcr = 0;
  params->icr = pcr;
  params->nrm = CNS_ABR_DEFAULT_NRM;
  params->mrm = CNS_ABR_DEFAULT_MRM;
  params->trm = CNS_ABR_DEFAULT_TRM;
  params->rif = CNS_ABR_DEFAULT_RIF;
  params->rdf = CNS_ABR_DEFAULT_RDF;
  params->adtf = CNS_ABR_DEFAULT_ADTF;
  params->tbe = CNS_ABR_DEFAULT_TBE;
  params->crm = 0;
  params->cdf = CNS_ABR_DEFAULT_CDF;
  params->multiplicative_increase = FALSE;
}

/**
 * cns_abr_params_get_crm:
 * @params: the parameters
 *
 * Returns: CRM: @params->crm when it is not 0, else ceil (TBE / Nrm)
 *   (524288 with the defaults), at least 1.
 */
guint32
cns_abr_params_get_crm (const CnsAbrParams *params)
{
  guint32 crm;

  g_return_val_if_fail (params != NULL, 1);
  g_return_val_if_fail (params->nrm > 0, 1);

  if (params->crm != 0)
    return params->crm;
  crm = params->tbe / params->nrm + (params->tbe % params->nrm != 0);
  return MAX (crm, 1);
}

static gdouble
clamp_rate (const CnsAbrParams *p, gdouble rate)
{
  return MAX (p->mcr, MIN (rate, p->pcr));
}

/**
 * cns_abr_source_init:
 * @src: (out caller-allocates): the source to set up
 * @params: its parameters (copied); needs 0 <= MCR <= PCR, Nrm >= 2
 * @now: the current time
 *
 * Sets @src up at ACR = ICR (clamped to [MCR, PCR]); the first cell it sends
 * will be an FRM.
 */
void
cns_abr_source_init (CnsAbrSource *src, const CnsAbrParams *params, CnsTime now)
{
  g_return_if_fail (src != NULL);
  g_return_if_fail (params != NULL);
  g_return_if_fail (params->pcr > 0);
  g_return_if_fail (params->mcr >= 0 && params->mcr <= params->pcr);
  g_return_if_fail (params->nrm >= 2);

  src->params = *params;
  src->crm = cns_abr_params_get_crm (params);
  src->acr = clamp_rate (params, params->icr);
  src->started = FALSE;
  src->last_frm = now;
  src->cells_since_frm = 0;
  src->frms_since_brm = 0;
}

static CnsAbrCellKind
send_frm (CnsAbrSource *src, CnsTime now)
{
  const CnsAbrParams *p = &src->params;

  /* Rule 4 (ADTF), for every FRM: also the trailing FRM of an idle source. */
  if (src->started && now - src->last_frm > p->adtf)
    src->acr = MIN (src->acr, clamp_rate (p, p->icr));
  /* Rule 5: too many FRMs without an answer. */
  if (src->frms_since_brm >= src->crm)
    src->acr = MAX (p->mcr, src->acr - src->acr * p->cdf);
  if (src->frms_since_brm < G_MAXUINT32)
    src->frms_since_brm++;
  src->started = TRUE;
  src->last_frm = now;
  src->cells_since_frm = 0;
  return CNS_ABR_CELL_FRM;
}

/**
 * cns_abr_source_next_cell:
 * @src: the source
 * @now: the time of this transmission opportunity (not before the previous
 *   one)
 * @have_data: whether a data cell is waiting
 *
 * Decides which cell to send at this opportunity and records it as sent:
 * call it once per opportunity, paced at the ACR the caller reads with
 * cns_abr_source_get_acr(). When it returns %CNS_ABR_CELL_FRM, ACR already
 * includes the reductions of rules 4 and 5, and cns_abr_source_fill_frm()
 * gives the cell's fields. See the overview for what an idle source does.
 *
 * Returns: the kind of cell to send, or %CNS_ABR_CELL_NONE.
 */
CnsAbrCellKind
cns_abr_source_next_cell (CnsAbrSource *src, CnsTime now, gboolean have_data)
{
  const CnsAbrParams *p;
  CnsTime elapsed;

  g_return_val_if_fail (src != NULL, CNS_ABR_CELL_NONE);
  g_return_val_if_fail (!src->started || now >= src->last_frm,
                        CNS_ABR_CELL_NONE);

  p = &src->params;
  elapsed = now - src->last_frm;

  if (!src->started)
    return have_data ? send_frm (src, now) : CNS_ABR_CELL_NONE;

  /* Rule 4 (ADTF): the cell is an FRM (send_frm() lowers ACR); only with
   * data, see the overview. */
  if (have_data && elapsed > p->adtf)
    return send_frm (src, now);

  /* Rule 3. */
  if ((src->cells_since_frm >= p->mrm && elapsed >= p->trm)
      || src->cells_since_frm >= p->nrm - 1)
    {
      /* Without data only the Trm rule sends (the trailing FRM). */
      if (have_data || (src->cells_since_frm >= p->mrm && elapsed >= p->trm))
        return send_frm (src, now);
      return CNS_ABR_CELL_NONE;
    }

  if (!have_data)
    return CNS_ABR_CELL_NONE;
  src->cells_since_frm++;
  return CNS_ABR_CELL_DATA;
}

/**
 * cns_abr_source_fill_frm:
 * @src: the source
 * @out: (out caller-allocates): the fields of the new FRM
 *
 * Fills the fields of a new forward RM cell: DIR forward, BN = CI = NI = 0,
 * CCR = ACR, MCR = MCR, ER = PCR.
 */
void
cns_abr_source_fill_frm (const CnsAbrSource *src, CnsAbrRmFields *out)
{
  g_return_if_fail (src != NULL);
  g_return_if_fail (out != NULL);

  out->dir_backward = FALSE;
  out->bn = FALSE;
  out->ci = FALSE;
  out->ni = FALSE;
  out->er = src->params.pcr;
  out->ccr = src->acr;
  out->mcr = src->params.mcr;
}

/**
 * cns_abr_source_receive_brm:
 * @src: the source
 * @brm: the fields of a backward RM cell (DIR must be backward)
 * @now: the current time (unused by the TM 4.0 rules; kept for tracing)
 *
 * Applies rule 6 (Table 4.2): ACR <- max (MCR, min (ER, ACR', PCR)) with
 * ACR' = ACR - ACR * RDF if CI, ACR if NI, else ACR + RIF * PCR (or
 * RIF * ACR with multiplicative_increase) capped at PCR. A BRM with BN = 0
 * resets the FRM count of rule 5.
 */
void
cns_abr_source_receive_brm (CnsAbrSource *src, const CnsAbrRmFields *brm,
                            CnsTime now)
{
  const CnsAbrParams *p;
  gdouble acr;

  g_return_if_fail (src != NULL);
  g_return_if_fail (brm != NULL);
  g_return_if_fail (brm->dir_backward);

  (void) now;
  p = &src->params;
  acr = src->acr;
  if (brm->ci)
    acr -= acr * p->rdf;
  else if (!brm->ni)
    acr += p->rif * (p->multiplicative_increase ? acr : p->pcr);
  acr = MIN (acr, p->pcr);
  acr = MIN (acr, brm->er);
  src->acr = MAX (p->mcr, acr);

  if (!brm->bn)
    src->frms_since_brm = 0;
}

/**
 * cns_abr_source_get_acr:
 * @src: the source
 *
 * Returns: the allowed cell rate, cells/s.
 */
gdouble
cns_abr_source_get_acr (const CnsAbrSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->acr;
}

/**
 * cns_abr_source_get_params:
 * @src: the source
 *
 * Returns: (transfer none): the parameters @src was set up with.
 */
const CnsAbrParams *
cns_abr_source_get_params (const CnsAbrSource *src)
{
  g_return_val_if_fail (src != NULL, NULL);
  return &src->params;
}

/**
 * cns_abr_source_get_frms_since_brm:
 * @src: the source
 *
 * Returns: how many FRMs have been sent since the last BRM with BN = 0 (the
 *   count rule 5 compares with CRM).
 */
guint32
cns_abr_source_get_frms_since_brm (const CnsAbrSource *src)
{
  g_return_val_if_fail (src != NULL, 0);
  return src->frms_since_brm;
}
