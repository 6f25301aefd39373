/* cns — installing UDP echo servers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application-helper.h"

G_BEGIN_DECLS

#define CNS_TYPE_UDP_ECHO_SERVER_HELPER (cns_udp_echo_server_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpEchoServerHelper, cns_udp_echo_server_helper, CNS,
                      UDP_ECHO_SERVER_HELPER, CnsApplicationHelper)

CnsUdpEchoServerHelper *cns_udp_echo_server_helper_new (guint16 port);

G_END_DECLS
