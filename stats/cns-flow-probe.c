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
 * Where the statistics go. Each node keeps a table of flows of its own
 * (cns-flow-classifier.c): a flow's packets are classified, counted as
 * sent and tracked in flight in the table of the node that sends them;
 * what a sink receives (delays, jitter, histograms) in the sink's table,
 * since jitter and interruptions come from its consecutive arrivals; a
 * drop or a loss in the table where the packet is tracked. The tables
 * are merged when the statistics are read (cns-flow-monitor-merge.c).
 *
 * Parallel runs. On threads, the nodes are split into logical processes
 * (LPs) that different threads run at once, and nodes of one LP never
 * run at once. A packet is tracked in the table of a node of the LP it
 * is in, so only that LP's events touch its record. Where a packet
 * leaves for another LP (a link between LPs) or MPI rank (a remote
 * channel), its record is handed off on PhyTxBegin: retired, neither
 * received nor lost, and its tag takes what the record held (when it was
 * last seen, its forwards) and the flow's name. The other side takes it
 * over when its last bit arrives (PhyRxEnd, or PhyRxDrop for a corrupt
 * frame): a record in the receiving node's table, made at the first
 * packet of the flow to arrive there, with what the tag carried, and a
 * tag naming it; the next probe to see it goes on as sequentially. The
 * sending side notes each handed-off packet on its wire until it
 * arrives, so that a packet on the wire when the statistics are read is
 * found lost, or not, exactly as a sequential run finds it. So the
 * statistics of any number of threads and ranks are the sequential
 * run's. On threads the monitor watches the point-to-point devices of
 * the nodes it probes, which already trace MacTxDrop (watching adds no
 * event); a packet must leave and enter an LP at probed nodes to be
 * followed (cns_flow_monitor_helper_install_all() probes every node).
 * Under MPI it watches every device of the rank on a remote channel.
 */
#include "stats/cns-flow-probe-private.h"

#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-parallel.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "internet/cns-ipv4-header.h"
#include "network/cns-net-device.h"
#include "network/cns-node.h"
#include "network/cns-packet.h"
#include "network/cns-point-to-point-net-device.h"
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

/* The packet tag, in one of two forms. Followed (hops 0): packet
 * @packet of @record, the flow at index @flow in the table of node @node
 * on rank @rank, whose record says when the packet was last seen and how
 * often forwarded. Crossing to another LP or rank (hops > 0): the record
 * stayed behind, so the tag carries when the packet was last seen and its
 * hops - 1 forwards, and names the flow: index @flow at its source node
 * @node. @monitor is the monitor's serial, the same on every rank. The
 * send time is in the send-time tag, which the delay monitor shares. A
 * tag points at its record, which every later hop reads, so that
 * following a packet costs no lookup; a record lives as long as its
 * monitor. */
typedef struct
{
  guint32 packet;
  guint32 flow;
  union
  {
    CnsFlowRecord *record;
    CnsTime last_seen;
  };
  guint32 node;
  guint16 rank;
  guint8 monitor;
  guint8 hops;
} FlowTag;

G_STATIC_ASSERT (sizeof (FlowTag) <= CNS_TAG_MAX_SIZE);
/* probe records are found by flow name, a 64-bit key in a pointer */
G_STATIC_ASSERT (sizeof (gpointer) >= sizeof (guint64));

/* The most forwards a crossing tag counts: a TTL allows 254. */
#define MAX_TAG_FORWARDS 254

static void
flow_tag_print (gconstpointer data, GString *out)
{
  const FlowTag *tag = data;
  gchar time[CNS_TIME_STRING_SIZE];

  if (tag->hops == 0)
    {
      g_string_append_printf (out, "flow=%u@%u packet=%u", tag->flow, tag->node,
                              tag->packet);
      return;
    }
  cns_time_format (tag->last_seen, time);
  g_string_append_printf (out, "flow=%u@%u seen=%s forwards=%u", tag->flow,
                          tag->node, time, tag->hops - 1u);
}

static const CnsTagClass flow_tag_class = {
  "CnsFlowMonitorTag",
  sizeof (FlowTag),
  flow_tag_print,
};

/* Tags @packet as the newest packet @flow tracks. */
static void
tag_newest_packet (CnsFlowMonitor *self, const CnsFlowRecord *flow,
                   CnsPacket *packet)
{
  FlowTag tag;

  memset (&tag, 0, sizeof tag);
  tag.packet = flow->next - 1;
  tag.flow = flow->index;
  tag.record = (CnsFlowRecord *) flow;
  tag.node = flow->node;
  tag.rank = self->rank;
  tag.monitor = self->serial;
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &tag);
}

