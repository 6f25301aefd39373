/* cns — a ring of MPI ranks flooding their neighbours over slow links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The test of how much a distributed simulator talks: --nNodes nodes in a
 * ring (by default one per MPI rank), each joined to the next by a
 * point-to-point link of --dataRate (10kbps) and --delay (2ms), each
 * sending UDP to both neighbours at --appRate (1Mbps) for --simTime
 * (30 s). A 10 kb/s link carries a hundredth of what is offered, so the
 * queues fill at once and drop nearly everything: the links are busy for
 * the whole run, which is when a null-message simulator should need no
 * null messages at all (the data messages carry the guarantees).
 *
 *   mpirun -np 4 build/examples/mpi-ring --json
 *   mpirun -np 4 build/examples/mpi-ring
 * --SimulatorImplementationType=null-message build/examples/mpi-ring --nNodes=4
 * (the same ring, sequentially)
 *
 * TOPOLOGY. Node i runs on rank i * ranks / nNodes, so a rank's nodes are
 * consecutive and only the links at the edges of its block cross ranks.
 * Link i joins node i to node (i + 1) mod nNodes, links made in order of
 * i; each is its own /30 from 10.0.0.0, node i taking the first address.
 * With 2 nodes the ring has two parallel links, 0-1 and 1-0, so that, as
 * for any larger ring, every node has two links and each link carries
 * one flow each way. A single node has no neighbour and no link: it sends
 * nothing, and the run has one event, the nodes' initialisation.
 *
 * TRAFFIC. Every node runs a UDP packet sink on port 9 and two always-on
 * on-off sources of --packetSize-byte datagrams (512), one to each
 * neighbour's address on the link between them, from 0 s to --simTime.
 * No stop time: the run ends by itself once the queues have drained.
 *
 * WHAT IT PRINTS. Only rank 0 prints, figures summed over ranks: the
 * datagrams sent, received and dropped by the devices' queues (drop-tail,
 * 100 packets), the events run, when the last one ran, and a checksum
 * over every (receiving node, arrival time), so that two runs that agree
 * on it delivered the same packets at the same times. These do not depend
 * on the number of ranks or the simulator (each rank runs its own copy of
 * the event that initialises the nodes, counted once in the total, as in
 * a sequential run). The MPI figures do: messages
 * sent and received and null messages (summed over ranks), windows (the
 * largest rank's count: under gtw every rank takes part in every window)
 * and, with --json, the same per rank in "rank_..." arrays.
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>

#define SINK_PORT 9

typedef struct
{
  guint n_nodes; /* 0: one per rank */
  CnsDataRate data_rate;
  CnsTime delay;
  CnsDataRate app_rate;
  guint packet_size;
  CnsTime sim_time;
  gboolean json;
} Options;

/* What the trace callbacks of every node count on this rank: on
 * --threads, nodes of several threads at once, each thread into its own
 * copy, added up at the end. */
enum
{
  STAT_TX_PACKETS,
  STAT_RX_PACKETS,
  STAT_RX_BYTES,
  STAT_RX_CHECKSUM,
  N_STATS
};

static CnsAccumulator *stats;

/* splitmix64's finaliser: mixes a value before it is summed, so that sums
 * over packets in any order tell different sets apart. */
static guint64
mix64 (guint64 x)
{
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* Tx of a source. */
static void
on_source_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  cns_accumulator_add (stats, STAT_TX_PACKETS, 1);
}

/* Rx of a sink; @user_data is its node's id. */
static void
on_sink_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
            gpointer user_data)
{
  guint64 *counts = cns_accumulator_get_values (stats);

  counts[STAT_RX_PACKETS]++;
  counts[STAT_RX_BYTES] += cns_packet_get_size (packet);
  counts[STAT_RX_CHECKSUM] += mix64 (mix64 (GPOINTER_TO_UINT (user_data))
                                     + (guint64) cns_simulator_now ());
}

/* Set-up errors are the same on every rank: rank 0 says so and every rank
 * ends cleanly, with status 1. */
static void
die (const gchar *what, GError *error)
{
  cns_fatal_collective ("mpi-ring: %s: %s", what, error->message);
}

