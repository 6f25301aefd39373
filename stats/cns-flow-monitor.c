/* cns — per-flow statistics gathered at the IPv4 layer of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's FlowMonitor: the object users make (usually through
 * CnsFlowMonitorHelper), its attributes, its getters and its XML file.
 * The work is done by its parts, as in ns-3: the classifier
 * (cns-flow-classifier.c) gives datagrams their flows, a probe per node
 * (cns-flow-probe.c) follows them, each flow's record
 * (cns-flow-record.c) holds its statistics and histograms
 * (cns-histogram.c, shared with the delay monitor), the tables of
 * several MPI ranks are merged by cns-flow-monitor-merge.c and written by
 * cns-flow-monitor-xml.c.
 *
 * One monitor per simulation, as in ns-3. Each tag names the monitor
 * that added it by the order monitors were made in the process (modulo
 * 256), and a monitor ignores the tags of others: a second monitor on
 * the same sources would take their packets from the first.
 *
 * Each node keeps its own table of flows, written by its own events
 * only (cns-flow-probe.c says what goes where), so that a run on threads
 * needs no lock and gives the sequential run's statistics. The getters
 * and the XML read the tables merged (cns-flow-monitor-merge.c), merged
 * again when events ran since. Make the monitor, or add its first node,
 * after the command line sets --threads.
 *
 * Distributed runs. Every rank makes the same monitors in the same
 * order, so the monitor of a tag is the same on every rank, and each
 * rank's monitor follows what its own nodes do; a flow's name (where it
 * was classified) is the same on every rank.
 * cns_flow_monitor_write_xml() is collective: every rank counts its lost
 * packets at the latest time any rank reached, serializes its tables,
 * and rank 0 merges them and writes the file. ns-3 checks for lost
 * packets every second instead, so a packet there may arrive up to a
 * second late and still count as received.
 */
#include "stats/cns-flow-monitor.h"

#include "core/cns-mpi.h"
#include "core/cns-parallel.h"
#include "core/cns-simulator.h"
#include "stats/cns-flow-monitor-private.h"
#include "stats/cns-flow-probe-private.h"

#include <string.h>

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

G_DEFINE_FINAL_TYPE (CnsFlowMonitor, cns_flow_monitor, CNS_TYPE_OBJECT)

static void cns_flow_monitor_set_property (GObject *object, guint prop_id,
                                           const GValue *value,
                                           GParamSpec *pspec);
static void cns_flow_monitor_get_property (GObject *object, guint prop_id,
                                           GValue *value, GParamSpec *pspec);

static void
monitor_table_free (gpointer data)
{
  if (data != NULL)
    cns_flow_classifier_free (data);
}

static void
cns_flow_monitor_dispose (GObject *object)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->by_node, g_hash_table_unref);
  cns_flow_probe_unwatch_borders (self);
  G_OBJECT_CLASS (cns_flow_monitor_parent_class)->dispose (object);
}

static void
cns_flow_monitor_finalize (GObject *object)
{
  CnsFlowMonitor *self = CNS_FLOW_MONITOR (object);

  g_clear_pointer (&self->gathered, cns_flow_report_free);
  g_clear_pointer (&self->view, cns_flow_report_free);
  g_ptr_array_unref (self->tables);
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

  cns_flow_probe_register_tag ();
}

