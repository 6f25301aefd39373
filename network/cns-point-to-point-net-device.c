/* cns — point-to-point net devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's PointToPointNetDevice. Sending adds the 2-byte PPP header and
 * queues the frame; the transmitter takes one frame at a time from the
 * queue and is busy for its transmission time, bits / DataRate computed
 * exactly in picoseconds, plus InterframeGap. The channel delivers the
 * frame at the peer when its last bit arrives. A receive error model may
 * drop it there.
 *
 * The end of a transmission is an event only when something needs it: a
 * frame waiting in the queue, or a connected trace source of the device.
 * Otherwise the device just notes until when it is busy, and a frame sent
 * after that finds it idle, as it would have after the event: one event
 * fewer per frame on uncongested links. (A sink connected to PhyTxEnd
 * while such a frame is on the wire sees the ends of the next ones.) The
 * rule that keeps the queue moving: whenever it holds frames, an event is
 * due at busy_until, so only a frame that finds it otherwise empty looks
 * at the transmitter.
 *
 * The trace sources fire where ns-3's do:
 *
 *   MacTx         a frame (with PPP header) was accepted for sending
 *   MacTxDrop     a frame was dropped: link down or queue full
 *   PhyTxBegin    transmission of a frame started
 *   PhyTxEnd      transmission of a frame ended
 *   PhyRxEnd      a frame was received whole
 *   PhyRxDrop     a received frame was dropped by the error model
 *   MacRx         a received frame is handed up (with its PPP header)
 *   MacPromiscRx  ditto, to the promiscuous callback
 *   Sniffer, PromiscSniffer
 *                 every frame sent or received, for pcap (link type PPP)
 */
#include "network/cns-point-to-point-net-device.h"

#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "network/cns-drop-tail-queue.h"
#include "network/cns-mac48-address.h"
#include "network/cns-net-device-private.h"
#include "network/cns-ppp-header.h"
#include "network/cns-queue-private.h"

#define DEFAULT_DATA_RATE      32768
#define DEFAULT_INTERFRAME_GAP 0

