/* cns — tests of the random variables: moments, sequences, streams,
 * bounds, validation and the text form.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The moment tests draw 10^6 values with fixed seeds and streams and
 * compare the sample mean and variance with the exact ones within 1%
 * (relative). The parameters keep the fourth moment small enough that 1%
 * is at least about three standard errors of the sample variance. Under
 * valgrind, about 50 times slower, they draw 10^5 values and allow 3%,
 * which keeps the same margin in standard errors.
 */
#include "core/cns-core.h"

#include <math.h>
#include <string.h>
#include "core/suites.h"
#include "lib/cns-test.h"

static guint
n_draws (void)
{
  return cns_test_under_valgrind () ? 100000 : 1000000;
}

static gdouble
tolerance (void)
{
  return cns_test_under_valgrind () ? 0.03 : 0.01;
}

/* Draws n_draws () values from @rv (which it takes) and checks their mean
 * and variance against @mean and @variance. */
/* The variable's text form, for messages. */
static gchar *
describe (CnsRandomVariable *rv)
{
  g_auto (GValue) v = G_VALUE_INIT;

  g_value_init (&v, CNS_TYPE_RANDOM_VARIABLE);
  g_value_set_object (&v, rv);
  return cns_attribute_format (&v);
}

static void
check_moments (CnsRandomVariable *rv, gdouble mean, gdouble variance)
{
  g_autoptr (CnsRandomVariable) owned = rv;
  g_autofree gchar *name = describe (rv);
  guint n = n_draws ();
  gdouble m = 0.0, m2 = 0.0;

  /* Welford's running mean and sum of squared deviations. */
  for (guint i = 1; i <= n; i++)
    {
      gdouble x = cns_random_variable_get_value (rv);
      gdouble d = x - m;

      m += d / i;
      m2 += d * (x - m);
    }
  ck_assert_msg (fabs (m - mean) <= tolerance () * fabs (mean),
                 "%s: mean %.6g, expected %.6g", name, m, mean);
  ck_assert_msg (fabs (m2 / (n - 1) - variance) <= tolerance () * variance,
                 "%s: variance %.6g, expected %.6g", name, m2 / (n - 1),
                 variance);
}

/* Makes a variable from text, as an attribute of type CnsRandomVariable. */
static gpointer
parse_ok (const gchar *text)
{
  g_autoptr (GParamSpec) pspec = g_param_spec_ref_sink (g_param_spec_object (
      "variable", NULL, NULL, CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE));
  g_auto (GValue) value = G_VALUE_INIT;
  g_autoptr (GError) error = NULL;

  ck_assert_msg (cns_attribute_parse (pspec, text, &value, &error), "'%s': %s",
                 text, error ? error->message : "");
  return g_value_dup_object (&value);
}

static void
parse_fails (const gchar *text, gint code, const gchar *fragment)
{
  g_autoptr (GParamSpec) pspec = g_param_spec_ref_sink (g_param_spec_object (
      "variable", NULL, NULL, CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE));
  g_auto (GValue) value = G_VALUE_INIT;
  g_autoptr (GError) error = NULL;

  ck_assert_msg (!cns_attribute_parse (pspec, text, &value, &error),
                 "'%s' parsed", text);
  CNS_TEST_ASSERT_ERROR (error, code);
  ck_assert_msg (strstr (error->message, fragment) != NULL,
                 "message '%s' lacks '%s'", error->message, fragment);
}

static gdouble
get_double (gpointer object, const gchar *property)
{
  gdouble d;

  g_object_get (object, property, &d, NULL);
  return d;
}

/* Moments of each distribution. */

START_TEST (test_random_variable_uniform_moments)
{
  check_moments (cns_uniform_random_variable_new (2.0, 10.0), 6.0, 64.0 / 12.0);
}
END_TEST

START_TEST (test_random_variable_uniform_integers)
{
  g_autoptr (CnsRandomVariable) rv = cns_uniform_random_variable_new (0, 9);
  CnsUniformRandomVariable *u = CNS_UNIFORM_RANDOM_VARIABLE (rv);
  guint counts[11] = { 0 };
  const guint n = 100000;

  /* Integers 0 .. 9 inclusive, each about 10% of the time; anything else
   * is counted in counts[10]. */
  for (guint i = 0; i < n; i++)
    counts[MIN (cns_random_variable_get_integer (rv), 10)]++;
  ck_assert_uint_eq (counts[10], 0);
  for (int k = 0; k < 10; k++)
    ck_assert_msg (counts[k] > 9500 && counts[k] < 10500, "%d: %u", k,
                   counts[k]);

  /* Explicit ranges ignore the attributes. */
  for (guint i = 0; i < 1000; i++)
    {
      gdouble x = cns_uniform_random_variable_get_value_in (u, -3.0, -2.0);
      guint32 k = cns_uniform_random_variable_get_integer_in (u, 5, 6);

      ck_assert (x >= -3.0 && x < -2.0);
      ck_assert (k == 5 || k == 6);
      ck_assert_uint_eq (cns_uniform_random_variable_get_integer_in (u, 7, 7),
                         7);
    }
  ck_assert_uint_le (
      cns_uniform_random_variable_get_integer_in (u, 0, G_MAXUINT32),
      G_MAXUINT32);
  CNS_TEST_EXPECT_CRITICAL (
      "*min <= max*", cns_uniform_random_variable_get_integer_in (u, 3, 2));
  CNS_TEST_EXPECT_CRITICAL (
      "*min <= max*", cns_uniform_random_variable_get_value_in (u, 3.0, 2.0));
}
END_TEST

