/* cns — tests of packet serialisation: exact round trips and malformed
 * input.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/packet-classes.h"
#include "network/suites.h"

#include <string.h>

typedef struct
{
  const CnsTagClass *klass;
  guint32 start;
  guint32 end;
  guint8 data[CNS_TAG_MAX_SIZE];
} SeenTag;

static void
collect_tag (const CnsTagClass *klass, guint32 start, guint32 end,
             gconstpointer data, gpointer user_data)
{
  SeenTag tag = { klass, start, end, { 0 } };

  memcpy (tag.data, data, klass->size);
  g_array_append_val ((GArray *) user_data, tag);
}

static GArray *
byte_tags (const CnsPacket *packet)
{
  GArray *tags = g_array_new (FALSE, TRUE, sizeof (SeenTag));

  cns_packet_foreach_byte_tag (packet, collect_tag, tags);
  return tags;
}

static void
assert_same_packet (const CnsPacket *a, const CnsPacket *b)
{
  const CnsTagClass *classes[] = {
    &test_flow_tag_class, &test_priority_tag_class, &test_stamp_tag_class,
    &test_id_tag_class,   &test_mark_tag_class,     &test_big_tag_class,
  };
  g_autoptr (GByteArray) ab = test_packet_bytes (a);
  g_autoptr (GByteArray) bb = test_packet_bytes (b);
  g_autoptr (GArray) at = byte_tags (a);
  g_autoptr (GArray) bt = byte_tags (b);
  g_autofree gchar *as = cns_packet_to_string (a);
  g_autofree gchar *bs = cns_packet_to_string (b);
  const CnsNixVector *an = cns_packet_get_nix_vector (a);
  const CnsNixVector *bn = cns_packet_get_nix_vector (b);

  ck_assert_uint_eq (cns_packet_get_uid (a), cns_packet_get_uid (b));
  ck_assert_int_eq (an != NULL, bn != NULL);
  if (an != NULL)
    {
      ck_assert (cns_nix_vector_equal (an, bn));
      ck_assert_uint_eq (cns_nix_vector_get_epoch (an),
                         cns_nix_vector_get_epoch (bn));
    }
  ck_assert_uint_eq (cns_packet_get_nix_position (a),
                     cns_packet_get_nix_position (b));
  ck_assert_uint_eq (ab->len, bb->len);
  if (ab->len > 0)
    ck_assert_mem_eq (ab->data, bb->data, ab->len);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      guint8 ad[CNS_TAG_MAX_SIZE] = { 0 }, bd[CNS_TAG_MAX_SIZE] = { 0 };

      ck_assert_int_eq (cns_packet_peek_packet_tag (a, classes[i], ad),
                        cns_packet_peek_packet_tag (b, classes[i], bd));
      ck_assert_mem_eq (ad, bd, sizeof ad);
    }
  ck_assert_uint_eq (at->len, bt->len);
  if (at->len > 0)
    ck_assert_mem_eq (at->data, bt->data, at->len * sizeof (SeenTag));
  ck_assert_str_eq (as, bs);
}

/* Serialises @packet, reads it back, checks that nothing changed and that
 * serialising the result gives the same bytes. */
