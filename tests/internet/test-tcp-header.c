/* cns — tests of the TCP header, its options and its checksum.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define SRC CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1)
#define DST CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2)

/* The segment's bytes, all of them. */
static guint8 *
segment_bytes (const CnsPacket *packet)
{
  guint32 size = cns_packet_get_size (packet);
  guint8 *bytes = g_malloc (size);

  ck_assert_uint_eq (cns_packet_copy_data (packet, 0, bytes, size), size);
  return bytes;
}

/* @header alone, serialised through a packet; its size must be @size. */
static guint8 *
header_bytes (const CnsTcpHeader *header, gsize size)
{
  g_autoptr (CnsPacket) packet = cns_packet_new (0);

  ck_assert_uint_eq (cns_tcp_header_get_size (header), size);
  cns_packet_add_header (packet, &cns_tcp_header_class, header);
  ck_assert_uint_eq (cns_packet_get_size (packet), size);
  return segment_bytes (packet);
}

/* Deserialises a header from @available bytes: the 20 bytes of a SYN
 * 49153 > 9 with data offset @words, then @options (at most @available -
 * 20 of them), then zeros. The bytes lie in a buffer of exactly @available
 * bytes, so that valgrind catches a read past them. */
static gsize
parse (guint words, const guint8 *options, gsize n_options, gsize available,
       CnsTcpHeader *out)
{
  static const guint8 fixed[CNS_TCP_HEADER_SIZE]
      = { 0xc0, 0x01, 0x00, 0x09, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
          0x00, 0x00, 0x50, 0x02, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00 };
  g_autofree guint8 *data = g_malloc0 (MAX (available, 1));

  memcpy (data, fixed, MIN (available, sizeof fixed));
  if (available > 12)
    data[12] = (guint8) (words << 4);
  if (available > CNS_TCP_HEADER_SIZE && n_options > 0)
    memcpy (data + CNS_TCP_HEADER_SIZE, options,
            MIN (n_options, available - CNS_TCP_HEADER_SIZE));
  memset (out, 0xa5, sizeof *out);
  return cns_tcp_header_class.deserialize (out, data, available);
}

/* Every field, header and options, SACK blocks up to @n_sack. */
static void
assert_same_header (const CnsTcpHeader *a, const CnsTcpHeader *b, guint n_sack)
{
  ck_assert_uint_eq (a->source_port, b->source_port);
  ck_assert_uint_eq (a->destination_port, b->destination_port);
  ck_assert_uint_eq (a->sequence, b->sequence);
  ck_assert_uint_eq (a->ack, b->ack);
  ck_assert_uint_eq (a->flags, b->flags);
  ck_assert_uint_eq (a->window, b->window);
  ck_assert_uint_eq (a->urgent_pointer, b->urgent_pointer);
  ck_assert_int_eq (!!a->has_mss, !!b->has_mss);
  if (a->has_mss)
    ck_assert_uint_eq (a->mss, b->mss);
  ck_assert_int_eq (!!a->has_window_scale, !!b->has_window_scale);
  if (a->has_window_scale)
    ck_assert_uint_eq (a->window_scale, b->window_scale);
  ck_assert_int_eq (!!a->sack_permitted, !!b->sack_permitted);
  ck_assert_int_eq (!!a->has_timestamp, !!b->has_timestamp);
  if (a->has_timestamp)
    {
      ck_assert_uint_eq (a->ts_value, b->ts_value);
      ck_assert_uint_eq (a->ts_echo, b->ts_echo);
    }
  for (guint i = 0; i < n_sack; i++)
    {
      ck_assert_uint_eq (a->sack_blocks[i].left, b->sack_blocks[i].left);
      ck_assert_uint_eq (a->sack_blocks[i].right, b->sack_blocks[i].right);
    }
}

/* No options: 49153 > 80, seq 1000 (3e8), ack 2000 (7d0), data offset 5,
 * PSH|ACK (18), window ffff, a checksum set by hand and not computed, urgent
 * pointer 7. */
START_TEST (test_tcp_header_plain_bytes)
{
  static const guint8 expected[]
      = { 0xc0, 0x01, 0x00, 0x50, 0x00, 0x00, 0x03, 0xe8, 0x00, 0x00,
          0x07, 0xd0, 0x50, 0x18, 0xff, 0xff, 0x12, 0x34, 0x00, 0x07 };
  g_autoptr (CnsPacket) packet = NULL;
  g_autofree guint8 *bytes = NULL;
  g_autofree guint8 *again = NULL;
  CnsTcpHeader header;
  CnsTcpHeader read;

  cns_tcp_header_init (&header, 49153, 80, 1000, 2000,
                       CNS_TCP_FLAG_PSH | CNS_TCP_FLAG_ACK, 65535);
  ck_assert (!header.has_mss && !header.has_window_scale
             && !header.sack_permitted && !header.has_timestamp);
  ck_assert_uint_eq (header.n_sack_blocks, 0);
  ck_assert_uint_eq (header.checksum, 0);
  ck_assert (!header.calculate);
  header.checksum = 0x1234;
  header.urgent_pointer = 7;
  bytes = header_bytes (&header, CNS_TCP_HEADER_SIZE);
  ck_assert_mem_eq (bytes, expected, sizeof expected);

  packet = cns_packet_new_from_data (expected, sizeof expected);
  ck_assert_uint_eq (
      cns_packet_remove_header (packet, &cns_tcp_header_class, &read), 20);
  ck_assert_uint_eq (cns_packet_get_size (packet), 0);
  assert_same_header (&read, &header, 0);
  ck_assert_uint_eq (read.checksum, 0x1234);
  ck_assert (!read.calculate);
  ck_assert_uint_eq (read.sum, 0);
  ck_assert_uint_eq (read.n_sack_blocks, 0);
  /* written again unchanged */
  again = header_bytes (&read, CNS_TCP_HEADER_SIZE);
  ck_assert_mem_eq (again, expected, sizeof expected);
}
END_TEST

