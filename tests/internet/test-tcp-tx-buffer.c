/* cns — tests of CnsTcpTxBuffer: the sender's bytes as packets, segments
 * cut across them, cumulative ACKs, sequence wraparound, and the RFC 6675
 * SACK scoreboard (merging, IsLost, SetPipe, NextSeg).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-tcp-tx-buffer-private.h"
#include "internet/suites.h"
#include "lib/cns-test.h"
#include "network/cns-packet-pool-private.h"

#include <string.h>

/* The application writes a stream whose byte number k (counted from the
 * first byte ever added, not in sequence space) is stream_byte (k): no two
 * bytes within 256 of each other, nor the same offset in neighbouring
 * 256-byte blocks, are equal, so a shifted or misplaced byte shows. */
static guint8
stream_byte (guint32 k)
{
  return (guint8) ((k * 167u) ^ (k >> 8));
}

/* Returns: (transfer full): a packet of stream bytes [@first, @first +
 * @size). */
static CnsPacket *
stream_packet (guint32 first, guint32 size)
{
  g_autofree guint8 *data = g_malloc (MAX (size, 1));

  for (guint32 i = 0; i < size; i++)
    data[i] = stream_byte (first + i);
  return cns_packet_new_from_data (data, size);
}

/* Adds packets of the given sizes, the stream continuing from @first. */
static void
add_stream (CnsTcpTxBuffer *buffer, guint32 first, const guint32 *sizes,
            guint n)
{
  for (guint i = 0; i < n; i++)
    {
      ck_assert (
          cns_tcp_tx_buffer_add (buffer, stream_packet (first, sizes[i])));
      first += sizes[i];
    }
}

/* Checks that @packet holds exactly stream bytes [@first, @first +
 * @size). */
static void
assert_stream (const CnsPacket *packet, guint32 first, guint32 size)
{
  g_autofree guint8 *bytes = g_malloc (size + 1);

  ck_assert_ptr_nonnull (packet);
  ck_assert_uint_eq (cns_packet_get_size (packet), size);
  ck_assert_uint_eq (cns_packet_copy_data (packet, 0, bytes, size + 1), size);
  for (guint32 i = 0; i < size; i++)
    ck_assert_msg (bytes[i] == stream_byte (first + i),
                   "byte %u is 0x%02x, expected stream byte %u (0x%02x)", i,
                   bytes[i], first + i, stream_byte (first + i));
}

/* Copies [@seq, @seq + @size) and checks it is stream bytes [@first,
 * @first + @expected). */
static void
assert_copy (const CnsTcpTxBuffer *buffer, guint32 seq, guint32 size,
             guint32 first, guint32 expected)
{
  g_autoptr (CnsPacket) copy = cns_tcp_tx_buffer_copy (buffer, seq, size);

  assert_stream (copy, first, expected);
}

/* Checks the scoreboard is exactly the @n blocks given as left, right
 * pairs. */
static void
assert_blocks (const CnsTcpTxBuffer *buffer, const guint32 *pairs, guint n)
{
  ck_assert_uint_eq (buffer->n_sacked, n);
  for (guint i = 0; i < n; i++)
    {
      ck_assert_uint_eq (buffer->sacked[i].left, pairs[2 * i]);
      ck_assert_uint_eq (buffer->sacked[i].right, pairs[2 * i + 1]);
    }
}

static gboolean
sack1 (CnsTcpTxBuffer *buffer, guint32 left, guint32 right, guint32 snd_nxt)
{
  CnsTcpSackBlock block = { left, right };

  return cns_tcp_tx_buffer_update_sack (buffer, &block, 1, snd_nxt);
}

static const CnsTagClass tx_test_tag_class
    = { "TcpTxBufferTestTag", sizeof (guint32), NULL };

static gsize live_blocks;

static void
setup (void)
{
  cns_test_reset ();
  cns_tag_class_register (&tx_test_tag_class);
  live_blocks = cns_packet_pool_live_blocks ();
}

/* Every test clears its buffers and drops its copies: the pool's count
 * of blocks in use sees a packet left behind, which valgrind cannot see
 * inside the pool's slabs. */
static void
teardown (void)
{
  gsize live = cns_packet_pool_live_blocks ();

  cns_test_reset ();
  ck_assert_msg (live == live_blocks,
                 "%" G_GSIZE_FORMAT " packet blocks leaked",
                 live - live_blocks);
}

/* ---- the buffer ---- */

