/* cns — makers of routing protocols, for the internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-protocol.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_ROUTING_HELPER (cns_ipv4_routing_helper_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsIpv4RoutingHelper, cns_ipv4_routing_helper, CNS,
                          IPV4_ROUTING_HELPER, GObject)

/**
 * CnsIpv4RoutingHelperClass:
 * @create: a new routing protocol for @node (transfer full)
 *
 * ns-3's Ipv4RoutingHelper: the internet stack helper asks one for each
 * node's routing protocol. Later modules (global, nix-vector and
 * Floyd-Warshall routing) provide their own.
 */
struct _CnsIpv4RoutingHelperClass
{
  GObjectClass parent_class;

  CnsIpv4RoutingProtocol *(*create) (CnsIpv4RoutingHelper *self, CnsNode *node);

  /*< private >*/
  gpointer padding[4];
};

CnsIpv4RoutingProtocol *
cns_ipv4_routing_helper_create (CnsIpv4RoutingHelper *self, CnsNode *node);

G_END_DECLS
