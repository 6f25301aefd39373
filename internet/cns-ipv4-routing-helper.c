/* cns — makers of routing protocols, for the internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An abstract base: the stack helper knows only this, so routing modules
 * to its right in the dependency order can plug in their protocols.
 */
#include "internet/cns-ipv4-routing-helper.h"

G_DEFINE_ABSTRACT_TYPE (CnsIpv4RoutingHelper, cns_ipv4_routing_helper,
                        G_TYPE_OBJECT)

static void
cns_ipv4_routing_helper_class_init (CnsIpv4RoutingHelperClass *klass)
{
}

static void
cns_ipv4_routing_helper_init (CnsIpv4RoutingHelper *self)
{
}

/**
 * cns_ipv4_routing_helper_create:
 * @node: the node the protocol will serve
 *
 * Returns: (transfer full): a new routing protocol for @node.
 */
CnsIpv4RoutingProtocol *
cns_ipv4_routing_helper_create (CnsIpv4RoutingHelper *self, CnsNode *node)
{
  CnsIpv4RoutingHelperClass *klass;

  g_return_val_if_fail (CNS_IS_IPV4_ROUTING_HELPER (self), NULL);
  g_return_val_if_fail (CNS_IS_NODE (node), NULL);
  klass = CNS_IPV4_ROUTING_HELPER_GET_CLASS (self);
  g_return_val_if_fail (klass->create != NULL, NULL);
  return klass->create (self, node);
}
