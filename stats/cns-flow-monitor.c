/* cns — per-flow statistics gathered at the IPv4 layer of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's FlowMonitor with its Ipv4FlowClassifier and Ipv4FlowProbe. A
 * probe on a node connects to the node's IPv4 trace sources and to the
 * MacTxDrop trace of its devices:
 *
 *   SendOutgoing: a unicast UDP or TCP datagram leaving its source is
 *     classified by its 5-tuple (one hash lookup), gets the next packet
 *     id of its flow and a packet tag (flow, packet id, send time), and
 *     is tracked as in flight;
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
 * cns_flow_monitor_check_for_lost_packets() is called. ns-3 checks every
 * second instead, so a packet there may arrive up to a second late and
 * still count as received.
 *
 * Flow ids are what the flows are known by in the XML and the getters:
 * the flows in the order of their first packets' send times, flows whose
 * first packets left at the same time in the order of their 5-tuples
 * (source address, destination address, protocol, source port,
 * destination port, as numbers). That order does not depend on how the
 * nodes are spread over MPI ranks; a flow's id changes only while
 * another flow starts at the same time with a smaller 5-tuple. Tags name
 * flows by their index in the monitor's table instead, which never
 * changes.
 *
 * Per packet nothing is allocated beyond amortised arrays: each flow
 * keeps its packets in flight in a ring indexed by packet id, and its
 * histograms as arrays over the range of bins used (delays cluster, so a
 * flow's delay histogram is a few bins even where its delays are
 * hundreds of bin widths). A ring that fills up first retires its oldest
 * packets that have gone unseen for MaxPerHopDelay, as lost (they would
 * be lost when seen again anyway), and doubles only when that frees
 * nothing, so no periodic event is needed (which would keep a
 * simulation without a stop time from ending).
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
 * that added it by the order monitors were made in the process (modulo
 * 256), and a monitor ignores the tags of others: a second monitor on
 * the same sources would take their packets from the first.
 *
 * Distributed runs. Every rank makes the same monitors in the same
 * order, so the monitor of a tag is the same on every rank, and each
 * rank's monitor follows what its own nodes do. A flow is classified on
 * the rank of its source node and keeps there the index it was given
 * (the flow's rank-independent name is that rank and index). The monitor
 * watches every device of its rank on a remote channel, its node probed
 * or not (it connects to them when the first node is added). A packet
 * about to leave the rank (PhyTxBegin) is handed off: its record is
 * retired, neither received nor lost, and its tag takes what the record
 * held (when it was last seen, its forwards) and the flow's name. The
 * next rank takes it over when its last bit arrives (PhyRxEnd, or
 * PhyRxDrop for a corrupt frame): a record in that rank's table for the
 * flow (made on the first packet of the flow to arrive) with what the
 * tag carried, and a tag naming it; the next probe to see it goes on as
 * sequentially. So each packet is followed by one rank at a time, and
 * the rank where it ends counts it. cns_flow_monitor_write_xml() is
 * collective: every rank counts its lost packets at the latest time any
 * rank reached, serializes its table, and rank 0 merges the tables (by
 * 5-tuple, the flows of other ranks by name) and writes the file. Jitter
 * and interruptions come from consecutive arrivals at one sink, hence on
 * one rank. The one thing a distributed run sees differently: a packet
 * on a link between ranks when the statistics are written (its
 * transmission begun, its last bit not arrived) counts as in flight,
 * where a sequential run counts it lost if it has been unseen for
 * MaxPerHopDelay (only possible when MaxPerHopDelay is shorter than its
 * wait in the sending queue plus its time on the link).
 */
#include "stats/cns-flow-monitor.h"

#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "core/cns-xml-writer.h"
#include "stats/cns-flow-monitor-private.h"
#include "internet/cns-internet-error.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "network/cns-net-device.h"
#include "network/cns-packet.h"
#include "network/cns-point-to-point-remote-channel.h"

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

/* The packet tag, in one of two forms. On a rank (hops 0): packet
 * @packet of the flow at @flow in the table of rank @rank, whose record
 * there says when the packet was last seen and how often forwarded.
 * Crossing to another rank (hops > 0): the record stayed behind, so the
 * tag carries when the packet was last seen and its hops - 1 forwards,
 * and names the flow by where it was classified: index @flow on rank
 * @rank. @monitor is the monitor's serial, the same on every rank. */
