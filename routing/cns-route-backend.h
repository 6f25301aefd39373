/* cns — the interface of the algorithms that fill all-pairs route tables.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "routing/cns-route-table.h"

G_BEGIN_DECLS

/**
 * CnsRouteBackend:
 * @name: the name users choose it by (the Backend attribute of
 *   #CnsGlobalRouteManager): "spf", later "fw-cpu", "cuda"
 * @description: one line for listings
 * @fill: fills every row of @table (all zeros on entry) for the table's
 *   graph, on up to @n_threads threads (at least 1). Every backend
 *   applies the tie rule: the next hop from i to j is the neighbour n
 *   with the lowest (node id, interface index) such that
 *   w(i,n) + d(n,j) = d(i,j). Returns %FALSE with @error set when it
 *   cannot (out of memory, no device).
 *
 * A way to compute all-pairs next hops. Backends are registered by name
 * with cns_route_backend_register(), and may live in plugins.
 */
typedef struct
{
  const gchar *name;
  const gchar *description;
  gboolean (*fill) (CnsRouteTable *table, guint n_threads, GError **error);
} CnsRouteBackend;

/* The backends built in: "spf", "fw-cpu", "cuda" (through its plugin) and
 * "auto", which runs the one of least estimated time. */

void cns_route_backend_register (const CnsRouteBackend *backend);
const CnsRouteBackend *cns_route_backend_lookup (const gchar *name);
gchar *cns_route_backend_list_names (void);

const gchar *cns_route_backend_auto_choose (const CnsRouteGraph *graph,
                                            guint n_threads, gchar **reason);

G_END_DECLS
