/* cns — packets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A packet is a 64-byte struct from the packet pool: a reference count,
 * its bytes (a CnsBuffer, see cns-buffer.c), its uid and three shared,
 * copy-on-write lists: packet tags, byte tags and, when the packet was
 * made with printing enabled, a record of the headers and trailers added
 * to it. cns_packet_copy() takes a new reference on each of them and on the
 * bytes, so it costs one pool block and no copying.
 *
 * Byte tags and header records cover byte ranges in virtual coordinates
 * (see cns-range-list-private.h): the packet's origin is the coordinate of
 * its first byte, so adding or removing a header moves the origin and
 * leaves the lists alone; a fragment is a packet with a later origin and a
 * smaller size that sees only the items inside it.
 *
 * A packet that many parties hold is read-only: changes need a writable
 * packet (reference count 1, see cns_packet_make_writable()), which is
 * what makes sharing bytes and lists between packets safe.
 *
 * Uids are (context + 1) << 40 | the context's packet counter, counted per
 * context so that the same scenario gives the same uids however its nodes
 * are spread over MPI ranks. The counters start over, and the pool gives
 * its memory back, when the simulation is destroyed.
 */
#include "network/cns-packet.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "network/cns-buffer-private.h"
#include "network/cns-network-error.h"
#include "network/cns-packet-pool-private.h"
#include "network/cns-range-list-private.h"

#include <string.h>

#define UID_COUNTER_BITS 40
/* Stack bytes for reading a header that reaches into the zero area; longer
 * headers fall back to reading the whole packet. */
#define HEADER_SCRATCH 256

CNS_LOG_COMPONENT_DEFINE ("cns-packet");

typedef struct
{
  const CnsTagClass *klass;
  guint8 data[CNS_TAG_MAX_SIZE];
} PacketTag;

/* Packet tags: refcounted, never changed while shared. */
typedef struct
{
  guint32 ref_count;
  guint32 n;
  guint32 block;
  guint32 reserved;
  PacketTag tags[];
} PacketTagList;

typedef struct
{
  CnsRange range;
  const CnsTagClass *klass;
  guint8 data[CNS_TAG_MAX_SIZE];
} ByteTag;

typedef struct
{
  CnsRange range;
  const CnsHeaderClass *klass;
  gboolean trailer;
} HeaderRecord;

struct _CnsPacket
{
  guint32 ref_count;
  guint32 origin; /* virtual coordinate of the first byte */
  CnsBuffer buffer;
  guint64 uid;
  PacketTagList *packet_tags;
  CnsRangeList *byte_tags;
  CnsRangeList *headers; /* NULL unless the packet records its headers */
};

G_STATIC_ASSERT (sizeof (CnsPacket) == 64);

G_DEFINE_BOXED_TYPE (CnsPacket, cns_packet, cns_packet_ref, cns_packet_unref)

static gboolean printing_enabled;
static guint64 *uid_counters; /* indexed by context + 1 */
static gsize n_uid_counters;

/* ---- uids ---- */

static void
packet_simulation_destroyed (gpointer obj, gpointer data)
{
  g_clear_pointer (&uid_counters, g_free);
  n_uid_counters = 0;
  cns_buffer_reset_room ();
  /* Packets still held by pending events are released after this runs;
   * then the pool keeps its memory until the next destroy. */
  cns_packet_pool_trim ();
}

static G_GNUC_NO_INLINE void
packet_grow_uid_counters (gsize index)
{
  gsize n = MAX (index + 1, MAX (2 * n_uid_counters, 64));

  if (uid_counters == NULL)
    cns_simulator_schedule_destroy (packet_simulation_destroyed, NULL, NULL);
  uid_counters = g_renew (guint64, uid_counters, n);
  memset (uid_counters + n_uid_counters, 0,
          (n - n_uid_counters) * sizeof (guint64));
  n_uid_counters = n;
}

static inline guint64
packet_next_uid (void)
{
  guint32 index = cns_simulator_get_context () + 1; /* NONE wraps to 0 */
  guint64 counter;

  if (G_UNLIKELY (index >= n_uid_counters))
    packet_grow_uid_counters (index);
  counter = uid_counters[index]++;
  if (G_UNLIKELY (counter >> UID_COUNTER_BITS))
    cns_fatal ("context %u made more than 2^%d packets; their uids would "
               "collide",
               index - 1, UID_COUNTER_BITS);
  return ((guint64) index << UID_COUNTER_BITS) | counter;
}

/* ---- packet tag lists ---- */

static PacketTagList *
packet_tag_list_alloc (guint32 n_tags)
{
  gsize block = cns_packet_pool_block_size (sizeof (PacketTagList)
                                            + n_tags * sizeof (PacketTag));
  PacketTagList *list = cns_packet_pool_alloc (block);

  list->ref_count = 1;
  list->n = 0;
  list->block = block;
  list->reserved = 0;
  return list;
}

static void
packet_tag_list_unref (PacketTagList *list)
{
  if (--list->ref_count == 0)
    cns_packet_pool_free (list, list->block);
}

static gint
packet_tag_find (const PacketTagList *list, const CnsTagClass *klass)
{
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    if (list->tags[i].klass == klass)
      return i;
  return -1;
}

/* Returns the packet's tag list, unshared, with room for @extra more. */
static PacketTagList *
packet_tag_list_make_writable (CnsPacket *packet, guint32 extra)
{
  PacketTagList *list = packet->packet_tags;
  PacketTagList *copy;
  guint32 n = list != NULL ? list->n : 0;

  if (list != NULL && list->ref_count == 1
      && sizeof (PacketTagList) + (n + extra) * sizeof (PacketTag)
             <= list->block)
    return list;
  copy = packet_tag_list_alloc (n + extra);
  if (list != NULL)
    {
      memcpy (copy->tags, list->tags, n * sizeof (PacketTag));
      copy->n = n;
      packet_tag_list_unref (list);
    }
  packet->packet_tags = copy;
  return copy;
}

/* ---- creation and references ---- */