START_TEST (test_tx_buffer_empty_and_small)
{
  CnsTcpTxBuffer buffer;

  /* embedded in every socket: small, and nothing allocated while empty */
  ck_assert_uint_le (sizeof (CnsTcpTxBuffer), 96);
  memset (&buffer, 0xa5, sizeof buffer);
  cns_tcp_tx_buffer_init (&buffer, 1000, 4000);
  ck_assert_ptr_null (buffer.ring);
  ck_assert_ptr_null (buffer.sacked);
  ck_assert_uint_eq (buffer.head_seq, 1000);
  ck_assert_uint_eq (buffer.size, 0);
  ck_assert_uint_eq (buffer.max_size, 4000);
  ck_assert_uint_eq (buffer.high_rxt, 1000);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 4000);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 1000);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 0);
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 1000, 10));
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1000), 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1001), 0);

  /* the SYN is sent: the data starts at ISS + 1 */
  cns_tcp_tx_buffer_set_head_seq (&buffer, 7001);
  ck_assert_uint_eq (buffer.head_seq, 7001);
  ck_assert_uint_eq (buffer.high_rxt, 7001);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 7001);

  /* an empty packet is taken and adds nothing */
  ck_assert (cns_tcp_tx_buffer_add (&buffer, cns_packet_new (0)));
  ck_assert_uint_eq (buffer.size, 0);
  ck_assert_ptr_null (buffer.ring);

  ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (0, 10)));
  CNS_TEST_EXPECT_CRITICAL ("*size == 0*",
                            cns_tcp_tx_buffer_set_head_seq (&buffer, 1));
  ck_assert_uint_eq (buffer.head_seq, 7001);

  /* clear frees everything and keeps head_seq and max_size */
  cns_tcp_tx_buffer_clear (&buffer);
  ck_assert_ptr_null (buffer.ring);
  ck_assert_ptr_null (buffer.sacked);
  ck_assert_uint_eq (buffer.head_seq, 7001);
  ck_assert_uint_eq (buffer.max_size, 4000);
  ck_assert_uint_eq (buffer.size, 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 4000);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tx_buffer_add_until_full)
{
  CnsTcpTxBuffer buffer;
  CnsPacket *refused = stream_packet (900, 101);

  cns_tcp_tx_buffer_init (&buffer, 500, 1000);
  ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (0, 400)));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 600);
  ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (400, 500)));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 1400);

  /* 101 bytes do not fit in 100: refused, nothing changes, and the caller
   * still owns the packet */
  ck_assert (!cns_tcp_tx_buffer_add (&buffer, refused));
  ck_assert (cns_packet_is_writable (refused));
  ck_assert_uint_eq (cns_packet_get_size (refused), 101);
  ck_assert_uint_eq (buffer.size, 900);
  ck_assert_uint_eq (buffer.n_packets, 2);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 1400);
  cns_packet_unref (refused);

  /* exactly the 100 left fit */
  ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (900, 100)));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 1500);
  refused = stream_packet (1000, 1);
  ck_assert (!cns_tcp_tx_buffer_add (&buffer, refused));
  cns_packet_unref (refused);
  ck_assert (cns_tcp_tx_buffer_add (&buffer, cns_packet_new (0)));
  ck_assert_uint_eq (buffer.size, 1000);
  assert_copy (&buffer, 500, 1000, 0, 1000);

  /* SndBufSize lowered below what is held: nothing available */
  buffer.max_size = 600;
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 0);
  refused = stream_packet (1000, 1);
  ck_assert (!cns_tcp_tx_buffer_add (&buffer, refused));
  cns_packet_unref (refused);

  /* an ACK makes room again */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1000), 500);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 100);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Packets of 100, 50, 30 and 120 bytes from sequence number 1000: stream
 * byte k is at 1000 + k. */
static const guint32 four_sizes[] = { 100, 50, 30, 120 };

START_TEST (test_tx_buffer_copy_across_packets)
{
  CnsTcpTxBuffer buffer;
  CnsPacket *empty;

  cns_tcp_tx_buffer_init (&buffer, 1000, 10000);
  add_stream (&buffer, 0, four_sizes, G_N_ELEMENTS (four_sizes));
  ck_assert_uint_eq (buffer.size, 300);

  /* [1080, 1280): the last 20 of the first packet, all of the second and
   * third, the first 100 of the fourth: three boundaries */
  assert_copy (&buffer, 1080, 200, 80, 200);
  /* again: the copy shared the packets' bytes and changed none of them */
  assert_copy (&buffer, 1080, 200, 80, 200);
  /* everything, and exactly one packet at its boundaries */
  assert_copy (&buffer, 1000, 300, 0, 300);
  assert_copy (&buffer, 1100, 50, 100, 50);
  assert_copy (&buffer, 1150, 30, 150, 30);
  /* one byte each side of a boundary */
  assert_copy (&buffer, 1149, 2, 149, 2);
  assert_copy (&buffer, 1299, 1, 299, 1);

  /* no bytes asked at a valid sequence number: an empty packet */
  empty = cns_tcp_tx_buffer_copy (&buffer, 1120, 0);
  ck_assert_ptr_nonnull (empty);
  ck_assert_uint_eq (cns_packet_get_size (empty), 0);
  cns_packet_unref (empty);

  ck_assert_uint_eq (buffer.size, 300);
  ck_assert_uint_eq (buffer.n_packets, 4);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tx_buffer_copy_clipped_and_outside)
{
  CnsTcpTxBuffer buffer;

  cns_tcp_tx_buffer_init (&buffer, 1000, 10000);
  add_stream (&buffer, 0, four_sizes, G_N_ELEMENTS (four_sizes));

  /* clipped at the tail, 1300 */
  assert_copy (&buffer, 1290, 100, 290, 10);
  assert_copy (&buffer, 1100, 1000, 100, 200);
  assert_copy (&buffer, 1000, G_MAXUINT32, 0, 300);

  /* outside [1000, 1300) */
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 1300, 1));
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 1301, 1));
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 999, 10));
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 0, 2000));
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 1000 + 0x80000000u, 1));
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Records the byte tags of a packet as (value, start, end) triples. */
static void
collect_tag (const CnsTagClass *klass, guint32 start, guint32 end,
             gconstpointer data, gpointer user_data)
{
  GArray *found = user_data;
  guint32 triple[3];

  ck_assert_ptr_eq (klass, &tx_test_tag_class);
  memcpy (&triple[0], data, sizeof (guint32));
  triple[1] = start;
  triple[2] = end;
  g_array_append_vals (found, triple, 3);
}

