/* cns — benchmark of parallel TCP bulk transfers across a dumbbell.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * N senders, each on its own access link (1 Gbps, 1 ms, a drop-tail
 * queue of 100 packets) to router L; the bottleneck L-R (1 Gbps, 10 ms,
 * a drop-tail queue of 1,000 packets at each end); N receivers, each on
 * its own access link (1 Gbps, 1 ms) behind R. Round trip without
 * queueing: 24 ms. Sender i runs a BulkSend (no byte limit, 1,448-byte
 * writes) to a PacketSink on receiver i; the senders start at 0.1 * i / N
 * s, the sinks at 0. TCP as set here, the same for every socket: NewReno,
 * segments of 1,448 bytes, an initial window of 10 segments, delayed ACKs
 * every second segment (200 ms timeout), send and receive buffers of
 * 131,072 bytes, SACK, timestamps and window scaling on, minimum and
 * initial RTO 1 s. No queue discipline: packets go straight to the device
 * queues. So one flow alone is held by its receive window (128 KB per 24
 * ms: 44 Mb/s), 100 flows fill the bottleneck, and 10,000 flows share it
 * at 100 kb/s each, with losses and timeouts.
 *
 * Routing is static: a default route on each end host (to L or R), and on
 * L and R one route to the far side's block of addresses (senders' links
 * are /30s from 10.0.0.0/9, receivers' from 10.128.0.0/9, the bottleneck
 * is 192.168.0.0/30). It is set up in O(N) and costs one hash probe per
 * hop. Global routing's populate (0.05 s for 10,000 flows) or nix-vector
 * routing give the same paths here, but ns-3's global routing cannot
 * populate 20,000 nodes in reasonable time, and the ns-3 peer
 * (utils/bench/ns3/tcp-dumbbell.cc) sets up these same static routes.
 *
 * Prints one JSON line per N:
 *
 *   flows                N
 *   sim_s                simulated seconds
 *   segments             TCP segments with data the senders sent (first
 *                        transmissions and retransmissions), counted by
 *                        the senders' IPv4 SendOutgoing trace
 *   setup_s              wall seconds to build the dumbbell and its
 *                        applications
 *   run_s                wall seconds of cns_simulator_run()
 *   segments_per_s       segments / run_s
 *   events               simulator events executed
 *   goodput_mbps         bytes the sinks received, in Mb/s over sim_s
 *   drops                packets the bottleneck queue (L to R) dropped
 *   established_s        simulated time when the last sink had received
 *                        its first bytes (null if some never did)
 *   bytes_per_connection_apps  heap bytes per flow of the BulkSend and
 *                        the PacketSink, made and installed
 *   bytes_per_connection heap bytes per flow from before the applications
 *                        were made until every sink had received its
 *                        first bytes (established_s; the end of the run
 *                        if some never did): the two applications, the
 *                        sender's socket, the sink's listening and
 *                        accepted sockets, the TCP tables' entries, and
 *                        what the connections then hold: the send buffer
 *                        the BulkSend fills at once (packets whose
 *                        payload is not stored) and their share of the
 *                        packets in flight, whose packet pool grows in
 *                        16 KiB slabs (with one flow these first slabs
 *                        are most of it). The event pool is grown
 *                        beforehand, so it does not count.
 *   max_rss_kb           peak resident set of the process
 *
 *   bench-tcp [--flows=N] [--simTime=SECONDS]
 *
 * Without --flows it runs N = 1 and 100 for 10 s and N = 10,000 for 2 s,
 * each in a child process of its own so that its heap and peak RSS are
 * its own; --simTime sets the simulated time of every run.
 */
#include "utils/bench/bench-util.h"
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define PORT           9
#define SEGMENT_SIZE   "1448"
#define START_SPREAD   0.1 /* seconds over which the senders start */
#define CHECK_PERIOD   1   /* ms between checks for established flows */
#define SENDER_BLOCK   "10.0.0.0"
#define RECEIVER_BLOCK "10.128.0.0"
#define BLOCK_PREFIX   9
#define MAX_FLOWS      (1u << (32 - BLOCK_PREFIX - 2)) /* /30s per block */

static guint64 segments;

/* SendOutgoing of a sender: counts the TCP segments that carry data (the
 * header's data offset, in the 13th byte, says where the payload starts),
 * not the SYN and the ACKs of the handshake. */
static void
count_segment (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
               guint32 interface, gpointer user_data)
{
  guint8 bytes[13];

  if (header->protocol == CNS_IP_PROTOCOL_TCP
      && cns_packet_copy_data (packet, 0, bytes, sizeof bytes) == sizeof bytes
      && cns_packet_get_size (packet) > (guint32) (bytes[12] >> 4) * 4)
    segments++;
}

