/* cns — tests of packet tags and byte tags, and of the tag class registry.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/packet-classes.h"
#include "network/suites.h"

#include <string.h>

START_TEST (test_packet_tags_basic)
{
  TestFlowTag flow = { 5 }, got = { 0 };
  guint8 priority = 3, got_priority = 0;
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *c;

  ck_assert (!cns_packet_peek_packet_tag (p, &test_flow_tag_class, &got));
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &flow);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &got));
  ck_assert_uint_eq (got.flow, 5);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, NULL));

  /* one per class */
  flow.flow = 6;
  CNS_TEST_EXPECT_CRITICAL (
      "*already has a 'TestFlowTag' packet tag*",
      cns_packet_add_packet_tag (p, &test_flow_tag_class, &flow));
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &got));
  ck_assert_uint_eq (got.flow, 5);
  ck_assert (cns_packet_replace_packet_tag (p, &test_flow_tag_class, &flow));
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &got));
  ck_assert_uint_eq (got.flow, 6);
  /* replacing an absent tag adds it */
  ck_assert (
      !cns_packet_replace_packet_tag (p, &test_priority_tag_class, &priority));
  ck_assert (
      cns_packet_peek_packet_tag (p, &test_priority_tag_class, &got_priority));
  ck_assert_uint_eq (got_priority, 3);

  /* copies share tags until one changes */
  c = cns_packet_copy (p);
  ck_assert (cns_packet_remove_packet_tag (c, &test_flow_tag_class, &got));
  ck_assert_uint_eq (got.flow, 6);
  ck_assert (!cns_packet_remove_packet_tag (c, &test_flow_tag_class, &got));
  ck_assert (!cns_packet_peek_packet_tag (c, &test_flow_tag_class, NULL));
  ck_assert (cns_packet_peek_packet_tag (c, &test_priority_tag_class, NULL));
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, NULL));
  flow.flow = 7;
  cns_packet_replace_packet_tag (p, &test_flow_tag_class, &flow);
  cns_packet_add_packet_tag (c, &test_flow_tag_class, &(TestFlowTag){ 8 });
  cns_packet_peek_packet_tag (p, &test_flow_tag_class, &got);
  ck_assert_uint_eq (got.flow, 7);
  cns_packet_peek_packet_tag (c, &test_flow_tag_class, &got);
  ck_assert_uint_eq (got.flow, 8);

  cns_packet_remove_all_packet_tags (p);
  ck_assert (!cns_packet_peek_packet_tag (p, &test_flow_tag_class, NULL));
  ck_assert (!cns_packet_peek_packet_tag (p, &test_priority_tag_class, NULL));
  ck_assert (cns_packet_peek_packet_tag (c, &test_priority_tag_class, NULL));
  ck_assert (cns_packet_remove_packet_tag (c, &test_priority_tag_class, NULL));
  ck_assert (cns_packet_remove_packet_tag (c, &test_flow_tag_class, NULL));
  ck_assert (!cns_packet_peek_packet_tag (c, &test_flow_tag_class, NULL));

  cns_packet_unref (c);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_packet_tags_sizes_and_packets)
{
  guint8 big[CNS_TAG_MAX_SIZE], got[CNS_TAG_MAX_SIZE];
  TestFlowTag flow = { 9 }, other_flow = { 10 }, got_flow;
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *q = cns_packet_new (10);
  CnsPacket *f;

  for (guint i = 0; i < sizeof big; i++)
    big[i] = i * 7;
  cns_packet_add_packet_tag (p, &test_big_tag_class, big);
  cns_packet_add_packet_tag (p, &test_mark_tag_class, NULL);
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &flow);
  ck_assert (cns_packet_peek_packet_tag (p, &test_big_tag_class, got));
  ck_assert_mem_eq (got, big, sizeof big);
  ck_assert (cns_packet_peek_packet_tag (p, &test_mark_tag_class, NULL));

  /* fragments keep the packet tags; joined packets keep their own */
  f = cns_packet_create_fragment (p, 10, 20);
  ck_assert (cns_packet_peek_packet_tag (f, &test_big_tag_class, got));
  ck_assert_mem_eq (got, big, sizeof big);
  cns_packet_add_packet_tag (q, &test_flow_tag_class, &other_flow);
  cns_packet_add_at_end (f, q);
  ck_assert (cns_packet_peek_packet_tag (f, &test_flow_tag_class, &got_flow));
  ck_assert_uint_eq (got_flow.flow, 9);
  cns_packet_add_at_end (q, f);
  ck_assert (cns_packet_peek_packet_tag (q, &test_flow_tag_class, &got_flow));
  ck_assert_uint_eq (got_flow.flow, 10);
  ck_assert (!cns_packet_peek_packet_tag (q, &test_mark_tag_class, NULL));

  /* removing from the middle of a list keeps the others */
  ck_assert (cns_packet_remove_packet_tag (p, &test_mark_tag_class, NULL));
  ck_assert (cns_packet_peek_packet_tag (p, &test_big_tag_class, got));
  ck_assert_mem_eq (got, big, sizeof big);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &got_flow));
  ck_assert_uint_eq (got_flow.flow, 9);
  ck_assert (cns_packet_peek_packet_tag (f, &test_mark_tag_class, NULL));

  cns_packet_unref (f);
  cns_packet_unref (q);
  cns_packet_unref (p);
}
END_TEST

