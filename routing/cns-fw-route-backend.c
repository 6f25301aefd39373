/* cns — the "fw-cpu" route-table backend: blocked Floyd-Warshall.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Closes the packed distance matrix of routing/cuda/cns-route-cuda-plugin.h
 * (entries (distance << b) | rank of the first link, so that the least
 * entry is the tie rule's next hop) on the processor, then reads each
 * entry's first link off as an interface.
 *
 * The matrix is padded to a multiple of TILE routers (the padding is
 * unreachable) and stored tile by tile, each TILE x TILE tile row-major
 * and contiguous. Round K of the blocked algorithm closes the diagonal
 * tile (K, K) (phase 1), then updates the tiles of row K and column K
 * through it (phase 2), then every other tile (I, J) through (I, K) and
 * (K, J) (phase 3). Phases 2 and 3 are shared by the threads, which are
 * made once per fill and wait for each other between phases.
 *
 * Nearly all the work is phase 3's C = min (C, A (x) B): a min-plus
 * product of tiles, done by a kernel that keeps ROWS rows by two vectors
 * of C in registers while it runs through k (AVX-512 or AVX2 chosen at
 * run time, plain loops otherwise). Row K's tiles are copied with the
 * rank bits cleared once a round, so the kernel adds B as it is. Routers
 * are numbered breadth-first, so in the early rounds of a sparse graph
 * most of A and B is still infinite: groups of 8 rows of A, and of 8
 * columns of B, that are all infinite are skipped (they would change
 * nothing).
 */
#include "core/cns-log.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-routing-error.h"
#include "routing/cns-router-graph-private.h"
#include "routing/cns-routing-private.h"

#include <pthread.h>
#include <string.h>
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define X86_KERNELS 1
#else
#define X86_KERNELS 0
#endif

CNS_LOG_COMPONENT_DEFINE ("cns-fw-route-backend");

/* Routers per tile side. 64 and 96 were as fast in the kernel alone; 64
 * pads less and keeps a 32-bit tile (16 KiB) and its A and B in the
 * first-level cache. */
#define TILE 64
/* Rows of C the kernels keep in registers: 8 rows by 2 vectors was the
 * fastest of the shapes tried (4 x 4, 16 x 1, 12 x 2, ...) with AVX-512
 * and AVX2 alike. Also the grain of the skipped rows and columns. */
#define ROWS  8
#define GROUP 8
/* Tiles of phase 3 per task taken from the shared counter. */
#define CHUNK 16

#define INF32 G_GUINT64_CONSTANT (0x7fffffff)
#define INF64 G_GUINT64_CONSTANT (0x7fffffffffffffff)
#define ALL   G_MAXUINT32

/* C = min (C, A (x) B) on TILE x TILE tiles: C[i][j] = min over k of
 * A[i][k] + B[k][j], B with its rank bits already cleared. Only the groups
 * of 8 rows set in @live_rows and of 8 columns set in @live_columns are
 * computed. A may be C itself (phase 2): an entry read before or after
 * its update gives the same closure. */
typedef void (*MinPlusFn) (gpointer c, gconstpointer a, gconstpointer b,
                           guint32 live_rows, guint32 live_columns);

typedef enum
{
  PATH_PORTABLE,
  PATH_AVX2,
  PATH_AVX512,
} SimdPath;

static const gchar *const path_names[] = { "portable", "avx2", "avx512" };

/* ---- kernels ---- */

/* The accumulators stay in registers only when the loops over rows are
 * unrolled. */
#if defined(__GNUC__) || defined(__clang__)
#define UNROLL_ROWS _Pragma ("GCC unroll 8")
#else
#define UNROLL_ROWS
#endif

/* The register-blocked loop, for one vector type: two vectors of LANES
 * entries per row, ROWS rows; each k loads two vectors of B and adds
 * each row's A[i][k] to them. */
