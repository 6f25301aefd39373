/* cns — the scenarios of the scenario matrix (matrix.sh).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two topologies, chosen by --topology:
 *
 *   line  A -- R -- B: 10 Mbps then 1 Mbps, 2 ms each, 100-packet queues;
 *         A sends 2 Mb/s of 512-byte UDP datagrams to a sink on B from 1 s
 *         to 5 s, twice what R can forward, so R's queue overflows. The
 *         run goes on to 7 s, so that every datagram sent is delivered or
 *         dropped.
 *   ring  bench-ring's scenario: --n nodes in a ring, 1 Gbps / 1 ms links,
 *         each node sending 1 Mb/s of 1000-byte datagrams to a sink on the
 *         next node, for --time seconds.
 *
 * Every per-packet trace event (device MacTx, MacTxDrop, MacRx, PhyRxDrop,
 * queue Enqueue, Dequeue and Drop, IPv4 Tx, Rx and Drop, the sources' Tx
 * and the sinks' Rx) becomes a line "time node seq device event uid size",
 * seq counting the node's trace events; --trace prints the lines too, to
 * find the first event where two runs part. The hash is the sum of the
 * lines' SHA-256 digests, as four 64-bit words: it does not depend on the
 * order in which nodes' events interleave, only on what each node did in
 * what order, so that MPI ranks can add up their parts.
 *
 * Under mpirun, node i belongs to rank i % ranks; each rank installs the
 * applications, traces and pcap files of its own nodes, and rank 0
 * prints the totals. At the end it prints:
 *
 *   scheduler NAME   the scheduler that ran (--SchedulerType)
 *   simulator NAME   the simulator implementation that ran
 *   ranks N          MPI ranks
 *   sent N           datagrams the sources sent
 *   delivered N      datagrams the sinks received
 *   dropped N        device and IPv4 drops (a full queue's drop is the
 *                    device's MacTxDrop too, so it counts once)
 *   events N         trace events hashed
 *   hash HEX         their hash
 *
 *   scenario --topology=line|ring [--n=N] [--time=S] [--pcap=PREFIX]
 *            [--trace] [--SchedulerType=heap|ladder|list]
 *            [--SimulatorImplementationType=default|gtw]
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a trace event happened: the node, and the device's index on it
 * (G_MAXUINT32 for events of a node's IPv4 or applications, which carry
 * their own interface or none). */
typedef struct
{
  guint32 node;
  guint32 device;
} Place;

/* The totals, added up over ranks at the end. */
enum
{
  TOTAL_EVENTS,
  TOTAL_SENT,
  TOTAL_DELIVERED,
  TOTAL_DROPPED,
  TOTAL_HASH, /* four words */
  N_TOTALS = TOTAL_HASH + 4
};

static guint64 totals[N_TOTALS];
static guint64 *node_seq; /* trace events so far, per node */
static gboolean print_trace;
/* Places are allocated once per connection and live until the end. */
static GPtrArray *places;

static void
check (gboolean ok, GError *error)
{
  if (!ok)
    {
      fprintf (stderr, "scenario: %s\n", error ? error->message : "failed");
      exit (1);
    }
}

static void
record (guint32 node, guint32 device, const gchar *event, CnsPacket *packet)
{
  gchar line[176];
  gint length;
  guint8 digest[32];
  gsize digest_length = sizeof digest;
  GChecksum *sha = g_checksum_new (G_CHECKSUM_SHA256);

  length = g_snprintf (line, sizeof line,
                       "%" G_GINT64_FORMAT " %u %" G_GUINT64_FORMAT
                       " %d %s %" G_GUINT64_FORMAT " %u\n",
                       (gint64) cns_simulator_now (), node, node_seq[node]++,
                       device == G_MAXUINT32 ? -1 : (gint) device, event,
                       packet ? cns_packet_get_uid (packet) : G_MAXUINT64,
                       packet ? cns_packet_get_size (packet) : 0);
  g_checksum_update (sha, (const guchar *) line, length);
  g_checksum_get_digest (sha, digest, &digest_length);
  g_checksum_free (sha);
  for (guint i = 0; i < 4; i++)
    {
      guint64 word;

      memcpy (&word, digest + 8 * i, sizeof word);
      totals[TOTAL_HASH + i] += word;
    }
  totals[TOTAL_EVENTS]++;
  if (print_trace)
    fputs (line, stdout);
}