START_TEST (test_random_variable_constant)
{
  g_autoptr (CnsRandomVariable) rv = cns_constant_random_variable_new (7.9);

  for (int i = 0; i < 10; i++)
    {
      ck_assert (cns_random_variable_get_value (rv) == 7.9);
      ck_assert_uint_eq (cns_random_variable_get_integer (rv), 7);
    }
  /* Integers are rounded down and kept inside a guint32. */
  g_object_set (rv, "constant", -3.5, NULL);
  ck_assert_uint_eq (cns_random_variable_get_integer (rv), 0);
  g_object_set (rv, "constant", 1e20, NULL);
  ck_assert_uint_eq (cns_random_variable_get_integer (rv), G_MAXUINT32);
  g_object_set (rv, "constant", 4294967295.5, NULL);
  ck_assert_uint_eq (cns_random_variable_get_integer (rv), G_MAXUINT32);
  ck_assert (cns_constant_random_variable_get_constant (
                 CNS_CONSTANT_RANDOM_VARIABLE (rv))
             == 4294967295.5);
}
END_TEST

/* An unnumbered constant takes no automatic stream: the next variable
 * gets the one it would have had without it. */
START_TEST (test_random_variable_constant_unnumbered)
{
  g_autoptr (CnsRandomVariable) c
      = cns_constant_random_variable_new_unnumbered (2.5);
  g_autoptr (CnsRandomVariable) u = cns_uniform_random_variable_new (0, 1);
  CnsRngStream ref;

  ck_assert (cns_random_variable_get_value (c) == 2.5);
  ck_assert (cns_constant_random_variable_get_constant (
                 CNS_CONSTANT_RANDOM_VARIABLE (c))
             == 2.5);
  ck_assert_int_eq (cns_random_variable_get_stream (c), -1);
  cns_rng_stream_init (&ref, 1, 0, 1); /* the first automatic stream */
  ck_assert (cns_random_variable_get_value (u)
             == cns_rng_stream_uniform (&ref));
  /* it takes a stream like any variable when given one */
  cns_random_variable_set_stream (c, 4);
  ck_assert_int_eq (cns_random_variable_get_stream (c), 4);
  ck_assert (cns_random_variable_get_value (c) == 2.5);
}
END_TEST

static void
check_sequence (CnsRandomVariable *rv, const gdouble *expected, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      gdouble x = cns_random_variable_get_value (rv);

      ck_assert_msg (x == expected[i], "value %zu: %g, expected %g", i, x,
                     expected[i]);
    }
}

START_TEST (test_random_variable_sequential)
{
  static const gdouble pairs[]
      = { 1, 1, 2, 2, 3, 3, 4, 4, 1, 1, 2, 2, 3, 3, 4, 4, 1 };
  static const gdouble threes[] = { 0, 3, 6, 9, 2, 5, 8, 1, 4, 7, 0, 3 };
  static const gdouble big[] = { 0, 5, 0, 5, 0 };
  static const gdouble down[] = { 0, 3, 2, 1, 0, 3 };
  g_autoptr (CnsRandomVariable) rv
      = cns_sequential_random_variable_new (1, 5, NULL, 2);
  g_autoptr (CnsRandomVariable) step = cns_constant_random_variable_new (3);
  g_autoptr (CnsRandomVariable) jumpy = NULL;
  gdouble prev = -1.0;

  check_sequence (rv, pairs, G_N_ELEMENTS (pairs));

  /* Changing the parameters starts over at Min. */
  g_object_set (rv, "min", 0.0, "max", 10.0, "increment", step, "consecutive",
                1, NULL);
  check_sequence (rv, threes, G_N_ELEMENTS (threes));

  /* Increments wider than the range and negative ones stay in range. */
  g_object_set (step, "constant", 25.0, NULL);
  g_object_set (rv, "min", 0.0, NULL);
  check_sequence (rv, big, G_N_ELEMENTS (big));
  g_object_set (step, "constant", -1.0, NULL);
  g_object_set (rv, "max", 4.0, NULL);
  check_sequence (rv, down, G_N_ELEMENTS (down));

  /* A random increment: values climb in steps of 1 to 2, then wrap. */
  jumpy = cns_uniform_random_variable_new (1.0, 2.0);
  g_object_set (rv, "min", 0.0, "max", 100.0, "increment", jumpy, NULL);
  for (int i = 0; i < 1000; i++)
    {
      gdouble x = cns_random_variable_get_value (rv);

      ck_assert (x >= 0.0 && x < 100.0);
      ck_assert (x > prev ? x - prev >= 1.0 && x - prev < 2.0
                          : prev + 2.0 - 100.0 > x);
      prev = x;
    }

  /* Over whole cycles of 1, 1, 2, 2, 3, 3, 4, 4: mean 2.5, variance
   * 1.25 (times n / (n - 1)). */
  {
    g_autoptr (CnsRandomVariable) cycle
        = cns_sequential_random_variable_new (1, 5, NULL, 2);
    gdouble sum = 0.0, sum2 = 0.0;
    const int n = 80000;

    for (int i = 0; i < n; i++)
      {
        gdouble x = cns_random_variable_get_value (cycle);

        sum += x;
        sum2 += x * x;
      }
    ck_assert (sum / n == 2.5);
    ck_assert (sum2 / n - 2.5 * 2.5 == 1.25);
  }
}
END_TEST

START_TEST (test_random_variable_exponential_moments)
{
  check_moments (cns_exponential_random_variable_new (2.0, 0.0), 2.0, 4.0);
}
END_TEST

START_TEST (test_random_variable_pareto_moments)
{
  /* Mean a x_m / (a - 1), variance x_m^2 a / ((a - 1)^2 (a - 2)). The
   * sample variance has a standard error only for shapes above 4: 0.85%
   * of the variance at shape 5, too close to 1%, and 0.33% at shape 20. */
  check_moments (cns_pareto_random_variable_new (2.0, 20.0, 0.0), 40.0 / 19.0,
                 4.0 * 20.0 / (19.0 * 19.0 * 18.0));
}
END_TEST

