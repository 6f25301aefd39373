/* cns — what UDP's protocol, sockets and socket factory share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-end-point-demux-private.h"
#include "internet/cns-ipv4-route.h"
#include "internet/cns-udp-header.h"
#include "internet/cns-udp-l4-protocol.h"
#include "internet/cns-udp-socket-factory.h"
#include "internet/cns-udp-socket.h"

G_BEGIN_DECLS

/* The protocol, for its sockets. */
G_GNUC_INTERNAL CnsSocketErrno
cns_udp_l4_protocol_bind (CnsUdpL4Protocol *self, CnsIpv4EndPoint *end_point,
                          CnsIpv4Address address, guint16 port);
G_GNUC_INTERNAL void cns_udp_l4_protocol_unbind (CnsUdpL4Protocol *self,
                                                 CnsIpv4EndPoint *end_point);
G_GNUC_INTERNAL void cns_udp_l4_protocol_remove_socket (CnsUdpL4Protocol *self,
                                                        CnsUdpSocket *socket);
G_GNUC_INTERNAL void
cns_udp_l4_protocol_send (CnsUdpL4Protocol *self, CnsPacket *packet,
                          CnsIpv4Address source, CnsIpv4Address destination,
                          guint16 source_port, guint16 destination_port,
                          guint8 ttl, const CnsIpv4Route *route);

/* The header, for the protocol. */
G_GNUC_INTERNAL gboolean cns_udp_header_verify_payload_checksum (
    const CnsUdpHeader *header, const CnsPacket *payload, CnsIpv4Address source,
    CnsIpv4Address destination);

/* The sockets, for their protocol. */
G_GNUC_INTERNAL CnsUdpSocket *cns_udp_socket_new (CnsUdpL4Protocol *udp,
                                                  CnsNode *node);
G_GNUC_INTERNAL void cns_udp_socket_detach (CnsUdpSocket *self);
G_GNUC_INTERNAL CnsUdpSocket *
cns_udp_socket_from_end_point (CnsIpv4EndPoint *end_point);
G_GNUC_INTERNAL void cns_udp_socket_forward_up (CnsUdpSocket *self,
                                                CnsPacket *packet,
                                                CnsIpv4Address source,
                                                guint16 source_port);
G_GNUC_INTERNAL void
cns_udp_socket_forward_icmp (CnsUdpSocket *self, CnsIpv4Address icmp_source,
                             guint8 icmp_ttl, guint8 icmp_type,
                             guint8 icmp_code, guint32 icmp_info);

G_END_DECLS
