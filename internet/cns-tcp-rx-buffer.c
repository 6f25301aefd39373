/* cns — a TCP receiver's buffer: reassembly and SACK blocks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The receiver of RFC 9293 keeps the bytes of a connection from the first
 * one the application has not read up to RCV.NXT, and may keep bytes that
 * arrived above a hole until the hole fills (3.10.7.4: segments "held for
 * later processing"). This buffer does both, for one socket:
 *
 * - In-order bytes are a queue of packets: the segments' payloads, or
 *   fragments of them where a segment was trimmed. Nothing is copied when
 *   a segment arrives; cns_tcp_rx_buffer_extract() joins packets only
 *   when the application reads.
 * - Out-of-order bytes are a list of blocks sorted by sequence number,
 *   each a range [left, right) with the packets that cover it in order.
 *   Blocks never touch: data that fills the gap between two blocks merges
 *   them, and the part of a segment that overlaps data already held is
 *   cut off before it is kept, so no byte is stored twice and each block
 *   is exactly one SACK block (RFC 2018) to report. Connections hold a few
 *   blocks at most, so a list walked from the front is the right shape.
 * - A segment is clipped to the window first, the block list updated,
 *   and then, if the lowest block now starts at RCV.NXT, that block moves
 *   to the in-order queue whole. One path for all cases keeps the
 *   in-order/out-of-order corner cases (a segment that fills a hole and
 *   runs into the next gap, say) out of the code.
 *
 * The receiver holds at most @max_size bytes, in order and out of order
 * together, so it accepts bytes below first-unread + @max_size, that is
 * (RCV.NXT - @available) + @max_size: bytes out of order already lie
 * below that edge, so they never push the total over.
 *
 * Sequence numbers wrap at 2^32 and are compared as RFC 9293 3.4 says,
 * with the CNS_TCP_SEQ_* macros; segments are shorter than 2^31 bytes.
 *
 * The struct is embedded in the socket: two empty GQueues and a few
 * integers, so an idle connection's buffer allocates nothing.
 */
#include "internet/cns-tcp-rx-buffer-private.h"

#include "internet/cns-tcp-tx-buffer-private.h"

/* A run of out-of-order bytes, [left, right), never touching another. */
typedef struct
{
  guint32 left;
  guint32 right;
  GQueue packets; /* of CnsPacket, covering [left, right) in order */
} RxBlock;

static void
rx_block_free (RxBlock *block)
{
  g_queue_clear_full (&block->packets, cns_packet_unref_notify);
  g_free (block);
}

static void
rx_block_free_notify (gpointer block)
{
  rx_block_free (block);
}

/* Moves every packet of @src to the end of @dst in O(1), leaving @src
 * empty: a block joined to another, or to the in-order queue, may hold
 * hundreds of segments after a loss. */
static void
queue_move_all (GQueue *dst, GQueue *src)
{
  if (src->head == NULL)
    return;
  if (dst->tail == NULL)
    *dst = *src;
  else
    {
      dst->tail->next = src->head;
      src->head->prev = dst->tail;
      dst->tail = src->tail;
      dst->length += src->length;
    }
  g_queue_init (src);
}

/* Our own reference to bytes [offset, offset + size) of @payload. */
static CnsPacket *
take_piece (const CnsPacket *payload, guint32 offset, guint32 size)
{
  if (offset == 0 && size == cns_packet_get_size (payload))
    return cns_packet_ref ((CnsPacket *) payload);
  return cns_packet_create_fragment (payload, offset, size);
}

/* Keeps the bytes of [@start, @end) that no block holds yet, @payload
 * starting at @seq; @start is at or above RCV.NXT. Returns the number of
 * new bytes and sets *@target to the block now holding @start. */
