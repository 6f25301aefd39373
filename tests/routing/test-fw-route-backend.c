/* cns — tests of the "fw-cpu" route-table backend: every table equal,
 * entry for entry, to the "spf" backend's and to a naive Floyd-Warshall
 * with the tie rule, on every SIMD path, entry width and thread count.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <string.h>

#define INF G_MAXUINT64

typedef struct
{
  guint32 u, v;
  guint16 metric_uv, metric_vu;
} Edge;

static const gchar *const paths[] = { "portable", "avx2", "avx512" };

static void
teardown (void)
{
  g_unsetenv ("CNS_ROUTING_SIMD");
  cns_test_reset ();
}

/* ---- the reference ---- */

typedef struct
{
  guint32 neighbor, interface, metric;
} RefLink;

static int
ref_link_compare (gconstpointer a, gconstpointer b)
{
  const RefLink *x = a, *y = b;

  if (x->neighbor != y->neighbor)
    return x->neighbor < y->neighbor ? -1 : 1;
  return x->interface < y->interface ? -1 : x->interface > y->interface;
}

/* The next hop of every node to every node, CNS_ROUTE_TABLE_NO_ROUTE for
 * none: plain Floyd-Warshall on directed distances over all nodes (hosts
 * too: lookups give a host's one link), then, for each pair, the first
 * link in (neighbour, interface) order with w(i,n) + d(n,j) = d(i,j).
 * Interfaces are numbered as cns_route_graph_add_edge() numbers them. */
static guint32 *
reference_hops (guint32 n, const Edge *edges, guint n_edges)
{
  g_autofree guint64 *d = g_new (guint64, (gsize) n * n);
  g_autofree guint32 *next_interface = g_new0 (guint32, MAX (n, 1));
  g_autofree GArray **links = g_new (GArray *, MAX (n, 1));
  guint32 *hop = g_new (guint32, MAX ((gsize) n * n, 1));

  for (gsize x = 0; x < (gsize) n * n; x++)
    d[x] = INF;
  for (guint32 i = 0; i < n; i++)
    {
      d[(gsize) i * n + i] = 0;
      links[i] = g_array_new (FALSE, FALSE, sizeof (RefLink));
    }
  for (guint k = 0; k < n_edges; k++)
    {
      const Edge *e = &edges[k];
      RefLink a = { e->v, ++next_interface[e->u], e->metric_uv };
      RefLink b = { e->u, ++next_interface[e->v], e->metric_vu };

      g_array_append_val (links[e->u], a);
      g_array_append_val (links[e->v], b);
      d[(gsize) e->u * n + e->v] = MIN (d[(gsize) e->u * n + e->v], a.metric);
      d[(gsize) e->v * n + e->u] = MIN (d[(gsize) e->v * n + e->u], b.metric);
    }
  for (guint32 k = 0; k < n; k++)
    {
      const guint64 *row_k = &d[(gsize) k * n];

      for (guint32 i = 0; i < n; i++)
        {
          guint64 *row_i = &d[(gsize) i * n];

          if (row_i[k] == INF)
            continue;
          for (guint32 j = 0; j < n; j++)
            if (row_k[j] != INF)
              row_i[j] = MIN (row_i[j], row_i[k] + row_k[j]);
        }
    }
  for (guint32 i = 0; i < n; i++)
    {
      g_array_sort (links[i], ref_link_compare);
      for (guint32 j = 0; j < n; j++)
        {
          guint64 dij = d[(gsize) i * n + j];

          hop[(gsize) i * n + j] = CNS_ROUTE_TABLE_NO_ROUTE;
          if (i == j || dij == INF)
            continue;
          for (guint l = 0; l < links[i]->len; l++)
            {
              const RefLink *link = &g_array_index (links[i], RefLink, l);
              guint64 dnj = d[(gsize) link->neighbor * n + j];

              if (dnj != INF && link->metric + dnj == dij)
                {
                  hop[(gsize) i * n + j] = link->interface;
                  break;
                }
            }
        }
      g_array_unref (links[i]);
    }
  return hop;
}

