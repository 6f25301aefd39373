/* cns — UDP sockets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

/* The largest payload of a UDP datagram over IPv4: 65535 bytes less the
 * IPv4 (20) and UDP (8) headers. */
#define CNS_UDP_MAX_PAYLOAD_SIZE 65507

#define CNS_TYPE_UDP_SOCKET (cns_udp_socket_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpSocket, cns_udp_socket, CNS, UDP_SOCKET, CnsSocket)

/**
 * CnsUdpSocketIcmpFn:
 * @socket: the socket whose datagram caused the error
 * @icmp_source: the node that sent the ICMP error
 * @icmp_ttl: the TTL the ICMP datagram arrived with
 * @icmp_type: its type (3 destination unreachable, 11 time exceeded)
 * @icmp_code: its code (3 port unreachable, ...)
 * @icmp_info: the next-hop MTU for "fragmentation needed", else 0
 *
 * Called when an ICMP error comes back about a datagram the socket sent
 * (ns-3's IcmpCallback of UdpSocketImpl).
 */
typedef void (*CnsUdpSocketIcmpFn) (CnsUdpSocket *socket,
                                    CnsIpv4Address icmp_source, guint8 icmp_ttl,
                                    guint8 icmp_type, guint8 icmp_code,
                                    guint32 icmp_info, gpointer user_data);

void cns_udp_socket_set_icmp_callback (CnsUdpSocket *self,
                                       CnsUdpSocketIcmpFn fn,
                                       gpointer user_data);

G_END_DECLS
