/* cns — point-to-point channels whose ends are on different MPI ranks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every rank builds the whole topology, so a link between nodes of two
 * ranks exists on both; each rank runs only its own end. A frame sent
 * there leaves as a remote message for the rank of the other end, to
 * arrive at the time its last bit would: now + tx time + Delay, as on a
 * local channel. The receiving rank schedules it in the receiving node's
 * context under the ordering key the sending event drew, so it sorts
 * among simultaneous events as it would in a sequential run.
 *
 * The message names the receiving node and its device's index there; the
 * payload is the serialized frame (cns_packet_serialize()), metadata,
 * tags and nix vector included.
 */
#include "network/cns-point-to-point-remote-channel.h"

#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-simulator.h"
#include "network/cns-node.h"
#include "network/cns-point-to-point-net-device.h"

struct _CnsPointToPointRemoteChannel
{
  CnsPointToPointChannel parent_instance;

  GByteArray *scratch; /* a frame's bytes on their way to cns_mpi_send() */
  guint32 link;        /* the simulator's id for it; G_MAXUINT32 before */
};

/* The simulator's id for the frames of remote channels. */
static guint32 remote_receiver = G_MAXUINT32;

G_DEFINE_FINAL_TYPE (CnsPointToPointRemoteChannel,
                     cns_point_to_point_remote_channel,
                     CNS_TYPE_POINT_TO_POINT_CHANNEL)

static void
remote_channel_finalize (GObject *object)
{
  CnsPointToPointRemoteChannel *self
      = CNS_POINT_TO_POINT_REMOTE_CHANNEL (object);

  g_byte_array_unref (self->scratch);
  G_OBJECT_CLASS (cns_point_to_point_remote_channel_parent_class)
      ->finalize (object);
}

static void
remote_channel_transmit (CnsPointToPointChannel *channel,
                         CnsPointToPointNetDevice *sender, CnsPacket *packet,
                         CnsTime tx_time)
{
  CnsPointToPointRemoteChannel *self
      = CNS_POINT_TO_POINT_REMOTE_CHANNEL (channel);
  CnsNetDevice *peer
      = CNS_NET_DEVICE (cns_point_to_point_channel_get_peer (channel, sender));
  CnsNode *node = cns_net_device_get_node (peer);
  CnsTime arrival = cns_simulator_now () + tx_time
                    + cns_point_to_point_channel_get_delay (channel);

  g_byte_array_set_size (self->scratch, 0);
  cns_packet_serialize (packet, self->scratch);
  cns_packet_unref (packet);
  if (G_UNLIKELY (self->link == G_MAXUINT32))
    cns_fatal ("a remote channel carries a frame but was never reported to "
               "the simulator: make it with the point-to-point helper or "
               "call cns_point_to_point_remote_channel_note_link()");
  cns_mpi_send (self->link, remote_receiver, arrival, cns_node_get_id (node),
                cns_net_device_get_ifindex (peer), self->scratch->data,
                self->scratch->len);
}

/* Reports the link to the simulator, whose lookahead is the smallest delay
 * between ranks; a later change of Delay reports it again. */
static void
remote_channel_note_link (CnsPointToPointRemoteChannel *self)
{
  CnsChannel *channel = CNS_CHANNEL (self);
  CnsNetDevice *a = cns_channel_get_device (channel, 0);
  CnsNetDevice *b = cns_channel_get_device (channel, 1);
  CnsNode *node_a = a != NULL ? cns_net_device_get_node (a) : NULL;
  CnsNode *node_b = b != NULL ? cns_net_device_get_node (b) : NULL;

  CnsTime delay = cns_point_to_point_channel_get_delay (
      CNS_POINT_TO_POINT_CHANNEL (self));

  if (self->link != G_MAXUINT32)
    cns_mpi_set_link_delay (self->link, delay);
  else if (node_a != NULL && node_b != NULL
           && cns_node_get_system_id (node_a)
                  != cns_node_get_system_id (node_b))
    self->link
        = cns_mpi_add_remote_link (cns_node_get_system_id (node_a),
                                   cns_node_get_system_id (node_b), delay);
}

static void
remote_channel_delay_changed (GObject *object, GParamSpec *pspec, gpointer data)
{
  remote_channel_note_link (CNS_POINT_TO_POINT_REMOTE_CHANNEL (object));
}

/**
 * cns_point_to_point_remote_channel_note_link:
 *
 * Reports the link between the ranks of its two ends to the simulator,
 * whose lookahead is the smallest delay between ranks. The point-to-point
 * helper calls this once both devices are attached; a later change of
 * Delay reports it again.
 */
void
cns_point_to_point_remote_channel_note_link (CnsPointToPointRemoteChannel *self)
{
  g_return_if_fail (CNS_IS_POINT_TO_POINT_REMOTE_CHANNEL (self));
  remote_channel_note_link (self);
}

/* Hands the event's reference to the receiver. */
static void
remote_channel_deliver (gpointer obj, gpointer data)
{
  cns_simulator_take_event_data ();
  cns_point_to_point_net_device_receive (obj, data);
}

/* A frame from another rank: schedules its arrival. */
static void
remote_channel_receive (CnsTime time, guint64 key, guint32 node_id,
                        guint32 interface, const guint8 *bytes, gsize size,
                        gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  CnsNode *node = cns_node_list_get_node (node_id);
  CnsNetDevice *device
      = node != NULL ? cns_node_get_device (node, interface) : NULL;
  CnsPacket *packet;
  gsize consumed;

  if (device == NULL || !CNS_IS_POINT_TO_POINT_NET_DEVICE (device))
    cns_fatal ("a frame from another rank for device %u of node %u, which "
               "has no such point-to-point device: do all ranks build the "
               "same topology?",
               interface, node_id);
  packet = cns_packet_deserialize (bytes, size, &consumed, &error);
  if (packet == NULL)
    cns_fatal ("a frame from another rank for node %u: %s", node_id,
               error->message);
  cns_simulator_schedule_remote (time, node_id, key, remote_channel_deliver,
                                 device, packet, cns_packet_unref_notify);
}

static void
cns_point_to_point_remote_channel_class_init (
    CnsPointToPointRemoteChannelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = remote_channel_finalize;
  CNS_POINT_TO_POINT_CHANNEL_CLASS (klass)->transmit = remote_channel_transmit;
}

static void
cns_point_to_point_remote_channel_init (CnsPointToPointRemoteChannel *self)
{
  self->scratch = g_byte_array_new ();
  self->link = G_MAXUINT32;
  /* every rank makes the same channels in the same order, so registers
   * the receiver at the same point */
  if (remote_receiver == G_MAXUINT32 && cns_mpi_is_enabled ())
    remote_receiver = cns_mpi_add_receiver (remote_channel_receive, NULL);
  g_signal_connect (self, "notify::delay",
                    G_CALLBACK (remote_channel_delay_changed), NULL);
}

/**
 * cns_point_to_point_remote_channel_new:
 *
 * Returns: (transfer full): a channel with the configured default Delay,
 * for two nodes that different ranks simulate. The point-to-point helper
 * makes these itself.
 */
CnsPointToPointRemoteChannel *
cns_point_to_point_remote_channel_new (void)
{
  return cns_object_new (CNS_TYPE_POINT_TO_POINT_REMOTE_CHANNEL, NULL);
}
