/* cns — shortest-path searches between one pair of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The search runs backwards from the destination t, so that distances
 * d(., t) decide the next hop by the tie rule as global routing does,
 * and stops once the source s is settled. Every node with d < d(s) is
 * settled by then, and every unsettled node's tentative distance is at
 * least d(s), so at a node x of the path (d(x) <= d(s)) the first link
 * with w(x, n) + d(n) = d(x) in x's sorted list is the tie rule's next
 * hop: unsettled neighbours can never match. Nodes with a single link
 * are not expanded (they lead nowhere but back), except t. Breadth-first
 * search replaces Dijkstra when all metrics are equal, as in the spf
 * backend. Stamps per search mark which distances are current, so the
 * workspace is never cleared.
 */
#include "routing/cns-route-search.h"

#include "routing/cns-route-heap-private.h"

#include <string.h>

struct _CnsRouteSearch
{
  CnsRouteGraph *graph;
  guint32 n_nodes;
  gboolean unit;
  /* the graph's links in its order, packed for the search loops */
  guint32 *offsets;     /* n_nodes + 1 */
  guint32 *neighbor;    /* by link */
  guint16 *metric;      /* w(node, neighbour) */
  guint16 *peer_metric; /* w(neighbour, node) */
  guint32 stamp;        /* of the current search, never 0 */
  guint32 *seen;        /* stamp: distance[] holds a (tentative) distance */
  guint32 *settled;     /* stamp: distance[] is final */
  guint64 *distance;    /* d(., t) */
  guint32 *queue;       /* breadth-first search */
  CnsRouteHeap heap;    /* Dijkstra */
  guint64 n_settled;    /* by the last search */
};

/**
 * cns_route_search_new:
 * @graph: a sealed graph
 *
 * Returns: (transfer full): a search workspace for @graph, holding a
 * reference to it.
 */
CnsRouteSearch *
cns_route_search_new (CnsRouteGraph *graph)
{
  CnsRouteSearch *self;
  guint64 total;
  guint32 n;

  g_return_val_if_fail (graph != NULL, NULL);
  n = cns_route_graph_get_n_nodes (graph);
  total = cns_route_graph_get_n_links (graph);
  g_return_val_if_fail (total < G_MAXUINT32, NULL);
  self = g_new0 (CnsRouteSearch, 1);
  self->graph = cns_route_graph_ref (graph);
  self->n_nodes = n;
  self->unit = cns_route_graph_has_unit_metrics (graph);
  self->offsets = g_new (guint32, n + 1);
  self->neighbor = g_new (guint32, MAX (total, 1));
  self->metric = g_new (guint16, MAX (total, 1));
  self->peer_metric = g_new (guint16, MAX (total, 1));
  for (guint32 x = 0, k = 0; x < n; x++)
    {
      guint32 n_links;
      const CnsRouteLink *links
          = cns_route_graph_get_links (graph, x, &n_links);

      self->offsets[x] = k;
      for (guint32 l = 0; l < n_links; l++, k++)
        {
          self->neighbor[k] = links[l].neighbor;
          self->metric[k] = links[l].metric;
          self->peer_metric[k] = links[l].peer_metric;
        }
    }
  self->offsets[n] = (guint32) total;
  self->seen = g_new0 (guint32, MAX (n, 1));
  self->settled = g_new0 (guint32, MAX (n, 1));
  self->distance = g_new (guint64, MAX (n, 1));
  if (self->unit)
    self->queue = g_new (guint32, MAX (n, 1));
  return self;
}

/** cns_route_search_free: Frees @self and drops its graph. */
void
cns_route_search_free (CnsRouteSearch *self)
{
  if (self == NULL)
    return;
  cns_route_graph_unref (self->graph);
  g_free (self->offsets);
  g_free (self->neighbor);
  g_free (self->metric);
  g_free (self->peer_metric);
  g_free (self->seen);
  g_free (self->settled);
  g_free (self->distance);
  g_free (self->queue);
  cns_route_heap_clear (&self->heap);
  g_free (self);
}

/** cns_route_search_get_graph: Returns: (transfer none): the graph @self
 * searches. */
CnsRouteGraph *
cns_route_search_get_graph (const CnsRouteSearch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->graph;
}

/** cns_route_search_get_n_settled: Returns: how many nodes the last
 * search settled, a measure of the work it did. */
guint64
cns_route_search_get_n_settled (const CnsRouteSearch *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_settled;
}

/* Breadth-first from @target until @source has its distance, which is
 * final once seen. */
