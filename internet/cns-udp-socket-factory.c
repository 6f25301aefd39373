/* cns — the maker of UDP sockets: a type applications name.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpSocketFactoryImpl, without an instance per node: the class
 * names CnsUdpL4Protocol, so that cns_socket_create (node,
 * CNS_TYPE_UDP_SOCKET_FACTORY) and applications whose Protocol attribute
 * names CnsUdpSocketFactory get their sockets from the node's UDP.
 */
#include "internet/cns-udp-socket-factory.h"

#include "internet/cns-udp-private.h"

struct _CnsUdpSocketFactory
{
  CnsSocketFactory parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsUdpSocketFactory, cns_udp_socket_factory,
                     CNS_TYPE_SOCKET_FACTORY)

static CnsSocket *
udp_socket_factory_create_protocol_socket (CnsObject *protocol)
{
  return cns_udp_l4_protocol_create_socket (CNS_UDP_L4_PROTOCOL (protocol));
}

static void
cns_udp_socket_factory_class_init (CnsUdpSocketFactoryClass *klass)
{
  CnsSocketFactoryClass *factory_class = CNS_SOCKET_FACTORY_CLASS (klass);

  factory_class->protocol_type = CNS_TYPE_UDP_L4_PROTOCOL;
  factory_class->create_protocol_socket
      = udp_socket_factory_create_protocol_socket;
}

static void
cns_udp_socket_factory_init (CnsUdpSocketFactory *self)
{
}
