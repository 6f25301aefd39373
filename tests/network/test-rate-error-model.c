/* cns — tests of CnsRateErrorModel: error fractions per unit, the edge
 * rates, determinism, and its attributes as text.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <math.h>
#include <string.h>

static void
set_stream (CnsErrorModel *model, gint64 stream)
{
  g_autoptr (CnsRandomVariable) rv = NULL;

  g_object_get (model, "ran-var", &rv, NULL);
  ck_assert_ptr_nonnull (rv);
  cns_random_variable_set_stream (rv, stream);
}

static guint
count_corrupt (CnsErrorModel *model, CnsPacket *packet, guint n)
{
  guint corrupt = 0;

  for (guint i = 0; i < n; i++)
    corrupt += cns_error_model_is_corrupt (model, packet);
  return corrupt;
}

START_TEST (test_rate_error_model_defaults)
{
  g_autoptr (CnsErrorModel) model
      = cns_object_new (CNS_TYPE_RATE_ERROR_MODEL, NULL);
  g_autoptr (CnsRandomVariable) rv = NULL;
  g_autoptr (CnsPacket) packet = cns_packet_new (1500);
  CnsErrorUnit unit = CNS_ERROR_UNIT_BIT;
  gdouble rate = -1, min = -1, max = -1;

  g_object_get (model, "error-unit", &unit, "error-rate", &rate, "ran-var", &rv,
                NULL);
  /* as ns-3: bytes, rate 0, Uniform(0,1) */
  ck_assert_int_eq (unit, CNS_ERROR_UNIT_BYTE);
  ck_assert (rate == 0.0);
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (rv));
  g_object_get (rv, "min", &min, "max", &max, NULL);
  ck_assert (min == 0.0 && max == 1.0);
  ck_assert (cns_error_model_is_enabled (model));
  ck_assert_int_eq (count_corrupt (model, packet, 1000), 0);

  ck_assert_str_eq (g_type_name (CNS_TYPE_ERROR_UNIT), "CnsErrorUnit");
  {
    g_autoptr (GEnumClass) klass = g_type_class_ref (CNS_TYPE_ERROR_UNIT);

    ck_assert_uint_eq (klass->n_values, 3);
    ck_assert_int_eq (g_enum_get_value_by_nick (klass, "bit")->value,
                      CNS_ERROR_UNIT_BIT);
    ck_assert_int_eq (g_enum_get_value_by_nick (klass, "byte")->value,
                      CNS_ERROR_UNIT_BYTE);
    ck_assert_int_eq (g_enum_get_value_by_nick (klass, "packet")->value,
                      CNS_ERROR_UNIT_PACKET);
  }
}
END_TEST

/* Over 1e5 packets the corrupt count is within 3 standard deviations of
 * its mean, for each unit. */
START_TEST (test_rate_error_model_fractions)
{
  static const struct
  {
    CnsErrorUnit unit;
    gdouble rate;
    guint32 size;
  } cases[] = {
    { CNS_ERROR_UNIT_PACKET, 0.1, 1000 }, { CNS_ERROR_UNIT_PACKET, 0.5, 40 },
    { CNS_ERROR_UNIT_BYTE, 0.001, 100 },  { CNS_ERROR_UNIT_BYTE, 1e-5, 1500 },
    { CNS_ERROR_UNIT_BIT, 1e-4, 100 },    { CNS_ERROR_UNIT_BIT, 1e-6, 1500 },
  };
  const guint n = 100000;

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (CnsErrorModel) model
          = cns_rate_error_model_new (cases[c].unit, cases[c].rate);
      g_autoptr (CnsPacket) packet = cns_packet_new (cases[c].size);
      gdouble units = cases[c].unit == CNS_ERROR_UNIT_PACKET ? 1
                      : cases[c].unit == CNS_ERROR_UNIT_BYTE
                          ? cases[c].size
                          : 8.0 * cases[c].size;
      gdouble p = 1.0 - pow (1.0 - cases[c].rate, units);
      gdouble mean = n * p;
      gdouble sd = sqrt (n * p * (1.0 - p));
      guint corrupt;

      set_stream (model, 100 + (gint64) c);
      corrupt = count_corrupt (model, packet, n);
      ck_assert_msg (fabs (corrupt - mean) < 3 * sd,
                     "case %" G_GSIZE_FORMAT ": %u corrupt, expected %.1f "
                     "+- %.1f",
                     c, corrupt, mean, 3 * sd);
    }
}
END_TEST

START_TEST (test_rate_error_model_edges)
{
  static const CnsErrorUnit units[]
      = { CNS_ERROR_UNIT_BIT, CNS_ERROR_UNIT_BYTE, CNS_ERROR_UNIT_PACKET };
  static const guint32 sizes[] = { 0, 1, 1500 };

  for (gsize u = 0; u < G_N_ELEMENTS (units); u++)
    for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr (CnsErrorModel) never
            = cns_rate_error_model_new (units[u], 0.0);
        g_autoptr (CnsErrorModel) always
            = cns_rate_error_model_new (units[u], 1.0);
        g_autoptr (CnsPacket) packet = cns_packet_new (sizes[s]);
        /* an empty packet has no bits or bytes to be wrong */
        guint expected
            = sizes[s] == 0 && units[u] != CNS_ERROR_UNIT_PACKET ? 0 : 10000;

        ck_assert_uint_eq (count_corrupt (never, packet, 10000), 0);
        ck_assert_uint_eq (count_corrupt (always, packet, 10000), expected);

        /* disabled, even rate 1 lets everything through */
        cns_error_model_set_enabled (always, FALSE);
        ck_assert_uint_eq (count_corrupt (always, packet, 10000), 0);
      }
}
END_TEST

