/* cns — global routing: routes from one shared all-pairs table.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-protocol.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_GLOBAL_ROUTING (cns_ipv4_global_routing_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4GlobalRouting, cns_ipv4_global_routing, CNS,
                      IPV4_GLOBAL_ROUTING, CnsIpv4RoutingProtocol)

CnsIpv4GlobalRouting *cns_ipv4_global_routing_new (void);

G_END_DECLS
