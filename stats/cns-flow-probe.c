/* cns — the flow monitor's probe on one node's IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4FlowProbe. A probe on a node connects to the node's IPv4
 * trace sources and to the MacTxDrop trace of its devices:
 *
 *   SendOutgoing: a unicast UDP or TCP datagram leaving its source is
 *     classified (cns-flow-classifier.c), gets the next packet id of its
 *     flow, a flow tag (flow, packet id) and the send-time tag, and is
 *     tracked as in flight;
 *   UnicastForward: a tracked packet was forwarded once more, and seen;
 *   LocalDeliver: a tracked packet arrived: delay, jitter, histograms;
 *   Drop and MacTxDrop: a tracked packet was dropped, with its reason.
 *
 * Later hops find the flow and packet by the ids in the tag, without
 * hashing. Sizes count the IPv4 header, as ns-3's do. A packet counts
 * once: as received, as dropped, or as lost, so tx = rx + lost + in
 * flight holds exactly (ns-3 also counts each dropped fragment of a
 * datagram, and drops of packets no longer tracked). A packet is lost
 * when it goes unseen for MaxPerHopDelay: when a probe sees it that long
 * after the last one did (it then counts as lost, not as received or
 * dropped, and is no longer followed), or when it is still in flight
 * that long after it was last seen when the XML is written or
 * cns_flow_monitor_check_for_lost_packets() is called.
 *
 * Per-probe statistics (ns-3's FlowProbes element) cost one more hash
 * lookup per packet and hop and a record per flow and probe; the
 * ProbeStatistics attribute turns them off for large runs.
 *
 * Distributed runs: the monitor watches every device of its rank on a
 * remote channel, its node probed or not. A packet about to leave the
 * rank (PhyTxBegin) is handed off: its record is retired, neither
 * received nor lost, and its tag takes what the record held (when it was
 * last seen, its forwards) and the flow's name. The next rank takes it
 * over when its last bit arrives (PhyRxEnd, or PhyRxDrop for a corrupt
 * frame): a record in that rank's table for the flow (made on the first
 * packet of the flow to arrive) with what the tag carried, and a tag
 * naming it; the next probe to see it goes on as sequentially. So each
 * packet is followed by one rank at a time, and the rank where it ends
 * counts it.
 */
#include "stats/cns-flow-probe-private.h"

#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "internet/cns-ipv4-header.h"
#include "network/cns-net-device.h"
#include "network/cns-node.h"
#include "network/cns-packet.h"
#include "network/cns-point-to-point-remote-channel.h"
#include "stats/cns-flow-classifier-private.h"
#include "stats/cns-flow-monitor-private.h"
#include "stats/cns-send-time-tag-private.h"

#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-flow-probe");

static void probe_send_outgoing (gpointer source, const CnsIpv4Header *header,
                                 CnsPacket *packet, guint32 interface,
                                 gpointer user_data);
static void probe_unicast_forward (gpointer source, const CnsIpv4Header *header,
                                   CnsPacket *packet, guint32 interface,
                                   gpointer user_data);
static void probe_local_deliver (gpointer source, const CnsIpv4Header *header,
                                 CnsPacket *packet, guint32 interface,
                                 gpointer user_data);
static void probe_drop (gpointer source, const CnsIpv4Header *header,
                        CnsPacket *packet, CnsIpv4DropReason reason,
                        CnsIpv4L3Protocol *ipv4, guint32 interface,
                        gpointer user_data);
static void probe_mac_tx_drop (gpointer source, CnsPacket *packet,
                               gpointer user_data);
static void border_phy_tx_begin (gpointer source, CnsPacket *packet,
                                 gpointer user_data);
static void border_phy_rx_end (gpointer source, CnsPacket *packet,
                               gpointer user_data);
static void border_phy_rx_drop (gpointer source, CnsPacket *packet,
                                gpointer user_data);

