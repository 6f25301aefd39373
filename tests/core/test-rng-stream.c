/* cns — tests of CnsRngStream: L'Ecuyer's published values, jumps, state.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The expected numbers are those printed by the test program of
 * L'Ecuyer's RngStreams package for the package seed 12345 (and 1) in all
 * six words; cns_rng_stream_init() with that seed and stream k, substream
 * r gives the package's k-th stream after r substream jumps.
 */
#include "core/cns-core.h"

#include <math.h>
#include "core/suites.h"
#include "lib/cns-test.h"

#define M1 G_GUINT64_CONSTANT (4294967087)
#define M2 G_GUINT64_CONSTANT (4294944443)

static void
assert_state (const CnsRngStream *s, const guint32 expected[6])
{
  guint32 state[6];

  cns_rng_stream_get_state (s, state);
  for (int i = 0; i < 6; i++)
    ck_assert_msg (state[i] == expected[i], "word %d: %u, expected %u", i,
                   state[i], expected[i]);
}

static void
assert_same_state (const CnsRngStream *a, const CnsRngStream *b)
{
  guint32 state[6];

  cns_rng_stream_get_state (b, state);
  assert_state (a, state);
}

/* The published values have 13 significant digits. */
static void
assert_close (gdouble value, gdouble expected)
{
  ck_assert_msg (fabs (value - expected) <= 1e-12 * fabs (expected),
                 "%.15g, expected %.15g", value, expected);
}

START_TEST (test_rng_stream_initial_states)
{
  static const guint32 seed12345[3][6] = {
    { 12345, 12345, 12345, 12345, 12345, 12345 },
    { 3692455944, 1366884236, 2968912127, 335948734, 4161675175, 475798818 },
    { 1015873554, 1310354410, 2249465273, 994084013, 2912484720, 3876682925 },
  };
  static const guint32 seed1[3][6] = {
    { 2662865579, 741857976, 4206142246, 3352832365, 2519202871, 655500294 },
    { 3784663252, 802042081, 160569404, 3391851556, 2150317468, 54240022 },
    { 3276123839, 3170955788, 1470482105, 884064067, 1017894425, 16401881 },
  };
  CnsRngStream s;

  for (guint k = 0; k < 3; k++)
    {
      cns_rng_stream_init (&s, 12345, k, 0);
      assert_state (&s, seed12345[k]);
      cns_rng_stream_init (&s, 1, k + 1, 0);
      assert_state (&s, seed1[k]);
    }
}
END_TEST

START_TEST (test_rng_stream_known_values)
{
  static const guint32 after35[6] = { 1040577685, 3747037609, 277208355,
                                      1712706441, 627445683,  2408037141 };
  static const gdouble stream2[5]
      = { 0.7285097861965, 0.9655872822837, 0.9961841304801, 0.1149884161813,
          0.9731454191297 };
  static const gdouble substream4[5]
      = { 0.1734545396358, 0.03286351608942, 0.2643169129682, 0.3059403602117,
          0.5476303035177 };
  CnsRngStream s;
  gdouble sum = 0.0;

  cns_rng_stream_init (&s, 12345, 0, 0);
  cns_rng_stream_skip (&s, 35);
  assert_state (&s, after35);
  assert_close (cns_rng_stream_uniform (&s), 0.07941673614985);

  cns_rng_stream_init (&s, 12345, 2, 0);
  for (int i = 0; i < 5; i++)
    assert_close (cns_rng_stream_uniform (&s), stream2[i]);

  /* The published sum is of the 100 values that follow the first. */
  cns_rng_stream_init (&s, 12345, 2, 0);
  cns_rng_stream_uniform (&s);
  for (int i = 0; i < 100; i++)
    sum += cns_rng_stream_uniform (&s);
  assert_close (sum, 53.98590159232);

  cns_rng_stream_init (&s, 12345, 2, 4);
  for (int i = 0; i < 5; i++)
    assert_close (cns_rng_stream_uniform (&s), substream4[i]);
}
END_TEST

START_TEST (test_rng_stream_skip_and_jump)
{
  CnsRngStream a, b, c;

  /* skip (2^76) == jump (76) == the next substream */
  cns_rng_stream_init (&a, 12345, 3, 5);
  cns_rng_stream_skip (&a, G_GUINT64_CONSTANT (1) << 63);
  cns_rng_stream_init (&b, 12345, 3, 5);
  cns_rng_stream_jump (&b, 63);
  assert_same_state (&a, &b);

  cns_rng_stream_init (&a, 12345, 3, 5);
  for (int i = 0; i < 8192; i++)
    cns_rng_stream_skip (&a, G_GUINT64_CONSTANT (1) << 63);
  cns_rng_stream_init (&b, 12345, 3, 5);
  cns_rng_stream_jump (&b, 76);
  cns_rng_stream_init (&c, 12345, 3, 6);
  assert_same_state (&a, &b);
  assert_same_state (&b, &c);

  /* jump (127) == the next stream */
  cns_rng_stream_init (&a, 7, 41, 0);
  cns_rng_stream_jump (&a, 127);
  cns_rng_stream_init (&b, 7, 42, 0);
  assert_same_state (&a, &b);

  /* skip (n) == n draws, for n with many bits set */
  cns_rng_stream_init (&a, 12345, 0, 0);
  cns_rng_stream_skip (&a, 1234567);
  cns_rng_stream_init (&b, 12345, 0, 0);
  for (int i = 0; i < 1234567; i++)
    cns_rng_stream_uniform (&b);
  assert_same_state (&a, &b);
  ck_assert (cns_rng_stream_uniform (&a) == cns_rng_stream_uniform (&b));

  /* jump (0) is one step; skip (0) does nothing */
  cns_rng_stream_init (&a, 12345, 1, 0);
  cns_rng_stream_jump (&a, 0);
  cns_rng_stream_skip (&a, 0);
  cns_rng_stream_init (&b, 12345, 1, 0);
  cns_rng_stream_uniform (&b);
  assert_same_state (&a, &b);

  /* the largest jump: stream 2^63, where assigned streams begin */
  cns_rng_stream_init (&a, 1, 0, 0);
  cns_rng_stream_jump (&a, 190);
  cns_rng_stream_init (&b, 1, CNS_RNG_ASSIGNED_STREAM_BASE, 0);
  assert_same_state (&a, &b);
}
END_TEST

