/* cns — a histogram of counts over integer bins, shared by the flow
 * monitor and the delay monitor.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"

G_BEGIN_DECLS

/* The largest bin index: a value beyond it counts in it. */
#define CNS_HISTOGRAM_MAX_BIN ((guint64) G_MAXINT32)

/* The bins of cns_histogram_log_bin(): exact below 2,048, then 1,024 per
 * power of two up to 2^64. */
#define CNS_HISTOGRAM_LOG_SUB_BITS 10
#define CNS_HISTOGRAM_LOG_LINEAR   (2u << CNS_HISTOGRAM_LOG_SUB_BITS)
#define CNS_HISTOGRAM_LOG_N_BINS           \
  (CNS_HISTOGRAM_LOG_LINEAR                \
   + (64 - CNS_HISTOGRAM_LOG_SUB_BITS - 1) \
         * (1u << CNS_HISTOGRAM_LOG_SUB_BITS))

/* Counts of bins first .. first + n - 1; the others are zero. Values
 * cluster, so a histogram holds the range of bins used, not every bin
 * from 0: a few bins even where they are thousands of bins from 0. A
 * zeroed struct is an empty histogram. */
typedef struct
{
  guint64 *counts;
  guint32 first;
  guint32 n;
  guint32 capacity;
} CnsHistogram;

/* Internal to the module, but exported (though not installed) so that
 * the tests can reach it. */
void cns_histogram_add (CnsHistogram *h, guint64 bin, guint64 count);
void cns_histogram_add_time (CnsHistogram *h, CnsTime value, gint64 width_ps);
gint64 cns_histogram_time_bin_width (gdouble seconds);
void cns_histogram_merge (CnsHistogram *into, const CnsHistogram *h);
void cns_histogram_clear (CnsHistogram *h);
guint64 cns_histogram_get_count (const CnsHistogram *h, guint64 bin);
guint32 cns_histogram_get_n_bins (const CnsHistogram *h);
void cns_histogram_sum_ranks (CnsHistogram *h, guint32 n_bins);

guint32 cns_histogram_log_bin (guint64 value);
guint64 cns_histogram_log_bin_low (guint32 bin, guint64 *width);

G_END_DECLS
