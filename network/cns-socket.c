/* cns — the socket API of transport protocols.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsSocket is ns-3's Socket: the interface applications use to send and
 * receive through a transport protocol, whatever the protocol. A protocol
 * subclasses it and fills in the virtual functions it supports; the public
 * wrappers here turn a missing one into the ns-3 answer, -1 (or %FALSE,
 * %NULL) with the errno %CNS_SOCKET_ERROR_OPNOTSUPP.
 *
 * The base keeps what every socket has: its node (not referenced, as a
 * device's node is not: the node, through the transport protocols
 * aggregated to it, owns its sockets and lives until
 * cns_simulator_destroy()), the errno of the last failed call, and the
 * application callbacks. A simulation may hold many sockets, most of
 * them with one callback, the receive callback of a sink, or none, so
 * only that one is in the socket; the six other callback pairs sit
 * behind one pointer, in a block allocated when the first of them is set
 * and freed when the last is cleared. So a source that clears its
 * connect callback once told, as the applications do, keeps no block.
 *
 * Subclasses report events with the cns_socket_notify_*() functions,
 * which call the callback when one is set. As in ns-3, a connection
 * request is accepted when no accept callback says otherwise.
 *
 * The base knows no address family: a failed bind, connect or listen is
 * reported in the words and the error domain of the protocol's class
 * (address_to_string, set_error); internet's sockets name inet socket
 * addresses as "10.1.1.2:9", in CNS_INTERNET_ERROR.
 */
#include "network/cns-socket.h"

#include "network/cns-network-error.h"
#include "network/cns-socket-factory.h"

/* The callbacks most sockets do not keep, allocated when one is set. */
struct _CnsSocketCallbacks
{
  CnsSocketFn connect_succeeded;
  CnsSocketFn connect_failed;
  gpointer connect_data;
  CnsSocketSizeFn data_sent;
  gpointer data_sent_data;
  CnsSocketSizeFn send;
  gpointer send_data;
  CnsSocketFn close_normal;
  CnsSocketFn close_error;
  gpointer close_data;
  CnsSocketAcceptRequestFn accept_request;
  CnsSocketNewConnectionFn new_connection;
  gpointer accept_data;
};

typedef struct _CnsSocketCallbacks SocketCallbacks;

/* What the base keeps of every socket. */
typedef struct
{
  CnsNode *node;
  CnsSocketFn recv;
  gpointer recv_data;
  SocketCallbacks *callbacks; /* NULL while none of them is set */
  CnsSocketErrno error;
} CnsSocketPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsSocket, cns_socket, CNS_TYPE_OBJECT)

static void
cns_socket_finalize (GObject *object)
{
  CnsSocketPrivate *priv
      = cns_socket_get_instance_private (CNS_SOCKET (object));

  g_free (priv->callbacks);
  G_OBJECT_CLASS (cns_socket_parent_class)->finalize (object);
}

static gchar *
socket_real_address_to_string (CnsSocket *self, const CnsAddress *address)
{
  return cns_address_to_string (address);
}

static void
socket_real_set_error (CnsSocket *self, const gchar *message, GError **error)
{
  g_set_error_literal (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_INVALID,
                       message);
}

static void
cns_socket_class_init (CnsSocketClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cns_socket_finalize;
  klass->address_to_string = socket_real_address_to_string;
  klass->set_error = socket_real_set_error;
}

static void
cns_socket_init (CnsSocket *self)
{
}

/* The block of callbacks, to set: allocated when @setting one, NULL
 * when there is none and @setting is FALSE (clearing has nothing to do). */
static SocketCallbacks *
socket_callbacks (CnsSocket *self, gboolean setting)
{
  CnsSocketPrivate *priv = cns_socket_get_instance_private (self);

  if (priv->callbacks == NULL && setting)
    priv->callbacks = g_new0 (SocketCallbacks, 1);
  return priv->callbacks;
}

