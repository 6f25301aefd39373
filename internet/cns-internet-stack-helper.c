/* cns — installing IPv4, ICMP and UDP on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's InternetStackHelper: each node gets an IPv4 layer with a routing
 * protocol from the routing helper, ICMPv4 and UDP, all aggregated to the
 * node so that sockets and applications find them. The default routing is
 * a list routing holding static routing at priority 0, as in ns-3 (whose
 * default list also has global routing at -10; here global routing is a
 * routing helper of the routing module, added by the scenario).
 */
#include "internet/cns-internet-stack-helper.h"

#include "internet/cns-icmpv4-l4-protocol.h"
#include "internet/cns-internet-error.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "internet/cns-ipv4-list-routing-helper.h"
#include "internet/cns-ipv4-static-routing-helper.h"
#include "internet/cns-tcp-l4-protocol.h"
#include "internet/cns-udp-l4-protocol.h"

struct _CnsInternetStackHelper
{
  GObject parent_instance;

  CnsIpv4RoutingHelper *routing;
};

G_DEFINE_FINAL_TYPE (CnsInternetStackHelper, cns_internet_stack_helper,
                     G_TYPE_OBJECT)

static void
cns_internet_stack_helper_dispose (GObject *object)
{
  CnsInternetStackHelper *self = CNS_INTERNET_STACK_HELPER (object);

  g_clear_object (&self->routing);
  G_OBJECT_CLASS (cns_internet_stack_helper_parent_class)->dispose (object);
}

static void
cns_internet_stack_helper_class_init (CnsInternetStackHelperClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = cns_internet_stack_helper_dispose;
}

static void
cns_internet_stack_helper_init (CnsInternetStackHelper *self)
{
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();

  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  self->routing = CNS_IPV4_ROUTING_HELPER (g_steal_pointer (&list));
}

/**
 * cns_internet_stack_helper_new:
 *
 * Returns: (transfer full): a helper with
 * the default routing (list routing with static routing at priority 0).
 */
CnsInternetStackHelper *
cns_internet_stack_helper_new (void)
{
  return g_object_new (CNS_TYPE_INTERNET_STACK_HELPER, NULL);
}

/**
 * cns_internet_stack_helper_set_routing_helper:
 * @routing: makes each node's routing protocol; the helper takes a
 *   reference
 */
void
cns_internet_stack_helper_set_routing_helper (CnsInternetStackHelper *self,
                                              CnsIpv4RoutingHelper *routing)
{
  g_return_if_fail (CNS_IS_INTERNET_STACK_HELPER (self));
  g_return_if_fail (CNS_IS_IPV4_ROUTING_HELPER (routing));
  g_set_object (&self->routing, routing);
}

/**
 * cns_internet_stack_helper_install:
 * @error: %CNS_INTERNET_ERROR_INVALID naming the node when it already has
 *   an IPv4 layer
 *
 * Aggregates an IPv4 layer (with a routing protocol from the routing
 * helper), ICMPv4, UDP and TCP to @node.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_internet_stack_helper_install (CnsInternetStackHelper *self, CnsNode *node,
                                   GError **error)
{
  g_autoptr (CnsIpv4L3Protocol) ipv4 = NULL;
  g_autoptr (CnsIpv4RoutingProtocol) routing = NULL;
  g_autoptr (CnsIcmpv4L4Protocol) icmp = NULL;
  g_autoptr (CnsUdpL4Protocol) udp = NULL;
  g_autoptr (CnsTcpL4Protocol) tcp = NULL;

  g_return_val_if_fail (CNS_IS_INTERNET_STACK_HELPER (self), FALSE);
  g_return_val_if_fail (CNS_IS_NODE (node), FALSE);

  if (cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL) != NULL)
    {
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_INVALID,
                   "node %u already has an IPv4 stack; install it once",
                   cns_node_get_id (node));
      return FALSE;
    }
  ipv4 = cns_ipv4_l3_protocol_new ();
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (ipv4));
  routing = cns_ipv4_routing_helper_create (self->routing, node);
  cns_ipv4_l3_protocol_set_routing_protocol (ipv4, routing);
  icmp = cns_icmpv4_l4_protocol_new ();
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (icmp));
  cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, CNS_IPV4_L4_PROTOCOL (icmp));
  udp = cns_udp_l4_protocol_new ();
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (udp));
  tcp = cns_tcp_l4_protocol_new ();
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (tcp));
  return TRUE;
}

/**
 * cns_internet_stack_helper_install_container:
 *
 * Installs on each node of
 * @nodes; stops at the first error. Returns: %TRUE on success.
 */
gboolean
cns_internet_stack_helper_install_container (CnsInternetStackHelper *self,
                                             CnsNodeContainer *nodes,
                                             GError **error)
{
  g_return_val_if_fail (CNS_IS_INTERNET_STACK_HELPER (self), FALSE);
  g_return_val_if_fail (nodes != NULL, FALSE);
  for (guint32 i = 0; i < cns_node_container_get_n (nodes); i++)
    if (!cns_internet_stack_helper_install (
            self, cns_node_container_get (nodes, i), error))
      return FALSE;
  return TRUE;
}

/**
 * cns_internet_stack_helper_install_all:
 *
 * Installs on every node of the
 * simulation. Returns: %TRUE on success.
 */
gboolean
cns_internet_stack_helper_install_all (CnsInternetStackHelper *self,
                                       GError **error)
{
  g_autoptr (CnsNodeContainer) all = cns_node_container_new_global ();

  return cns_internet_stack_helper_install_container (self, all, error);
}
