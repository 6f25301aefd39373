/* cns — per-flow statistics gathered at the IPv4 layer of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's FlowMonitor with its Ipv4FlowClassifier and Ipv4FlowProbe. A
 * probe on a node connects to the node's IPv4 trace sources and to the
 * MacTxDrop trace of its devices:
 *
 *   SendOutgoing: a unicast UDP or TCP datagram leaving its source is
 *     classified by its 5-tuple (one hash lookup), gets the next packet
 *     id of its flow and a packet tag (flow id, packet id, send time),
 *     and is tracked as in flight;
 *   UnicastForward: a tracked packet was forwarded once more, and seen;
 *   LocalDeliver: a tracked packet arrived: delay, jitter, histograms;
 *   Drop and MacTxDrop: a tracked packet was dropped, with its reason.
 *
 * Later hops find the flow and packet by the ids in the tag, without
 * hashing. Sizes count the IPv4 header, as ns-3's do. A packet counts
 * once: as received, as dropped, or as lost when it was not seen for
 * MaxPerHopDelay (checked by cns_flow_monitor_check_for_lost_packets()
 * and before writing the XML). ns-3 also counts each dropped fragment of
 * a datagram, and drops of packets no longer tracked; here a packet that
 * is no longer in flight is not counted again, so tx = rx + lost + in
 * flight holds exactly.
 *
 * Per packet nothing is allocated beyond amortised arrays: each flow
 * keeps its packets in flight in a ring indexed by packet id, and its
 * histograms as arrays over the range of bins used (delays cluster, so a
 * flow's delay histogram is a few bins even where its delays are
 * hundreds of bin widths). A ring that fills up first retires its oldest
 * packets that have gone unseen for MaxPerHopDelay, as lost, and doubles
 * only when that frees nothing, so no periodic event is needed (which
 * would keep a simulation without a stop time from ending).
 *
 * Per-probe statistics (ns-3's FlowProbes element) cost one more hash
 * lookup per packet and hop and a record per flow and probe; the
 * ProbeStatistics attribute turns them off for large runs.
 *
 * The XML output follows ns-3's structure and attribute names, so that
 * ns-3's flow-monitor scripts read it. Times are written exactly, in
 * nanoseconds with a decimal part ("+7000000.0ns"), where ns-3 writes six
 * significant digits; both parse as "+<float>ns".
 *
 * One monitor per simulation, as in ns-3. Each tag names the monitor
 * that added it, and a monitor ignores the tags of others: a second
 * monitor on the same sources would take their packets from the first,
 * and in a distributed run a rank's monitor follows the packets its
 * nodes send only while they stay on the rank.
 */
#include "internet/cns-flow-monitor.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "core/cns-xml-writer.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "network/cns-net-device.h"
#include "network/cns-packet.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-flow-monitor");

#define DEFAULT_MAX_PER_HOP_DELAY            (10 * CNS_TIME_PS_PER_S)
#define DEFAULT_DELAY_BIN_WIDTH              0.001
#define DEFAULT_JITTER_BIN_WIDTH             0.001
#define DEFAULT_PACKET_SIZE_BIN_WIDTH        20.0
#define DEFAULT_FLOW_INTERRUPTIONS_BIN_WIDTH 0.25
#define DEFAULT_FLOW_INTERRUPTIONS_MIN_TIME  (CNS_TIME_PS_PER_S / 2)
#define DEFAULT_PROBE_STATISTICS             TRUE

/* The smallest bin width of a histogram of times, in seconds: one
 * picosecond, the resolution of CnsTime. */
#define MIN_TIME_BIN_WIDTH 1e-12
/* The largest: a million seconds, whose picoseconds fit a gint64. */
#define MAX_TIME_BIN_WIDTH 1e6

/* The largest bin index: a value beyond it counts in it. */
#define MAX_BIN_INDEX ((guint64) G_MAXINT32)

#define IP_PROTOCOL_TCP 6
#define IP_PROTOCOL_UDP 17

enum
{
  PROP_0,
  PROP_MAX_PER_HOP_DELAY,
  PROP_DELAY_BIN_WIDTH,
  PROP_JITTER_BIN_WIDTH,
  PROP_PACKET_SIZE_BIN_WIDTH,
  PROP_FLOW_INTERRUPTIONS_BIN_WIDTH,
  PROP_FLOW_INTERRUPTIONS_MIN_TIME,
  PROP_PROBE_STATISTICS,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* The packet tag: which packet of which flow of which monitor, and when
 * it was sent. */
typedef struct
{
  CnsTime sent;
  guint32 flow_id;
  guint32 packet_id;
  guint64 monitor;
} FlowTag;

/* Counts of bins first .. first + n - 1; the others are zero. */
typedef struct
{
  guint32 *counts;
  guint32 first;
  guint32 n;
  guint32 capacity;
} Histogram;

/* Drops by reason, allocated at a flow's or probe's first drop; n_reasons
 * is one more than the highest reason seen (ns-3 writes that many). */
typedef struct
{
  guint32 packets[CNS_FLOW_N_DROP_REASONS];
  guint64 bytes[CNS_FLOW_N_DROP_REASONS];
  guint32 n_reasons;
} Drops;

/* A packet in flight. */
typedef struct
{
  CnsTime last_seen;
  guint32 times_forwarded;
  gboolean in_flight;
} Tracked;

typedef struct
{
  CnsFlowFiveTuple tuple; /* the key of by_tuple */
  guint32 id;
  CnsFlowStats stats;
  /* packets head .. next - 1 at ring[id & ring_mask]; the ring has
   * ring_mask + 1 entries, or none while ring_mask is 0 and ring NULL */
  Tracked *ring;
  guint32 ring_mask;
  guint32 head;
  guint32 next;
  Histogram delay, jitter, size, interruptions;
  Drops *drops;
} Flow;

/* What one probe saw of one flow. */
typedef struct
{
  guint32 flow_id;
  guint32 packets;
  guint64 bytes;
  CnsTime delay_sum; /* of the delays since the first probe */
  Drops *drops;
} ProbeFlow;

typedef struct
{
  CnsFlowMonitor *monitor;
  CnsIpv4L3Protocol *ipv4; /* referenced */
  GPtrArray *devices;      /* referenced, their MacTxDrop connected */
  GHashTable *index;       /* flow id -> position + 1 in @flows */
  GArray *flows;           /* ProbeFlow */
} Probe;

struct _CnsFlowMonitor
{
  CnsObject parent_instance;

