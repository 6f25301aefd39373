/* cns — one-way delay statistics of application traffic.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The sources' IPv4 layers stamp every datagram (and every TCP data
 * segment) they send with the send-time tag, on SendOutgoing; the sinks'
 * Rx reads it back, so the delay of every packet is known. The tag is
 * the flow monitor's too: a packet its probes stamped carries the same
 * time. Delays go into a histogram (cns-histogram.c) exact to the
 * nanosecond below 2,048 ns and with 1,024 bins per power of two above,
 * so the mean is exact and a percentile (the middle of its bin) within
 * 0.05 %. A checksum, the sum of a hash of
 * (flow, delay) per packet, tells two runs' sets of delays apart whatever
 * the order the packets arrived in; summed over MPI ranks it is the
 * sequential run's.
 *
 * The per-packet work is in C, so a scenario written in Python measures
 * at the speed of one written in C. Sinks are any object with an "Rx"
 * trace source of the packet sinks' signature, connected by name: the
 * module needs no application type.
 *
 * Sources and sinks of many nodes count at once on threads, so each
 * thread counts apart, on cache lines of its own, and the getters add
 * the threads' counts up: integer sums, so the totals are the sequential
 * run's whatever thread counted what. Make the monitor after the command
 * line sets --threads.
 */
#include "stats/cns-delay-monitor.h"

#include "core/cns-core-error.h"
#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-parallel.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "internet/cns-ipv4-address.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "internet/cns-tcp-header.h"
#include "internet/cns-udp-header.h"
#include "stats/cns-histogram-private.h"
#include "stats/cns-send-time-tag-private.h"

#include <math.h>
#include <string.h>

/* What one sink's Rx callback needs. */
typedef struct
{
  CnsDelayMonitor *monitor;
  guint32 flow;
  guint group;
} Sink;

/* A trace connection, undone when the monitor goes. */
typedef struct
{
  GObject *object;
  const gchar *name;
  GCallback callback;
  gpointer data;
} Connection;

/* What one thread counted. */
typedef struct
{
  guint64 tx_packets, tx_bytes;
  guint64 rx_packets, rx_bytes;
  guint64 transmissions;
  guint64 untagged;           /* received without a send time */
  unsigned __int128 delay_ps; /* the sum */
  guint64 delay_checksum;
  CnsHistogram delays; /* in ns, log-linear bins */
  guint64 *rx_binned;  /* group x 1-s bin, or NULL */
} Counts;

/* Counts padded to whole cache lines, so that threads never write the
 * same line. */
typedef union
{
  Counts counts;
  guint8 line[(sizeof (Counts) + 63) / 64 * 64];
} ThreadCounts;

struct _CnsDelayMonitor
{
  GObject parent_instance;

  ThreadCounts *threads; /* one per thread, row 0 the main thread's */
  guint n_threads;
  guint n_groups, n_time_bins;
  GArray *connections; /* Connection */
  GPtrArray *sinks;    /* Sink */
};

G_DEFINE_FINAL_TYPE (CnsDelayMonitor, cns_delay_monitor, G_TYPE_OBJECT)

/* splitmix64's finaliser: mixes a value before it is summed, so that a
 * sum over packets in any order tells different sets apart. */
