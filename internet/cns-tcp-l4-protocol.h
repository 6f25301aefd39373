/* cns — TCP (RFC 9293) over IPv4.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l4-protocol.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

#define CNS_TYPE_TCP_L4_PROTOCOL (cns_tcp_l4_protocol_get_type ())
G_DECLARE_FINAL_TYPE (CnsTcpL4Protocol, cns_tcp_l4_protocol, CNS,
                      TCP_L4_PROTOCOL, CnsIpv4L4Protocol)

CnsTcpL4Protocol *cns_tcp_l4_protocol_new (void);
CnsSocket *cns_tcp_l4_protocol_create_socket (CnsTcpL4Protocol *self);

G_END_DECLS
