/* cns — the path search of nix-vector routing, for tests and benchmarks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-nix-vector.h"
#include "routing/cns-route-graph.h"

G_BEGIN_DECLS

/**
 * CnsNixSearch:
 *
 * Shortest-path searches on one sealed #CnsRouteGraph, with a workspace
 * sized to it that each search reuses without clearing: a search costs
 * what it explores, not the size of the graph.
 */
typedef struct _CnsNixSearch CnsNixSearch;

CnsNixSearch *cns_nix_search_new (CnsRouteGraph *graph);
void cns_nix_search_free (CnsNixSearch *self);
CnsNixVector *cns_nix_search_find (CnsNixSearch *self, guint32 source,
                                   guint32 target, guint32 epoch, GArray *nodes,
                                   guint32 *first_link);
guint64 cns_nix_search_get_n_settled (const CnsNixSearch *self);

guint64 cns_nix_vector_routing_get_n_settled (void);
guint32 cns_nix_vector_routing_get_epoch (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsNixSearch, cns_nix_search_free)

G_END_DECLS
