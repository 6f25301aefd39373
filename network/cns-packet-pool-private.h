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

/* The state the inline fast paths below share with cns-packet-pool.c, per
 * thread: the free list of the smallest class and its length, the length
 * past which a batch of it goes back to the shared depot (none in a
 * sequential run), and blocks this thread handed out minus those it took
 * back (a thread frees what others allocated). Whether blocks come from
 * malloc (under valgrind's memcheck, in which case the free lists stay
 * empty) is the process's. Thread-local of the initial-exec model: as
 * cheap as a global, and small. */
#define CNS_PACKET_POOL_TLS __attribute__ ((tls_model ("initial-exec")))
G_GNUC_INTERNAL extern __thread gpointer cns_packet_pool_min_free_list
    CNS_PACKET_POOL_TLS;
G_GNUC_INTERNAL extern __thread gsize cns_packet_pool_min_n_free
    CNS_PACKET_POOL_TLS;
G_GNUC_INTERNAL extern __thread gsize cns_packet_pool_min_limit
    CNS_PACKET_POOL_TLS;
G_GNUC_INTERNAL extern __thread gssize cns_packet_pool_n_live
    CNS_PACKET_POOL_TLS;
G_GNUC_INTERNAL extern gboolean cns_packet_pool_use_malloc;
G_GNUC_INTERNAL void cns_packet_pool_spill_min (void);

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
      cns_packet_pool_min_n_free--;
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
      if (G_UNLIKELY (++cns_packet_pool_min_n_free > cns_packet_pool_min_limit))
        cns_packet_pool_spill_min ();
      return;
    }
  cns_packet_pool_free_any (block, size);
}

/* Exported (though not installed) for the tests: fresh memory the pool
 * has taken from malloc, and blocks handed out and not yet returned. */
guint64 cns_packet_pool_allocations (void);
gsize cns_packet_pool_live_blocks (void);

G_END_DECLS