/* The packet tag, in one of two forms. On a rank (hops 0): packet
 * @packet of the flow at @flow in the table of rank @rank, whose record
 * there says when the packet was last seen and how often forwarded.
 * Crossing to another rank (hops > 0): the record stayed behind, so the
 * tag carries when the packet was last seen and its hops - 1 forwards,
 * and names the flow by where it was classified: index @flow on rank
 * @rank. @monitor is the monitor's serial, the same on every rank. The
 * send time is in the send-time tag, which the delay monitor shares. */
typedef struct
{
  union
  {
    guint32 packet;
    CnsTime last_seen;
  };
  guint32 flow;
  guint16 rank;
  guint8 monitor;
  guint8 hops;
} FlowTag;

G_STATIC_ASSERT (sizeof (FlowTag) <= CNS_TAG_MAX_SIZE);

/* The most forwards a crossing tag counts: a TTL allows 254. */
#define MAX_TAG_FORWARDS 254

static void
flow_tag_print (gconstpointer data, GString *out)
{
  const FlowTag *tag = data;
  gchar time[CNS_TIME_STRING_SIZE];

  if (tag->hops == 0)
    {
      g_string_append_printf (out, "flow=%u packet=%u", tag->flow, tag->packet);
      return;
    }
  cns_time_format (tag->last_seen, time);
  g_string_append_printf (out, "flow=%u@%u seen=%s forwards=%u", tag->flow,
                          tag->rank, time, tag->hops - 1u);
}

static const CnsTagClass flow_tag_class = {
  "CnsFlowMonitorTag",
  sizeof (FlowTag),
  flow_tag_print,
};

/* Tags @packet as the newest packet @flow tracks on this rank. */
static void
tag_newest_packet (CnsFlowMonitor *self, const CnsFlowRecord *flow,
                   CnsPacket *packet)
{
  FlowTag tag;

  memset (&tag, 0, sizeof tag);
  tag.packet = flow->next - 1;
  tag.flow = flow->index;
  tag.rank = (guint16) self->classifier.rank;
  tag.monitor = self->serial;
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &tag);
}

/**
 * cns_flow_probe_records_find:
 * @records: (inout): the records, by flow; made at the first
 * @index: (inout): flow -> position + 1 in @records; made at the first
 * @flow: a flow's index, or id in a report
 *
 * Returns: (transfer none): the record of @flow, new and zero when
 * there was none.
 */
CnsFlowProbeRecord *
cns_flow_probe_records_find (GArray **records, GHashTable **index, guint32 flow)
{
  guint position;

  if (*index == NULL)
    {
      *index = g_hash_table_new (g_direct_hash, g_direct_equal);
      *records = g_array_new (FALSE, TRUE, sizeof (CnsFlowProbeRecord));
    }
  position = GPOINTER_TO_UINT (
      g_hash_table_lookup (*index, GUINT_TO_POINTER (flow)));
  if (position == 0)
    {
      CnsFlowProbeRecord record = { flow, 0, 0, 0, NULL };

      g_array_append_val (*records, record);
      position = (*records)->len;
      g_hash_table_insert (*index, GUINT_TO_POINTER (flow),
                           GUINT_TO_POINTER (position));
    }
  return &g_array_index (*records, CnsFlowProbeRecord, position - 1);
}

static inline void
probe_add_packet (CnsFlowProbe *probe, const CnsFlowRecord *flow, guint32 size,
                  CnsTime delay)
{
  CnsFlowProbeRecord *record;

  if (!probe->monitor->probe_statistics)
    return;
  record
      = cns_flow_probe_records_find (&probe->flows, &probe->index, flow->index);
  record->packets++;
  record->bytes += size;
  record->delay_sum += delay;
}

/**
 * cns_flow_probe_records_free:
 * @records: (nullable): records with their drops
 */