/* A SYN as Linux sends it: MSS 1460 (05b4); SACK-permitted and timestamps
 * 123 (7b) and 0 together; NOP and window scale 7. 20 option bytes, 40 in
 * all, data offset 10. */
START_TEST (test_tcp_header_syn_bytes)
{
  static const guint8 expected[] = {
    0xc0, 0x01, 0x00, 0x09, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00,
    0x00, 0x00, 0xa0, 0x02, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
    0x02, 0x04, 0x05, 0xb4, 0x04, 0x02, 0x08, 0x0a, 0x00, 0x00,
    0x00, 0x7b, 0x00, 0x00, 0x00, 0x00, 0x01, 0x03, 0x03, 0x07,
  };
  g_autoptr (CnsPacket) packet = NULL;
  g_autofree guint8 *bytes = NULL;
  CnsTcpHeader header;
  CnsTcpHeader read;

  cns_tcp_header_init (&header, 49153, 9, 0x01020304, 0, CNS_TCP_FLAG_SYN,
                       65535);
  header.has_mss = TRUE;
  header.mss = 1460;
  header.sack_permitted = TRUE;
  header.has_timestamp = TRUE;
  header.ts_value = 123;
  header.ts_echo = 0;
  header.has_window_scale = TRUE;
  header.window_scale = 7;
  bytes = header_bytes (&header, 40);
  ck_assert_mem_eq (bytes, expected, sizeof expected);
  ck_assert_uint_eq (bytes[12] >> 4, 10);

  packet = cns_packet_new_from_data (expected, sizeof expected);
  ck_assert_uint_eq (
      cns_packet_peek_header (packet, &cns_tcp_header_class, &read), 40);
  assert_same_header (&read, &header, 0);
  ck_assert_uint_eq (read.mss, 1460);
  ck_assert_uint_eq (read.window_scale, 7);
  ck_assert_uint_eq (read.ts_value, 123);
  ck_assert_uint_eq (read.n_sack_blocks, 0);
}
END_TEST

