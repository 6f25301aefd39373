/* cns — shortest-path searches between one pair of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The path from s to t must be the one the tie rule picks: at each node
 * x, the first link in x's sorted list to a neighbour n with
 * w(x, n) + d(n, t) = d(x, t). A link x -> n is taken to have its other
 * direction n -> x (point-to-point links do), so a node's list gives
 * its predecessors as well as its successors. A node with a single link
 * other than s and t (a host) lies on no shortest path between others:
 * it is never expanded. Per-node stamps of the current search say which
 * entries are current, so the workspace is never cleared.
 *
 * Other metrics: Dijkstra backwards from t until s is settled. Every
 * node with d(., t) < d(s, t) is settled by then and every other node's
 * tentative distance is at least d(s, t), so along the path (d(x, t) <=
 * d(s, t)) the first link with w(x, n) + d(n) = d(x) is the tie rule's:
 * neighbours not settled can never match.
 *
 * Equal metrics: bidirectional breadth-first search, hop counts standing
 * for distances. Each round expands a whole level of the side with the
 * smaller frontier (forward from s, backward from t), and a node found by
 * one side that the other has seen is a meeting. Before the first
 * meeting the balls B_f(a) and B_b(b) are disjoint, so D = d(s, t) > a +
 * b (a shortest path's node at position min(a, D) would be in both);
 * after the level that meets, one ball has grown by one and every
 * meeting node has df + db <= a + b + 1, so D = a + b + 1, the least
 * df + db. Let m be the forward radius then and P the nodes of shortest
 * s-t paths, those with df(x) + d(x, t) = D. For x in P at position k,
 * a neighbour n has d(n, t) = D - k - 1 if and only if n is in P at
 * position k + 1 (then df(n) <= k + 1 through x, and df(n) >= D - d(n,
 * t) = k + 1), so the walk from s needs at each step a neighbour's
 * membership of P at the next position:
 * - positions >= m: d(n, t) <= D - m = the backward radius, so the
 *   backward search knows it exactly;
 * - positions <= m: P is marked from the forward side. At position m,
 *   x in P iff db(x) = D - m. Below, x with df(x) = i is in P iff some
 *   successor n with df(n) = i + 1 is in P (then d(x, t) <= 1 + D - i -
 *   1 and d(x, t) >= D - df(x)): so the marks spread from layer m back
 *   to s over the links of marked nodes only.
 * The walk takes at x (position k) the first link to an n that is
 * marked with df(n) = k + 1 or has db(n) = D - k - 1: exactly the tie
 * rule's n, and the same path the one-sided search finds. Each side
 * explores a ball about half the radius of the one-sided search's, which
 * on graphs that expand (most large topologies) is the square root of
 * its size.
 */
#include "routing/cns-route-search.h"

#include "routing/cns-route-heap-private.h"

#include <string.h>

enum
{
  FORWARD,
  BACKWARD
};

/* What the bidirectional search knows of a node, both sides together so
 * that looking at a node touches one cache line, not four arrays. */
typedef struct
{
  guint32 seen[2]; /* stamp: hops[] of that side is current */
  guint32 hops[2]; /* from s (FORWARD), to t (BACKWARD) */
} Marks;

/* In the breadth-first search's copy of the links, the neighbour's
 * number has this bit set when the neighbour is a host, which the search
 * then passes over without touching its marks: at a LAN switch with 42
 * clients those were 42 cache misses, most of a search's time in a large
 * topology. Node numbers stay below it (cns_route_search_new()). */
#define HOST_BIT  0x80000000u
#define NODE_MASK (~HOST_BIT)

/* One side of the bidirectional search. */
typedef struct
{
  guint32 *queue; /* the nodes found, level after level */
  guint32 head;   /* the frontier: queue[head .. tail) */
  guint32 tail;
  guint32 level; /* the frontier's hops */
  guint32 root;  /* s or t: expanded even with a single link */
} Side;

/* The graph's links in its order, packed for the search loops: read
 * only once made, so the searches of several threads share them. */
typedef struct
{
  gatomicrefcount ref_count;
  CnsRouteGraph *graph;
  guint32 *offsets;     /* n_nodes + 1 */
  guint32 *neighbor;    /* by link */
  guint16 *metric;      /* w(node, neighbour); Dijkstra only */
  guint16 *peer_metric; /* w(neighbour, node); Dijkstra only */
} PackedLinks;

