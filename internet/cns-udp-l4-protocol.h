/* cns — UDP (RFC 768) over IPv4.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l4-protocol.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

#define CNS_TYPE_UDP_L4_PROTOCOL (cns_udp_l4_protocol_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpL4Protocol, cns_udp_l4_protocol, CNS,
                      UDP_L4_PROTOCOL, CnsIpv4L4Protocol)

CnsUdpL4Protocol *cns_udp_l4_protocol_new (void);
CnsSocket *cns_udp_l4_protocol_create_socket (CnsUdpL4Protocol *self);

G_END_DECLS
