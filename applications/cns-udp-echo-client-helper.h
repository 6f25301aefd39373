/* cns — installing UDP echo clients.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application-helper.h"
#include "internet/cns-ipv4-address.h"

G_BEGIN_DECLS

#define CNS_TYPE_UDP_ECHO_CLIENT_HELPER (cns_udp_echo_client_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpEchoClientHelper, cns_udp_echo_client_helper, CNS,
                      UDP_ECHO_CLIENT_HELPER, CnsApplicationHelper)

CnsUdpEchoClientHelper *cns_udp_echo_client_helper_new (CnsIpv4Address address,
                                                        guint16 port);
CnsUdpEchoClientHelper *
cns_udp_echo_client_helper_new_for_address (const CnsIpv4Address *address,
                                            guint16 port);

G_END_DECLS
