/* cns — the maker of TCP sockets, aggregated to a node by TCP.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's TcpSocketFactoryImpl. CnsTcpL4Protocol makes one and aggregates
 * it to its node, so that cns_socket_create (node,
 * CNS_TYPE_TCP_SOCKET_FACTORY) and applications whose Protocol attribute
 * names CnsTcpSocketFactory get TCP sockets. The factory only forwards to
 * the protocol, which it does not reference: both belong to the node's
 * aggregate and go away together.
 */
#include "internet/cns-tcp-socket-factory.h"

#include "internet/cns-tcp-private.h"

struct _CnsTcpSocketFactory
{
  CnsSocketFactory parent_instance;

  CnsTcpL4Protocol *tcp; /* not referenced: same aggregate */
};

G_DEFINE_FINAL_TYPE (CnsTcpSocketFactory, cns_tcp_socket_factory,
                     CNS_TYPE_SOCKET_FACTORY)

static CnsSocket *
tcp_socket_factory_create_socket (CnsSocketFactory *factory)
{
  CnsTcpSocketFactory *self = CNS_TCP_SOCKET_FACTORY (factory);

  g_return_val_if_fail (self->tcp != NULL, NULL);
  return cns_tcp_l4_protocol_create_socket (self->tcp);
}

static void
cns_tcp_socket_factory_class_init (CnsTcpSocketFactoryClass *klass)
{
  CNS_SOCKET_FACTORY_CLASS (klass)->create_socket
      = tcp_socket_factory_create_socket;
}

static void
cns_tcp_socket_factory_init (CnsTcpSocketFactory *self)
{
}

/**
 * cns_tcp_socket_factory_new:
 * @tcp: the protocol whose sockets the factory makes
 *
 * Returns: (transfer full): a factory for @tcp.
 */
CnsTcpSocketFactory *
cns_tcp_socket_factory_new (CnsTcpL4Protocol *tcp)
{
  CnsTcpSocketFactory *self
      = cns_object_new (CNS_TYPE_TCP_SOCKET_FACTORY, NULL);

  self->tcp = tcp;
  return self;
}