  GPtrArray *flows;     /* Flow; flow id i is at i - 1 */
  GHashTable *by_tuple; /* CnsFlowFiveTuple -> Flow, keys in the flows */
  GPtrArray *probes;    /* Probe */
  GHashTable *by_node;  /* CnsNode -> Probe */
  GArray *dense;        /* what get_delay_histogram() returned last */
  guint64 stamp;        /* names the monitor in the tags it adds */
  CnsTime max_per_hop_delay;
  gdouble delay_bin_width;
  gdouble jitter_bin_width;
  gdouble packet_size_bin_width;
  gdouble interruptions_bin_width;
  CnsTime interruptions_min_time;
  gboolean probe_statistics;
};

G_DEFINE_FINAL_TYPE (CnsFlowMonitor, cns_flow_monitor, CNS_TYPE_OBJECT)

static void cns_flow_monitor_set_property (GObject *object, guint prop_id,
                                           const GValue *value,
                                           GParamSpec *pspec);
static void cns_flow_monitor_get_property (GObject *object, guint prop_id,
                                           GValue *value, GParamSpec *pspec);
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

static void
flow_tag_print (gconstpointer data, GString *out)
{
  const FlowTag *tag = data;
  gchar sent[CNS_TIME_STRING_SIZE];

  cns_time_format (tag->sent, sent);
  g_string_append_printf (out, "flow=%u packet=%u sent=%s", tag->flow_id,
                          tag->packet_id, sent);
}

static const CnsTagClass flow_tag_class = {
  "CnsFlowMonitorTag",
  sizeof (FlowTag),
  flow_tag_print,
};

/* ---- histograms ---- */

static void
histogram_add (Histogram *h, guint64 index64)
{
  guint32 index = (guint32) MIN (index64, MAX_BIN_INDEX);

  if (h->n == 0)
    {
      if (h->capacity == 0)
        {
          h->capacity = 4;
          h->counts = g_new0 (guint32, h->capacity);
        }
      h->first = index;
      h->n = 1;
    }
  else if (index < h->first)
    {
      guint32 grow = h->first - index;

      if (h->n + grow > h->capacity)
        {
          h->capacity = MAX (h->n + grow, 2 * h->capacity);
          h->counts = g_renew (guint32, h->counts, h->capacity);
        }
      memmove (h->counts + grow, h->counts, h->n * sizeof (guint32));
      memset (h->counts, 0, grow * sizeof (guint32));
      h->first = index;
      h->n += grow;
    }
  else if (index - h->first >= h->n)
    {
      guint32 n = index - h->first + 1;

      if (n > h->capacity)
        {
          h->capacity = MAX (n, 2 * h->capacity);
          h->counts = g_renew (guint32, h->counts, h->capacity);
        }
      memset (h->counts + h->n, 0, (n - h->n) * sizeof (guint32));
      h->n = n;
    }
  h->counts[index - h->first]++;
}

/* A bin width in seconds as picoseconds, so that times fall in bins by
 * exact integer division. */
static gint64
time_bin_width (gdouble seconds)
{
  return MAX ((gint64) (seconds * (gdouble) CNS_TIME_PS_PER_S + 0.5), 1);
}

static void
histogram_add_time (Histogram *h, CnsTime value, gdouble width)
{
  histogram_add (h,
                 (guint64) MAX (value, 0) / (guint64) time_bin_width (width));
}

static void
histogram_clear (Histogram *h)
{
  g_clear_pointer (&h->counts, g_free);
  h->first = h->n = h->capacity = 0;
}

/* ---- flows ---- */

static guint
five_tuple_hash (gconstpointer key)
{
  const CnsFlowFiveTuple *t = key;
  guint h = t->source.value;

  h = h * 31u + t->destination.value;
  h = h * 31u + t->protocol;
  h = h * 31u + ((guint) t->source_port << 16 | t->destination_port);
  return h ^ (h >> 15);
}

static gboolean
five_tuple_equal (gconstpointer a, gconstpointer b)
{
  const CnsFlowFiveTuple *x = a, *y = b;

  return x->source.value == y->source.value
         && x->destination.value == y->destination.value
         && x->protocol == y->protocol && x->source_port == y->source_port
         && x->destination_port == y->destination_port;
}

static void
flow_free (gpointer data)
{
  Flow *flow = data;

  g_free (flow->ring);
  histogram_clear (&flow->delay);
  histogram_clear (&flow->jitter);
  histogram_clear (&flow->size);
  histogram_clear (&flow->interruptions);
  g_free (flow->drops);
  g_free (flow);
}

static inline Flow *
monitor_peek_flow (CnsFlowMonitor *self, guint32 flow_id)
{
  return flow_id - 1 < self->flows->len ? self->flows->pdata[flow_id - 1]
                                        : NULL;
}

/* The flow of a packet's tag, or NULL when the tag is not this
 * monitor's. */
static inline Flow *
monitor_tag_flow (CnsFlowMonitor *self, const FlowTag *tag)
{
  return tag->monitor == self->stamp ? monitor_peek_flow (self, tag->flow_id)
                                     : NULL;
}

/* The in-flight record of packet @id of @flow, or NULL when the packet is
 * no longer (or never was) in flight. */
static inline Tracked *
flow_find_tracked (Flow *flow, guint32 id)
{
  Tracked *t;

  if (id - flow->head >= flow->next - flow->head)
    return NULL;
  t = &flow->ring[id & flow->ring_mask];
  return t->in_flight ? t : NULL;
}

/* Moves the head past packets no longer in flight. */
static void
flow_advance_head (Flow *flow)
{
  while (flow->head != flow->next
         && !flow->ring[flow->head & flow->ring_mask].in_flight)
    flow->head++;
}

static void
flow_retire (Flow *flow, Tracked *t)
{
  t->in_flight = FALSE;
  flow_advance_head (flow);
}

/* Counts as lost every packet of @flow in flight and unseen for
 * @max_delay at @now; only those at the head when @head_only. */
static void
flow_check_lost (Flow *flow, CnsTime now, CnsTime max_delay, gboolean head_only)
{
  for (guint32 id = flow->head; id != flow->next; id++)
    {
      Tracked *t = &flow->ring[id & flow->ring_mask];

      if (!t->in_flight)
        continue;
      if (now - t->last_seen >= max_delay)
        {
          t->in_flight = FALSE;
          flow->stats.lost_packets++;
        }
      else if (head_only)
        break;
    }
  flow_advance_head (flow);
}

/* Starts tracking the flow's next packet; returns its id. */
static guint32
flow_track (CnsFlowMonitor *self, Flow *flow, CnsTime now)
{
  guint32 capacity = flow->ring != NULL ? flow->ring_mask + 1 : 0;
  Tracked *t;

  if (flow->next - flow->head == capacity && capacity > 0)
    flow_check_lost (flow, now, self->max_per_hop_delay, TRUE);
  if (flow->next - flow->head == capacity)
    {
      guint32 grown = capacity > 0 ? 2 * capacity : 4;
      Tracked *ring = g_new (Tracked, grown);

      for (guint32 id = flow->head; id != flow->next; id++)
        ring[id & (grown - 1)] = flow->ring[id & flow->ring_mask];
      g_free (flow->ring);
      flow->ring = ring;
      flow->ring_mask = grown - 1;
    }
  t = &flow->ring[flow->next & flow->ring_mask];
  *t = (Tracked){ now, 0, TRUE };
  return flow->next++;
}

static Flow *
monitor_classify (CnsFlowMonitor *self, const CnsFlowFiveTuple *tuple)
{
  Flow *flow = g_hash_table_lookup (self->by_tuple, tuple);

  if (G_LIKELY (flow != NULL))
    return flow;
  flow = g_new0 (Flow, 1);
  flow->tuple = *tuple;
  g_ptr_array_add (self->flows, flow);
  flow->id = self->flows->len;
  g_hash_table_insert (self->by_tuple, &flow->tuple, flow);
  CNS_LOG_DEBUG ("flow %u: protocol %u, ports %u -> %u", flow->id,
                 tuple->protocol, tuple->source_port, tuple->destination_port);
  return flow;
}

static void
drops_add (Drops **drops, CnsFlowDropReason reason, guint32 size)
{
  if (*drops == NULL)
    *drops = g_new0 (Drops, 1);
  (*drops)->packets[reason]++;
  (*drops)->bytes[reason] += size;
  (*drops)->n_reasons = MAX ((*drops)->n_reasons, (guint32) reason + 1);
}

/* ---- probes ---- */

static ProbeFlow *
probe_flow (Probe *probe, guint32 flow_id)
{
  guint position;

  if (probe->index == NULL)
    {
      probe->index = g_hash_table_new (g_direct_hash, g_direct_equal);
      probe->flows = g_array_new (FALSE, TRUE, sizeof (ProbeFlow));
    }
  position = GPOINTER_TO_UINT (
      g_hash_table_lookup (probe->index, GUINT_TO_POINTER (flow_id)));
  if (position == 0)
    {
      ProbeFlow record = { flow_id, 0, 0, 0, NULL };

      g_array_append_val (probe->flows, record);
      position = probe->flows->len;
      g_hash_table_insert (probe->index, GUINT_TO_POINTER (flow_id),
                           GUINT_TO_POINTER (position));
    }
  return &g_array_index (probe->flows, ProbeFlow, position - 1);
}

static inline void
probe_add_packet (Probe *probe, guint32 flow_id, guint32 size, CnsTime delay)
{
  ProbeFlow *record;

  if (!probe->monitor->probe_statistics)
    return;
  record = probe_flow (probe, flow_id);
  record->packets++;
  record->bytes += size;
  record->delay_sum += delay;
}

static void
probe_free (gpointer data)
{
  Probe *probe = data;

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
  if (probe->flows != NULL)
    {
      for (guint i = 0; i < probe->flows->len; i++)
        g_free (g_array_index (probe->flows, ProbeFlow, i).drops);
      g_array_unref (probe->flows);
      g_hash_table_unref (probe->index);
    }
  g_free (probe);
}

/* Whether the monitor follows datagrams to @destination sent out of
 * @interface: not broadcasts or multicasts, whose copies ns-3 does not
 * follow either. */
static gboolean
probe_is_unicast (Probe *probe, CnsIpv4Address destination, guint32 interface)
{
  const CnsIpv4Interface *iface;

  if (cns_ipv4_address_is_broadcast (destination)
      || cns_ipv4_address_is_multicast (destination))
    return FALSE;
  iface = cns_ipv4_l3_protocol_peek_interface (probe->ipv4, interface);
  return iface == NULL || !cns_ipv4_interface_is_broadcast (iface, destination);
}

static void
probe_send_outgoing (gpointer source, const CnsIpv4Header *header,
                     CnsPacket *packet, guint32 interface, gpointer user_data)
{
  Probe *probe = user_data;
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowFiveTuple tuple;
  guint8 ports[4];
  CnsTime now;
  Flow *flow;
  FlowTag tag;
  guint32 size;

  /* ns-3's classifier: UDP and TCP only, with their ports */
  if ((header->protocol != IP_PROTOCOL_UDP
       && header->protocol != IP_PROTOCOL_TCP)
      || header->fragment_offset != 0
      || cns_packet_copy_data (packet, 0, ports, sizeof ports) < sizeof ports
      || !cns_packet_is_writable (packet)
      || !probe_is_unicast (probe, header->destination, interface))
    return;
  tuple = (CnsFlowFiveTuple){
    header->source,
    header->destination,
    header->protocol,
    (guint16) (ports[0] << 8 | ports[1]),
    (guint16) (ports[2] << 8 | ports[3]),
  };
  flow = monitor_classify (self, &tuple);
  now = cns_simulator_now ();
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  tag = (FlowTag){ now, flow->id, flow_track (self, flow, now), self->stamp };
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &tag);