struct _CnsRouteSearch
{
  PackedLinks *packed;
  CnsRouteGraph *graph;
  guint32 n_nodes;
  gboolean unit;
  /* the packed links' arrays, copied here for the search loops */
  const guint32 *offsets;
  const guint32 *neighbor;
  const guint16 *metric;
  const guint16 *peer_metric;
  guint32 stamp; /* of the current search, never 0 */
  /* Dijkstra */
  guint32 *seen;     /* stamp: distance[] holds a (tentative) distance */
  guint32 *settled;  /* stamp: distance[] is final */
  guint64 *distance; /* d(., t) */
  CnsRouteHeap heap;
  /* bidirectional breadth-first search */
  Marks *marks;
  Side side[2];
  guint32 *on_path;  /* stamp: on a shortest s-t path, df <= the radius */
  guint32 length;    /* d(s, t) in hops */
  guint64 n_settled; /* by the last search */
};

static void
side_start (CnsRouteSearch *self, guint d, guint32 root)
{
  Side *side = &self->side[d];

  self->marks[root].seen[d] = self->stamp;
  self->marks[root].hops[d] = 0;
  side->queue[0] = root;
  side->head = 0;
  side->tail = 1;
  side->level = 0;
  side->root = root;
}

/* Memory written here (@touch) rather than left for the kernel to zero
 * on first touch: the page faults happen while the workspace is made, in
 * time linear in the graph like the rest of it, not in the first
 * searches. The other threads' workspaces, made during a run, are left
 * untouched: their threads may search a small part of the graph, and
 * only the pages they use take memory. */
static gpointer
alloc_zeroed (gsize bytes, gboolean touch)
{
  gpointer p;

  if (!touch)
    return g_malloc0 (bytes);
  p = g_malloc (bytes);
  memset (p, 0, bytes);
  return p;
}

/* Packs @graph's links; a neighbour that is a host gets HOST_BIT when
 * the metrics are all equal. */
static PackedLinks *
packed_links_new (CnsRouteGraph *graph, gboolean unit)
{
  PackedLinks *p = g_new0 (PackedLinks, 1);
  guint32 n = cns_route_graph_get_n_nodes (graph);
  guint64 total = cns_route_graph_get_n_links (graph);

  g_atomic_ref_count_init (&p->ref_count);
  p->graph = cns_route_graph_ref (graph);
  p->offsets = g_new (guint32, n + 1);
  p->neighbor = g_new (guint32, MAX (total, 1));
  if (!unit)
    {
      p->metric = g_new (guint16, MAX (total, 1));
      p->peer_metric = g_new (guint16, MAX (total, 1));
    }
  for (guint32 x = 0, k = 0; x < n; x++)
    {
      guint32 n_links;
      const CnsRouteLink *links
          = cns_route_graph_get_links (graph, x, &n_links);

      p->offsets[x] = k;
      for (guint32 l = 0; l < n_links; l++, k++)
        {
          p->neighbor[k] = links[l].neighbor;
          if (!unit)
            {
              p->metric[k] = links[l].metric;
              p->peer_metric[k] = links[l].peer_metric;
            }
        }
    }
  p->offsets[n] = (guint32) total;
  if (unit)
    for (guint32 k = 0; k < total; k++)
      if (p->offsets[p->neighbor[k] + 1] - p->offsets[p->neighbor[k]] == 1)
        p->neighbor[k] |= HOST_BIT;
  return p;
}

static void
packed_links_unref (PackedLinks *p)
{
  if (!g_atomic_ref_count_dec (&p->ref_count))
    return;
  cns_route_graph_unref (p->graph);
  g_free (p->offsets);
  g_free (p->neighbor);
  g_free (p->metric);
  g_free (p->peer_metric);
  g_free (p);
}

/* A search over @packed (which it references) with a new workspace,
 * its memory touched now or not (alloc_zeroed()). */
