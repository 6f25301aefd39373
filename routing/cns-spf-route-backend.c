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
 * operations for all BATCH destinations. A level visits only the routers
 * next to the last level's frontier, in router order (routers are
 * numbered breadth-first, so neighbours are near in memory). Next hops
 * are staged per batch in a buffer that stays in cache and written to
 * the table once per batch (see bfs_flush()). Other metrics use Dijkstra
 * with a binary heap per destination, searching backwards along links.
 */
#include "core/cns-log.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-route-heap-private.h"
#include "routing/cns-routing-error.h"
#include "routing/cns-router-graph-private.h"
#include "routing/cns-routing-private.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define VECTOR_STORES 1
#else
#define VECTOR_STORES 0
#endif

CNS_LOG_COMPONENT_DEFINE ("cns-spf-route-backend");

/* Words per node in the breadth-first search: 2 x 64 = 128 destinations
 * per pass. 4 and 8 words were slower on 10,000 routers: the per-router
 * words and the staging buffer outgrow the caches. */
#define WORDS          2
#define BATCH          (64 * WORDS)
#define DIJKSTRA_BATCH 16

typedef struct
{
  guint64 w[WORDS];
} Bits;

/* Masked stores: write @interface into the entries at @at whose bits are
 * set in @mask (64 entries of 1 or 2 bytes). */
typedef void (*StoreMaskedFn) (guint8 *at, guint64 mask, guint16 interface);

typedef struct
{
  CnsRouteTable *table;
  const CnsRouterGraph *rg;
  guint entry_size;
  StoreMaskedFn store;
  gboolean unit;
  guint n_batches;
  guint batch_size;
  gint next_batch; /* atomic */
} Job;

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
  guint64 *marks;       /* candidates of the level, one bit per router */
  guint64 *in_frontier; /* the frontier, one bit per router */
  guint32 *frontier;    /* routers that gained at the last level, ascending */
  guint32 *gainers;
  guint8 *staging; /* BATCH entries per router: the batch's columns */
} BfsWork;

/* A link usually brings many destinations at once, so one vector store (AVX-512
 * or AVX2, chosen at run time) or eight-entry words beat a store per entry. */
static guint64 expand8[256]; /* 8 mask bits -> 8 byte masks */
static guint64 expand16[16]; /* 4 mask bits -> 4 16-bit masks */

static void
store_masked8 (guint8 *at, guint64 mask, guint16 interface)
{
  guint64 fill = G_GUINT64_CONSTANT (0x0101010101010101) * interface;

  for (guint k = 0; mask != 0; k++, mask >>= 8)
    if ((mask & 0xff) != 0)
      {
        guint64 bytes, m = expand8[mask & 0xff];

        memcpy (&bytes, at + 8 * k, 8);
        bytes = (bytes & ~m) | (fill & m);
        memcpy (at + 8 * k, &bytes, 8);
      }
}

static void
store_masked16 (guint8 *at, guint64 mask, guint16 interface)
{
  guint64 fill = G_GUINT64_CONSTANT (0x0001000100010001) * interface;

  for (guint k = 0; mask != 0; k++, mask >>= 4)
    if ((mask & 0xf) != 0)
      {
        guint64 words, m = expand16[mask & 0xf];

        memcpy (&words, at + 8 * k, 8);
        words = (words & ~m) | (fill & m);
        memcpy (at + 8 * k, &words, 8);
      }
}

#if VECTOR_STORES
__attribute__ ((target ("avx512bw"))) static void
store_masked8_avx512 (guint8 *at, guint64 mask, guint16 interface)
{
  _mm512_mask_storeu_epi8 (at, mask, _mm512_set1_epi8 ((char) interface));
}

__attribute__ ((target ("avx512bw"))) static void
store_masked16_avx512 (guint8 *at, guint64 mask, guint16 interface)
{
  __m512i fill = _mm512_set1_epi16 ((short) interface);

  _mm512_mask_storeu_epi16 (at, (__mmask32) mask, fill);
  _mm512_mask_storeu_epi16 (at + 64, (__mmask32) (mask >> 32), fill);
}

/* 32 mask bits to 32 byte masks: byte k of a lane takes mask byte k / 8,
 * then keeps its own bit of it. */