static inline CnsPacket *
packet_alloc (void)
{
  CnsPacket *packet = cns_packet_pool_alloc (sizeof (CnsPacket));

  packet->ref_count = 1;
  packet->origin = 0;
  packet->packet_tags = NULL;
  packet->byte_tags = NULL;
  packet->headers = NULL;
  return packet;
}

static inline CnsPacket *
packet_new_with_uid (void)
{
  CnsPacket *packet = packet_alloc ();

  packet->uid = packet_next_uid ();
  if (G_UNLIKELY (printing_enabled))
    packet->headers = cns_range_list_new (sizeof (HeaderRecord));
  return packet;
}

/**
 * cns_packet_new:
 * @size: the number of payload bytes, all zero
 *
 * Makes a packet of @size zero bytes. The zeros take no memory until a
 * reader copies them out.
 *
 * Returns: (transfer full): a new packet with a new uid.
 */
CnsPacket *
cns_packet_new (guint32 size)
{
  CnsPacket *packet = packet_new_with_uid ();

  cns_buffer_init (&packet->buffer, NULL, 0, size, NULL, 0);
  return packet;
}

/**
 * cns_packet_new_from_data:
 * @data: (array length=size) (nullable): the bytes, %NULL only if @size
 *   is 0
 *
 * Makes a packet holding a copy of @data.
 *
 * Returns: (transfer full): a new packet with a new uid.
 */
CnsPacket *
cns_packet_new_from_data (const guint8 *data, guint32 size)
{
  CnsPacket *packet;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  packet = packet_new_with_uid ();
  cns_buffer_init (&packet->buffer, data, size, 0, NULL, 0);
  return packet;
}

/**
 * cns_packet_ref:
 *
 * Returns: @packet, with one more reference.
 */
CnsPacket *
cns_packet_ref (CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, NULL);
  packet->ref_count++;
  return packet;
}

/**
 * cns_packet_unref:
 *
 * Drops a reference; the last one returns the packet to the pool.
 */
void
cns_packet_unref (CnsPacket *packet)
{
  g_return_if_fail (packet != NULL);
  if (--packet->ref_count > 0)
    return;
  cns_buffer_clear (&packet->buffer);
  if (packet->packet_tags != NULL)
    packet_tag_list_unref (packet->packet_tags);
  if (packet->byte_tags != NULL)
    cns_range_list_unref (packet->byte_tags);
  if (packet->headers != NULL)
    cns_range_list_unref (packet->headers);
  cns_packet_pool_free (packet, sizeof (CnsPacket));
}

/* A new packet with the uid, origin and lists of @packet, and no bytes. */
static CnsPacket *
packet_share_metadata (const CnsPacket *packet)
{
  CnsPacket *copy = cns_packet_pool_alloc (sizeof (CnsPacket));

  copy->ref_count = 1;
  copy->origin = packet->origin;
  copy->uid = packet->uid;
  copy->packet_tags = packet->packet_tags;
  if (copy->packet_tags != NULL)
    copy->packet_tags->ref_count++;
  copy->byte_tags = packet->byte_tags;
  if (copy->byte_tags != NULL)
    cns_range_list_ref (copy->byte_tags);
  copy->headers = packet->headers;
  if (copy->headers != NULL)
    cns_range_list_ref (copy->headers);
  return copy;
}

/**
 * cns_packet_copy:
 *
 * Makes a packet with the same bytes, uid, tags and header records, in
 * O(1): the copy shares them with @packet until either changes.
 *
 * Returns: (transfer full): the copy, writable.
 */
CnsPacket *
cns_packet_copy (const CnsPacket *packet)
{
  CnsPacket *copy;

  g_return_val_if_fail (packet != NULL, NULL);
  copy = packet_share_metadata (packet);
  cns_buffer_copy (&copy->buffer, &packet->buffer);
  return copy;
}

/**
 * cns_packet_make_writable:
 * @packet: (transfer full): a packet
 *
 * Returns: (transfer full): @packet itself when the caller holds its only
 * reference, else a copy, the caller's reference to @packet being dropped.
 */
CnsPacket *
cns_packet_make_writable (CnsPacket *packet)
{
  CnsPacket *copy;

  g_return_val_if_fail (packet != NULL, NULL);
  if (packet->ref_count == 1)
    return packet;
  CNS_LOG_LOGIC ("copying shared packet %" G_GUINT64_FORMAT, packet->uid);
  copy = cns_packet_copy (packet);
  cns_packet_unref (packet);
  return copy;
}

/**
 * cns_packet_is_writable:
 *
 * Returns: whether @packet may be changed: whether only one reference to
 * it exists.
 */
gboolean
cns_packet_is_writable (const CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, FALSE);
  return packet->ref_count == 1;
}

/** cns_packet_get_uid: Returns: the packet's uid. */
guint64
cns_packet_get_uid (const CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, 0);
  return packet->uid;
}

/** cns_packet_get_size: Returns: the number of bytes in the packet. */
guint32
cns_packet_get_size (const CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, 0);
  return cns_buffer_get_size (&packet->buffer);
}

/* ---- headers and trailers ---- */

/* Before bytes are added in front or behind: the new bytes take virtual
 * coordinates that tags and records of bytes removed earlier may still
 * cover, so the lists are cut down to the packet's current bytes. */
static void
packet_before_growth (CnsPacket *packet)
{
  guint32 size = cns_buffer_get_size (&packet->buffer);

  cns_range_list_restrict (&packet->byte_tags, packet->origin, size,
                           CNS_RANGE_OVERLAP);
  cns_range_list_restrict (&packet->headers, packet->origin, size,
                           CNS_RANGE_WHOLE);
}

static void
packet_record_header (CnsPacket *packet, const CnsHeaderClass *klass,
                      gboolean trailer, guint32 start, guint32 end)
{
  HeaderRecord *record = cns_range_list_add (&packet->headers,
                                             sizeof (HeaderRecord), start, end);

  record->klass = klass;
  record->trailer = trailer;
}

/* Deserialises a header from the first bytes of @packet, or a trailer from
 * its last bytes, reading zeros into a stack buffer when needed.
 *
 * Returns: the size of the header, 0 when there is none. */
