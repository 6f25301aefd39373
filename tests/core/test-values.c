/* cns — tests of the data rate and queue size value types.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <string.h>

static CnsDataRate
rate_ok (const gchar *text)
{
  g_autoptr (GError) error = NULL;
  CnsDataRate rate = 0;

  ck_assert_msg (cns_data_rate_parse (text, &rate, &error), "'%s': %s", text,
                 error ? error->message : "");
  return rate;
}

static void
rate_fails (const gchar *text, gint code, const gchar *fragment)
{
  g_autoptr (GError) error = NULL;
  CnsDataRate rate = 77;

  ck_assert_msg (!cns_data_rate_parse (text, &rate, &error), "'%s' parsed",
                 text);
  CNS_TEST_ASSERT_ERROR (error, code);
  ck_assert_msg (strstr (error->message, fragment) != NULL,
                 "message '%s' lacks '%s'", error->message, fragment);
  ck_assert_uint_eq (rate, 77);
}

START_TEST (test_data_rate_parse)
{
  ck_assert_uint_eq (rate_ok ("5Mbps"), 5000000);
  ck_assert_uint_eq (rate_ok ("1.5Gb/s"), 1500000000);
  ck_assert_uint_eq (rate_ok ("100kbps"), 100000);
  ck_assert_uint_eq (rate_ok ("100Kbps"), 100000);
  ck_assert_uint_eq (rate_ok ("32768b/s"), 32768);
  ck_assert_uint_eq (rate_ok ("32768bps"), 32768);
  ck_assert_uint_eq (rate_ok ("1000"), 1000);
  ck_assert_uint_eq (rate_ok ("1KiBps"), 8192);
  ck_assert_uint_eq (rate_ok ("10MBps"), 80000000);
  ck_assert_uint_eq (rate_ok ("1Mibps"), 1048576);
  ck_assert_uint_eq (rate_ok ("2Tbps"), 2000000000000);
  ck_assert_uint_eq (rate_ok ("0.5kbps"), 500);
}
END_TEST

START_TEST (test_data_rate_errors)
{
  rate_fails ("fast", CNS_CORE_ERROR_PARSE, "is not a data rate");
  rate_fails ("5Mbs", CNS_CORE_ERROR_PARSE, "unknown data rate unit 'Mbs'");
  rate_fails ("5 furlongs", CNS_CORE_ERROR_PARSE, "'furlongs'");
  rate_fails ("-5Mbps", CNS_CORE_ERROR_RANGE, "negative");
  rate_fails ("0.5bps", CNS_CORE_ERROR_RANGE, "whole number of bits");
  rate_fails ("10000000Tbps", CNS_CORE_ERROR_RANGE, "out of range");
}
END_TEST

START_TEST (test_data_rate_format)
{
  const struct
  {
    CnsDataRate rate;
    const gchar *text;
  } cases[] = {
    { 5000000, "5Mbps" },       { 1500000000, "1.5Gbps" },
    { 100000, "100kbps" },      { 32768, "32.768kbps" },
    { 999, "999bps" },          { 0, "0bps" },
    { 2000000000000, "2Tbps" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree gchar *s = cns_data_rate_to_string (cases[i].rate);

      ck_assert_str_eq (s, cases[i].text);
      ck_assert_uint_eq (rate_ok (s), cases[i].rate);
    }
}
END_TEST

START_TEST (test_data_rate_tx_time)
{
  /* 542 bytes (512 B UDP payload + UDP, IP and PPP headers) at 100 Mbps is
   * 43.36 us, at 1 Gbps 4.336 us, at 2 Gbps 2.168 us. */
  ck_assert_int_eq (cns_data_rate_bytes_tx_time (100000000, 542), 43360000);
  ck_assert_int_eq (cns_data_rate_bytes_tx_time (1000000000, 542), 4336000);
  ck_assert_int_eq (cns_data_rate_bytes_tx_time (2000000000, 542), 2168000);
  /* 1 bit at 3 bps is 333333333333.33 ps: rounded to nearest */
  ck_assert_int_eq (cns_data_rate_bits_tx_time (3, 1), 333333333333);
  /* 2 bits at 3 bps is 666666666666.67 ps */
  ck_assert_int_eq (cns_data_rate_bits_tx_time (3, 2), 666666666667);
  /* large counts use 128-bit arithmetic */
  ck_assert_int_eq (cns_data_rate_bytes_tx_time (8, 1000000),
                    1000000 * CNS_TIME_PS_PER_S);
  ck_assert_int_eq (cns_data_rate_bits_tx_time (1, G_MAXUINT64), CNS_TIME_MAX);
  /* on both sides of the largest count done in 64 bits, 9223372 bits:
   * the same rounding, with the largest rates too */
  ck_assert_int_eq (cns_data_rate_bits_tx_time (1, 9223372),
                    G_GINT64_CONSTANT (9223372000000000000));
  ck_assert_int_eq (cns_data_rate_bits_tx_time (3, 9223373),
                    G_GINT64_CONSTANT (3074457666666666667));
  ck_assert_int_eq (cns_data_rate_bits_tx_time (G_MAXUINT64, 9223372), 0);
  ck_assert_int_eq (cns_data_rate_bits_tx_time (G_MAXUINT64, 9223373), 1);
  CNS_TEST_EXPECT_CRITICAL ("*rate > 0*", cns_data_rate_bits_tx_time (0, 1));
  CNS_TEST_EXPECT_CRITICAL ("*rate > 0*", cns_data_rate_bytes_tx_time (0, 1));
  /* the out-of-line part gives what the inline one gives, on both sides */
  ck_assert_int_eq (cns_data_rate_bits_tx_time_slow (3, 2), 666666666667);
  ck_assert_int_eq (cns_data_rate_bits_tx_time_slow (3, 9223373),
                    G_GINT64_CONSTANT (3074457666666666667));
  ck_assert_int_eq (cns_data_rate_bits_tx_time_slow (1, G_MAXUINT64),
                    CNS_TIME_MAX);
}
END_TEST

