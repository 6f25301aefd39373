/* cns — the bytes of a packet.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A packet's bytes are stored head bytes, then a zero area that takes no
 * memory, then stored tail bytes (see CnsBuffer). A packet made with
 * cns_packet_new() is all zero area; headers go into the head, trailers
 * into the tail, and only reading materialises zeros, into the reader's
 * memory.
 *
 * The stored bytes live in refcounted CnsBufferData shared by copies and
 * fragments. Each data block remembers the lowest and highest index any
 * sharer has written. A buffer whose stored bytes start exactly at the
 * low mark may write below it, since no sharer can see those bytes; the
 * same holds at the high mark for appends. Anyone else, or a buffer
 * without room, moves its stored bytes into a new block first: this is
 * copy on write that keeps copies O(1) and, in the common case of one
 * packet going down a protocol stack, never copies at all. Removing bytes
 * only moves the buffer's own bounds.
 *
 * New blocks leave room for what is likely to come: the head room the
 * deepest header stack so far has needed and, once trailers have been
 * seen, some tail room. Both amounts are learnt when a buffer runs out of
 * room and start over with each simulation.
 */
#include "network/cns-buffer-private.h"

#include "core/cns-log.h"
#include "network/cns-packet-pool-private.h"

#include <string.h>

/* A new block's head room before any packet has needed more: a UDP, IPv4
 * and PPP header stack with room to spare, and a 64-byte pool block for
 * the first header of a packet. */
#define DEFAULT_HEAD_ROOM 48
/* Learnt room stops growing here, so that one odd packet (say, payload
 * bytes in front of padding) does not inflate every later block. */
#define MAX_ROOM_HINT 128
/* Appending more than MAX_ROOM_HINT bytes (reassembly) doubles the block,
 * up to this much spare room, so that repeated appends stay linear. */
#define MAX_GROWTH_SPARE (1024 * 1024)

CNS_LOG_COMPONENT_DEFINE ("cns-buffer");

/* learned by each thread for itself */
static __thread guint32 head_room_hint
    __attribute__ ((tls_model ("initial-exec"))) = DEFAULT_HEAD_ROOM;
static __thread guint32 tail_room_hint
    __attribute__ ((tls_model ("initial-exec")));

static CnsBufferData *
buffer_data_new (gsize size)
{
  gsize block;
  CnsBufferData *data;

  if (size > G_MAXUINT32 - sizeof (CnsBufferData))
    cns_fatal ("cannot store %" G_GSIZE_FORMAT " bytes in one packet", size);
  block = cns_packet_pool_block_size (sizeof (CnsBufferData) + size);
  data = cns_packet_pool_alloc (block);
  data->ref_count = 1;
  data->size = block - sizeof (CnsBufferData);
  return data;
}

static inline void
buffer_data_unref (CnsBufferData *data)
{
  if (--data->ref_count == 0)
    cns_packet_pool_free (data, sizeof (CnsBufferData) + data->size);
}

static inline guint32
saturating_sub (guint32 a, guint32 b)
{
  return a > b ? a - b : 0;
}

/* Spare room to leave in front of the stored bytes, besides @size bytes
 * about to be prepended. Behind a zero area the head holds headers only,
 * so it needs what the deepest stack needed, less what it already holds;
 * in front of real payload it needs a whole stack. */
static guint32
buffer_spare_front (const CnsBuffer *buffer, guint32 size)
{
  if (buffer->zeros == 0)
    return head_room_hint;
  return saturating_sub (head_room_hint, buffer->head + size);
}

/* Spare room to leave behind the stored bytes, besides @size bytes about to
 * be appended. */
static guint32
buffer_spare_back (const CnsBuffer *buffer, guint32 size)
{
  guint32 stored = buffer->head + buffer->tail;

  if (size > MAX_ROOM_HINT)
    return MIN ((gsize) stored + size, MAX_GROWTH_SPARE);
  if (buffer->zeros == 0)
    return tail_room_hint;
  return saturating_sub (tail_room_hint, buffer->tail + size);
}

static inline guint32
room_hint_learn (guint32 hint, guint32 needed)
{
  return MAX (hint, MIN (needed, MAX_ROOM_HINT));
}

