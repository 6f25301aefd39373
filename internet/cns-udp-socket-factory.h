/* cns — the maker of UDP sockets, aggregated to a node by UDP.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-socket-factory.h"

G_BEGIN_DECLS

#define CNS_TYPE_UDP_SOCKET_FACTORY (cns_udp_socket_factory_get_type ())
G_DECLARE_FINAL_TYPE (CnsUdpSocketFactory, cns_udp_socket_factory, CNS,
                      UDP_SOCKET_FACTORY, CnsSocketFactory)

G_END_DECLS