/* Rank 0 names the option; every rank refuses it. */
static int
bad_option (const gchar *option, const gchar *expected)
{
  if (cns_mpi_get_rank () == 0)
    fprintf (stderr, "mpi-ring: --%s: expected %s\n", option, expected);
  return 2;
}

/* Returns: 0, or the exit status for a value out of range. */
static int
check_options (const Options *o)
{
  if (o->data_rate == 0)
    return bad_option ("dataRate", "a rate above 0");
  if (o->delay <= 0)
    return bad_option ("delay", "a delay above 0 (links between ranks need "
                                "one)");
  if (o->app_rate == 0)
    return bad_option ("appRate", "a rate above 0");
  if (o->packet_size < 1 || o->packet_size > 65507)
    return bad_option ("packetSize", "1 to 65507 bytes (a UDP datagram)");
  if (o->sim_time <= 0)
    return bad_option ("simTime", "a time after 0 s");
  if (o->n_nodes > (1u << 22))
    return bad_option ("nNodes", "at most 2^22 nodes (10/8 as /30s)");
  return 0;
}

/* The sink of @node and its sources, one to each address in @to. */
static void
add_traffic (const Options *o, CnsNode *node, const CnsIpv4Address to[2])
{
  g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
  g_autoptr (CnsRandomVariable) on
      = cns_constant_random_variable_new_unnumbered (
          cns_time_to_seconds (o->sim_time));
  g_autoptr (CnsRandomVariable) off
      = cns_constant_random_variable_new_unnumbered (0);
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), SINK_PORT);
  GError *error = NULL;

  cns_packet_sink_set_local (sink, &any);
  cns_application_install (CNS_APPLICATION (sink), node);
  if (cns_trace_connect (sink, "Rx", G_CALLBACK (on_sink_rx),
                         GUINT_TO_POINTER (cns_node_get_id (node)), &error)
      == 0)
    die ("sink trace", error);

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (CnsOnOffApplication) source = cns_on_off_application_new ();
      CnsInetSocketAddress remote
          = cns_inet_socket_address_init (to[i], SINK_PORT);

      /* on for the whole run: the switch off and the stop coincide */
      g_object_set (source, "on-time", on, "off-time", off, "data-rate",
                    (guint64) o->app_rate, "packet-size", o->packet_size, NULL);
      cns_on_off_application_set_remote (source, &remote);
      cns_application_set_start_time (CNS_APPLICATION (source), 0);
      cns_application_set_stop_time (CNS_APPLICATION (source), o->sim_time);
      cns_application_install (CNS_APPLICATION (source), node);
      if (cns_trace_connect (source, "Tx", G_CALLBACK (on_source_tx), NULL,
                             &error)
          == 0)
        die ("source trace", error);
    }
}

/* Packets the queues of this rank's devices dropped. */
static guint64
count_queue_drops (CnsNodeContainer *nodes)
{
  guint64 drops = 0;

  for (guint32 i = 0; i < cns_node_container_get_n (nodes); i++)
    {
      CnsNode *node = cns_node_container_get (nodes, i);

      if (!cns_node_is_local (node))
        continue;
      for (guint32 d = 0; d < cns_node_get_n_devices (node); d++)
        {
          CnsNetDevice *device = cns_node_get_device (node, d);
          CnsQueue *queue;

          if (!CNS_IS_POINT_TO_POINT_NET_DEVICE (device))
            continue;
          queue = cns_point_to_point_net_device_get_queue (
              CNS_POINT_TO_POINT_NET_DEVICE (device));
          if (queue != NULL)
            drops += cns_queue_get_total_dropped_packets (queue);
        }
    }
  return drops;
}

/* ---- the report ---- */

/* Summed over ranks. */
enum
{
  SUM_TX_PACKETS,
  SUM_RX_PACKETS,
  SUM_RX_BYTES,
  SUM_RX_CHECKSUM,
  SUM_QUEUE_DROPS,
  SUM_EVENTS,
  SUM_MESSAGES_SENT,
  SUM_MESSAGES_RECEIVED,
  SUM_PACKETS_SENT,
  SUM_PACKETS_RECEIVED,
  SUM_NULL_MESSAGES,
  SUM_N
};

