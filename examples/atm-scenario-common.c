/* cns — what the ATM scenario programs A and B share: building the
 * core/edge/host topology, the ABR and VBR connections between edge
 * pairs, the run and the report.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every link runs at ATM_SCENARIO_OC3_CELL_RATE and has --linkDelay (5 ms).
 * Each edge has 10 hosts: 0-4 ABR, 5-9 VBR. For each edge pair (first,
 * second) host j of the first edge sends to host j of the second along
 * host - edge - core - core - edge - host, the cores joined directly;
 * with --bidirectional host j of the second sends back to host j of the
 * first, so every host is both a source and a destination.
 *
 * ABR sources are greedy, ICR a quarter of PCR, MCR 0, the other
 * parameters TM 4.0's defaults. Switches run EPRCA with LOW 200 and HIGH
 * 300 cells, ER capped while the queue is above LOW, MACR starting at the
 * ICR. VBR sources are 50% square waves of period 100 ms; the k-th VBR
 * source made (forward connections first, edge pair by edge pair) starts
 * at (3 k mod 100) ms and sends a whole number of periods, stopping at
 * least 100 ms before --simTime so its last cells arrive: its delivered
 * rate is the cells its destination got over the time it sent, which is
 * (max + min) / 2 when nothing is lost. An ABR source's throughput is its
 * in-rate cells (data and FRMs) that reached the destination over
 * --simTime. A link's utilisation is the cells one of its ends sent over
 * the cell rate and --simTime, per direction.
 *
 * With --tcp the ABR connections carry TCP instead of greedy cells (the
 * study's TCP over ABR): each ABR host pair gets one IP PVC, an ABR VC with
 * the same parameters both ways, and a /30 of 10.0.0.0/8; the first host
 * runs a greedy bulk sender to a sink on the second (and, with
 * --bidirectional, the second one to the first over the same VC). TCP is
 * the study's BSD 4.3 Reno: no SACK, no timestamps, delayed ACKs every
 * second segment, window scaling for the --tcp window (512 KB in A, 128 KB
 * in B), 9140-byte segments that fill RFC 2225's 9180-byte MTU, and 1 ms
 * of host processing per datagram. A flow's goodput is the bytes its sink
 * got over --simTime.
 *
 * Started by mpirun, the scenario runs distributed: core switch i, its
 * edge switches and their hosts on rank i % ranks, so that only core
 * links cross ranks. Every rank builds the whole network and installs the
 * sources of its own hosts; at the end the ranks add up their hosts' and
 * ports' counters, and rank 0 computes and prints the figures from the
 * totals, in the order a sequential run does, so that every line but the
 * last (ranks and simulator) is the sequential run's.
 */
#include "atm-scenario-common.h"

#include "applications/cns-applications.h"
#include "atm/cns-atm.h"
#include "core/cns-core.h"
#include "core/cns-mpi.h"
#include "internet/cns-internet.h"
#include "network/cns-node.h"

#include <stdio.h>

#define HOSTS_PER_EDGE 10u
#define ABR_PER_EDGE   5u
#define LOW            200u /* EPRCA's queue thresholds, cells */
#define HIGH           300u
#define VBR_PERIOD     cns_milli_seconds (100)
#define VBR_DRAIN      cns_milli_seconds (100)
#define VBR_SPACING_MS 3u

#define TCP_PORT 5001
#define TCP_SEGMENT_SIZE                              \
  9140 /* the 9180-byte MTU less IPv4 and TCP headers \
        */
#define PROCESSING_DELAY cns_milli_seconds (1)

typedef struct
{
  CnsAtmHost *src;
  CnsAtmHost *dst;
  gboolean src_local; /* whether this rank simulates src */
  guint32 src_vci;
  guint32 dst_vci;
  gboolean abr;
  CnsTime start;
  CnsTime stop;
  CnsNode *tcp_src; /* --tcp: the ends of the connection's flow */
  CnsNode *tcp_dst;
  CnsPacketSink *sink; /* on the rank of tcp_dst */
} Connection;

