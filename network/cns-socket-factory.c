/* cns — makers of sockets, aggregated to nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's SocketFactory. Applications name a factory type in their
 * Protocol attribute and cns_socket_create() makes the socket on their
 * node, so an application works with any protocol that has a factory.
 * The factory is either an instance aggregated to the node, as in ns-3,
 * or, for UDP and TCP, only its class, which names the protocol type to
 * ask: a node with UDP and TCP then carries two objects fewer (128 bytes
 * of the 2 KB a node costs). The base class is abstract.
 */
#include "network/cns-socket-factory.h"

G_DEFINE_ABSTRACT_TYPE (CnsSocketFactory, cns_socket_factory, CNS_TYPE_OBJECT)

/* An aggregated instance of a factory that names its protocol: the
 * protocol of the same aggregate makes the socket. */
static CnsSocket *
socket_factory_real_create_socket (CnsSocketFactory *self)
{
  CnsSocketFactoryClass *klass = CNS_SOCKET_FACTORY_GET_CLASS (self);
  CnsObject *protocol;

  g_return_val_if_fail (klass->protocol_type != G_TYPE_INVALID, NULL);
  protocol = cns_object_get (self, klass->protocol_type);
  g_return_val_if_fail (protocol != NULL, NULL);
  return klass->create_protocol_socket (protocol);
}

static void
cns_socket_factory_class_init (CnsSocketFactoryClass *klass)
{
  klass->create_socket = socket_factory_real_create_socket;
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

/**
 * cns_socket_factory_create_on_node:
 * @factory_type: a #CnsSocketFactory subtype
 * @node: the node
 *
 * What cns_socket_create() does: a socket from the instance of
 * @factory_type aggregated to @node, or else from the node's protocol
 * that the factory class names.
 *
 * Returns: (transfer full) (nullable): the socket, or %NULL when @node
 * has neither (its transport protocol is not installed).
 */
CnsSocket *
cns_socket_factory_create_on_node (GType factory_type, CnsNode *node)
{
  CnsSocketFactory *factory;
  CnsSocketFactoryClass *klass;
  CnsObject *protocol = NULL;
  CnsSocket *socket = NULL;

  g_return_val_if_fail (g_type_is_a (factory_type, CNS_TYPE_SOCKET_FACTORY),
                        NULL);
  g_return_val_if_fail (CNS_IS_NODE (node), NULL);
  factory = cns_object_get (node, factory_type);
  if (factory != NULL)
    return cns_socket_factory_create_socket (factory);
  klass = g_type_class_ref (factory_type);
  if (klass->protocol_type != G_TYPE_INVALID)
    protocol = cns_object_get (node, klass->protocol_type);
  if (protocol != NULL)
    socket = klass->create_protocol_socket (protocol);
  g_type_class_unref (klass);
  return socket;
}