/* ---- byte tags ---- */

typedef struct
{
  const CnsTagClass *klass;
  guint32 start;
  guint32 end;
  gint64 value;
} SeenTag;

static void
collect_tag (const CnsTagClass *klass, guint32 start, guint32 end,
             gconstpointer data, gpointer user_data)
{
  GArray *seen = user_data;
  SeenTag tag = { klass, start, end, 0 };

  memcpy (&tag.value, data, klass->size);
  g_array_append_val (seen, tag);
}

/* Checks the byte tags of @packet against @n triples (stamp value, start,
 * end), oldest first. */
static void
check_stamps (const CnsPacket *packet, guint n, const gint64 *expected)
{
  g_autoptr (GArray) seen = g_array_new (FALSE, TRUE, sizeof (SeenTag));

  cns_packet_foreach_byte_tag (packet, collect_tag, seen);
  ck_assert_uint_eq (seen->len, n);
  for (guint i = 0; i < n; i++)
    {
      SeenTag *tag = &g_array_index (seen, SeenTag, i);

      ck_assert_ptr_eq (tag->klass, &test_stamp_tag_class);
      ck_assert_int_eq (tag->value, expected[3 * i]);
      ck_assert_uint_eq (tag->start, expected[3 * i + 1]);
      ck_assert_uint_eq (tag->end, expected[3 * i + 2]);
    }
}

static void
add_stamp (CnsPacket *packet, gint64 time)
{
  TestStampTag stamp = { time };

  cns_packet_add_byte_tag (packet, &test_stamp_tag_class, &stamp);
}