/* Moves the stored bytes into a new block with at least @front free bytes
 * before them and @back after; what the block's size class adds goes to
 * the front when @grow_front, else to the back. */
static void
buffer_move (CnsBuffer *buffer, gsize front, gsize back, gboolean grow_front)
{
  guint32 stored = buffer->head + buffer->tail;
  CnsBufferData *data = buffer_data_new (front + stored + back);
  gsize slack = data->size - front - stored - back;
  guint32 start = grow_front ? front + slack : front;

  CNS_LOG_LOGIC ("moving %u stored bytes into a new %u-byte block", stored,
                 data->size);
  if (stored > 0)
    memcpy (data->bytes + start, buffer->data->bytes + buffer->start, stored);
  if (buffer->data != NULL)
    buffer_data_unref (buffer->data);
  data->low = start;
  data->high = start + stored;
  buffer->data = data;
  buffer->start = start;
}

/* After a removal: a buffer without zeros keeps everything in the head,
 * and one without stored bytes lets go of its block. */
static void
buffer_normalise (CnsBuffer *buffer)
{
  if (buffer->zeros == 0)
    {
      buffer->head += buffer->tail;
      buffer->tail = 0;
    }
  if (buffer->head + buffer->tail == 0 && buffer->data != NULL)
    {
      buffer_data_unref (buffer->data);
      buffer->data = NULL;
      buffer->start = 0;
    }
}

/*
 * cns_buffer_init:
 *
 * Makes @buffer hold @head_size bytes from @head, @zeros zero bytes and
 * @tail_size bytes from @tail, with fresh room around the stored ones.
 */
void
cns_buffer_init (CnsBuffer *buffer, const guint8 *head, guint32 head_size,
                 guint32 zeros, const guint8 *tail, guint32 tail_size)
{
  CnsBufferData *data;
  gsize front, back;
  guint32 start;

  buffer->data = NULL;
  buffer->start = 0;
  buffer->head = head_size;
  buffer->zeros = zeros;
  buffer->tail = tail_size;
  if (head_size + tail_size == 0)
    return;
  front = buffer_spare_front (buffer, 0);
  back = buffer_spare_back (buffer, 0);
  data = buffer_data_new (front + head_size + tail_size + back);
  start = data->size - back - head_size - tail_size;
  if (head_size > 0)
    memcpy (data->bytes + start, head, head_size);
  if (tail_size > 0)
    memcpy (data->bytes + start + head_size, tail, tail_size);
  data->low = start;
  data->high = start + head_size + tail_size;
  buffer->data = data;
  buffer->start = start;
  buffer_normalise (buffer);
}

/* cns_buffer_copy: Makes @dest share the bytes of @src. */
void
cns_buffer_copy (CnsBuffer *dest, const CnsBuffer *src)
{
  *dest = *src;
  if (dest->data != NULL)
    dest->data->ref_count++;
}

static inline guint32
overlap (guint32 start, guint32 end, guint32 region_start, guint32 region_end)
{
  guint32 s = MAX (start, region_start);
  guint32 e = MIN (end, region_end);

  return e > s ? e - s : 0;
}

/*
 * cns_buffer_fragment:
 *
 * Makes @dest share bytes [@offset, @offset + @size) of @src, which must
 * lie inside it.
 */
void
cns_buffer_fragment (CnsBuffer *dest, const CnsBuffer *src, guint32 offset,
                     guint32 size)
{
  guint32 end = offset + size;
  guint32 tail_offset = src->head + src->zeros;

  dest->head = overlap (offset, end, 0, src->head);
  dest->zeros = overlap (offset, end, src->head, tail_offset);
  dest->tail = overlap (offset, end, tail_offset, tail_offset + src->tail);
  dest->data = NULL;
  dest->start = 0;
  if (dest->head > 0)
    dest->start = src->start + offset;
  else if (dest->tail > 0)
    dest->start
        = src->start + src->head + (MAX (offset, tail_offset) - tail_offset);
  if (dest->head + dest->tail > 0)
    {
      dest->data = src->data;
      dest->data->ref_count++;
    }
  buffer_normalise (dest);
}