typedef struct
{
  CnsTime sent;
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

/* A flow as a rank's monitor follows it, or, merged from every rank's,
 * as the XML reports it (then without a ring). */
typedef struct
{
  CnsFlowFiveTuple tuple; /* zero for a flow classified on another rank */
  guint32 id;             /* 0 for a flow classified on another rank */
  guint32 index;          /* in the monitor's table; what tags name */
  guint64 source;         /* where it was classified: rank << 32 | index */
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

#define FLOW_SOURCE(rank, index) ((guint64) (rank) << 32 | (index))

/* What one probe saw of one flow: @flow is the flow's index in the
 * monitor's table, or its id in a report. */
typedef struct
{
  guint32 flow;
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
  GHashTable *index;       /* flow -> position + 1 in @flows */
  GArray *flows;           /* ProbeFlow */
} Probe;

/* The statistics the XML reports: every rank's merged. */
typedef struct
{
  GPtrArray *flows;     /* Flow, by id - 1 */
  GHashTable *by_tuple; /* CnsFlowFiveTuple -> Flow */
  GPtrArray *probes;    /* GArray of ProbeFlow by id, one per probe */
} Report;

struct _CnsFlowMonitor
{
  CnsObject parent_instance;

  GPtrArray *flows;      /* Flow, by index: the flows this rank follows */
  GPtrArray *order;      /* the flows classified here, by id */
  GHashTable *by_tuple;  /* CnsFlowFiveTuple -> Flow, classified here */
  GHashTable *by_source; /* Flow::source -> Flow, classified elsewhere */
  Report *gathered;      /* rank 0's, after a distributed write */
  GPtrArray *probes;     /* Probe */
  GHashTable *by_node;   /* CnsNode -> Probe */
  GHashTable *borders;   /* referenced devices on remote channels, their
                            PhyTxBegin, PhyRxEnd and PhyRxDrop connected;
                            NULL until the first node is added */
  GArray *dense;         /* what get_delay_histogram() returned last */
  guint32 rank;          /* this process's MPI rank */
  guint8 serial;         /* names the monitor in the tags */
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
static void border_phy_tx_begin (gpointer source, CnsPacket *packet,
                                 gpointer user_data);
static void border_phy_rx_end (gpointer source, CnsPacket *packet,
                               gpointer user_data);
static void border_phy_rx_drop (gpointer source, CnsPacket *packet,
                                gpointer user_data);

static void
flow_tag_print (gconstpointer data, GString *out)
{
  const FlowTag *tag = data;
  gchar time[CNS_TIME_STRING_SIZE];

  cns_time_format (tag->sent, time);
  if (tag->hops == 0)
    {
      g_string_append_printf (out, "flow=%u packet=%u sent=%s", tag->flow,
                              tag->packet, time);
      return;
    }
  g_string_append_printf (out, "flow=%u@%u sent=%s", tag->flow, tag->rank,
                          time);
  cns_time_format (tag->last_seen, time);
  g_string_append_printf (out, " seen=%s forwards=%u", time, tag->hops - 1u);
}

static const CnsTagClass flow_tag_class = {
  "CnsFlowMonitorTag",
  sizeof (FlowTag),
  flow_tag_print,
};

/* ---- histograms ---- */

static void
histogram_add_count (Histogram *h, guint64 index64, guint32 count)
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
      h->counts[0] = 0;
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
  h->counts[index - h->first] += count;
}

static void
histogram_add (Histogram *h, guint64 index)
{
  histogram_add_count (h, index, 1);
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
histogram_merge (Histogram *into, const Histogram *h)
{
  for (guint32 i = 0; i < h->n; i++)
    if (h->counts[i] != 0)
      histogram_add_count (into, (guint64) h->first + i, h->counts[i]);
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

#define COMPARE(x, y) (((x) > (y)) - ((x) < (y)))

/* The order of flow ids: by first send time, then by 5-tuple. */
static gint
flow_compare (const Flow *a, const Flow *b)
{
  const CnsFlowFiveTuple *x = &a->tuple, *y = &b->tuple;
  gint c;

  if ((c = COMPARE (a->stats.time_first_tx, b->stats.time_first_tx)) != 0
      || (c = COMPARE (x->source.value, y->source.value)) != 0
      || (c = COMPARE (x->destination.value, y->destination.value)) != 0
      || (c = COMPARE (x->protocol, y->protocol)) != 0
      || (c = COMPARE (x->source_port, y->source_port)) != 0)
    return c;
  return COMPARE (x->destination_port, y->destination_port);
}

static gint
flow_compare_pointers (gconstpointer a, gconstpointer b)
{
  return flow_compare (*(Flow *const *) a, *(Flow *const *) b);
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
monitor_peek_flow (CnsFlowMonitor *self, guint32 index)
{
  return index < self->flows->len ? self->flows->pdata[index] : NULL;
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

static void
flow_lose (Flow *flow, Tracked *t)
{
  flow->stats.lost_packets++;
  flow_retire (flow, t);
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

/* Starts tracking a packet of the flow, last seen at @last_seen; returns
 * its record, whose packet id is flow->next - 1. */
static Tracked *
flow_track (CnsFlowMonitor *self, Flow *flow, CnsTime now, CnsTime last_seen)
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
  t = &flow->ring[flow->next++ & flow->ring_mask];
  *t = (Tracked){ last_seen, 0, TRUE };
  return t;
}

static Flow *
monitor_add_flow (CnsFlowMonitor *self, guint64 source)
{
  Flow *flow = g_new0 (Flow, 1);

  flow->index = self->flows->len;
  flow->source = source;
  g_ptr_array_add (self->flows, flow);
  return flow;
}

/* Gives @flow, new and first sent now, its place among the flows
 * classified here: after every other, but for those that started at
 * the same time with a greater 5-tuple. */
static void
monitor_order_insert (CnsFlowMonitor *self, Flow *flow)
{
  guint i = self->order->len;

  g_ptr_array_add (self->order, flow);
  while (i > 0 && flow_compare (self->order->pdata[i - 1], flow) > 0)
    {
      Flow *later = self->order->pdata[i - 1];

      self->order->pdata[i] = later;
      later->id = i + 1;
      i--;
    }
  self->order->pdata[i] = flow;
  flow->id = i + 1;
}

static Flow *
monitor_classify (CnsFlowMonitor *self, const CnsFlowFiveTuple *tuple,
                  CnsTime now)
{
  Flow *flow = g_hash_table_lookup (self->by_tuple, tuple);

  if (G_LIKELY (flow != NULL))
    return flow;
  flow = monitor_add_flow (self, FLOW_SOURCE (self->rank, self->flows->len));
  flow->tuple = *tuple;
  flow->stats.time_first_tx = now;
  g_hash_table_insert (self->by_tuple, &flow->tuple, flow);
  monitor_order_insert (self, flow);
  CNS_LOG_DEBUG ("flow %u: protocol %u, ports %u -> %u", flow->index,
                 tuple->protocol, tuple->source_port, tuple->destination_port);
  return flow;
}

/* The flow of a crossing tag: index @index on rank @rank; NULL when
 * that names no flow classified here. */
static Flow *
monitor_flow_by_source (CnsFlowMonitor *self, guint32 rank, guint32 index)
{
  guint64 source = FLOW_SOURCE (rank, index);
  Flow *flow;

  if (rank == self->rank)
    {
      flow = monitor_peek_flow (self, index);
      return flow != NULL && flow->source == source ? flow : NULL;
    }
  if (self->by_source == NULL)
    self->by_source = g_hash_table_new (g_int64_hash, g_int64_equal);
  flow = g_hash_table_lookup (self->by_source, &source);
  if (flow == NULL)
    {
      flow = monitor_add_flow (self, source);
      g_hash_table_insert (self->by_source, &flow->source, flow);
    }
  return flow;
}

static void
drops_add (Drops **drops, CnsFlowDropReason reason, guint32 packets,
           guint64 bytes)
{
  if (*drops == NULL)
    *drops = g_new0 (Drops, 1);
  (*drops)->packets[reason] += packets;
  (*drops)->bytes[reason] += bytes;
  (*drops)->n_reasons = MAX ((*drops)->n_reasons, (guint32) reason + 1);
}

static void
drops_merge (Drops **into, const Drops *drops)
{
  if (drops == NULL)
    return;
  for (guint32 r = 0; r < drops->n_reasons; r++)
    drops_add (into, r, drops->packets[r], drops->bytes[r]);
}

/* ---- probes ---- */

static ProbeFlow *
probe_records_find (GArray **records, GHashTable **index, guint32 flow)
{
  guint position;

  if (*index == NULL)
    {
      *index = g_hash_table_new (g_direct_hash, g_direct_equal);
      *records = g_array_new (FALSE, TRUE, sizeof (ProbeFlow));
    }
  position = GPOINTER_TO_UINT (
      g_hash_table_lookup (*index, GUINT_TO_POINTER (flow)));
  if (position == 0)
    {
      ProbeFlow record = { flow, 0, 0, 0, NULL };

      g_array_append_val (*records, record);
      position = (*records)->len;
      g_hash_table_insert (*index, GUINT_TO_POINTER (flow),
                           GUINT_TO_POINTER (position));
    }
  return &g_array_index (*records, ProbeFlow, position - 1);
}

static inline void
probe_add_packet (Probe *probe, const Flow *flow, guint32 size, CnsTime delay)
{
  ProbeFlow *record;

  if (!probe->monitor->probe_statistics)
    return;
  record = probe_records_find (&probe->flows, &probe->index, flow->index);
  record->packets++;
  record->bytes += size;
  record->delay_sum += delay;
}

static void
probe_records_free (GArray *records)
{
  if (records == NULL)
    return;
  for (guint i = 0; i < records->len; i++)
    g_free (g_array_index (records, ProbeFlow, i).drops);
  g_array_unref (records);
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
  probe_records_free (probe->flows);
  g_clear_pointer (&probe->index, g_hash_table_unref);
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
  now = cns_simulator_now ();
  flow = monitor_classify (self, &tuple, now);
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  flow_track (self, flow, now, now);
  memset (&tag, 0, sizeof tag);
  tag.sent = now;
  tag.packet = flow->next - 1;
  tag.flow = flow->index;
  tag.rank = (guint16) self->rank;
  tag.monitor = self->serial;
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &tag);

  flow->stats.time_last_tx = now;
  flow->stats.tx_packets++;
  flow->stats.tx_bytes += size;
  probe_add_packet (probe, flow, size, 0);
}

/* A packet from another rank, seen here first: gets a record in the
 * table of this rank, and when it @goes_on (and the tag can be changed)
 * a tag naming it. NULL when it was unseen for MaxPerHopDelay, which
 * makes it lost now; its tag goes so that it is counted once. */
static Tracked *
probe_take_over (Probe *probe, CnsPacket *packet, const FlowTag *tag,
                 CnsTime now, gboolean goes_on, Flow **flow_out)
{
  CnsFlowMonitor *self = probe->monitor;
  FlowTag here;
  Tracked *t;
  Flow *flow;

  if ((goes_on && !cns_packet_is_writable (packet))
      || (flow = monitor_flow_by_source (self, tag->rank, tag->flow)) == NULL)
    return NULL;
  if (now - tag->last_seen >= self->max_per_hop_delay)
    {
      flow->stats.lost_packets++;
      if (goes_on)
        cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
      return NULL;
    }
  t = flow_track (self, flow, now, now);
  t->times_forwarded = tag->hops - 1u;
  if (goes_on)
    {
      memset (&here, 0, sizeof here);
      here.sent = tag->sent;
      here.packet = flow->next - 1;
      here.flow = flow->index;
      here.rank = (guint16) self->rank;
      here.monitor = self->serial;
      cns_packet_replace_packet_tag (packet, &flow_tag_class, &here);
    }
  *flow_out = flow;
  return t;
}

/* The record of the tagged packet @probe sees now, or NULL when the
 * monitor does not follow it: another monitor's, no longer in flight, or
 * unseen for MaxPerHopDelay, which makes it lost now. */
static Tracked *
probe_follow (Probe *probe, CnsPacket *packet, const FlowTag *tag, CnsTime now,
              gboolean goes_on, Flow **flow_out)
{
  CnsFlowMonitor *self = probe->monitor;
  Tracked *t;
  Flow *flow;

  if (tag->monitor != self->serial)
    return NULL;
  if (tag->hops > 0)
    return probe_take_over (probe, packet, tag, now, goes_on, flow_out);
  if (tag->rank != self->rank
      || (flow = monitor_peek_flow (self, tag->flow)) == NULL
      || (t = flow_find_tracked (flow, tag->packet)) == NULL)
    return NULL;
  if (now - t->last_seen >= self->max_per_hop_delay)
    {
      CNS_LOG_LOGIC ("flow %u packet %u unseen since %" G_GINT64_FORMAT
                     " ps: lost",
                     tag->flow, tag->packet, t->last_seen);
      flow_lose (flow, t);
      return NULL;
    }
  *flow_out = flow;
  return t;
}

static void
probe_unicast_forward (gpointer source, const CnsIpv4Header *header,
                       CnsPacket *packet, guint32 interface, gpointer user_data)
{
  Probe *probe = user_data;
  FlowTag tag;
  Flow *flow;
  Tracked *t;
  CnsTime now = cns_simulator_now ();

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || (t = probe_follow (probe, packet, &tag, now, TRUE, &flow)) == NULL)
    return;
  t->times_forwarded++;
  t->last_seen = now;
  probe_add_packet (probe, flow,
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
      || tag.monitor != self->serial)
    return;
  /* the packet's journey ends here: a reply made of it is a new packet */
  if (cns_packet_is_writable (packet))
    cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
  now = cns_simulator_now ();
  if ((t = probe_follow (probe, packet, &tag, now, FALSE, &flow)) == NULL)
    return;
  delay = now - tag.sent;
  size = cns_packet_get_size (packet) + CNS_IPV4_HEADER_SIZE;
  probe_add_packet (probe, flow, size, delay);

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

/* A packet with @tag was dropped at @probe. */
static void
probe_report_drop (Probe *probe, CnsPacket *packet, const FlowTag *tag,
                   guint32 size, CnsFlowDropReason reason)
{
  Flow *flow;
  Tracked *t
      = probe_follow (probe, packet, tag, cns_simulator_now (), FALSE, &flow);

  if (t == NULL)
    return;
  CNS_LOG_LOGIC ("a packet of flow %u dropped, reason %d", flow->index, reason);
  flow->stats.lost_packets++;
  drops_add (&flow->drops, reason, 1, size);
  if (probe->monitor->probe_statistics)
    drops_add (
        &probe_records_find (&probe->flows, &probe->index, flow->index)->drops,
        reason, 1, size);
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
  Tracked *t = NULL;
  Flow *flow;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial || tag.hops > 0 || tag.rank != self->rank
      || !cns_packet_is_writable (packet))
    return;
  if ((flow = monitor_peek_flow (self, tag.flow)) != NULL)
    t = flow_find_tracked (flow, tag.packet);
  if (t == NULL || now - t->last_seen >= self->max_per_hop_delay)
    {
      /* lost while it waited in the queue */
      if (t != NULL)
        flow_lose (flow, t);
      cns_packet_remove_packet_tag (packet, &flow_tag_class, NULL);
      return;
    }
  memset (&crossing, 0, sizeof crossing);
  crossing.sent = tag.sent;
  crossing.last_seen = t->last_seen;
  crossing.flow = (guint32) flow->source;
  crossing.rank = (guint16) (flow->source >> 32);
  crossing.monitor = self->serial;
  crossing.hops = (guint8) (MIN (t->times_forwarded, MAX_TAG_FORWARDS) + 1);
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &crossing);
  flow_retire (flow, t);
}

/* A frame from another rank arrived: taken over, unseen yet (its record
 * keeps the time it was last seen on the other rank), so that it is
 * followed here even across nodes without probes, and when it arrived
 * corrupt (@corrupt) is found lost as a sequential run finds it. */
static void
border_take_over (CnsFlowMonitor *self, CnsPacket *packet, gboolean corrupt)
{
  FlowTag tag, here;
  Tracked *t;
  Flow *flow;

  if (!cns_packet_peek_packet_tag (packet, &flow_tag_class, &tag)
      || tag.monitor != self->serial || tag.hops == 0
      || (!corrupt && !cns_packet_is_writable (packet))
      || (flow = monitor_flow_by_source (self, tag.rank, tag.flow)) == NULL)
    return;
  t = flow_track (self, flow, cns_simulator_now (), tag.last_seen);
  t->times_forwarded = tag.hops - 1u;
  if (corrupt)
    return;
  memset (&here, 0, sizeof here);
  here.sent = tag.sent;
  here.packet = flow->next - 1;
  here.flow = flow->index;
  here.rank = (guint16) self->rank;
  here.monitor = self->serial;
  cns_packet_replace_packet_tag (packet, &flow_tag_class, &here);
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

/* In a distributed run, the first node added has the monitor watch the
 * borders of every node of the rank, and each node added its own (the
 * borders of nodes made after the first was added). */
static void
monitor_watch_borders (CnsFlowMonitor *self, CnsNode *node)
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

static void
monitor_unwatch_borders (CnsFlowMonitor *self)
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

/* ---- tables: what a rank saw, serialized, and merged ---- */

/* A table is the statistics of one rank's flows and probes, in little
 * endian:
 *
 *   "CNSF", rank, number of flows, and for each flow by index:
 *     source (rank, index), the 5-tuple when classified on this rank,
 *     the statistics, the four histograms (first bin, bins, counts), the
 *     drops (reasons, then packets and bytes of each);
 *   number of probes, and for each probe: records, and for each the
 *     flow's index, packets, bytes, delay sum and drops.
 */
#define TABLE_MAGIC 0x46534e43u /* "CNSF" */

typedef struct
{
  const guint8 *data;
  gsize size;
  gsize offset;
  gboolean short_read;
} Reader;

static void
put_bytes (GByteArray *out, gconstpointer data, guint size)
{
  g_byte_array_append (out, data, size);
}

static void
put8 (GByteArray *out, guint8 v)
{
  put_bytes (out, &v, 1);
}

static void
put16 (GByteArray *out, guint16 v)
{
  v = GUINT16_TO_LE (v);
  put_bytes (out, &v, sizeof v);
}

static void
put32 (GByteArray *out, guint32 v)
{
  v = GUINT32_TO_LE (v);
  put_bytes (out, &v, sizeof v);
}

static void
put64 (GByteArray *out, guint64 v)
{
  v = GUINT64_TO_LE (v);
  put_bytes (out, &v, sizeof v);
}

static gboolean
get_bytes (Reader *in, gpointer data, gsize size)
{
  if (in->size - in->offset < size)
    {
      in->short_read = TRUE;
      memset (data, 0, size);
      return FALSE;
    }
  memcpy (data, in->data + in->offset, size);
  in->offset += size;
  return TRUE;
}

static guint8
get8 (Reader *in)
{
  guint8 v;

  get_bytes (in, &v, sizeof v);
  return v;
}

static guint16
get16 (Reader *in)
{
  guint16 v;

  get_bytes (in, &v, sizeof v);
  return GUINT16_FROM_LE (v);
}

static guint32
get32 (Reader *in)
{
  guint32 v;

  get_bytes (in, &v, sizeof v);
  return GUINT32_FROM_LE (v);
}

static guint64
get64 (Reader *in)
{
  guint64 v;

  get_bytes (in, &v, sizeof v);
  return GUINT64_FROM_LE (v);
}

/* A count of items of at least @item_size bytes each: at most what the
 * rest of the table can hold. */
static guint32
get_count (Reader *in, gsize item_size)
{
  guint32 n = get32 (in);

  if (n > (in->size - in->offset) / item_size)
    {
      in->short_read = TRUE;
      return 0;
    }
  return n;
}

static void
put_histogram (GByteArray *out, const Histogram *h)
{
  put32 (out, h->first);
  put32 (out, h->n);
  for (guint32 i = 0; i < h->n; i++)
    put32 (out, h->counts[i]);
}

static void
get_histogram (Reader *in, Histogram *h)
{
  h->first = get32 (in);
  h->n = get_count (in, sizeof (guint32));
  if (h->n == 0)
    return;
  h->capacity = h->n;
  h->counts = g_new (guint32, h->n);
  for (guint32 i = 0; i < h->n; i++)
    h->counts[i] = get32 (in);
  if ((guint64) h->first + h->n - 1 > MAX_BIN_INDEX)
    in->short_read = TRUE;
}

static void
put_drops (GByteArray *out, const Drops *drops)
{
  guint32 n = drops != NULL ? drops->n_reasons : 0;

  put32 (out, n);
  for (guint32 r = 0; r < n; r++)
    {
      put32 (out, drops->packets[r]);
      put64 (out, drops->bytes[r]);
    }
}

static void
get_drops (Reader *in, Drops **drops)
{
  guint32 n = get32 (in);

  if (n > CNS_FLOW_N_DROP_REASONS)
    {
      in->short_read = TRUE;
      return;
    }
  for (guint32 r = 0; r < n; r++)
    {
      guint32 packets = get32 (in);

      drops_add (drops, r, packets, get64 (in));
    }
}

static void
put_flow (GByteArray *out, const Flow *flow, gboolean classified)
{
  const CnsFlowStats *s = &flow->stats;

  put64 (out, flow->source);
  put8 (out, classified);
  if (classified)
    {
      put32 (out, flow->tuple.source.value);
      put32 (out, flow->tuple.destination.value);
      put8 (out, flow->tuple.protocol);
      put16 (out, flow->tuple.source_port);
      put16 (out, flow->tuple.destination_port);
    }
  put64 (out, (guint64) s->time_first_tx);
  put64 (out, (guint64) s->time_first_rx);
  put64 (out, (guint64) s->time_last_tx);
  put64 (out, (guint64) s->time_last_rx);
  put64 (out, (guint64) s->delay_sum);
  put64 (out, (guint64) s->jitter_sum);
  put64 (out, (guint64) s->last_delay);
  put64 (out, (guint64) s->max_delay);
  put64 (out, (guint64) s->min_delay);
  put64 (out, s->tx_bytes);
  put64 (out, s->rx_bytes);
  put32 (out, s->tx_packets);
  put32 (out, s->rx_packets);
  put32 (out, s->lost_packets);
  put32 (out, s->times_forwarded);
  put_histogram (out, &flow->delay);
  put_histogram (out, &flow->jitter);
  put_histogram (out, &flow->size);
  put_histogram (out, &flow->interruptions);
  put_drops (out, flow->drops);
}

/* Returns: (transfer full): a flow as put_flow() wrote it; *@classified
 * says whether it came with its 5-tuple. */
static Flow *
get_flow (Reader *in, gboolean *classified)
{
  Flow *flow = g_new0 (Flow, 1);
  CnsFlowStats *s = &flow->stats;

  flow->source = get64 (in);
  *classified = get8 (in) != 0;
  if (*classified)
    {
      flow->tuple.source.value = get32 (in);
      flow->tuple.destination.value = get32 (in);
      flow->tuple.protocol = get8 (in);
      flow->tuple.source_port = get16 (in);
      flow->tuple.destination_port = get16 (in);
    }
  s->time_first_tx = (CnsTime) get64 (in);
  s->time_first_rx = (CnsTime) get64 (in);
  s->time_last_tx = (CnsTime) get64 (in);
  s->time_last_rx = (CnsTime) get64 (in);
  s->delay_sum = (CnsTime) get64 (in);
  s->jitter_sum = (CnsTime) get64 (in);
  s->last_delay = (CnsTime) get64 (in);
  s->max_delay = (CnsTime) get64 (in);
  s->min_delay = (CnsTime) get64 (in);
  s->tx_bytes = get64 (in);
  s->rx_bytes = get64 (in);
  s->tx_packets = get32 (in);
  s->rx_packets = get32 (in);
  s->lost_packets = get32 (in);
  s->times_forwarded = get32 (in);
  get_histogram (in, &flow->delay);
  get_histogram (in, &flow->jitter);
  get_histogram (in, &flow->size);
  get_histogram (in, &flow->interruptions);
  get_drops (in, &flow->drops);
  return flow;
}

/**
 * cns_flow_monitor_serialize_table:
 *
 * Returns: (transfer full): the statistics of this rank's monitor as a
 * table for cns_flow_monitor_load_tables().
 */
GBytes *
cns_flow_monitor_serialize_table (CnsFlowMonitor *self)
{
  GByteArray *out;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), NULL);
  out = g_byte_array_new ();
  put32 (out, TABLE_MAGIC);
  put32 (out, self->rank);
  put32 (out, self->flows->len);
  for (guint i = 0; i < self->flows->len; i++)
    {
      const Flow *flow = self->flows->pdata[i];

      put_flow (out, flow, flow->id != 0);
    }
  put32 (out, self->probes->len);
  for (guint i = 0; i < self->probes->len; i++)
    {
      const GArray *records = ((Probe *) self->probes->pdata[i])->flows;
      guint32 n = records != NULL ? records->len : 0;

      put32 (out, n);
      for (guint32 j = 0; j < n; j++)
        {
          const ProbeFlow *r = &g_array_index (records, ProbeFlow, j);

          put32 (out, r->flow);
          put32 (out, r->packets);
          put64 (out, r->bytes);
          put64 (out, (guint64) r->delay_sum);
          put_drops (out, r->drops);
        }
    }
  return g_byte_array_free_to_bytes (out);
}

/* Adds the statistics of @flow, a part of the same flow, to @into's. */
static void
flow_merge (Flow *into, const Flow *flow)
{
  CnsFlowStats *a = &into->stats;
  const CnsFlowStats *b = &flow->stats;

  if (b->tx_packets > 0)
    {
      if (a->tx_packets == 0 || b->time_first_tx < a->time_first_tx)
        a->time_first_tx = b->time_first_tx;
      a->time_last_tx = MAX (a->time_last_tx, b->time_last_tx);
    }
  if (b->rx_packets > 0)
    {
      if (a->rx_packets == 0)
        {
          a->time_first_rx = b->time_first_rx;
          a->min_delay = b->min_delay;
          a->max_delay = b->max_delay;
        }
      else
        {
          a->time_first_rx = MIN (a->time_first_rx, b->time_first_rx);
          a->min_delay = MIN (a->min_delay, b->min_delay);
          a->max_delay = MAX (a->max_delay, b->max_delay);
        }
      if (a->rx_packets == 0 || b->time_last_rx > a->time_last_rx)
        {
          a->time_last_rx = b->time_last_rx;
          a->last_delay = b->last_delay;
        }
    }
  a->delay_sum += b->delay_sum;
  a->jitter_sum += b->jitter_sum;
  a->tx_bytes += b->tx_bytes;
  a->rx_bytes += b->rx_bytes;
  a->tx_packets += b->tx_packets;
  a->rx_packets += b->rx_packets;
  a->lost_packets += b->lost_packets;
  a->times_forwarded += b->times_forwarded;
  histogram_merge (&into->delay, &flow->delay);
  histogram_merge (&into->jitter, &flow->jitter);
  histogram_merge (&into->size, &flow->size);
  histogram_merge (&into->interruptions, &flow->interruptions);
  drops_merge (&into->drops, flow->drops);
}

static void
report_free (Report *report)
{
  g_hash_table_unref (report->by_tuple);
  g_ptr_array_unref (report->flows);
  for (guint i = 0; i < report->probes->len; i++)
    probe_records_free (report->probes->pdata[i]);
  g_ptr_array_unref (report->probes);
  g_free (report);
}

static gint
probe_flow_compare (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const ProbeFlow *) a)->flow;
  guint32 y = ((const ProbeFlow *) b)->flow;

  return COMPARE (x, y);
}