/* The result is built from fragments: the byte tags stay on their bytes
 * and the packet tags are those of the packet holding the first byte. */
START_TEST (test_tx_buffer_copy_keeps_tags)
{
  CnsTcpTxBuffer buffer;
  CnsPacket *a = stream_packet (0, 100);
  CnsPacket *b = stream_packet (100, 50);
  CnsPacket *c = stream_packet (150, 30);
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (CnsPacket) copy = NULL;
  guint32 value = 0xa;
  guint32 tag_b = 0xb, tag_c = 0xc;

  cns_packet_add_packet_tag (a, &tx_test_tag_class, &value);
  value = 0xbb;
  cns_packet_add_packet_tag (b, &tx_test_tag_class, &value);
  cns_packet_add_byte_tag (b, &tx_test_tag_class, &tag_b);
  cns_packet_add_byte_tag_range (c, &tx_test_tag_class, &tag_c, 10, 30);
  cns_tcp_tx_buffer_init (&buffer, 1000, 10000);
  ck_assert (cns_tcp_tx_buffer_add (&buffer, a));
  ck_assert (cns_tcp_tx_buffer_add (&buffer, b));
  ck_assert (cns_tcp_tx_buffer_add (&buffer, c));

  /* [1080, 1170): a's last 20, b's 50, c's first 20 */
  copy = cns_tcp_tx_buffer_copy (&buffer, 1080, 90);
  assert_stream (copy, 80, 90);
  ck_assert (cns_packet_peek_packet_tag (copy, &tx_test_tag_class, &value));
  ck_assert_uint_eq (value, 0xa);
  cns_packet_foreach_byte_tag (copy, collect_tag, found);
  /* b's tag on b's bytes, [20, 70); c's from c's byte 10 to where the copy
   * ends, [80, 90) */
  ck_assert_uint_eq (found->len, 6);
  ck_assert_uint_eq (g_array_index (found, guint32, 0), 0xb);
  ck_assert_uint_eq (g_array_index (found, guint32, 1), 20);
  ck_assert_uint_eq (g_array_index (found, guint32, 2), 70);
  ck_assert_uint_eq (g_array_index (found, guint32, 3), 0xc);
  ck_assert_uint_eq (g_array_index (found, guint32, 4), 80);
  ck_assert_uint_eq (g_array_index (found, guint32, 5), 90);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tx_buffer_discard_mid_packet)
{
  static const guint32 sizes[] = { 100, 100, 100 };
  CnsTcpTxBuffer buffer;

  cns_tcp_tx_buffer_init (&buffer, 5000, 1000);
  add_stream (&buffer, 0, sizes, 3);

  /* the ACK falls inside the second packet */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5150), 150);
  ck_assert_uint_eq (buffer.head_seq, 5150);
  ck_assert_uint_eq (buffer.size, 150);
  ck_assert_uint_eq (buffer.n_packets, 2);
  ck_assert_uint_eq (buffer.head_offset, 50);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 850);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 5300);
  assert_copy (&buffer, 5150, 100, 150, 100);
  assert_copy (&buffer, 5160, 1000, 160, 140);
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 5149, 10));

  /* outside [head_seq, tail]: nothing happens */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5149), 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5301), 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 100), 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5150), 0);
  ck_assert_uint_eq (buffer.head_seq, 5150);
  ck_assert_uint_eq (buffer.size, 150);
  ck_assert_uint_eq (buffer.n_packets, 2);

  /* one byte before the end of the second packet, then exactly its end */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5199), 49);
  ck_assert_uint_eq (buffer.n_packets, 2);
  ck_assert_uint_eq (buffer.head_offset, 99);
  assert_copy (&buffer, 5199, 2, 199, 2);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5200), 1);
  ck_assert_uint_eq (buffer.n_packets, 1);
  ck_assert_uint_eq (buffer.head_offset, 0);
  assert_copy (&buffer, 5200, 100, 200, 100);

  /* all of it: empty, and new data continues at the tail */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 5300), 100);
  ck_assert_uint_eq (buffer.size, 0);
  ck_assert_uint_eq (buffer.n_packets, 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 1000);
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 5300, 1));
  ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (300, 70)));
  assert_copy (&buffer, 5300, 70, 300, 70);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Many small packets: the ring of packets wraps around and grows while
 * holding data, and copies still find every byte. */
