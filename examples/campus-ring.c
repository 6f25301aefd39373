/* cns — the campus-ring experiment: DARPA NMS campus networks in a ring.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The scenario of ns-3's nms-p2p-nix examples and of the campus-network
 * chapter of Pelkey's dissertation: --nCampus campus networks joined in a
 * ring, UDP flows from servers to LAN clients, nix-vector routing. It is
 * the program to read first and the one the benchmarks run.
 *
 *   ./waf --run campus-ring
 *   ./waf --run "campus-ring --nCampus=8 --nLANClients=10 --json"
 *   ./waf --run "campus-ring --plot=plots --flowmon=flows.xml"
 *
 * TOPOLOGY. Every link is point-to-point. A campus has 34 routers and 12
 * LANs of --nLANClients clients (538 nodes with the default 42):
 *
 *   Net0   routers 0-2 in a triangle (0-1, 1-2, 2-0); router 0 is the
 *          campus's attachment to the ring.
 *   Net1   6 nodes: 0-1, 2-0, 3-0, 4-1, 5-1, and Net0[2]-Net1[0];
 *          nodes 2..5 are the servers that run the traffic sources.
 *   LR     two lone routers: LR0-LR1, LR0-Net0[0], LR1-Net0[1],
 *          LR0-Net2[0], LR1-Net2[1], LR1-Net3[0], LR1-Net3[1].
 *   Net2   routers 0..6: 0-1, 2-0, 1-3, 3-2, 4-2, 5-3, 6-5; LAN switches
 *          7..13: 7-2, 8-3, 9-4, 10-5, 11-6, 12-6, 13-6. LAN i (0..6)
 *          hangs off switch 7+i.
 *   Net3   routers 0..3: 0-1, 1-2, 2-3, 3-1; LAN switches 4..8: 4-0, 5-0,
 *          6-2, 7-3, 8-3. LAN 7+i (i = 0..4) hangs off switch 4+i.
 *   LANs   each client has its own link to its LAN's switch.
 *
 * Router links are 1Gbps/5ms, client links 100Mbps/1ms, ring links
 * 2Gbps/200ms. The ring joins Net0[0] of campus z to Net0[0] of campus
 * (z+1) mod N (two parallel links when N = 2); --nConCon=k adds links
 * from z to z+2 .. z+k, the "consecutive connections" of the
 * dissertation. Node ids go campus by campus: the 34 routers in the order
 * above (Net0, Net1, LR, Net2, Net3), then the clients, LAN by LAN; links
 * are made in the order listed, campus by campus, then the ring: z to
 * z+1 for every z, then z to z+2, and so on.
 *
 * ADDRESSES. Each link is its own /31 (RFC 3021: both addresses are
 * hosts), taken from 10.0.0.0/8 in the order the links are made: the
 * first link is 10.0.0.0-10.0.0.1, its first end gets the even address.
 * A campus uses 39 + 12 x nLANClients links, so 10/8's 2^23 /31s hold
 * 10,000 campuses of 42 clients (5.43 million links with the ring) with
 * room to spare; a larger set-up is refused before anything is built.
 * (ns-3's example gives each link a /24 and each campus a /8, which stops
 * at 245 campuses.)
 *
 * TRAFFIC. Every LAN client of campus z runs a UDP packet sink on port
 * 9999 and receives one flow: an OnOff source (on for 1 s, off for 0 s,
 * so always on; 500 kb/s, 512-byte datagrams, stopping after
 * --bytesPerFlow bytes, or at --stopTime when that is 0, a steady load
 * for as long as the run lasts) on a random server (Net1 node 2..5) of campus
 * (z+1) mod N, or of campus z itself with probability
 * 1 - remotePct/100. Sources start at uniform random times in [0, 10) s.
 * One uniform random variable, made before anything else that draws, so
 * it takes the run's first stream (--seed and --run choose the streams,
 * as RngSeed and RngRun do), gives three draws per flow, in flow order
 * (campus by campus, client by client, connection by connection): the
 * server, floor(4u); the start time, 10u; and whether the flow is remote,
 * u < remotePct/100. The third is drawn even at 0 or 100 %, so that
 * changing --remotePct keeps every server and start time.
 *
 * --protocol=tcp makes each flow a TCP connection instead, as ns-3's
 * sequential nms-p2p-nix does (segments of 512 bytes, its
 * TcpSocket::SegmentSize): the OnOff source writes its 512-byte chunks
 * into the connection and closes it after --bytesPerFlow bytes, the sink
 * accepts it and reads. "sent" then counts data segments (those sent
 * again too), "received" the sinks' reads, each timed from the sending
 * of the first segment it holds, and "dropped" the queues' drops, which
 * TCP recovers.
 *
 * With --nConCon=k each client receives k flows, one from each campus at
 * the far end of a connection: from (z+d) mod N for d = 1..k (each local
 * instead with the same probability). Our reading of the dissertation's
 * set-up: each extra connection gets its own on-off application with the
 * full --bytesPerFlow (total traffic grows with k, as its run times do),
 * and the duty cycle is shared so that only one of a client's k sources
 * is on at a time, each for an equal share: on 1/k s, off (k-1)/k s, the
 * d-th starting (d-1)/k s after the first. The rate into and out of each
 * campus stays that of one flow.
 *
 * WHAT IT MEASURES. The servers' IPv4 layers count each datagram they
 * send (SendOutgoing) and tag it with the time; each sink counts what it
 * receives and reads the tag, so the one-way delay of every packet is
 * known. Delays go into a histogram with 1,024 bins per power of two
 * (exact below 2,048 ns): the mean is exact, the 99th percentile is the
 * middle of its bin, within 0.05 %. "Dropped" is what was sent and not
 * received by the stop time.
 *
 * DISTRIBUTED RUNS. Under mpirun, campus z belongs to rank z % ranks
 * (--SimulatorImplementationType=gtw is then the default). Every rank
 * builds the whole topology and makes every random draw, in the order
 * above, so that the streams stay aligned; it then installs only the
 * applications, traces and pcap files of its own nodes. At the end the
 * ranks add up their counters, delay histograms and checksums (sums of
 * per-packet hashes, so the order in which ranks saw packets does not
 * matter) and rank 0 alone prints: every figure but the wall-clock ones
 * equals a sequential run's. --PrintDistributedStats adds a line per
 * rank; --json always has the per-rank arrays. --flowmon's file, which
 * rank 0 writes from every rank's flow statistics, is the sequential one.
 *
 *   mpirun -np 4 build/examples/campus-ring --nCampus=8 --json
 *
 * THREADS. --threads=N runs the same process on N threads: the nodes are
 * split into logical processes at the slow links, and every figure but
 * the wall-clock ones equals a sequential run's, the --flowmon file and
 * --pcap's files too. The library's monitors count per node and per
 * thread and add up at the end; the program's own state is written only
 * before and after the run, and by the progress line's events, which
 * belong to no node and run between the threads' windows.
 * --PrintDistributedStats then adds the partition (logical processes,
 * links cut, lookahead) and a line per thread (events, windows, time
 * busy and idle), and --json has them under "threads", "partition" and
 * "per_thread", which a comparison with a sequential run leaves out.
 *
 *   build/examples/campus-ring --nCampus=8 --threads=2 --json
 *
 * FILES AND MEMORY. Every file the run writes (--pcap, --flowmon,
 * --plot) is tried before anything is built, and an unwritable path
 * exits 1 at once; a write that still fails at the end is reported after
 * the summary, which is printed anyway, with status 1. A topology whose
 * estimated memory exceeds what the process may use is refused with the
 * estimate (status 2) unless --force.
 *
 * The set-up is split so that what later issues add slots in: the
 * transport is chosen in one place (campus_socket_factory), and each
 * campus is built by one function that takes the MPI rank (system id)
 * its nodes belong to.
 */
#include "applications/cns-applications.h"
#include "core/cns-parallel.h"
#include "routing/cns-routing.h"
#include "stats/cns-stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define SINK_PORT 9999

