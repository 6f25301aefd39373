/* cns — the "spf" route-table backend: shortest paths per destination.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The table is filled column by column: for a destination j, the
 * distances d(., j) from every router decide, by the tie rule, every
 * router's next hop towards j (the first link, in (neighbour, interface)
 * order, with w(i,n) + d(n,j) = d(i,j)). Threads take batches of
 * destinations from a shared counter; batches write disjoint columns.
 *
 * Equal metrics (the common case) use a bit-parallel breadth-first search
 * from BATCH destinations at once: bit k of a node's words stands for
 * destination k. Each level, every router pulls the previous level's
 * frontier bits from its links in tie-rule order; the first link that
 * brings a bit is the next hop for that destination, so one pass gives
 * distances and next hops together, and a link costs a few word
 * operations for all BATCH destinations. Other metrics use Dijkstra with
 * a binary heap per destination, searching backwards along links.
 */
#include "core/cns-log.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-routing-error.h"
#include "routing/cns-routing-private.h"

#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-spf-route-backend");

/* Words per node in the breadth-first search: 4 x 64 = 256 destinations
 * per pass, which compilers turn into one AVX2 operation per step. */
#define WORDS          4
#define BATCH          (64 * WORDS)
#define DIJKSTRA_BATCH 16

typedef struct
{
  guint64 w[WORDS];
} Bits;

/* The router subgraph: links between routers only, in tie-rule order,
 * with router indices in place of node ids. */
typedef struct
{
  guint32 n;
  guint32 *offsets;
  guint32 *neighbor;
  guint16 *interface;
  guint16 *metric;      /* w(i, neighbour) */
  guint16 *peer_metric; /* w(neighbour, i) */
} RouterGraph;

typedef struct
{
  CnsRouteTable *table;
  const RouterGraph *rg;
  guint entry_size;
  gboolean unit;
  guint n_batches;
  guint batch_size;
  gint next_batch; /* atomic */
} Job;

static void
router_graph_init (RouterGraph *rg, const CnsRouteGraph *g)
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

static void
router_graph_clear (RouterGraph *rg)
{
  g_free (rg->offsets);
  g_free (rg->neighbor);
  g_free (rg->interface);
  g_free (rg->metric);
  g_free (rg->peer_metric);
}

static inline void
set_entry (CnsRouteTable *table, guint entry_size, guint32 row, guint32 column,
           guint16 interface)
{
  gpointer r = cns_route_table_get_row (table, row);

  if (entry_size == 1)
    ((guint8 *) r)[column] = (guint8) interface;
  else
    ((guint16 *) r)[column] = interface;
}

/* ---- equal metrics: bit-parallel breadth-first search ---- */

typedef struct
{
  Bits *seen, *visit, *next;
  guint8 **rows8;
  guint16 **rows16;
} BfsWork;