  if (flow->stats.tx_packets == 0)
    flow->stats.time_first_tx = now;
  flow->stats.time_last_tx = now;
  flow->stats.tx_packets++;
  flow->stats.tx_bytes += size;
  probe_add_packet (probe, flow->id, size, 0);
}

static void
probe_unicast_forward (gpointer source, const CnsIpv4Header *header,
                       CnsPacket *packet, guint32 interface, gpointer user_data)
{
  Probe *probe = user_data;
  FlowTag tag;
  Flow *flow;
  Tracked *t;
  CnsTime now;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || (flow = monitor_tag_flow (probe->monitor, &tag)) == NULL
      || (t = flow_find_tracked (flow, tag.packet_id)) == NULL)
    return;
  now = cns_simulator_now ();
  t->times_forwarded++;
  t->last_seen = now;
  probe_add_packet (probe, flow->id,
                    cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE,
                    now - tag.sent);
}

static void
probe_local_deliver (gpointer source, const CnsIpv4Header *header,
                     CnsPacket *packet, guint32 interface, gpointer user_data)
{
  Probe *probe = user_data;
  CnsFlowMonitor *self = probe->monitor;
  CnsFlowStats *stats;
  FlowTag tag;
  Flow *flow;
  Tracked *t;
  CnsTime now, delay;
  guint32 size;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->stamp)
    return;
  /* the packet's journey ends here: a reply made of it is a new packet */
  if (cns_packet_is_writable (packet))
    cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
  if ((flow = monitor_peek_flow (self, tag.flow_id)) == NULL
      || (t = flow_find_tracked (flow, tag.packet_id)) == NULL)
    return;
  now = cns_simulator_now ();
  delay = now - tag.sent;
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  probe_add_packet (probe, flow->id, size, delay);

  stats = &flow->stats;
  stats->delay_sum += delay;
  histogram_add_time (&flow->delay, delay, self->delay_bin_width);
  if (stats->rx_packets > 0)
    {
      CnsTime jitter = ABS (stats->last_delay - delay);
      CnsTime gap = now - stats->time_last_rx;

      stats->jitter_sum += jitter;
      histogram_add_time (&flow->jitter, jitter, self->jitter_bin_width);
      if (gap > self->interruptions_min_time)
        histogram_add_time (&flow->interruptions, gap,
                            self->interruptions_bin_width);
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
  histogram_add (&flow->size, (guint64) (size / self->packet_size_bin_width));
  stats->rx_packets++;
  stats->time_last_rx = now;
  stats->times_forwarded += t->times_forwarded;
  flow_retire (flow, t);
}

