/* cns — binary heap scheduler, the default.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two parts. An implicit binary min-heap, 1-based, whose orders (time,
 * key: one 128-bit number, so comparing is branch-free even when times
 * tie) and event pointers sit in two arrays indexed alike. In front of it,
 * a few sorted runs: queues that take an entry when it sorts after their
 * last one. Periodic traffic schedules its events stream by stream in
 * order, so the runs take nearly all of them and both operations become
 * O(1) with sequential memory access; anything else falls through to the
 * heap. The orders of the runs' ends and of the heap's top are cached in
 * the scheduler, sources sorted by their first entry, so that neither
 * operation scans the runs. After a large batch of insertions (a set-up's
 * start times) the runs' entries go to the heap, leaving the runs to the
 * streams.
 *
 * What it reads of a CnsEvent: the key, for the order; obj, data and
 * context only to prefetch what the next events will touch (see
 * CnsEvent). There is no remove(): finding an entry would be O(n); the
 * simulator drops removed events lazily when they come out, as it does
 * cancelled ones.
 */
#include "core/cns-scheduler.h"

#include "core/cns-memory-private.h"
#include "core/cns-prefetch-private.h"
#include "core/cns-simulator-private.h"

#include <string.h>

#define HEAP_ALIGN        64
#define HEAP_MIN_CAPACITY 64
/* Up to this many entries the heap is taken to fit in the second-level
 * cache; see heap_sift_down(). Measured with bench-scheduler's PHOLD. */
#define HEAP_L2_ENTRIES (1 << 15)

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

/* The heap keeps the orders and the events in two arrays indexed alike,
 * so that sifting reads 16-byte orders, the two children of a node share
 * a cache line and its four grandchildren fill exactly one: a heap too big
 * for the caches then misses once per level, as a bare heap of 16-byte
 * entries does. The events move along the same path; those are stores,
 * which do not stall the sift. */
typedef struct
{
  guint64 time;
  guint64 key;
} HeapKey;

G_STATIC_ASSERT (sizeof (HeapKey) == 16);

static inline HeapOrder
heap_key_order (const HeapKey *k)
{
  return (HeapOrder) k->time << 64 | k->key;
}

/* Runs for the streams of a packet network: one per delay class (each
 * link type's transmission time and each propagation delay, application
 * timers). campus-ring has about seven; with four, most events went to
 * the heap. */
#define HEAP_RUNS 8
/* A batch of insertions after which the next removal moves the runs'
 * entries into the heap (heap_free_runs()), when the batch is at least
 * half of the entries. */
#define HEAP_BATCH            (1 << 15)
#define HEAP_RUN_MIN_CAPACITY 64

/* Sorts after every real event: times are at most CNS_TIME_MAX. */
#define HEAP_ORDER_NONE (~(HeapOrder) 0)

/* A sorted run: entries[head..tail) in order. */
typedef struct
{
  HeapEntry *entries;
  gsize head, tail, capacity;
} HeapRun;

/* Where the next entry can come from: a run, or the heap (HEAP_TOP). */
#define HEAP_SOURCES (HEAP_RUNS + 1)
#define HEAP_TOP     HEAP_RUNS

/* The orders of the sources' first entries and of the runs' last ones are
 * kept next to each other, so that choosing a run, or the earliest entry,
 * reads the scheduler's first cache lines and none of the entries. The
 * sources are also kept sorted by their first entry, so that removing the
 * earliest entry takes it from the first source without comparing, and
 * then moves that source back by as many places as others now go before
 * it: one or two when a few streams take turns. */
typedef struct
{
  CnsScheduler parent;
  guint8 by_first[HEAP_SOURCES]; /* sources, earliest first entry first */
  HeapOrder first[HEAP_SOURCES]; /* HEAP_ORDER_NONE for an empty source */
  HeapOrder last[HEAP_RUNS];     /* 0 for an empty run: before any event */
  HeapRun runs[HEAP_RUNS]; /* by last entry, latest first; empty at the end */
  HeapKey *keys;           /* keys[1..n]; keys[0] unused */
  CnsEvent **events;       /* events[i] is the event of keys[i] */
  gsize n;
  gsize capacity; /* usable slots, excluding slot 0 */
  gsize n_in_runs;
  gsize n_batch; /* entries inserted since the last removal */
} HeapScheduler;

static CnsScheduler *
heap_create (void)
{
  HeapScheduler *self = g_new0 (HeapScheduler, 1);

  self->parent.klass = &cns_heap_scheduler_class;
  for (guint i = 0; i < HEAP_SOURCES; i++)
    {
      self->by_first[i] = i;
      self->first[i] = HEAP_ORDER_NONE;
    }
  return &self->parent;
}