void
cns_flow_probe_records_free (GArray *records)
{
  if (records == NULL)
    return;
  for (guint i = 0; i < records->len; i++)
    g_free (g_array_index (records, CnsFlowProbeRecord, i).drops);
  g_array_unref (records);
}

/**
 * cns_flow_probe_free:
 * @data: a #CnsFlowProbe
 *
 * Disconnects the probe from its node and frees it.
 */
void
cns_flow_probe_free (gpointer data)
{
  CnsFlowProbe *probe = data;

  cns_trace_disconnect (probe->ipv4, "SendOutgoing",
                        G_CALLBACK (probe_send_outgoing), probe);
  cns_trace_disconnect (probe->ipv4, "UnicastForward",
                        G_CALLBACK (probe_unicast_forward), probe);
  cns_trace_disconnect (probe->ipv4, "LocalDeliver",
                        G_CALLBACK (probe_local_deliver), probe);
  cns_trace_disconnect (probe->ipv4, "Drop", G_CALLBACK (probe_drop), probe);
  for (guint i = 0; i < probe->devices->len; i++)
    cns_trace_disconnect (probe->devices->pdata[i], "MacTxDrop",
                          G_CALLBACK (probe_mac_tx_drop), probe);
  g_ptr_array_unref (probe->devices);
  g_object_unref (probe->ipv4);
  cns_flow_probe_records_free (probe->flows);
  g_clear_pointer (&probe->index, g_hash_table_unref);
  g_free (probe);
}

/* Whether the monitor follows datagrams to @destination sent out of
 * @interface: not broadcasts or multicasts, whose copies ns-3 does not
 * follow either. */
static gboolean
probe_is_unicast (CnsFlowProbe *probe, CnsIpv4Address destination,
                  guint32 interface)
{
  guint32 n;

  if (cns_ipv4_address_is_broadcast (destination)
      || cns_ipv4_address_is_multicast (destination))
    return FALSE;
  if (interface >= cns_ipv4_l3_protocol_get_n_interfaces (probe->ipv4))
    return TRUE;
  /* the directed broadcast of one of the interface's subnets (a /32 or
   * /31 has none) */
  n = cns_ipv4_l3_protocol_get_n_addresses (probe->ipv4, interface);
  for (guint32 i = 0; i < n; i++)
    {
      CnsIpv4InterfaceAddress a
          = cns_ipv4_l3_protocol_get_address (probe->ipv4, interface, i);

      if (a.broadcast.value == destination.value && (a.mask.value & 2) == 0)
        return FALSE;
    }
  return TRUE;
}

static void
probe_send_outgoing (gpointer source, const CnsIpv4Header *header,
                     CnsPacket *packet, guint32 interface, gpointer user_data)
{
  CnsFlowProbe *probe = user_data;
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowFiveTuple tuple;
  CnsTime now;
  CnsFlowRecord *flow;
  guint32 size;

  if (!cns_flow_classifier_get_tuple (header, packet, &tuple)
      || !cns_packet_is_writable (packet)
      || !probe_is_unicast (probe, header->destination, interface))
    return;
  now = cns_simulator_now ();
  flow = cns_flow_classifier_classify (&self->classifier, &tuple, now);
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  cns_flow_record_track (flow, now, now, self->max_per_hop_delay);
  tag_newest_packet (self, flow, packet);
  cns_send_time_tag_set (packet, now);

  flow->stats.time_last_tx = now;
  flow->stats.tx_packets++;
  flow->stats.tx_bytes += size;
  probe_add_packet (probe, flow, size, 0);
}

/* A packet from another rank, seen here first: gets a record in the
 * table of this rank, and when it @goes_on (and the tag can be changed)
 * a tag naming it. NULL when it was unseen for MaxPerHopDelay, which
 * makes it lost now; its tag goes so that it is counted once. */
