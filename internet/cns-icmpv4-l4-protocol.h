/* cns — ICMPv4: echo and error messages.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l4-protocol.h"

G_BEGIN_DECLS

/**
 * CnsIcmpv4EchoReplyTraceFn:
 * @header: the IPv4 header of the reply (its source is who answered)
 * @identifier: the identifier of the request answered
 * @sequence: its sequence number
 * @data: (transfer none): the echoed data
 *
 * Signature of the EchoReply trace source.
 */
typedef void (*CnsIcmpv4EchoReplyTraceFn) (gpointer source,
                                           const CnsIpv4Header *header,
                                           guint16 identifier, guint16 sequence,
                                           CnsPacket *data, gpointer user_data);

#define CNS_TYPE_ICMPV4_L4_PROTOCOL (cns_icmpv4_l4_protocol_get_type ())
G_DECLARE_FINAL_TYPE (CnsIcmpv4L4Protocol, cns_icmpv4_l4_protocol, CNS,
                      ICMPV4_L4_PROTOCOL, CnsIpv4L4Protocol)

CnsIcmpv4L4Protocol *cns_icmpv4_l4_protocol_new (void);

void cns_icmpv4_l4_protocol_send_echo_request (CnsIcmpv4L4Protocol *self,
                                               CnsIpv4Address destination,
                                               guint16 identifier,
                                               guint16 sequence,
                                               guint32 data_size);

/* Errors about a datagram this node received: @header is its IPv4 header
 * as received, @payload what followed it. Used by the IPv4 layer. */
void cns_icmpv4_l4_protocol_send_dest_unreach_port (CnsIcmpv4L4Protocol *self,
                                                    const CnsIpv4Header *header,
                                                    const CnsPacket *payload);
void cns_icmpv4_l4_protocol_send_dest_unreach_host (CnsIcmpv4L4Protocol *self,
                                                    const CnsIpv4Header *header,
                                                    const CnsPacket *payload);
void cns_icmpv4_l4_protocol_send_dest_unreach_frag_needed (
    CnsIcmpv4L4Protocol *self, const CnsIpv4Header *header,
    const CnsPacket *payload, guint16 next_hop_mtu);
void cns_icmpv4_l4_protocol_send_time_exceeded (CnsIcmpv4L4Protocol *self,
                                                const CnsIpv4Header *header,
                                                const CnsPacket *payload,
                                                gboolean reassembly);

G_END_DECLS