START_TEST (test_random_variable_weibull_moments)
{
  gdouble g1 = tgamma (1.0 + 1.0 / 1.5), g2 = tgamma (1.0 + 2.0 / 1.5);

  check_moments (cns_weibull_random_variable_new (2.0, 1.5, 0.0), 2.0 * g1,
                 4.0 * (g2 - g1 * g1));
}
END_TEST

START_TEST (test_random_variable_normal_moments)
{
  check_moments (cns_normal_random_variable_new (
                     5.0, 4.0, CNS_NORMAL_RANDOM_VARIABLE_NO_BOUND),
                 5.0, 4.0);
}
END_TEST

START_TEST (test_random_variable_log_normal_moments)
{
  /* mean exp (mu + s^2 / 2), variance (exp (s^2) - 1) exp (2 mu + s^2) */
  check_moments (cns_log_normal_random_variable_new (0.5, 0.5), exp (0.625),
                 (exp (0.25) - 1.0) * exp (1.25));
}
END_TEST

START_TEST (test_random_variable_gamma_moments)
{
  /* mean alpha beta, variance alpha beta^2; alpha < 1 takes the other
   * branch of the method. */
  check_moments (cns_gamma_random_variable_new (2.5, 1.5), 3.75, 5.625);
  check_moments (cns_gamma_random_variable_new (0.8, 2.0), 1.6, 3.2);
}
END_TEST

START_TEST (test_random_variable_erlang_moments)
{
  check_moments (cns_erlang_random_variable_new (3, 2.0), 6.0, 12.0);
}
END_TEST

START_TEST (test_random_variable_zipf_moments)
{
  gdouble h0 = 0.0, h1 = 0.0, h2 = 0.0;

  /* E[X^j] = sum k^(j - alpha) / sum k^-alpha over k = 1 .. N */
  for (int k = 1; k <= 100; k++)
    {
      h0 += pow (k, -1.2);
      h1 += pow (k, -0.2);
      h2 += pow (k, 0.8);
    }
  check_moments (cns_zipf_random_variable_new (100, 1.2), h1 / h0,
                 h2 / h0 - (h1 / h0) * (h1 / h0));

  /* alpha 0 is uniform over 1 .. N; N 1 always gives 1 */
  check_moments (cns_zipf_random_variable_new (5, 0.0), 3.0, 2.0);
  {
    g_autoptr (CnsRandomVariable) one = cns_zipf_random_variable_new (1, 3.0);

    for (int i = 0; i < 100; i++)
      ck_assert_uint_eq (cns_random_variable_get_integer (one), 1);
  }
}
END_TEST

static CnsRandomVariable *
empirical_new (const gchar *cdf, gboolean interpolate)
{
  return cns_object_new (CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE, "cdf", cdf,
                         "interpolate", interpolate, NULL);
}

START_TEST (test_random_variable_empirical_moments)
{
  /* Discrete: 1 (0.2), 2 (0.3), 4 (0.5): mean 2.8, E[X^2] 9.4. */
  check_moments (empirical_new ("1:0.2;2:0.5;4:1.0", FALSE), 2.8,
                 9.4 - 2.8 * 2.8);
  /* Interpolated: 1 with probability 0.2, then uniform on [1, 2] (0.3)
   * and [2, 4] (0.5): mean 2.15, E[X^2] 0.2 + 0.3 * 7/3 + 0.5 * 28/3. */
  check_moments (empirical_new ("1:0.2;2:0.5;4:1.0", TRUE), 2.15,
                 0.2 + 0.7 + 14.0 / 3.0 - 2.15 * 2.15);
}
END_TEST

START_TEST (test_random_variable_empirical_values)
{
  g_autoptr (CnsRandomVariable) discrete = cns_empirical_random_variable_new ();
  g_autoptr (CnsRandomVariable) smooth
      = empirical_new ("1:0.2;2:0.5;4:1", TRUE);
  g_autofree gchar *cdf = NULL;
  gboolean seen[5] = { FALSE };
  gdouble lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;

  cns_empirical_random_variable_add_point (
      CNS_EMPIRICAL_RANDOM_VARIABLE (discrete), 1.0, 0.2);
  cns_empirical_random_variable_add_point (
      CNS_EMPIRICAL_RANDOM_VARIABLE (discrete), 2.0, 0.5);
  cns_empirical_random_variable_add_point (
      CNS_EMPIRICAL_RANDOM_VARIABLE (discrete), 4.0, 1.0);
  g_object_get (discrete, "cdf", &cdf, NULL);
  ck_assert_str_eq (cdf, "1:0.2;2:0.5;4:1");

  /* Discrete draws give only the points' values; interpolated ones give
   * 1 (the mass at the first point) or anything in (1, 4). */
  for (int i = 0; i < 10000; i++)
    {
      gdouble x = cns_random_variable_get_value (discrete);
      gdouble y = cns_random_variable_get_value (smooth);

      seen[x == 1.0 ? 1 : x == 2.0 ? 2 : x == 4.0 ? 4 : 0] = TRUE;
      lo = MIN (lo, y);
      hi = MAX (hi, y);
    }
  ck_assert (!seen[0] && seen[1] && seen[2] && seen[4]);
  ck_assert_msg (lo == 1.0 && hi < 4.0 && hi > 3.99, "%g .. %g", lo, hi);

  /* Equal probabilities give the later value no weight, without dividing
   * by zero when interpolating. */
  {
    g_autoptr (CnsRandomVariable) flat
        = empirical_new ("0:0;1:0.5;2:0.5;3:1", TRUE);

    lo = G_MAXDOUBLE;
    hi = -G_MAXDOUBLE;
    for (int i = 0; i < 10000; i++)
      {
        gdouble x = cns_random_variable_get_value (flat);

        lo = MIN (lo, x);
        hi = MAX (hi, x);
      }
    ck_assert_msg (isfinite (lo) && isfinite (hi) && lo >= 0.0 && hi < 3.0,
                   "%g .. %g", lo, hi);
  }
}
END_TEST

