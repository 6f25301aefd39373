/* cns — benchmark of route computation: all-pairs tables, global routing
 * on real nodes, nix-vector routing for random flows.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The graph is an edge list (--graph=FILE: a first line "N M", then M
 * lines "u v [metric]", 0-based) or a connected Waxman graph made here
 * (--waxman=N --m=2 --seed=S): N nodes uniform in the unit square join
 * in index order; node i >= m draws candidates v uniformly from [0, i)
 * and links to each with probability alpha * exp(-d(i,v) / (beta * L)),
 * alpha = 0.15, beta = 0.2, L = sqrt(2) (BRITE's router Waxman
 * defaults), until it has m new links; then each of the first m nodes
 * adds m links to nodes drawn from [m, N). So M = m * N, and any
 * component left over is linked to the closest node of the largest one.
 * Random numbers come from splitmix64(seed). Or it is a dense random
 * graph (--dense=N [--maxMetric=M]): node i joins a random earlier node,
 * every other pair is linked with probability 1/10 (average degree about
 * N/10), metrics 1 or uniform in 1..M each way. Or the graph is a BRITE
 * topology (--brite=CONF), generated from the configuration file with
 * seeds drawn from cns's random numbers under RngSeed = seed; every edge
 * has metric 1.
 *
 * Cases (--case=table|populate|nix|search|all, default all), one JSON
 * line each:
 *
 *   table     per backend (--backend=a,b; default every registered one):
 *             a table made and filled on --threads threads (0, the
 *             default: one per processor); time_s is both
 *   populate  real nodes (internet stack with static routing at priority
 *             0 and global routing at -10, one 100 Mbps / 1 ms
 *             point-to-point link and one /30 of 10.0.0.0/8 per edge,
 *             interface metrics from the graph);
 *             time_s is cns_ipv4_global_routing_helper_populate_routing_
 *             tables() alone
 *   nix       for each K of --flows=10,100,1000: the same nodes with
 *             nix-vector routing only, and K one-packet UDP flows between
 *             random pairs, as ns-3's routing benchmark draws them: from
 *             splitmix64(seed), s = x % N, d = y % N, d drawn again while
 *             d == s; flow i sends one 512-byte datagram to d's first
 *             address at 1 + i/K s. time_s is cns_simulator_run(); rx is
 *             the datagrams received, which must be K.
 *   search    for each K of --flows: on the graph alone, the nix-vector
 *             path search (#CnsRouteSearch, made beforehand) for K random
 *             pairs drawn as in the nix case; time_s is the K lookups,
 *             each making the nix vector and the list of nodes. rx is the
 *             pairs with a path; us_per_lookup is time_s / K in
 *             microseconds, settled_per_lookup the mean nodes a lookup
 *             settled.
 *
 * Fields: N, edges, routers (of the table), backend (a table backend,
 * "nix" or "search"), threads, flows (0 but for nix and search), time_s,
 * max_rss_kb (the process's peak so far: cases run in the order above),
 * table_bytes (0 for nix and search), rx (nix and search only),
 * us_per_lookup and settled_per_lookup (search only); transfer_s and
 * kernel_s (table and populate with the "cuda" backend only: the seconds
 * of host-device copies and of kernels, as CUDA events timed them).
 *
 * The "cuda" backend is registered in every build; when it cannot work
 * here (no plugin, no device), the default run of every backend leaves
 * it out with one line on stderr, and naming it in --backend fails.
 */
#include "utils/bench/bench-util.h"
#include "brite/cns-brite.h"
#include "routing/cns-cuda-route-backend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define WAXMAN_ALPHA 0.15
#define WAXMAN_BETA  0.2
#define PACKET_SIZE  512
#define PORT         9

typedef struct
{
  guint32 u, v;
  guint16 metric_uv, metric_vu;
} Edge;

typedef struct
{
  gchar *graph_path;
  gchar *brite_path;
  gint waxman;
  gint dense;
  gint max_metric;
  gint m;
  gint64 seed;
  gchar *cases;
  gchar *backends;
  gint threads;
  gchar *flows;
} Options;

