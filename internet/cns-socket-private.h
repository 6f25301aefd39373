/* cns — what the socket base shares with the module's socket subclasses:
 * its private data, reached per packet without a call.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "internet/cns-socket.h"

G_BEGIN_DECLS

/* The callbacks most sockets do not keep (see cns-socket.c). */
typedef struct _CnsSocketCallbacks CnsSocketCallbacks;

/* What the base keeps of every socket, in its private data. The last
 * two bytes are the subclass's, in room that the 16-byte rounding of the
 * private data would leave unused. */
typedef struct
{
  CnsNode *node;
  CnsSocketFn recv;
  gpointer recv_data;
  CnsSocketCallbacks *callbacks; /* NULL while none of them is set */
  CnsSocketErrno error;
  guint8 ip_ttl; /* ns-3's Socket::m_ipTtl, for the subclass that has one */
  guint8 flags;  /* the subclass's own */
} CnsSocketPrivate;

/* Where CnsSocketPrivate sits in a socket, so that the subclasses of the
 * module reach it per packet without a call. */
G_GNUC_INTERNAL extern glong cns_socket_private_offset;

static inline CnsSocketPrivate *
cns_socket_peek_private (CnsSocket *self)
{
  return (CnsSocketPrivate *) G_STRUCT_MEMBER_P (self,
                                                 cns_socket_private_offset);
}

/* Reads @address (nullable: any address, port 0) into @out; when it is
 * not an inet socket address, sets the errno to @errno_if_not. */
G_GNUC_INTERNAL gboolean cns_socket_read_inet_address (
    CnsSocket *self, const CnsAddress *address, CnsSocketErrno errno_if_not,
    CnsInetSocketAddress *out);

/* cns_socket_set_errno(), inlined. */
static inline void
cns_socket_set_errno_inline (CnsSocket *self, CnsSocketErrno error)
{
  cns_socket_peek_private (self)->error = error;
}

/* cns_socket_notify_data_recv(), inlined: calls the receive callback. */
static inline void
cns_socket_notify_data_recv_inline (CnsSocket *self)
{
  CnsSocketPrivate *priv = cns_socket_peek_private (self);

  if (priv->recv != NULL)
    priv->recv (self, priv->recv_data);
}

G_END_DECLS
