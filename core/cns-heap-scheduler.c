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

typedef struct
{
  CnsScheduler parent;
  HeapEntry *entries; /* entries[1..n]; entries[0] unused */
  gsize n;
  gsize capacity; /* usable slots, excluding entries[0] */
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
heap_insert (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  HeapEntry x = { (guint64) time, event->key, event };
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

static gboolean
heap_remove_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  HeapEntry *h = self->entries;
  HeapEntry x;
  gsize n = self->n;
  gsize i;

  if (G_UNLIKELY (n == 0))
    return FALSE;
  out->time = (CnsTime) h[1].time;
  out->event = h[1].event;
  x = h[n];
  self->n = --n;
  if (n <= HEAP_CACHED_ENTRIES)
    i = heap_sift_down (h, n, heap_order (&x), TRUE);
  else
    i = heap_sift_down (h, n, heap_order (&x), FALSE);
  h[i] = x;
  return TRUE;
}

static gboolean
heap_peek_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;

  if (self->n == 0)
    return FALSE;
  out->time = (CnsTime) self->entries[1].time;
  out->event = self->entries[1].event;
  return TRUE;
}

static gsize
heap_size (CnsScheduler *scheduler)
{
  return ((HeapScheduler *) scheduler)->n;
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
