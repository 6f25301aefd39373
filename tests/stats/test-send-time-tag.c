/* cns — tests of the send-time tag the flow and delay monitors share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-packet.h"
#include "stats/cns-send-time-tag-private.h"
#include "stats/suites.h"

static void
setup (void)
{
  cns_test_reset ();
  cns_send_time_tag_register ();
}

/* A packet carries no send time until stamped; a second stamp replaces
 * the first (the two monitors stamp the same packet). */
START_TEST (test_send_time_tag_set_and_peek)
{
  g_autoptr (CnsPacket) packet = cns_packet_new (100);
  CnsTime sent = -1;

  ck_assert (!cns_send_time_tag_peek (packet, &sent));
  ck_assert_int_eq (sent, -1);
  cns_send_time_tag_set (packet, cns_milli_seconds (7));
  ck_assert (cns_send_time_tag_peek (packet, &sent));
  ck_assert_int_eq (sent, cns_milli_seconds (7));
  cns_send_time_tag_set (packet, cns_seconds (2));
  ck_assert (cns_send_time_tag_peek (packet, &sent));
  ck_assert_int_eq (sent, cns_seconds (2));
  ck_assert (cns_send_time_tag_peek (packet, NULL));
}
END_TEST

/* The stamp goes with copies and fragments, and across MPI ranks: a
 * serialized packet names the tag, which the other side finds by name. */
START_TEST (test_send_time_tag_travels)
{
  g_autoptr (CnsPacket) packet = cns_packet_new (100);
  g_autoptr (CnsPacket) copy = NULL;
  g_autoptr (CnsPacket) fragment = NULL;
  g_autoptr (CnsPacket) received = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  CnsTime sent = 0;

  cns_send_time_tag_set (packet, cns_micro_seconds (1500));
  copy = cns_packet_copy (packet);
  ck_assert (cns_send_time_tag_peek (copy, &sent));
  ck_assert_int_eq (sent, cns_micro_seconds (1500));
  fragment = cns_packet_create_fragment (packet, 40, 20);
  sent = 0;
  ck_assert (cns_send_time_tag_peek (fragment, &sent));
  ck_assert_int_eq (sent, cns_micro_seconds (1500));
  cns_packet_serialize (packet, bytes);
  received = cns_packet_deserialize (bytes->data, bytes->len, NULL, &error);
  ck_assert_msg (received != NULL, "%s", error ? error->message : "");
  sent = 0;
  ck_assert (cns_send_time_tag_peek (received, &sent));
  ck_assert_int_eq (sent, cns_micro_seconds (1500));
}
END_TEST

/* Registered under one name, with the time as its data and a printed
 * form. */
START_TEST (test_send_time_tag_class)
{
  const CnsTagClass *klass = cns_tag_class_lookup ("CnsSendTimeTag");
  g_autoptr (GString) out = g_string_new (NULL);
  CnsTime sent = cns_milli_seconds (7);

  ck_assert_ptr_nonnull (klass);
  ck_assert_uint_eq (klass->size, sizeof (CnsTime));
  klass->print (&sent, out);
  ck_assert_str_eq (out->str, "sent=7ms");
  /* registering again changes nothing */
  cns_send_time_tag_register ();
  ck_assert_ptr_eq (cns_tag_class_lookup ("CnsSendTimeTag"), klass);
}
END_TEST

Suite *
test_send_time_tag_suite (void)
{
  Suite *s = suite_create ("send-time-tag");
  TCase *tc = tcase_create ("send-time-tag");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_send_time_tag_set_and_peek);
  tcase_add_test (tc, test_send_time_tag_travels);
  tcase_add_test (tc, test_send_time_tag_class);
  suite_add_tcase (s, tc);
  return s;
}
