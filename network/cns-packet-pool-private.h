/* cns — the free lists behind packets, buffers and packet metadata.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Blocks up to this size come from the free lists; larger ones from
 * g_malloc() directly. */
#define CNS_PACKET_POOL_MAX_BLOCK 65536

/* The smallest size class: a packet struct, and the block of a packet
 * whose stored bytes are its headers. */
#define CNS_PACKET_POOL_MIN_BLOCK 64

G_GNUC_INTERNAL gsize cns_packet_pool_block_size_any (gsize size);
G_GNUC_INTERNAL gpointer cns_packet_pool_alloc_any (gsize size);
G_GNUC_INTERNAL void cns_packet_pool_free_any (gpointer block, gsize size);
G_GNUC_INTERNAL void cns_packet_pool_trim (void);

/* The state the inline fast paths below share with cns-packet-pool.c: the
 * free list of the smallest class, blocks handed out and not returned, and
 * whether blocks come from malloc (under valgrind's memcheck), in which
 * case that free list stays empty. */
G_GNUC_INTERNAL extern gpointer cns_packet_pool_min_free_list;
G_GNUC_INTERNAL extern gsize cns_packet_pool_n_live;
G_GNUC_INTERNAL extern gboolean cns_packet_pool_use_malloc;

/*
 * cns_packet_pool_block_size:
 *
 * Returns: the size of the block cns_packet_pool_alloc() hands out for a
 * request of @size bytes; all of it may be used.
 */
static inline gsize
cns_packet_pool_block_size (gsize size)
{
  if (size <= CNS_PACKET_POOL_MIN_BLOCK)
    return CNS_PACKET_POOL_MIN_BLOCK;
  return cns_packet_pool_block_size_any (size);
}

/*
 * cns_packet_pool_alloc:
 *
 * Returns: (transfer full): an uninitialised block of at least @size bytes
 * (cns_packet_pool_block_size() of them), aligned for any type. Give it
 * back with cns_packet_pool_free() and the same @size. Inline for the
 * smallest class, which every packet uses at least once.
 */
static inline gpointer
cns_packet_pool_alloc (gsize size)
{
  gpointer block = cns_packet_pool_min_free_list;

  if (G_LIKELY (size <= CNS_PACKET_POOL_MIN_BLOCK && block != NULL))
    {
      cns_packet_pool_min_free_list = *(gpointer *) block;
      cns_packet_pool_n_live++;
      return block;
    }
  return cns_packet_pool_alloc_any (size);
}

/* cns_packet_pool_free: Returns @block, of @size bytes, to its free list. */
static inline void
cns_packet_pool_free (gpointer block, gsize size)
{
  if (G_LIKELY (size <= CNS_PACKET_POOL_MIN_BLOCK
                && !cns_packet_pool_use_malloc))
    {
      *(gpointer *) block = cns_packet_pool_min_free_list;
      cns_packet_pool_min_free_list = block;
      cns_packet_pool_n_live--;
      return;
    }
  cns_packet_pool_free_any (block, size);
}

/* Exported (though not installed) for the tests: fresh memory the pool
 * has taken from malloc, and blocks handed out and not yet returned. */
guint64 cns_packet_pool_allocations (void);
gsize cns_packet_pool_live_blocks (void);

G_END_DECLS