START_TEST (test_data_rate_gvalue)
{
  g_auto (GValue) v = G_VALUE_INIT;
  g_auto (GValue) s = G_VALUE_INIT;
  GParamSpec *pspec;

  g_value_init (&v, CNS_TYPE_DATA_RATE);
  cns_value_set_data_rate (&v, 5000000);
  g_value_init (&s, G_TYPE_STRING);
  ck_assert (g_value_transform (&v, &s));
  ck_assert_str_eq (g_value_get_string (&s), "5Mbps");

  pspec = g_param_spec_ref_sink (cns_param_spec_data_rate (
      "rate", "Rate", "A rate", 1, 1000000000, 32768, G_PARAM_READWRITE));
  ck_assert (CNS_IS_PARAM_SPEC_DATA_RATE (pspec));
  g_param_value_set_default (pspec, &v);
  ck_assert_uint_eq (cns_value_get_data_rate (&v), 32768);
  cns_value_set_data_rate (&v, 0);
  ck_assert (g_param_value_validate (pspec, &v));
  ck_assert_uint_eq (cns_value_get_data_rate (&v), 1);
  /* unsigned comparison: 2^63 + 1 is above the maximum, not negative */
  cns_value_set_data_rate (&v, (G_GUINT64_CONSTANT (1) << 63) + 1);
  ck_assert (g_param_value_validate (pspec, &v));
  ck_assert_uint_eq (cns_value_get_data_rate (&v), 1000000000);
  g_param_spec_unref (pspec);
}
END_TEST

static CnsQueueSize
size_ok (const gchar *text)
{
  g_autoptr (GError) error = NULL;
  CnsQueueSize size = { 0 };

  ck_assert_msg (cns_queue_size_parse (text, &size, &error), "'%s': %s", text,
                 error ? error->message : "");
  return size;
}

static void
size_fails (const gchar *text, const gchar *fragment)
{
  g_autoptr (GError) error = NULL;
  CnsQueueSize size = { 0 };

  ck_assert_msg (!cns_queue_size_parse (text, &size, &error), "'%s' parsed",
                 text);
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, fragment) != NULL,
                 "message '%s' lacks '%s'", error->message, fragment);
}

START_TEST (test_queue_size)
{
  const struct
  {
    const gchar *text;
    CnsQueueSizeUnit unit;
    guint64 value;
    const gchar *printed;
  } cases[] = {
    { "100p", CNS_QUEUE_SIZE_PACKETS, 100, "100p" },
    { "64KB", CNS_QUEUE_SIZE_BYTES, 64000, "64KB" },
    { "64kB", CNS_QUEUE_SIZE_BYTES, 64000, "64KB" },
    { "10KiB", CNS_QUEUE_SIZE_BYTES, 10240, "10.24KB" },
    { "1.5MB", CNS_QUEUE_SIZE_BYTES, 1500000, "1.5MB" },
    { "2MiB", CNS_QUEUE_SIZE_BYTES, 2097152, "2.097152MB" },
    { "512B", CNS_QUEUE_SIZE_BYTES, 512, "512B" },
    { "2kp", CNS_QUEUE_SIZE_PACKETS, 2000, "2000p" },
    { "0p", CNS_QUEUE_SIZE_PACKETS, 0, "0p" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CnsQueueSize size = size_ok (cases[i].text);
      g_autofree gchar *s = NULL;

      ck_assert_int_eq (size.unit, cases[i].unit);
      ck_assert_uint_eq (size.value, cases[i].value);
      s = cns_queue_size_to_string (&size);
      ck_assert_str_eq (s, cases[i].printed);
      size = size_ok (s);
      ck_assert_uint_eq (size.value, cases[i].value);
    }
  size_fails ("100", "no queue size unit");
  size_fails ("100 packets", "unknown queue size unit 'packets'");
  size_fails ("1.5p", "whole number of packets");
  size_fails ("-3p", "negative");
  size_fails ("big", "is not a queue size");
}
END_TEST

START_TEST (test_queue_size_boxed)
{
  CnsQueueSize a = { CNS_QUEUE_SIZE_BYTES, 64000 };
  g_autoptr (CnsQueueSize) b = cns_queue_size_copy (&a);
  CnsQueueSize c = { CNS_QUEUE_SIZE_PACKETS, 64000 };

  ck_assert (cns_queue_size_equal (&a, b));
  ck_assert (!cns_queue_size_equal (&a, &c));
  ck_assert (G_TYPE_IS_BOXED (CNS_TYPE_QUEUE_SIZE));
  ck_assert (G_TYPE_IS_ENUM (CNS_TYPE_QUEUE_SIZE_UNIT));
}
END_TEST

Suite *
test_values_suite (void)
{
  Suite *s = suite_create ("values");
  TCase *tc = tcase_create ("values");

  tcase_add_test (tc, test_data_rate_parse);
  tcase_add_test (tc, test_data_rate_errors);
  tcase_add_test (tc, test_data_rate_format);
  tcase_add_test (tc, test_data_rate_tx_time);
  tcase_add_test (tc, test_data_rate_gvalue);
  tcase_add_test (tc, test_queue_size);
  tcase_add_test (tc, test_queue_size_boxed);
  suite_add_tcase (s, tc);
  return s;
}
