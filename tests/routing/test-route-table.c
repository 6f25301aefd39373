/* cns — tests of CnsRouteTable and its backends: every entry against a
 * naive Floyd-Warshall reference with the tie rule.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <string.h>

#define INF 0x3fffffffu

typedef struct
{
  guint32 u, v;
  guint16 metric_uv, metric_vu;
} Edge;

/* One link as the reference sees it, numbered as cns_route_graph_add_edge()
 * numbers interfaces: 1, 2, ... per node in the order edges are added. */
typedef struct
{
  guint32 neighbor;
  guint32 interface;
  guint32 metric;
} RefLink;

typedef struct
{
  guint32 n;
  guint32 *dist;  /* n x n */
  guint32 *hop;   /* n x n: the interface, CNS_ROUTE_TABLE_NO_ROUTE */
  GArray **links; /* by node, RefLink sorted by (neighbour, interface) */
} Reference;

static void
teardown (void)
{
  cns_test_reset ();
}

static int
ref_link_compare (gconstpointer a, gconstpointer b)
{
  const RefLink *x = a, *y = b;

  if (x->neighbor != y->neighbor)
    return x->neighbor < y->neighbor ? -1 : 1;
  return x->interface < y->interface ? -1 : x->interface > y->interface;
}

/* Distances by Floyd-Warshall over directed link costs, then each next hop
 * by the tie rule: the first link, in (neighbour, interface) order, with
 * w(i,n) + d(n,j) = d(i,j). */
static void
reference_compute (Reference *ref, guint32 n, const Edge *edges, guint n_edges)
{
  g_autofree guint32 *next_interface = g_new0 (guint32, MAX (n, 1));

  ref->n = n;
  ref->dist = g_new (guint32, (gsize) n * n);
  ref->hop = g_new (guint32, (gsize) n * n);
  ref->links = g_new (GArray *, MAX (n, 1));
  for (guint32 i = 0; i < n; i++)
    ref->links[i] = g_array_new (FALSE, FALSE, sizeof (RefLink));
  for (gsize x = 0; x < (gsize) n * n; x++)
    ref->dist[x] = INF;
  for (guint32 i = 0; i < n; i++)
    ref->dist[(gsize) i * n + i] = 0;
  for (guint k = 0; k < n_edges; k++)
    {
      const Edge *e = &edges[k];
      RefLink a = { e->v, ++next_interface[e->u], e->metric_uv };
      RefLink b = { e->u, ++next_interface[e->v], e->metric_vu };
      guint32 *uv = &ref->dist[(gsize) e->u * n + e->v];
      guint32 *vu = &ref->dist[(gsize) e->v * n + e->u];

      g_array_append_val (ref->links[e->u], a);
      g_array_append_val (ref->links[e->v], b);
      *uv = MIN (*uv, e->metric_uv);
      *vu = MIN (*vu, e->metric_vu);
    }
  for (guint32 i = 0; i < n; i++)
    g_array_sort (ref->links[i], ref_link_compare);

  /* a node with a single link is never inside a shortest path (it would
   * pass its neighbour twice), so it is no intermediate to try */
  for (guint32 k = 0; k < n; k++)
    {
      const guint32 *row_k = &ref->dist[(gsize) k * n];

      if (ref->links[k]->len < 2)
        continue;

      for (guint32 i = 0; i < n; i++)
        {
          guint32 *row_i = &ref->dist[(gsize) i * n];
          guint32 d_ik = row_i[k];

          if (d_ik == INF)
            continue;
          for (guint32 j = 0; j < n; j++)
            {
              guint32 through = d_ik + row_k[j];

              row_i[j] = through < row_i[j] ? through : row_i[j];
            }
        }
    }

  /* links in tie-rule order, each filling the entries it is the first
   * to satisfy: rows are read in order, not one row per entry */
  for (gsize x = 0; x < (gsize) n * n; x++)
    ref->hop[x] = CNS_ROUTE_TABLE_NO_ROUTE;
  for (guint32 i = 0; i < n; i++)
    {
      const guint32 *row_i = &ref->dist[(gsize) i * n];
      guint32 *hop_i = &ref->hop[(gsize) i * n];

      for (guint l = 0; l < ref->links[i]->len; l++)
        {
          const RefLink *link = &g_array_index (ref->links[i], RefLink, l);
          const guint32 *row_n = &ref->dist[(gsize) link->neighbor * n];

          for (guint32 j = 0; j < n; j++)
            if (hop_i[j] == CNS_ROUTE_TABLE_NO_ROUTE && j != i
                && row_i[j] != INF && link->metric + row_n[j] == row_i[j])
              hop_i[j] = link->interface;
        }
      /* (a passing ck_assert costs a system call: not per entry) */
      for (guint32 j = 0; j < n; j++)
        if ((hop_i[j] == CNS_ROUTE_TABLE_NO_ROUTE)
            != (j == i || row_i[j] == INF))
          ck_abort_msg ("reference: no next hop %u -> %u", i, j);
    }
}

