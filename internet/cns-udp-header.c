/* cns — the UDP header (RFC 768), 8 bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The UDP checksum covers a pseudo-header (source and destination
 * addresses, protocol 17, UDP length), the header and the payload, but a
 * header class only ever sees its own eight bytes. So the sender sums the
 * pseudo-header and the payload first, with cns_packet_sum16(), which
 * skips payload bytes that were never written and so costs what the
 * headers cost, and keeps the unfolded sum in the header struct; serialise
 * adds the header's three other words and writes the complement. A
 * computed 0 goes on the wire as 0xffff, since 0 means "no checksum"
 * (RFC 768). The receiver checks the whole datagram at once with
 * cns_udp_header_verify_checksum(), before it removes the header.
 */
#include "internet/cns-udp-header.h"

#include "internet/cns-ipv4-header.h"
#include "internet/cns-udp-private.h"

static gsize
udp_get_serialized_size (gconstpointer header)
{
  return CNS_UDP_HEADER_SIZE;
}

/* The pseudo-header's words (RFC 768): addresses, zero and protocol, and
 * the UDP length. */
static guint32
pseudo_header_sum (CnsIpv4Address source, CnsIpv4Address destination,
                   guint32 udp_length)
{
  return (source.value >> 16) + (source.value & 0xffff)
         + (destination.value >> 16) + (destination.value & 0xffff)
         + CNS_IP_PROTOCOL_UDP + udp_length;
}

/* @sum folded to 16 bits with end-around carries and inverted, as
 * cns_checksum_fold() does, without a call per packet. */
static inline guint16
udp_checksum_fold (guint64 sum)
{
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  return (guint16) ~sum;
}

static void
udp_serialize (gconstpointer header, guint8 *start)
{
  const CnsUdpHeader *h = header;
  guint16 checksum = h->checksum;

  if (h->calculate)
    {
      guint64 sum
          = (guint64) h->sum + h->source_port + h->destination_port + h->length;

      checksum = udp_checksum_fold (sum);
      if (checksum == 0)
        checksum = 0xffff;
    }
  start[0] = (guint8) (h->source_port >> 8);
  start[1] = (guint8) h->source_port;
  start[2] = (guint8) (h->destination_port >> 8);
  start[3] = (guint8) h->destination_port;
  start[4] = (guint8) (h->length >> 8);
  start[5] = (guint8) h->length;
  start[6] = (guint8) (checksum >> 8);
  start[7] = (guint8) checksum;
}

static gsize
udp_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsUdpHeader *h = header;

  if (available < CNS_UDP_HEADER_SIZE)
    return 0;
  h->source_port = (guint16) (data[0] << 8 | data[1]);
  h->destination_port = (guint16) (data[2] << 8 | data[3]);
  h->length = (guint16) (data[4] << 8 | data[5]);
  h->checksum = (guint16) (data[6] << 8 | data[7]);
  h->calculate = FALSE;
  h->sum = 0;
  return CNS_UDP_HEADER_SIZE;
}

/* As ns-3 prints a UdpHeader: "length: 1032 49153 > 9". */
static void
udp_print (gconstpointer header, GString *out)
{
  const CnsUdpHeader *h = header;

  g_string_append_printf (out, "length: %u %u > %u", h->length, h->source_port,
                          h->destination_port);
}

const CnsHeaderClass cns_udp_header_class = {
  .name = "UdpHeader",
  .get_serialized_size = udp_get_serialized_size,
  .serialize = udp_serialize,
  .deserialize = udp_deserialize,
  .print = udp_print,
};

/**
 * cns_udp_header_init:
 * @header: (out caller-allocates): the header to fill
 * @length: the datagram's length, header included
 *
 * Fills @header with the ports and length and checksum 0 ("none");
 * cns_udp_header_prepare_checksum() turns the checksum on.
 */
void
cns_udp_header_init (CnsUdpHeader *header, guint16 source_port,
                     guint16 destination_port, guint16 length)
{
  g_return_if_fail (header != NULL);
  *header = (CnsUdpHeader){ .source_port = source_port,
                            .destination_port = destination_port,
                            .length = length };
}

/**
 * cns_udp_header_prepare_checksum: (skip)
 * @header: a header with its ports set
 * @source: the IPv4 source address the datagram will carry
 * @destination: its IPv4 destination address
 * @payload: the datagram's payload, without the UDP header
 *
 * Sets @header's length to 8 plus the payload's size and sums the
 * pseudo-header and @payload, so that adding @header to @payload with
 * cns_packet_add_header() writes the correct checksum. The payload must
 * not change in between. Costs what the payload's written bytes cost:
 * bytes of a cns_packet_new() payload that were never written are not
 * read.
 */
void
cns_udp_header_prepare_checksum (CnsUdpHeader *header, CnsIpv4Address source,
                                 CnsIpv4Address destination,
                                 const CnsPacket *payload)
{
  guint32 size;

  g_return_if_fail (header != NULL);
  g_return_if_fail (payload != NULL);
  size = cns_packet_get_size (payload);
  g_return_if_fail (size <= G_MAXUINT16 - CNS_UDP_HEADER_SIZE);

  header->length = (guint16) (size + CNS_UDP_HEADER_SIZE);
  header->sum = pseudo_header_sum (source, destination, header->length)
                + cns_packet_sum16 (payload, 0, size);
  header->calculate = TRUE;
}

/**
 * cns_udp_header_verify_checksum: (skip)
 * @datagram: a UDP datagram, header first
 * @source: the IPv4 source address it came with
 * @destination: its IPv4 destination address
 *
 * Checks the checksum of a received datagram against the pseudo-header
 * built from @source, @destination and the datagram's size. A checksum
 * field of 0 means the sender computed none, which is accepted.
 *
 * Returns: %FALSE when the datagram is shorter than a UDP header or its
 * checksum is wrong.
 */
/* For UDP's receive path, which has taken the header off already: the
 * checksum of @header and @payload, without reading the header again. */
gboolean
cns_udp_header_verify_payload_checksum (const CnsUdpHeader *header,
                                        const CnsPacket *payload,
                                        CnsIpv4Address source,
                                        CnsIpv4Address destination)
{
  guint64 sum;

  if (header->checksum == 0)
    return TRUE;
  /* the header is 8 bytes: the payload's words line up as in the datagram;
   * the sum stops at the payload's end */
  sum = (guint64) pseudo_header_sum (source, destination, header->length)
        + header->source_port + header->destination_port + header->length
        + header->checksum + cns_packet_sum16 (payload, 0, G_MAXUINT32);
  return udp_checksum_fold (sum) == 0;
}

gboolean
cns_udp_header_verify_checksum (const CnsPacket *datagram,
                                CnsIpv4Address source,
                                CnsIpv4Address destination)
{
  guint8 field[2];
  guint32 size;
  guint64 sum;

  g_return_val_if_fail (datagram != NULL, FALSE);
  size = cns_packet_get_size (datagram);
  if (size < CNS_UDP_HEADER_SIZE || size > G_MAXUINT16)
    return FALSE;
  cns_packet_copy_data (datagram, 6, field, 2);
  if (field[0] == 0 && field[1] == 0)
    return TRUE;
  sum = (guint64) pseudo_header_sum (source, destination, size)
        + cns_packet_sum16 (datagram, 0, size);
  return cns_checksum_fold (sum) == 0;
}