static void
check_round_trip (const CnsPacket *packet)
{
  g_autoptr (GByteArray) first = g_byte_array_new ();
  g_autoptr (GByteArray) second = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  gsize consumed = 0;
  CnsPacket *copy;

  cns_packet_serialize (packet, first);
  copy = cns_packet_deserialize (first->data, first->len, &consumed, &error);
  ck_assert_msg (copy != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (consumed, first->len);
  assert_same_packet (packet, copy);
  cns_packet_serialize (copy, second);
  ck_assert_uint_eq (second->len, first->len);
  ck_assert_mem_eq (second->data, first->data, first->len);
  cns_packet_unref (copy);
}

START_TEST (test_packet_serialize_round_trip)
{
  static const guint8 data[] = "stored bytes";
  TestLongHeader lh = test_long_header_make (3);
  TestTrailer t = { 5 };
  guint8 big[CNS_TAG_MAX_SIZE];
  CnsPacket *z, *p, *d, *f, *e;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (CnsNixVector) nix = cns_nix_vector_new ();
  g_autoptr (CnsNixVector) empty = cns_nix_vector_new ();

  for (guint i = 0; i < sizeof big; i++)
    big[i] = 0xf0 + i;
  for (guint i = 0; i < 300; i++)
    cns_nix_vector_add_neighbor_index (nix, i & ((1u << i % 6) - 1), i % 6);
  cns_nix_vector_set_epoch (nix, 0x01020304);

  /* zero areas travel as their length */
  z = cns_packet_new (100000);
  check_round_trip (z);
  cns_packet_serialize (z, bytes);
  ck_assert_uint_lt (bytes->len, 64);
  e = cns_packet_new (0);
  check_round_trip (e);
  cns_packet_unref (e);

  d = cns_packet_new_from_data (data, sizeof data);
  check_round_trip (d);

  /* a nix vector, with and without tags beside it, partly read */
  cns_packet_set_nix_vector (d, empty);
  check_round_trip (d);
  cns_packet_set_nix_vector (d, nix);
  check_round_trip (d);
  for (guint i = 0; i < 100; i++)
    cns_packet_extract_nix_index (d, i % 6);
  check_round_trip (d);

  /* stored head, zeros, stored tail, tags, header records */
  cns_packet_enable_printing (TRUE);
  p = cns_packet_new (1000);
  cns_packet_add_header (p, &test_long_header_class, &lh);
  cns_packet_add_header (p, &test_var_header_class,
                         &(TestVarHeader){ 2, { 1, 2 } });
  cns_packet_add_trailer (p, &test_trailer_class, &t);
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &(TestFlowTag){ 77 });
  cns_packet_add_packet_tag (p, &test_big_tag_class, big);
  cns_packet_add_packet_tag (p, &test_mark_tag_class, NULL);
  cns_packet_add_byte_tag (p, &test_stamp_tag_class, &(TestStampTag){ -5 });
  cns_packet_add_byte_tag_range (p, &test_id_tag_class, &(guint32){ 3 }, 10,
                                 30);
  check_round_trip (p);
  cns_packet_set_nix_vector (p, nix);
  cns_packet_extract_nix_index (p, 0);
  cns_packet_extract_nix_index (p, 1);
  cns_packet_extract_nix_index (p, 2);
  check_round_trip (p);

  /* fragments: records and tags cut down to them */
  f = cns_packet_create_fragment (p, 20, 500);
  check_round_trip (f);
  cns_packet_unref (f);
  f = cns_packet_create_fragment (p, 100, 300);
  check_round_trip (f);
  cns_packet_unref (f);
  f = cns_packet_create_fragment (p, 1018, 10);
  check_round_trip (f);

  /* joined packets: stored bytes on both sides of one zero area */
  e = cns_packet_copy (f);
  cns_packet_add_at_end (e, z);
  cns_packet_add_at_end (e, d);
  check_round_trip (e);
  cns_packet_add_at_end (e, p);
  check_round_trip (e);

  cns_packet_unref (e);
  cns_packet_unref (f);
  cns_packet_unref (p);
  cns_packet_unref (d);
  cns_packet_unref (z);
}
END_TEST

/* The reader remembers the class it found at each position of each list;
 * packets that name other classes there, then the first ones again, must
 * still get their own. */
START_TEST (test_packet_serialize_classes_change)
{
  TestLongHeader lh = test_long_header_make (1);
  CnsPacket *a, *b;

  cns_packet_enable_printing (TRUE);
  a = cns_packet_new (40);
  cns_packet_add_header (a, &test_long_header_class, &lh);
  cns_packet_add_packet_tag (a, &test_flow_tag_class, &(TestFlowTag){ 7 });
  cns_packet_add_byte_tag (a, &test_stamp_tag_class, &(TestStampTag){ 9 });
  b = cns_packet_new (40);
  cns_packet_add_header (b, &test_short_header_class, &(TestShortHeader){ 3 });
  cns_packet_add_trailer (b, &test_trailer_class, &(TestTrailer){ 4 });
  cns_packet_add_packet_tag (b, &test_priority_tag_class, &(guint8){ 2 });
  cns_packet_add_packet_tag (b, &test_flow_tag_class, &(TestFlowTag){ 8 });
  cns_packet_add_byte_tag_range (b, &test_id_tag_class, &(guint32){ 5 }, 0, 3);
  for (guint i = 0; i < 3; i++)
    {
      check_round_trip (a);
      check_round_trip (b);
    }
  cns_packet_unref (b);
  cns_packet_unref (a);
}
END_TEST