enum
{
  PROP_0,
  PROP_DATA_RATE,
  PROP_INTERFRAME_GAP,
  PROP_TX_QUEUE,
  PROP_RECEIVE_ERROR_MODEL,
  PROP_ADDRESS,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsPointToPointNetDevice
{
  CnsNetDevice parent_instance;

  CnsPointToPointChannel *channel;
  CnsQueue *queue;
  CnsErrorModel *error_model;
  CnsDataRate data_rate;
  CnsTime interframe_gap;
  CnsTime busy_until; /* end of the last transmission and its gap */

  CnsTraceTable traces; /* indexed by the TRACE_ values */
};

/* The trace sources, in one table so that a device pays one pointer for
 * all of them until something connects. */
enum
{
  TRACE_MAC_TX,
  TRACE_MAC_TX_DROP,
  TRACE_MAC_RX,
  TRACE_MAC_PROMISC_RX,
  TRACE_PHY_TX_BEGIN,
  TRACE_PHY_TX_END,
  TRACE_PHY_RX_END,
  TRACE_PHY_RX_DROP,
  TRACE_SNIFFER,
  TRACE_PROMISC_SNIFFER,
  N_TRACES
};

G_DEFINE_FINAL_TYPE (CnsPointToPointNetDevice, cns_point_to_point_net_device,
                     CNS_TYPE_NET_DEVICE)

#define FIRE(self, index, packet)                                         \
  CNS_TRACE_TABLE_FIRE (&(self)->traces, index, CnsPacketTraceFn, (self), \
                        (packet))

static void p2p_device_set_property (GObject *object, guint prop_id,
                                     const GValue *value, GParamSpec *pspec);
static void p2p_device_get_property (GObject *object, guint prop_id,
                                     GValue *value, GParamSpec *pspec);
static void p2p_device_transmit_start (CnsPointToPointNetDevice *self,
                                       CnsPacket *packet);
static void p2p_device_schedule_completion (CnsPointToPointNetDevice *self,
                                            CnsPacket *frame);

static void
p2p_device_dispose (GObject *object)
{
  CnsPointToPointNetDevice *self = CNS_POINT_TO_POINT_NET_DEVICE (object);

  g_clear_object (&self->channel);
  g_clear_object (&self->queue);
  g_clear_object (&self->error_model);
  G_OBJECT_CLASS (cns_point_to_point_net_device_parent_class)->dispose (object);
}

/* Frames go to the one peer whatever the destination, so sending just
 * queues the frame and starts the transmitter if it is idle. */
static gboolean
p2p_device_send (CnsNetDevice *device, CnsPacket *packet,
                 const CnsAddress *dest, guint16 protocol)
{
  /* cns_net_device_send() checked the type */
  CnsPointToPointNetDevice *self = (CnsPointToPointNetDevice *) device;
  CnsPppHeader ppp = { cns_ppp_header_protocol_from_ether_type (protocol) };

  if (!cns_net_device_peek_private (device)->link_up)
    {
      FIRE (self, TRACE_MAC_TX_DROP, packet);
      cns_packet_unref (packet);
      return FALSE;
    }
  packet = cns_packet_make_writable (packet);
  cns_packet_add_header (packet, &cns_ppp_header_class, &ppp);
  FIRE (self, TRACE_MAC_TX, packet);
  if (self->queue == NULL)
    self->queue = cns_drop_tail_queue_new ();
  /* The usual frame finds the transmitter idle and the queue empty: it
   * counts in the queue's statistics as if it went through it, and goes
   * straight on the wire. */
  if (cns_simulator_now () >= self->busy_until
      && cns_queue_pass_through (self->queue, packet))
    {
      p2p_device_transmit_start (self, packet);
      return TRUE;
    }
  /* Keep a reference: MacTxDrop reports the packet the queue refused. */
  cns_packet_ref (packet);
  if (!cns_queue_enqueue_unchecked (self->queue, packet))
    {
      FIRE (self, TRACE_MAC_TX_DROP, packet);
      cns_packet_unref (packet);
      return FALSE;
    }
  cns_packet_unref (packet);
  if (cns_queue_get_n_packets_unchecked (self->queue) > 1)
    return TRUE;
  if (cns_simulator_now () >= self->busy_until)
    p2p_device_transmit_start (self, cns_queue_dequeue_unchecked (self->queue));
  else
    p2p_device_schedule_completion (self, NULL);
  return TRUE;
}

/* Ends the transmission of @data, the frame when PhyTxEnd may report it
 * (the event holds a reference) and NULL otherwise, and starts the next
 * one. A frame sent at this very time may have found the transmitter free
 * before this event ran and be on the wire already; it then owns the
 * queue's next event. */
static void
p2p_device_transmit_complete (gpointer obj, gpointer data)
{
  CnsPointToPointNetDevice *self = obj;

  if (data != NULL)
    FIRE (self, TRACE_PHY_TX_END, data);
  if (cns_simulator_now () >= self->busy_until && self->queue != NULL
      && cns_queue_get_n_packets_unchecked (self->queue) > 0)
    p2p_device_transmit_start (self, cns_queue_dequeue_unchecked (self->queue));
}

/* Schedules the end of the transmission at busy_until, taking @frame
 * (transfer full, nullable) for the PhyTxEnd trace. */
static void
p2p_device_schedule_completion (CnsPointToPointNetDevice *self,
                                CnsPacket *frame)
{
  cns_simulator_schedule_full (self->busy_until - cns_simulator_now (),
                               p2p_device_transmit_complete, self, frame,
                               frame != NULL ? cns_packet_unref_notify : NULL);
}

/* The trace sources of a transmission, out of line: inline, the calls
 * would have every frame save and restore registers. */
G_GNUC_NO_INLINE static void
p2p_device_trace_transmit (CnsPointToPointNetDevice *self, CnsPacket *packet)
{
  FIRE (self, TRACE_SNIFFER, packet);
  FIRE (self, TRACE_PROMISC_SNIFFER, packet);
  FIRE (self, TRACE_PHY_TX_BEGIN, packet);
}

/* The trace sources of a received frame, out of line for the same
 * reason. */
G_GNUC_NO_INLINE static void
p2p_device_trace_receive (CnsPointToPointNetDevice *self, CnsPacket *packet)
{
  FIRE (self, TRACE_SNIFFER, packet);
  FIRE (self, TRACE_PROMISC_SNIFFER, packet);
  FIRE (self, TRACE_PHY_RX_END, packet);
  if (cns_net_device_is_promiscuous ((CnsNetDevice *) self))
    FIRE (self, TRACE_MAC_PROMISC_RX, packet);
  FIRE (self, TRACE_MAC_RX, packet);
}

/* Puts @packet (transfer full) on the wire: busy for its transmission time
 * plus the interframe gap; the peer gets it at last-bit arrival. */
static void
p2p_device_transmit_start (CnsPointToPointNetDevice *self, CnsPacket *packet)
{
  CnsTime tx_time = cns_data_rate_bytes_tx_time (self->data_rate,
                                                 cns_packet_get_size (packet));

  if (G_UNLIKELY (self->traces.sources != NULL))
    p2p_device_trace_transmit (self, packet);
  self->busy_until = cns_simulator_now () + tx_time + self->interframe_gap;
  if (G_UNLIKELY (self->traces.sources != NULL))
    p2p_device_schedule_completion (self, cns_packet_ref (packet));
  else if (cns_queue_get_n_packets_unchecked (self->queue) > 0)
    p2p_device_schedule_completion (self, NULL);
  /* the device transmits only once attached, the link up */
  cns_point_to_point_channel_transmit (self->channel, self, packet, tx_time);
}

static CnsChannel *
p2p_device_get_channel (CnsNetDevice *device)
{
  return CNS_CHANNEL (CNS_POINT_TO_POINT_NET_DEVICE (device)->channel);
}

/* ff:ff:ff:ff:ff:ff as a CnsAddress, made once by class_init: IPv4 asks
 * for it with every packet it sends. */
static CnsAddress p2p_broadcast;

static void
p2p_device_get_broadcast (CnsNetDevice *device, CnsAddress *out)
{
  *out = p2p_broadcast;
}

static void
p2p_device_install_trace (GType type, const gchar *name, const gchar *blurb,
                          guint index)
{
  cns_trace_source_install_in_table (
      type, name, blurb, "CnsPacketTraceFn",
      G_STRUCT_OFFSET (CnsPointToPointNetDevice, traces), index, N_TRACES);
}

static void
cns_point_to_point_net_device_class_init (CnsPointToPointNetDeviceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsNetDeviceClass *device_class = CNS_NET_DEVICE_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);
  CnsMac48Address broadcast = cns_mac48_address_get_broadcast ();

