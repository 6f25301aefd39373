/* cns — tests of the TCP receiver's buffer: reassembly, window, SACK
 * blocks and FIN.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-tcp-rx-buffer-private.h"
#include "internet/cns-tcp-tx-buffer-private.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

/* The byte every segment carries at sequence number @seq, whichever
 * segment brings it: a hash, so a byte from the wrong offset shows. */
static guint8
byte_at (guint32 seq)
{
  return (guint8) ((seq * 2654435761u) >> 24);
}

/* A payload of @size bytes from sequence number @seq on. */
static CnsPacket *
segment_new (guint32 seq, guint32 size)
{
  g_autofree guint8 *bytes = g_malloc (MAX (size, 1));

  for (guint32 i = 0; i < size; i++)
    bytes[i] = byte_at (seq + i);
  return cns_packet_new_from_data (bytes, size);
}

/* Adds a fresh segment; the test keeps no reference. */
static CnsTcpRxResult
add (CnsTcpRxBuffer *buffer, guint32 seq, guint32 size)
{
  g_autoptr (CnsPacket) payload = segment_new (seq, size);

  return cns_tcp_rx_buffer_add (buffer, payload, seq);
}

/* Checks that @packet holds exactly the bytes [@seq, @seq + @size). */
static void
assert_bytes (const CnsPacket *packet, guint32 seq, guint32 size)
{
  g_autofree guint8 *bytes = g_malloc (MAX (size, 1));

  ck_assert_ptr_nonnull (packet);
  ck_assert_uint_eq (cns_packet_get_size (packet), size);
  ck_assert_uint_eq (cns_packet_copy_data (packet, 0, bytes, size), size);
  for (guint32 i = 0; i < size; i++)
    ck_assert_msg (bytes[i] == byte_at (seq + i),
                   "byte %u (seq %u): %u, expected %u", i, seq + i, bytes[i],
                   byte_at (seq + i));
}

/* Extracts @size bytes and checks they are [@seq, @seq + @size). */
static void
assert_extract (CnsTcpRxBuffer *buffer, guint32 max_size, guint32 seq,
                guint32 size)
{
  g_autoptr (CnsPacket) packet = cns_tcp_rx_buffer_extract (buffer, max_size);

  assert_bytes (packet, seq, size);
}

static void
assert_state (const CnsTcpRxBuffer *buffer, guint32 next_seq, guint32 available,
              guint32 size)
{
  ck_assert_uint_eq (buffer->next_seq, next_seq);
  ck_assert_uint_eq (buffer->available, available);
  ck_assert_uint_eq (buffer->size, size);
}

#define assert_sack(buffer, max, ...)                                       \
  G_STMT_START                                                              \
    {                                                                       \
      const guint32 expected_[] = { __VA_ARGS__ };                          \
      CnsTcpSackBlock got_[8];                                              \
      guint n_ = cns_tcp_rx_buffer_get_sack_blocks ((buffer), got_, (max)); \
      ck_assert_uint_eq (n_, G_N_ELEMENTS (expected_) / 2);                 \
      for (guint i_ = 0; i_ < n_; i_++)                                     \
        {                                                                   \
          ck_assert_uint_eq (got_[i_].left, expected_[2 * i_]);             \
          ck_assert_uint_eq (got_[i_].right, expected_[2 * i_ + 1]);        \
        }                                                                   \
    }                                                                       \
  G_STMT_END

static void
assert_no_sack (const CnsTcpRxBuffer *buffer)
{
  CnsTcpSackBlock blocks[4];

  ck_assert_uint_eq (cns_tcp_rx_buffer_get_sack_blocks (buffer, blocks, 4), 0);
  ck_assert (!cns_tcp_rx_buffer_has_holes (buffer));
}

START_TEST (test_tcp_rx_buffer_size_and_empty)
{
  CnsTcpRxBuffer buffer;

  ck_assert_uint_le (sizeof (CnsTcpRxBuffer), 112);
  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  assert_state (&buffer, 1000, 0, 0);
  ck_assert_uint_eq (buffer.max_size, 10000);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 10000);
  /* nothing allocated while empty */
  ck_assert_ptr_null (buffer.in_order.head);
  ck_assert_ptr_null (buffer.out_of_order.head);
  ck_assert_ptr_null (cns_tcp_rx_buffer_extract (&buffer, 100));
  ck_assert (!cns_tcp_rx_buffer_is_finished (&buffer));
  assert_no_sack (&buffer);
  cns_tcp_rx_buffer_clear (&buffer);
  assert_state (&buffer, 1000, 0, 0);
}
END_TEST