static void
reference_clear (Reference *ref)
{
  for (guint32 i = 0; i < ref->n; i++)
    g_array_unref (ref->links[i]);
  g_clear_pointer (&ref->links, g_free);
  g_clear_pointer (&ref->dist, g_free);
  g_clear_pointer (&ref->hop, g_free);
}

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
table_filled (CnsRouteGraph *g, guint n_threads)
{
  g_autoptr (GError) error = NULL;
  CnsRouteTable *table = cns_route_table_new (g, G_MAXUINT64, &error);

  ck_assert_msg (table != NULL, "%s", error ? error->message : "");
  ck_assert_msg (cns_route_table_fill (table, "spf", n_threads, &error), "%s",
                 error ? error->message : "");
  return table;
}

/* Every lookup, hosts included, against the reference. */
static void
assert_table_matches (const CnsRouteTable *table, const Reference *ref)
{
  for (guint32 i = 0; i < ref->n; i++)
    for (guint32 j = 0; j < ref->n; j++)
      {
        guint32 got = cns_route_table_lookup (table, i, j);
        guint32 want = ref->hop[(gsize) i * ref->n + j];

        if (got != want)
          ck_abort_msg ("next hop %u -> %u: interface %d, expected %d "
                        "(distance %u)",
                        i, j, (gint) got, (gint) want,
                        ref->dist[(gsize) i * ref->n + j]);
      }
}

static void
assert_tables_equal (CnsRouteTable *a, CnsRouteTable *b)
{
  guint32 routers
      = cns_route_graph_get_n_routers (cns_route_table_get_graph (a));
  gsize row = (gsize) routers * cns_route_table_get_entry_size (a);

  ck_assert_uint_eq (cns_route_table_get_bytes (a),
                     cns_route_table_get_bytes (b));
  for (guint32 r = 0; r < routers; r++)
    ck_assert_msg (memcmp (cns_route_table_get_row (a, r),
                           cns_route_table_get_row (b, r), row)
                       == 0,
                   "row %u differs between 1 and 2 threads", r);
}

/* ---- the worked example of the Floyd-Warshall chapter ---- */

static const Edge example_edges[] = {
  { 0, 1, 1, 1 }, { 0, 2, 3, 3 }, { 0, 3, 1, 1 },
  { 1, 5, 1, 1 }, { 1, 7, 2, 2 }, { 2, 4, 6, 6 },
  { 3, 5, 5, 5 }, { 3, 6, 1, 1 }, { 4, 5, 4, 4 },
};

/* Figure 18 (b) and (c): shortest distances and next-hop nodes (-1 on
 * the diagonal, where the figure repeats the node). */
static const guint32 example_distance[8][8] = {
  { 0, 1, 3, 1, 6, 2, 2, 3 }, { 1, 0, 4, 2, 5, 1, 3, 2 },
  { 3, 4, 0, 4, 6, 5, 5, 6 }, { 1, 2, 4, 0, 7, 3, 1, 4 },
  { 6, 5, 6, 7, 0, 4, 8, 7 }, { 2, 1, 5, 3, 4, 0, 4, 3 },
  { 2, 3, 5, 1, 8, 4, 0, 5 }, { 3, 2, 6, 4, 7, 3, 5, 0 },
};

static const gint example_next_hop[8][8] = {
  { -1, 1, 2, 3, 1, 1, 3, 1 }, { 0, -1, 0, 0, 5, 5, 0, 7 },
  { 0, 0, -1, 0, 4, 0, 0, 0 }, { 0, 0, 0, -1, 0, 0, 6, 0 },
  { 5, 5, 2, 5, -1, 5, 5, 5 }, { 1, 1, 1, 1, 4, -1, 1, 1 },
  { 3, 3, 3, 3, 3, 3, -1, 3 }, { 1, 1, 1, 1, 1, 1, 1, -1 },
};