typedef struct
{
  gdouble mean;
  gdouble min;
  gdouble max;
  guint n;
} Summary;

/* Set-up errors are the same on every rank: rank 0 says so and every rank
 * ends cleanly, with status 1. */
static void G_GNUC_NORETURN
die (const gchar *prog, const gchar *what, GError *error)
{
  cns_fatal_collective ("%s: %s: %s", prog, what, error->message);
}

/* Rank 0 names the option; every rank refuses it. */
static int
bad_option (const gchar *prog, const gchar *option, const gchar *expected)
{
  if (cns_mpi_get_rank () == 0)
    fprintf (stderr, "%s: --%s: expected %s\n", prog, option, expected);
  cns_mpi_disable ();
  return 2;
}

static void
summary_add (Summary *s, gdouble x)
{
  if (s->n == 0 || x < s->min)
    s->min = x;
  if (s->n == 0 || x > s->max)
    s->max = x;
  s->mean += (x - s->mean) / ++s->n;
}

static CnsAtmHost *
host_of (const AtmScenario *sc, CnsNode *node)
{
  GError *error = NULL;
  CnsAtmHost *host = cns_atm_host_install (node, &error);

  if (host == NULL)
    die (sc->prog, "host", error);
  return host;
}

/* TCP as the study's hosts run it: BSD 4.3 Reno (see the overview). */
static void
tcp_configure (const AtmScenario *sc)
{
  g_autofree gchar *window = g_strdup_printf ("%u", sc->tcp_window);
  g_autofree gchar *segment = g_strdup_printf ("%u", TCP_SEGMENT_SIZE);
  const gchar *settings[][2] = {
    { "CnsTcpSocket::CongestionControl", "Reno" },
    { "CnsTcpSocket::Sack", "false" },
    { "CnsTcpSocket::Timestamp", "false" },
    { "CnsTcpSocket::WindowScaling", "true" },
    { "CnsTcpSocket::DelAckCount", "2" },
    { "CnsTcpSocket::SegmentSize", segment },
    { "CnsTcpSocket::SndBufSize", window },
    { "CnsTcpSocket::RcvBufSize", window },
  };
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
    if (!cns_config_set_default (settings[i][0], settings[i][1], &error))
      die (sc->prog, "TCP", error);
}

/* --tcp: IPv4 on both ends of @path, a /30 on their ATM ports, 1 ms of
 * processing on each host. */
static void
tcp_connect (const AtmScenario *sc, CnsInternetStackHelper *stack,
             CnsIpv4AddressHelper *addresses, CnsNode **path)
{
  g_autoptr (CnsNetDeviceContainer) ports = cns_net_device_container_new ();
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  GError *error = NULL;

  for (guint end = 0; end < 2; end++)
    {
      CnsAtmHost *host = host_of (sc, path[end * 5]);

      if (!cns_internet_stack_helper_install (stack, path[end * 5], &error))
        die (sc->prog, "internet stack", error);
      g_object_set (host, "processing-delay", PROCESSING_DELAY, NULL);
      cns_net_device_container_add (
          ports, CNS_NET_DEVICE (cns_atm_host_get_device (host)));
    }
  interfaces = cns_ipv4_address_helper_assign (addresses, ports, &error);
  if (interfaces == NULL)
    die (sc->prog, "addresses", error);
  cns_ipv4_address_helper_new_network (addresses);
}

/* --tcp: a greedy bulk sender on @c's source to a sink on its
 * destination, each on its own rank. */
