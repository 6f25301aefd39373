/* cns — the router subgraph the all-pairs route backends work on.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "routing/cns-route-graph.h"

G_BEGIN_DECLS

/* The links between routers only, in CSR form, with router indices in
 * place of node ids. Row r's links are [offsets[r], offsets[r + 1]), in
 * tie-rule order (neighbour node id, then interface index), as the
 * graph keeps them; a link's position in its row is its rank. */
typedef struct
{
  guint32 n;
  guint32 *offsets;
  guint32 *neighbor;
  guint16 *interface;
  guint16 *metric;      /* w(i, neighbour) */
  guint16 *peer_metric; /* w(neighbour, i) */
} CnsRouterGraph;

G_GNUC_INTERNAL void cns_router_graph_init (CnsRouterGraph *rg,
                                            const CnsRouteGraph *g);
G_GNUC_INTERNAL void cns_router_graph_clear (CnsRouterGraph *rg);

/* How the Floyd-Warshall backends pack (distance, first-link rank) into
 * one entry (routing/cuda/cns-route-cuda-plugin.h): the rank bits b
 * (2^b above the longest row), and whether entries must be 64 bits wide
 * for the longest possible distance. */
G_GNUC_INTERNAL void cns_router_graph_packing (const CnsRouterGraph *rg,
                                               guint32 *rank_bits,
                                               gboolean *wide);

G_END_DECLS
