/* cns — the UDP header (RFC 768), 8 bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-header.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

#define CNS_UDP_HEADER_SIZE 8

/**
 * CnsUdpHeader:
 * @source_port: the sender's port
 * @destination_port: the receiver's port
 * @length: the datagram's length in bytes, header included
 * @checksum: the checksum as read from the wire; written unchanged unless
 *   @calculate is set
 * @calculate: whether serialisation computes the checksum from @sum
 * @sum: the unfolded RFC 1071 sum of the pseudo-header and the payload,
 *   set by cns_udp_header_prepare_checksum()
 *
 * A header class sees only its own bytes, so the checksum, which covers
 * the IPv4 pseudo-header and the payload as well, is prepared in two
 * steps: cns_udp_header_prepare_checksum() sums the pseudo-header and the
 * payload into @sum before cns_packet_add_header(), and serialisation adds
 * the header's own words and writes the result. A header made with
 * cns_udp_header_init() alone carries checksum 0, "no checksum".
 */
typedef struct
{
  guint16 source_port;
  guint16 destination_port;
  guint16 length;
  guint16 checksum;
  gboolean calculate;
  guint32 sum;
} CnsUdpHeader;

extern const CnsHeaderClass cns_udp_header_class;

void cns_udp_header_init (CnsUdpHeader *header, guint16 source_port,
                          guint16 destination_port, guint16 length);
void cns_udp_header_prepare_checksum (CnsUdpHeader *header,
                                      CnsIpv4Address source,
                                      CnsIpv4Address destination,
                                      const CnsPacket *payload);
gboolean cns_udp_header_verify_checksum (const CnsPacket *datagram,
                                         CnsIpv4Address source,
                                         CnsIpv4Address destination);

G_END_DECLS