START_TEST (test_tcp_rx_buffer_in_order_extract)
{
  CnsTcpRxBuffer buffer;
  g_autoptr (CnsPacket) second = segment_new (1100, 200);

  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1100, 100, 100);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 9900);
  /* the caller keeps its reference to the payload */
  ck_assert_int_eq (cns_tcp_rx_buffer_add (&buffer, second, 1100),
                    CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1300, 300, 300);
  ck_assert_int_eq (add (&buffer, 1300, 50), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1350, 350, 350);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 9650);
  assert_no_sack (&buffer);

  ck_assert_ptr_null (cns_tcp_rx_buffer_extract (&buffer, 0));
  /* within the first packet */
  assert_extract (&buffer, 30, 1000, 30);
  assert_state (&buffer, 1350, 320, 320);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 9680);
  /* the rest of the first, part of the second */
  assert_extract (&buffer, 100, 1030, 100);
  assert_state (&buffer, 1350, 220, 220);
  /* splitting the stored payload did not touch the caller's packet */
  assert_bytes (second, 1100, 200);
  /* more than there is: what there is */
  assert_extract (&buffer, 1000, 1130, 220);
  assert_state (&buffer, 1350, 0, 0);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 10000);
  ck_assert_ptr_null (cns_tcp_rx_buffer_extract (&buffer, 1000));
  assert_bytes (second, 1100, 200);

  /* reading never runs ahead of the data */
  ck_assert_int_eq (add (&buffer, 1350, 10), CNS_TCP_RX_IN_ORDER);
  assert_extract (&buffer, 10, 1350, 10);
  ck_assert_ptr_null (cns_tcp_rx_buffer_extract (&buffer, 10));
  cns_tcp_rx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tcp_rx_buffer_hole_filled)
{
  CnsTcpRxBuffer buffer;

  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1100, 100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1000, 0, 100);
  ck_assert (cns_tcp_rx_buffer_has_holes (&buffer));
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 9900);
  assert_sack (&buffer, 4, 1100, 1200);
  ck_assert_ptr_null (cns_tcp_rx_buffer_extract (&buffer, 1000));

  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1200, 200, 200);
  assert_no_sack (&buffer);
  assert_extract (&buffer, 1000, 1000, 200);
  assert_state (&buffer, 1200, 0, 0);

  /* a segment that fills the hole and runs on into the next gap */
  ck_assert_int_eq (add (&buffer, 1300, 100), CNS_TCP_RX_OUT_OF_ORDER);
  ck_assert_int_eq (add (&buffer, 1500, 100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1200, 0, 200);
  ck_assert_int_eq (add (&buffer, 1200, 250), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1450, 250, 350);
  assert_sack (&buffer, 4, 1500, 1600);
  ck_assert_int_eq (add (&buffer, 1450, 50), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1600, 400, 400);
  assert_no_sack (&buffer);
  assert_extract (&buffer, 400, 1200, 400);
  assert_state (&buffer, 1600, 0, 0);
}
END_TEST

START_TEST (test_tcp_rx_buffer_duplicates)
{
  CnsTcpRxBuffer buffer;

  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  /* wholly old */
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_DUPLICATE);
  ck_assert_int_eq (add (&buffer, 1050, 50), CNS_TCP_RX_DUPLICATE);
  ck_assert_int_eq (add (&buffer, 900, 50), CNS_TCP_RX_DUPLICATE);
  /* no bytes at all */
  ck_assert_int_eq (add (&buffer, 1100, 0), CNS_TCP_RX_DUPLICATE);
  assert_state (&buffer, 1100, 100, 100);
  /* partly old: only the new half is kept */
  ck_assert_int_eq (add (&buffer, 1050, 100), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1150, 150, 150);
  /* old bytes are cut after reading too */
  assert_extract (&buffer, 150, 1000, 150);
  ck_assert_int_eq (add (&buffer, 1120, 30), CNS_TCP_RX_DUPLICATE);
  ck_assert_int_eq (add (&buffer, 1140, 20), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1160, 10, 10);
  assert_extract (&buffer, 100, 1150, 10);
}
END_TEST

