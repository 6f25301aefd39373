/* cns — shared fixtures of the routing tests: real topologies built from
 * edge lists and route graphs.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "lib/cns-test.h"
#include "routing/cns-routing.h"

G_BEGIN_DECLS

/**
 * RoutingEdge:
 * @u: one end (a node index, 0-based)
 * @v: the other end
 * @metric_uv: the metric of @u's interface on the link (0 means 1)
 * @metric_vu: the metric of @v's interface on the link (0 means 1)
 *
 * One point-to-point link of a topology to build.
 */
typedef struct
{
  guint32 u, v;
  guint16 metric_uv, metric_vu;
} RoutingEdge;

/**
 * RoutingTopology:
 * @nodes: node i is the i-th node created, with node id i
 * @addresses: by node, the address of its interface 1 (its first link),
 *   0.0.0.0 for nodes without links
 * @devices: by edge, a #CnsNetDeviceContainer: the device of u, then v
 * @interfaces: by edge, a #CnsIpv4InterfaceContainer: u's interface on
 *   the link, then v's
 * @edges: the edges, in the order the links were made
 *
 * Real nodes joined as an edge list says. Link k gets the /30 number k
 * of 10.0.0.0/8: u is 10.x.y.(4k mod 256 + 1), v the next address, as
 * in ns-3's routing benchmark. A node's interfaces are numbered from 1 in
 * the order of the links made on it.
 */
typedef struct
{
  CnsNodeContainer *nodes;
  CnsIpv4Address *addresses;
  GPtrArray *devices;
  GPtrArray *interfaces;
  GArray *edges; /* RoutingEdge */
} RoutingTopology;

CnsIpv4RoutingHelper *routing_global_list_helper_new (void);

void routing_topology_build (RoutingTopology *topology, guint32 n_nodes,
                             const RoutingEdge *edges, guint n_edges,
                             CnsIpv4RoutingHelper *routing, const gchar *rate,
                             const gchar *delay);
void routing_topology_build_from_graph (RoutingTopology *topology,
                                        const CnsRouteGraph *graph,
                                        CnsIpv4RoutingHelper *routing,
                                        const gchar *rate, const gchar *delay);
void routing_topology_clear (RoutingTopology *topology);

CnsIpv4L3Protocol *routing_topology_get_ipv4 (const RoutingTopology *topology,
                                              guint32 node);
CnsIpv4Address
routing_topology_get_link_address (const RoutingTopology *topology, guint edge,
                                   guint end);

G_END_DECLS