/* Frees the block once every callback in it is cleared. */
static void
socket_release_callbacks (CnsSocket *self)
{
  CnsSocketPrivate *priv = cns_socket_get_instance_private (self);
  SocketCallbacks *cb = priv->callbacks;

  if (cb != NULL && cb->connect_succeeded == NULL && cb->connect_failed == NULL
      && cb->data_sent == NULL && cb->send == NULL && cb->close_normal == NULL
      && cb->close_error == NULL && cb->accept_request == NULL
      && cb->new_connection == NULL)
    g_clear_pointer (&priv->callbacks, g_free);
}

/* The callbacks when any is set, else NULL; for the notify functions. */
static inline SocketCallbacks *
socket_peek_callbacks (CnsSocket *self)
{
  return ((CnsSocketPrivate *) cns_socket_get_instance_private (self))
      ->callbacks;
}

/* A virtual function the subclass does not implement: the ns-3 answer is
 * the errno OPNOTSUPP. */
static void
socket_not_supported (CnsSocket *self)
{
  cns_socket_set_errno (self, CNS_SOCKET_ERROR_OPNOTSUPP);
}

/* Sets @error for the failed @operation of @self ("bind", "connect" to
 * @address; "listen", with no address) from the errno the subclass set:
 * the one place that writes these messages, for every protocol. */
static void
socket_set_error (CnsSocket *self, const gchar *operation,
                  gboolean with_address, const CnsAddress *address,
                  GError **error)
{
  CnsSocketPrivate *priv = cns_socket_get_instance_private (self);
  CnsSocketClass *klass = CNS_SOCKET_GET_CLASS (self);
  g_autofree gchar *where = NULL;
  g_autofree gchar *to = NULL;
  g_autofree gchar *message = NULL;

  if (error == NULL)
    return;
  if (priv->node != NULL)
    where = g_strdup_printf (" on node %u", cns_node_get_id (priv->node));
  if (with_address)
    {
      g_autofree gchar *text = address != NULL
                                   ? klass->address_to_string (self, address)
                                   : g_strdup ("any address");

      to = g_strconcat (" to ", text, NULL);
    }
  message = g_strdup_printf ("%s%s cannot %s%s: %s", G_OBJECT_TYPE_NAME (self),
                             where != NULL ? where : "", operation,
                             to != NULL ? to : "",
                             cns_socket_errno_to_string (priv->error));
  klass->set_error (self, message, error);
}

/**
 * cns_socket_errno_to_string:
 * @error: a socket errno
 *
 * Returns: (transfer none): a short English description of @error, such
 * as "not connected", for messages.
 */
const gchar *
cns_socket_errno_to_string (CnsSocketErrno error)
{
  switch (error)
    {
    case CNS_SOCKET_ERROR_NOTERROR:
      return "no error";
    case CNS_SOCKET_ERROR_ISCONN:
      return "already connected";
    case CNS_SOCKET_ERROR_NOTCONN:
      return "not connected";
    case CNS_SOCKET_ERROR_MSGSIZE:
      return "message too long";
    case CNS_SOCKET_ERROR_AGAIN:
      return "resource temporarily unavailable";
    case CNS_SOCKET_ERROR_SHUTDOWN:
      return "shut down";
    case CNS_SOCKET_ERROR_OPNOTSUPP:
      return "operation not supported";
    case CNS_SOCKET_ERROR_AFNOSUPPORT:
      return "address family not supported";
    case CNS_SOCKET_ERROR_INVAL:
      return "invalid argument";
    case CNS_SOCKET_ERROR_BADF:
      return "socket closed";
    case CNS_SOCKET_ERROR_NOROUTETOHOST:
      return "no route to host";
    case CNS_SOCKET_ERROR_NODEV:
      return "no such device";
    case CNS_SOCKET_ERROR_ADDRNOTAVAIL:
      return "address not available";
    case CNS_SOCKET_ERROR_ADDRINUSE:
      return "address already in use";
    case CNS_SOCKET_ERROR_CONNREFUSED:
      return "connection refused";
    case CNS_SOCKET_ERROR_TIMEDOUT:
      return "connection timed out";
    case CNS_SOCKET_ERROR_CONNRESET:
      return "connection reset by peer";
    }
  return "unknown socket error";
}

