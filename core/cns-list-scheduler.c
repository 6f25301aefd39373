/* cns — sorted list scheduler, the reference.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Entries are kept in an array sorted latest first, so the next event is
 * the last element. Insert and remove find their place by binary search and
 * move the tail: O(n), fine for the few thousand pending events of a test.
 * It is simple enough to be obviously right, which is its purpose: the
 * other schedulers are checked against it.
 */
#include "core/cns-scheduler.h"

typedef struct
{
  CnsScheduler parent;
  GArray *entries; /* CnsSchedulerEntry, sorted latest first */
} ListScheduler;

static CnsScheduler *
list_create (void)
{
  ListScheduler *self = g_new0 (ListScheduler, 1);

  self->parent.klass = &cns_list_scheduler_class;
  self->entries = g_array_new (FALSE, FALSE, sizeof (CnsSchedulerEntry));
  return &self->parent;
}

static void
list_free (CnsScheduler *scheduler)
{
  ListScheduler *self = (ListScheduler *) scheduler;

  g_array_unref (self->entries);
  g_free (self);
}

/* Index of the first entry that runs before @x (entries run later before
 * that index). */
static guint
list_position (ListScheduler *self, const CnsSchedulerEntry *x)
{
  const CnsSchedulerEntry *e = (const CnsSchedulerEntry *) self->entries->data;
  guint lo = 0, hi = self->entries->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (cns_scheduler_entry_before (&e[mid], x))
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

static void
list_insert (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  ListScheduler *self = (ListScheduler *) scheduler;
  CnsSchedulerEntry x = { time, event };

  g_array_insert_val (self->entries, list_position (self, &x), x);
}

static gboolean
list_peek_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  ListScheduler *self = (ListScheduler *) scheduler;

  if (self->entries->len == 0)
    return FALSE;
  *out = g_array_index (self->entries, CnsSchedulerEntry,
                        self->entries->len - 1);
  return TRUE;
}

static gboolean
list_remove_next (CnsScheduler *scheduler, CnsSchedulerEntry *out)
{
  ListScheduler *self = (ListScheduler *) scheduler;

  if (!list_peek_next (scheduler, out))
    return FALSE;
  g_array_set_size (self->entries, self->entries->len - 1);
  return TRUE;
}

static gboolean
list_remove (CnsScheduler *scheduler, CnsTime time, CnsEvent *event)
{
  ListScheduler *self = (ListScheduler *) scheduler;
  CnsSchedulerEntry x = { time, event };
  guint i = list_position (self, &x);

  /* Keys are unique, so the entry, if present, is just before @i. */
  if (i == 0
      || g_array_index (self->entries, CnsSchedulerEntry, i - 1).event != event)
    return FALSE;
  g_array_remove_index (self->entries, i - 1);
  return TRUE;
}

static gsize
list_size (CnsScheduler *scheduler)
{
  return ((ListScheduler *) scheduler)->entries->len;
}

const CnsSchedulerClass cns_list_scheduler_class = {
  .name = "list",
  .description = "sorted list: O(n) insert, the reference for tests",
  .create = list_create,
  .free = list_free,
  .insert = list_insert,
  .remove_next = list_remove_next,
  .peek_next = list_peek_next,
  .remove = list_remove,
  .size = list_size,
};
