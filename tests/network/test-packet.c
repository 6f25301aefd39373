/* cns — tests of CnsPacket: bytes, zero areas, headers and trailers, copy on
 * write, fragments, uids, printing, free lists and memory per packet.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/cns-packet-pool-private.h"
#include "network/packet-classes.h"
#include "network/suites.h"

#include <malloc.h>
#include <string.h>

static void
check_all_zero (const CnsPacket *packet)
{
  g_autoptr (GByteArray) bytes = test_packet_bytes (packet);

  for (guint i = 0; i < bytes->len; i++)
    if (bytes->data[i] != 0)
      ck_abort_msg ("byte %u is 0x%02x", i, bytes->data[i]);
}

START_TEST (test_packet_sizes_and_zeros)
{
  static const guint8 data[] = { 1, 2, 3, 4, 5 };
  guint8 copy[5];
  guint8 out[100];
  CnsPacket *p = cns_packet_new (1000);
  CnsPacket *empty = cns_packet_new (0);
  CnsPacket *d;

  ck_assert_uint_eq (cns_packet_get_size (p), 1000);
  check_all_zero (p);
  memset (out, 0xff, sizeof out);
  ck_assert_uint_eq (cns_packet_copy_data (p, 950, out, sizeof out), 50);
  for (guint i = 0; i < 50; i++)
    ck_assert_uint_eq (out[i], 0);
  ck_assert_uint_eq (out[50], 0xff);
  ck_assert_uint_eq (cns_packet_copy_data (p, 1000, out, sizeof out), 0);
  /* a zero area takes no memory: one block, the packet struct */
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), 2);

  ck_assert_uint_eq (cns_packet_get_size (empty), 0);
  ck_assert_uint_eq (cns_packet_copy_data (empty, 0, NULL, 0), 0);

  memcpy (copy, data, sizeof data);
  d = cns_packet_new_from_data (copy, sizeof copy);
  memset (copy, 0, sizeof copy);
  test_assert_packet_bytes (d, data, sizeof data);
  ck_assert_uint_eq (cns_packet_copy_data (d, 2, out, 2), 2);
  ck_assert_uint_eq (out[0], 3);
  ck_assert_uint_eq (out[1], 4);
  cns_packet_unref (d);
  d = cns_packet_new_from_data (NULL, 0);
  ck_assert_uint_eq (cns_packet_get_size (d), 0);

  cns_packet_unref (d);
  cns_packet_unref (empty);
  cns_packet_unref (p);
}
END_TEST

/* ---- uids ---- */

typedef struct
{
  guint64 uids[16];
  guint n;
} UidLog;

static void
make_packets_event (gpointer obj, gpointer data)
{
  UidLog *log = obj;

  for (guint i = 0; i < GPOINTER_TO_UINT (data); i++)
    {
      CnsPacket *p = cns_packet_new (10);

      log->uids[log->n++] = cns_packet_get_uid (p);
      cns_packet_unref (p);
    }
}

/* Makes packets in the main program and in events of contexts 3, 0 and
 * none. */
static void
uid_scenario (UidLog *log)
{
  make_packets_event (log, GUINT_TO_POINTER (2));
  cns_simulator_schedule_with_context (
      3, CNS_TIME_PS_PER_NS, make_packets_event, log, GUINT_TO_POINTER (2));
  cns_simulator_schedule_with_context (
      0, 2 * CNS_TIME_PS_PER_NS, make_packets_event, log, GUINT_TO_POINTER (1));
  cns_simulator_schedule_with_context (
      3, 3 * CNS_TIME_PS_PER_NS, make_packets_event, log, GUINT_TO_POINTER (1));
  cns_simulator_schedule (4 * CNS_TIME_PS_PER_NS, make_packets_event, log,
                          GUINT_TO_POINTER (1));
  cns_simulator_run ();
}

START_TEST (test_packet_uids)
{
  const guint64 c3 = G_GUINT64_CONSTANT (4) << 40;
  const guint64 c0 = G_GUINT64_CONSTANT (1) << 40;
  const guint64 expected[] = { 0, 1, c3 | 0, c3 | 1, c0 | 0, c3 | 2, 2 };
  UidLog first = { 0 }, second = { 0 };
  CnsPacket *a, *b, *c;

  uid_scenario (&first);
  ck_assert_uint_eq (first.n, G_N_ELEMENTS (expected));
  for (guint i = 0; i < first.n; i++)
    ck_assert_msg (first.uids[i] == expected[i],
                   "packet %u has uid %#" G_GINT64_MODIFIER
                   "x, expected %#" G_GINT64_MODIFIER "x",
                   i, first.uids[i], expected[i]);

  /* a second simulation in the same program gives the same uids */
  cns_simulator_destroy ();
  uid_scenario (&second);
  ck_assert_uint_eq (second.n, first.n);
  for (guint i = 0; i < first.n; i++)
    ck_assert_uint_eq (second.uids[i], first.uids[i]);

  /* copies and fragments keep the uid, new packets get a new one */
  a = cns_packet_new (100);
  ck_assert_uint_eq (cns_packet_get_uid (a), 3);
  b = cns_packet_copy (a);
  ck_assert_uint_eq (cns_packet_get_uid (b), 3);
  cns_packet_unref (b);
  b = cns_packet_create_fragment (a, 10, 20);
  ck_assert_uint_eq (cns_packet_get_uid (b), 3);
  c = cns_packet_new_from_data ((const guint8 *) "abc", 3);
  ck_assert_uint_eq (cns_packet_get_uid (c), 4);
  cns_packet_add_at_end (b, c);
  ck_assert_uint_eq (cns_packet_get_uid (b), 3);
  cns_packet_unref (c);
  cns_packet_unref (b);
  cns_packet_unref (a);

  cns_simulator_destroy ();
  a = cns_packet_new (1);
  ck_assert_uint_eq (cns_packet_get_uid (a), 0);
  cns_packet_unref (a);
}
END_TEST

/* ---- headers and trailers ---- */