static void
no_op (gpointer obj, gpointer data)
{
}

/* Grows the event pool and the scheduler's storage, so that the events the
 * flows keep pending do not count as theirs: 8 * @n events in eight
 * interleaved streams of decreasing times, as bench-ring does. */
static void
warm_event_pool (guint n)
{
  for (guint i = 0; i < n; i++)
    for (guint s = 0; s < 8; s++)
      cns_simulator_schedule (cns_pico_seconds (8 - s), no_op, NULL, NULL);
  cns_simulator_run ();
}

/* Waits, checking every CHECK_PERIOD ms, for every sink to have received
 * something, and then takes the heap's size. */
typedef struct
{
  GPtrArray *sinks;
  guint next; /* the sinks before it have all received */
  gboolean done;
  gsize heap;
  CnsTime at;
} Established;

static void
check_established (gpointer obj, gpointer data)
{
  Established *e = data;

  while (e->next < e->sinks->len
         && cns_packet_sink_get_total_rx (e->sinks->pdata[e->next]) > 0)
    e->next++;
  if (e->next < e->sinks->len)
    {
      cns_simulator_schedule (cns_milli_seconds (CHECK_PERIOD),
                              check_established, NULL, e);
      return;
    }
  e->done = TRUE;
  e->heap = bench_heap_bytes ();
  e->at = cns_simulator_now ();
}

static void
set_defaults (void)
{
  static const gchar *const defaults[][2] = {
    { "CnsTcpSocket::SegmentSize", SEGMENT_SIZE },
    { "CnsTcpSocket::InitialCwnd", "10" },
    { "CnsTcpSocket::DelAckCount", "2" },
    { "CnsTcpSocket::SndBufSize", "131072" },
    { "CnsTcpSocket::RcvBufSize", "131072" },
    { "CnsTcpSocket::CongestionControl", "NewReno" },
    { "CnsTcpSocket::Sack", "true" },
    { "CnsBulkSendApplication::SendSize", SEGMENT_SIZE },
    { "CnsBulkSendApplication::MaxBytes", "0" },
    { "CnsPacketSink::Protocol", "CnsTcpSocketFactory" },
  };
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    bench_check (
        "bench-tcp",
        cns_config_set_default (defaults[i][0], defaults[i][1], &error), error);
}

/* One access link from @host to @router, its /30 from @addresses; the
 * host's default route points at the router. */
static CnsIpv4InterfaceContainer *
add_access_link (CnsPointToPointHelper *p2p, CnsIpv4AddressHelper *addresses,
                 CnsNode *host, CnsNode *router)
{
  g_autoptr (CnsNetDeviceContainer) devices
      = cns_point_to_point_helper_install (p2p, host, router);
  GError *error = NULL;
  CnsIpv4InterfaceContainer *interfaces
      = cns_ipv4_address_helper_assign (addresses, devices, &error);

  bench_check ("bench-tcp", interfaces != NULL, error);
  cns_ipv4_address_helper_new_network (addresses);
  cns_ipv4_static_routing_set_default_route (
      cns_ipv4_static_routing_find (
          cns_ipv4_interface_container_get_ipv4 (interfaces, 0)),
      cns_ipv4_interface_container_get_address (interfaces, 1, 0),
      cns_ipv4_interface_container_get_interface (interfaces, 0), 0);
  return interfaces;
}

/* A route on one end of the bottleneck to the far side's block. */
static void
add_block_route (CnsIpv4InterfaceContainer *bottleneck, guint near,
                 const gchar *block)
{
  cns_ipv4_static_routing_add_network_route (
      cns_ipv4_static_routing_find (
          cns_ipv4_interface_container_get_ipv4 (bottleneck, near)),
      cns_ipv4_address_from_string (block),
      cns_ipv4_mask_from_prefix_length (BLOCK_PREFIX),
      cns_ipv4_interface_container_get_address (bottleneck, 1 - near, 0),
      cns_ipv4_interface_container_get_interface (bottleneck, near), 0);
}

