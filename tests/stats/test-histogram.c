/* cns — tests of the histogram the flow and delay monitors share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "stats/cns-histogram-private.h"
#include "stats/suites.h"

/* A zeroed struct is empty; counts land in their bins, the range grows
 * at both ends with zeros between, and other bins read 0. */
START_TEST (test_histogram_bins)
{
  CnsHistogram h = { 0 };

  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 0);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 0), 0);
  cns_histogram_add (&h, 7, 1);
  ck_assert_uint_eq (h.first, 7);
  ck_assert_uint_eq (h.n, 1);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 8);
  cns_histogram_add (&h, 7, 2);
  cns_histogram_add (&h, 3, 1);
  cns_histogram_add (&h, 12, 5);
  ck_assert_uint_eq (h.first, 3);
  ck_assert_uint_eq (h.n, 10);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 13);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 3), 1);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 4), 0);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 7), 3);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 12), 5);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 2), 0);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 13), 0);
  cns_histogram_clear (&h);
  ck_assert_ptr_null (h.counts);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 0);
}
END_TEST

/* Counts add exactly, past 32 bits too, many times over a grown range. */
START_TEST (test_histogram_exact_counts)
{
  CnsHistogram h = { 0 };
  guint64 total = 0;

  for (guint i = 0; i < 1000; i++)
    cns_histogram_add (&h, 100 + i % 10, 1);
  for (guint b = 100; b < 110; b++)
    ck_assert_uint_eq (cns_histogram_get_count (&h, b), 100);
  cns_histogram_add (&h, 105, G_GUINT64_CONSTANT (5000000000));
  ck_assert_uint_eq (cns_histogram_get_count (&h, 105),
                     G_GUINT64_CONSTANT (5000000100));
  for (guint b = 0; b < cns_histogram_get_n_bins (&h); b++)
    total += cns_histogram_get_count (&h, b);
  ck_assert_uint_eq (total, G_GUINT64_CONSTANT (5000001000));
  cns_histogram_clear (&h);
}
END_TEST

/* Merging adds bin by bin, over ranges that overlap in part, and leaves
 * the histogram merged in unchanged. */
START_TEST (test_histogram_merge)
{
  CnsHistogram a = { 0 }, b = { 0 }, empty = { 0 };

  cns_histogram_add (&a, 5, 2);
  cns_histogram_add (&a, 8, 1);
  cns_histogram_add (&b, 2, 4);
  cns_histogram_add (&b, 8, 3);
  cns_histogram_add (&b, 20, 1);
  cns_histogram_merge (&a, &b);
  ck_assert_uint_eq (a.first, 2);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&a), 21);
  ck_assert_uint_eq (cns_histogram_get_count (&a, 2), 4);
  ck_assert_uint_eq (cns_histogram_get_count (&a, 5), 2);
  ck_assert_uint_eq (cns_histogram_get_count (&a, 8), 4);
  ck_assert_uint_eq (cns_histogram_get_count (&a, 20), 1);
  ck_assert_uint_eq (cns_histogram_get_count (&a, 9), 0);
  ck_assert_uint_eq (cns_histogram_get_count (&b, 8), 3);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&b), 21);
  /* an empty one adds nothing; merged into one, it copies */
  cns_histogram_merge (&a, &empty);
  ck_assert_uint_eq (cns_histogram_get_count (&a, 8), 4);
  cns_histogram_merge (&empty, &b);
  ck_assert_uint_eq (empty.first, 2);
  ck_assert_uint_eq (cns_histogram_get_count (&empty, 20), 1);
  cns_histogram_clear (&a);
  cns_histogram_clear (&b);
  cns_histogram_clear (&empty);
}
END_TEST

/* Bin 0, the largest bin (values beyond it count in it), negative and
 * exact-boundary times, and the width of a bin in picoseconds. */
