/* cns — a TCP sender's buffer and SACK scoreboard.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The socket hands the application's packets to the buffer as they are
 * written and asks for segments cut out of them as it sends: new data at
 * SND.NXT, and on loss old data from anywhere between SND.UNA and SND.NXT.
 * So the buffer keeps the packets whole, each with the sequence number of
 * its first byte, in a ring of slots that grows by doubling and is never
 * shrunk while the socket lives: steady traffic allocates nothing, a
 * cumulative ACK pops slots from the front in O(packets dropped), and a
 * segment is found by binary search on the slots' sequence numbers and
 * built from O(1) fragments of the packets it spans, so sending costs
 * O(log packets + packets spanned) however much is in flight. The bytes
 * of the first packet already acknowledged are skipped by an offset, not
 * cut off, so nothing is copied or written on an ACK either.
 *
 * The SACK scoreboard (RFC 6675) is the sorted array of the disjoint,
 * non-touching blocks the receiver reported above SND.UNA, with the bytes
 * they cover counted, and HighRxt. Sequence numbers wrap at 2^32, so
 * everything inside is compared as an offset from head_seq, a plain
 * unsigned number since the buffer holds far less than 2^31 bytes (a
 * TCP window is at most 2^30, RFC 7323; max_size is meant to be of
 * that order), and sequence numbers from outside with the CNS_TCP_SEQ_*
 * macros.
 *
 * RFC 6675 defines IsLost, SetPipe and NextSeg octet by octet. Running
 * through the sequence space that way would cost a loop iteration per
 * byte in flight on every ACK, so the octets not SACKed are taken in runs
 * instead: a run starts at head_seq or where a SACK block ends and stops
 * after smss bytes or at the next SACK block, whichever comes first. The
 * approximation: a run is lost or not as its first octet is, though its
 * later octets have fewer SACKed bytes above them, so a run across the
 * point where IsLost turns from TRUE to FALSE (it only turns that way as
 * the sequence number grows) counts wholly as lost, an error under smss
 * bytes in all. SACKed and retransmitted bytes are counted exactly. For a
 * sender whose segments start at head_seq and are smss long, the runs
 * are its segments and the numbers are the RFC's.
 */
#include "internet/cns-tcp-tx-buffer-private.h"

#include <string.h>

/* A packet in the ring with the sequence number of its first byte. */
struct _CnsTcpTxSlot
{
  CnsPacket *packet;
  guint32 seq;
};

typedef struct _CnsTcpTxSlot CnsTcpTxSlot;

#define MIN_RING_CAPACITY   8
#define MIN_SACKED_CAPACITY 4

/* ---- helpers ---- */

/* The offset of @seq from head_seq: the bytes held are [0, size). */
static inline guint32
offset_of (const CnsTcpTxBuffer *buffer, guint32 seq)
{
  return seq - buffer->head_seq;
}

/* The @i-th packet from the oldest. */
static inline CnsTcpTxSlot *
slot_at (const CnsTcpTxBuffer *buffer, guint32 i)
{
  return &buffer->ring[(buffer->ring_start + i) & (buffer->ring_capacity - 1)];
}

static inline guint32
block_left (const CnsTcpTxBuffer *buffer, guint i)
{
  return offset_of (buffer, buffer->sacked[i].left);
}

static inline guint32
block_right (const CnsTcpTxBuffer *buffer, guint i)
{
  return offset_of (buffer, buffer->sacked[i].right);
}

/* Doubles the ring, laying the packets out from index 0 again. */
static void
ring_grow (CnsTcpTxBuffer *buffer)
{
  guint32 capacity = MAX (MIN_RING_CAPACITY, buffer->ring_capacity * 2);
  CnsTcpTxSlot *ring = g_new (CnsTcpTxSlot, capacity);

  for (guint32 i = 0; i < buffer->n_packets; i++)
    ring[i] = *slot_at (buffer, i);
  g_free (buffer->ring);
  buffer->ring = ring;
  buffer->ring_start = 0;
  buffer->ring_capacity = capacity;
}

/* The index from the oldest of the packet holding @seq, which must be
 * in [head_seq, tail): the last packet starting at or below it. The
 * slots' sequence numbers grow from the first packet's start, which may
 * lie below head_seq, so they are compared as offsets from that. */
