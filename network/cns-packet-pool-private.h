/* cns — the free lists behind packets, buffers and packet metadata.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Blocks up to this size come from the free lists; larger ones from
 * g_malloc() directly. */
#define CNS_PACKET_POOL_MAX_BLOCK 65536

G_GNUC_INTERNAL gsize cns_packet_pool_block_size (gsize size);
G_GNUC_INTERNAL gpointer cns_packet_pool_alloc (gsize size);
G_GNUC_INTERNAL void cns_packet_pool_free (gpointer block, gsize size);
G_GNUC_INTERNAL void cns_packet_pool_trim (void);

/* Exported (though not installed) for the tests: fresh memory the pool
 * has taken from malloc, and blocks handed out and not yet returned. */
guint64 cns_packet_pool_allocations (void);
gsize cns_packet_pool_live_blocks (void);

G_END_DECLS
