/* cns — binary heap scheduler, the default.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An implicit binary min-heap of 24-byte entries (time, key, event),
 * 1-based and 64-byte aligned. The entry carries a copy of the event's
 * key, and an entry's place in the order is one 128-bit number, so that
 * choosing a child is branch-free even when times tie. Models with periodic
 * traffic tie on time at almost every comparison (bench-ring: a thousand
 * sources on the same period); breaking ties through the event pointer, as
 * 16-byte (time, event) entries must, mispredicted a branch and chased a
 * pointer at every level, and made bench-ring at 1,000 nodes 18% slower
 * (1.27-1.32 against 1.51-1.56 M transmissions/s). The price is on models
 * without ties: the hold model of bench-scheduler ran 10-35% slower up to
 * 10^6 pending events, relative to a bare heap, and 15% faster at 10^7.
 * Measured on the project's machine a 4-ary heap with aligned child groups
 * was about 25% slower at every size from 10^3 to 1.6x10^7 pending events,
 * so this one is binary.
 *
 * In front of the heap sit a few sorted runs: queues that take an entry
 * when it sorts after their last one, and give back their first. Inserting
 * tries them before the heap, and removing takes the earliest of the runs'
 * first entries and the heap's top. Periodic traffic schedules its events
 * in order, stream by stream (every source's next packet, every link's
 * next arrival), so the runs take nearly all of them and both operations
 * become O(1) with sequential memory access; any other order falls
 * through to the heap and costs a few comparisons more. Measured: bench-ring
 * 13-24% faster at 1,000 nodes and 3-7% at 10,000; the hold model (random
 * times, no streams) 19% slower at 10^3 pending events relative to a bare
 * heap, and unchanged from 10^5 to 10^7.
 *
 * There is no remove(): finding an entry would be O(n). The simulator drops
 * removed events lazily when they reach the top, as it does cancelled ones.
 */
#include "core/cns-scheduler.h"

#include "core/cns-memory-private.h"

#include <string.h>

#define HEAP_ALIGN        64
#define HEAP_MIN_CAPACITY 64
/* Up to this many entries the heap is taken to fit in the caches; see
 * heap_sift_down(). Measured with utils/bench/bench-scheduler. */
#ifndef HEAP_CACHED_ENTRIES
#define HEAP_CACHED_ENTRIES (1 << 19)
#endif

/* An event's place in the order, time then key, as one 128-bit number, so
 * that comparing two is branch-free. Times are never negative. */
typedef unsigned __int128 HeapOrder;

typedef struct
{
  guint64 time;
  guint64 key;
  CnsEvent *event;
} HeapEntry;

G_STATIC_ASSERT (sizeof (HeapEntry) == 24);

static inline HeapOrder
heap_order (const HeapEntry *e)
{
  return (HeapOrder) e->time << 64 | e->key;
}

#define HEAP_RUNS             4
#define HEAP_RUN_MIN_CAPACITY 64

/* A sorted run: entries[head..tail) in order. */
typedef struct
{
  HeapEntry *entries;
  gsize head, tail, capacity;
} HeapRun;

typedef struct
{
  CnsScheduler parent;
  HeapEntry *entries; /* entries[1..n]; entries[0] unused */
  gsize n;
  gsize capacity; /* usable slots, excluding entries[0] */
  gsize n_in_runs;
  HeapRun runs[HEAP_RUNS];
} HeapScheduler;

static CnsScheduler *
heap_create (void)
{
  HeapScheduler *self = g_new0 (HeapScheduler, 1);

  self->parent.klass = &cns_heap_scheduler_class;
  return &self->parent;
}

static void
heap_free (CnsScheduler *scheduler)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;

  cns_memory_free (self->entries);
  for (guint r = 0; r < HEAP_RUNS; r++)
    g_free (self->runs[r].entries);
  g_free (self);
}

/* Grows by a quarter (at least doubling while small) so that a large heap
 * wastes at most 20% of its array. The copy is amortised O(1). */
static void
heap_grow (HeapScheduler *self)
{
  gsize capacity = self->capacity < 4096
                       ? MAX (self->capacity * 2, HEAP_MIN_CAPACITY)
                       : self->capacity + self->capacity / 4;
  HeapEntry *entries
      = cns_memory_alloc ((capacity + 1) * sizeof (HeapEntry), HEAP_ALIGN);

  if (self->entries != NULL)
    memcpy (entries + 1, self->entries + 1, self->n * sizeof (HeapEntry));
  cns_memory_free (self->entries);
  self->entries = entries;
  self->capacity = capacity;
}

static void
heap_push (HeapScheduler *self, HeapEntry x)
{
  HeapEntry *h;
  gsize i;

  if (G_UNLIKELY (self->n == self->capacity))
    heap_grow (self);
  h = self->entries;
  i = ++self->n;
  while (i > 1)
    {
      gsize parent = i >> 1;

      if (heap_order (&x) >= heap_order (&h[parent]))
        break;
      h[i] = h[parent];
      i = parent;
    }
  h[i] = x;
}

/* Sifts @x down from the root of @h[1..n]. Two variants of the same loop:
 * while the heap fits in the caches, choosing the child without a branch
 * wins (a mispredicted branch per level costs more than the comparison,
 * and which child wins is a coin toss); once it does not, a branch wins,
 * because the processor speculates down the predicted child and overlaps
 * the next level's cache miss with this one, which a data-dependent choice
 * prevents. Both prefetch the two lines of four grandchildren. */
