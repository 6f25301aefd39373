/* cns — net devices: a node's interfaces to channels.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The base class holds what every device has, so that a technology only
 * writes sending and receiving: the node it belongs to (not referenced:
 * the node owns its devices), its interface index, link address, MTU,
 * link state, capability flags, and the callbacks it hands received
 * packets to. Link changes are a GSignal, "link-changed" (the trace
 * source LinkChanged): they are rare and belong to the control plane.
 */
#include "network/cns-net-device.h"

#include "core/cns-trace-source.h"
#include "network/cns-net-device-private.h"

#define DEFAULT_MTU 1500

enum
{
  PROP_0,
  PROP_MTU,
  N_PROPERTIES
};

enum
{
  SIGNAL_LINK_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPERTIES];
static guint signals[N_SIGNALS];

gint cns_net_device_private_offset;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsNetDevice, cns_net_device,
                                     CNS_TYPE_OBJECT)

static void cns_net_device_set_property (GObject *object, guint prop_id,
                                         const GValue *value,
                                         GParamSpec *pspec);
static void cns_net_device_get_property (GObject *object, guint prop_id,
                                         GValue *value, GParamSpec *pspec);

static void
cns_net_device_real_get_broadcast (CnsNetDevice *self, CnsAddress *out)
{
  cns_address_init (out, 0, NULL, 0);
}

static void
cns_net_device_finalize (GObject *object)
{
  g_free (
      cns_net_device_peek_private (CNS_NET_DEVICE (object))->promisc_receive);
  G_OBJECT_CLASS (cns_net_device_parent_class)->finalize (object);
}

/* Its node disposes it: a device kept alive past its node has none, and
 * whoever hears of its link changes then finds no node to tell. */
static void
cns_net_device_dispose (GObject *object)
{
  cns_net_device_peek_private (CNS_NET_DEVICE (object))->node = NULL;
  G_OBJECT_CLASS (cns_net_device_parent_class)->dispose (object);
}

static void
cns_net_device_class_init (CnsNetDeviceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  cns_net_device_private_offset = CnsNetDevice_private_offset;
  object_class->dispose = cns_net_device_dispose;
  object_class->finalize = cns_net_device_finalize;
  object_class->set_property = cns_net_device_set_property;
  object_class->get_property = cns_net_device_get_property;
  klass->get_broadcast = cns_net_device_real_get_broadcast;

  properties[PROP_MTU] = g_param_spec_uint (
      "mtu", "MTU",
      "The largest payload, in bytes, the device carries in one frame "
      "(its link-layer header not counted)",
      1, G_MAXUINT16, DEFAULT_MTU, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  /**
   * CnsNetDevice::link-changed:
   * @device: the device
   * @up: whether the link is now up
   */
  signals[SIGNAL_LINK_CHANGED] = g_signal_new (
      "link-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  cns_trace_source_describe_signal (G_TYPE_FROM_CLASS (klass), "link-changed",
                                    "The link went up or down");
}

static void
cns_net_device_init (CnsNetDevice *self)
{
  CnsNetDevicePrivate *priv = cns_net_device_get_instance_private (self);

  priv->mtu = DEFAULT_MTU;
}

/**
 * cns_net_device_send:
 * @packet: (transfer full): the packet, without a link-layer header
 * @dest: the destination link address
 * @protocol: the EtherType of @packet's contents
 *
 * Returns: %FALSE when the device dropped the packet (link down, queue
 * full); the packet is consumed either way.
 */
gboolean
cns_net_device_send (CnsNetDevice *self, CnsPacket *packet,
                     const CnsAddress *dest, guint16 protocol)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), FALSE);
  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (dest != NULL, FALSE);
  return CNS_NET_DEVICE_GET_CLASS (self)->send (self, packet, dest, protocol);
}

/**
 * cns_net_device_send_from:
 * @packet: (transfer full): the packet
 *
 * Like cns_net_device_send() with a source address other than the
 * device's own (bridges). Devices that cannot do it drop the packet.
 *
 * Returns: %FALSE when the packet was dropped.
 */