static guint64
mix64 (guint64 x)
{
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The counts of the thread running the event. */
static inline Counts *
monitor_counts (CnsDelayMonitor *self)
{
  guint thread = cns_simulator_get_thread_index ();

  if (G_UNLIKELY (thread >= self->n_threads))
    cns_fatal ("a delay monitor made for %u threads counts on thread %u: "
               "make it after the command line sets --threads",
               self->n_threads, thread);
  return &self->threads[thread].counts;
}

/* SendOutgoing of a source's IPv4 layer. */
static void
on_send (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
         guint32 interface, gpointer user_data)
{
  CnsDelayMonitor *self = user_data;
  CnsTime now = cns_simulator_now ();
  guint32 payload;
  Counts *counts;

  if (header->protocol == CNS_IP_PROTOCOL_UDP)
    payload = cns_packet_get_size (packet) - CNS_UDP_HEADER_SIZE;
  else if (header->protocol == CNS_IP_PROTOCOL_TCP)
    {
      CnsTcpHeader tcp;
      gsize size = cns_packet_peek_header (packet, &cns_tcp_header_class, &tcp);

      /* data segments, sent again or not; not the ACKs, SYNs and FINs */
      payload = size > 0 ? cns_packet_get_size (packet) - size : 0;
      if (payload == 0)
        return;
    }
  else
    return;
  counts = monitor_counts (self);
  counts->tx_packets++;
  counts->tx_bytes += payload;
  /* the datagram is the source's alone here: nothing shares it yet */
  if (cns_packet_is_writable (packet))
    cns_send_time_tag_set (packet, now);
}

/* Rx of a sink. */
static void
on_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
       gpointer user_data)
{
  Sink *sink = user_data;
  CnsDelayMonitor *self = sink->monitor;
  Counts *counts = monitor_counts (self);
  guint32 size = cns_packet_get_size (packet);
  CnsInetSocketAddress sender;
  CnsTime sent, delay;

  counts->rx_packets++;
  counts->rx_bytes += size;
  if (counts->rx_binned != NULL && sink->group < self->n_groups)
    {
      guint bin = (guint) (cns_simulator_now () / CNS_TIME_PS_PER_S);

      if (bin < self->n_time_bins)
        counts->rx_binned[(gsize) sink->group * self->n_time_bins + bin]
            += size;
    }
  if (!cns_send_time_tag_peek (packet, &sent))
    {
      counts->untagged++;
      return;
    }
  delay = cns_simulator_now () - sent;
  counts->delay_ps += (guint64) delay;
  cns_histogram_add (&counts->delays,
                     cns_histogram_log_bin ((guint64) delay / 1000), 1);
  /* a flow is the sink's flow number and the sender's address and port */
  cns_inet_socket_address_from_address (from, &sender);
  counts->delay_checksum += mix64 (
      mix64 (((guint64) sink->flow << 32 | sender.address.value) ^ sender.port)
      + (guint64) delay);
}

/* PhyTxBegin of a counted device. */
static void
on_transmit (gpointer source, CnsPacket *packet, gpointer user_data)
{
  monitor_counts (user_data)->transmissions++;
}

static gboolean
monitor_connect (CnsDelayMonitor *self, gpointer object, const gchar *name,
                 GCallback callback, gpointer data, GError **error)
{
  Connection c = { g_object_ref (object), name, callback, data };

  if (cns_trace_connect (object, name, callback, data, error) == 0)
    {
      g_object_unref (object);
      return FALSE;
    }
  g_array_append_val (self->connections, c);
  return TRUE;
}

static void
cns_delay_monitor_dispose (GObject *object)
{
  CnsDelayMonitor *self = CNS_DELAY_MONITOR (object);

  for (guint i = 0; i < self->connections->len; i++)
    {
      Connection *c = &g_array_index (self->connections, Connection, i);

      cns_trace_disconnect (c->object, c->name, c->callback, c->data);
      g_object_unref (c->object);
    }
  g_array_set_size (self->connections, 0);
  G_OBJECT_CLASS (cns_delay_monitor_parent_class)->dispose (object);
}

static void
cns_delay_monitor_finalize (GObject *object)
{
  CnsDelayMonitor *self = CNS_DELAY_MONITOR (object);

  g_array_unref (self->connections);
  g_ptr_array_unref (self->sinks);
  for (guint i = 0; i < self->n_threads; i++)
    {
      cns_histogram_clear (&self->threads[i].counts.delays);
      g_free (self->threads[i].counts.rx_binned);
    }
  g_aligned_free (self->threads);
  G_OBJECT_CLASS (cns_delay_monitor_parent_class)->finalize (object);
}

static void
cns_delay_monitor_class_init (CnsDelayMonitorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = cns_delay_monitor_dispose;
  G_OBJECT_CLASS (klass)->finalize = cns_delay_monitor_finalize;
  cns_send_time_tag_register ();
}

static void
cns_delay_monitor_init (CnsDelayMonitor *self)
{
  self->connections = g_array_new (FALSE, FALSE, sizeof (Connection));
  self->sinks = g_ptr_array_new_with_free_func (g_free);
  self->n_threads = MAX (cns_simulator_get_n_threads (), 1);
  self->threads = g_aligned_alloc0 (self->n_threads, sizeof (ThreadCounts), 64);
}

/**
 * cns_delay_monitor_new:
 *
 * Make the monitor after the command line sets --threads: it counts
 * apart for each thread of a parallel run.
 *
 * Returns: (transfer full): a monitor with no source or sink yet.
 */
CnsDelayMonitor *
cns_delay_monitor_new (void)
{
  return g_object_new (CNS_TYPE_DELAY_MONITOR, NULL);
}

