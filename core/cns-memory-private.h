/* cns — large allocations for hot-path arrays.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-memory.h"

G_BEGIN_DECLS

/* Transparent huge pages are 2 MiB on x86-64. */
#define CNS_MEMORY_HUGE_PAGE (2 * 1024 * 1024)

/* Fetches the line at @address into the caches, ahead of its use. On
 * x86 an asm statement, which the compiler keeps: GCC 12 drops a
 * __builtin_prefetch() whose address it loaded from memory in some
 * inlined code (the default scheduler's look-ahead, which then did
 * nothing), and prefetching needs no result to be worth its place. */
#if defined(__x86_64__) || defined(__i386__)
#define CNS_PREFETCH(address) \
  __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *) (address)))
#else
#define CNS_PREFETCH(address) __builtin_prefetch (address)
#endif

G_GNUC_INTERNAL gpointer cns_memory_alloc (gsize bytes, gsize alignment);
G_GNUC_INTERNAL void cns_memory_free (gpointer memory);
G_GNUC_INTERNAL void cns_memory_track_heap (void);

G_END_DECLS
