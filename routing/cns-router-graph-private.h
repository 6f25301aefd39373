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

G_END_DECLS