/* ---- options ---- */

typedef enum
{
  ROUTING_NIX,
  ROUTING_GLOBAL
} Routing;

typedef enum
{
  TRANSPORT_UDP,
  TRANSPORT_TCP
} Transport;

typedef struct
{
  guint n_campus;
  guint n_lan_clients;
  guint n_con_con;
  guint remote_pct;
  guint64 bytes_per_flow;
  CnsTime stop_time;
  Routing routing;
  Transport transport;
  gchar *pcap;    /* a file prefix or a directory; NULL for none */
  gchar *flowmon; /* NULL for none */
  gchar *plot;    /* a directory; NULL for none */
  gboolean json;
  gboolean fingerprint;
  gboolean print_distributed; /* a line per MPI rank */
  gboolean force;             /* build even what will not fit in memory */
} Options;

/* 100 packets of 512 bytes: the default run (4 campuses, 201,600
 * packets) takes well under a second. */
#define DEFAULT_BYTES_PER_FLOW 51200

static gboolean
parse_routing (const gchar *name, const gchar *text, gpointer user_data,
               GError **error)
{
  Routing *routing = user_data;

  if (g_str_equal (text, "nix"))
    *routing = ROUTING_NIX;
  else if (g_str_equal (text, "global"))
    *routing = ROUTING_GLOBAL;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "'%s': expected nix or global", text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_protocol (const gchar *name, const gchar *text, gpointer user_data,
                GError **error)
{
  Transport *transport = user_data;

  if (g_str_equal (text, "udp"))
    *transport = TRANSPORT_UDP;
  else if (g_str_equal (text, "tcp"))
    *transport = TRANSPORT_TCP;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "'%s': expected udp or tcp", text);
      return FALSE;
    }
  return TRUE;
}

/* --seed and --run are RngSeed and RngRun under the names ns-3's
 * examples use. */
static gboolean
parse_rng (const gchar *name, const gchar *text, gpointer user_data,
           GError **error)
{
  return cns_global_value_set (user_data, text, error);
}

/* Every rank refuses the same options; rank 0 says why. */
static int
bad_option (const gchar *option, const gchar *expected)
{
  if (cns_mpi_get_rank () == 0)
    fprintf (stderr, "campus-ring: --%s: expected %s\n", option, expected);
  return 2;
}

/* The links the topology needs; they must fit 10/8 as /31s. */
static guint64
count_links (guint64 n_campus, guint64 n_lan_clients, guint64 n_con_con)
{
  return n_campus * (39 + 12 * n_lan_clients) + n_campus * n_con_con;
}

/* The memory a run needs, from the peak RSS of runs of 1,300 to 17,000
 * nodes (within 20 %, a little over): a node with its internet stack and
 * a link with its two devices take about 1 KiB each, a flow's
 * applications, sockets and packets in flight 2 KiB. Every MPI rank
 * builds the whole topology, so each needs about as much. */
static guint64
estimate_memory (const Options *o)
{
  guint64 nodes
      = (guint64) o->n_campus * (34 + 12 * (guint64) o->n_lan_clients);
  guint64 flows = (nodes - 34 * (guint64) o->n_campus) * o->n_con_con;

  return (8 << 20) + 1024 * nodes
         + 1024 * count_links (o->n_campus, o->n_lan_clients, o->n_con_con)
         + 2048 * flows;
}

/* Returns: 0, or the exit status for a value out of range. */
static int
check_options (const Options *o)
{
  guint64 need, have, too_big;

  if (o->n_campus < 2)
    return bad_option ("nCampus", "at least 2 campuses");
  if (o->n_lan_clients < 1)
    return bad_option ("nLANClients", "at least 1 client per LAN");
  if (o->n_con_con < 1 || o->n_con_con >= o->n_campus)
    return bad_option ("nConCon", "1 to nCampus - 1 connections");
  if (o->remote_pct > 100)
    return bad_option ("remotePct", "a percentage from 0 to 100");
  if (o->stop_time < 0)
    return bad_option ("stopTime", "a time after 0 s, or 0 s for none");
  if (o->bytes_per_flow == 0 && o->stop_time == 0)
    return bad_option ("bytesPerFlow",
                       "at least 1 byte, or 0 with a --stopTime to end "
                       "the endless flows");
  if (o->stop_time == 0 && o->plot != NULL)
    return bad_option ("plot", "a run with a --stopTime, the plot's span");
  /* the option that makes the topology too big: the clients if even the
   * smallest ring is, the connections if the ring alone is not */
  if (count_links (2, o->n_lan_clients, 1) > (1u << 23))
    return bad_option ("nLANClients",
                       "at most 349,522 clients per LAN (2 campuses of more "
                       "need over 2^23 links, 10/8 as /31s)");
  if (count_links (o->n_campus, o->n_lan_clients, 1) > (1u << 23))
    return bad_option ("nCampus",
                       "a topology of at most 2^23 links (10/8 as /31s): "
                       "fewer campuses or fewer --nLANClients");
  if (count_links (o->n_campus, o->n_lan_clients, o->n_con_con) > (1u << 23))
    return bad_option ("nConCon",
                       "a topology of at most 2^23 links (10/8 as /31s): "
                       "fewer connections per campus");
  /* collective, since the ranks' hosts may differ */
  need = estimate_memory (o);
  have = cns_memory_get_limit ();
  too_big = need > have && !o->force;
  cns_mpi_max (&too_big, 1);
  if (too_big)
    {
      if (cns_mpi_get_rank () == 0)
        fprintf (stderr,
                 "campus-ring: --nCampus=%u --nLANClients=%u --nConCon=%u: "
                 "the run needs about %.1f GiB, more than the %.1f GiB this "
                 "process may use; fewer campuses or clients, or --force "
                 "to try anyway\n",
                 o->n_campus, o->n_lan_clients, o->n_con_con,
                 need / 1073741824.0, have / 1073741824.0);
      return 2;
    }
  return 0;
}

/* --pcap's directory: made when --pcap names one, as with --plot; a file
 * prefix's must exist. */
static gboolean
check_pcap_path (const gchar *pcap, GError **error)
{
  g_autofree gchar *dir = NULL;

  if (g_str_has_suffix (pcap, "/") || g_file_test (pcap, G_FILE_TEST_IS_DIR))
    return cns_output_check_directory (pcap, error);
  dir = g_path_get_dirname (pcap);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no directory %s",
                   dir);
      return FALSE;
    }
  return cns_output_check_directory (dir, error);
}

/* Every output path, tried before anything is built: rank 0 writes the
 * flow statistics and the plots, every rank its own pcap files. All
 * ranks return the same; rank 0 says why, or a rank that alone failed.
 *
 * Returns: 0, or 1 for a path that cannot be written. */
static int
check_outputs (const Options *o)
{
  g_autoptr (GError) error = NULL;
  const gchar *option = NULL, *path = NULL;
  guint64 failed[2]; /* on any rank, on rank 0 */

  if (o->pcap != NULL && !check_pcap_path (o->pcap, &error))
    option = "pcap", path = o->pcap;
  if (option == NULL && cns_mpi_get_rank () == 0)
    {
      if (o->flowmon != NULL && !cns_output_check_file (o->flowmon, &error))
        option = "flowmon", path = o->flowmon;
      else if (o->plot != NULL && !cns_output_check_directory (o->plot, &error))
        option = "plot", path = o->plot;
    }
  failed[0] = option != NULL;
  failed[1] = option != NULL && cns_mpi_get_rank () == 0;
  cns_mpi_max (failed, 2);
  if (option != NULL && (cns_mpi_get_rank () == 0 || !failed[1]))
    fprintf (stderr, "campus-ring: --%s=%s: %s\n", option, path,
             error->message);
  return failed[0] ? 1 : 0;
}

/* ---- what the traces measure ---- */

/* The run's measurements: the library's delay monitor counts what the
 * servers send and the sinks receive, their delays and the transmissions
 * on ring links. */