START_TEST (test_tx_buffer_many_packets)
{
  CnsTcpTxBuffer buffer;
  guint32 first = 0;

  cns_tcp_tx_buffer_init (&buffer, 0, 100000);
  for (guint i = 0; i < 6; i++, first += 10)
    ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (first, 10)));
  ck_assert_uint_eq (buffer.ring_capacity, 8);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 55), 55);
  ck_assert_uint_eq (buffer.n_packets, 1);
  /* 7 more wrap around the end of the ring, the 8th makes it grow */
  for (guint i = 0; i < 7; i++, first += 10)
    ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (first, 10)));
  ck_assert_uint_eq (buffer.ring_capacity, 8);
  ck_assert_uint_eq (buffer.n_packets, 8);
  ck_assert_uint_eq (buffer.ring_start, 5);
  assert_copy (&buffer, 55, 1000, 55, 75);
  for (guint i = 0; i < 30; i++, first += 7)
    ck_assert (cns_tcp_tx_buffer_add (&buffer, stream_packet (first, 7)));
  ck_assert_uint_eq (buffer.ring_capacity, 64);
  ck_assert_uint_eq (buffer.n_packets, 38);
  ck_assert_uint_eq (buffer.size, 285);
  assert_copy (&buffer, 55, 1000, 55, 285);
  /* every byte, one at a time, and runs of 13 */
  for (guint32 seq = 55; seq < 340; seq++)
    assert_copy (&buffer, seq, 1, seq, 1);
  for (guint32 seq = 55; seq < 340; seq += 13)
    assert_copy (&buffer, seq, 13, seq, MIN (13, 340 - seq));
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 300), 245);
  ck_assert_uint_eq (buffer.n_packets, 6);
  assert_copy (&buffer, 300, 1000, 300, 40);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* 100 bytes from 0xfffffff0: sequence numbers 0xfffffff0 ... 0xffffffff,
 * then 0x00 ... 0x53; the tail is 0x54 (2^32 + 84). */
START_TEST (test_tx_buffer_wraparound)
{
  static const guint32 sizes[] = { 60, 40 };
  CnsTcpTxBuffer buffer;

  cns_tcp_tx_buffer_init (&buffer, 0xfffffff0u, 1000);
  add_stream (&buffer, 0, sizes, 2);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_tail_seq (&buffer), 0x54);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_available (&buffer), 900);

  /* across 2^32 inside the first packet: stream bytes 10 to 40 */
  assert_copy (&buffer, 0xfffffffau, 30, 10, 30);
  /* across 2^32 and the packet boundary (0x2c) */
  assert_copy (&buffer, 0xfffffffeu, 60, 14, 60);
  /* above 2^32, across the boundary, clipped at 0x54 */
  assert_copy (&buffer, 0x10, 100, 32, 68);
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 0x54, 1));
  ck_assert_ptr_null (cns_tcp_tx_buffer_copy (&buffer, 0xffffffefu, 1));

  /* a SACK block straddling 2^32: [0xfffffffc, 0x0c), 16 bytes */
  ck_assert (sack1 (&buffer, 0xfffffffcu, 0x0c, 0x54));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 16);
  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 0xfffffffbu));
  ck_assert (cns_tcp_tx_buffer_is_sacked (&buffer, 0xfffffffcu));
  ck_assert (cns_tcp_tx_buffer_is_sacked (&buffer, 0xffffffffu));
  ck_assert (cns_tcp_tx_buffer_is_sacked (&buffer, 0));
  ck_assert (cns_tcp_tx_buffer_is_sacked (&buffer, 0x0b));
  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 0x0c));

  /* the ACK crosses 2^32: 0x05 - 0xfffffff0 = 21 bytes */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 0x05), 21);
  ck_assert_uint_eq (buffer.head_seq, 0x05);
  ck_assert_uint_eq (buffer.size, 79);
  ck_assert_uint_eq (buffer.head_offset, 21);
  assert_copy (&buffer, 0x05, 100, 21, 79);
  /* the block is cut at the ACK: [0x05, 0x0c), 7 bytes */
  {
    static const guint32 expected[] = { 0x05, 0x0c };

    assert_blocks (&buffer, expected, 1);
  }
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 7);
  /* below the new head_seq, across 2^32: nothing */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 0xfffffff8u), 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 0x54), 79);
  ck_assert_uint_eq (buffer.size, 0);
  ck_assert_uint_eq (buffer.n_sacked, 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 0);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* ---- the SACK scoreboard ---- */

/* Ten 100-byte packets from 1000: sequence numbers [1000, 2000). */
static void
fill_ten (CnsTcpTxBuffer *buffer, guint32 head_seq)
{
  static const guint32 sizes[]
      = { 100, 100, 100, 100, 100, 100, 100, 100, 100, 100 };

  cns_tcp_tx_buffer_init (buffer, head_seq, 10000);
  add_stream (buffer, 0, sizes, G_N_ELEMENTS (sizes));
}

