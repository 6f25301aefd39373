/* cns — large allocations for hot-path arrays.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Transparent huge pages are 2 MiB on x86-64. */
#define CNS_MEMORY_HUGE_PAGE (2 * 1024 * 1024)

G_GNUC_INTERNAL gpointer cns_memory_alloc (gsize bytes, gsize alignment);
G_GNUC_INTERNAL void cns_memory_free (gpointer memory);
G_GNUC_INTERNAL void cns_memory_advise_heap (void);

G_END_DECLS