#define MIN_PLUS_BLOCKED(Entry, Vec, LANES, LOAD, STORE, SET1, ADD, MIN) \
  G_STMT_START                                                           \
    {                                                                    \
      Entry *c_ = c;                                                     \
      const Entry *a_ = a, *b_ = b;                                      \
                                                                         \
      for (guint i = 0; i < TILE; i += ROWS)                             \
        {                                                                \
          if ((live_rows & (1u << (i / GROUP))) == 0)                    \
            continue;                                                    \
          for (guint j = 0; j < TILE; j += 2 * (LANES))                  \
            {                                                            \
              Vec c0[ROWS], c1[ROWS];                                    \
                                                                         \
              if (((live_columns >> (j / GROUP))                         \
                   & ((1u << (2 * (LANES) / GROUP)) - 1))                \
                  == 0)                                                  \
                continue;                                                \
              UNROLL_ROWS                                                \
              for (guint r = 0; r < ROWS; r++)                           \
                {                                                        \
                  c0[r] = LOAD (c_ + (i + r) * TILE + j);                \
                  c1[r] = LOAD (c_ + (i + r) * TILE + j + (LANES));      \
                }                                                        \
              for (guint k = 0; k < TILE; k++)                           \
                {                                                        \
                  Vec b0 = LOAD (b_ + k * TILE + j);                     \
                  Vec b1 = LOAD (b_ + k * TILE + j + (LANES));           \
                                                                         \
                  UNROLL_ROWS                                            \
                  for (guint r = 0; r < ROWS; r++)                       \
                    {                                                    \
                      Vec x = SET1 (a_[(i + r) * TILE + k]);             \
                                                                         \
                      c0[r] = MIN (c0[r], ADD (x, b0));                  \
                      c1[r] = MIN (c1[r], ADD (x, b1));                  \
                    }                                                    \
                }                                                        \
              UNROLL_ROWS                                                \
              for (guint r = 0; r < ROWS; r++)                           \
                {                                                        \
                  STORE (c_ + (i + r) * TILE + j, c0[r]);                \
                  STORE (c_ + (i + r) * TILE + j + (LANES), c1[r]);      \
                }                                                        \
            }                                                            \
        }                                                                \
    }                                                                    \
  G_STMT_END

/* Plain loops, which the compiler vectorises for the baseline of the
 * target: 2 rows by 16 (32-bit) or 8 (64-bit) entries at a time. */
#define MIN_PLUS_PLAIN(Entry, WIDTH)                                     \
  G_STMT_START                                                           \
    {                                                                    \
      Entry *c_ = c;                                                     \
      const Entry *a_ = a, *b_ = b;                                      \
                                                                         \
      for (guint i = 0; i < TILE; i += 2)                                \
        {                                                                \
          if ((live_rows & (1u << (i / GROUP))) == 0)                    \
            continue;                                                    \
          for (guint j = 0; j < TILE; j += (WIDTH))                      \
            {                                                            \
              Entry acc[2][WIDTH];                                       \
                                                                         \
              if (((live_columns >> (j / GROUP))                         \
                   & ((1u << ((WIDTH) / GROUP)) - 1))                    \
                  == 0)                                                  \
                continue;                                                \
              for (guint r = 0; r < 2; r++)                              \
                memcpy (acc[r], c_ + (i + r) * TILE + j, sizeof acc[r]); \
              for (guint k = 0; k < TILE; k++)                           \
                {                                                        \
                  const Entry *bk = b_ + k * TILE + j;                   \
                                                                         \
                  for (guint r = 0; r < 2; r++)                          \
                    {                                                    \
                      Entry x = a_[(i + r) * TILE + k];                  \
                                                                         \
                      for (guint v = 0; v < (WIDTH); v++)                \
                        {                                                \
                          Entry s = x + bk[v];                           \
                                                                         \
                          acc[r][v] = s < acc[r][v] ? s : acc[r][v];     \
                        }                                                \
                    }                                                    \
                }                                                        \
              for (guint r = 0; r < 2; r++)                              \
                memcpy (c_ + (i + r) * TILE + j, acc[r], sizeof acc[r]); \
            }                                                            \
        }                                                                \
    }                                                                    \
  G_STMT_END

static void
min_plus32_portable (gpointer c, gconstpointer a, gconstpointer b,
                     guint32 live_rows, guint32 live_columns)
{
  MIN_PLUS_PLAIN (guint32, 16);
}

static void
min_plus64_portable (gpointer c, gconstpointer a, gconstpointer b,
                     guint32 live_rows, guint32 live_columns)
{
  MIN_PLUS_PLAIN (guint64, 8);
}