static void
cns_flow_monitor_init (CnsFlowMonitor *self)
{
  static guint serial;

  self->tables = g_ptr_array_new_with_free_func (monitor_table_free);
  self->last_check = -1;
  self->probes = g_ptr_array_new_with_free_func (cns_flow_probe_free);
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

/**
 * cns_flow_monitor_add_node:
 * @node: a node
 *
 * Puts a probe on @node's IPv4 layer (ns-3's Ipv4FlowProbe): packets the
 * node sends are classified into flows, and what it forwards, delivers
 * and drops is counted. A node gets one probe however often it is added.
 * The probe's index in the XML output is the number of probes added
 * before it. In a distributed run every rank adds the same nodes, in the
 * same order, after the links between ranks are made. For a run on
 * threads, add the nodes after the command line sets --threads, and
 * after their links are made.
 *
 * Returns: whether @node has a probe now: %FALSE when it has no IPv4
 * layer.
 */
gboolean
cns_flow_monitor_add_node (CnsFlowMonitor *self, CnsNode *node)
{
  CnsIpv4L3Protocol *ipv4;
  CnsFlowProbe *probe;

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
  self->rank = (guint16) cns_mpi_get_rank ();
  self->parallel |= cns_simulator_get_n_threads () > 1;
  probe = cns_flow_probe_new (self, ipv4, node);
  g_ptr_array_add (self->probes, probe);
  g_hash_table_insert (self->by_node, node, probe);
  cns_flow_probe_watch_borders (self, node);
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

static void
report_free_flow (gpointer key, gpointer value, gpointer user_data)
{
  cns_flow_record_free (value);
}

/* Gives @view the statistics of @fresh, flow by flow: the records of
 * @view stay where they are, for the pointers the getters handed out. */
static void
report_update (CnsFlowReport *view, CnsFlowReport *fresh)
{
  GPtrArray *flows
      = g_ptr_array_new_full (fresh->flows->len, cns_flow_record_free);

  for (guint i = 0; i < fresh->flows->len; i++)
    {
      CnsFlowRecord *flow = fresh->flows->pdata[i];
      CnsFlowRecord *old = g_hash_table_lookup (view->by_tuple, &flow->tuple);

      if (old != NULL)
        {
          cns_flow_record_take (old, flow);
          g_ptr_array_add (flows, old);
          g_hash_table_remove (view->by_tuple, &flow->tuple);
        }
      else
        {
          g_ptr_array_add (flows, flow);
          fresh->flows->pdata[i] = NULL;
        }
    }
  /* the flows only grow: every old one was found again, and those left
   * in by_tuple are none */
  g_ptr_array_set_free_func (view->flows, NULL);
  g_ptr_array_unref (view->flows);
  view->flows = flows;
  g_hash_table_foreach (view->by_tuple, report_free_flow, NULL);
  g_hash_table_remove_all (view->by_tuple);
  for (guint i = 0; i < flows->len; i++)
    {
      CnsFlowRecord *flow = flows->pdata[i];

      g_hash_table_insert (view->by_tuple, &flow->tuple, flow);
    }
  G_STATIC_ASSERT (sizeof view->probes == sizeof fresh->probes);
  {
    GPtrArray *probes = view->probes;

    view->probes = fresh->probes;
    fresh->probes = probes;
  }
}

/* The time, events and checks the statistics were read at. */
static void
monitor_stamp (CnsFlowMonitor *self, guint64 *stamp)
{
  stamp[0] = cns_simulator_get_event_count ();
  stamp[1] = (guint64) cns_simulator_now ();
  stamp[2] = self->changes;
}

/* Makes @fresh (transfer full), the tables merged now, what the getters
 * report. */
static void
monitor_set_view (CnsFlowMonitor *self, CnsFlowReport *fresh)
{
  monitor_stamp (self, self->view_stamp);
  if (self->view == NULL)
    {
      self->view = fresh;
      return;
    }
  report_update (self->view, fresh);
  cns_flow_report_free (fresh);
}

/* What the getters report: every rank's statistics after a distributed
 * write, on rank 0; otherwise the tables of this process merged, merged
 * again when events ran or packets were found lost since. */
static CnsFlowReport *
monitor_report (CnsFlowMonitor *self)
{
  guint64 stamp[G_N_ELEMENTS (self->view_stamp)];
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GError) error = NULL;
  CnsFlowReport *fresh;

  if (self->gathered != NULL)
    return self->gathered;
  monitor_stamp (self, stamp);
  if (self->view != NULL && memcmp (stamp, self->view_stamp, sizeof stamp) == 0)
    return self->view;
  tables = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_ptr_array_add (tables, cns_flow_monitor_serialize_table (self));
  fresh = cns_flow_report_merge (tables, cns_mpi_get_size () > 1, &error);
  /* a table this process made is well formed */
  g_assert_no_error (error);
  monitor_set_view (self, fresh);
  return self->view;
}

/**
 * cns_flow_monitor_get_n_flows:
 *
 * In a distributed run each rank's monitor reports the flows its nodes
 * sent, with what the rank saw of them, until a
 * cns_flow_monitor_write_xml(): from then on rank 0's reports every
 * rank's statistics merged as they were written, as the file does. Read
 * the statistics outside a run on threads.
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
  return monitor_report (self)->flows->len;
}

static CnsFlowRecord *
monitor_get_flow (CnsFlowMonitor *self, guint32 flow_id, const gchar *function)
{
  GPtrArray *flows = monitor_report (self)->flows;

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
  CnsFlowRecord *flow;

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
  CnsFlowRecord *flow;

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
  CnsFlowRecord *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  g_return_val_if_fail (tuple != NULL, 0);
  flow = g_hash_table_lookup (monitor_report (self)->by_tuple, tuple);
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
  CnsFlowRecord *flow;
  guint32 n_bins;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  g_return_val_if_fail (counts != NULL, 0);
  *counts = NULL;
  flow = monitor_get_flow (self, flow_id, G_STRFUNC);
  if (flow == NULL || flow->delay.n == 0)
    return 0;
  n_bins = cns_histogram_get_n_bins (&flow->delay);
  g_array_set_size (self->dense, n_bins);
  for (guint32 b = 0; b < n_bins; b++)
    g_array_index (self->dense, guint32, b)
        = (guint32) cns_histogram_get_count (&flow->delay, b);
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
  CnsFlowRecord *flow;

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
  CnsFlowRecord *flow;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR (self), 0);
  if (!check_reason (reason)
      || (flow = monitor_get_flow (self, flow_id, G_STRFUNC)) == NULL)
    return 0;
  return flow->drops != NULL ? flow->drops->bytes[reason] : 0;
}

static void
monitor_check_lost (CnsFlowMonitor *self, CnsTime now)
{
  for (guint n = 0; n < self->tables->len; n++)
    {
      CnsFlowClassifier *table = self->tables->pdata[n];

      for (guint i = 0; table != NULL && i < table->flows->len; i++)
        cns_flow_record_check_lost (table->flows->pdata[i], now,
                                    self->max_per_hop_delay, FALSE);
    }
  for (guint i = 0; self->borders != NULL && i < self->borders->len; i++)
    cns_flow_border_check_lost (self->borders->pdata[i], now,
                                self->max_per_hop_delay);
  self->last_check = MAX (self->last_check, now);
  self->changes++;
}

/**
 * cns_flow_monitor_check_for_lost_packets:
 *
 * Counts as lost, and stops following, every packet in flight that no
 * monitored node has seen for MaxPerHopDelay or longer (ns-3's
 * CheckForLostPackets). Called by cns_flow_monitor_write_xml(); call it
 * before reading lost_packets at the end of a run, outside a run.
 */
void
cns_flow_monitor_check_for_lost_packets (CnsFlowMonitor *self)
{
  g_return_if_fail (CNS_IS_FLOW_MONITOR (self));
  monitor_check_lost (self, cns_simulator_now ());
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
  CnsFlowReport *report;
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
  if ((report = cns_flow_report_merge (tables, FALSE, error)) == NULL)
    return FALSE;
  ok = cns_flow_report_write_xml (report, self, path, histograms, probes,
                                  error);
  if (cns_mpi_get_size () > 1)
    {
      g_clear_pointer (&self->gathered, cns_flow_report_free);
      self->gathered = report;
    }
  else
    monitor_set_view (self, report);
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