static CnsFlowTracked *
probe_take_over (CnsFlowProbe *probe, CnsPacket *packet, const FlowTag *tag,
                 CnsTime now, gboolean goes_on, CnsFlowRecord **flow_out)
{
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowTracked *t;
  CnsFlowRecord *flow;

  if ((goes_on && !cns_packet_is_writable (packet))
      || (flow = cns_flow_classifier_lookup_source (&self->classifier,
                                                    tag->rank, tag->flow))
             == NULL)
    return NULL;
  if (now - tag->last_seen >= self->max_per_hop_delay)
    {
      flow->stats.lost_packets++;
      if (goes_on)
        cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
      return NULL;
    }
  t = cns_flow_record_track (flow, now, now, self->max_per_hop_delay);
  t->times_forwarded = tag->hops - 1u;
  if (goes_on)
    {
      tag_newest_packet (self, flow, packet);
    }
  *flow_out = flow;
  return t;
}

/* The record of the tagged packet @probe sees now, or NULL when the
 * monitor does not follow it: another monitor's, no longer in flight, or
 * unseen for MaxPerHopDelay, which makes it lost now. */
static CnsFlowTracked *
probe_follow (CnsFlowProbe *probe, CnsPacket *packet, const FlowTag *tag,
              CnsTime now, gboolean goes_on, CnsFlowRecord **flow_out)
{
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowTracked *t;
  CnsFlowRecord *flow;

  if (tag->monitor != self->serial)
    return NULL;
  if (tag->hops > 0)
    return probe_take_over (probe, packet, tag, now, goes_on, flow_out);
  if (tag->rank != self->classifier.rank
      || (flow = cns_flow_classifier_peek (&self->classifier, tag->flow))
             == NULL
      || (t = cns_flow_record_find_tracked (flow, tag->packet)) == NULL)
    return NULL;
  if (now - t->last_seen >= self->max_per_hop_delay)
    {
      CNS_LOG_LOGIC ("flow %u packet %u unseen since %" G_GINT64_FORMAT
                     " ps: lost",
                     tag->flow, tag->packet, t->last_seen);
      cns_flow_record_lose (flow, t);
      return NULL;
    }
  *flow_out = flow;
  return t;
}

static void
probe_unicast_forward (gpointer source, const CnsIpv4Header *header,
                       CnsPacket *packet, guint32 interface, gpointer user_data)
{
  CnsFlowProbe *probe = user_data;
  FlowTag tag;
  CnsFlowRecord *flow;
  CnsFlowTracked *t;
  CnsTime now = cns_simulator_now (), sent;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || !cns_send_time_tag_peek (packet, &sent)
      || (t = probe_follow (probe, packet, &tag, now, TRUE, &flow)) == NULL)
    return;
  t->times_forwarded++;
  t->last_seen = now;
  probe_add_packet (probe, flow,
                    cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE,
                    now - sent);
}

static void
probe_local_deliver (gpointer source, const CnsIpv4Header *header,
                     CnsPacket *packet, guint32 interface, gpointer user_data)
{
  CnsFlowProbe *probe = user_data;
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowStats *stats;
  FlowTag tag;
  CnsFlowRecord *flow;
  CnsFlowTracked *t;
  CnsTime now, sent, delay;
  guint32 size;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial)
    return;
  /* the packet's journey ends here: a reply made of it is a new packet */
  if (cns_packet_is_writable (packet))
    cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
  now = cns_simulator_now ();
  if (!cns_send_time_tag_peek (packet, &sent)
      || (t = probe_follow (probe, packet, &tag, now, FALSE, &flow)) == NULL)
    return;
  delay = now - sent;
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  probe_add_packet (probe, flow, size, delay);

  stats = &flow->stats;
  stats->delay_sum += delay;
  cns_histogram_add_time (&flow->delay, delay,
                          cns_histogram_time_bin_width (self->delay_bin_width));
  if (stats->rx_packets > 0)
    {
      CnsTime jitter = ABS (stats->last_delay - delay);
      CnsTime gap = now - stats->time_last_rx;

      stats->jitter_sum += jitter;
      cns_histogram_add_time (
          &flow->jitter, jitter,
          cns_histogram_time_bin_width (self->jitter_bin_width));
      if (gap > self->interruptions_min_time)
        cns_histogram_add_time (
            &flow->interruptions, gap,
            cns_histogram_time_bin_width (self->interruptions_bin_width));
      stats->max_delay = MAX (stats->max_delay, delay);
      stats->min_delay = MIN (stats->min_delay, delay);
    }
  else
    {
      stats->time_first_rx = now;
      stats->max_delay = stats->min_delay = delay;
    }
  stats->last_delay = delay;
  stats->rx_bytes += size;
  cns_histogram_add (&flow->size,
                     (guint64) (size / self->packet_size_bin_width), 1);
  stats->rx_packets++;
  stats->time_last_rx = now;
  stats->times_forwarded += t->times_forwarded;
  cns_flow_record_retire (flow, t);
}