START_TEST (test_random_variable_empirical_errors)
{
  g_autoptr (CnsRandomVariable) rv = cns_empirical_random_variable_new ();
  CnsEmpiricalRandomVariable *e = CNS_EMPIRICAL_RANDOM_VARIABLE (rv);
  g_autoptr (GError) error = NULL;

  /* No points yet. */
  ck_assert (!cns_random_variable_validate (rv, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "no points"));
  g_clear_error (&error);

  cns_empirical_random_variable_add_point (e, 1.0, 0.3);
  CNS_TEST_EXPECT_CRITICAL (
      "*point 2 (2:0.1)*probability is below the previous*",
      cns_empirical_random_variable_add_point (e, 2.0, 0.1));
  CNS_TEST_EXPECT_CRITICAL (
      "*point 2 (0.5:0.6)*value is below the previous*",
      cns_empirical_random_variable_add_point (e, 0.5, 0.6));
  CNS_TEST_EXPECT_CRITICAL (
      "*point 2 (2:1.5)*outside ?0, 1?*",
      cns_empirical_random_variable_add_point (e, 2.0, 1.5));
  CNS_TEST_EXPECT_CRITICAL (
      "*point 2 (inf:1)*not a finite number*",
      cns_empirical_random_variable_add_point (e, INFINITY, 1.0));

  /* The refused points were not added: the CDF still ends at 0.3. */
  ck_assert (!cns_random_variable_validate (rv, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "ends at probability 0.3"));
  g_clear_error (&error);
  CNS_TEST_EXPECT_CRITICAL (
      "*ends at probability 0.3*",
      ck_assert (isnan (cns_random_variable_get_value (rv))));
  cns_empirical_random_variable_add_point (e, 2.0, 1.0);
  ck_assert (cns_random_variable_validate (rv, NULL));

  /* A bad Cdf string empties the CDF and is reported when validating. */
  g_object_set (rv, "cdf", "1:0.5;0:1", NULL);
  ck_assert (!cns_random_variable_validate (rv, &error));
  ck_assert_ptr_nonnull (
      strstr (error->message, "Cdf: point 2 (0:1): the value is below"));
  g_clear_error (&error);
  CNS_TEST_EXPECT_CRITICAL ("*Cdf: point 2*",
                            cns_random_variable_get_integer (rv));
  /* Adding points starts a new CDF. */
  cns_empirical_random_variable_add_point (e, 3.0, 1.0);
  ck_assert (cns_random_variable_validate (rv, NULL));
  ck_assert (cns_random_variable_get_value (rv) == 3.0);

  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_EMPIRICAL_RANDOM_VARIABLE*",
      cns_empirical_random_variable_add_point (NULL, 1.0, 1.0));
}
END_TEST

/* Streams, runs and antithetic draws. */

static void
draw (CnsRandomVariable *rv, gdouble *out, gsize n)
{
  for (gsize i = 0; i < n; i++)
    out[i] = cns_random_variable_get_value (rv);
}

START_TEST (test_random_variable_streams)
{
  g_autoptr (CnsRandomVariable) a = cns_exponential_random_variable_new (1, 0);
  g_autoptr (CnsRandomVariable) b = cns_exponential_random_variable_new (1, 0);
  g_autoptr (CnsRandomVariable) u = cns_uniform_random_variable_new (0, 1);
  gdouble x[100], y[100];
  CnsRngStream ref;

  /* Automatic streams differ and are reported as -1. */
  ck_assert_int_eq (cns_random_variable_get_stream (a), -1);
  draw (a, x, 100);
  draw (b, y, 100);
  ck_assert (memcmp (x, y, sizeof x) != 0);

  /* The same stream, seed and run give the same values, from the start
   * of the stream whenever it is set. */
  cns_random_variable_set_stream (a, 7);
  cns_random_variable_set_stream (b, 7);
  ck_assert_int_eq (cns_random_variable_get_stream (a), 7);
  draw (a, x, 100);
  draw (b, y, 100);
  ck_assert (memcmp (x, y, sizeof x) == 0);
  cns_random_variable_set_stream (a, 7);
  draw (a, y, 100);
  ck_assert (memcmp (x, y, sizeof x) == 0);

  /* Stream s with RngSeed and RngRun is substream RngRun of generator
   * stream 2^63 + s, as in ns-3. */
  cns_rng_seed_manager_set_seed (12345);
  cns_rng_seed_manager_set_run (0);
  cns_random_variable_set_stream (u, 2);
  cns_rng_stream_init (&ref, 12345, CNS_RNG_ASSIGNED_STREAM_BASE + 2, 0);
  ck_assert (cns_random_variable_get_value (u)
             == cns_rng_stream_uniform (&ref));
  cns_rng_seed_manager_set_run (3);
  cns_random_variable_set_stream (u, 11);
  cns_rng_stream_init (&ref, 12345, CNS_RNG_ASSIGNED_STREAM_BASE + 11, 3);
  for (int i = 0; i < 10; i++)
    ck_assert (cns_random_variable_get_value (u)
               == cns_rng_stream_uniform (&ref));

  /* Another run gives other values; seed and run are read at the first
   * draw, so they may be set after the variable is made. */
  cns_rng_seed_manager_set_seed (1);
  cns_rng_seed_manager_set_run (1);
  cns_random_variable_set_stream (a, 7);
  draw (a, x, 100);
  cns_rng_seed_manager_set_run (2);
  cns_random_variable_set_stream (a, 7);
  draw (a, y, 100);
  ck_assert (memcmp (x, y, sizeof x) != 0);
  cns_rng_seed_manager_set_seed (2);
  cns_rng_seed_manager_set_run (1);
  cns_random_variable_set_stream (a, 7);
  draw (a, y, 100);
  ck_assert (memcmp (x, y, sizeof x) != 0);

  CNS_TEST_EXPECT_CRITICAL ("*stream >= -1*",
                            cns_random_variable_set_stream (a, -2));
}
END_TEST