START_TEST (test_packet_byte_tags_headers)
{
  TestLongHeader lh = test_long_header_make (1);
  TestShortHeader sh = { 0x0021 };
  TestTrailer t = { 1 };
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *c;

  add_stamp (p, 1);
  check_stamps (p, 1, (gint64[]){ 1, 0, 100 });
  /* the tagged bytes move behind a header; a trailer is not tagged */
  cns_packet_add_header (p, &test_long_header_class, &lh);
  cns_packet_add_trailer (p, &test_trailer_class, &t);
  check_stamps (p, 1, (gint64[]){ 1, 20, 120 });
  add_stamp (p, 2);
  check_stamps (p, 2, (gint64[]){ 1, 20, 120, 2, 0, 124 });

  /* a header that replaces another is not covered by the old one's tags */
  c = cns_packet_copy (p);
  ck_assert_uint_eq (cns_packet_remove_header (p, &test_long_header_class, &lh),
                     20);
  check_stamps (p, 2, (gint64[]){ 1, 0, 100, 2, 0, 104 });
  cns_packet_add_header (p, &test_short_header_class, &sh);
  check_stamps (p, 2, (gint64[]){ 1, 2, 102, 2, 2, 106 });
  ck_assert_uint_eq (cns_packet_remove_trailer (p, &test_trailer_class, &t), 4);
  cns_packet_add_padding (p, 10);
  check_stamps (p, 2, (gint64[]){ 1, 2, 102, 2, 2, 102 });
  /* removing bytes only hides tags; nothing comes back */
  cns_packet_remove_at_start (p, 50);
  cns_packet_remove_at_end (p, 5);
  check_stamps (p, 2, (gint64[]){ 1, 0, 52, 2, 0, 52 });
  cns_packet_remove_at_start (p, cns_packet_get_size (p));
  check_stamps (p, 0, NULL);
  cns_packet_add_header (p, &test_short_header_class, &sh);
  check_stamps (p, 0, NULL);

  /* the copy never saw any of it */
  check_stamps (c, 2, (gint64[]){ 1, 20, 120, 2, 0, 124 });
  cns_packet_remove_all_byte_tags (c);
  check_stamps (c, 0, NULL);
  add_stamp (c, 3);
  check_stamps (c, 1, (gint64[]){ 3, 0, 124 });

  cns_packet_unref (c);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_packet_byte_tags_fragments)
{
  TestStampTag got;
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *a, *b, *c, *e;

  cns_packet_add_byte_tag_range (p, &test_stamp_tag_class, &(TestStampTag){ 1 },
                                 10, 40);
  cns_packet_add_byte_tag_range (p, &test_stamp_tag_class, &(TestStampTag){ 2 },
                                 30, 90);
  cns_packet_add_byte_tag_range (p, &test_id_tag_class, &(guint32){ 77 }, 0,
                                 100);
  /* an empty range covers nothing */
  cns_packet_add_byte_tag_range (p, &test_stamp_tag_class, &(TestStampTag){ 9 },
                                 50, 50);

  /* fragments see the tags over their bytes, clipped */
  a = cns_packet_create_fragment (p, 0, 35);
  b = cns_packet_create_fragment (p, 35, 65);
  c = cns_packet_create_fragment (p, 40, 10);
  ck_assert (cns_packet_find_first_byte_tag (a, &test_stamp_tag_class, &got));
  ck_assert_int_eq (got.time, 1);
  ck_assert (cns_packet_find_first_byte_tag (b, &test_stamp_tag_class, &got));
  ck_assert_int_eq (got.time, 1);
  ck_assert (cns_packet_find_first_byte_tag (c, &test_stamp_tag_class, &got));
  ck_assert_int_eq (got.time, 2);
  ck_assert (cns_packet_find_first_byte_tag (c, &test_id_tag_class, NULL));
  ck_assert (!cns_packet_find_first_byte_tag (c, &test_flow_tag_class, NULL));
  cns_packet_remove_all_byte_tags (c);
  ck_assert (!cns_packet_find_first_byte_tag (c, &test_stamp_tag_class, NULL));
  ck_assert (cns_packet_find_first_byte_tag (p, &test_stamp_tag_class, NULL));

  /* reassembly: b's tags move behind a's bytes */
  e = cns_packet_create_fragment (p, 0, 35);
  cns_packet_add_at_end (e, b);
  {
    g_autoptr (GArray) seen = g_array_new (FALSE, TRUE, sizeof (SeenTag));
    const SeenTag expected[] = {
      { &test_stamp_tag_class, 10, 35, 1 },
      { &test_stamp_tag_class, 30, 35, 2 },
      { &test_id_tag_class, 0, 35, 77 },
      { &test_stamp_tag_class, 35, 40, 1 },
      { &test_stamp_tag_class, 35, 90, 2 },
      { &test_id_tag_class, 35, 100, 77 },
    };

    cns_packet_foreach_byte_tag (e, collect_tag, seen);
    ck_assert_uint_eq (seen->len, G_N_ELEMENTS (expected));
    for (guint i = 0; i < seen->len; i++)
      {
        SeenTag *tag = &g_array_index (seen, SeenTag, i);

        ck_assert_ptr_eq (tag->klass, expected[i].klass);
        ck_assert_uint_eq (tag->start, expected[i].start);
        ck_assert_uint_eq (tag->end, expected[i].end);
        ck_assert_int_eq (tag->value, expected[i].value);
      }
  }

  cns_packet_unref (e);
  cns_packet_unref (c);
  cns_packet_unref (b);
  cns_packet_unref (a);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_packet_byte_tags_join)
{
  CnsPacket *a = cns_packet_new (10);
  CnsPacket *b = cns_packet_new (20);

  cns_packet_add_byte_tag_range (a, &test_stamp_tag_class, &(TestStampTag){ 1 },
                                 2, 5);
  add_stamp (b, 2);
  cns_packet_add_at_end (a, b);
  check_stamps (a, 2, (gint64[]){ 1, 2, 5, 2, 10, 30 });
  check_stamps (b, 1, (gint64[]){ 2, 0, 20 });
  /* a packet joined to itself */
  cns_packet_add_at_end (b, b);
  check_stamps (b, 2, (gint64[]){ 2, 0, 20, 2, 20, 40 });
  /* tags of bytes removed from the end do not spread over new bytes */
  cns_packet_remove_at_end (a, 25);
  cns_packet_add_padding (a, 5);
  check_stamps (a, 1, (gint64[]){ 1, 2, 5 });
  cns_packet_unref (b);
  b = cns_packet_new (3);
  cns_packet_add_at_end (a, b);
  check_stamps (a, 1, (gint64[]){ 1, 2, 5 });
  cns_packet_unref (b);
  cns_packet_unref (a);
}
END_TEST