/* The first stored bytes of @buffer, a header in front of a zero area
 * (or of nothing): a new block with the learnt room in front and behind,
 * and any more the block's size class gives in front. What buffer_move()
 * does for no stored bytes, once per packet. */
static guint8 *
buffer_prepend_first (CnsBuffer *buffer, guint32 size)
{
  gsize back = buffer_spare_back (buffer, 0);
  CnsBufferData *data;

  if (buffer->zeros > 0)
    head_room_hint = room_hint_learn (head_room_hint, size);
  data = buffer_data_new ((gsize) size + buffer_spare_front (buffer, size)
                          + back);
  data->high = data->size - back;
  data->low = data->high - size;
  buffer->data = data;
  buffer->start = data->low;
  buffer->head = size;
  return data->bytes + data->low;
}

/* cns_buffer_prepend_slow: cns_buffer_prepend() when @buffer shares its
 * block or lacks room. */
guint8 *
cns_buffer_prepend_slow (CnsBuffer *buffer, guint32 size)
{
  CnsBufferData *data = buffer->data;

  if (data == NULL)
    return buffer_prepend_first (buffer, size);
  if (G_UNLIKELY (buffer->start < size
                  || (data->ref_count > 1 && buffer->start != data->low)))
    {
      if (buffer->zeros > 0)
        head_room_hint = room_hint_learn (head_room_hint, buffer->head + size);
      buffer_move (buffer, (gsize) size + buffer_spare_front (buffer, size),
                   buffer_spare_back (buffer, 0), TRUE);
      data = buffer->data;
    }
  buffer->start -= size;
  buffer->head += size;
  data->low = buffer->start;
  if (data->ref_count == 1)
    data->high = buffer->start + buffer->head + buffer->tail;
  return data->bytes + buffer->start;
}

/*
 * cns_buffer_append:
 *
 * Adds @size bytes at the end of @buffer.
 *
 * Returns: where to write them.
 */
guint8 *
cns_buffer_append (CnsBuffer *buffer, guint32 size)
{
  CnsBufferData *data = buffer->data;
  guint32 end = buffer->start + buffer->head + buffer->tail;

  if (G_UNLIKELY (data == NULL || data->size - end < size
                  || (data->ref_count > 1 && end != data->high)))
    {
      if (buffer->zeros > 0)
        tail_room_hint = room_hint_learn (tail_room_hint, buffer->tail + size);
      buffer_move (buffer, buffer_spare_front (buffer, 0),
                   (gsize) size + buffer_spare_back (buffer, size), FALSE);
      data = buffer->data;
      end = buffer->start + buffer->head + buffer->tail;
    }
  if (buffer->zeros > 0)
    buffer->tail += size;
  else
    buffer->head += size;
  data->high = end + size;
  if (data->ref_count == 1)
    data->low = buffer->start;
  return data->bytes + end;
}

/* cns_buffer_append_zeros: Adds @size zero bytes at the end of @buffer,
 * into the zero area when nothing is stored after it. */
void
cns_buffer_append_zeros (CnsBuffer *buffer, guint32 size)
{
  if (buffer->tail == 0)
    buffer->zeros += size;
  else if (size > 0)
    memset (cns_buffer_append (buffer, size), 0, size);
}

/* Stores the zero area of @buffer, with room for @back more bytes. */
static void
buffer_flatten (CnsBuffer *buffer, guint32 back)
{
  guint32 size = cns_buffer_get_size (buffer);
  CnsBuffer flat = { NULL, 0, size, 0, 0 };
  gsize front = buffer_spare_front (&flat, 0);
  CnsBufferData *data
      = buffer_data_new (front + size + back + buffer_spare_back (&flat, back));
  guint32 start = front;

  CNS_LOG_LOGIC ("storing a %u-byte zero area", buffer->zeros);
  cns_buffer_read (buffer, 0, data->bytes + start, size);
  cns_buffer_clear (buffer);
  data->low = start;
  data->high = start + size;
  buffer->data = data;
  buffer->start = start;
  buffer->head = size;
  buffer->zeros = 0;
  buffer->tail = 0;
}