static void
bfs_batch (const Job *job, BfsWork *work, guint32 first, guint32 count)
{
  const RouterGraph *rg = job->rg;
  Bits valid = { { 0 } };
  gboolean active = TRUE;

  memset (work->seen, 0, rg->n * sizeof (Bits));
  memset (work->visit, 0, rg->n * sizeof (Bits));
  for (guint32 k = 0; k < count; k++)
    {
      valid.w[k / 64] |= G_GUINT64_CONSTANT (1) << (k % 64);
      work->seen[first + k].w[k / 64] |= G_GUINT64_CONSTANT (1) << (k % 64);
      work->visit[first + k].w[k / 64] |= G_GUINT64_CONSTANT (1) << (k % 64);
    }
  while (active)
    {
      Bits *swap;

      active = FALSE;
      for (guint32 v = 0; v < rg->n; v++)
        {
          Bits rem, got = { { 0 } };
          guint64 left = 0;

          for (guint w = 0; w < WORDS; w++)
            {
              rem.w[w] = valid.w[w] & ~work->seen[v].w[w];
              left |= rem.w[w];
            }
          if (left == 0)
            {
              work->next[v] = got;
              continue;
            }
          for (guint32 l = rg->offsets[v]; l < rg->offsets[v + 1]; l++)
            {
              const Bits *from = &work->visit[rg->neighbor[l]];
              Bits hit;
              guint64 any = 0;

              for (guint w = 0; w < WORDS; w++)
                {
                  hit.w[w] = rem.w[w] & from->w[w];
                  any |= hit.w[w];
                }
              if (any == 0)
                continue;
              left = 0;
              for (guint w = 0; w < WORDS; w++)
                {
                  guint64 bits = hit.w[w];

                  got.w[w] |= bits;
                  rem.w[w] &= ~bits;
                  left |= rem.w[w];
                  while (bits != 0)
                    {
                      guint32 column = first + w * 64 + __builtin_ctzll (bits);

                      if (job->entry_size == 1)
                        work->rows8[v][column] = (guint8) rg->interface[l];
                      else
                        work->rows16[v][column] = rg->interface[l];
                      bits &= bits - 1;
                    }
                }
              if (left == 0)
                break;
            }
          for (guint w = 0; w < WORDS; w++)
            {
              work->seen[v].w[w] |= got.w[w];
              active |= got.w[w] != 0;
            }
          work->next[v] = got;
        }
      swap = work->visit;
      work->visit = work->next;
      work->next = swap;
    }
}

/* ---- other metrics: Dijkstra backwards from each destination ---- */

typedef struct
{
  guint64 distance;
  guint32 node;
} HeapItem;

typedef struct
{
  guint64 *distance;
  GArray *heap;
} DijkstraWork;

static void
heap_push (GArray *heap, guint64 distance, guint32 node)
{
  HeapItem item = { distance, node };
  HeapItem *h;
  guint i;

  g_array_append_val (heap, item);
  h = (HeapItem *) heap->data;
  for (i = heap->len - 1; i > 0 && h[(i - 1) / 2].distance > distance;
       i = (i - 1) / 2)
    h[i] = h[(i - 1) / 2];
  h[i] = item;
}

static HeapItem
heap_pop (GArray *heap)
{
  HeapItem *h = (HeapItem *) heap->data;
  HeapItem top = h[0], last = h[heap->len - 1];
  guint n = heap->len - 1, i = 0;

  for (;;)
    {
      guint c = 2 * i + 1;

      if (c >= n)
        break;
      if (c + 1 < n && h[c + 1].distance < h[c].distance)
        c++;
      if (h[c].distance >= last.distance)
        break;
      h[i] = h[c];
      i = c;
    }
  if (n > 0)
    h[i] = last;
  g_array_set_size (heap, n);
  return top;
}

static void
dijkstra_one (const Job *job, DijkstraWork *work, guint32 destination)
{
  const RouterGraph *rg = job->rg;
  guint64 *d = work->distance;

  memset (d, 0xff, rg->n * sizeof (guint64));
  d[destination] = 0;
  g_array_set_size (work->heap, 0);
  heap_push (work->heap, 0, destination);
  while (work->heap->len > 0)
    {
      HeapItem top = heap_pop (work->heap);

      if (top.distance != d[top.node])
        continue;
      /* a link n -> i seen from n: coming from i costs w(i, n) */
      for (guint32 l = rg->offsets[top.node]; l < rg->offsets[top.node + 1];
           l++)
        {
          guint32 i = rg->neighbor[l];
          guint64 through = top.distance + rg->peer_metric[l];

          if (through < d[i])
            {
              d[i] = through;
              heap_push (work->heap, through, i);
            }
        }
    }
  for (guint32 i = 0; i < rg->n; i++)
    {
      if (i == destination || d[i] == G_MAXUINT64)
        continue;
      for (guint32 l = rg->offsets[i]; l < rg->offsets[i + 1]; l++)
        if (d[rg->neighbor[l]] != G_MAXUINT64
            && rg->metric[l] + d[rg->neighbor[l]] == d[i])
          {
            set_entry (job->table, job->entry_size, i, destination,
                       rg->interface[l]);
            break;
          }
    }
}