/* A packet with @tag was dropped at @probe. */
static void
probe_report_drop (CnsFlowProbe *probe, CnsPacket *packet, const FlowTag *tag,
                   guint32 size, CnsFlowDropReason reason)
{
  CnsFlowRecord *flow;
  CnsFlowTracked *t
      = probe_follow (probe, packet, tag, cns_simulator_now (), FALSE, &flow);

  if (t == NULL)
    return;
  CNS_LOG_LOGIC ("a packet of flow %u dropped, reason %d", flow->index, reason);
  flow->stats.lost_packets++;
  cns_flow_drops_add (&flow->drops, reason, 1, size);
  if (probe->monitor->probe_statistics)
    cns_flow_drops_add (
        &cns_flow_probe_records_find (&probe->flows, &probe->index, flow->index)
             ->drops,
        reason, 1, size);
  cns_flow_record_retire (flow, t);
}

static CnsFlowDropReason
drop_reason_from_ipv4 (CnsIpv4DropReason reason)
{
  switch (reason)
    {
    case CNS_IPV4_DROP_NO_ROUTE:
      return CNS_FLOW_DROP_NO_ROUTE;
    case CNS_IPV4_DROP_TTL_EXPIRED:
      return CNS_FLOW_DROP_TTL_EXPIRE;
    case CNS_IPV4_DROP_BAD_CHECKSUM:
      return CNS_FLOW_DROP_BAD_CHECKSUM;
    case CNS_IPV4_DROP_INTERFACE_DOWN:
      return CNS_FLOW_DROP_INTERFACE_DOWN;
    case CNS_IPV4_DROP_ROUTE_ERROR:
      return CNS_FLOW_DROP_ROUTE_ERROR;
    case CNS_IPV4_DROP_FRAGMENT_TIMEOUT:
      return CNS_FLOW_DROP_FRAGMENT_TIMEOUT;
    default:
      return CNS_FLOW_DROP_INVALID_REASON;
    }
}

static void
probe_drop (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
            CnsIpv4DropReason reason, CnsIpv4L3Protocol *ipv4,
            guint32 interface, gpointer user_data)
{
  FlowTag tag;

  if (cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag))
    probe_report_drop (user_data, packet, &tag,
                       cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE,
                       drop_reason_from_ipv4 (reason));
}

/* The device refused a frame; its size counts the link header, as the
 * queue's packet does in ns-3. */
static void
probe_mac_tx_drop (gpointer source, CnsPacket *packet, gpointer user_data)
{
  FlowTag tag;

  if (cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag))
    probe_report_drop (user_data, packet, &tag, cns_packet_get_size (packet),
                       CNS_FLOW_DROP_QUEUE);
}

/* A frame leaves for another rank: its record here is handed off to the
 * tag (see the top of the file). A frame that cannot take the tag stays
 * tracked here, and will count as lost. */