static guint32
ring_find (const CnsTcpTxBuffer *buffer, guint32 seq)
{
  guint32 base = slot_at (buffer, 0)->seq;
  guint32 target = seq - base;
  guint32 lo = 0, hi = buffer->n_packets - 1;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo + 1) / 2;

      if (slot_at (buffer, mid)->seq - base <= target)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

/* The index of the first SACK block that ends after @offset (or touches
 * it, with @touching), n_sacked if none does. */
static guint
sacked_find (const CnsTcpTxBuffer *buffer, guint32 offset, gboolean touching)
{
  guint lo = 0, hi = buffer->n_sacked;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 right = block_right (buffer, mid);

      if (right > offset || (touching && right == offset))
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* Merges [@left, @right) (offsets, left < right <= size) into the
 * scoreboard. Returns: how many of its bytes were not SACKed before. */
static guint32
sacked_merge (CnsTcpTxBuffer *buffer, guint32 left, guint32 right)
{
  guint first = sacked_find (buffer, left, TRUE);
  guint last = first; /* one past the last block it touches */
  guint32 covered = 0;
  guint32 added;

  while (last < buffer->n_sacked && block_left (buffer, last) <= right)
    {
      covered += block_right (buffer, last) - block_left (buffer, last);
      last++;
    }
  if (last > first)
    {
      left = MIN (left, block_left (buffer, first));
      right = MAX (right, block_right (buffer, last - 1));
      /* keep one slot, at first, for the merged block */
      memmove (&buffer->sacked[first + 1], &buffer->sacked[last],
               (buffer->n_sacked - last) * sizeof (CnsTcpSackBlock));
      buffer->n_sacked -= last - first - 1;
    }
  else
    {
      if (buffer->n_sacked == buffer->sacked_capacity)
        {
          buffer->sacked_capacity
              = MAX (MIN_SACKED_CAPACITY, buffer->sacked_capacity * 2);
          buffer->sacked = g_renew (CnsTcpSackBlock, buffer->sacked,
                                    buffer->sacked_capacity);
        }
      memmove (&buffer->sacked[first + 1], &buffer->sacked[first],
               (buffer->n_sacked - first) * sizeof (CnsTcpSackBlock));
      buffer->n_sacked++;
    }
  buffer->sacked[first].left = buffer->head_seq + left;
  buffer->sacked[first].right = buffer->head_seq + right;
  added = (right - left) - covered;
  buffer->sacked_bytes += added;
  return added;
}

/* IsLost for the byte at @offset, which the caller checked is below
 * size. Walks the blocks down from the highest and stops as soon as
 * either threshold is met, so it looks at no more than @dup_thresh
 * blocks: each counts at least one segment. */
static gboolean
is_lost_at (const CnsTcpTxBuffer *buffer, guint32 offset, guint32 dup_thresh,
            guint32 smss)
{
  guint64 byte_limit = (guint64) (dup_thresh - 1) * smss;
  guint64 bytes = 0, segments = 0;

  for (guint i = buffer->n_sacked; i > 0; i--)
    {
      guint32 left = block_left (buffer, i - 1);
      guint32 right = block_right (buffer, i - 1);
      guint32 above;

      if (right <= offset + 1)
        break;
      /* the bytes with sequence numbers greater than @offset's */
      above = right - MAX (left, offset + 1);
      bytes += above;
      segments += (above + (guint64) smss - 1) / smss;
      if (segments >= dup_thresh || bytes > byte_limit)
        return TRUE;
    }
  return FALSE;
}

/* The first byte at or above @offset that no block covers, and in
 * @block the index of the first block above it (n_sacked if none). */
static guint32
skip_sacked (const CnsTcpTxBuffer *buffer, guint32 offset, guint *block)
{
  guint i = sacked_find (buffer, offset, FALSE);

  /* blocks never touch, so the byte after one is not SACKed */
  if (i < buffer->n_sacked && block_left (buffer, i) <= offset)
    offset = block_right (buffer, i++);
  *block = i;
  return offset;
}

/* ---- the buffer ---- */

/**
 * cns_tcp_tx_buffer_init:
 * @buffer: the buffer, uninitialised
 * @head_seq: the sequence number of the first byte it will hold
 * @max_size: the most bytes it holds (SndBufSize)
 *
 * Makes @buffer empty, with no SACK state and HighRxt at @head_seq. It
 * allocates nothing. Free what it holds later with
 * cns_tcp_tx_buffer_clear().
 */
void
cns_tcp_tx_buffer_init (CnsTcpTxBuffer *buffer, guint32 head_seq,
                        guint32 max_size)
{
  g_return_if_fail (buffer != NULL);
  memset (buffer, 0, sizeof *buffer);
  buffer->head_seq = head_seq;
  buffer->max_size = max_size;
  buffer->high_rxt = head_seq;
}

/**
 * cns_tcp_tx_buffer_clear:
 * @buffer: an initialised buffer
 *
 * Drops every packet and the SACK state and frees all the buffer's
 * memory; @head_seq and @max_size stay. Call it when the socket is done
 * with the buffer (it is the buffer's destructor) or aborts the
 * connection. The buffer may be used again afterwards.
 */
void
cns_tcp_tx_buffer_clear (CnsTcpTxBuffer *buffer)
{
  g_return_if_fail (buffer != NULL);
  for (guint32 i = 0; i < buffer->n_packets; i++)
    cns_packet_unref (slot_at (buffer, i)->packet);
  g_clear_pointer (&buffer->ring, g_free);
  g_clear_pointer (&buffer->sacked, g_free);
  buffer->size = 0;
  buffer->head_offset = 0;
  buffer->ring_start = 0;
  buffer->n_packets = 0;
  buffer->ring_capacity = 0;
  buffer->n_sacked = 0;
  buffer->sacked_capacity = 0;
  buffer->sacked_bytes = 0;
  buffer->high_rxt = buffer->head_seq;
}

/**
 * cns_tcp_tx_buffer_set_head_seq:
 * @buffer: an empty buffer
 * @seq: the sequence number of the first byte it will hold
 *
 * Moves an empty buffer in sequence space: the socket sets ISS + 1 once
 * its SYN is sent. HighRxt moves too.
 */
void
cns_tcp_tx_buffer_set_head_seq (CnsTcpTxBuffer *buffer, guint32 seq)
{
  g_return_if_fail (buffer != NULL);
  g_return_if_fail (buffer->size == 0);
  buffer->head_seq = seq;
  buffer->high_rxt = seq;
}

/**
 * cns_tcp_tx_buffer_get_available:
 *
 * Returns: how many more bytes @buffer takes: @max_size - @size, or 0 when
 * @max_size was lowered below what it holds.
 */
guint32
cns_tcp_tx_buffer_get_available (const CnsTcpTxBuffer *buffer)
{
  g_return_val_if_fail (buffer != NULL, 0);
  return buffer->max_size > buffer->size ? buffer->max_size - buffer->size : 0;
}

/**
 * cns_tcp_tx_buffer_get_tail_seq:
 *
 * Returns: the sequence number just after the last byte held, @head_seq +
 * @size (modulo 2^32): where the next packet added starts.
 */
guint32
cns_tcp_tx_buffer_get_tail_seq (const CnsTcpTxBuffer *buffer)
{
  g_return_val_if_fail (buffer != NULL, 0);
  return buffer->head_seq + buffer->size;
}

/**
 * cns_tcp_tx_buffer_add:
 * @buffer: the buffer
 * @packet: (transfer full): the application's data
 *
 * Appends the bytes of @packet after the last byte held, keeping the
 * packet itself (it is not copied, so it must not be changed afterwards;
 * its tags go out with the segments cut from it). An empty packet is
 * accepted and adds nothing.
 *
 * Returns: TRUE when the packet was taken, FALSE when it does not fit in
 * cns_tcp_tx_buffer_get_available(): then nothing changed and the caller
 * keeps its reference.
 */
gboolean
cns_tcp_tx_buffer_add (CnsTcpTxBuffer *buffer, CnsPacket *packet)
{
  guint32 size;
  CnsTcpTxSlot *slot;

  g_return_val_if_fail (buffer != NULL, FALSE);
  g_return_val_if_fail (packet != NULL, FALSE);
  size = cns_packet_get_size (packet);
  if (size > cns_tcp_tx_buffer_get_available (buffer))
    return FALSE;
  if (size == 0)
    {
      cns_packet_unref (packet);
      return TRUE;
    }
  if (buffer->n_packets == buffer->ring_capacity)
    ring_grow (buffer);
  slot = slot_at (buffer, buffer->n_packets++);
  slot->packet = packet;
  slot->seq = buffer->head_seq + buffer->size;
  buffer->size += size;
  return TRUE;
}

/**
 * cns_tcp_tx_buffer_copy:
 * @buffer: the buffer
 * @seq: the sequence number of the first byte wanted
 * @size: how many bytes are wanted; fewer come when the buffer ends first
 *
 * Makes a segment's payload: the bytes [@seq, @seq + @size) clipped to
 * the last byte held, as fragments of the held packets joined with
 * cns_packet_add_at_end(). They share the packets' bytes (nothing is
 * copied), so the cost is a fragment per packet spanned after a binary
 * search for the first. The result has the uid, packet tags and nix
 * vector of the packet holding @seq, and the byte tags of all the bytes
 * it holds (see cns_packet_create_fragment()). The buffer is unchanged.
 *
 * Returns: (transfer full) (nullable): the payload, or NULL when @seq is
 * not in [@head_seq, tail).
 */
CnsPacket *
cns_tcp_tx_buffer_copy (const CnsTcpTxBuffer *buffer, guint32 seq, guint32 size)
{
  guint32 offset;
  guint32 i;
  const CnsTcpTxSlot *slot;
  guint32 within, take;
  CnsPacket *result;

  g_return_val_if_fail (buffer != NULL, NULL);
  offset = offset_of (buffer, seq);
  if (offset >= buffer->size)
    return NULL;
  size = MIN (size, buffer->size - offset);

  i = ring_find (buffer, seq);
  slot = slot_at (buffer, i);
  within = seq - slot->seq;
  take = MIN (size, cns_packet_get_size (slot->packet) - within);
  result = cns_packet_create_fragment (slot->packet, within, take);
  size -= take;
  while (size > 0)
    {
      guint32 packet_size;

      slot = slot_at (buffer, ++i);
      packet_size = cns_packet_get_size (slot->packet);
      if (size >= packet_size)
        {
          cns_packet_add_at_end (result, slot->packet);
          size -= packet_size;
        }
      else
        {
          g_autoptr (CnsPacket) part
              = cns_packet_create_fragment (slot->packet, 0, size);

          cns_packet_add_at_end (result, part);
          size = 0;
        }
    }
  return result;
}

/**
 * cns_tcp_tx_buffer_discard_up_to:
 * @buffer: the buffer
 * @seq: the new SND.UNA, in [@head_seq, tail]
 *
 * Takes a cumulative ACK: drops the bytes below @seq, releasing the
 * packets wholly below it, and moves @head_seq to @seq. SACK blocks below
 * @seq are dropped, one straddling it is cut at @seq, and HighRxt is
 * raised to @seq if it was below. The cost is O(packets dropped + SACK
 * blocks).
 *
 * Returns: the bytes dropped; 0, with nothing changed, when @seq is not in
 * [@head_seq, tail].
 */
guint32
cns_tcp_tx_buffer_discard_up_to (CnsTcpTxBuffer *buffer, guint32 seq)
{
  guint32 dropped, left;
  guint n_gone = 0;

  g_return_val_if_fail (buffer != NULL, 0);
  dropped = offset_of (buffer, seq);
  if (dropped > buffer->size || dropped == 0)
    return 0;

  left = dropped;
  while (left > 0)
    {
      CnsTcpTxSlot *slot = slot_at (buffer, 0);
      guint32 rest = cns_packet_get_size (slot->packet) - buffer->head_offset;

      if (left < rest)
        {
          buffer->head_offset += left;
          break;
        }
      left -= rest;
      cns_packet_unref (slot->packet);
      slot->packet = NULL;
      buffer->ring_start
          = (buffer->ring_start + 1) & (buffer->ring_capacity - 1);
      buffer->n_packets--;
      buffer->head_offset = 0;
    }

  /* the blocks, while their offsets are still from the old head_seq */
  while (n_gone < buffer->n_sacked && block_right (buffer, n_gone) <= dropped)
    {
      buffer->sacked_bytes
          -= block_right (buffer, n_gone) - block_left (buffer, n_gone);
      n_gone++;
    }
  if (n_gone > 0)
    {
      buffer->n_sacked -= n_gone;
      memmove (&buffer->sacked[0], &buffer->sacked[n_gone],
               buffer->n_sacked * sizeof (CnsTcpSackBlock));
    }
  if (buffer->n_sacked > 0 && block_left (buffer, 0) < dropped)
    {
      buffer->sacked_bytes -= dropped - block_left (buffer, 0);
      buffer->sacked[0].left = seq;
    }

  buffer->head_seq = seq;
  buffer->size -= dropped;
  if (CNS_TCP_SEQ_LT (buffer->high_rxt, seq))
    buffer->high_rxt = seq;
  return dropped;
}

/* ---- the SACK scoreboard ---- */

/**
 * cns_tcp_tx_buffer_update_sack:
 * @buffer: the buffer
 * @blocks: (array length=n_blocks): the blocks of a SACK option, in any
 *   order
 * @n_blocks: how many
 * @snd_nxt: SND.NXT when the ACK arrived
 *
 * Merges the blocks an ACK reported into the scoreboard, after the ACK's
 * cumulative part was taken by cns_tcp_tx_buffer_discard_up_to(). A block
 * counts for the part of it inside (@head_seq, @snd_nxt]: one that is
 * empty or reversed, ends above @snd_nxt (the receiver cannot hold bytes
 * never sent) or ends at or below @head_seq (a D-SACK, RFC 2883, of bytes
 * already acknowledged) is ignored; one that starts below @head_seq is cut
 * there. A block reaching past the data held (a FIN's sequence number) is
 * cut at the tail.
 *
 * Returns: TRUE when the blocks marked bytes not SACKed before.
 */
gboolean
cns_tcp_tx_buffer_update_sack (CnsTcpTxBuffer *buffer,
                               const CnsTcpSackBlock *blocks, guint n_blocks,
                               guint32 snd_nxt)
{
  guint32 added = 0;

  g_return_val_if_fail (buffer != NULL, FALSE);
  g_return_val_if_fail (blocks != NULL || n_blocks == 0, FALSE);

  for (guint i = 0; i < n_blocks; i++)
    {
      guint32 left = blocks[i].left;
      guint32 right = blocks[i].right;

      if (!CNS_TCP_SEQ_LT (left, right) || CNS_TCP_SEQ_GT (right, snd_nxt)
          || CNS_TCP_SEQ_LEQ (right, buffer->head_seq))
        continue;
      if (CNS_TCP_SEQ_LT (left, buffer->head_seq))
        left = buffer->head_seq;
      if (offset_of (buffer, right) > buffer->size)
        right = buffer->head_seq + buffer->size;
      if (offset_of (buffer, left) >= offset_of (buffer, right))
        continue;
      added += sacked_merge (buffer, offset_of (buffer, left),
                             offset_of (buffer, right));
    }
  return added > 0;
}

/**
 * cns_tcp_tx_buffer_is_sacked:
 *
 * Returns: whether the receiver reported holding the byte @seq.
 */
gboolean
cns_tcp_tx_buffer_is_sacked (const CnsTcpTxBuffer *buffer, guint32 seq)
{
  guint32 offset;
  guint i;

  g_return_val_if_fail (buffer != NULL, FALSE);
  offset = offset_of (buffer, seq);
  if (offset >= buffer->size)
    return FALSE;
  i = sacked_find (buffer, offset, FALSE);
  return i < buffer->n_sacked && block_left (buffer, i) <= offset;
}

/**
 * cns_tcp_tx_buffer_get_sacked_bytes:
 *
 * Returns: how many bytes above @head_seq the receiver reported holding.
 */
guint32
cns_tcp_tx_buffer_get_sacked_bytes (const CnsTcpTxBuffer *buffer)
{
  g_return_val_if_fail (buffer != NULL, 0);
  return buffer->sacked_bytes;
}

/**
 * cns_tcp_tx_buffer_is_lost:
 * @buffer: the buffer
 * @seq: a sequence number
 * @dup_thresh: DupThresh, at least 1 (3 normally)
 * @smss: the sender's maximum segment size, at least 1
 *
 * RFC 6675's IsLost(@seq): whether @dup_thresh discontiguous SACKed
 * sequences arrived above @seq, or more than (@dup_thresh - 1) * @smss
 * bytes above it were SACKed. The sequences are counted as segments: a
 * block counts as many as it takes @smss-sized segments to carry its
 * bytes above @seq, rounding up; so counted, more than (@dup_thresh -
 * 1) * @smss bytes always make @dup_thresh segments, and the byte rule
 * is kept only as the RFC states it. A byte outside [@head_seq, tail) is
 * never lost. The cost is O(@dup_thresh): the blocks are walked down from
 * the highest, each one at least a segment.
 *
 * Returns: whether @seq is deemed lost.
 */
gboolean
cns_tcp_tx_buffer_is_lost (const CnsTcpTxBuffer *buffer, guint32 seq,
                           guint32 dup_thresh, guint32 smss)
{
  guint32 offset;

  g_return_val_if_fail (buffer != NULL, FALSE);
  g_return_val_if_fail (dup_thresh > 0, FALSE);
  g_return_val_if_fail (smss > 0, FALSE);
  offset = offset_of (buffer, seq);
  if (offset >= buffer->size)
    return FALSE;
  return is_lost_at (buffer, offset, dup_thresh, smss);
}

/**
 * cns_tcp_tx_buffer_get_pipe:
 * @buffer: the buffer
 * @snd_nxt: SND.NXT
 * @dup_thresh: DupThresh, at least 1
 * @smss: the sender's maximum segment size, at least 1
 *
 * RFC 6675's SetPipe: the sender's estimate of the bytes in flight. Every
 * byte of [@head_seq, @snd_nxt) not SACKed counts 1 unless IsLost holds
 * for it, and 1 more if it was retransmitted (is below HighRxt). The
 * bytes not SACKed are taken in runs of at most @smss bytes, starting at
 * @head_seq and at the end of each SACK block and stopping at the next;
 * IsLost is asked for a run's first byte and holds for the whole run (the
 * file's overview says why, and when this is exact). SACKed and
 * retransmitted bytes are counted exactly. The cost is O(runs *
 * @dup_thresh) while IsLost holds and O(runs + blocks) after.
 *
 * Returns: pipe, in bytes.
 */
guint32
cns_tcp_tx_buffer_get_pipe (const CnsTcpTxBuffer *buffer, guint32 snd_nxt,
                            guint32 dup_thresh, guint32 smss)
{
  guint32 end, rxt, offset = 0;
  guint32 pipe = 0;
  gboolean lost = TRUE;
  guint i = 0;

  g_return_val_if_fail (buffer != NULL, 0);
  g_return_val_if_fail (dup_thresh > 0, 0);
  g_return_val_if_fail (smss > 0, 0);
  if (CNS_TCP_SEQ_LEQ (snd_nxt, buffer->head_seq))
    return 0;
  end = offset_of (buffer, snd_nxt);
  rxt = offset_of (buffer, buffer->high_rxt);

  while (offset < end)
    {
      guint32 limit = end;
      guint32 run;

      if (i < buffer->n_sacked && block_left (buffer, i) <= offset)
        {
          offset = block_right (buffer, i++);
          continue;
        }
      if (i < buffer->n_sacked)
        limit = MIN (limit, block_left (buffer, i));
      run = MIN (smss, limit - offset);
      /* IsLost only turns off going up; a byte at or past the tail (a
       * FIN) has no SACKed bytes above it */
      if (lost)
        lost = offset < buffer->size
               && is_lost_at (buffer, offset, dup_thresh, smss);
      if (!lost)
        pipe += run;
      if (offset < rxt)
        pipe += MIN (offset + run, rxt) - offset;
      offset += run;
    }
  return pipe;
}

/**
 * cns_tcp_tx_buffer_next_seg:
 * @buffer: the buffer
 * @snd_nxt: SND.NXT
 * @dup_thresh: DupThresh, at least 1
 * @smss: the sender's maximum segment size, at least 1
 * @seq: (out): where the segment starts
 * @size: (out): its length, 1 to @smss bytes
 *
 * RFC 6675's NextSeg, rules 1 to 3; rule 4 (the rescue retransmission)
 * is the caller's, as is checking the receiver's window for new data.
 * The candidate for retransmission is the first byte at or above HighRxt
 * and @head_seq that is not SACKed, if some SACKed byte lies above it;
 * since IsLost only turns off going up, it is the only byte rule 1 has to
 * test. In order:
 *
 * 1. the candidate, if IsLost holds for it;
 * 2. else new data at @snd_nxt, if @snd_nxt is below the tail, up to
 *    @smss bytes;
 * 3. else the candidate, lost or not.
 *
 * A retransmission is at most @smss bytes and stops at the next SACKed
 * byte. Call cns_tcp_tx_buffer_mark_retransmitted() once it is sent.
 *
 * Returns: FALSE when no rule gives a segment (@seq and @size are then
 * left alone).
 */
gboolean
cns_tcp_tx_buffer_next_seg (const CnsTcpTxBuffer *buffer, guint32 snd_nxt,
                            guint32 dup_thresh, guint32 smss, guint32 *seq,
                            guint32 *size)
{
  guint32 candidate = 0, candidate_size = 0;
  gboolean have_candidate = FALSE;
  guint32 nxt;

  g_return_val_if_fail (buffer != NULL, FALSE);
  g_return_val_if_fail (dup_thresh > 0, FALSE);
  g_return_val_if_fail (smss > 0, FALSE);
  g_return_val_if_fail (seq != NULL && size != NULL, FALSE);

  if (buffer->n_sacked > 0)
    {
      guint i;

      candidate
          = skip_sacked (buffer, offset_of (buffer, buffer->high_rxt), &i);
      if (i < buffer->n_sacked)
        {
          have_candidate = TRUE;
          candidate_size = MIN (smss, block_left (buffer, i) - candidate);
        }
    }

  /* rule 1 */
  if (have_candidate && is_lost_at (buffer, candidate, dup_thresh, smss))
    {
      *seq = buffer->head_seq + candidate;
      *size = candidate_size;
      return TRUE;
    }
  /* rule 2 */
  nxt = offset_of (buffer, snd_nxt);
  if (nxt < buffer->size)
    {
      *seq = snd_nxt;
      *size = MIN (smss, buffer->size - nxt);
      return TRUE;
    }
  /* rule 3 */
  if (have_candidate)
    {
      *seq = buffer->head_seq + candidate;
      *size = candidate_size;
      return TRUE;
    }
  return FALSE;
}

/**
 * cns_tcp_tx_buffer_mark_retransmitted:
 * @buffer: the buffer
 * @seq: the first byte retransmitted
 * @size: how many
 *
 * Records a retransmission: HighRxt becomes @seq + @size if that is
 * higher.
 */
void
cns_tcp_tx_buffer_mark_retransmitted (CnsTcpTxBuffer *buffer, guint32 seq,
                                      guint32 size)
{
  guint32 end;

  g_return_if_fail (buffer != NULL);
  end = seq + size;
  if (CNS_TCP_SEQ_GT (end, buffer->high_rxt))
    buffer->high_rxt = end;
}

/**
 * cns_tcp_tx_buffer_reset_sack:
 * @buffer: the buffer
 *
 * Forgets the SACK blocks and HighRxt (back to @head_seq). After a
 * retransmission timeout RFC 6675, section 5.1, lets a sender discard
 * its scoreboard, since the receiver may have dropped what it SACKed
 * (reneging); this sender does, and so retransmits from SND.UNA as if
 * nothing had been SACKed. The memory is kept.
 */
void
cns_tcp_tx_buffer_reset_sack (CnsTcpTxBuffer *buffer)
{
  g_return_if_fail (buffer != NULL);
  buffer->n_sacked = 0;
  buffer->sacked_bytes = 0;
  buffer->high_rxt = buffer->head_seq;
}

/**
 * cns_tcp_tx_buffer_next_unsacked:
 * @seq: a sequence number in [head_seq, tail]
 * @run: (out): the bytes from the result up to the next SACKed byte or
 *   the tail
 *
 * For resending after a timeout without what the receiver holds: the
 * first byte at or above @seq that no SACK block covers.
 *
 * Returns: its sequence number; @seq itself past the data (with @run 0).
 */
guint32
cns_tcp_tx_buffer_next_unsacked (const CnsTcpTxBuffer *buffer, guint32 seq,
                                 guint32 *run)
{
  guint32 offset;
  guint block;

  g_return_val_if_fail (buffer != NULL && run != NULL, seq);
  offset = offset_of (buffer, seq);
  if (offset >= buffer->size)
    {
      *run = 0;
      return seq;
    }
  offset = skip_sacked (buffer, offset, &block);
  *run = (block < buffer->n_sacked ? block_left (buffer, block) : buffer->size)
         - offset;
  return buffer->head_seq + offset;
}
