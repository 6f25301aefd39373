/* cns — printing packets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A packet's bytes do not say which headers they hold, so, while printing
 * is enabled, every new packet keeps a list of records of the headers and
 * trailers added to it (class, trailer or not, byte range in virtual
 * coordinates; see cns-range-list-private.h). Printing rebuilds each
 * recorded header from the packet's bytes and lets its class print it;
 * the bytes no record covers are payload. Records cost memory in every
 * packet, so printing is off by default.
 */
#include "network/cns-packet.h"

#include "network/cns-packet-private.h"

#include <string.h>

gboolean cns_packet_printing_enabled;

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
  cns_packet_printing_enabled = enable;
}

/**
 * cns_packet_is_printing_enabled:
 *
 * Returns: whether new packets record
 * their headers.
 */
gboolean
cns_packet_is_printing_enabled (void)
{
  return cns_packet_printing_enabled;
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
print_header (GString *out, const CnsHeaderRecord *record, const guint8 *bytes,
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
  records = g_array_new (FALSE, FALSE, sizeof (CnsHeaderRecord));
  for (guint32 i = 0; i < list->n; i++)
    {
      CnsHeaderRecord record
          = *(const CnsHeaderRecord *) cns_range_list_item (list, i);

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
      const CnsHeaderRecord *record
          = &g_array_index (records, CnsHeaderRecord, i);

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