/* One table read back: its flows, and each one's flow in the report. */
typedef struct
{
  guint32 rank;
  GPtrArray *flows;   /* Flow */
  GArray *classified; /* gboolean, by flow */
  Flow **merged;
  gsize probes_at; /* where the probes' part starts */
} Table;

static void
table_free (gpointer data)
{
  Table *table = data;

  g_ptr_array_unref (table->flows);
  g_array_unref (table->classified);
  g_free (table->merged);
  g_free (table);
}

static gboolean
table_error (GError **error, guint i, const gchar *what)
{
  g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_INVALID,
               "Flow monitor table %u: %s", i, what);
  return FALSE;
}

/* Reads the flows of table @i (the rest is read by report_add_probes()). */
static Table *
table_read_flows (Reader *in, guint i, GError **error)
{
  Table *table;
  guint32 n;

  if (get32 (in) != TABLE_MAGIC)
    {
      table_error (error, i, "not a flow monitor table");
      return NULL;
    }
  table = g_new0 (Table, 1);
  table->rank = get32 (in);
  n = get_count (in, 1);
  table->flows = g_ptr_array_new_full (n, flow_free);
  table->classified = g_array_sized_new (FALSE, FALSE, sizeof (gboolean), n);
  table->merged = g_new0 (Flow *, n);
  for (guint32 j = 0; j < n && !in->short_read; j++)
    {
      gboolean classified;

      g_ptr_array_add (table->flows, get_flow (in, &classified));
      g_array_append_val (table->classified, classified);
    }
  if (in->short_read)
    {
      table_error (error, i, "truncated or corrupt");
      table_free (table);
      return NULL;
    }
  table->probes_at = in->offset;
  return table;
}

