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

#define POOL_MIN_BLOCK 64
#define POOL_N_CLASSES 21 /* 64 << 10 == CNS_PACKET_POOL_MAX_BLOCK */
#define POOL_SLAB      16384

static gpointer free_lists[POOL_N_CLASSES];
static GPtrArray *slabs;
static guint64 allocations;
static gsize live_blocks;
#ifdef POOL_HAVE_VALGRIND
/* 1 under a valgrind tool that tracks malloc; -1 until known */
static gint use_malloc = -1;
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

static inline gboolean
pool_uses_malloc (void)
{
#ifdef POOL_HAVE_VALGRIND
  if (G_UNLIKELY (use_malloc < 0))
    use_malloc = pool_tool_tracks_malloc () ? 1 : 0;
  return use_malloc;
#else
  return FALSE;
#endif
}

/*
 * cns_packet_pool_block_size:
 *
 * Returns: the size of the block cns_packet_pool_alloc() hands out for a
 * request of @size bytes; all of it may be used.
 */
gsize
cns_packet_pool_block_size (gsize size)
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

/*
 * cns_packet_pool_alloc:
 *
 * Returns: (transfer full): an uninitialised block of at least @size bytes
 * (cns_packet_pool_block_size() of them), aligned for any type. Give it
 * back with cns_packet_pool_free() and the same @size.
 */
gpointer
cns_packet_pool_alloc (gsize size)
{
  guint klass;
  gpointer block;

  live_blocks++;
  if (G_UNLIKELY (size > CNS_PACKET_POOL_MAX_BLOCK || pool_uses_malloc ()))
    {
      allocations++;
      return g_malloc (size);
    }
  klass = pool_class (size);
  block = free_lists[klass];
  if (G_UNLIKELY (block == NULL))
    block = pool_refill (klass);
  free_lists[klass] = *(gpointer *) block;
  return block;
}

/* cns_packet_pool_free: Returns @block, of @size bytes, to its free list. */
void
cns_packet_pool_free (gpointer block, gsize size)
{
  guint klass;

  live_blocks--;
  if (G_UNLIKELY (size > CNS_PACKET_POOL_MAX_BLOCK || pool_uses_malloc ()))
    {
      g_free (block);
      return;
    }
  klass = pool_class (size);
  *(gpointer *) block = free_lists[klass];
  free_lists[klass] = block;
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
  if (live_blocks != 0 || slabs == NULL)
    return;
  g_clear_pointer (&slabs, g_ptr_array_unref);
  for (guint i = 0; i < POOL_N_CLASSES; i++)
    free_lists[i] = NULL;
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
  return live_blocks;
}
