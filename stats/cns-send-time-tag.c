/* cns — the packet tag with the time a datagram left its source.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The one record of when a packet was sent, for whoever measures its
 * delay: the flow monitor and the delay monitor stamp it on their
 * sources' SendOutgoing (both at the same moment, so the second stamp
 * changes nothing) and read it where the packet arrives. It is a packet
 * tag, so it crosses MPI ranks with the packet, found there by its name.
 * Nobody removes it: a packet made again from a received one is stamped
 * again when it is sent.
 */
#include "stats/cns-send-time-tag-private.h"

#include <string.h>

static void
send_time_tag_print (gconstpointer data, GString *out)
{
  gchar text[CNS_TIME_STRING_SIZE];
  CnsTime sent;

  memcpy (&sent, data, sizeof sent);
  cns_time_format (sent, text);
  g_string_append_printf (out, "sent=%s", text);
}

static const CnsTagClass send_time_tag_class = {
  "CnsSendTimeTag",
  sizeof (CnsTime),
  send_time_tag_print,
};

/**
 * cns_send_time_tag_register:
 *
 * Registers the tag by name, so that a tagged packet arriving from
 * another rank finds it; the monitors call it when their class is made
 * (registering it again does nothing).
 */
void
cns_send_time_tag_register (void)
{
  cns_tag_class_register (&send_time_tag_class);
}

/**
 * cns_send_time_tag_set:
 * @packet: a writable packet
 * @sent: when it is sent
 *
 * Stamps @packet with @sent, replacing an earlier stamp.
 */
void
cns_send_time_tag_set (CnsPacket *packet, CnsTime sent)
{
  cns_packet_replace_packet_tag (packet, &send_time_tag_class, &sent);
}

/**
 * cns_send_time_tag_peek:
 * @packet: a packet
 * @sent: (out): when it was sent
 *
 * Returns: whether @packet carries a send time.
 */
gboolean
cns_send_time_tag_peek (const CnsPacket *packet, CnsTime *sent)
{
  return cns_packet_peek_packet_tag (packet, &send_time_tag_class, sent);
}
