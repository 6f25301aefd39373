/* cns — installing global routing, and computing its routes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4GlobalRoutingHelper: a routing helper that gives each node a
 * #CnsIpv4GlobalRouting (put it in a list routing after static routing,
 * as ns-3's default stack does), and the two calls that compute every
 * node's routes from the topology.
 */
#include "routing/cns-ipv4-global-routing-helper.h"

#include "routing/cns-global-route-manager.h"
#include "routing/cns-ipv4-global-routing.h"

struct _CnsIpv4GlobalRoutingHelper
{
  CnsIpv4RoutingHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsIpv4GlobalRoutingHelper, cns_ipv4_global_routing_helper,
                     CNS_TYPE_IPV4_ROUTING_HELPER)

static CnsIpv4RoutingProtocol *
global_routing_helper_create (CnsIpv4RoutingHelper *helper, CnsNode *node)
{
  return CNS_IPV4_ROUTING_PROTOCOL (cns_ipv4_global_routing_new ());
}

static void
cns_ipv4_global_routing_helper_class_init (
    CnsIpv4GlobalRoutingHelperClass *klass)
{
  CNS_IPV4_ROUTING_HELPER_CLASS (klass)->create = global_routing_helper_create;
}

static void
cns_ipv4_global_routing_helper_init (CnsIpv4GlobalRoutingHelper *self)
{
}

/**
 * cns_ipv4_global_routing_helper_new:
 *
 * Returns: (transfer full): a
 * helper.
 */
CnsIpv4GlobalRoutingHelper *
cns_ipv4_global_routing_helper_new (void)
{
  return g_object_new (CNS_TYPE_IPV4_GLOBAL_ROUTING_HELPER, NULL);
}

/**
 * cns_ipv4_global_routing_helper_populate_routing_tables:
 *
 * Computes the shortest paths between all nodes with IPv4, over the
 * point-to-point links that are up, by interface metric, with the
 * backend and memory budget of the #CnsGlobalRouteManager attributes.
 * Call it after addresses are assigned and before the simulation runs.
 *
 * Returns: %TRUE, or %FALSE with a #CnsRoutingError (the table would
 * exceed CnsGlobalRouteManager::MemoryBudget, or there is no such
 * backend).
 */
gboolean
cns_ipv4_global_routing_helper_populate_routing_tables (GError **error)
{
  return cns_global_route_manager_populate (
      cns_global_route_manager_get_default (), error);
}

/**
 * cns_ipv4_global_routing_helper_recompute_routing_tables:
 *
 * Computes every route again from the topology as it is now: after an
 * interface went down or up, or addresses changed.
 *
 * Returns: %TRUE, or %FALSE with a #CnsRoutingError, keeping the old
 * routes.
 */
gboolean
cns_ipv4_global_routing_helper_recompute_routing_tables (GError **error)
{
  return cns_global_route_manager_populate (
      cns_global_route_manager_get_default (), error);
}