  object_class->dispose = p2p_device_dispose;
  object_class->set_property = p2p_device_set_property;
  object_class->get_property = p2p_device_get_property;
  device_class->send = p2p_device_send;
  device_class->get_channel = p2p_device_get_channel;
  device_class->get_broadcast = p2p_device_get_broadcast;
  cns_mac48_address_to_address (&broadcast, &p2p_broadcast);

  properties[PROP_DATA_RATE] = cns_param_spec_data_rate (
      "data-rate", "Data rate",
      "The transmission rate: a frame of n bytes takes 8n / DataRate to "
      "send",
      1, G_MAXUINT64, DEFAULT_DATA_RATE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERFRAME_GAP] = cns_param_spec_time (
      "interframe-gap", "Interframe gap",
      "Idle time the transmitter waits after each frame", 0, CNS_TIME_MAX,
      DEFAULT_INTERFRAME_GAP, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TX_QUEUE] = g_param_spec_object (
      "tx-queue", "Transmit queue",
      "Where frames wait for the transmitter; a drop-tail queue with the "
      "default MaxSize is made at the first send if none is set",
      CNS_TYPE_QUEUE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECEIVE_ERROR_MODEL] = g_param_spec_object (
      "receive-error-model", "Receive error model",
      "Decides which received frames are corrupt and dropped; none by "
      "default",
      CNS_TYPE_ERROR_MODEL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ADDRESS] = g_param_spec_boxed (
      "address", "Address",
      "The device's MAC-48 address, \"00:00:00:00:00:01\"; the helper "
      "allocates a new one for each device",
      CNS_TYPE_MAC48_ADDRESS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

#define TRACE(name, blurb, index) \
  p2p_device_install_trace (type, name, blurb, index)
  TRACE ("MacTx", "A frame (with its PPP header) was accepted for sending",
         TRACE_MAC_TX);
  TRACE ("MacTxDrop",
         "A frame was dropped before sending: link down or "
         "queue full",
         TRACE_MAC_TX_DROP);
  TRACE ("MacRx", "A received frame is passed up (with its PPP header)",
         TRACE_MAC_RX);
  TRACE ("MacPromiscRx",
         "A received frame is passed to the promiscuous "
         "callback (with its PPP header)",
         TRACE_MAC_PROMISC_RX);
  TRACE ("PhyTxBegin", "Transmission of a frame started", TRACE_PHY_TX_BEGIN);
  TRACE ("PhyTxEnd", "Transmission of a frame ended", TRACE_PHY_TX_END);
  TRACE ("PhyRxEnd", "A frame was received whole", TRACE_PHY_RX_END);
  TRACE ("PhyRxDrop",
         "A received frame was dropped by the receive error "
         "model",
         TRACE_PHY_RX_DROP);
  TRACE ("Sniffer", "Every frame sent or received, for packet capture",
         TRACE_SNIFFER);
  TRACE ("PromiscSniffer",
         "Every frame sent or received, promiscuous "
         "capture",
         TRACE_PROMISC_SNIFFER);
#undef TRACE
}

static void
cns_point_to_point_net_device_init (CnsPointToPointNetDevice *self)
{
  self->data_rate = DEFAULT_DATA_RATE;
  self->interframe_gap = DEFAULT_INTERFRAME_GAP;
  cns_net_device_set_flags (CNS_NET_DEVICE (self),
                            CNS_NET_DEVICE_POINT_TO_POINT
                                | CNS_NET_DEVICE_BROADCAST
                                | CNS_NET_DEVICE_MULTICAST);
}

/**
 * cns_point_to_point_net_device_new:
 *
 * Returns: (transfer full): a device with the configured defaults, not
 * yet on a node or a channel.
 */
CnsPointToPointNetDevice *
cns_point_to_point_net_device_new (void)
{
  return cns_object_new (CNS_TYPE_POINT_TO_POINT_NET_DEVICE, NULL);
}

/**
 * cns_point_to_point_net_device_get_data_rate:
 *
 * Returns: the rate.
 */
CnsDataRate
cns_point_to_point_net_device_get_data_rate (CnsPointToPointNetDevice *self)
{
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE), 0);
  return self->data_rate;
}

