/* cns — a UDP client that sends datagrams at an interval and hears the
 * echoes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpEchoClient: at start it binds a UDP socket to an ephemeral
 * port, connects it to Remote and sends its first datagram of PacketSize
 * bytes at once, then one every Interval until MaxPackets are sent (0: no
 * limit). Tx fires before each datagram is sent, as in ns-3 (so that tags
 * added by trace sinks travel with it); Rx fires for each echo. It logs,
 * as the ns-3 client does with NS_LOG_INFO, under the component
 * "cns-udp-echo-client":
 *
 *   At time +2s client sent 1024 bytes to 10.1.1.2 port 9
 *   At time +2.00737s client received 1024 bytes from 10.1.1.2 port 9
 *
 * A datagram the socket refuses (no route, say; PacketSize stops at
 * 65,507 bytes, the most a UDP datagram over IPv4 holds) is logged with
 * the socket's error, at the warning level, instead of as sent, and the
 * socket fires its TxDrop trace source; MaxPackets counts it all the
 * same, as ns-3's client does. The pending send is named by a generation number
 * rather than kept as an event id, as in CnsOnOffApplication. Unlike ns-3's
 * client, it has a Protocol attribute (UDP by default), used by the tests.
 */
#include "applications/cns-udp-echo-client.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-udp-socket-factory.h"
#include "internet/cns-udp-socket.h" /* CNS_UDP_MAX_PAYLOAD_SIZE */
#include "network/cns-queue.h"       /* CnsPacketTraceFn */

CNS_LOG_COMPONENT_DEFINE ("cns-udp-echo-client");

#define DEFAULT_MAX_PACKETS 100
#define DEFAULT_INTERVAL    CNS_TIME_PS_PER_S
#define DEFAULT_PACKET_SIZE 100
#define DEFAULT_PROTOCOL    CNS_TYPE_UDP_SOCKET_FACTORY

enum
{
  PROP_0,
  PROP_MAX_PACKETS,
  PROP_INTERVAL,
  PROP_REMOTE,
  PROP_PACKET_SIZE,
  PROP_PROTOCOL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsUdpEchoClient
{
  CnsApplication parent_instance;

  CnsSocket *socket;
  CnsTime interval;
  guint32 max_packets;
  guint32 n_made; /* the datagrams made, which MaxPackets counts */
  guint32 n_sent; /* those the socket took */
  guint32 packet_size;
  guint32 send_generation; /* names the pending send */
  CnsInetSocketAddress remote;
  gboolean has_remote;
  GType protocol;
  CnsTraceSource tx;
  CnsTraceSource rx;
};

G_DEFINE_FINAL_TYPE (CnsUdpEchoClient, cns_udp_echo_client,
                     CNS_TYPE_APPLICATION)

static void cns_udp_echo_client_set_property (GObject *object, guint prop_id,
                                              const GValue *value,
                                              GParamSpec *pspec);
static void cns_udp_echo_client_get_property (GObject *object, guint prop_id,
                                              GValue *value, GParamSpec *pspec);
static void echo_client_start (CnsApplication *app);
static void echo_client_stop (CnsApplication *app);

static void
echo_client_drop_socket (CnsUdpEchoClient *self)
{
  if (self->socket == NULL)
    return;
  cns_socket_set_recv_callback (self->socket, NULL, NULL);
  g_clear_object (&self->socket);
}

static void
cns_udp_echo_client_dispose (GObject *object)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (object);

  self->send_generation++; /* a pending send does nothing */
  echo_client_drop_socket (self);
  G_OBJECT_CLASS (cns_udp_echo_client_parent_class)->dispose (object);
}

