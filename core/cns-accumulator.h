/* cns — counters that threads add to apart and a run sums.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsAccumulator:
 *
 * A set of 64-bit counters for statistics that trace callbacks and event
 * handlers of many nodes add to. Each thread of a parallel run adds to a
 * copy of its own, on a cache line of its own, with no lock or atomic
 * operation; cns_accumulator_sum() adds the copies up, and, under MPI, the
 * ranks' sums too. Integer sums do not depend on the order of the
 * additions, so the totals are the sequential run's however the nodes are
 * spread: keep times in picoseconds and sizes in bytes, not in doubles.
 */
typedef struct _CnsAccumulator CnsAccumulator;

#define CNS_TYPE_ACCUMULATOR (cns_accumulator_get_type ())
GType cns_accumulator_get_type (void) G_GNUC_CONST;

CnsAccumulator *cns_accumulator_new (guint n_values);
CnsAccumulator *cns_accumulator_ref (CnsAccumulator *self);
void cns_accumulator_unref (CnsAccumulator *self);
guint cns_accumulator_get_n_values (CnsAccumulator *self);
void cns_accumulator_add (CnsAccumulator *self, guint index, guint64 value);
guint64 *cns_accumulator_get_values (CnsAccumulator *self);
guint64 cns_accumulator_get_total (CnsAccumulator *self, guint index);
void cns_accumulator_sum (CnsAccumulator *self, guint64 *totals);
void cns_accumulator_clear (CnsAccumulator *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsAccumulator, cns_accumulator_unref)

G_END_DECLS
