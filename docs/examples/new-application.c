/* cns manual — a new application (docs/new-application.md).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * MyBurstSender sends Count datagrams of PacketSize bytes to Remote, one
 * every Interval, from its start time, over any transport (Protocol, UDP
 * by default), and fires its Tx trace source for each. The scenario puts
 * it on node 0 of a two-node link and a packet sink on node 1, and
 * prints what the sink received.
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>

#define MY_TYPE_BURST_SENDER (my_burst_sender_get_type ())
G_DECLARE_FINAL_TYPE (MyBurstSender, my_burst_sender, MY, BURST_SENDER,
                      CnsApplication)

#define DEFAULT_COUNT       5
#define DEFAULT_PACKET_SIZE 512
#define DEFAULT_INTERVAL    (100 * CNS_TIME_PS_PER_MS)

enum
{
  PROP_0,
  PROP_REMOTE,
  PROP_COUNT,
  PROP_PACKET_SIZE,
  PROP_INTERVAL,
  PROP_PROTOCOL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _MyBurstSender
{
  CnsApplication parent_instance;

  /* attributes */
  CnsInetSocketAddress remote;
  guint count;
  guint packet_size;
  CnsTime interval;
  GType protocol;

  /* state */
  CnsSocket *socket;
  CnsEventId next_send;
  guint sent;

  CnsTraceSource tx;
};

G_DEFINE_FINAL_TYPE (MyBurstSender, my_burst_sender, CNS_TYPE_APPLICATION)

static void
burst_send (gpointer obj, gpointer data)
{
  MyBurstSender *self = obj;
  CnsPacket *packet = cns_packet_new (self->packet_size);

  /* the socket takes the packet: keep a reference for the trace */
  if (cns_socket_send (self->socket, cns_packet_ref (packet), 0) >= 0)
    CNS_TRACE_SOURCE_FIRE (&self->tx, CnsPacketTraceFn, self, packet);
  cns_packet_unref (packet);
  if (++self->sent < self->count)
    self->next_send
        = cns_simulator_schedule (self->interval, burst_send, self, NULL);
}

static void
burst_start_application (CnsApplication *app)
{
  MyBurstSender *self = MY_BURST_SENDER (app);
  CnsNode *node = cns_application_get_node (app);
  g_autoptr (GError) error = NULL;
  CnsAddress remote;

  self->socket = cns_socket_create (node, self->protocol);
  cns_inet_socket_address_to_address (&self->remote, &remote);
  if (!cns_socket_bind (self->socket, NULL, &error)
      || !cns_socket_connect (self->socket, &remote, &error))
    {
      g_warning ("MyBurstSender on node %u: %s", cns_node_get_id (node),
                 error->message);
      return;
    }
  self->sent = 0;
  self->next_send = cns_simulator_schedule_now (burst_send, self, NULL);
}

static void
burst_stop_application (CnsApplication *app)
{
  MyBurstSender *self = MY_BURST_SENDER (app);

  cns_simulator_cancel (&self->next_send);
  if (self->socket != NULL)
    cns_socket_close (self->socket);
}

static void
my_burst_sender_dispose (GObject *object)
{
  MyBurstSender *self = MY_BURST_SENDER (object);

  cns_simulator_cancel (&self->next_send);
  g_clear_object (&self->socket);
  G_OBJECT_CLASS (my_burst_sender_parent_class)->dispose (object);
}