/* A tracked packet of @tag was dropped at @probe. */
static void
probe_report_drop (Probe *probe, const FlowTag *tag, guint32 size,
                   CnsFlowDropReason reason)
{
  Flow *flow = monitor_tag_flow (probe->monitor, tag);
  Tracked *t = flow != NULL ? flow_find_tracked (flow, tag->packet_id) : NULL;

  if (t == NULL)
    return;
  CNS_LOG_LOGIC ("flow %u packet %u dropped, reason %d", tag->flow_id,
                 tag->packet_id, reason);
  flow->stats.lost_packets++;
  drops_add (&flow->drops, reason, size);
  if (probe->monitor->probe_statistics)
    drops_add (&probe_flow (probe, flow->id)->drops, reason, size);
  flow_retire (flow, t);
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
    probe_report_drop (user_data, &tag,
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
    probe_report_drop (user_data, &tag, cns_packet_get_size (packet),
                       CNS_FLOW_DROP_QUEUE);
}

/* ---- object ---- */

static void
cns_flow_monitor_dispose (GObject *object)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->by_node, g_hash_table_unref);
  G_OBJECT_CLASS (cns_flow_monitor_parent_class)->dispose (object);
}

static void
cns_flow_monitor_finalize (GObject *object)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  g_hash_table_unref (self->by_tuple);
  g_ptr_array_unref (self->flows);
  g_array_unref (self->dense);
  G_OBJECT_CLASS (cns_flow_monitor_parent_class)->finalize (object);
}

