/* cns — packet tags and byte tags.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Packet tags belong to the whole packet: at most one per class, kept in a
 * small refcounted array from the packet pool that copies share and that
 * is copied before a change while shared.
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

/* ---- packet tag lists ---- */

static CnsPacketTagList *
packet_tag_list_alloc (guint32 n_tags)
{
  gsize block = cns_packet_pool_block_size (sizeof (CnsPacketTagList)
                                            + n_tags * sizeof (CnsPacketTag));
  CnsPacketTagList *list = cns_packet_pool_alloc (block);

  list->ref_count = 1;
  list->n = 0;
  list->block = block;
  list->reserved = 0;
  return list;
}

/* Returns the packet's tag list, unshared, with room for @extra more. */
static CnsPacketTagList *
packet_tag_list_make_writable (CnsPacket *packet, guint32 extra)
{
  CnsPacketTagList *list = packet->packet_tags;
  CnsPacketTagList *copy;
  guint32 n = list != NULL ? list->n : 0;

  if (list != NULL && list->ref_count == 1
      && sizeof (CnsPacketTagList) + (n + extra) * sizeof (CnsPacketTag)
             <= list->block)
    return list;
  copy = packet_tag_list_alloc (n + extra);
  if (list != NULL)
    {
      memcpy (copy->tags, list->tags, n * sizeof (CnsPacketTag));
      copy->n = n;
      cns_packet_tag_list_unref (list);
    }
  packet->packet_tags = copy;
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
  CnsPacketTagList *list;
  CnsPacketTag *tag;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (cns_packet_is_writable (packet));
  if (!check_tag_class (klass, data))
    return;
  if (cns_packet_tag_list_find (packet->packet_tags, klass) >= 0)
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
  CnsPacketTagList *list;
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (cns_packet_is_writable (packet), FALSE);
  if (!check_tag_class (klass, data))
    return FALSE;
  i = cns_packet_tag_list_find (packet->packet_tags, klass);
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
  i = cns_packet_tag_list_find (packet->packet_tags, klass);
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
  CnsPacketTagList *list;
  gint i;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  g_return_val_if_fail (cns_packet_is_writable (packet), FALSE);
  i = cns_packet_tag_list_find (packet->packet_tags, klass);
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
           (list->n - i - 1) * sizeof (CnsPacketTag));
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
    cns_packet_tag_list_unref (packet->packet_tags);
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