static gboolean monitor_is_other_lp (CnsFlowMonitor *self, guint32 node);

/* The record a followed tag names, NULL when it is another rank's (a
 * packet that left its rank without its tag handed off), or, on threads,
 * another LP's: a packet that crossed between threads at nodes the
 * monitor does not watch, which it cannot follow without racing that
 * LP's thread. A node reads only the record's node, set when it was
 * made. */
static inline CnsFlowRecord *
monitor_tag_record (CnsFlowMonitor *self, const FlowTag *tag,
                    const CnsFlowClassifier *here)
{
  if (G_UNLIKELY (tag->rank != self->rank))
    return NULL;
  if (G_UNLIKELY (self->parallel) && tag->record->node != here->node
      && monitor_is_other_lp (self, tag->record->node))
    return NULL;
  return tag->record;
}

/* Whether @node is another LP's, and then warns once. */
static G_GNUC_NO_INLINE gboolean
monitor_is_other_lp (CnsFlowMonitor *self, guint32 node)
{
  if (!cns_simulator_is_handover (node))
    return FALSE;
  if (g_atomic_int_compare_and_exchange (&self->warned, 0, 1))
    g_warning ("flow monitor: a packet tracked at node %u went to another "
               "logical process at nodes without probes and is no longer "
               "followed: on threads, probe both ends of every link "
               "between logical processes (cns_flow_monitor_helper_"
               "install_all() probes every node)",
               node);
  return TRUE;
}

/* The probe records are found by the flow's name. */
static guint
name_hash (gconstpointer key)
{
  guint64 name = GPOINTER_TO_SIZE (key);

  return (guint) (name >> 32) * 0x9e3779b1u ^ (guint) name;
}

/**
 * cns_flow_probe_records_find:
 * @records: (inout): the records, by flow; made at the first
 * @index: (inout): flow -> position + 1 in @records; made at the first
 * @flow: a flow's name, or id in a report
 *
 * Returns: (transfer none): the record of @flow, new and zero when
 * there was none.
 */