/**
 * cns_point_to_point_net_device_set_data_rate:
 *
 * Sets the rate (> 0).
 */
void
cns_point_to_point_net_device_set_data_rate (CnsPointToPointNetDevice *self,
                                             CnsDataRate rate)
{
  g_return_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE));
  g_return_if_fail (rate > 0);
  self->data_rate = rate;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA_RATE]);
}

/**
 * cns_point_to_point_net_device_get_interframe_gap:
 *
 * Returns: the gap.
 */
CnsTime
cns_point_to_point_net_device_get_interframe_gap (
    CnsPointToPointNetDevice *self)
{
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE), 0);
  return self->interframe_gap;
}

/**
 * cns_point_to_point_net_device_set_interframe_gap:
 *
 * Sets the gap.
 */
void
cns_point_to_point_net_device_set_interframe_gap (
    CnsPointToPointNetDevice *self, CnsTime gap)
{
  g_return_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE));
  g_return_if_fail (gap >= 0);
  self->interframe_gap = gap;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERFRAME_GAP]);
}

/**
 * cns_point_to_point_net_device_get_queue:
 *
 * Returns: (transfer none) (nullable): the transmit queue.
 */
CnsQueue *
cns_point_to_point_net_device_get_queue (CnsPointToPointNetDevice *self)
{
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE), NULL);
  return self->queue;
}

/**
 * cns_point_to_point_net_device_set_queue:
 * @queue: (nullable): the transmit queue; the device references it
 */
void
cns_point_to_point_net_device_set_queue (CnsPointToPointNetDevice *self,
                                         CnsQueue *queue)
{
  g_return_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE));
  g_return_if_fail (queue == NULL || CNS_IS_QUEUE (queue));
  if (g_set_object (&self->queue, queue))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TX_QUEUE]);
}

/**
 * cns_point_to_point_net_device_get_receive_error_model:
 *
 * Returns: (transfer none) (nullable): the receive error model.
 */
CnsErrorModel *
cns_point_to_point_net_device_get_receive_error_model (
    CnsPointToPointNetDevice *self)
{
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE), NULL);
  return self->error_model;
}

/**
 * cns_point_to_point_net_device_set_receive_error_model:
 * @model: (nullable): decides which received frames are corrupt
 */
void
cns_point_to_point_net_device_set_receive_error_model (
    CnsPointToPointNetDevice *self, CnsErrorModel *model)
{
  g_return_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE));
  g_return_if_fail (model == NULL || CNS_IS_ERROR_MODEL (model));
  if (g_set_object (&self->error_model, model))
    g_object_notify_by_pspec (G_OBJECT (self),
                              properties[PROP_RECEIVE_ERROR_MODEL]);
}

/**
 * cns_point_to_point_net_device_attach:
 *
 * Connects the device to one end of @channel. The link comes up on both
 * devices when the second end is connected.
 *
 * Returns: %FALSE when the device already has a channel or @channel has
 * both ends taken.
 */