START_TEST (test_packet_header_round_trip)
{
  TestLongHeader lh = test_long_header_make (5), lh2 = { 0 };
  TestShortHeader sh = { 0x0021 }, sh2 = { 0 };
  TestVarHeader vh = { 3, { 7, 8, 9 } }, vh2 = { 0 };
  TestTrailer t = { 7 }, t2 = { 0 };
  guint8 expected[1031] = { 0xa5, 3, 7, 8, 9, 0x00, 0x21 };
  CnsPacket *p = cns_packet_new (1000);

  cns_packet_add_header (p, &test_long_header_class, &lh);
  cns_packet_add_header (p, &test_short_header_class, &sh);
  cns_packet_add_header (p, &test_var_header_class, &vh);
  ck_assert_uint_eq (cns_packet_get_size (p), 1027);
  test_long_header_class.serialize (&lh, expected + 7);
  test_assert_packet_bytes (p, expected, 1027);
  /* a packet going down a stack fills one block's head room in place */
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), 2);

  cns_packet_add_trailer (p, &test_trailer_class, &t);
  expected[1027] = 0xca;
  expected[1028] = 0xfe;
  expected[1029] = 0;
  expected[1030] = 7;
  test_assert_packet_bytes (p, expected, 1031);

  ck_assert_uint_eq (cns_packet_peek_trailer (p, &test_trailer_class, &t2), 4);
  ck_assert_uint_eq (t2.value, 7);
  ck_assert_uint_eq (cns_packet_peek_header (p, &test_var_header_class, &vh2),
                     5);
  ck_assert_uint_eq (vh2.n_options, 3);
  ck_assert_mem_eq (vh2.options, vh.options, 3);
  ck_assert_uint_eq (cns_packet_get_size (p), 1031);
  ck_assert_uint_eq (cns_packet_remove_header (p, &test_var_header_class, &vh2),
                     5);
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &test_short_header_class, &sh2), 2);
  ck_assert_uint_eq (sh2.protocol, 0x0021);
  ck_assert_uint_eq (cns_packet_peek_header (p, &test_long_header_class, &lh2),
                     20);
  ck_assert_uint_eq (lh2.tos, lh.tos);
  ck_assert_uint_eq (lh2.length, lh.length);
  ck_assert_uint_eq (lh2.id, lh.id);
  ck_assert_uint_eq (lh2.ttl, lh.ttl);
  ck_assert_uint_eq (lh2.protocol, lh.protocol);
  ck_assert_uint_eq (lh2.source, lh.source);
  ck_assert_uint_eq (lh2.destination, lh.destination);
  ck_assert_uint_eq (lh2.sequence, lh.sequence);
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &test_long_header_class, &lh2), 20);
  t2.value = 0;
  ck_assert_uint_eq (cns_packet_remove_trailer (p, &test_trailer_class, &t2),
                     4);
  ck_assert_uint_eq (t2.value, 7);
  ck_assert_uint_eq (cns_packet_get_size (p), 1000);
  check_all_zero (p);
  /* no stored byte is left, and neither is the block */
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), 1);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_packet_header_invalid)
{
  static const guint8 junk[19] = { 0x45 };
  TestShortHeader sh = { 0x1234 };
  TestLongHeader lh = test_long_header_make (1);
  TestVarHeader vh;
  TestTrailer t;
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *one = cns_packet_new (1);
  CnsPacket *empty = cns_packet_new (0);
  CnsPacket *d = cns_packet_new_from_data (junk, sizeof junk);
  guint8 bytes[20];

  /* zeros are no valid header or trailer of these classes */
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &test_short_header_class, &sh), 0);
  ck_assert_uint_eq (sh.protocol, 0x1234);
  ck_assert_uint_eq (cns_packet_remove_header (p, &test_long_header_class, &lh),
                     0);
  ck_assert_uint_eq (cns_packet_remove_header (p, &test_var_header_class, &vh),
                     0);
  ck_assert_uint_eq (cns_packet_remove_trailer (p, &test_trailer_class, &t), 0);
  ck_assert_uint_eq (cns_packet_get_size (p), 100);
  check_all_zero (p);

  /* too short */
  ck_assert_uint_eq (
      cns_packet_remove_header (one, &test_short_header_class, &sh), 0);
  ck_assert_uint_eq (cns_packet_peek_trailer (one, &test_trailer_class, &t), 0);
  ck_assert_uint_eq (cns_packet_get_size (one), 1);
  ck_assert_uint_eq (
      cns_packet_remove_header (empty, &test_short_header_class, &sh), 0);
  ck_assert_uint_eq (cns_packet_remove_trailer (empty, &test_trailer_class, &t),
                     0);
  ck_assert_uint_eq (cns_packet_remove_header (d, &test_long_header_class, &lh),
                     0);
  ck_assert_uint_eq (cns_packet_get_size (d), 19);

  /* a checksum that does not match */
  cns_packet_add_header (p, &test_long_header_class, &lh);
  cns_packet_copy_data (p, 0, bytes, 20);
  bytes[7] ^= 1;
  cns_packet_remove_at_start (p, 20);
  cns_packet_unref (d);
  d = cns_packet_new_from_data (bytes, 20);
  ck_assert_uint_eq (cns_packet_peek_header (d, &test_long_header_class, &lh),
                     0);
  ck_assert_uint_eq (cns_packet_get_size (d), 20);

  cns_packet_unref (d);
  cns_packet_unref (empty);
  cns_packet_unref (one);
  cns_packet_unref (p);
}
END_TEST

/* Headers and trailers that reach from stored bytes into the zero area:
 * short ones are read through a stack buffer, long ones through a copy of
 * the whole packet. */
START_TEST (test_packet_header_into_zeros)
{
  TestShortHeader marker = { 0xa5ff }, tiny = { 0xa502 };
  TestVarHeader vh;
  TestTrailer t;
  CnsPacket *p = cns_packet_new (255);

  /* a5 ff and 255 zeros: a 257-byte variable header */
  cns_packet_add_header (p, &test_short_header_class, &marker);
  memset (&vh, 0x77, sizeof vh);
  ck_assert_uint_eq (cns_packet_remove_header (p, &test_var_header_class, &vh),
                     257);
  ck_assert_uint_eq (vh.n_options, 255);
  for (guint i = 0; i < 255; i++)
    ck_assert_uint_eq (vh.options[i], 0);
  ck_assert_uint_eq (cns_packet_get_size (p), 0);
  cns_packet_unref (p);

  /* a5 02 and 2 zeros of 10 */
  p = cns_packet_new (10);
  cns_packet_add_header (p, &test_short_header_class, &tiny);
  ck_assert_uint_eq (cns_packet_peek_header (p, &test_var_header_class, &vh),
                     4);
  ck_assert_uint_eq (vh.n_options, 2);
  ck_assert_uint_eq (vh.options[0], 0);
  ck_assert_uint_eq (vh.options[1], 0);
  cns_packet_unref (p);

  /* a trailer whose magic is stored and whose value is zeros: the magic
   * comes from a header on a zero-area packet behind a stored tail */
  p = cns_packet_new (0);
  marker.protocol = 0xcafe;
  cns_packet_add_header (p, &test_short_header_class, &marker);
  cns_packet_add_padding (p, 2);
  t.value = 99;
  ck_assert_uint_eq (cns_packet_remove_trailer (p, &test_trailer_class, &t), 4);
  ck_assert_uint_eq (t.value, 0);
  ck_assert_uint_eq (cns_packet_get_size (p), 0);
  cns_packet_unref (p);
}
END_TEST