/* Adds table @i's probe records, @in positioned after its flows. */
static gboolean
report_add_probes (Report *report, Reader *in, const Table *table, guint i,
                   GError **error)
{
  guint32 n_probes = get32 (in);

  if (report->probes->len == 0)
    for (guint32 p = 0; p < n_probes; p++)
      g_ptr_array_add (report->probes,
                       g_array_new (FALSE, TRUE, sizeof (ProbeFlow)));
  if (n_probes != report->probes->len)
    return table_error (error, i, "a different number of probes");
  for (guint32 p = 0; p < n_probes && !in->short_read; p++)
    {
      GArray *records = report->probes->pdata[p];
      g_autoptr (GHashTable) index
          = g_hash_table_new (g_direct_hash, g_direct_equal);
      guint32 n = get_count (in, 28);

      for (guint32 k = 0; k < records->len; k++)
        g_hash_table_insert (
            index,
            GUINT_TO_POINTER (g_array_index (records, ProbeFlow, k).flow),
            GUINT_TO_POINTER (k + 1));
      for (guint32 k = 0; k < n && !in->short_read; k++)
        {
          guint32 flow = get32 (in);
          ProbeFlow *r;

          if (flow >= table->flows->len)
            return table_error (error, i, "a probe names no flow");
          r = probe_records_find (&records, &index, table->merged[flow]->id);
          r->packets += get32 (in);
          r->bytes += get64 (in);
          r->delay_sum += (CnsTime) get64 (in);
          get_drops (in, &r->drops);
        }
    }
  if (in->short_read || in->offset != in->size)
    return table_error (error, i, "truncated or corrupt");
  return TRUE;
}

