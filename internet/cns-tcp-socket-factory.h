/* cns — the maker of TCP sockets, aggregated to a node by TCP.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-socket-factory.h"

G_BEGIN_DECLS

#define CNS_TYPE_TCP_SOCKET_FACTORY (cns_tcp_socket_factory_get_type ())
G_DECLARE_FINAL_TYPE (CnsTcpSocketFactory, cns_tcp_socket_factory, CNS,
                      TCP_SOCKET_FACTORY, CnsSocketFactory)

G_END_DECLS
