/* cns — packet tags, nix vectors and byte tags.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Packet tags and the nix vector belong to the whole packet. They share
 * one small refcounted block from the packet pool, the packet's metadata
 * (see cns-packet-private.h): at most one tag per class, then the nix
 * vector and how many of its bits this packet has read. Copies share the
 * block, and a change to a shared block copies it first, so reading a
 * hop from the nix vector of a packet that was copied leaves the copy's
 * position alone. The block goes when it holds neither tags nor a nix
 * vector. The nix vector itself is never copied: it does not change once
 * shared, and each block holds a reference.
 *
 * Byte tags belong to byte ranges, kept in a CnsRangeList in virtual
 * coordinates (see cns-range-list-private.h), so they stay with their
 * bytes when headers come and go, when a packet is fragmented and when
 * packets are joined; each packet sees only the part of a tag over its
 * own bytes.
 */
#include "network/cns-packet.h"

#include "network/cns-packet-private.h"

#include <string.h>

/* ---- the metadata block ---- */

static CnsPacketMetadata *
packet_metadata_alloc (guint32 n_tags)
{
  gsize block = cns_packet_pool_block_size (sizeof (CnsPacketMetadata)
                                            + n_tags * sizeof (CnsPacketTag));
  CnsPacketMetadata *metadata = cns_packet_pool_alloc (block);

  metadata->ref_count = 1;
  metadata->n = 0;
  metadata->block = block;
  metadata->nix_position = 0;
  metadata->nix = NULL;
  return metadata;
}

/* Returns: the packet's metadata block, unshared, with room for @extra
 * more packet tags; a new, empty one if the packet had none. */
static CnsPacketMetadata *
packet_metadata_make_writable (CnsPacket *packet, guint32 extra)
{
  CnsPacketMetadata *metadata = packet->metadata;
  CnsPacketMetadata *copy;
  guint32 n = metadata != NULL ? metadata->n : 0;

  if (metadata != NULL && metadata->ref_count == 1
      && sizeof (CnsPacketMetadata) + (n + extra) * sizeof (CnsPacketTag)
             <= metadata->block)
    return metadata;
  copy = packet_metadata_alloc (n + extra);
  if (metadata != NULL)
    {
      memcpy (copy->tags, metadata->tags, n * sizeof (CnsPacketTag));
      copy->n = n;
      copy->nix_position = metadata->nix_position;
      if (metadata->nix != NULL)
        copy->nix = cns_nix_vector_ref (metadata->nix);
      cns_packet_metadata_unref (metadata);
    }
  packet->metadata = copy;
  return copy;
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
  CnsPacketMetadata *metadata;
  CnsPacketTag *tag;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  if (!check_tag_class (klass, data))
    return;
  if (cns_packet_metadata_find_tag (packet->metadata, klass) >= 0)
    {
      g_critical ("packet %" G_GUINT64_FORMAT " already has a '%s' packet "
                  "tag",
                  packet->uid, klass->name);
      return;
    }
  metadata = packet_metadata_make_writable (packet, 1);
  tag = &metadata->tags[metadata->n++];
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
  CnsPacketMetadata *metadata;
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (cns_packet_is_writable (packet), FALSE);
  if (!check_tag_class (klass, data))
    return FALSE;
  i = cns_packet_metadata_find_tag (packet->metadata, klass);
  if (i < 0)
    {
      cns_packet_add_packet_tag (packet, klass, data);
      return FALSE;
    }
  metadata = packet_metadata_make_writable (packet, 0);
  if (klass->size > 0)
    memcpy (metadata->tags[i].data, data, klass->size);
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
  i = cns_packet_metadata_find_tag (packet->metadata, klass);
  if (i < 0)
    return FALSE;
  if (data != NULL)
    memcpy (data, packet->metadata->tags[i].data, klass->size);
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
  CnsPacketMetadata *metadata;
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  g_return_val_if_fail (cns_packet_is_writable (packet), FALSE);
  i = cns_packet_metadata_find_tag (packet->metadata, klass);
  if (i < 0)
    return FALSE;
  if (data != NULL)
    memcpy (data, packet->metadata->tags[i].data, klass->size);
  if (packet->metadata->n == 1)
    {
      cns_packet_remove_all_packet_tags (packet);
      return TRUE;
    }
  metadata = packet_metadata_make_writable (packet, 0);
  memmove (&metadata->tags[i], &metadata->tags[i + 1],
           (metadata->n - i - 1) * sizeof (CnsPacketTag));
  metadata->n--;
  return TRUE;
}