/**
 * cns_delay_monitor_add_source:
 * @self: a monitor
 * @node: a node with an internet stack
 * @error: a #CNS_CORE_ERROR when @node has no IPv4 layer
 *
 * Counts the UDP datagrams and TCP data segments @node's IPv4 layer sends
 * and tags each with the time, for the sinks to read. On MPI, only for a
 * node of this rank.
 *
 * Returns: %TRUE when the layer is traced.
 */
gboolean
cns_delay_monitor_add_source (CnsDelayMonitor *self, CnsNode *node,
                              GError **error)
{
  CnsIpv4L3Protocol *ipv4;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), FALSE);
  g_return_val_if_fail (CNS_IS_NODE (node), FALSE);
  ipv4 = cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL);
  if (ipv4 == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "delay monitor: node %u has no internet stack",
                   cns_node_get_id (node));
      return FALSE;
    }
  return monitor_connect (self, ipv4, "SendOutgoing", G_CALLBACK (on_send),
                          self, error);
}

/**
 * cns_delay_monitor_add_sink:
 * @self: a monitor
 * @sink: an application with an "Rx" trace source (a #CnsPacketSink)
 * @flow: a number the checksum folds in with each sender, to tell flows
 *   apart: the client's index, say
 * @group: the row of the received-bytes bins this sink adds to (see
 *   cns_delay_monitor_set_rx_bins())
 * @error: a #CNS_CORE_ERROR when @sink has no Rx trace source
 *
 * Counts what @sink receives, and the delay of what carries a source's
 * tag.
 *
 * Returns: %TRUE when the sink is traced.
 */
gboolean
cns_delay_monitor_add_sink (CnsDelayMonitor *self, CnsApplication *sink,
                            guint32 flow, guint group, GError **error)
{
  Sink *s;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), FALSE);
  g_return_val_if_fail (CNS_IS_APPLICATION (sink), FALSE);
  s = g_new (Sink, 1);
  *s = (Sink){ self, flow, group };
  g_ptr_array_add (self->sinks, s);
  return monitor_connect (self, sink, "Rx", G_CALLBACK (on_rx), s, error);
}

/**
 * cns_delay_monitor_count_transmissions:
 * @self: a monitor
 * @device: a device with a "PhyTxBegin" trace source
 * @error: a #CNS_CORE_ERROR when it has none
 *
 * Counts the frames @device starts to transmit, into
 * cns_delay_monitor_get_transmissions(): the traffic over a set of links.
 *
 * Returns: %TRUE when the device is traced.
 */
gboolean
cns_delay_monitor_count_transmissions (CnsDelayMonitor *self,
                                       CnsNetDevice *device, GError **error)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), FALSE);
  g_return_val_if_fail (CNS_IS_NET_DEVICE (device), FALSE);
  return monitor_connect (self, device, "PhyTxBegin", G_CALLBACK (on_transmit),
                          self, error);
}

/**
 * cns_delay_monitor_set_rx_bins:
 * @self: a monitor
 * @n_groups: the groups the sinks were given, 0 for none
 * @n_bins: the 1-second bins of simulated time, from 0 s
 *
 * Also counts the bytes received per group of sinks and second, for a
 * throughput plot; bytes after the last bin are not binned. Cleared.
 */
void
cns_delay_monitor_set_rx_bins (CnsDelayMonitor *self, guint n_groups,
                               guint n_bins)
{
  g_return_if_fail (CNS_IS_DELAY_MONITOR (self));
  self->n_groups = n_groups;
  self->n_time_bins = n_bins;
  for (guint i = 0; i < self->n_threads; i++)
    {
      Counts *counts = &self->threads[i].counts;

      g_clear_pointer (&counts->rx_binned, g_free);
      if ((gsize) n_groups * n_bins > 0)
        counts->rx_binned = g_new0 (guint64, (gsize) n_groups * n_bins);
    }
}

/* Adds every thread's counts into the main thread's, outside a run. A
 * thread that received nothing binned nothing. */