static gsize
packet_deserialize_header (const CnsPacket *packet, const CnsHeaderClass *klass,
                           gpointer header, gboolean trailer)
{
  guint8 scratch[HEADER_SCRATCH];
  guint32 total = cns_buffer_get_size (&packet->buffer);
  guint32 available;
  const guint8 *data;
  gsize size;

  if (trailer)
    data = cns_buffer_peek_back (&packet->buffer, scratch, sizeof scratch,
                                 &available);
  else
    data = cns_buffer_peek_front (&packet->buffer, scratch, sizeof scratch,
                                  &available);
  size = klass->deserialize (header, data, available);
  if (size == 0 && available < total)
    {
      /* a long header, or none, in a packet with a zero area */
      g_autofree guint8 *all = g_malloc (total);

      cns_buffer_read (&packet->buffer, 0, all, total);
      available = total;
      size = klass->deserialize (header, all, total);
    }
  if (G_UNLIKELY (size > available))
    {
      g_critical ("header class '%s' claims %" G_GSIZE_FORMAT
                  " bytes from %u available",
                  klass->name, size, available);
      return 0;
    }
  return size;
}

/**
 * cns_packet_add_header:
 * @packet: a writable packet
 * @klass: the header's class
 * @header: the header struct
 *
 * Serialises @header in front of the packet's bytes.
 */
