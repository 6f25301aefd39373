/* cns — start-up of the routing module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/cns-routing-private.h"

#include "routing/cns-global-route-manager.h"
#include "routing/cns-ipv4-global-routing.h"
#include "routing/cns-nix-vector-routing.h"

/* Registers the backends built into the library, and the types whose
 * attributes may be named (in cns_config_set_default() or on the command
 * line) before any of them exists. */
void
cns_routing_init (void)
{
  cns_spf_route_backend_register ();
  g_type_ensure (CNS_TYPE_GLOBAL_ROUTE_MANAGER);
  g_type_ensure (CNS_TYPE_IPV4_GLOBAL_ROUTING);
  g_type_ensure (CNS_TYPE_NIX_VECTOR_ROUTING);
}
