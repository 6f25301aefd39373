/* cns — shortest-path searches between one pair of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-nix-vector.h"
#include "routing/cns-route-graph.h"

G_BEGIN_DECLS

/**
 * CnsRouteSearch:
 *
 * Finds the path from one node to another on a sealed #CnsRouteGraph
 * that the tie rule picks (the path global routing takes), with a
 * workspace sized to the graph that each search reuses without
 * clearing: a search costs what it explores, not the size of the graph.
 * Not thread-safe: use one per thread, made with
 * cns_route_search_new_sharing() to share the graph's packed links.
 */
typedef struct _CnsRouteSearch CnsRouteSearch;

CnsRouteSearch *cns_route_search_new (CnsRouteGraph *graph);
CnsRouteSearch *cns_route_search_new_sharing (const CnsRouteSearch *other);
void cns_route_search_free (CnsRouteSearch *self);
CnsRouteGraph *cns_route_search_get_graph (const CnsRouteSearch *self);
gboolean cns_route_search_find (CnsRouteSearch *self, guint32 source,
                                guint32 target, GArray *nodes,
                                CnsNixVector **nix);
guint64 cns_route_search_get_n_settled (const CnsRouteSearch *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsRouteSearch, cns_route_search_free)

G_END_DECLS
