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

#include "applications/cns-application-endpoint.h"
#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-udp-socket-factory.h"
#include "internet/cns-udp-socket.h" /* CNS_UDP_MAX_PAYLOAD_SIZE */
#include "network/cns-queue.h"       /* CnsPacketTraceFn */

CNS_LOG_COMPONENT_DEFINE ("cns-udp-echo-client");

#define DEFAULT_MAX_PACKETS 100
#define DEFAULT_INTERVAL    CNS_TIME_PS_PER_S
#define DEFAULT_PACKET_SIZE 100

enum
{
  PROP_0,
  PROP_MAX_PACKETS,
  PROP_INTERVAL,
  PROP_PACKET_SIZE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsUdpEchoClient
{
  CnsSourceApplication parent_instance;

  CnsTime interval;
  guint32 max_packets;
  guint32 n_made; /* the datagrams made, which MaxPackets counts */
  guint32 n_sent; /* those the socket took */
  guint32 packet_size;
  guint32 send_generation; /* names the pending send */
  CnsTraceSource tx;
  CnsTraceSource rx;
};

G_DEFINE_FINAL_TYPE (CnsUdpEchoClient, cns_udp_echo_client,
                     CNS_TYPE_SOURCE_APPLICATION)

static void cns_udp_echo_client_set_property (GObject *object, guint prop_id,
                                              const GValue *value,
                                              GParamSpec *pspec);
static void cns_udp_echo_client_get_property (GObject *object, guint prop_id,
                                              GValue *value, GParamSpec *pspec);
static void echo_client_start (CnsApplication *app);
static void echo_client_stop (CnsApplication *app);

static void
cns_udp_echo_client_dispose (GObject *object)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (object);

  self->send_generation++; /* a pending send does nothing */
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
  properties[PROP_PACKET_SIZE] = g_param_spec_uint (
      "packet-size", "Packet size",
      "The bytes of data in each datagram: 65507 at most, what an IPv4 "
      "datagram's length leaves for UDP's payload",
      0, CNS_UDP_MAX_PAYLOAD_SIZE, DEFAULT_PACKET_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_source_application_class_install_remote (
      CNS_SOURCE_APPLICATION_CLASS (klass),
      "The server's address and port (\"10.1.1.2:9\"); must be set");
  cns_source_application_class_install_protocol (
      CNS_SOURCE_APPLICATION_CLASS (klass), CNS_TYPE_UDP_SOCKET_FACTORY);

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
}

static CnsSocket *
echo_client_socket (CnsUdpEchoClient *self)
{
  return cns_source_application_get_socket (CNS_SOURCE_APPLICATION (self));
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
  sent = cns_socket_send (echo_client_socket (self), packet, 0) >= 0;
  self->n_made++;
  if (sent)
    self->n_sent++;
  if (CNS_LOG_IS_ENABLED (sent ? CNS_LOG_LEVEL_INFO : CNS_LOG_LEVEL_WARN))
    {
      gchar now[CNS_TIME_STRING_SIZE];
      gchar to[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

      cns_application_format_now (now);
      cns_application_format_inet_endpoint (
          cns_source_application_get_remote (CNS_SOURCE_APPLICATION (self)),
          to);
      if (sent)
        CNS_LOG_INFO ("At time %s client sent %u bytes to %s", now,
                      self->packet_size, to);
      else
        CNS_LOG_WARN ("At time %s client could not send %u bytes to %s: %s",
                      now, self->packet_size, to,
                      cns_socket_errno_to_string (
                          cns_socket_get_errno (echo_client_socket (self))));
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

/* ns-3's StartApplication. */
static void
echo_client_start (CnsApplication *app)
{
  CnsUdpEchoClient *self = CNS_UDP_ECHO_CLIENT (app);
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);
  CnsSocket *socket;

  if (cns_source_application_get_socket (source) == NULL
      && !cns_source_application_connect (source))
    return;
  socket = cns_source_application_get_socket (source);
  cns_socket_set_recv_callback (socket, echo_client_handle_read, self);
  cns_socket_set_allow_broadcast (socket, TRUE);
  echo_client_schedule_transmit (self, CNS_TIME_ZERO);
}

/* ns-3's StopApplication: closes and lets go of the socket. */
static void
echo_client_stop (CnsApplication *app)
{
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  if (cns_source_application_get_socket (source) != NULL)
    cns_source_application_close_socket (source);
  cns_source_application_release_socket (source);
  CNS_UDP_ECHO_CLIENT (app)->send_generation++;
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
  CnsAddress address;

  g_return_if_fail (CNS_IS_UDP_ECHO_CLIENT (self));
  g_return_if_fail (remote != NULL);
  cns_inet_socket_address_to_address (remote, &address);
  cns_source_application_set_remote (CNS_SOURCE_APPLICATION (self), &address);
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
  return echo_client_socket (self);
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
    case PROP_PACKET_SIZE:
      self->packet_size = g_value_get_uint (value);
      break;
    default: /* the base's Remote and Protocol */
      G_OBJECT_CLASS (cns_udp_echo_client_parent_class)
          ->set_property (object, prop_id, value, pspec);
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
    case PROP_PACKET_SIZE:
      g_value_set_uint (value, self->packet_size);
      break;
    default: /* the base's Remote and Protocol */
      G_OBJECT_CLASS (cns_udp_echo_client_parent_class)
          ->get_property (object, prop_id, value, pspec);
    }
}