static G_GNUC_NORETURN void
die (const gchar *what, const GError *error)
{
  fprintf (stderr, "bench-routing: %s%s%s\n", what, error ? ": " : "",
           error ? error->message : "");
  exit (error != NULL && error->domain == G_OPTION_ERROR ? 2 : 1);
}

static G_GNUC_NORETURN void
usage_error (const gchar *message)
{
  fprintf (stderr, "bench-routing: %s\n", message);
  exit (2);
}

static glong
max_rss_kb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* A uniform double in [0, 1). */
static gdouble
uniform (guint64 *state)
{
  return (gdouble) (splitmix64 (state) >> 11) * 0x1.0p-53;
}

/* ---- the Waxman generator ---- */

typedef struct
{
  guint32 n;
  gdouble *x, *y;
  GArray **adj; /* guint32 neighbours, by node */
  GArray *edges;
  guint64 rng;
} Waxman;

static gboolean
waxman_linked (const Waxman *w, guint32 u, guint32 v)
{
  for (guint k = 0; k < w->adj[u]->len; k++)
    if (g_array_index (w->adj[u], guint32, k) == v)
      return TRUE;
  return FALSE;
}

static void
waxman_link (Waxman *w, guint32 u, guint32 v)
{
  Edge e = { u, v, 1, 1 };

  g_array_append_val (w->adj[u], v);
  g_array_append_val (w->adj[v], u);
  g_array_append_val (w->edges, e);
}

static gdouble
waxman_distance (const Waxman *w, guint32 u, guint32 v)
{
  return hypot (w->x[u] - w->x[v], w->y[u] - w->y[v]);
}

/* One candidate for @u from [lo, hi): linked with the Waxman probability. */
static gboolean
waxman_try (Waxman *w, guint32 u, guint32 lo, guint32 hi)
{
  guint32 v = lo + (guint32) (uniform (&w->rng) * (hi - lo));

  if (v == u || waxman_linked (w, u, v))
    return FALSE;
  if (uniform (&w->rng)
      >= WAXMAN_ALPHA
             * exp (-waxman_distance (w, u, v) / (WAXMAN_BETA * G_SQRT2)))
    return FALSE;
  waxman_link (w, u, v);
  return TRUE;
}