/* ---- threads ---- */

static gpointer
worker (gpointer data)
{
  Job *job = data;
  const RouterGraph *rg = job->rg;
  BfsWork bfs = { 0 };
  DijkstraWork dij = { 0 };
  gint b;

  if (job->unit)
    {
      bfs.seen = g_new (Bits, MAX (rg->n, 1));
      bfs.visit = g_new (Bits, MAX (rg->n, 1));
      bfs.next = g_new (Bits, MAX (rg->n, 1));
      if (job->entry_size == 1)
        bfs.rows8 = g_new (guint8 *, MAX (rg->n, 1));
      else
        bfs.rows16 = g_new (guint16 *, MAX (rg->n, 1));
      for (guint32 r = 0; r < rg->n; r++)
        if (job->entry_size == 1)
          bfs.rows8[r] = cns_route_table_get_row (job->table, r);
        else
          bfs.rows16[r] = cns_route_table_get_row (job->table, r);
    }
  else
    {
      dij.distance = g_new (guint64, MAX (rg->n, 1));
      dij.heap = g_array_new (FALSE, FALSE, sizeof (HeapItem));
    }
  while ((b = g_atomic_int_add (&job->next_batch, 1)) < (gint) job->n_batches)
    {
      guint32 first = (guint32) b * job->batch_size;
      guint32 count = MIN (job->batch_size, rg->n - first);

      if (job->unit)
        bfs_batch (job, &bfs, first, count);
      else
        for (guint32 k = 0; k < count; k++)
          dijkstra_one (job, &dij, first + k);
    }
  g_free (bfs.seen);
  g_free (bfs.visit);
  g_free (bfs.next);
  g_free (bfs.rows8);
  g_free (bfs.rows16);
  g_free (dij.distance);
  if (dij.heap != NULL)
    g_array_unref (dij.heap);
  return NULL;
}

static gboolean
spf_fill (CnsRouteTable *table, guint n_threads, GError **error)
{
  const CnsRouteGraph *g = cns_route_table_get_graph (table);
  RouterGraph rg;
  Job job = { 0 };
  GPtrArray *threads = g_ptr_array_new ();

  router_graph_init (&rg, g);
  job.table = table;
  job.rg = &rg;
  job.entry_size = cns_route_table_get_entry_size (table);
  job.unit = cns_route_graph_has_unit_metrics (g);
  job.batch_size = job.unit ? BATCH : DIJKSTRA_BATCH;
  job.n_batches = (rg.n + job.batch_size - 1) / job.batch_size;
  n_threads = MIN (n_threads, MAX (job.n_batches, 1));
  for (guint t = 1; t < n_threads; t++)
    {
      GThread *thread = g_thread_try_new ("cns-spf", worker, &job, NULL);

      /* fewer threads only make it slower */
      if (thread == NULL)
        break;
      g_ptr_array_add (threads, thread);
    }
  worker (&job);
  for (guint t = 0; t < threads->len; t++)
    g_thread_join (g_ptr_array_index (threads, t));
  g_ptr_array_unref (threads);
  CNS_LOG_DEBUG ("spf: %u routers, %s, %u threads", rg.n,
                 job.unit ? "breadth-first" : "Dijkstra", n_threads);
  router_graph_clear (&rg);
  return TRUE;
}

static const CnsRouteBackend spf_backend = {
  .name = "spf",
  .description = "shortest paths per destination: bit-parallel "
                 "breadth-first search for equal metrics, Dijkstra "
                 "otherwise, on every core",
  .fill = spf_fill,
};

void
cns_spf_route_backend_register (void)
{
  cns_route_backend_register (&spf_backend);
}
