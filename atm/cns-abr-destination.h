/* cns — the ABR destination rules of ATM Forum TM 4.0 (a pure rule engine).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

#include "atm/cns-abr-source.h"
#include "core/cns-time.h"

G_BEGIN_DECLS

/* TM 4.0 limits unsolicited BRMs to 10 cells/s per connection. */
#define CNS_ABR_DEFAULT_BECN_INTERVAL (100 * CNS_TIME_PS_PER_MS)

/**
 * CnsAbrDestination:
 *
 * The state of one ABR destination (one VC). A plain struct; the fields are
 * private: use the functions.
 */
typedef struct
{
  /*< private >*/
  gboolean efci_state;
  CnsTime becn_interval;
  gboolean becn_sent;
  CnsTime last_becn;
} CnsAbrDestination;

void cns_abr_destination_init (CnsAbrDestination *dst, CnsTime becn_interval);
void cns_abr_destination_receive_data (CnsAbrDestination *dst, gboolean efci);
gboolean cns_abr_destination_get_efci_state (const CnsAbrDestination *dst);
void cns_abr_destination_turn_around (CnsAbrDestination *dst,
                                      CnsAbrRmFields *rm);
gboolean cns_abr_destination_make_becn (CnsAbrDestination *dst, CnsTime now,
                                        gdouble er, CnsAbrRmFields *out);

G_END_DECLS