/**
 * cns_socket_create:
 * @node: the node the socket belongs to
 * @factory_type: a #CnsSocketFactory subtype, such as
 *   CnsUdpSocketFactory or CnsTcpSocketFactory
 *
 * ns-3's Socket::CreateSocket: a new socket of the protocol of
 * @factory_type on @node (see cns_socket_factory_create_on_node()). A
 * node without that protocol (no stack installed, or not that protocol)
 * is a programming error, reported with a critical naming the node and
 * the type.
 *
 * Returns: (transfer full) (nullable): the socket, or %NULL.
 */
CnsSocket *
cns_socket_create (CnsNode *node, GType factory_type)
{
  CnsSocket *socket;

  g_return_val_if_fail (CNS_IS_NODE (node), NULL);
  g_return_val_if_fail (g_type_is_a (factory_type, CNS_TYPE_SOCKET_FACTORY),
                        NULL);

  socket = cns_socket_factory_create_on_node (factory_type, node);
  if (socket == NULL)
    {
      g_critical ("cns_socket_create: node %u cannot make a socket of %s "
                  "(is its transport protocol installed?)",
                  cns_node_get_id (node), g_type_name (factory_type));
      return NULL;
    }
  if (cns_socket_get_node (socket) == NULL)
    cns_socket_set_node (socket, node);
  return socket;
}

/**
 * cns_socket_bind:
 * @address: (nullable): the local address (an inet socket address for
 *   UDP and TCP), or %NULL for any address and an ephemeral port
 * @error: set, naming the address, when binding fails
 *
 * Returns: %TRUE on success; on failure the errno says why.
 */
gboolean
cns_socket_bind (CnsSocket *self, const CnsAddress *address, GError **error)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->bind == NULL)
    socket_not_supported (self);
  else if (klass->bind (self, address))
    return TRUE;
  socket_set_error (self, "bind", TRUE, address, error);
  return FALSE;
}

/**
 * cns_socket_connect:
 * @address: the peer's address
 * @error: set, naming the address, when connecting fails at once
 *
 * Sets the peer (datagram sockets) or opens a connection (stream
 * sockets), whose outcome the connect callbacks report.
 *
 * Returns: %TRUE on success; on failure the errno says why.
 */
gboolean
cns_socket_connect (CnsSocket *self, const CnsAddress *address, GError **error)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), FALSE);
  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->connect == NULL)
    socket_not_supported (self);
  else if (klass->connect (self, address))
    return TRUE;
  socket_set_error (self, "connect", TRUE, address, error);
  return FALSE;
}

/**
 * cns_socket_listen:
 * @error: set when the socket cannot listen
 *
 * Accepts connections (stream sockets); the accept callbacks report them.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_socket_listen (CnsSocket *self, GError **error)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->listen == NULL)
    socket_not_supported (self);
  else if (klass->listen (self))
    return TRUE;
  socket_set_error (self, "listen", FALSE, NULL, error);
  return FALSE;
}

/* Calls @method, a method of @self without arguments, or sets the errno
 * when the socket type has none. */
static gint
socket_call (CnsSocket *self, gint (*method) (CnsSocket *self))
{
  if (method == NULL)
    {
      socket_not_supported (self);
      return -1;
    }
  return method (self);
}

/**
 * cns_socket_close:
 *
 * Closes the socket; it sends and receives nothing more.
 *
 * Returns: 0, or -1 with the errno set.
 */
gint
cns_socket_close (CnsSocket *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), -1);
  return socket_call (self, CNS_SOCKET_GET_CLASS (self)->close);
}