/* The largest rank's. */
enum
{
  MAX_NOW,
  MAX_WINDOWS,
  MAX_RUN_US,
  MAX_N
};

typedef struct
{
  guint32 ranks;
  guint n_nodes, n_links;
  const gchar *simulator;
  guint64 sum[SUM_N];
  guint64 max[MAX_N];
  CnsMpiStats *per_rank; /* each rank's, on rank 0 */
} Report;

/* Collective: every rank calls it; @r is complete on rank 0. */
static void
aggregate (Report *r, CnsNodeContainer *nodes, gint64 run_us)
{
  CnsMpiStats mpi;

  cns_mpi_get_stats (&mpi);
  r->sum[SUM_TX_PACKETS] = cns_accumulator_get_total (stats, STAT_TX_PACKETS);
  r->sum[SUM_RX_PACKETS] = cns_accumulator_get_total (stats, STAT_RX_PACKETS);
  r->sum[SUM_RX_BYTES] = cns_accumulator_get_total (stats, STAT_RX_BYTES);
  r->sum[SUM_RX_CHECKSUM] = cns_accumulator_get_total (stats, STAT_RX_CHECKSUM);
  r->sum[SUM_QUEUE_DROPS] = count_queue_drops (nodes);
  r->sum[SUM_EVENTS] = cns_simulator_get_event_count ();
  r->sum[SUM_MESSAGES_SENT] = mpi.messages_sent;
  r->sum[SUM_MESSAGES_RECEIVED] = mpi.messages_received;
  r->sum[SUM_PACKETS_SENT] = mpi.packets_sent;
  r->sum[SUM_PACKETS_RECEIVED] = mpi.packets_received;
  r->sum[SUM_NULL_MESSAGES] = mpi.null_messages;
  r->max[MAX_NOW] = (guint64) cns_simulator_now ();
  r->max[MAX_WINDOWS] = mpi.windows;
  r->max[MAX_RUN_US] = (guint64) run_us;
  r->per_rank = cns_mpi_gather_stats (r->sum[SUM_EVENTS]);

  cns_mpi_sum (r->sum, SUM_N);
  cns_mpi_max (r->max, MAX_N);
  /* every rank runs the node list's initialisation, a sequential run once */
  r->sum[SUM_EVENTS] -= r->ranks - 1;
}

static void
print_json (const Options *o, const Report *r)
{
  gdouble run_s = r->max[MAX_RUN_US] / 1e6;
  g_autofree gchar *arrays = cns_mpi_stats_to_json (r->per_rank, r->ranks);

  printf ("{\"ranks\":%u,\"simulator\":\"%s\",\"nodes\":%u,\"links\":%u,"
          "\"flows\":%u,\"data_rate_bps\":%" G_GUINT64_FORMAT
          ",\"delay_s\":%.9g,\"app_rate_bps\":%" G_GUINT64_FORMAT
          ",\"packet_size\":%u,\"sim_time_s\":%.9g",
          r->ranks, r->simulator, r->n_nodes, r->n_links,
          r->n_links > 0 ? 2 * r->n_nodes : 0, (guint64) o->data_rate,
          cns_time_to_seconds (o->delay), (guint64) o->app_rate, o->packet_size,
          cns_time_to_seconds (o->sim_time));
  printf (
      ",\"tx_packets\":%" G_GUINT64_FORMAT ",\"rx_packets\":%" G_GUINT64_FORMAT
      ",\"rx_bytes\":%" G_GUINT64_FORMAT ",\"queue_drops\":%" G_GUINT64_FORMAT
      ",\"rx_checksum\":\"%016" G_GINT64_MODIFIER "x\""
      ",\"events\":%" G_GUINT64_FORMAT ",\"end_time_s\":%.12g",
      r->sum[SUM_TX_PACKETS], r->sum[SUM_RX_PACKETS], r->sum[SUM_RX_BYTES],
      r->sum[SUM_QUEUE_DROPS], r->sum[SUM_RX_CHECKSUM], r->sum[SUM_EVENTS],
      cns_time_to_seconds ((CnsTime) r->max[MAX_NOW]));
  printf (",\"messages_sent\":%" G_GUINT64_FORMAT
          ",\"messages_received\":%" G_GUINT64_FORMAT
          ",\"packets_sent\":%" G_GUINT64_FORMAT
          ",\"packets_received\":%" G_GUINT64_FORMAT
          ",\"null_messages\":%" G_GUINT64_FORMAT
          ",\"windows\":%" G_GUINT64_FORMAT
          ",\"run_s\":%.3f,\"events_per_s\":%.0f",
          r->sum[SUM_MESSAGES_SENT], r->sum[SUM_MESSAGES_RECEIVED],
          r->sum[SUM_PACKETS_SENT], r->sum[SUM_PACKETS_RECEIVED],
          r->sum[SUM_NULL_MESSAGES], r->max[MAX_WINDOWS], run_s,
          run_s > 0 ? r->sum[SUM_EVENTS] / run_s : 0.0);
  printf (",%s", arrays);
  printf ("}\n");
}

