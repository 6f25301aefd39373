/* cns — the free lists behind packets, buffers and packet metadata.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every block a packet needs (the packet struct, its byte storage, its tag
 * and header lists) comes from one of a few size classes, 64, 96, 128,
 * 192, ... 65536 bytes: each a power of two or one and a half times one, so
 * that no block wastes more than a third of itself. Blocks are carved from
 * 16 KiB slabs and go back to their class's free list when released, so
 * steady-state traffic takes nothing from malloc, and carving blocks from
 * slabs spares malloc's per-chunk overhead: a packet struct and a small
 * buffer cost exactly 64 bytes each.
 *
 * Slabs are only given back all at once, by cns_packet_pool_trim(), when no
 * block is in use.
 *
 * Each thread has free lists of its own and takes no lock to use them. In
 * a parallel run a packet made on one thread is often freed on another
 * (it crossed to a node of another LP), so a thread that holds more than
 * POOL_LIMIT free blocks of a class gives a batch of them to a depot that
 * every thread refills from, under a lock, a batch at a time.
 *
 * Under a valgrind tool that tracks malloc (memcheck, helgrind, massif...)
 * every block is a malloc chunk of its own, as GLib's G_SLICE=always-malloc
 * does, so that memcheck reports a packet that leaks or is used after its
 * last unref like any other memory. Tools that do not (callgrind,
 * cachegrind) keep the slabs, so that their profiles count the
 * instructions and cache misses of a native run.
 */
#include "network/cns-packet-pool-private.h"

#include "core/cns-parallel.h"

#include <string.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define POOL_HAVE_VALGRIND 1
#endif
#endif

#define POOL_MIN_BLOCK CNS_PACKET_POOL_MIN_BLOCK
#define POOL_N_CLASSES 21 /* 64 << 10 == CNS_PACKET_POOL_MAX_BLOCK */
#define POOL_SLAB      16384
/* Blocks moved between a thread and the depot at a time, and how many
 * free ones a thread of a parallel run keeps before it gives a batch. */
#define POOL_BATCH 256
#define POOL_LIMIT (4 * POOL_BATCH)

/* A thread's free lists of the classes past the first, whose list is
 * cns_packet_pool_min_free_list; lists[0] and n_free[0] are unused. */
typedef struct
{
  gpointer lists[POOL_N_CLASSES];
  gsize n_free[POOL_N_CLASSES];
} PoolThread;

__thread gpointer cns_packet_pool_min_free_list CNS_PACKET_POOL_TLS;
__thread gsize cns_packet_pool_min_n_free CNS_PACKET_POOL_TLS;
/* 0 until the thread's first free, which then registers the thread */
__thread gsize cns_packet_pool_min_limit CNS_PACKET_POOL_TLS;
__thread gssize cns_packet_pool_n_live CNS_PACKET_POOL_TLS;
static __thread PoolThread *pool_thread CNS_PACKET_POOL_TLS;
gboolean cns_packet_pool_use_malloc;

/* Shared, under the lock: the slabs, the depot's batches (linked through
 * their first block's second word), the live counts of the threads that
 * use the pool, and what threads that ended left live. */
static GMutex lock;
static GPtrArray *slabs;
static gpointer depot[POOL_N_CLASSES];
static GPtrArray *thread_live; /* gssize *, each thread's n_live */
static gssize retired_live;
static guint64 allocations;
static void pool_thread_exit (gpointer data);
static GPrivate thread_exit = G_PRIVATE_INIT (pool_thread_exit);
#ifdef POOL_HAVE_VALGRIND
static gboolean use_malloc_known;
#endif

static inline guint
pool_class (gsize size)
{
  guint bits;

  if (size <= POOL_MIN_BLOCK)
    return 0;
  /* 2^(bits - 1) < size <= 2^bits, with bits >= 7 */
  bits = g_bit_storage (size - 1);
  if (size <= (gsize) 3 << (bits - 2))
    return 2 * (bits - 6) - 1;
  return 2 * (bits - 6);
}

static inline gsize
pool_class_size (guint klass)
{
  return klass % 2 == 0
             ? (gsize) POOL_MIN_BLOCK << (klass / 2)
             : (gsize) (POOL_MIN_BLOCK + POOL_MIN_BLOCK / 2) << (klass / 2);
}

#ifdef POOL_HAVE_VALGRIND
/* Whether the valgrind tool running us replaces malloc: such a tool
 * preloads a library of its own, vgpreload_<tool>, besides the
 * vgpreload_core that every tool preloads. */