/**
 * cns_socket_shutdown_send:
 *
 * Returns: 0, or -1 with the errno set.
 */
gint
cns_socket_shutdown_send (CnsSocket *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), -1);
  return socket_call (self, CNS_SOCKET_GET_CLASS (self)->shutdown_send);
}

/**
 * cns_socket_shutdown_recv:
 *
 * Returns: 0, or -1 with the errno set.
 */
gint
cns_socket_shutdown_recv (CnsSocket *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), -1);
  return socket_call (self, CNS_SOCKET_GET_CLASS (self)->shutdown_recv);
}

/**
 * cns_socket_send:
 * @packet: (transfer full): the data
 * @flags: protocol flags; 0
 *
 * Sends @packet to the peer set with cns_socket_connect().
 *
 * Returns: the bytes taken, or -1 with the errno set (the packet is
 * released either way).
 */
gint
cns_socket_send (CnsSocket *self, CnsPacket *packet, guint32 flags)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), -1);
  g_return_val_if_fail (packet != NULL, -1);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (G_UNLIKELY (klass->send == NULL))
    {
      cns_packet_unref (packet);
      socket_not_supported (self);
      return -1;
    }
  return klass->send (self, packet, flags);
}

/**
 * cns_socket_send_to:
 * @packet: (transfer full): the data
 * @flags: protocol flags; 0
 * @to: the destination
 *
 * Returns: the bytes taken, or -1 with the errno set (the packet is
 * released either way).
 */
gint
cns_socket_send_to (CnsSocket *self, CnsPacket *packet, guint32 flags,
                    const CnsAddress *to)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), -1);
  g_return_val_if_fail (packet != NULL, -1);
  g_return_val_if_fail (to != NULL, -1);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (G_UNLIKELY (klass->send_to == NULL))
    {
      cns_packet_unref (packet);
      socket_not_supported (self);
      return -1;
    }
  return klass->send_to (self, packet, flags, to);
}

/**
 * cns_socket_recv:
 * @max_size: the most bytes to take
 * @flags: protocol flags; 0
 *
 * Returns: (transfer full) (nullable): the next received data, or %NULL
 * when nothing is waiting (or the socket cannot receive: the errno says).
 */
CnsPacket *
cns_socket_recv (CnsSocket *self, guint32 max_size, guint32 flags)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), NULL);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (G_UNLIKELY (klass->recv == NULL))
    {
      socket_not_supported (self);
      return NULL;
    }
  return klass->recv (self, max_size, flags);
}

/**
 * cns_socket_recv_from:
 * @max_size: the most bytes to take
 * @flags: protocol flags; 0
 * @from: (out caller-allocates): the sender's address, set when a packet
 *   is returned
 *
 * Returns: (transfer full) (nullable): the next received data, or %NULL.
 */
CnsPacket *
cns_socket_recv_from (CnsSocket *self, guint32 max_size, guint32 flags,
                      CnsAddress *from)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), NULL);
  g_return_val_if_fail (from != NULL, NULL);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (G_UNLIKELY (klass->recv_from == NULL))
    {
      socket_not_supported (self);
      return NULL;
    }
  return klass->recv_from (self, max_size, flags, from);
}

/**
 * cns_socket_get_tx_available:
 *
 * Returns: the bytes that can be sent now; 0 when the protocol does not
 * say (errno OPNOTSUPP).
 */
guint32
cns_socket_get_tx_available (CnsSocket *self)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), 0);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->get_tx_available == NULL)
    {
      socket_not_supported (self);
      return 0;
    }
  return klass->get_tx_available (self);
}

/**
 * cns_socket_get_rx_available:
 *
 * Returns: the bytes waiting to be read; 0 when the protocol does not say
 * (errno OPNOTSUPP).
 */
guint32
cns_socket_get_rx_available (CnsSocket *self)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), 0);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->get_rx_available == NULL)
    {
      socket_not_supported (self);
      return 0;
    }
  return klass->get_rx_available (self);
}

