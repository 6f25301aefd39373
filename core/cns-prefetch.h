/* cns — prefetch hints: the memory a context's events touch.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CNS_PREFETCH_LINES_MAX:
 *
 * How many 64-byte lines of memory one context keeps hints for; past
 * them, further hints are dropped.
 */
#define CNS_PREFETCH_LINES_MAX 31

/**
 * CnsPrefetchHintFn:
 * @context: a context (node id)
 * @mem: a block of memory
 * @size: its size in bytes
 *
 * cns_prefetch_hint_add() or cns_prefetch_hint_remove(), for a module
 * that hints and unhints the same blocks with one function.
 */
typedef void (*CnsPrefetchHintFn) (guint32 context, gconstpointer mem,
                                   gsize size);

void cns_prefetch_hint_add (guint32 context, gconstpointer mem, gsize size);
void cns_prefetch_hint_remove (guint32 context, gconstpointer mem, gsize size);
void cns_prefetch_hint_add_object (guint32 context, gpointer object);
void cns_prefetch_hint_remove_object (guint32 context, gpointer object);
guint cns_prefetch_hint_get_n_lines (guint32 context);
gboolean cns_prefetch_hint_contains (guint32 context, gconstpointer mem);
gboolean cns_prefetch_hint_is_active (void);

G_END_DECLS
