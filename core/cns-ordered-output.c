/* cns — output many nodes write to, in the order of a sequential run.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A write from a thread of a parallel run is a record (time, key of the
 * running event, its rank among that event's writes) in the thread's own
 * row, with no lock. Events run in (time, key) order in a sequential run,
 * and every event of a window has run when the window ends, so sorting the
 * window's records by that triple gives the sequential order; the
 * parallel run flushes every output between windows
 * (cns_ordered_output_flush_all()).
 */
#include "core/cns-ordered-output.h"

#include "core/cns-log.h"
#include "core/cns-ordered-output-private.h"
#include "core/cns-simulator-private.h"

#include <stdlib.h>

typedef struct
{
  CnsTime time;
  guint64 key;
  guint32 rank; /* among the writes of one event */
  guint32 length;
  gsize offset; /* into the row's bytes */
  const gchar *bytes; /* set when sorting */
} OrderedRecord;

typedef struct
{
  GArray *records; /* OrderedRecord */
  GString *bytes;
  /* a cache line apart from the next row */
  gchar pad[64 - 2 * sizeof (gpointer)];
} OrderedRow;

struct _CnsOrderedOutput
{
  CnsOrderedOutputFunc func;
  gpointer user_data;
  OrderedRow *rows;
  guint n_rows;
};

static GPtrArray *outputs; /* every live output, for flush_all */

/**
 * cns_ordered_output_new: (skip)
 * @func: takes the bytes in order
 * @user_data: for @func
 *
 * Makes an output for the threads the run will have: make it after the
 * command line sets --threads, outside a run.
 *
 * Returns: (transfer full): the output; free it with
 * cns_ordered_output_free().
 */
CnsOrderedOutput *
cns_ordered_output_new (CnsOrderedOutputFunc func, gpointer user_data)
{
  CnsOrderedOutput *self;

  g_return_val_if_fail (func != NULL, NULL);
  g_return_val_if_fail (cns_simulator_thread.lp_of == NULL, NULL);
  self = g_new0 (CnsOrderedOutput, 1);
  self->func = func;
  self->user_data = user_data;
  self->n_rows = MAX (cns_simulator_get_n_threads (), 1);
  self->rows = g_new0 (OrderedRow, self->n_rows);
  for (guint i = 0; i < self->n_rows; i++)
    {
      self->rows[i].records = g_array_new (FALSE, FALSE, sizeof (OrderedRecord));
      self->rows[i].bytes = g_string_new (NULL);
    }
  if (outputs == NULL)
    outputs = g_ptr_array_new ();
  g_ptr_array_add (outputs, self);
  return self;
}

/**
 * cns_ordered_output_write: (skip)
 * @bytes: (array length=length): what to write
 * @length: how many bytes
 *
 * Writes @bytes, now in a sequential run and between windows of a
 * parallel one, in the sequential order at the end of the window from a
 * thread of a parallel run.
 */
void
cns_ordered_output_write (CnsOrderedOutput *self, const gchar *bytes,
                          gsize length)
{
  CnsSimulatorThread *t = &cns_simulator_thread;
  OrderedRecord record;
  OrderedRow *row;

  g_return_if_fail (self != NULL);
  g_return_if_fail (bytes != NULL || length == 0);
  if (t->lp_of == NULL || t->lp == CNS_SIMULATOR_LP_NONE)
    {
      cns_ordered_output_flush (self);
      self->func (bytes, length, self->user_data);
      return;
    }
  if (G_UNLIKELY (t->thread_index >= self->n_rows))
    cns_fatal ("CnsOrderedOutput made for %u threads written by thread %u: "
               "make it after the command line sets --threads",
               self->n_rows, t->thread_index);
  row = &self->rows[t->thread_index];
  record.time = t->now;
  record.key = t->running_key;
  record.rank = 0;
  if (row->records->len > 0)
    {
      const OrderedRecord *last = &g_array_index (
          row->records, OrderedRecord, row->records->len - 1);

      if (last->key == record.key && last->time == record.time)
        record.rank = last->rank + 1;
    }
  record.length = (guint32) length;
  record.offset = row->bytes->len;
  record.bytes = NULL;
  g_string_append_len (row->bytes, bytes, (gssize) length);
  g_array_append_val (row->records, record);
}

static int
compare_records (const void *a, const void *b)
{
  const OrderedRecord *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->rank < y->rank ? -1 : x->rank > y->rank ? 1 : 0;
}

/**
 * cns_ordered_output_flush: (skip)
 *
 * Passes on what the threads wrote, in order; outside windows.
 */
void
cns_ordered_output_flush (CnsOrderedOutput *self)
{
  g_autoptr (GArray) all = NULL;

  g_return_if_fail (self != NULL);
  for (guint i = 0; i < self->n_rows; i++)
    {
      OrderedRow *row = &self->rows[i];

      if (row->records->len == 0)
        continue;
      if (all == NULL)
        all = g_array_new (FALSE, FALSE, sizeof (OrderedRecord));
      for (guint r = 0; r < row->records->len; r++)
        {
          OrderedRecord *record
              = &g_array_index (row->records, OrderedRecord, r);

          record->bytes = row->bytes->str + record->offset;
          g_array_append_val (all, *record);
        }
    }
  if (all == NULL)
    return;
  qsort (all->data, all->len, sizeof (OrderedRecord), compare_records);
  for (guint r = 0; r < all->len; r++)
    {
      const OrderedRecord *record = &g_array_index (all, OrderedRecord, r);

      self->func (record->bytes, record->length, self->user_data);
    }
  for (guint i = 0; i < self->n_rows; i++)
    {
      g_array_set_size (self->rows[i].records, 0);
      g_string_truncate (self->rows[i].bytes, 0);
    }
}

void
cns_ordered_output_flush_all (void)
{
  for (guint i = 0; outputs != NULL && i < outputs->len; i++)
    cns_ordered_output_flush (outputs->pdata[i]);
}

/**
 * cns_ordered_output_free: (skip)
 *
 * Passes on what is left, then frees @self; outside a run.
 */
void
cns_ordered_output_free (CnsOrderedOutput *self)
{
  if (self == NULL)
    return;
  cns_ordered_output_flush (self);
  g_ptr_array_remove_fast (outputs, self);
  for (guint i = 0; i < self->n_rows; i++)
    {
      g_array_unref (self->rows[i].records);
      g_string_free (self->rows[i].bytes, TRUE);
    }
  g_free (self->rows);
  g_free (self);
}