static void
draw_event (gpointer obj, gpointer data)
{
  draw (obj, data, 20);
}

/* Builds a one-variable scenario, runs it and tears it down. */
static void
run_scenario (gdouble out[20])
{
  g_autoptr (CnsRandomVariable) rv = cns_uniform_random_variable_new (0, 1);

  cns_simulator_schedule (cns_seconds (1.0), draw_event, rv, out);
  cns_simulator_run ();
  cns_simulator_destroy ();
}

START_TEST (test_random_variable_automatic_streams)
{
  CnsRngStream ref;
  gdouble x[20], y[20];

  /* Automatic streams start over with the next simulation, so a program
   * that builds and runs its scenario twice gets the same values twice. */
  run_scenario (x);
  run_scenario (y);
  ck_assert (memcmp (x, y, sizeof x) == 0);

  /* They count from 0 in creation order, as in ns-3; the default seed and
   * run are 1 and 1. */
  {
    g_autoptr (CnsRandomVariable) first
        = cns_uniform_random_variable_new (0, 1);
    g_autoptr (CnsRandomVariable) second
        = cns_uniform_random_variable_new (0, 1);

    ck_assert_int_eq (cns_random_variable_get_stream (first), -1);
    cns_rng_stream_init (&ref, 1, 0, 1);
    for (int i = 0; i < 20; i++)
      ck_assert (x[i] == cns_rng_stream_uniform (&ref));
    draw (first, y, 20);
    ck_assert (memcmp (x, y, sizeof x) == 0);
    cns_rng_stream_init (&ref, 1, 1, 1);
    ck_assert (cns_random_variable_get_value (second)
               == cns_rng_stream_uniform (&ref));
  }
}
END_TEST

START_TEST (test_random_variable_antithetic)
{
  g_autoptr (CnsRandomVariable) u = cns_uniform_random_variable_new (0, 1);
  g_autoptr (CnsRandomVariable) anti
      = cns_object_new (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, "stream", (gint64) 5,
                        "antithetic", TRUE, NULL);
  g_autoptr (CnsRandomVariable) e = cns_exponential_random_variable_new (2, 0);
  g_autoptr (CnsRandomVariable) n = cns_normal_random_variable_new (
      3, 4, CNS_NORMAL_RANDOM_VARIABLE_NO_BOUND);
  g_autoptr (CnsRandomVariable) na = cns_normal_random_variable_new (
      3, 4, CNS_NORMAL_RANDOM_VARIABLE_NO_BOUND);

  ck_assert (cns_random_variable_get_antithetic (anti));
  ck_assert (!cns_random_variable_get_antithetic (u));
  cns_random_variable_set_stream (u, 5);
  cns_random_variable_set_stream (e, 5);
  cns_random_variable_set_antithetic (e, TRUE);
  for (int i = 0; i < 1000; i++)
    {
      gdouble x = cns_random_variable_get_value (u);

      ck_assert (cns_random_variable_get_value (anti) == 1.0 - x);
      ck_assert (cns_random_variable_get_value (e) == -2.0 * log (1.0 - x));
    }

  /* Antithetic normals mirror the others around the mean. */
  cns_random_variable_set_stream (n, 9);
  cns_random_variable_set_stream (na, 9);
  cns_random_variable_set_antithetic (na, TRUE);
  for (int i = 0; i < 1000; i++)
    {
      gdouble x = cns_random_variable_get_value (n);
      gdouble y = cns_random_variable_get_value (na);

      ck_assert_msg (fabs ((x - 3.0) + (y - 3.0)) < 1e-6, "%g %g", x, y);
    }
}
END_TEST

/* Bounds and validation. */

static void
check_bounded (CnsRandomVariable *rv, gdouble lo, gdouble hi, int n)
{
  g_autoptr (CnsRandomVariable) owned = rv;
  gdouble min = G_MAXDOUBLE, max = -G_MAXDOUBLE;

  ck_assert (cns_random_variable_validate (rv, NULL));
  for (int i = 0; i < n; i++)
    {
      gdouble x = cns_random_variable_get_value (rv);

      min = MIN (min, x);
      max = MAX (max, x);
    }
  /* The values stay inside and reach up to the bound. */
  ck_assert_msg (min >= lo && max <= hi, "%g .. %g outside [%g, %g]", min, max,
                 lo, hi);
  ck_assert_msg (max > hi - 0.01 * (hi - lo), "max %g", max);
}

START_TEST (test_random_variable_bounds)
{
  check_bounded (cns_exponential_random_variable_new (1.0, 0.5), 0.0, 0.5,
                 100000);
  check_bounded (cns_pareto_random_variable_new (1.0, 2.0, 3.0), 1.0, 3.0,
                 100000);
  check_bounded (cns_weibull_random_variable_new (2.0, 0.5, 1.0), 0.0, 1.0,
                 100000);
  check_bounded (cns_normal_random_variable_new (10.0, 4.0, 1.0), 9.0, 11.0,
                 100000);
  /* A bound that keeps a thousandth of the values still works. */
  check_bounded (cns_exponential_random_variable_new (1.0, 0.001), 0.0, 0.001,
                 1000);
}
END_TEST

