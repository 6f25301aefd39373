/* cns — the socket API of transport protocols.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "network/cns-address.h"
#include "network/cns-node.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/**
 * CnsSocketErrno:
 * @CNS_SOCKET_ERROR_NOTERROR: no error
 * @CNS_SOCKET_ERROR_ISCONN: already connected
 * @CNS_SOCKET_ERROR_NOTCONN: not connected (send without a peer)
 * @CNS_SOCKET_ERROR_MSGSIZE: the message is too big
 * @CNS_SOCKET_ERROR_AGAIN: try again later (buffer full)
 * @CNS_SOCKET_ERROR_SHUTDOWN: sending or receiving was shut down
 * @CNS_SOCKET_ERROR_OPNOTSUPP: the operation is not supported
 * @CNS_SOCKET_ERROR_AFNOSUPPORT: the address family is not supported
 * @CNS_SOCKET_ERROR_INVAL: an invalid argument
 * @CNS_SOCKET_ERROR_BADF: the socket is closed
 * @CNS_SOCKET_ERROR_NOROUTETOHOST: no route to the destination
 * @CNS_SOCKET_ERROR_NODEV: no such device
 * @CNS_SOCKET_ERROR_ADDRNOTAVAIL: the address is not the node's
 * @CNS_SOCKET_ERROR_ADDRINUSE: the address and port are in use
 * @CNS_SOCKET_ERROR_CONNREFUSED: the peer refused the connection (reset)
 * @CNS_SOCKET_ERROR_TIMEDOUT: the peer did not answer (retries exhausted)
 * @CNS_SOCKET_ERROR_CONNRESET: the peer reset an open connection
 *
 * ns-3's Socket::SocketErrno, in the same order, and three more for TCP's
 * failed connections, which ns-3 leaves without a code.
 */
typedef enum
{
  CNS_SOCKET_ERROR_NOTERROR,
  CNS_SOCKET_ERROR_ISCONN,
  CNS_SOCKET_ERROR_NOTCONN,
  CNS_SOCKET_ERROR_MSGSIZE,
  CNS_SOCKET_ERROR_AGAIN,
  CNS_SOCKET_ERROR_SHUTDOWN,
  CNS_SOCKET_ERROR_OPNOTSUPP,
  CNS_SOCKET_ERROR_AFNOSUPPORT,
  CNS_SOCKET_ERROR_INVAL,
  CNS_SOCKET_ERROR_BADF,
  CNS_SOCKET_ERROR_NOROUTETOHOST,
  CNS_SOCKET_ERROR_NODEV,
  CNS_SOCKET_ERROR_ADDRNOTAVAIL,
  CNS_SOCKET_ERROR_ADDRINUSE,
  CNS_SOCKET_ERROR_CONNREFUSED,
  CNS_SOCKET_ERROR_TIMEDOUT,
  CNS_SOCKET_ERROR_CONNRESET,
} CnsSocketErrno;

const gchar *cns_socket_errno_to_string (CnsSocketErrno error);

#define CNS_TYPE_SOCKET (cns_socket_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsSocket, cns_socket, CNS, SOCKET, CnsObject)

/* Callback signatures, as ns-3's socket callbacks. */
typedef void (*CnsSocketFn) (CnsSocket *socket, gpointer user_data);
typedef void (*CnsSocketSizeFn) (CnsSocket *socket, guint32 size,
                                 gpointer user_data);
typedef gboolean (*CnsSocketAcceptRequestFn) (CnsSocket *socket,
                                              const CnsAddress *from,
                                              gpointer user_data);
typedef void (*CnsSocketNewConnectionFn) (CnsSocket *socket,
                                          CnsSocket *connection,
                                          const CnsAddress *from,
                                          gpointer user_data);

/**
 * CnsSocketClass:
 * @bind: binds to @address (for UDP and TCP an inet socket address;
 *   %NULL: any address, an ephemeral port); returns %FALSE with the errno
 *   set on failure
 * @connect: sets the peer (UDP) or opens a connection (TCP); %FALSE with
 *   the errno set when that fails at once
 * @listen: accepts connections (TCP); %FALSE with the errno set
 * @close: closes; returns 0 or -1 with the errno set
 * @shutdown_send: no more sending; 0 or -1
 * @shutdown_recv: no more receiving; 0 or -1
 * @send: sends @packet (transfer full) to the peer; returns the bytes
 *   taken or -1 with the errno set
 * @send_to: sends @packet (transfer full) to @to
 * @recv: the next received packet of at most @max_size bytes (transfer
 *   full), or %NULL
 * @recv_from: like @recv, and sets @from to the sender
 * @get_tx_available: bytes that can be sent now
 * @get_rx_available: bytes waiting to be read
 * @get_sock_name: the local address; %FALSE when unbound
 * @get_peer_name: the peer's address; %FALSE when not connected
 * @set_allow_broadcast: allows sending to broadcast addresses; returns
 *   %FALSE when the protocol cannot
 * @address_to_string: @address (not %NULL) as error messages name it; by
 *   default cns_address_to_string()'s form
 * @set_error: sets @error to @message (which names the socket, its node,
 *   the address and the errno) in the protocol's error domain, with a
 *   code for the errno; by default %CNS_NETWORK_ERROR_INVALID
 *
 * A subclass reports a failure once, as an errno; the public wrappers
 * turn the errno of a failed bind, connect or listen into the #GError
 * that names the socket, its node and the address, through the last two
 * functions, so that the base needs to know no address family.
 *
 * ns-3's Socket. The base keeps the node, the errno and the callbacks
 * (behind one pointer, allocated when the first callback is set, so that
 * a socket nobody listens to stays small); subclasses call the
 * cns_socket_notify_*() functions.
 */