static void
border_phy_tx_begin (gpointer source, CnsPacket *packet, gpointer user_data)
{
  CnsFlowMonitor *self = user_data;
  CnsTime now = cns_simulator_now ();
  FlowTag tag, crossing;
  CnsFlowTracked *t = NULL;
  CnsFlowRecord *flow;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial || tag.hops > 0
      || tag.rank != self->classifier.rank || !cns_packet_is_writable (packet))
    return;
  if ((flow = cns_flow_classifier_peek (&self->classifier, tag.flow)) != NULL)
    t = cns_flow_record_find_tracked (flow, tag.packet);
  if (t == NULL || now - t->last_seen >= self->max_per_hop_delay)
    {
      /* lost while it waited in the queue */
      if (t != NULL)
        cns_flow_record_lose (flow, t);
      cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
      return;
    }
  memset (&crossing, 0, sizeof crossing);
  crossing.last_seen = t->last_seen;
  crossing.flow = (guint32) flow->source;
  crossing.rank = (guint16) (flow->source >> 32);
  crossing.monitor = self->serial;
  crossing.hops = (guint8) (MIN (t->times_forwarded, MAX_TAG_FORWARDS) + 1);
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &crossing);
  cns_flow_record_retire (flow, t);
}

/* A frame from another rank arrived: taken over, unseen yet (its record
 * keeps the time it was last seen on the other rank), so that it is
 * followed here even across nodes without probes, and when it arrived
 * corrupt (@corrupt) is found lost as a sequential run finds it. */
static void
border_take_over (CnsFlowMonitor *self, CnsPacket *packet, gboolean corrupt)
{
  FlowTag tag;
  CnsFlowTracked *t;
  CnsFlowRecord *flow;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial || tag.hops == 0
      || (!corrupt && !cns_packet_is_writable (packet))
      || (flow = cns_flow_classifier_lookup_source (&self->classifier, tag.rank,
                                                    tag.flow))
             == NULL)
    return;
  t = cns_flow_record_track (flow, cns_simulator_now (), tag.last_seen,
                             self->max_per_hop_delay);
  t->times_forwarded = tag.hops - 1u;
  if (corrupt)
    return;
  tag_newest_packet (self, flow, packet);
}

static void
border_phy_rx_end (gpointer source, CnsPacket *packet, gpointer user_data)
{
  border_take_over (user_data, packet, FALSE);
}

static void
border_phy_rx_drop (gpointer source, CnsPacket *packet, gpointer user_data)
{
  border_take_over (user_data, packet, TRUE);
}

/* Connects to the devices of @node where packets cross between ranks,
 * @node's probe or not: a packet must be handed off wherever it leaves. */
static void
monitor_watch_node_borders (CnsFlowMonitor *self, CnsNode *node)
{
  if (!cns_node_is_local (node))
    return;
  for (guint32 i = 0; i < cns_node_get_n_devices (node); i++)
    {
      CnsNetDevice *device = cns_node_get_device (node, i);
      g_autoptr (GError) error = NULL;

      if (!CNS_IS_POINT_TO_POINT_REMOTE_CHANNEL (
              cns_net_device_get_channel (device))
          || g_hash_table_contains (self->borders, device))
        continue;
      if (cns_trace_connect (device, "PhyTxBegin",
                             G_CALLBACK (border_phy_tx_begin), self, &error)
              == 0
          || cns_trace_connect (device, "PhyRxEnd",
                                G_CALLBACK (border_phy_rx_end), self, &error)
                 == 0
          || cns_trace_connect (device, "PhyRxDrop",
                                G_CALLBACK (border_phy_rx_drop), self, &error)
                 == 0)
        g_critical ("cns_flow_monitor_add_node: %s", error->message);
      g_hash_table_add (self->borders, g_object_ref (device));
    }
}

/**
 * cns_flow_probe_watch_borders:
 * @self: a monitor
 * @node: the node just given a probe
 *
 * In a distributed run, the first node added has the monitor watch the
 * borders of every node of the rank, and each node added its own (the
 * borders of nodes made after the first was added).
 */
