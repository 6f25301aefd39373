/* cns — EPRCA explicit-rate feedback at a switch output port (a pure rule
 * engine).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The seed's Program 4.2, run per output port on each backward RM cell; q is
 * the ABR queue length, in cells, of the port that carries the VC forward:
 *
 *   MACR      <- 15/16 MACR + 1/16 CCR      (CCR of the BRM)
 *   fair share = 7/8 MACR
 *   q >= HIGH:       CI = 1
 *   LOW < q < HIGH:  NI = 1
 *   ER        <- min (ER, fair share)       when the ER-cap mode says so
 *
 * Two decisions differ from a literal reading (see the seeds digest):
 * - the program assigns CI and NI, so a downstream switch could clear an
 *   upstream switch's congestion bits; TM 4.0 switches may only set them, so
 *   here they are OR-ed into the cell and never cleared;
 * - capping ER on every BRM makes ACR <= 7/8 MACR after each BRM, so MACR
 *   shrinks by about 1/128 per BRM and ABR rates collapse toward 0. The cap
 *   is applied only while q > LOW by default (CnsEprcaErCap).
 * The initial MACR is unspecified in the seed; callers pass the ICR.
 */
#include "atm/cns-eprca.h"

GType
cns_eprca_er_cap_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { CNS_EPRCA_ER_CAP_ALWAYS, "CNS_EPRCA_ER_CAP_ALWAYS", "always" },
    { CNS_EPRCA_ER_CAP_ABOVE_LOW, "CNS_EPRCA_ER_CAP_ABOVE_LOW", "above-low" },
    { CNS_EPRCA_ER_CAP_ABOVE_HIGH, "CNS_EPRCA_ER_CAP_ABOVE_HIGH",
      "above-high" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    {
      GType id = g_enum_register_static (
          g_intern_static_string ("CnsEprcaErCap"), values);
      g_once_init_leave (&type_id, id);
    }
  return type_id;
}

/**
 * cns_eprca_init:
 * @port: (out caller-allocates): the port state to set up
 * @initial_macr: the initial MACR, cells/s (>= 0; the seed leaves it open,
 *   use the ICR of the VCs)
 *
 * Sets @port up with LOW = 200, HIGH = 300 cells and the default ER-cap
 * mode, %CNS_EPRCA_ER_CAP_ABOVE_LOW.
 */
void
cns_eprca_init (CnsEprcaPort *port, gdouble initial_macr)
{
  g_return_if_fail (port != NULL);
  g_return_if_fail (initial_macr >= 0);

  port->macr = initial_macr;
  port->low = CNS_EPRCA_DEFAULT_LOW;
  port->high = CNS_EPRCA_DEFAULT_HIGH;
  port->er_cap = CNS_EPRCA_DEFAULT_ER_CAP;
}

/**
 * cns_eprca_set_thresholds:
 * @port: the port state
 * @low: the LOW queue threshold, cells
 * @high: the HIGH queue threshold, cells (> @low)
 */
void
cns_eprca_set_thresholds (CnsEprcaPort *port, guint low, guint high)
{
  g_return_if_fail (port != NULL);
  g_return_if_fail (low < high);

  port->low = low;
  port->high = high;
}

/**
 * cns_eprca_set_er_cap:
 * @port: the port state
 * @er_cap: when to lower ER to the fair share
 */
void
cns_eprca_set_er_cap (CnsEprcaPort *port, CnsEprcaErCap er_cap)
{
  g_return_if_fail (port != NULL);
  g_return_if_fail (er_cap <= CNS_EPRCA_ER_CAP_ABOVE_HIGH);

  port->er_cap = er_cap;
}

/**
 * cns_eprca_get_er_cap:
 * @port: the port state
 *
 * Returns: when the port lowers ER to the fair share.
 */
CnsEprcaErCap
cns_eprca_get_er_cap (const CnsEprcaPort *port)
{
  g_return_val_if_fail (port != NULL, CNS_EPRCA_DEFAULT_ER_CAP);
  return port->er_cap;
}

/**
 * cns_eprca_get_low:
 * @port: the port state
 *
 * Returns: the LOW threshold, cells.
 */
guint
cns_eprca_get_low (const CnsEprcaPort *port)
{
  g_return_val_if_fail (port != NULL, 0);
  return port->low;
}

/**
 * cns_eprca_get_high:
 * @port: the port state
 *
 * Returns: the HIGH threshold, cells.
 */
guint
cns_eprca_get_high (const CnsEprcaPort *port)
{
  g_return_val_if_fail (port != NULL, 0);
  return port->high;
}

/**
 * cns_eprca_get_macr:
 * @port: the port state
 *
 * Returns: the mean allowed cell rate, cells/s.
 */
gdouble
cns_eprca_get_macr (const CnsEprcaPort *port)
{
  g_return_val_if_fail (port != NULL, 0);
  return port->macr;
}

/**
 * cns_eprca_get_fair_share:
 * @port: the port state
 *
 * Returns: the fair share, 7/8 MACR, cells/s.
 */
gdouble
cns_eprca_get_fair_share (const CnsEprcaPort *port)
{
  g_return_val_if_fail (port != NULL, 0);
  return port->macr * 7.0 / 8.0;
}

/**
 * cns_eprca_on_brm:
 * @port: the port state
 * @queue_cells: the ABR queue length of the port, cells
 * @brm: (inout): the fields of the backward RM cell passing through
 *
 * Runs EPRCA on one BRM (see the overview): updates MACR from the cell's
 * CCR, sets CI (queue >= HIGH) or NI (LOW < queue < HIGH) without clearing
 * either, and lowers ER to the fair share when the ER-cap mode says so.
 */
void
cns_eprca_on_brm (CnsEprcaPort *port, guint queue_cells, CnsAbrRmFields *brm)
{
  gboolean cap;
  gdouble fair_share;

  g_return_if_fail (port != NULL);
  g_return_if_fail (brm != NULL);
  g_return_if_fail (brm->dir_backward);

  port->macr = port->macr * 15.0 / 16.0 + brm->ccr / 16.0;
  fair_share = cns_eprca_get_fair_share (port);

  if (queue_cells >= port->high)
    brm->ci = TRUE;
  else if (queue_cells > port->low)
    brm->ni = TRUE;

  switch (port->er_cap)
    {
    case CNS_EPRCA_ER_CAP_ALWAYS:
      cap = TRUE;
      break;
    case CNS_EPRCA_ER_CAP_ABOVE_LOW:
      cap = queue_cells > port->low;
      break;
    case CNS_EPRCA_ER_CAP_ABOVE_HIGH:
    default:
      cap = queue_cells >= port->high;
      break;
    }
  if (cap)
    brm->er = MIN (brm->er, fair_share);
}