static struct
{
  CnsDelayMonitor *monitor;
  guint clients_per_campus;
  guint n_time_bins; /* with --plot: 1-s bins of received bytes */
} stats;

/* splitmix64's finaliser: mixes a value before it is summed, so that a
 * sum in any order tells different sets apart. */
static guint64
mix64 (guint64 x)
{
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* ---- topology ---- */

/* A campus's nodes, by their index in its container: the routers of each
 * network, then the clients, LAN by LAN. */
enum
{
  NET0 = 0,
  NET1 = NET0 + 3,
  LR = NET1 + 6,
  NET2 = LR + 2,
  NET3 = NET2 + 14,
  N_ROUTERS = NET3 + 9, /* 34 */
  N_NET2_LANS = 7,
  N_LANS = 12
};

typedef enum
{
  LINK_ROUTER, /* 1Gbps/5ms */
  LINK_LAN,    /* 100Mbps/1ms */
  LINK_RING,   /* 2Gbps/200ms */
  N_LINK_CLASSES
} LinkClass;

typedef struct
{
  CnsNodeContainer *nodes;
  CnsIpv4Address *client_addresses; /* LAN by LAN */
} Campus;

/* What every part of the set-up shares. */
typedef struct
{
  const Options *options;
  CnsPointToPointHelper *links[N_LINK_CLASSES];
  CnsIpv4AddressHelper *addresses;
  CnsInternetStackHelper *stack;
  Campus *campuses;
  guint64 n_links;
  guint64 n_ring_links;
} World;

/* The transport of every source and sink: the one line --protocol=tcp
 * changes. */
static GType
campus_socket_factory (const Options *o)
{
  return o->transport == TRANSPORT_TCP ? CNS_TYPE_TCP_SOCKET_FACTORY
                                       : CNS_TYPE_UDP_SOCKET_FACTORY;
}

/* What was lost: datagrams sent and not received (UDP), or the packets
 * the queues dropped, which TCP sends again (its received packets are
 * the sinks' reads, which do not match its segments one to one). */
static guint64
campus_dropped (const Options *o, guint64 queue_drops)
{
  return o->transport == TRANSPORT_TCP
             ? queue_drops
             : cns_delay_monitor_get_tx_packets (stats.monitor)
                   - cns_delay_monitor_get_rx_packets (stats.monitor);
}

/* The MPI rank that simulates campus @z. */
static guint32
campus_system_id (guint z)
{
  return z % cns_mpi_get_size ();
}

static void
die (const gchar *what, GError *error)
{
  fprintf (stderr, "campus-ring: %s: %s\n", what, error->message);
  exit (1);
}

static gboolean
make_link_helper (CnsPointToPointHelper **out, const gchar *rate,
                  const gchar *delay, GError **error)
{
  *out = cns_point_to_point_helper_new ();
  return cns_point_to_point_helper_set_device_attribute (*out, "DataRate", rate,
                                                         error)
         && cns_point_to_point_helper_set_channel_attribute (*out, "Delay",
                                                             delay, error);
}

/* Joins @a and @b with a link of @class on its own /31.
 *
 * Returns: @a's address on the link. */
static CnsIpv4Address
connect_nodes (World *w, LinkClass class, CnsNode *a, CnsNode *b)
{
  g_autoptr (CnsNetDeviceContainer) devices
      = cns_point_to_point_helper_install (w->links[class], a, b);
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  GError *error = NULL;

  interfaces = cns_ipv4_address_helper_assign (w->addresses, devices, &error);
  if (interfaces == NULL)
    die ("addresses", error);
  cns_ipv4_address_helper_new_network (w->addresses);
  w->n_links++;
  if (class == LINK_RING)
    {
      /* count what crosses the ring, to see where traffic goes */
      for (guint end = 0; end < 2; end++)
        if (!cns_delay_monitor_count_transmissions (
                stats.monitor, cns_net_device_container_get (devices, end),
                &error))
          die ("ring trace", error);
      w->n_ring_links++;
    }
  return cns_ipv4_interface_container_get_address (interfaces, 0, 0);
}

/* Links routers @base + pairs[i][0] and @base + pairs[i][1] of @c. */
static void
connect_routers (World *w, Campus *c, guint base, const guint8 (*pairs)[2],
                 guint n_pairs)
{
  for (guint i = 0; i < n_pairs; i++)
    connect_nodes (w, LINK_ROUTER,
                   cns_node_container_get (c->nodes, base + pairs[i][0]),
                   cns_node_container_get (c->nodes, base + pairs[i][1]));
}

/* Builds campus @c: its nodes (on MPI rank @system_id), their stacks, its
 * links and addresses. */
static void
build_campus (World *w, Campus *c, guint32 system_id)
{
  static const guint8 net0[][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
  static const guint8 net1[][2]
      = { { 0, 1 }, { 2, 0 }, { 3, 0 }, { 4, 1 }, { 5, 1 } };
  /* the lone routers' links, as indices into the campus */
  static const guint8 lone[][2]
      = { { LR + 0, LR + 1 },   { LR + 0, NET0 + 0 }, { LR + 1, NET0 + 1 },
          { LR + 0, NET2 + 0 }, { LR + 1, NET2 + 1 }, { LR + 1, NET3 + 0 },
          { LR + 1, NET3 + 1 } };
  static const guint8 net2[][2]
      = { { 0, 1 },  { 2, 0 },  { 1, 3 },  { 3, 2 }, { 4, 2 },
          { 5, 3 },  { 6, 5 },  { 7, 2 },  { 8, 3 }, { 9, 4 },
          { 10, 5 }, { 11, 6 }, { 12, 6 }, { 13, 6 } };
  static const guint8 net3[][2]
      = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 1 }, { 4, 0 },
          { 5, 0 }, { 6, 2 }, { 7, 3 }, { 8, 3 } };
  guint n_clients = w->options->n_lan_clients;
  GError *error = NULL;

  c->nodes = cns_node_container_new ();
  cns_node_container_create_with_system_id (
      c->nodes, N_ROUTERS + N_LANS * n_clients, system_id);
  if (!cns_internet_stack_helper_install_container (w->stack, c->nodes, &error))
    die ("internet stack", error);

  connect_routers (w, c, NET0, net0, G_N_ELEMENTS (net0));
  connect_routers (w, c, NET1, net1, G_N_ELEMENTS (net1));
  connect_nodes (w, LINK_ROUTER, cns_node_container_get (c->nodes, NET0 + 2),
                 cns_node_container_get (c->nodes, NET1 + 0));
  connect_routers (w, c, 0, lone, G_N_ELEMENTS (lone));
  connect_routers (w, c, NET2, net2, G_N_ELEMENTS (net2));
  connect_routers (w, c, NET3, net3, G_N_ELEMENTS (net3));

  c->client_addresses = g_new (CnsIpv4Address, N_LANS * n_clients);
  for (guint lan = 0; lan < N_LANS; lan++)
    {
      guint switch_node
          = lan < N_NET2_LANS ? NET2 + 7 + lan : NET3 + 4 + (lan - N_NET2_LANS);

      for (guint j = 0; j < n_clients; j++)
        {
          guint client = lan * n_clients + j;

          c->client_addresses[client] = connect_nodes (
              w, LINK_LAN,
              cns_node_container_get (c->nodes, N_ROUTERS + client),
              cns_node_container_get (c->nodes, switch_node));
        }
    }
}

/* The ring, and with --nConCon=k the links from each campus to the k - 1
 * after its neighbour. */
static void
build_ring (World *w)
{
  guint n = w->options->n_campus;

  for (guint d = 1; d <= w->options->n_con_con; d++)
    for (guint z = 0; z < n; z++)
      connect_nodes (
          w, LINK_RING, cns_node_container_get (w->campuses[z].nodes, NET0),
          cns_node_container_get (w->campuses[(z + d) % n].nodes, NET0));
}

