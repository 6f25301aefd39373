/* cns — shared fixtures of the routing tests: real topologies built from
 * edge lists and route graphs; route graphs and tables from edge lists,
 * the random graphs, and the naive Floyd-Warshall reference tables are
 * checked against.
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
gint routing_run_in_child (void (*fn) (void), gchar **err);

CnsIpv4L3Protocol *routing_topology_get_ipv4 (const RoutingTopology *topology,
                                              guint32 node);
CnsIpv4Address
routing_topology_get_link_address (const RoutingTopology *topology, guint edge,
                                   guint end);

/* ---- route graphs and tables from edge lists ---- */

CnsRouteGraph *routing_graph_new (guint32 n_nodes, const RoutingEdge *edges,
                                  guint n_edges);
CnsRouteTable *routing_table_new_filled (CnsRouteGraph *graph,
                                         const gchar *backend, guint n_threads);
gboolean routing_graph_needs_wide_entries (const CnsRouteGraph *graph);
void routing_assert_tables_equal (CnsRouteTable *want, CnsRouteTable *got,
                                  const gchar *what);

/* The worked example of the Floyd-Warshall chapter (8 nodes, 6 and 7
 * hosts) and its next-hop nodes, figure 18 (c), -1 on the diagonal. */
extern const RoutingEdge routing_example_edges[9];
extern const gint routing_example_next_hop[8][8];

void routing_assert_example_next_hops (const CnsRouteGraph *graph,
                                       const CnsRouteTable *table);

/* ---- random graphs ---- */

/**
 * RoutingRandomGraph:
 *
 * What routing_random_edges() makes. Fields left 0 add nothing, so that
 * a spec names only what it uses.
 */
typedef struct
{
  const gchar *name;
  guint32 n;          /* nodes */
  guint32 leaves;     /* of them, single-link nodes added last */
  guint32 isolated;   /* of them, nodes without links */
  guint32 components; /* the rest split into this many trees */
  guint32 extra;      /* random links added inside components */
  gdouble density;    /* then each pair of a component linked with this */
  guint32 hub;        /* links from node 0 to random nodes of its component
                       * (repeats too): long rows, more rank bits */
  guint32 parallel;   /* second links between already linked nodes */
  guint16 max_metric; /* metrics from 1 to this; 0: all equal to unit */
  guint16 unit;       /* the metric of every link when max_metric is 0
                       * (0 means 1) */
  gboolean asymmetric;
  guint32 seed;
} RoutingRandomGraph;

GArray *routing_random_edges (const RoutingRandomGraph *spec);

/* ---- the naive reference ---- */

/* Distances beyond any path of a reference: a reference takes graphs
 * whose n * largest metric stays below it. */
#define ROUTING_REFERENCE_INF 0x3fffffffu

/**
 * RoutingReference:
 * @n: nodes
 * @dist: n x n, the shortest distances, %ROUTING_REFERENCE_INF for none
 * @hop: n x n, the next-hop interface by the tie rule,
 *   %CNS_ROUTE_TABLE_NO_ROUTE for none
 *
 * What a route table must say, worked out naively over all nodes, hosts
 * included.
 */
typedef struct
{
  guint32 n;
  guint32 *dist;
  guint32 *hop;
} RoutingReference;

void routing_reference_compute (RoutingReference *ref, guint32 n,
                                const RoutingEdge *edges, guint n_edges);
void routing_reference_clear (RoutingReference *ref);
void routing_assert_table_matches (const CnsRouteTable *table,
                                   const RoutingReference *ref,
                                   const gchar *what);

G_END_DECLS