START_TEST (test_random_variable_validation)
{
  g_autoptr (CnsRandomVariable) u = cns_uniform_random_variable_new (1, 2);
  g_autoptr (CnsRandomVariable) p = cns_pareto_random_variable_new (1, 2, 0.5);
  g_autoptr (CnsRandomVariable) e
      = cns_exponential_random_variable_new (1, 1e-9);
  g_autoptr (CnsRandomVariable) n = cns_normal_random_variable_new (0, 1, 0);
  g_autoptr (CnsRandomVariable) w
      = cns_weibull_random_variable_new (1, 4, 0.01);
  g_autoptr (CnsRandomVariable) s = cns_object_new_with_properties (
      CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE, 0, NULL, NULL);
  g_autoptr (GError) error = NULL;

  /* A combination gone bad after drawing is caught at the next draw. */
  ck_assert (cns_random_variable_get_value (u) >= 1.0);
  g_object_set (u, "min", 5.0, NULL);
  CNS_TEST_EXPECT_CRITICAL (
      "CnsUniformRandomVariable: Min (5) is greater than Max (2)",
      ck_assert (isnan (cns_random_variable_get_value (u))));
  CNS_TEST_EXPECT_CRITICAL ("*Min (5) is greater than Max (2)*",
                            cns_random_variable_get_integer (u));
  g_object_set (u, "max", 6.0, NULL);
  ck_assert (cns_random_variable_get_value (u) >= 5.0);

  /* Bounds that keep no values, or almost none, would never end. */
  ck_assert (!cns_random_variable_validate (p, &error));
  ck_assert (g_error_matches (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID));
  ck_assert_ptr_nonnull (
      strstr (error->message, "Bound 0.5 keeps a fraction 0"));
  g_clear_error (&error);
  CNS_TEST_EXPECT_CRITICAL (
      "*Bound 0.5*", ck_assert (isnan (cns_random_variable_get_value (p))));
  ck_assert (!cns_random_variable_validate (e, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "Bound 1e-09"));
  g_clear_error (&error);
  ck_assert (!cns_random_variable_validate (n, &error));
  g_clear_error (&error);
  ck_assert (!cns_random_variable_validate (w, &error));
  g_clear_error (&error);
  /* With no variance every value is the mean, inside any bound. */
  g_object_set (n, "variance", 0.0, NULL);
  ck_assert (cns_random_variable_get_value (n) == 0.0);

  /* Sequential needs Max above Min and an increment. */
  ck_assert (!cns_random_variable_validate (s, &error));
  ck_assert_ptr_nonnull (
      strstr (error->message, "Max (0) must be greater than Min (0)"));
  g_clear_error (&error);
  g_object_set (s, "max", 3.0, "increment", NULL, NULL);
  ck_assert (!cns_random_variable_validate (s, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "Increment is not set"));
  g_clear_error (&error);
  g_object_set (s, "increment", u, NULL);
  g_object_set (u, "min", 7.0, NULL);
  ck_assert (!cns_random_variable_validate (s, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "Increment: Min (7)"));
  g_clear_error (&error);

  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_RANDOM_VARIABLE*",
                            cns_random_variable_get_value (NULL));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_RANDOM_VARIABLE*",
                            cns_random_variable_get_integer (NULL));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_RANDOM_VARIABLE*",
                            cns_random_variable_validate (NULL, NULL));
}
END_TEST

START_TEST (test_random_variable_properties)
{
  static const gchar *const names[]
      = { "Constant",   "Empirical", "Erlang",  "Exponential",
          "Gamma",      "LogNormal", "Normal",  "Pareto",
          "Sequential", "Uniform",   "Weibull", "Zipf" };

  /* Every attribute is documented, has static strings, and the defaults
   * of every type but Sequential and Empirical can be drawn from. */
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GError) error = NULL;
      GType type = cns_object_factory_resolve_type (
          names[i], CNS_TYPE_RANDOM_VARIABLE, &error);
      g_autoptr (CnsRandomVariable) rv = NULL;
      g_autoptr (GTypeClass) klass = NULL;
      g_autofree GParamSpec **specs = NULL;
      guint n = 0;

      ck_assert_msg (type != G_TYPE_INVALID, "%s: %s", names[i],
                     error ? error->message : "");
      klass = g_type_class_ref (type);
      specs = g_object_class_list_properties (G_OBJECT_CLASS (klass), &n);
      for (guint j = 0; j < n; j++)
        {
          const gchar *blurb = g_param_spec_get_blurb (specs[j]);

          ck_assert_msg (blurb != NULL && strlen (blurb) > 20, "%s::%s",
                         names[i], specs[j]->name);
          ck_assert ((specs[j]->flags & G_PARAM_STATIC_STRINGS)
                     == G_PARAM_STATIC_STRINGS);
        }
      rv = cns_object_new_with_properties (type, 0, NULL, NULL);
      if (type == CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE
          || type == CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE)
        ck_assert (!cns_random_variable_validate (rv, NULL));
      else
        ck_assert (isfinite (cns_random_variable_get_value (rv)));
    }
  ck_assert (G_TYPE_IS_ABSTRACT (CNS_TYPE_RANDOM_VARIABLE));
}
END_TEST

/* The text form. */

