/* cns — point-to-point channels: a full-duplex wire between two devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A packet that starts transmission at t on one end arrives whole at the
 * other end at t + tx time + Delay, the time its last bit gets there, and
 * is delivered then in the receiving node's context. Each direction is
 * independent (full duplex). The packet itself travels, its reference
 * handed from sender to event to receiver: the receiver copies it (O(1),
 * sharing the bytes) only if the sender still holds it when it arrives.
 */
#include "network/cns-point-to-point-channel.h"

#include "core/cns-parallel.h"
#include "core/cns-simulator.h"
#include "network/cns-node.h"
#include "network/cns-point-to-point-net-device.h"

#define DEFAULT_DELAY 0

enum
{
  PROP_0,
  PROP_DELAY,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

typedef struct
{
  CnsPointToPointNetDevice *devices[2]; /* referenced */
  /* The context of a delivery to devices[i]: its node's id, kept from the
   * first frame sent once the node is known (a device's node never
   * changes), so that a send does not read the peer device and its node,
   * which in a large topology are in no cache; CNS_CONTEXT_NONE until
   * then. */
  guint32 contexts[2];
  guint32 n_devices;
  CnsTime delay;
} CnsPointToPointChannelPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (CnsPointToPointChannel, cns_point_to_point_channel,
                            CNS_TYPE_CHANNEL)

#define PRIV(self)                   \
  ((CnsPointToPointChannelPrivate *) \
       cns_point_to_point_channel_get_instance_private (self))

static void p2p_channel_set_property (GObject *object, guint prop_id,
                                      const GValue *value, GParamSpec *pspec);
static void p2p_channel_get_property (GObject *object, guint prop_id,
                                      GValue *value, GParamSpec *pspec);
static void p2p_channel_transmit (CnsPointToPointChannel *self,
                                  CnsPointToPointNetDevice *sender,
                                  CnsPacket *packet, CnsTime tx_time);

static void
p2p_channel_dispose (GObject *object)
{
  CnsPointToPointChannelPrivate *priv
      = PRIV (CNS_POINT_TO_POINT_CHANNEL (object));

  for (guint32 i = 0; i < priv->n_devices; i++)
    g_clear_object (&priv->devices[i]);
  priv->n_devices = 0;
  G_OBJECT_CLASS (cns_point_to_point_channel_parent_class)->dispose (object);
}

static guint32
p2p_channel_get_n_devices (CnsChannel *channel)
{
  return PRIV (CNS_POINT_TO_POINT_CHANNEL (channel))->n_devices;
}

static CnsNetDevice *
p2p_channel_get_device (CnsChannel *channel, guint32 index)
{
  CnsPointToPointChannelPrivate *priv
      = PRIV (CNS_POINT_TO_POINT_CHANNEL (channel));

  return index < priv->n_devices ? CNS_NET_DEVICE (priv->devices[index]) : NULL;
}

static void
cns_point_to_point_channel_class_init (CnsPointToPointChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsChannelClass *channel_class = CNS_CHANNEL_CLASS (klass);

  object_class->dispose = p2p_channel_dispose;
  object_class->set_property = p2p_channel_set_property;
  object_class->get_property = p2p_channel_get_property;
  channel_class->get_n_devices = p2p_channel_get_n_devices;
  channel_class->get_device = p2p_channel_get_device;
  klass->transmit = p2p_channel_transmit;

  properties[PROP_DELAY] = cns_param_spec_time (
      "delay", "Delay",
      "The propagation delay: a bit sent at t arrives at t + Delay", 0,
      CNS_TIME_MAX, DEFAULT_DELAY, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_point_to_point_channel_init (CnsPointToPointChannel *self)
{
  CnsPointToPointChannelPrivate *priv = PRIV (self);

  priv->delay = DEFAULT_DELAY;
  priv->contexts[0] = priv->contexts[1] = CNS_CONTEXT_NONE;
}

/**
 * cns_point_to_point_channel_new:
 *
 * Returns: (transfer full): a channel with the configured default Delay.
 */
CnsPointToPointChannel *
cns_point_to_point_channel_new (void)
{
  return cns_object_new (CNS_TYPE_POINT_TO_POINT_CHANNEL, NULL);
}

/**
 * cns_point_to_point_channel_get_delay:
 *
 * Returns: the propagation delay.
 */
CnsTime
cns_point_to_point_channel_get_delay (CnsPointToPointChannel *self)
{
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_CHANNEL), 0);
  return PRIV (self)->delay;
}

/**
 * cns_point_to_point_channel_set_delay:
 *
 * Sets the propagation delay.
 */
void
cns_point_to_point_channel_set_delay (CnsPointToPointChannel *self,
                                      CnsTime delay)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_CHANNEL));
  g_return_if_fail (delay >= 0);
  PRIV (self)->delay = delay;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

