/* cns — nix-vector routing: on-demand source routes carried in packets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-protocol.h"
#include "network/cns-nix-vector.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

#define CNS_TYPE_NIX_VECTOR_ROUTING (cns_nix_vector_routing_get_type ())
G_DECLARE_FINAL_TYPE (CnsNixVectorRouting, cns_nix_vector_routing, CNS,
                      NIX_VECTOR_ROUTING, CnsIpv4RoutingProtocol)

CnsNixVectorRouting *cns_nix_vector_routing_new (void);
CnsNixVector *cns_nix_vector_routing_get_path (CnsNode *source,
                                               CnsIpv4Address destination);
GArray *cns_nix_vector_routing_get_path_nodes (CnsNode *source,
                                               CnsIpv4Address destination);
void cns_nix_vector_routing_print_routing_path (CnsNode *source,
                                                CnsIpv4Address destination,
                                                GString *out);

G_END_DECLS