__attribute__ ((target ("avx2"))) static void
store_masked8_avx2 (guint8 *at, guint64 mask, guint16 interface)
{
  const __m256i spread
      = _mm256_setr_epi8 (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2,
                          2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
  const __m256i bit = _mm256_set1_epi64x ((long long) 0x8040201008040201);
  __m256i fill = _mm256_set1_epi8 ((char) interface);

  for (guint half = 0; half < 2; half++, mask >>= 32)
    if ((guint32) mask != 0)
      {
        __m256i m
            = _mm256_shuffle_epi8 (_mm256_set1_epi32 ((int) mask), spread);
        __m256i *p = (__m256i *) (at + 32 * half);

        m = _mm256_cmpeq_epi8 (_mm256_and_si256 (m, bit), bit);
        _mm256_storeu_si256 (
            p, _mm256_blendv_epi8 (_mm256_loadu_si256 (p), fill, m));
      }
}
#endif

/* CNS_ROUTING_SIMD=portable or =avx2 caps the instructions used, so that
 * tests can compare every path on one machine. */
static StoreMaskedFn
choose_store (guint entry_size)
{
#if VECTOR_STORES
  CnsRoutingSimd cap = cns_routing_simd_cap ();
  gboolean avx512 = cap == CNS_ROUTING_SIMD_AVX512;
  gboolean avx2 = cap >= CNS_ROUTING_SIMD_AVX2;

  if (avx512 && __builtin_cpu_supports ("avx512bw"))
    return entry_size == 1 ? store_masked8_avx512 : store_masked16_avx512;
  if (avx2 && entry_size == 1 && __builtin_cpu_supports ("avx2"))
    return store_masked8_avx2;
#endif
  return entry_size == 1 ? store_masked8 : store_masked16;
}

/* Pulls router @v's new destinations of this level from its links, in
 * tie-rule order, and records the first link that brings each one.
 * Returns: whether @v got any. */
static inline gboolean
bfs_pull (const Job *job, BfsWork *work, const Bits *valid, guint32 first,
          guint32 v)
{
  const CnsRouterGraph *rg = job->rg;
  Bits rem, got = { { 0 } };
  guint64 left = 0, any_got = 0;

  for (guint w = 0; w < WORDS; w++)
    {
      rem.w[w] = valid->w[w] & ~work->seen[v].w[w];
      left |= rem.w[w];
    }
  if (left == 0)
    return FALSE;
  for (guint32 l = rg->offsets[v]; l < rg->offsets[v + 1]; l++)
    {
      guint32 n = rg->neighbor[l];
      const Bits *from = &work->visit[n];
      Bits hit;
      guint64 any = 0;

      /* the bitmap is in cache; most neighbours' words would not be */
      if ((work->in_frontier[n / 64] & (G_GUINT64_CONSTANT (1) << (n % 64)))
          == 0)
        continue;
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
          got.w[w] |= hit.w[w];
          rem.w[w] &= ~hit.w[w];
          left |= rem.w[w];
          if (hit.w[w] != 0)
            job->store (work->staging
                            + ((gsize) v * BATCH + 64 * w) * job->entry_size,
                        hit.w[w], rg->interface[l]);
        }
      if (left == 0)
        break;
    }
  for (guint w = 0; w < WORDS; w++)
    {
      work->seen[v].w[w] |= got.w[w];
      any_got |= got.w[w];
    }
  work->next[v] = got;
  return any_got != 0;
}

/* Copies the batch's staged entries into the table, each row's part in
 * one go and, where whole lines are written, without reading them first
 * (non-temporal stores); then clears the staging area for the next
 * batch. Writing every entry where it was found instead touched each
 * row's lines at every level, and the table does not fit in any cache:
 * that took most of the time. */
static void
bfs_flush (const Job *job, BfsWork *work, guint32 first, guint32 count)
{
  gsize bytes = (gsize) count * job->entry_size;
  gsize row_bytes = (gsize) BATCH * job->entry_size;

  for (guint32 v = 0; v < job->rg->n; v++)
    {
      guint8 *from = work->staging + v * row_bytes;
      guint8 *to = (guint8 *) cns_route_table_get_row (job->table, v)
                   + (gsize) first * job->entry_size;

#if defined(__SSE2__)
      if (bytes == row_bytes)
        for (gsize k = 0; k < bytes; k += 16)
          _mm_stream_si128 ((__m128i *) (to + k),
                            _mm_load_si128 ((const __m128i *) (from + k)));
      else
#endif
        memcpy (to, from, bytes);
      memset (from, 0, bytes);
    }
#if defined(__SSE2__)
  _mm_sfence ();
#endif
}

/* One breadth-first search from destinations @first .. @first + @count
 * - 1 at once. Only routers next to the last level's frontier can gain
 * destinations, so each level visits those and no others, in ascending
 * order (from a bitmap) so that their rows are written in address
 * order. */