/* ---- tables ---- */

static CnsRouteGraph *
graph_new (guint32 n, const Edge *edges, guint n_edges)
{
  CnsRouteGraph *g = cns_route_graph_new (n);

  for (guint k = 0; k < n_edges; k++)
    cns_route_graph_add_edge (g, edges[k].u, edges[k].v, edges[k].metric_uv,
                              edges[k].metric_vu);
  cns_route_graph_seal (g);
  return g;
}

static CnsRouteTable *
table_filled (CnsRouteGraph *g, const gchar *backend, guint n_threads)
{
  g_autoptr (GError) error = NULL;
  CnsRouteTable *table = cns_route_table_new (g, G_MAXUINT64, &error);

  ck_assert_msg (table != NULL, "%s", error ? error->message : "");
  ck_assert_msg (cns_route_table_fill (table, backend, n_threads, &error),
                 "%s: %s", backend, error ? error->message : "");
  return table;
}

static void
assert_tables_equal (CnsRouteTable *fw, CnsRouteTable *spf, const gchar *what)
{
  guint32 routers
      = cns_route_graph_get_n_routers (cns_route_table_get_graph (fw));
  guint size = cns_route_table_get_entry_size (fw);

  ck_assert_uint_eq (cns_route_table_get_bytes (fw),
                     cns_route_table_get_bytes (spf));
  for (guint32 r = 0; r < routers; r++)
    {
      const guint8 *a = cns_route_table_get_row (fw, r);
      const guint8 *b = cns_route_table_get_row (spf, r);

      if (memcmp (a, b, (gsize) routers * size) != 0)
        for (guint32 c = 0; c < routers; c++)
          if (memcmp (a + c * size, b + c * size, size) != 0)
            ck_abort_msg ("%s: router %u to router %u: fw-cpu %u, spf %u", what,
                          r, c, size == 1 ? a[c] : ((guint16 *) a)[c],
                          size == 1 ? b[c] : ((guint16 *) b)[c]);
    }
}

/* Every lookup, hosts included. */
static void
assert_table_matches (const CnsRouteTable *table, const guint32 *hop, guint32 n,
                      const gchar *what)
{
  for (guint32 i = 0; i < n; i++)
    for (guint32 j = 0; j < n; j++)
      {
        guint32 got = cns_route_table_lookup (table, i, j);

        if (got != hop[(gsize) i * n + j])
          ck_abort_msg ("%s: next hop %u -> %u: interface %d, expected %d",
                        what, i, j, (gint) got, (gint) hop[(gsize) i * n + j]);
      }
}

/* ---- the backend's log line: which path, which entries ---- */

static void
capture_line (const gchar *line, gpointer user_data)
{
  GString *last = user_data;

  if (strstr (line, "fw-cpu:") != NULL)
    g_string_assign (last, line);
}

/* The widest path the processor has, up to @cap. */
static const gchar *
expected_path (const gchar *cap)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
  gboolean avx512 = __builtin_cpu_supports ("avx512f")
                    && __builtin_cpu_supports ("avx512bw")
                    && __builtin_cpu_supports ("avx512vl");

  if (g_str_equal (cap, "avx512") && avx512)
    return "avx512";
  if (!g_str_equal (cap, "portable") && __builtin_cpu_supports ("avx2"))
    return "avx2";
#endif
  return "portable";
}

/* fw-cpu against @spf: on every path (the narrower ones on 2 threads,
 * the widest on 1, 2 and 3), or when @hop is %NULL (large graphs) on the
 * widest path only, on 1 and 2 threads; and against @hop. Each fill's
 * log line says the path and the entry width (@wide: 64-bit) it used. */