#if X86_KERNELS
#define LOAD256(p)     _mm256_load_si256 ((const __m256i *) (p))
#define STORE256(p, v) _mm256_store_si256 ((__m256i *) (p), (v))
#define SET1_32x8(x)   _mm256_set1_epi32 ((int) (x))
#define SET1_64x4(x)   _mm256_set1_epi64x ((long long) (x))
#define LOAD512(p)     _mm512_load_si512 ((const void *) (p))
#define STORE512(p, v) _mm512_store_si512 ((void *) (p), (v))
#define SET1_32x16(x)  _mm512_set1_epi32 ((int) (x))
#define SET1_64x8(x)   _mm512_set1_epi64 ((long long) (x))

/* AVX2 has no unsigned 64-bit minimum: compare with the sign bits
 * flipped (sums of two entries may pass 2^63). */
__attribute__ ((target ("avx2"))) static inline __m256i
min_epu64_avx2 (__m256i x, __m256i y)
{
  const __m256i sign = _mm256_set1_epi64x (G_MININT64);
  __m256i greater = _mm256_cmpgt_epi64 (_mm256_xor_si256 (x, sign),
                                        _mm256_xor_si256 (y, sign));

  return _mm256_blendv_epi8 (x, y, greater);
}

__attribute__ ((target ("avx2"))) static void
min_plus32_avx2 (gpointer c, gconstpointer a, gconstpointer b,
                 guint32 live_rows, guint32 live_columns)
{
  MIN_PLUS_BLOCKED (guint32, __m256i, 8, LOAD256, STORE256, SET1_32x8,
                    _mm256_add_epi32, _mm256_min_epu32);
}

__attribute__ ((target ("avx2"))) static void
min_plus64_avx2 (gpointer c, gconstpointer a, gconstpointer b,
                 guint32 live_rows, guint32 live_columns)
{
  MIN_PLUS_BLOCKED (guint64, __m256i, 4, LOAD256, STORE256, SET1_64x4,
                    _mm256_add_epi64, min_epu64_avx2);
}

__attribute__ ((target ("avx512f,avx512bw,avx512vl"))) static void
min_plus32_avx512 (gpointer c, gconstpointer a, gconstpointer b,
                   guint32 live_rows, guint32 live_columns)
{
  MIN_PLUS_BLOCKED (guint32, __m512i, 16, LOAD512, STORE512, SET1_32x16,
                    _mm512_add_epi32, _mm512_min_epu32);
}

__attribute__ ((target ("avx512f,avx512bw,avx512vl"))) static void
min_plus64_avx512 (gpointer c, gconstpointer a, gconstpointer b,
                   guint32 live_rows, guint32 live_columns)
{
  MIN_PLUS_BLOCKED (guint64, __m512i, 8, LOAD512, STORE512, SET1_64x8,
                    _mm512_add_epi64, _mm512_min_epu64);
}
#endif

/* CNS_ROUTING_SIMD=portable, =avx2 or =avx512 caps the instructions used
 * (read at each fill), so that tests can compare every path on one
 * machine. */
static SimdPath
choose_path (void)
{
  CnsRoutingSimd cap = cns_routing_simd_cap ();
  gboolean avx512 = cap == CNS_ROUTING_SIMD_AVX512;
  gboolean avx2 = cap >= CNS_ROUTING_SIMD_AVX2;

#if X86_KERNELS
  if (avx512 && __builtin_cpu_supports ("avx512f")
      && __builtin_cpu_supports ("avx512bw")
      && __builtin_cpu_supports ("avx512vl"))
    return PATH_AVX512;
  if (avx2 && __builtin_cpu_supports ("avx2"))
    return PATH_AVX2;
#endif
  return PATH_PORTABLE;
}

static MinPlusFn
min_plus_for (SimdPath path, gboolean wide)
{
#if X86_KERNELS
  if (path == PATH_AVX512)
    return wide ? min_plus64_avx512 : min_plus32_avx512;
  if (path == PATH_AVX2)
    return wide ? min_plus64_avx2 : min_plus32_avx2;
#endif
  return wide ? min_plus64_portable : min_plus32_portable;
}

/* ---- the other tile operations, for 32- and 64-bit entries ---- */

