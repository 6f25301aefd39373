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

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

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

/* Where the heap started when the program asked for tuning, and the end
 * of the part advised. Until cns_memory_tune_heap() the end is the top of
 * the address space, so that cns_memory_track_heap() never advises. */
static guintptr heap_base;
static guintptr heap_advised_end = UINTPTR_MAX;

/* Past this, a simulation is big enough for huge pages to pay: below, the
 * 2 MiB rounding of the heap's top would show in small runs' peak RSS. */
#define HEAP_HUGE_THRESHOLD (32 * 1024 * 1024)

/* How far malloc grows the heap at a time once it is that big, so that
 * most of each growth is advised before anything in it is touched. */
#define HEAP_TOP_PAD (32 * 1024 * 1024)

/* Up to this size malloc then takes blocks from the heap instead of
 * mapping each: the big arrays of a large simulation (the node list, the
 * per-context creation counters, routing workspaces, hash tables of a
 * million entries) are read all through a run and need huge pages too.
 * glibc's default (128 KiB, growing with what is freed) maps them, and a
 * mapped block stays mapped as realloc grows it, so this is set from the
 * start. */
#define HEAP_MMAP_THRESHOLD (32 * 1024 * 1024)

/**
 * cns_memory_tune_heap:
 *
 * Tunes the process's malloc for large simulations: blocks up to 32 MiB
 * come from the heap instead of their own mappings, and once the heap
 * passes 32 MiB it grows 32 MiB at a time, each growth advised for
 * transparent huge pages (MADV_HUGEPAGE) as the simulator notices it.
 * Loading libcns changes none of this: a program that wants it calls this
 * function first thing in main(), before it builds a topology, as the
 * examples and benchmarks do. Calling it again restarts the tracking from
 * the heap's present end.
 */
void
cns_memory_tune_heap (void)
{
  heap_base = (guintptr) sbrk (0);
  heap_advised_end = heap_base;
  mallopt (M_MMAP_THRESHOLD, HEAP_MMAP_THRESHOLD);
}

/* Advises the heap from where the last call stopped to its end. */
static void
heap_advise_growth (guintptr end)
{
  guintptr from = heap_advised_end & ~(guintptr) (CNS_MEMORY_HUGE_PAGE - 1);

  if (heap_advised_end == heap_base)
    {
      if (end - heap_base < HEAP_HUGE_THRESHOLD)
        return;
      mallopt (M_TOP_PAD, HEAP_TOP_PAD);
      from = (heap_base + CNS_MEMORY_HUGE_PAGE - 1)
             & ~(guintptr) (CNS_MEMORY_HUGE_PAGE - 1);
    }
  end &= ~(guintptr) (sysconf (_SC_PAGESIZE) - 1);
  if (end > from)
    madvise ((gpointer) MAX (from, heap_base), end - MAX (from, heap_base),
             MADV_HUGEPAGE);
  heap_advised_end = end;
}

/*
 * cns_memory_track_heap:
 *
 * Lets the kernel back the malloc heap with transparent huge pages once a
 * simulation is large. Its objects (nodes, devices, protocol instances,
 * sockets, applications, routing caches) are small, come from malloc, and
 * a large topology spreads them over hundreds of megabytes that the events
 * touch all over; with 4 KiB pages most of those touches miss the TLB as
 * well. Debian's default THP setting ("madvise") needs MADV_HUGEPAGE on
 * each region, and a heap region gets a huge page only where it is advised
 * before its first touch (afterwards khugepaged merges 16 MiB per 10 s).
 * So, once the program asked for it (cns_memory_tune_heap()), past 32 MiB
 * malloc grows the heap 32 MiB at a time and this advises each growth
 * soon after: it is called for every object made and every 65,536 events,
 * and costs a comparison when the heap has not grown or was not tuned.
 * (MADV_COLLAPSE at the start of a run was tried: it missed what the run
 * itself allocates, and campus-ring at 300 campuses ran 1.6 times slower
 * than with every growth advised.)
 */
void
cns_memory_track_heap (void)
{
  guintptr end = (guintptr) sbrk (0);

  if (G_UNLIKELY (end > heap_advised_end))
    heap_advise_growth (end);
}

/**
 * cns_memory_get_limit:
 *
 * The memory this process may use: the machine's physical memory, or
 * less where a resource limit (RLIMIT_AS, RLIMIT_DATA, as `ulimit -v`
 * and `ulimit -d` set) says so. Scenarios compare it with what a topology
 * will need before they build it, so that a run too large for the machine
 * is refused with a message instead of killed by the kernel half-way.
 *
 * Returns: a number of bytes.
 */
guint64
cns_memory_get_limit (void)
{
  static const int resources[] = { RLIMIT_AS, RLIMIT_DATA };
  guint64 limit = (guint64) sysconf (_SC_PHYS_PAGES) * sysconf (_SC_PAGESIZE);

  for (guint i = 0; i < G_N_ELEMENTS (resources); i++)
    {
      struct rlimit r;

      if (getrlimit (resources[i], &r) == 0 && r.rlim_cur != RLIM_INFINITY)
        limit = MIN (limit, (guint64) r.rlim_cur);
    }
  return limit;
}