static guint32
insert_range (CnsTcpRxBuffer *buffer, const CnsPacket *payload, guint32 seq,
              guint32 start, guint32 end, RxBlock **target)
{
  GList *link = buffer->out_of_order.head;
  RxBlock *block;
  guint32 added = 0;
  guint32 cur;

  /* the first block that ends at or after start: blocks before it lie
   * wholly below, with a gap */
  while (link != NULL
         && CNS_TCP_SEQ_LT (((RxBlock *) link->data)->right, start))
    link = link->next;

  if (link == NULL || CNS_TCP_SEQ_GT (((RxBlock *) link->data)->left, end))
    {
      /* touches no block: a block of its own */
      block = g_new0 (RxBlock, 1);
      block->left = start;
      block->right = end;
      g_queue_push_tail (&block->packets,
                         take_piece (payload, start - seq, end - start));
      if (link == NULL)
        g_queue_push_tail (&buffer->out_of_order, block);
      else
        g_queue_insert_before (&buffer->out_of_order, link, block);
      *target = block;
      return end - start;
    }

  /* grow the block it touches, swallowing the blocks it reaches */
  block = link->data;
  if (CNS_TCP_SEQ_LT (start, block->left))
    {
      g_queue_push_head (&block->packets, take_piece (payload, start - seq,
                                                      block->left - start));
      added += block->left - start;
      block->left = start;
    }
  cur = block->right;
  while (CNS_TCP_SEQ_LT (cur, end))
    {
      GList *next = link->next;
      RxBlock *other = next != NULL ? next->data : NULL;

      if (other != NULL && CNS_TCP_SEQ_LEQ (other->left, end))
        {
          /* fill the gap up to the next block and join it */
          g_queue_push_tail (&block->packets, take_piece (payload, cur - seq,
                                                          other->left - cur));
          added += other->left - cur;
          queue_move_all (&block->packets, &other->packets);
          block->right = other->right;
          g_queue_delete_link (&buffer->out_of_order, next);
          rx_block_free (other);
        }
      else
        {
          g_queue_push_tail (&block->packets,
                             take_piece (payload, cur - seq, end - cur));
          added += end - cur;
          block->right = end;
        }
      cur = block->right;
    }
  *target = block;
  return added;
}

/* Moves RCV.NXT past the FIN once every byte before it is in. */
static void
consume_fin (CnsTcpRxBuffer *buffer)
{
  if (buffer->has_fin && buffer->next_seq == buffer->fin_seq)
    buffer->next_seq++;
}

/**
 * cns_tcp_rx_buffer_init:
 * @buffer: a buffer to set up, not holding data (zeroed, cleared or never
 *   used)
 * @next_seq: RCV.NXT: the sequence number of the first byte to come,
 *   IRS + 1 once the SYN is in
 * @max_size: the most bytes it holds, in order and out of order together
 *
 * Sets up an empty buffer. Allocates nothing.
 */
void
cns_tcp_rx_buffer_init (CnsTcpRxBuffer *buffer, guint32 next_seq,
                        guint32 max_size)
{
  g_return_if_fail (buffer != NULL);
  buffer->next_seq = next_seq;
  buffer->available = 0;
  buffer->size = 0;
  buffer->max_size = max_size;
  g_queue_init (&buffer->in_order);
  g_queue_init (&buffer->out_of_order);
  buffer->fin_seq = 0;
  buffer->has_fin = FALSE;
  buffer->last_seq = 0;
  buffer->has_last = FALSE;
}

/**
 * cns_tcp_rx_buffer_clear:
 *
 * Drops every byte held, in order and out of order, and the peer's FIN if
 * one was set, releasing the buffer's references to packets. @next_seq
 * and @max_size stay as they are; the buffer can be used again.
 */
void
cns_tcp_rx_buffer_clear (CnsTcpRxBuffer *buffer)
{
  g_return_if_fail (buffer != NULL);
  g_queue_clear_full (&buffer->in_order, cns_packet_unref_notify);
  g_queue_clear_full (&buffer->out_of_order, rx_block_free_notify);
  buffer->available = 0;
  buffer->size = 0;
  buffer->has_fin = FALSE;
  buffer->has_last = FALSE;
}

/**
 * cns_tcp_rx_buffer_get_window:
 *
 * The receive window before window scaling: the room left, @max_size
 * less every byte held (in order and out of order). Out-of-order bytes
 * count, so the right edge this gives (RCV.NXT + window) can lie below
 * the edge cns_tcp_rx_buffer_add() accepts up to; it never lies above it.
 *
 * Returns: @max_size - @size, or 0 when the buffer holds that much or
 * more.
 */
guint32
cns_tcp_rx_buffer_get_window (const CnsTcpRxBuffer *buffer)
{
  g_return_val_if_fail (buffer != NULL, 0);
  return buffer->size < buffer->max_size ? buffer->max_size - buffer->size : 0;
}