void
cns_packet_add_header (CnsPacket *packet, const CnsHeaderClass *klass,
                       gconstpointer header)
{
  gsize size;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (klass != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  size = klass->get_serialized_size (header);
  g_return_if_fail (size
                    <= G_MAXUINT32 - cns_buffer_get_size (&packet->buffer));

  if (G_UNLIKELY (packet->byte_tags != NULL || packet->headers != NULL))
    packet_before_growth (packet);
  klass->serialize (header, cns_buffer_prepend (&packet->buffer, size));
  packet->origin -= size;
  if (G_UNLIKELY (packet->headers != NULL))
    packet_record_header (packet, klass, FALSE, packet->origin,
                          packet->origin + size);
}

/**
 * cns_packet_remove_header:
 * @packet: a writable packet
 * @header: (out caller-allocates): the header struct to fill
 *
 * Deserialises a header of class @klass from the packet's first bytes and
 * removes those bytes.
 *
 * Returns: the header's size, or 0 when the packet does not start with a
 * valid header of this class; the packet is then unchanged.
 */
gsize
cns_packet_remove_header (CnsPacket *packet, const CnsHeaderClass *klass,
                          gpointer header)
{
  gsize size;

  g_return_val_if_fail (packet != NULL, 0);
  g_return_val_if_fail (klass != NULL, 0);
  g_return_val_if_fail (cns_packet_is_writable (packet), 0);
  size = packet_deserialize_header (packet, klass, header, FALSE);
  if (size > 0)
    {
      cns_buffer_remove_start (&packet->buffer, size);
      packet->origin += size;
    }
  return size;
}

/**
 * cns_packet_peek_header:
 * @header: (out caller-allocates): the header struct to fill
 *
 * Like cns_packet_remove_header(), leaving the bytes in place.
 *
 * Returns: the header's size, or 0.
 */
gsize
cns_packet_peek_header (const CnsPacket *packet, const CnsHeaderClass *klass,
                        gpointer header)
{
  g_return_val_if_fail (packet != NULL, 0);
  g_return_val_if_fail (klass != NULL, 0);
  return packet_deserialize_header (packet, klass, header, FALSE);
}

/**
 * cns_packet_add_trailer:
 * @packet: a writable packet
 *
 * Serialises @trailer after the packet's bytes.
 */
void
cns_packet_add_trailer (CnsPacket *packet, const CnsHeaderClass *klass,
                        gconstpointer trailer)
{
  guint32 old_size;
  gsize size;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (klass != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  old_size = cns_buffer_get_size (&packet->buffer);
  size = klass->get_serialized_size (trailer);
  g_return_if_fail (size <= G_MAXUINT32 - old_size);

  if (G_UNLIKELY (packet->byte_tags != NULL || packet->headers != NULL))
    packet_before_growth (packet);
  klass->serialize (trailer, cns_buffer_append (&packet->buffer, size));
  if (G_UNLIKELY (packet->headers != NULL))
    packet_record_header (packet, klass, TRUE, packet->origin + old_size,
                          packet->origin + old_size + size);
}

/**
 * cns_packet_remove_trailer:
 * @packet: a writable packet
 * @trailer: (out caller-allocates): the trailer struct to fill
 *
 * Deserialises a trailer of class @klass from the packet's last bytes and
 * removes them.
 *
 * Returns: the trailer's size, or 0 when there is no valid one; the packet
 * is then unchanged.
 */
gsize
cns_packet_remove_trailer (CnsPacket *packet, const CnsHeaderClass *klass,
                           gpointer trailer)
{
  gsize size;

  g_return_val_if_fail (packet != NULL, 0);
  g_return_val_if_fail (klass != NULL, 0);
  g_return_val_if_fail (cns_packet_is_writable (packet), 0);
  size = packet_deserialize_header (packet, klass, trailer, TRUE);
  if (size > 0)
    cns_buffer_remove_end (&packet->buffer, size);
  return size;
}

/**
 * cns_packet_peek_trailer:
 * @trailer: (out caller-allocates): the trailer struct to fill
 *
 * Like cns_packet_remove_trailer(), leaving the bytes in place.
 *
 * Returns: the trailer's size, or 0.
 */
gsize
cns_packet_peek_trailer (const CnsPacket *packet, const CnsHeaderClass *klass,
                         gpointer trailer)
{
  g_return_val_if_fail (packet != NULL, 0);
  g_return_val_if_fail (klass != NULL, 0);
  return packet_deserialize_header (packet, klass, trailer, TRUE);
}

/* ---- raw bytes ---- */

/**
 * cns_packet_remove_at_start:
 * @packet: a writable packet
 * @size: at most the packet's size
 *
 * Removes the first @size bytes. Never copies.
 */
void
cns_packet_remove_at_start (CnsPacket *packet, guint32 size)
{
  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  g_return_if_fail (size <= cns_buffer_get_size (&packet->buffer));
  cns_buffer_remove_start (&packet->buffer, size);
  packet->origin += size;
}

/**
 * cns_packet_remove_at_end:
 * @packet: a writable packet
 * @size: at most the packet's size
 *
 * Removes the last @size bytes. Never copies.
 */
void
cns_packet_remove_at_end (CnsPacket *packet, guint32 size)
{
  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  g_return_if_fail (size <= cns_buffer_get_size (&packet->buffer));
  cns_buffer_remove_end (&packet->buffer, size);
}

/**
 * cns_packet_add_padding:
 * @packet: a writable packet
 *
 * Appends @size zero bytes, which take no memory unless bytes are stored
 * behind the packet's zero area already.
 */
void
cns_packet_add_padding (CnsPacket *packet, guint32 size)
{
  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  g_return_if_fail (size
                    <= G_MAXUINT32 - cns_buffer_get_size (&packet->buffer));
  if (packet->byte_tags != NULL || packet->headers != NULL)
    packet_before_growth (packet);
  cns_buffer_append_zeros (&packet->buffer, size);
}

/**
 * cns_packet_create_fragment:
 * @offset: the first byte of the fragment
 * @size: its length; @offset + @size is at most the packet's size
 *
 * Makes a packet of bytes [@offset, @offset + @size) of @packet, sharing
 * them (O(1)). The fragment keeps the uid, the packet tags, the byte tags
 * over its bytes (clipped) and the records of headers wholly inside it.
 *
 * Returns: (transfer full): the fragment.
 */
CnsPacket *
cns_packet_create_fragment (const CnsPacket *packet, guint32 offset,
                            guint32 size)
{
  CnsPacket *fragment;
  guint32 total;

  g_return_val_if_fail (packet != NULL, NULL);
  total = cns_buffer_get_size (&packet->buffer);
  g_return_val_if_fail (offset <= total && size <= total - offset, NULL);

  fragment = packet_share_metadata (packet);
  cns_buffer_fragment (&fragment->buffer, &packet->buffer, offset, size);
  fragment->origin += offset;
  return fragment;
}

/**
 * cns_packet_add_at_end:
 * @packet: a writable packet
 * @other: the packet whose bytes to append; may be @packet
 *
 * Appends the bytes of @other, with its byte tags and header records; the
 * uid and packet tags stay those of @packet. Zero areas stay virtual when
 * the result can still be written as stored bytes, zeros, stored bytes.
 */
void
cns_packet_add_at_end (CnsPacket *packet, const CnsPacket *other)
{
  guint32 size;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (other != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  size = cns_buffer_get_size (&packet->buffer);
  g_return_if_fail (cns_buffer_get_size (&other->buffer) <= G_MAXUINT32 - size);

  if (other == packet)
    {
      CnsPacket *copy = cns_packet_copy (packet);

      cns_packet_add_at_end (packet, copy);
      cns_packet_unref (copy);
      return;
    }
  if (packet->byte_tags != NULL || other->byte_tags != NULL)
    cns_range_list_append (
        &packet->byte_tags, packet->origin, size, other->byte_tags,
        other->origin, cns_buffer_get_size (&other->buffer), CNS_RANGE_OVERLAP);
  if (packet->headers != NULL)
    cns_range_list_append (
        &packet->headers, packet->origin, size, other->headers, other->origin,
        cns_buffer_get_size (&other->buffer), CNS_RANGE_WHOLE);
  cns_buffer_append_buffer (&packet->buffer, &other->buffer);
}

/**
 * cns_packet_copy_data:
 * @offset: the first byte to copy, at most the packet's size
 * @out: (array length=size): where to copy
 *
 * Copies up to @size bytes from @offset, writing zeros for the zero area.
 *
 * Returns: the number of bytes copied, less than @size when the packet
 * ends first.
 */
guint32
cns_packet_copy_data (const CnsPacket *packet, guint32 offset, guint8 *out,
                      guint32 size)
{
  guint32 total;

  g_return_val_if_fail (packet != NULL, 0);
  g_return_val_if_fail (out != NULL || size == 0, 0);
  total = cns_buffer_get_size (&packet->buffer);
  g_return_val_if_fail (offset <= total, 0);
  size = MIN (size, total - offset);
  cns_buffer_read (&packet->buffer, offset, out, size);
  return size;
}

/* ---- packet tags ---- */

static gboolean
check_tag_class (const CnsTagClass *klass, gconstpointer data)
{
  g_return_val_if_fail (klass != NULL, FALSE);
  g_return_val_if_fail (klass->size <= CNS_TAG_MAX_SIZE, FALSE);
  g_return_val_if_fail (data != NULL || klass->size == 0, FALSE);
  return TRUE;
}

/**
 * cns_packet_add_packet_tag:
 * @packet: a writable packet without a tag of class @klass
 * @data: the tag's data, @klass->size bytes
 *
 * Attaches a packet tag. A packet holds at most one tag per class; use
 * cns_packet_replace_packet_tag() to change one.
 */
void
cns_packet_add_packet_tag (CnsPacket *packet, const CnsTagClass *klass,
                           gconstpointer data)
{
  PacketTagList *list;
  PacketTag *tag;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  if (!check_tag_class (klass, data))
    return;
  if (packet_tag_find (packet->packet_tags, klass) >= 0)
    {
      g_critical ("packet %" G_GUINT64_FORMAT " already has a '%s' packet "
                  "tag",
                  packet->uid, klass->name);
      return;
    }
  list = packet_tag_list_make_writable (packet, 1);
  tag = &list->tags[list->n++];
  tag->klass = klass;
  if (klass->size > 0) /* tags without data may pass NULL */
    memcpy (tag->data, data, klass->size);
}

/**
 * cns_packet_replace_packet_tag:
 * @packet: a writable packet
 *
 * Sets the packet's tag of class @klass to @data, adding it if absent.
 *
 * Returns: whether a tag of that class was there and has been replaced.
 */
gboolean
cns_packet_replace_packet_tag (CnsPacket *packet, const CnsTagClass *klass,
                               gconstpointer data)
{
  PacketTagList *list;
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (cns_packet_is_writable (packet), FALSE);
  if (!check_tag_class (klass, data))
    return FALSE;
  i = packet_tag_find (packet->packet_tags, klass);
  if (i < 0)
    {
      cns_packet_add_packet_tag (packet, klass, data);
      return FALSE;
    }
  list = packet_tag_list_make_writable (packet, 0);
  if (klass->size > 0)
    memcpy (list->tags[i].data, data, klass->size);
  return TRUE;
}

/**
 * cns_packet_peek_packet_tag:
 * @data: (out caller-allocates) (nullable): where to copy the tag's data
 *
 * Returns: whether the packet has a tag of class @klass.
 */
gboolean
cns_packet_peek_packet_tag (const CnsPacket *packet, const CnsTagClass *klass,
                            gpointer data)
{
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  i = packet_tag_find (packet->packet_tags, klass);
  if (i < 0)
    return FALSE;
  if (data != NULL)
    memcpy (data, packet->packet_tags->tags[i].data, klass->size);
  return TRUE;
}

/**
 * cns_packet_remove_packet_tag:
 * @packet: a writable packet
 * @data: (out caller-allocates) (nullable): where to copy the tag's data
 *
 * Returns: whether the packet had a tag of class @klass, now removed.
 */
gboolean
cns_packet_remove_packet_tag (CnsPacket *packet, const CnsTagClass *klass,
                              gpointer data)
{
  PacketTagList *list;
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  g_return_val_if_fail (cns_packet_is_writable (packet), FALSE);
  i = packet_tag_find (packet->packet_tags, klass);
  if (i < 0)
    return FALSE;
  if (data != NULL)
    memcpy (data, packet->packet_tags->tags[i].data, klass->size);
  if (packet->packet_tags->n == 1)
    {
      cns_packet_remove_all_packet_tags (packet);
      return TRUE;
    }
  list = packet_tag_list_make_writable (packet, 0);
  memmove (&list->tags[i], &list->tags[i + 1],
           (list->n - i - 1) * sizeof (PacketTag));
  list->n--;
  return TRUE;
}

/**
 * cns_packet_remove_all_packet_tags:
 * @packet: a writable packet
 */
void
cns_packet_remove_all_packet_tags (CnsPacket *packet)
{
  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  if (packet->packet_tags != NULL)
    packet_tag_list_unref (packet->packet_tags);
  packet->packet_tags = NULL;
}

/* ---- byte tags ---- */

/**
 * cns_packet_add_byte_tag:
 * @packet: a writable packet
 * @data: the tag's data, @klass->size bytes
 *
 * Tags all the packet's current bytes. The tag stays with those bytes when
 * headers are added or removed, when the packet is fragmented (each
 * fragment sees the part over its bytes) and when packets are joined.
 */
void
cns_packet_add_byte_tag (CnsPacket *packet, const CnsTagClass *klass,
                         gconstpointer data)
{
  g_return_if_fail (packet != NULL);
  cns_packet_add_byte_tag_range (packet, klass, data, 0,
                                 cns_buffer_get_size (&packet->buffer));
}

/**
 * cns_packet_add_byte_tag_range:
 * @packet: a writable packet
 * @start: the first byte to tag
 * @end: one past the last; @start <= @end <= the packet's size
 *
 * Tags bytes [@start, @end) of the packet, as cns_packet_add_byte_tag().
 */
void
cns_packet_add_byte_tag_range (CnsPacket *packet, const CnsTagClass *klass,
                               gconstpointer data, guint32 start, guint32 end)
{
  ByteTag *tag;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  g_return_if_fail (start <= end);
  g_return_if_fail (end <= cns_buffer_get_size (&packet->buffer));
  if (!check_tag_class (klass, data))
    return;
  tag = cns_range_list_add (&packet->byte_tags, sizeof (ByteTag),
                            packet->origin + start, packet->origin + end);
  tag->klass = klass;
  if (klass->size > 0) /* tags without data may pass NULL */
    memcpy (tag->data, data, klass->size);
}

/**
 * cns_packet_find_first_byte_tag:
 * @data: (out caller-allocates) (nullable): where to copy the tag's data
 *
 * Returns: whether a byte tag of class @klass covers any byte of the
 * packet; @data receives the oldest such tag.
 */
gboolean
cns_packet_find_first_byte_tag (const CnsPacket *packet,
                                const CnsTagClass *klass, gpointer data)
{
  const CnsRangeList *list;
  guint32 size, s, e;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  list = packet->byte_tags;
  size = cns_buffer_get_size (&packet->buffer);
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    {
      const ByteTag *tag = cns_range_list_item (list, i);

      if (tag->klass != klass
          || !cns_range_list_clip (&tag->range, packet->origin, size,
                                   CNS_RANGE_OVERLAP, &s, &e))
        continue;
      if (data != NULL)
        memcpy (data, tag->data, klass->size);
      return TRUE;
    }
  return FALSE;
}

/**
 * cns_packet_foreach_byte_tag:
 * @func: called for each byte tag over the packet's bytes, oldest first,
 *   with the range it covers in the packet's current byte offsets
 */
void
cns_packet_foreach_byte_tag (const CnsPacket *packet, CnsByteTagFunc func,
                             gpointer user_data)
{
  const CnsRangeList *list;
  guint32 size, s, e;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (func != NULL);
  list = packet->byte_tags;
  size = cns_buffer_get_size (&packet->buffer);
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    {
      const ByteTag *tag = cns_range_list_item (list, i);

      if (cns_range_list_clip (&tag->range, packet->origin, size,
                               CNS_RANGE_OVERLAP, &s, &e))
        func (tag->klass, s, e, tag->data, user_data);
    }
}

/**
 * cns_packet_remove_all_byte_tags:
 * @packet: a writable packet
 */
void
cns_packet_remove_all_byte_tags (CnsPacket *packet)
{
  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  if (packet->byte_tags != NULL)
    cns_range_list_unref (packet->byte_tags);
  packet->byte_tags = NULL;
}

/* ---- descriptions ---- */

/**
 * cns_packet_enable_printing:
 *
 * Makes packets created from now on (while @enable) record the classes
 * of the headers and trailers added to them, so that cns_packet_print()
 * can name them. Off by default: it costs memory in every packet.
 */
void
cns_packet_enable_printing (gboolean enable)
{
  printing_enabled = enable;
}

/** cns_packet_is_printing_enabled: Returns: whether new packets record
 * their headers. */
gboolean
cns_packet_is_printing_enabled (void)
{
  return printing_enabled;
}

static gint
header_record_compare (gconstpointer a, gconstpointer b)
{
  const CnsRange *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->end < y->end ? -1 : x->end > y->end;
}

/* Appends "Name (fields)", deserialising the header from @bytes, the
 * @size bytes of the packet. */
static void
print_header (GString *out, const HeaderRecord *record, const guint8 *bytes,
              guint32 size)
{
  union
  {
    guint8 bytes[CNS_HEADER_MAX_STRUCT_SIZE];
    gint64 i;
    gdouble d;
    gpointer p;
  } header;
  const CnsHeaderClass *klass = record->klass;
  gsize read;

  memset (&header, 0, sizeof header);
  if (record->trailer)
    read = klass->deserialize (&header, bytes, record->range.end);
  else
    read = klass->deserialize (&header, bytes + record->range.start,
                               size - record->range.start);
  g_string_append_printf (out, "%s (", klass->name);
  if (read == record->range.end - record->range.start)
    klass->print (&header, out);
  else
    g_string_append (out, "malformed");
  g_string_append_c (out, ')');
}

/**
 * cns_packet_print:
 * @out: where to append the description
 *
 * Describes the packet: "PppHeader (protocol IP (0x0021)) Ipv4Header
 * (...) Payload (size=1000)". Packets created while printing was enabled
 * (cns_packet_enable_printing()) name the headers and trailers they hold,
 * rebuilt from their bytes; bytes that no recorded header covers, and all
 * bytes of other packets, are payload.
 */
void
cns_packet_print (const CnsPacket *packet, GString *out)
{
  g_autoptr (GArray) records = NULL;
  g_autofree guint8 *bytes = NULL;
  const CnsRangeList *list;
  const gchar *separator = "";
  guint32 size, pos = 0;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (out != NULL);
  size = cns_buffer_get_size (&packet->buffer);
  list = packet->headers;
  if (list == NULL)
    {
      g_string_append_printf (out, "Payload (size=%u)", size);
      return;
    }

  /* the records this packet sees, in packet offsets and byte order */
  records = g_array_new (FALSE, FALSE, sizeof (HeaderRecord));
  for (guint32 i = 0; i < list->n; i++)
    {
      HeaderRecord record
          = *(const HeaderRecord *) cns_range_list_item (list, i);

      if (cns_range_list_clip (&record.range, packet->origin, size,
                               CNS_RANGE_WHOLE, &record.range.start,
                               &record.range.end))
        g_array_append_val (records, record);
    }
  g_array_sort (records, header_record_compare);

  bytes = g_malloc (MAX (size, 1));
  cns_buffer_read (&packet->buffer, 0, bytes, size);
  for (guint i = 0; i < records->len; i++)
    {
      const HeaderRecord *record = &g_array_index (records, HeaderRecord, i);

      if (record->range.start > pos)
        {
          g_string_append_printf (out, "%sPayload (size=%u)", separator,
                                  record->range.start - pos);
          separator = " ";
        }
      g_string_append (out, separator);
      print_header (out, record, bytes, size);
      separator = " ";
      pos = record->range.end;
    }
  if (pos < size)
    g_string_append_printf (out, "%sPayload (size=%u)", separator, size - pos);
}

/**
 * cns_packet_to_string:
 *
 * Returns: (transfer full): cns_packet_print()'s description of @packet.
 */
gchar *
cns_packet_to_string (const CnsPacket *packet)
{
  GString *out;

  g_return_val_if_fail (packet != NULL, NULL);
  out = g_string_new (NULL);
  cns_packet_print (packet, out);
  return g_string_free (out, FALSE);
}

/* ---- serialisation ----
 *
 * A serialized packet, every integer little-endian (all ranks run the same
 * build, so the format needs no versioning):
 *
 *   u32  length of the whole record in bytes, this field included
 *   u64  uid
 *   u32  H, the stored bytes before the zero area
 *   u32  Z, the length of the zero area (its zeros are not written)
 *   u32  T, the stored bytes after it
 *   H + T bytes
 *   u8   flags: bit 0 set when the packet records its headers
 *   u32  the number of packet tags, then each:
 *          name, u8 data size, data
 *   u32  the number of byte tags the packet sees, then each:
 *          name, u32 first byte, u32 end (clipped to the packet),
 *          u8 data size, data
 *   u32  the number of header records the packet sees, then each:
 *          name, u8 0 for a header or 1 for a trailer, u32 first byte,
 *          u32 end
 *
 * where a name is a u16 length and that many bytes, without a NUL. Tag and
 * header classes are found by name with cns_tag_class_lookup() and
 * cns_header_class_lookup().
 */

#define FLAG_RECORDS_HEADERS 0x1

static void
put_u8 (GByteArray *out, guint8 value)
{
  g_byte_array_append (out, &value, 1);
}

static void
put_u16 (GByteArray *out, guint16 value)
{
  value = GUINT16_TO_LE (value);
  g_byte_array_append (out, (const guint8 *) &value, sizeof value);
}

static void
put_u32 (GByteArray *out, guint32 value)
{
  value = GUINT32_TO_LE (value);
  g_byte_array_append (out, (const guint8 *) &value, sizeof value);
}

static void
put_u64 (GByteArray *out, guint64 value)
{
  value = GUINT64_TO_LE (value);
  g_byte_array_append (out, (const guint8 *) &value, sizeof value);
}

static void
put_name (GByteArray *out, const gchar *name)
{
  gsize len = strlen (name);

  if (len > G_MAXUINT16)
    cns_fatal ("class name '%.40s...' is too long to serialize", name);
  put_u16 (out, len);
  g_byte_array_append (out, (const guint8 *) name, len);
}

/**
 * cns_packet_serialize:
 * @out: where to append
 *
 * Appends the packet's uid, bytes (zero areas as their length), tags and
 * header records to @out, in the form cns_packet_deserialize() reads back
 * into an identical packet. Tag and header classes are written by name,
 * so the reading side must have registered them.
 */
void
cns_packet_serialize (const CnsPacket *packet, GByteArray *out)
{
  const CnsBuffer *buffer;
  const PacketTagList *ptags;
  const CnsRangeList *list;
  guint32 size, length_at, count_at, count, s, e;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (out != NULL);
  buffer = &packet->buffer;
  size = cns_buffer_get_size (buffer);

  length_at = out->len;
  put_u32 (out, 0);
  put_u64 (out, packet->uid);
  put_u32 (out, buffer->head);
  put_u32 (out, buffer->zeros);
  put_u32 (out, buffer->tail);
  if (buffer->head + buffer->tail > 0)
    g_byte_array_append (out, cns_buffer_get_stored (buffer),
                         buffer->head + buffer->tail);
  put_u8 (out, packet->headers != NULL ? FLAG_RECORDS_HEADERS : 0);

  ptags = packet->packet_tags;
  put_u32 (out, ptags != NULL ? ptags->n : 0);
  for (guint32 i = 0; ptags != NULL && i < ptags->n; i++)
    {
      put_name (out, ptags->tags[i].klass->name);
      put_u8 (out, ptags->tags[i].klass->size);
      g_byte_array_append (out, ptags->tags[i].data,
                           ptags->tags[i].klass->size);
    }

  count_at = out->len;
  count = 0;
  put_u32 (out, 0);
  list = packet->byte_tags;
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    {
      const ByteTag *tag = cns_range_list_item (list, i);

      if (!cns_range_list_clip (&tag->range, packet->origin, size,
                                CNS_RANGE_OVERLAP, &s, &e))
        continue;
      put_name (out, tag->klass->name);
      put_u32 (out, s);
      put_u32 (out, e);
      put_u8 (out, tag->klass->size);
      g_byte_array_append (out, tag->data, tag->klass->size);
      count++;
    }
  count = GUINT32_TO_LE (count);
  memcpy (out->data + count_at, &count, sizeof count);

  count_at = out->len;
  count = 0;
  put_u32 (out, 0);
  list = packet->headers;
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    {
      const HeaderRecord *record = cns_range_list_item (list, i);

      if (!cns_range_list_clip (&record->range, packet->origin, size,
                                CNS_RANGE_WHOLE, &s, &e))
        continue;
      put_name (out, record->klass->name);
      put_u8 (out, record->trailer ? 1 : 0);
      put_u32 (out, s);
      put_u32 (out, e);
      count++;
    }
  count = GUINT32_TO_LE (count);
  memcpy (out->data + count_at, &count, sizeof count);

  count = GUINT32_TO_LE (out->len - length_at);
  memcpy (out->data + length_at, &count, sizeof count);
}

typedef struct
{
  const guint8 *pos;
  const guint8 *end;
} Reader;

static gboolean
read_bytes (Reader *r, gsize n, const guint8 **bytes, const gchar *what,
            GError **error)
{
  if ((gsize) (r->end - r->pos) < n)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet truncated in %s: %" G_GSIZE_FORMAT
                   " bytes needed, %" G_GSIZE_FORMAT " left",
                   what, n, (gsize) (r->end - r->pos));
      return FALSE;
    }
  *bytes = r->pos;
  r->pos += n;
  return TRUE;
}

static gboolean
read_u8 (Reader *r, guint8 *value, const gchar *what, GError **error)
{
  const guint8 *bytes;

  if (!read_bytes (r, 1, &bytes, what, error))
    return FALSE;
  *value = bytes[0];
  return TRUE;
}

static gboolean
read_u16 (Reader *r, guint16 *value, const gchar *what, GError **error)
{
  const guint8 *bytes;

  if (!read_bytes (r, sizeof *value, &bytes, what, error))
    return FALSE;
  memcpy (value, bytes, sizeof *value);
  *value = GUINT16_FROM_LE (*value);
  return TRUE;
}

static gboolean
read_u32 (Reader *r, guint32 *value, const gchar *what, GError **error)
{
  const guint8 *bytes;

  if (!read_bytes (r, sizeof *value, &bytes, what, error))
    return FALSE;
  memcpy (value, bytes, sizeof *value);
  *value = GUINT32_FROM_LE (*value);
  return TRUE;
}

static gboolean
read_u64 (Reader *r, guint64 *value, const gchar *what, GError **error)
{
  const guint8 *bytes;

  if (!read_bytes (r, sizeof *value, &bytes, what, error))
    return FALSE;
  memcpy (value, bytes, sizeof *value);
  *value = GUINT64_FROM_LE (*value);
  return TRUE;
}

/* Reads a name into @name, a string the caller frees. */
static gboolean
read_name (Reader *r, gchar **name, const gchar *what, GError **error)
{
  const guint8 *bytes;
  guint16 len;

  if (!read_u16 (r, &len, what, error)
      || !read_bytes (r, len, &bytes, what, error))
    return FALSE;
  *name = g_strndup ((const gchar *) bytes, len);
  return TRUE;
}

/* Reads a tag's class name and data: name, u8 size, data (@range between
 * the name and the size when not %NULL). */
static const CnsTagClass *
read_tag (Reader *r, const gchar *what, guint32 *range, guint8 *data,
          GError **error)
{
  g_autofree gchar *name = NULL;
  const CnsTagClass *klass;
  const guint8 *bytes;
  guint8 size;

  if (!read_name (r, &name, what, error))
    return NULL;
  if (range != NULL
      && (!read_u32 (r, &range[0], what, error)
          || !read_u32 (r, &range[1], what, error)))
    return NULL;
  if (!read_u8 (r, &size, what, error)
      || !read_bytes (r, size, &bytes, what, error))
    return NULL;
  klass = cns_tag_class_lookup (name);
  if (klass == NULL)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_NOT_FOUND,
                   "serialized packet has a %s of unknown class '%s'", what,
                   name);
      return NULL;
    }
  if (size != klass->size)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has a '%s' %s of %u bytes; the class "
                   "has %" G_GSIZE_FORMAT,
                   name, what, size, klass->size);
      return NULL;
    }
  memcpy (data, bytes, size);
  return klass;
}

