/* cns — packets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A packet is a 64-byte struct from the packet pool (the struct is in
 * cns-packet-private.h): a reference count, its bytes (a CnsBuffer, see
 * cns-buffer.c), its uid and three shared, copy-on-write blocks: the
 * metadata of the whole packet (packet tags and nix vector), byte tags
 * and, when the packet was made with printing enabled, a record of the
 * headers and trailers added to it. cns_packet_copy() takes a new
 * reference on each of them and on the bytes, so it costs one pool block
 * and no copying.
 *
 * This file is the packet itself: making, sharing and copying packets,
 * their uids, headers and trailers, raw bytes and fragments. Tags and the
 * nix vector are in cns-packet-tags.c, descriptions in cns-packet-print.c and
 * the form that crosses MPI ranks in cns-packet-serialize.c.
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
#include "network/cns-packet-private.h"

#include <string.h>

#define UID_COUNTER_BITS 40
/* Stack bytes for reading a header that reaches into the zero area; longer
 * headers fall back to reading the whole packet. */
#define HEADER_SCRATCH 256

CNS_LOG_COMPONENT_DEFINE ("cns-packet");

G_DEFINE_BOXED_TYPE (CnsPacket, cns_packet, cns_packet_ref, cns_packet_unref)

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

void
cns_packet_reserve_uids (guint32 n_contexts)
{
  /* index of context n_contexts - 1 is n_contexts */
  if (n_contexts >= n_uid_counters)
    packet_grow_uid_counters (n_contexts);
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

/* ---- creation and references ---- */

static inline CnsPacket *
packet_new_with_uid (void)
{
  CnsPacket *packet = cns_packet_alloc ();

  packet->uid = packet_next_uid ();
  if (G_UNLIKELY (cns_packet_printing_enabled))
    packet->headers = cns_range_list_new (sizeof (CnsHeaderRecord));
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

  cns_buffer_init_zeros (&packet->buffer, size);
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
  if (G_UNLIKELY (packet->metadata != NULL || packet->byte_tags != NULL
                  || packet->headers != NULL))
    {
      if (packet->metadata != NULL)
        cns_packet_metadata_unref (packet->metadata);
      if (packet->byte_tags != NULL)
        cns_range_list_unref (packet->byte_tags);
      if (packet->headers != NULL)
        cns_range_list_unref (packet->headers);
    }
  cns_packet_pool_free (packet, sizeof (CnsPacket));
}

/**
 * cns_packet_unref_notify:
 * @packet: (type CnsPacket): the packet
 *
 * cns_packet_unref() as a #GDestroyNotify, for the destroy notify of an
 * event or container that holds a packet: calling cns_packet_unref()
 * through a cast function pointer would be undefined behaviour.
 */
void
cns_packet_unref_notify (gpointer packet)
{
  cns_packet_unref (packet);
}

/* A new packet with the uid, origin and lists of @packet, and no bytes. */
static CnsPacket *
packet_share_metadata (const CnsPacket *packet)
{
  CnsPacket *copy = cns_packet_pool_alloc (sizeof (CnsPacket));

  copy->ref_count = 1;
  copy->origin = packet->origin;
  copy->uid = packet->uid;
  copy->metadata = packet->metadata;
  if (copy->metadata != NULL)
    copy->metadata->ref_count++;
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
 * Makes a packet with the same bytes, uid, tags, nix vector (and
 * position in it) and header records, in O(1): the copy shares them with
 * @packet until either changes.
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
static G_GNUC_NO_INLINE CnsPacket *
packet_copy_shared (CnsPacket *packet)
{
  CnsPacket *copy;

  CNS_LOG_LOGIC ("copying shared packet %" G_GUINT64_FORMAT, packet->uid);
  copy = cns_packet_copy (packet);
  packet->ref_count--; /* others hold it still */
  return copy;
}

CnsPacket *
cns_packet_make_writable (CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, NULL);
  if (G_LIKELY (packet->ref_count == 1))
    return packet;
  return packet_copy_shared (packet);
}

/* Whether nothing of @packet is shared with another packet. */
static gboolean
packet_is_exclusive (const CnsPacket *packet)
{
  const CnsPacketMetadata *metadata = packet->metadata;

  return packet->ref_count == 1
         && (packet->buffer.data == NULL || packet->buffer.data->ref_count == 1)
         && (metadata == NULL || metadata->ref_count == 1)
         && (packet->byte_tags == NULL || packet->byte_tags->ref_count == 1)
         && (packet->headers == NULL || packet->headers->ref_count == 1);
}

/**
 * cns_packet_make_exclusive:
 * @packet: (transfer full): a packet
 *
 * For a packet about to be handed to a node that another thread runs
 * (cns_simulator_is_handover()): packets count their references without
 * atomic operations, so the receiver must own every part of it. Returns
 * @packet itself when nothing of it is shared, which is the rule (a frame
 * on a wire); otherwise an identical packet (same uid, bytes, tags, nix
 * vector and header records) of its own, the caller's reference to
 * @packet being dropped.
 *
 * Returns: (transfer full): a packet that shares nothing.
 */
CnsPacket *
cns_packet_make_exclusive (CnsPacket *packet)
{
  g_autoptr (GByteArray) bytes = NULL;
  g_autoptr (GError) error = NULL;
  CnsPacket *copy;

  g_return_val_if_fail (packet != NULL, NULL);
  if (G_LIKELY (packet_is_exclusive (packet)))
    return packet;
  /* the serialised form is the deep copy that MPI ranks already rely on */
  bytes = g_byte_array_new ();
  cns_packet_serialize (packet, bytes);
  copy = cns_packet_deserialize (bytes->data, bytes->len, NULL, &error);
  if (copy == NULL)
    cns_fatal ("cns_packet_make_exclusive: packet %" G_GUINT64_FORMAT
               " does not read back: %s",
               packet->uid, error->message);
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

/**
 * cns_packet_get_uid:
 *
 * Returns: the packet's uid.
 */
guint64
cns_packet_get_uid (const CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, 0);
  return packet->uid;
}

/**
 * cns_packet_get_size:
 *
 * Returns: the number of bytes in the packet.
 */
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

/* Deserialises a header from the first bytes of @packet, or a trailer from
 * its last bytes, reading zeros into a stack buffer when needed; for a
 * header, after packet_deserialize_from_head() found none.
 *
 * Returns: the size of the header, 0 when there is none. */
static G_GNUC_NO_INLINE gsize
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

/* Headers usually lie whole in the stored head: reads one there, with no
 * copy of the zero area behind it.
 *
 * Returns: the size of the header, 0 when the head holds none. */
static inline gsize
packet_deserialize_from_head (const CnsPacket *packet,
                              const CnsHeaderClass *klass, gpointer header)
{
  guint32 head = packet->buffer.head;
  gsize size;

  if (head == 0)
    return 0;
  size = klass->deserialize (header, cns_buffer_get_stored (&packet->buffer),
                             head);
  return size <= head ? size : 0;
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
    cns_packet_record_header (packet, klass, FALSE, packet->origin,
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
  size = packet_deserialize_from_head (packet, klass, header);
  if (G_UNLIKELY (size == 0))
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
  gsize size;

  g_return_val_if_fail (packet != NULL, 0);
  g_return_val_if_fail (klass != NULL, 0);
  size = packet_deserialize_from_head (packet, klass, header);
  if (G_UNLIKELY (size == 0))
    size = packet_deserialize_header (packet, klass, header, FALSE);
  return size;
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
    cns_packet_record_header (packet, klass, TRUE, packet->origin + old_size,
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
 * them (O(1)). The fragment keeps the uid, the packet tags, the nix vector
 * and the position in it, the byte tags over its bytes (clipped) and the
 * records of headers wholly inside it.
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
 * uid, packet tags and nix vector stay those of @packet. Zero areas stay
 * virtual when the result can still be written as stored bytes, zeros, stored
 * bytes.
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

/**
 * cns_packet_get_bytes:
 * @packet: a packet
 *
 * The packet's bytes, headers included, zeros for the zero area: for
 * bindings and for code that wants them all (cns_packet_copy_data()
 * copies a part into a buffer of the caller's).
 *
 * Returns: (transfer full): a copy of the bytes.
 */
GBytes *
cns_packet_get_bytes (const CnsPacket *packet)
{
  guint32 size;
  guint8 *data;

  g_return_val_if_fail (packet != NULL, NULL);
  size = cns_packet_get_size (packet);
  data = g_malloc (MAX (size, 1));
  cns_packet_copy_data (packet, 0, data, size);
  return g_bytes_new_take (data, size);
}

/**
 * cns_packet_sum16:
 * @offset: the first byte, at most the packet's size
 * @size: how many bytes; the sum stops at the packet's end
 *
 * The start of an Internet checksum (RFC 1071) over part of the packet:
 * transport protocols add the pseudo-header and fold it with
 * cns_checksum_fold(). Bytes never written count as zeros and are not
 * read, so the cost is that of the headers.
 *
 * Returns: the sum of the big-endian 16-bit words from @offset (an odd
 * last byte padded with a zero), not folded.
 */
guint32
cns_packet_sum16 (const CnsPacket *packet, guint32 offset, guint32 size)
{
  guint32 total;

  g_return_val_if_fail (packet != NULL, 0);
  total = cns_buffer_get_size (&packet->buffer);
  g_return_val_if_fail (offset <= total, 0);
  /* all zeros, as a payload from cns_packet_new() is */
  if (packet->buffer.data == NULL)
    return 0;
  return cns_buffer_sum16 (&packet->buffer, offset, MIN (size, total - offset));
}

/**
 * cns_checksum_fold:
 * @sum: a sum from cns_packet_sum16() plus any other 16-bit words
 *
 * Returns: the one's complement of @sum folded to 16 bits: the value to
 * write in a checksum field, or 0 when a received datagram checks out.
 */
guint16
cns_checksum_fold (guint64 sum)
{
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  return (guint16) ~sum;
}
