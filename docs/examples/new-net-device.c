/* cns manual — a new net device (docs/new-net-device.md).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * MyWireDevice is the smallest useful device: a wire to one peer device
 * that delivers every frame Delay after it was sent, with no queue and no
 * transmission time. It overrides send, get_channel and get_broadcast,
 * and uses only the base's functions for subclasses. The scenario joins
 * two nodes with a pair of them, runs IPv4 over it and echoes one UDP
 * datagram.
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>

#define MY_TYPE_WIRE_DEVICE (my_wire_device_get_type ())
G_DECLARE_FINAL_TYPE (MyWireDevice, my_wire_device, MY, WIRE_DEVICE,
                      CnsNetDevice)

#define DEFAULT_DELAY (1 * CNS_TIME_PS_PER_MS)

enum
{
  PROP_0,
  PROP_DELAY,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _MyWireDevice
{
  CnsNetDevice parent_instance;

  CnsTime delay;
  MyWireDevice *peer; /* not referenced: both belong to their nodes */
  guint64 frames_sent;
};

G_DEFINE_FINAL_TYPE (MyWireDevice, my_wire_device, CNS_TYPE_NET_DEVICE)

/* A frame on the wire: the event's data, freed by the event unless the
 * handler takes it. */
typedef struct
{
  CnsPacket *packet;
  guint16 protocol;
  CnsAddress from;
} WireFrame;

static void
wire_frame_free (gpointer data)
{
  WireFrame *frame = data;

  cns_packet_unref (frame->packet);
  g_free (frame);
}

/* Runs in the receiving node's context, on the receiving device. */
static void
wire_receive (gpointer obj, gpointer data)
{
  CnsNetDevice *device = obj;
  WireFrame *frame = data;
  CnsAddress to;

  cns_simulator_take_event_data (); /* the packet goes on up */
  cns_net_device_get_address (device, &to);
  cns_net_device_deliver (device, frame->packet, frame->protocol, &frame->from,
                          &to, CNS_PACKET_HOST);
  g_free (frame);
}

static gboolean
wire_send (CnsNetDevice *device, CnsPacket *packet, const CnsAddress *dest,
           guint16 protocol)
{
  MyWireDevice *self = MY_WIRE_DEVICE (device);
  WireFrame *frame;

  if (self->peer == NULL || !cns_net_device_is_link_up (device))
    {
      cns_packet_unref (packet); /* send takes the packet, even to drop it */
      return FALSE;
    }
  frame = g_new (WireFrame, 1);
  frame->packet = packet;
  frame->protocol = protocol;
  cns_net_device_get_address (device, &frame->from);
  cns_simulator_schedule_with_context_full (
      cns_node_get_id (cns_net_device_get_node (CNS_NET_DEVICE (self->peer))),
      self->delay, wire_receive, self->peer, frame, wire_frame_free);
  self->frames_sent++;
  return TRUE;
}

static CnsChannel *
wire_get_channel (CnsNetDevice *device)
{
  return NULL; /* no channel object: the peer is the other end */
}

static void
wire_get_broadcast (CnsNetDevice *device, CnsAddress *out)
{
  CnsMac48Address broadcast = cns_mac48_address_get_broadcast ();

  cns_mac48_address_to_address (&broadcast, out);
}

