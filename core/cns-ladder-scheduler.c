/* cns — ladder queue scheduler.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The ladder queue of Tang, Goh and Thng (ACM TOMACS 2005): amortised O(1)
 * insert and remove-next, and it stays O(1) where a calendar queue
 * degenerates (skewed or changing increment distributions).
 *
 *   Top     unsorted far-future entries (time >= top_start), a flat array.
 *   Rungs   up to LADDER_MAX_RUNGS levels of buckets; each deeper rung
 *           splits one bucket of the rung above into finer buckets.
 *           Buckets are unsorted singly linked lists of pool nodes.
 *   Bottom  the entries due next, in a binary heap.
 *
 * Remove-next pops Bottom; when Bottom is empty the first non-empty bucket
 * of the deepest rung is either split into a new rung (when it holds more
 * than LADDER_THRESHOLD entries with different times) or moved to Bottom.
 * The original design sorts Bottom as a list; a heap keeps the worst case
 * at O(log n) when many events share one time and cannot be split.
 *
 * Times are never negative (the simulator starts at 0 and only schedules
 * forward), which keeps bucket arithmetic in unsigned 64 bits.
 *
 * No remove(): finding an entry in Top or a bucket is not O(1); the
 * simulator drops removed events lazily, as it does cancelled ones.
 */
#include "core/cns-log.h"
#include "core/cns-scheduler.h"

#define LADDER_THRESHOLD 50
#define LADDER_MAX_RUNGS 8
#define NIL              G_MAXUINT32

typedef struct
{
  CnsTime time;
  CnsEvent *event;
  guint32 next;
} Node;

typedef struct
{
  guint64 start; /* time of bucket 0 */
  guint64 width; /* >= 1 */
  guint64 n_buckets;
  guint64 cur; /* buckets before cur are empty */
  guint32 *heads;
} Rung;

typedef struct
{
  CnsScheduler parent;
  GArray *top; /* CnsSchedulerEntry */
  guint64 top_min, top_max, top_start;
  Rung rungs[LADDER_MAX_RUNGS];
  guint n_rungs;
  CnsScheduler *bottom;
  Node *nodes;
  guint32 n_nodes;
  guint32 free_node;
  gsize size;
} LadderScheduler;

static CnsScheduler *
ladder_create (void)
{
  LadderScheduler *self = g_new0 (LadderScheduler, 1);

  self->parent.klass = &cns_ladder_scheduler_class;
  self->top = g_array_new (FALSE, FALSE, sizeof (CnsSchedulerEntry));
  self->top_min = G_MAXUINT64;
  self->top_start = 0;
  self->bottom = cns_heap_scheduler_class.create ();
  self->free_node = NIL;
  return &self->parent;
}

static void
ladder_free (CnsScheduler *scheduler)
{
  LadderScheduler *self = (LadderScheduler *) scheduler;

  for (guint i = 0; i < self->n_rungs; i++)
    g_free (self->rungs[i].heads);
  g_array_unref (self->top);
  cns_heap_scheduler_class.free (self->bottom);
  g_free (self->nodes);
  g_free (self);
}

static guint32
node_new (LadderScheduler *self, CnsTime time, CnsEvent *event)
{
  guint32 i;

  if (self->free_node == NIL)
    {
      guint32 n = self->n_nodes;
      guint32 grown = n < 1024 ? 1024 : n + n / 2;

      if (grown < n)
        cns_fatal ("ladder scheduler: cannot hold more than %u pending events"
                   " (an array of %" G_GSIZE_FORMAT "-byte entries)",
                   n, sizeof (Node));
      self->nodes = g_renew (Node, self->nodes, grown);
      for (guint32 k = n; k < grown; k++)
        self->nodes[k].next = k + 1 < grown ? k + 1 : NIL;
      self->free_node = n;
      self->n_nodes = grown;
    }
  i = self->free_node;
  self->free_node = self->nodes[i].next;
  self->nodes[i].time = time;
  self->nodes[i].event = event;
  return i;
}

static void
rung_push (LadderScheduler *self, Rung *rung, guint32 node)
{
  guint64 b = ((guint64) self->nodes[node].time - rung->start) / rung->width;

  self->nodes[node].next = rung->heads[b];
  rung->heads[b] = node;
}

/* Sets up @rung to cover [min, end) with about one bucket per entry. */
static void
rung_init (Rung *rung, guint64 min, guint64 end, guint64 count)
{
  guint64 span = end - min;

  rung->start = min;
  rung->width = MAX (1, (span + count - 1) / count);
  rung->n_buckets = (span + rung->width - 1) / rung->width;
  rung->cur = 0;
  rung->heads = g_new (guint32, rung->n_buckets);
  for (guint64 b = 0; b < rung->n_buckets; b++)
    rung->heads[b] = NIL;
}

