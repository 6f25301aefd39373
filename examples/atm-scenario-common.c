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
 * Started by mpirun, the scenario runs distributed: core switch i, its
 * edge switches and their hosts on rank i % ranks, so that only core
 * links cross ranks. Every rank builds the whole network and installs the
 * sources of its own hosts; at the end the ranks add up their hosts' and
 * ports' counters, and rank 0 computes and prints the figures from the
 * totals, in the order a sequential run does, so that every line but the
 * last (ranks and simulator) is the sequential run's.
 */
#include "atm-scenario-common.h"

#include "atm/cns-atm.h"
#include "core/cns-core.h"
#include "core/cns-mpi.h"
#include "network/cns-node.h"

#include <stdio.h>

#define HOSTS_PER_EDGE 10u
#define ABR_PER_EDGE   5u
#define LOW            200u /* EPRCA's queue thresholds, cells */
#define HIGH           300u
#define VBR_PERIOD     cns_milli_seconds (100)
#define VBR_DRAIN      cns_milli_seconds (100)
#define VBR_SPACING_MS 3u

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
} Connection;

typedef struct
{
  gdouble mean;
  gdouble min;
  gdouble max;
  guint n;
} Summary;

/* Set-up errors are the same on every rank: cns_fatal() ends them all. */
static void G_GNUC_NORETURN
die (const gchar *prog, const gchar *what, GError *error)
{
  cns_fatal ("%s: %s: %s", prog, what, error->message);
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

int
atm_scenario_main (const AtmScenario *sc, int argc, char **argv)
{
  CnsTime link_delay = cns_milli_seconds (5), sim_time = cns_seconds (10);
  gboolean bidirectional = FALSE, tcp = FALSE, json = FALSE;
  gboolean fingerprint = FALSE;
  g_autofree gchar *digest = NULL;
  g_autoptr (CnsCommandLine) cmd = NULL;
  g_autoptr (CnsAtmHelper) helper = NULL;
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
      cmd, "tcp", "Greedy TCP over the ABR connections (not built yet)", &tcp);
  cns_command_line_add_boolean (
      cmd, "json", "Print one JSON line instead of the summary", &json);
  cns_command_line_add_boolean (
      cmd, "fingerprint",
      "Print a SHA-256 of the events every node ran, the same on any number "
      "of ranks",
      &fingerprint);
  cns_command_line_parse (cmd, &argc, &argv);
  if (tcp)
    {
      if (cns_mpi_get_rank () == 0)
        fprintf (stderr, "%s: --tcp needs IP over AAL5, not built yet\n",
                 sc->prog);
      cns_mpi_disable ();
      return 2;
    }
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

          if (!cns_atm_helper_setup_pvc (helper, path, 6,
                                         c.abr ? CNS_ATM_SERVICE_ABR
                                               : CNS_ATM_SERVICE_VBR,
                                         &c.src_vci, &c.dst_vci, &error))
            die (sc->prog, "PVC", error);
          c.src = host_of (sc, path[0]);
          c.dst = host_of (sc, path[5]);
          c.src_local = cns_node_is_local (path[0]);
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
  cns_abr_params_init_defaults (&params, sc->abr_pcr);
  params.icr = 0.25 * sc->abr_pcr;
  params.mcr = 0;
  for (guint i = 0; i < conns->len; i++)
    {
      Connection *c = &g_array_index (conns, Connection, i);

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
  for (guint i = 0; i < conns->len; i++)
    {
      Connection *c = &g_array_index (conns, Connection, i);
      CnsAtmHostVcStats vc;

      cns_atm_host_get_vc_stats (c->dst, c->dst_vci, &vc);
      rx[i] = vc.rx_cells + (c->abr ? vc.rx_rm : 0);
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
  cns_mpi_sum (tx, 2 * devices->len);
  cns_mpi_sum (events, 1);
  cns_mpi_max (events + 1, 1);

  t = cns_time_to_seconds (sim_time);
  for (guint i = 0; i < conns->len; i++)
    {
      Connection *c = &g_array_index (conns, Connection, i);

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
            "\"events\":%" G_GUINT64_FORMAT "%s%s%s,\"ranks\":%u,"
            "\"simulator\":\"%s\"}\n",
            t, cns_time_to_seconds (link_delay) * 1e3,
            bidirectional ? "true" : "false", rate, abr.n, vbr.n, vbr.mean,
            vbr.min, vbr.max, abr.mean, abr.min, abr.max, max_util, drops,
            events[0] + events[1], digest != NULL ? ",\"fingerprint\":\"" : "",
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
