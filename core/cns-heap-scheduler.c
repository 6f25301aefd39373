/* cns — binary heap scheduler, the default.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An implicit binary min-heap of 16-byte entries (time, event), 1-based and
 * 64-byte aligned so that the two children of a node share a cache line.
 * Ties on time are broken by the event's key, read through the pointer only
 * when times are equal. Measured on the project's machine a 4-ary heap with
 * aligned child groups was about 25% slower at every size from 10^3 to
 * 1.6x10^7 pending events, so this one is binary.
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

typedef struct
{
  CnsScheduler parent;
  CnsSchedulerEntry *entries; /* entries[1..n]; entries[0] unused */
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
  CnsSchedulerEntry *entries = cns_memory_alloc (
      (capacity + 1) * sizeof (CnsSchedulerEntry), HEAP_ALIGN);

  if (self->entries != NULL)
    memcpy (entries + 1, self->entries + 1,
            self->n * sizeof (CnsSchedulerEntry));
  cns_memory_free (self->entries);
  self->entries = entries;
  self->capacity = capacity;
}

static void
heap_insert (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  CnsSchedulerEntry x = { time, event };
  CnsSchedulerEntry *h;
  gsize i;

  if (G_UNLIKELY (self->n == self->capacity))
    heap_grow (self);
  h = self->entries;
  i = ++self->n;
  while (i > 1)
    {
      gsize parent = i >> 1;

      if (!cns_scheduler_entry_before (&x, &h[parent]))
        break;
      h[i] = h[parent];
      i = parent;
    }
  h[i] = x;
}

/* The child of a node that runs first, without a data-dependent branch:
 * which child wins is a coin toss, and a mispredicted branch at every level
 * of the sift costs more than the comparison. Equal times are rare and
 * take the (predictable) slow path through the keys. */
static inline gsize
heap_earlier_child (const CnsSchedulerEntry *h, gsize left)
{
  CnsTime l = h[left].time, r = h[left + 1].time;
  gsize right_first = r < l;

  if (G_UNLIKELY (r == l))
    right_first = h[left + 1].event->key < h[left].event->key;
  return left + right_first;
}

/* Sifts @x down from the root of @h[1..n]. Two variants of the same loop:
 * while the heap fits in the caches, choosing the child without a branch
 * wins (a mispredicted branch per level costs more than the comparison);
 * once it does not, a branch wins, because the processor speculates down
 * the predicted child and overlaps the next level's cache miss with this
 * one, which a data-dependent choice prevents. Both prefetch the line of
 * four grandchildren and the two lines of great-grandchildren. */
static inline gsize
heap_sift_down (CnsSchedulerEntry *h, gsize n, const CnsSchedulerEntry *x,
                gboolean branchless)
{
  gsize i = 1;

  for (;;)
    {
      gsize child = 2 * i;

      if (child > n)
        break;
      __builtin_prefetch (&h[4 * i]);
      __builtin_prefetch (&h[8 * i]);
      __builtin_prefetch (&h[8 * i + 4]);
      if (child < n)
        {
          if (branchless)
            child = heap_earlier_child (h, child);
          else if (cns_scheduler_entry_before (&h[child + 1], &h[child]))
            child++;
        }
      if (!cns_scheduler_entry_before (&h[child], x))
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
  CnsSchedulerEntry *h = self->entries;
  CnsSchedulerEntry x;
  gsize n = self->n;
  gsize i;

  if (G_UNLIKELY (n == 0))
    return FALSE;
  *out = h[1];
  x = h[n];
  self->n = --n;
  if (n <= HEAP_CACHED_ENTRIES)
    i = heap_sift_down (h, n, &x, TRUE);
  else
    i = heap_sift_down (h, n, &x, FALSE);
  h[i] = x;
  return TRUE;
}

static gboolean
heap_peek_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;

  if (self->n == 0)
    return FALSE;
  *out = self->entries[1];
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