typedef struct
{
  guint bits;
  /* fills tile @t with @value, @diagonal on its diagonal if it is one */
  void (*set) (gpointer t, guint64 value, gboolean diagonal, guint64 mask);
  /* lowers entry @at of tile @t to @value if that is less */
  void (*lower) (gpointer t, guint at, guint64 value);
  /* closes a diagonal tile in place (phase 1): k by k */
  void (*close) (gpointer t, guint64 mask);
  /* copies @from with the rank bits cleared; returns the groups of 8
   * columns with a finite entry */
  guint32 (*copy_masked) (gpointer to, gconstpointer from, guint64 mask);
  /* the groups of 8 rows with a finite entry */
  guint32 (*live_rows) (gconstpointer t);
  /* the first-link ranks of one row of a tile */
  void (*ranks) (guint16 *to, gconstpointer row, guint n, guint64 mask);
} TileOps;

#define DEFINE_TILE_OPS(BITS, Entry, INF)                              \
  static void set##BITS (gpointer t, guint64 value, gboolean diagonal, \
                         guint64 mask)                                 \
  {                                                                    \
    Entry *e = t;                                                      \
                                                                       \
    for (guint x = 0; x < TILE * TILE; x++)                            \
      e[x] = (Entry) value;                                            \
    if (diagonal)                                                      \
      for (guint x = 0; x < TILE; x++)                                 \
        e[x * TILE + x] = (Entry) mask;                                \
  }                                                                    \
                                                                       \
  static void lower##BITS (gpointer t, guint at, guint64 value)        \
  {                                                                    \
    Entry *e = t;                                                      \
                                                                       \
    e[at] = MIN (e[at], (Entry) value);                                \
  }                                                                    \
                                                                       \
  /* Row k and column k do not change at step k (the diagonal is the   \
   * rank mask, distance 0): updating in place is Floyd-Warshall. */   \
  static void close##BITS (gpointer t, guint64 mask)                   \
  {                                                                    \
    Entry *e = t;                                                      \
                                                                       \
    for (guint k = 0; k < TILE; k++)                                   \
      {                                                                \
        Entry row_k[TILE];                                             \
                                                                       \
        for (guint j = 0; j < TILE; j++)                               \
          row_k[j] = e[k * TILE + j] & ~(Entry) mask;                  \
        for (guint i = 0; i < TILE; i++)                               \
          {                                                            \
            Entry x = e[i * TILE + k], *row_i = e + i * TILE;          \
                                                                       \
            if (x >= (Entry) (INF))                                    \
              continue;                                                \
            for (guint j = 0; j < TILE; j++)                           \
              {                                                        \
                Entry s = x + row_k[j];                                \
                                                                       \
                row_i[j] = s < row_i[j] ? s : row_i[j];                \
              }                                                        \
          }                                                            \
      }                                                                \
  }                                                                    \
                                                                       \
  static guint32 copy_masked##BITS (gpointer to, gconstpointer from,   \
                                    guint64 mask)                      \
  {                                                                    \
    Entry *d = to, finite[TILE] = { 0 };                               \
    const Entry *s = from;                                             \
    guint32 live = 0;                                                  \
                                                                       \
    for (guint i = 0; i < TILE; i++)                                   \
      for (guint j = 0; j < TILE; j++)                                 \
        {                                                              \
          d[i * TILE + j] = s[i * TILE + j] & ~(Entry) mask;           \
          finite[j] |= s[i * TILE + j] < (Entry) (INF);                \
        }                                                              \
    for (guint j = 0; j < TILE; j++)                                   \
      if (finite[j])                                                   \
        live |= 1u << (j / GROUP);                                     \
    return live;                                                       \
  }                                                                    \
                                                                       \
  static guint32 live_rows##BITS (gconstpointer t)                     \
  {                                                                    \
    const Entry *e = t;                                                \
    guint32 live = 0;                                                  \
                                                                       \
    for (guint i = 0; i < TILE; i++)                                   \
      {                                                                \
        Entry least = INF;                                             \
                                                                       \
        for (guint j = 0; j < TILE; j++)                               \
          least = MIN (least, e[i * TILE + j]);                        \
        if (least < (Entry) (INF))                                     \
          live |= 1u << (i / GROUP);                                   \
      }                                                                \
    return live;                                                       \
  }                                                                    \
                                                                       \
  static void ranks##BITS (guint16 *to, gconstpointer row, guint n,    \
                           guint64 mask)                               \
  {                                                                    \
    const Entry *e = row;                                              \
                                                                       \
    for (guint j = 0; j < n; j++)                                      \
      to[j] = (guint16) (e[j] & mask);                                 \
  }                                                                    \
                                                                       \
  static const TileOps tile_ops##BITS = {                              \
    BITS,        set##BITS,         lower##BITS,                       \
    close##BITS, copy_masked##BITS, live_rows##BITS,                   \
    ranks##BITS,                                                       \
  }