static void
heap_free (CnsScheduler *scheduler)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;

  cns_memory_free (self->keys);
  cns_memory_free (self->events);
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
  HeapKey *keys
      = cns_memory_alloc ((capacity + 1) * sizeof (HeapKey), HEAP_ALIGN);
  CnsEvent **events
      = cns_memory_alloc ((capacity + 1) * sizeof (CnsEvent *), HEAP_ALIGN);

  if (self->keys != NULL)
    {
      memcpy (keys + 1, self->keys + 1, self->n * sizeof (HeapKey));
      memcpy (events + 1, self->events + 1, self->n * sizeof (CnsEvent *));
    }
  cns_memory_free (self->keys);
  cns_memory_free (self->events);
  self->keys = keys;
  self->events = events;
  self->capacity = capacity;
}

/* Moves @source, whose first entry has just become earlier, forward in
 * by_first. */
static G_GNUC_NO_INLINE void
heap_source_rise (HeapScheduler *self, guint source)
{
  HeapOrder first = self->first[source];
  guint i = 0;

  while (self->by_first[i] != source)
    i++;
  for (; i > 0 && first < self->first[self->by_first[i - 1]]; i--)
    self->by_first[i] = self->by_first[i - 1];
  self->by_first[i] = source;
}

/* Moves the first source of by_first, whose first entry has just been
 * taken, back behind those that now go before it. */
static inline void
heap_source_sink (HeapScheduler *self)
{
  guint source = self->by_first[0];
  HeapOrder first = self->first[source];
  guint i = 0;

  for (; i + 1 < HEAP_SOURCES && self->first[self->by_first[i + 1]] < first;
       i++)
    self->by_first[i] = self->by_first[i + 1];
  self->by_first[i] = source;
}

static G_GNUC_NO_INLINE void
heap_push (HeapScheduler *self, guint64 time, guint64 key, CnsEvent *event)
{
  HeapKey x = { time, key };
  HeapOrder order = heap_key_order (&x);
  HeapKey *h;
  CnsEvent **ev;
  gsize i;

  if (G_UNLIKELY (self->n == self->capacity))
    heap_grow (self);
  h = self->keys;
  ev = self->events;
  i = ++self->n;
  while (i > 1)
    {
      gsize parent = i >> 1;

      if (order >= heap_key_order (&h[parent]))
        break;
      h[i] = h[parent];
      ev[i] = ev[parent];
      i = parent;
    }
  h[i] = x;
  ev[i] = event;
  if (i == 1)
    {
      self->first[HEAP_TOP] = order;
      heap_source_rise (self, HEAP_TOP);
    }
}

/* Moves the hole at the root of @h[1..n] down to the leaf it reaches by
 * always taking the earlier child, then moves up from there to where the
 * entry of @order belongs, and returns that place. The last entry, which
 * fills the hole, nearly always belongs near the bottom, so this saves
 * comparing it at every level (Floyd's bottom-up variant). Choosing the
 * child without a branch wins while the heap is @small (which
 * child wins is a coin toss, and a mispredicted branch costs more than the
 * comparison); once it does not, a branch wins, because the processor
 * speculates down the predicted child and overlaps the next level's miss
 * with this one. Once the heap outgrows the second-level cache, the eight
 * great-grandchildren's orders (two lines) and events (one) are fetched
 * two levels ahead. */
G_ALWAYS_INLINE static inline gsize
heap_sift_down (HeapKey *h, CnsEvent **ev, gsize n, HeapOrder order,
                gboolean small)
{
  gsize i = 1;
  gsize child;

  while ((child = 2 * i) < n)
    {
      if (!small)
        {
          CNS_PREFETCH (&h[8 * i]);
          CNS_PREFETCH (&h[8 * i + 4]);
          CNS_PREFETCH (&ev[8 * i]);
        }
      if (small)
        child += heap_key_order (&h[child + 1]) < heap_key_order (&h[child]);
      else if (heap_key_order (&h[child + 1]) < heap_key_order (&h[child]))
        child++;
      h[i] = h[child];
      ev[i] = ev[child];
      i = child;
    }
  if (child == n)
    {
      h[i] = h[child];
      ev[i] = ev[child];
      i = child;
    }
  while (i > 1 && order < heap_key_order (&h[i / 2]))
    {
      h[i] = h[i / 2];
      ev[i] = ev[i / 2];
      i /= 2;
    }
  return i;
}