START_TEST (test_rng_stream_set_state)
{
  const guint32 valid[6]
      = { (guint32) (M1 - 1), 0, 0, 0, 0, (guint32) (M2 - 1) };
  const guint32 unchanged[6] = { 1, 2, 3, 4, 5, 6 };
  const guint32 invalid[][6] = {
    { (guint32) M1, 1, 1, 1, 1, 1 },     /* at m1 */
    { 1, 1, 0xffffffffu, 1, 1, 1 },      /* above m1 */
    { 1, 1, 1, (guint32) M2, 1, 1 },     /* at m2 */
    { 1, 1, 1, 1, 1, (guint32) M2 + 5 }, /* above m2 */
    { 0, 0, 0, 1, 1, 1 },                /* first component all zero */
    { 1, 1, 1, 0, 0, 0 },                /* second component all zero */
  };
  CnsRngStream a, b;

  ck_assert (cns_rng_stream_set_state (&a, valid));
  assert_state (&a, valid);

  ck_assert (cns_rng_stream_set_state (&a, unchanged));
  for (gsize i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      ck_assert_msg (!cns_rng_stream_set_state (&a, invalid[i]),
                     "invalid state %zu accepted", i);
      assert_state (&a, unchanged);
    }

  /* A state read back continues the same sequence. */
  {
    guint32 state[6];

    cns_rng_stream_init (&a, 12345, 9, 2);
    cns_rng_stream_skip (&a, 1000);
    cns_rng_stream_get_state (&a, state);
    ck_assert (cns_rng_stream_set_state (&b, state));
    for (int i = 0; i < 10; i++)
      ck_assert (cns_rng_stream_uniform (&a) == cns_rng_stream_uniform (&b));
  }
}
END_TEST

START_TEST (test_rng_stream_open_interval)
{
  CnsRngStream s;
  gdouble sum = 0.0, lo = 1.0, hi = 0.0;
  const int n = 1000000;

  cns_rng_stream_init (&s, 1, CNS_RNG_ASSIGNED_STREAM_BASE + 17, 1);
  for (int i = 0; i < n; i++)
    {
      gdouble u = cns_rng_stream_uniform (&s);

      sum += u;
      lo = MIN (lo, u);
      hi = MAX (hi, u);
    }
  /* Asserting once per draw would be slow: Check logs every assertion. The
   * mean's standard error is 0.00029. */
  ck_assert_msg (fabs (sum / n - 0.5) < 0.0015, "mean %g", sum / n);
  ck_assert_msg (lo > 0.0 && hi < 1.0, "extremes %.17g, %.17g", lo, hi);
  ck_assert (lo < 1e-5 && hi > 1.0 - 1e-5);

  /* When both components step to 0 the difference is read as m1, which
   * gives the largest value, m1 / (m1 + 1), still below 1. */
  {
    const guint32 both_zero_next[6] = { 0, 0, 1, 0, 1, 0 };
    gdouble u;

    ck_assert (cns_rng_stream_set_state (&s, both_zero_next));
    u = cns_rng_stream_uniform (&s);
    ck_assert_msg (u < 1.0 && u > 1.0 - 1e-9, "%.17g", u);
  }
}
END_TEST

START_TEST (test_rng_stream_misuse)
{
  CnsRngStream s;

  CNS_TEST_EXPECT_CRITICAL ("*seed*", cns_rng_stream_init (&s, 0, 0, 0));
  CNS_TEST_EXPECT_CRITICAL ("*seed*",
                            cns_rng_stream_init (&s, (guint32) M2, 0, 0));
  cns_rng_stream_init (&s, 1, 0, 0);
  CNS_TEST_EXPECT_CRITICAL ("*log2_steps*", cns_rng_stream_jump (&s, 191));
}
END_TEST

Suite *
test_rng_stream_suite (void)
{
  Suite *s = suite_create ("rng-stream");
  TCase *tc = tcase_create ("rng-stream");

  tcase_add_test (tc, test_rng_stream_initial_states);
  tcase_add_test (tc, test_rng_stream_known_values);
  tcase_add_test (tc, test_rng_stream_skip_and_jump);
  tcase_add_test (tc, test_rng_stream_set_state);
  tcase_add_test (tc, test_rng_stream_open_interval);
  tcase_add_test (tc, test_rng_stream_misuse);
  suite_add_tcase (s, tc);
  return s;
}