static void
tcp_flow (const AtmScenario *sc, Connection *c)
{
  CnsIpv4L3Protocol *ipv4
      = cns_object_get (c->tcp_dst, CNS_TYPE_IPV4_L3_PROTOCOL);
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), TCP_PORT);
  CnsInetSocketAddress remote = cns_inet_socket_address_init (
      cns_ipv4_l3_protocol_get_address (ipv4, 1, 0).local, TCP_PORT);
  g_autofree gchar *send_size = g_strdup_printf ("%u", TCP_SEGMENT_SIZE);
  GError *error = NULL;

  if (cns_node_is_local (c->tcp_dst))
    {
      g_autoptr (CnsPacketSinkHelper) sinks
          = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &any);
      g_autoptr (CnsApplicationContainer) apps
          = cns_application_helper_install (CNS_APPLICATION_HELPER (sinks),
                                            c->tcp_dst);

      c->sink = CNS_PACKET_SINK (cns_application_container_get (apps, 0));
    }
  if (cns_node_is_local (c->tcp_src))
    {
      g_autoptr (CnsBulkSendHelper) senders
          = cns_bulk_send_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &remote);
      g_autoptr (CnsApplicationContainer) apps = NULL;

      /* writes of one segment each: TCP sends what it is given at once */
      if (!cns_application_helper_set_attribute (
              CNS_APPLICATION_HELPER (senders), "SendSize", send_size, &error))
        die (sc->prog, "TCP sender", error);
      apps = cns_application_helper_install (CNS_APPLICATION_HELPER (senders),
                                             c->tcp_src);
    }
}

int
atm_scenario_main (const AtmScenario *sc, int argc, char **argv)
{
  CnsTime link_delay = cns_milli_seconds (5), sim_time = cns_seconds (10);
  gboolean bidirectional = FALSE, tcp = FALSE, json = FALSE;
  gboolean fingerprint = FALSE;
  g_autofree gchar *digest = NULL;
  g_autoptr (CnsCommandLine) cmd = NULL;
  g_autoptr (CnsAtmHelper) helper = NULL;
  g_autoptr (CnsInternetStackHelper) stack = NULL;
  g_autoptr (CnsIpv4AddressHelper) addresses = NULL;
  g_autoptr (GPtrArray) nodes = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) devices = g_ptr_array_new ();
  g_autoptr (GArray) conns = g_array_new (FALSE, TRUE, sizeof (Connection));
  guint n_edges = sc->n_cores * sc->edges_per_core, n_vbr = 0;
  CnsNode **cores, **edges, **hosts;
  CnsAbrParams params;
  Summary vbr = { 0 }, abr = { 0 };
  gdouble t, max_util = 0, rate = ATM_SCENARIO_OC3_CELL_RATE;
  guint64 drops = 0, events[2];
  g_autofree guint64 *rx = NULL;
  g_autofree guint64 *tx = NULL;
  g_autofree guint64 *goodput = NULL; /* bytes per TCP flow, then discards */
  Summary tcp_mbps = { 0 };
  guint32 ranks;
  GError *error = NULL;

  cns_mpi_enable (&argc, &argv);
  ranks = cns_mpi_get_size ();
  cmd = cns_command_line_new (sc->summary);
  cns_command_line_add_time (cmd, "linkDelay", "Delay of every link (5ms)",
                             &link_delay);
  cns_command_line_add_time (cmd, "simTime", "Simulated time (10s)", &sim_time);
  cns_command_line_add_boolean (
      cmd, "bidirectional",
      "Run every connection both ways: each host a source and a destination",
      &bidirectional);
  cns_command_line_add_boolean (
      cmd, "tcp",
      "Greedy TCP Reno over the ABR connections (IP over AAL5) instead of "
      "greedy ABR cells",
      &tcp);
  cns_command_line_add_boolean (
      cmd, "json", "Print one JSON line instead of the summary", &json);
  cns_command_line_add_boolean (
      cmd, "fingerprint",
      "Print a SHA-256 of the events every node ran, the same on any number "
      "of ranks",
      &fingerprint);
  cns_command_line_parse (cmd, &argc, &argv);
  if (link_delay < 0 || link_delay > cns_seconds (1000))
    return bad_option (sc->prog, "linkDelay", "0 to 1000 s");
  if (sim_time < cns_milli_seconds (300))
    return bad_option (sc->prog, "simTime", "at least 300 ms");

  /* ---- switches: core i and what hangs off it on rank i % ranks ---- */
  helper = cns_atm_helper_new ();
  cores = g_newa (CnsNode *, sc->n_cores);
  edges = g_newa (CnsNode *, n_edges);
  hosts = g_newa (CnsNode *, n_edges * HOSTS_PER_EDGE);
  for (guint i = 0; i < sc->n_cores + n_edges; i++)
    {
      guint core = i < sc->n_cores ? i : (i - sc->n_cores) / sc->edges_per_core;
      CnsNode *sw
          = cns_atm_helper_create_switch_with_system_id (helper, core % ranks);

      g_object_set (cns_object_get (sw, CNS_TYPE_ATM_SWITCH), "initial-macr",
                    0.25 * sc->abr_pcr, "eprca-low", LOW, "eprca-high", HIGH,
                    "eprca-er-cap", CNS_EPRCA_ER_CAP_ABOVE_LOW, NULL);
      g_ptr_array_add (nodes, sw);
      if (i < sc->n_cores)
        cores[i] = sw;
      else
        edges[i - sc->n_cores] = sw;
    }
  for (guint i = 0; i < n_edges * HOSTS_PER_EDGE; i++)
    g_ptr_array_add (
        nodes, hosts[i] = cns_atm_helper_create_host_with_system_id (
                   helper, cns_node_get_system_id (edges[i / HOSTS_PER_EDGE])));

    /* ---- links: the core mesh, edges to cores, hosts to edges ---- */
