/* cns — tests of CnsTime: parsing, printing, arithmetic, GValue support.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"

#include <math.h>
#include <string.h>
#include "core/suites.h"
#include "lib/cns-test.h"

static CnsTime
parse_ok (const gchar *text)
{
  g_autoptr (GError) error = NULL;
  CnsTime t = -1;

  ck_assert_msg (cns_time_parse (text, &t, &error), "'%s': %s", text,
                 error ? error->message : "");
  ck_assert_ptr_null (error);
  return t;
}

static void
parse_fails (const gchar *text, gint code, const gchar *fragment)
{
  g_autoptr (GError) error = NULL;
  CnsTime t = 12345;

  ck_assert_msg (!cns_time_parse (text, &t, &error), "'%s' parsed", text);
  CNS_TEST_ASSERT_ERROR (error, code);
  ck_assert_msg (strstr (error->message, fragment) != NULL,
                 "message '%s' lacks '%s'", error->message, fragment);
  ck_assert_int_eq (t, 12345);
}

START_TEST (test_time_parse_units)
{
  ck_assert_int_eq (parse_ok ("1.5s"), 1500000000000);
  ck_assert_int_eq (parse_ok ("10ms"), 10000000000);
  ck_assert_int_eq (parse_ok ("200us"), 200000000);
  ck_assert_int_eq (parse_ok ("7ns"), 7000);
  ck_assert_int_eq (parse_ok ("3ps"), 3);
  ck_assert_int_eq (parse_ok ("2min"), 120 * CNS_TIME_PS_PER_S);
  ck_assert_int_eq (parse_ok ("1h"), 3600 * CNS_TIME_PS_PER_S);
  ck_assert_int_eq (parse_ok ("1d"), 86400 * CNS_TIME_PS_PER_S);
  /* plain numbers are seconds */
  ck_assert_int_eq (parse_ok ("2"), 2 * CNS_TIME_PS_PER_S);
  ck_assert_int_eq (parse_ok ("0.25"), 250000000000);
  /* exact, not via double: 0.1 has no exact binary form */
  ck_assert_int_eq (parse_ok ("0.1s"), 100000000000);
  ck_assert_int_eq (parse_ok ("0.3s"), 300000000000);
  /* signs, exponents, spaces, trailing and leading zeros */
  ck_assert_int_eq (parse_ok ("-5ms"), -5000000000);
  ck_assert_int_eq (parse_ok ("+5ms"), 5000000000);
  ck_assert_int_eq (parse_ok ("1e-3s"), 1000000000);
  ck_assert_int_eq (parse_ok ("2.5E2us"), 250000000);
  ck_assert_int_eq (parse_ok (" 10 ms "), 10000000000);
  ck_assert_int_eq (parse_ok ("0010.5000ms"), 10500000000);
  ck_assert_int_eq (parse_ok (".5s"), 500000000000);
  ck_assert_int_eq (parse_ok ("0s"), 0);
  ck_assert_int_eq (parse_ok ("0.000000000001s"), 1);
  ck_assert_int_eq (parse_ok ("1.000000000000000000000000000000s"),
                    CNS_TIME_PS_PER_S);
}
END_TEST

START_TEST (test_time_parse_errors)
{
  parse_fails ("", CNS_CORE_ERROR_PARSE, "is not a time");
  parse_fails ("ms", CNS_CORE_ERROR_PARSE, "is not a time");
  parse_fails ("abc", CNS_CORE_ERROR_PARSE, "is not a time");
  parse_fails ("10 parsecs", CNS_CORE_ERROR_PARSE,
               "unknown time unit 'parsecs'");
  parse_fails ("10xs", CNS_CORE_ERROR_PARSE, "'10xs'");
  parse_fails ("1.5ps", CNS_CORE_ERROR_RANGE, "whole number of picoseconds");
  parse_fails ("1e-13s", CNS_CORE_ERROR_RANGE, "whole number");
  /* 107 days is more than a signed 64-bit picosecond count holds */
  parse_fails ("107d", CNS_CORE_ERROR_RANGE, "out of range");
  parse_fails ("9223372036854775808ps", CNS_CORE_ERROR_RANGE, "out of range");
  parse_fails ("1e40s", CNS_CORE_ERROR_RANGE, "out of range");
  parse_fails ("123456789012345678901234567890123456789s", CNS_CORE_ERROR_RANGE,
               "out of range");
}
END_TEST

START_TEST (test_core_error_domain)
{
  ck_assert_str_eq (g_quark_to_string (CNS_CORE_ERROR), "cns-core-error-quark");
}
END_TEST

START_TEST (test_time_parse_limits)
{
  ck_assert_int_eq (parse_ok ("9223372036854775807ps"), G_MAXINT64);
  ck_assert_int_eq (parse_ok ("-9223372036854775808ps"), G_MININT64);
  ck_assert_int_eq (parse_ok ("106d"), 106 * CNS_TIME_PS_PER_D);
}
END_TEST

static void
check_format (CnsTime t, const gchar *expected)
{
  gchar buf[CNS_TIME_STRING_SIZE];
  g_autofree gchar *s = cns_time_to_string (t);

  ck_assert_str_eq (s, expected);
  ck_assert_uint_eq (cns_time_format (t, buf), strlen (expected));
  ck_assert_int_eq (parse_ok (s), t);
}

START_TEST (test_time_format)
{
  check_format (0, "0s");
  check_format (1500000000000, "1.5s");
  check_format (10000000000, "10ms");
  check_format (200000000, "200us");
  check_format (7000, "7ns");
  check_format (3, "3ps");
  check_format (1234567, "1.234567us");
  check_format (-2000000000, "-2ms");
  check_format (CNS_TIME_PS_PER_S + 1, "1.000000000001s");
  check_format (G_MAXINT64, "9223372.036854775807s");
  check_format (G_MININT64, "-9223372.036854775808s");
}
END_TEST

