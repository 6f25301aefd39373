/* cns — static IPv4 routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l3-protocol.h"
#include "internet/cns-ipv4-routing-protocol.h"
#include "internet/cns-ipv4-routing-table-entry.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_STATIC_ROUTING (cns_ipv4_static_routing_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4StaticRouting, cns_ipv4_static_routing, CNS,
                      IPV4_STATIC_ROUTING, CnsIpv4RoutingProtocol)

CnsIpv4StaticRouting *cns_ipv4_static_routing_new (void);

void cns_ipv4_static_routing_add_host_route (CnsIpv4StaticRouting *self,
                                             CnsIpv4Address destination,
                                             CnsIpv4Address next_hop,
                                             guint32 interface, guint32 metric);
void cns_ipv4_static_routing_add_host_route_to_interface (
    CnsIpv4StaticRouting *self, CnsIpv4Address destination, guint32 interface,
    guint32 metric);
void cns_ipv4_static_routing_add_network_route (
    CnsIpv4StaticRouting *self, CnsIpv4Address network, CnsIpv4Mask mask,
    CnsIpv4Address next_hop, guint32 interface, guint32 metric);
void cns_ipv4_static_routing_add_network_route_to_interface (
    CnsIpv4StaticRouting *self, CnsIpv4Address network, CnsIpv4Mask mask,
    guint32 interface, guint32 metric);
void cns_ipv4_static_routing_set_default_route (CnsIpv4StaticRouting *self,
                                                CnsIpv4Address next_hop,
                                                guint32 interface,
                                                guint32 metric);

guint32 cns_ipv4_static_routing_get_n_routes (CnsIpv4StaticRouting *self);
gboolean cns_ipv4_static_routing_get_route (CnsIpv4StaticRouting *self,
                                            guint32 index,
                                            CnsIpv4RoutingTableEntry *route);
gboolean cns_ipv4_static_routing_remove_route (CnsIpv4StaticRouting *self,
                                               guint32 index);
gboolean cns_ipv4_static_routing_lookup (CnsIpv4StaticRouting *self,
                                         CnsIpv4Address destination,
                                         CnsIpv4RoutingTableEntry *route);

CnsIpv4StaticRouting *cns_ipv4_static_routing_find (CnsIpv4L3Protocol *ipv4);

G_END_DECLS