static void
monitor_fold_threads (CnsDelayMonitor *self)
{
  Counts *into = &self->threads[0].counts;
  gsize n_binned = (gsize) self->n_groups * self->n_time_bins;

  for (guint i = 1; i < self->n_threads; i++)
    {
      Counts *c = &self->threads[i].counts;

      if (c->tx_packets == 0 && c->rx_packets == 0 && c->transmissions == 0)
        continue;
      into->tx_packets += c->tx_packets;
      into->tx_bytes += c->tx_bytes;
      into->rx_packets += c->rx_packets;
      into->rx_bytes += c->rx_bytes;
      into->transmissions += c->transmissions;
      into->untagged += c->untagged;
      into->delay_ps += c->delay_ps;
      into->delay_checksum += c->delay_checksum;
      cns_histogram_merge (&into->delays, &c->delays);
      cns_histogram_clear (&c->delays);
      if (c->rx_binned != NULL)
        {
          for (gsize b = 0; b < n_binned; b++)
            into->rx_binned[b] += c->rx_binned[b];
          memset (c->rx_binned, 0, n_binned * sizeof (guint64));
        }
      c->tx_packets = c->tx_bytes = c->rx_packets = c->rx_bytes = 0;
      c->transmissions = c->untagged = c->delay_checksum = 0;
      c->delay_ps = 0;
    }
}

/* The counts of every thread, added up (outside a run). */
static Counts *
monitor_totals (CnsDelayMonitor *self)
{
  monitor_fold_threads (self);
  return &self->threads[0].counts;
}

/**
 * cns_delay_monitor_merge_ranks:
 * @self: a monitor
 *
 * On MPI, collective: every rank's monitor, which traced its own nodes,
 * takes the totals of all ranks, the sequential run's figures. Every rank
 * must call it, with the same bins. Without MPI it changes nothing.
 */
void
cns_delay_monitor_merge_ranks (CnsDelayMonitor *self)
{
  enum
  {
    TX_PACKETS,
    TX_BYTES,
    RX_PACKETS,
    RX_BYTES,
    TRANSMISSIONS,
    UNTAGGED,
    CHECKSUM,
    DELAY_PS, /* four 32-bit limbs, lowest first: sums cannot carry out */
    N_SUMS = DELAY_PS + 4
  };
  guint64 sum[N_SUMS];
  Counts *c;

  g_return_if_fail (CNS_IS_DELAY_MONITOR (self));
  c = monitor_totals (self);
  if (cns_mpi_get_size () <= 1)
    return;
  sum[TX_PACKETS] = c->tx_packets;
  sum[TX_BYTES] = c->tx_bytes;
  sum[RX_PACKETS] = c->rx_packets;
  sum[RX_BYTES] = c->rx_bytes;
  sum[TRANSMISSIONS] = c->transmissions;
  sum[UNTAGGED] = c->untagged;
  sum[CHECKSUM] = c->delay_checksum;
  for (guint i = 0; i < 4; i++)
    sum[DELAY_PS + i] = (guint64) (c->delay_ps >> (32 * i)) & 0xffffffffu;
  cns_mpi_sum (sum, N_SUMS);
  cns_histogram_sum_ranks (&c->delays, CNS_HISTOGRAM_LOG_N_BINS);
  if (c->rx_binned != NULL)
    cns_mpi_sum (c->rx_binned, (gsize) self->n_groups * self->n_time_bins);
  c->tx_packets = sum[TX_PACKETS];
  c->tx_bytes = sum[TX_BYTES];
  c->rx_packets = sum[RX_PACKETS];
  c->rx_bytes = sum[RX_BYTES];
  c->transmissions = sum[TRANSMISSIONS];
  c->untagged = sum[UNTAGGED];
  c->delay_checksum = sum[CHECKSUM];
  c->delay_ps = 0;
  for (guint i = 0; i < 4; i++)
    c->delay_ps += (unsigned __int128) sum[DELAY_PS + i] << (32 * i);
}

/**
 * cns_delay_monitor_get_tx_packets:
 *
 * The getters add up what every thread counted: call them outside a
 * run on threads.
 *
 * Returns: the datagrams and TCP data segments the sources sent.
 */
guint64
cns_delay_monitor_get_tx_packets (CnsDelayMonitor *self)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  return monitor_totals (self)->tx_packets;
}

/**
 * cns_delay_monitor_get_tx_bytes:
 *
 * Returns: their payload bytes.
 */
guint64
cns_delay_monitor_get_tx_bytes (CnsDelayMonitor *self)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  return monitor_totals (self)->tx_bytes;
}

/**
 * cns_delay_monitor_get_rx_packets:
 *
 * Returns: the packets the sinks received (reads, for TCP).
 */
guint64
cns_delay_monitor_get_rx_packets (CnsDelayMonitor *self)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  return monitor_totals (self)->rx_packets;
}

/**
 * cns_delay_monitor_get_rx_bytes:
 *
 * Returns: their bytes.
 */
guint64
cns_delay_monitor_get_rx_bytes (CnsDelayMonitor *self)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  return monitor_totals (self)->rx_bytes;
}