/* The neighbour the table sends @i's packets for @j to. */
static gint
next_hop_node (CnsRouteTable *table, guint32 i, guint32 j)
{
  guint32 interface = cns_route_table_lookup (table, i, j);
  const CnsRouteLink *link;

  if (interface == CNS_ROUTE_TABLE_NO_ROUTE)
    return -1;
  link = cns_route_graph_get_link_for_interface (
      cns_route_table_get_graph (table), i, interface);
  ck_assert_ptr_nonnull (link);
  return (gint) link->neighbor;
}

START_TEST (test_worked_example)
{
  g_autoptr (CnsRouteGraph) g
      = graph_new (8, example_edges, G_N_ELEMENTS (example_edges));
  g_autoptr (CnsRouteTable) table = table_filled (g, 1);
  Reference ref;

  /* 6 and 7 hang off 3 and 1: hosts, without rows */
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 6);
  ck_assert (cns_route_graph_is_host (g, 6) && cns_route_graph_is_host (g, 7));
  ck_assert_uint_eq (cns_route_table_get_entry_size (table), 1);
  ck_assert_uint_eq (cns_route_table_get_bytes (table), 6 * 64);

  reference_compute (&ref, 8, example_edges, G_N_ELEMENTS (example_edges));
  for (guint32 i = 0; i < 8; i++)
    for (guint32 j = 0; j < 8; j++)
      {
        guint32 cost = 0, at = i, hops = 0;

        ck_assert_uint_eq (ref.dist[i * 8 + j], example_distance[i][j]);
        ck_assert_msg (next_hop_node (table, i, j) == example_next_hop[i][j],
                       "next hop %u -> %u: %d, published %d", i, j,
                       next_hop_node (table, i, j), example_next_hop[i][j]);
        /* following the table costs the published distance */
        while (at != j)
          {
            const CnsRouteLink *link = cns_route_graph_get_link_for_interface (
                g, at, cns_route_table_lookup (table, at, j));

            cost += link->metric;
            at = link->neighbor;
            ck_assert_uint_le (++hops, 8);
          }
        ck_assert_uint_eq (cost, example_distance[i][j]);
      }
  ck_assert_int_eq (next_hop_node (table, 5, 6), 1);
  ck_assert_int_eq (next_hop_node (table, 4, 0), 5);
  ck_assert_int_eq (next_hop_node (table, 0, 4), 1);
  assert_table_matches (table, &ref);
  reference_clear (&ref);
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
  guint32 extra;      /* random links added to the trees */
  guint32 parallel;   /* second links between already linked nodes */
  guint16 max_metric; /* metrics from 1 to this; 0: all equal to unit */
  guint16 unit;       /* the metric of every link when max_metric is 0 */
  gboolean asymmetric;
  guint32 seed;
} RandomGraph;

static const RandomGraph random_graphs[] = {
  { "unit-200", 200, 0, 0, 1, 150, 0, 0, 1, FALSE, 1 },
  { "metrics-300-parallel", 300, 40, 0, 1, 300, 30, 20, 0, FALSE, 2 },
  { "asymmetric-500-hosts", 500, 200, 0, 1, 400, 10, 20, 0, TRUE, 3 },
  { "equal-7-1000-hosts", 1000, 300, 0, 1, 900, 20, 0, 7, FALSE, 4 },
  { "sparse-unit-1200", 1200, 0, 0, 1, 60, 0, 0, 1, FALSE, 8 },
  { "disconnected-600", 600, 60, 40, 3, 500, 10, 20, 0, TRUE, 5 },
  { "metrics-2000", 2000, 500, 0, 1, 2000, 40, 20, 0, FALSE, 6 },
};

