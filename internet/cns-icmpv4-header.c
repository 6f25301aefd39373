/* cns — ICMPv4 messages (RFC 792): the common header, echo and errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Three header classes, stacked as on the wire: the 4-byte header (type,
 * code, checksum) in front of either the echo identifier and sequence
 * number (with the echo data as the rest of the packet) or the body of an
 * error message (an unused word that holds the next-hop MTU for
 * "fragmentation needed", RFC 1191, then the IPv4 header of the datagram
 * the error is about and the first 8 bytes of its payload, RFC 792).
 *
 * The ICMP checksum covers the whole message, but a header class only
 * sees its own bytes. So the sender sums the body first
 * (cns_icmpv4_header_init() does it with cns_packet_sum16(), which skips
 * zero-filled payload) and the header's serialiser folds that sum with
 * its own words. The receiver checks the whole message at once with
 * cns_icmpv4_checksum_ok().
 */
#include "internet/cns-icmpv4-header.h"

#include <string.h>

static guint16
get16 (const guint8 *p)
{
  return (guint16) (p[0] << 8 | p[1]);
}

/* ---- the common header ---- */

static gsize
icmpv4_header_get_serialized_size (gconstpointer header)
{
  return CNS_ICMPV4_HEADER_SIZE;
}

static void
icmpv4_header_serialize (gconstpointer header, guint8 *start)
{
  const CnsIcmpv4Header *h = header;
  guint16 checksum = cns_checksum_fold ((guint64) h->data_sum
                                        + (guint32) (h->type << 8) + h->code);

  start[0] = h->type;
  start[1] = h->code;
  start[2] = (guint8) (checksum >> 8);
  start[3] = (guint8) checksum;
}

static gsize
icmpv4_header_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsIcmpv4Header *h = header;

  if (available < CNS_ICMPV4_HEADER_SIZE)
    return 0;
  h->type = data[0];
  h->code = data[1];
  h->checksum = get16 (data + 2);
  h->data_sum = 0;
  return CNS_ICMPV4_HEADER_SIZE;
}

static void
icmpv4_header_print (gconstpointer header, GString *out)
{
  const CnsIcmpv4Header *h = header;

  g_string_append_printf (out, "type %u code %u checksum 0x%04x", h->type,
                          h->code, h->checksum);
}

const CnsHeaderClass cns_icmpv4_header_class = {
  .name = "Icmpv4Header",
  .get_serialized_size = icmpv4_header_get_serialized_size,
  .serialize = icmpv4_header_serialize,
  .deserialize = icmpv4_header_deserialize,
  .print = icmpv4_header_print,
};

/* ---- echo ---- */

static gsize
icmpv4_echo_get_serialized_size (gconstpointer header)
{
  return CNS_ICMPV4_ECHO_SIZE;
}

static void
icmpv4_echo_serialize (gconstpointer header, guint8 *start)
{
  const CnsIcmpv4Echo *e = header;

  start[0] = (guint8) (e->identifier >> 8);
  start[1] = (guint8) e->identifier;
  start[2] = (guint8) (e->sequence >> 8);
  start[3] = (guint8) e->sequence;
}

static gsize
icmpv4_echo_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsIcmpv4Echo *e = header;

  if (available < CNS_ICMPV4_ECHO_SIZE)
    return 0;
  e->identifier = get16 (data);
  e->sequence = get16 (data + 2);
  return CNS_ICMPV4_ECHO_SIZE;
}

static void
icmpv4_echo_print (gconstpointer header, GString *out)
{
  const CnsIcmpv4Echo *e = header;

  g_string_append_printf (out, "identifier %u sequence %u", e->identifier,
                          e->sequence);
}

const CnsHeaderClass cns_icmpv4_echo_class = {
  .name = "Icmpv4Echo",
  .get_serialized_size = icmpv4_echo_get_serialized_size,
  .serialize = icmpv4_echo_serialize,
  .deserialize = icmpv4_echo_deserialize,
  .print = icmpv4_echo_print,
};

/* ---- the body of errors ---- */

static gsize
icmpv4_error_get_serialized_size (gconstpointer header)
{
  return CNS_ICMPV4_ERROR_SIZE;
}

static void
icmpv4_error_serialize (gconstpointer header, guint8 *start)
{
  const CnsIcmpv4Error *e = header;

  start[0] = 0;
  start[1] = 0;
  start[2] = (guint8) (e->next_hop_mtu >> 8);
  start[3] = (guint8) e->next_hop_mtu;
  cns_ipv4_header_class.serialize (&e->header, start + 4);
  memcpy (start + 4 + CNS_IPV4_HEADER_SIZE, e->data, sizeof e->data);
}

/* The quoted header may carry options; they are skipped. */
static gsize
icmpv4_error_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsIcmpv4Error *e = header;
  gsize quoted;

  if (available < CNS_ICMPV4_ERROR_SIZE)
    return 0;
  quoted
      = cns_ipv4_header_class.deserialize (&e->header, data + 4, available - 4);
  if (quoted == 0 || available < 4 + quoted + sizeof e->data)
    return 0;
  e->next_hop_mtu = get16 (data + 2);
  memcpy (e->data, data + 4 + quoted, sizeof e->data);
  return 4 + quoted + sizeof e->data;
}

static void
icmpv4_error_print (gconstpointer header, GString *out)
{
  const CnsIcmpv4Error *e = header;

  g_string_append_printf (out, "next-hop MTU %u, about (", e->next_hop_mtu);
  cns_ipv4_header_class.print (&e->header, out);
  g_string_append (out, ")");
}

const CnsHeaderClass cns_icmpv4_error_class = {
  .name = "Icmpv4Error",
  .get_serialized_size = icmpv4_error_get_serialized_size,
  .serialize = icmpv4_error_serialize,
  .deserialize = icmpv4_error_deserialize,
  .print = icmpv4_error_print,
};

/**
 * cns_icmpv4_header_init:
 * @header: (out caller-allocates): the header to fill
 * @type: the message type
 * @code: the code
 * @body: (nullable): the message bytes the header will be added in front
 *   of (echo or error body and data), for the checksum
 *
 * Fills @header so that adding it to @body gives a message with a
 * correct checksum.
 */
void
cns_icmpv4_header_init (CnsIcmpv4Header *header, guint8 type, guint8 code,
                        const CnsPacket *body)
{
  g_return_if_fail (header != NULL);
  header->type = type;
  header->code = code;
  header->checksum = 0;
  header->data_sum
      = body != NULL ? cns_packet_sum16 (body, 0, cns_packet_get_size (body))
                     : 0;
}

/**
 * cns_icmpv4_checksum_ok:
 * @message: a whole ICMP message, starting with its header
 *
 * Returns: whether the ICMP checksum of @message is correct.
 */
gboolean
cns_icmpv4_checksum_ok (const CnsPacket *message)
{
  g_return_val_if_fail (message != NULL, FALSE);
  return cns_checksum_fold (
             cns_packet_sum16 (message, 0, cns_packet_get_size (message)))
         == 0;
}