START_TEST (test_random_variable_parse)
{
  g_autoptr (CnsRandomVariable) rv = NULL;
  g_autoptr (CnsRandomVariable) inc = NULL;
  g_autofree gchar *cdf = NULL;
  gboolean interpolate = FALSE;
  guint k = 0;

  rv = parse_ok ("Exponential(Mean=2.0)");
  ck_assert (CNS_IS_EXPONENTIAL_RANDOM_VARIABLE (rv));
  ck_assert (get_double (rv, "mean") == 2.0);
  g_clear_object (&rv);
  rv = parse_ok ("Exponential(mean=2.5, bound = 9)");
  ck_assert (get_double (rv, "mean") == 2.5);
  ck_assert (get_double (rv, "bound") == 9.0);
  g_clear_object (&rv);
  rv = parse_ok ("Uniform(Min=0,Max=10)");
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (rv));
  ck_assert (get_double (rv, "max") == 10.0);
  g_clear_object (&rv);
  rv = parse_ok ("CnsUniformRandomVariable(Min=-1)");
  ck_assert (get_double (rv, "min") == -1.0);
  g_clear_object (&rv);
  rv = parse_ok ("UniformRandomVariable");
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (rv));
  g_clear_object (&rv);

  /* A bare number is a constant. */
  rv = parse_ok ("2.5");
  ck_assert (CNS_IS_CONSTANT_RANDOM_VARIABLE (rv));
  ck_assert (cns_random_variable_get_value (rv) == 2.5);
  g_clear_object (&rv);
  rv = parse_ok (" -1e3 ");
  ck_assert (cns_random_variable_get_value (rv) == -1000.0);
  g_clear_object (&rv);
  rv = parse_ok ("Constant(Constant=4)");
  ck_assert (cns_random_variable_get_value (rv) == 4.0);
  g_clear_object (&rv);

  rv = parse_ok ("Sequential(Min=1,Max=10,Increment=Uniform(Min=1,Max=2))");
  ck_assert (CNS_IS_SEQUENTIAL_RANDOM_VARIABLE (rv));
  g_object_get (rv, "increment", &inc, NULL);
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (inc));
  ck_assert (get_double (inc, "min") == 1.0 && get_double (inc, "max") == 2.0);
  ck_assert (cns_random_variable_get_value (rv) == 1.0);
  g_clear_object (&inc);
  g_clear_object (&rv);
  rv = parse_ok ("Sequential(Min=0,Max=3,Increment=2,Consecutive=2)");
  ck_assert (cns_random_variable_get_value (rv) == 0.0);
  ck_assert (cns_random_variable_get_value (rv) == 0.0);
  ck_assert (cns_random_variable_get_value (rv) == 2.0);
  g_clear_object (&rv);

  rv = parse_ok ("Pareto(Scale=2,Shape=3,Bound=10)");
  ck_assert (get_double (rv, "scale") == 2.0 && get_double (rv, "shape") == 3.0
             && get_double (rv, "bound") == 10.0);
  g_clear_object (&rv);
  rv = parse_ok ("Weibull(Scale=3,Shape=0.5)");
  ck_assert (get_double (rv, "scale") == 3.0
             && get_double (rv, "shape") == 0.5);
  g_clear_object (&rv);
  rv = parse_ok ("Normal(Mean=1,Variance=2,Bound=3)");
  ck_assert (get_double (rv, "variance") == 2.0
             && get_double (rv, "bound") == 3.0);
  g_clear_object (&rv);
  rv = parse_ok ("LogNormal(Mu=1,Sigma=0.5)");
  ck_assert (get_double (rv, "mu") == 1.0 && get_double (rv, "sigma") == 0.5);
  g_clear_object (&rv);
  rv = parse_ok ("Gamma(Alpha=2,Beta=3)");
  ck_assert (get_double (rv, "alpha") == 2.0 && get_double (rv, "beta") == 3.0);
  g_clear_object (&rv);
  rv = parse_ok ("Erlang(K=3,Lambda=2)");
  g_object_get (rv, "k", &k, NULL);
  ck_assert_uint_eq (k, 3);
  ck_assert (get_double (rv, "lambda") == 2.0);
  g_clear_object (&rv);
  rv = parse_ok ("Zipf(N=10,Alpha=1)");
  g_object_get (rv, "n", &k, NULL);
  ck_assert_uint_eq (k, 10);
  ck_assert (get_double (rv, "alpha") == 1.0);
  g_clear_object (&rv);
  rv = parse_ok ("Empirical(Cdf=1:0.2;2:0.5;4:1.0,Interpolate=true)");
  g_object_get (rv, "cdf", &cdf, "interpolate", &interpolate, NULL);
  ck_assert_str_eq (cdf, "1:0.2;2:0.5;4:1");
  ck_assert (interpolate);
  g_clear_object (&rv);
  rv = parse_ok ("Uniform(Min=1,Max=2,Stream=12,Antithetic=true)");
  ck_assert_int_eq (cns_random_variable_get_stream (rv), 12);
  ck_assert (cns_random_variable_get_antithetic (rv));
  g_clear_object (&rv);

  rv = parse_ok ("none");
  ck_assert_ptr_null (rv);
}
END_TEST