/* Nix-vector routing alone, as in ns-3's nms-p2p-nix examples: it
 * delivers locally and finds every path itself, and each hop then asks
 * one routing protocol instead of two. Global routing sits behind static
 * routing (its own links), as ns-3's default stack has it. */
static CnsIpv4RoutingHelper *
make_routing_helper (Routing routing)
{
  CnsIpv4ListRoutingHelper *list;
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing = NULL;
  g_autoptr (CnsIpv4GlobalRoutingHelper) global = NULL;

  if (routing == ROUTING_NIX)
    return CNS_IPV4_ROUTING_HELPER (cns_nix_vector_helper_new ());
  list = cns_ipv4_list_routing_helper_new ();
  static_routing = cns_ipv4_static_routing_helper_new ();
  global = cns_ipv4_global_routing_helper_new ();
  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  return CNS_IPV4_ROUTING_HELPER (list);
}

/* ---- traffic ---- */

static gdouble
draw (CnsUniformRandomVariable *u)
{
  return cns_random_variable_get_value (CNS_RANDOM_VARIABLE (u));
}

/* The sinks and sources of every flow into campus @z, drawing from @u
 * in the documented order. Every rank draws for every flow, and installs
 * the applications of its own nodes only. */
static void
add_campus_traffic (World *w, guint z, CnsUniformRandomVariable *u,
                    CnsRandomVariable *on, CnsRandomVariable *off,
                    guint64 *start_checksum)
{
  const Options *o = w->options;
  Campus *c = &w->campuses[z];
  guint n_clients = N_LANS * o->n_lan_clients;
  GType factory = campus_socket_factory (o);
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), SINK_PORT);
  GError *error = NULL;

  for (guint i = 0; i < n_clients; i++)
    {
      guint client = z * n_clients + i;
      CnsNode *client_node = cns_node_container_get (c->nodes, N_ROUTERS + i);
      CnsInetSocketAddress remote
          = cns_inet_socket_address_init (c->client_addresses[i], SINK_PORT);

      if (cns_node_is_local (client_node))
        {
          g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();

          g_object_set (sink, "protocol", factory, NULL);
          cns_packet_sink_set_local (sink, &any);
          cns_application_install (CNS_APPLICATION (sink), client_node);
          if (!cns_delay_monitor_add_sink (
                  stats.monitor, CNS_APPLICATION (sink), client, z, &error))
            die ("sink trace", error);
        }

      for (guint d = 1; d <= o->n_con_con; d++)
        {
          guint server = NET1 + 2 + (guint) floor (4 * draw (u));
          gdouble start = 10 * draw (u);
          gboolean remote_flow = draw (u) * 100 < o->remote_pct;
          guint from = remote_flow ? (z + d) % o->n_campus : z;
          CnsTime at = cns_seconds (start)
                       + cns_seconds (1.0 * (d - 1) / o->n_con_con);
          CnsNode *server_node
              = cns_node_container_get (w->campuses[from].nodes, server);
          g_autoptr (CnsOnOffApplication) source = NULL;

          *start_checksum += mix64 ((guint64) at);
          if (!cns_node_is_local (server_node))
            continue;
          source = cns_on_off_application_new ();
          g_object_set (source, "protocol", factory, "on-time", on, "off-time",
                        off, NULL);
          cns_on_off_application_set_max_bytes (source, o->bytes_per_flow);
          cns_on_off_application_set_remote (source, &remote);
          cns_application_set_start_time (CNS_APPLICATION (source), at);
          cns_application_install (CNS_APPLICATION (source), server_node);
        }
    }
}

static void
add_traffic (World *w, CnsUniformRandomVariable *u, guint64 *start_checksum)
{
  guint k = w->options->n_con_con;
  g_autoptr (CnsRandomVariable) on
      = cns_constant_random_variable_new_unnumbered (1.0 / k);
  g_autoptr (CnsRandomVariable) off
      = cns_constant_random_variable_new_unnumbered (1.0 * (k - 1) / k);

  for (guint z = 0; z < w->options->n_campus; z++)
    add_campus_traffic (w, z, u, on, off, start_checksum);

  /* the servers tag what they send with the time */
  for (guint z = 0; z < w->options->n_campus; z++)
    for (guint s = 2; s < 6; s++)
      {
        GError *error = NULL;
        CnsNode *node = cns_node_container_get (w->campuses[z].nodes, NET1 + s);

        if (cns_node_is_local (node)
            && !cns_delay_monitor_add_source (stats.monitor, node, &error))
          die ("server trace", error);
      }
}

/* ---- run ---- */

/* The progress line: an event every 0.1 simulated seconds looks at the
 * wall clock and rewrites the line at most four times a second. Only
 * when stderr is a terminal; its events are not counted as the
 * simulation's. */
#define PROGRESS_PERIOD_MS 100

typedef struct
{
  CnsTime stop;
  gint64 start_us;
  gint64 last_us;
  guint64 ticks;
} Progress;

static void
progress_tick (gpointer obj, gpointer data)
{
  Progress *p = obj;
  gint64 now_us = g_get_monotonic_time ();
  CnsTime now = cns_simulator_now ();

  p->ticks++;
  if (now_us - p->last_us >= 250000)
    {
      gdouble wall = (now_us - p->start_us) / 1e6;
      gdouble sim = cns_time_to_seconds (now);
      gdouble stop = cns_time_to_seconds (p->stop);
      gdouble rate = (cns_simulator_get_event_count () - p->ticks) / wall;

      p->last_us = now_us;
      if (p->stop == CNS_TIME_MAX)
        fprintf (stderr, "\r  %.1f s simulated   %.2f M events/s  \033[K", sim,
                 rate / 1e6);
      else
        fprintf (stderr,
                 "\r  %.1f of %.0f s simulated   %.2f M events/s   ETA "
                 "%.0f s  \033[K",
                 sim, stop, rate / 1e6, wall * (stop - sim) / sim);
    }
  /* without a stop time the ticks end with this rank's other events, so
   * that they never keep the run going */
  if (now + cns_milli_seconds (PROGRESS_PERIOD_MS) < p->stop
      && cns_simulator_get_pending_count () > 0)
    cns_simulator_schedule (cns_milli_seconds (PROGRESS_PERIOD_MS),
                            progress_tick, p, NULL);
}

/* ---- report ---- */

typedef struct
{
  guint64 nodes, links, ring_links, flows;
  guint64 queue_drops;
  guint64 monitored_flows; /* with --flowmon */
  gchar *fingerprint;      /* with --fingerprint */
  guint64 start_checksum;
  gdouble delay_mean_s, delay_p99_s;
  gdouble sim_time_s, setup_s, run_s, wall_s;
  guint64 events;
  glong max_rss_kb;
  guint32 ranks;
  const gchar *simulator;
  CnsMpiStats *per_rank; /* each rank's, on rank 0 */
  guint threads;
  CnsPartitionInfo partition; /* with threads > 1 */
  CnsThreadStats *per_thread; /* each thread's, with threads > 1 */
  /* this rank's, before aggregate(): events run, those of no node, and
   * when its run ended */
  guint64 rank_events, rank_global_events;
  CnsTime rank_now;
} Summary;

/* Packets the devices' queues dropped. */
static guint64
count_queue_drops (void)
{
  guint64 drops = 0;

  for (guint32 n = 0; n < cns_node_list_get_n_nodes (); n++)
    {
      CnsNode *node = cns_node_list_get_node (n);

      for (guint32 d = 0; d < cns_node_get_n_devices (node); d++)
        {
          CnsNetDevice *device = cns_node_get_device (node, d);

          if (CNS_IS_POINT_TO_POINT_NET_DEVICE (device))
            {
              CnsQueue *queue = cns_point_to_point_net_device_get_queue (
                  CNS_POINT_TO_POINT_NET_DEVICE (device));

              if (queue != NULL)
                drops += cns_queue_get_total_dropped_packets (queue);
            }
        }
    }
  return drops;
}