START_TEST (test_tx_buffer_sack_merge)
{
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock two[] = { { 1500, 1600 }, { 1100, 1200 } };
  static const guint32 three[] = { 1100, 1200, 1300, 1400, 1500, 1600 };
  static const guint32 overlapped[] = { 1100, 1200, 1300, 1450, 1500, 1600 };
  static const guint32 joined[] = { 1100, 1200, 1300, 1600 };
  static const guint32 one[] = { 1050, 1700 };

  fill_ten (&buffer, 1000);
  ck_assert_ptr_null (buffer.sacked);
  ck_assert (sack1 (&buffer, 1300, 1400, 2000));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 100);

  /* two more, out of order, on either side */
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, two, 2, 2000));
  assert_blocks (&buffer, three, 3);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 300);

  /* overlapping the middle one: 50 new bytes */
  ck_assert (sack1 (&buffer, 1350, 1450, 2000));
  assert_blocks (&buffer, overlapped, 3);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 350);

  /* touching two blocks, one on each side: the three become one */
  ck_assert (sack1 (&buffer, 1450, 1500, 2000));
  assert_blocks (&buffer, joined, 2);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 400);

  /* nothing new, whether the same block or inside one (a D-SACK) */
  ck_assert (!sack1 (&buffer, 1300, 1600, 2000));
  ck_assert (!sack1 (&buffer, 1320, 1330, 2000));
  assert_blocks (&buffer, joined, 2);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 400);

  /* one block covering both and more */
  ck_assert (sack1 (&buffer, 1050, 1700, 2000));
  assert_blocks (&buffer, one, 1);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 650);

  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 1049));
  ck_assert (cns_tcp_tx_buffer_is_sacked (&buffer, 1050));
  ck_assert (cns_tcp_tx_buffer_is_sacked (&buffer, 1699));
  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 1700));
  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 999));
  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 2000));

  /* many holes: the array grows past its first 4 */
  cns_tcp_tx_buffer_reset_sack (&buffer);
  for (guint32 left = 1900; left > 1000; left -= 100)
    ck_assert (sack1 (&buffer, left, left + 10, 2000));
  ck_assert_uint_eq (buffer.n_sacked, 9);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 90);
  for (guint i = 0; i < 9; i++)
    ck_assert_uint_eq (buffer.sacked[i].left, 1100 + 100 * i);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tx_buffer_sack_invalid)
{
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock mixed[] = {
    { 1700, 1801 }, /* past SND.NXT */
    { 1200, 1250 }, /* fine */
    { 1400, 1400 }, /* empty */
  };
  static const guint32 after_mixed[] = { 1200, 1250 };
  static const guint32 after_trim[] = { 1000, 1100, 1200, 1250 };
  static const guint32 after_fin[] = { 1000, 1100, 1200, 1250, 1900, 2000 };

  fill_ten (&buffer, 1000);
  /* SND.NXT is 1800 */
  ck_assert (!sack1 (&buffer, 1200, 1200, 1800));
  ck_assert (!sack1 (&buffer, 1300, 1200, 1800));
  ck_assert (!sack1 (&buffer, 1700, 1801, 1800));
  ck_assert (!sack1 (&buffer, 1900, 1950, 1800));
  /* below head_seq: a D-SACK of acknowledged bytes */
  ck_assert (!sack1 (&buffer, 900, 1000, 1800));
  ck_assert (!sack1 (&buffer, 900, 950, 1800));
  /* nonsense half the sequence space away */
  ck_assert (!sack1 (&buffer, 1000 + 0x80000000u, 1100 + 0x80000000u, 1800));
  ck_assert_uint_eq (buffer.n_sacked, 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 0);

  /* only the valid block of three counts */
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, mixed, 3, 1800));
  assert_blocks (&buffer, after_mixed, 1);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 50);

  /* starting below head_seq: cut there */
  ck_assert (sack1 (&buffer, 950, 1100, 1800));
  assert_blocks (&buffer, after_trim, 2);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 150);

  /* the FIN sent (SND.NXT = tail + 1) and SACKed with the data before it:
   * cut at the tail, 2000 */
  ck_assert (sack1 (&buffer, 1900, 2001, 2001));
  assert_blocks (&buffer, after_fin, 3);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 250);
  ck_assert (!sack1 (&buffer, 2000, 2001, 2001));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 250);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Resending after a timeout skips the SACKed blocks [1100, 1200) and
 * [1300, 1450): from 1000 the first hole is 100 bytes, from 1100 the
 * next starts at 1200 and runs 100 bytes, from 1450 the rest to the
 * tail at 2000 is 550; past the tail nothing. */