gboolean
cns_net_device_send_from (CnsNetDevice *self, CnsPacket *packet,
                          const CnsAddress *source, const CnsAddress *dest,
                          guint16 protocol)
{
  CnsNetDeviceClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), FALSE);
  g_return_val_if_fail (packet != NULL, FALSE);
  klass = CNS_NET_DEVICE_GET_CLASS (self);
  if (klass->send_from == NULL)
    {
      g_critical ("%s cannot send from another address",
                  G_OBJECT_TYPE_NAME (self));
      cns_packet_unref (packet);
      return FALSE;
    }
  return klass->send_from (self, packet, source, dest, protocol);
}

/**
 * cns_net_device_supports_send_from:
 *
 * Returns: whether send_from works.
 */
gboolean
cns_net_device_supports_send_from (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), FALSE);
  return CNS_NET_DEVICE_GET_CLASS (self)->send_from != NULL;
}

/**
 * cns_net_device_get_node:
 *
 * Returns: (transfer none) (nullable): the node the device belongs to.
 */
CnsNode *
cns_net_device_get_node (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), NULL);
  return ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
      ->node;
}

/**
 * cns_net_device_get_ifindex:
 *
 * Returns: the index within its node.
 */
guint32
cns_net_device_get_ifindex (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), 0);
  return ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
      ->ifindex;
}

/**
 * cns_net_device_get_channel:
 *
 * Returns: (transfer none) (nullable): the attached channel.
 */
CnsChannel *
cns_net_device_get_channel (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), NULL);
  return CNS_NET_DEVICE_GET_CLASS (self)->get_channel (self);
}

/**
 * cns_net_device_get_address:
 *
 * Copies the device's address into @out.
 */
void
cns_net_device_get_address (CnsNetDevice *self, CnsAddress *out)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  g_return_if_fail (out != NULL);
  *out = ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
             ->address;
}

/**
 * cns_net_device_set_address:
 *
 * Sets the device's link address.
 */
void
cns_net_device_set_address (CnsNetDevice *self, const CnsAddress *address)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  g_return_if_fail (address != NULL);
  ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))->address
      = *address;
}

/**
 * cns_net_device_get_broadcast:
 *
 * Copies the broadcast address into @out.
 */
void
cns_net_device_get_broadcast (CnsNetDevice *self, CnsAddress *out)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  g_return_if_fail (out != NULL);
  CNS_NET_DEVICE_GET_CLASS (self)->get_broadcast (self, out);
}

/**
 * cns_net_device_get_mtu:
 *
 * Returns: the MTU in bytes.
 */
guint16
cns_net_device_get_mtu (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), 0);
  return ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
      ->mtu;
}

/**
 * cns_net_device_set_mtu:
 *
 * Returns: %FALSE for an MTU of 0.
 */
gboolean
cns_net_device_set_mtu (CnsNetDevice *self, guint16 mtu)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), FALSE);
  if (mtu == 0)
    return FALSE;
  ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))->mtu
      = mtu;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MTU]);
  return TRUE;
}

/**
 * cns_net_device_is_link_up:
 *
 * Returns: whether the link is up.
 */
gboolean
cns_net_device_is_link_up (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), FALSE);
  return ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
      ->link_up;
}

/**
 * cns_net_device_get_flags:
 *
 * Returns: the device's capabilities.
 */
CnsNetDeviceFlags
cns_net_device_get_flags (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), 0);
  return ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
      ->flags;
}

/**
 * cns_net_device_is_point_to_point:
 *
 * Returns: whether it has one peer.
 */
gboolean
cns_net_device_is_point_to_point (CnsNetDevice *self)
{
  return (cns_net_device_get_flags (self) & CNS_NET_DEVICE_POINT_TO_POINT) != 0;
}

/**
 * cns_net_device_is_broadcast:
 *
 * Returns: whether it can broadcast.
 */
gboolean
cns_net_device_is_broadcast (CnsNetDevice *self)
{
  return (cns_net_device_get_flags (self) & CNS_NET_DEVICE_BROADCAST) != 0;
}

/**
 * cns_net_device_set_receive_callback: (skip)
 * @callback: (nullable): receives packets for this device
 */
void
cns_net_device_set_receive_callback (CnsNetDevice *self,
                                     CnsNetDeviceReceiveFn callback,
                                     gpointer user_data)
{
  CnsNetDevicePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  priv = cns_net_device_get_instance_private (self);
  priv->receive = callback;
  priv->receive_data = user_data;
}

/**
 * cns_net_device_set_promisc_receive_callback: (skip)
 * @callback: (nullable): receives every packet the device sees; setting
 *   one puts the device in promiscuous mode
 */
