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
  gpointer memory;

  if (bytes >= CNS_MEMORY_HUGE_PAGE)
    {
      bytes = (bytes + CNS_MEMORY_HUGE_PAGE - 1) / CNS_MEMORY_HUGE_PAGE
              * CNS_MEMORY_HUGE_PAGE;
      memory = aligned_alloc (CNS_MEMORY_HUGE_PAGE, bytes);
      if (memory != NULL)
        madvise (memory, bytes, MADV_HUGEPAGE);
    }
  else
    {
      bytes = (bytes + alignment - 1) / alignment * alignment;
      memory = aligned_alloc (alignment, bytes);
    }
  if (memory == NULL)
    g_error ("cns: out of memory allocating %" G_GSIZE_FORMAT " bytes",
             bytes);
  return memory;
}

/* cns_memory_free: Frees memory from cns_memory_alloc(). */
void
cns_memory_free (gpointer memory)
{
  free (memory);
}
