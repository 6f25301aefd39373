/* cns — a recording socket and its factory, for testing what sits on
 * sockets (applications) without a protocol stack.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * TestSocket behaves like a UDP socket that never reaches a network: bind
 * without an address takes 0.0.0.0 and the next ephemeral port (49153
 * first, as ns-3's), connect succeeds at once and says so through the
 * connect callback, and every send is recorded with the simulation time,
 * the context, its size and its destination. Tests deliver packets with
 * test_socket_inject(), which queues them and notifies the receiver, and
 * connections with test_socket_inject_connection(). The factory keeps
 * every socket it made, so tests find the socket an application made.
 */
#include "internet/socket-double.h"

#include "core/cns-simulator.h"

#define FIRST_EPHEMERAL_PORT 49153

typedef struct
{
  CnsPacket *packet;
  CnsAddress from;
} Received;

struct _TestSocket
{
  CnsSocket parent_instance;

  TestSocketFactory *factory; /* not referenced: it holds us */
  GArray *sent;               /* TestSent */
  GQueue received;            /* Received */
  CnsAddress local;
  CnsAddress peer;
  gboolean bound;
  gboolean connected;
  gboolean listening;
  gboolean closed;
  gboolean recv_shut_down;
  gboolean allow_broadcast;
  gboolean refuse_sends;
  gboolean fail_connect;
};

struct _TestSocketFactory
{
  CnsSocketFactory parent_instance;

  GPtrArray *sockets; /* TestSocket, referenced */
  guint16 next_port;
  gboolean fail_connect; /* for the sockets it makes */
};

struct _TestOtherSocketFactory
{
  CnsSocketFactory parent_instance;
};

G_DEFINE_FINAL_TYPE (TestSocket, test_socket, CNS_TYPE_SOCKET)
G_DEFINE_FINAL_TYPE (TestSocketFactory, test_socket_factory,
                     CNS_TYPE_SOCKET_FACTORY)
G_DEFINE_FINAL_TYPE (TestOtherSocketFactory, test_other_socket_factory,
                     CNS_TYPE_SOCKET_FACTORY)

static void
received_free (gpointer data)
{
  Received *r = data;

  cns_packet_unref (r->packet);
  g_free (r);
}

static void
test_socket_finalize (GObject *object)
{
  TestSocket *self = TEST_SOCKET (object);

  g_array_unref (self->sent);
  g_queue_clear_full (&self->received, received_free);
  G_OBJECT_CLASS (test_socket_parent_class)->finalize (object);
}

static gboolean
test_socket_bind (CnsSocket *socket, const CnsAddress *address)
{
  TestSocket *self = TEST_SOCKET (socket);
  CnsInetSocketAddress inet;

  if (address == NULL)
    {
      inet = cns_inet_socket_address_init (cns_ipv4_address_any (),
                                           self->factory->next_port++);
      cns_inet_socket_address_to_address (&inet, &self->local);
    }
  else if (!cns_inet_socket_address_from_address (address, &inet))
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_AFNOSUPPORT);
      return FALSE;
    }
  else
    self->local = *address;
  self->bound = TRUE;
  return TRUE;
}

static gboolean
test_socket_connect (CnsSocket *socket, const CnsAddress *address)
{
  TestSocket *self = TEST_SOCKET (socket);

  if (self->fail_connect)
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_NOROUTETOHOST);
      cns_socket_notify_connection_failed (socket);
      return TRUE;
    }
  self->peer = *address;
  self->connected = TRUE;
  cns_socket_notify_connection_succeeded (socket);
  return TRUE;
}

static gboolean
test_socket_listen (CnsSocket *socket)
{
  TEST_SOCKET (socket)->listening = TRUE;
  return TRUE;
}

static gint
test_socket_close (CnsSocket *socket)
{
  TestSocket *self = TEST_SOCKET (socket);

  if (self->closed)
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_BADF);
      return -1;
    }
  self->closed = TRUE;
  return 0;
}

static gint
test_socket_shutdown_recv (CnsSocket *socket)
{
  TEST_SOCKET (socket)->recv_shut_down = TRUE;
  return 0;
}

