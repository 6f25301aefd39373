/* cns — counters that threads add to apart and a run sums.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One row of counters per thread, each row a whole number of cache lines,
 * so that threads never write the same line. The rows are sized for the
 * threads the Threads global value asks for when the accumulator is made:
 * make accumulators after the command line is parsed.
 */
#include "core/cns-accumulator.h"

#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-simulator.h"

#include <string.h>

#define LINE_VALUES (64 / sizeof (guint64))

struct _CnsAccumulator
{
  gint ref_count;
  guint n_values;
  guint stride; /* values per row, a multiple of LINE_VALUES */
  guint n_rows;
  guint64 *rows;
};

G_DEFINE_BOXED_TYPE (CnsAccumulator, cns_accumulator, cns_accumulator_ref,
                     cns_accumulator_unref)

/**
 * cns_accumulator_new:
 * @n_values: how many counters, at least 1
 *
 * Returns: (transfer full): @n_values counters at zero.
 */
CnsAccumulator *
cns_accumulator_new (guint n_values)
{
  CnsAccumulator *self;

  g_return_val_if_fail (n_values >= 1 && n_values <= 1u << 20, NULL);
  self = g_new0 (CnsAccumulator, 1);
  self->ref_count = 1;
  self->n_values = n_values;
  self->stride = (guint) ((n_values + LINE_VALUES - 1) / LINE_VALUES
                          * LINE_VALUES);
  self->n_rows = MAX (cns_simulator_get_n_threads (), 1);
  self->rows = g_aligned_alloc0 ((gsize) self->n_rows * self->stride,
                                 sizeof (guint64), 64);
  return self;
}

/**
 * cns_accumulator_ref:
 *
 * Returns: (transfer full): @self
 */
CnsAccumulator *
cns_accumulator_ref (CnsAccumulator *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_accumulator_unref:
 */
void
cns_accumulator_unref (CnsAccumulator *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_aligned_free (self->rows);
  g_free (self);
}

/**
 * cns_accumulator_get_n_values:
 *
 * Returns: how many counters @self has.
 */
guint
cns_accumulator_get_n_values (CnsAccumulator *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_values;
}

static guint64 *
accumulator_row (CnsAccumulator *self)
{
  guint thread = cns_simulator_get_thread_index ();

  if (G_UNLIKELY (thread >= self->n_rows))
    cns_fatal ("CnsAccumulator made for %u threads used by thread %u: make "
               "accumulators after the command line sets --threads",
               self->n_rows, thread);
  return self->rows + (gsize) thread * self->stride;
}

/**
 * cns_accumulator_add:
 * @index: which counter, below cns_accumulator_get_n_values()
 * @value: what to add
 *
 * Adds @value to the calling thread's copy of counter @index.
 */
void
cns_accumulator_add (CnsAccumulator *self, guint index, guint64 value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->n_values);
  accumulator_row (self)[index] += value;
}

/**
 * cns_accumulator_get_values: (skip)
 *
 * The calling thread's copy of the counters, for a callback that adds to
 * several at once.
 *
 * Returns: (transfer none): cns_accumulator_get_n_values() counters.
 */
guint64 *
cns_accumulator_get_values (CnsAccumulator *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return accumulator_row (self);
}

static void
accumulator_sum_threads (CnsAccumulator *self, guint64 *totals)
{
  memset (totals, 0, self->n_values * sizeof (guint64));
  for (guint r = 0; r < self->n_rows; r++)
    for (guint i = 0; i < self->n_values; i++)
      totals[i] += self->rows[(gsize) r * self->stride + i];
}

/**
 * cns_accumulator_sum:
 * @totals: (array) (out caller-allocates): cns_accumulator_get_n_values()
 *   sums
 *
 * Adds up every thread's counters and, under MPI, every rank's: a
 * collective call there, which every rank makes, outside a run.
 */
void
cns_accumulator_sum (CnsAccumulator *self, guint64 *totals)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (totals != NULL);
  accumulator_sum_threads (self, totals);
  cns_mpi_sum (totals, self->n_values);
}

/**
 * cns_accumulator_get_total:
 * @index: which counter
 *
 * Returns: counter @index summed over this process's threads (not over
 * MPI ranks: see cns_accumulator_sum()).
 */
guint64
cns_accumulator_get_total (CnsAccumulator *self, guint index)
{
  guint64 total = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->n_values, 0);
  for (guint r = 0; r < self->n_rows; r++)
    total += self->rows[(gsize) r * self->stride + index];
  return total;
}

/**
 * cns_accumulator_clear:
 *
 * Sets every counter of every thread back to zero, outside a run.
 */
void
cns_accumulator_clear (CnsAccumulator *self)
{
  g_return_if_fail (self != NULL);
  memset (self->rows, 0,
          (gsize) self->n_rows * self->stride * sizeof (guint64));
}
