/* cns — static routing for the internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4StaticRoutingHelper: each node gets its own empty static
 * table (connected routes appear as addresses are added). Scenarios find
 * the table again with cns_ipv4_static_routing_find().
 */
#include "internet/cns-ipv4-static-routing-helper.h"

#include "internet/cns-ipv4-static-routing.h"

struct _CnsIpv4StaticRoutingHelper
{
  CnsIpv4RoutingHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsIpv4StaticRoutingHelper, cns_ipv4_static_routing_helper,
                     CNS_TYPE_IPV4_ROUTING_HELPER)

static CnsIpv4RoutingProtocol *
static_routing_helper_create (CnsIpv4RoutingHelper *helper, CnsNode *node)
{
  return CNS_IPV4_ROUTING_PROTOCOL (cns_ipv4_static_routing_new ());
}

static void
cns_ipv4_static_routing_helper_class_init (
    CnsIpv4StaticRoutingHelperClass *klass)
{
  CNS_IPV4_ROUTING_HELPER_CLASS (klass)->create = static_routing_helper_create;
}

static void
cns_ipv4_static_routing_helper_init (CnsIpv4StaticRoutingHelper *self)
{
}

/**
 * cns_ipv4_static_routing_helper_new:
 *
 * Returns: (transfer full): a
 * helper.
 */
CnsIpv4StaticRoutingHelper *
cns_ipv4_static_routing_helper_new (void)
{
  return g_object_new (CNS_TYPE_IPV4_STATIC_ROUTING_HELPER, NULL);
}