/* ---- copy on write ---- */

static void
check_prefix (const CnsPacket *packet, const guint8 *prefix, guint32 n,
              guint32 size)
{
  g_autoptr (GByteArray) bytes = test_packet_bytes (packet);

  ck_assert_uint_eq (bytes->len, size);
  ck_assert_mem_eq (bytes->data, prefix, n);
  for (guint32 i = n; i < size; i++)
    if (bytes->data[i] != 0)
      ck_abort_msg ("byte %u is 0x%02x", i, bytes->data[i]);
}

static void
add_short (CnsPacket *packet, guint16 protocol)
{
  TestShortHeader h = { protocol };

  cns_packet_add_header (packet, &test_short_header_class, &h);
}

START_TEST (test_packet_copy_on_write)
{
  TestShortHeader sh;
  TestTrailer t = { 0x0102 };
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *c;
  gsize live;

  add_short (p, 0x0800);
  live = cns_packet_pool_live_blocks ();
  c = cns_packet_copy (p);
  /* the copy is one packet struct sharing everything else */
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  ck_assert (cns_packet_is_writable (p));
  ck_assert (cns_packet_is_writable (c));

  add_short (c, 0x0001);
  check_prefix (c, (const guint8 *) "\x00\x01\x08\x00", 4, 104);
  check_prefix (p, (const guint8 *) "\x08\x00", 2, 102);
  add_short (p, 0x0002);
  check_prefix (p, (const guint8 *) "\x00\x02\x08\x00", 4, 104);
  check_prefix (c, (const guint8 *) "\x00\x01\x08\x00", 4, 104);

  /* a copy that removed a header may not write over the bytes others see */
  ck_assert_uint_eq (
      cns_packet_remove_header (c, &test_short_header_class, &sh), 2);
  add_short (c, 0x0003);
  check_prefix (c, (const guint8 *) "\x00\x03\x08\x00", 4, 104);
  check_prefix (p, (const guint8 *) "\x00\x02\x08\x00", 4, 104);

  /* nor behind them */
  cns_packet_unref (c);
  c = cns_packet_copy (p);
  cns_packet_add_trailer (p, &test_trailer_class, &t);
  cns_packet_add_trailer (c, &test_trailer_class, &t);
  cns_packet_remove_at_end (c, 2);
  cns_packet_add_padding (c, 2);
  cns_packet_add_header (c, &test_short_header_class, &(TestShortHeader){ 9 });
  {
    g_autoptr (GByteArray) pb = test_packet_bytes (p);
    g_autoptr (GByteArray) cb = test_packet_bytes (c);

    ck_assert_uint_eq (pb->len, 108);
    ck_assert_mem_eq (pb->data + 104, "\xca\xfe\x01\x02", 4);
    ck_assert_uint_eq (cb->len, 110);
    ck_assert_mem_eq (cb->data, "\x00\x09\x00\x02\x08\x00", 6);
    ck_assert_mem_eq (cb->data + 106, "\xca\xfe\x00\x00", 4);
  }
  cns_packet_unref (c);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_packet_copies_share_head_room)
{
  CnsPacket *base = cns_packet_new (100);
  CnsPacket *c1, *c2, *f;
  TestShortHeader sh;

  add_short (base, 0x0800);
  c1 = cns_packet_copy (base);
  c2 = cns_packet_copy (base);
  f = cns_packet_create_fragment (base, 0, 2);
  cns_packet_unref (base);

  /* both copies write into the same free head room: one in place, the
   * other into a new block */
  add_short (c1, 0x1111);
  add_short (c2, 0x2222);
  add_short (f, 0x3333);
  check_prefix (c1, (const guint8 *) "\x11\x11\x08\x00", 4, 104);
  check_prefix (c2, (const guint8 *) "\x22\x22\x08\x00", 4, 104);
  check_prefix (f, (const guint8 *) "\x33\x33\x08\x00", 4, 4);

  ck_assert_uint_eq (
      cns_packet_remove_header (c1, &test_short_header_class, &sh), 2);
  ck_assert_uint_eq (sh.protocol, 0x1111);
  add_short (c1, 0x4444);
  add_short (c2, 0x5555);
  check_prefix (c1, (const guint8 *) "\x44\x44\x08\x00", 4, 104);
  check_prefix (c2, (const guint8 *) "\x55\x55\x22\x22\x08\x00", 6, 106);
  check_prefix (f, (const guint8 *) "\x33\x33\x08\x00", 4, 4);
  cns_packet_unref (f);
  cns_packet_unref (c2);
  cns_packet_unref (c1);
}
END_TEST

START_TEST (test_packet_make_writable)
{
  CnsPacket *p = cns_packet_new (10);
  CnsPacket *q, *w;

  ck_assert_ptr_eq (cns_packet_make_writable (p), p);
  q = cns_packet_ref (p);
  ck_assert (!cns_packet_is_writable (p));
  w = cns_packet_make_writable (p);
  ck_assert_ptr_ne (w, q);
  ck_assert (cns_packet_is_writable (w));
  /* make_writable dropped one of the two references */
  ck_assert (cns_packet_is_writable (q));
  ck_assert_uint_eq (cns_packet_get_uid (w), cns_packet_get_uid (q));
  add_short (w, 0x0101);
  ck_assert_uint_eq (cns_packet_get_size (w), 12);
  ck_assert_uint_eq (cns_packet_get_size (q), 10);
  cns_packet_unref (w);
  cns_packet_unref (q);
}
END_TEST