#define PACKET_TRACE(name, extra)                               \
  static void trace_##name (gpointer source, CnsPacket *packet, \
                            gpointer user_data)                 \
  {                                                             \
    const Place *place = user_data;                             \
                                                                \
    record (place->node, place->device, #name, packet);         \
    extra;                                                      \
  }
PACKET_TRACE (MacTx, )
PACKET_TRACE (MacTxDrop, totals[TOTAL_DROPPED]++)
PACKET_TRACE (MacRx, )
PACKET_TRACE (PhyRxDrop, totals[TOTAL_DROPPED]++)
PACKET_TRACE (Enqueue, )
PACKET_TRACE (Dequeue, )
PACKET_TRACE (Drop, )
PACKET_TRACE (AppTx, totals[TOTAL_SENT]++)
#undef PACKET_TRACE

static void
trace_ipv4_tx (gpointer source, CnsPacket *packet, CnsIpv4L3Protocol *ipv4,
               guint32 interface, gpointer user_data)
{
  record (((Place *) user_data)->node, interface, "Ipv4Tx", packet);
}

static void
trace_ipv4_rx (gpointer source, CnsPacket *packet, CnsIpv4L3Protocol *ipv4,
               guint32 interface, gpointer user_data)
{
  record (((Place *) user_data)->node, interface, "Ipv4Rx", packet);
}

static void
trace_ipv4_drop (gpointer source, const CnsIpv4Header *header,
                 CnsPacket *packet, CnsIpv4DropReason reason,
                 CnsIpv4L3Protocol *ipv4, guint32 interface, gpointer user_data)
{
  gchar event[32];

  g_snprintf (event, sizeof event, "Ipv4Drop%d", (gint) reason);
  record (((Place *) user_data)->node, interface, event, packet);
  totals[TOTAL_DROPPED]++;
}

static void
trace_app_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
              gpointer user_data)
{
  record (((Place *) user_data)->node, G_MAXUINT32, "AppRx", packet);
  totals[TOTAL_DELIVERED]++;
}

static Place *
place_new (guint32 node, guint32 device)
{
  Place *place = g_new (Place, 1);

  place->node = node;
  place->device = device;
  g_ptr_array_add (places, place);
  return place;
}

static void
connect_trace (gpointer object, const gchar *name, GCallback callback,
               Place *place)
{
  GError *error = NULL;

  check (cns_trace_connect (object, name, callback, place, &error) != 0, error);
}

/* Connects every per-packet trace source of @node: its point-to-point
 * devices and their queues, its IPv4, and its applications. */
static void
connect_node (CnsNode *node)
{
  guint32 id = cns_node_get_id (node);
  Place *here = place_new (id, G_MAXUINT32);

  for (guint32 d = 0; d < cns_node_get_n_devices (node); d++)
    {
      CnsNetDevice *device = cns_node_get_device (node, d);
      CnsQueue *queue;
      Place *place;

      if (!CNS_IS_POINT_TO_POINT_NET_DEVICE (device))
        continue;
      place = place_new (id, d);
      queue = cns_point_to_point_net_device_get_queue (
          CNS_POINT_TO_POINT_NET_DEVICE (device));
      connect_trace (device, "MacTx", G_CALLBACK (trace_MacTx), place);
      connect_trace (device, "MacTxDrop", G_CALLBACK (trace_MacTxDrop), place);
      connect_trace (device, "MacRx", G_CALLBACK (trace_MacRx), place);
      connect_trace (device, "PhyRxDrop", G_CALLBACK (trace_PhyRxDrop), place);
      connect_trace (queue, "Enqueue", G_CALLBACK (trace_Enqueue), place);
      connect_trace (queue, "Dequeue", G_CALLBACK (trace_Dequeue), place);
      connect_trace (queue, "Drop", G_CALLBACK (trace_Drop), place);
    }
  connect_trace (cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL), "Tx",
                 G_CALLBACK (trace_ipv4_tx), here);
  connect_trace (cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL), "Rx",
                 G_CALLBACK (trace_ipv4_rx), here);
  connect_trace (cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL), "Drop",
                 G_CALLBACK (trace_ipv4_drop), here);
  for (guint32 a = 0; a < cns_node_get_n_applications (node); a++)
    {
      CnsApplication *app = cns_node_get_application (node, a);

      if (CNS_IS_ON_OFF_APPLICATION (app))
        connect_trace (app, "Tx", G_CALLBACK (trace_AppTx), here);
      else if (CNS_IS_PACKET_SINK (app))
        connect_trace (app, "Rx", G_CALLBACK (trace_app_rx), here);
    }
}

/* An always-on OnOff source on @node sending @rate of @size-byte
 * datagrams to @to, port 9, from @start until @stop (0: the end); on
 * @node's rank only. */