static guint16
random_metric (GRand *rand, const RandomGraph *spec)
{
  if (spec->max_metric == 0)
    return spec->unit;
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
 * component), extra links inside components, second links on existing
 * ones, then leaves on random core nodes; edges are shuffled so that
 * interface numbers are not in node order. */
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
  g_autoptr (CnsRouteTable) one = NULL;
  g_autoptr (CnsRouteTable) two = NULL;
  Reference ref;
  guint32 unreachable = 0, hosts = 0;

  /* the cubic reference would take minutes under valgrind, which looks
   * for memory errors: the smaller graphs have every kind of link */
  if (cns_test_under_valgrind () && spec->n > 600)
    return;
  edges = random_edges (spec);
  g = graph_new (spec->n, (const Edge *) edges->data, edges->len);
  one = table_filled (g, 1);
  two = table_filled (g, 2);

  ck_assert_uint_eq (cns_route_graph_has_unit_metrics (g),
                     spec->max_metric == 0);
  reference_compute (&ref, spec->n, (const Edge *) edges->data, edges->len);
  assert_table_matches (one, &ref);
  assert_tables_equal (one, two);
  /* the narrower store paths the processor may not choose by itself */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (CnsRouteTable) capped = NULL;

      g_setenv ("CNS_ROUTING_SIMD", k == 0 ? "portable" : "avx2", TRUE);
      capped = table_filled (g, 2);
      g_unsetenv ("CNS_ROUTING_SIMD");
      assert_tables_equal (one, capped);
    }

  /* the graph is what the spec asks for */
  for (guint32 i = 0; i < spec->n; i++)
    {
      hosts += cns_route_graph_is_host (g, i);
      for (guint32 j = 0; j < spec->n; j++)
        unreachable += ref.dist[(gsize) i * spec->n + j] == INF;
    }
  ck_assert_uint_ge (hosts, spec->leaves);
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g),
                     spec->n - hosts - spec->isolated);
  if (spec->components > 1 || spec->isolated > 0)
    ck_assert_uint_gt (unreachable, 0);
  else
    ck_assert_uint_eq (unreachable, 0);
  reference_clear (&ref);
}
END_TEST

/* A centre with 300 leaves: its interface indices pass 255, so entries
 * take two bytes; links between some leaves make them routers. */
START_TEST (test_wide_entries)
{
  g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  g_autoptr (CnsRouteGraph) g = NULL;
  g_autoptr (CnsRouteTable) one = NULL;
  g_autoptr (CnsRouteTable) two = NULL;
  Reference ref;

  for (guint32 leaf = 1; leaf <= 300; leaf++)
    {
      Edge e = { 0, leaf, 1, 1 };

      g_array_append_val (edges, e);
    }
  for (guint32 leaf = 250; leaf < 300; leaf += 2)
    {
      Edge e = { leaf, leaf + 1, 1, 1 };

      g_array_append_val (edges, e);
    }
  {
    Edge chain[] = { { 1, 299, 1, 1 }, { 299, 300, 1, 1 } };

    g_array_append_vals (edges, chain, G_N_ELEMENTS (chain));
  }
  g = graph_new (301, (const Edge *) edges->data, edges->len);
  one = table_filled (g, 1);
  two = table_filled (g, 2);
  ck_assert_uint_eq (cns_route_graph_get_max_interface (g), 300);
  ck_assert_uint_eq (cns_route_table_get_entry_size (one), 2);
  /* the centre, 1 and the 51 leaves from 250 to 300 */
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 53);
  ck_assert_uint_eq (cns_route_table_get_bytes (one), 53 * 64 * 2);
  ck_assert_uint_eq (cns_route_table_bytes_needed (g), 53 * 64 * 2);
  ck_assert_uint_eq (cns_route_table_lookup (one, 0, 300), 300);
  ck_assert_uint_eq (cns_route_table_lookup (one, 0, 256), 256);
  ck_assert_uint_eq (cns_route_table_lookup (one, 17, 256), 1);
  reference_compute (&ref, 301, (const Edge *) edges->data, edges->len);
  assert_table_matches (one, &ref);
  assert_tables_equal (one, two);
  g_setenv ("CNS_ROUTING_SIMD", "portable", TRUE);
  {
    g_autoptr (CnsRouteTable) portable = table_filled (g, 2);

    g_unsetenv ("CNS_ROUTING_SIMD");
    assert_table_matches (portable, &ref);
  }
  reference_clear (&ref);
}
END_TEST