/* Merges tables, one per rank, into the statistics the XML reports. */
static Report *
report_merge (GPtrArray *tables, GError **error)
{
  g_autoptr (GPtrArray) read = g_ptr_array_new_with_free_func (table_free);
  g_autoptr (GHashTable) by_source
      = g_hash_table_new (g_int64_hash, g_int64_equal);
  Report *report;

  report = g_new0 (Report, 1);
  report->flows = g_ptr_array_new_with_free_func (flow_free);
  report->by_tuple = g_hash_table_new (five_tuple_hash, five_tuple_equal);
  report->probes = g_ptr_array_new ();
  for (guint i = 0; i < tables->len; i++)
    {
      gsize size;
      Reader in = { g_bytes_get_data (tables->pdata[i], &size), 0, 0, FALSE };
      Table *table;

      in.size = size;
      if ((table = table_read_flows (&in, i, error)) == NULL)
        goto fail;
      g_ptr_array_add (read, table);
    }
  /* the flows where they were classified, merged by 5-tuple ... */
  for (guint i = 0; i < read->len; i++)
    {
      Table *table = read->pdata[i];

      for (guint j = 0; j < table->flows->len; j++)
        {
          Flow *flow = table->flows->pdata[j];
          Flow *merged;

          if (!g_array_index (table->classified, gboolean, j))
            continue;
          merged = g_hash_table_lookup (report->by_tuple, &flow->tuple);
          if (merged == NULL)
            {
              merged = g_new0 (Flow, 1);
              merged->tuple = flow->tuple;
              g_ptr_array_add (report->flows, merged);
              g_hash_table_insert (report->by_tuple, &merged->tuple, merged);
            }
          flow_merge (merged, flow);
          g_hash_table_insert (by_source, &flow->source, merged);
          table->merged[j] = merged;
        }
    }
  /* ... and what other ranks saw of them, by their names */
  for (guint i = 0; i < read->len; i++)
    {
      Table *table = read->pdata[i];

      for (guint j = 0; j < table->flows->len; j++)
        {
          Flow *flow = table->flows->pdata[j];

          if (g_array_index (table->classified, gboolean, j))
            continue;
          table->merged[j] = g_hash_table_lookup (by_source, &flow->source);
          if (table->merged[j] == NULL)
            {
              table_error (error, i, "a flow that no table classified");
              goto fail;
            }
          flow_merge (table->merged[j], flow);
        }
    }
  g_ptr_array_sort (report->flows, flow_compare_pointers);
  for (guint i = 0; i < report->flows->len; i++)
    ((Flow *) report->flows->pdata[i])->id = i + 1;
  for (guint i = 0; i < read->len; i++)
    {
      Table *table = read->pdata[i];
      gsize size;
      Reader in = { g_bytes_get_data (tables->pdata[i], &size), 0,
                    table->probes_at, FALSE };

      in.size = size;
      if (!report_add_probes (report, &in, table, i, error))
        goto fail;
    }
  for (guint p = 0; p < report->probes->len; p++)
    g_array_sort (report->probes->pdata[p], probe_flow_compare);
  return report;

fail:
  report_free (report);
  return NULL;
}