/**
 * cns_socket_get_sock_name:
 * @out: (out caller-allocates): the local address
 *
 * Returns: %TRUE when @out was set; %FALSE when the socket is unbound.
 */
gboolean
cns_socket_get_sock_name (CnsSocket *self, CnsAddress *out)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->get_sock_name == NULL)
    {
      socket_not_supported (self);
      return FALSE;
    }
  return klass->get_sock_name (self, out);
}

/**
 * cns_socket_get_peer_name:
 * @out: (out caller-allocates): the peer's address
 *
 * Returns: %TRUE when @out was set; %FALSE when not connected.
 */
gboolean
cns_socket_get_peer_name (CnsSocket *self, CnsAddress *out)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->get_peer_name == NULL)
    {
      socket_not_supported (self);
      return FALSE;
    }
  return klass->get_peer_name (self, out);
}

/**
 * cns_socket_set_allow_broadcast:
 * @allow: whether sending to broadcast addresses is allowed
 *
 * Returns: %TRUE when the protocol accepted the setting.
 */
gboolean
cns_socket_set_allow_broadcast (CnsSocket *self, gboolean allow)
{
  CnsSocketClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), FALSE);
  klass = CNS_SOCKET_GET_CLASS (self);
  if (klass->set_allow_broadcast == NULL)
    {
      socket_not_supported (self);
      return FALSE;
    }
  return klass->set_allow_broadcast (self, allow);
}

/**
 * cns_socket_get_errno:
 *
 * Returns: the errno of the last call that failed, or
 * %CNS_SOCKET_ERROR_NOTERROR.
 */
CnsSocketErrno
cns_socket_get_errno (CnsSocket *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET),
                        CNS_SOCKET_ERROR_NOTERROR);
  return ((CnsSocketPrivate *) cns_socket_get_instance_private (self))->error;
}

/**
 * cns_socket_get_node:
 *
 * Returns: (transfer none) (nullable): the node the socket belongs to.
 */
CnsNode *
cns_socket_get_node (CnsSocket *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET), NULL);
  return ((CnsSocketPrivate *) cns_socket_get_instance_private (self))->node;
}

/**
 * cns_socket_set_recv_callback: (skip)
 * @fn: (nullable): called when data has arrived and can be read with
 *   cns_socket_recv() or cns_socket_recv_from(); %NULL to stop
 */
void
cns_socket_set_recv_callback (CnsSocket *self, CnsSocketFn fn,
                              gpointer user_data)
{
  CnsSocketPrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  priv = cns_socket_get_instance_private (self);
  priv->recv = fn;
  priv->recv_data = user_data;
}

/* A binding's receive callable, kept on the socket as qdata so that it
 * is released with the socket or when replaced: the socket's own
 * private data stays as small as C callers need. One replaced while it
 * runs (a callable that stops itself) is released when it returns. */
typedef struct
{
  CnsSocketFn fn;
  gpointer user_data;
  GDestroyNotify destroy;
  gboolean running;
  gboolean released;
} RecvFunc;

static void
recv_func_free (gpointer data)
{
  RecvFunc *f = data;

  if (f->running)
    {
      f->released = TRUE;
      return;
    }
  if (f->destroy != NULL)
    f->destroy (f->user_data);
  g_free (f);
}

static void
recv_func_run (CnsSocket *socket, gpointer data)
{
  RecvFunc *f = data;

  f->running = TRUE;
  f->fn (socket, f->user_data);
  f->running = FALSE;
  if (f->released)
    recv_func_free (f);
}

static GQuark
recv_func_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("cns-socket-recv-func");
  return quark;
}