void
cns_flow_probe_watch_borders (CnsFlowMonitor *self, CnsNode *node)
{
  if (cns_mpi_get_size () <= 1)
    return;
  if (self->borders == NULL)
    {
      self->borders = g_hash_table_new_full (g_direct_hash, g_direct_equal,
                                             g_object_unref, NULL);
      for (guint32 i = 0; i < cns_node_list_get_n_nodes (); i++)
        monitor_watch_node_borders (self, cns_node_list_get_node (i));
    }
  monitor_watch_node_borders (self, node);
}

/**
 * cns_flow_probe_unwatch_borders:
 * @self: a monitor
 *
 * Disconnects the monitor from the devices where packets cross ranks.
 */
void
cns_flow_probe_unwatch_borders (CnsFlowMonitor *self)
{
  GHashTableIter iter;
  gpointer device;

  if (self->borders == NULL)
    return;
  g_hash_table_iter_init (&iter, self->borders);
  while (g_hash_table_iter_next (&iter, &device, NULL))
    {
      cns_trace_disconnect (device, "PhyTxBegin",
                            G_CALLBACK (border_phy_tx_begin), self);
      cns_trace_disconnect (device, "PhyRxEnd", G_CALLBACK (border_phy_rx_end),
                            self);
      cns_trace_disconnect (device, "PhyRxDrop",
                            G_CALLBACK (border_phy_rx_drop), self);
    }
  g_clear_pointer (&self->borders, g_hash_table_unref);
}

static void
probe_connect (CnsFlowProbe *probe, gpointer object, const gchar *name,
               GCallback callback)
{
  g_autoptr (GError) error = NULL;

  if (cns_trace_connect (object, name, callback, probe, &error) == 0)
    g_critical ("cns_flow_monitor_add_node: %s", error->message);
}

/**
 * cns_flow_probe_new:
 * @monitor: the monitor the probe reports to
 * @ipv4: @node's IPv4 layer
 * @node: a node
 *
 * Returns: (transfer full): a probe connected to @ipv4's trace sources
 * and to the MacTxDrop of @node's devices.
 */
CnsFlowProbe *
cns_flow_probe_new (CnsFlowMonitor *monitor, CnsIpv4L3Protocol *ipv4,
                    CnsNode *node)
{
  CnsFlowProbe *probe = g_new0 (CnsFlowProbe, 1);

  probe->monitor = monitor;
  probe->ipv4 = g_object_ref (ipv4);
  probe->devices = g_ptr_array_new_with_free_func (g_object_unref);
  probe_connect (probe, ipv4, "SendOutgoing", G_CALLBACK (probe_send_outgoing));
  probe_connect (probe, ipv4, "UnicastForward",
                 G_CALLBACK (probe_unicast_forward));
  probe_connect (probe, ipv4, "LocalDeliver", G_CALLBACK (probe_local_deliver));
  probe_connect (probe, ipv4, "Drop", G_CALLBACK (probe_drop));
  for (guint32 i = 0; i < cns_node_get_n_devices (node); i++)
    {
      CnsNetDevice *device = cns_node_get_device (node, i);

      if (cns_trace_source_find (G_OBJECT_TYPE (device), "MacTxDrop") == NULL)
        continue;
      probe_connect (probe, device, "MacTxDrop",
                     G_CALLBACK (probe_mac_tx_drop));
      g_ptr_array_add (probe->devices, g_object_ref (device));
    }
  return probe;
}

/**
 * cns_flow_probe_register_tag:
 *
 * Registers the flow tag and the send-time tag by name, so that a
 * tagged packet arriving from another rank finds them.
 */
void
cns_flow_probe_register_tag (void)
{
  cns_tag_class_register (&flow_tag_class);
  cns_send_time_tag_register ();
}