START_TEST (test_tcp_rx_buffer_overlaps_stored_once)
{
  CnsTcpRxBuffer buffer;

  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1200, 100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1000, 0, 100);
  /* overlaps the end */
  ck_assert_int_eq (add (&buffer, 1250, 100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1000, 0, 150);
  assert_sack (&buffer, 4, 1200, 1350);
  /* wholly held */
  ck_assert_int_eq (add (&buffer, 1200, 150), CNS_TCP_RX_DUPLICATE);
  ck_assert_int_eq (add (&buffer, 1210, 20), CNS_TCP_RX_DUPLICATE);
  assert_state (&buffer, 1000, 0, 150);
  /* covers it with room on both sides */
  ck_assert_int_eq (add (&buffer, 1150, 300), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1000, 0, 300);
  assert_sack (&buffer, 4, 1150, 1450);
  ck_assert_int_eq (add (&buffer, 1500, 50), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1000, 0, 350);
  assert_sack (&buffer, 4, 1500, 1550, 1150, 1450);
  /* spans both blocks and the gap between: new are 1100-1150, 1450-1500
   * and 1550-1600 */
  ck_assert_int_eq (add (&buffer, 1100, 500), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1000, 0, 500);
  assert_sack (&buffer, 4, 1100, 1600);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 9500);

  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1600, 600, 600);
  assert_no_sack (&buffer);
  /* every piece in its place */
  assert_extract (&buffer, 600, 1000, 600);
  assert_state (&buffer, 1600, 0, 0);
}
END_TEST

START_TEST (test_tcp_rx_buffer_window_edge)
{
  CnsTcpRxBuffer buffer;

  /* holds 1000 bytes: accepts below first unread + 1000 */
  cns_tcp_rx_buffer_init (&buffer, 1000, 1000);
  ck_assert_int_eq (add (&buffer, 1000, 300), CNS_TCP_RX_IN_ORDER);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 700);
  /* 1900-2100: the 100 bytes from the edge (2000) on are cut */
  ck_assert_int_eq (add (&buffer, 1900, 200), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 1300, 300, 400);
  assert_sack (&buffer, 4, 1900, 2000);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 600);
  ck_assert_int_eq (add (&buffer, 2000, 10), CNS_TCP_RX_OUTSIDE_WINDOW);
  ck_assert_int_eq (add (&buffer, 2500, 10), CNS_TCP_RX_OUTSIDE_WINDOW);
  assert_state (&buffer, 1300, 300, 400);
  /* fills the hole, and past the edge */
  ck_assert_int_eq (add (&buffer, 1300, 800), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 2000, 1000, 1000);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 0);
  assert_no_sack (&buffer);

  /* reading 100 moves the edge to 2100 */
  assert_extract (&buffer, 100, 1000, 100);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 100);
  ck_assert_int_eq (add (&buffer, 2000, 300), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 2100, 1000, 1000);
  assert_extract (&buffer, 5000, 1100, 1000);
  assert_state (&buffer, 2100, 0, 0);
}
END_TEST

START_TEST (test_tcp_rx_buffer_full)
{
  CnsTcpRxBuffer buffer;

  cns_tcp_rx_buffer_init (&buffer, 0, 500);
  ck_assert_int_eq (add (&buffer, 0, 500), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 500, 500, 500);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 0);
  ck_assert_int_eq (add (&buffer, 500, 100), CNS_TCP_RX_OUTSIDE_WINDOW);
  ck_assert_int_eq (add (&buffer, 600, 1), CNS_TCP_RX_OUTSIDE_WINDOW);
  /* old bytes and bytes beyond the edge, none inside */
  ck_assert_int_eq (add (&buffer, 400, 200), CNS_TCP_RX_DUPLICATE);
  assert_state (&buffer, 500, 500, 500);
  assert_no_sack (&buffer);

  /* one byte read, one byte of room */
  assert_extract (&buffer, 1, 0, 1);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 1);
  ck_assert_int_eq (add (&buffer, 500, 100), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 501, 500, 500);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 0);
  assert_extract (&buffer, 500, 1, 500);

  /* a smaller buffer than the data held: no window, nothing accepted */
  ck_assert_int_eq (add (&buffer, 501, 300), CNS_TCP_RX_IN_ORDER);
  buffer.max_size = 200;
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 0);
  ck_assert_int_eq (add (&buffer, 801, 10), CNS_TCP_RX_OUTSIDE_WINDOW);
  ck_assert_int_eq (add (&buffer, 700, 200), CNS_TCP_RX_DUPLICATE);
  assert_state (&buffer, 801, 300, 300);
  cns_tcp_rx_buffer_clear (&buffer);
  assert_state (&buffer, 801, 0, 0);
  ck_assert_uint_eq (buffer.max_size, 200);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 200);
}
END_TEST