/* The other entries of the layout, each alone after the 20 fixed bytes. */
START_TEST (test_tcp_header_option_layout)
{
  CnsTcpHeader header;

  /* timestamps without SACK-permitted: NOP NOP TS; 32 bytes */
  {
    static const guint8 options[] = { 0x01, 0x01, 0x08, 0x0a, 0x00, 0x00,
                                      0x00, 0x05, 0x00, 0x00, 0x00, 0x04 };
    g_autofree guint8 *bytes = NULL;

    cns_tcp_header_init (&header, 9, 49153, 1, 100, CNS_TCP_FLAG_ACK, 1000);
    header.has_timestamp = TRUE;
    header.ts_value = 5;
    header.ts_echo = 4;
    bytes = header_bytes (&header, 32);
    ck_assert_uint_eq (bytes[12], 0x80);
    ck_assert_mem_eq (bytes + 20, options, sizeof options);
  }
  /* MSS 536 (0218), SACK-permitted without timestamps: NOP NOP SACK-perm;
   * 28 bytes */
  {
    static const guint8 options[]
        = { 0x02, 0x04, 0x02, 0x18, 0x01, 0x01, 0x04, 0x02 };
    g_autofree guint8 *bytes = NULL;

    cns_tcp_header_init (&header, 9, 49153, 1, 0, CNS_TCP_FLAG_SYN, 1000);
    header.has_mss = TRUE;
    header.mss = 536;
    header.sack_permitted = TRUE;
    bytes = header_bytes (&header, 28);
    ck_assert_uint_eq (bytes[12], 0x70);
    ck_assert_mem_eq (bytes + 20, options, sizeof options);
  }
  /* window scale 14 alone: NOP WS; 24 bytes */
  {
    static const guint8 options[] = { 0x01, 0x03, 0x03, 0x0e };
    g_autofree guint8 *bytes = NULL;

    cns_tcp_header_init (&header, 9, 49153, 1, 0, CNS_TCP_FLAG_SYN, 1000);
    header.has_window_scale = TRUE;
    header.window_scale = 14;
    bytes = header_bytes (&header, 24);
    ck_assert_uint_eq (bytes[12], 0x60);
    ck_assert_mem_eq (bytes + 20, options, sizeof options);
  }
  /* two SACK blocks [100,200) [300,400): NOP NOP SACK length 18; 40
   * bytes */
  {
    static const guint8 options[]
        = { 0x01, 0x01, 0x05, 0x12, 0x00, 0x00, 0x00, 0x64, 0x00, 0x00,
            0x00, 0xc8, 0x00, 0x00, 0x01, 0x2c, 0x00, 0x00, 0x01, 0x90 };
    g_autofree guint8 *bytes = NULL;

    cns_tcp_header_init (&header, 9, 49153, 1, 100, CNS_TCP_FLAG_ACK, 1000);
    header.n_sack_blocks = 2;
    header.sack_blocks[0] = (CnsTcpSackBlock){ 100, 200 };
    header.sack_blocks[1] = (CnsTcpSackBlock){ 300, 400 };
    bytes = header_bytes (&header, 40);
    ck_assert_uint_eq (bytes[12], 0xa0);
    ck_assert_mem_eq (bytes + 20, options, sizeof options);
  }
  /* everything but SACK blocks, in order: MSS, SACK-perm + TS, NOP WS,
   * then one block */
  {
    static const guint8 options[] = {
      0x02, 0x04, 0xff, 0xfe, 0x04, 0x02, 0x08, 0x0a, 0xde, 0xad, 0xbe,
      0xef, 0x01, 0x02, 0x03, 0x04, 0x01, 0x03, 0x03, 0x00, 0x01, 0x01,
      0x05, 0x0a, 0x80, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    };
    g_autofree guint8 *bytes = NULL;

    cns_tcp_header_init (&header, 9, 49153, 1, 0, CNS_TCP_FLAG_SYN, 1000);
    header.has_mss = TRUE;
    header.mss = 0xfffe;
    header.sack_permitted = TRUE;
    header.has_timestamp = TRUE;
    header.ts_value = 0xdeadbeef;
    header.ts_echo = 0x01020304;
    header.has_window_scale = TRUE;
    header.window_scale = 0;
    header.n_sack_blocks = 1;
    header.sack_blocks[0] = (CnsTcpSackBlock){ 0x80000000, 0xffffffff };
    bytes = header_bytes (&header, 52);
    ck_assert_uint_eq (bytes[12], 0xd0);
    ck_assert_mem_eq (bytes + 20, options, sizeof options);
  }
}
END_TEST

/* The size by the layout: MSS 4, SACK-perm and/or TS 4 or 12, WS 4, SACK
 * 4 + 8n, with the blocks that do not fit in 40 option bytes dropped. */
static guint
expected_sack_blocks (gboolean mss, gboolean ws, gboolean sack_perm,
                      gboolean ts, guint n, gsize *size)
{
  guint fixed = (mss ? 4 : 0) + (ts ? 12 : sack_perm ? 4 : 0) + (ws ? 4 : 0);

  while (n > 0 && fixed + 4 + 8 * n > 40)
    n--;
  *size = 20 + fixed + (n > 0 ? 4 + 8 * n : 0);
  return n;
}

/* Every combination of options, 0 to 4 SACK blocks, with a payload and a
 * computed checksum: the size, the data offset, every field read back,
 * the same bytes written again, and the checksum checks out. */
START_TEST (test_tcp_header_round_trip_all_options)
{
  static const guint8 payload_bytes[] = { 0xaa, 0xbb, 0xcc };
  guint combinations = 0;

  for (guint mask = 0; mask < 16; mask++)
    for (guint n = 0; n <= CNS_TCP_MAX_SACK_BLOCKS; n++)
      {
        g_autoptr (CnsPacket) packet
            = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
        g_autoptr (CnsPacket) copy = NULL;
        g_autofree guint8 *bytes = NULL;
        g_autofree guint8 *again = NULL;
        CnsTcpHeader header;
        CnsTcpHeader read;
        guint n_sent;
        gsize size;

        cns_tcp_header_init (&header, 0x1234, 0x5678, 0x9abcdef0, 0x0fedcba9,
                             CNS_TCP_FLAG_ACK | CNS_TCP_FLAG_ECE, 0x4321);
        header.has_mss = (mask & 1) != 0;
        header.mss = 1460;
        header.has_window_scale = (mask & 2) != 0;
        header.window_scale = 9;
        header.sack_permitted = (mask & 4) != 0;
        header.has_timestamp = (mask & 8) != 0;
        header.ts_value = 0x11223344;
        header.ts_echo = 0x55667788;
        header.n_sack_blocks = n;
        for (guint i = 0; i < CNS_TCP_MAX_SACK_BLOCKS; i++)
          header.sack_blocks[i]
              = (CnsTcpSackBlock){ 0x01020304 + i * 0x10101010,
                                   0x0a0b0c0d + i };
        n_sent = expected_sack_blocks (header.has_mss, header.has_window_scale,
                                       header.sack_permitted,
                                       header.has_timestamp, n, &size);
        ck_assert_uint_eq (cns_tcp_header_get_size (&header), size);
        ck_assert_uint_eq (size % 4, 0);
        ck_assert_uint_le (size, CNS_TCP_HEADER_MAX_SIZE);

        cns_tcp_header_prepare_checksum (&header, SRC, DST, packet);
        cns_packet_add_header (packet, &cns_tcp_header_class, &header);
        ck_assert_uint_eq (cns_packet_get_size (packet),
                           size + sizeof payload_bytes);
        bytes = segment_bytes (packet);
        ck_assert_uint_eq (bytes[12], (size / 4) << 4);
        ck_assert_msg (cns_tcp_header_verify_checksum (packet, SRC, DST),
                       "mask %u, %u blocks", mask, n);

        copy = cns_packet_copy (packet);
        copy = cns_packet_make_writable (copy);
        ck_assert_uint_eq (
            cns_packet_remove_header (copy, &cns_tcp_header_class, &read),
            size);
        ck_assert_uint_eq (cns_packet_get_size (copy), sizeof payload_bytes);
        assert_same_header (&read, &header, n_sent);
        ck_assert_uint_eq (read.n_sack_blocks, n_sent);
        ck_assert (!read.calculate);
        cns_packet_add_header (copy, &cns_tcp_header_class, &read);
        again = segment_bytes (copy);
        ck_assert_mem_eq (again, bytes, size + sizeof payload_bytes);
        combinations++;
      }
  ck_assert_uint_eq (combinations, 80);
}
END_TEST