static void
bfs_batch (const Job *job, BfsWork *work, guint32 first, guint32 count)
{
  const CnsRouterGraph *rg = job->rg;
  guint32 n_words = (rg->n + 63) / 64;
  Bits valid = { { 0 } };
  guint32 n_frontier = count;

  memset (work->seen, 0, rg->n * sizeof (Bits));
  for (guint32 k = 0; k < count; k++)
    {
      guint64 bit = G_GUINT64_CONSTANT (1) << (k % 64);

      valid.w[k / 64] |= bit;
      work->seen[first + k].w[k / 64] |= bit;
      work->visit[first + k].w[k / 64] |= bit;
      work->frontier[k] = first + k;
    }
  while (n_frontier > 0)
    {
      guint32 n_gainers = 0, *swap_list;
      Bits *swap;

      for (guint32 f = 0; f < n_frontier; f++)
        {
          guint32 u = work->frontier[f];

          work->in_frontier[u / 64] |= G_GUINT64_CONSTANT (1) << (u % 64);
        }
      for (guint32 f = 0; f < n_frontier; f++)
        {
          guint32 u = work->frontier[f];

          for (guint32 l = rg->offsets[u]; l < rg->offsets[u + 1]; l++)
            work->marks[rg->neighbor[l] / 64] |= G_GUINT64_CONSTANT (1)
                                                 << (rg->neighbor[l] % 64);
        }
      for (guint32 i = 0; i < n_words; i++)
        {
          guint64 m = work->marks[i];

          work->marks[i] = 0;
          while (m != 0)
            {
              guint32 v = 64 * i + __builtin_ctzll (m);

              if (bfs_pull (job, work, &valid, first, v))
                work->gainers[n_gainers++] = v;
              m &= m - 1;
            }
        }
      for (guint32 f = 0; f < n_frontier; f++)
        {
          guint32 u = work->frontier[f];

          memset (&work->visit[u], 0, sizeof (Bits));
          work->in_frontier[u / 64] = 0;
        }
      swap = work->visit;
      work->visit = work->next;
      work->next = swap;
      swap_list = work->frontier;
      work->frontier = work->gainers;
      work->gainers = swap_list;
      n_frontier = n_gainers;
    }
  bfs_flush (job, work, first, count);
}

/* ---- other metrics: Dijkstra backwards from each destination ---- */

typedef struct
{
  guint64 *distance;
  CnsRouteHeap heap;
} DijkstraWork;

static void
dijkstra_one (const Job *job, DijkstraWork *work, guint32 destination)
{
  const CnsRouterGraph *rg = job->rg;
  guint64 *d = work->distance;

  memset (d, 0xff, rg->n * sizeof (guint64));
  d[destination] = 0;
  work->heap.size = 0;
  cns_route_heap_push (&work->heap, 0, destination);
  while (work->heap.size > 0)
    {
      CnsRouteHeapItem top = cns_route_heap_pop (&work->heap);

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
              cns_route_heap_push (&work->heap, through, i);
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
  const CnsRouterGraph *rg = job->rg;
  BfsWork bfs = { 0 };
  DijkstraWork dij = { 0 };
  gint b;

  if (job->unit)
    {
      bfs.seen = g_new (Bits, MAX (rg->n, 1));
      bfs.visit = g_new0 (Bits, MAX (rg->n, 1));
      bfs.next = g_new0 (Bits, MAX (rg->n, 1));
      bfs.marks = g_new0 (guint64, rg->n / 64 + 1);
      bfs.in_frontier = g_new0 (guint64, rg->n / 64 + 1);
      bfs.frontier = g_new (guint32, MAX (rg->n, 1));
      bfs.gainers = g_new (guint32, MAX (rg->n, 1));
      bfs.staging = g_aligned_alloc0 ((gsize) MAX (rg->n, 1) * BATCH,
                                      job->entry_size, 64);
    }
  else
    dij.distance = g_new (guint64, MAX (rg->n, 1));
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
  g_aligned_free (bfs.staging);
  g_free (bfs.marks);
  g_free (bfs.in_frontier);
  g_free (bfs.frontier);
  g_free (bfs.gainers);
  g_free (dij.distance);
  cns_route_heap_clear (&dij.heap);
  return NULL;
}

static gboolean
spf_fill (CnsRouteTable *table, guint n_threads, GError **error)
{
  const CnsRouteGraph *g = cns_route_table_get_graph (table);
  CnsRouterGraph rg;
  Job job = { 0 };
  GPtrArray *threads = g_ptr_array_new ();

  cns_router_graph_init (&rg, g);
  if (rg.n == 0)
    {
      cns_router_graph_clear (&rg);
      g_ptr_array_unref (threads);
      return TRUE;
    }
  job.table = table;
  job.rg = &rg;
  job.entry_size = cns_route_table_get_entry_size (table);
  job.unit = cns_route_graph_has_unit_metrics (g);
  job.store = choose_store (job.entry_size);
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
  cns_router_graph_clear (&rg);
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
  for (guint m = 0; m < 256; m++)
    for (guint k = 0; k < 8; k++)
      if (m & (1u << k))
        expand8[m] |= G_GUINT64_CONSTANT (0xff) << (8 * k);
  for (guint m = 0; m < 16; m++)
    for (guint k = 0; k < 4; k++)
      if (m & (1u << k))
        expand16[m] |= G_GUINT64_CONSTANT (0xffff) << (16 * k);
  cns_route_backend_register (&spf_backend);
}