START_TEST (test_histogram_edges)
{
  CnsHistogram h = { 0 };
  gint64 ms = cns_histogram_time_bin_width (0.001);

  cns_histogram_add (&h, 0, 1);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 1);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 0), 1);
  cns_histogram_clear (&h);
  /* (apart from bin 0: the range between would be counts) */
  cns_histogram_add (&h, G_MAXUINT64, 1);
  cns_histogram_add (&h, CNS_HISTOGRAM_MAX_BIN + 1, 1);
  cns_histogram_add (&h, CNS_HISTOGRAM_MAX_BIN, 1);
  ck_assert_uint_eq (h.n, 1);
  ck_assert_uint_eq (cns_histogram_get_count (&h, CNS_HISTOGRAM_MAX_BIN), 3);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h),
                     (guint32) CNS_HISTOGRAM_MAX_BIN + 1);
  cns_histogram_clear (&h);

  ck_assert_int_eq (ms, G_GINT64_CONSTANT (1000000000));
  ck_assert_int_eq (cns_histogram_time_bin_width (1e-15), 1);
  ck_assert_int_eq (cns_histogram_time_bin_width (1e-9), 1000);
  ck_assert_int_eq (cns_histogram_time_bin_width (0.25),
                    G_GINT64_CONSTANT (250000000000));
  cns_histogram_add_time (&h, -5, ms);
  cns_histogram_add_time (&h, ms - 1, ms);
  cns_histogram_add_time (&h, ms, ms);
  cns_histogram_add_time (&h, 7 * ms + 1, ms);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 0), 2);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 1), 1);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 7), 1);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 8);
  cns_histogram_clear (&h);
}
END_TEST

/* Log-linear bins: one per value below 2,048, then 1,024 per power of
 * two, each bin's lowest value and width consistent with the binning. */
START_TEST (test_histogram_log_bins)
{
  guint64 width;

  ck_assert_uint_eq (cns_histogram_log_bin (0), 0);
  ck_assert_uint_eq (cns_histogram_log_bin (2047), 2047);
  ck_assert_uint_eq (cns_histogram_log_bin (2048), 2048);
  ck_assert_uint_eq (cns_histogram_log_bin (2049), 2048);
  ck_assert_uint_eq (cns_histogram_log_bin (2050), 2049);
  ck_assert_uint_eq (cns_histogram_log_bin (4095), 3071);
  ck_assert_uint_eq (cns_histogram_log_bin (4096), 3072);
  ck_assert_uint_eq (cns_histogram_log_bin (G_MAXUINT64),
                     CNS_HISTOGRAM_LOG_N_BINS - 1);
  ck_assert_uint_eq (CNS_HISTOGRAM_LOG_N_BINS, 56320);

  ck_assert_uint_eq (cns_histogram_log_bin_low (2047, &width), 2047);
  ck_assert_uint_eq (width, 1);
  ck_assert_uint_eq (cns_histogram_log_bin_low (2049, &width), 2050);
  ck_assert_uint_eq (width, 2);
  ck_assert_uint_eq (cns_histogram_log_bin_low (3072, &width), 4096);
  ck_assert_uint_eq (width, 4);
  ck_assert_uint_eq (
      cns_histogram_log_bin_low (CNS_HISTOGRAM_LOG_N_BINS - 1, &width),
      G_MAXUINT64 - (G_GUINT64_CONSTANT (1) << 53) + 1);
  ck_assert_uint_eq (width, G_GUINT64_CONSTANT (1) << 53);
  for (guint32 b = 0; b < CNS_HISTOGRAM_LOG_N_BINS; b += 97)
    {
      guint64 low = cns_histogram_log_bin_low (b, &width);

      ck_assert_uint_eq (cns_histogram_log_bin (low), b);
      ck_assert_uint_eq (cns_histogram_log_bin (low + width - 1), b);
    }
}
END_TEST

/* Without MPI, summing over ranks keeps the counts, and drops those of
 * bins past the range named. */
START_TEST (test_histogram_sum_ranks)
{
  CnsHistogram h = { 0 };

  cns_histogram_add (&h, 3, 2);
  cns_histogram_add (&h, 9, 1);
  cns_histogram_sum_ranks (&h, 8);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 3), 2);
  ck_assert_uint_eq (cns_histogram_get_count (&h, 9), 0);
  ck_assert_uint_eq (cns_histogram_get_n_bins (&h), 4);
  cns_histogram_clear (&h);
}
END_TEST

Suite *
test_histogram_suite (void)
{
  Suite *s = suite_create ("histogram");
  TCase *tc = tcase_create ("histogram");

  tcase_add_test (tc, test_histogram_bins);
  tcase_add_test (tc, test_histogram_exact_counts);
  tcase_add_test (tc, test_histogram_merge);
  tcase_add_test (tc, test_histogram_edges);
  tcase_add_test (tc, test_histogram_log_bins);
  tcase_add_test (tc, test_histogram_sum_ranks);
  suite_add_tcase (s, tc);
  return s;
}