static GParamSpec *
bin_width_param (const gchar *name, const gchar *nick, const gchar *blurb,
                 gdouble minimum, gdouble maximum, gdouble default_value)
{
  return g_param_spec_double (name, nick, blurb, minimum, maximum,
                              default_value,
                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
cns_flow_monitor_class_init (CnsFlowMonitorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cns_flow_monitor_dispose;
  object_class->finalize = cns_flow_monitor_finalize;
  object_class->set_property = cns_flow_monitor_set_property;
  object_class->get_property = cns_flow_monitor_get_property;

  properties[PROP_MAX_PER_HOP_DELAY] = cns_param_spec_time (
      "max-per-hop-delay", "MaxPerHopDelay",
      "A packet in flight that no monitored node has seen for this long "
      "counts as lost",
      1, CNS_TIME_MAX, DEFAULT_MAX_PER_HOP_DELAY,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DELAY_BIN_WIDTH] = bin_width_param (
      "delay-bin-width", "DelayBinWidth",
      "The bin width of the delay histograms, in seconds; set it before "
      "the simulation runs",
      MIN_TIME_BIN_WIDTH, MAX_TIME_BIN_WIDTH, DEFAULT_DELAY_BIN_WIDTH);
  properties[PROP_JITTER_BIN_WIDTH] = bin_width_param (
      "jitter-bin-width", "JitterBinWidth",
      "The bin width of the jitter histograms, in seconds; set it before "
      "the simulation runs",
      MIN_TIME_BIN_WIDTH, MAX_TIME_BIN_WIDTH, DEFAULT_JITTER_BIN_WIDTH);
  properties[PROP_PACKET_SIZE_BIN_WIDTH] = bin_width_param (
      "packet-size-bin-width", "PacketSizeBinWidth",
      "The bin width of the packet size histograms, in bytes; set it "
      "before the simulation runs",
      1.0, 65536.0, DEFAULT_PACKET_SIZE_BIN_WIDTH);
  properties[PROP_FLOW_INTERRUPTIONS_BIN_WIDTH] = bin_width_param (
      "flow-interruptions-bin-width", "FlowInterruptionsBinWidth",
      "The bin width of the flow interruption histograms, in seconds; set "
      "it before the simulation runs",
      MIN_TIME_BIN_WIDTH, MAX_TIME_BIN_WIDTH,
      DEFAULT_FLOW_INTERRUPTIONS_BIN_WIDTH);
  properties[PROP_FLOW_INTERRUPTIONS_MIN_TIME] = cns_param_spec_time (
      "flow-interruptions-min-time", "FlowInterruptionsMinTime",
      "A gap between two arrivals of a flow longer than this is an "
      "interruption",
      0, CNS_TIME_MAX, DEFAULT_FLOW_INTERRUPTIONS_MIN_TIME,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROBE_STATISTICS] = g_param_spec_boolean (
      "probe-statistics", "ProbeStatistics",
      "Whether to keep what each node saw of each flow (the FlowProbes "
      "element): a record per flow and node on its path, and a hash lookup "
      "per packet and hop",
      DEFAULT_PROBE_STATISTICS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_tag_class_register (&flow_tag_class);
}

static void
cns_flow_monitor_init (CnsFlowMonitor *self)
{
  static guint serial;

  self->flows = g_ptr_array_new_with_free_func (flow_free);
  self->by_tuple = g_hash_table_new (five_tuple_hash, five_tuple_equal);
  self->probes = g_ptr_array_new_with_free_func (probe_free);
  self->by_node = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->dense = g_array_new (FALSE, TRUE, sizeof (guint32));
  self->max_per_hop_delay = DEFAULT_MAX_PER_HOP_DELAY;
  self->delay_bin_width = DEFAULT_DELAY_BIN_WIDTH;
  self->jitter_bin_width = DEFAULT_JITTER_BIN_WIDTH;
  self->packet_size_bin_width = DEFAULT_PACKET_SIZE_BIN_WIDTH;
  self->interruptions_bin_width = DEFAULT_FLOW_INTERRUPTIONS_BIN_WIDTH;
  self->interruptions_min_time = DEFAULT_FLOW_INTERRUPTIONS_MIN_TIME;
  self->probe_statistics = DEFAULT_PROBE_STATISTICS;
  /* unique in the process by the serial, and across the ranks of a
   * distributed run by the random half */
  self->stamp = (guint64) g_random_int () << 32 | ++serial;
}

/* ---- public API ---- */

/**
 * cns_flow_monitor_new:
 *
 * Usually made by a #CnsFlowMonitorHelper, which also adds the nodes.
 *
 * Returns: (transfer full): a monitor watching no node yet.
 */
CnsFlowMonitor *
cns_flow_monitor_new (void)
{
  return g_object_new (CNS_TYPE_FLOW_MONITOR, NULL);
}

static void
probe_connect (Probe *probe, gpointer object, const gchar *name,
               GCallback callback)
{
  g_autoptr (GError) error = NULL;

  if (cns_trace_connect (object, name, callback, probe, &error) == 0)
    g_critical ("cns_flow_monitor_add_node: %s", error->message);
}

/**
 * cns_flow_monitor_add_node:
 * @node: a node
 *
 * Puts a probe on @node's IPv4 layer (ns-3's Ipv4FlowProbe): packets the
 * node sends are classified into flows, and what it forwards, delivers
 * and drops is counted. A node gets one probe however often it is added.
 * The probe's index in the XML output is the number of probes added
 * before it.
 *
 * Returns: whether @node has a probe now: %FALSE when it has no IPv4
 * layer.
 */
gboolean
cns_flow_monitor_add_node (CnsFlowMonitor *self, CnsNode *node)
{
  CnsIpv4L3Protocol *ipv4;
  Probe *probe;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), FALSE);
  g_return_val_if_fail (CNS_IS_NODE (node), FALSE);

  if (g_hash_table_contains (self->by_node, node))
    return TRUE;
  ipv4 = cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL);
  if (ipv4 == NULL)
    return FALSE;
  probe = g_new0 (Probe, 1);
  probe->monitor = self;
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
  g_ptr_array_add (self->probes, probe);
  g_hash_table_insert (self->by_node, node, probe);
  return TRUE;
}

/** cns_flow_monitor_get_n_probes: Returns: how many nodes have a probe. */
guint32
cns_flow_monitor_get_n_probes (CnsFlowMonitor *self)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  return self->probes->len;
}

