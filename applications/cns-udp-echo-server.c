/* cns — a UDP server that sends every datagram back.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpEchoServer: at start it binds a UDP socket to Port on any
 * address of its node; each datagram that arrives fires Rx and goes back
 * to its sender, stripped of its packet and byte tags. It logs, as the
 * ns-3 server does with NS_LOG_INFO, under the component
 * "cns-udp-echo-server" (CNS_LOG="cns-udp-echo-server=info"):
 *
 *   At time +2.00369s server received 1024 bytes from 10.1.1.1 port 49153
 *   At time +2.00369s server sent 1024 bytes to 10.1.1.1 port 49153
 *
 * An echo the socket refuses (no route back, say) is logged with the
 * socket's error, at the warning level, instead of as sent; the socket
 * fires its TxDrop trace source. Unlike ns-3's, the server has a Protocol
 * attribute (UDP by default), so that it can run over any datagram socket
 * factory; the tests use it.
 */
#include "applications/cns-udp-echo-server.h"

#include "core/cns-log.h"
#include "internet/cns-ipv4-address.h"
#include "internet/cns-udp-socket-factory.h"

CNS_LOG_COMPONENT_DEFINE ("cns-udp-echo-server");

#define DEFAULT_PORT     9
#define DEFAULT_PROTOCOL CNS_TYPE_UDP_SOCKET_FACTORY

enum
{
  PROP_0,
  PROP_PORT,
  PROP_PROTOCOL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsUdpEchoServer
{
  CnsApplication parent_instance;

  CnsSocket *socket;
  guint16 port;
  GType protocol;
  CnsTraceSource rx;
};

G_DEFINE_FINAL_TYPE (CnsUdpEchoServer, cns_udp_echo_server,
                     CNS_TYPE_APPLICATION)

static void cns_udp_echo_server_set_property (GObject *object, guint prop_id,
                                              const GValue *value,
                                              GParamSpec *pspec);
static void cns_udp_echo_server_get_property (GObject *object, guint prop_id,
                                              GValue *value, GParamSpec *pspec);
static void echo_server_start (CnsApplication *app);
static void echo_server_stop (CnsApplication *app);

static void
cns_udp_echo_server_dispose (GObject *object)
{
  CnsUdpEchoServer *self = CNS_UDP_ECHO_SERVER (object);

  if (self->socket != NULL)
    {
      cns_socket_set_recv_callback (self->socket, NULL, NULL);
      g_clear_object (&self->socket);
    }
  G_OBJECT_CLASS (cns_udp_echo_server_parent_class)->dispose (object);
}

static void
cns_udp_echo_server_class_init (CnsUdpEchoServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);

  object_class->dispose = cns_udp_echo_server_dispose;
  object_class->set_property = cns_udp_echo_server_set_property;
  object_class->get_property = cns_udp_echo_server_get_property;
  app_class->start_application = echo_server_start;
  app_class->stop_application = echo_server_stop;

  properties[PROP_PORT] = g_param_spec_uint (
      "port", "Port", "The port the server receives on, on any address", 0,
      G_MAXUINT16, DEFAULT_PORT, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROTOCOL] = cns_application_param_spec_protocol ();
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_application_class_install_trace_source (
      app_class, "Rx",
      "A datagram arrived (before it is echoed), with the sender's address",
      "CnsApplicationRxTraceFn", G_STRUCT_OFFSET (CnsUdpEchoServer, rx));
}

static void
cns_udp_echo_server_init (CnsUdpEchoServer *self)
{
  self->port = DEFAULT_PORT;
  self->protocol = DEFAULT_PROTOCOL;
}

