/* cns — several IPv4 routing protocols asked in priority order.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-protocol.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_LIST_ROUTING (cns_ipv4_list_routing_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4ListRouting, cns_ipv4_list_routing, CNS,
                      IPV4_LIST_ROUTING, CnsIpv4RoutingProtocol)

CnsIpv4ListRouting *cns_ipv4_list_routing_new (void);
void
cns_ipv4_list_routing_add_routing_protocol (CnsIpv4ListRouting *self,
                                            CnsIpv4RoutingProtocol *protocol,
                                            gint16 priority);
guint32
cns_ipv4_list_routing_get_n_routing_protocols (CnsIpv4ListRouting *self);
CnsIpv4RoutingProtocol *
cns_ipv4_list_routing_get_routing_protocol (CnsIpv4ListRouting *self,
                                            guint32 index, gint16 *priority);

G_END_DECLS