/**
 * cns_flow_monitor_get_n_flows:
 *
 * Returns: how many flows the monitor has seen; their ids are 1 to this
 * number, in the order of their first packets, as in ns-3.
 */
guint32
cns_flow_monitor_get_n_flows (CnsFlowMonitor *self)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  return self->flows->len;
}

static Flow *
monitor_get_flow (CnsFlowMonitor *self, guint32 flow_id, const gchar *function)
{
  Flow *flow = monitor_peek_flow (self, flow_id);

  if (flow == NULL)
    g_critical ("%s: no flow %u (the flow ids are 1 to %u)", function, flow_id,
                self->flows->len);
  return flow;
}

/**
 * cns_flow_monitor_get_stats:
 * @flow_id: a flow id, 1 to cns_flow_monitor_get_n_flows()
 *
 * Returns: (transfer none): the flow's statistics, valid while the
 * monitor lives; they change as the simulation runs.
 */
const CnsFlowStats *
cns_flow_monitor_get_stats (CnsFlowMonitor *self, guint32 flow_id)
{
  Flow *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), NULL);
  flow = monitor_get_flow (self, flow_id, G_STRFUNC);
  return flow != NULL ? &flow->stats : NULL;
}

/**
 * cns_flow_monitor_get_five_tuple:
 * @flow_id: a flow id
 *
 * Returns: (transfer none): what identifies the flow, valid while the
 * monitor lives.
 */
const CnsFlowFiveTuple *
cns_flow_monitor_get_five_tuple (CnsFlowMonitor *self, guint32 flow_id)
{
  Flow *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), NULL);
  flow = monitor_get_flow (self, flow_id, G_STRFUNC);
  return flow != NULL ? &flow->tuple : NULL;
}

/**
 * cns_flow_monitor_find_flow:
 * @tuple: a 5-tuple
 *
 * Returns: the id of the flow of @tuple, or 0 when there is none.
 */
guint32
cns_flow_monitor_find_flow (CnsFlowMonitor *self, const CnsFlowFiveTuple *tuple)
{
  Flow *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  g_return_val_if_fail (tuple != NULL, 0);
  flow = g_hash_table_lookup (self->by_tuple, tuple);
  return flow != NULL ? flow->id : 0;
}

/**
 * cns_flow_monitor_get_delay_histogram:
 * @flow_id: a flow id
 * @counts: (out) (transfer none) (array length=return value): the count
 *   of each bin, from bin 0: the delays from i to i + 1 bin widths
 *   (DelayBinWidth); valid until the next call of this function or the
 *   monitor's end
 *
 * Returns: the number of bins: one more than the highest bin with a
 * count, 0 while the flow has no packet received.
 */
guint32
cns_flow_monitor_get_delay_histogram (CnsFlowMonitor *self, guint32 flow_id,
                                      const guint32 **counts)
{
  Flow *flow;
  guint32 n_bins;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  g_return_val_if_fail (counts != NULL, 0);
  *counts = NULL;
  flow = monitor_get_flow (self, flow_id, G_STRFUNC);
  if (flow == NULL || flow->delay.n == 0)
    return 0;
  n_bins = flow->delay.first + flow->delay.n;
  g_array_set_size (self->dense, 0);
  g_array_set_size (self->dense, n_bins);
  memcpy (&g_array_index (self->dense, guint32, flow->delay.first),
          flow->delay.counts, flow->delay.n * sizeof (guint32));
  *counts = (const guint32 *) self->dense->data;
  return n_bins;
}

static gboolean
check_reason (CnsFlowDropReason reason)
{
  g_return_val_if_fail ((guint) reason < CNS_FLOW_N_DROP_REASONS, FALSE);
  return TRUE;
}

/**
 * cns_flow_monitor_get_packets_dropped:
 * @flow_id: a flow id
 * @reason: a drop reason
 *
 * Returns: how many of the flow's packets were dropped for @reason.
 */
guint32
cns_flow_monitor_get_packets_dropped (CnsFlowMonitor *self, guint32 flow_id,
                                      CnsFlowDropReason reason)
{
  Flow *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  if (!check_reason (reason)
      || (flow = monitor_get_flow (self, flow_id, G_STRFUNC)) == NULL)
    return 0;
  return flow->drops != NULL ? flow->drops->packets[reason] : 0;
}

/**
 * cns_flow_monitor_get_bytes_dropped:
 * @flow_id: a flow id
 * @reason: a drop reason
 *
 * Returns: the bytes of the flow's packets dropped for @reason (IPv4
 * datagrams; frames, with their link header, for %CNS_FLOW_DROP_QUEUE).
 */
guint64
cns_flow_monitor_get_bytes_dropped (CnsFlowMonitor *self, guint32 flow_id,
                                    CnsFlowDropReason reason)
{
  Flow *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  if (!check_reason (reason)
      || (flow = monitor_get_flow (self, flow_id, G_STRFUNC)) == NULL)
    return 0;
  return flow->drops != NULL ? flow->drops->bytes[reason] : 0;
}

/**
 * cns_flow_monitor_check_for_lost_packets:
 *
 * Counts as lost, and stops following, every packet in flight that no
 * monitored node has seen for MaxPerHopDelay or longer (ns-3's
 * CheckForLostPackets). Called by cns_flow_monitor_write_xml(); call it
 * before reading lost_packets at the end of a run.
 */
void
cns_flow_monitor_check_for_lost_packets (CnsFlowMonitor *self)
{
  CnsTime now;

  g_return_if_fail (CNS_IS_FLOW_MONITOR (self));
  now = cns_simulator_now ();
  for (guint i = 0; i < self->flows->len; i++)
    flow_check_lost (self->flows->pdata[i], now, self->max_per_hop_delay,
                     FALSE);
}