DEFINE_TILE_OPS (32, guint32, INF32);
DEFINE_TILE_OPS (64, guint64, INF64);

/* ---- the fill ---- */

/* Of pthread locks, not GLib's: ThreadSanitizer sees them. */
typedef struct
{
  pthread_mutex_t lock;
  pthread_cond_t cond;
  guint waiting, n, generation;
} Barrier;

typedef struct
{
  CnsRouteTable *table;
  const CnsRouterGraph *rg;
  const TileOps *ops;
  MinPlusFn min_plus;
  guint entry_size;
  guint32 rank_bits;
  guint64 mask, inf;
  guint32 n_tiles;
  gsize tile_bytes;
  guint8 *matrix;        /* tile (I, J) at (I * n_tiles + J) * tile_bytes */
  guint8 *strip;         /* the round's tiles (K, J), rank bits cleared, by J */
  guint32 *live_rows;    /* by I: of tile (I, K) */
  guint32 *live_columns; /* by J: of tile (K, J) */
  Barrier barrier;
  gint next_row;     /* atomic: tile rows to initialise */
  gint next_extract; /* atomic: tile rows to extract */
  gint next_phase2;  /* atomic, reset each round */
  gint next_phase3;  /* atomic, reset each round */
} Job;

typedef struct
{
  Job *job;
  guint index;
} Worker;

static void
barrier_wait (Barrier *b)
{
  guint generation;

  pthread_mutex_lock (&b->lock);
  generation = b->generation;
  if (++b->waiting == b->n)
    {
      b->waiting = 0;
      b->generation++;
      pthread_cond_broadcast (&b->cond);
    }
  else
    while (generation == b->generation)
      pthread_cond_wait (&b->cond, &b->lock);
  pthread_mutex_unlock (&b->lock);
}

static inline gpointer
tile (const Job *job, guint32 row, guint32 column)
{
  return job->matrix + ((gsize) row * job->n_tiles + column) * job->tile_bytes;
}

static inline gpointer
strip_tile (const Job *job, guint32 column)
{
  return job->strip + (gsize) column * job->tile_bytes;
}

/* Tile row @I of the matrix before the first round: infinite, the rank
 * mask on the diagonal (padding included), and the links of its
 * routers, each (metric << b) | rank where it is the least. */
static void
init_tile_row (const Job *job, guint32 I)
{
  const CnsRouterGraph *rg = job->rg;

  for (guint32 J = 0; J < job->n_tiles; J++)
    job->ops->set (tile (job, I, J), job->inf, I == J, job->mask);
  for (guint32 i = I * TILE; i < MIN ((I + 1) * TILE, rg->n); i++)
    for (guint32 l = rg->offsets[i]; l < rg->offsets[i + 1]; l++)
      {
        guint32 n = rg->neighbor[l];
        guint64 value = ((guint64) rg->metric[l] << job->rank_bits)
                        | (l - rg->offsets[i]);

        job->ops->lower (tile (job, I, n / TILE), (i % TILE) * TILE + n % TILE,
                         value);
      }
}

/* The entries of tile row @I's routers: the interface of the first link
 * each entry names. The diagonal and infinite entries have every rank
 * bit set, which no link has (2^b exceeds the longest row), and so read
 * the 0 that @interface holds there. */
static void
extract_tile_row (const Job *job, guint32 I, guint16 *interface, guint16 *ranks)
{
  const CnsRouterGraph *rg = job->rg;

  for (guint32 i = I * TILE; i < MIN ((I + 1) * TILE, rg->n); i++)
    {
      guint32 first = rg->offsets[i], degree = rg->offsets[i + 1] - first;
      gpointer row = cns_route_table_get_row (job->table, i);

      for (guint32 l = 0; l < degree; l++)
        interface[l] = rg->interface[first + l];
      for (guint32 J = 0; J < job->n_tiles; J++)
        {
          guint n = MIN (TILE, rg->n - J * TILE);
          const guint8 *from
              = (const guint8 *) tile (job, I, J)
                + (gsize) (i % TILE) * TILE * (job->ops->bits / 8);

          job->ops->ranks (ranks, from, n, job->mask);
          if (job->entry_size == 1)
            {
              guint8 *to = (guint8 *) row + J * TILE;

              for (guint j = 0; j < n; j++)
                to[j] = (guint8) interface[ranks[j]];
            }
          else
            {
              guint16 *to = (guint16 *) row + J * TILE;

              for (guint j = 0; j < n; j++)
                to[j] = interface[ranks[j]];
            }
        }
      memset (interface, 0, degree * sizeof (guint16));
    }
}