static void
check_fw_everywhere (CnsRouteGraph *g, CnsRouteTable *spf, const guint32 *hop,
                     gboolean wide, const gchar *name)
{
  g_autoptr (GString) line = g_string_new (NULL);
  guint32 routers = cns_route_graph_get_n_routers (g);

  cns_test_capture_log (capture_line, line);
  cns_log_enable ("cns-fw-route-backend", CNS_LOG_LEVEL_DEBUG);
  for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
    for (guint threads = 1; threads <= 3; threads++)
      {
        g_autoptr (CnsRouteTable) fw = NULL;
        g_autofree gchar *what
            = g_strdup_printf ("%s, %s, %u threads", name, paths[p], threads);
        g_autofree gchar *expected = g_strdup_printf (
            "*fw-cpu: %u routers, %s, tile *, * threads, %s entries*", routers,
            expected_path (paths[p]), wide ? "64-bit" : "32-bit");

        if (p + 1 < G_N_ELEMENTS (paths) && (threads != 2 || hop == NULL))
          continue;
        if (hop == NULL && threads == 3)
          continue;
        g_string_truncate (line, 0);
        g_setenv ("CNS_ROUTING_SIMD", paths[p], TRUE);
        fw = table_filled (g, "fw-cpu", threads);
        g_unsetenv ("CNS_ROUTING_SIMD");
        assert_tables_equal (fw, spf, what);
        if (routers > 0)
          ck_assert_msg (g_pattern_match_simple (expected, line->str),
                         "%s: logged \"%s\", expected \"%s\"", what, line->str,
                         expected);
        if (hop != NULL && threads == 2 && p + 1 == G_N_ELEMENTS (paths))
          assert_table_matches (fw, hop, cns_route_graph_get_n_nodes (g), what);
      }
  cns_log_disable ("cns-fw-route-backend", CNS_LOG_LEVEL_DEBUG);
  cns_test_capture_log (NULL, NULL);
}

/* Whether the packed matrix of @g needs 64-bit entries: the rule of
 * routing/cuda/cns-route-cuda-plugin.h, worked out here from the graph. */
static gboolean
needs_wide (const CnsRouteGraph *g)
{
  guint32 routers = cns_route_graph_get_n_routers (g), longest = 0, b = 1;
  guint64 max_metric = 1;

  for (guint32 r = 0; r < routers; r++)
    {
      guint32 n_links, to_routers = 0;
      const CnsRouteLink *links = cns_route_graph_get_links (
          g, cns_route_graph_get_router_node (g, r), &n_links);

      for (guint32 l = 0; l < n_links; l++)
        if (!cns_route_graph_is_host (g, links[l].neighbor))
          {
            to_routers++;
            max_metric = MAX (max_metric, links[l].metric);
          }
      longest = MAX (longest, to_routers);
    }
  while ((G_GUINT64_CONSTANT (1) << b) <= longest)
    b++;
  return ((guint64) MAX (routers, 1) * max_metric) << b > G_MAXINT32;
}

/* The whole check of one graph: spf against the reference (when @n is
 * small enough for it), fw-cpu against both. */
static void
check_graph (guint32 n, const Edge *edges, guint n_edges, const gchar *name,
             gboolean with_reference)
{
  g_autoptr (CnsRouteGraph) g = graph_new (n, edges, n_edges);
  g_autoptr (CnsRouteTable) spf = table_filled (g, "spf", 2);
  g_autofree guint32 *hop = NULL;

  if (with_reference)
    {
      hop = reference_hops (n, edges, n_edges);
      assert_table_matches (spf, hop, n, name);
    }
  check_fw_everywhere (g, spf, hop, needs_wide (g), name);
}

/* ---- the worked example of the Floyd-Warshall chapter ---- */

static const Edge example_edges[] = {
  { 0, 1, 1, 1 }, { 0, 2, 3, 3 }, { 0, 3, 1, 1 },
  { 1, 5, 1, 1 }, { 1, 7, 2, 2 }, { 2, 4, 6, 6 },
  { 3, 5, 5, 5 }, { 3, 6, 1, 1 }, { 4, 5, 4, 4 },
};