static void
add_source (CnsNode *node, CnsIpv4Address to, const gchar *rate,
            const gchar *size, gdouble start, gdouble stop)
{
  g_autoptr (CnsOnOffApplication) source = NULL;
  CnsInetSocketAddress remote = cns_inet_socket_address_init (to, 9);
  GError *error = NULL;

  if (!cns_node_is_local (node))
    return;
  source = cns_on_off_application_new ();

  check (cns_attribute_set (source, "DataRate", rate, &error), error);
  check (cns_attribute_set (source, "PacketSize", size, &error), error);
  check (cns_attribute_set (source, "OnTime", "Constant(Constant=1)", &error),
         error);
  check (cns_attribute_set (source, "OffTime", "Constant(Constant=0)", &error),
         error);
  cns_on_off_application_set_remote (source, &remote);
  cns_application_set_start_time (CNS_APPLICATION (source),
                                  cns_seconds (start));
  if (stop > 0)
    cns_application_set_stop_time (CNS_APPLICATION (source),
                                   cns_seconds (stop));
  cns_application_install (CNS_APPLICATION (source), node);
}

static void
add_sink (CnsNode *node)
{
  g_autoptr (CnsPacketSink) sink = NULL;
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);

  if (!cns_node_is_local (node))
    return;
  sink = cns_packet_sink_new ();
  cns_packet_sink_set_local (sink, &local);
  cns_application_install (CNS_APPLICATION (sink), node);
}

static void
set_default_route (CnsIpv4InterfaceContainer *link, guint host, guint gateway)
{
  CnsIpv4L3Protocol *ipv4 = cns_ipv4_interface_container_get_ipv4 (link, host);

  cns_ipv4_static_routing_set_default_route (
      cns_ipv4_static_routing_find (ipv4),
      cns_ipv4_interface_container_get_address (link, gateway, 0),
      cns_ipv4_interface_container_get_interface (link, host), 0);
}

/* Links @a and @b and numbers the link's two interfaces. */
static CnsIpv4InterfaceContainer *
add_link (CnsPointToPointHelper *p2p, CnsIpv4AddressHelper *addresses,
          CnsNode *a, CnsNode *b)
{
  g_autoptr (CnsNetDeviceContainer) devices
      = cns_point_to_point_helper_install (p2p, a, b);
  CnsIpv4InterfaceContainer *link;
  GError *error = NULL;

  link = cns_ipv4_address_helper_assign (addresses, devices, &error);
  check (link != NULL, error);
  cns_ipv4_address_helper_new_network (addresses);
  return link;
}

/* Returns the time to stop at. */
static gdouble
build_line (CnsNodeContainer *nodes, CnsPointToPointHelper *p2p,
            CnsIpv4AddressHelper *addresses)
{
  g_autoptr (CnsIpv4InterfaceContainer) ar = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) rb = NULL;
  GError *error = NULL;

  check (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                         "10Mbps", &error),
         error);
  ar = add_link (p2p, addresses, cns_node_container_get (nodes, 0),
                 cns_node_container_get (nodes, 1));
  check (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                         "1Mbps", &error),
         error);
  rb = add_link (p2p, addresses, cns_node_container_get (nodes, 1),
                 cns_node_container_get (nodes, 2));
  set_default_route (ar, 0, 1);
  set_default_route (rb, 1, 0);
  add_source (cns_node_container_get (nodes, 0),
              cns_ipv4_interface_container_get_address (rb, 1, 0), "2Mbps",
              "512", 1.0, 5.0);
  add_sink (cns_node_container_get (nodes, 2));
  return 7.0;
}

static void
interface_container_unref (gpointer container)
{
  cns_ipv4_interface_container_unref (container);
}

/* Built in bench-ring's order: the links, then on each node its source
 * and its sink. */
static void
build_ring (CnsNodeContainer *nodes, CnsPointToPointHelper *p2p,
            CnsIpv4AddressHelper *addresses)
{
  guint n = cns_node_container_get_n (nodes);
  g_autoptr (GPtrArray) links
      = g_ptr_array_new_with_free_func (interface_container_unref);
  GError *error = NULL;

  check (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                         "1Gbps", &error),
         error);
  check (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "1ms",
                                                          &error),
         error);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (
        links, add_link (p2p, addresses, cns_node_container_get (nodes, i),
                         cns_node_container_get (nodes, (i + 1) % n)));
  for (guint i = 0; i < n; i++)
    {
      CnsNode *node = cns_node_container_get (nodes, i);

      add_source (
          node,
          cns_ipv4_interface_container_get_address (links->pdata[i], 1, 0),
          "1Mbps", "1000", 0.0, 0.0);
      add_sink (node);
    }
}

