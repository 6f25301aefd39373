/* cns — ICMPv4 messages (RFC 792): the common header, echo and errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-header.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

#define CNS_ICMPV4_HEADER_SIZE 4
#define CNS_ICMPV4_ECHO_SIZE   4
/* The error body cns writes: the unused/MTU word, a 20-byte IPv4 header
 * and the first 8 bytes of its payload. */
#define CNS_ICMPV4_ERROR_SIZE 32

/* Message types. */
#define CNS_ICMPV4_ECHO_REPLY    0
#define CNS_ICMPV4_DEST_UNREACH  3
#define CNS_ICMPV4_ECHO          8
#define CNS_ICMPV4_TIME_EXCEEDED 11

/* Codes of destination unreachable. */
#define CNS_ICMPV4_NET_UNREACHABLE      0
#define CNS_ICMPV4_HOST_UNREACHABLE     1
#define CNS_ICMPV4_PROTOCOL_UNREACHABLE 2
#define CNS_ICMPV4_PORT_UNREACHABLE     3
#define CNS_ICMPV4_FRAG_NEEDED          4

/* Codes of time exceeded. */
#define CNS_ICMPV4_TIME_TO_LIVE        0
#define CNS_ICMPV4_FRAGMENT_REASSEMBLY 1

/**
 * CnsIcmpv4Header:
 * @type: the message type
 * @code: the code within the type
 * @checksum: the checksum as read; written fresh on serialisation
 * @data_sum: the cns_packet_sum16() of the message bytes that follow the
 *   header, which the checksum covers too; cns_icmpv4_header_init() sets
 *   it from the packet the header goes in front of. Not read from a wire.
 *
 * The 4 bytes that start every ICMP message. The checksum covers the
 * whole message, so it can only be written with the rest of the message
 * known: build the body first, then the header from it. A received
 * message checks out when cns_icmpv4_checksum_ok() says so.
 */
typedef struct
{
  guint8 type;
  guint8 code;
  guint16 checksum;
  guint32 data_sum;
} CnsIcmpv4Header;

/**
 * CnsIcmpv4Echo:
 * @identifier: chosen by the sender, echoed back
 * @sequence: chosen by the sender, echoed back
 *
 * The 4 bytes after the header of an echo request or reply; the echo data
 * follows as the rest of the packet.
 */
typedef struct
{
  guint16 identifier;
  guint16 sequence;
} CnsIcmpv4Echo;

/**
 * CnsIcmpv4Error:
 * @next_hop_mtu: the MTU of the next hop for "fragmentation needed"
 *   (RFC 1191), else 0
 * @header: the IPv4 header of the datagram the error is about
 * @data: the first 8 bytes of that datagram's payload, zero-padded
 *
 * The body of destination unreachable and time exceeded messages.
 */
typedef struct
{
  guint16 next_hop_mtu;
  CnsIpv4Header header;
  guint8 data[8];
} CnsIcmpv4Error;

extern const CnsHeaderClass cns_icmpv4_header_class;
extern const CnsHeaderClass cns_icmpv4_echo_class;
extern const CnsHeaderClass cns_icmpv4_error_class;

void cns_icmpv4_header_init (CnsIcmpv4Header *header, guint8 type, guint8 code,
                             const CnsPacket *body);
gboolean cns_icmpv4_checksum_ok (const CnsPacket *message);

G_END_DECLS