START_TEST (test_tcp_rx_buffer_sack_blocks)
{
  CnsTcpRxBuffer buffer;
  CnsTcpSackBlock blocks[4];

  cns_tcp_rx_buffer_init (&buffer, 0, 100000);
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_OUT_OF_ORDER);
  ck_assert_int_eq (add (&buffer, 3000, 100), CNS_TCP_RX_OUT_OF_ORDER);
  ck_assert_int_eq (add (&buffer, 2000, 100), CNS_TCP_RX_OUT_OF_ORDER);
  /* the latest first, then highest first */
  assert_sack (&buffer, 4, 2000, 2100, 3000, 3100, 1000, 1100);
  ck_assert_int_eq (add (&buffer, 5000, 100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_sack (&buffer, 4, 5000, 5100, 3000, 3100, 2000, 2100, 1000, 1100);
  assert_sack (&buffer, 3, 5000, 5100, 3000, 3100, 2000, 2100);
  /* growing the lowest block makes it the latest */
  ck_assert_int_eq (add (&buffer, 1100, 100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_sack (&buffer, 3, 1000, 1200, 5000, 5100, 3000, 3100);
  /* a segment held already: its block is reported first (RFC 2018, 4) */
  ck_assert_int_eq (add (&buffer, 3000, 50), CNS_TCP_RX_DUPLICATE);
  assert_sack (&buffer, 3, 3000, 3100, 5000, 5100, 2000, 2100);
  /* filling the gap between two blocks makes them one */
  ck_assert_int_eq (add (&buffer, 2100, 900), CNS_TCP_RX_OUT_OF_ORDER);
  assert_sack (&buffer, 4, 2000, 3100, 5000, 5100, 1000, 1200);
  assert_sack (&buffer, 1, 2000, 3100);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_sack_blocks (&buffer, blocks, 0), 0);
  assert_state (&buffer, 0, 0, 1400);

  /* blocks that move in order leave the list; the latest stays first */
  ck_assert_int_eq (add (&buffer, 0, 1000), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 1200, 1200, 2400);
  assert_sack (&buffer, 4, 2000, 3100, 5000, 5100);
  ck_assert_int_eq (add (&buffer, 1200, 800), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 3100, 3100, 3200);
  assert_sack (&buffer, 4, 5000, 5100);
  ck_assert_int_eq (add (&buffer, 3100, 1900), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 5100, 5100, 5100);
  assert_no_sack (&buffer);
  assert_extract (&buffer, 10000, 0, 5100);
}
END_TEST

START_TEST (test_tcp_rx_buffer_fin)
{
  CnsTcpRxBuffer buffer;

  /* right after the data */
  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  cns_tcp_rx_buffer_set_fin (&buffer, 1100);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 1101, 100, 100);
  /* a second, different FIN changes nothing; nor does data beyond it */
  cns_tcp_rx_buffer_set_fin (&buffer, 1200);
  cns_tcp_rx_buffer_set_fin (&buffer, 1100);
  ck_assert_int_eq (add (&buffer, 1101, 10), CNS_TCP_RX_OUTSIDE_WINDOW);
  ck_assert_int_eq (add (&buffer, 1050, 50), CNS_TCP_RX_DUPLICATE);
  assert_state (&buffer, 1101, 100, 100);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  assert_extract (&buffer, 1000, 1000, 100);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  cns_tcp_rx_buffer_clear (&buffer);

  /* a FIN below RCV.NXT is ignored: the real one still counts */
  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  cns_tcp_rx_buffer_set_fin (&buffer, 1050);
  ck_assert (!cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 1100, 100, 100);
  cns_tcp_rx_buffer_set_fin (&buffer, 1100);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 1101, 100, 100);
  cns_tcp_rx_buffer_clear (&buffer);

  /* after a hole fills */
  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1100, 100), CNS_TCP_RX_OUT_OF_ORDER);
  cns_tcp_rx_buffer_set_fin (&buffer, 1200);
  ck_assert (!cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 1000, 0, 100);
  cns_tcp_rx_buffer_set_fin (&buffer, 1300); /* the first one wins */
  /* bytes at and beyond the FIN are refused */
  ck_assert_int_eq (add (&buffer, 1200, 10), CNS_TCP_RX_OUTSIDE_WINDOW);
  ck_assert_int_eq (add (&buffer, 1000, 50), CNS_TCP_RX_IN_ORDER);
  ck_assert (!cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 1050, 50, 150);
  /* the last piece, running past the FIN: cut at it */
  ck_assert_int_eq (add (&buffer, 1050, 200), CNS_TCP_RX_IN_ORDER);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 1201, 200, 200);
  assert_extract (&buffer, 1000, 1000, 200);
  cns_tcp_rx_buffer_clear (&buffer);

  /* a FIN below bytes held out of order is ignored */
  cns_tcp_rx_buffer_init (&buffer, 0, 10000);
  ck_assert_int_eq (add (&buffer, 100, 100), CNS_TCP_RX_OUT_OF_ORDER);
  cns_tcp_rx_buffer_set_fin (&buffer, 150);
  cns_tcp_rx_buffer_set_fin (&buffer, 200);
  ck_assert_int_eq (add (&buffer, 0, 100), CNS_TCP_RX_IN_ORDER);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 201, 200, 200);
  /* clear() forgets the FIN, keeps RCV.NXT */
  cns_tcp_rx_buffer_clear (&buffer);
  ck_assert (!cns_tcp_rx_buffer_is_finished (&buffer));
  assert_state (&buffer, 201, 0, 0);
}
END_TEST

