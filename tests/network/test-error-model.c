/* cns — tests of the CnsErrorModel base class: the Enabled switch and
 * reset, through a small subclass.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <string.h>

/* Calls every packet corrupt and counts what reaches it. */
#define TEST_TYPE_COUNTING_MODEL (test_counting_model_get_type ())
G_DECLARE_FINAL_TYPE (TestCountingModel, test_counting_model, TEST,
                      COUNTING_MODEL, CnsErrorModel)

struct _TestCountingModel
{
  CnsErrorModel parent;

  guint n_asked;
  guint n_reset;
};

G_DEFINE_FINAL_TYPE (TestCountingModel, test_counting_model,
                     CNS_TYPE_ERROR_MODEL)

static gboolean
test_counting_model_is_corrupt (CnsErrorModel *model, CnsPacket *packet)
{
  TEST_COUNTING_MODEL (model)->n_asked++;
  return TRUE;
}

static void
test_counting_model_reset (CnsErrorModel *model)
{
  TEST_COUNTING_MODEL (model)->n_reset++;
}

static void
test_counting_model_class_init (TestCountingModelClass *klass)
{
  CNS_ERROR_MODEL_CLASS (klass)->is_corrupt = test_counting_model_is_corrupt;
  CNS_ERROR_MODEL_CLASS (klass)->reset = test_counting_model_reset;
}

static void
test_counting_model_init (TestCountingModel *self)
{
}

START_TEST (test_error_model_enabled)
{
  g_autoptr (TestCountingModel) model
      = cns_object_new (TEST_TYPE_COUNTING_MODEL, NULL);
  CnsErrorModel *base = CNS_ERROR_MODEL (model);
  g_autoptr (CnsPacket) packet = cns_packet_new (100);
  gboolean enabled = FALSE;

  ck_assert (cns_error_model_is_enabled (base));
  g_object_get (model, "enabled", &enabled, NULL);
  ck_assert (enabled);
  ck_assert (cns_error_model_is_corrupt (base, packet));
  ck_assert_uint_eq (model->n_asked, 1);

  /* a disabled model never corrupts and never asks the subclass */
  cns_error_model_set_enabled (base, FALSE);
  ck_assert (!cns_error_model_is_enabled (base));
  for (guint i = 0; i < 100; i++)
    ck_assert (!cns_error_model_is_corrupt (base, packet));
  ck_assert_uint_eq (model->n_asked, 1);

  cns_error_model_set_enabled (base, TRUE);
  ck_assert (cns_error_model_is_corrupt (base, packet));
  ck_assert_uint_eq (model->n_asked, 2);
}
END_TEST

START_TEST (test_error_model_enabled_attribute)
{
  g_autoptr (TestCountingModel) model = NULL;
  g_autoptr (CnsPacket) packet = cns_packet_new (1);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  GParamSpec *pspec;

  g_type_ensure (TEST_TYPE_COUNTING_MODEL);
  pspec = cns_attribute_find (TEST_TYPE_COUNTING_MODEL, "Enabled");
  ck_assert_ptr_nonnull (pspec);
  ck_assert (g_param_spec_get_blurb (pspec) != NULL
             && strlen (g_param_spec_get_blurb (pspec)) > 20);

  /* a default for the base class applies to its subclasses */
  ck_assert_msg (
      cns_config_set_default ("CnsErrorModel::Enabled", "false", &error), "%s",
      error ? error->message : "");
  model = cns_object_new (TEST_TYPE_COUNTING_MODEL, NULL);
  ck_assert (!cns_error_model_is_enabled (CNS_ERROR_MODEL (model)));
  ck_assert (!cns_error_model_is_corrupt (CNS_ERROR_MODEL (model), packet));

  ck_assert (cns_attribute_set (model, "Enabled", "true", &error));
  ck_assert (cns_error_model_is_enabled (CNS_ERROR_MODEL (model)));
  text = cns_attribute_get (model, "Enabled", NULL);
  ck_assert_str_eq (text, "true");
  ck_assert (!cns_attribute_set (model, "Enabled", "maybe", &error));
  ck_assert_msg (strstr (error->message, "'maybe'") != NULL, "%s",
                 error->message);
  ck_assert (cns_error_model_is_enabled (CNS_ERROR_MODEL (model)));
}
END_TEST

START_TEST (test_error_model_reset)
{
  g_autoptr (TestCountingModel) model
      = cns_object_new (TEST_TYPE_COUNTING_MODEL, NULL);
  g_autoptr (CnsErrorModel) list = cns_list_error_model_new ();

  cns_error_model_reset (CNS_ERROR_MODEL (model));
  ck_assert_uint_eq (model->n_reset, 1);
  /* whether enabled or not */
  cns_error_model_set_enabled (CNS_ERROR_MODEL (model), FALSE);
  cns_error_model_reset (CNS_ERROR_MODEL (model));
  ck_assert_uint_eq (model->n_reset, 2);
  /* a model without reset ignores it */
  cns_error_model_reset (list);
}
END_TEST

START_TEST (test_error_model_misuse)
{
  g_autoptr (TestCountingModel) model
      = cns_object_new (TEST_TYPE_COUNTING_MODEL, NULL);
  g_autoptr (CnsPacket) packet = cns_packet_new (1);

  ck_assert (G_TYPE_IS_ABSTRACT (CNS_TYPE_ERROR_MODEL));
  CNS_TEST_EXPECT_CRITICAL ("*packet*", ck_assert (!cns_error_model_is_corrupt (
                                            CNS_ERROR_MODEL (model), NULL)));
  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_ERROR_MODEL*",
      ck_assert (!cns_error_model_is_corrupt (NULL, packet)));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_ERROR_MODEL*",
                            cns_error_model_reset (NULL));
  ck_assert_uint_eq (model->n_asked, 0);
}
END_TEST

Suite *
test_error_model_suite (void)
{
  Suite *s = suite_create ("error-model");
  TCase *tc = tcase_create ("error-model");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_error_model_enabled);
  tcase_add_test (tc, test_error_model_enabled_attribute);
  tcase_add_test (tc, test_error_model_reset);
  tcase_add_test (tc, test_error_model_misuse);
  suite_add_tcase (s, tc);
  return s;
}