/**
 * cns_flow_monitor_load_tables:
 * @tables: (element-type GBytes): tables from
 *   cns_flow_monitor_serialize_table(), one per rank
 * @error: a %CNS_INTERNET_ERROR_INVALID naming the table at fault
 *
 * Merges @tables; the getters then report the merged statistics, until
 * the next load (a distributed cns_flow_monitor_write_xml() loads every
 * rank's tables on rank 0).
 *
 * Returns: %TRUE on success; on failure the monitor is unchanged.
 */
gboolean
cns_flow_monitor_load_tables (CnsFlowMonitor *self, GPtrArray *tables,
                              GError **error)
{
  Report *report;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if ((report = report_merge (tables, error)) == NULL)
    return FALSE;
  g_clear_pointer (&self->gathered, report_free);
  self->gathered = report;
  return TRUE;
}

/* ---- object ---- */

static void
cns_flow_monitor_dispose (GObject *object)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->by_node, g_hash_table_unref);
  monitor_unwatch_borders (self);
  G_OBJECT_CLASS (cns_flow_monitor_parent_class)->dispose (object);
}

static void
cns_flow_monitor_finalize (GObject *object)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  g_clear_pointer (&self->gathered, report_free);
  g_hash_table_unref (self->by_tuple);
  g_clear_pointer (&self->by_source, g_hash_table_unref);
  g_ptr_array_unref (self->order);
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
  self->order = g_ptr_array_new ();
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
  /* the same on every rank, which makes the same monitors in the same
   * order */
  self->serial = (guint8) ++serial;
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
  return cns_object_new (CNS_TYPE_FLOW_MONITOR, NULL);
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
 * before it. In a distributed run every rank adds the same nodes, in the
 * same order, after the links between ranks are made.
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
  /* tags name ranks in 16 bits */
  if (cns_mpi_get_rank () > G_MAXUINT16)
    {
      g_critical ("cns_flow_monitor_add_node: a flow monitor runs on at most "
                  "65,536 MPI ranks");
      return FALSE;
    }
  self->rank = cns_mpi_get_rank ();
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
  monitor_watch_borders (self, node);
  g_ptr_array_add (self->probes, probe);
  g_hash_table_insert (self->by_node, node, probe);
  return TRUE;
}