CnsFlowProbeRecord *
cns_flow_probe_records_find (GArray **records, GHashTable **index, guint64 flow)
{
  guint position;

  if (*index == NULL)
    {
      *index = g_hash_table_new (name_hash, g_direct_equal);
      *records = g_array_new (FALSE, TRUE, sizeof (CnsFlowProbeRecord));
    }
  position = GPOINTER_TO_UINT (
      g_hash_table_lookup (*index, GSIZE_TO_POINTER (flow)));
  if (position == 0)
    {
      CnsFlowProbeRecord record = { flow, 0, 0, 0, NULL };

      g_array_append_val (*records, record);
      position = (*records)->len;
      g_hash_table_insert (*index, GSIZE_TO_POINTER (flow),
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
  record = cns_flow_probe_records_find (&probe->flows, &probe->index,
                                        flow->source);
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
  flow = cns_flow_classifier_classify (probe->table, &tuple, now);
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  cns_flow_record_track (flow, now, now, self->max_per_hop_delay);
  tag_newest_packet (self, flow, packet);
  cns_send_time_tag_set (packet, now);

  flow->stats.time_last_tx = now;
  flow->stats.tx_packets++;
  flow->stats.tx_bytes += size;
  probe_add_packet (probe, flow, size, 0);
}

/* Whether a packet last seen at @last_seen and handed off since was
 * found lost on its wire by a check for lost packets (see
 * cns_flow_border_check_lost()): every check came before it arrived,
 * so one as late as MaxPerHopDelay after @last_seen found it. */
static gboolean
monitor_lost_on_wire (CnsFlowMonitor *self, CnsTime last_seen)
{
  return self->last_check >= 0
         && self->last_check - last_seen >= self->max_per_hop_delay;
}

/* A crossing packet seen first by @probe, not taken over where it
 * arrived: gets a record in the probe's table, and when it @goes_on (and
 * the tag can be changed) a tag naming it. NULL when it was unseen for
 * MaxPerHopDelay, which makes it lost now, unless a check found it lost
 * on the wire already; its tag goes so that it is counted once. */
static CnsFlowTracked *
probe_take_over (CnsFlowProbe *probe, CnsPacket *packet, const FlowTag *tag,
                 CnsTime now, gboolean goes_on, CnsFlowRecord **flow_out)
{
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowTracked *t;
  CnsFlowRecord *flow;

  if ((goes_on && !cns_packet_is_writable (packet))
      || (flow = cns_flow_classifier_lookup_source (
              probe->table, CNS_FLOW_SOURCE (tag->node, tag->flow)))
             == NULL)
    return NULL;
  /* lost already on the wire, or now */
  if (monitor_lost_on_wire (self, tag->last_seen)
      || now - tag->last_seen >= self->max_per_hop_delay)
    {
      if (!monitor_lost_on_wire (self, tag->last_seen))
        flow->stats.lost_packets++;
      if (goes_on)
        cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
      return NULL;
    }
  t = cns_flow_record_track (flow, now, now, self->max_per_hop_delay);
  t->times_forwarded = tag->hops - 1u;
  if (goes_on)
    tag_newest_packet (self, flow, packet);
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
  if ((flow = monitor_tag_record (self, tag, probe->table)) == NULL
      || (t = cns_flow_record_find_tracked (flow, tag->packet)) == NULL)
    return NULL;
  if (now - t->last_seen >= self->max_per_hop_delay)
    {
      CNS_LOG_LOGIC ("flow %u@%u packet %u unseen since %" G_GINT64_FORMAT
                     " ps: lost",
                     tag->flow, tag->node, tag->packet, t->last_seen);
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

/* The record in @probe's table of @flow, whose packet the probe's node
 * receives: where its arrivals are counted. The last one is kept in
 * @flow, which only this LP's events touch. */
static inline CnsFlowRecord *
probe_sink (CnsFlowProbe *probe, CnsFlowRecord *flow)
{
  if (flow->node == probe->table->node)
    return flow;
  if (G_UNLIKELY (flow->sink == NULL || flow->sink->node != probe->table->node))
    flow->sink = cns_flow_classifier_lookup_source (probe->table, flow->source);
  return flow->sink;
}

static void
probe_local_deliver (gpointer source, const CnsIpv4Header *header,
                     CnsPacket *packet, guint32 interface, gpointer user_data)
{
  CnsFlowProbe *probe = user_data;
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowStats *stats;
  FlowTag tag;
  CnsFlowRecord *flow, *sink;
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

  sink = probe_sink (probe, flow);
  stats = &sink->stats;
  stats->delay_sum += delay;
  cns_histogram_add_time (&sink->delay, delay,
                          cns_histogram_time_bin_width (self->delay_bin_width));
  if (stats->rx_packets > 0)
    {
      CnsTime jitter = ABS (stats->last_delay - delay);
      CnsTime gap = now - stats->time_last_rx;

      stats->jitter_sum += jitter;
      cns_histogram_add_time (
          &sink->jitter, jitter,
          cns_histogram_time_bin_width (self->jitter_bin_width));
      if (gap > self->interruptions_min_time)
        cns_histogram_add_time (
            &sink->interruptions, gap,
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
  cns_histogram_add (&sink->size,
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
  CNS_LOG_LOGIC ("a packet of flow %u@%u dropped, reason %d", flow->index,
                 flow->node, reason);
  flow->stats.lost_packets++;
  cns_flow_drops_add (&flow->drops, reason, 1, size);
  if (probe->monitor->probe_statistics)
    cns_flow_drops_add (&cns_flow_probe_records_find (
                             &probe->flows, &probe->index, flow->source)
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

/* Whether a frame on @border's device goes to, or came from, another
 * LP or rank. */
static inline gboolean
border_is_crossing (const CnsFlowBorder *border)
{
  return border->remote || cns_simulator_is_handover (border->peer);
}

/* Notes a packet handed off on the wire, which the peer takes over at
 * @arrival; forgets those that arrived before now. */
static void
border_wire_push (CnsFlowBorder *border, CnsFlowRecord *flow, CnsTime last_seen,
                  CnsTime arrival, CnsTime now)
{
  GArray *wire = border->wire;
  CnsFlowWire entry = { flow, last_seen, arrival };

  while (border->head < wire->len
         && g_array_index (wire, CnsFlowWire, border->head).arrival < now)
    border->head++;
  if (border->head == wire->len)
    {
      g_array_set_size (wire, 0);
      border->head = 0;
    }
  else if (border->head >= 64 && border->head >= wire->len / 2)
    {
      g_array_remove_range (wire, 0, border->head);
      border->head = 0;
    }
  g_array_append_val (wire, entry);
}

/**
 * cns_flow_border_check_lost:
 * @border: a border
 * @now: the time
 * @max_delay: MaxPerHopDelay
 *
 * Counts as lost, where they were tracked, the packets handed off on
 * @border's wire that have not arrived at @now (their arrival is an
 * event not run yet) and went unseen for @max_delay, as a sequential
 * run counts them; the takeover of such a packet, when its run goes on,
 * knows it from the time of the check. Forgets the packets that
 * arrived.
 */
void
cns_flow_border_check_lost (CnsFlowBorder *border, CnsTime now,
                            CnsTime max_delay)
{
  GArray *wire = border->wire;
  guint kept = 0;

  for (guint i = border->head; i < wire->len; i++)
    {
      CnsFlowWire *entry = &g_array_index (wire, CnsFlowWire, i);

      if (entry->arrival < now)
        continue;
      if (now - entry->last_seen >= max_delay)
        {
          entry->flow->stats.lost_packets++;
          continue;
        }
      g_array_index (wire, CnsFlowWire, kept++) = *entry;
    }
  g_array_set_size (wire, kept);
  border->head = 0;
}

/* When a frame starting now on @border's device arrives at the peer. */
static CnsTime
border_arrival (CnsFlowBorder *border, CnsPacket *packet, CnsTime now)
{
  CnsPointToPointNetDevice *device
      = CNS_POINT_TO_POINT_NET_DEVICE (border->device);
  CnsPointToPointChannel *channel = CNS_POINT_TO_POINT_CHANNEL (
      cns_net_device_get_channel (border->device));

  return now
         + cns_data_rate_bytes_tx_time (
             cns_point_to_point_net_device_get_data_rate (device),
             cns_packet_get_size (packet))
         + cns_point_to_point_channel_get_delay (channel);
}

/* A frame leaves for another LP or rank: its record here is handed off
 * to the tag (see the top of the file). A frame that cannot take the tag
 * stays tracked here, and will count as lost. */
static void
border_phy_tx_begin (gpointer source, CnsPacket *packet, gpointer user_data)
{
  CnsFlowBorder *border = user_data;
  CnsFlowMonitor *self = border->monitor;
  CnsTime now;
  FlowTag tag, crossing;
  CnsFlowTracked *t;
  CnsFlowRecord *flow;

  if (!border_is_crossing (border)
      || !cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial || tag.hops > 0
      || (flow = monitor_tag_record (self, &tag, border->table)) == NULL
      || !cns_packet_is_writable (packet))
    return;
  now = cns_simulator_now ();
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
  crossing.flow = CNS_FLOW_SOURCE_INDEX (flow->source);
  crossing.node = CNS_FLOW_SOURCE_NODE (flow->source);
  crossing.rank = self->rank;
  crossing.monitor = self->serial;
  crossing.hops = (guint8) (MIN (t->times_forwarded, MAX_TAG_FORWARDS) + 1);
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &crossing);
  border_wire_push (border, flow, t->last_seen,
                    border_arrival (border, packet, now), now);
  cns_flow_record_retire (flow, t);
}

/* A frame from another LP or rank arrived: taken over, unseen yet (its
 * record keeps the time it was last seen on the other side), so that it
 * is followed here even across nodes without probes, and when it arrived
 * corrupt (@corrupt) is found lost as a sequential run finds it. A packet
 * a check found lost on the wire stays lost. */
static void
border_take_over (CnsFlowBorder *border, CnsPacket *packet, gboolean corrupt)
{
  CnsFlowMonitor *self = border->monitor;
  FlowTag tag;
  CnsFlowTracked *t;
  CnsFlowRecord *flow;

  if (!border_is_crossing (border)
      || !cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial || tag.hops == 0
      || (!corrupt && !cns_packet_is_writable (packet)))
    return;
  if (monitor_lost_on_wire (self, tag.last_seen))
    {
      if (!corrupt)
        cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
      return;
    }
  if ((flow = cns_flow_classifier_lookup_source (
           border->table, CNS_FLOW_SOURCE (tag.node, tag.flow)))
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

static void
border_free (gpointer data)
{
  CnsFlowBorder *border = data;

  cns_trace_disconnect (border->device, "PhyTxBegin",
                        G_CALLBACK (border_phy_tx_begin), border);
  cns_trace_disconnect (border->device, "PhyRxEnd",
                        G_CALLBACK (border_phy_rx_end), border);
  cns_trace_disconnect (border->device, "PhyRxDrop",
                        G_CALLBACK (border_phy_rx_drop), border);
  g_array_unref (border->wire);
  g_object_unref (border->device);
  g_free (border);
}

/* Watches @device of @node, on a link to @peer: a remote channel's
 * when @remote. */
static void
monitor_watch_border (CnsFlowMonitor *self, CnsNode *node, CnsNetDevice *device,
                      guint32 peer, gboolean remote)
{
  g_autoptr (GError) error = NULL;
  CnsFlowBorder *border;

  if (self->bordered == NULL)
    {
      self->bordered = g_hash_table_new (g_direct_hash, g_direct_equal);
      self->borders = g_ptr_array_new_with_free_func (border_free);
    }
  if (g_hash_table_contains (self->bordered, device))
    return;
  border = g_new0 (CnsFlowBorder, 1);
  border->monitor = self;
  border->device = g_object_ref (device);
  border->table
      = cns_flow_classifier_table_get (self->tables, cns_node_get_id (node));
  border->peer = peer;
  border->remote = remote;
  border->wire = g_array_new (FALSE, FALSE, sizeof (CnsFlowWire));
  if (cns_trace_connect (device, "PhyTxBegin", G_CALLBACK (border_phy_tx_begin),
                         border, &error)
          == 0
      || cns_trace_connect (device, "PhyRxEnd", G_CALLBACK (border_phy_rx_end),
                            border, &error)
             == 0
      || cns_trace_connect (device, "PhyRxDrop",
                            G_CALLBACK (border_phy_rx_drop), border, &error)
             == 0)
    g_critical ("cns_flow_monitor_add_node: %s", error->message);
  g_ptr_array_add (self->borders, border);
  g_hash_table_add (self->bordered, device);
}

/* Under MPI: watches the devices of @node where packets cross between
 * ranks, @node's probe or not: a packet must be handed off wherever it
 * leaves. */
static void
monitor_watch_remote_borders (CnsFlowMonitor *self, CnsNode *node)
{
  if (!cns_node_is_local (node))
    return;
  for (guint32 i = 0; i < cns_node_get_n_devices (node); i++)
    {
      CnsNetDevice *device = cns_node_get_device (node, i);

      if (CNS_IS_POINT_TO_POINT_REMOTE_CHANNEL (
              cns_net_device_get_channel (device)))
        monitor_watch_border (self, node, device, CNS_CONTEXT_NONE, TRUE);
    }
}

/* On threads: watches the point-to-point devices of @node, probed, where
 * packets may cross between LPs: which ones is known only when the run
 * starts. Its devices trace MacTxDrop already, so watching them adds no
 * event. */
static void
monitor_watch_lp_borders (CnsFlowMonitor *self, CnsNode *node)
{
  for (guint32 i = 0; i < cns_node_get_n_devices (node); i++)
    {
      CnsNetDevice *device = cns_node_get_device (node, i);
      CnsChannel *channel = cns_net_device_get_channel (device);
      CnsPointToPointNetDevice *peer;
      CnsNode *peer_node;

      if (!CNS_IS_POINT_TO_POINT_NET_DEVICE (device)
          || !CNS_IS_POINT_TO_POINT_CHANNEL (channel)
          || CNS_IS_POINT_TO_POINT_REMOTE_CHANNEL (channel)
          || (peer = cns_point_to_point_channel_get_peer (
                  CNS_POINT_TO_POINT_CHANNEL (channel),
                  CNS_POINT_TO_POINT_NET_DEVICE (device)))
                 == NULL
          || (peer_node = cns_net_device_get_node (CNS_NET_DEVICE (peer)))
                 == NULL)
        continue;
      monitor_watch_border (self, node, device, cns_node_get_id (peer_node),
                            FALSE);
    }
}

/**
 * cns_flow_probe_watch_borders:
 * @self: a monitor
 * @node: the node just given a probe
 *
 * In a distributed run, the first node added has the monitor watch the
 * remote devices of every node of the rank, and each node added its own
 * (those of nodes made after the first was added). In a run on threads,
 * the monitor watches the point-to-point devices of @node.
 */
void
cns_flow_probe_watch_borders (CnsFlowMonitor *self, CnsNode *node)
{
  if (self->parallel)
    monitor_watch_lp_borders (self, node);
  if (cns_mpi_get_size () <= 1)
    return;
  if (self->probes->len == 1)
    for (guint32 i = 0; i < cns_node_list_get_n_nodes (); i++)
      monitor_watch_remote_borders (self, cns_node_list_get_node (i));
  monitor_watch_remote_borders (self, node);
}

/**
 * cns_flow_probe_unwatch_borders:
 * @self: a monitor
 *
 * Disconnects the monitor from the devices where packets cross.
 */
void
cns_flow_probe_unwatch_borders (CnsFlowMonitor *self)
{
  g_clear_pointer (&self->borders, g_ptr_array_unref);
  g_clear_pointer (&self->bordered, g_hash_table_unref);
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
  probe->table = cns_flow_classifier_table_get (monitor->tables,
                                                cns_node_get_id (node));
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