/* Phase 2, task @t: tile (K, J) through the closed diagonal tile, or
 * tile (I, K) through it. */
static void
phase2 (Job *job, guint32 K, guint32 t)
{
  guint32 other = t % (job->n_tiles - 1);
  guint32 X = other < K ? other : other + 1;

  if (t < job->n_tiles - 1)
    {
      gpointer c = tile (job, K, X);

      job->ops->copy_masked (strip_tile (job, X), c, job->mask);
      job->min_plus (c, tile (job, K, K), strip_tile (job, X), ALL, ALL);
      job->live_columns[X]
          = job->ops->copy_masked (strip_tile (job, X), c, job->mask);
    }
  else
    {
      gpointer c = tile (job, X, K);

      job->min_plus (c, c, strip_tile (job, K), ALL, ALL);
      job->live_rows[X] = job->ops->live_rows (c);
    }
}

/* Phase 3, task @t: up to CHUNK tiles (I, J) of one tile row, through
 * (I, K) and (K, J). */
static void
phase3 (Job *job, guint32 K, guint32 t)
{
  guint32 m = job->n_tiles - 1, per_row = (m + CHUNK - 1) / CHUNK;
  guint32 I = t / per_row, J0 = t % per_row * CHUNK;

  I += I >= K;
  if (job->live_rows[I] == 0)
    return;
  for (guint32 J = J0; J < MIN (J0 + CHUNK, m); J++)
    {
      guint32 X = J + (J >= K);

      if (job->live_columns[X] != 0)
        job->min_plus (tile (job, I, X), tile (job, I, K), strip_tile (job, X),
                       job->live_rows[I], job->live_columns[X]);
    }
}

static gpointer
worker (gpointer data)
{
  Worker *w = data;
  Job *job = w->job;
  guint32 m = job->n_tiles - 1;
  guint32 n_phase2 = 2 * m, n_phase3 = m * ((m + CHUNK - 1) / CHUNK);
  guint16 *interface, *ranks;
  gint t;

  while ((t = g_atomic_int_add (&job->next_row, 1)) < (gint) job->n_tiles)
    init_tile_row (job, (guint32) t);
  barrier_wait (&job->barrier);
  for (guint32 K = 0; K < job->n_tiles; K++)
    {
      if (w->index == 0)
        {
          job->ops->close (tile (job, K, K), job->mask);
          job->ops->copy_masked (strip_tile (job, K), tile (job, K, K),
                                 job->mask);
          g_atomic_int_set (&job->next_phase2, 0);
          g_atomic_int_set (&job->next_phase3, 0);
        }
      barrier_wait (&job->barrier);
      while ((t = g_atomic_int_add (&job->next_phase2, 1)) < (gint) n_phase2)
        phase2 (job, K, (guint32) t);
      barrier_wait (&job->barrier);
      while ((t = g_atomic_int_add (&job->next_phase3, 1)) < (gint) n_phase3)
        phase3 (job, K, (guint32) t);
      barrier_wait (&job->barrier);
    }
  /* by rank; every rank bit set (the diagonal, no route) reads 0 */
  interface = g_new0 (guint16, (gsize) job->mask + 1);
  ranks = g_new (guint16, TILE);
  while ((t = g_atomic_int_add (&job->next_extract, 1)) < (gint) job->n_tiles)
    extract_tile_row (job, (guint32) t, interface, ranks);
  g_free (interface);
  g_free (ranks);
  return NULL;
}

/* 64-byte aligned, or NULL when it cannot be had. */
static gpointer
try_alloc_aligned (gsize bytes, gpointer *block)
{
  *block = g_try_malloc (bytes + 63);
  if (*block == NULL)
    return NULL;
  return (gpointer) (((guintptr) *block + 63) & ~(guintptr) 63);
}