/* The sums over ranks, the maxima, and what each rank gives alone. */
enum
{
  SUM_QUEUE_DROPS,
  SUM_EVENTS,
  SUM_N
};

enum
{
  MAX_GLOBAL_EVENTS,
  MAX_NOW,
  MAX_SETUP_US,
  MAX_RUN_US,
  MAX_WALL_US,
  MAX_RSS_KB,
  MAX_N
};

static guint64
to_us (gdouble seconds)
{
  return (guint64) (seconds * 1e6 + 0.5);
}

/* Turns this rank's figures into the run's: every rank calls it (the
 * reductions are collective), and afterwards the monitor and @s hold the
 * totals on every rank, and @s the per-rank figures on rank 0. Each rank
 * counts what its own nodes did, so sums give a sequential run's totals
 * (cns_delay_monitor_merge_ranks() says how for the delays). Of the events
 * this rank ran, those of no node run on every rank and in a sequential run
 * once. The run ends at the latest rank's end; the wall-clock figures are the
 * slowest rank's. */
static void
aggregate (Summary *s)
{
  guint64 ran = s->rank_events, global = s->rank_global_events;
  CnsTime now = s->rank_now;
  guint64 sum[SUM_N] = {
    [SUM_QUEUE_DROPS] = s->queue_drops,
    [SUM_EVENTS] = ran - global,
  };
  guint64 max[MAX_N] = {
    [MAX_GLOBAL_EVENTS] = global,        [MAX_NOW] = (guint64) now,
    [MAX_SETUP_US] = to_us (s->setup_s), [MAX_RUN_US] = to_us (s->run_s),
    [MAX_WALL_US] = to_us (s->wall_s),   [MAX_RSS_KB] = (guint64) s->max_rss_kb,
  };

  cns_mpi_sum (sum, SUM_N);
  cns_mpi_max (max, MAX_N);
  cns_delay_monitor_merge_ranks (stats.monitor);

  s->ranks = cns_mpi_get_size ();
  s->per_rank = cns_mpi_gather_stats (ran);

  s->queue_drops = sum[SUM_QUEUE_DROPS];
  s->events = sum[SUM_EVENTS] + max[MAX_GLOBAL_EVENTS];
  s->sim_time_s = cns_time_to_seconds ((CnsTime) max[MAX_NOW]);
  s->setup_s = max[MAX_SETUP_US] / 1e6;
  s->run_s = max[MAX_RUN_US] / 1e6;
  s->wall_s = max[MAX_WALL_US] / 1e6;
  s->max_rss_kb = (glong) max[MAX_RSS_KB];
  s->delay_mean_s = cns_delay_monitor_get_delay_mean (stats.monitor);
  s->delay_p99_s = cns_delay_monitor_get_delay_percentile (stats.monitor, 0.99);
}

/* The per-rank arrays of --json: "rank_events":[...] and so on. */
static void
print_json_ranks (const Summary *s)
{
  g_autofree gchar *arrays = cns_mpi_stats_to_json (s->per_rank, s->ranks);

  printf (",\"ranks\":%u,\"simulator\":\"%s\",%s", s->ranks, s->simulator,
          arrays);
}

/* One per-thread array of --json: "NAME":[...], FORMAT for each value. */
#define PRINT_THREAD_ARRAY(s, name, format, field)                          \
  G_STMT_START                                                              \
    {                                                                       \
      printf ("\"%s\":[", name);                                            \
      for (guint i_ = 0; i_ < (s)->threads; i_++)                           \
        printf ("%s" format, i_ > 0 ? "," : "", (s)->per_thread[i_].field); \
      printf ("]");                                                         \
    }                                                                       \
  G_STMT_END

/* On threads: "threads", "partition":{...} and "per_thread":{...}, the
 * fields a comparison with a sequential run leaves out. */
static void
print_json_threads (const Summary *s)
{
  const CnsPartitionInfo *p = &s->partition;

  if (s->threads <= 1)
    return;
  printf (",\"threads\":%u,\"partition\":{\"contexts\":%u,\"lps\":%u,"
          "\"largest_lp\":%u,\"links\":%" G_GUINT64_FORMAT
          ",\"cut_links\":%" G_GUINT64_FORMAT
          ",\"threshold_s\":%.12g,\"lookahead_s\":%.12g},\"per_thread\":{",
          s->threads, p->n_contexts, p->n_lps, p->largest_lp, p->n_links,
          p->n_cut_links, cns_time_to_seconds (p->threshold),
          cns_time_to_seconds (p->lookahead));
  PRINT_THREAD_ARRAY (s, "events", "%" G_GUINT64_FORMAT, events);
  printf (",");
  PRINT_THREAD_ARRAY (s, "lps_run", "%" G_GUINT64_FORMAT, lps_run);
  printf (",");
  PRINT_THREAD_ARRAY (s, "windows", "%" G_GUINT64_FORMAT, windows);
  printf (",");
  PRINT_THREAD_ARRAY (s, "busy_s", "%.6f", busy_s);
  printf (",");
  PRINT_THREAD_ARRAY (s, "idle_s", "%.6f", idle_s);
  printf ("}");
}

static void
print_json (const Options *o, const Summary *s)
{
  CnsDelayMonitor *m = stats.monitor;

  printf (
      "{\"campuses\":%u,\"lan_clients\":%u,\"con_con\":%u,"
      "\"remote_pct\":%u,\"bytes_per_flow\":%" G_GUINT64_FORMAT ","
      "\"routing\":\"%s\",\"protocol\":\"%s\",\"seed\":%u,\"run\":"
      "%" G_GUINT64_FORMAT ","
      "\"nodes\":%" G_GUINT64_FORMAT ",\"links\":%" G_GUINT64_FORMAT ","
      "\"ring_links\":%" G_GUINT64_FORMAT ",\"flows\":%" G_GUINT64_FORMAT
      ",\"tx_packets\":%" G_GUINT64_FORMAT ",\"tx_bytes\":%" G_GUINT64_FORMAT
      ",\"rx_packets\":%" G_GUINT64_FORMAT ",\"rx_bytes\":%" G_GUINT64_FORMAT
      ",\"dropped_packets\":%" G_GUINT64_FORMAT
      ",\"queue_drops\":%" G_GUINT64_FORMAT
      ",\"ring_tx_packets\":%" G_GUINT64_FORMAT
      ",\"delay_samples\":%" G_GUINT64_FORMAT
      ",\"delay_mean_s\":%.9f,\"delay_p99_s\":%.9f,"
      "\"delay_checksum\":\"%016" G_GINT64_MODIFIER "x\","
      "\"start_checksum\":\"%016" G_GINT64_MODIFIER "x\","
      "\"sim_time_s\":%.9g,\"setup_s\":%.3f,\"run_s\":%.3f,"
      "\"wall_s\":%.3f,\"events\":%" G_GUINT64_FORMAT ","
      "\"events_per_s\":%.0f,\"max_rss_kb\":%ld",
      o->n_campus, o->n_lan_clients, o->n_con_con, o->remote_pct,
      o->bytes_per_flow, o->routing == ROUTING_NIX ? "nix" : "global",
      o->transport == TRANSPORT_TCP ? "tcp" : "udp",
      cns_rng_seed_manager_get_seed (), cns_rng_seed_manager_get_run (),
      s->nodes, s->links, s->ring_links, s->flows,
      cns_delay_monitor_get_tx_packets (m), cns_delay_monitor_get_tx_bytes (m),
      cns_delay_monitor_get_rx_packets (m), cns_delay_monitor_get_rx_bytes (m),
      campus_dropped (o, s->queue_drops), s->queue_drops,
      cns_delay_monitor_get_transmissions (m),
      cns_delay_monitor_get_delay_samples (m), s->delay_mean_s, s->delay_p99_s,
      cns_delay_monitor_get_delay_checksum (m), s->start_checksum,
      s->sim_time_s, s->setup_s, s->run_s, s->wall_s, s->events,
      s->run_s > 0 ? s->events / s->run_s : 0.0, s->max_rss_kb);
  if (o->flowmon != NULL)
    printf (",\"monitored_flows\":%" G_GUINT64_FORMAT, s->monitored_flows);
  if (s->fingerprint != NULL)
    printf (",\"fingerprint\":\"%s\"", s->fingerprint);
  print_json_ranks (s);
  print_json_threads (s);
  printf ("}\n");
}