/* Figure 18 (c): the next-hop nodes (-1 on the diagonal). */
static const gint example_next_hop[8][8] = {
  { -1, 1, 2, 3, 1, 1, 3, 1 }, { 0, -1, 0, 0, 5, 5, 0, 7 },
  { 0, 0, -1, 0, 4, 0, 0, 0 }, { 0, 0, 0, -1, 0, 0, 6, 0 },
  { 5, 5, 2, 5, -1, 5, 5, 5 }, { 1, 1, 1, 1, 4, -1, 1, 1 },
  { 3, 3, 3, 3, 3, 3, -1, 3 }, { 1, 1, 1, 1, 1, 1, 1, -1 },
};

START_TEST (test_registered)
{
  const CnsRouteBackend *fw = cns_route_backend_lookup ("fw-cpu");
  g_autofree gchar *names = cns_route_backend_list_names ();

  ck_assert_ptr_nonnull (fw);
  ck_assert_str_eq (fw->name, "fw-cpu");
  ck_assert_ptr_nonnull (fw->description);
  ck_assert_msg (strstr (names, "fw-cpu") != NULL, "%s", names);
}
END_TEST

START_TEST (test_worked_example)
{
  g_autoptr (CnsRouteGraph) g
      = graph_new (8, example_edges, G_N_ELEMENTS (example_edges));
  g_autoptr (CnsRouteTable) fw = table_filled (g, "fw-cpu", 1);

  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 6);
  for (guint32 i = 0; i < 8; i++)
    for (guint32 j = 0; j < 8; j++)
      {
        guint32 interface = cns_route_table_lookup (fw, i, j);
        const CnsRouteLink *link;

        if (example_next_hop[i][j] < 0)
          {
            ck_assert_uint_eq (interface, CNS_ROUTE_TABLE_NO_ROUTE);
            continue;
          }
        link = cns_route_graph_get_link_for_interface (g, i, interface);
        ck_assert_msg (link != NULL
                           && (gint) link->neighbor == example_next_hop[i][j],
                       "next hop %u -> %u: interface %u, published node %d", i,
                       j, interface, example_next_hop[i][j]);
      }
  check_graph (8, example_edges, G_N_ELEMENTS (example_edges), "example", TRUE);
}
END_TEST

/* ---- random graphs ---- */

typedef struct
{
  const gchar *name;
  guint32 n;          /* nodes */
  guint32 leaves;     /* of them, single-link nodes added last */
  guint32 isolated;   /* of them, nodes without links */
  guint32 components; /* the rest split into this many trees */
  guint32 extra;      /* random links added inside components */
  gdouble density;    /* then each pair of a component linked with this */
  guint32 parallel;   /* second links between already linked nodes */
  guint32 hub;        /* links from node 0 to random nodes of its component
                       * (repeats too): long rows, more rank bits */
  guint16 max_metric; /* metrics from 1 to this; 0: all 1 */
  gboolean asymmetric;
  guint32 seed;
  gboolean reference; /* small enough for the cubic reference */
} RandomGraph;

/* Metrics up to 65535 make the entries of the packed matrix 64 bits wide
 * once (routers * 65535) << rank bits passes 2^31 - 1: hubs make small
 * graphs wide. */
static const RandomGraph random_graphs[] = {
  { "sparse-unit-300", 300, 0, 0, 1, 150, 0, 0, 0, 0, FALSE, 1, TRUE },
  { "sparse-metrics-500-hosts", 500, 150, 0, 1, 400, 0, 10, 0, 20, TRUE, 2,
    TRUE },
  { "sparse-wide-600", 600, 60, 0, 1, 700, 0, 20, 150, 65535, TRUE, 3, TRUE },
  { "dense-unit-300", 300, 0, 0, 1, 0, 0.1, 0, 0, 0, FALSE, 4, TRUE },
  { "dense-metrics-400", 400, 20, 0, 1, 0, 0.1, 0, 0, 40, TRUE, 5, TRUE },
  { "dense-wide-350", 350, 0, 0, 1, 0, 0.1, 30, 100, 65535, FALSE, 6, TRUE },
  { "disconnected-450", 450, 60, 30, 3, 400, 0, 10, 0, 20, TRUE, 7, TRUE },
  { "disconnected-wide-200", 200, 10, 5, 4, 100, 0.05, 5, 150, 65535, TRUE, 8,
    TRUE },
  { "parallel-unit-150", 150, 10, 0, 1, 60, 0, 80, 0, 0, FALSE, 9, TRUE },
  { "sparse-unit-3000", 3000, 300, 0, 1, 3000, 0, 0, 0, 0, FALSE, 10, FALSE },
  { "dense-wide-1000", 1000, 0, 0, 1, 0, 0.1, 0, 0, 65535, TRUE, 11, FALSE },
};

