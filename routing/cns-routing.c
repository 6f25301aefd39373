/* cns — start-up of the routing module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/cns-routing-private.h"

/* Registers the backends built into the library. */
void
cns_routing_init (void)
{
  cns_spf_route_backend_register ();
}