/*
 * cns_buffer_append_buffer:
 *
 * Appends the bytes of @other, which must not be @buffer itself. The
 * result keeps both zero areas virtual when one zero area can express it
 * (zeros + zeros, or stored + zeros + zeros); otherwise the smaller zero
 * area is stored.
 */
void
cns_buffer_append_buffer (CnsBuffer *buffer, const CnsBuffer *other)
{
  const guint8 *src = cns_buffer_get_stored (other);
  guint32 n = other->head + other->tail;

  if (other->zeros == 0)
    {
      if (n > 0)
        memcpy (cns_buffer_append (buffer, n), src, n);
      return;
    }
  if (buffer->zeros > 0 && (buffer->tail > 0 || other->head > 0))
    {
      if (other->zeros <= buffer->zeros)
        {
          guint32 size = cns_buffer_get_size (other);

          cns_buffer_read (other, 0, cns_buffer_append (buffer, size), size);
          return;
        }
      buffer_flatten (buffer, n);
    }
  if (buffer->zeros == 0)
    {
      /* head ++ other's head, other's zeros, other's tail */
      if (n > 0)
        memcpy (cns_buffer_append (buffer, n), src, n);
      buffer->head -= other->tail;
      buffer->zeros = other->zeros;
      buffer->tail = other->tail;
    }
  else
    {
      /* head, both zero areas, other's tail */
      buffer->zeros += other->zeros;
      if (other->tail > 0)
        memcpy (cns_buffer_append (buffer, other->tail), src, other->tail);
    }
}

/* cns_buffer_remove_start_slow: cns_buffer_remove_start() for at least
 * the whole head. */
void
cns_buffer_remove_start_slow (CnsBuffer *buffer, guint32 size)
{
  /* the last header in front of a zero area, or all the stored bytes */
  if (size == buffer->head && buffer->tail == 0)
    {
      cns_buffer_clear (buffer);
      buffer->start = 0;
      buffer->head = 0;
      return;
    }
  if (size <= buffer->head)
    {
      buffer->start += size;
      buffer->head -= size;
    }
  else
    {
      size -= buffer->head;
      buffer->start += buffer->head;
      buffer->head = 0;
      if (size <= buffer->zeros)
        buffer->zeros -= size;
      else
        {
          size -= buffer->zeros;
          buffer->zeros = 0;
          buffer->start += size;
          buffer->tail -= size;
        }
    }
  buffer_normalise (buffer);
}

/* cns_buffer_remove_end: Drops the last @size bytes, at most all. */
void
cns_buffer_remove_end (CnsBuffer *buffer, guint32 size)
{
  if (size <= buffer->tail)
    buffer->tail -= size;
  else
    {
      size -= buffer->tail;
      buffer->tail = 0;
      if (size <= buffer->zeros)
        buffer->zeros -= size;
      else
        {
          size -= buffer->zeros;
          buffer->zeros = 0;
          buffer->head -= size;
        }
    }
  buffer_normalise (buffer);
}

/* cns_buffer_read: Copies bytes [@offset, @offset + @size), which must lie
 * inside @buffer, to @out, writing zeros for the zero area. */
void
cns_buffer_read (const CnsBuffer *buffer, guint32 offset, guint8 *out,
                 guint32 size)
{
  const guint8 *stored = cns_buffer_get_stored (buffer);
  guint32 end = offset + size;
  guint32 tail_offset = buffer->head + buffer->zeros;
  guint32 n;

  if (offset < buffer->head)
    {
      n = MIN (end, buffer->head) - offset;
      memcpy (out, stored + offset, n);
      out += n;
      offset += n;
    }
  if (offset < end && offset < tail_offset)
    {
      n = MIN (end, tail_offset) - offset;
      memset (out, 0, n);
      out += n;
      offset += n;
    }
  if (offset < end)
    memcpy (out, stored + buffer->head + (offset - tail_offset), end - offset);
}

/* The 16-bit words of @size bytes at @bytes, big-endian, summed without
 * folding; an odd last byte is the high half of a word. */