static guint32
find_root (guint32 *parent, guint32 a)
{
  while (parent[a] != a)
    {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
  return a;
}

/* Links every component but the largest to the largest, each by its
 * geometrically closest pair. */
static void
waxman_connect (Waxman *w)
{
  g_autofree guint32 *parent = g_new (guint32, w->n);
  g_autofree guint32 *size = g_new0 (guint32, w->n);
  guint32 main_root = 0;

  for (guint32 i = 0; i < w->n; i++)
    parent[i] = i;
  for (guint k = 0; k < w->edges->len; k++)
    {
      Edge *e = &g_array_index (w->edges, Edge, k);
      guint32 a = find_root (parent, e->u), b = find_root (parent, e->v);

      if (a != b)
        parent[a] = b;
    }
  for (guint32 i = 0; i < w->n; i++)
    size[find_root (parent, i)]++;
  for (guint32 i = 0; i < w->n; i++)
    if (size[i] > size[main_root])
      main_root = i;
  for (guint32 root = 0; root < w->n; root++)
    {
      gdouble best = G_MAXDOUBLE;
      guint32 bu = 0, bv = 0;

      if (size[root] == 0 || root == main_root)
        continue;
      for (guint32 u = 0; u < w->n; u++)
        {
          if (find_root (parent, u) != root)
            continue;
          for (guint32 v = 0; v < w->n; v++)
            if (find_root (parent, v) == main_root
                && waxman_distance (w, u, v) < best)
              {
                best = waxman_distance (w, u, v);
                bu = u;
                bv = v;
              }
        }
      waxman_link (w, bu, bv);
      parent[root] = main_root;
      fprintf (stderr, "bench-routing: joined a component of %u nodes\n",
               size[root]);
    }
}

static GArray *
waxman_edges (guint32 n, guint32 m, guint64 seed)
{
  Waxman w = { .n = n, .rng = seed };

  w.x = g_new (gdouble, n);
  w.y = g_new (gdouble, n);
  w.adj = g_new (GArray *, n);
  w.edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  for (guint32 i = 0; i < n; i++)
    {
      w.x[i] = uniform (&w.rng);
      w.y[i] = uniform (&w.rng);
      w.adj[i] = g_array_new (FALSE, FALSE, sizeof (guint32));
    }
  m = MIN (m, n - 1);
  for (guint32 i = m; i < n; i++)
    for (guint32 added = 0; added < m && w.adj[i]->len < i;)
      added += waxman_try (&w, i, 0, i);
  for (guint32 i = 0; i < m; i++)
    {
      guint32 added = 0, later = 0;

      for (guint k = 0; k < w.adj[i]->len; k++)
        later += g_array_index (w.adj[i], guint32, k) >= m;
      while (added < m && later < n - m)
        if (waxman_try (&w, i, m, n))
          {
            added++;
            later++;
          }
    }
  waxman_connect (&w);
  for (guint32 i = 0; i < n; i++)
    g_array_unref (w.adj[i]);
  g_free (w.adj);
  g_free (w.x);
  g_free (w.y);
  return w.edges;
}

/* A dense random graph: node i joins a random earlier node (so that it
 * is connected), and every other pair is linked with probability 1/10,
 * so that the average degree is about n/10; metrics 1 or, with
 * @max_metric > 1, uniform in 1..max_metric each way. */
static GArray *
dense_edges (guint32 n, guint32 max_metric, guint64 seed)
{
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  guint64 rng = seed;

  for (guint32 v = 1; v < n; v++)
    {
      guint32 joined = (guint32) (uniform (&rng) * v);

      for (guint32 u = 0; u < v; u++)
        if (u == joined || uniform (&rng) < 0.1)
          {
            Edge e = { u, v, 1, 1 };

            if (max_metric > 1)
              {
                e.metric_uv = (guint16) (1 + uniform (&rng) * max_metric);
                e.metric_vu = (guint16) (1 + uniform (&rng) * max_metric);
              }
            g_array_append_val (edges, e);
          }
    }
  return edges;
}

/* ---- graphs ---- */

static CnsRouteGraph *
graph_from_edges (guint32 n, GArray *edges)
{
  CnsRouteGraph *g = cns_route_graph_new (n);

  for (guint k = 0; k < edges->len; k++)
    {
      Edge *e = &g_array_index (edges, Edge, k);

      cns_route_graph_add_edge (g, e->u, e->v, e->metric_uv, e->metric_vu);
    }
  cns_route_graph_seal (g);
  return g;
}

/* The edges of a loaded graph, each once (from its lower end), node by
 * node in the graph's link order. */
static GArray *
edges_from_graph (const CnsRouteGraph *g)
{
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (Edge));

  for (guint32 u = 0; u < cns_route_graph_get_n_nodes (g); u++)
    {
      guint32 n_links;
      const CnsRouteLink *links = cns_route_graph_get_links (g, u, &n_links);

      for (guint32 l = 0; l < n_links; l++)
        if (u < links[l].neighbor)
          {
            Edge e = { u, links[l].neighbor, links[l].metric,
                       links[l].peer_metric };

            g_array_append_val (edges, e);
          }
    }
  return edges;
}

/* ---- real nodes ---- */

static void
check (gboolean ok, GError *error)
{
  if (!ok)
    die ("building the topology", error);
}

/* @n nodes with the internet stack and @routing, linked as @edges say.
 * Returns: (transfer full): the nodes; @first_address[i] gets node i's
 * address on its first link. */
