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

#include "applications/cns-application-endpoint.h"
#include "core/cns-log.h"
#include "internet/cns-udp-socket-factory.h"

CNS_LOG_COMPONENT_DEFINE ("cns-udp-echo-server");

#define DEFAULT_PORT 9

enum
{
  PROP_0,
  PROP_PORT,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsUdpEchoServer
{
  CnsSourceApplication parent_instance;

  CnsTraceSource rx;
};

G_DEFINE_FINAL_TYPE (CnsUdpEchoServer, cns_udp_echo_server,
                     CNS_TYPE_SOURCE_APPLICATION)

static void cns_udp_echo_server_set_property (GObject *object, guint prop_id,
                                              const GValue *value,
                                              GParamSpec *pspec);
static void cns_udp_echo_server_get_property (GObject *object, guint prop_id,
                                              GValue *value, GParamSpec *pspec);
static void echo_server_start (CnsApplication *app);
static void echo_server_stop (CnsApplication *app);

static void
cns_udp_echo_server_class_init (CnsUdpEchoServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);

  object_class->set_property = cns_udp_echo_server_set_property;
  object_class->get_property = cns_udp_echo_server_get_property;
  app_class->start_application = echo_server_start;
  app_class->stop_application = echo_server_stop;

  properties[PROP_PORT] = g_param_spec_uint (
      "port", "Port", "The port the server receives on, on any address", 0,
      G_MAXUINT16, DEFAULT_PORT, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_source_application_class_install_protocol (
      CNS_SOURCE_APPLICATION_CLASS (klass), CNS_TYPE_UDP_SOCKET_FACTORY);

  cns_application_class_install_trace_source (
      app_class, "Rx",
      "A datagram arrived (before it is echoed), with the sender's address",
      "CnsApplicationRxTraceFn", G_STRUCT_OFFSET (CnsUdpEchoServer, rx));
}

/* The server receives on Port of any address: the base's Local. */
static void
echo_server_set_port (CnsUdpEchoServer *self, guint16 port)
{
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), port);
  CnsAddress local;

  cns_inet_socket_address_to_address (&any, &local);
  cns_source_application_set_local (CNS_SOURCE_APPLICATION (self), &local);
}

static void
cns_udp_echo_server_init (CnsUdpEchoServer *self)
{
  echo_server_set_port (self, DEFAULT_PORT);
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
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  if (cns_source_application_get_socket (source) == NULL
      && !cns_source_application_bind (source))
    return;
  cns_socket_set_recv_callback (cns_source_application_get_socket (source),
                                echo_server_handle_read, app);
}

/* ns-3's StopApplication. */
static void
echo_server_stop (CnsApplication *app)
{
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  if (cns_source_application_get_socket (source) != NULL)
    cns_source_application_close_socket (source);
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
  return cns_source_application_get_socket (CNS_SOURCE_APPLICATION (self));
}

static void
cns_udp_echo_server_set_property (GObject *object, guint prop_id,
                                  const GValue *value, GParamSpec *pspec)
{
  CnsUdpEchoServer *self = CNS_UDP_ECHO_SERVER (object);

  switch (prop_id)
    {
    case PROP_PORT:
      echo_server_set_port (self, (guint16) g_value_get_uint (value));
      break;
    default: /* the base's Protocol */
      G_OBJECT_CLASS (cns_udp_echo_server_parent_class)
          ->set_property (object, prop_id, value, pspec);
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
      g_value_set_uint (value, cns_source_application_get_local (
                                   CNS_SOURCE_APPLICATION (self))
                                   ->port);
      break;
    default: /* the base's Protocol */
      G_OBJECT_CLASS (cns_udp_echo_server_parent_class)
          ->get_property (object, prop_id, value, pspec);
    }
}