static gboolean
check_range (guint32 start, guint32 end, guint32 size, const gchar *what,
             const gchar *name, GError **error)
{
  if (start <= end && end <= size)
    return TRUE;
  g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
               "serialized packet has a '%s' %s over bytes [%u, %u) of a "
               "%u-byte packet",
               name, what, start, end, size);
  return FALSE;
}

static gboolean
packet_read_metadata (CnsPacket *packet, Reader *r, guint8 flags,
                      GError **error)
{
  guint32 size = cns_buffer_get_size (&packet->buffer);
  guint32 n, range[2];
  guint8 data[CNS_TAG_MAX_SIZE];
  const CnsTagClass *klass;

  if (!read_u32 (r, &n, "packet tags", error))
    return FALSE;
  for (guint32 i = 0; i < n; i++)
    {
      if ((klass = read_tag (r, "packet tag", NULL, data, error)) == NULL)
        return FALSE;
      if (packet_tag_find (packet->packet_tags, klass) >= 0)
        {
          g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                       "serialized packet has two '%s' packet tags",
                       klass->name);
          return FALSE;
        }
      cns_packet_add_packet_tag (packet, klass, data);
    }

  if (!read_u32 (r, &n, "byte tags", error))
    return FALSE;
  for (guint32 i = 0; i < n; i++)
    {
      if ((klass = read_tag (r, "byte tag", range, data, error)) == NULL)
        return FALSE;
      if (!check_range (range[0], range[1], size, "byte tag", klass->name,
                        error))
        return FALSE;
      cns_packet_add_byte_tag_range (packet, klass, data, range[0], range[1]);
    }

  if (!read_u32 (r, &n, "header records", error))
    return FALSE;
  if (n > 0 && !(flags & FLAG_RECORDS_HEADERS))
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %u header records but does not "
                   "record headers",
                   n);
      return FALSE;
    }
  for (guint32 i = 0; i < n; i++)
    {
      g_autofree gchar *name = NULL;
      const CnsHeaderClass *header_class;
      guint8 kind;

      if (!read_name (r, &name, "header record", error)
          || !read_u8 (r, &kind, "header record", error)
          || !read_u32 (r, &range[0], "header record", error)
          || !read_u32 (r, &range[1], "header record", error))
        return FALSE;
      header_class = cns_header_class_lookup (name);
      if (header_class == NULL)
        {
          g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_NOT_FOUND,
                       "serialized packet has a header of unknown class '%s'",
                       name);
          return FALSE;
        }
      if (kind > 1)
        {
          g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                       "serialized packet has a '%s' record of kind %u, "
                       "neither header (0) nor trailer (1)",
                       name, kind);
          return FALSE;
        }
      if (!check_range (range[0], range[1], size,
                        kind ? "trailer record" : "header record", name, error))
        return FALSE;
      packet_record_header (packet, header_class, kind == 1,
                            packet->origin + range[0],
                            packet->origin + range[1]);
    }
  return TRUE;
}