#define LINK(a, b)                                                        \
  G_STMT_START                                                            \
    {                                                                     \
      CnsAtmNetDevice *da, *db;                                           \
      cns_atm_helper_link (helper, (a), (b), rate, link_delay, &da, &db); \
      g_ptr_array_add (devices, da);                                      \
      g_ptr_array_add (devices, db);                                      \
    }                                                                     \
  G_STMT_END
  for (guint a = 0; a < sc->n_cores; a++)
    for (guint b = a + 1; b < sc->n_cores; b++)
      LINK (cores[a], cores[b]);
  for (guint e = 0; e < n_edges; e++)
    {
      LINK (edges[e], cores[e / sc->edges_per_core]);
      for (guint h = 0; h < HOSTS_PER_EDGE; h++)
        LINK (hosts[e * HOSTS_PER_EDGE + h], edges[e]);
    }
#undef LINK

  /* ---- connections ---- */
  cns_abr_params_init_defaults (&params, sc->abr_pcr);
  params.icr = 0.25 * sc->abr_pcr;
  params.mcr = 0;
  if (tcp)
    {
      tcp_configure (sc);
      stack = cns_internet_stack_helper_new ();
      addresses = cns_ipv4_address_helper_new ();
      if (!cns_ipv4_address_helper_set_base (
              addresses, "10.0.0.0", "255.255.255.252", "0.0.0.1", &error))
        die (sc->prog, "addresses", error);
    }
  for (guint dir = 0; dir < (bidirectional ? 2u : 1u); dir++)
    for (guint p = 0; p < sc->n_pairs; p++)
      for (guint h = 0; h < HOSTS_PER_EDGE; h++)
        {
          guint se = sc->pairs[p][dir], de = sc->pairs[p][1 - dir];
          CnsNode *path[6] = { hosts[se * HOSTS_PER_EDGE + h],
                               edges[se],
                               cores[se / sc->edges_per_core],
                               cores[de / sc->edges_per_core],
                               edges[de],
                               hosts[de * HOSTS_PER_EDGE + h] };
          Connection c = { .abr = h < ABR_PER_EDGE };

          if (tcp && c.abr && dir == 1)
            {
              /* the way back of the forward flow's IP VC */
              const Connection *f
                  = &g_array_index (conns, Connection, p * HOSTS_PER_EDGE + h);

              c.src_vci = f->dst_vci;
              c.dst_vci = f->src_vci;
            }
          else if (tcp && c.abr)
            {
              tcp_connect (sc, stack, addresses, path);
              if (!cns_atm_helper_setup_ip_pvc (helper, path, 6,
                                                CNS_ATM_SERVICE_ABR, &params,
                                                &c.src_vci, &c.dst_vci, &error))
                die (sc->prog, "IP PVC", error);
            }
          else if (!cns_atm_helper_setup_pvc (helper, path, 6,
                                              c.abr ? CNS_ATM_SERVICE_ABR
                                                    : CNS_ATM_SERVICE_VBR,
                                              &c.src_vci, &c.dst_vci, &error))
            die (sc->prog, "PVC", error);
          c.src = host_of (sc, path[0]);
          c.dst = host_of (sc, path[5]);
          c.src_local = cns_node_is_local (path[0]);
          c.tcp_src = path[0];
          c.tcp_dst = path[5];
          if (!c.abr)
            {
              c.start = cns_milli_seconds ((n_vbr++ * VBR_SPACING_MS) % 100);
              c.stop = c.start
                       + (sim_time - VBR_DRAIN - c.start) / VBR_PERIOD
                             * VBR_PERIOD;
            }
          g_array_append_val (conns, c);
        }

  /* ---- sources, on the ranks of their hosts ---- */
  for (guint i = 0; i < conns->len; i++)
    {
      Connection *c = &g_array_index (conns, Connection, i);

      if (tcp && c->abr)
        {
          tcp_flow (sc, c);
          continue;
        }
      if (!c->src_local)
        continue;
      if (c->abr ? !cns_atm_host_add_abr_source (c->src, c->src_vci, &params,
                                                 &error)
                 : !cns_atm_host_add_vbr_square_source (
                     c->src, c->src_vci, sc->vbr_max, sc->vbr_min, VBR_PERIOD,
                     0.5, c->start, c->stop, &error))
        die (sc->prog, "sources", error);
    }

  /* ---- run ---- */
  if (fingerprint)
    cns_simulator_enable_fingerprint ();
  cns_simulator_stop_at (sim_time);
  cns_simulator_run ();
  digest = cns_simulator_get_fingerprint ();

  /* ---- the ranks' counters added up: a host or port that another rank
   * simulates counts 0 here ---- */
  rx = g_new0 (guint64, conns->len);
  goodput = g_new0 (guint64, conns->len + 1);
  for (guint i = 0; i < conns->len; i++)
    {
      Connection *c = &g_array_index (conns, Connection, i);
      CnsAtmHostVcStats vc;

      cns_atm_host_get_vc_stats (c->dst, c->dst_vci, &vc);
      rx[i] = vc.rx_cells + (c->abr ? vc.rx_rm : 0);
      goodput[conns->len] += vc.rx_frames_discarded;
      if (c->sink != NULL)
        goodput[i] = cns_packet_sink_get_total_rx (c->sink);
    }
  tx = g_new0 (guint64, 2 * devices->len);
  for (guint i = 0; i < devices->len; i++)
    {
      CnsAtmNetDevice *d = g_ptr_array_index (devices, i);

      tx[2 * i] = cns_atm_net_device_get_tx_cells (d);
      for (CnsAtmServiceClass s = CNS_ATM_SERVICE_RM; s <= CNS_ATM_SERVICE_UBR;
           s++)
        tx[2 * i + 1] += cns_atm_net_device_get_drops (d, s);
    }
  /* the nodes' initialisation and the stop run on every rank, once in a
   * sequential run */
  events[1] = (cns_node_list_get_n_nodes () > 0 ? 1 : 0)
              + (cns_simulator_is_finished () ? 1 : 0);
  events[0] = cns_simulator_get_event_count () - events[1];
  cns_mpi_sum (rx, conns->len);
  cns_mpi_sum (goodput, conns->len + 1);
  cns_mpi_sum (tx, 2 * devices->len);
  cns_mpi_sum (events, 1);
  cns_mpi_max (events + 1, 1);

  t = cns_time_to_seconds (sim_time);
  for (guint i = 0; i < conns->len; i++)
    {
      Connection *c = &g_array_index (conns, Connection, i);

      if (tcp && c->abr)
        summary_add (&tcp_mbps, goodput[i] * 8 / t / 1e6);
      if (c->abr)
        summary_add (&abr, rx[i] / t);
      else
        summary_add (&vbr, rx[i] / cns_time_to_seconds (c->stop - c->start));
    }
  for (guint i = 0; i < devices->len; i++)
    {
      max_util = MAX (max_util, tx[2 * i] / rate / t);
      drops += tx[2 * i + 1];
    }

  if (cns_mpi_get_rank () != 0)
    ;
  else if (json)
    printf ("{\"sim_time_s\":%g,\"link_delay_ms\":%g,\"bidirectional\":%s,"
            "\"cell_rate\":%.1f,\"abr_sources\":%u,\"vbr_sources\":%u,"
            "\"vbr_rate_mean\":%.1f,\"vbr_rate_min\":%.1f,"
            "\"vbr_rate_max\":%.1f,\"abr_throughput_mean\":%.1f,"
            "\"abr_throughput_min\":%.1f,\"abr_throughput_max\":%.1f,"
            "\"max_link_util\":%.4f,\"drops\":%" G_GUINT64_FORMAT ","
            "\"tcp_flows\":%u,\"tcp_goodput_mean_mbps\":%.3f,"
            "\"tcp_goodput_min_mbps\":%.3f,\"tcp_goodput_max_mbps\":%.3f,"
            "\"frames_discarded\":%" G_GUINT64_FORMAT ","
            "\"events\":%" G_GUINT64_FORMAT "%s%s%s,\"ranks\":%u,"
            "\"simulator\":\"%s\"}\n",
            t, cns_time_to_seconds (link_delay) * 1e3,
            bidirectional ? "true" : "false", rate, abr.n, vbr.n, vbr.mean,
            vbr.min, vbr.max, abr.mean, abr.min, abr.max, max_util, drops,
            tcp_mbps.n, tcp_mbps.mean, tcp_mbps.min, tcp_mbps.max,
            goodput[conns->len], events[0] + events[1],
            digest != NULL ? ",\"fingerprint\":\"" : "",
            digest != NULL ? digest : "", digest != NULL ? "\"" : "", ranks,
            cns_simulator_get_implementation_name ());
  else
    {
      printf ("%s: %u cores, %u edges, %u hosts, %s, links %.1f cells/s and "
              "%g ms, %g s\n",
              sc->prog, sc->n_cores, n_edges, n_edges * HOSTS_PER_EDGE,
              bidirectional ? "bidirectional" : "unidirectional", rate,
              cns_time_to_seconds (link_delay) * 1e3, t);
      printf ("  VBR  %u sources, delivered rate mean %.1f, min %.1f, max "
              "%.1f cells/s\n",
              vbr.n, vbr.mean, vbr.min, vbr.max);
      printf ("  ABR  %u sources, throughput mean %.1f, min %.1f, max %.1f "
              "cells/s (PCR %.0f)\n",
              abr.n, abr.mean, abr.min, abr.max, sc->abr_pcr);
      if (tcp)
        printf ("  TCP  %u Reno flows over ABR (window %u KB, %u-byte "
                "segments), goodput mean %.3f, min %.3f, max %.3f Mb/s; "
                "%" G_GUINT64_FORMAT " AAL5 frames discarded\n",
                tcp_mbps.n, sc->tcp_window / 1024, TCP_SEGMENT_SIZE,
                tcp_mbps.mean, tcp_mbps.min, tcp_mbps.max, goodput[conns->len]);
      printf ("  links  max utilisation %.4f, %" G_GUINT64_FORMAT
              " cells dropped\n",
              max_util, drops);
      printf ("  events %" G_GUINT64_FORMAT "\n", events[0] + events[1]);
      if (digest != NULL)
        printf ("  events fingerprint %s\n", digest);
      printf ("  ranks  %u, %s simulator\n", ranks,
              cns_simulator_get_implementation_name ());
    }
  g_clear_pointer (&nodes, g_ptr_array_unref);
  cns_simulator_destroy ();
  cns_mpi_disable ();
  return 0;
}
