/* cns — the maker of UDP sockets, aggregated to a node by UDP.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpSocketFactoryImpl. CnsUdpL4Protocol makes one and aggregates
 * it to its node, so that cns_socket_create (node,
 * CNS_TYPE_UDP_SOCKET_FACTORY) and applications whose Protocol attribute
 * names CnsUdpSocketFactory get UDP sockets. The factory only forwards to
 * the protocol, which it does not reference: both belong to the node's
 * aggregate and go away together.
 */
#include "internet/cns-udp-socket-factory.h"

#include "internet/cns-udp-private.h"

struct _CnsUdpSocketFactory
{
  CnsSocketFactory parent_instance;

  CnsUdpL4Protocol *udp; /* not referenced: same aggregate */
};

G_DEFINE_FINAL_TYPE (CnsUdpSocketFactory, cns_udp_socket_factory,
                     CNS_TYPE_SOCKET_FACTORY)

static CnsSocket *
udp_socket_factory_create_socket (CnsSocketFactory *factory)
{
  CnsUdpSocketFactory *self = CNS_UDP_SOCKET_FACTORY (factory);

  g_return_val_if_fail (self->udp != NULL, NULL);
  return cns_udp_l4_protocol_create_socket (self->udp);
}

static void
cns_udp_socket_factory_class_init (CnsUdpSocketFactoryClass *klass)
{
  CNS_SOCKET_FACTORY_CLASS (klass)->create_socket
      = udp_socket_factory_create_socket;
}

static void
cns_udp_socket_factory_init (CnsUdpSocketFactory *self)
{
}

/**
 * cns_udp_socket_factory_new:
 * @udp: the protocol whose sockets the factory makes
 *
 * Returns: (transfer full): a factory for @udp.
 */
CnsUdpSocketFactory *
cns_udp_socket_factory_new (CnsUdpL4Protocol *udp)
{
  CnsUdpSocketFactory *self
      = cns_object_new (CNS_TYPE_UDP_SOCKET_FACTORY, NULL);

  self->udp = udp;
  return self;
}