START_TEST (test_packet_serialize_stream)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  CnsPacket *a = cns_packet_new (10);
  CnsPacket *b = cns_packet_new_from_data ((const guint8 *) "xyz", 3);
  CnsPacket *a2, *b2;
  gsize used = 0, used2 = 0;

  g_byte_array_append (bytes, (const guint8 *) "hdr", 3);
  cns_packet_serialize (a, bytes);
  cns_packet_serialize (b, bytes);
  a2 = cns_packet_deserialize (bytes->data + 3, bytes->len - 3, &used, &error);
  ck_assert_ptr_nonnull (a2);
  b2 = cns_packet_deserialize (bytes->data + 3 + used, bytes->len - 3 - used,
                               &used2, &error);
  ck_assert_ptr_nonnull (b2);
  ck_assert_uint_eq (3 + used + used2, bytes->len);
  assert_same_packet (a, a2);
  assert_same_packet (b, b2);
  cns_packet_unref (b2);
  cns_packet_unref (a2);
  cns_packet_unref (b);
  cns_packet_unref (a);
}
END_TEST

/* ---- records built by hand, as the format comment in
 * cns-packet-serialize.c describes them ---- */

typedef struct
{
  guint32 zeros;
  guint32 tail;
  guint8 flags;
  const gchar *packet_tag;
  guint8 packet_tag_size;
  guint n_packet_tags;
  guint32 nix_bits; /* written when flags has bit 1 */
  guint32 nix_position;
  guint8 nix_bytes[2];
  const gchar *byte_tag;
  guint32 byte_tag_start;
  guint32 byte_tag_end;
  const gchar *header;
  guint8 header_kind;
  guint32 header_end;
  guint stray;
} Record;

static const Record good = {
  .zeros = 5,
  .tail = 2,
  .flags = 1,
  .packet_tag = "TestFlowTag",
  .packet_tag_size = 4,
  .n_packet_tags = 1,
  .byte_tag = "TestStampTag",
  .byte_tag_start = 1,
  .byte_tag_end = 8,
  .header = "TestShortHeader",
  .header_kind = 0,
  .header_end = 2,
};

/* the good record with nix vector "10110101 111" of epoch 7, 3 bits read */
static const Record good_nix = {
  .zeros = 5,
  .tail = 2,
  .flags = 3,
  .packet_tag = "TestFlowTag",
  .packet_tag_size = 4,
  .n_packet_tags = 1,
  .nix_bits = 11,
  .nix_position = 3,
  .nix_bytes = { 0xb5, 0xe0 },
  .byte_tag = "TestStampTag",
  .byte_tag_start = 1,
  .byte_tag_end = 8,
  .header = "TestShortHeader",
  .header_kind = 0,
  .header_end = 2,
};

static void
w8 (GByteArray *b, guint8 v)
{
  g_byte_array_append (b, &v, 1);
}

static void
w16 (GByteArray *b, guint16 v)
{
  w8 (b, v & 0xff);
  w8 (b, v >> 8);
}

static void
w32 (GByteArray *b, guint32 v)
{
  w16 (b, v & 0xffff);
  w16 (b, v >> 16);
}

static void
w64 (GByteArray *b, guint64 v)
{
  w32 (b, v & 0xffffffff);
  w32 (b, v >> 32);
}

static void
wname (GByteArray *b, const gchar *name)
{
  w16 (b, strlen (name));
  g_byte_array_append (b, (const guint8 *) name, strlen (name));
}

/* "ab", zeros, "cd": uid 0x1234, flow tag 9, stamp 5 over bytes [1, 8), a
 * short header record over "ab" (protocol 0x6162). */
static GByteArray *
build (const Record *r)
{
  GByteArray *b = g_byte_array_new ();
  guint32 length;

  w32 (b, 0);
  w64 (b, 0x1234);
  w32 (b, 2);
  w32 (b, r->zeros);
  w32 (b, r->tail);
  g_byte_array_append (b, (const guint8 *) "abcd", 2 + r->tail);
  w8 (b, r->flags);
  w32 (b, r->n_packet_tags);
  for (guint i = 0; i < r->n_packet_tags; i++)
    {
      wname (b, r->packet_tag);
      w8 (b, r->packet_tag_size);
      for (guint j = 0; j < r->packet_tag_size; j++)
        w8 (b, j == 0 ? 9 : 0);
    }
  if (r->flags & 2)
    {
      w32 (b, r->nix_bits);
      w32 (b, 7);
      w32 (b, r->nix_position);
      for (guint i = 0; i < MIN (r->nix_bits / 8 + (r->nix_bits % 8 != 0), 2);
           i++)
        w8 (b, r->nix_bytes[i]);
    }
  w32 (b, 1);
  wname (b, r->byte_tag);
  w32 (b, r->byte_tag_start);
  w32 (b, r->byte_tag_end);
  w8 (b, 8);
  w64 (b, 5);
  w32 (b, 1);
  wname (b, r->header);
  w8 (b, r->header_kind);
  w32 (b, 0);
  w32 (b, r->header_end);
  for (guint i = 0; i < r->stray; i++)
    w8 (b, 0);
  length = GUINT32_TO_LE (b->len);
  memcpy (b->data, &length, 4);
  return b;
}