static CnsNodeContainer *
build_nodes (guint32 n, GArray *edges, CnsIpv4RoutingHelper *routing,
             CnsIpv4Address *first_address)
{
  CnsNodeContainer *nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  GError *error = NULL;

  cns_node_container_create (nodes, n);
  cns_internet_stack_helper_set_routing_helper (stack, routing);
  check (cns_internet_stack_helper_install_container (stack, nodes, &error),
         error);
  check (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                         "100Mbps", &error),
         error);
  check (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "1ms",
                                                          &error),
         error);
  check (cns_ipv4_address_helper_set_base (addresses, "10.0.0.0",
                                           "255.255.255.252", NULL, &error),
         error);
  for (guint k = 0; k < edges->len; k++)
    {
      Edge *e = &g_array_index (edges, Edge, k);
      g_autoptr (CnsNetDeviceContainer) devices
          = cns_point_to_point_helper_install (
              p2p, cns_node_container_get (nodes, e->u),
              cns_node_container_get (nodes, e->v));
      g_autoptr (CnsIpv4InterfaceContainer) interfaces
          = cns_ipv4_address_helper_assign (addresses, devices, &error);

      check (interfaces != NULL, error);
      cns_ipv4_address_helper_new_network (addresses);
      cns_ipv4_interface_container_set_metric (interfaces, 0, e->metric_uv);
      cns_ipv4_interface_container_set_metric (interfaces, 1, e->metric_vu);
    }
  for (guint32 i = 0; i < n && first_address != NULL; i++)
    {
      CnsIpv4L3Protocol *ipv4 = cns_object_get (
          cns_node_container_get (nodes, i), CNS_TYPE_IPV4_L3_PROTOCOL);

      first_address[i]
          = cns_ipv4_l3_protocol_get_n_interfaces (ipv4) > 1
                ? cns_ipv4_l3_protocol_get_address (ipv4, 1, 0).local
                : cns_ipv4_address_any ();
    }
  return nodes;
}

/* ---- output ---- */

typedef struct
{
  const gchar *name;
  guint32 n;
  guint edges;
  guint threads;
} Run;

/* @extra: NULL, or more members, each with a leading comma */
static void
print_line (const Run *run, const gchar *case_name, const gchar *backend,
            guint32 routers, guint flows, gdouble time_s, guint64 table_bytes,
            gint64 rx, const gchar *extra)
{
  printf ("{\"bench\":\"routing\",\"case\":\"%s\",\"graph\":\"%s\",\"N\":%u,"
          "\"edges\":%u,\"routers\":%u,\"backend\":\"%s\",\"threads\":%u,"
          "\"flows\":%u,\"time_s\":%.6f,\"max_rss_kb\":%ld,\"table_bytes\":"
          "%" G_GUINT64_FORMAT,
          case_name, run->name, run->n, run->edges, routers, backend,
          run->threads, flows, time_s, max_rss_kb (), table_bytes);
  if (rx >= 0)
    printf (",\"rx\":%" G_GINT64_FORMAT, rx);
  printf ("%s}\n", extra != NULL ? extra : "");
  fflush (stdout);
}

/* ---- cases ---- */

/* The device's share of the last fill, for the cuda backend; NULL for
 * the others. */
static gchar *
backend_extra (const gchar *backend)
{
  gdouble transfer_s, kernel_s;

  if (!g_str_equal (backend, "cuda")
      || !cns_cuda_route_backend_get_last_stats (&transfer_s, &kernel_s))
    return NULL;
  return g_strdup_printf (",\"transfer_s\":%.6f,\"kernel_s\":%.6f", transfer_s,
                          kernel_s);
}

static void
run_table (const Run *run, CnsRouteGraph *graph, const gchar *backend)
{
  g_autoptr (CnsRouteTable) table = NULL;
  g_autofree gchar *extra = NULL;
  GError *error = NULL;
  gdouble start = bench_now_s (), time_s;

  table = cns_route_table_new (graph, G_MAXUINT64, &error);
  if (table == NULL
      || !cns_route_table_fill (table, backend, run->threads, &error))
    die ("table", error);
  time_s = bench_now_s () - start;
  extra = backend_extra (backend);
  print_line (run, "table", backend, cns_route_graph_get_n_routers (graph), 0,
              time_s, cns_route_table_get_bytes (table), -1, extra);
}

