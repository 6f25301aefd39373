/* cns — tests of the byte reader.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-byte-reader.h"
#include "network/cns-byte-writer.h"
#include "network/cns-network-error.h"
#include "network/suites.h"

/* What the writer writes, of every width and both orders, at their
 * extremes, reads back the same. */
START_TEST (test_byte_reader_round_trip)
{
  static const guint64 values[]
      = { 0,          1,           0x80,
          0xff,       0x1234,      0xffff,
          0x89abcdef, G_MAXUINT32, G_GUINT64_CONSTANT (0x0123456789abcdef),
          G_MAXUINT64 };
  g_autoptr (GByteArray) array = g_byte_array_new ();
  CnsByteWriter w;
  CnsByteReader r;

  cns_byte_writer_init (&w, array);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      cns_byte_writer_put_u8 (&w, (guint8) values[i]);
      cns_byte_writer_put_u16_le (&w, (guint16) values[i]);
      cns_byte_writer_put_u16_be (&w, (guint16) values[i]);
      cns_byte_writer_put_u32_le (&w, (guint32) values[i]);
      cns_byte_writer_put_u32_be (&w, (guint32) values[i]);
      cns_byte_writer_put_u64_le (&w, values[i]);
      cns_byte_writer_put_u64_be (&w, values[i]);
      cns_byte_writer_put_f64_le (&w, (gdouble) values[i] / 3);
    }
  cns_byte_writer_finish (&w);

  cns_byte_reader_init (&r, array->data, array->len, "test data");
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      guint8 u8;
      guint16 u16;
      guint32 u32;
      guint64 u64;
      gdouble f64;

      ck_assert (cns_byte_reader_get_u8 (&r, &u8, NULL, NULL));
      ck_assert_uint_eq (u8, (guint8) values[i]);
      ck_assert (cns_byte_reader_get_u16_le (&r, &u16, NULL, NULL));
      ck_assert_uint_eq (u16, (guint16) values[i]);
      ck_assert (cns_byte_reader_get_u16_be (&r, &u16, NULL, NULL));
      ck_assert_uint_eq (u16, (guint16) values[i]);
      ck_assert (cns_byte_reader_get_u32_le (&r, &u32, NULL, NULL));
      ck_assert_uint_eq (u32, (guint32) values[i]);
      ck_assert (cns_byte_reader_get_u32_be (&r, &u32, NULL, NULL));
      ck_assert_uint_eq (u32, (guint32) values[i]);
      ck_assert (cns_byte_reader_get_u64_le (&r, &u64, NULL, NULL));
      ck_assert_uint_eq (u64, values[i]);
      ck_assert (cns_byte_reader_get_u64_be (&r, &u64, NULL, NULL));
      ck_assert_uint_eq (u64, values[i]);
      ck_assert (cns_byte_reader_get_f64_le (&r, &f64, NULL, NULL));
      ck_assert (f64 == (gdouble) values[i] / 3);
    }
  ck_assert_uint_eq (cns_byte_reader_get_remaining (&r), 0);
  ck_assert_uint_eq (cns_byte_reader_get_position (&r), array->len);
  ck_assert (!cns_byte_reader_is_truncated (&r));
}
END_TEST

/* Bytes in network order read as such: the order is the call's, not the
 * host's. */
START_TEST (test_byte_reader_network_order)
{
  static const guint8 data[] = { 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde,
                                 0xf0, 0x12, 0x34, 0x56, 0x78, 0x12, 0x34 };
  const guint8 *bytes;
  CnsByteReader r;
  guint64 u64;
  guint32 u32;
  guint16 u16;

  cns_byte_reader_init (&r, data, sizeof data, "test data");
  ck_assert (cns_byte_reader_get_u64_be (&r, &u64, NULL, NULL));
  ck_assert_uint_eq (u64, G_GUINT64_CONSTANT (0x123456789abcdef0));
  ck_assert (cns_byte_reader_get_u32_be (&r, &u32, NULL, NULL));
  ck_assert_uint_eq (u32, 0x12345678);
  ck_assert (cns_byte_reader_get_u16_be (&r, &u16, NULL, NULL));
  ck_assert_uint_eq (u16, 0x1234);
  cns_byte_reader_init (&r, data, sizeof data, "test data");
  ck_assert (cns_byte_reader_get_u32_le (&r, &u32, NULL, NULL));
  ck_assert_uint_eq (u32, 0x78563412);
  ck_assert (cns_byte_reader_get_bytes (&r, 3, &bytes, NULL, NULL));
  ck_assert_ptr_eq (bytes, data + 4);
  ck_assert_uint_eq (cns_byte_reader_get_remaining (&r), sizeof data - 7);
}
END_TEST

