/* cns manual — a new application (docs/new-application.md).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * MyBurstSender sends Count datagrams of PacketSize bytes to Remote, one
 * every Interval, from its start time, over any transport (Protocol, UDP
 * by default), and fires its Tx trace source for each. Its base,
 * CnsSourceApplication, owns Remote, Protocol and the socket. The scenario
 * puts it on node 0 of a two-node link and a packet sink on node 1, and
 * prints what the sink received.
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>

#define MY_TYPE_BURST_SENDER (my_burst_sender_get_type ())
G_DECLARE_FINAL_TYPE (MyBurstSender, my_burst_sender, MY, BURST_SENDER,
                      CnsSourceApplication)

#define DEFAULT_COUNT       5
#define DEFAULT_PACKET_SIZE 512
#define DEFAULT_INTERVAL    (100 * CNS_TIME_PS_PER_MS)

enum
{
  PROP_0,
  PROP_COUNT,
  PROP_PACKET_SIZE,
  PROP_INTERVAL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _MyBurstSender
{
  CnsSourceApplication parent_instance;

  /* attributes; Remote and Protocol are the base's */
  guint count;
  guint packet_size;
  CnsTime interval;

  /* state */
  CnsEventId next_send;
  guint sent;

  CnsTraceSource tx;
};

G_DEFINE_FINAL_TYPE (MyBurstSender, my_burst_sender,
                     CNS_TYPE_SOURCE_APPLICATION)

static void
burst_send (gpointer obj, gpointer data)
{
  MyBurstSender *self = obj;
  CnsSocket *socket
      = cns_source_application_get_socket (CNS_SOURCE_APPLICATION (self));
  CnsPacket *packet = cns_packet_new (self->packet_size);

  /* the socket takes the packet: keep a reference for the trace */
  if (cns_socket_send (socket, cns_packet_ref (packet), 0) >= 0)
    CNS_TRACE_SOURCE_FIRE (&self->tx, CnsPacketTraceFn, self, packet);
  cns_packet_unref (packet);
  if (++self->sent < self->count)
    self->next_send
        = cns_simulator_schedule (self->interval, burst_send, self, NULL);
}

/* The base connected the socket to Remote (a UDP socket at once). */
static void
burst_connection_succeeded (CnsSourceApplication *source, CnsSocket *socket)
{
  MyBurstSender *self = MY_BURST_SENDER (source);

  self->sent = 0;
  self->next_send = cns_simulator_schedule_now (burst_send, self, NULL);
}

static void
burst_start_application (CnsApplication *app)
{
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  /* makes, binds and connects the socket, or says why it cannot */
  if (cns_source_application_get_socket (source) == NULL)
    cns_source_application_connect (source);
}

static void
burst_stop_application (CnsApplication *app)
{
  cns_simulator_cancel (&MY_BURST_SENDER (app)->next_send);
  cns_source_application_close_socket (CNS_SOURCE_APPLICATION (app));
}

static void
my_burst_sender_dispose (GObject *object)
{
  cns_simulator_cancel (&MY_BURST_SENDER (object)->next_send);
  /* the base lets go of the socket */
  G_OBJECT_CLASS (my_burst_sender_parent_class)->dispose (object);
}

static void
my_burst_sender_set_property (GObject *object, guint prop_id,
                              const GValue *value, GParamSpec *pspec)
{
  MyBurstSender *self = MY_BURST_SENDER (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      self->count = g_value_get_uint (value);
      break;
    case PROP_PACKET_SIZE:
      self->packet_size = g_value_get_uint (value);
      break;
    case PROP_INTERVAL:
      self->interval = cns_value_get_time (value);
      break;
    default: /* the base's Remote and Protocol */
      G_OBJECT_CLASS (my_burst_sender_parent_class)
          ->set_property (object, prop_id, value, pspec);
    }
}

static void
my_burst_sender_get_property (GObject *object, guint prop_id, GValue *value,
                              GParamSpec *pspec)
{
  MyBurstSender *self = MY_BURST_SENDER (object);

  switch (prop_id)
    {
    case PROP_COUNT:
      g_value_set_uint (value, self->count);
      break;
    case PROP_PACKET_SIZE:
      g_value_set_uint (value, self->packet_size);
      break;
    case PROP_INTERVAL:
      cns_value_set_time (value, self->interval);
      break;
    default: /* the base's Remote and Protocol */
      G_OBJECT_CLASS (my_burst_sender_parent_class)
          ->get_property (object, prop_id, value, pspec);
    }
}

static void
my_burst_sender_class_init (MyBurstSenderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);
  CnsSourceApplicationClass *source_class
      = CNS_SOURCE_APPLICATION_CLASS (klass);

  object_class->dispose = my_burst_sender_dispose;
  object_class->set_property = my_burst_sender_set_property;
  object_class->get_property = my_burst_sender_get_property;
  app_class->start_application = burst_start_application;
  app_class->stop_application = burst_stop_application;
  source_class->connection_succeeded = burst_connection_succeeded;

  properties[PROP_COUNT] = g_param_spec_uint (
      "count", "Count", "How many datagrams to send", 1, G_MAXUINT,
      DEFAULT_COUNT, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PACKET_SIZE] = g_param_spec_uint (
      "packet-size", "Packet size", "The bytes of data in each datagram", 1,
      65507, DEFAULT_PACKET_SIZE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERVAL] = cns_param_spec_time (
      "interval", "Interval", "The time between two datagrams", 1, G_MAXINT64,
      DEFAULT_INTERVAL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_source_application_class_install_remote (
      source_class, "Where the datagrams go (\"10.1.1.2:9\")");
  cns_source_application_class_install_protocol (source_class,
                                                 CNS_TYPE_UDP_SOCKET_FACTORY);

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