START_TEST (test_tx_buffer_next_unsacked)
{
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock blocks[] = { { 1100, 1200 }, { 1300, 1450 } };
  guint32 run = 0;

  fill_ten (&buffer, 1000);
  ck_assert_uint_eq (cns_tcp_tx_buffer_next_unsacked (&buffer, 1000, &run),
                     1000);
  ck_assert_uint_eq (run, 2000 - 1000);
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, blocks, 2, 2000));
  ck_assert_uint_eq (cns_tcp_tx_buffer_next_unsacked (&buffer, 1000, &run),
                     1000);
  ck_assert_uint_eq (run, 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_next_unsacked (&buffer, 1100, &run),
                     1200);
  ck_assert_uint_eq (run, 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_next_unsacked (&buffer, 1350, &run),
                     1450);
  ck_assert_uint_eq (run, 550);
  ck_assert_uint_eq (cns_tcp_tx_buffer_next_unsacked (&buffer, 1999, &run),
                     1999);
  ck_assert_uint_eq (run, 1);
  ck_assert_uint_eq (cns_tcp_tx_buffer_next_unsacked (&buffer, 2000, &run),
                     2000);
  ck_assert_uint_eq (run, 0);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tx_buffer_sack_discard)
{
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock blocks[] = { { 1100, 1200 }, { 1300, 1400 }, { 1500, 1600 } };
  static const guint32 cut[] = { 1150, 1200, 1300, 1400, 1500, 1600 };
  static const guint32 last[] = { 1500, 1600 };
  static const guint32 last_cut[] = { 1550, 1600 };

  fill_ten (&buffer, 1000);
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, blocks, 3, 2000));
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 1000, 100);
  ck_assert_uint_eq (buffer.high_rxt, 1100);
  /* a lower retransmission leaves HighRxt */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 1000, 50);
  ck_assert_uint_eq (buffer.high_rxt, 1100);

  /* the ACK cuts the first block and passes HighRxt */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1150), 150);
  assert_blocks (&buffer, cut, 3);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 250);
  ck_assert_uint_eq (buffer.high_rxt, 1150);

  /* exactly at the end of the second block: two gone */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 1200, 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1400), 250);
  assert_blocks (&buffer, last, 1);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 100);
  ck_assert_uint_eq (buffer.high_rxt, 1400);

  /* an ACK below HighRxt leaves it */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 1400, 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1450), 50);
  ck_assert_uint_eq (buffer.high_rxt, 1500);
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 1550), 100);
  assert_blocks (&buffer, last_cut, 1);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 50);
  ck_assert_uint_eq (buffer.high_rxt, 1550);

  /* a retransmission timeout: the scoreboard goes */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 1700, 100);
  cns_tcp_tx_buffer_reset_sack (&buffer);
  ck_assert_uint_eq (buffer.n_sacked, 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 0);
  ck_assert_uint_eq (buffer.high_rxt, 1550);
  ck_assert (!cns_tcp_tx_buffer_is_sacked (&buffer, 1560));

  /* the ACK that empties the buffer takes what is left */
  ck_assert (sack1 (&buffer, 1800, 1900, 2000));
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 2000), 450);
  ck_assert_uint_eq (buffer.n_sacked, 0);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 0);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* DupThresh 3, SMSS 100, data [0, 1000) all sent. Segments above a byte
 * are counted per block, rounding up: 3 of them make it lost. */
START_TEST (test_tx_buffer_is_lost_segments)
{
  CnsTcpTxBuffer buffer;

  fill_ten (&buffer, 0);
  /* [400, 410) and [600, 610): 2 segments, 20 bytes */
  ck_assert (sack1 (&buffer, 400, 410, 1000));
  ck_assert (sack1 (&buffer, 600, 610, 1000));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));
  /* [800, 810) is the third small segment: 30 bytes, far from 200 */
  ck_assert (sack1 (&buffer, 800, 810, 1000));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 399, 3, 100));
  /* from 400 the first block's bytes above are [401, 410): still a
   * segment; from 409 none are left, and 2 segments are not enough */
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 400, 3, 100));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 408, 3, 100));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 409, 3, 100));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 500, 3, 100));
  /* DupThresh 4 needs a fourth */
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 0, 4, 100));
  /* outside the data: never */
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 1000, 3, 100));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 0xffffffffu, 3, 100));

  /* rounding up: a 101-byte block is 2 segments, so with a 10-byte one it
   * makes 3 (111 bytes); a 100-byte block is one, 2 in all */
  cns_tcp_tx_buffer_reset_sack (&buffer);
  ck_assert (sack1 (&buffer, 300, 400, 1000));
  ck_assert (sack1 (&buffer, 600, 610, 1000));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));
  ck_assert (sack1 (&buffer, 400, 401, 1000));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 111);
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* DupThresh 3, SMSS 100: more than (3 - 1) * 100 = 200 SACKed bytes
 * above a byte make it lost. (With segments counted by rounding up, 201
 * bytes are always 3 segments too: the two rules agree on the
 * boundary.) */