static void
ladder_insert (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  LadderScheduler *self = (LadderScheduler *) scheduler;
  guint64 t = (guint64) time;

  self->size++;
  if (t >= self->top_start)
    {
      CnsSchedulerEntry e = { time, event };

      g_array_append_val (self->top, e);
      self->top_min = MIN (self->top_min, t);
      self->top_max = MAX (self->top_max, t);
      return;
    }
  for (guint i = 0; i < self->n_rungs; i++)
    {
      Rung *rung = &self->rungs[i];

      if (t >= rung->start + rung->cur * rung->width)
        {
          rung_push (self, rung, node_new (self, time, event));
          return;
        }
    }
  cns_heap_scheduler_class.insert (self->bottom, time, event);
}

/* Moves Top into a new first rung. */
static void
ladder_spread_top (LadderScheduler *self)
{
  Rung *rung = &self->rungs[0];
  const CnsSchedulerEntry *e = (const CnsSchedulerEntry *) self->top->data;

  rung_init (rung, self->top_min, self->top_max + 1, self->top->len);
  for (guint i = 0; i < self->top->len; i++)
    rung_push (self, rung, node_new (self, e[i].time, e[i].event));
  self->n_rungs = 1;
  self->top_start = rung->start + rung->n_buckets * rung->width;
  g_array_set_size (self->top, 0);
  self->top_min = G_MAXUINT64;
  self->top_max = 0;
}

/* Empties the current bucket of the deepest rung, either into a new,
 * finer rung or into Bottom. */
static void
ladder_take_bucket (LadderScheduler *self, Rung *rung)
{
  guint32 head = rung->heads[rung->cur];
  guint64 bucket_end = rung->start + (rung->cur + 1) * rung->width;
  guint64 count = 0, min = G_MAXUINT64, max = 0;
  guint32 i, next;

  rung->heads[rung->cur] = NIL;
  rung->cur++;
  for (i = head; i != NIL; i = self->nodes[i].next)
    {
      guint64 t = (guint64) self->nodes[i].time;

      count++;
      min = MIN (min, t);
      max = MAX (max, t);
    }

  if (count > LADDER_THRESHOLD && self->n_rungs < LADDER_MAX_RUNGS && max > min)
    {
      Rung *child = &self->rungs[self->n_rungs++];

      rung_init (child, min, bucket_end, count);
      for (i = head; i != NIL; i = next)
        {
          next = self->nodes[i].next;
          rung_push (self, child, i);
        }
      return;
    }

  for (i = head; i != NIL; i = next)
    {
      next = self->nodes[i].next;
      cns_heap_scheduler_class.insert (self->bottom, self->nodes[i].time,
                                       self->nodes[i].event);
      self->nodes[i].next = self->free_node;
      self->free_node = i;
    }
}

/* Makes Bottom hold the earliest entries; FALSE when there are none. */
static gboolean
ladder_fill_bottom (LadderScheduler *self)
{
  while (cns_heap_scheduler_class.size (self->bottom) == 0)
    {
      Rung *rung;

      if (self->n_rungs == 0)
        {
          if (self->top->len == 0)
            return FALSE;
          ladder_spread_top (self);
        }
      rung = &self->rungs[self->n_rungs - 1];
      while (rung->cur < rung->n_buckets && rung->heads[rung->cur] == NIL)
        rung->cur++;
      if (rung->cur == rung->n_buckets)
        {
          g_free (rung->heads);
          rung->heads = NULL;
          self->n_rungs--;
          continue;
        }
      ladder_take_bucket (self, rung);
    }
  return TRUE;
}

static gboolean
ladder_remove_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  LadderScheduler *self = (LadderScheduler *) scheduler;

  if (!ladder_fill_bottom (self))
    return FALSE;
  self->size--;
  return cns_heap_scheduler_class.remove_next (self->bottom, out);
}

static gboolean
ladder_peek_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  LadderScheduler *self = (LadderScheduler *) scheduler;

  if (!ladder_fill_bottom (self))
    return FALSE;
  return cns_heap_scheduler_class.peek_next (self->bottom, out);
}

static gsize
ladder_size (CnsScheduler *scheduler)
{
  return ((LadderScheduler *) scheduler)->size;
}

const CnsSchedulerClass cns_ladder_scheduler_class = {
  .name = "ladder",
  .description = "ladder queue: amortised O(1) insert and remove-next, "
                 "robust to skewed time distributions",
  .create = ladder_create,
  .free = ladder_free,
  .insert = ladder_insert,
  .remove_next = ladder_remove_next,
  .peek_next = ladder_peek_next,
  .remove = NULL,
  .size = ladder_size,
};
