/* cns — shared, copy-on-write lists of items tied to byte ranges of a
 * packet: byte tags and header records.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * CnsRange:
 * @start: the virtual coordinate of the first byte covered
 * @end: one past the last
 *
 * The first member of every item of a CnsRangeList. Virtual coordinates
 * are per packet: byte i of a packet is at virtual coordinate origin + i,
 * where the packet's origin moves down when bytes are added in front and
 * up when they are removed, so the items of a list never change when
 * headers come and go. Coordinates wrap modulo 2^32; a packet and the
 * items it sees stay far less than 2^31 apart.
 */
typedef struct
{
  guint32 start;
  guint32 end;
} CnsRange;

/*
 * CnsRangeList:
 *
 * Refcounted items of one size, oldest first. A list shared by several
 * packets is never changed: the functions below that change a list take
 * a pointer to a packet's list and replace it by a copy when it is shared.
 */
typedef struct
{
  guint32 ref_count;
  guint16 item_size;
  guint16 reserved;
  guint32 n;
  guint32 block;
  guint8 items[];
} CnsRangeList;

/*
 * CnsRangeVisibility:
 * @CNS_RANGE_OVERLAP: items that overlap the packet are seen, clipped to it
 * @CNS_RANGE_WHOLE: only items wholly inside the packet are seen
 */
typedef enum
{
  CNS_RANGE_OVERLAP,
  CNS_RANGE_WHOLE,
} CnsRangeVisibility;

static inline gpointer
cns_range_list_item (const CnsRangeList *list, guint32 i)
{
  return (gpointer) (list->items + (gsize) i * list->item_size);
}

static inline CnsRangeList *
cns_range_list_ref (CnsRangeList *list)
{
  list->ref_count++;
  return list;
}

G_GNUC_INTERNAL CnsRangeList *cns_range_list_new (gsize item_size);
G_GNUC_INTERNAL void cns_range_list_unref (CnsRangeList *list);
G_GNUC_INTERNAL gboolean cns_range_list_clip (const CnsRange *range,
                                              guint32 origin, guint32 size,
                                              CnsRangeVisibility visibility,
                                              guint32 *start, guint32 *end);
G_GNUC_INTERNAL gpointer cns_range_list_add (CnsRangeList **list,
                                             gsize item_size, guint32 start,
                                             guint32 end);
G_GNUC_INTERNAL void cns_range_list_restrict (CnsRangeList **list,
                                              guint32 origin, guint32 size,
                                              CnsRangeVisibility visibility);
G_GNUC_INTERNAL void
cns_range_list_append (CnsRangeList **list, guint32 origin, guint32 size,
                       const CnsRangeList *other, guint32 other_origin,
                       guint32 other_size, CnsRangeVisibility visibility);

G_END_DECLS