static void
cns_udp_echo_client_class_init (CnsUdpEchoClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);

  object_class->dispose = cns_udp_echo_client_dispose;
  object_class->set_property = cns_udp_echo_client_set_property;
  object_class->get_property = cns_udp_echo_client_get_property;
  app_class->start_application = echo_client_start;
  app_class->stop_application = echo_client_stop;

  properties[PROP_MAX_PACKETS] = g_param_spec_uint (
      "max-packets", "Maximum packets",
      "How many datagrams to send in all; 0 means no limit", 0, G_MAXUINT32,
      DEFAULT_MAX_PACKETS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERVAL] = cns_param_spec_time (
      "interval", "Interval", "The time between two datagrams", CNS_TIME_ZERO,
      CNS_TIME_MAX, DEFAULT_INTERVAL,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REMOTE] = g_param_spec_boxed (
      "remote", "Remote",
      "The server's address and port (\"10.1.1.2:9\"); must be set",
      CNS_TYPE_INET_SOCKET_ADDRESS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PACKET_SIZE] = g_param_spec_uint (
      "packet-size", "Packet size",
      "The bytes of data in each datagram: 65507 at most, what an IPv4 "
      "datagram's length leaves for UDP's payload",
      0, CNS_UDP_MAX_PAYLOAD_SIZE, DEFAULT_PACKET_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROTOCOL] = cns_application_param_spec_protocol ();
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_application_class_install_trace_source (
      app_class, "Tx", "A datagram was made and is about to be sent",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (CnsUdpEchoClient, tx));
  cns_application_class_install_trace_source (
      app_class, "Rx", "An echo arrived, with the sender's address",
      "CnsApplicationRxTraceFn", G_STRUCT_OFFSET (CnsUdpEchoClient, rx));
}

static void
cns_udp_echo_client_init (CnsUdpEchoClient *self)
{
  self->max_packets = DEFAULT_MAX_PACKETS;
  self->interval = DEFAULT_INTERVAL;
  self->packet_size = DEFAULT_PACKET_SIZE;
  self->protocol = DEFAULT_PROTOCOL;
}

static void echo_client_send (gpointer obj, gpointer data);

static void
echo_client_schedule_transmit (CnsUdpEchoClient *self, CnsTime delay)
{
  cns_simulator_schedule (delay, echo_client_send, self,
                          GUINT_TO_POINTER (self->send_generation));
}

/* ns-3's Send. */
static void
echo_client_send (gpointer obj, gpointer data)
{
  CnsUdpEchoClient *self = obj;
  CnsPacket *packet;
  gboolean sent;

  if (GPOINTER_TO_UINT (data) != self->send_generation)
    return;
  packet = cns_packet_new (self->packet_size);
  CNS_TRACE_SOURCE_FIRE (&self->tx, CnsPacketTraceFn, self, packet);
  sent = cns_socket_send (self->socket, packet, 0) >= 0;
  self->n_made++;
  if (sent)
    self->n_sent++;
  if (CNS_LOG_IS_ENABLED (sent ? CNS_LOG_LEVEL_INFO : CNS_LOG_LEVEL_WARN))
    {
      gchar now[CNS_TIME_STRING_SIZE];
      gchar to[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

      cns_application_format_now (now);
      cns_application_format_inet_endpoint (&self->remote, to);
      if (sent)
        CNS_LOG_INFO ("At time %s client sent %u bytes to %s", now,
                      self->packet_size, to);
      else
        CNS_LOG_WARN (
            "At time %s client could not send %u bytes to %s: %s", now,
            self->packet_size, to,
            cns_socket_errno_to_string (cns_socket_get_errno (self->socket)));
    }
  if (self->n_made < self->max_packets || self->max_packets == 0)
    echo_client_schedule_transmit (self, self->interval);
}

/* ns-3's HandleRead. */
static void
echo_client_handle_read (CnsSocket *socket, gpointer user_data)
{
  CnsUdpEchoClient *self = user_data;
  CnsPacket *packet;
  CnsAddress from;

  while ((packet = cns_socket_recv_from (socket, G_MAXUINT32, 0, &from))
         != NULL)
    {
      if (CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO))
        {
          gchar now[CNS_TIME_STRING_SIZE];
          gchar sender[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

          cns_application_format_now (now);
          cns_application_format_endpoint (&from, sender);
          CNS_LOG_INFO ("At time %s client received %u bytes from %s", now,
                        cns_packet_get_size (packet), sender);
        }
      CNS_TRACE_SOURCE_FIRE (&self->rx, CnsApplicationRxTraceFn, self, packet,
                             &from);
      cns_packet_unref (packet);
    }
}

/* Makes, binds and connects the socket; FALSE after a critical. */
static gboolean
echo_client_open_socket (CnsUdpEchoClient *self)
{
  CnsApplication *app = CNS_APPLICATION (self);
  CnsNode *node = cns_application_get_node (app);
  g_autoptr (GError) error = NULL;
  CnsAddress remote;

  if (!self->has_remote)
    {
      g_critical ("UdpEchoClient on node %u: its Remote attribute is not "
                  "set; it sends nothing",
                  cns_node_get_id (node));
      return FALSE;
    }
  self->socket = cns_socket_create (node, self->protocol);
  if (self->socket == NULL)
    return FALSE;
  cns_inet_socket_address_to_address (&self->remote, &remote);
  if (!cns_socket_bind (self->socket, NULL, &error)
      || !cns_socket_connect (self->socket, &remote, &error))
    {
      g_critical ("UdpEchoClient on node %u cannot open its socket: %s",
                  cns_node_get_id (node), error->message);
      g_clear_object (&self->socket);
      return FALSE;
    }
  return TRUE;
}

/* ns-3's StartApplication. */
static void
echo_client_start (CnsApplication *app)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (app);

  if (self->socket == NULL && !echo_client_open_socket (self))
    return;
  cns_socket_set_recv_callback (self->socket, echo_client_handle_read, self);
  cns_socket_set_allow_broadcast (self->socket, TRUE);
  echo_client_schedule_transmit (self, CNS_TIME_ZERO);
}