/**
 * cns_tcp_rx_buffer_add:
 * @buffer: the receiver's buffer
 * @payload: (transfer none): the segment's data, its TCP header removed
 * @seq: the sequence number of the payload's first byte (SEG.SEQ, plus
 *   one when the segment carries a SYN)
 *
 * Keeps the new bytes of a segment. Bytes below RCV.NXT were received
 * before and are cut off; so are bytes at or beyond the edge the buffer
 * accepts, (RCV.NXT - @available) + @max_size (and beyond the peer's FIN
 * when one was set), and bytes already held out of order. What is left
 * is kept as a reference to @payload or fragments sharing its bytes (no
 * copy): the caller keeps its reference, and since @payload may now be
 * shared, changes it only through cns_packet_make_writable().
 *
 * When the new bytes start at RCV.NXT, @next_seq and @available move past
 * them and past any out-of-order data they join (and past the FIN, when
 * it comes next). Otherwise they are kept out of order and their block
 * becomes the first SACK block; a segment wholly held already above
 * RCV.NXT makes its block the first SACK block too, as RFC 2018, 4 asks
 * for the segment that triggered the ACK.
 *
 * A zero-length payload carries no bytes and is %CNS_TCP_RX_DUPLICATE
 * wherever it lies: whether an empty segment is acceptable (RFC 9293,
 * 3.10.7.4) is the socket's check.
 *
 * Returns: %CNS_TCP_RX_IN_ORDER when RCV.NXT moved,
 * %CNS_TCP_RX_OUT_OF_ORDER when new bytes were kept above a hole,
 * %CNS_TCP_RX_OUTSIDE_WINDOW when the payload starts at or beyond the
 * edge (with a full buffer, even at RCV.NXT), %CNS_TCP_RX_DUPLICATE when
 * nothing in it was new.
 */
CnsTcpRxResult
cns_tcp_rx_buffer_add (CnsTcpRxBuffer *buffer, const CnsPacket *payload,
                       guint32 seq)
{
  guint32 length;
  guint32 edge;
  guint32 start;
  guint32 end;
  guint32 added;
  RxBlock *block;

  g_return_val_if_fail (buffer != NULL, CNS_TCP_RX_DUPLICATE);
  g_return_val_if_fail (payload != NULL, CNS_TCP_RX_DUPLICATE);

  length = cns_packet_get_size (payload);
  if (length == 0)
    return CNS_TCP_RX_DUPLICATE;

  edge = buffer->next_seq - buffer->available + buffer->max_size;
  if (buffer->has_fin && CNS_TCP_SEQ_LT (buffer->fin_seq, edge))
    edge = buffer->fin_seq;
  if (CNS_TCP_SEQ_LT (edge, buffer->next_seq))
    edge = buffer->next_seq;
  if (CNS_TCP_SEQ_GEQ (seq, edge))
    return CNS_TCP_RX_OUTSIDE_WINDOW;

  start = CNS_TCP_SEQ_LT (seq, buffer->next_seq) ? buffer->next_seq : seq;
  end = seq + length;
  if (CNS_TCP_SEQ_GT (end, edge))
    end = edge;
  if (CNS_TCP_SEQ_LEQ (end, start))
    return CNS_TCP_RX_DUPLICATE;

  added = insert_range (buffer, payload, seq, start, end, &block);
  buffer->size += added;

  if (block->left == buffer->next_seq)
    {
      /* the lowest block now starts at RCV.NXT: it is in order, whole */
      queue_move_all (&buffer->in_order, &block->packets);
      buffer->available += block->right - block->left;
      buffer->next_seq = block->right;
      if (buffer->has_last && CNS_TCP_SEQ_LT (buffer->last_seq, block->right))
        buffer->has_last = FALSE;
      g_queue_delete_link (&buffer->out_of_order, buffer->out_of_order.head);
      rx_block_free (block);
      consume_fin (buffer);
      return CNS_TCP_RX_IN_ORDER;
    }

  buffer->last_seq = start;
  buffer->has_last = TRUE;
  return added > 0 ? CNS_TCP_RX_OUT_OF_ORDER : CNS_TCP_RX_DUPLICATE;
}

/**
 * cns_tcp_rx_buffer_set_fin:
 * @fin_seq: the sequence number the peer's FIN occupies
 *
 * Notes the peer's FIN. When every byte before it is in (at once, or
 * later as holes fill), @next_seq moves one past it and
 * cns_tcp_rx_buffer_is_finished() turns %TRUE. From now on no byte at or
 * beyond @fin_seq is accepted.
 *
 * Ignored, as a peer's error or a retransmission: a FIN below @next_seq
 * (one already passed, or bytes already in beyond it), a FIN below bytes
 * already held out of order, and any FIN after the first (the first one
 * wins).
 */
void
cns_tcp_rx_buffer_set_fin (CnsTcpRxBuffer *buffer, guint32 fin_seq)
{
  RxBlock *highest;

  g_return_if_fail (buffer != NULL);
  if (buffer->has_fin || CNS_TCP_SEQ_LT (fin_seq, buffer->next_seq))
    return;
  highest = g_queue_peek_tail (&buffer->out_of_order);
  if (highest != NULL && CNS_TCP_SEQ_LT (fin_seq, highest->right))
    return;
  buffer->fin_seq = fin_seq;
  buffer->has_fin = TRUE;
  consume_fin (buffer);
}

