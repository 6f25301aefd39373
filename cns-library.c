/* cns — start-up of libcns.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The library's one constructor: it runs each module's start-up, in the
 * order the modules depend on one another, when libcns is loaded. Written
 * here rather than as a constructor per module, whose order would be the
 * link order; and run at load rather than on first use because every
 * entry point of every module may need the registered types (a type or
 * attribute named in a string, a scheduler by name, a config root), and
 * scenarios, as in ns-3, call no initialisation of their own. This file
 * belongs to no module: it is the one place that calls the modules'
 * start-up functions, declared in their -private.h headers.
 */
#include "applications/cns-applications-private.h"
#include "atm/cns-atm-private.h"
#include "core/cns-core-private.h"
#include "internet/cns-internet-private.h"
#include "network/cns-network-private.h"
#include "routing/cns-routing-private.h"
#include "stats/cns-stats-private.h"

static void cns_library_init (void) __attribute__ ((constructor));

static void
cns_library_init (void)
{
  cns_core_init ();
  cns_network_init ();
  cns_internet_init ();
  cns_applications_init ();
  cns_stats_init ();
  cns_routing_init ();
  cns_atm_init ();
}