START_TEST (test_packet_boxed_type)
{
  GValue value = G_VALUE_INIT;
  CnsPacket *p = cns_packet_new (5);

  ck_assert (G_TYPE_IS_BOXED (CNS_TYPE_PACKET));
  ck_assert_str_eq (g_type_name (CNS_TYPE_PACKET), "CnsPacket");
  g_value_init (&value, CNS_TYPE_PACKET);
  g_value_set_boxed (&value, p);
  /* boxing takes a reference, it does not copy */
  ck_assert_ptr_eq (g_value_get_boxed (&value), p);
  ck_assert (!cns_packet_is_writable (p));
  g_value_unset (&value);
  ck_assert (cns_packet_is_writable (p));
  cns_packet_unref (p);
}
END_TEST

/* ---- fragments and joining ---- */

START_TEST (test_packet_fragments_and_joins)
{
  static const guint8 data[] = "0123456789";
  CnsPacket *z1 = cns_packet_new (100);
  CnsPacket *z2 = cns_packet_new (50);
  CnsPacket *d = cns_packet_new_from_data (data, 10);
  CnsPacket *f, *h;
  gsize live;
  guint8 expected[212] = { 0 };

  /* zeros ++ zeros: still no stored byte */
  live = cns_packet_pool_live_blocks ();
  cns_packet_add_at_end (z1, z2);
  ck_assert_uint_eq (cns_packet_get_size (z1), 150);
  check_all_zero (z1);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);

  /* head ++ zeros ++ zeros: still one block */
  add_short (z1, 0x0102);
  live = cns_packet_pool_live_blocks ();
  cns_packet_add_at_end (z1, z2);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);
  check_prefix (z1, (const guint8 *) "\x01\x02", 2, 202);

  /* a fragment of a zero area is a zero area */
  f = cns_packet_create_fragment (z1, 10, 100);
  ck_assert_uint_eq (cns_packet_get_size (f), 100);
  check_all_zero (f);
  cns_packet_unref (f);

  /* stored ++ zeros ++ stored bytes */
  h = cns_packet_copy (z1);
  cns_packet_add_at_end (h, d);
  memcpy (expected, "\x01\x02", 2);
  memcpy (expected + 202, data, 10);
  {
    g_autoptr (GByteArray) b = test_packet_bytes (h);

    ck_assert_uint_eq (b->len, 212);
    ck_assert_mem_eq (b->data, expected, 212);
  }
  /* stored ++ zeros ++ stored ++ zeros ++ stored: one zero area stored */
  cns_packet_add_at_end (h, h);
  {
    g_autoptr (GByteArray) b = test_packet_bytes (h);

    ck_assert_uint_eq (b->len, 424);
    ck_assert_mem_eq (b->data, expected, 212);
    ck_assert_mem_eq (b->data + 212, expected, 212);
  }
  /* fragments across both */
  f = cns_packet_create_fragment (h, 205, 10);
  {
    g_autoptr (GByteArray) b = test_packet_bytes (f);

    ck_assert_mem_eq (b->data, "3456789\x01\x02\0", 10);
  }
  cns_packet_unref (f);

  cns_packet_unref (h);
  cns_packet_unref (d);
  cns_packet_unref (z2);
  cns_packet_unref (z1);
}
END_TEST

/* ---- a randomized model ----
 *
 * Random operations on packets checked against a byte array that follows
 * the rules by hand: each model byte has a value and the set of byte tags
 * (by id) that cover it. Copies taken along the way must never change. */

typedef struct
{
  guint8 value;
  guint64 tags;
} ModelByte;

typedef struct
{
  CnsPacket *packet;
  GArray *model;
} Snapshot;

typedef struct
{
  guint64 *cover;
  guint32 size;
} Coverage;

static void
cover_tag (const CnsTagClass *klass, guint32 start, guint32 end,
           gconstpointer data, gpointer user_data)
{
  Coverage *c = user_data;
  guint32 id;

  ck_assert_ptr_eq (klass, &test_id_tag_class);
  ck_assert_uint_lt (start, end);
  ck_assert_uint_le (end, c->size);
  memcpy (&id, data, sizeof id);
  /* Check records every passing assertion: test bytes in plain code */
  for (guint32 i = start; i < end; i++)
    {
      if (c->cover[i] & (G_GUINT64_CONSTANT (1) << id))
        ck_abort_msg ("tag %u reported twice over byte %u", id, i);
      c->cover[i] |= G_GUINT64_CONSTANT (1) << id;
    }
}

static void
model_check (const CnsPacket *packet, const GArray *model)
{
  g_autoptr (GByteArray) bytes = test_packet_bytes (packet);
  Coverage c = { g_new0 (guint64, model->len + 1), model->len };

  ck_assert_uint_eq (bytes->len, model->len);
  for (guint i = 0; i < model->len; i++)
    {
      const ModelByte *b = &g_array_index (model, ModelByte, i);

      if (bytes->data[i] != b->value)
        ck_abort_msg ("byte %u of %u is 0x%02x, expected 0x%02x", i, model->len,
                      bytes->data[i], b->value);
    }
  cns_packet_foreach_byte_tag (packet, cover_tag, &c);
  for (guint i = 0; i < model->len; i++)
    {
      const ModelByte *b = &g_array_index (model, ModelByte, i);

      if (c.cover[i] != b->tags)
        ck_abort_msg ("byte %u is tagged %#" G_GINT64_MODIFIER
                      "x, expected %#" G_GINT64_MODIFIER "x",
                      i, c.cover[i], b->tags);
    }
  g_free (c.cover);
}

static GArray *
model_new (void)
{
  return g_array_new (FALSE, TRUE, sizeof (ModelByte));
}

static GArray *
model_copy (const GArray *model)
{
  GArray *copy = model_new ();

  g_array_append_vals (copy, model->data, model->len);
  return copy;
}

/* Inserts @n untagged bytes, zeros when @bytes is %NULL. */
static void
model_insert (GArray *model, guint index, const guint8 *bytes, guint n)
{
  g_autofree ModelByte *run = g_new0 (ModelByte, n + 1);

  for (guint i = 0; bytes != NULL && i < n; i++)
    run[i].value = bytes[i];
  g_array_insert_vals (model, index, run, n);
}

/* A packet to append: zeros, stored bytes, headers over zeros, or a
 * fragment of such a packet, with a tag now and then. */