/* 1 to 4 SACK blocks, with and without timestamps, by hand: 4 blocks take
 * 36 option bytes, 3 take 28, 2 take 20, 1 takes 12; timestamps take 12
 * more. */
START_TEST (test_tcp_header_sack_blocks)
{
  static const struct
  {
    gboolean ts;
    gboolean syn_options; /* MSS, SACK-perm, WS: 4 + 4 + 4, or 20 with TS */
    guint n;
    gsize size;
    guint n_sent;
  } cases[] = {
    { FALSE, FALSE, 1, 32, 1 },
    { FALSE, FALSE, 2, 40, 2 },
    { FALSE, FALSE, 3, 48, 3 },
    { FALSE, FALSE, 4, 56, 4 },
    { TRUE, FALSE, 1, 44, 1 },
    { TRUE, FALSE, 2, 52, 2 },
    { TRUE, FALSE, 3, 60, 3 },
    /* 12 + 36 = 48 > 40: the fourth block is dropped */
    { TRUE, FALSE, 4, 60, 3 },
    /* 12 + 36 = 48: down to 3 blocks, 12 + 28 */
    { FALSE, TRUE, 4, 60, 3 },
    /* 20 + 28 = 48 and 20 + 36 = 56: down to 2 blocks, 20 + 20 */
    { TRUE, TRUE, 3, 60, 2 },
    { TRUE, TRUE, 4, 60, 2 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (CnsPacket) packet = cns_packet_new (0);
      CnsTcpHeader header;
      CnsTcpHeader read;
      guint8 bytes[CNS_TCP_HEADER_MAX_SIZE];

      cns_tcp_header_init (&header, 80, 49153, 5000, 7000, CNS_TCP_FLAG_ACK,
                           100);
      header.has_timestamp = cases[c].ts;
      header.ts_value = 77;
      header.ts_echo = 66;
      header.has_mss = header.sack_permitted = header.has_window_scale
          = cases[c].syn_options;
      header.mss = 1400;
      header.window_scale = 2;
      header.n_sack_blocks = cases[c].n;
      for (guint i = 0; i < CNS_TCP_MAX_SACK_BLOCKS; i++)
        header.sack_blocks[i]
            = (CnsTcpSackBlock){ 10000 + 1000 * i, 10500 + 1000 * i };
      ck_assert_msg (cns_tcp_header_get_size (&header) == cases[c].size,
                     "case %u: size %u", c,
                     (guint) cns_tcp_header_get_size (&header));
      cns_packet_add_header (packet, &cns_tcp_header_class, &header);
      ck_assert_uint_eq (cns_packet_get_size (packet), cases[c].size);
      cns_packet_copy_data (packet, 0, bytes, (guint32) cases[c].size);
      ck_assert_uint_eq (bytes[12] >> 4, cases[c].size / 4);
      /* the SACK option's length byte, 2 + 8n, in the last entry */
      ck_assert_uint_eq (bytes[cases[c].size - 8 * cases[c].n_sent - 1],
                         2 + 8 * cases[c].n_sent);
      ck_assert_uint_eq (
          cns_packet_peek_header (packet, &cns_tcp_header_class, &read),
          cases[c].size);
      ck_assert_msg (read.n_sack_blocks == cases[c].n_sent, "case %u: %u", c,
                     read.n_sack_blocks);
      for (guint i = 0; i < cases[c].n_sent; i++)
        {
          ck_assert_uint_eq (read.sack_blocks[i].left, 10000 + 1000 * i);
          ck_assert_uint_eq (read.sack_blocks[i].right, 10500 + 1000 * i);
        }
      ck_assert_int_eq (!!read.has_timestamp, cases[c].ts);
      ck_assert_int_eq (!!read.has_mss, cases[c].syn_options);
    }
}
END_TEST

/* 10.1.1.1:49153 -> 10.1.1.2:9, seq 1, ack 1, PSH|ACK, window 1000, no
 * options, payload 01 02 03 04 05. By hand, in 16-bit words:
 * pseudo-header 0a01 + 0101 + 0a01 + 0102 + 0006 + 0019 (length 25) =
 * 1624; header c001 + 0009 + 0000 + 0001 + 0000 + 0001 + 5018 + 03e8
 * (+ checksum 0 + urgent 0) = 1140c; payload 0102 + 0304 + 0500 = 0906.
 * Sum 13336, folded 3337; the checksum is its complement, ccc8. */
START_TEST (test_tcp_header_checksum)
{
  static const guint8 payload_bytes[] = { 1, 2, 3, 4, 5 };
  static const guint8 expected[] = {
    0xc0, 0x01, 0x00, 0x09, 0x00, 0x00, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x01, 0x50, 0x18, 0x03, 0xe8, 0xcc, 0xc8,
    0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05,
  };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
  g_autofree guint8 *bytes = NULL;
  CnsTcpHeader header;
  CnsTcpHeader read;

  cns_tcp_header_init (&header, 49153, 9, 1, 1,
                       CNS_TCP_FLAG_PSH | CNS_TCP_FLAG_ACK, 1000);
  cns_tcp_header_prepare_checksum (&header, SRC, DST, packet);
  ck_assert (header.calculate);
  cns_packet_add_header (packet, &cns_tcp_header_class, &header);
  ck_assert_uint_eq (cns_packet_get_size (packet), sizeof expected);
  bytes = segment_bytes (packet);
  ck_assert_mem_eq (bytes, expected, sizeof expected);
  ck_assert (cns_tcp_header_verify_checksum (packet, SRC, DST));
  ck_assert_uint_eq (
      cns_packet_peek_header (packet, &cns_tcp_header_class, &read), 20);
  ck_assert_uint_eq (read.checksum, 0xccc8);

  /* the pseudo-header counts: another address does not check out (the
   * two swapped would, the sum being commutative) */
  ck_assert (!cns_tcp_header_verify_checksum (
      packet, SRC, CNS_IPV4_ADDRESS_INIT (10, 1, 1, 3)));

  /* any one byte changed, header or payload, is caught */
  for (guint i = 0; i < sizeof expected; i++)
    {
      g_autoptr (CnsPacket) bad = NULL;

      bytes[i] ^= 0x01;
      bad = cns_packet_new_from_data (bytes, sizeof expected);
      ck_assert_msg (!cns_tcp_header_verify_checksum (bad, SRC, DST), "byte %u",
                     i);
      bytes[i] ^= 0x01;
    }

  /* too short to be a segment */
  {
    g_autoptr (CnsPacket) runt = cns_packet_new_from_data (bytes, 19);

    ck_assert (!cns_tcp_header_verify_checksum (runt, SRC, DST));
  }
}
END_TEST

/* As above with NOP NOP TS 1 2, so the options and the longer header
 * count: data offset 8, length 37 (25). Pseudo-header 0a01 + 0101 + 0a01
 * + 0102 + 0006 + 0025 = 1630; header c001 + 0009 + 0001 + 0001 + 8018 +
 * 03e8 = 1440c; options 0101 + 080a + 0000 + 0001 + 0000 + 0002 = 090e;
 * payload 0906. Sum 16c50, folded 6c51, checksum 93ae. */
START_TEST (test_tcp_header_checksum_with_options)
{
  static const guint8 payload_bytes[] = { 1, 2, 3, 4, 5 };
  static const guint8 expected[] = {
    0xc0, 0x01, 0x00, 0x09, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x01, 0x80, 0x18, 0x03, 0xe8, 0x93, 0xae, 0x00, 0x00,
    0x01, 0x01, 0x08, 0x0a, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x02, 0x01, 0x02, 0x03, 0x04, 0x05,
  };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
  g_autofree guint8 *bytes = NULL;
  CnsTcpHeader header;

  cns_tcp_header_init (&header, 49153, 9, 1, 1,
                       CNS_TCP_FLAG_PSH | CNS_TCP_FLAG_ACK, 1000);
  header.has_timestamp = TRUE;
  header.ts_value = 1;
  header.ts_echo = 2;
  cns_tcp_header_prepare_checksum (&header, SRC, DST, packet);
  cns_packet_add_header (packet, &cns_tcp_header_class, &header);
  bytes = segment_bytes (packet);
  ck_assert_uint_eq (cns_packet_get_size (packet), sizeof expected);
  ck_assert_mem_eq (bytes, expected, sizeof expected);
  ck_assert (cns_tcp_header_verify_checksum (packet, SRC, DST));

  /* one payload byte flipped */
  bytes[sizeof expected - 1] ^= 0x80;
  {
    g_autoptr (CnsPacket) bad
        = cns_packet_new_from_data (bytes, sizeof expected);

    ck_assert (!cns_tcp_header_verify_checksum (bad, SRC, DST));
  }
}
END_TEST

/* The checksum a PSH|ACK header from 49153 to 9, Seq=1 Ack=1 Win=1000,
 * writes over @packet, which it then checks on the way in. */
static guint16
push_ack_checksum (CnsPacket *packet)
{
  CnsTcpHeader header;
  guint8 bytes[CNS_TCP_HEADER_SIZE];

  cns_tcp_header_init (&header, 49153, 9, 1, 1,
                       CNS_TCP_FLAG_PSH | CNS_TCP_FLAG_ACK, 1000);
  cns_tcp_header_prepare_checksum (&header, SRC, DST, packet);
  cns_packet_add_header (packet, &cns_tcp_header_class, &header);
  cns_packet_copy_data (packet, 0, bytes, sizeof bytes);
  ck_assert (cns_tcp_header_verify_checksum (packet, SRC, DST));
  return (guint16) (bytes[16] << 8 | bytes[17]);
}

/* Payload word d5d1 makes the sum ffff (pseudo-header 0a01 + 0101 + 0a01
 * + 0102 + 0006 + 0016 = 1621, header 1140c, folded 2a2e, + d5d1), whose
 * complement 0 goes on the wire as 0: unlike UDP, TCP has no "no
 * checksum". */
START_TEST (test_tcp_header_computed_zero_is_zero)
{
  static const guint8 payload_bytes[] = { 0xd5, 0xd1 };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);

  ck_assert_uint_eq (push_ack_checksum (packet), 0x0000);
}
END_TEST

