/* cns — tests of CnsListErrorModel: exactly the listed uids are corrupt.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#define N_PACKETS 50

static void
make_packets (CnsPacket *packets[N_PACKETS])
{
  for (guint i = 0; i < N_PACKETS; i++)
    packets[i] = cns_packet_new (100 + i);
}

static void
free_packets (CnsPacket *packets[N_PACKETS])
{
  for (guint i = 0; i < N_PACKETS; i++)
    cns_packet_unref (packets[i]);
}

/* Checks that packet i is corrupt exactly when bit i of @expected is set. */
static void
expect_corrupt (CnsErrorModel *model, CnsPacket *packets[N_PACKETS],
                guint64 expected)
{
  for (guint i = 0; i < N_PACKETS; i++)
    ck_assert_msg (cns_error_model_is_corrupt (model, packets[i])
                       == (gboolean) ((expected >> i) & 1),
                   "packet %u (uid %" G_GUINT64_FORMAT ") %s", i,
                   cns_packet_get_uid (packets[i]),
                   (expected >> i) & 1 ? "passed" : "was corrupt");
}

START_TEST (test_list_error_model_exact)
{
  g_autoptr (CnsErrorModel) model = cns_list_error_model_new ();
  CnsListErrorModel *list = CNS_LIST_ERROR_MODEL (model);
  CnsPacket *packets[N_PACKETS];
  guint64 uids[5];

  make_packets (packets);
  /* an empty list corrupts nothing */
  expect_corrupt (model, packets, 0);

  /* any order, repeats allowed */
  uids[0] = cns_packet_get_uid (packets[17]);
  uids[1] = cns_packet_get_uid (packets[3]);
  uids[2] = cns_packet_get_uid (packets[42]);
  uids[3] = cns_packet_get_uid (packets[3]);
  uids[4] = cns_packet_get_uid (packets[0]);
  cns_list_error_model_set_list (list, uids, 5);
  expect_corrupt (model, packets,
                  1ull << 0 | 1ull << 3 | 1ull << 17 | 1ull << 42);
  /* asking again gives the same answer: the list is not consumed */
  expect_corrupt (model, packets,
                  1ull << 0 | 1ull << 3 | 1ull << 17 | 1ull << 42);

  /* adding, also one already there */
  cns_list_error_model_add_uid (list, cns_packet_get_uid (packets[49]));
  cns_list_error_model_add_uid (list, cns_packet_get_uid (packets[1]));
  cns_list_error_model_add_uid (list, cns_packet_get_uid (packets[17]));
  expect_corrupt (model, packets,
                  1ull << 0 | 1ull << 1 | 1ull << 3 | 1ull << 17 | 1ull << 42
                      | 1ull << 49);

  /* reset keeps the list, as in ns-3 */
  cns_error_model_reset (model);
  expect_corrupt (model, packets,
                  1ull << 0 | 1ull << 1 | 1ull << 3 | 1ull << 17 | 1ull << 42
                      | 1ull << 49);

  /* setting replaces */
  cns_list_error_model_set_list (list, &uids[2], 1);
  expect_corrupt (model, packets, 1ull << 42);

  /* disabled, nothing is corrupt */
  cns_error_model_set_enabled (model, FALSE);
  expect_corrupt (model, packets, 0);
  cns_error_model_set_enabled (model, TRUE);

  cns_list_error_model_set_list (list, NULL, 0);
  expect_corrupt (model, packets, 0);
  free_packets (packets);
}
END_TEST

/* Uids that are not small counters: the real ones carry the creating
 * context in their top bits. */
START_TEST (test_list_error_model_large_uids)
{
  g_autoptr (CnsErrorModel) model = cns_list_error_model_new ();
  CnsListErrorModel *list = CNS_LIST_ERROR_MODEL (model);
  g_autoptr (CnsPacket) packet = cns_packet_new (1);
  guint64 uid = cns_packet_get_uid (packet);
  guint64 many[1000];

  for (guint i = 0; i < G_N_ELEMENTS (many); i++)
    many[i] = ((guint64) (i % 7 + 1) << 40 | (i * 7919u)) ^ G_MAXUINT64;
  cns_list_error_model_set_list (list, many, G_N_ELEMENTS (many));
  ck_assert (!cns_error_model_is_corrupt (model, packet));
  cns_list_error_model_add_uid (list, uid);
  ck_assert (cns_error_model_is_corrupt (model, packet));
  for (guint i = 0; i < G_N_ELEMENTS (many); i += 97)
    cns_list_error_model_add_uid (list, many[i]);
  ck_assert (cns_error_model_is_corrupt (model, packet));
  cns_list_error_model_add_uid (list, G_MAXUINT64);
  cns_list_error_model_add_uid (list, 0);
  ck_assert (cns_error_model_is_corrupt (model, packet));
}
END_TEST

START_TEST (test_list_error_model_misuse)
{
  g_autoptr (CnsErrorModel) model = cns_list_error_model_new ();
  g_autoptr (CnsErrorModel) rate
      = cns_rate_error_model_new (CNS_ERROR_UNIT_BYTE, 0);

  ck_assert (CNS_IS_LIST_ERROR_MODEL (model));
  ck_assert (CNS_IS_ERROR_MODEL (model));
  ck_assert_str_eq (G_OBJECT_TYPE_NAME (model), "CnsListErrorModel");
  CNS_TEST_EXPECT_CRITICAL (
      "*uids != NULL*",
      cns_list_error_model_set_list (CNS_LIST_ERROR_MODEL (model), NULL, 3));
  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_LIST_ERROR_MODEL*",
      cns_list_error_model_add_uid ((CnsListErrorModel *) rate, 1));
}
END_TEST

Suite *
test_list_error_model_suite (void)
{
  Suite *s = suite_create ("list-error-model");
  TCase *tc = tcase_create ("list-error-model");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_list_error_model_exact);
  tcase_add_test (tc, test_list_error_model_large_uids);
  tcase_add_test (tc, test_list_error_model_misuse);
  suite_add_tcase (s, tc);
  return s;
}