static void
print_summary (const Options *o, const Report *r)
{
  g_autofree gchar *rate = cns_data_rate_to_string (o->data_rate);
  g_autofree gchar *app = cns_data_rate_to_string (o->app_rate);

  printf ("mpi-ring: %u nodes on %u ranks, %s simulator; links %s / %g ms, "
          "each node sends %s to both neighbours for %g s\n",
          r->n_nodes, r->ranks, r->simulator, rate,
          cns_time_to_seconds (o->delay) * 1e3, app,
          cns_time_to_seconds (o->sim_time));
  printf ("  sent      %" G_GUINT64_FORMAT " packets\n",
          r->sum[SUM_TX_PACKETS]);
  printf ("  received  %" G_GUINT64_FORMAT " packets\n",
          r->sum[SUM_RX_PACKETS]);
  printf ("  dropped   %" G_GUINT64_FORMAT " packets in queues\n",
          r->sum[SUM_QUEUE_DROPS]);
  printf ("  events    %" G_GUINT64_FORMAT ", the last at %.6f s\n",
          r->sum[SUM_EVENTS], cns_time_to_seconds ((CnsTime) r->max[MAX_NOW]));
  printf ("  MPI       %" G_GUINT64_FORMAT " messages (%" G_GUINT64_FORMAT
          " packets), %" G_GUINT64_FORMAT " null messages, %" G_GUINT64_FORMAT
          " windows\n",
          r->sum[SUM_MESSAGES_SENT], r->sum[SUM_PACKETS_SENT],
          r->sum[SUM_NULL_MESSAGES], r->max[MAX_WINDOWS]);
  for (guint32 i = 0; i < r->ranks && r->ranks > 1; i++)
    {
      const CnsMpiStats *v = &r->per_rank[i];

      printf ("  rank %u    %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT
              " messages sent, %" G_GUINT64_FORMAT
              " received, %" G_GUINT64_FORMAT
              " null messages, blocked %.3f s\n",
              i, v->events, v->messages_sent, v->messages_received,
              v->null_messages, v->blocked_s);
    }
}