/* clang-format off */
/**
 * cns_socket_set_recv_func: (rename-to cns_socket_set_recv_callback)
 * @self: a socket
 * @fn: (nullable) (scope notified) (closure user_data) (destroy destroy):
 *   called when data has arrived and can be read with cns_socket_recv()
 *   or cns_socket_recv_from(); %NULL to stop
 * @user_data: the data @fn gets
 * @destroy: (nullable): called on @user_data when the socket is freed or
 *   given another function this way
 *
 * cns_socket_set_recv_callback() for bindings, which release what they
 * pass: `socket.set_recv_callback(on_recv)` in Python.
 */
/* clang-format on */
void
cns_socket_set_recv_func (CnsSocket *self, CnsSocketFn fn, gpointer user_data,
                          GDestroyNotify destroy)
{
  RecvFunc *f = NULL;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  if (fn != NULL)
    {
      f = g_new0 (RecvFunc, 1);
      *f = (RecvFunc){ fn, user_data, destroy, FALSE, FALSE };
    }
  else if (destroy != NULL)
    destroy (user_data);
  cns_socket_set_recv_callback (self, f != NULL ? recv_func_run : NULL, f);
  /* frees the one before, or marks it to be freed when it returns */
  g_object_set_qdata_full (G_OBJECT (self), recv_func_quark (), f,
                           recv_func_free);
}

/**
 * cns_socket_set_data_sent_callback: (skip)
 * @fn: (nullable): called with the number of bytes that have left the
 *   socket's buffer (stream sockets)
 */
void
cns_socket_set_data_sent_callback (CnsSocket *self, CnsSocketSizeFn fn,
                                   gpointer user_data)
{
  SocketCallbacks *cb;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  cb = socket_callbacks (self, fn != NULL);
  if (cb == NULL)
    return;
  cb->data_sent = fn;
  cb->data_sent_data = user_data;
  socket_release_callbacks (self);
}

/**
 * cns_socket_set_send_callback: (skip)
 * @fn: (nullable): called with the bytes now free in the send buffer
 */
void
cns_socket_set_send_callback (CnsSocket *self, CnsSocketSizeFn fn,
                              gpointer user_data)
{
  SocketCallbacks *cb;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  cb = socket_callbacks (self, fn != NULL);
  if (cb == NULL)
    return;
  cb->send = fn;
  cb->send_data = user_data;
  socket_release_callbacks (self);
}

/**
 * cns_socket_set_connect_callback: (skip)
 * @succeeded: (nullable): called when cns_socket_connect() succeeded
 * @failed: (nullable): called when it failed
 */
void
cns_socket_set_connect_callback (CnsSocket *self, CnsSocketFn succeeded,
                                 CnsSocketFn failed, gpointer user_data)
{
  SocketCallbacks *cb;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  cb = socket_callbacks (self, succeeded != NULL || failed != NULL);
  if (cb == NULL)
    return;
  cb->connect_succeeded = succeeded;
  cb->connect_failed = failed;
  cb->connect_data = user_data;
  socket_release_callbacks (self);
}

/**
 * cns_socket_set_close_callbacks: (skip)
 * @normal: (nullable): called when the peer closed the connection
 * @error: (nullable): called when the connection broke
 */
void
cns_socket_set_close_callbacks (CnsSocket *self, CnsSocketFn normal,
                                CnsSocketFn error, gpointer user_data)
{
  SocketCallbacks *cb;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  cb = socket_callbacks (self, normal != NULL || error != NULL);
  if (cb == NULL)
    return;
  cb->close_normal = normal;
  cb->close_error = error;
  cb->close_data = user_data;
  socket_release_callbacks (self);
}

/**
 * cns_socket_set_accept_callback: (skip)
 * @request: (nullable): asked whether to accept a connection from an
 *   address; without it every request is accepted
 * @created: (nullable): given each new connection's socket
 *
 * For listening sockets.
 */
