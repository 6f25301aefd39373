/* cns — the router subgraph the all-pairs route backends work on.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/cns-router-graph-private.h"

/* Copies @g's links between routers, leaving out those to hosts (a host
 * has no row or column in a route table). */
void
cns_router_graph_init (CnsRouterGraph *rg, const CnsRouteGraph *g)
{
  guint32 total = 0;

  rg->n = cns_route_graph_get_n_routers (g);
  rg->offsets = g_new (guint32, rg->n + 1);
  for (guint32 r = 0; r < rg->n; r++)
    {
      guint32 n_links;
      const CnsRouteLink *links = cns_route_graph_get_links (
          g, cns_route_graph_get_router_node (g, r), &n_links);

      rg->offsets[r] = total;
      for (guint32 l = 0; l < n_links; l++)
        if (cns_route_graph_get_router_index (g, links[l].neighbor)
            != CNS_ROUTE_GRAPH_NOT_A_ROUTER)
          total++;
    }
  rg->offsets[rg->n] = total;
  rg->neighbor = g_new (guint32, MAX (total, 1));
  rg->interface = g_new (guint16, MAX (total, 1));
  rg->metric = g_new (guint16, MAX (total, 1));
  rg->peer_metric = g_new (guint16, MAX (total, 1));
  for (guint32 r = 0, k = 0; r < rg->n; r++)
    {
      guint32 n_links;
      const CnsRouteLink *links = cns_route_graph_get_links (
          g, cns_route_graph_get_router_node (g, r), &n_links);

      for (guint32 l = 0; l < n_links; l++)
        {
          guint32 nr = cns_route_graph_get_router_index (g, links[l].neighbor);

          if (nr == CNS_ROUTE_GRAPH_NOT_A_ROUTER)
            continue;
          rg->neighbor[k] = nr;
          rg->interface[k] = links[l].interface;
          rg->metric[k] = links[l].metric;
          rg->peer_metric[k] = links[l].peer_metric;
          k++;
        }
    }
}

void
cns_router_graph_clear (CnsRouterGraph *rg)
{
  g_free (rg->offsets);
  g_free (rg->neighbor);
  g_free (rg->interface);
  g_free (rg->metric);
  g_free (rg->peer_metric);
}

void
cns_router_graph_packing (const CnsRouterGraph *rg, guint32 *rank_bits,
                          gboolean *wide)
{
  guint32 longest = 0, b = 1;
  guint64 max_metric = 1;

  for (guint32 r = 0; r < rg->n; r++)
    longest = MAX (longest, rg->offsets[r + 1] - rg->offsets[r]);
  for (guint32 l = 0; l < rg->offsets[rg->n]; l++)
    max_metric = MAX (max_metric, rg->metric[l]);
  /* the all-ones rank is the diagonal's: real ranks stay below it */
  while ((G_GUINT64_CONSTANT (1) << b) <= longest)
    b++;
  *rank_bits = b;
  /* every finite entry below INF = 2^31 - 1 */
  *wide = ((guint64) MAX (rg->n, 1) * max_metric) << b > G_MAXINT32;
}