static gint
test_socket_send_to (CnsSocket *socket, CnsPacket *packet, guint32 flags,
                     const CnsAddress *to)
{
  TestSocket *self = TEST_SOCKET (socket);
  TestSent sent;

  if (self->closed || self->refuse_sends)
    {
      cns_socket_set_errno (socket, self->closed ? CNS_SOCKET_ERROR_BADF
                                                 : CNS_SOCKET_ERROR_AGAIN);
      cns_packet_unref (packet);
      return -1;
    }
  sent.time = cns_simulator_now ();
  sent.size = cns_packet_get_size (packet);
  sent.context = cns_simulator_get_context ();
  sent.to = *to;
  g_array_append_val (self->sent, sent);
  cns_packet_unref (packet);
  return (gint) sent.size;
}

static gint
test_socket_send (CnsSocket *socket, CnsPacket *packet, guint32 flags)
{
  TestSocket *self = TEST_SOCKET (socket);

  if (!self->connected)
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_NOTCONN);
      cns_packet_unref (packet);
      return -1;
    }
  return test_socket_send_to (socket, packet, flags, &self->peer);
}

static CnsPacket *
test_socket_recv_from (CnsSocket *socket, guint32 max_size, guint32 flags,
                       CnsAddress *from)
{
  TestSocket *self = TEST_SOCKET (socket);
  Received *r = g_queue_pop_head (&self->received);
  CnsPacket *packet;

  if (r == NULL)
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_AGAIN);
      return NULL;
    }
  packet = r->packet;
  *from = r->from;
  g_free (r);
  return packet;
}

static CnsPacket *
test_socket_recv (CnsSocket *socket, guint32 max_size, guint32 flags)
{
  CnsAddress from;

  return test_socket_recv_from (socket, max_size, flags, &from);
}

static guint32
test_socket_get_rx_available (CnsSocket *socket)
{
  TestSocket *self = TEST_SOCKET (socket);
  guint32 n = 0;

  for (GList *l = self->received.head; l != NULL; l = l->next)
    n += cns_packet_get_size (((Received *) l->data)->packet);
  return n;
}

static gboolean
test_socket_get_sock_name (CnsSocket *socket, CnsAddress *out)
{
  TestSocket *self = TEST_SOCKET (socket);

  if (!self->bound)
    return FALSE;
  *out = self->local;
  return TRUE;
}

static gboolean
test_socket_get_peer_name (CnsSocket *socket, CnsAddress *out)
{
  TestSocket *self = TEST_SOCKET (socket);

  if (!self->connected)
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_NOTCONN);
      return FALSE;
    }
  *out = self->peer;
  return TRUE;
}

static gboolean
test_socket_set_allow_broadcast (CnsSocket *socket, gboolean allow)
{
  TEST_SOCKET (socket)->allow_broadcast = allow;
  return TRUE;
}

/* No shutdown_send, get_tx_available: the base answers OPNOTSUPP, which
 * the socket tests check. */
static void
test_socket_class_init (TestSocketClass *klass)
{
  CnsSocketClass *socket_class = CNS_SOCKET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = test_socket_finalize;
  socket_class->bind = test_socket_bind;
  socket_class->connect = test_socket_connect;
  socket_class->listen = test_socket_listen;
  socket_class->close = test_socket_close;
  socket_class->shutdown_recv = test_socket_shutdown_recv;
  socket_class->send = test_socket_send;
  socket_class->send_to = test_socket_send_to;
  socket_class->recv = test_socket_recv;
  socket_class->recv_from = test_socket_recv_from;
  socket_class->get_rx_available = test_socket_get_rx_available;
  socket_class->get_sock_name = test_socket_get_sock_name;
  socket_class->get_peer_name = test_socket_get_peer_name;
  socket_class->set_allow_broadcast = test_socket_set_allow_broadcast;
}

static void
test_socket_init (TestSocket *self)
{
  self->sent = g_array_new (FALSE, FALSE, sizeof (TestSent));
  g_queue_init (&self->received);
}

static TestSocket *
test_socket_factory_make (TestSocketFactory *self)
{
  TestSocket *socket = g_object_new (TEST_TYPE_SOCKET, NULL);

  socket->factory = self;
  socket->fail_connect = self->fail_connect;
  cns_socket_set_node (CNS_SOCKET (socket),
                       cns_object_get (self, CNS_TYPE_NODE));
  g_ptr_array_add (self->sockets, g_object_ref (socket));
  return socket;
}

static CnsSocket *
test_socket_factory_create_socket (CnsSocketFactory *factory)
{
  return CNS_SOCKET (test_socket_factory_make (TEST_SOCKET_FACTORY (factory)));
}