static CnsRouteSearch *
search_new (PackedLinks *packed, gboolean unit, gboolean touch)
{
  CnsRouteSearch *self = g_new0 (CnsRouteSearch, 1);
  guint32 n = cns_route_graph_get_n_nodes (packed->graph);

  g_atomic_ref_count_inc (&packed->ref_count);
  self->packed = packed;
  self->graph = packed->graph;
  self->n_nodes = n;
  self->unit = unit;
  self->offsets = packed->offsets;
  self->neighbor = packed->neighbor;
  self->metric = packed->metric;
  self->peer_metric = packed->peer_metric;
  if (unit)
    {
      self->marks = alloc_zeroed (MAX (n, 1) * sizeof (Marks), touch);
      self->side[FORWARD].queue
          = alloc_zeroed (MAX (n, 1) * sizeof (guint32), touch);
      self->side[BACKWARD].queue
          = alloc_zeroed (MAX (n, 1) * sizeof (guint32), touch);
      self->on_path = alloc_zeroed (MAX (n, 1) * sizeof (guint32), touch);
    }
  else
    {
      self->seen = alloc_zeroed (MAX (n, 1) * sizeof (guint32), touch);
      self->settled = alloc_zeroed (MAX (n, 1) * sizeof (guint32), touch);
      self->distance = alloc_zeroed (MAX (n, 1) * sizeof (guint64), touch);
    }
  return self;
}

/**
 * cns_route_search_new: (skip)
 * @graph: a sealed graph
 *
 * Returns: (transfer full): a search workspace for @graph, holding a
 * reference to it.
 */
CnsRouteSearch *
cns_route_search_new (CnsRouteGraph *graph)
{
  CnsRouteSearch *self;
  PackedLinks *packed;
  gboolean unit;

  g_return_val_if_fail (graph != NULL, NULL);
  g_return_val_if_fail (cns_route_graph_get_n_links (graph) < G_MAXUINT32
                            && cns_route_graph_get_n_nodes (graph) < HOST_BIT,
                        NULL);
  unit = cns_route_graph_has_unit_metrics (graph);
  packed = packed_links_new (graph, unit);
  self = search_new (packed, unit, TRUE);
  packed_links_unref (packed);
  return self;
}

/**
 * cns_route_search_new_sharing: (skip)
 * @other: a search
 *
 * A search of @other's graph that shares @other's copy of the links,
 * which searches only read, and has a workspace of its own, whose pages
 * take memory as searches first use them: what another thread searches
 * with. Each may be freed first.
 *
 * Returns: (transfer full): the new search.
 */
CnsRouteSearch *
cns_route_search_new_sharing (const CnsRouteSearch *other)
{
  g_return_val_if_fail (other != NULL, NULL);
  return search_new (other->packed, other->unit, FALSE);
}

/**
 * cns_route_search_free:
 *
 * Frees @self and drops its graph.
 */
void
cns_route_search_free (CnsRouteSearch *self)
{
  if (self == NULL)
    return;
  packed_links_unref (self->packed);
  g_free (self->seen);
  g_free (self->settled);
  g_free (self->distance);
  cns_route_heap_clear (&self->heap);
  g_free (self->marks);
  g_free (self->side[FORWARD].queue);
  g_free (self->side[BACKWARD].queue);
  g_free (self->on_path);
  g_free (self);
}

/**
 * cns_route_search_get_graph:
 *
 * Returns: (transfer none): the graph @self
 * searches.
 */
CnsRouteGraph *
cns_route_search_get_graph (const CnsRouteSearch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->graph;
}

/**
 * cns_route_search_get_n_settled:
 *
 * Returns: how many nodes the last
 * search settled, a measure of the work it did.
 */
guint64
cns_route_search_get_n_settled (const CnsRouteSearch *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_settled;
}

/* Expands the frontier of side @d by one level; returns the least hop
 * count of the paths through the nodes found that the other side had
 * seen, G_MAXUINT32 for none. */
static guint32
expand_level (CnsRouteSearch *self, guint d)
{
  Side *side = &self->side[d];
  Marks *marks = self->marks;
  guint32 stamp = self->stamp, end = side->tail, next = side->level + 1;
  guint32 best = G_MAXUINT32;

  for (guint32 q = side->head; q < end; q++)
    {
      guint32 x = side->queue[q];
      guint32 first = self->offsets[x], last = self->offsets[x + 1];

      self->n_settled++;
      if (last - first == 1 && x != side->root)
        continue;
      for (guint32 l = first; l < last; l++)
        {
          guint32 n = self->neighbor[l];
          Marks *m;

          /* a host is on a path only as the other side's root */
          if (G_UNLIKELY (n & HOST_BIT))
            {
              n &= NODE_MASK;
              if (n != self->side[!d].root)
                continue;
            }
          m = &marks[n];
          if (m->seen[d] == stamp)
            continue;
          m->seen[d] = stamp;
          m->hops[d] = next;
          side->queue[side->tail++] = n;
          if (m->seen[!d] == stamp)
            best = MIN (best, next + m->hops[!d]);
        }
    }
  side->head = end;
  side->level = next;
  return best;
}