static inline gsize
heap_sift_down (HeapEntry *h, gsize n, HeapOrder x, gboolean branchless)
{
  gsize i = 1;

  for (;;)
    {
      gsize child = 2 * i;

      if (child > n)
        break;
      __builtin_prefetch (&h[4 * i]);
      __builtin_prefetch (&h[4 * i + 3]);
      if (child < n)
        {
          if (branchless)
            child += heap_order (&h[child + 1]) < heap_order (&h[child]);
          else if (heap_order (&h[child + 1]) < heap_order (&h[child]))
            child++;
        }
      if (heap_order (&h[child]) >= x)
        break;
      h[i] = h[child];
      i = child;
    }
  return i;
}

/* Removes the heap's top, which must exist. */
static void
heap_pop (HeapScheduler *self)
{
  HeapEntry *h = self->entries;
  HeapEntry x;
  gsize n = self->n;
  gsize i;

  x = h[n];
  self->n = --n;
  if (n <= HEAP_CACHED_ENTRIES)
    i = heap_sift_down (h, n, heap_order (&x), TRUE);
  else
    i = heap_sift_down (h, n, heap_order (&x), FALSE);
  h[i] = x;
}

/* Appends @x to @run, making room by moving the entries to the front when
 * at least half of the array is spent, and by doubling it otherwise, so
 * that each entry is moved O(1) times. */
static void
heap_run_append (HeapRun *run, const HeapEntry *x)
{
  if (G_UNLIKELY (run->tail == run->capacity))
    {
      gsize n = run->tail - run->head;

      if (run->capacity > 0 && run->head >= run->capacity / 2)
        memmove (run->entries, run->entries + run->head,
                 n * sizeof (HeapEntry));
      else
        {
          run->capacity = MAX (run->capacity * 2, HEAP_RUN_MIN_CAPACITY);
          run->entries = g_renew (HeapEntry, run->entries, run->capacity);
          memmove (run->entries, run->entries + run->head,
                   n * sizeof (HeapEntry));
        }
      run->head = 0;
      run->tail = n;
    }
  run->entries[run->tail++] = *x;
}

/* Puts @x in the run whose last entry is the latest one not after it, so
 * that the runs stay as far apart as the streams they follow; in an empty
 * run when none fits; in the heap when no run is empty either. */
static void
heap_insert (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  HeapEntry x = { (guint64) time, event->key, event };
  HeapOrder order = heap_order (&x), best_last = 0;
  HeapRun *best = NULL, *empty = NULL;

  for (guint r = 0; r < HEAP_RUNS; r++)
    {
      HeapRun *run = &self->runs[r];
      HeapOrder last;

      if (run->head == run->tail)
        {
          empty = empty != NULL ? empty : run;
          continue;
        }
      last = heap_order (&run->entries[run->tail - 1]);
      if (last <= order && (best == NULL || last > best_last))
        {
          best = run;
          best_last = last;
        }
    }
  best = best != NULL ? best : empty;
  if (best == NULL)
    {
      heap_push (self, x);
      return;
    }
  heap_run_append (best, &x);
  self->n_in_runs++;
}

/* The run whose first entry is the earliest of all runs' and the heap's,
 * or NULL when that is the heap's top (or nothing is pending). */
static inline HeapRun *
heap_earliest_run (HeapScheduler *self)
{
  HeapRun *earliest = NULL;
  gboolean have = self->n > 0;
  HeapOrder first = have ? heap_order (&self->entries[1]) : 0;

  for (guint r = 0; r < HEAP_RUNS; r++)
    {
      HeapRun *run = &self->runs[r];
      HeapOrder order;

      if (run->head == run->tail)
        continue;
      order = heap_order (&run->entries[run->head]);
      if (!have || order < first)
        {
          earliest = run;
          first = order;
          have = TRUE;
        }
    }
  return earliest;
}

static gboolean
heap_remove_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  HeapRun *run = heap_earliest_run (self);
  const HeapEntry *e;

  if (run != NULL)
    {
      e = &run->entries[run->head++];
      out->time = (CnsTime) e->time;
      out->event = e->event;
      if (run->head == run->tail)
        run->head = run->tail = 0;
      self->n_in_runs--;
      return TRUE;
    }
  if (G_UNLIKELY (self->n == 0))
    return FALSE;
  out->time = (CnsTime) self->entries[1].time;
  out->event = self->entries[1].event;
  heap_pop (self);
  return TRUE;
}

static gboolean
heap_peek_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  HeapRun *run = heap_earliest_run (self);
  const HeapEntry *e;

  if (run != NULL)
    e = &run->entries[run->head];
  else if (self->n > 0)
    e = &self->entries[1];
  else
    return FALSE;
  out->time = (CnsTime) e->time;
  out->event = e->event;
  return TRUE;
}

static gsize
heap_size (CnsScheduler *scheduler)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;

  return self->n + self->n_in_runs;
}

const CnsSchedulerClass cns_heap_scheduler_class = {
  .name = "heap",
  .description = "binary heap: O(log n) insert and remove-next (default)",
  .create = heap_create,
  .free = heap_free,
  .insert = heap_insert,
  .remove_next = heap_remove_next,
  .peek_next = heap_peek_next,
  .remove = NULL,
  .size = heap_size,
};