START_TEST (test_random_variable_parse_errors)
{
  parse_fails ("Foo(Mean=1)", CNS_CORE_ERROR_NOT_FOUND, "unknown type 'Foo'");
  parse_fails ("Foo", CNS_CORE_ERROR_NOT_FOUND, "Exponential");
  parse_fails ("exponential(Mean=1)", CNS_CORE_ERROR_NOT_FOUND, "Zipf");
  parse_fails ("Exponential(Meen=2)", CNS_CORE_ERROR_NOT_FOUND,
               "has no attribute 'Meen'");
  parse_fails ("Exponential(Mean=-1)", CNS_CORE_ERROR_RANGE,
               "'-1' is out of range");
  parse_fails ("Exponential(Mean=0)", CNS_CORE_ERROR_RANGE, "Mean: '0'");
  parse_fails ("Exponential(Mean=abc)", CNS_CORE_ERROR_PARSE,
               "'abc' is not a finite number");
  parse_fails ("Erlang(K=0)", CNS_CORE_ERROR_RANGE, "'0' is out of range");
  parse_fails ("Zipf(N=20000000)", CNS_CORE_ERROR_RANGE, "1 to 10000000");
  parse_fails ("Uniform(Min=5,Max=1)", CNS_CORE_ERROR_INVALID,
               "'Uniform(Min=5,Max=1)': Min (5) is greater than Max (1)");
  parse_fails ("Pareto(Scale=2,Bound=1)", CNS_CORE_ERROR_INVALID, "Bound 1");
  parse_fails ("Sequential(Max=0)", CNS_CORE_ERROR_INVALID,
               "Max (0) must be greater than Min (0)");
  parse_fails ("Sequential(Min=1,Max=10,Increment=Uniform(Min=1,Max=x))",
               CNS_CORE_ERROR_PARSE, "'x' is not a finite number");
  parse_fails ("Sequential(Min=1,Max=10,Increment=Uniform(Min=3,Max=2))",
               CNS_CORE_ERROR_INVALID, "Min (3) is greater than Max (2)");
  parse_fails ("Empirical(Cdf=1:0.5;0:1)", CNS_CORE_ERROR_INVALID,
               "point 2 (0:1)");
  parse_fails ("Empirical(Cdf=1:0.5;2)", CNS_CORE_ERROR_PARSE,
               "'2' is not value:probability");
  parse_fails ("Empirical(Cdf=1:x)", CNS_CORE_ERROR_PARSE,
               "'x' in '1:x' is not a number");
  parse_fails ("Empirical(Cdf=1:0.5)", CNS_CORE_ERROR_INVALID,
               "ends at probability 0.5");
  parse_fails ("Exponential(Mean=2", CNS_CORE_ERROR_PARSE, "Mean=2");
  parse_fails ("nan", CNS_CORE_ERROR_PARSE, "'nan' is not a finite number");
  parse_fails ("1e999", CNS_CORE_ERROR_PARSE, "not a finite number");
  parse_fails ("", CNS_CORE_ERROR_PARSE, "names no type");
  parse_fails ("RandomVariable", CNS_CORE_ERROR_INVALID, "abstract");
}
END_TEST

START_TEST (test_random_variable_text_round_trip)
{
  static const gchar *const texts[] = {
    "Exponential(Mean=2,Bound=7)",
    "Uniform(Min=-4,Max=10,Stream=3)",
    /* The increment draws from its own stream, which must match too. */
    "Sequential(Min=1,Max=10,Increment=Uniform(Min=1,Max=2,Stream=8),"
    "Consecutive=3)",
    "Empirical(Cdf=1:0.25;2:0.5;4:1,Interpolate=true)",
    "Zipf(N=50,Alpha=1.5)",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (CnsRandomVariable) a = parse_ok (texts[i]);
      g_auto (GValue) v = G_VALUE_INIT;
      g_autofree gchar *text = NULL;
      g_autoptr (CnsRandomVariable) b = NULL;
      gdouble x[10], y[10];

      g_value_init (&v, CNS_TYPE_RANDOM_VARIABLE);
      g_value_set_object (&v, a);
      text = cns_attribute_format (&v);
      ck_assert_msg (g_str_has_prefix (text, "Cns"), "%s", text);
      b = parse_ok (text);
      ck_assert (G_OBJECT_TYPE (a) == G_OBJECT_TYPE (b));
      cns_random_variable_set_stream (a, 4);
      cns_random_variable_set_stream (b, 4);
      draw (a, x, 10);
      draw (b, y, 10);
      ck_assert_msg (memcmp (x, y, sizeof x) == 0, "%s -> %s", texts[i], text);
    }

  /* Through an attribute of another object. */
  {
    g_autoptr (CnsRandomVariable) seq = parse_ok ("Sequential(Max=5)");
    g_autoptr (GError) error = NULL;
    g_autofree gchar *text = NULL;

    ck_assert (
        cns_attribute_set (seq, "Increment", "Constant(Constant=2)", &error));
    text = cns_attribute_get (seq, "Increment", &error);
    ck_assert_str_eq (text, "CnsConstantRandomVariable(Constant=2)");
    ck_assert (
        !cns_attribute_set (seq, "Increment", "Normal(Variance=-1)", &error));
    ck_assert_ptr_nonnull (
        strstr (error->message, "CnsSequentialRandomVariable::Increment:"));
    ck_assert_ptr_nonnull (strstr (error->message, "'-1' is out of range"));
  }
}
END_TEST

Suite *
test_random_variable_suite (void)
{
  Suite *s = suite_create ("random-variable");
  TCase *tc = tcase_create ("random-variable");

  tcase_add_checked_fixture (tc, cns_test_reset, cns_test_reset);
  tcase_add_test (tc, test_random_variable_uniform_moments);
  tcase_add_test (tc, test_random_variable_uniform_integers);
  tcase_add_test (tc, test_random_variable_constant);
  tcase_add_test (tc, test_random_variable_constant_unnumbered);
  tcase_add_test (tc, test_random_variable_sequential);
  tcase_add_test (tc, test_random_variable_exponential_moments);
  tcase_add_test (tc, test_random_variable_pareto_moments);
  tcase_add_test (tc, test_random_variable_weibull_moments);
  tcase_add_test (tc, test_random_variable_normal_moments);
  tcase_add_test (tc, test_random_variable_log_normal_moments);
  tcase_add_test (tc, test_random_variable_gamma_moments);
  tcase_add_test (tc, test_random_variable_erlang_moments);
  tcase_add_test (tc, test_random_variable_zipf_moments);
  tcase_add_test (tc, test_random_variable_empirical_moments);
  tcase_add_test (tc, test_random_variable_empirical_values);
  tcase_add_test (tc, test_random_variable_empirical_errors);
  tcase_add_test (tc, test_random_variable_streams);
  tcase_add_test (tc, test_random_variable_automatic_streams);
  tcase_add_test (tc, test_random_variable_antithetic);
  tcase_add_test (tc, test_random_variable_bounds);
  tcase_add_test (tc, test_random_variable_validation);
  tcase_add_test (tc, test_random_variable_properties);
  tcase_add_test (tc, test_random_variable_parse);
  tcase_add_test (tc, test_random_variable_parse_errors);
  tcase_add_test (tc, test_random_variable_text_round_trip);
  suite_add_tcase (s, tc);
  return s;
}