/* Captures the point-to-point devices of this rank's nodes. */
static void
enable_pcap (CnsPointToPointHelper *p2p, const gchar *prefix)
{
  for (guint32 n = 0; n < cns_node_list_get_n_nodes (); n++)
    {
      CnsNode *node = cns_node_list_get_node (n);

      for (guint32 d = 0; d < cns_node_get_n_devices (node); d++)
        {
          CnsNetDevice *device = cns_node_get_device (node, d);
          GError *error = NULL;

          if (cns_node_is_local (node)
              && CNS_IS_POINT_TO_POINT_NET_DEVICE (device))
            check (cns_point_to_point_helper_enable_pcap (p2p, prefix, device,
                                                          &error),
                   error);
        }
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd
      = cns_command_line_new ("the scenarios of the scenario matrix");
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autofree gchar *topology = NULL;
  g_autofree gchar *pcap = NULL;
  guint n = 50;
  gdouble seconds = 1.0;
  guint n_nodes;
  GError *error = NULL;

  cns_mpi_enable (&argc, &argv);

  cns_command_line_add_string (cmd, "topology", "line or ring", &topology);
  cns_command_line_add_uint (cmd, "n", "nodes in the ring", &n);
  cns_command_line_add_double (cmd, "time", "seconds the ring runs", &seconds);
  cns_command_line_add_string (cmd, "pcap",
                               "capture every device to PREFIX-NODE-DEVICE"
                               ".pcap",
                               &pcap);
  cns_command_line_add_boolean (cmd, "trace", "print every trace event",
                                &print_trace);
  cns_command_line_parse (cmd, &argc, &argv);
  if (g_strcmp0 (topology, "line") != 0 && g_strcmp0 (topology, "ring") != 0)
    {
      fprintf (stderr, "scenario: --topology must be line or ring, got '%s'\n",
               topology != NULL ? topology : "(none)");
      return 2;
    }
  if (n < 3)
    {
      fprintf (stderr, "scenario: --n must be at least 3, got %u\n", n);
      return 2;
    }
  if (!(seconds > 0.0))
    {
      fprintf (stderr, "scenario: --time must be positive, got %g\n", seconds);
      return 2;
    }

  places = g_ptr_array_new_with_free_func (g_free);
  check (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                          &error),
         error);
  check (cns_point_to_point_helper_set_queue_attribute (p2p, "MaxSize", "100p",
                                                        &error),
         error);
  check (cns_ipv4_address_helper_set_base (addresses, "10.0.0.0", "/30", NULL,
                                           &error),
         error);
  n_nodes = g_str_equal (topology, "line") ? 3 : n;
  for (guint i = 0; i < n_nodes; i++)
    cns_node_container_create_with_system_id (nodes, 1,
                                              i % cns_mpi_get_size ());
  node_seq = g_new0 (guint64, cns_node_list_get_n_nodes ());
  check (cns_internet_stack_helper_install_container (stack, nodes, &error),
         error);
  if (g_str_equal (topology, "line"))
    seconds = build_line (nodes, p2p, addresses);
  else
    build_ring (nodes, p2p, addresses);
  for (guint i = 0; i < cns_node_container_get_n (nodes); i++)
    if (cns_node_is_local (cns_node_container_get (nodes, i)))
      connect_node (cns_node_container_get (nodes, i));
  if (pcap != NULL)
    enable_pcap (p2p, pcap);

  cns_simulator_stop_at (cns_seconds (seconds));
  cns_simulator_run ();
  cns_mpi_sum (totals, N_TOTALS);
  if (cns_mpi_get_rank () == 0)
    {
      printf ("scheduler %s\n", cns_simulator_get_scheduler_name ());
      printf ("simulator %s\n", cns_simulator_get_implementation_name ());
      printf ("ranks %u\n", cns_mpi_get_size ());
      printf ("sent %" G_GUINT64_FORMAT "\n", totals[TOTAL_SENT]);
      printf ("delivered %" G_GUINT64_FORMAT "\n", totals[TOTAL_DELIVERED]);
      printf ("dropped %" G_GUINT64_FORMAT "\n", totals[TOTAL_DROPPED]);
      printf ("events %" G_GUINT64_FORMAT "\n", totals[TOTAL_EVENTS]);
      printf ("hash %016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER
              "x%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x\n",
              totals[TOTAL_HASH], totals[TOTAL_HASH + 1],
              totals[TOTAL_HASH + 2], totals[TOTAL_HASH + 3]);
    }
  cns_simulator_destroy ();
  g_free (node_seq);
  g_ptr_array_unref (places);
  cns_mpi_disable ();
  return 0;
}
