/* cns — what TCP's protocol, sockets and socket factory share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-end-point-demux-private.h"
#include "internet/cns-ipv4-route.h"
#include "internet/cns-tcp-header.h"
#include "internet/cns-tcp-l4-protocol.h"
#include "internet/cns-tcp-socket-factory.h"
#include "internet/cns-tcp-socket.h"

G_BEGIN_DECLS

/* The protocol, for its sockets. */
G_GNUC_INTERNAL CnsSocketErrno
cns_tcp_l4_protocol_bind (CnsTcpL4Protocol *self, CnsIpv4EndPoint *end_point,
                          CnsIpv4Address address, guint16 port);
G_GNUC_INTERNAL void cns_tcp_l4_protocol_unbind (CnsTcpL4Protocol *self,
                                                 CnsIpv4EndPoint *end_point);
G_GNUC_INTERNAL gboolean cns_tcp_l4_protocol_add_connection (
    CnsTcpL4Protocol *self, CnsIpv4EndPoint *end_point);
G_GNUC_INTERNAL void
cns_tcp_l4_protocol_remove_connection (CnsTcpL4Protocol *self,
                                       CnsIpv4EndPoint *end_point);
G_GNUC_INTERNAL void cns_tcp_l4_protocol_add_socket (CnsTcpL4Protocol *self,
                                                     CnsTcpSocket *socket);
G_GNUC_INTERNAL void cns_tcp_l4_protocol_remove_socket (CnsTcpL4Protocol *self,
                                                        CnsTcpSocket *socket);
G_GNUC_INTERNAL CnsNode *cns_tcp_l4_protocol_get_node (CnsTcpL4Protocol *self);
G_GNUC_INTERNAL gboolean cns_tcp_l4_protocol_route (CnsTcpL4Protocol *self,
                                                    CnsPacket *packet,
                                                    CnsIpv4Address destination,
                                                    CnsIpv4Route *route);
G_GNUC_INTERNAL void
cns_tcp_l4_protocol_send (CnsTcpL4Protocol *self, CnsPacket *packet,
                          CnsTcpHeader *header, CnsIpv4Address source,
                          CnsIpv4Address destination, guint8 ttl,
                          const CnsIpv4Route *route);
G_GNUC_INTERNAL gboolean cns_tcp_l4_protocol_is_local_address (
    CnsTcpL4Protocol *self, CnsIpv4Address address);

/* The sockets, for their protocol. */
G_GNUC_INTERNAL CnsTcpSocket *cns_tcp_socket_new (CnsTcpL4Protocol *tcp,
                                                  CnsNode *node);
G_GNUC_INTERNAL void cns_tcp_socket_detach (CnsTcpSocket *self);
G_GNUC_INTERNAL CnsTcpSocket *
cns_tcp_socket_from_end_point (CnsIpv4EndPoint *end_point);
G_GNUC_INTERNAL void cns_tcp_socket_receive (CnsTcpSocket *self,
                                             CnsPacket *packet,
                                             const CnsTcpHeader *header,
                                             CnsIpv4Address source,
                                             CnsIpv4Address destination);

G_END_DECLS