static guint16
random_metric (GRand *rand, const RandomGraph *spec)
{
  if (spec->max_metric == 0)
    return 1;
  return (guint16) g_rand_int_range (rand, 1, spec->max_metric + 1);
}

static void
add_random_edge (GArray *edges, GRand *rand, const RandomGraph *spec, guint32 u,
                 guint32 v)
{
  Edge e = { u, v, random_metric (rand, spec), 0 };

  e.metric_vu = spec->asymmetric ? random_metric (rand, spec) : e.metric_uv;
  g_array_append_val (edges, e);
}

/* Trees over the core nodes (a node joins a random earlier node of its
 * component), random links inside components, second links on existing
 * ones, then leaves on random core nodes; shuffled, so that interface
 * numbers are not in node order. */
static GArray *
random_edges (const RandomGraph *spec)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (spec->seed);
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  guint32 core = spec->n - spec->leaves - spec->isolated;
  guint32 size = core / spec->components;

  for (guint32 i = 1; i < core; i++)
    {
      guint32 first = MIN (i / size, spec->components - 1) * size;

      if (i != first)
        add_random_edge (edges, rand, spec, i,
                         (guint32) g_rand_int_range (rand, first, i));
    }
  for (guint32 k = 0; k < spec->extra; k++)
    {
      guint32 u = (guint32) g_rand_int_range (rand, 0, core);
      guint32 first = MIN (u / size, spec->components - 1) * size;
      guint32 last = u / size >= spec->components - 1 ? core : first + size;
      guint32 v = (guint32) g_rand_int_range (rand, first, last);

      if (u != v)
        add_random_edge (edges, rand, spec, u, v);
    }
  if (spec->density > 0)
    for (guint32 u = 0; u < core; u++)
      for (guint32 v = u + 1; v < core; v++)
        if (MIN (u / size, spec->components - 1)
                == MIN (v / size, spec->components - 1)
            && g_rand_double (rand) < spec->density)
          add_random_edge (edges, rand, spec, u, v);
  for (guint32 k = 0; k < spec->hub; k++)
    {
      guint32 v = (guint32) g_rand_int_range (rand, 1, MIN (size, core));

      add_random_edge (edges, rand, spec, 0, v);
    }
  for (guint32 k = 0; k < spec->parallel && edges->len > 0; k++)
    {
      Edge e
          = g_array_index (edges, Edge, g_rand_int_range (rand, 0, edges->len));

      add_random_edge (edges, rand, spec, e.v, e.u);
    }
  for (guint32 i = core; i < core + spec->leaves; i++)
    add_random_edge (edges, rand, spec, i,
                     (guint32) g_rand_int_range (rand, 0, core));
  for (guint32 k = edges->len; k > 1; k--)
    {
      guint32 s = (guint32) g_rand_int_range (rand, 0, k);
      Edge t = g_array_index (edges, Edge, k - 1);

      g_array_index (edges, Edge, k - 1) = g_array_index (edges, Edge, s);
      g_array_index (edges, Edge, s) = t;
    }
  return edges;
}