int
main (int argc, char **argv)
{
  Options o = { .n_nodes = 0,
                .data_rate = 10000,
                .delay = cns_milli_seconds (2),
                .app_rate = 1000000,
                .packet_size = 512,
                .sim_time = cns_seconds (30) };
  g_autoptr (CnsCommandLine) cmd = NULL;
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autofree CnsIpv4Address *left = NULL, *right = NULL;
  g_autofree gchar *rate = NULL;
  Report r = { 0 };
  GError *error = NULL;
  gint64 t_run;
  int status;

  /* large topologies want malloc tuned; libcns leaves it alone unless asked */
  cns_memory_tune_heap ();

  cns_mpi_enable (&argc, &argv);
  cmd = cns_command_line_new (
      "A ring of nodes, one per MPI rank, each flooding its two neighbours "
      "with UDP over slow links");
  cns_command_line_add_uint (cmd, "nNodes",
                             "Nodes in the ring, spread over the ranks in "
                             "blocks (0: one per rank)",
                             &o.n_nodes);
  cns_command_line_add_data_rate (
      cmd, "dataRate", "The rate of every link (10kbps)", &o.data_rate);
  cns_command_line_add_time (cmd, "delay", "The delay of every link (2ms)",
                             &o.delay);
  cns_command_line_add_data_rate (
      cmd, "appRate", "The rate each node sends to each neighbour (1Mbps)",
      &o.app_rate);
  cns_command_line_add_uint (cmd, "packetSize",
                             "Bytes of data in each UDP datagram (512)",
                             &o.packet_size);
  cns_command_line_add_time (cmd, "simTime", "How long the nodes send (30s)",
                             &o.sim_time);
  cns_command_line_add_boolean (
      cmd, "json", "Print one JSON line instead of the summary", &o.json);
  cns_command_line_parse (cmd, &argc, &argv);
  if ((status = check_options (&o)) != 0)
    {
      cns_mpi_disable ();
      return status;
    }

  /* after the command line, which sets --threads */
  stats = cns_accumulator_new (N_STATS);

  /* ---- topology: every rank builds all of it ---- */
  r.ranks = cns_mpi_get_size ();
  r.n_nodes = o.n_nodes != 0 ? o.n_nodes : r.ranks;
  r.n_links = r.n_nodes >= 2 ? r.n_nodes : 0;
  for (guint i = 0; i < r.n_nodes; i++)
    cns_node_container_create_with_system_id (
        nodes, 1, (guint32) ((guint64) i * r.ranks / r.n_nodes));
  if (!cns_internet_stack_helper_install_container (stack, nodes, &error))
    die ("internet stack", error);
  rate = cns_data_rate_to_string (o.data_rate);
  {
    g_autofree gchar *delay = cns_time_to_string (o.delay);

    if (!cns_point_to_point_helper_set_device_attribute (p2p, "DataRate", rate,
                                                         &error)
        || !cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                             delay, &error))
      die ("links", error);
  }
  if (!cns_ipv4_address_helper_set_base (addresses, "10.0.0.0", "/30", NULL,
                                         &error))
    die ("addresses", error);
  /* left[i] and right[i]: node i's neighbours' addresses on its links */
  left = g_new0 (CnsIpv4Address, r.n_nodes);
  right = g_new0 (CnsIpv4Address, r.n_nodes);
  for (guint i = 0; i < r.n_links; i++)
    {
      guint j = (i + 1) % r.n_nodes;
      g_autoptr (CnsNetDeviceContainer) devices
          = cns_point_to_point_helper_install (
              p2p, cns_node_container_get (nodes, i),
              cns_node_container_get (nodes, j));
      g_autoptr (CnsIpv4InterfaceContainer) interfaces
          = cns_ipv4_address_helper_assign (addresses, devices, &error);

      if (interfaces == NULL)
        die ("addresses", error);
      cns_ipv4_address_helper_new_network (addresses);
      right[i] = cns_ipv4_interface_container_get_address (interfaces, 1, 0);
      left[j] = cns_ipv4_interface_container_get_address (interfaces, 0, 0);
    }

  /* ---- traffic, on this rank's nodes ---- */
  for (guint i = 0; r.n_links > 0 && i < r.n_nodes; i++)
    {
      CnsNode *node = cns_node_container_get (nodes, i);
      CnsIpv4Address to[2] = { left[i], right[i] };

      if (cns_node_is_local (node))
        add_traffic (&o, node, to);
    }

  /* ---- run: it ends when the queues have drained ---- */
  t_run = g_get_monotonic_time ();
  cns_simulator_run ();
  r.simulator = cns_simulator_get_implementation_name ();
  aggregate (&r, nodes, g_get_monotonic_time () - t_run);
  if (cns_mpi_get_rank () == 0)
    {
      if (o.json)
        print_json (&o, &r);
      else
        print_summary (&o, &r);
    }
  g_free (r.per_rank);
  cns_simulator_destroy ();
  cns_accumulator_unref (stats);
  cns_mpi_disable ();
  return 0;
}