static void
run_dumbbell (guint n, gdouble seconds)
{
  g_autoptr (CnsNodeContainer) routers = cns_node_container_new ();
  g_autoptr (CnsNodeContainer) senders = cns_node_container_new ();
  g_autoptr (CnsNodeContainer) receivers = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) access = cns_point_to_point_helper_new ();
  g_autoptr (CnsPointToPointHelper) bottleneck_link
      = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) sender_addresses
      = cns_ipv4_address_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) receiver_addresses
      = cns_ipv4_address_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) bottleneck_addresses
      = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) bottleneck_devices = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) bottleneck = NULL;
  g_autoptr (GPtrArray) receiver_links
      = g_ptr_array_new_with_free_func (bench_unref_interfaces);
  /* sized now, so that it does not grow while the applications are
   * measured; installed applications live until cns_simulator_destroy() */
  g_autoptr (GPtrArray) sinks = g_ptr_array_sized_new (n);
  Established established = { .sinks = sinks };
  CnsNode *left, *right;
  CnsQueue *queue;
  GError *error = NULL;
  gsize before_apps, after_apps, heap_at;
  gdouble start, setup_s, run_s;
  guint64 received = 0;
  struct rusage usage;

  segments = 0;
  start = bench_now_s ();
  cns_node_container_create (routers, 2);
  cns_node_container_create (senders, n);
  cns_node_container_create (receivers, n);
  left = cns_node_container_get (routers, 0);
  right = cns_node_container_get (routers, 1);
  bench_check (
      "bench-tcp",
      cns_internet_stack_helper_install_container (stack, routers, &error),
      error);
  bench_check (
      "bench-tcp",
      cns_internet_stack_helper_install_container (stack, senders, &error),
      error);
  bench_check (
      "bench-tcp",
      cns_internet_stack_helper_install_container (stack, receivers, &error),
      error);

  bench_check ("bench-tcp",
               cns_point_to_point_helper_set_device_attribute (
                   access, "DataRate", "1Gbps", &error),
               error);
  bench_check ("bench-tcp",
               cns_point_to_point_helper_set_channel_attribute (access, "Delay",
                                                                "1ms", &error),
               error);
  bench_check ("bench-tcp",
               cns_point_to_point_helper_set_queue_attribute (access, "MaxSize",
                                                              "100p", &error),
               error);
  bench_check ("bench-tcp",
               cns_point_to_point_helper_set_device_attribute (
                   bottleneck_link, "DataRate", "1Gbps", &error),
               error);
  bench_check ("bench-tcp",
               cns_point_to_point_helper_set_channel_attribute (
                   bottleneck_link, "Delay", "10ms", &error),
               error);
  bench_check ("bench-tcp",
               cns_point_to_point_helper_set_queue_attribute (
                   bottleneck_link, "MaxSize", "1000p", &error),
               error);

  bottleneck_devices
      = cns_point_to_point_helper_install (bottleneck_link, left, right);
  bench_check ("bench-tcp",
               cns_ipv4_address_helper_set_base (
                   bottleneck_addresses, "192.168.0.0", "/30", NULL, &error),
               error);
  bottleneck = cns_ipv4_address_helper_assign (bottleneck_addresses,
                                               bottleneck_devices, &error);
  bench_check ("bench-tcp", bottleneck != NULL, error);
  add_block_route (bottleneck, 0, RECEIVER_BLOCK);
  add_block_route (bottleneck, 1, SENDER_BLOCK);

  bench_check ("bench-tcp",
               cns_ipv4_address_helper_set_base (sender_addresses, SENDER_BLOCK,
                                                 "/30", NULL, &error),
               error);
  bench_check ("bench-tcp",
               cns_ipv4_address_helper_set_base (
                   receiver_addresses, RECEIVER_BLOCK, "/30", NULL, &error),
               error);
  for (guint i = 0; i < n; i++)
    {
      CnsNode *sender = cns_node_container_get (senders, i);
      CnsIpv4L3Protocol *ipv4
          = cns_object_get (sender, CNS_TYPE_IPV4_L3_PROTOCOL);

      cns_ipv4_interface_container_unref (
          add_access_link (access, sender_addresses, sender, left));
      g_ptr_array_add (receiver_links,
                       add_access_link (access, receiver_addresses,
                                        cns_node_container_get (receivers, i),
                                        right));
      /* the bench's counter, made before the measurements start */
      bench_check ("bench-tcp",
                   cns_trace_connect (ipv4, "SendOutgoing",
                                      G_CALLBACK (count_segment), NULL, &error)
                       != 0,
                   error);
    }

  /* Room for the events the flows keep pending (timers, packets on the
   * links) and the senders' start events. */
  warm_event_pool (MAX (4 * n, 4096));
  before_apps = bench_heap_bytes ();
  for (guint i = 0; i < n; i++)
    {
      CnsInetSocketAddress remote = cns_inet_socket_address_init (
          cns_ipv4_interface_container_get_address (receiver_links->pdata[i], 0,
                                                    0),
          PORT);
      CnsInetSocketAddress local
          = cns_inet_socket_address_init (cns_ipv4_address_any (), PORT);
      g_autoptr (CnsBulkSendApplication) source
          = cns_bulk_send_application_new ();
      g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();

      cns_bulk_send_application_set_remote (source, &remote);
      cns_application_set_start_time (CNS_APPLICATION (source),
                                      cns_seconds (START_SPREAD * i / n));
      cns_packet_sink_set_local (sink, &local);
      cns_application_install (CNS_APPLICATION (source),
                               cns_node_container_get (senders, i));
      cns_application_install (CNS_APPLICATION (sink),
                               cns_node_container_get (receivers, i));
      g_ptr_array_add (sinks, sink);
    }
  after_apps = bench_heap_bytes ();
  cns_simulator_schedule (cns_seconds (START_SPREAD * (n - 1) / n),
                          check_established, NULL, &established);
  setup_s = bench_now_s () - start;

  cns_simulator_stop_at (cns_seconds (seconds));
  start = bench_now_s ();
  cns_simulator_run ();
  run_s = bench_now_s () - start;

  heap_at = established.done ? established.heap : bench_heap_bytes ();
  for (guint i = 0; i < n; i++)
    received += cns_packet_sink_get_total_rx (sinks->pdata[i]);
  queue
      = cns_point_to_point_net_device_get_queue (CNS_POINT_TO_POINT_NET_DEVICE (
          cns_net_device_container_get (bottleneck_devices, 0)));
  getrusage (RUSAGE_SELF, &usage);
  printf ("{\"bench\":\"tcp\",\"flows\":%u,\"sim_s\":%g,\"segments\":"
          "%" G_GUINT64_FORMAT
          ",\"setup_s\":%.3f,\"run_s\":%.3f,\"segments_per_s\":%.0f,"
          "\"events\":%" G_GUINT64_FORMAT ",\"goodput_mbps\":%.2f,"
          "\"drops\":%" G_GUINT64_FORMAT ",",
          n, seconds, segments, setup_s, run_s, (gdouble) segments / run_s,
          cns_simulator_get_event_count (), received * 8 / seconds / 1e6,
          cns_queue_get_total_dropped_packets (queue));
  if (established.done)
    printf ("\"established_s\":%.3f,", cns_time_to_seconds (established.at));
  else
    printf ("\"established_s\":null,");
  printf ("\"bytes_per_connection_apps\":%.1f,\"bytes_per_connection\":%.1f,"
          "\"max_rss_kb\":%ld}\n",
          (gdouble) (after_apps - before_apps) / n,
          (gdouble) (heap_at - before_apps) / n, usage.ru_maxrss);
  fflush (stdout);
  cns_simulator_destroy ();
}