START_TEST (test_tcp_rx_buffer_wraparound)
{
  CnsTcpRxBuffer buffer;

  cns_tcp_rx_buffer_init (&buffer, 0xffffff00u, 10000);
  /* out of order across 2^32 */
  ck_assert_int_eq (add (&buffer, 0xffffff80u, 0x100), CNS_TCP_RX_OUT_OF_ORDER);
  assert_sack (&buffer, 4, 0xffffff80u, 0x80);
  ck_assert_int_eq (add (&buffer, 0x100, 0x80), CNS_TCP_RX_OUT_OF_ORDER);
  assert_sack (&buffer, 4, 0x100, 0x180, 0xffffff80u, 0x80);
  ck_assert_int_eq (add (&buffer, 0xfffffff0u, 0x20), CNS_TCP_RX_DUPLICATE);
  assert_state (&buffer, 0xffffff00u, 0, 0x180);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 10000 - 0x180);

  ck_assert_int_eq (add (&buffer, 0xffffff00u, 0x80), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 0x80, 0x180, 0x200);
  assert_sack (&buffer, 4, 0x100, 0x180);
  /* old bytes from before 2^32 */
  ck_assert_int_eq (add (&buffer, 0xfffffff0u, 0x20), CNS_TCP_RX_DUPLICATE);
  ck_assert_int_eq (add (&buffer, 0xfffffff0u, 0x10), CNS_TCP_RX_DUPLICATE);
  assert_extract (&buffer, 0x100, 0xffffff00u, 0x100);
  ck_assert_int_eq (add (&buffer, 0x70, 0x90), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 0x180, 0x180, 0x180);
  assert_no_sack (&buffer);
  cns_tcp_rx_buffer_set_fin (&buffer, 0x180);
  ck_assert (cns_tcp_rx_buffer_is_finished (&buffer));
  ck_assert_uint_eq (buffer.next_seq, 0x181);
  assert_extract (&buffer, 0x1000, 0, 0x180);
  cns_tcp_rx_buffer_clear (&buffer);

  /* a window edge past 2^32: 0xfffffe00 + 0x300 = 0x100 */
  cns_tcp_rx_buffer_init (&buffer, 0xfffffe00u, 0x300);
  ck_assert_int_eq (add (&buffer, 0xffffff00u, 0x300), CNS_TCP_RX_OUT_OF_ORDER);
  assert_state (&buffer, 0xfffffe00u, 0, 0x200);
  assert_sack (&buffer, 4, 0xffffff00u, 0x100);
  ck_assert_int_eq (add (&buffer, 0x100, 1), CNS_TCP_RX_OUTSIDE_WINDOW);
  ck_assert_int_eq (add (&buffer, 0xfffffe00u, 0x100), CNS_TCP_RX_IN_ORDER);
  assert_state (&buffer, 0x100, 0x300, 0x300);
  ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer), 0);
  assert_extract (&buffer, 0x300, 0xfffffe00u, 0x300);
  cns_tcp_rx_buffer_clear (&buffer);
}
END_TEST