static void
my_burst_sender_set_property (GObject *object, guint prop_id,
                              const GValue *value, GParamSpec *pspec)
{
  MyBurstSender *self = MY_BURST_SENDER (object);
  const CnsInetSocketAddress *remote;

  switch (prop_id)
    {
    case PROP_REMOTE:
      remote = g_value_get_boxed (value);
      if (remote != NULL)
        self->remote = *remote;
      break;
    case PROP_COUNT:
      self->count = g_value_get_uint (value);
      break;
    case PROP_PACKET_SIZE:
      self->packet_size = g_value_get_uint (value);
      break;
    case PROP_INTERVAL:
      self->interval = cns_value_get_time (value);
      break;
    case PROP_PROTOCOL:
      self->protocol = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
my_burst_sender_get_property (GObject *object, guint prop_id, GValue *value,
                              GParamSpec *pspec)
{
  MyBurstSender *self = MY_BURST_SENDER (object);

  switch (prop_id)
    {
    case PROP_REMOTE:
      g_value_set_boxed (value, &self->remote);
      break;
    case PROP_COUNT:
      g_value_set_uint (value, self->count);
      break;
    case PROP_PACKET_SIZE:
      g_value_set_uint (value, self->packet_size);
      break;
    case PROP_INTERVAL:
      cns_value_set_time (value, self->interval);
      break;
    case PROP_PROTOCOL:
      g_value_set_gtype (value, self->protocol);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
my_burst_sender_class_init (MyBurstSenderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);

  object_class->dispose = my_burst_sender_dispose;
  object_class->set_property = my_burst_sender_set_property;
  object_class->get_property = my_burst_sender_get_property;
  app_class->start_application = burst_start_application;
  app_class->stop_application = burst_stop_application;

  properties[PROP_REMOTE] = g_param_spec_boxed (
      "remote", "Remote", "Where the datagrams go (\"10.1.1.2:9\")",
      CNS_TYPE_INET_SOCKET_ADDRESS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNT] = g_param_spec_uint (
      "count", "Count", "How many datagrams to send", 1, G_MAXUINT,
      DEFAULT_COUNT, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PACKET_SIZE] = g_param_spec_uint (
      "packet-size", "Packet size", "The bytes of data in each datagram", 1,
      65507, DEFAULT_PACKET_SIZE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERVAL] = cns_param_spec_time (
      "interval", "Interval", "The time between two datagrams", 1, G_MAXINT64,
      DEFAULT_INTERVAL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROTOCOL] = cns_application_param_spec_protocol ();
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_application_class_install_trace_source (
      app_class, "Tx", "A datagram was handed to the socket",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (MyBurstSender, tx));
}

static void
my_burst_sender_init (MyBurstSender *self)
{
  self->count = DEFAULT_COUNT;
  self->packet_size = DEFAULT_PACKET_SIZE;
  self->interval = DEFAULT_INTERVAL;
  self->protocol = CNS_TYPE_UDP_SOCKET_FACTORY;
}

/* ---- the scenario ---- */

static void
on_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  printf ("%-6s sent %u bytes\n", now, cns_packet_get_size (packet));
}

static int
fail (GError *error)
{
  fprintf (stderr, "new-application: %s\n", error->message);
  g_error_free (error);
  return 1;
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("A new application");
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  g_autoptr (CnsPacketSinkHelper) sink_helper = NULL;
  g_autoptr (CnsApplicationContainer) sinks = NULL;
  g_autoptr (MyBurstSender) sender = NULL;
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);
  CnsPacketSink *sink;
  GError *error = NULL;

  /* registered before parsing, so that --MyBurstSender::Count=3 and
   * --PrintAttributes=MyBurstSender work */
  g_type_ensure (MY_TYPE_BURST_SENDER);
  cns_command_line_parse (cmd, &argc, &argv);

  cns_node_container_create (nodes, 2);
  devices = cns_point_to_point_helper_install_container (p2p, nodes);
  if (!cns_internet_stack_helper_install_container (stack, nodes, &error)
      || !cns_ipv4_address_helper_set_base (address, "10.1.1.0", "/24", NULL,
                                            &error))
    return fail (error);
  interfaces = cns_ipv4_address_helper_assign (address, devices, &error);
  if (interfaces == NULL)
    return fail (error);

  sink_helper = cns_packet_sink_helper_new (CNS_TYPE_UDP_SOCKET_FACTORY, &any);
  sinks = cns_application_helper_install (CNS_APPLICATION_HELPER (sink_helper),
                                          cns_node_container_get (nodes, 1));

  /* cns_object_new() applies the attribute defaults */
  sender = cns_object_new (MY_TYPE_BURST_SENDER, NULL);
  if (!cns_attribute_set (sender, "Remote", "10.1.1.2:9", &error)
      || !cns_trace_connect (sender, "Tx", G_CALLBACK (on_tx), NULL, &error))
    return fail (error);
  cns_application_set_start_time (CNS_APPLICATION (sender), cns_seconds (1));
  cns_application_install (CNS_APPLICATION (sender),
                           cns_node_container_get (nodes, 0));

  cns_simulator_stop_at (cns_seconds (5));
  cns_simulator_run ();
  sink = CNS_PACKET_SINK (cns_application_container_get (sinks, 0));
  printf ("sink received %" G_GUINT64_FORMAT " packets, %" G_GUINT64_FORMAT
          " bytes\n",
          cns_packet_sink_get_total_packets (sink),
          cns_packet_sink_get_total_rx (sink));
  cns_simulator_destroy ();
  return 0;
}