/**
 * cns_flow_monitor_get_n_probes:
 *
 * Returns: how many nodes have a probe.
 */
guint32
cns_flow_monitor_get_n_probes (CnsFlowMonitor *self)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  return self->probes->len;
}

/**
 * cns_flow_monitor_get_n_flows:
 *
 * In a distributed run each rank's monitor reports the flows its nodes
 * sent, with what the rank saw of them, until a
 * cns_flow_monitor_write_xml(): from then on rank 0's reports every
 * rank's statistics merged as they were written, as the file does.
 *
 * Returns: how many flows the monitor has seen; their ids are 1 to this
 * number, in the order of the send times of their first packets, and
 * of their 5-tuples for flows that started at the same time (see the
 * XML's flowId).
 */
guint32
cns_flow_monitor_get_n_flows (CnsFlowMonitor *self)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  return self->gathered != NULL ? self->gathered->flows->len : self->order->len;
}

static Flow *
monitor_get_flow (CnsFlowMonitor *self, guint32 flow_id, const gchar *function)
{
  GPtrArray *flows
      = self->gathered != NULL ? self->gathered->flows : self->order;

  if (flow_id - 1 >= flows->len)
    {
      g_critical ("%s: no flow %u (the flow ids are 1 to %u)", function,
                  flow_id, flows->len);
      return NULL;
    }
  return flows->pdata[flow_id - 1];
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
  flow = g_hash_table_lookup (self->gathered != NULL ? self->gathered->by_tuple
                                                     : self->by_tuple,
                              tuple);
  return flow != NULL ? flow->id : 0;
}

