/* cns — the maker of TCP sockets: a type applications name.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's TcpSocketFactoryImpl, without an instance per node: the class
 * names CnsTcpL4Protocol, so that cns_socket_create (node,
 * CNS_TYPE_TCP_SOCKET_FACTORY) and applications whose Protocol attribute
 * names CnsTcpSocketFactory get their sockets from the node's TCP.
 */
#include "internet/cns-tcp-socket-factory.h"

#include "internet/cns-tcp-private.h"

struct _CnsTcpSocketFactory
{
  CnsSocketFactory parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsTcpSocketFactory, cns_tcp_socket_factory,
                     CNS_TYPE_SOCKET_FACTORY)

static CnsSocket *
tcp_socket_factory_create_protocol_socket (CnsObject *protocol)
{
  return cns_tcp_l4_protocol_create_socket (CNS_TCP_L4_PROTOCOL (protocol));
}

static void
cns_tcp_socket_factory_class_init (CnsTcpSocketFactoryClass *klass)
{
  CnsSocketFactoryClass *factory_class = CNS_SOCKET_FACTORY_CLASS (klass);

  factory_class->protocol_type = CNS_TYPE_TCP_L4_PROTOCOL;
  factory_class->create_protocol_socket
      = tcp_socket_factory_create_protocol_socket;
}

static void
cns_tcp_socket_factory_init (CnsTcpSocketFactory *self)
{
}
