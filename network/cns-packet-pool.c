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
 * block is in use. One simulator per process: nothing here is thread-safe.
 *
 * Under a valgrind tool that tracks malloc (memcheck, helgrind, massif...)
 * every block is a malloc chunk of its own, as GLib's G_SLICE=always-malloc
 * does, so that memcheck reports a packet that leaks or is used after its
 * last unref like any other memory. Tools that do not (callgrind,
 * cachegrind) keep the slabs, so that their profiles count the
 * instructions and cache misses of a native run.
 */
#include "network/cns-packet-pool-private.h"

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

/* The free list of class 0 is cns_packet_pool_min_free_list, which the
 * inline fast paths use; free_lists[0] is unused. */
static gpointer free_lists[POOL_N_CLASSES];
gpointer cns_packet_pool_min_free_list;
static GPtrArray *slabs;
static guint64 allocations;
gsize cns_packet_pool_n_live;
gboolean cns_packet_pool_use_malloc;
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

static inline gpointer *
pool_free_list (guint klass)
{
  return klass == 0 ? &cns_packet_pool_min_free_list : &free_lists[klass];
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

static gpointer
pool_refill (guint klass)
{
  gsize block = pool_class_size (klass);
  gsize n = MAX (POOL_SLAB / block, 1);
  guint8 *slab = g_malloc (n * block);

  if (slabs == NULL)
    slabs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (slabs, slab);
  allocations++;
  for (gsize i = 0; i + 1 < n; i++)
    *(gpointer *) (slab + i * block) = slab + (i + 1) * block;
  *(gpointer *) (slab + (n - 1) * block) = NULL;
  return slab;
}

/* cns_packet_pool_alloc_any: cns_packet_pool_alloc() for any size. */
gpointer
cns_packet_pool_alloc_any (gsize size)
{
  gpointer *list;
  gpointer block;

  cns_packet_pool_n_live++;
  if (G_UNLIKELY (pool_uses_malloc () || size > CNS_PACKET_POOL_MAX_BLOCK))
    {
      allocations++;
      return g_malloc (size);
    }
  list = pool_free_list (pool_class (size));
  block = *list;
  if (G_UNLIKELY (block == NULL))
    block = pool_refill (pool_class (size));
  *list = *(gpointer *) block;
  return block;
}

/* cns_packet_pool_free_any: cns_packet_pool_free() for any size. */
void
cns_packet_pool_free_any (gpointer block, gsize size)
{
  gpointer *list;

  cns_packet_pool_n_live--;
  if (G_UNLIKELY (cns_packet_pool_use_malloc
                  || size > CNS_PACKET_POOL_MAX_BLOCK))
    {
      g_free (block);
      return;
    }
  list = pool_free_list (pool_class (size));
  *(gpointer *) block = *list;
  *list = block;
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
  if (cns_packet_pool_n_live != 0 || slabs == NULL)
    return;
  g_clear_pointer (&slabs, g_ptr_array_unref);
  for (guint i = 0; i < POOL_N_CLASSES; i++)
    free_lists[i] = NULL;
  cns_packet_pool_min_free_list = NULL;
}

/* cns_packet_pool_allocations: Returns: slabs and large blocks taken from
 * malloc since the process started. */
guint64
cns_packet_pool_allocations (void)
{
  return allocations;
}

/* cns_packet_pool_live_blocks: Returns: blocks allocated and not freed. */
gsize
cns_packet_pool_live_blocks (void)
{
  return cns_packet_pool_n_live;
}