/* Marks the nodes of shortest paths inside the forward ball, from its
 * frontier back to the source (see the overview). */
static void
mark_forward (CnsRouteSearch *self)
{
  const Side *f = &self->side[FORWARD];
  const Marks *marks = self->marks;
  guint32 stamp = self->stamp, n_marked = 0;
  /* the backward levels are no longer needed */
  guint32 *marked = self->side[BACKWARD].queue;

  for (guint32 q = f->head; q < f->tail; q++)
    {
      guint32 x = f->queue[q];

      if (marks[x].seen[BACKWARD] == stamp
          && marks[x].hops[BACKWARD] == self->length - f->level)
        {
          self->on_path[x] = stamp;
          marked[n_marked++] = x;
        }
    }
  for (guint32 k = 0; k < n_marked; k++)
    {
      guint32 y = marked[k], hops = marks[y].hops[FORWARD];

      if (hops == 0)
        continue;
      for (guint32 l = self->offsets[y]; l < self->offsets[y + 1]; l++)
        {
          guint32 x = self->neighbor[l] & NODE_MASK;

          if (marks[x].seen[FORWARD] == stamp
              && marks[x].hops[FORWARD] == hops - 1
              && self->on_path[x] != stamp)
            {
              self->on_path[x] = stamp;
              marked[n_marked++] = x;
            }
        }
    }
}

/* Breadth-first from both ends until they meet, level by level, the
 * smaller frontier first. */
static gboolean
search_bfs (CnsRouteSearch *self, guint32 source, guint32 target)
{
  const Side *f = &self->side[FORWARD], *b = &self->side[BACKWARD];
  guint32 length = G_MAXUINT32;

  side_start (self, FORWARD, source);
  side_start (self, BACKWARD, target);
  if (source == target)
    return TRUE;
  while (length == G_MAXUINT32 && f->head < f->tail && b->head < b->tail)
    length = expand_level (
        self, f->tail - f->head <= b->tail - b->head ? FORWARD : BACKWARD);
  if (length == G_MAXUINT32)
    return FALSE;
  self->length = length;
  mark_forward (self);
  return TRUE;
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

/* Whether link @l of @x, the node at position @k of the path, goes to
 * the tie rule's next hop: a node n with w(x, n) + d(n, t) = d(x, t). */
static inline gboolean
is_next_hop (const CnsRouteSearch *self, guint32 x, guint32 k, guint32 l)
{
  guint32 n = self->neighbor[l], stamp = self->stamp;
  const Marks *m;

  if (!self->unit)
    return self->seen[n] == stamp
           && self->distance[n] + self->metric[l] == self->distance[x];
  n &= NODE_MASK;
  m = &self->marks[n];
  return (self->on_path[n] == stamp && m->hops[FORWARD] == k + 1)
         || (m->seen[BACKWARD] == stamp
             && m->hops[BACKWARD] == self->length - k - 1);
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
      gsize bytes = MAX (self->n_nodes, 1) * sizeof (guint32);

      if (self->unit)
        {
          memset (self->marks, 0, MAX (self->n_nodes, 1) * sizeof (Marks));
          memset (self->on_path, 0, bytes);
        }
      else
        {
          memset (self->seen, 0, bytes);
          memset (self->settled, 0, bytes);
        }
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
  for (guint32 k = 0, x = source; x != target; k++)
    {
      guint32 first = self->offsets[x], end = self->offsets[x + 1], l;

      for (l = first; l < end; l++)
        if (is_next_hop (self, x, k, l))
          break;
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
      x = self->neighbor[l] & NODE_MASK;
      if (nodes != NULL)
        g_array_append_val (nodes, x);
    }
  return TRUE;
}