/**
 * cns_point_to_point_channel_attach:
 *
 * Connects @device to one end; the channel references it. Devices call
 * this from cns_point_to_point_net_device_attach().
 *
 * Returns: %FALSE when both ends are taken.
 */
gboolean
cns_point_to_point_channel_attach (CnsPointToPointChannel *self,
                                   CnsPointToPointNetDevice *device)
{
  CnsPointToPointChannelPrivate *priv;

  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_CHANNEL), FALSE);
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (device, CNS_TYPE_POINT_TO_POINT_NET_DEVICE), FALSE);
  priv = PRIV (self);
  if (priv->n_devices == 2)
    return FALSE;
  priv->devices[priv->n_devices++] = g_object_ref (device);
  return TRUE;
}

/**
 * cns_point_to_point_channel_get_peer:
 *
 * Returns: (transfer none) (nullable): the device at the other end from
 * @device.
 */
CnsPointToPointNetDevice *
cns_point_to_point_channel_get_peer (CnsPointToPointChannel *self,
                                     CnsPointToPointNetDevice *device)
{
  CnsPointToPointChannelPrivate *priv;

  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_CHANNEL), NULL);
  priv = PRIV (self);
  if (priv->n_devices < 2)
    return NULL;
  return priv->devices[0] == device ? priv->devices[1] : priv->devices[0];
}

/* Hands the event's reference to the receiver. */
static void
p2p_channel_deliver (gpointer obj, gpointer data)
{
  cns_simulator_take_event_data ();
  cns_point_to_point_net_device_receive (obj, data);
}

/* The default transmit: delivery at the peer, in its node's context. */
static void
p2p_channel_transmit (CnsPointToPointChannel *self,
                      CnsPointToPointNetDevice *sender, CnsPacket *packet,
                      CnsTime tx_time)
{
  CnsPointToPointChannelPrivate *priv = PRIV (self);
  guint32 end, context;
  CnsPointToPointNetDevice *peer;

  end = priv->devices[0] == sender ? 1 : 0;
  peer = priv->devices[end];
  context = priv->contexts[end];
  if (G_UNLIKELY (context == CNS_CONTEXT_NONE))
    {
      CnsNode *node = cns_net_device_get_node ((CnsNetDevice *) peer);

      if (node != NULL)
        priv->contexts[end] = context = cns_node_get_id (node);
    }
  /* a peer that another thread runs gets a frame of its own */
  if (G_UNLIKELY (cns_simulator_is_handover (context)))
    packet = cns_packet_make_exclusive (packet);
  cns_simulator_schedule_with_context_full (context, tx_time + priv->delay,
                                            p2p_channel_deliver, peer, packet,
                                            cns_packet_unref_notify);
}

/**
 * cns_point_to_point_channel_transmit:
 * @sender: the device starting the transmission
 * @packet: (transfer full): the frame, PPP header included
 * @tx_time: how long its bits take to send at the sender's rate
 *
 * Carries @packet to the peer, which gets it at the time its last bit
 * arrives, in the peer node's context.
 */
void
cns_point_to_point_channel_transmit (CnsPointToPointChannel *self,
                                     CnsPointToPointNetDevice *sender,
                                     CnsPacket *packet, CnsTime tx_time)
{
  guint32 n_devices;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_CHANNEL));
  g_return_if_fail (packet != NULL);
  n_devices = PRIV (self)->n_devices;
  if (G_UNLIKELY (n_devices != 2))
    {
      /* a device whose link was brought up by hand on a lone end */
      g_critical ("%s: the channel has %u of its two ends attached", G_STRFUNC,
                  n_devices);
      cns_packet_unref (packet);
      return;
    }
  CNS_POINT_TO_POINT_CHANNEL_GET_CLASS (self)->transmit (self, sender, packet,
                                                         tx_time);
}

static void
p2p_channel_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DELAY:
      cns_point_to_point_channel_set_delay (CNS_POINT_TO_POINT_CHANNEL (object),
                                            cns_value_get_time (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
p2p_channel_get_property (GObject *object, guint prop_id, GValue *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DELAY:
      cns_value_set_time (value,
                          PRIV (CNS_POINT_TO_POINT_CHANNEL (object))->delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