static G_GNUC_NO_INLINE gboolean
pool_tool_tracks_malloc (void)
{
  const gchar *preload = g_getenv ("LD_PRELOAD");

  if (!RUNNING_ON_VALGRIND)
    return FALSE;
  for (const gchar *p = preload; p != NULL && (p = strstr (p, "vgpreload_"));
       p++)
    if (!g_str_has_prefix (p, "vgpreload_core"))
      return TRUE;
  return FALSE;
}
#endif

/* Called before every block leaves the pool, so the inline free, which
 * only ever sees blocks that left it, finds cns_packet_pool_use_malloc
 * set. */
static inline gboolean
pool_uses_malloc (void)
{
#ifdef POOL_HAVE_VALGRIND
  if (G_UNLIKELY (!use_malloc_known))
    {
      cns_packet_pool_use_malloc = pool_tool_tracks_malloc ();
      use_malloc_known = TRUE;
    }
#endif
  return cns_packet_pool_use_malloc;
}

static gsize
pool_limit (void)
{
  return cns_simulator_get_n_threads () > 1 ? POOL_LIMIT : G_MAXSIZE;
}

/* The calling thread's lists, made on its first use of the pool. Its
 * limit is looked up again on each refill: the thread count is known once
 * the command line is parsed. */
static G_GNUC_NO_INLINE PoolThread *
pool_thread_get (void)
{
  if (G_UNLIKELY (pool_thread == NULL))
    {
      pool_thread = g_new0 (PoolThread, 1);
      g_mutex_lock (&lock);
      if (thread_live == NULL)
        thread_live = g_ptr_array_new ();
      g_ptr_array_add (thread_live, &cns_packet_pool_n_live);
      g_mutex_unlock (&lock);
      g_private_set (&thread_exit, pool_thread);
      cns_packet_pool_min_limit = pool_limit ();
    }
  return pool_thread;
}

static inline gpointer *
pool_free_list (PoolThread *t, guint klass, gsize **n_free)
{
  if (klass == 0)
    {
      *n_free = &cns_packet_pool_min_n_free;
      return &cns_packet_pool_min_free_list;
    }
  *n_free = &t->n_free[klass];
  return &t->lists[klass];
}

/* Gives @list's first POOL_BATCH blocks to the depot; called with more
 * than that many on it. */
static void
pool_give_batch (guint klass, gpointer *list, gsize *n_free)
{
  gpointer batch = *list, last = batch;

  for (guint i = 1; i < POOL_BATCH; i++)
    last = *(gpointer *) last;
  *list = *(gpointer *) last;
  *(gpointer *) last = NULL;
  *n_free -= POOL_BATCH;
  g_mutex_lock (&lock);
  ((gpointer *) batch)[1] = depot[klass];
  depot[klass] = batch;
  g_mutex_unlock (&lock);
}

/* cns_packet_pool_spill_min: the free fast path found the smallest class
 * past its limit. */
void
cns_packet_pool_spill_min (void)
{
  pool_thread_get ();
  while (cns_packet_pool_min_n_free > cns_packet_pool_min_limit)
    pool_give_batch (0, &cns_packet_pool_min_free_list,
                     &cns_packet_pool_min_n_free);
}

/* A thread ends: its free blocks go to the depot and its count of live
 * blocks to the retired one. */
static void
pool_thread_exit (gpointer data)
{
  PoolThread *t = data;

  for (guint k = 0; k < POOL_N_CLASSES; k++)
    {
      gsize *n_free;
      gpointer *list = pool_free_list (t, k, &n_free);

      while (*n_free >= POOL_BATCH)
        pool_give_batch (k, list, n_free);
    }
  g_mutex_lock (&lock);
  g_ptr_array_remove_fast (thread_live, &cns_packet_pool_n_live);
  retired_live += cns_packet_pool_n_live;
  g_mutex_unlock (&lock);
  pool_thread = NULL;
  g_free (t);
}

/* cns_packet_pool_block_size_any: cns_packet_pool_block_size() for any
 * size. */
gsize
cns_packet_pool_block_size_any (gsize size)
{
  if (size > CNS_PACKET_POOL_MAX_BLOCK)
    return size;
  return pool_class_size (pool_class (size));
}

/* Fills an empty free list of @klass: a batch from the depot, or a new
 * slab. Returns the list's first block. */