struct _CnsSocketClass
{
  CnsObjectClass parent_class;

  gboolean (*bind) (CnsSocket *self, const CnsAddress *address);
  gboolean (*connect) (CnsSocket *self, const CnsAddress *address);
  gboolean (*listen) (CnsSocket *self);
  gint (*close) (CnsSocket *self);
  gint (*shutdown_send) (CnsSocket *self);
  gint (*shutdown_recv) (CnsSocket *self);
  gint (*send) (CnsSocket *self, CnsPacket *packet, guint32 flags);
  gint (*send_to) (CnsSocket *self, CnsPacket *packet, guint32 flags,
                   const CnsAddress *to);
  CnsPacket *(*recv) (CnsSocket *self, guint32 max_size, guint32 flags);
  CnsPacket *(*recv_from) (CnsSocket *self, guint32 max_size, guint32 flags,
                           CnsAddress *from);
  guint32 (*get_tx_available) (CnsSocket *self);
  guint32 (*get_rx_available) (CnsSocket *self);
  gboolean (*get_sock_name) (CnsSocket *self, CnsAddress *out);
  gboolean (*get_peer_name) (CnsSocket *self, CnsAddress *out);
  gboolean (*set_allow_broadcast) (CnsSocket *self, gboolean allow);
  gchar *(*address_to_string) (CnsSocket *self, const CnsAddress *address);
  void (*set_error) (CnsSocket *self, const gchar *message, GError **error);

  /*< private >*/
  gpointer padding[6];
};

CnsSocket *cns_socket_create (CnsNode *node, GType factory_type);

gboolean cns_socket_bind (CnsSocket *self, const CnsAddress *address,
                          GError **error);
gboolean cns_socket_connect (CnsSocket *self, const CnsAddress *address,
                             GError **error);
gboolean cns_socket_listen (CnsSocket *self, GError **error);
gint cns_socket_close (CnsSocket *self);
gint cns_socket_shutdown_send (CnsSocket *self);
gint cns_socket_shutdown_recv (CnsSocket *self);
gint cns_socket_send (CnsSocket *self, CnsPacket *packet, guint32 flags);
gint cns_socket_send_to (CnsSocket *self, CnsPacket *packet, guint32 flags,
                         const CnsAddress *to);
CnsPacket *cns_socket_recv (CnsSocket *self, guint32 max_size, guint32 flags);
CnsPacket *cns_socket_recv_from (CnsSocket *self, guint32 max_size,
                                 guint32 flags, CnsAddress *from);
guint32 cns_socket_get_tx_available (CnsSocket *self);
guint32 cns_socket_get_rx_available (CnsSocket *self);
gboolean cns_socket_get_sock_name (CnsSocket *self, CnsAddress *out);
gboolean cns_socket_get_peer_name (CnsSocket *self, CnsAddress *out);
gboolean cns_socket_set_allow_broadcast (CnsSocket *self, gboolean allow);
CnsSocketErrno cns_socket_get_errno (CnsSocket *self);
CnsNode *cns_socket_get_node (CnsSocket *self);

void cns_socket_set_recv_callback (CnsSocket *self, CnsSocketFn fn,
                                   gpointer user_data);
void cns_socket_set_recv_func (CnsSocket *self, CnsSocketFn fn,
                               gpointer user_data, GDestroyNotify destroy);
void cns_socket_set_data_sent_callback (CnsSocket *self, CnsSocketSizeFn fn,
                                        gpointer user_data);
void cns_socket_set_send_callback (CnsSocket *self, CnsSocketSizeFn fn,
                                   gpointer user_data);
void cns_socket_set_connect_callback (CnsSocket *self, CnsSocketFn succeeded,
                                      CnsSocketFn failed, gpointer user_data);
void cns_socket_set_close_callbacks (CnsSocket *self, CnsSocketFn normal,
                                     CnsSocketFn error, gpointer user_data);
void cns_socket_set_accept_callback (CnsSocket *self,
                                     CnsSocketAcceptRequestFn request,
                                     CnsSocketNewConnectionFn created,
                                     gpointer user_data);

/* For subclasses. */
void cns_socket_set_node (CnsSocket *self, CnsNode *node);
void cns_socket_set_errno (CnsSocket *self, CnsSocketErrno error);
void cns_socket_notify_data_recv (CnsSocket *self);
void cns_socket_notify_data_sent (CnsSocket *self, guint32 size);
void cns_socket_notify_send (CnsSocket *self, guint32 available);
void cns_socket_notify_connection_succeeded (CnsSocket *self);
void cns_socket_notify_connection_failed (CnsSocket *self);
void cns_socket_notify_normal_close (CnsSocket *self);
void cns_socket_notify_error_close (CnsSocket *self);
gboolean cns_socket_notify_connection_request (CnsSocket *self,
                                               const CnsAddress *from);
void cns_socket_notify_new_connection_created (CnsSocket *self,
                                               CnsSocket *connection,
                                               const CnsAddress *from);

G_END_DECLS