START_TEST (test_random_graphs)
{
  const RandomGraph *spec = &random_graphs[_i];
  g_autoptr (GArray) edges = NULL;
  g_autoptr (CnsRouteGraph) g = NULL;

  /* valgrind looks for memory errors: the smaller graphs have every
   * kind of link and both entry widths */
  if (cns_test_under_valgrind () && spec->n > 400)
    return;
  edges = random_edges (spec);
  g = graph_new (spec->n, (const Edge *) edges->data, edges->len);
  /* what the spec says it is */
  ck_assert_uint_eq (needs_wide (g), spec->max_metric == 65535);
  ck_assert_uint_le (cns_route_graph_get_n_routers (g),
                     spec->n - spec->leaves - spec->isolated);
  check_graph (spec->n, (const Edge *) edges->data, edges->len, spec->name,
               spec->reference);
}
END_TEST

/* ---- sizes around the tile, and the smallest ---- */

/* A ring of @n nodes, every one a router; metrics from @seed when
 * @max_metric > 1. */
static GArray *
ring_edges (guint32 n, guint16 max_metric, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (Edge));

  for (guint32 i = 0; i < n; i++)
    {
      Edge e = { i, (i + 1) % n, 1, 1 };

      if (max_metric > 1)
        {
          e.metric_uv = (guint16) g_rand_int_range (rand, 1, max_metric + 1);
          e.metric_vu = (guint16) g_rand_int_range (rand, 1, max_metric + 1);
        }
      g_array_append_val (edges, e);
    }
  return edges;
}

START_TEST (test_tile_sizes)
{
  static const guint32 sizes[] = { 3, 5, 63, 64, 65, 127, 129, 200 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint wide = 0; wide < 2; wide++)
      {
        g_autoptr (GArray) edges
            = ring_edges (sizes[s], wide ? 65535 : 1, 100 + s);
        g_autofree gchar *name
            = g_strdup_printf ("ring of %u%s", sizes[s], wide ? ", wide" : "");

        check_graph (sizes[s], (const Edge *) edges->data, edges->len, name,
                     TRUE);
      }
}
END_TEST

START_TEST (test_no_and_one_router)
{
  /* nodes without links: no routers */
  static const Edge none[] = { { 0, 0, 0, 0 } };
  /* a centre with three hosts: one router */
  static const Edge star[] = { { 0, 1, 1, 1 }, { 2, 0, 2, 2 }, { 0, 3, 1, 1 } };
  /* two routers with a host each, and an isolated node */
  static const Edge two[]
      = { { 0, 1, 5, 6 }, { 0, 2, 1, 1 }, { 1, 3, 1, 1 }, { 1, 0, 5, 6 } };
  g_autoptr (CnsRouteGraph) g = graph_new (3, none, 0);
  g_autoptr (CnsRouteTable) fw = table_filled (g, "fw-cpu", 2);

  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 0);
  ck_assert_uint_eq (cns_route_table_get_bytes (fw), 0);
  ck_assert_uint_eq (cns_route_table_lookup (fw, 0, 1),
                     CNS_ROUTE_TABLE_NO_ROUTE);
  check_graph (3, none, 0, "no router", TRUE);
  check_graph (4, star, G_N_ELEMENTS (star), "one router", TRUE);
  check_graph (5, two, G_N_ELEMENTS (two), "two routers", TRUE);
  {
    g_autoptr (CnsRouteGraph) gs = graph_new (4, star, G_N_ELEMENTS (star));
    g_autoptr (CnsRouteTable) t = table_filled (gs, "fw-cpu", 1);

    ck_assert_uint_eq (cns_route_graph_get_n_routers (gs), 1);
    ck_assert_uint_eq (*(guint8 *) cns_route_table_get_row (t, 0), 0);
    ck_assert_uint_eq (cns_route_table_lookup (t, 1, 2), 1);
    ck_assert_uint_eq (cns_route_table_lookup (t, 0, 2), 2);
  }
}
END_TEST

/* Two links between the same routers: the cheaper wins, and between
 * equal ones the lower interface; metrics differ by direction. */