static gpointer
pool_refill (guint klass, gsize *n_free)
{
  gsize block = pool_class_size (klass);
  gsize n = MAX (POOL_SLAB / block, 1);
  guint8 *slab;

  cns_packet_pool_min_limit = pool_limit ();
  g_mutex_lock (&lock);
  if (depot[klass] != NULL)
    {
      gpointer batch = depot[klass];

      depot[klass] = ((gpointer *) batch)[1];
      g_mutex_unlock (&lock);
      *n_free = POOL_BATCH;
      return batch;
    }
  slab = g_malloc (n * block);
  if (slabs == NULL)
    slabs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (slabs, slab);
  allocations++;
  g_mutex_unlock (&lock);
  for (gsize i = 0; i + 1 < n; i++)
    *(gpointer *) (slab + i * block) = slab + (i + 1) * block;
  *(gpointer *) (slab + (n - 1) * block) = NULL;
  *n_free = n;
  return slab;
}

/* cns_packet_pool_alloc_any: cns_packet_pool_alloc() for any size. */
gpointer
cns_packet_pool_alloc_any (gsize size)
{
  PoolThread *t = pool_thread_get ();
  guint klass;
  gpointer *list;
  gsize *n_free;
  gpointer block;

  cns_packet_pool_n_live++;
  if (G_UNLIKELY (pool_uses_malloc () || size > CNS_PACKET_POOL_MAX_BLOCK))
    {
      __atomic_fetch_add (&allocations, 1, __ATOMIC_RELAXED);
      return g_malloc (size);
    }
  klass = pool_class (size);
  list = pool_free_list (t, klass, &n_free);
  block = *list;
  if (G_UNLIKELY (block == NULL))
    block = pool_refill (klass, n_free);
  *list = *(gpointer *) block;
  (*n_free)--;
  return block;
}

/* cns_packet_pool_free_any: cns_packet_pool_free() for any size. */
void
cns_packet_pool_free_any (gpointer block, gsize size)
{
  PoolThread *t;
  guint klass;
  gpointer *list;
  gsize *n_free;

  cns_packet_pool_n_live--;
  if (G_UNLIKELY (cns_packet_pool_use_malloc
                  || size > CNS_PACKET_POOL_MAX_BLOCK))
    {
      g_free (block);
      return;
    }
  t = pool_thread_get ();
  klass = pool_class (size);
  list = pool_free_list (t, klass, &n_free);
  *(gpointer *) block = *list;
  *list = block;
  if (G_UNLIKELY (++*n_free > cns_packet_pool_min_limit))
    while (*n_free > cns_packet_pool_min_limit)
      pool_give_batch (klass, list, n_free);
}

/*
 * cns_packet_pool_trim:
 *
 * Gives every slab back to malloc when no block is in use; does nothing
 * otherwise. Called when a simulation is destroyed.
 */
void
cns_packet_pool_trim (void)
{
  PoolThread *t;

  if (cns_packet_pool_live_blocks () != 0 || slabs == NULL)
    return;
  /* the threads of parallel runs have ended: only this one has lists */
  g_return_if_fail (thread_live->len <= 1);
  t = pool_thread_get ();
  g_mutex_lock (&lock);
  g_clear_pointer (&slabs, g_ptr_array_unref);
  memset (depot, 0, sizeof depot);
  g_mutex_unlock (&lock);
  memset (t, 0, sizeof *t);
  cns_packet_pool_min_free_list = NULL;
  cns_packet_pool_min_n_free = 0;
  cns_packet_pool_min_limit = G_MAXSIZE;
}

/* cns_packet_pool_allocations: Returns: slabs and large blocks taken from
 * malloc since the process started. */
guint64
cns_packet_pool_allocations (void)
{
  return __atomic_load_n (&allocations, __ATOMIC_RELAXED);
}

/* cns_packet_pool_live_blocks: Returns: blocks allocated and not freed,
 * by every thread; outside parallel runs. */
gsize
cns_packet_pool_live_blocks (void)
{
  gssize live;

  g_mutex_lock (&lock);
  live = retired_live;
  for (guint i = 0; thread_live != NULL && i < thread_live->len; i++)
    live += *(gssize *) thread_live->pdata[i];
  g_mutex_unlock (&lock);
  /* this thread's, even before its first block */
  if (thread_live == NULL || pool_thread == NULL)
    live += cns_packet_pool_n_live;
  return (gsize) live;
}
