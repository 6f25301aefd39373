/* cns — makers of sockets, aggregated to nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-socket.h"

G_BEGIN_DECLS

#define CNS_TYPE_SOCKET_FACTORY (cns_socket_factory_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsSocketFactory, cns_socket_factory, CNS,
                          SOCKET_FACTORY, CnsObject)

/**
 * CnsSocketFactoryClass:
 * @create_socket: a new socket of the factory's protocol (transfer full)
 *
 * ns-3's SocketFactory: a transport protocol aggregates one to the node
 * (CnsUdpSocketFactory for UDP), and cns_socket_create() finds it by type,
 * which is what applications' Protocol attribute names.
 */
struct _CnsSocketFactoryClass
{
  CnsObjectClass parent_class;

  CnsSocket *(*create_socket) (CnsSocketFactory *self);

  /*< private >*/
  gpointer padding[4];
};

CnsSocket *cns_socket_factory_create_socket (CnsSocketFactory *self);

G_END_DECLS