START_TEST (test_parallel_links)
{
  /* 0-1 twice (0's interfaces 1 and 2), 1-2, 0-2 twice, 2-3 */
  static const Edge edges[] = {
    { 0, 1, 5, 1 }, { 1, 0, 2, 2 }, { 1, 2, 1, 1 },
    { 0, 2, 4, 4 }, { 2, 0, 4, 9 }, { 2, 3, 1, 1 },
  };
  g_autoptr (CnsRouteGraph) g = graph_new (4, edges, G_N_ELEMENTS (edges));
  g_autoptr (CnsRouteTable) fw = table_filled (g, "fw-cpu", 2);

  /* 0 -> 1: interface 2 (metric 2, not 5); 1 -> 0: 1's interface 1
   * (metric 1) */
  ck_assert_uint_eq (cns_route_table_lookup (fw, 0, 1), 2);
  ck_assert_uint_eq (cns_route_table_lookup (fw, 1, 0), 1);
  /* 0 -> 2 costs 3 through 1 (2 + 1), 4 directly on 3 or 4 */
  ck_assert_uint_eq (cns_route_table_lookup (fw, 0, 2), 2);
  ck_assert_uint_eq (cns_route_table_lookup (fw, 0, 3), 2);
  /* 2 -> 0: through 1 costs 1 + 1, directly 4 (2's interface 3) */
  ck_assert_uint_eq (cns_route_table_lookup (fw, 2, 0), 1);
  check_graph (4, edges, G_N_ELEMENTS (edges), "parallel links", TRUE);
}
END_TEST

/* A centre with 300 leaves, some linked to each other: interfaces pass
 * 255, so entries take two bytes; with unit and with large metrics. */
START_TEST (test_two_byte_entries)
{
  for (guint wide = 0; wide < 2; wide++)
    {
      g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (Edge));
      g_autoptr (GRand) rand = g_rand_new_with_seed (42);
      g_autoptr (CnsRouteGraph) g = NULL;
      g_autoptr (CnsRouteTable) fw = NULL;

      for (guint32 leaf = 1; leaf <= 300; leaf++)
        {
          Edge e = { 0, leaf, 1, 1 };

          g_array_append_val (edges, e);
        }
      for (guint32 leaf = 200; leaf < 300; leaf += 2)
        {
          Edge e = { leaf, leaf + 1, 1, 1 };

          g_array_append_val (edges, e);
        }
      /* with 200 more links from the centre to routers: 9 rank bits */
      for (guint32 k = 0; wide && k < 200; k++)
        {
          Edge e = { 0, 200 + k % 100, 1, 1 };

          g_array_append_val (edges, e);
        }
      if (wide)
        for (guint k = 0; k < edges->len; k++)
          {
            g_array_index (edges, Edge, k).metric_uv
                = (guint16) g_rand_int_range (rand, 1, 65536);
            g_array_index (edges, Edge, k).metric_vu
                = (guint16) g_rand_int_range (rand, 1, 65536);
          }
      g = graph_new (301, (const Edge *) edges->data, edges->len);
      fw = table_filled (g, "fw-cpu", 2);
      ck_assert_uint_eq (cns_route_table_get_entry_size (fw), 2);
      ck_assert_uint_eq (needs_wide (g), wide);
      /* the centre's 300 links to leaves and to routers alike */
      ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 101);
      check_graph (301, (const Edge *) edges->data, edges->len,
                   wide ? "two-byte, wide" : "two-byte", TRUE);
    }
}
END_TEST

/* An unknown CNS_ROUTING_SIMD is a warning, and the portable path. */
START_TEST (test_simd_unknown)
{
  g_autoptr (GArray) edges = ring_edges (70, 1, 1);
  g_autoptr (CnsRouteGraph) g
      = graph_new (70, (const Edge *) edges->data, edges->len);
  g_autoptr (CnsRouteTable) spf = table_filled (g, "spf", 1);
  g_autoptr (CnsRouteTable) fw = NULL;

  g_setenv ("CNS_ROUTING_SIMD", "sse9", TRUE);
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "CNS_ROUTING_SIMD=sse9: expected portable*");
  fw = table_filled (g, "fw-cpu", 1);
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  g_unsetenv ("CNS_ROUTING_SIMD");
  assert_tables_equal (fw, spf, "sse9");
}
END_TEST

