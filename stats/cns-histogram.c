/* cns — a histogram of counts over integer bins, shared by the flow
 * monitor and the delay monitor.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Histogram, with what binning a value means left to the caller:
 * the flow monitor's bins are linear (a width in seconds or bytes), the
 * delay monitor's log-linear (cns_histogram_log_bin(): exact to the unit
 * below 2,048, then 1,024 bins per power of two, so a percentile read
 * from the middle of its bin is within 0.05 %). Counts are kept over
 * the range of bins used, grown at either end, so a value costs no
 * allocation once its neighbourhood has been seen.
 */
#include "stats/cns-histogram-private.h"

#include "core/cns-mpi.h"

#include <string.h>

#define LOG_SUB (1u << CNS_HISTOGRAM_LOG_SUB_BITS)

/* Makes room for @n bins. */
static void
histogram_reserve (CnsHistogram *h, guint32 n)
{
  if (n <= h->capacity)
    return;
  h->capacity = MAX (n, MAX (2 * h->capacity, 4));
  h->counts = g_renew (guint64, h->counts, h->capacity);
}

/**
 * cns_histogram_add:
 * @h: a histogram
 * @bin: the bin; beyond %CNS_HISTOGRAM_MAX_BIN counts in that one
 * @count: what to add to its count
 */
void
cns_histogram_add (CnsHistogram *h, guint64 bin, guint64 count)
{
  guint32 index = (guint32) MIN (bin, CNS_HISTOGRAM_MAX_BIN);

  if (h->n == 0)
    {
      histogram_reserve (h, 1);
      h->first = index;
      h->n = 1;
      h->counts[0] = 0;
    }
  else if (index < h->first)
    {
      guint32 grow = h->first - index;

      histogram_reserve (h, h->n + grow);
      memmove (h->counts + grow, h->counts, h->n * sizeof (guint64));
      memset (h->counts, 0, grow * sizeof (guint64));
      h->first = index;
      h->n += grow;
    }
  else if (index - h->first >= h->n)
    {
      guint32 n = index - h->first + 1;

      histogram_reserve (h, n);
      memset (h->counts + h->n, 0, (n - h->n) * sizeof (guint64));
      h->n = n;
    }
  h->counts[index - h->first] += count;
}

/**
 * cns_histogram_time_bin_width:
 * @seconds: a bin width in seconds
 *
 * Returns: the width in picoseconds, at least 1, so that times fall in
 * bins by exact integer division.
 */
gint64
cns_histogram_time_bin_width (gdouble seconds)
{
  return MAX ((gint64) (seconds * (gdouble) CNS_TIME_PS_PER_S + 0.5), 1);
}

/**
 * cns_histogram_add_time:
 * @h: a histogram
 * @value: a time; a negative one counts in bin 0
 * @width_ps: the bin width, from cns_histogram_time_bin_width()
 *
 * Counts @value once in linear bins of @width_ps.
 */
void
cns_histogram_add_time (CnsHistogram *h, CnsTime value, gint64 width_ps)
{
  cns_histogram_add (h, (guint64) MAX (value, 0) / (guint64) width_ps, 1);
}

/**
 * cns_histogram_merge:
 * @into: a histogram
 * @h: another, over the same bins
 *
 * Adds @h's counts to @into's.
 */
void
cns_histogram_merge (CnsHistogram *into, const CnsHistogram *h)
{
  for (guint32 i = 0; i < h->n; i++)
    if (h->counts[i] != 0)
      cns_histogram_add (into, (guint64) h->first + i, h->counts[i]);
}

/**
 * cns_histogram_clear:
 * @h: a histogram
 *
 * Empties @h and frees its counts.
 */
void
cns_histogram_clear (CnsHistogram *h)
{
  g_clear_pointer (&h->counts, g_free);
  h->first = h->n = h->capacity = 0;
}

/**
 * cns_histogram_get_count:
 * @h: a histogram
 * @bin: any bin
 *
 * Returns: its count.
 */
guint64
cns_histogram_get_count (const CnsHistogram *h, guint64 bin)
{
  return bin >= h->first && bin - h->first < h->n ? h->counts[bin - h->first]
                                                  : 0;
}

/**
 * cns_histogram_get_n_bins:
 * @h: a histogram
 *
 * Returns: one more than the highest bin counted in, 0 for an empty
 * histogram (ns-3's nBins).
 */
guint32
cns_histogram_get_n_bins (const CnsHistogram *h)
{
  return h->n > 0 ? h->first + h->n : 0;
}

/**
 * cns_histogram_sum_ranks:
 * @h: a histogram
 * @n_bins: the bins every rank's counts are in, the same on every rank
 *
 * On MPI, collective: @h takes the counts of every rank's @h summed.
 * Counts in bins from @n_bins on are dropped.
 */
void
cns_histogram_sum_ranks (CnsHistogram *h, guint32 n_bins)
{
  g_autofree guint64 *dense = g_new0 (guint64, n_bins);

  for (guint32 i = 0; i < h->n && h->first + i < n_bins; i++)
    dense[h->first + i] = h->counts[i];
  cns_mpi_sum (dense, n_bins);
  cns_histogram_clear (h);
  for (guint32 b = 0; b < n_bins; b++)
    if (dense[b] != 0)
      cns_histogram_add (h, b, dense[b]);
}

/**
 * cns_histogram_log_bin:
 * @value: any value
 *
 * Returns: its log-linear bin, below %CNS_HISTOGRAM_LOG_N_BINS.
 */
guint32
cns_histogram_log_bin (guint64 value)
{
  guint e;

  if (value < CNS_HISTOGRAM_LOG_LINEAR)
    return (guint32) value;
  e = 63 - (guint) __builtin_clzll (value); /* at least 11 */
  return CNS_HISTOGRAM_LOG_LINEAR
         + (e - CNS_HISTOGRAM_LOG_SUB_BITS - 1) * LOG_SUB
         + (guint32) ((value >> (e - CNS_HISTOGRAM_LOG_SUB_BITS))
                      & (LOG_SUB - 1));
}

/**
 * cns_histogram_log_bin_low:
 * @bin: a log-linear bin
 * @width: (out): its width
 *
 * Returns: the lowest value of @bin.
 */
guint64
cns_histogram_log_bin_low (guint32 bin, guint64 *width)
{
  guint e;

  if (bin < CNS_HISTOGRAM_LOG_LINEAR)
    {
      *width = 1;
      return bin;
    }
  e = (bin - CNS_HISTOGRAM_LOG_LINEAR) / LOG_SUB + CNS_HISTOGRAM_LOG_SUB_BITS
      + 1;
  *width = G_GUINT64_CONSTANT (1) << (e - CNS_HISTOGRAM_LOG_SUB_BITS);
  return (guint64) (LOG_SUB + (bin - CNS_HISTOGRAM_LOG_LINEAR) % LOG_SUB)
         << (e - CNS_HISTOGRAM_LOG_SUB_BITS);
}