/* ns-3's HandleRead: echoes everything waiting. */
static void
echo_server_handle_read (CnsSocket *socket, gpointer user_data)
{
  CnsUdpEchoServer *self = user_data;
  gchar now[CNS_TIME_STRING_SIZE];
  gchar sender[CNS_APPLICATION_ENDPOINT_STRING_SIZE];
  CnsPacket *packet;
  CnsAddress from;

  while ((packet = cns_socket_recv_from (socket, G_MAXUINT32, 0, &from))
         != NULL)
    {
      guint32 size = cns_packet_get_size (packet);
      gboolean log = CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO);
      gboolean sent;

      CNS_TRACE_SOURCE_FIRE (&self->rx, CnsApplicationRxTraceFn, self, packet,
                             &from);
      if (log || CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_WARN))
        {
          cns_application_format_now (now);
          cns_application_format_endpoint (&from, sender);
          CNS_LOG_INFO ("At time %s server received %u bytes from %s", now,
                        size, sender);
        }
      packet = cns_packet_make_writable (packet);
      cns_packet_remove_all_packet_tags (packet);
      cns_packet_remove_all_byte_tags (packet);
      CNS_LOG_LOGIC ("Echoing packet");
      sent = cns_socket_send_to (socket, packet, 0, &from) >= 0;
      if (sent && log)
        CNS_LOG_INFO ("At time %s server sent %u bytes to %s", now, size,
                      sender);
      else if (!sent)
        CNS_LOG_WARN (
            "At time %s server could not send %u bytes to %s: %s", now, size,
            sender, cns_socket_errno_to_string (cns_socket_get_errno (socket)));
    }
}

/* ns-3's StartApplication. */
static void
echo_server_start (CnsApplication *app)
{
  CnsUdpEchoServer *self = CNS_UDP_ECHO_SERVER (app);
  CnsNode *node = cns_application_get_node (app);
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress any;
  CnsAddress local;

  if (self->socket == NULL)
    {
      self->socket = cns_socket_create (node, self->protocol);
      if (self->socket == NULL)
        return;
      any = cns_inet_socket_address_init (cns_ipv4_address_any (), self->port);
      cns_inet_socket_address_to_address (&any, &local);
      if (!cns_socket_bind (self->socket, &local, &error))
        {
          g_critical ("UdpEchoServer on node %u cannot bind its socket: %s",
                      cns_node_get_id (node), error->message);
          g_clear_object (&self->socket);
          return;
        }
    }
  cns_socket_set_recv_callback (self->socket, echo_server_handle_read, self);
}

/* ns-3's StopApplication. */
static void
echo_server_stop (CnsApplication *app)
{
  CnsUdpEchoServer *self = CNS_UDP_ECHO_SERVER (app);

  if (self->socket == NULL)
    return;
  cns_socket_close (self->socket);
  cns_socket_set_recv_callback (self->socket, NULL, NULL);
}

/**
 * cns_udp_echo_server_new:
 * @port: the port to receive on
 *
 * Returns: (transfer full): an echo server; install it on a node with
 * cns_application_install().
 */
CnsUdpEchoServer *
cns_udp_echo_server_new (guint16 port)
{
  return cns_object_new (CNS_TYPE_UDP_ECHO_SERVER, "port", (guint) port, NULL);
}

/**
 * cns_udp_echo_server_get_socket:
 *
 * Returns: (transfer none) (nullable): the socket, once started.
 */
CnsSocket *
cns_udp_echo_server_get_socket (CnsUdpEchoServer *self)
{
  g_return_val_if_fail (CNS_IS_UDP_ECHO_SERVER (self), NULL);
  return self->socket;
}

static void
cns_udp_echo_server_set_property (GObject *object, guint prop_id,
                                  const GValue *value, GParamSpec *pspec)
{
  CnsUdpEchoServer *self = CNS_UDP_ECHO_SERVER (object);

  switch (prop_id)
    {
    case PROP_PORT:
      self->port = (guint16) g_value_get_uint (value);
      break;
    case PROP_PROTOCOL:
      self->protocol = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_udp_echo_server_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  CnsUdpEchoServer *self = CNS_UDP_ECHO_SERVER (object);

  switch (prop_id)
    {
    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    case PROP_PROTOCOL:
      g_value_set_gtype (value, self->protocol);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