/* A large payload of unwritten zeros costs nothing and counts as zeros:
 * pseudo-header 1605 + 0006 + 0414 (length 1044) = 1a1f, header 1140c,
 * sum 12e2b, folded 2e2c, checksum d1d3. */
START_TEST (test_tcp_header_checksum_zero_payload)
{
  g_autoptr (CnsPacket) packet = cns_packet_new (1024);

  ck_assert_uint_eq (push_ack_checksum (packet), 0xd1d3);
}
END_TEST

START_TEST (test_tcp_header_rejects_malformed)
{
  CnsTcpHeader read;

  /* fewer than 20 bytes, whatever they say */
  for (gsize available = 0; available < 20; available++)
    ck_assert_uint_eq (parse (5, NULL, 0, available, &read), 0);
  ck_assert_uint_eq (parse (5, NULL, 0, 20, &read), 20);

  /* data offset below 5 words */
  for (guint words = 0; words < 5; words++)
    ck_assert_uint_eq (parse (words, NULL, 0, 60, &read), 0);

  /* data offset beyond the bytes given: 6 words, 23 bytes */
  {
    static const guint8 options[] = { 0x01, 0x01, 0x01, 0x01 };

    ck_assert_uint_eq (parse (6, options, 4, 23, &read), 0);
    ck_assert_uint_eq (parse (6, options, 4, 24, &read), 24);
    ck_assert_uint_eq (parse (15, options, 4, 59, &read), 0);
  }

  /* an option length of 0 or 1, known kind or not */
  for (guint8 length = 0; length < 2; length++)
    {
      const guint8 unknown[] = { 30, length, 0x00, 0x00 };
      const guint8 mss[] = { 0x02, length, 0x05, 0xb4 };

      ck_assert_uint_eq (parse (6, unknown, 4, 24, &read), 0);
      ck_assert_uint_eq (parse (6, mss, 4, 24, &read), 0);
    }

  /* known kinds with the wrong length, within the header */
  {
    static const guint8 mss3[] = { 0x02, 0x03, 0x05, 0x01 };
    static const guint8 mss5[]
        = { 0x02, 0x05, 0x05, 0xb4, 0x00, 0x00, 0x00, 0x00 };
    static const guint8 ws4[] = { 0x03, 0x04, 0x07, 0x00 };
    static const guint8 sack_perm3[] = { 0x04, 0x03, 0x00, 0x00 };
    static const guint8 ts8[]
        = { 0x08, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00 };

    ck_assert_uint_eq (parse (6, mss3, sizeof mss3, 24, &read), 0);
    ck_assert_uint_eq (parse (7, mss5, sizeof mss5, 28, &read), 0);
    ck_assert_uint_eq (parse (6, ws4, sizeof ws4, 24, &read), 0);
    ck_assert_uint_eq (parse (6, sack_perm3, sizeof sack_perm3, 24, &read), 0);
    ck_assert_uint_eq (parse (7, ts8, sizeof ts8, 28, &read), 0);
  }

  /* SACK lengths that are not 2 + 8n with n from 1 to 4: 11 (with the
   * option well inside the header), and 2, no blocks */
  {
    guint8 sack11[16] = { 0x05, 0x0b };
    static const guint8 sack2[] = { 0x01, 0x01, 0x05, 0x02 };

    ck_assert_uint_eq (parse (9, sack11, sizeof sack11, 36, &read), 0);
    ck_assert_uint_eq (parse (6, sack2, sizeof sack2, 24, &read), 0);
    /* the same 16 bytes with length 10, one block, are fine */
    sack11[1] = 10;
    ck_assert_uint_eq (parse (9, sack11, sizeof sack11, 36, &read), 36);
    ck_assert_uint_eq (read.n_sack_blocks, 1);
  }

  /* an option running past the data offset, even when the bytes after the
   * header would complete it: NOP NOP then timestamps (length 10) with 2
   * of their bytes in a 24-byte header */
  {
    static const guint8 options[] = { 0x01, 0x01, 0x08, 0x0a, 0x00, 0x00,
                                      0x00, 0x01, 0x00, 0x00, 0x00, 0x02 };

    ck_assert_uint_eq (parse (6, options, sizeof options, 32, &read), 0);
    ck_assert_uint_eq (parse (8, options, sizeof options, 32, &read), 32);
    ck_assert_uint_eq (read.ts_value, 1);
    ck_assert_uint_eq (read.ts_echo, 2);
  }
  /* a kind in the header's last byte, its length byte beyond it */
  {
    static const guint8 options[] = { 0x01, 0x01, 0x01, 30, 0x02 };

    ck_assert_uint_eq (parse (6, options, sizeof options, 28, &read), 0);
  }
  /* an unknown option running past the header */
  {
    static const guint8 options[] = { 30, 0x06, 0x00, 0x00, 0x00, 0x00 };

    ck_assert_uint_eq (parse (6, options, sizeof options, 28, &read), 0);
  }

  /* a packet holding a malformed header: nothing removed */
  {
    static const guint8 bytes[]
        = { 0xc0, 0x01, 0x00, 0x09, 0x00, 0x00, 0x00, 0x01,
            0x00, 0x00, 0x00, 0x00, 0x60, 0x02, 0xff, 0xff,
            0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x05, 0xb4 };
    g_autoptr (CnsPacket) packet
        = cns_packet_new_from_data (bytes, sizeof bytes);

    ck_assert_uint_eq (
        cns_packet_remove_header (packet, &cns_tcp_header_class, &read), 0);
    ck_assert_uint_eq (cns_packet_get_size (packet), sizeof bytes);
  }
}
END_TEST