START_TEST (test_tx_buffer_is_lost_bytes)
{
  CnsTcpTxBuffer buffer;

  fill_ten (&buffer, 0);
  /* [500, 700): two full segments, exactly 200 bytes */
  ck_assert (sack1 (&buffer, 500, 700, 1000));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 499, 3, 100));
  /* one byte more */
  ck_assert (sack1 (&buffer, 700, 701, 1000));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 499, 3, 100));
  /* from 500 the bytes above are [501, 701): 200, not more */
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 500, 3, 100));

  /* the boundary inside a block: [100, 301) has 201 bytes above 99 and
   * 200 above 100 */
  cns_tcp_tx_buffer_reset_sack (&buffer);
  ck_assert (sack1 (&buffer, 100, 301, 1000));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 99, 3, 100));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 100, 3, 100));
  /* DupThresh 1: any SACKed byte above */
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 299, 1, 100));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 300, 1, 100));
  /* SMSS 150: more than 300 bytes needed; [100, 401) has 301 above 99
   * (3 segments of 150 too) and 300 above 100 (2 segments) */
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 99, 3, 150));
  ck_assert (sack1 (&buffer, 301, 401, 1000));
  ck_assert (cns_tcp_tx_buffer_is_lost (&buffer, 99, 3, 150));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 100, 3, 150));
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* SMSS 100, DupThresh 3, head_seq 20000; chunks c0 ... c9 are [20000 +
 * 100 k, 20100 + 100 k), all sent (SND.NXT 21000), two more unsent in
 * the buffer. c3, c5, c6, c7 SACKed; c1 retransmitted, so HighRxt is
 * 20200 (c0 counts as retransmitted too: RFC 6675 counts every byte up
 * to HighRxt).
 *
 * SACKed segments above each chunk not SACKed:
 *   c0, c1, c2: c3 + c5 + c6 + c7 = 4 >= 3         lost
 *   c4:         c5 + c6 + c7      = 3 >= 3         lost
 *   c8, c9:     none                               not lost
 * pipe = c8 + c9 (in flight, 100 each) = 200
 *      + c0 + c1 (below HighRxt, 100 each) = 200   -> 400.
 *
 * DupThresh 5 (lost with 5 segments or more than 400 bytes above):
 *   c0, c1, c2: 4 segments, 400 bytes              not lost
 * so every chunk not SACKed is in flight: c0 c1 c2 c4 c8 c9 = 600, plus
 * c0 and c1 again = 800. */
START_TEST (test_tx_buffer_pipe)
{
  static const guint32 sizes[] = { 600, 600 };
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock blocks[] = { { 20500, 20800 }, { 20300, 20400 } };

  cns_tcp_tx_buffer_init (&buffer, 20000, 10000);
  add_stream (&buffer, 0, sizes, 2);
  /* nothing SACKed nor retransmitted: everything sent is in flight */
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 21000, 3, 100), 1000);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 20000, 3, 100), 0);

  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, blocks, 2, 21000));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_sacked_bytes (&buffer), 400);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 20100, 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 21000, 3, 100), 400);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 21000, 5, 100), 800);

  /* c0 acknowledged: c1, c2, c4 lost, c1 retransmitted, c8, c9 in flight:
   * 100 + 200 = 300 */
  ck_assert_uint_eq (cns_tcp_tx_buffer_discard_up_to (&buffer, 20100), 100);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 21000, 3, 100), 300);

  /* after a timeout the scoreboard is gone: all 900 in flight again */
  cns_tcp_tx_buffer_reset_sack (&buffer);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 21000, 3, 100), 900);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Runs stop at SACK blocks, so SACKed bytes never count even when the
 * blocks do not fall on SMSS boundaries: data [0, 300) sent, [150, 200)
 * SACKed (one segment: nothing lost). Runs [0, 100), [100, 150) and
 * [200, 300): 250 bytes; with [0, 130) retransmitted, 130 more. */
START_TEST (test_tx_buffer_pipe_unaligned)
{
  static const guint32 sizes[] = { 300 };
  CnsTcpTxBuffer buffer;

  cns_tcp_tx_buffer_init (&buffer, 0, 1000);
  add_stream (&buffer, 0, sizes, 1);
  ck_assert (sack1 (&buffer, 150, 200, 300));
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 300, 3, 100), 250);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 0, 130);
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 300, 3, 100), 380);
  /* DupThresh 1: [0, 100) and [100, 150) are lost (SACKed bytes above),
   * [200, 300) is not: 100 in flight + 130 retransmitted */
  ck_assert_uint_eq (cns_tcp_tx_buffer_get_pipe (&buffer, 300, 1, 100), 230);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* The scoreboard of test_tx_buffer_pipe from head_seq 0: c3, c5, c6, c7
 * SACKed, SND.NXT 1000, data to 1200. */
START_TEST (test_tx_buffer_next_seg_rules)
{
  static const guint32 sizes[] = { 600, 600 };
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock blocks[] = { { 300, 400 }, { 500, 800 } };
  guint32 seq = 0xdead, size = 0xbeef;

  cns_tcp_tx_buffer_init (&buffer, 0, 10000);
  add_stream (&buffer, 0, sizes, 2);
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, blocks, 2, 1000));

  /* rule 1: c0 is lost (4 segments above) */
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 0);
  ck_assert_uint_eq (size, 100);
  /* c0 and c1 retransmitted: HighRxt 200, so c2 */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 0, 100);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 100, 100);
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 200);
  ck_assert_uint_eq (size, 100);
  /* c2 too: HighRxt 300 is in the SACKed c3, so c4 (3 segments above) */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 200, 100);
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 400);
  ck_assert_uint_eq (size, 100);

  /* rule 2: c4 retransmitted, no hole is left below the highest SACKed
   * byte, so new data at SND.NXT */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 400, 100);
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 1000);
  ck_assert_uint_eq (size, 100);
  /* the last 50 bytes */
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1150, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 1150);
  ck_assert_uint_eq (size, 50);
  /* nothing left: all sent, no hole to fill */
  seq = 0xdead;
  size = 0xbeef;
  ck_assert (!cns_tcp_tx_buffer_next_seg (&buffer, 1200, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 0xdead);
  ck_assert_uint_eq (size, 0xbeef);

  /* rule 1 goes before new data: after a timeout HighRxt is back at
   * head_seq; SACKed again, c0 is lost and comes first although [1000,
   * 1200) is unsent */
  cns_tcp_tx_buffer_reset_sack (&buffer);
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, blocks, 2, 1000));
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 0);
  ck_assert_uint_eq (size, 100);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Rule 3: a hole below the highest SACKed byte that is not lost, and no
 * new data. Data [0, 1000) all sent, [500, 600) SACKed: one segment, so
 * nothing is lost with DupThresh 3. */
