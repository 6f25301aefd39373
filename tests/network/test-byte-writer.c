/* cns — tests of the byte writer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-byte-writer.h"
#include "network/suites.h"

#include <string.h>

static void
assert_bytes (const guint8 *got, const guint8 *expected, gsize n)
{
  for (gsize i = 0; i < n; i++)
    ck_assert_msg (got[i] == expected[i],
                   "byte %" G_GSIZE_FORMAT ": 0x%02x, expected 0x%02x", i,
                   got[i], expected[i]);
}

/* Every width in network order (most significant byte first) and in
 * little-endian order, byte for byte, appended after what the array
 * held. */
START_TEST (test_byte_writer_exact_bytes)
{
  static const guint8 expected[] = {
    0xee,                                           /* what was there */
    0xa5,                                           /* u8 */
    0x12, 0x34,                                     /* u16 be */
    0x12, 0x34, 0x56, 0x78,                         /* u32 be */
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, /* u64 be */
    0x34, 0x12,                                     /* u16 le */
    0x78, 0x56, 0x34, 0x12,                         /* u32 le */
    0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01, /* u64 le */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x3f, /* 1.5 as f64 le */
    'c',  'n',  's',                                /* bytes */
  };
  g_autoptr (GByteArray) array = g_byte_array_new ();
  CnsByteWriter w;

  g_byte_array_append (array, (const guint8 *) "\xee", 1);
  cns_byte_writer_init (&w, array);
  ck_assert_uint_eq (cns_byte_writer_get_position (&w), 1);
  cns_byte_writer_put_u8 (&w, 0xa5);
  cns_byte_writer_put_u16_be (&w, 0x1234);
  cns_byte_writer_put_u32_be (&w, 0x12345678);
  cns_byte_writer_put_u64_be (&w, G_GUINT64_CONSTANT (0x0123456789abcdef));
  cns_byte_writer_put_u16_le (&w, 0x1234);
  cns_byte_writer_put_u32_le (&w, 0x12345678);
  cns_byte_writer_put_u64_le (&w, G_GUINT64_CONSTANT (0x0123456789abcdef));
  cns_byte_writer_put_f64_le (&w, 1.5);
  cns_byte_writer_put_bytes (&w, "cns", 3);
  ck_assert_uint_eq (cns_byte_writer_get_position (&w), sizeof expected);
  cns_byte_writer_finish (&w);
  ck_assert_uint_eq (array->len, sizeof expected);
  assert_bytes (array->data, expected, sizeof expected);
}
END_TEST

/* An array grows as far as the writes need, however many, and a count
 * written ahead is patched in place. */
START_TEST (test_byte_writer_grows_and_patches)
{
  g_autoptr (GByteArray) array = g_byte_array_new ();
  CnsByteWriter w;
  gsize count_at;

  cns_byte_writer_init (&w, array);
  count_at = cns_byte_writer_get_position (&w);
  cns_byte_writer_put_u32_le (&w, 0);
  for (guint32 i = 0; i < 1000; i++)
    cns_byte_writer_put_u32_be (&w, i);
  cns_byte_writer_patch_u32_le (&w, count_at, 1000);
  cns_byte_writer_finish (&w);
  ck_assert_uint_eq (array->len, 4004);
  assert_bytes (array->data, (const guint8 *) "\xe8\x03\x00\x00", 4);
  assert_bytes (array->data + 4 + 4 * 999, (const guint8 *) "\x00\x00\x03\xe7",
                4);
  /* finishing twice, or with nothing written, changes nothing */
  cns_byte_writer_finish (&w);
  ck_assert_uint_eq (array->len, 4004);
}
END_TEST

/* A fixed buffer is filled from its start; a write that does not fit is
 * refused whole, with a critical, and writes nothing. */
START_TEST (test_byte_writer_fixed)
{
  guint8 buffer[6] = { 0 };
  CnsByteWriter w;

  cns_byte_writer_init_fixed (&w, buffer, 5);
  cns_byte_writer_put_u32_be (&w, 0xdeadbeef);
  CNS_TEST_EXPECT_CRITICAL ("*2 bytes do not fit in a 5-byte buffer at "
                            "offset 4*",
                            cns_byte_writer_put_u16_le (&w, 0xffff));
  ck_assert_uint_eq (cns_byte_writer_get_position (&w), 4);
  cns_byte_writer_put_u8 (&w, 0x42);
  cns_byte_writer_finish (&w);
  assert_bytes (buffer, (const guint8 *) "\xde\xad\xbe\xef\x42\x00", 6);
  CNS_TEST_EXPECT_CRITICAL ("*at <= writer->pos*",
                            cns_byte_writer_patch_u32_le (&w, 2, 0));
  CNS_TEST_EXPECT_CRITICAL ("*writer != NULL*",
                            cns_byte_writer_put_u8 (NULL, 0));
  CNS_TEST_EXPECT_CRITICAL ("*array != NULL*", cns_byte_writer_init (&w, NULL));
}
END_TEST

Suite *
test_byte_writer_suite (void)
{
  Suite *s = suite_create ("byte-writer");
  TCase *tc = tcase_create ("byte-writer");

  tcase_add_test (tc, test_byte_writer_exact_bytes);
  tcase_add_test (tc, test_byte_writer_grows_and_patches);
  tcase_add_test (tc, test_byte_writer_fixed);
  suite_add_tcase (s, tc);
  return s;
}