/* ns-3's StopApplication: closes and lets go of the socket. */
static void
echo_client_stop (CnsApplication *app)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (app);

  if (self->socket != NULL)
    cns_socket_close (self->socket);
  echo_client_drop_socket (self);
  self->send_generation++;
}

/**
 * cns_udp_echo_client_new:
 * @remote: the server's address and port
 *
 * Returns: (transfer full): an echo client; install it on a node with
 * cns_application_install().
 */
CnsUdpEchoClient *
cns_udp_echo_client_new (const CnsInetSocketAddress *remote)
{
  g_return_val_if_fail (remote != NULL, NULL);
  return cns_object_new (CNS_TYPE_UDP_ECHO_CLIENT, "remote", remote, NULL);
}

/**
 * cns_udp_echo_client_set_remote:
 * @remote: the server's address and port
 *
 * Sets the Remote attribute; it is used when the client starts.
 */
void
cns_udp_echo_client_set_remote (CnsUdpEchoClient *self,
                                const CnsInetSocketAddress *remote)
{
  g_return_if_fail (CNS_IS_UDP_ECHO_CLIENT (self));
  g_return_if_fail (remote != NULL);
  self->remote = *remote;
  self->has_remote = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMOTE]);
}

/**
 * cns_udp_echo_client_get_n_sent:
 *
 * Returns: the datagrams the socket took so far, not counting those it
 * refused.
 */
guint32
cns_udp_echo_client_get_n_sent (CnsUdpEchoClient *self)
{
  g_return_val_if_fail (CNS_IS_UDP_ECHO_CLIENT (self), 0);
  return self->n_sent;
}

/**
 * cns_udp_echo_client_get_socket:
 *
 * Returns: (transfer none) (nullable): the socket, while running.
 */
CnsSocket *
cns_udp_echo_client_get_socket (CnsUdpEchoClient *self)
{
  g_return_val_if_fail (CNS_IS_UDP_ECHO_CLIENT (self), NULL);
  return self->socket;
}

static void
cns_udp_echo_client_set_property (GObject *object, guint prop_id,
                                  const GValue *value, GParamSpec *pspec)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (object);

  switch (prop_id)
    {
    case PROP_MAX_PACKETS:
      self->max_packets = g_value_get_uint (value);
      break;
    case PROP_INTERVAL:
      self->interval = cns_value_get_time (value);
      break;
    case PROP_REMOTE:
      {
        const CnsInetSocketAddress *remote = g_value_get_boxed (value);

        self->has_remote = remote != NULL;
        if (remote != NULL)
          self->remote = *remote;
        break;
      }
    case PROP_PACKET_SIZE:
      self->packet_size = g_value_get_uint (value);
      break;
    case PROP_PROTOCOL:
      self->protocol = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_udp_echo_client_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (object);

  switch (prop_id)
    {
    case PROP_MAX_PACKETS:
      g_value_set_uint (value, self->max_packets);
      break;
    case PROP_INTERVAL:
      cns_value_set_time (value, self->interval);
      break;
    case PROP_REMOTE:
      g_value_set_boxed (value, self->has_remote ? &self->remote : NULL);
      break;
    case PROP_PACKET_SIZE:
      g_value_set_uint (value, self->packet_size);
      break;
    case PROP_PROTOCOL:
      g_value_set_gtype (value, self->protocol);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