START_TEST (test_tx_buffer_next_seg_rule3)
{
  static const guint32 sizes[] = { 1000 };
  CnsTcpTxBuffer buffer;
  guint32 seq = 0, size = 0;

  cns_tcp_tx_buffer_init (&buffer, 0, 10000);
  add_stream (&buffer, 0, sizes, 1);
  ck_assert (sack1 (&buffer, 500, 600, 1000));
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 0, 3, 100));

  /* new data would come first (rule 2) */
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 900, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 900);
  ck_assert_uint_eq (size, 100);

  /* all sent: rule 3, the first hole */
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 0);
  ck_assert_uint_eq (size, 100);
  /* it stops at the next SACKed byte */
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 1000, &seq, &size));
  ck_assert_uint_eq (seq, 0);
  ck_assert_uint_eq (size, 500);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 0, 450);
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 450);
  ck_assert_uint_eq (size, 50);
  /* the hole retransmitted: nothing is below the highest SACKed byte */
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 450, 50);
  ck_assert (!cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  /* without a SACK block there is no hole at all */
  cns_tcp_tx_buffer_reset_sack (&buffer);
  ck_assert (!cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

/* Rule 1 stops at the next SACKed byte: [150, 200), [300, 400),
 * [500, 600) and [700, 800) SACKed, 4 segments above 0 and 100. */
START_TEST (test_tx_buffer_next_seg_short_hole)
{
  static const guint32 sizes[] = { 1000 };
  CnsTcpTxBuffer buffer;
  CnsTcpSackBlock blocks[]
      = { { 700, 800 }, { 500, 600 }, { 300, 400 }, { 150, 200 } };
  guint32 seq = 0, size = 0;

  cns_tcp_tx_buffer_init (&buffer, 0, 10000);
  add_stream (&buffer, 0, sizes, 1);
  ck_assert (cns_tcp_tx_buffer_update_sack (&buffer, blocks, 4, 1000));
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 0);
  ck_assert_uint_eq (size, 100);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 0, 100);
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 100);
  ck_assert_uint_eq (size, 50);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 100, 50);
  /* [200, 300): 3 segments above, lost */
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 200);
  ck_assert_uint_eq (size, 100);
  cns_tcp_tx_buffer_mark_retransmitted (&buffer, 200, 100);
  /* [400, 500): 2 segments, 200 bytes above: not lost, and new data is
   * all sent, so rule 3 gives it */
  ck_assert (!cns_tcp_tx_buffer_is_lost (&buffer, 400, 3, 100));
  ck_assert (cns_tcp_tx_buffer_next_seg (&buffer, 1000, 3, 100, &seq, &size));
  ck_assert_uint_eq (seq, 400);
  ck_assert_uint_eq (size, 100);
  cns_tcp_tx_buffer_clear (&buffer);
}
END_TEST

Suite *
test_tcp_tx_buffer_suite (void)
{
  Suite *s = suite_create ("tcp-tx-buffer");
  TCase *tc = tcase_create ("buffer");
  TCase *sack = tcase_create ("sack");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_tx_buffer_empty_and_small);
  tcase_add_test (tc, test_tx_buffer_add_until_full);
  tcase_add_test (tc, test_tx_buffer_copy_across_packets);
  tcase_add_test (tc, test_tx_buffer_copy_clipped_and_outside);
  tcase_add_test (tc, test_tx_buffer_copy_keeps_tags);
  tcase_add_test (tc, test_tx_buffer_discard_mid_packet);
  tcase_add_test (tc, test_tx_buffer_many_packets);
  tcase_add_test (tc, test_tx_buffer_wraparound);
  suite_add_tcase (s, tc);

  tcase_add_checked_fixture (sack, setup, teardown);
  tcase_add_test (sack, test_tx_buffer_sack_merge);
  tcase_add_test (sack, test_tx_buffer_sack_invalid);
  tcase_add_test (sack, test_tx_buffer_sack_discard);
  tcase_add_test (sack, test_tx_buffer_is_lost_segments);
  tcase_add_test (sack, test_tx_buffer_is_lost_bytes);
  tcase_add_test (sack, test_tx_buffer_pipe);
  tcase_add_test (sack, test_tx_buffer_pipe_unaligned);
  tcase_add_test (sack, test_tx_buffer_next_seg_rules);
  tcase_add_test (sack, test_tx_buffer_next_seg_rule3);
  tcase_add_test (sack, test_tx_buffer_next_seg_short_hole);
  tcase_add_test (sack, test_tx_buffer_next_unsacked);
  suite_add_tcase (s, sack);
  return s;
}
