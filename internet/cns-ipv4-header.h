/* cns — the IPv4 header (RFC 791), 20 bytes without options.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-header.h"

G_BEGIN_DECLS

#define CNS_IPV4_HEADER_SIZE 20

#define CNS_IP_PROTOCOL_ICMP 1
#define CNS_IP_PROTOCOL_TCP  6
#define CNS_IP_PROTOCOL_UDP  17

/**
 * CnsIpv4Header:
 * @tos: type of service (DSCP and ECN bits)
 * @ttl: time to live
 * @protocol: the payload's protocol (1 ICMP, 6 TCP, 17 UDP)
 * @dont_fragment: the DF flag
 * @more_fragments: the MF flag
 * @identification: the datagram id shared by its fragments
 * @fragment_offset: the fragment's offset in bytes (a multiple of 8)
 * @payload_size: bytes after the header (total length - 20)
 * @source: the source address
 * @destination: the destination address
 * @checksum: the header checksum as read; written fresh on serialisation
 * @checksum_ok: whether the checksum read was correct (set when
 *   deserialising; serialising always writes a correct one)
 *
 * Serialises to the real 20 bytes in network order with a correct header
 * checksum, so pcap files show what a wire would carry.
 */
typedef struct
{
  guint8 tos;
  guint8 ttl;
  guint8 protocol;
  gboolean dont_fragment;
  gboolean more_fragments;
  guint16 identification;
  guint16 fragment_offset;
  guint16 payload_size;
  CnsIpv4Address source;
  CnsIpv4Address destination;
  guint16 checksum;
  gboolean checksum_ok;
} CnsIpv4Header;

extern const CnsHeaderClass cns_ipv4_header_class;

#define CNS_TYPE_IPV4_HEADER (cns_ipv4_header_get_type ())
GType cns_ipv4_header_get_type (void) G_GNUC_CONST;

void cns_ipv4_header_init (CnsIpv4Header *header);
CnsIpv4Header *cns_ipv4_header_copy (const CnsIpv4Header *header);
void cns_ipv4_header_free (CnsIpv4Header *header);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsIpv4Header, cns_ipv4_header_free)

G_END_DECLS