START_TEST (test_tcp_header_skips_unknown_and_stops_at_eol)
{
  CnsTcpHeader read;

  /* kind 30 length 4 skipped, then MSS 1460 */
  {
    static const guint8 options[]
        = { 30, 0x04, 0xaa, 0xbb, 0x02, 0x04, 0x05, 0xb4 };

    ck_assert_uint_eq (parse (7, options, sizeof options, 28, &read), 28);
    ck_assert (read.has_mss);
    ck_assert_uint_eq (read.mss, 1460);
    ck_assert (!read.has_window_scale && !read.sack_permitted
               && !read.has_timestamp);
    ck_assert_uint_eq (read.n_sack_blocks, 0);
    ck_assert_uint_eq (read.source_port, 49153);
    ck_assert_uint_eq (read.destination_port, 9);
    ck_assert_uint_eq (read.sequence, 1);
    ck_assert_uint_eq (read.flags, CNS_TCP_FLAG_SYN);
    ck_assert_uint_eq (read.window, 0xffff);
    ck_assert (!read.calculate);
    ck_assert_uint_eq (read.sum, 0);
  }
  /* options in another order than cns writes them, without NOPs */
  {
    static const guint8 options[]
        = { 0x03, 0x03, 0x05, 0x08, 0x0a, 0x00, 0x00, 0x00, 0x09, 0x00,
            0x00, 0x00, 0x08, 0x04, 0x02, 0x02, 0x04, 0x02, 0x18, 0x00 };

    ck_assert_uint_eq (parse (10, options, sizeof options, 40, &read), 40);
    ck_assert (read.has_window_scale);
    ck_assert_uint_eq (read.window_scale, 5);
    ck_assert (read.has_timestamp);
    ck_assert_uint_eq (read.ts_value, 9);
    ck_assert_uint_eq (read.ts_echo, 8);
    ck_assert (read.sack_permitted);
    ck_assert (read.has_mss);
    ck_assert_uint_eq (read.mss, 536);
  }
  /* EOL ends the list: what follows it, even malformed, is padding */
  {
    static const guint8 options[] = { 0x02, 0x04, 0x05, 0xb4, 0x00, 0x02,
                                      0x03, 0x05, 0x08, 0x0a, 0xff, 0xff };

    ck_assert_uint_eq (parse (8, options, sizeof options, 32, &read), 32);
    ck_assert (read.has_mss);
    ck_assert_uint_eq (read.mss, 1460);
    ck_assert (!read.has_timestamp);
  }
  /* NOPs up to the end */
  {
    static const guint8 options[] = { 0x01, 0x01, 0x01, 0x01 };

    ck_assert_uint_eq (parse (6, options, sizeof options, 24, &read), 24);
    ck_assert (!read.has_mss);
  }
}
END_TEST

