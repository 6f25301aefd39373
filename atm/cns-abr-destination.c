/* cns — the ABR destination rules of ATM Forum TM 4.0 (a pure rule engine).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A CnsAbrDestination holds the per-VC state of the seed's destination rules
 * (§4.5.2.2):
 *
 * 1. The EFCI bit of each data cell received becomes the VC's EFCI state
 *    (the last data cell wins: it is stored, not OR-ed).
 * 2. An FRM is turned around: DIR := backward, CI |= EFCI state, every other
 *    field kept. The EFCI state is then cleared, as TM 4.0 allows, so one
 *    marked data cell sets CI in one BRM only, not in every BRM until an
 *    unmarked data cell arrives.
 * 3. Internal congestion (setting CI/NI or lowering ER in the BRM) is left
 *    to the caller, which can edit the fields after the turn-around.
 * 4. An unsolicited BRM (BECN) with BN = 1 and CI = 1 may be generated;
 *    cns_abr_destination_make_becn() rate-limits them to one per
 *    becn_interval per VC (TM 4.0 allows at most 10 cells/s per connection,
 *    CNS_ABR_DEFAULT_BECN_INTERVAL).
 */
#include "atm/cns-abr-destination.h"

/**
 * cns_abr_destination_init:
 * @dst: (out caller-allocates): the destination to set up
 * @becn_interval: the least time between two BECN cells of this VC (>= 0;
 *   CNS_ABR_DEFAULT_BECN_INTERVAL is TM 4.0's 10 cells/s)
 *
 * Sets @dst up with a clear EFCI state and no BECN cell sent yet.
 */
void
cns_abr_destination_init (CnsAbrDestination *dst, CnsTime becn_interval)
{
  g_return_if_fail (dst != NULL);
  g_return_if_fail (becn_interval >= 0);

  dst->efci_state = FALSE;
  dst->becn_interval = becn_interval;
  dst->becn_sent = FALSE;
  dst->last_becn = 0;
}

/**
 * cns_abr_destination_receive_data:
 * @dst: the destination
 * @efci: the EFCI bit of the data cell received
 *
 * Rule 1: stores @efci as the VC's EFCI state.
 */
void
cns_abr_destination_receive_data (CnsAbrDestination *dst, gboolean efci)
{
  g_return_if_fail (dst != NULL);
  dst->efci_state = efci ? TRUE : FALSE;
}

/**
 * cns_abr_destination_get_efci_state:
 * @dst: the destination
 *
 * Returns: the VC's EFCI state.
 */
gboolean
cns_abr_destination_get_efci_state (const CnsAbrDestination *dst)
{
  g_return_val_if_fail (dst != NULL, FALSE);
  return dst->efci_state;
}

/**
 * cns_abr_destination_turn_around:
 * @dst: the destination
 * @rm: (inout): the fields of a forward RM cell (DIR must be forward);
 *   turned into the BRM in place
 *
 * Rule 2: DIR := backward, CI |= EFCI state; ER, CCR, MCR, BN and NI are
 * kept. Clears the EFCI state (see the overview).
 */
void
cns_abr_destination_turn_around (CnsAbrDestination *dst, CnsAbrRmFields *rm)
{
  g_return_if_fail (dst != NULL);
  g_return_if_fail (rm != NULL);
  g_return_if_fail (!rm->dir_backward);

  rm->dir_backward = TRUE;
  if (dst->efci_state)
    rm->ci = TRUE;
  dst->efci_state = FALSE;
}

/**
 * cns_abr_destination_make_becn:
 * @dst: the destination
 * @now: the current time
 * @er: the ER to put in the cell, cells/s (the PCR when the destination has
 *   no rate to ask for)
 * @out: (out caller-allocates): the fields of the BECN cell
 *
 * Rule 4: builds an unsolicited BRM: DIR backward, BN = 1, CI = 1, NI = 0,
 * ER = @er, CCR = MCR = 0. It refuses (and leaves @out alone) when the
 * previous BECN cell of this VC was made less than becn_interval ago.
 *
 * Returns: TRUE when @out holds a cell to send.
 */
gboolean
cns_abr_destination_make_becn (CnsAbrDestination *dst, CnsTime now, gdouble er,
                               CnsAbrRmFields *out)
{
  g_return_val_if_fail (dst != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (er >= 0, FALSE);

  if (dst->becn_sent && now - dst->last_becn < dst->becn_interval)
    return FALSE;

  dst->becn_sent = TRUE;
  dst->last_becn = now;
  out->dir_backward = TRUE;
  out->bn = TRUE;
  out->ci = TRUE;
  out->ni = FALSE;
  out->er = er;
  out->ccr = 0;
  out->mcr = 0;
  return TRUE;
}