START_TEST (test_tcp_rx_buffer_clear)
{
  CnsTcpRxBuffer buffer;

  cns_tcp_rx_buffer_init (&buffer, 1000, 10000);
  ck_assert_int_eq (add (&buffer, 1000, 100), CNS_TCP_RX_IN_ORDER);
  ck_assert_int_eq (add (&buffer, 1200, 100), CNS_TCP_RX_OUT_OF_ORDER);
  ck_assert_int_eq (add (&buffer, 1400, 100), CNS_TCP_RX_OUT_OF_ORDER);
  cns_tcp_rx_buffer_clear (&buffer);
  assert_state (&buffer, 1100, 0, 0);
  ck_assert_uint_eq (buffer.max_size, 10000);
  assert_no_sack (&buffer);
  ck_assert_ptr_null (buffer.in_order.head);
  ck_assert_ptr_null (cns_tcp_rx_buffer_extract (&buffer, 100));
  /* used again */
  ck_assert_int_eq (add (&buffer, 1100, 50), CNS_TCP_RX_IN_ORDER);
  assert_extract (&buffer, 100, 1100, 50);
}
END_TEST

/* Random segments (fixed seed) against a model that marks each byte
 * received in an array: the results, the counters, the bytes read and
 * the SACK blocks must agree with it after every step. The stream starts
 * just below 2^32 so that it wraps. */
#define MODEL_START    0xfffff000u
#define MODEL_MAX_SIZE 3000
#define MODEL_LENGTH   200000