void
cns_socket_set_accept_callback (CnsSocket *self,
                                CnsSocketAcceptRequestFn request,
                                CnsSocketNewConnectionFn created,
                                gpointer user_data)
{
  SocketCallbacks *cb;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  cb = socket_callbacks (self, request != NULL || created != NULL);
  if (cb == NULL)
    return;
  cb->accept_request = request;
  cb->new_connection = created;
  cb->accept_data = user_data;
  socket_release_callbacks (self);
}

/**
 * cns_socket_set_node:
 * @node: the node the socket belongs to; not referenced
 *
 * For transport protocols, when they make a socket.
 */
void
cns_socket_set_node (CnsSocket *self, CnsNode *node)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOCKET));
  g_return_if_fail (node == NULL || CNS_IS_NODE (node));
  ((CnsSocketPrivate *) cns_socket_get_instance_private (self))->node = node;
}

/**
 * cns_socket_set_errno:
 *
 * For subclasses: records why the current call fails.
 */
void
cns_socket_set_errno (CnsSocket *self, CnsSocketErrno error)
{
  ((CnsSocketPrivate *) cns_socket_get_instance_private (self))->error = error;
}

/**
 * cns_socket_notify_data_recv:
 *
 * For subclasses: data has arrived.
 */
void
cns_socket_notify_data_recv (CnsSocket *self)
{
  CnsSocketPrivate *priv = cns_socket_get_instance_private (self);

  if (priv->recv != NULL)
    priv->recv (self, priv->recv_data);
}

/**
 * cns_socket_notify_data_sent:
 *
 * For subclasses: @size bytes left.
 */
void
cns_socket_notify_data_sent (CnsSocket *self, guint32 size)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->data_sent != NULL)
    cb->data_sent (self, size, cb->data_sent_data);
}

/**
 * cns_socket_notify_send:
 *
 * For subclasses: @available bytes are free.
 */
void
cns_socket_notify_send (CnsSocket *self, guint32 available)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->send != NULL)
    cb->send (self, available, cb->send_data);
}

/* The callbacks may clear themselves, freeing the block: the notify
 * functions read what they need from it before calling. */

/**
 * cns_socket_notify_connection_succeeded:
 *
 * For subclasses.
 */
void
cns_socket_notify_connection_succeeded (CnsSocket *self)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->connect_succeeded != NULL)
    cb->connect_succeeded (self, cb->connect_data);
}

/**
 * cns_socket_notify_connection_failed:
 *
 * For subclasses.
 */
void
cns_socket_notify_connection_failed (CnsSocket *self)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->connect_failed != NULL)
    cb->connect_failed (self, cb->connect_data);
}

/**
 * cns_socket_notify_normal_close:
 *
 * For subclasses.
 */
void
cns_socket_notify_normal_close (CnsSocket *self)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->close_normal != NULL)
    cb->close_normal (self, cb->close_data);
}

/**
 * cns_socket_notify_error_close:
 *
 * For subclasses.
 */
void
cns_socket_notify_error_close (CnsSocket *self)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->close_error != NULL)
    cb->close_error (self, cb->close_data);
}

/**
 * cns_socket_notify_connection_request:
 * @from: who asks to connect
 *
 * For subclasses.
 *
 * Returns: whether to accept: the accept-request callback's answer, or
 * %TRUE when there is none (as in ns-3).
 */
gboolean
cns_socket_notify_connection_request (CnsSocket *self, const CnsAddress *from)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->accept_request != NULL)
    return cb->accept_request (self, from, cb->accept_data);
  return TRUE;
}

/**
 * cns_socket_notify_new_connection_created:
 * @connection: (transfer none): the new connection's socket
 * @from: the peer's address
 *
 * For subclasses.
 */
void
cns_socket_notify_new_connection_created (CnsSocket *self,
                                          CnsSocket *connection,
                                          const CnsAddress *from)
{
  SocketCallbacks *cb = socket_peek_callbacks (self);

  if (cb != NULL && cb->new_connection != NULL)
    cb->new_connection (self, connection, from, cb->accept_data);
}