START_TEST (test_time_format_round_trip)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (int i = 0; i < 10000; i++)
    {
      CnsTime t = ((gint64) g_rand_int (rand) << 31) ^ g_rand_int (rand);
      g_autofree gchar *s = NULL;

      t >>= g_rand_int_range (rand, 0, 62);
      if (g_rand_boolean (rand))
        t = -t;
      s = cns_time_to_string (t);
      ck_assert_int_eq (parse_ok (s), t);
    }
  g_rand_free (rand);
}
END_TEST

START_TEST (test_time_format_seconds)
{
  gchar buf[CNS_TIME_STRING_SIZE];

  cns_time_format_seconds (1500000000000, buf);
  ck_assert_str_eq (buf, "+1.500000000000s");
  cns_time_format_seconds (-3, buf);
  ck_assert_str_eq (buf, "-0.000000000003s");
  cns_time_format_seconds (0, buf);
  ck_assert_str_eq (buf, "+0.000000000000s");
}
END_TEST

START_TEST (test_time_constructors)
{
  ck_assert_int_eq (cns_seconds (1.5), 1500000000000);
  ck_assert_int_eq (cns_seconds (0.1), 100000000000);
  ck_assert_int_eq (cns_seconds (-2e-12), -2);
  ck_assert_int_eq (cns_milli_seconds (3), 3000000000);
  ck_assert_int_eq (cns_micro_seconds (3), 3000000);
  ck_assert_int_eq (cns_nano_seconds (3), 3000);
  ck_assert_int_eq (cns_pico_seconds (3), 3);
  ck_assert_double_eq_tol (cns_time_to_seconds (1500000000000), 1.5, 1e-15);
  ck_assert_double_eq_tol (cns_time_to_milli_seconds (1500000000), 1.5, 1e-12);
  ck_assert_double_eq_tol (cns_time_to_micro_seconds (1500000), 1.5, 1e-12);
  CNS_TEST_EXPECT_CRITICAL ("*isfinite*", cns_seconds (NAN));
  CNS_TEST_EXPECT_CRITICAL ("*ps <*", cns_seconds (1e7));
}
END_TEST

START_TEST (test_time_checked_arithmetic)
{
  CnsTime r = 42;

  ck_assert (cns_time_checked_add (1, 2, &r));
  ck_assert_int_eq (r, 3);
  ck_assert (!cns_time_checked_add (CNS_TIME_MAX, 1, &r));
  ck_assert_int_eq (r, 3);
  ck_assert (cns_time_checked_sub (1, 2, &r));
  ck_assert_int_eq (r, -1);
  ck_assert (!cns_time_checked_sub (CNS_TIME_MIN, 1, &r));
  ck_assert (cns_time_checked_mul (cns_milli_seconds (2), 1000, &r));
  ck_assert_int_eq (r, 2 * CNS_TIME_PS_PER_S);
  ck_assert (!cns_time_checked_mul (CNS_TIME_MAX / 2 + 1, 2, &r));
}
END_TEST

START_TEST (test_time_gvalue)
{
  g_auto (GValue) v = G_VALUE_INIT;
  g_auto (GValue) s = G_VALUE_INIT;
  g_auto (GValue) back = G_VALUE_INIT;
  GParamSpec *pspec;

  g_value_init (&v, CNS_TYPE_TIME);
  cns_value_set_time (&v, cns_milli_seconds (10));
  ck_assert_int_eq (cns_value_get_time (&v), cns_milli_seconds (10));
  g_value_init (&s, G_TYPE_STRING);
  ck_assert (g_value_transform (&v, &s));
  ck_assert_str_eq (g_value_get_string (&s), "10ms");
  g_value_set_string (&s, "2.5us");
  g_value_init (&back, CNS_TYPE_TIME);
  ck_assert (g_value_transform (&s, &back));
  ck_assert_int_eq (cns_value_get_time (&back), 2500000);

  pspec = g_param_spec_ref_sink (
      cns_param_spec_time ("delay", "Delay", "A delay", 0, CNS_TIME_PS_PER_S,
                           cns_milli_seconds (1), G_PARAM_READWRITE));
  ck_assert (CNS_IS_PARAM_SPEC_TIME (pspec));
  g_param_value_set_default (pspec, &v);
  ck_assert_int_eq (cns_value_get_time (&v), cns_milli_seconds (1));
  cns_value_set_time (&v, 2 * CNS_TIME_PS_PER_S);
  ck_assert (g_param_value_validate (pspec, &v));
  ck_assert_int_eq (cns_value_get_time (&v), CNS_TIME_PS_PER_S);
  cns_value_set_time (&v, -1);
  ck_assert (g_param_value_validate (pspec, &v));
  ck_assert_int_eq (cns_value_get_time (&v), 0);
  g_param_spec_unref (pspec);
}
END_TEST

Suite *
test_time_suite (void)
{
  Suite *s = suite_create ("time");
  TCase *tc = tcase_create ("time");

  tcase_add_test (tc, test_time_parse_units);
  tcase_add_test (tc, test_time_parse_errors);
  tcase_add_test (tc, test_core_error_domain);
  tcase_add_test (tc, test_time_parse_limits);
  tcase_add_test (tc, test_time_format);
  tcase_add_test (tc, test_time_format_round_trip);
  tcase_add_test (tc, test_time_format_seconds);
  tcase_add_test (tc, test_time_constructors);
  tcase_add_test (tc, test_time_checked_arithmetic);
  tcase_add_test (tc, test_time_gvalue);
  suite_add_tcase (s, tc);
  return s;
}