/* A read past the end reads nothing, zeroes its value and fails with an
 * error naming the input, the field and the bytes missing; every read
 * after it fails too, so a run of reads can be checked once. */
START_TEST (test_byte_reader_truncated)
{
  static const guint8 data[] = { 1, 2, 3, 4, 5 };
  g_autoptr (GError) error = NULL;
  const guint8 *bytes = data;
  CnsByteReader r;
  guint32 u32 = 7;
  guint8 u8 = 7;
  guint64 u64 = 7;

  cns_byte_reader_init (&r, data, sizeof data, "serialized thing");
  ck_assert (cns_byte_reader_get_u32_le (&r, &u32, "its length", &error));
  ck_assert (!cns_byte_reader_get_u32_be (&r, &u32, "its uid", &error));
  ck_assert_uint_eq (u32, 0);
  CNS_TEST_ASSERT_ERROR (error, CNS_NETWORK_ERROR_PARSE);
  ck_assert (error->domain == CNS_NETWORK_ERROR);
  ck_assert_str_eq (error->message, "serialized thing truncated in its uid: "
                                    "4 bytes needed, 1 left");
  ck_assert (cns_byte_reader_is_truncated (&r));
  ck_assert_uint_eq (cns_byte_reader_get_position (&r), 4);
  /* the byte that is left is not read either: the first error stays */
  ck_assert (!cns_byte_reader_get_u8 (&r, &u8, "a flag", &error));
  ck_assert_uint_eq (u8, 0);
  ck_assert_str_eq (error->message, "serialized thing truncated in its uid: "
                                    "4 bytes needed, 1 left");
  ck_assert (!cns_byte_reader_get_bytes (&r, 1, &bytes, NULL, NULL));
  ck_assert_ptr_null (bytes);
  g_clear_error (&error);

  /* without a field name; an empty input */
  cns_byte_reader_init (&r, NULL, 0, "table");
  ck_assert (!cns_byte_reader_get_u64_le (&r, &u64, NULL, &error));
  ck_assert_uint_eq (u64, 0);
  ck_assert_str_eq (error->message, "table truncated: 8 bytes needed, 0 left");
  ck_assert_uint_eq (cns_byte_reader_get_remaining (&r), 0);
}
END_TEST

START_TEST (test_byte_reader_bad_calls)
{
  CnsByteReader r;
  guint8 u8;

  CNS_TEST_EXPECT_CRITICAL ("*name != NULL*",
                            cns_byte_reader_init (&r, "", 0, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*data != NULL*",
                            cns_byte_reader_init (&r, NULL, 3, "x"));
  CNS_TEST_EXPECT_CRITICAL (
      "*reader != NULL*",
      ck_assert (!cns_byte_reader_get_u8 (NULL, &u8, NULL, NULL)));
}
END_TEST

Suite *
test_byte_reader_suite (void)
{
  Suite *s = suite_create ("byte-reader");
  TCase *tc = tcase_create ("byte-reader");

  tcase_add_test (tc, test_byte_reader_round_trip);
  tcase_add_test (tc, test_byte_reader_network_order);
  tcase_add_test (tc, test_byte_reader_truncated);
  tcase_add_test (tc, test_byte_reader_bad_calls);
  suite_add_tcase (s, tc);
  return s;
}