/**
 * cns_packet_deserialize:
 * @data: (array length=size): bytes starting with a packet written by
 *   cns_packet_serialize()
 * @consumed: (out) (optional): the number of bytes the packet took
 * @error: a #CNS_NETWORK_ERROR: PARSE when the bytes are not a serialized
 *   packet (truncated, inconsistent), NOT_FOUND when they name a tag or
 *   header class that is not registered
 *
 * Rebuilds a packet: same bytes, uid, tags and header records.
 *
 * Returns: (transfer full) (nullable): the packet, or %NULL on error.
 */
CnsPacket *
cns_packet_deserialize (const guint8 *data, gsize size, gsize *consumed,
                        GError **error)
{
  Reader r = { data, data + size };
  const guint8 *stored;
  guint32 length, head, zeros, tail;
  guint64 uid;
  guint8 flags;
  CnsPacket *packet;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_u32 (&r, &length, "its length", error))
    return NULL;
  if (length > size)
    {
      g_set_error (
          error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
          "serialized packet truncated: %u bytes long, %" G_GSIZE_FORMAT
          " given",
          length, size);
      return NULL;
    }
  r.end = data + length;
  if (!read_u64 (&r, &uid, "the uid", error)
      || !read_u32 (&r, &head, "the byte counts", error)
      || !read_u32 (&r, &zeros, "the byte counts", error)
      || !read_u32 (&r, &tail, "the byte counts", error))
    return NULL;
  if ((guint64) head + zeros + tail > G_MAXUINT32)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %" G_GUINT64_FORMAT
                   " bytes, more than a packet holds",
                   (guint64) head + zeros + tail);
      return NULL;
    }
  if (zeros == 0 && tail > 0)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %u tail bytes but no zero area",
                   tail);
      return NULL;
    }
  if (!read_bytes (&r, (gsize) head + tail, &stored, "the packet's bytes",
                   error)
      || !read_u8 (&r, &flags, "the flags", error))
    return NULL;
  if (flags & ~FLAG_RECORDS_HEADERS)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has unknown flags 0x%02x", flags);
      return NULL;
    }

  packet = packet_alloc ();
  packet->uid = uid;
  cns_buffer_init (&packet->buffer, stored, head, zeros, stored + head, tail);
  if (flags & FLAG_RECORDS_HEADERS)
    packet->headers = cns_range_list_new (sizeof (HeaderRecord));
  if (!packet_read_metadata (packet, &r, flags, error))
    {
      cns_packet_unref (packet);
      return NULL;
    }
  if (r.pos != r.end)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %" G_GSIZE_FORMAT
                   " stray bytes at its end",
                   (gsize) (r.end - r.pos));
      cns_packet_unref (packet);
      return NULL;
    }
  if (consumed != NULL)
    *consumed = length;
  return packet;
}
