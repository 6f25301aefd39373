/* cns — large allocations for hot-path arrays.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The event heap and the event pool are read at random all through a run;
 * with millions of pending events they span hundreds of megabytes, and with
 * 4 KiB pages nearly every access misses the TLB as well as the caches.
 * Arrays of a huge page or more are therefore aligned to huge pages and
 * marked MADV_HUGEPAGE, which is all Debian's default transparent huge page
 * setting ("madvise") needs. Measured with utils/bench/bench-scheduler:
 * PHOLD with 2^20 LPs x 16 events went from 1.14 to 1.31 M events/s.
 */
#include "core/cns-memory-private.h"

#include <stdlib.h>
#include <sys/mman.h>

/*
 * cns_memory_alloc:
 * @alignment: a power of two, at least sizeof (gpointer)
 *
 * Returns: (transfer full): @bytes of uninitialised memory aligned to
 * @alignment, in huge pages when that large; free with cns_memory_free().
 * Aborts when memory is exhausted, as g_malloc() does.
 */
gpointer
cns_memory_alloc (gsize bytes, gsize alignment)
{
  gpointer memory = NULL;
  gboolean huge = bytes >= CNS_MEMORY_HUGE_PAGE;

  /* Exactly @bytes: the whole huge pages inside get MADV_HUGEPAGE and the
   * tail stays in small pages, so nothing is wasted by rounding up. */
  if (posix_memalign (&memory, huge ? CNS_MEMORY_HUGE_PAGE : alignment, bytes)
      != 0)
    g_error ("cns: out of memory allocating %" G_GSIZE_FORMAT " bytes", bytes);
  if (huge)
    madvise (memory, bytes / CNS_MEMORY_HUGE_PAGE * CNS_MEMORY_HUGE_PAGE,
             MADV_HUGEPAGE);
  return memory;
}

/* cns_memory_free: Frees memory from cns_memory_alloc(). */
void
cns_memory_free (gpointer memory)
{
  free (memory);
}