static void
test_socket_factory_dispose (GObject *object)
{
  TestSocketFactory *self = TEST_SOCKET_FACTORY (object);

  g_clear_pointer (&self->sockets, g_ptr_array_unref);
  G_OBJECT_CLASS (test_socket_factory_parent_class)->dispose (object);
}

static void
test_socket_factory_class_init (TestSocketFactoryClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = test_socket_factory_dispose;
  CNS_SOCKET_FACTORY_CLASS (klass)->create_socket
      = test_socket_factory_create_socket;
}

static void
test_socket_factory_init (TestSocketFactory *self)
{
  self->sockets = g_ptr_array_new_with_free_func (g_object_unref);
  self->next_port = FIRST_EPHEMERAL_PORT;
}

/* Makes sockets without a node: for the "node unset" path of
 * cns_socket_create(). */
static CnsSocket *
test_other_socket_factory_create_socket (CnsSocketFactory *factory)
{
  return g_object_new (TEST_TYPE_SOCKET, NULL);
}

static void
test_other_socket_factory_class_init (TestOtherSocketFactoryClass *klass)
{
  CNS_SOCKET_FACTORY_CLASS (klass)->create_socket
      = test_other_socket_factory_create_socket;
}

static void
test_other_socket_factory_init (TestOtherSocketFactory *self)
{
}

/* Aggregates a new factory to @node; the aggregate keeps it. */
TestSocketFactory *
test_socket_factory_install (CnsNode *node)
{
  g_autoptr (TestSocketFactory) factory
      = g_object_new (TEST_TYPE_SOCKET_FACTORY, NULL);

  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (factory));
  return factory;
}

guint
test_socket_factory_get_n_sockets (TestSocketFactory *self)
{
  return self->sockets->len;
}

TestSocket *
test_socket_factory_get_socket (TestSocketFactory *self, guint index)
{
  return index < self->sockets->len ? self->sockets->pdata[index] : NULL;
}

const GArray *
test_socket_get_sent (TestSocket *self)
{
  return self->sent;
}

gboolean
test_socket_is_bound (TestSocket *self)
{
  return self->bound;
}

gboolean
test_socket_is_connected (TestSocket *self)
{
  return self->connected;
}

gboolean
test_socket_is_closed (TestSocket *self)
{
  return self->closed;
}

gboolean
test_socket_is_listening (TestSocket *self)
{
  return self->listening;
}

gboolean
test_socket_get_allow_broadcast (TestSocket *self)
{
  return self->allow_broadcast;
}

gboolean
test_socket_is_recv_shut_down (TestSocket *self)
{
  return self->recv_shut_down;
}

void
test_socket_get_local (TestSocket *self, CnsAddress *out)
{
  *out = self->local;
}

void
test_socket_get_peer (TestSocket *self, CnsAddress *out)
{
  *out = self->peer;
}

void
test_socket_set_refuse_sends (TestSocket *self, gboolean refuse)
{
  self->refuse_sends = refuse;
}

void
test_socket_factory_set_fail_connect (TestSocketFactory *self, gboolean fail)
{
  self->fail_connect = fail;
}

void
test_socket_inject (TestSocket *self, CnsPacket *packet, const CnsAddress *from)
{
  Received *r = g_new (Received, 1);

  r->packet = packet;
  r->from = *from;
  g_queue_push_tail (&self->received, r);
  cns_socket_notify_data_recv (CNS_SOCKET (self));
}

TestSocket *
test_socket_inject_connection (TestSocket *self, const CnsAddress *from)
{
  TestSocket *connection;

  g_assert (self->listening);
  if (!cns_socket_notify_connection_request (CNS_SOCKET (self), from))
    return NULL;
  connection = test_socket_factory_make (self->factory);
  connection->local = self->local;
  connection->bound = TRUE;
  connection->peer = *from;
  connection->connected = TRUE;
  cns_socket_notify_new_connection_created (CNS_SOCKET (self),
                                            CNS_SOCKET (connection), from);
  g_object_unref (connection); /* the factory keeps it */
  return connection;
}

/* "10.1.1.2:9" as a CnsAddress. */
void
test_inet_address (const gchar *text, CnsAddress *out)
{
  CnsInetSocketAddress inet;

  g_assert (cns_inet_socket_address_parse (text, &inet, NULL));
  cns_inet_socket_address_to_address (&inet, out);
}
