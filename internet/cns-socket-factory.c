/* cns — makers of sockets, aggregated to nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's SocketFactory. A transport protocol aggregates its factory
 * (CnsUdpSocketFactory) to the node when it is installed; applications
 * name the factory type in their Protocol attribute and
 * cns_socket_create() finds it on their node, so an application works
 * with any protocol that has a factory. The base class is abstract: it
 * only dispatches to the subclass's create_socket.
 */
#include "internet/cns-socket-factory.h"

G_DEFINE_ABSTRACT_TYPE (CnsSocketFactory, cns_socket_factory, CNS_TYPE_OBJECT)

static void
cns_socket_factory_class_init (CnsSocketFactoryClass *klass)
{
}

static void
cns_socket_factory_init (CnsSocketFactory *self)
{
}

/**
 * cns_socket_factory_create_socket:
 *
 * Returns: (transfer full) (nullable): a new socket of the factory's
 * protocol, on the factory's node; %NULL, after a critical, when the
 * factory type does not implement create_socket.
 */
CnsSocket *
cns_socket_factory_create_socket (CnsSocketFactory *self)
{
  CnsSocketFactoryClass *klass;

  g_return_val_if_fail (CNS_IS_SOCKET_FACTORY (self), NULL);
  klass = CNS_SOCKET_FACTORY_GET_CLASS (self);
  g_return_val_if_fail (klass->create_socket != NULL, NULL);
  return klass->create_socket (self);
}