/* 1234567 as "1,234,567", in @buf. */
static const gchar *
thousands (guint64 v, gchar buf[32])
{
  gchar digits[24];
  gint n = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, v);
  gint o = 0;

  for (gint i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        buf[o++] = ',';
      buf[o++] = digits[i];
    }
  buf[o] = '\0';
  return buf;
}

static void
print_table (const Options *o, const Summary *s)
{
  gchar a[32], b[32], c[32];

  printf ("campus-ring: %u campuses of %u nodes in a ring, %s routing, %s, "
          "seed %u run %" G_GUINT64_FORMAT "\n\n",
          o->n_campus, N_ROUTERS + N_LANS * o->n_lan_clients,
          o->routing == ROUTING_NIX ? "nix-vector" : "global",
          o->transport == TRANSPORT_TCP ? "TCP" : "UDP",
          cns_rng_seed_manager_get_seed (), cns_rng_seed_manager_get_run ());
  printf ("  topology   %s nodes, %s links (%s ring links)\n",
          thousands (s->nodes, a), thousands (s->links, b),
          thousands (s->ring_links, c));
  if (o->bytes_per_flow == 0)
    printf ("  flows      %s, each sending until the stop time\n",
            thousands (s->flows, a));
  else
    printf ("  flows      %s of %s bytes each\n", thousands (s->flows, a),
            thousands (o->bytes_per_flow, b));
  printf ("  sent       %s packets, %s bytes\n",
          thousands (cns_delay_monitor_get_tx_packets (stats.monitor), a),
          thousands (cns_delay_monitor_get_tx_bytes (stats.monitor), b));
  printf ("  received   %s packets, %s bytes\n",
          thousands (cns_delay_monitor_get_rx_packets (stats.monitor), a),
          thousands (cns_delay_monitor_get_rx_bytes (stats.monitor), b));
  printf ("  dropped    %s packets (%s in queues)\n",
          thousands (campus_dropped (o, s->queue_drops), a),
          thousands (s->queue_drops, b));
  printf ("  ring       %s packet transmissions on ring links\n",
          thousands (cns_delay_monitor_get_transmissions (stats.monitor), a));
  printf ("  delay      mean %.3f ms, 99th percentile %.3f ms (one way)\n",
          s->delay_mean_s * 1e3, s->delay_p99_s * 1e3);
  printf ("  simulated  %g s\n", s->sim_time_s);
  printf ("  wall time  %.3f s: set-up %.3f s, run %.3f s\n", s->wall_s,
          s->setup_s, s->run_s);
  printf ("  events     %s (%.2f M/s)\n", thousands (s->events, a),
          s->run_s > 0 ? s->events / s->run_s / 1e6 : 0.0);
  printf ("  peak RSS   %.1f MB%s\n", s->max_rss_kb / 1024.0,
          s->ranks > 1 ? " (the largest rank's)" : "");
  if (s->ranks > 1)
    printf ("  ranks      %u, %s simulator\n", s->ranks, s->simulator);
  if (s->threads > 1)
    printf ("  threads    %u, %u logical processes, lookahead %g ms\n",
            s->threads, s->partition.n_lps,
            cns_time_to_seconds (s->partition.lookahead) * 1e3);
  if (o->flowmon != NULL)
    printf ("  flowmon    %s flows in %s\n", thousands (s->monitored_flows, a),
            o->flowmon);
  if (s->fingerprint != NULL)
    printf ("  events     fingerprint %s\n", s->fingerprint);
}

/* The partition of a run on threads, in words. */
static void
print_partition (FILE *out, const Summary *s)
{
  const CnsPartitionInfo *p = &s->partition;
  g_autofree gchar *threshold = cns_time_to_string (p->threshold);
  g_autofree gchar *lookahead = cns_time_to_string (p->lookahead);
  gchar a[32], b[32], c[32], d[32];

  fprintf (out,
           "partition: %s nodes in %s logical processes (the largest %s), "
           "%s of %" G_GUINT64_FORMAT " links cut at %s, lookahead %s\n",
           thousands (p->n_contexts, a), thousands (p->n_lps, b),
           thousands (p->largest_lp, c), thousands (p->n_cut_links, d),
           p->n_links, threshold, lookahead);
}

/* --PrintDistributedStats on threads: the partition and a line per
 * thread. */
static void
print_threads (FILE *out, const Summary *s)
{
  if (s->threads <= 1)
    return;
  print_partition (out, s);
  for (guint i = 0; i < s->threads; i++)
    {
      const CnsThreadStats *t = &s->per_thread[i];
      gchar a[32], b[32], c[32];

      fprintf (out,
               "thread %u: %s events, %s LP runs, %s windows, busy %.3f s, "
               "idle %.3f s\n",
               i, thousands (t->events, a), thousands (t->lps_run, b),
               thousands (t->windows, c), t->busy_s, t->idle_s);
    }
}

/* --PrintDistributedStats: a line per rank. */
static void
print_ranks (FILE *out, const Summary *s)
{
  for (guint32 r = 0; r < s->ranks; r++)
    {
      const CnsMpiStats *v = &s->per_rank[r];
      gchar a[32], b[32], c[32], d[32], e[32];

      fprintf (out,
               "rank %u: %s events, sent %s messages (%s packets), received "
               "%s messages (%s packets), ",
               r, thousands (v->events, a), thousands (v->messages_sent, b),
               thousands (v->packets_sent, c),
               thousands (v->messages_received, d),
               thousands (v->packets_received, e));
      fprintf (out, "%s null messages, %s windows, blocked %.3f s\n",
               thousands (v->null_messages, a), thousands (v->windows, b),
               v->blocked_s);
    }
}

/* ---- plots ---- */

