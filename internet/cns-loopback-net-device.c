/* cns — the loopback device of a node's IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's LoopbackNetDevice. The IPv4 layer adds one to its node as
 * interface 0 (127.0.0.1/8) and sends through it what the node sends to
 * itself. A sent packet comes back up, to the node's protocol handlers,
 * in an event of the node's own context at the current time, never from
 * inside the send call, so a protocol that sends while handling a packet
 * does not re-enter itself. There is no channel, no queue and no
 * transmission time; the link is always up and the MTU is 65535.
 */
#include "internet/cns-loopback-net-device.h"

#include "core/cns-simulator.h"
#include "network/cns-mac48-address.h"
#include "network/cns-node.h"

#define LOOPBACK_MTU G_MAXUINT16

struct _CnsLoopbackNetDevice
{
  CnsNetDevice parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsLoopbackNetDevice, cns_loopback_net_device,
                     CNS_TYPE_NET_DEVICE)

/* A pending delivery carries its EtherType and whether it was a broadcast
 * in three bytes in front of the packet, so looping a packet back
 * allocates nothing. They never leave the device. */
typedef struct
{
  guint16 protocol;
  gboolean broadcast;
} LoopbackFrame;

static gsize
loopback_frame_get_serialized_size (gconstpointer header)
{
  return 3;
}

static void
loopback_frame_serialize (gconstpointer header, guint8 *start)
{
  const LoopbackFrame *frame = header;

  start[0] = (guint8) (frame->protocol >> 8);
  start[1] = (guint8) frame->protocol;
  start[2] = frame->broadcast != FALSE;
}

static gsize
loopback_frame_deserialize (gpointer header, const guint8 *data,
                            gsize available)
{
  LoopbackFrame *frame = header;

  if (available < 3)
    return 0;
  frame->protocol = (guint16) (data[0] << 8 | data[1]);
  frame->broadcast = data[2] != 0;
  return 3;
}

static void
loopback_frame_print (gconstpointer header, GString *out)
{
  const LoopbackFrame *frame = header;

  g_string_append_printf (out, "protocol 0x%04x%s", frame->protocol,
                          frame->broadcast ? " broadcast" : "");
}

static const CnsHeaderClass loopback_frame_class = {
  .name = "LoopbackFrame",
  .get_serialized_size = loopback_frame_get_serialized_size,
  .serialize = loopback_frame_serialize,
  .deserialize = loopback_frame_deserialize,
  .print = loopback_frame_print,
};

static void
loopback_release (gpointer data)
{
  cns_packet_unref (data);
}

static void
loopback_deliver (gpointer obj, gpointer data)
{
  CnsNetDevice *device = obj;
  CnsPacket *packet = cns_packet_copy (data);
  LoopbackFrame frame;
  CnsAddress address;

  cns_packet_remove_header (packet, &loopback_frame_class, &frame);
  cns_net_device_get_address (device, &address);
  cns_net_device_deliver (device, packet, frame.protocol, &address, &address,
                          frame.broadcast ? CNS_PACKET_BROADCAST
                                          : CNS_PACKET_HOST);
}

static gboolean
loopback_send (CnsNetDevice *device, CnsPacket *packet, const CnsAddress *dest,
               guint16 protocol)
{
  CnsNode *node = cns_net_device_get_node (device);
  LoopbackFrame frame = { protocol, FALSE };
  CnsMac48Address mac;

  frame.broadcast = cns_mac48_address_from_address (dest, &mac)
                    && cns_mac48_address_is_broadcast (&mac);
  packet = cns_packet_make_writable (packet);
  cns_packet_add_header (packet, &loopback_frame_class, &frame);
  cns_simulator_schedule_with_context_full (
      node != NULL ? cns_node_get_id (node) : CNS_CONTEXT_NONE, 0,
      loopback_deliver, device, packet, loopback_release);
  return TRUE;
}

static CnsChannel *
loopback_get_channel (CnsNetDevice *device)
{
  return NULL;
}

static void
loopback_get_broadcast (CnsNetDevice *device, CnsAddress *out)
{
  CnsMac48Address broadcast = cns_mac48_address_get_broadcast ();

  cns_mac48_address_to_address (&broadcast, out);
}

static void
cns_loopback_net_device_class_init (CnsLoopbackNetDeviceClass *klass)
{
  CnsNetDeviceClass *device_class = CNS_NET_DEVICE_CLASS (klass);

  device_class->send = loopback_send;
  device_class->get_channel = loopback_get_channel;
  device_class->get_broadcast = loopback_get_broadcast;
}

static void
cns_loopback_net_device_init (CnsLoopbackNetDevice *self)
{
  CnsNetDevice *device = CNS_NET_DEVICE (self);
  CnsMac48Address zero = { { 0 } };
  CnsAddress address;

  cns_mac48_address_to_address (&zero, &address);
  cns_net_device_set_address (device, &address);
  cns_net_device_set_mtu (device, LOOPBACK_MTU);
  cns_net_device_set_flags (device, CNS_NET_DEVICE_BROADCAST);
  cns_net_device_set_link_up (device, TRUE);
}

/**
 * cns_loopback_net_device_new:
 *
 * Returns: (transfer full): a loopback device, link up, address
 * 00:00:00:00:00:00, not yet on a node.
 */
CnsLoopbackNetDevice *
cns_loopback_net_device_new (void)
{
  return cns_object_new (CNS_TYPE_LOOPBACK_NET_DEVICE, NULL);
}