/* Runs one size in a child process, so that its heap and peak RSS are its
 * own. */
static gboolean
run_in_child (guint n, gdouble seconds)
{
  pid_t pid;
  int status;

  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    {
      perror ("bench-tcp: fork");
      return FALSE;
    }
  if (pid == 0)
    {
      run_dumbbell (n, seconds);
      _exit (0);
    }
  if (waitpid (pid, &status, 0) < 0)
    {
      perror ("bench-tcp: waitpid");
      return FALSE;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "bench-tcp: the run of %u flows failed\n", n);
      return FALSE;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint flows = -1;                 /* -1: not given */
  gdouble sim_time = -G_MAXDOUBLE; /* not given */
  GOptionEntry entries[]
      = { { "flows", 0, 0, G_OPTION_ARG_INT, &flows,
            "Number of flows (default: 1, 100 and 10000 in turn)", "N" },
          { "simTime", 0, 0, G_OPTION_ARG_DOUBLE, &sim_time,
            "Simulated seconds (default: 10, and 2 for 10000 flows)", "S" },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (
      "- parallel TCP bulk transfers across a dumbbell");
  g_autoptr (GError) error = NULL;
  static const guint sizes[] = { 1, 100, 10000 };

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-tcp: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      fprintf (stderr, "bench-tcp: unexpected argument '%s'; see --help\n",
               argv[1]);
      return 2;
    }
  if (flows == 0 || flows < -1 || (flows > 0 && (guint) flows > MAX_FLOWS))
    {
      fprintf (stderr, "bench-tcp: --flows: expected 1 to %u\n", MAX_FLOWS);
      return 2;
    }
  if (sim_time != -G_MAXDOUBLE && sim_time <= START_SPREAD)
    {
      fprintf (stderr, "bench-tcp: --simTime: expected more than %g seconds\n",
               START_SPREAD);
      return 2;
    }
  set_defaults ();
  if (flows > 0)
    {
      run_dumbbell ((guint) flows, sim_time > 0 ? sim_time : 10.0);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (!run_in_child (sizes[i], sim_time > 0     ? sim_time
                                 : sizes[i] > 100 ? 2.0
                                                  : 10.0))
      return 1;
  return 0;
}
