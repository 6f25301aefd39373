/* cns — EPRCA explicit-rate feedback at a switch output port (a pure rule
 * engine).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

#include "atm/cns-abr-source.h"

G_BEGIN_DECLS

#define CNS_EPRCA_DEFAULT_LOW  200
#define CNS_EPRCA_DEFAULT_HIGH 300

/**
 * CnsEprcaErCap:
 * @CNS_EPRCA_ER_CAP_ALWAYS: ER <- min (ER, fair share) on every BRM (the
 *   seed's Program 4.2 read literally; ABR rates collapse toward 0)
 * @CNS_EPRCA_ER_CAP_ABOVE_LOW: only while the queue is above LOW (default;
 *   reproduces the seed's Tables 5.3/5.4)
 * @CNS_EPRCA_ER_CAP_ABOVE_HIGH: only while the queue is at or above HIGH
 *
 * When EPRCA lowers the ER field of a BRM to the port's fair share. The
 * nicks ("always", "above-low", "above-high") are the values of the future
 * "eprca-er-cap" property.
 */
typedef enum
{
  CNS_EPRCA_ER_CAP_ALWAYS,
  CNS_EPRCA_ER_CAP_ABOVE_LOW,
  CNS_EPRCA_ER_CAP_ABOVE_HIGH,
} CnsEprcaErCap;

#define CNS_EPRCA_DEFAULT_ER_CAP CNS_EPRCA_ER_CAP_ABOVE_LOW

GType cns_eprca_er_cap_get_type (void) G_GNUC_CONST;
#define CNS_TYPE_EPRCA_ER_CAP (cns_eprca_er_cap_get_type ())

/**
 * CnsEprcaPort:
 *
 * The EPRCA state of one switch output port. A plain struct; the fields are
 * private: use the functions.
 */
typedef struct
{
  /*< private >*/
  gdouble macr;
  guint low;
  guint high;
  CnsEprcaErCap er_cap;
} CnsEprcaPort;

void cns_eprca_init (CnsEprcaPort *port, gdouble initial_macr);
void cns_eprca_set_thresholds (CnsEprcaPort *port, guint low, guint high);
void cns_eprca_set_er_cap (CnsEprcaPort *port, CnsEprcaErCap er_cap);
CnsEprcaErCap cns_eprca_get_er_cap (const CnsEprcaPort *port);
guint cns_eprca_get_low (const CnsEprcaPort *port);
guint cns_eprca_get_high (const CnsEprcaPort *port);
gdouble cns_eprca_get_macr (const CnsEprcaPort *port);
gdouble cns_eprca_get_fair_share (const CnsEprcaPort *port);
void cns_eprca_on_brm (CnsEprcaPort *port, guint queue_cells,
                       CnsAbrRmFields *brm);

G_END_DECLS
