/* cns — a UDP server that sends every datagram back.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "applications/cns-source-application.h"

G_BEGIN_DECLS

#define CNS_TYPE_UDP_ECHO_SERVER (cns_udp_echo_server_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpEchoServer, cns_udp_echo_server, CNS,
                      UDP_ECHO_SERVER, CnsSourceApplication)

CnsUdpEchoServer *cns_udp_echo_server_new (guint16 port);
CnsSocket *cns_udp_echo_server_get_socket (CnsUdpEchoServer *self);

G_END_DECLS