START_TEST (test_packet_serialize_format)
{
  g_autoptr (GByteArray) record = build (&good);
  g_autoptr (GByteArray) again = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  TestFlowTag flow = { 0 };
  TestStampTag stamp = { 0 };
  CnsPacket *p;
  gsize used = 0;

  p = cns_packet_deserialize (record->data, record->len, &used, &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (used, record->len);
  ck_assert_uint_eq (cns_packet_get_uid (p), 0x1234);
  test_assert_packet_bytes (p, (const guint8 *) "ab\0\0\0\0\0cd", 9);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &flow));
  ck_assert_uint_eq (flow.flow, 9);
  ck_assert (cns_packet_find_first_byte_tag (p, &test_stamp_tag_class, &stamp));
  ck_assert_int_eq (stamp.time, 5);
  text = cns_packet_to_string (p);
  ck_assert_str_eq (text, "TestShortHeader (protocol 0x6162) Payload (size=7)");
  cns_packet_serialize (p, again);
  ck_assert_uint_eq (again->len, record->len);
  ck_assert_mem_eq (again->data, record->data, record->len);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_packet_serialize_format_nix)
{
  g_autoptr (GByteArray) record = build (&good_nix);
  g_autoptr (GByteArray) again = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) bits = g_string_new (NULL);
  CnsNixVector *nix;
  CnsPacket *p;
  gsize used = 0;

  p = cns_packet_deserialize (record->data, record->len, &used, &error);
  ck_assert_msg (p != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (used, record->len);
  ck_assert_uint_eq (cns_packet_get_size (p), 9);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, NULL));
  nix = cns_packet_get_nix_vector (p);
  ck_assert_ptr_nonnull (nix);
  cns_nix_vector_print (nix, bits);
  ck_assert_str_eq (bits->str, "10110101111");
  ck_assert_uint_eq (cns_nix_vector_get_epoch (nix), 7);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 3);
  cns_packet_serialize (p, again);
  ck_assert_uint_eq (again->len, record->len);
  ck_assert_mem_eq (again->data, record->data, record->len);
  /* bits 3 to 6, "1010" */
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 4), 10);
  cns_packet_unref (p);
}
END_TEST

static void
check_malformed (const Record *r, gint code, const gchar *fragment)
{
  g_autoptr (GByteArray) record = build (r);
  g_autoptr (GError) error = NULL;
  gsize used = 12345;

  ck_assert_ptr_null (
      cns_packet_deserialize (record->data, record->len, &used, &error));
  CNS_TEST_ASSERT_ERROR (error, code);
  ck_assert (error->domain == CNS_NETWORK_ERROR);
  ck_assert_msg (strstr (error->message, fragment) != NULL,
                 "message '%s' lacks '%s'", error->message, fragment);
  ck_assert_uint_eq (used, 12345);
}