/**
 * cns_tcp_rx_buffer_is_finished:
 *
 * Returns: whether @next_seq has moved past the peer's FIN: the peer will
 * send no more, though in-order bytes may still wait to be read.
 */
gboolean
cns_tcp_rx_buffer_is_finished (const CnsTcpRxBuffer *buffer)
{
  g_return_val_if_fail (buffer != NULL, FALSE);
  return buffer->has_fin && buffer->next_seq == buffer->fin_seq + 1;
}

/**
 * cns_tcp_rx_buffer_extract:
 * @max_size: the most bytes to take
 *
 * Takes the first in-order bytes, up to @max_size of them, as the
 * application reads. The packets held are joined (and the last one
 * split) as needed; byte tags go along with their bytes.
 *
 * Returns: (transfer full) (nullable): a new packet of
 * MIN (@max_size, @available) bytes, with the uid of the segment that
 * brought its first byte, or %NULL when no in-order byte waits or
 * @max_size is 0.
 */
CnsPacket *
cns_tcp_rx_buffer_extract (CnsTcpRxBuffer *buffer, guint32 max_size)
{
  CnsPacket *result = NULL;
  guint32 want;
  guint32 left;

  g_return_val_if_fail (buffer != NULL, NULL);
  want = MIN (max_size, buffer->available);
  if (want == 0)
    return NULL;

  left = want;
  while (left > 0)
    {
      CnsPacket *head = g_queue_peek_head (&buffer->in_order);
      guint32 size = cns_packet_get_size (head);
      CnsPacket *piece;

      if (size <= left)
        {
          piece = g_queue_pop_head (&buffer->in_order);
          left -= size;
        }
      else
        {
          piece = cns_packet_create_fragment (head, 0, left);
          head
              = cns_packet_make_writable (g_queue_pop_head (&buffer->in_order));
          cns_packet_remove_at_start (head, left);
          g_queue_push_head (&buffer->in_order, head);
          left = 0;
        }

      if (result == NULL)
        result = cns_packet_make_writable (piece);
      else
        {
          cns_packet_add_at_end (result, piece);
          cns_packet_unref (piece);
        }
    }

  buffer->available -= want;
  buffer->size -= want;
  return result;
}

/**
 * cns_tcp_rx_buffer_get_sack_blocks:
 * @blocks: (out caller-allocates) (array length=max): where to write
 * @max: the most blocks to write (%CNS_TCP_MAX_SACK_BLOCKS, or fewer when
 *   other options take room)
 *
 * The ranges held out of order, for a SACK option: each block is a whole
 * run of bytes held (adjacent data was merged), [left, right). First the
 * block holding the latest segment that arrived out of order, as RFC 2018,
 * 4 requires. RFC 2018 orders the rest by how recently they were
 * reported; this buffer keeps no such history and lists them from the
 * highest sequence number down instead: recent segments mostly lie
 * highest, and a sender that only reads the first blocks still learns of
 * the newest holes.
 *
 * Returns: the number of blocks written, at most @max; 0 when nothing is
 * held out of order.
 */
guint
cns_tcp_rx_buffer_get_sack_blocks (const CnsTcpRxBuffer *buffer,
                                   CnsTcpSackBlock *blocks, guint max)
{
  const RxBlock *first = NULL;
  guint n = 0;

  g_return_val_if_fail (buffer != NULL, 0);
  g_return_val_if_fail (blocks != NULL || max == 0, 0);

  if (buffer->has_last)
    for (GList *l = buffer->out_of_order.head; l != NULL; l = l->next)
      {
        const RxBlock *block = l->data;

        if (CNS_TCP_SEQ_LEQ (block->left, buffer->last_seq)
            && CNS_TCP_SEQ_LT (buffer->last_seq, block->right))
          {
            first = block;
            break;
          }
      }

  if (first != NULL && n < max)
    {
      blocks[n].left = first->left;
      blocks[n].right = first->right;
      n++;
    }
  for (GList *l = buffer->out_of_order.tail; l != NULL && n < max; l = l->prev)
    {
      const RxBlock *block = l->data;

      if (block == first)
        continue;
      blocks[n].left = block->left;
      blocks[n].right = block->right;
      n++;
    }
  return n;
}

/**
 * cns_tcp_rx_buffer_has_holes:
 *
 * Returns: whether bytes are held out of order, above a hole.
 */
gboolean
cns_tcp_rx_buffer_has_holes (const CnsTcpRxBuffer *buffer)
{
  g_return_val_if_fail (buffer != NULL, FALSE);
  return buffer->out_of_order.head != NULL;
}
