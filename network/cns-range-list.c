/* cns — shared, copy-on-write lists of items tied to byte ranges.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Byte tags and header records are kept in virtual coordinates (see
 * CnsRange), so a packet only moves its origin when headers come and go
 * and its lists stay shared with its copies and fragments. Items outside
 * the packet are simply not seen. The one thing that forces a change is
 * growth: bytes added in front of or behind a packet take virtual
 * coordinates that items of removed bytes may still cover, so before it
 * grows a packet restricts its lists to its current bytes, copying them
 * only when something falls outside.
 */
#include "network/cns-range-list-private.h"

#include "network/cns-packet-pool-private.h"

#include <string.h>

static CnsRangeList *
range_list_alloc (gsize item_size, guint32 n_items)
{
  gsize block = cns_packet_pool_block_size (sizeof (CnsRangeList)
                                            + (gsize) n_items * item_size);
  CnsRangeList *list = cns_packet_pool_alloc (block);

  list->ref_count = 1;
  list->item_size = item_size;
  list->reserved = 0;
  list->n = 0;
  list->block = block;
  return list;
}

static inline guint32
range_list_capacity (const CnsRangeList *list)
{
  return (list->block - sizeof (CnsRangeList)) / list->item_size;
}

/* cns_range_list_new: Returns: (transfer full): an empty list of items of
 * @item_size bytes, each starting with a CnsRange. */
CnsRangeList *
cns_range_list_new (gsize item_size)
{
  return range_list_alloc (item_size, 1);
}

void
cns_range_list_unref (CnsRangeList *list)
{
  if (--list->ref_count == 0)
    cns_packet_pool_free (list, list->block);
}

/*
 * cns_range_list_clip:
 * @origin: the packet's origin
 * @size: the packet's size
 * @start: (out): the first byte of the packet @range covers
 * @end: (out): one past the last, clipped to the packet unless
 *   @visibility is %CNS_RANGE_WHOLE
 *
 * Returns: whether the packet sees @range.
 */
gboolean
cns_range_list_clip (const CnsRange *range, guint32 origin, guint32 size,
                     CnsRangeVisibility visibility, guint32 *start,
                     guint32 *end)
{
  gint64 s = (gint32) (range->start - origin);
  gint64 e = (gint32) (range->end - origin);

  if (visibility == CNS_RANGE_WHOLE)
    {
      if (s < 0 || e > size || s > e)
        return FALSE;
    }
  else
    {
      s = MAX (s, 0);
      e = MIN (e, (gint64) size);
      if (s >= e)
        return FALSE;
    }
  *start = s;
  *end = e;
  return TRUE;
}

/*
 * cns_range_list_add:
 * @list: (inout) (nullable): a packet's list, created when %NULL and
 *   copied when shared
 *
 * Appends an item covering virtual coordinates [@start, @end).
 *
 * Returns: the new item, its range set; the caller fills in the rest.
 */
gpointer
cns_range_list_add (CnsRangeList **list, gsize item_size, guint32 start,
                    guint32 end)
{
  CnsRangeList *l = *list;
  CnsRange *range;

  if (l == NULL)
    l = *list = cns_range_list_new (item_size);
  else if (l->ref_count > 1 || l->n == range_list_capacity (l))
    {
      CnsRangeList *copy = range_list_alloc (l->item_size, l->n + 1 + l->n / 2);

      memcpy (copy->items, l->items, (gsize) l->n * l->item_size);
      copy->n = l->n;
      cns_range_list_unref (l);
      l = *list = copy;
    }
  range = cns_range_list_item (l, l->n++);
  range->start = start;
  range->end = end;
  return range;
}

/*
 * cns_range_list_restrict:
 * @list: (inout) (nullable): a packet's list, copied when shared and
 *   changed
 *
 * Drops the items a packet at @origin with @size bytes does not see and
 * clips those it sees partly.
 */
void
cns_range_list_restrict (CnsRangeList **list, guint32 origin, guint32 size,
                         CnsRangeVisibility visibility)
{
  CnsRangeList *l = *list;
  CnsRangeList *out;
  guint32 i, kept = 0, s, e;

  if (l == NULL)
    return;
  for (i = 0; i < l->n; i++)
    {
      const CnsRange *range = cns_range_list_item (l, i);

      if (!cns_range_list_clip (range, origin, size, visibility, &s, &e)
          || range->start != origin + s || range->end != origin + e)
        break;
    }
  if (i == l->n)
    return;

  out = l->ref_count == 1 ? l : range_list_alloc (l->item_size, l->n);
  for (i = 0; i < l->n; i++)
    {
      const CnsRange *range = cns_range_list_item (l, i);
      CnsRange *dest;

      if (!cns_range_list_clip (range, origin, size, visibility, &s, &e))
        continue;
      dest = cns_range_list_item (out, kept++);
      if (dest != range)
        memcpy (dest, range, l->item_size);
      dest->start = origin + s;
      dest->end = origin + e;
    }
  out->n = kept;
  if (out != l)
    {
      cns_range_list_unref (l);
      *list = out;
    }
}

/*
 * cns_range_list_append:
 * @list: (inout) (nullable): the list of a packet at @origin with @size
 *   bytes, about to have the bytes of another packet appended
 * @other: (nullable): the other packet's list, not *@list
 *
 * Restricts @list to its packet, then appends the items @other's packet
 * sees, moved to where its bytes will be.
 */
void
cns_range_list_append (CnsRangeList **list, guint32 origin, guint32 size,
                       const CnsRangeList *other, guint32 other_origin,
                       guint32 other_size, CnsRangeVisibility visibility)
{
  guint32 shift = origin + size;
  guint32 s, e;

  cns_range_list_restrict (list, origin, size, visibility);
  for (guint32 i = 0; other != NULL && i < other->n; i++)
    {
      const CnsRange *range = cns_range_list_item (other, i);
      CnsRange *dest;

      if (!cns_range_list_clip (range, other_origin, other_size, visibility, &s,
                                &e))
        continue;
      dest = cns_range_list_add (list, other->item_size, shift + s, shift + e);
      memcpy (dest + 1, range + 1, other->item_size - sizeof (CnsRange));
    }
}