static void
run_populate (const Run *run, GArray *edges, const gchar *backend)
{
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4GlobalRoutingHelper) global
      = cns_ipv4_global_routing_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = NULL;
  g_autofree gchar *threads = g_strdup_printf ("%u", run->threads);
  g_autofree gchar *extra = NULL;
  CnsGlobalRouteManager *manager;
  CnsRouteTable *table;
  GError *error = NULL;
  gdouble start, time_s;

  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  nodes = build_nodes (run->n, edges, CNS_IPV4_ROUTING_HELPER (list), NULL);
  manager = cns_global_route_manager_get_default ();
  if (!cns_attribute_set (manager, "Backend", backend, &error)
      || !cns_attribute_set (manager, "Threads", threads, &error))
    die ("populate", error);
  start = bench_now_s ();
  if (!cns_ipv4_global_routing_helper_populate_routing_tables (&error))
    die ("populate", error);
  time_s = bench_now_s () - start;
  table = cns_global_route_manager_get_table (manager);
  extra = backend_extra (backend);
  print_line (run, "populate", backend,
              cns_route_graph_get_n_routers (cns_route_table_get_graph (table)),
              0, time_s, cns_route_table_get_bytes (table), -1, extra);
  g_clear_pointer (&nodes, cns_node_container_unref);
  cns_simulator_destroy ();
}

typedef struct
{
  CnsSocket *socket;
  CnsAddress to;
} Send;

static void
send_one (gpointer obj, gpointer data)
{
  Send *send = data;

  cns_socket_send_to (send->socket, cns_packet_new (PACKET_SIZE), 0, &send->to);
}

static void
count_rx (CnsSocket *socket, gpointer user_data)
{
  guint64 *rx = user_data;
  CnsPacket *packet;

  while ((packet = cns_socket_recv (socket, G_MAXUINT32, 0)) != NULL)
    {
      (*rx)++;
      cns_packet_unref (packet);
    }
}

/* The nix case's pair rule: s = x % N, d = y % N, y drawn again while
 * d == s. */
static void
draw_pair (guint64 *state, guint32 n, guint32 *s, guint32 *d)
{
  *s = (guint32) (splitmix64 (state) % n);
  do
    *d = (guint32) (splitmix64 (state) % n);
  while (*d == *s);
}

static void
run_nix (const Run *run, GArray *edges, guint flows, guint64 seed)
{
  g_autoptr (CnsNixVectorHelper) nix = cns_nix_vector_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = NULL;
  g_autofree CnsIpv4Address *first = g_new (CnsIpv4Address, run->n);
  g_autofree CnsSocket **tx = g_new0 (CnsSocket *, run->n);
  g_autofree CnsSocket **rx = g_new0 (CnsSocket *, run->n);
  g_autofree Send *sends = g_new0 (Send, flows);
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), PORT);
  CnsAddress local;
  guint64 state = seed, received = 0;
  GError *error = NULL;
  gdouble start, time_s;

  nodes = build_nodes (run->n, edges, CNS_IPV4_ROUTING_HELPER (nix), first);
  cns_inet_socket_address_to_address (&any, &local);
  for (guint i = 0; i < flows; i++)
    {
      guint32 s, d;
      CnsInetSocketAddress to;

      draw_pair (&state, run->n, &s, &d);
      if (rx[d] == NULL)
        {
          rx[d] = cns_socket_create (cns_node_container_get (nodes, d),
                                     CNS_TYPE_UDP_SOCKET_FACTORY);
          if (!cns_socket_bind (rx[d], &local, &error))
            die ("nix", error);
          cns_socket_set_recv_callback (rx[d], count_rx, &received);
        }
      if (tx[s] == NULL)
        tx[s] = cns_socket_create (cns_node_container_get (nodes, s),
                                   CNS_TYPE_UDP_SOCKET_FACTORY);
      to = cns_inet_socket_address_init (first[d], PORT);
      sends[i].socket = tx[s];
      cns_inet_socket_address_to_address (&to, &sends[i].to);
      cns_simulator_schedule_with_context (
          s, cns_seconds (1.0 + (gdouble) i / flows), send_one, NULL,
          &sends[i]);
    }
  start = bench_now_s ();
  cns_simulator_run ();
  time_s = bench_now_s () - start;
  print_line (run, "nix", "nix", 0, flows, time_s, 0, (gint64) received, NULL);
  for (guint32 i = 0; i < run->n; i++)
    {
      g_clear_object (&tx[i]);
      g_clear_object (&rx[i]);
    }
  g_clear_pointer (&nodes, cns_node_container_unref);
  cns_simulator_destroy ();
}