/* ---- XML ---- */

typedef CnsXmlWriter XmlOut;

static void
xml_start (XmlOut *out, const gchar *name)
{
  cns_xml_writer_start_element (out, name);
}

static void
xml_end (XmlOut *out)
{
  cns_xml_writer_end_element (out);
}

static void
xml_attr (XmlOut *out, const gchar *name, const gchar *value)
{
  cns_xml_writer_write_attribute (out, name, value);
}

static void
xml_attr_uint (XmlOut *out, const gchar *name, guint64 value)
{
  gchar text[24];

  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, value);
  xml_attr (out, name, text);
}

static void
xml_attr_double (XmlOut *out, const gchar *name, gdouble value)
{
  gchar text[G_ASCII_DTOSTR_BUF_SIZE];

  xml_attr (out, name, g_ascii_formatd (text, sizeof text, "%g", value));
}

/* A time in ns-3's form, "+7000000.0ns", exactly: nanoseconds with the
 * picoseconds as decimals. */
static void
xml_attr_time (XmlOut *out, const gchar *name, CnsTime t)
{
  guint64 ps = t < 0 ? -(guint64) t : (guint64) t;
  guint frac = (guint) (ps % 1000);
  gchar digits[4];
  gchar text[48];

  g_snprintf (digits, sizeof digits, "%03u", frac);
  for (gint i = 2; i > 0 && digits[i] == '0'; i--)
    digits[i] = '\0';
  g_snprintf (text, sizeof text, "%c%" G_GUINT64_FORMAT ".%sns",
              t < 0 ? '-' : '+', ps / 1000, digits);
  xml_attr (out, name, text);
}

static void
xml_drops (XmlOut *out, const Drops *drops)
{
  if (drops == NULL)
    return;
  for (guint32 r = 0; r < drops->n_reasons; r++)
    {
      xml_start (out, "packetsDropped");
      xml_attr_uint (out, "reasonCode", r);
      xml_attr_uint (out, "number", drops->packets[r]);
      xml_end (out);
    }
  for (guint32 r = 0; r < drops->n_reasons; r++)
    {
      xml_start (out, "bytesDropped");
      xml_attr_uint (out, "reasonCode", r);
      xml_attr_uint (out, "bytes", drops->bytes[r]);
      xml_end (out);
    }
}

/* ns-3 writes the number of bins up to the highest used, and the bins
 * with a count. */
static void
xml_histogram (XmlOut *out, const gchar *name, const Histogram *h,
               gdouble width)
{
  xml_start (out, name);
  xml_attr_uint (out, "nBins", h->n > 0 ? (guint64) h->first + h->n : 0);
  for (guint32 i = 0; i < h->n; i++)
    {
      guint64 index = (guint64) h->first + i;

      if (h->counts[i] == 0)
        continue;
      xml_start (out, "bin");
      xml_attr_uint (out, "index", index);
      xml_attr_double (out, "start", (gdouble) index * width);
      xml_attr_double (out, "width", width);
      xml_attr_uint (out, "count", h->counts[i]);
      xml_end (out);
    }
  xml_end (out);
}

static void
xml_flow_stats (XmlOut *out, CnsFlowMonitor *self, const Flow *flow,
                gboolean histograms)
{
  const CnsFlowStats *s = &flow->stats;

  xml_start (out, "Flow");
  xml_attr_uint (out, "flowId", flow->id);
  xml_attr_time (out, "timeFirstTxPacket", s->time_first_tx);
  xml_attr_time (out, "timeFirstRxPacket", s->time_first_rx);
  xml_attr_time (out, "timeLastTxPacket", s->time_last_tx);
  xml_attr_time (out, "timeLastRxPacket", s->time_last_rx);
  xml_attr_time (out, "delaySum", s->delay_sum);
  xml_attr_time (out, "jitterSum", s->jitter_sum);
  xml_attr_time (out, "lastDelay", s->last_delay);
  xml_attr_time (out, "maxDelay", s->max_delay);
  xml_attr_time (out, "minDelay", s->min_delay);
  xml_attr_uint (out, "txBytes", s->tx_bytes);
  xml_attr_uint (out, "rxBytes", s->rx_bytes);
  xml_attr_uint (out, "txPackets", s->tx_packets);
  xml_attr_uint (out, "rxPackets", s->rx_packets);
  xml_attr_uint (out, "lostPackets", s->lost_packets);
  xml_attr_uint (out, "timesForwarded", s->times_forwarded);
  xml_drops (out, flow->drops);
  if (histograms)
    {
      xml_histogram (out, "delayHistogram", &flow->delay,
                     self->delay_bin_width);
      xml_histogram (out, "jitterHistogram", &flow->jitter,
                     self->jitter_bin_width);
      xml_histogram (out, "packetSizeHistogram", &flow->size,
                     self->packet_size_bin_width);
      xml_histogram (out, "flowInterruptionsHistogram", &flow->interruptions,
                     self->interruptions_bin_width);
    }
  xml_end (out);
}

static void
xml_classifier_flow (XmlOut *out, const Flow *flow)
{
  gchar source[CNS_IPV4_ADDRESS_STRING_SIZE];
  gchar destination[CNS_IPV4_ADDRESS_STRING_SIZE];

  cns_ipv4_address_format (flow->tuple.source, source);
  cns_ipv4_address_format (flow->tuple.destination, destination);
  xml_start (out, "Flow");
  xml_attr_uint (out, "flowId", flow->id);
  xml_attr (out, "sourceAddress", source);
  xml_attr (out, "destinationAddress", destination);
  xml_attr_uint (out, "protocol", flow->tuple.protocol);
  xml_attr_uint (out, "sourcePort", flow->tuple.source_port);
  xml_attr_uint (out, "destinationPort", flow->tuple.destination_port);
  xml_end (out);
}