static gboolean
write_plots (const Options *o, const Summary *s, GError **error)
{
  g_autoptr (GString) data = g_string_new (
      "# delivered throughput per campus, Mb/s over 1 s bins\ntime");
  g_autoptr (GString) cdf = g_string_new ("# delay_s cumulative_fraction\n");
  g_autofree gchar *script = NULL;
  g_autofree gchar *gnuplot = NULL;
  guint64 n = cns_delay_monitor_get_delay_samples (stats.monitor), seen = 0;
  guint last_bin = 0; /* the last second with traffic */

  if (g_mkdir_with_parents (o->plot, 0755) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   "cannot make directory %s: %s", o->plot, g_strerror (errno));
      return FALSE;
    }
  for (guint z = 0; z < o->n_campus; z++)
    g_string_append_printf (data, " campus%u", z);
  g_string_append_c (data, '\n');
  for (guint t = 0; t < stats.n_time_bins; t++)
    {
      g_string_append_printf (data, "%u", t);
      for (guint z = 0; z < o->n_campus; z++)
        {
          guint64 bytes
              = cns_delay_monitor_get_rx_bytes_in_bin (stats.monitor, z, t);

          g_string_append_printf (data, " %.6f", bytes * 8 / 1e6);
          if (bytes > 0)
            last_bin = t;
        }
      g_string_append_c (data, '\n');
    }
  for (guint b = 0; b < cns_delay_monitor_get_n_delay_bins (stats.monitor); b++)
    {
      guint64 width, low,
          count
          = cns_delay_monitor_get_delay_bin (stats.monitor, b, &low, &width);

      if (count > 0)
        {
          if (seen == 0) /* the curve starts from 0 */
            g_string_append_printf (cdf, "%.9f 0\n", low / 1e9);
          seen += count;
          g_string_append_printf (cdf, "%.9f %.6f\n", (low + width) / 1e9,
                                  (gdouble) seen / n);
        }
    }
  script = g_strdup_printf (
      "# campus-ring plots: gnuplot campus-ring.gp\n"
      "set terminal png size 900,500\n"
      "set grid\n"
      "set output 'throughput.png'\n"
      "set title 'Delivered throughput per campus (1 s bins)'\n"
      "set xlabel 'simulated time (s)'\n"
      "set ylabel 'Mb/s'\n"
      "set xrange [0:%u]\n"
      "%s"
      "plot for [i=2:%u] 'throughput.dat' using 1:i with steps "
      "title columnhead(i)\n"
      "set output 'delay-cdf.png'\n"
      "set title 'One-way delay, CDF over packets'\n"
      "set xlabel 'delay (s)'\n"
      "set ylabel 'fraction of packets'\n"
      "set key off\n"
      "plot 'delay-cdf.dat' using 1:2 with steps\n",
      last_bin + 2, o->n_campus > 12 ? "set key off\n" : "set key outside\n",
      o->n_campus + 1);
  {
    g_autofree gchar *data_path
        = g_build_filename (o->plot, "throughput.dat", NULL);
    g_autofree gchar *cdf_path
        = g_build_filename (o->plot, "delay-cdf.dat", NULL);
    g_autofree gchar *script_path
        = g_build_filename (o->plot, "campus-ring.gp", NULL);

    if (!g_file_set_contents (data_path, data->str, data->len, error)
        || !g_file_set_contents (cdf_path, cdf->str, cdf->len, error)
        || !g_file_set_contents (script_path, script, -1, error))
      return FALSE;
  }
  gnuplot = g_find_program_in_path ("gnuplot");
  if (gnuplot == NULL)
    {
      fprintf (stderr,
               "campus-ring: plot data in %s/; gnuplot is not installed: "
               "render with 'cd %s && gnuplot campus-ring.gp'\n",
               o->plot, o->plot);
      return TRUE;
    }
  {
    const gchar *argv[] = { gnuplot, "campus-ring.gp", NULL };
    g_autofree gchar *err = NULL;
    gint status;

    if (!g_spawn_sync (o->plot, (gchar **) argv, NULL,
                       G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err,
                       &status, error)
        || !g_spawn_check_wait_status (status, error))
      {
        g_prefix_error (error, "gnuplot: %s", err != NULL ? err : "");
        return FALSE;
      }
  }
  fprintf (stderr,
           "campus-ring: plots in %s/throughput.png and %s/"
           "delay-cdf.png\n",
           o->plot, o->plot);
  return TRUE;
}

/* ---- main ---- */

static void
add_options (CnsCommandLine *cmd, Options *o)
{
  cns_command_line_add_uint (cmd, "nCampus", "Campus networks in the ring",
                             &o->n_campus);
  cns_command_line_add_uint (cmd, "nLANClients",
                             "Clients on each of a campus's 12 LANs",
                             &o->n_lan_clients);
  cns_command_line_add_uint (
      cmd, "nConCon",
      "Campuses each campus links to: z+1 .. z+nConCon, each sending its "
      "own flow to every client",
      &o->n_con_con);
  cns_command_line_add_uint (cmd, "remotePct",
                             "Percent of flows from another campus; the "
                             "rest come from the client's own",
                             &o->remote_pct);
  cns_command_line_add_uint64 (cmd, "bytesPerFlow",
                               "Bytes each source sends (the OnOff MaxBytes), "
                               "in packets of 512 bytes; 0: until --stopTime",
                               &o->bytes_per_flow);
  cns_command_line_add_time (cmd, "stopTime",
                             "When the simulation stops; 0 s: when the "
                             "traffic ends",
                             &o->stop_time);
  cns_command_line_add_callback (cmd, "routing",
                                 "nix: nix-vector routing; global: global "
                                 "routing tables (nix)",
                                 "nix|global", parse_routing, &o->routing);
  cns_command_line_add_callback (
      cmd, "protocol",
      "udp: OnOff datagrams; tcp: each flow is a TCP connection (as in "
      "ns-3's nms-p2p-nix), the sinks count what they read (udp)",
      "udp|tcp", parse_protocol, &o->transport);
  cns_command_line_add_string (
      cmd, "pcap", "Capture every link: a file prefix, or a directory",
      &o->pcap);
  cns_command_line_add_string (cmd, "flowmon",
                               "Monitor every flow and write ns-3's "
                               "FlowMonitor XML to this file",
                               &o->flowmon);
  cns_command_line_add_string (cmd, "plot",
                               "Write throughput and delay plots to this "
                               "directory",
                               &o->plot);
  cns_command_line_add_boolean (
      cmd, "fingerprint",
      "Print a SHA-256 of the events every node ran, the same on any number "
      "of ranks",
      &o->fingerprint);
  cns_command_line_add_boolean (
      cmd, "json",
      "Print one JSON line instead of the table, with per-rank arrays "
      "(rank_events, rank_windows, ...), and on threads the partition and "
      "per-thread arrays",
      &o->json);
  cns_command_line_add_boolean (
      cmd, "PrintDistributedStats",
      "Print a line per MPI rank: events, messages and packets sent and "
      "received, null messages, windows, time blocked; on threads, the "
      "partition and a line per thread (on stderr with --json)",
      &o->print_distributed);
  cns_command_line_add_boolean (
      cmd, "force",
      "Build the topology even when its estimated memory exceeds what this "
      "process may use",
      &o->force);
  cns_command_line_add_callback (cmd, "seed", "The random seed, RngSeed (1)",
                                 "N", parse_rng, (gpointer) "RngSeed");
  cns_command_line_add_callback (cmd, "run",
                                 "The run number, RngRun: another run, "
                                 "other random draws (1)",
                                 "N", parse_rng, (gpointer) "RngRun");
}

/* The delay monitor, before the links whose transmissions it counts. */
static void
start_measuring (const Options *o)
{
  stats.monitor = cns_delay_monitor_new ();
  stats.clients_per_campus = N_LANS * o->n_lan_clients;
  if (o->plot != NULL)
    {
      stats.n_time_bins = (guint) ceil (cns_time_to_seconds (o->stop_time));
      cns_delay_monitor_set_rx_bins (stats.monitor, o->n_campus,
                                     stats.n_time_bins);
    }
}

/* The campuses, the ring, their stacks, addresses and routes. */
static void
build_world (World *w)
{
  const Options *o = w->options;
  g_autoptr (CnsIpv4RoutingHelper) routing = make_routing_helper (o->routing);
  GError *error = NULL;

  w->stack = cns_internet_stack_helper_new ();
  cns_internet_stack_helper_set_routing_helper (w->stack, routing);
  if (!make_link_helper (&w->links[LINK_ROUTER], "1Gbps", "5ms", &error)
      || !make_link_helper (&w->links[LINK_LAN], "100Mbps", "1ms", &error)
      || !make_link_helper (&w->links[LINK_RING], "2Gbps", "200ms", &error))
    die ("links", error);
  w->addresses = cns_ipv4_address_helper_new ();
  if (!cns_ipv4_address_helper_set_base (w->addresses, "10.0.0.0", "/31", NULL,
                                         &error))
    die ("addresses", error);

  w->campuses = g_new0 (Campus, o->n_campus);
  for (guint z = 0; z < o->n_campus; z++)
    build_campus (w, &w->campuses[z], campus_system_id (z));
  build_ring (w);
  if (o->routing == ROUTING_GLOBAL
      && !cns_ipv4_global_routing_helper_populate_routing_tables (&error))
    die ("global routing", error);
}

/* --pcap's files and --flowmon's monitor.
 *
 * Returns: (nullable): the flow monitor helper, with --flowmon. */