static void
run_search (const Run *run, CnsRouteGraph *graph, guint flows, guint64 seed)
{
  g_autoptr (CnsRouteSearch) search = cns_route_search_new (graph);
  g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *pairs = g_new (guint32, 2 * (gsize) flows);
  g_autofree gchar *extra = NULL;
  guint64 state = seed, settled = 0, found = 0;
  gdouble start, time_s;

  for (guint i = 0; i < flows; i++)
    draw_pair (&state, run->n, &pairs[2 * i], &pairs[2 * i + 1]);
  start = bench_now_s ();
  for (guint i = 0; i < flows; i++)
    {
      CnsNixVector *nix;

      g_array_set_size (nodes, 0);
      if (cns_route_search_find (search, pairs[2 * i], pairs[2 * i + 1], nodes,
                                 &nix))
        {
          found++;
          cns_nix_vector_unref (nix);
        }
      settled += cns_route_search_get_n_settled (search);
    }
  time_s = bench_now_s () - start;
  extra
      = g_strdup_printf (",\"us_per_lookup\":%.3f,\"settled_per_lookup\":%.1f",
                         time_s * 1e6 / flows, (gdouble) settled / flows);
  print_line (run, "search", "search", 0, flows, time_s, 0, (gint64) found,
              extra);
}

/* ---- options ---- */

static guint *
parse_flows (const gchar *text, guint *n_flows)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint *flows = g_new (guint, g_strv_length (parts) + 1);

  *n_flows = 0;
  for (guint k = 0; parts[k] != NULL; k++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (parts[k], 10, 1, G_MAXUINT32, &value,
                                       NULL))
        {
          g_autofree gchar *message = g_strdup_printf (
              "--flows=%s: \"%s\" is not a flow count from 1 to %u", text,
              parts[k], G_MAXUINT32);

          usage_error (message);
        }
      flows[(*n_flows)++] = (guint) value;
    }
  return flows;
}

/* The edges of the BRITE topology of configuration file @path, its
 * seeds drawn under RngSeed @seed; @n_nodes set to its nodes. */
static GArray *
brite_edges (const gchar *path, gint64 seed, guint32 *n_nodes)
{
  g_autoptr (CnsBriteConfig) config = NULL;
  g_autoptr (CnsBriteTopology) topology = NULL;
  g_autoptr (CnsRandomVariable) uniform = NULL;
  GArray *edges;
  CnsBriteSeeds seeds;
  GError *error = NULL;

  if (seed < 1 || seed > G_MAXUINT32)
    usage_error ("--seed: expected 1 to 4294967295 with --brite");
  config = cns_brite_config_parse_file (path, &error);
  if (config == NULL)
    die ("--brite", error);
  cns_rng_seed_manager_set_seed ((guint32) seed);
  uniform = cns_uniform_random_variable_new (0, 1);
  cns_brite_seeds_from_random (&seeds, uniform);
  topology = cns_brite_generate (config, &seeds, &error);
  if (topology == NULL)
    die ("--brite", error);
  edges = g_array_sized_new (FALSE, FALSE, sizeof (Edge), topology->n_edges);
  for (guint32 k = 0; k < topology->n_edges; k++)
    {
      Edge e = { topology->edges[k].src, topology->edges[k].dst, 1, 1 };

      g_array_append_val (edges, e);
    }
  *n_nodes = topology->n_nodes;
  return edges;
}