START_TEST (test_packet_serialize_malformed)
{
  g_autoptr (GByteArray) record = build (&good);
  Record r;

  /* every truncation */
  for (guint n = 0; n < record->len; n++)
    {
      g_autoptr (GError) error = NULL;

      ck_assert_ptr_null (
          cns_packet_deserialize (record->data, n, NULL, &error));
      CNS_TEST_ASSERT_ERROR (error, CNS_NETWORK_ERROR_PARSE);
      ck_assert_msg (strstr (error->message, "truncated") != NULL, "%s",
                     error->message);
    }
  /* a length field that cuts the record short */
  {
    g_autoptr (GError) error = NULL;
    guint32 length = GUINT32_TO_LE (record->len - 1);

    memcpy (record->data, &length, 4);
    ck_assert_ptr_null (
        cns_packet_deserialize (record->data, record->len, NULL, &error));
    CNS_TEST_ASSERT_ERROR (error, CNS_NETWORK_ERROR_PARSE);
    ck_assert_ptr_nonnull (strstr (error->message, "truncated in"));
  }
  /* one shorter than the length field itself: nothing is read past it */
  {
    g_autoptr (GError) error = NULL;
    guint32 length = GUINT32_TO_LE (3);

    memcpy (record->data, &length, 4);
    ck_assert_ptr_null (
        cns_packet_deserialize (record->data, record->len, NULL, &error));
    CNS_TEST_ASSERT_ERROR (error, CNS_NETWORK_ERROR_PARSE);
    ck_assert_str_eq (error->message,
                      "serialized packet claims to be 3 bytes long, less "
                      "than its length field");
  }

  /* every truncation of a record with a nix vector */
  {
    g_autoptr (GByteArray) nix_record = build (&good_nix);

    for (guint n = 0; n < nix_record->len; n++)
      {
        g_autoptr (GError) error = NULL;

        ck_assert_ptr_null (
            cns_packet_deserialize (nix_record->data, n, NULL, &error));
        CNS_TEST_ASSERT_ERROR (error, CNS_NETWORK_ERROR_PARSE);
        ck_assert_msg (strstr (error->message, "truncated") != NULL, "%s",
                       error->message);
      }
  }
  r = good_nix;
  r.nix_position = 12;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE,
                   "read 12 bits of a 11-bit nix vector");
  r = good_nix;
  r.nix_bytes[1] = 0xe1;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE,
                   "11-bit nix vector with bits set past its end");
  r = good_nix;
  r.nix_bits = G_MAXUINT32;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE,
                   "truncated in the nix vector: 536870912 bytes needed");

  r = good;
  r.packet_tag = "NoSuchTag";
  check_malformed (&r, CNS_NETWORK_ERROR_NOT_FOUND,
                   "packet tag of unknown class 'NoSuchTag'");
  r = good;
  r.byte_tag = "NoSuchStamp";
  check_malformed (&r, CNS_NETWORK_ERROR_NOT_FOUND,
                   "byte tag of unknown class 'NoSuchStamp'");
  r = good;
  r.header = "NoSuchHeader";
  check_malformed (&r, CNS_NETWORK_ERROR_NOT_FOUND,
                   "header of unknown class 'NoSuchHeader'");
  r = good;
  r.packet_tag_size = 3;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE,
                   "'TestFlowTag' packet tag of 3 bytes; the class has 4");
  r = good;
  r.n_packet_tags = 2;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "two 'TestFlowTag'");
  r = good;
  r.byte_tag_end = 10;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE,
                   "over bytes [1, 10) of a 9-byte packet");
  r = good;
  r.byte_tag_start = 9;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "[9, 8)");
  r = good;
  r.header_end = 12;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "header record over bytes");
  r = good;
  r.header_kind = 2;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "of kind 2");
  r = good;
  r.flags = 0;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "does not record headers");
  r = good;
  r.flags = 0x81;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "unknown flags 0x81");
  r = good;
  r.flags = 0x5;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "unknown flags 0x05");
  r = good;
  r.stray = 3;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "3 stray bytes");
  r = good;
  r.zeros = 0;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "2 tail bytes but no zero");
  r = good;
  r.zeros = G_MAXUINT32;
  check_malformed (&r, CNS_NETWORK_ERROR_PARSE, "more than a packet holds");

  CNS_TEST_EXPECT_CRITICAL (
      "*data != NULL*",
      ck_assert_ptr_null (cns_packet_deserialize (NULL, 5, NULL, NULL)));
}
END_TEST

Suite *
test_packet_serialize_suite (void)
{
  Suite *s = suite_create ("packet-serialize");
  TCase *tc = tcase_create ("packet-serialize");

  tcase_add_checked_fixture (tc, test_packet_setup, test_packet_teardown);
  tcase_add_test (tc, test_packet_serialize_round_trip);
  tcase_add_test (tc, test_packet_serialize_classes_change);
  tcase_add_test (tc, test_packet_serialize_stream);
  tcase_add_test (tc, test_packet_serialize_format);
  tcase_add_test (tc, test_packet_serialize_format_nix);
  tcase_add_test (tc, test_packet_serialize_malformed);
  suite_add_tcase (s, tc);
  return s;
}