void
cns_net_device_set_promisc_receive_callback (
    CnsNetDevice *self, CnsNetDevicePromiscReceiveFn callback,
    gpointer user_data)
{
  CnsNetDevicePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  priv = cns_net_device_get_instance_private (self);
  if (callback == NULL)
    {
      g_clear_pointer (&priv->promisc_receive, g_free);
      return;
    }
  if (priv->promisc_receive == NULL)
    priv->promisc_receive = g_new (CnsNetDevicePromiscReceive, 1);
  *priv->promisc_receive = (CnsNetDevicePromiscReceive){ callback, user_data };
}

/**
 * cns_net_device_is_promiscuous:
 *
 * Returns: whether a promiscuous callback is
 * set.
 */
gboolean
cns_net_device_is_promiscuous (CnsNetDevice *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE), FALSE);
  return ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))
             ->promisc_receive
         != NULL;
}

/**
 * cns_net_device_set_flags:
 *
 * For subclasses: declares capabilities.
 */
void
cns_net_device_set_flags (CnsNetDevice *self, CnsNetDeviceFlags flags)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  ((CnsNetDevicePrivate *) cns_net_device_get_instance_private (self))->flags
      = (guint8) flags;
}

/**
 * cns_net_device_set_link_up:
 *
 * For subclasses: records the link state and emits "link-changed" when it
 * changes.
 */
void
cns_net_device_set_link_up (CnsNetDevice *self, gboolean up)
{
  CnsNetDevicePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  priv = cns_net_device_get_instance_private (self);
  if (priv->link_up == (up != FALSE))
    return;
  priv->link_up = up != FALSE;
  g_signal_emit (self, signals[SIGNAL_LINK_CHANGED], 0, up);
}

/* cns_net_device_deliver() for a device with a promiscuous callback. */
G_GNUC_NO_INLINE static void
net_device_deliver_promisc (CnsNetDevice *self, CnsPacket *packet,
                            guint16 protocol, const CnsAddress *from,
                            const CnsAddress *to, CnsPacketType type)
{
  CnsNetDevicePrivate *priv = cns_net_device_peek_private (self);

  priv->promisc_receive->fn (self, cns_packet_ref (packet), protocol, from, to,
                             type, priv->promisc_receive->data);
  if (type != CNS_PACKET_OTHERHOST && priv->receive != NULL)
    priv->receive (self, packet, protocol, from, priv->receive_data);
  else
    cns_packet_unref (packet);
}

/**
 * cns_net_device_deliver:
 * @packet: (transfer full): a received packet without its link header
 * @type: who it was for; %CNS_PACKET_OTHERHOST packets reach only the
 *   promiscuous callback
 *
 * For subclasses: hands a received packet to the promiscuous callback (if
 * any) and then to the receive callback.
 */
void
cns_net_device_deliver (CnsNetDevice *self, CnsPacket *packet, guint16 protocol,
                        const CnsAddress *from, const CnsAddress *to,
                        CnsPacketType type)
{
  CnsNetDevicePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  g_return_if_fail (packet != NULL);
  priv = cns_net_device_peek_private (self);
  /* Out of line: its call with seven arguments would have every packet
   * save and restore registers here. Without it, the receive callback is
   * a tail call. */
  if (G_UNLIKELY (priv->promisc_receive != NULL))
    {
      net_device_deliver_promisc (self, packet, protocol, from, to, type);
      return;
    }
  if (type != CNS_PACKET_OTHERHOST && priv->receive != NULL)
    priv->receive (self, packet, protocol, from, priv->receive_data);
  else
    cns_packet_unref (packet);
}

/**
 * cns_net_device_attach_to_node:
 *
 * For nodes: records the device's node and interface index.
 */
void
cns_net_device_attach_to_node (CnsNetDevice *self, CnsNode *node,
                               guint32 ifindex)
{
  CnsNetDevicePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NET_DEVICE));
  priv = cns_net_device_get_instance_private (self);
  g_return_if_fail (priv->node == NULL);
  priv->node = node;
  priv->ifindex = ifindex;
}

static void
cns_net_device_set_property (GObject *object, guint prop_id,
                             const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MTU:
      cns_net_device_set_mtu (CNS_NET_DEVICE (object),
                              (guint16) g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_net_device_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MTU:
      g_value_set_uint (value,
                        cns_net_device_get_mtu (CNS_NET_DEVICE (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
