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

#include "core/cns-log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*
 * cns_memory_alloc:
 * @alignment: a power of two, at least sizeof (gpointer)
 *
 * Returns: (transfer full): @bytes of uninitialised memory aligned to
 * @alignment, in huge pages when that large; free with cns_memory_free().
 * Exits through cns_fatal() when memory is exhausted.
 */
gpointer
cns_memory_alloc (gsize bytes, gsize alignment)
{
  gpointer memory = NULL;
  gboolean huge = bytes >= CNS_MEMORY_HUGE_PAGE;
  gsize align = huge ? CNS_MEMORY_HUGE_PAGE : alignment;
  gint error;

  /* Exactly @bytes: the whole huge pages inside get MADV_HUGEPAGE and the
   * tail stays in small pages, so nothing is wasted by rounding up. */
  error = posix_memalign (&memory, align, bytes);
  if (error != 0)
    cns_fatal ("cns_memory_alloc: cannot allocate %" G_GSIZE_FORMAT
               " bytes aligned to %" G_GSIZE_FORMAT " bytes: %s",
               bytes, align, g_strerror (error));
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

/* The end of the heap the last call advised: the part below is done. */
static guintptr heap_advised_end;

/*
 * cns_memory_advise_heap:
 *
 * Lets the kernel back the malloc heap with transparent huge pages. The
 * objects of a simulation (nodes, devices, protocol instances, sockets,
 * applications) are small, come from malloc, and a large topology spreads
 * them over tens of megabytes that the events touch all over; with 4 KiB
 * pages most of those touches miss the TLB as well. The heap's whole huge
 * pages are marked MADV_HUGEPAGE, which Debian's default setting
 * ("madvise") needs; khugepaged then merges them in the background, 16 MiB
 * every 10 s by default, so a long run gets them within its first minute.
 * Merging at once with MADV_COLLAPSE was tried and left out: it took 143
 * ms for the 40 MB of bench-ring's 10,000 nodes, more than a run of a few
 * seconds gains. Only the heap grown since the last call is advised, so
 * calling it at the start of every run costs one read of /proc/self/maps.
 */
void
cns_memory_advise_heap (void)
{
  FILE *maps = fopen ("/proc/self/maps", "r");
  char line[256];

  if (maps == NULL)
    return;
  while (fgets (line, sizeof line, maps) != NULL)
    {
      unsigned long start, end;
      guintptr from, to;

      if (strstr (line, "[heap]") == NULL
          || sscanf (line, "%lx-%lx", &start, &end) != 2)
        continue;
      from = MAX ((guintptr) start, heap_advised_end);
      from = (from + CNS_MEMORY_HUGE_PAGE - 1)
             & ~(guintptr) (CNS_MEMORY_HUGE_PAGE - 1);
      to = (guintptr) end & ~(guintptr) (CNS_MEMORY_HUGE_PAGE - 1);
      if (to > from)
        {
          madvise ((gpointer) from, to - from, MADV_HUGEPAGE);
          heap_advised_end = to;
        }
      break;
    }
  fclose (maps);
}