START_TEST (test_memory_budget)
{
  g_autoptr (GArray) edges = random_edges (&random_graphs[0]);
  g_autoptr (CnsRouteGraph) g
      = graph_new (200, (const Edge *) edges->data, edges->len);
  guint32 routers = cns_route_graph_get_n_routers (g);
  /* rows are padded to 64 entries */
  guint64 bytes = (guint64) routers * ((routers + 63) / 64 * 64);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRouteTable) table = NULL;
  g_autofree gchar *expected = g_strdup_printf (
      "an all-pairs table for %u routers (200 nodes) needs %" G_GUINT64_FORMAT
      " bytes, over the memory budget of %" G_GUINT64_FORMAT
      " bytes (CnsGlobalRouteManager::MemoryBudget)",
      routers, bytes, bytes - 1);

  ck_assert_uint_eq (cns_route_table_bytes_needed (g), bytes);
  ck_assert_ptr_null (cns_route_table_new (g, bytes - 1, &error));
  ck_assert (g_error_matches (error, CNS_ROUTING_ERROR,
                              CNS_ROUTING_ERROR_MEMORY_BUDGET));
  ck_assert_str_eq (error->message, expected);
  table = cns_route_table_new (g, bytes, NULL);
  ck_assert_ptr_nonnull (table);
  ck_assert_ptr_eq (cns_route_table_get_graph (table), g);
  /* an empty table has no routes */
  ck_assert_uint_eq (cns_route_table_lookup (table, 0, 1),
                     CNS_ROUTE_TABLE_NO_ROUTE);
}
END_TEST

START_TEST (test_unknown_backend)
{
  g_autoptr (CnsRouteGraph) g
      = graph_new (8, example_edges, G_N_ELEMENTS (example_edges));
  g_autoptr (CnsRouteTable) table = cns_route_table_new (g, G_MAXUINT64, NULL);
  g_autofree gchar *names = cns_route_backend_list_names ();
  g_autofree gchar *expected = g_strdup_printf (
      "no routing backend is called \"fw-gpu\" (there are: %s)", names);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) list = g_strsplit (names, ", ", -1);

  ck_assert (g_strv_contains ((const gchar *const *) list, "spf"));
  ck_assert_ptr_null (cns_route_backend_lookup ("fw-gpu"));
  ck_assert (!cns_route_table_fill (table, "fw-gpu", 1, &error));
  ck_assert (g_error_matches (error, CNS_ROUTING_ERROR,
                              CNS_ROUTING_ERROR_UNKNOWN_BACKEND));
  ck_assert_str_eq (error->message, expected);
  ck_assert_uint_eq (cns_route_table_lookup (table, 0, 1),
                     CNS_ROUTE_TABLE_NO_ROUTE);
}
END_TEST

/* ---- the backend registry ---- */

static guint recorded_threads;

static gboolean
fill_first_link (CnsRouteTable *table, guint n_threads, GError **error)
{
  CnsRouteGraph *g = cns_route_table_get_graph (table);

  recorded_threads = n_threads;
  for (guint32 r = 0; r < cns_route_graph_get_n_routers (g); r++)
    {
      guint32 n_links;
      const CnsRouteLink *links = cns_route_graph_get_links (
          g, cns_route_graph_get_router_node (g, r), &n_links);

      memset (cns_route_table_get_row (table, r), links[0].interface,
              cns_route_graph_get_n_routers (g));
    }
  return TRUE;
}

static gboolean
fill_fails (CnsRouteTable *table, guint n_threads, GError **error)
{
  g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED, "no device");
  return FALSE;
}

static const CnsRouteBackend first_link_backend
    = { "test-first-link", "every entry is the first link", fill_first_link };
static const CnsRouteBackend failing_backend
    = { "test-fails", "fails", fill_fails };
static const CnsRouteBackend second_spf
    = { "spf", "a second backend under a name that is taken", fill_fails };