/**
 * cns_delay_monitor_get_delay_samples:
 *
 * Returns: the received packets that carried a send time: the delays the
 * statistics are over.
 */
guint64
cns_delay_monitor_get_delay_samples (CnsDelayMonitor *self)
{
  Counts *c;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  c = monitor_totals (self);
  return c->rx_packets - c->untagged;
}

/**
 * cns_delay_monitor_get_transmissions:
 *
 * Returns: the frames the counted devices started to transmit.
 */
guint64
cns_delay_monitor_get_transmissions (CnsDelayMonitor *self)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  return monitor_totals (self)->transmissions;
}

/**
 * cns_delay_monitor_get_delay_checksum:
 *
 * Returns: the sum over delay samples of a hash of (flow, sender, delay).
 */
guint64
cns_delay_monitor_get_delay_checksum (CnsDelayMonitor *self)
{
  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  return monitor_totals (self)->delay_checksum;
}

/**
 * cns_delay_monitor_get_delay_mean:
 *
 * Returns: the mean delay in seconds, exact to the double; 0 without
 * samples.
 */
gdouble
cns_delay_monitor_get_delay_mean (CnsDelayMonitor *self)
{
  Counts *c;
  guint64 n;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  c = monitor_totals (self);
  n = c->rx_packets - c->untagged;
  return n > 0 ? (gdouble) c->delay_ps / n / 1e12 : 0;
}

/**
 * cns_delay_monitor_get_delay_percentile:
 * @self: a monitor
 * @fraction: 0.99 for the 99th percentile
 *
 * Returns: the delay in seconds at @fraction of the samples: the middle
 * of the histogram bin that holds it; 0 without samples.
 */
gdouble
cns_delay_monitor_get_delay_percentile (CnsDelayMonitor *self, gdouble fraction)
{
  guint64 n, rank, seen = 0;
  Counts *c;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  c = monitor_totals (self);
  n = c->rx_packets - c->untagged;
  rank = (guint64) ceil (fraction * n);
  for (guint32 b = 0; b < cns_histogram_get_n_bins (&c->delays) && n > 0; b++)
    {
      seen += cns_histogram_get_count (&c->delays, b);
      if (seen >= rank)
        {
          guint64 width, low = cns_histogram_log_bin_low (b, &width);

          return (low + (width - 1) / 2.0) / 1e9;
        }
    }
  return 0;
}

/**
 * cns_delay_monitor_get_n_delay_bins:
 *
 * Returns: the number of histogram bins, for
 * cns_delay_monitor_get_delay_bin().
 */
guint
cns_delay_monitor_get_n_delay_bins (CnsDelayMonitor *self)
{
  return CNS_HISTOGRAM_LOG_N_BINS;
}

/**
 * cns_delay_monitor_get_delay_bin:
 * @self: a monitor
 * @bin: below cns_delay_monitor_get_n_delay_bins()
 * @low_ns: (out) (optional): the bin's lowest delay in nanoseconds
 * @width_ns: (out) (optional): its width in nanoseconds
 *
 * Returns: the samples in histogram bin @bin, in order of delay.
 */
guint64
cns_delay_monitor_get_delay_bin (CnsDelayMonitor *self, guint bin,
                                 guint64 *low_ns, guint64 *width_ns)
{
  guint64 width, low;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  g_return_val_if_fail (bin < CNS_HISTOGRAM_LOG_N_BINS, 0);
  low = cns_histogram_log_bin_low (bin, &width);
  if (low_ns != NULL)
    *low_ns = low;
  if (width_ns != NULL)
    *width_ns = width;
  return cns_histogram_get_count (&monitor_totals (self)->delays, bin);
}

/**
 * cns_delay_monitor_get_rx_bytes_in_bin:
 * @self: a monitor
 * @group: a group of sinks
 * @bin: a second of simulated time
 *
 * Returns: the bytes the sinks of @group received during second @bin, 0
 * outside the bins cns_delay_monitor_set_rx_bins() made.
 */
guint64
cns_delay_monitor_get_rx_bytes_in_bin (CnsDelayMonitor *self, guint group,
                                       guint bin)
{
  Counts *c;

  g_return_val_if_fail (CNS_IS_DELAY_MONITOR (self), 0);
  c = monitor_totals (self);
  if (c->rx_binned == NULL || group >= self->n_groups
      || bin >= self->n_time_bins)
    return 0;
  return c->rx_binned[(gsize) group * self->n_time_bins + bin];
}