/* A header cut short anywhere is refused, never read past its end. */
START_TEST (test_tcp_header_truncated)
{
  CnsTcpHeader header;
  CnsTcpHeader read;
  g_autofree guint8 *bytes = NULL;

  cns_tcp_header_init (&header, 49153, 9, 1, 0, CNS_TCP_FLAG_SYN, 65535);
  header.has_mss = header.sack_permitted = header.has_timestamp
      = header.has_window_scale = TRUE;
  header.n_sack_blocks = 1;
  bytes = header_bytes (&header, 52);
  for (gsize available = 0; available <= 52; available++)
    {
      g_autofree guint8 *part = g_memdup2 (bytes, MAX (available, 1));

      ck_assert_uint_eq (
          cns_tcp_header_class.deserialize (&read, part, available),
          available == 52 ? 52 : 0);
    }
}
END_TEST

START_TEST (test_tcp_header_print)
{
  CnsTcpHeader header;

  /* every option, read back from the wire */
  {
    g_autoptr (CnsPacket) packet = cns_packet_new (0);
    g_autoptr (GString) text = g_string_new (NULL);
    CnsTcpHeader read;

    cns_tcp_header_init (&header, 49153, 9, 0, 1,
                         CNS_TCP_FLAG_SYN | CNS_TCP_FLAG_ACK, 65535);
    header.has_mss = TRUE;
    header.mss = 536;
    header.has_window_scale = TRUE;
    header.window_scale = 7;
    header.sack_permitted = TRUE;
    header.has_timestamp = TRUE;
    header.ts_value = 123;
    header.ts_echo = 0;
    header.n_sack_blocks = 1;
    header.sack_blocks[0] = (CnsTcpSackBlock){ 100, 200 };
    cns_packet_add_header (packet, &cns_tcp_header_class, &header);
    ck_assert_uint_eq (
        cns_packet_peek_header (packet, &cns_tcp_header_class, &read), 52);
    cns_tcp_header_class.print (&read, text);
    ck_assert_str_eq (text->str, "49153 > 9 [SYN|ACK] Seq=0 Ack=1 Win=65535 "
                                 "MSS=536 WS=7 SACK_PERM TS=123:0 "
                                 "SACK=[100,200)");
  }
  /* no flags, no options */
  {
    g_autoptr (GString) text = g_string_new (NULL);

    cns_tcp_header_init (&header, 80, 49153, 1000, 2000, 0, 512);
    cns_tcp_header_class.print (&header, text);
    ck_assert_str_eq (text->str, "80 > 49153 [none] Seq=1000 Ack=2000 Win=512");
  }
  /* every flag; the urgent pointer with URG */
  {
    g_autoptr (GString) text = g_string_new (NULL);

    cns_tcp_header_init (&header, 1, 2, G_MAXUINT32, 0, 0xff, 0);
    header.urgent_pointer = 9;
    cns_tcp_header_class.print (&header, text);
    ck_assert_str_eq (text->str, "1 > 2 [FIN|SYN|RST|PSH|ACK|URG|ECE|CWR] "
                                 "Seq=4294967295 Ack=0 Win=0 Urg=9");
  }
  /* timestamps and two SACK blocks */
  {
    g_autoptr (GString) text = g_string_new (NULL);

    cns_tcp_header_init (&header, 9, 49153, 1, 100, CNS_TCP_FLAG_ACK, 1000);
    header.has_timestamp = TRUE;
    header.ts_value = 5;
    header.ts_echo = 4;
    header.n_sack_blocks = 2;
    header.sack_blocks[0] = (CnsTcpSackBlock){ 300, 400 };
    header.sack_blocks[1] = (CnsTcpSackBlock){ 100, 200 };
    cns_tcp_header_class.print (&header, text);
    ck_assert_str_eq (text->str, "9 > 49153 [ACK] Seq=1 Ack=100 Win=1000 "
                                 "TS=5:4 SACK=[300,400),[100,200)");
  }

  ck_assert_str_eq (cns_tcp_header_class.name, "TcpHeader");
  ck_assert_ptr_eq (cns_header_class_lookup ("TcpHeader"),
                    &cns_tcp_header_class);
}
END_TEST

Suite *
test_tcp_header_suite (void)
{
  Suite *s = suite_create ("tcp-header");
  TCase *tc = tcase_create ("core");

  tcase_add_checked_fixture (tc, cns_test_reset, NULL);
  tcase_add_test (tc, test_tcp_header_plain_bytes);
  tcase_add_test (tc, test_tcp_header_syn_bytes);
  tcase_add_test (tc, test_tcp_header_option_layout);
  tcase_add_test (tc, test_tcp_header_round_trip_all_options);
  tcase_add_test (tc, test_tcp_header_sack_blocks);
  tcase_add_test (tc, test_tcp_header_checksum);
  tcase_add_test (tc, test_tcp_header_checksum_with_options);
  tcase_add_test (tc, test_tcp_header_computed_zero_is_zero);
  tcase_add_test (tc, test_tcp_header_checksum_zero_payload);
  tcase_add_test (tc, test_tcp_header_rejects_malformed);
  tcase_add_test (tc, test_tcp_header_skips_unknown_and_stops_at_eol);
  tcase_add_test (tc, test_tcp_header_truncated);
  tcase_add_test (tc, test_tcp_header_print);
  suite_add_tcase (s, tc);
  return s;
}