/**
 * cns_flow_monitor_get_delay_histogram:
 * @flow_id: a flow id
 * @counts: (out) (transfer none): the count of each bin, from bin 0: the
 *   delays from i to i + 1 bin widths (DelayBinWidth); valid until the
 *   next call of this function or the monitor's end
 *
 * Bindings use cns_flow_monitor_dup_delay_histogram() instead.
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

/**
 * cns_flow_monitor_dup_delay_histogram:
 * @flow_id: a flow id
 * @n_bins: (out): the number of bins, as cns_flow_monitor_get_delay_histogram()
 *   returns it
 *
 * cns_flow_monitor_get_delay_histogram() for bindings: a copy of the counts.
 *
 * Returns: (array length=n_bins) (transfer full) (nullable): the count of
 * each bin from bin 0, %NULL while the flow has no packet received.
 */
guint32 *
cns_flow_monitor_dup_delay_histogram (CnsFlowMonitor *self, guint32 flow_id,
                                      guint32 *n_bins)
{
  const guint32 *counts = NULL;

  g_return_val_if_fail (n_bins != NULL, NULL);
  *n_bins = cns_flow_monitor_get_delay_histogram (self, flow_id, &counts);
  return *n_bins > 0 ? g_memdup2 (counts, *n_bins * sizeof *counts) : NULL;
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

static void
monitor_check_lost (CnsFlowMonitor *self, CnsTime now)
{
  for (guint i = 0; i < self->flows->len; i++)
    flow_check_lost (self->flows->pdata[i], now, self->max_per_hop_delay,
                     FALSE);
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
  g_return_if_fail (CNS_IS_FLOW_MONITOR (self));
  monitor_check_lost (self, cns_simulator_now ());
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

static void
xml_probe (XmlOut *out, const GArray *records, guint32 index)
{
  xml_start (out, "FlowProbe");
  xml_attr_uint (out, "index", index);
  for (guint i = 0; i < records->len; i++)
    {
      const ProbeFlow *record = &g_array_index (records, ProbeFlow, i);

      xml_start (out, "FlowStats");
      xml_attr_uint (out, "flowId", record->flow);
      xml_attr_uint (out, "packets", record->packets);
      xml_attr_uint (out, "bytes", record->bytes);
      xml_attr_time (out, "delayFromFirstProbeSum", record->delay_sum);
      xml_drops (out, record->drops);
      xml_end (out);
    }
  xml_end (out);
}

static void
xml_document (XmlOut *out, CnsFlowMonitor *self, const Report *report,
              gboolean histograms, gboolean probes)
{
  xml_start (out, "FlowMonitor");
  xml_start (out, "FlowStats");
  for (guint i = 0; i < report->flows->len; i++)
    xml_flow_stats (out, self, report->flows->pdata[i], histograms);
  xml_end (out);
  xml_start (out, "Ipv4FlowClassifier");
  for (guint i = 0; i < report->flows->len; i++)
    xml_classifier_flow (out, report->flows->pdata[i]);
  xml_end (out);
  /* ns-3's helper always has an IPv6 classifier too; cns has no IPv6 */
  xml_start (out, "Ipv6FlowClassifier");
  xml_end (out);
  if (probes)
    {
      xml_start (out, "FlowProbes");
      for (guint i = 0; i < report->probes->len; i++)
        xml_probe (out, report->probes->pdata[i], i);
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
 * Under MPI it is collective: every rank calls it with the same
 * arguments. Each counts its lost packets at the latest time any rank
 * has reached, rank 0 merges every rank's statistics and writes the
 * file, the same file a sequential run writes; the other ranks write
 * nothing (and return %TRUE). Rank 0's getters then report the merged
 * statistics.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_flow_monitor_write_xml (CnsFlowMonitor *self, const gchar *path,
                            gboolean histograms, gboolean probes,
                            GError **error)
{
  g_autoptr (GBytes) table = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  guint64 now;
  CnsXmlWriter *out;
  Report *report;
  gboolean ok;

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
  now = (guint64) MAX (cns_simulator_now (), 0);
  cns_mpi_max (&now, 1);
  monitor_check_lost (self, (CnsTime) now);
  table = cns_flow_monitor_serialize_table (self);
  tables = cns_mpi_gather_bytes (g_bytes_get_data (table, NULL),
                                 g_bytes_get_size (table));
  if (tables == NULL)
    return TRUE; /* not rank 0 */
  if ((report = report_merge (tables, error)) == NULL)
    return FALSE;
  out = cns_xml_writer_new (path, error);
  if (out != NULL)
    xml_document (out, self, report, histograms, probes);
  ok = out != NULL && cns_xml_writer_close (out, error);
  if (cns_mpi_get_size () > 1)
    {
      g_clear_pointer (&self->gathered, report_free);
      self->gathered = report;
    }
  else
    report_free (report);
  return ok;
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