/* The decision is u < probability, u drawn from RanVar. */
START_TEST (test_rate_error_model_threshold)
{
  g_autoptr (CnsErrorModel) model
      = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, 0.5);
  g_autoptr (CnsPacket) packet = cns_packet_new (10);
  g_autoptr (CnsRandomVariable) half = cns_constant_random_variable_new (0.5);

  g_object_set (model, "ran-var", half, NULL);
  ck_assert (!cns_error_model_is_corrupt (model, packet));
  g_object_set (model, "error-rate", 0.5000001, NULL);
  ck_assert (cns_error_model_is_corrupt (model, packet));
  /* byte unit: 1 - 0.9^10 = 0.65 > 0.5; 1 - 0.95^10 = 0.40 < 0.5 */
  g_object_set (model, "error-unit", CNS_ERROR_UNIT_BYTE, "error-rate", 0.1,
                NULL);
  ck_assert (cns_error_model_is_corrupt (model, packet));
  g_object_set (model, "error-rate", 0.05, NULL);
  ck_assert (!cns_error_model_is_corrupt (model, packet));
  /* bit unit: 1 - 0.99^80 = 0.55 > 0.5; 1 - 0.995^80 = 0.33 < 0.5 */
  g_object_set (model, "error-unit", CNS_ERROR_UNIT_BIT, "error-rate", 0.01,
                NULL);
  ck_assert (cns_error_model_is_corrupt (model, packet));
  g_object_set (model, "error-rate", 0.005, NULL);
  ck_assert (!cns_error_model_is_corrupt (model, packet));
}
END_TEST

/* The same stream gives the same decisions; a disabled model draws
 * nothing, so it does not shift the stream. */
START_TEST (test_rate_error_model_determinism)
{
  g_autoptr (CnsErrorModel) a
      = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, 0.3);
  g_autoptr (CnsErrorModel) b
      = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, 0.3);
  g_autoptr (CnsPacket) packet = cns_packet_new (100);
  guint differ = 0;

  set_stream (a, 7);
  set_stream (b, 7);
  cns_error_model_set_enabled (a, FALSE);
  count_corrupt (a, packet, 50);
  cns_error_model_set_enabled (a, TRUE);
  for (guint i = 0; i < 1000; i++)
    ck_assert_int_eq (cns_error_model_is_corrupt (a, packet),
                      cns_error_model_is_corrupt (b, packet));

  /* another stream, other decisions */
  set_stream (b, 8);
  for (guint i = 0; i < 1000; i++)
    differ += cns_error_model_is_corrupt (a, packet)
              != cns_error_model_is_corrupt (b, packet);
  ck_assert_uint_gt (differ, 100);
}
END_TEST

START_TEST (test_rate_error_model_attributes)
{
  g_autoptr (CnsErrorModel) model
      = cns_object_new (CNS_TYPE_RATE_ERROR_MODEL, NULL);
  g_autoptr (CnsRandomVariable) rv = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *rate = NULL;
  g_autofree gchar *unit = NULL;
  CnsErrorUnit u;
  gdouble r;

  ck_assert_msg (cns_attribute_set (model, "ErrorRate", "0.01", &error), "%s",
                 error ? error->message : "");
  ck_assert (cns_attribute_set (model, "ErrorUnit", "packet", &error));
  g_object_get (model, "error-rate", &r, "error-unit", &u, NULL);
  ck_assert (r == 0.01);
  ck_assert_int_eq (u, CNS_ERROR_UNIT_PACKET);
  rate = cns_attribute_get (model, "ErrorRate", NULL);
  unit = cns_attribute_get (model, "ErrorUnit", NULL);
  ck_assert_str_eq (rate, "0.01");
  ck_assert_str_eq (unit, "packet");
  ck_assert (cns_attribute_set (model, "ErrorUnit", "BIT", &error));
  ck_assert (
      cns_attribute_set (model, "ErrorUnit", "CNS_ERROR_UNIT_BYTE", &error));
  g_object_get (model, "error-unit", &u, NULL);
  ck_assert_int_eq (u, CNS_ERROR_UNIT_BYTE);

  ck_assert_msg (
      cns_attribute_set (model, "RanVar", "Uniform(Min=0,Max=1)", &error), "%s",
      error ? error->message : "");
  g_object_get (model, "ran-var", &rv, NULL);
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (rv));
  g_clear_object (&rv);
  ck_assert (cns_attribute_set (model, "RanVar",
                                "CnsUniformRandomVariable(Stream=3)", &error));
  g_object_get (model, "ran-var", &rv, NULL);
  ck_assert_int_eq (cns_random_variable_get_stream (rv), 3);
}
END_TEST