/* ---- on real nodes, through the Backend attribute ---- */

START_TEST (test_backend_attribute)
{
  static const RandomGraph spec
      = { "nodes", 60, 10, 0, 1, 50, 0, 4, 0, 30, TRUE, 12, TRUE };
  g_autoptr (GArray) edges = random_edges (&spec);
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (GArray) routing_edges
      = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRouteTable) spf = NULL;
  g_autoptr (GString) line = g_string_new (NULL);
  RoutingTopology t;
  CnsRouteTable *table;
  CnsRouteGraph *graph;

  for (guint k = 0; k < edges->len; k++)
    {
      const Edge *e = &g_array_index (edges, Edge, k);
      RoutingEdge r = { e->u, e->v, e->metric_uv, e->metric_vu };

      g_array_append_val (routing_edges, r);
    }
  ck_assert (cns_config_set_default ("CnsGlobalRouteManager::Backend", "fw-cpu",
                                     &error));
  routing_topology_build (&t, spec.n, (const RoutingEdge *) routing_edges->data,
                          routing_edges->len, routing, "10Mbps", "1ms");
  cns_test_capture_log (capture_line, line);
  cns_log_enable ("cns-fw-route-backend", CNS_LOG_LEVEL_DEBUG);
  ck_assert_msg (
      cns_ipv4_global_routing_helper_populate_routing_tables (&error), "%s",
      error ? error->message : "");
  cns_log_disable ("cns-fw-route-backend", CNS_LOG_LEVEL_DEBUG);
  cns_test_capture_log (NULL, NULL);
  ck_assert_msg (strstr (line->str, "fw-cpu: ") != NULL, "%s", line->str);
  table = cns_global_route_manager_get_table (
      cns_global_route_manager_get_default ());
  graph = cns_route_table_get_graph (table);
  spf = table_filled (graph, "spf", 1);
  assert_tables_equal (table, spf, "populated");

  /* a route to a router that is not 0's neighbour follows the table */
  {
    CnsIpv4RoutingProtocol *proto = cns_ipv4_l3_protocol_get_routing_protocol (
        routing_topology_get_ipv4 (&t, 0));
    guint32 far = G_MAXUINT32, n_links;
    const CnsRouteLink *links = cns_route_graph_get_links (graph, 0, &n_links);
    CnsIpv4Header header;
    CnsIpv4Route route;

    for (guint32 r = cns_route_graph_get_n_routers (graph); r-- > 0;)
      {
        guint32 node = cns_route_graph_get_router_node (graph, r);
        gboolean neighbour = node == 0;

        for (guint32 l = 0; l < n_links; l++)
          neighbour |= links[l].neighbor == node;
        if (!neighbour)
          {
            far = node;
            break;
          }
      }
    ck_assert_uint_ne (far, G_MAXUINT32);

    cns_ipv4_header_init (&header);
    header.destination = t.addresses[far];
    ck_assert (cns_ipv4_routing_protocol_route_output (proto, NULL, &header,
                                                       NULL, &route));
    ck_assert_uint_eq (route.interface, cns_route_table_lookup (spf, 0, far));
  }
  routing_topology_clear (&t);
}
END_TEST

Suite *
test_fw_route_backend_suite (void)
{
  Suite *s = suite_create ("fw-route-backend");
  TCase *tc = tcase_create ("fw");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_registered);
  tcase_add_test (tc, test_worked_example);
  tcase_add_loop_test (tc, test_random_graphs, 0, G_N_ELEMENTS (random_graphs));
  tcase_add_test (tc, test_tile_sizes);
  tcase_add_test (tc, test_no_and_one_router);
  tcase_add_test (tc, test_parallel_links);
  tcase_add_test (tc, test_two_byte_entries);
  tcase_add_test (tc, test_simd_unknown);
  tcase_add_test (tc, test_backend_attribute);
  suite_add_tcase (s, tc);
  return s;
}