static CnsPacket *
random_packet (GRand *rand, GArray *model, guint32 *next_id)
{
  guint32 n = g_rand_int_range (rand, 0, 300);
  guint kind = g_rand_int_range (rand, 0, 4);
  CnsPacket *p;

  g_array_set_size (model, 0);
  if (kind == 0)
    {
      g_autofree guint8 *bytes = g_malloc (n + 1);

      for (guint32 i = 0; i < n; i++)
        bytes[i] = g_rand_int (rand);
      p = cns_packet_new_from_data (bytes, n);
      model_insert (model, 0, bytes, n);
    }
  else
    {
      p = cns_packet_new (n);
      model_insert (model, 0, NULL, n);
      if (kind >= 2)
        {
          TestShortHeader h = { g_rand_int_range (rand, 1, 0x10000) };
          TestTrailer t = { g_rand_int_range (rand, 0, 0x10000) };
          guint8 hb[2] = { h.protocol >> 8, h.protocol & 0xff };
          guint8 tb[4] = { 0xca, 0xfe, t.value >> 8, t.value & 0xff };

          cns_packet_add_header (p, &test_short_header_class, &h);
          model_insert (model, 0, hb, 2);
          if (kind == 3)
            {
              cns_packet_add_trailer (p, &test_trailer_class, &t);
              model_insert (model, model->len, tb, 4);
            }
        }
    }
  if (*next_id < 64 && model->len > 0 && g_rand_boolean (rand))
    {
      guint32 s = g_rand_int_range (rand, 0, model->len);
      guint32 e = g_rand_int_range (rand, s, model->len + 1);
      guint32 id = (*next_id)++;

      cns_packet_add_byte_tag_range (p, &test_id_tag_class, &id, s, e);
      for (guint32 i = s; i < e; i++)
        g_array_index (model, ModelByte, i).tags |= G_GUINT64_CONSTANT (1)
                                                    << id;
    }
  if (model->len > 0 && g_rand_int_range (rand, 0, 3) == 0)
    {
      guint32 s = g_rand_int_range (rand, 0, model->len);
      guint32 len = g_rand_int_range (rand, 0, model->len - s + 1);
      CnsPacket *f = cns_packet_create_fragment (p, s, len);

      cns_packet_unref (p);
      p = f;
      g_array_remove_range (model, s + len, model->len - s - len);
      g_array_remove_range (model, 0, s);
    }
  return p;
}

/* With @printing, the packet records its headers: each header added
 * shows first in its description. */
static void
random_sequence (GRand *rand, guint n_ops, gboolean printing)
{
  CnsPacket *p;
  GArray *model = model_new ();
  g_autoptr (GPtrArray) snapshots = g_ptr_array_new ();
  guint32 next_id = 0;
  guint64 uid;

  cns_packet_enable_printing (printing);
  p = cns_packet_new (g_rand_int_range (rand, 0, 2000));
  uid = cns_packet_get_uid (p);
  model_insert (model, 0, NULL, cns_packet_get_size (p));
  for (guint op = 0; op < n_ops; op++)
    {
      guint32 size = model->len;
      guint choice = g_rand_int_range (rand, 0, 15);

      if (size > 5000)
        choice = 4;
      switch (choice)
        {
        case 0:
        case 1:
          {
            TestVarHeader h;
            guint8 bytes[257];

            h.n_options = g_rand_int_range (rand, 0, 40);
            for (guint i = 0; i < h.n_options; i++)
              h.options[i] = g_rand_int (rand);
            cns_packet_add_header (p, &test_var_header_class, &h);
            test_var_header_class.serialize (&h, bytes);
            model_insert (model, 0, bytes, 2 + h.n_options);
            if (printing)
              {
                g_autofree gchar *text = cns_packet_to_string (p);
                g_autofree gchar *start = g_strdup_printf (
                    "TestVarHeader (%u options)", h.n_options);

                if (!g_str_has_prefix (text, start))
                  ck_abort_msg ("'%s' does not start with '%s'", text, start);
              }
            break;
          }
        case 2:
          {
            TestTrailer t = { g_rand_int_range (rand, 0, 0x10000) };
            guint8 bytes[4] = { 0xca, 0xfe, t.value >> 8, t.value & 0xff };

            cns_packet_add_trailer (p, &test_trailer_class, &t);
            model_insert (model, size, bytes, 4);
            break;
          }
        case 3:
          {
            guint32 n = g_rand_int_range (rand, 0, MIN (size, 60) + 1);

            cns_packet_remove_at_start (p, n);
            g_array_remove_range (model, 0, n);
            break;
          }
        case 4:
          {
            guint32 n = g_rand_int_range (rand, 0, MIN (size, 60) + 1);

            if (size > 5000)
              n = size - 1000;
            cns_packet_remove_at_end (p, n);
            g_array_remove_range (model, size - n, n);
            break;
          }
        case 5:
          {
            guint32 n = g_rand_int_range (rand, 0, 200);

            cns_packet_add_padding (p, n);
            model_insert (model, size, NULL, n);
            break;
          }
        case 6:
        case 7:
          {
            GArray *other_model = model_new ();
            CnsPacket *other = random_packet (rand, other_model, &next_id);

            cns_packet_add_at_end (p, other);
            g_array_append_vals (model, other_model->data, other_model->len);
            cns_packet_unref (other);
            g_array_unref (other_model);
            break;
          }
        case 8:
          {
            guint32 s = g_rand_int_range (rand, 0, size + 1);
            guint32 len = g_rand_int_range (rand, 0, size - s + 1);
            CnsPacket *f = cns_packet_create_fragment (p, s, len);

            cns_packet_unref (p);
            p = f;
            g_array_remove_range (model, s + len, size - s - len);
            g_array_remove_range (model, 0, s);
            break;
          }
        case 9:
          {
            Snapshot *snap = g_new (Snapshot, 1);

            /* keep the packet as it is now, and change a copy */
            snap->packet = p;
            snap->model = model_copy (model);
            g_ptr_array_add (snapshots, snap);
            p = cns_packet_make_writable (cns_packet_ref (p));
            ck_assert_ptr_ne (p, snap->packet);
            break;
          }
        case 10:
          {
            TestVarHeader h;
            gsize n = cns_packet_peek_header (p, &test_var_header_class, &h);

            if (size >= 2 && g_array_index (model, ModelByte, 0).value == 0xa5
                && size >= 2u + g_array_index (model, ModelByte, 1).value)
              {
                ck_assert_uint_eq (n, 2 + h.n_options);
                ck_assert_uint_eq (h.n_options,
                                   g_array_index (model, ModelByte, 1).value);
                ck_assert_uint_eq (
                    cns_packet_remove_header (p, &test_var_header_class, &h),
                    n);
                g_array_remove_range (model, 0, n);
              }
            else
              ck_assert_uint_eq (n, 0);
            break;
          }
        case 11:
          if (next_id < 64 && size > 0)
            {
              guint32 s = g_rand_int_range (rand, 0, size);
              guint32 e = g_rand_int_range (rand, s, size + 1);
              guint32 id = next_id++;

              cns_packet_add_byte_tag_range (p, &test_id_tag_class, &id, s, e);
              for (guint32 i = s; i < e; i++)
                g_array_index (model, ModelByte, i).tags
                    |= G_GUINT64_CONSTANT (1) << id;
            }
          break;
        case 12:
          if (g_rand_int_range (rand, 0, 4) == 0)
            {
              cns_packet_remove_all_byte_tags (p);
              for (guint i = 0; i < size; i++)
                g_array_index (model, ModelByte, i).tags = 0;
            }
          break;
        case 13:
          {
            g_autoptr (GByteArray) bytes = g_byte_array_new ();
            g_autoptr (GError) error = NULL;
            gsize consumed = 0;
            CnsPacket *q;

            cns_packet_serialize (p, bytes);
            q = cns_packet_deserialize (bytes->data, bytes->len, &consumed,
                                        &error);
            ck_assert_msg (q != NULL, "%s", error ? error->message : "");
            ck_assert_uint_eq (consumed, bytes->len);
            cns_packet_unref (p);
            p = q;
            break;
          }
        case 14:
          {
            GArray *twice = model_copy (model);

            cns_packet_add_at_end (p, p);
            g_array_append_vals (model, twice->data, size);
            g_array_unref (twice);
            break;
          }
        }
      model_check (p, model);
      if (cns_packet_get_uid (p) != uid)
        ck_abort_msg ("the uid changed");
      if (printing)
        g_free (cns_packet_to_string (p));
    }
  for (guint i = 0; i < snapshots->len; i++)
    {
      Snapshot *snap = snapshots->pdata[i];

      model_check (snap->packet, snap->model);
      cns_packet_unref (snap->packet);
      g_array_unref (snap->model);
      g_free (snap);
    }
  cns_packet_unref (p);
  g_array_unref (model);
}