START_TEST (test_tcp_rx_buffer_random_against_model)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);
  g_autofree gboolean *held = g_new0 (gboolean, MODEL_LENGTH);
  CnsTcpRxBuffer buffer;
  guint32 read = 0;   /* offsets from MODEL_START: first unread byte */
  guint32 next = 0;   /* RCV.NXT */
  guint32 size = 0;   /* bytes held */
  guint32 latest = 0; /* a byte of the latest out-of-order segment */
  guint n_in_order = 0;
  guint n_out_of_order = 0;
  guint n_duplicate = 0;
  guint n_outside = 0;

  cns_tcp_rx_buffer_init (&buffer, MODEL_START, MODEL_MAX_SIZE);
  while (next < MODEL_LENGTH - 2 * MODEL_MAX_SIZE)
    {
      guint32 offset = next + g_rand_int_range (rand, 0, MODEL_MAX_SIZE + 400);
      guint32 length = g_rand_int_range (rand, 0, 600);
      guint32 edge = read + MODEL_MAX_SIZE;
      guint32 added = 0;
      CnsTcpRxResult expected;
      CnsTcpSackBlock blocks[64];
      guint n_blocks;
      guint n_runs = 0;

      offset = offset >= 200 ? offset - 200 : 0;
      if (length == 0)
        expected = CNS_TCP_RX_DUPLICATE;
      else if (offset >= edge)
        expected = CNS_TCP_RX_OUTSIDE_WINDOW;
      else
        {
          guint32 first = MAX (offset, next);

          for (guint32 i = first; i < MIN (offset + length, edge); i++)
            if (!held[i])
              {
                held[i] = TRUE;
                added++;
              }
          size += added;
          if (held[next] && added > 0)
            {
              while (held[next])
                next++;
              expected = CNS_TCP_RX_IN_ORDER;
            }
          else
            {
              expected
                  = added > 0 ? CNS_TCP_RX_OUT_OF_ORDER : CNS_TCP_RX_DUPLICATE;
              if (first < MIN (offset + length, edge))
                latest = first;
            }
        }
      ck_assert_int_eq (add (&buffer, MODEL_START + offset, length), expected);
      n_in_order += expected == CNS_TCP_RX_IN_ORDER;
      n_out_of_order += expected == CNS_TCP_RX_OUT_OF_ORDER;
      n_duplicate += expected == CNS_TCP_RX_DUPLICATE;
      n_outside += expected == CNS_TCP_RX_OUTSIDE_WINDOW;
      assert_state (&buffer, MODEL_START + next, next - read, size);
      ck_assert_uint_eq (cns_tcp_rx_buffer_get_window (&buffer),
                         MODEL_MAX_SIZE - size);

      /* the SACK blocks: every run held above RCV.NXT, the latest first
       * (when still held), the others from the highest down */
      n_blocks = cns_tcp_rx_buffer_get_sack_blocks (&buffer, blocks,
                                                    G_N_ELEMENTS (blocks));
      for (guint32 i = next; i < edge; i++)
        if (held[i] && !held[i - 1])
          {
            guint32 end = i;
            gboolean found = FALSE;

            while (held[end])
              end++;
            for (guint b = 0; b < n_blocks; b++)
              found |= blocks[b].left == MODEL_START + i
                       && blocks[b].right == MODEL_START + end;
            ck_assert_msg (found, "run %u-%u not reported", i, end);
            n_runs++;
            if (i <= latest && latest < end)
              {
                ck_assert_uint_eq (blocks[0].left, MODEL_START + i);
                ck_assert_uint_eq (blocks[0].right, MODEL_START + end);
              }
          }
      ck_assert_uint_eq (n_blocks, n_runs);
      ck_assert (cns_tcp_rx_buffer_has_holes (&buffer) == (n_runs > 0));
      for (guint b = 2; b < n_blocks; b++)
        ck_assert (CNS_TCP_SEQ_LT (blocks[b].left, blocks[b - 1].left));

      /* the application reads now and then */
      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          guint32 want = g_rand_int_range (rand, 1, 2000);
          guint32 got = MIN (want, next - read);
          g_autoptr (CnsPacket) packet
              = cns_tcp_rx_buffer_extract (&buffer, want);

          if (got == 0)
            ck_assert_ptr_null (packet);
          else
            assert_bytes (packet, MODEL_START + read, got);
          read += got;
          size -= got;
          assert_state (&buffer, MODEL_START + next, next - read, size);
        }
    }
  /* every kind of outcome came up, many times */
  ck_assert_uint_gt (n_in_order, 100);
  ck_assert_uint_gt (n_out_of_order, 100);
  ck_assert_uint_gt (n_duplicate, 100);
  ck_assert_uint_gt (n_outside, 100);
  cns_tcp_rx_buffer_clear (&buffer);
}
END_TEST

Suite *
test_tcp_rx_buffer_suite (void)
{
  Suite *s = suite_create ("tcp-rx-buffer");
  TCase *tc = tcase_create ("core");

  tcase_add_checked_fixture (tc, cns_test_reset, NULL);
  tcase_add_test (tc, test_tcp_rx_buffer_size_and_empty);
  tcase_add_test (tc, test_tcp_rx_buffer_in_order_extract);
  tcase_add_test (tc, test_tcp_rx_buffer_hole_filled);
  tcase_add_test (tc, test_tcp_rx_buffer_duplicates);
  tcase_add_test (tc, test_tcp_rx_buffer_overlaps_stored_once);
  tcase_add_test (tc, test_tcp_rx_buffer_window_edge);
  tcase_add_test (tc, test_tcp_rx_buffer_full);
  tcase_add_test (tc, test_tcp_rx_buffer_sack_blocks);
  tcase_add_test (tc, test_tcp_rx_buffer_fin);
  tcase_add_test (tc, test_tcp_rx_buffer_wraparound);
  tcase_add_test (tc, test_tcp_rx_buffer_clear);
  tcase_add_test (tc, test_tcp_rx_buffer_random_against_model);
  suite_add_tcase (s, tc);
  return s;
}
