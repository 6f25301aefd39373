/* cns — a UDP client that sends datagrams at an interval and hears the
 * echoes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "applications/cns-source-application.h"

G_BEGIN_DECLS

#define CNS_TYPE_UDP_ECHO_CLIENT (cns_udp_echo_client_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpEchoClient, cns_udp_echo_client, CNS,
                      UDP_ECHO_CLIENT, CnsSourceApplication)

CnsUdpEchoClient *cns_udp_echo_client_new (const CnsInetSocketAddress *remote);
void cns_udp_echo_client_set_remote (CnsUdpEchoClient *self,
                                     const CnsInetSocketAddress *remote);
guint32 cns_udp_echo_client_get_n_sent (CnsUdpEchoClient *self);
CnsSocket *cns_udp_echo_client_get_socket (CnsUdpEchoClient *self);

G_END_DECLS