static void
expect_refused (CnsErrorModel *model, const gchar *name, const gchar *text,
                const gchar *fragment)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *before = cns_attribute_get (model, name, NULL);
  g_autofree gchar *after = NULL;

  ck_assert_msg (!cns_attribute_set (model, name, text, &error),
                 "%s=%s accepted", name, text);
  ck_assert_msg (error != NULL && strstr (error->message, fragment) != NULL,
                 "%s=%s: message '%s' lacks '%s'", name, text,
                 error ? error->message : "", fragment);
  after = cns_attribute_get (model, name, NULL);
  ck_assert_str_eq (before, after);
}

START_TEST (test_rate_error_model_bad_attributes)
{
  g_autoptr (CnsErrorModel) model
      = cns_rate_error_model_new (CNS_ERROR_UNIT_BIT, 0.25);
  g_autoptr (CnsRandomVariable) rv = NULL;
  g_autoptr (CnsRandomVariable) still = NULL;

  expect_refused (model, "ErrorRate", "1.5", "CnsRateErrorModel::ErrorRate");
  expect_refused (model, "ErrorRate", "1.5", "'1.5' is out of range");
  expect_refused (model, "ErrorRate", "-0.1", "out of range");
  expect_refused (model, "ErrorRate", "often",
                  "'often' is not a finite number");
  expect_refused (model, "ErrorUnit", "nibble", "'nibble'");
  expect_refused (model, "ErrorUnit", "nibble", "bit, byte, packet");
  expect_refused (model, "RanVar", "Bogus(Min=0)", "Bogus");
  expect_refused (model, "RanVar", "Uniform(Min=2,Max=1)",
                  "Min (2) is greater than Max (1)");
  expect_refused (model, "RanVar", "Uniform(Mean=1)", "Mean");

  /* none is not a variable to draw from: it gives the default one */
  {
    g_autoptr (CnsErrorModel) fresh
        = cns_rate_error_model_new (CNS_ERROR_UNIT_BIT, 0.25);
    g_autofree gchar *want = cns_attribute_get (fresh, "RanVar", NULL);
    g_autofree gchar *half = NULL;
    g_autofree gchar *text = NULL;

    ck_assert (
        cns_attribute_set (model, "RanVar", "Uniform(Min=0,Max=0.5)", NULL));
    g_object_get (model, "ran-var", &rv, NULL);
    half = cns_attribute_get (model, "RanVar", NULL);
    ck_assert_str_ne (half, want);
    ck_assert (cns_attribute_set (model, "RanVar", "none", NULL));
    g_object_get (model, "ran-var", &still, NULL);
    ck_assert_ptr_nonnull (still);
    ck_assert_ptr_ne (rv, still);
    text = cns_attribute_get (model, "RanVar", NULL);
    ck_assert_str_eq (text, want);
  }

  CNS_TEST_EXPECT_CRITICAL (
      "*rate*", cns_rate_error_model_new (CNS_ERROR_UNIT_BYTE, 1.5));
}
END_TEST

/* ns-3's --RateErrorModel::ErrorRate, by type name and on a command line. */
START_TEST (test_rate_error_model_defaults_from_text)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("test");
  g_autoptr (CnsErrorModel) model = NULL;
  g_autoptr (GError) error = NULL;
  gchar *args[] = { "prog", "--CnsRateErrorModel::ErrorRate=0.01",
                    "--RateErrorModel::ErrorUnit=packet", NULL };
  g_autofree gchar **argv = g_memdup2 (args, sizeof args);
  gint argc = 3;
  CnsErrorUnit u;
  gdouble r;

  ck_assert_msg (cns_command_line_try_parse (cmd, &argc, &argv, &error), "%s",
                 error ? error->message : "");
  model = cns_object_new (CNS_TYPE_RATE_ERROR_MODEL, NULL);
  g_object_get (model, "error-rate", &r, "error-unit", &u, NULL);
  ck_assert (r == 0.01);
  ck_assert_int_eq (u, CNS_ERROR_UNIT_PACKET);

  ck_assert (
      !cns_config_set_default ("CnsRateErrorModel::ErrorRate", "2", &error));
  ck_assert (strstr (error->message, "'2' is out of range") != NULL);
}
END_TEST

Suite *
test_rate_error_model_suite (void)
{
  Suite *s = suite_create ("rate-error-model");
  TCase *tc = tcase_create ("rate-error-model");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_rate_error_model_defaults);
  tcase_add_test (tc, test_rate_error_model_fractions);
  tcase_add_test (tc, test_rate_error_model_edges);
  tcase_add_test (tc, test_rate_error_model_threshold);
  tcase_add_test (tc, test_rate_error_model_determinism);
  tcase_add_test (tc, test_rate_error_model_attributes);
  tcase_add_test (tc, test_rate_error_model_bad_attributes);
  tcase_add_test (tc, test_rate_error_model_defaults_from_text);
  suite_add_tcase (s, tc);
  return s;
}