START_TEST (test_packet_tags_bad_calls)
{
  static const CnsTagClass huge = { "TestHugeTag", CNS_TAG_MAX_SIZE + 1, NULL };
  guint8 data[CNS_TAG_MAX_SIZE + 1] = { 0 };
  CnsPacket *p = cns_packet_new (10);
  CnsPacket *q = cns_packet_ref (p);
  CnsTagClass other = test_flow_tag_class;

  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_add_packet_tag (p, &test_flow_tag_class, data));
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_replace_packet_tag (p, &test_flow_tag_class, data));
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_remove_packet_tag (p, &test_flow_tag_class, data));
  CNS_TEST_EXPECT_CRITICAL ("*cns_packet_is_writable*",
                            cns_packet_remove_all_packet_tags (p));
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_add_byte_tag (p, &test_stamp_tag_class, data));
  CNS_TEST_EXPECT_CRITICAL ("*cns_packet_is_writable*",
                            cns_packet_remove_all_byte_tags (p));
  cns_packet_unref (q);

  CNS_TEST_EXPECT_CRITICAL ("*CNS_TAG_MAX_SIZE*",
                            cns_packet_add_packet_tag (p, &huge, data));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_TAG_MAX_SIZE*",
                            cns_packet_add_byte_tag (p, &huge, data));
  CNS_TEST_EXPECT_CRITICAL (
      "*data != NULL*",
      cns_packet_add_packet_tag (p, &test_flow_tag_class, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*klass != NULL*",
                            cns_packet_add_byte_tag (p, NULL, data));
  CNS_TEST_EXPECT_CRITICAL (
      "*start <= end*",
      cns_packet_add_byte_tag_range (p, &test_stamp_tag_class, data, 5, 3));
  CNS_TEST_EXPECT_CRITICAL (
      "*end <=*",
      cns_packet_add_byte_tag_range (p, &test_stamp_tag_class, data, 5, 11));
  CNS_TEST_EXPECT_CRITICAL ("*func != NULL*",
                            cns_packet_foreach_byte_tag (p, NULL, NULL));
  ck_assert (!cns_packet_find_first_byte_tag (p, &test_stamp_tag_class, NULL));
  ck_assert (!cns_packet_peek_packet_tag (p, &test_flow_tag_class, NULL));

  /* the registry: one class per name, the same class again is fine */
  cns_tag_class_register (&test_flow_tag_class);
  ck_assert_ptr_eq (cns_tag_class_lookup ("TestFlowTag"), &test_flow_tag_class);
  CNS_TEST_EXPECT_CRITICAL ("*already registered as 'TestFlowTag'*",
                            cns_tag_class_register (&other));
  ck_assert_ptr_eq (cns_tag_class_lookup ("TestFlowTag"), &test_flow_tag_class);
  CNS_TEST_EXPECT_CRITICAL ("*CNS_TAG_MAX_SIZE*",
                            cns_tag_class_register (&huge));
  ck_assert_ptr_null (cns_tag_class_lookup ("TestHugeTag"));
  CNS_TEST_EXPECT_CRITICAL ("*name != NULL*",
                            ck_assert_ptr_null (cns_tag_class_lookup (NULL)));
  cns_packet_unref (p);
}
END_TEST

Suite *
test_packet_tags_suite (void)
{
  Suite *s = suite_create ("packet-tags");
  TCase *tc = tcase_create ("packet-tags");

  tcase_add_checked_fixture (tc, test_packet_setup, test_packet_teardown);
  tcase_add_test (tc, test_packet_tags_basic);
  tcase_add_test (tc, test_packet_tags_sizes_and_packets);
  tcase_add_test (tc, test_packet_byte_tags_headers);
  tcase_add_test (tc, test_packet_byte_tags_fragments);
  tcase_add_test (tc, test_packet_byte_tags_join);
  tcase_add_test (tc, test_packet_tags_bad_calls);
  suite_add_tcase (s, tc);
  return s;
}