static gboolean
search_bfs (CnsRouteSearch *self, guint32 source, guint32 target)
{
  guint32 stamp = self->stamp, head = 0, tail = 0;
  guint32 *seen = self->seen, *queue = self->queue;
  guint64 *distance = self->distance;

  seen[target] = stamp;
  distance[target] = 0;
  if (source == target)
    return TRUE;
  queue[tail++] = target;
  while (head < tail)
    {
      guint32 x = queue[head++];
      guint32 first = self->offsets[x], end = self->offsets[x + 1];
      guint64 next = distance[x] + 1;

      self->n_settled++;
      if (end - first == 1 && x != target)
        continue;
      for (guint32 l = first; l < end; l++)
        {
          guint32 i = self->neighbor[l];

          if (seen[i] == stamp)
            continue;
          seen[i] = stamp;
          distance[i] = next;
          if (i == source)
            return TRUE;
          queue[tail++] = i;
        }
    }
  return FALSE;
}

/* Dijkstra from @target until @source is settled; a link x -> i seen
 * from x is crossed from i, at i's cost w(i, x). */
static gboolean
search_dijkstra (CnsRouteSearch *self, guint32 source, guint32 target)
{
  guint32 stamp = self->stamp;
  guint32 *seen = self->seen, *settled = self->settled;
  guint64 *distance = self->distance;

  seen[target] = stamp;
  distance[target] = 0;
  self->heap.size = 0;
  cns_route_heap_push (&self->heap, 0, target);
  while (self->heap.size > 0)
    {
      CnsRouteHeapItem top = cns_route_heap_pop (&self->heap);
      guint32 x = top.node, first, end;

      if (settled[x] == stamp || top.distance != distance[x])
        continue;
      settled[x] = stamp;
      self->n_settled++;
      if (x == source)
        return TRUE;
      first = self->offsets[x];
      end = self->offsets[x + 1];
      if (end - first == 1 && x != target)
        continue;
      for (guint32 l = first; l < end; l++)
        {
          guint32 i = self->neighbor[l];
          guint64 through = top.distance + self->peer_metric[l];

          if (settled[i] == stamp
              || (seen[i] == stamp && distance[i] <= through))
            continue;
          seen[i] = stamp;
          distance[i] = through;
          cns_route_heap_push (&self->heap, through, i);
        }
    }
  return FALSE;
}

/* The bits a hop takes at a node with @n_links links. */
static inline guint32
index_width (guint32 n_links)
{
  return n_links <= 1 ? 0 : 32 - (guint32) __builtin_clz (n_links - 1);
}

/**
 * cns_route_search_find:
 * @source: the node the path starts at
 * @target: the node it ends at
 * @nodes: (nullable) (element-type guint32): where to append the nodes of
 *   the path, @source and @target included
 * @nix: (out) (optional) (transfer full): the path as a nix vector, empty
 *   when @source is @target, epoch 0; %NULL when there is no path
 *
 * Finds the path from @source to @target that the tie rule picks: the
 * shortest by link metrics, and at each node the first link in its
 * sorted list that starts a shortest path.
 *
 * Returns: whether @target can be reached from @source; @nodes is left
 * as it was when not.
 */
gboolean
cns_route_search_find (CnsRouteSearch *self, guint32 source, guint32 target,
                       GArray *nodes, CnsNixVector **nix)
{
  guint len = nodes != NULL ? nodes->len : 0;
  guint32 x;
  gboolean found;

  if (nix != NULL)
    *nix = NULL;
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (source < self->n_nodes && target < self->n_nodes,
                        FALSE);
  g_return_val_if_fail (
      nodes == NULL || g_array_get_element_size (nodes) == sizeof (guint32),
      FALSE);
  self->n_settled = 0;
  if (G_UNLIKELY (++self->stamp == 0))
    {
      memset (self->seen, 0, self->n_nodes * sizeof (guint32));
      memset (self->settled, 0, self->n_nodes * sizeof (guint32));
      self->stamp = 1;
    }
  found = self->unit ? search_bfs (self, source, target)
                     : search_dijkstra (self, source, target);
  if (!found)
    return FALSE;

  if (nix != NULL)
    *nix = cns_nix_vector_new ();
  if (nodes != NULL)
    g_array_append_val (nodes, source);
  for (x = source; x != target;)
    {
      guint32 first = self->offsets[x], end = self->offsets[x + 1], l;
      guint64 d = self->distance[x];

      for (l = first; l < end; l++)
        {
          guint32 n = self->neighbor[l];
          guint64 cost = self->unit ? 1 : self->metric[l];

          if (self->seen[n] == self->stamp && self->distance[n] + cost == d)
            break;
        }
      if (G_UNLIKELY (l == end))
        {
          /* only a graph with a link missing its other direction */
          if (nix != NULL)
            g_clear_pointer (nix, cns_nix_vector_unref);
          if (nodes != NULL)
            g_array_set_size (nodes, len);
          return FALSE;
        }
      if (nix != NULL)
        cns_nix_vector_add_neighbor_index (*nix, l - first,
                                           index_width (end - first));
      x = self->neighbor[l];
      if (nodes != NULL)
        g_array_append_val (nodes, x);
    }
  return TRUE;
}
