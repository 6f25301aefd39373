/* cns — all-pairs next hops between the routers of a graph.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "routing/cns-route-graph.h"

G_BEGIN_DECLS

/* What cns_route_table_lookup() returns when there is no route. */
#define CNS_ROUTE_TABLE_NO_ROUTE G_MAXUINT32

/**
 * CnsRouteTable:
 *
 * The next hop from every router to every router of a #CnsRouteGraph:
 * one row per router, one entry per destination router, each entry the
 * interface index to leave by (1 byte while every interface index is
 * below 255, 2 bytes otherwise), 0 for none (the diagonal, unreachable
 * routers). Hosts have no row or column: they leave by their one link,
 * and are reached through their neighbour. A backend (#CnsRouteBackend)
 * fills the rows; lookups by node handle hosts. Refcounted.
 */
typedef struct _CnsRouteTable CnsRouteTable;

#define CNS_TYPE_ROUTE_TABLE (cns_route_table_get_type ())
GType cns_route_table_get_type (void) G_GNUC_CONST;

guint64 cns_route_table_bytes_needed (const CnsRouteGraph *graph);
CnsRouteTable *cns_route_table_new (CnsRouteGraph *graph, guint64 memory_budget,
                                    GError **error);
CnsRouteTable *cns_route_table_ref (CnsRouteTable *self);
void cns_route_table_unref (CnsRouteTable *self);

gboolean cns_route_table_fill (CnsRouteTable *self, const gchar *backend,
                               guint n_threads, GError **error);

CnsRouteGraph *cns_route_table_get_graph (CnsRouteTable *self);
guint32 cns_route_table_lookup (const CnsRouteTable *self, guint32 source,
                                guint32 destination);
guint cns_route_table_get_entry_size (const CnsRouteTable *self);
guint64 cns_route_table_get_bytes (const CnsRouteTable *self);
gpointer cns_route_table_get_row (CnsRouteTable *self, guint32 router);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsRouteTable, cns_route_table_unref)

G_END_DECLS