/* Removes the heap's top, which must exist. */
static G_GNUC_NO_INLINE void
heap_pop (HeapScheduler *self)
{
  HeapKey *h = self->keys;
  CnsEvent **ev = self->events;
  gsize n = self->n;
  HeapKey x = h[n];
  CnsEvent *xe = ev[n];
  HeapOrder order = heap_key_order (&x);
  gsize i;

  self->n = --n;
  if (n <= HEAP_L2_ENTRIES)
    i = heap_sift_down (h, ev, n, order, TRUE);
  else
    i = heap_sift_down (h, ev, n, order, FALSE);
  h[i] = x;
  ev[i] = xe;
  self->first[HEAP_TOP] = n > 0 ? heap_key_order (&h[1]) : HEAP_ORDER_NONE;
}

/* Appends (@time, @event) to run @r when the run is empty or its array
 * full. Makes room by moving the entries to the front when at least half
 * of the array is spent, and by doubling it otherwise, so that each entry
 * is moved O(1) times. */
static G_GNUC_NO_INLINE void
heap_run_append_slow (HeapScheduler *self, guint r, CnsTime time,
                      CnsEvent *event)
{
  HeapRun *run = &self->runs[r];
  HeapEntry x = { (guint64) time, event->key, event };
  gsize n = run->tail - run->head;

  if (run->tail == run->capacity)
    {
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
  run->entries[run->tail++] = x;
  self->last[r] = heap_order (&x);
  self->n_in_runs++;
  if (n == 0)
    {
      self->first[r] = heap_order (&x);
      heap_source_rise (self, r);
    }
}

/* Puts (@time, @event) in the run whose last entry is the latest one not
 * after it, so that the runs stay as far apart as the streams they follow;
 * in an empty run when none fits; in the heap when no run is empty either.
 * The runs are ordered by their last entry, latest first, with the empty
 * ones (last 0) at the end, so that run is the first one whose last is not
 * after the new entry; appending to it keeps the order. The common case,
 * appending to a run with room, calls nothing. */
static void
heap_insert (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  HeapEntry x = { (guint64) time, event->key, event };
  HeapOrder order = heap_order (&x);

  self->n_batch++;
  for (guint r = 0; r < HEAP_RUNS; r++)
    if (self->last[r] <= order)
      {
        HeapRun *run = &self->runs[r];

        /* empty runs have tail 0 */
        if (G_UNLIKELY (run->tail == 0 || run->tail == run->capacity))
          {
            heap_run_append_slow (self, r, time, event);
            return;
          }
        run->entries[run->tail++] = x;
        self->last[r] = order;
        self->n_in_runs++;
        return;
      }
  heap_push (self, x.time, x.key, event);
}

/* Empties run @r, now spent, and moves it behind the others that are
 * not empty. With random times (the hold model) runs empty at nearly every
 * removal, so this moves the few entries by hand, and not at all when the
 * runs after @r are empty already. */
static G_GNUC_NO_INLINE void
heap_run_retire (HeapScheduler *self, guint r)
{
  HeapRun run = self->runs[r];
  guint end = r;

  while (end + 1 < HEAP_RUNS && self->runs[end + 1].tail != 0)
    {
      self->runs[end] = self->runs[end + 1];
      self->first[end] = self->first[end + 1];
      self->last[end] = self->last[end + 1];
      end++;
    }
  run.head = run.tail = 0;
  self->runs[end] = run;
  self->first[end] = HEAP_ORDER_NONE;
  self->last[end] = 0;
  if (end == r)
    return;
  for (guint i = 0; i < HEAP_SOURCES; i++)
    {
      guint source = self->by_first[i];

      if (source == r)
        self->by_first[i] = end;
      else if (source > r && source <= end)
        self->by_first[i] = source - 1;
    }
}

/* Takes the earliest entry from run @r when that empties it. */
static G_GNUC_NO_INLINE void
heap_take_last_of_run (HeapScheduler *self, guint r, CnsSchedulerEntry *out)
{
  HeapRun *run = &self->runs[r];

  out->time = (CnsTime) run->entries[run->head].time;
  out->event = run->entries[run->head].event;
  self->n_in_runs--;
  heap_run_retire (self, r);
  heap_source_sink (self);
}

/* The heap's next top is one of the new top's two children, so their
 * CnsEvents are fetched now; the new top's own was fetched when it was a
 * child, so the memory its handler starts from (obj, data, its context's
 * creation counter and hints) can be fetched now, one event ahead. In a
 * heap that does not fit in the caches (PHOLD with 10^6 LPs) these are
 * the misses that would otherwise stall each event. */
static inline void
heap_top_prefetch (const HeapScheduler *self)
{
  CnsEvent *const *ev = self->events;
  const CnsEvent *next = ev[1];

  CNS_PREFETCH (ev[2]);
  CNS_PREFETCH (ev[3]);
  CNS_PREFETCH (next->obj);
  CNS_PREFETCH (next->data);
  cns_simulator_prefetch_context (next->context);
}

/* Takes the earliest entry from the heap. */
static G_GNUC_NO_INLINE void
heap_take_top (HeapScheduler *self, CnsSchedulerEntry *out)
{
  out->time = (CnsTime) self->keys[1].time;
  out->event = self->events[1];
  if (cns_prefetch_active)
    cns_prefetch_hints_issue (out->event->context);
  heap_pop (self);
  heap_source_sink (self);
  if (self->n >= 3)
    heap_top_prefetch (self);
}

/* Events come out of a run in order, so the ones a few places behind @e
 * (just taken) are the next to run: their CnsEvents are fetched now, then
 * the memory their handlers start from, then what their contexts' hints
 * name (see cns-prefetch.c). This overlaps the misses of a large
 * simulation with the work of the events before; in a small one it is
 * wasted work, so it waits until the hints name enough memory. */
#define HEAP_PREFETCH_EVENT 8
#define HEAP_PREFETCH_OBJ   4
#define HEAP_PREFETCH_HINTS 2

static inline void
heap_run_prefetch (const HeapEntry *e, const HeapEntry *end)
{
  if (cns_prefetch_active && e + HEAP_PREFETCH_EVENT < end)
    {
      const CnsEvent *next = e[HEAP_PREFETCH_OBJ].event;

      CNS_PREFETCH (e[HEAP_PREFETCH_EVENT].event);
      CNS_PREFETCH (next->obj);
      CNS_PREFETCH (next->data);
      cns_prefetch_hints_fetch (next->context);
      cns_prefetch_hints_issue (e[HEAP_PREFETCH_HINTS].event->context);
    }
}

/* Moves the entries of the runs into the heap. Called at a removal that
 * follows a large batch of insertions, such as a set-up scheduling each
 * application's start at a random time: the batch filled the runs with
 * increasing subsequences that end late, so that no later entry fitted
 * them and every event of the run went to the heap, which the batch had
 * made large. With the batch in the heap the runs are free for the
 * periodic streams again. */
static G_GNUC_NO_INLINE void
heap_free_runs (HeapScheduler *self)
{
  for (guint r = 0; r < HEAP_RUNS; r++)
    {
      HeapRun *run = &self->runs[r];

      for (gsize i = run->head; i < run->tail; i++)
        heap_push (self, run->entries[i].time, run->entries[i].key,
                   run->entries[i].event);
      run->head = run->tail = 0;
      self->first[r] = HEAP_ORDER_NONE;
      self->last[r] = 0;
    }
  self->n_in_runs = 0;
  /* the heap first; the empty runs after it in any order */
  self->by_first[0] = HEAP_TOP;
  for (guint i = 1; i < HEAP_SOURCES; i++)
    self->by_first[i] = i - 1;
}

/* The common case, taking from a run that keeps entries, calls nothing. */
static gboolean
heap_remove_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  guint source = self->by_first[0];
  HeapRun *run;
  const HeapEntry *e;

  if (G_UNLIKELY (self->n_batch >= HEAP_BATCH))
    {
      if (self->n_batch * 2 >= self->n + self->n_in_runs)
        {
          heap_free_runs (self);
          source = self->by_first[0];
        }
    }
  self->n_batch = 0;
  if (G_UNLIKELY (source == HEAP_TOP))
    {
      if (G_UNLIKELY (self->n == 0))
        return FALSE;
      heap_take_top (self, out);
      return TRUE;
    }
  run = &self->runs[source];
  if (G_UNLIKELY (run->tail - run->head <= 1))
    {
      if (run->head == run->tail)
        return FALSE; /* the earliest source is empty: so are all */
      heap_take_last_of_run (self, source, out);
      return TRUE;
    }
  e = &run->entries[run->head++];
  out->time = (CnsTime) e->time;
  out->event = e->event;
  heap_run_prefetch (e, run->entries + run->tail);
  self->n_in_runs--;
  self->first[source] = heap_order (e + 1);
  heap_source_sink (self);
  return TRUE;
}

static gboolean
heap_peek_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  HeapScheduler *self = (HeapScheduler *) scheduler;
  guint source = self->by_first[0];
  const HeapEntry *e;

  if (self->first[source] == HEAP_ORDER_NONE)
    return FALSE;
  if (source == HEAP_TOP)
    {
      out->time = (CnsTime) self->keys[1].time;
      out->event = self->events[1];
      return TRUE;
    }
  e = &self->runs[source].entries[self->runs[source].head];
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
