/* cns — sending and receiving on a socket without the public API's type
 * checks, for applications on the sockets they made, per packet.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-socket.h"

G_BEGIN_DECLS

/* cns_socket_send() on a socket known to be one. */
static inline gint
cns_socket_send_unchecked (CnsSocket *self, CnsPacket *packet, guint32 flags)
{
  CnsSocketClass *klass = CNS_SOCKET_GET_CLASS (self);

  /* the public function sets the errno when the protocol cannot send */
  if (G_UNLIKELY (klass->send == NULL))
    return cns_socket_send (self, packet, flags);
  return klass->send (self, packet, flags);
}

/* cns_socket_recv() on a socket known to be one. */
static inline CnsPacket *
cns_socket_recv_unchecked (CnsSocket *self, guint32 max_size, guint32 flags)
{
  CnsSocketClass *klass = CNS_SOCKET_GET_CLASS (self);

  if (G_UNLIKELY (klass->recv == NULL))
    return cns_socket_recv (self, max_size, flags);
  return klass->recv (self, max_size, flags);
}

/* cns_socket_recv_from() on a socket known to be one. */
static inline CnsPacket *
cns_socket_recv_from_unchecked (CnsSocket *self, guint32 max_size,
                                guint32 flags, CnsAddress *from)
{
  CnsSocketClass *klass = CNS_SOCKET_GET_CLASS (self);

  if (G_UNLIKELY (klass->recv_from == NULL))
    return cns_socket_recv_from (self, max_size, flags, from);
  return klass->recv_from (self, max_size, flags, from);
}

G_END_DECLS