START_TEST (test_backend_registry)
{
  g_autoptr (CnsRouteGraph) g
      = graph_new (8, example_edges, G_N_ELEMENTS (example_edges));
  g_autoptr (CnsRouteTable) table = cns_route_table_new (g, G_MAXUINT64, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *names = NULL;
  const CnsRouteBackend *spf = cns_route_backend_lookup ("spf");

  ck_assert_ptr_nonnull (spf);
  ck_assert_str_eq (spf->name, "spf");
  ck_assert_ptr_nonnull (spf->description);
  cns_route_backend_register (&first_link_backend);
  cns_route_backend_register (&failing_backend);
  names = cns_route_backend_list_names ();
  ck_assert_msg (
      g_str_has_prefix (names, "spf")
          && g_str_has_suffix (names, ", test-first-link, test-fails"),
      "%s", names);
  ck_assert_ptr_eq (cns_route_backend_lookup ("test-first-link"),
                    &first_link_backend);
  CNS_TEST_EXPECT_CRITICAL ("*== NULL*",
                            cns_route_backend_register (&second_spf));
  ck_assert_ptr_eq (cns_route_backend_lookup ("spf"), spf);

  /* 0 threads: one per processor */
  ck_assert (cns_route_table_fill (table, "test-first-link", 0, NULL));
  ck_assert_uint_eq (recorded_threads, g_get_num_processors ());
  ck_assert (cns_route_table_fill (table, "test-first-link", 3, NULL));
  ck_assert_uint_eq (recorded_threads, 3);
  ck_assert_int_eq (next_hop_node (table, 4, 0), 2);
  ck_assert (!cns_route_table_fill (table, "test-fails", 1, &error));
  ck_assert (
      g_error_matches (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED));
  ck_assert_str_eq (error->message, "no device");
}
END_TEST

/* "auto" runs the backend of least estimated time: breadth-first search
 * (spf) on a sparse graph of equal metrics, Floyd-Warshall on one of
 * unequal metrics, where Dijkstra per destination costs more; the GPU is
 * not worth starting for either. Its table is spf's. */
START_TEST (test_auto_backend)
{
  static const struct
  {
    guint spec;
    const gchar *chosen;
    const gchar *says;
  } cases[] = {
    { 4, "spf", "equal metrics, 2 threads: estimated spf " },
    { 6, "fw-cpu", "unequal metrics, 2 threads: estimated fw-cpu " },
  };

  ck_assert_ptr_nonnull (cns_route_backend_lookup ("auto"));
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const RandomGraph *spec = &random_graphs[cases[c].spec];
      g_autoptr (GArray) edges = random_edges (spec);
      g_autoptr (CnsRouteGraph) g
          = graph_new (spec->n, (const Edge *) edges->data, edges->len);
      g_autoptr (CnsRouteTable) spf = table_filled (g, 2);
      g_autoptr (CnsRouteTable) chosen
          = cns_route_table_new (g, G_MAXUINT64, NULL);
      g_autofree gchar *reason = NULL;
      g_autoptr (GError) error = NULL;

      ck_assert_str_eq (cns_route_backend_auto_choose (g, 2, &reason),
                        cases[c].chosen);
      ck_assert_msg (strstr (reason, cases[c].says) != NULL
                         && strstr (reason, "(slower)") != NULL,
                     "%s", reason);
      ck_assert_msg (cns_route_table_fill (chosen, "auto", 2, &error), "%s",
                     error ? error->message : "");
      assert_tables_equal (spf, chosen);
    }
}
END_TEST

START_TEST (test_lookup_misuse)
{
  g_autoptr (CnsRouteGraph) g
      = graph_new (8, example_edges, G_N_ELEMENTS (example_edges));
  g_autoptr (CnsRouteTable) table = table_filled (g, 1);

  ck_assert_uint_eq (cns_route_table_lookup (table, 3, 3),
                     CNS_ROUTE_TABLE_NO_ROUTE);
  CNS_TEST_EXPECT_CRITICAL (
      "*source < n*", ck_assert_uint_eq (cns_route_table_lookup (table, 8, 0),
                                         CNS_ROUTE_TABLE_NO_ROUTE));
  CNS_TEST_EXPECT_CRITICAL ("*router < self->n_routers*",
                            cns_route_table_get_row (table, 6));
  CNS_TEST_EXPECT_CRITICAL ("*backend != NULL*",
                            cns_route_table_fill (table, NULL, 1, NULL));
}
END_TEST

Suite *
test_route_table_suite (void)
{
  Suite *s = suite_create ("route-table");
  TCase *tc = tcase_create ("table");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_worked_example);
  tcase_add_loop_test (tc, test_random_graphs, 0, G_N_ELEMENTS (random_graphs));
  tcase_add_test (tc, test_wide_entries);
  tcase_add_test (tc, test_memory_budget);
  tcase_add_test (tc, test_unknown_backend);
  tcase_add_test (tc, test_backend_registry);
  tcase_add_test (tc, test_auto_backend);
  tcase_add_test (tc, test_lookup_misuse);
  suite_add_tcase (s, tc);
  return s;
}
