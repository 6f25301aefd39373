/* cns — the bytes of a packet: stored head and tail around a virtual zero
 * area, in refcounted storage shared copy-on-write.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-packet-pool-private.h"

#include <glib.h>

G_BEGIN_DECLS

/*
 * CnsBufferData:
 * @ref_count: the buffers that share these bytes
 * @size: the number of bytes in @bytes
 * @low: the lowest index any sharer has written
 * @high: one past the highest index any sharer has written
 *
 * Refcounted storage, from the packet pool. Bytes outside [@low, @high)
 * belong to nobody, so the sharer whose bytes start at @low (end at @high)
 * may grow into them in place.
 */
typedef struct
{
  guint32 ref_count;
  guint32 size;
  guint32 low;
  guint32 high;
  guint8 bytes[];
} CnsBufferData;

/*
 * CnsBuffer:
 * @data: (nullable): the storage, %NULL when no byte is stored
 * @start: the index in @data of the first stored byte
 * @head: the number of stored bytes before the zero area
 * @zeros: the length of the zero area, which takes no memory
 * @tail: the number of stored bytes after it, always 0 when @zeros is 0
 *
 * The bytes of a packet, @head stored bytes, @zeros zero bytes and @tail
 * stored bytes, in that order. The stored bytes lie next to each other in
 * @data from @start. Embedded in the packet struct.
 */
typedef struct
{
  CnsBufferData *data;
  guint32 start;
  guint32 head;
  guint32 zeros;
  guint32 tail;
} CnsBuffer;

static inline guint32
cns_buffer_get_size (const CnsBuffer *buffer)
{
  return buffer->head + buffer->zeros + buffer->tail;
}

/* The stored bytes: @head of them, then the zero area, then @tail more. */
static inline const guint8 *
cns_buffer_get_stored (const CnsBuffer *buffer)
{
  return buffer->data != NULL ? buffer->data->bytes + buffer->start : NULL;
}

G_GNUC_INTERNAL void cns_buffer_init (CnsBuffer *buffer, const guint8 *head,
                                      guint32 head_size, guint32 zeros,
                                      const guint8 *tail, guint32 tail_size);
G_GNUC_INTERNAL void cns_buffer_copy (CnsBuffer *dest, const CnsBuffer *src);
G_GNUC_INTERNAL void cns_buffer_fragment (CnsBuffer *dest, const CnsBuffer *src,
                                          guint32 offset, guint32 size);

G_GNUC_INTERNAL guint8 *cns_buffer_prepend_slow (CnsBuffer *buffer,
                                                 guint32 size);
G_GNUC_INTERNAL guint8 *cns_buffer_append (CnsBuffer *buffer, guint32 size);
G_GNUC_INTERNAL void cns_buffer_append_zeros (CnsBuffer *buffer, guint32 size);
G_GNUC_INTERNAL void cns_buffer_append_buffer (CnsBuffer *buffer,
                                               const CnsBuffer *other);
G_GNUC_INTERNAL void cns_buffer_remove_start_slow (CnsBuffer *buffer,
                                                   guint32 size);
G_GNUC_INTERNAL void cns_buffer_remove_end (CnsBuffer *buffer, guint32 size);

G_GNUC_INTERNAL void cns_buffer_read (const CnsBuffer *buffer, guint32 offset,
                                      guint8 *out, guint32 size);
G_GNUC_INTERNAL guint32 cns_buffer_sum16 (const CnsBuffer *buffer,
                                          guint32 offset, guint32 size);
G_GNUC_INTERNAL const guint8 *cns_buffer_peek_front (const CnsBuffer *buffer,
                                                     guint8 *scratch,
                                                     guint32 scratch_size,
                                                     guint32 *available);
G_GNUC_INTERNAL const guint8 *cns_buffer_peek_back (const CnsBuffer *buffer,
                                                    guint8 *scratch,
                                                    guint32 scratch_size,
                                                    guint32 *available);

G_GNUC_INTERNAL void cns_buffer_reset_room (void);

/* What every packet does to its bytes, inline: the out-of-line rest is in
 * cns-buffer.c. */

/* cns_buffer_init_zeros: Makes @buffer @zeros zero bytes, none stored. */
static inline void
cns_buffer_init_zeros (CnsBuffer *buffer, guint32 zeros)
{
  *buffer = (CnsBuffer){ .zeros = zeros };
}

/* cns_buffer_clear: Releases the block of @buffer. */
static inline void
cns_buffer_clear (CnsBuffer *buffer)
{
  CnsBufferData *data = buffer->data;

  if (data != NULL && --data->ref_count == 0)
    cns_packet_pool_free (data, sizeof (CnsBufferData) + data->size);
  buffer->data = NULL;
}

/*
 * cns_buffer_prepend:
 *
 * Adds @size bytes in front of @buffer.
 *
 * Returns: where to write them.
 */
static inline guint8 *
cns_buffer_prepend (CnsBuffer *buffer, guint32 size)
{
  CnsBufferData *data = buffer->data;

  /* the only owner, with room: the bytes in front are nobody's */
  if (G_LIKELY (data != NULL && data->ref_count == 1 && buffer->start >= size))
    {
      buffer->start -= size;
      buffer->head += size;
      data->low = buffer->start;
      data->high = buffer->start + buffer->head + buffer->tail;
      return data->bytes + buffer->start;
    }
  return cns_buffer_prepend_slow (buffer, size);
}

/* cns_buffer_remove_start: Drops the first @size bytes, at most all. */
static inline void
cns_buffer_remove_start (CnsBuffer *buffer, guint32 size)
{
  /* stored bytes remain, so nothing moves between head and tail */
  if (G_LIKELY (size < buffer->head))
    {
      buffer->start += size;
      buffer->head -= size;
      return;
    }
  cns_buffer_remove_start_slow (buffer, size);
}

G_END_DECLS