gboolean
cns_point_to_point_net_device_attach (CnsPointToPointNetDevice *self,
                                      CnsPointToPointChannel *channel)
{
  CnsPointToPointNetDevice *peer;

  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE), FALSE);
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (channel, CNS_TYPE_POINT_TO_POINT_CHANNEL), FALSE);
  if (self->channel != NULL
      || !cns_point_to_point_channel_attach (channel, self))
    return FALSE;
  self->channel = g_object_ref (channel);
  peer = cns_point_to_point_channel_get_peer (channel, self);
  if (peer != NULL)
    {
      cns_net_device_set_link_up (CNS_NET_DEVICE (self), TRUE);
      cns_net_device_set_link_up (CNS_NET_DEVICE (peer), TRUE);
    }
  return TRUE;
}

/**
 * cns_point_to_point_net_device_receive:
 * @packet: (transfer full): a frame whose last bit has just arrived
 *
 * Called by the channel. Drops the frame if the error model says it is
 * corrupt; otherwise strips the PPP header and hands the packet up.
 */
void
cns_point_to_point_net_device_receive (CnsPointToPointNetDevice *self,
                                       CnsPacket *packet)
{
  CnsPointToPointNetDevice *peer;
  CnsPppHeader ppp;

  g_return_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_POINT_TO_POINT_NET_DEVICE));
  g_return_if_fail (packet != NULL);
  if (self->error_model != NULL
      && cns_error_model_is_corrupt (self->error_model, packet))
    {
      FIRE (self, TRACE_PHY_RX_DROP, packet);
      cns_packet_unref (packet);
      return;
    }
  if (G_UNLIKELY (self->traces.sources != NULL))
    p2p_device_trace_receive (self, packet);

  packet = cns_packet_make_writable (packet);
  if (cns_packet_remove_header (packet, &cns_ppp_header_class, &ppp) == 0)
    {
      FIRE (self, TRACE_PHY_RX_DROP, packet);
      cns_packet_unref (packet);
      return;
    }
  /* the addresses as they are, not copies: the callbacks take them const */
  peer = cns_point_to_point_channel_get_peer (self->channel, self);
  cns_net_device_deliver (
      (CnsNetDevice *) self, packet,
      cns_ppp_header_protocol_to_ether_type (ppp.protocol),
      &cns_net_device_peek_private ((CnsNetDevice *) peer)->address,
      &cns_net_device_peek_private ((CnsNetDevice *) self)->address,
      CNS_PACKET_HOST);
}

static void
p2p_device_set_property (GObject *object, guint prop_id, const GValue *value,
                         GParamSpec *pspec)
{
  CnsPointToPointNetDevice *self = CNS_POINT_TO_POINT_NET_DEVICE (object);

  switch (prop_id)
    {
    case PROP_DATA_RATE:
      cns_point_to_point_net_device_set_data_rate (
          self, cns_value_get_data_rate (value));
      break;
    case PROP_INTERFRAME_GAP:
      cns_point_to_point_net_device_set_interframe_gap (
          self, cns_value_get_time (value));
      break;
    case PROP_TX_QUEUE:
      cns_point_to_point_net_device_set_queue (self,
                                               g_value_get_object (value));
      break;
    case PROP_RECEIVE_ERROR_MODEL:
      cns_point_to_point_net_device_set_receive_error_model (
          self, g_value_get_object (value));
      break;
    case PROP_ADDRESS:
      {
        const CnsMac48Address *mac = g_value_get_boxed (value);
        CnsAddress address = { 0 };

        if (mac != NULL)
          cns_mac48_address_to_address (mac, &address);
        cns_net_device_set_address (CNS_NET_DEVICE (self), &address);
        break;
      }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
p2p_device_get_property (GObject *object, guint prop_id, GValue *value,
                         GParamSpec *pspec)
{
  CnsPointToPointNetDevice *self = CNS_POINT_TO_POINT_NET_DEVICE (object);

  switch (prop_id)
    {
    case PROP_DATA_RATE:
      cns_value_set_data_rate (value, self->data_rate);
      break;
    case PROP_INTERFRAME_GAP:
      cns_value_set_time (value, self->interframe_gap);
      break;
    case PROP_TX_QUEUE:
      g_value_set_object (value, self->queue);
      break;
    case PROP_RECEIVE_ERROR_MODEL:
      g_value_set_object (value, self->error_model);
      break;
    case PROP_ADDRESS:
      {
        CnsAddress address;
        CnsMac48Address mac;

        cns_net_device_get_address (CNS_NET_DEVICE (self), &address);
        g_value_set_boxed (
            value,
            cns_mac48_address_from_address (&address, &mac) ? &mac : NULL);
        break;
      }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