int
main (int argc, char **argv)
{
  Options o = { .m = 2, .seed = 1, .threads = 0, .max_metric = 1 };
  GOptionEntry entries[]
      = { { "graph", 0, 0, G_OPTION_ARG_FILENAME, &o.graph_path,
            "Edge-list file: \"N M\", then M lines \"u v [metric]\"", "FILE" },
          { "brite", 0, 0, G_OPTION_ARG_FILENAME, &o.brite_path,
            "Generate a BRITE topology from this configuration file instead",
            "CONF" },
          { "dense", 0, 0, G_OPTION_ARG_INT, &o.dense,
            "Make a dense random graph of N nodes, average degree N/10", "N" },
          { "maxMetric", 0, 0, G_OPTION_ARG_INT, &o.max_metric,
            "Dense graph: metrics uniform in 1..M each way (1)", "M" },
          { "waxman", 0, 0, G_OPTION_ARG_INT, &o.waxman,
            "Make a Waxman graph of N nodes instead", "N" },
          { "m", 0, 0, G_OPTION_ARG_INT, &o.m, "Waxman: links per new node (2)",
            "M" },
          { "seed", 0, 0, G_OPTION_ARG_INT64, &o.seed,
            "Seed of the Waxman graph and the flow pairs (1)", "S" },
          { "case", 0, 0, G_OPTION_ARG_STRING, &o.cases,
            "table, populate, nix, search or all (all)", "CASE" },
          { "backend", 0, 0, G_OPTION_ARG_STRING, &o.backends,
            "Table backends, comma-separated (every registered one)", "NAMES" },
          { "threads", 0, 0, G_OPTION_ARG_INT, &o.threads,
            "Threads filling tables; 0 for one per processor (0)", "N" },
          { "flows", 0, 0, G_OPTION_ARG_STRING, &o.flows,
            "Flow counts of the nix and search cases (10,100,1000)", "K,K" },
          G_OPTION_ENTRY_NULL };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("- time route computation");
  g_autoptr (CnsRouteGraph) graph = NULL;
  g_autoptr (GArray) edges = NULL;
  g_auto (GStrv) backends = NULL;
  g_autofree gchar *all_backends = NULL;
  g_autofree gchar *name = NULL;
  g_autofree guint *flows = NULL;
  GError *error = NULL;
  const gchar *cases;
  guint n_flows;
  Run run;

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    die ("bad option", error);
  if (argc > 1)
    {
      g_autofree gchar *message
          = g_strdup_printf ("unexpected argument '%s'; see --help", argv[1]);

      usage_error (message);
    }
  cases = o.cases != NULL ? o.cases : "all";
  if (!g_str_equal (cases, "table") && !g_str_equal (cases, "populate")
      && !g_str_equal (cases, "nix") && !g_str_equal (cases, "search")
      && !g_str_equal (cases, "all"))
    {
      g_autofree gchar *message = g_strdup_printf (
          "--case=%s: expected table, populate, nix, search or all", cases);

      usage_error (message);
    }
  if (o.dense != 0 && o.dense < 2)
    usage_error ("--dense: expected at least 2 nodes");
  if (o.max_metric < 1 || o.max_metric > G_MAXUINT16)
    usage_error ("--maxMetric: expected 1 to 65535");
  if (o.waxman != 0 && o.waxman < 2)
    usage_error ("--waxman: expected at least 2 nodes");
  if (o.m < 1)
    usage_error ("--m: expected at least 1");
  if (o.threads < 0)
    {
      g_autofree gchar *message = g_strdup_printf (
          "--threads=%d: expected 0 (one per processor) or more", o.threads);

      usage_error (message);
    }
  if ((o.graph_path != NULL) + (o.brite_path != NULL) + (o.waxman > 0)
          + (o.dense > 0)
      != 1)
    usage_error (
        "give one of --graph=FILE, --brite=CONF, --waxman=N and --dense=N");
  flows = parse_flows (o.flows != NULL ? o.flows : "10,100,1000", &n_flows);
  all_backends = cns_route_backend_list_names ();
  backends
      = g_strsplit (o.backends != NULL ? o.backends : all_backends, ",", -1);
  for (guint k = 0; backends[k] != NULL; k++)
    {
      g_strstrip (backends[k]);
      if (cns_route_backend_lookup (backends[k]) == NULL)
        {
          g_autofree gchar *message = g_strdup_printf (
              "--backend: no routing backend is called \"%s\" (there are: "
              "%s)",
              backends[k], all_backends);

          usage_error (message);
        }
    }
  if (o.graph_path != NULL)
    {
      graph = cns_route_graph_load (o.graph_path, &error);
      if (graph == NULL)
        die ("--graph", error);
      edges = edges_from_graph (graph);
      name = g_strdup (o.graph_path);
    }
  else if (o.brite_path != NULL)
    {
      guint32 n_nodes;

      edges = brite_edges (o.brite_path, o.seed, &n_nodes);
      graph = graph_from_edges (n_nodes, edges);
      name = g_strdup_printf ("brite:%s:seed=%" G_GINT64_FORMAT, o.brite_path,
                              o.seed);
    }
  else if (o.dense > 0)
    {
      edges = dense_edges ((guint32) o.dense, (guint32) o.max_metric,
                           (guint64) o.seed);
      graph = graph_from_edges ((guint32) o.dense, edges);
      name = g_strdup_printf ("dense:%d:maxMetric=%d:seed=%" G_GINT64_FORMAT,
                              o.dense, o.max_metric, o.seed);
    }
  else
    {
      edges
          = waxman_edges ((guint32) o.waxman, (guint32) o.m, (guint64) o.seed);
      graph = graph_from_edges ((guint32) o.waxman, edges);
      name = g_strdup_printf ("waxman:%d:m=%d:seed=%" G_GINT64_FORMAT, o.waxman,
                              o.m, o.seed);
    }
  /* every registered backend, but cuda only where it can work (said
   * once the input is read, so that a bad one is the only message) */
  if (o.backends == NULL)
    {
      g_autofree gchar *why = NULL;
      guint kept = 0;

      for (guint k = 0; backends[k] != NULL; k++)
        if (g_str_equal (backends[k], "cuda")
            && !cns_cuda_route_backend_is_available (&why))
          {
            fprintf (stderr, "bench-routing: leaving out backend cuda: %s\n",
                     why);
            g_free (backends[k]);
          }
        else
          backends[kept++] = backends[k];
      backends[kept] = NULL;
    }

  run = (Run){ name, cns_route_graph_get_n_nodes (graph), edges->len,
               o.threads > 0 ? (guint) o.threads : g_get_num_processors () };

  if (g_str_equal (cases, "table") || g_str_equal (cases, "all"))
    for (guint k = 0; backends[k] != NULL; k++)
      run_table (&run, graph, backends[k]);
  if (g_str_equal (cases, "populate") || g_str_equal (cases, "all"))
    for (guint k = 0; backends[k] != NULL; k++)
      run_populate (&run, edges, backends[k]);
  if (g_str_equal (cases, "nix") || g_str_equal (cases, "all"))
    for (guint k = 0; k < n_flows; k++)
      run_nix (&run, edges, flows[k], (guint64) o.seed);
  if (g_str_equal (cases, "search") || g_str_equal (cases, "all"))
    for (guint k = 0; k < n_flows; k++)
      run_search (&run, graph, flows[k], (guint64) o.seed);

  g_free (o.graph_path);
  g_free (o.brite_path);
  g_free (o.cases);
  g_free (o.backends);
  g_free (o.flows);
  return 0;
}