static void
my_wire_device_set_property (GObject *object, guint prop_id,
                             const GValue *value, GParamSpec *pspec)
{
  MyWireDevice *self = MY_WIRE_DEVICE (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      self->delay = cns_value_get_time (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
my_wire_device_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec)
{
  MyWireDevice *self = MY_WIRE_DEVICE (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      cns_value_set_time (value, self->delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
my_wire_device_class_init (MyWireDeviceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsNetDeviceClass *device_class = CNS_NET_DEVICE_CLASS (klass);

  object_class->set_property = my_wire_device_set_property;
  object_class->get_property = my_wire_device_get_property;
  device_class->send = wire_send;
  device_class->get_channel = wire_get_channel;
  device_class->get_broadcast = wire_get_broadcast;

  properties[PROP_DELAY] = cns_param_spec_time (
      "delay", "Delay", "How long a frame takes to reach the peer", 0,
      CNS_TIME_MAX, DEFAULT_DELAY, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
my_wire_device_init (MyWireDevice *self)
{
  CnsMac48Address mac = cns_mac48_address_allocate ();
  CnsAddress address;

  self->delay = DEFAULT_DELAY;
  cns_mac48_address_to_address (&mac, &address);
  cns_net_device_set_address (CNS_NET_DEVICE (self), &address);
  cns_net_device_set_flags (CNS_NET_DEVICE (self),
                            CNS_NET_DEVICE_POINT_TO_POINT
                                | CNS_NET_DEVICE_BROADCAST);
}

/* Joins @a and @b, which must be on their nodes already. */
static void
my_wire_device_connect (MyWireDevice *a, MyWireDevice *b)
{
  a->peer = b;
  b->peer = a;
  cns_net_device_set_link_up (CNS_NET_DEVICE (a), TRUE);
  cns_net_device_set_link_up (CNS_NET_DEVICE (b), TRUE);
}

/* ---- the scenario ---- */

static int
fail (GError *error)
{
  fprintf (stderr, "new-net-device: %s\n", error->message);
  g_error_free (error);
  return 1;
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("A new net device");
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsNetDeviceContainer) devices = cns_net_device_container_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  g_autoptr (CnsUdpEchoServerHelper) server
      = cns_udp_echo_server_helper_new (9);
  g_autoptr (CnsUdpEchoClientHelper) client = NULL;
  g_autoptr (CnsApplicationContainer) server_apps = NULL;
  g_autoptr (CnsApplicationContainer) client_apps = NULL;
  MyWireDevice *wire[2];
  GError *error = NULL;

  g_type_ensure (MY_TYPE_WIRE_DEVICE); /* --MyWireDevice::Delay=5ms */
  cns_command_line_parse (cmd, &argc, &argv);

  cns_node_container_create (nodes, 2);
  for (guint i = 0; i < 2; i++)
    {
      /* cns_object_new() applies the attribute defaults; the node takes
       * its own reference */
      g_autoptr (MyWireDevice) device
          = cns_object_new (MY_TYPE_WIRE_DEVICE, NULL);

      cns_node_add_device (cns_node_container_get (nodes, i),
                           CNS_NET_DEVICE (device));
      cns_net_device_container_add (devices, CNS_NET_DEVICE (device));
      wire[i] = device;
    }
  my_wire_device_connect (wire[0], wire[1]);

  if (!cns_internet_stack_helper_install_container (stack, nodes, &error)
      || !cns_ipv4_address_helper_set_base (address, "10.1.1.0", "/24", NULL,
                                            &error))
    return fail (error);
  interfaces = cns_ipv4_address_helper_assign (address, devices, &error);
  if (interfaces == NULL)
    return fail (error);

  server_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (server), cns_node_container_get (nodes, 1));
  client = cns_udp_echo_client_helper_new (
      cns_ipv4_interface_container_get_address (interfaces, 1, 0), 9);
  if (!cns_application_helper_set_attribute (CNS_APPLICATION_HELPER (client),
                                             "MaxPackets", "1", &error))
    return fail (error);
  client_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (client), cns_node_container_get (nodes, 0));
  cns_application_container_start (client_apps, cns_seconds (1));

  cns_simulator_stop_at (cns_seconds (2));
  cns_simulator_run ();
  printf ("frames sent: %" G_GUINT64_FORMAT " by node 0, %" G_GUINT64_FORMAT
          " by node 1\n",
          wire[0]->frames_sent, wire[1]->frames_sent);
  cns_simulator_destroy ();
  return 0;
}