/**
 * cns_packet_remove_all_packet_tags:
 * @packet: a writable packet
 *
 * Removes the packet tags; the nix vector stays.
 */
void
cns_packet_remove_all_packet_tags (CnsPacket *packet)
{
  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  if (packet->metadata == NULL || packet->metadata->n == 0)
    return;
  if (packet->metadata->nix != NULL)
    packet_metadata_make_writable (packet, 0)->n = 0;
  else
    {
      cns_packet_metadata_unref (packet->metadata);
      packet->metadata = NULL;
    }
}

/* ---- nix vector ---- */

/**
 * cns_packet_set_nix_vector:
 * @packet: a writable packet
 * @nix: (nullable): the path the packet is to follow, or %NULL to remove
 *   the packet's nix vector
 *
 * Attaches @nix to the packet, taking a new reference, and starts reading
 * it from its first bit. A nix vector is metadata: it adds nothing to the
 * packet's bytes or size, goes with copies and fragments of the packet and
 * crosses MPI ranks with it (cns_packet_serialize()). Packet tags are not
 * touched.
 */
void
cns_packet_set_nix_vector (CnsPacket *packet, CnsNixVector *nix)
{
  CnsPacketMetadata *metadata;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  metadata = packet->metadata;
  if (nix == NULL && (metadata == NULL || metadata->nix == NULL))
    return;
  if (nix == NULL && metadata->n == 0)
    {
      /* nothing else in the block */
      cns_packet_metadata_unref (metadata);
      packet->metadata = NULL;
      return;
    }
  metadata = packet_metadata_make_writable (packet, 0);
  if (nix != NULL)
    cns_nix_vector_ref (nix);
  if (metadata->nix != NULL)
    cns_nix_vector_unref (metadata->nix);
  metadata->nix = nix;
  metadata->nix_position = 0;
}

/**
 * cns_packet_get_nix_vector:
 *
 * Returns: (transfer none) (nullable): the packet's nix vector, or %NULL.
 */
CnsNixVector *
cns_packet_get_nix_vector (const CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, NULL);
  return packet->metadata != NULL ? packet->metadata->nix : NULL;
}

/**
 * cns_packet_get_nix_position:
 *
 * Returns: how many bits of its nix vector the packet has read with
 * cns_packet_extract_nix_index(); 0 without a nix vector.
 */
guint32
cns_packet_get_nix_position (const CnsPacket *packet)
{
  g_return_val_if_fail (packet != NULL, 0);
  return packet->metadata != NULL ? packet->metadata->nix_position : 0;
}

/**
 * cns_packet_extract_nix_index:
 * @packet: a writable packet with a nix vector
 * @n_bits: 0 to 32, the width of this hop's index; at most the bits of
 *   the nix vector the packet has not read yet
 *
 * Reads the next hop's neighbour index from the packet's nix vector and
 * moves the packet's read position past it. The nix vector itself, which
 * other packets may share, does not change. Allocates nothing unless the
 * packet's metadata is shared with a copy of the packet.
 *
 * Returns: the index, or %G_MAXUINT32 when the arguments are wrong.
 */
guint32
cns_packet_extract_nix_index (CnsPacket *packet, guint32 n_bits)
{
  CnsPacketMetadata *metadata;

  g_return_val_if_fail (packet != NULL, G_MAXUINT32);
  g_return_val_if_fail (cns_packet_is_writable (packet), G_MAXUINT32);
  metadata = packet->metadata;
  g_return_val_if_fail (metadata != NULL && metadata->nix != NULL, G_MAXUINT32);
  g_return_val_if_fail (n_bits <= 32, G_MAXUINT32);
  g_return_val_if_fail (n_bits <= cns_nix_vector_get_n_bits (metadata->nix)
                                      - metadata->nix_position,
                        G_MAXUINT32);
  if (G_UNLIKELY (metadata->ref_count > 1))
    metadata = packet_metadata_make_writable (packet, 0);
  return cns_nix_vector_extract (metadata->nix, &metadata->nix_position,
                                 n_bits);
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
  CnsByteTag *tag;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  g_return_if_fail (start <= end);
  g_return_if_fail (end <= cns_buffer_get_size (&packet->buffer));
  if (!check_tag_class (klass, data))
    return;
  tag = cns_range_list_add (&packet->byte_tags, sizeof (CnsByteTag),
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
      const CnsByteTag *tag = cns_range_list_item (list, i);

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
 * cns_packet_foreach_byte_tag: (skip)
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
      const CnsByteTag *tag = cns_range_list_item (list, i);

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
