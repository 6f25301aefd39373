/* cns — makers of sockets, aggregated to nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-socket.h"

G_BEGIN_DECLS

#define CNS_TYPE_SOCKET_FACTORY (cns_socket_factory_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsSocketFactory, cns_socket_factory, CNS,
                          SOCKET_FACTORY, CnsObject)

/**
 * CnsSocketFactoryClass:
 * @create_socket: a new socket of the factory's protocol (transfer full);
 *   by default, @create_protocol_socket on the @protocol_type object of
 *   the factory's aggregate
 * @protocol_type: the transport protocol type that makes the sockets, for
 *   factories that need no instance per node
 * @create_protocol_socket: a new socket (transfer full) from @protocol, an
 *   object of @protocol_type
 *
 * ns-3's SocketFactory: the type applications name in their Protocol
 * attribute and pass to cns_socket_create(). A protocol may aggregate an
 * instance to the node, as in ns-3; or its factory class names the
 * protocol (@protocol_type), and cns_socket_create() asks the node's
 * protocol directly, so that a node pays no object for it. UDP and TCP
 * do the latter.
 */
struct _CnsSocketFactoryClass
{
  CnsObjectClass parent_class;

  CnsSocket *(*create_socket) (CnsSocketFactory *self);
  GType protocol_type;
  CnsSocket *(*create_protocol_socket) (CnsObject *protocol);

  /*< private >*/
  gpointer padding[2];
};

CnsSocket *cns_socket_factory_create_socket (CnsSocketFactory *self);
CnsSocket *cns_socket_factory_create_on_node (GType factory_type,
                                              CnsNode *node);

G_END_DECLS