static CnsFlowMonitorHelper *
enable_traces (World *w)
{
  const Options *o = w->options;
  CnsFlowMonitorHelper *flowmon = NULL;
  GError *error = NULL;

  if (o->pcap != NULL)
    {
      /* a directory (made by check_pcap_path()) or a file prefix */
      g_autofree gchar *prefix
          = g_str_has_suffix (o->pcap, "/")
                    || g_file_test (o->pcap, G_FILE_TEST_IS_DIR)
                ? g_build_filename (o->pcap, "campus-ring", NULL)
                : g_strdup (o->pcap);

      /* this rank's nodes: the ranks together write a sequential run's
       * files, each file once */
      if (!cns_point_to_point_helper_enable_pcap_all (w->links[LINK_ROUTER],
                                                      prefix, &error))
        die ("pcap", error);
    }
  /* per-flow statistics, gathered by every node's IPv4 layer */
  if (o->flowmon != NULL)
    {
      flowmon = cns_flow_monitor_helper_new ();
      cns_flow_monitor_helper_install_all (flowmon);
    }
  return flowmon;
}

/* The events this rank ran that belong to no node, and so run on every
 * rank where a sequential run runs them once: the nodes' initialisation
 * at 0 s, scheduled when the first node was made, and the stop event, if
 * there is a stop time and the run reached it (it was stopped). */
static guint64
count_global_events (const Options *o)
{
  return (cns_node_list_get_n_nodes () > 0 ? 1 : 0)
         + (o->stop_time > 0 && cns_simulator_is_finished () ? 1 : 0);
}

/* On threads: the partition of the run and what each thread did, noted
 * before the simulator goes. */
static void
note_threads (Summary *s)
{
  s->threads = cns_simulator_get_n_threads ();
  if (s->threads <= 1 || !cns_simulator_get_partition_info (&s->partition))
    {
      s->threads = 1;
      return;
    }
  s->per_thread = g_new0 (CnsThreadStats, s->threads);
  for (guint i = 0; i < s->threads; i++)
    cns_simulator_get_thread_stats (i, &s->per_thread[i]);
}

/* Runs the simulation, with the progress line on a terminal, and notes
 * this rank's figures in @s. */
static void
run (World *w, Summary *s, gint64 t0)
{
  const Options *o = w->options;
  Progress progress = { 0 };
  gint64 t_run;

  s->nodes = cns_node_list_get_n_nodes ();
  s->links = w->n_links;
  s->ring_links = w->n_ring_links;
  s->flows = (guint64) o->n_campus * stats.clients_per_campus * o->n_con_con;
  if (o->stop_time > 0)
    cns_simulator_stop_at (o->stop_time);
  t_run = g_get_monotonic_time ();
  if (cns_mpi_get_rank () == 0 && isatty (STDERR_FILENO))
    {
      progress = (Progress){ o->stop_time > 0 ? o->stop_time : CNS_TIME_MAX,
                             t_run, t_run, 0 };
      cns_simulator_schedule (0, progress_tick, &progress, NULL);
    }
  if (o->fingerprint)
    cns_simulator_enable_fingerprint ();
  cns_simulator_run ();
  if (progress.stop != 0)
    fprintf (stderr, "\r\033[K");
  s->run_s = (g_get_monotonic_time () - t_run) / 1e6;
  s->setup_s = (t_run - t0) / 1e6;
  s->rank_global_events = count_global_events (o);
  s->rank_events = cns_simulator_get_event_count () - progress.ticks;
  s->rank_now = cns_simulator_now ();
  s->simulator = cns_simulator_get_implementation_name ();
  note_threads (s);
}

/* What the run left in the devices and the monitors, then the world torn
 * down; --flowmon's file is written here (collective), or @error says
 * why not. */
static void
collect (World *w, Summary *s, CnsFlowMonitorHelper *flowmon, GError **error)
{
  s->queue_drops = count_queue_drops ();
  s->fingerprint = cns_simulator_get_fingerprint ();
  if (flowmon != NULL)
    {
      /* collective: rank 0 merges every rank's flows and writes them */
      cns_flow_monitor_helper_serialize_to_xml_file (
          flowmon, w->options->flowmon, TRUE, TRUE, error);
      s->monitored_flows = cns_flow_monitor_get_n_flows (
          cns_flow_monitor_helper_get_monitor (flowmon));
    }
  cns_simulator_destroy ();
  for (guint z = 0; z < w->options->n_campus; z++)
    {
      cns_node_container_unref (w->campuses[z].nodes);
      g_free (w->campuses[z].client_addresses);
    }
  g_free (w->campuses);
  for (guint i = 0; i < N_LINK_CLASSES; i++)
    g_object_unref (w->links[i]);
  g_object_unref (w->addresses);
  g_object_unref (w->stack);
}

/* Rank 0 writes the plots and prints the summary; a file that could not
 * be written (@what's @error, or the plots') is reported after it.
 *
 * Returns: the exit status, 1 when a file was not written. */
static int
report (const Options *o, const Summary *s, const gchar *what, GError *error)
{
  if (cns_mpi_get_rank () != 0)
    {
      g_clear_error (&error);
      return 0;
    }
  if (error == NULL && o->plot != NULL && !write_plots (o, s, &error))
    what = "plot";
  if (o->json)
    print_json (o, s);
  else
    print_table (o, s);
  if (o->print_distributed)
    {
      fflush (stdout);
      print_ranks (o->json ? stderr : stdout, s);
      print_threads (o->json ? stderr : stdout, s);
    }
  if (error == NULL)
    return 0;
  fflush (stdout);
  fprintf (stderr, "campus-ring: %s: %s\n", what, error->message);
  g_error_free (error);
  return 1;
}

/* The paths the command line gave. */
static void
options_clear (Options *o)
{
  g_clear_pointer (&o->pcap, g_free);
  g_clear_pointer (&o->flowmon, g_free);
  g_clear_pointer (&o->plot, g_free);
}

int
main (int argc, char **argv)
{
  gint64 t0 = g_get_monotonic_time ();
  Options o = { .n_campus = 4,
                .n_lan_clients = 42,
                .n_con_con = 1,
                .remote_pct = 100,
                .bytes_per_flow = DEFAULT_BYTES_PER_FLOW,
                .stop_time = cns_seconds (100),
                .routing = ROUTING_NIX };
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new (
      "The DARPA NMS campus networks in a ring, with UDP flows from each "
      "campus's servers to the next campus's LAN clients");
  g_autoptr (CnsRandomVariable) u = NULL;
  g_autoptr (CnsFlowMonitorHelper) flowmon = NULL;
  World w = { .options = &o };
  Summary s = { 0 };
  GError *error = NULL;
  struct rusage usage;
  int status;

  /* large topologies want malloc tuned; libcns leaves it alone unless asked */
  cns_memory_tune_heap ();
  /* before the command line, from which MPI takes its own arguments */
  cns_mpi_enable (&argc, &argv);
  /* ns-3's nms-p2p-nix; the command line may set it otherwise */
  if (!cns_config_set_default ("CnsTcpSocket::SegmentSize", "512", &error))
    die ("defaults", error);
  add_options (cmd, &o);
  cns_command_line_parse (cmd, &argc, &argv);
  if ((status = check_options (&o)) != 0 || (status = check_outputs (&o)) != 0)
    {
      cns_mpi_disable ();
      options_clear (&o);
      return status;
    }

  /* first, so that it takes the run's first random stream */
  u = cns_uniform_random_variable_new (0, 1);
  start_measuring (&o);
  build_world (&w);
  add_traffic (&w, CNS_UNIFORM_RANDOM_VARIABLE (u), &s.start_checksum);
  flowmon = enable_traces (&w);

  run (&w, &s, t0);
  collect (&w, &s, flowmon, &error);
  s.wall_s = (g_get_monotonic_time () - t0) / 1e6;
  getrusage (RUSAGE_SELF, &usage);
  s.max_rss_kb = usage.ru_maxrss;
  aggregate (&s);
  status = report (&o, &s, "flowmon", error);

  cns_mpi_disable ();
  g_free (s.per_rank);
  g_free (s.per_thread);
  g_free (s.fingerprint);
  g_object_unref (stats.monitor);
  options_clear (&o);
  return status;
}