START_TEST (test_packet_random_model)
{
  GRand *rand = g_rand_new_with_seed (20240601);
  guint n_sequences = cns_test_under_valgrind () ? 20 : 300;

  for (guint i = 0; i < n_sequences; i++)
    random_sequence (rand, 150, i % 2 == 1);
  g_rand_free (rand);
}
END_TEST

/* ---- printing ---- */

static void
check_print (const CnsPacket *packet, const gchar *expected)
{
  g_autofree gchar *text = cns_packet_to_string (packet);

  ck_assert_str_eq (text, expected);
}

#define LONG_5 "TestLongHeader (ttl 64 protocol 17 167772161 > 167772162 seq 5)"

START_TEST (test_packet_print)
{
  TestLongHeader lh = test_long_header_make (5);
  TestTrailer t = { 7 };
  TestShortHeader sh;
  CnsPacket *before = cns_packet_new (10);
  CnsPacket *p, *a, *b, *q;
  g_autoptr (GString) out = g_string_new ("packet: ");

  add_short (before, 0x0021);
  ck_assert (!cns_packet_is_printing_enabled ());
  check_print (before, "Payload (size=12)");

  cns_packet_enable_printing (TRUE);
  ck_assert (cns_packet_is_printing_enabled ());
  /* packets made before printing was enabled do not record */
  add_short (before, 0x0022);
  check_print (before, "Payload (size=14)");

  p = cns_packet_new (1000);
  check_print (p, "Payload (size=1000)");
  cns_packet_add_header (p, &test_long_header_class, &lh);
  add_short (p, 0x0021);
  check_print (p, "TestShortHeader (protocol 0x0021) " LONG_5
                  " Payload (size=1000)");
  cns_packet_print (p, out);
  ck_assert_str_eq (out->str,
                    "packet: TestShortHeader (protocol 0x0021) " LONG_5
                    " Payload (size=1000)");
  cns_packet_add_trailer (p, &test_trailer_class, &t);
  check_print (p, "TestShortHeader (protocol 0x0021) " LONG_5
                  " Payload (size=1000) TestTrailer (value 7)");

  /* removing a header removes its record, even when another header of the
   * same size takes its place */
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &test_short_header_class, &sh), 2);
  check_print (p, LONG_5 " Payload (size=1000) TestTrailer (value 7)");
  q = cns_packet_copy (p);
  add_short (q, 0x0099);
  check_print (q, "TestShortHeader (protocol 0x0099) " LONG_5
                  " Payload (size=1000) TestTrailer (value 7)");
  cns_packet_remove_at_start (q, 2);
  cns_packet_add_padding (q, 2);
  add_short (q, 0x0098);
  check_print (q,
               "TestShortHeader (protocol 0x0098) " LONG_5
               " Payload (size=1000) TestTrailer (value 7) Payload (size=2)");
  /* bytes removed from a header turn the rest into payload */
  cns_packet_remove_at_start (q, 3);
  check_print (q, "Payload (size=1019) TestTrailer (value 7) Payload (size=2)");
  cns_packet_remove_at_end (q, 4);
  check_print (q, "Payload (size=1021)");
  cns_packet_unref (q);

  /* fragments keep the records wholly inside them */
  a = cns_packet_create_fragment (p, 0, 500);
  b = cns_packet_create_fragment (p, 500, 524);
  check_print (a, LONG_5 " Payload (size=480)");
  check_print (b, "Payload (size=520) TestTrailer (value 7)");
  q = cns_packet_create_fragment (p, 10, 1000);
  check_print (q, "Payload (size=1000)");
  cns_packet_unref (q);
  cns_packet_add_at_end (a, b);
  check_print (a, LONG_5 " Payload (size=1000) TestTrailer (value 7)");
  cns_packet_add_at_end (a, a);
  check_print (a, LONG_5 " Payload (size=1000) TestTrailer (value 7) " LONG_5
                         " Payload (size=1000) TestTrailer (value 7)");

  /* a header whose bytes do not read back */
  q = cns_packet_new (0);
  check_print (q, "");
  add_short (q, 0);
  check_print (q, "TestShortHeader (malformed)");
  cns_packet_unref (q);

  /* packets made after printing is disabled stop recording; the others
   * keep their records */
  cns_packet_enable_printing (FALSE);
  q = cns_packet_new (10);
  add_short (q, 0x0021);
  check_print (q, "Payload (size=12)");
  check_print (b, "Payload (size=520) TestTrailer (value 7)");
  /* a recording packet does not take records from one that does not */
  cns_packet_add_at_end (b, q);
  check_print (b, "Payload (size=520) TestTrailer (value 7) Payload (size=12)");

  cns_packet_unref (q);
  cns_packet_unref (b);
  cns_packet_unref (a);
  cns_packet_unref (p);
  cns_packet_unref (before);
}
END_TEST