static gboolean
fw_fill (CnsRouteTable *table, guint n_threads, GError **error)
{
  const CnsRouteGraph *g = cns_route_table_get_graph (table);
  CnsRouterGraph rg;
  Job job = { 0 };
  gboolean wide;
  guint64 entries, bytes;
  gpointer matrix_block = NULL, strip_block = NULL;
  SimdPath path = choose_path ();
  g_autofree Worker *workers = NULL;
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();

  cns_router_graph_init (&rg, g);
  if (rg.n == 0)
    {
      cns_router_graph_clear (&rg);
      return TRUE;
    }
  job.table = table;
  job.rg = &rg;
  job.entry_size = cns_route_table_get_entry_size (table);
  cns_router_graph_packing (&rg, &job.rank_bits, &wide);
  job.mask = (G_GUINT64_CONSTANT (1) << job.rank_bits) - 1;
  job.inf = wide ? INF64 : INF32;
  job.ops = wide ? &tile_ops64 : &tile_ops32;
  job.min_plus = min_plus_for (path, wide);
  job.n_tiles = (rg.n + TILE - 1) / TILE;
  job.tile_bytes = (gsize) TILE * TILE * (job.ops->bits / 8);
  entries = (guint64) job.n_tiles * job.n_tiles;
  if (entries + job.n_tiles < (G_MAXSIZE - 128) / job.tile_bytes)
    {
      bytes = (entries + job.n_tiles) * job.tile_bytes;
      job.matrix = try_alloc_aligned (entries * job.tile_bytes, &matrix_block);
    }
  else
    bytes = G_MAXUINT64;
  job.strip
      = job.matrix == NULL
            ? NULL
            : try_alloc_aligned (job.n_tiles * job.tile_bytes, &strip_block);
  if (job.strip == NULL)
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_MEMORY_BUDGET,
                   "fw-cpu: the distance matrix of %u routers needs "
                   "%" G_GUINT64_FORMAT " bytes, which could not be had",
                   rg.n, bytes);
      g_free (matrix_block);
      cns_router_graph_clear (&rg);
      return FALSE;
    }
  job.live_rows = g_new0 (guint32, job.n_tiles);
  job.live_columns = g_new0 (guint32, job.n_tiles);

  /* a round of phase 3 has m * ceil (m / CHUNK) tasks, m = n_tiles - 1 */
  n_threads = MIN (n_threads, MAX (job.n_tiles - 1, 1));
  workers = g_new (Worker, n_threads);
  pthread_mutex_init (&job.barrier.lock, NULL);
  pthread_cond_init (&job.barrier.cond, NULL);
  job.barrier.n = n_threads;
  for (guint t = 0; t < n_threads; t++)
    workers[t] = (Worker){ &job, t };
  for (guint t = 1; t < n_threads; t++)
    {
      GThread *thread = g_thread_try_new ("cns-fw", worker, &workers[t], NULL);

      /* fewer threads only make it slower */
      if (thread == NULL)
        break;
      g_ptr_array_add (threads, thread);
    }
  /* threads already waiting are fewer than this: the first thread has
   * not come yet */
  pthread_mutex_lock (&job.barrier.lock);
  job.barrier.n = threads->len + 1;
  pthread_mutex_unlock (&job.barrier.lock);
  worker (&workers[0]);
  for (guint t = 0; t < threads->len; t++)
    g_thread_join (g_ptr_array_index (threads, t));
  CNS_LOG_DEBUG ("fw-cpu: %u routers, %s, tile %u, %u threads, %u-bit "
                 "entries, %u rank bits",
                 rg.n, path_names[path], TILE, threads->len + 1, job.ops->bits,
                 job.rank_bits);

  pthread_mutex_destroy (&job.barrier.lock);
  pthread_cond_destroy (&job.barrier.cond);
  g_free (job.live_rows);
  g_free (job.live_columns);
  g_free (strip_block);
  g_free (matrix_block);
  cns_router_graph_clear (&rg);
  return TRUE;
}

static const CnsRouteBackend fw_backend = {
  .name = "fw-cpu",
  .description = "blocked Floyd-Warshall on the packed distance matrix, "
                 "AVX-512 or AVX2 where the processor has them, on every "
                 "core",
  .fill = fw_fill,
};

void
cns_fw_route_backend_register (void)
{
  cns_route_backend_register (&fw_backend);
}