static gint
probe_flow_compare (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const ProbeFlow *) a)->flow_id;
  guint32 y = ((const ProbeFlow *) b)->flow_id;

  return (x > y) - (x < y);
}

static void
xml_probe (XmlOut *out, Probe *probe, guint32 index)
{
  xml_start (out, "FlowProbe");
  xml_attr_uint (out, "index", index);
  if (probe->flows != NULL)
    {
      /* by flow id, as ns-3 writes them; sorting a copy keeps the index */
      g_autoptr (GArray) sorted = g_array_copy (probe->flows);

      g_array_sort (sorted, probe_flow_compare);
      for (guint i = 0; i < sorted->len; i++)
        {
          const ProbeFlow *record = &g_array_index (sorted, ProbeFlow, i);

          xml_start (out, "FlowStats");
          xml_attr_uint (out, "flowId", record->flow_id);
          xml_attr_uint (out, "packets", record->packets);
          xml_attr_uint (out, "bytes", record->bytes);
          xml_attr_time (out, "delayFromFirstProbeSum", record->delay_sum);
          xml_drops (out, record->drops);
          xml_end (out);
        }
    }
  xml_end (out);
}

static void
xml_document (XmlOut *out, CnsFlowMonitor *self, gboolean histograms,
              gboolean probes)
{
  xml_start (out, "FlowMonitor");
  xml_start (out, "FlowStats");
  for (guint i = 0; i < self->flows->len; i++)
    xml_flow_stats (out, self, self->flows->pdata[i], histograms);
  xml_end (out);
  xml_start (out, "Ipv4FlowClassifier");
  for (guint i = 0; i < self->flows->len; i++)
    xml_classifier_flow (out, self->flows->pdata[i]);
  xml_end (out);
  /* ns-3's helper always has an IPv6 classifier too; cns has no IPv6 */
  xml_start (out, "Ipv6FlowClassifier");
  xml_end (out);
  if (probes)
    {
      xml_start (out, "FlowProbes");
      for (guint i = 0; i < self->probes->len; i++)
        xml_probe (out, self->probes->pdata[i], i);
      xml_end (out);
    }
  xml_end (out);
}

/**
 * cns_flow_monitor_write_xml:
 * @path: the file to write, replaced if it exists
 * @histograms: whether to write each flow's delay, jitter, packet size
 *   and flow interruption histograms
 * @probes: whether to write what each probe saw (the FlowProbes element);
 *   needs ProbeStatistics
 * @error: a #GFileError naming @path when the file cannot be written;
 *   %G_FILE_ERROR_INVAL when @probes is asked for and ProbeStatistics is
 *   off
 *
 * Counts the packets lost so far (cns_flow_monitor_check_for_lost_packets())
 * and writes the statistics as ns-3's FlowMonitor::SerializeToXmlFile()
 * does: FlowMonitor/FlowStats/Flow, then Ipv4FlowClassifier/Flow, an
 * empty Ipv6FlowClassifier, then FlowProbes/FlowProbe/FlowStats.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_flow_monitor_write_xml (CnsFlowMonitor *self, const gchar *path,
                            gboolean histograms, gboolean probes,
                            GError **error)
{
  CnsXmlWriter *out;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (probes && !self->probe_statistics)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "Cannot write the flow probes to “%s”: the monitor's "
                   "ProbeStatistics attribute is off",
                   path);
      return FALSE;
    }
  cns_flow_monitor_check_for_lost_packets (self);
  out = cns_xml_writer_new (path, error);
  if (out == NULL)
    return FALSE;
  xml_document (out, self, histograms, probes);
  if (!cns_xml_writer_close (out, error))
    return FALSE;
  return TRUE;
}

static void
cns_flow_monitor_set_property (GObject *object, guint prop_id,
                               const GValue *value, GParamSpec *pspec)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  switch (prop_id)
    {
    case PROP_MAX_PER_HOP_DELAY:
      self->max_per_hop_delay = cns_value_get_time (value);
      break;
    case PROP_DELAY_BIN_WIDTH:
      self->delay_bin_width = g_value_get_double (value);
      break;
    case PROP_JITTER_BIN_WIDTH:
      self->jitter_bin_width = g_value_get_double (value);
      break;
    case PROP_PACKET_SIZE_BIN_WIDTH:
      self->packet_size_bin_width = g_value_get_double (value);
      break;
    case PROP_FLOW_INTERRUPTIONS_BIN_WIDTH:
      self->interruptions_bin_width = g_value_get_double (value);
      break;
    case PROP_FLOW_INTERRUPTIONS_MIN_TIME:
      self->interruptions_min_time = cns_value_get_time (value);
      break;
    case PROP_PROBE_STATISTICS:
      self->probe_statistics = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_flow_monitor_get_property (GObject *object, guint prop_id, GValue *value,
                               GParamSpec *pspec)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  switch (prop_id)
    {
    case PROP_MAX_PER_HOP_DELAY:
      cns_value_set_time (value, self->max_per_hop_delay);
      break;
    case PROP_DELAY_BIN_WIDTH:
      g_value_set_double (value, self->delay_bin_width);
      break;
    case PROP_JITTER_BIN_WIDTH:
      g_value_set_double (value, self->jitter_bin_width);
      break;
    case PROP_PACKET_SIZE_BIN_WIDTH:
      g_value_set_double (value, self->packet_size_bin_width);
      break;
    case PROP_FLOW_INTERRUPTIONS_BIN_WIDTH:
      g_value_set_double (value, self->interruptions_bin_width);
      break;
    case PROP_FLOW_INTERRUPTIONS_MIN_TIME:
      cns_value_set_time (value, self->interruptions_min_time);
      break;
    case PROP_PROBE_STATISTICS:
      g_value_set_boolean (value, self->probe_statistics);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