/* ---- free lists and memory ---- */

static void
free_list_round (gboolean printing)
{
  static const guint8 data[1500];
  TestLongHeader lh = test_long_header_make (1);
  TestTrailer t = { 3 };
  TestFlowTag flow = { 42 };
  TestStampTag stamp = { 1000 };
  CnsPacket *p, *c, *f, *d;

  cns_packet_enable_printing (printing);
  p = cns_packet_new (1000);
  cns_packet_add_header (p, &test_var_header_class, &(TestVarHeader){ 6 });
  cns_packet_add_header (p, &test_long_header_class, &lh);
  add_short (p, 0x0021);
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &flow);
  cns_packet_add_byte_tag (p, &test_stamp_tag_class, &stamp);
  c = cns_packet_copy (p);
  cns_packet_remove_at_start (c, 2);
  add_short (c, 0x0057);
  cns_packet_add_trailer (c, &test_trailer_class, &t);
  f = cns_packet_create_fragment (c, 10, 600);
  cns_packet_add_at_end (f, p);
  cns_packet_replace_packet_tag (f, &test_flow_tag_class, &flow);
  d = cns_packet_new_from_data (data, sizeof data);
  cns_packet_add_header (d, &test_long_header_class, &lh);
  cns_packet_add_at_end (d, f);
  cns_packet_unref (d);
  cns_packet_unref (f);
  cns_packet_unref (c);
  cns_packet_unref (p);
}

START_TEST (test_packet_free_lists)
{
  guint64 warm = 0;

  for (guint i = 0; i < 3000; i++)
    {
      if (i == 100)
        warm = cns_packet_pool_allocations ();
      free_list_round (i % 2 == 1);
    }
  ck_assert_uint_gt (warm, 0);
  /* under valgrind every block comes from malloc, for memcheck to see */
  if (!cns_test_under_valgrind ())
    ck_assert_uint_eq (cns_packet_pool_allocations (), warm);
}
END_TEST

static gsize
heap_bytes (void)
{
  struct mallinfo2 mi = mallinfo2 ();

  return mi.uordblks + mi.hblkhd;
}

/* What an in-flight packet costs: cns_packet_new (1000) with three headers
 * (8, 20 and 2 bytes, in the order a stack adds them), measured with
 * glibc's own accounting over many live packets. Valgrind replaces malloc,
 * so its numbers mean nothing there. */
START_TEST (test_packet_memory_per_packet)
{
  enum
  {
    N = 100000
  };
  TestLongHeader lh = test_long_header_make (1);
  CnsPacket **packets;
  gsize before, after;
  gdouble per_packet;

  if (cns_test_under_valgrind ())
    return;
  /* start from empty free lists and default room */
  cns_simulator_destroy ();
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), 0);
  packets = g_new (CnsPacket *, N);
  /* the simulator and the uid counters are no part of a packet */
  cns_packet_unref (cns_packet_new (0));

  before = heap_bytes ();
  for (guint i = 0; i < N; i++)
    {
      CnsPacket *p = cns_packet_new (1000);

      cns_packet_add_header (p, &test_var_header_class, &(TestVarHeader){ 6 });
      cns_packet_add_header (p, &test_long_header_class, &lh);
      add_short (p, 0x0021);
      packets[i] = p;
    }
  after = heap_bytes ();
  per_packet = (gdouble) (after - before) / N;
  ck_assert_uint_eq (cns_packet_get_size (packets[0]), 1030);
  ck_assert_msg (per_packet <= 160, "%.1f bytes per packet", per_packet);

  for (guint i = 0; i < N; i++)
    cns_packet_unref (packets[i]);
  g_free (packets);
}
END_TEST

/* ---- misuse ---- */