static guint32
sum_words (const guint8 *bytes, guint32 size)
{
  guint64 sum = 0;
  guint32 i;

  for (i = 0; i + 1 < size; i += 2)
    sum += (guint32) bytes[i] << 8 | bytes[i + 1];
  if (i < size)
    sum += (guint32) bytes[i] << 8;
  while (sum >> 32)
    sum = (sum & 0xffffffff) + (sum >> 32);
  return (guint32) sum;
}

/* Adds the words of a stored run that starts @odd bytes after a word
 * boundary: summed as if aligned, then byte-swapped (RFC 1071, 2.(B)). */
static guint64
add_run (guint64 sum, const guint8 *bytes, guint32 size, gboolean odd)
{
  guint32 run = sum_words (bytes, size);

  if (odd)
    {
      run = (run & 0xffff) + (run >> 16);
      run = (run & 0xffff) + (run >> 16);
      run = GUINT16_SWAP_LE_BE ((guint16) run);
    }
  return sum + run;
}

/*
 * cns_buffer_sum16:
 *
 * Returns: the one's-complement sum (RFC 1071) of the @size bytes at
 * @offset taken as big-endian 16-bit words from @offset, not yet folded to
 * 16 bits. The zero area adds nothing, so only stored bytes are read: a
 * checksum over a large unwritten payload costs its headers only.
 */
guint32
cns_buffer_sum16 (const CnsBuffer *buffer, guint32 offset, guint32 size)
{
  const guint8 *stored = cns_buffer_get_stored (buffer);
  guint32 start = offset;
  guint32 end = offset + size;
  guint32 tail_offset = buffer->head + buffer->zeros;
  guint64 sum = 0;

  if (offset < buffer->head)
    {
      guint32 n = MIN (end, buffer->head) - offset;
      sum = add_run (sum, stored + offset, n, FALSE);
    }
  if (end > tail_offset)
    {
      guint32 from = MAX (offset, tail_offset);
      sum = add_run (sum, stored + buffer->head + (from - tail_offset),
                     end - from, ((from - start) & 1) != 0);
    }
  while (sum >> 32)
    sum = (sum & 0xffffffff) + (sum >> 32);
  return (guint32) sum;
}

/*
 * cns_buffer_peek_front:
 * @scratch: memory for zeros, when the stored head is short
 * @available: (out): how many bytes the result holds
 *
 * Returns: the first bytes of @buffer: all of them when nothing or little
 * is stored, otherwise the head, else the first @scratch_size bytes read
 * into @scratch.
 */
const guint8 *
cns_buffer_peek_front (const CnsBuffer *buffer, guint8 *scratch,
                       guint32 scratch_size, guint32 *available)
{
  guint32 size = cns_buffer_get_size (buffer);

  if (buffer->data != NULL
      && (buffer->zeros == 0 || buffer->head >= scratch_size))
    {
      *available = buffer->zeros == 0 ? size : buffer->head;
      return cns_buffer_get_stored (buffer);
    }
  *available = MIN (size, scratch_size);
  cns_buffer_read (buffer, 0, scratch, *available);
  return scratch;
}

/*
 * cns_buffer_peek_back:
 *
 * Like cns_buffer_peek_front() for the last bytes of @buffer.
 *
 * Returns: the first of the *@available bytes that end @buffer.
 */
const guint8 *
cns_buffer_peek_back (const CnsBuffer *buffer, guint8 *scratch,
                      guint32 scratch_size, guint32 *available)
{
  guint32 size = cns_buffer_get_size (buffer);

  if (buffer->data != NULL
      && (buffer->zeros == 0 || buffer->tail >= scratch_size))
    {
      if (buffer->zeros == 0)
        {
          *available = size;
          return cns_buffer_get_stored (buffer);
        }
      *available = buffer->tail;
      return cns_buffer_get_stored (buffer) + buffer->head;
    }
  *available = MIN (size, scratch_size);
  cns_buffer_read (buffer, size - *available, scratch, *available);
  return scratch;
}

/* cns_buffer_reset_room: Forgets the room learnt so far, so that each
 * simulation allocates the same way. */
void
cns_buffer_reset_room (void)
{
  head_room_hint = DEFAULT_HEAD_ROOM;
  tail_room_hint = 0;
}