START_TEST (test_packet_bad_calls)
{
  CnsHeaderClass impostor = test_short_header_class;
  CnsPacket *p = cns_packet_new (10);
  CnsPacket *q = cns_packet_ref (p);
  TestShortHeader sh = { 1 };
  TestTrailer t = { 1 };
  guint8 out[4];

  /* a shared packet is read-only */
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_add_header (p, &test_short_header_class, &sh));
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      ck_assert_uint_eq (
          cns_packet_remove_header (p, &test_short_header_class, &sh), 0));
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_add_trailer (p, &test_trailer_class, &t));
  CNS_TEST_EXPECT_CRITICAL (
      "*cns_packet_is_writable*",
      cns_packet_remove_trailer (p, &test_trailer_class, &t));
  CNS_TEST_EXPECT_CRITICAL ("*cns_packet_is_writable*",
                            cns_packet_remove_at_start (p, 1));
  CNS_TEST_EXPECT_CRITICAL ("*cns_packet_is_writable*",
                            cns_packet_remove_at_end (p, 1));
  CNS_TEST_EXPECT_CRITICAL ("*cns_packet_is_writable*",
                            cns_packet_add_padding (p, 1));
  CNS_TEST_EXPECT_CRITICAL ("*cns_packet_is_writable*",
                            cns_packet_add_at_end (p, q));
  ck_assert_uint_eq (cns_packet_get_size (p), 10);
  /* reading stays allowed */
  ck_assert_uint_eq (cns_packet_copy_data (p, 0, out, 4), 4);
  cns_packet_unref (q);

  CNS_TEST_EXPECT_CRITICAL ("*size <=*", cns_packet_remove_at_start (p, 11));
  CNS_TEST_EXPECT_CRITICAL ("*size <=*", cns_packet_remove_at_end (p, 11));
  CNS_TEST_EXPECT_CRITICAL (
      "*offset*", ck_assert_ptr_null (cns_packet_create_fragment (p, 5, 6)));
  CNS_TEST_EXPECT_CRITICAL (
      "*offset*", ck_assert_ptr_null (cns_packet_create_fragment (p, 11, 0)));
  CNS_TEST_EXPECT_CRITICAL (
      "*offset <= total*",
      ck_assert_uint_eq (cns_packet_copy_data (p, 11, out, 1), 0));
  CNS_TEST_EXPECT_CRITICAL (
      "*out != NULL*",
      ck_assert_uint_eq (cns_packet_copy_data (p, 0, NULL, 1), 0));
  CNS_TEST_EXPECT_CRITICAL ("*packet != NULL*",
                            ck_assert_uint_eq (cns_packet_get_size (NULL), 0));
  CNS_TEST_EXPECT_CRITICAL ("*packet != NULL*", cns_packet_unref (NULL));
  CNS_TEST_EXPECT_CRITICAL ("*klass != NULL*",
                            cns_packet_add_header (p, NULL, &sh));
  CNS_TEST_EXPECT_CRITICAL ("*other != NULL*", cns_packet_add_at_end (p, NULL));
  CNS_TEST_EXPECT_CRITICAL (
      "*data != NULL*",
      ck_assert_ptr_null (cns_packet_new_from_data (NULL, 5)));
  CNS_TEST_EXPECT_CRITICAL ("*G_MAXUINT32*",
                            cns_packet_add_padding (p, G_MAXUINT32));
  ck_assert_uint_eq (cns_packet_get_size (p), 10);

  /* registries: one class per name; the same class again is fine */
  cns_header_class_register (&test_short_header_class);
  impostor.print = NULL;
  CNS_TEST_EXPECT_CRITICAL ("*print != NULL*",
                            cns_header_class_register (&impostor));
  {
    CnsHeaderClass other = test_short_header_class;

    CNS_TEST_EXPECT_CRITICAL ("*already registered as 'TestShortHeader'*",
                              cns_header_class_register (&other));
  }
  ck_assert_ptr_eq (cns_header_class_lookup ("TestShortHeader"),
                    &test_short_header_class);
  ck_assert_ptr_null (cns_header_class_lookup ("NoSuchHeader"));
  CNS_TEST_EXPECT_CRITICAL (
      "*name != NULL*", ck_assert_ptr_null (cns_header_class_lookup (NULL)));
  cns_packet_unref (p);
}
END_TEST

/* The reference: RFC 1071's sum over the bytes as copy_data gives them. */
static guint16
naive_checksum (const CnsPacket *p, guint32 offset, guint32 size)
{
  g_autofree guint8 *bytes = g_malloc0 (size + 1);
  guint64 sum = 0;

  cns_packet_copy_data (p, offset, bytes, size);
  for (guint32 i = 0; i < size; i += 2)
    sum += (guint32) bytes[i] << 8 | bytes[i + 1];
  return cns_checksum_fold (sum);
}

START_TEST (test_packet_sum16)
{
  /* Odd-sized head and tail around a zero area, so that the tail's words
   * start at both parities. */
  static const guint8 head[]
      = { 0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0xb8,
          0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7, 0xff };
  static const guint8 tail[] = { 0xde, 0xad, 0xbe, 0xef, 0x01 };
  CnsPacket *p = cns_packet_new (1001);
  CnsPacket *q;

  q = cns_packet_new_from_data (tail, sizeof tail);
  cns_packet_add_at_end (p, q);
  cns_packet_unref (q);
  q = cns_packet_new_from_data (head, sizeof head);
  cns_packet_add_at_end (q, p);
  cns_packet_unref (p);

  for (guint32 offset = 0; offset < 24; offset++)
    for (guint32 size = 0; offset + size <= cns_packet_get_size (q);
         size += size < 30 ? 1 : 97)
      ck_assert_uint_eq (cns_checksum_fold (cns_packet_sum16 (q, offset, size)),
                         naive_checksum (q, offset, size));
  /* The end is clipped to the packet. */
  ck_assert_uint_eq (cns_packet_sum16 (q, 3, 100000),
                     cns_packet_sum16 (q, 3, cns_packet_get_size (q) - 3));
  /* A real IPv4 header (the first 20 bytes above) checks out: folded with
   * its checksum field it gives 0, and without it, the field's value. */
  p = cns_packet_new_from_data (head, 20);
  ck_assert_uint_eq (cns_checksum_fold (cns_packet_sum16 (p, 0, 20)), 0);
  ck_assert_uint_eq (cns_checksum_fold (cns_packet_sum16 (p, 0, 10)
                                        + cns_packet_sum16 (p, 12, 8)),
                     0xb861);
  cns_packet_unref (p);
  cns_packet_unref (q);
}
END_TEST

/* As a GDestroyNotify, unref_notify drops one reference: the last one
 * returns the packet to the pool. */
START_TEST (test_packet_unref_notify)
{
  GDestroyNotify notify = cns_packet_unref_notify;
  CnsPacket *p;
  gsize live;

  live = cns_packet_pool_live_blocks ();
  p = cns_packet_new (10);
  cns_packet_ref (p);
  notify (p);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  ck_assert_uint_eq (cns_packet_get_size (p), 10);
  notify (p);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);
}
END_TEST

Suite *
test_packet_suite (void)
{
  Suite *s = suite_create ("packet");
  TCase *tc = tcase_create ("packet");

  tcase_add_checked_fixture (tc, test_packet_setup, test_packet_teardown);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_packet_sizes_and_zeros);
  tcase_add_test (tc, test_packet_uids);
  tcase_add_test (tc, test_packet_unref_notify);
  tcase_add_test (tc, test_packet_header_round_trip);
  tcase_add_test (tc, test_packet_header_invalid);
  tcase_add_test (tc, test_packet_header_into_zeros);
  tcase_add_test (tc, test_packet_copy_on_write);
  tcase_add_test (tc, test_packet_copies_share_head_room);
  tcase_add_test (tc, test_packet_make_writable);
  tcase_add_test (tc, test_packet_boxed_type);
  tcase_add_test (tc, test_packet_fragments_and_joins);
  tcase_add_test (tc, test_packet_random_model);
  tcase_add_test (tc, test_packet_print);
  tcase_add_test (tc, test_packet_free_lists);
  tcase_add_test (tc, test_packet_memory_per_packet);
  tcase_add_test (tc, test_packet_bad_calls);
  tcase_add_test (tc, test_packet_sum16);
  suite_add_tcase (s, tc);
  return s;
}
