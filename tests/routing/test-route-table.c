/* cns — tests of CnsRouteTable and its backends: every entry against a
 * naive Floyd-Warshall reference with the tie rule.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <string.h>

static void
teardown (void)
{
  cns_test_reset ();
}

/* Tables filled by spf. */
static CnsRouteTable *
table_filled (CnsRouteGraph *g, guint n_threads)
{
  return routing_table_new_filled (g, "spf", n_threads);
}

/* ---- the worked example of the Floyd-Warshall chapter ---- */

/* routing_example_edges; figure 18 (b): shortest distances (figure 18
 * (c), the next-hop nodes, is routing_example_next_hop). */
static const guint32 example_distance[8][8] = {
  { 0, 1, 3, 1, 6, 2, 2, 3 }, { 1, 0, 4, 2, 5, 1, 3, 2 },
  { 3, 4, 0, 4, 6, 5, 5, 6 }, { 1, 2, 4, 0, 7, 3, 1, 4 },
  { 6, 5, 6, 7, 0, 4, 8, 7 }, { 2, 1, 5, 3, 4, 0, 4, 3 },
  { 2, 3, 5, 1, 8, 4, 0, 5 }, { 3, 2, 6, 4, 7, 3, 5, 0 },
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
  g_autoptr (CnsRouteGraph) g = routing_graph_new (
      8, routing_example_edges, G_N_ELEMENTS (routing_example_edges));
  g_autoptr (CnsRouteTable) table = table_filled (g, 1);
  RoutingReference ref;

  /* 6 and 7 hang off 3 and 1: hosts, without rows */
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 6);
  ck_assert (cns_route_graph_is_host (g, 6) && cns_route_graph_is_host (g, 7));
  ck_assert_uint_eq (cns_route_table_get_entry_size (table), 1);
  ck_assert_uint_eq (cns_route_table_get_bytes (table), 6 * 64);

  routing_reference_compute (&ref, 8, routing_example_edges,
                             G_N_ELEMENTS (routing_example_edges));
  for (guint32 i = 0; i < 8; i++)
    for (guint32 j = 0; j < 8; j++)
      {
        guint32 cost = 0, at = i, hops = 0;

        ck_assert_uint_eq (ref.dist[i * 8 + j], example_distance[i][j]);
        ck_assert_msg (
            next_hop_node (table, i, j) == routing_example_next_hop[i][j],
            "next hop %u -> %u: %d, published %d", i, j,
            next_hop_node (table, i, j), routing_example_next_hop[i][j]);
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
  routing_assert_table_matches (table, &ref, "the worked example");
  routing_reference_clear (&ref);
}
END_TEST

/* ---- random graphs ---- */

static const RoutingRandomGraph random_graphs[] = {
  { .name = "unit-200",
    .n = 200,
    .components = 1,
    .extra = 150,
    .unit = 1,
    .seed = 1 },
  { .name = "metrics-300-parallel",
    .n = 300,
    .leaves = 40,
    .components = 1,
    .extra = 300,
    .parallel = 30,
    .max_metric = 20,
    .seed = 2 },
  { .name = "asymmetric-500-hosts",
    .n = 500,
    .leaves = 200,
    .components = 1,
    .extra = 400,
    .parallel = 10,
    .max_metric = 20,
    .asymmetric = TRUE,
    .seed = 3 },
  { .name = "equal-7-1000-hosts",
    .n = 1000,
    .leaves = 300,
    .components = 1,
    .extra = 900,
    .parallel = 20,
    .unit = 7,
    .seed = 4 },
  { .name = "sparse-unit-1200",
    .n = 1200,
    .components = 1,
    .extra = 60,
    .unit = 1,
    .seed = 8 },
  { .name = "disconnected-600",
    .n = 600,
    .leaves = 60,
    .isolated = 40,
    .components = 3,
    .extra = 500,
    .parallel = 10,
    .max_metric = 20,
    .asymmetric = TRUE,
    .seed = 5 },
  { .name = "metrics-2000",
    .n = 2000,
    .leaves = 500,
    .components = 1,
    .extra = 2000,
    .parallel = 40,
    .max_metric = 20,
    .seed = 6 },
};

START_TEST (test_random_graphs)
{
  const RoutingRandomGraph *spec = &random_graphs[_i];
  g_autoptr (GArray) edges = NULL;
  g_autoptr (CnsRouteGraph) g = NULL;
  g_autoptr (CnsRouteTable) one = NULL;
  g_autoptr (CnsRouteTable) two = NULL;
  RoutingReference ref;
  guint32 unreachable = 0, hosts = 0;

  /* the cubic reference would take minutes under valgrind, which looks
   * for memory errors: the smaller graphs have every kind of link */
  if (cns_test_under_valgrind () && spec->n > 600)
    return;
  edges = routing_random_edges (spec);
  g = routing_graph_new (spec->n, (const RoutingEdge *) edges->data,
                         edges->len);
  one = table_filled (g, 1);
  two = table_filled (g, 2);

  ck_assert_uint_eq (cns_route_graph_has_unit_metrics (g),
                     spec->max_metric == 0);
  routing_reference_compute (&ref, spec->n, (const RoutingEdge *) edges->data,
                             edges->len);
  routing_assert_table_matches (one, &ref, spec->name);
  routing_assert_tables_equal (one, two, "1 and 2 threads");
  /* the narrower store paths the processor may not choose by itself */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (CnsRouteTable) capped = NULL;

      g_setenv ("CNS_ROUTING_SIMD", k == 0 ? "portable" : "avx2", TRUE);
      capped = table_filled (g, 2);
      g_unsetenv ("CNS_ROUTING_SIMD");
      routing_assert_tables_equal (one, capped, k == 0 ? "portable" : "avx2");
    }

  /* the graph is what the spec asks for */
  for (guint32 i = 0; i < spec->n; i++)
    {
      hosts += cns_route_graph_is_host (g, i);
      for (guint32 j = 0; j < spec->n; j++)
        unreachable
            += ref.dist[(gsize) i * spec->n + j] == ROUTING_REFERENCE_INF;
    }
  ck_assert_uint_ge (hosts, spec->leaves);
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g),
                     spec->n - hosts - spec->isolated);
  if (spec->components > 1 || spec->isolated > 0)
    ck_assert_uint_gt (unreachable, 0);
  else
    ck_assert_uint_eq (unreachable, 0);
  routing_reference_clear (&ref);
}
END_TEST

/* A centre with 300 leaves: its interface indices pass 255, so entries
 * take two bytes; links between some leaves make them routers. */
START_TEST (test_wide_entries)
{
  g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
  g_autoptr (CnsRouteGraph) g = NULL;
  g_autoptr (CnsRouteTable) one = NULL;
  g_autoptr (CnsRouteTable) two = NULL;
  RoutingReference ref;

  for (guint32 leaf = 1; leaf <= 300; leaf++)
    {
      RoutingEdge e = { 0, leaf, 1, 1 };

      g_array_append_val (edges, e);
    }
  for (guint32 leaf = 250; leaf < 300; leaf += 2)
    {
      RoutingEdge e = { leaf, leaf + 1, 1, 1 };

      g_array_append_val (edges, e);
    }
  {
    RoutingEdge chain[] = { { 1, 299, 1, 1 }, { 299, 300, 1, 1 } };

    g_array_append_vals (edges, chain, G_N_ELEMENTS (chain));
  }
  g = routing_graph_new (301, (const RoutingEdge *) edges->data, edges->len);
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
  routing_reference_compute (&ref, 301, (const RoutingEdge *) edges->data,
                             edges->len);
  routing_assert_table_matches (one, &ref, "wide entries");
  routing_assert_tables_equal (one, two, "1 and 2 threads");
  g_setenv ("CNS_ROUTING_SIMD", "portable", TRUE);
  {
    g_autoptr (CnsRouteTable) portable = table_filled (g, 2);

    g_unsetenv ("CNS_ROUTING_SIMD");
    routing_assert_table_matches (portable, &ref, "wide entries, portable");
  }
  routing_reference_clear (&ref);
}
END_TEST

START_TEST (test_memory_budget)
{
  g_autoptr (GArray) edges = routing_random_edges (&random_graphs[0]);
  g_autoptr (CnsRouteGraph) g
      = routing_graph_new (200, (const RoutingEdge *) edges->data, edges->len);
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
  g_autoptr (CnsRouteGraph) g = routing_graph_new (
      8, routing_example_edges, G_N_ELEMENTS (routing_example_edges));
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
  g_autoptr (CnsRouteGraph) g = routing_graph_new (
      8, routing_example_edges, G_N_ELEMENTS (routing_example_edges));
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
      const RoutingRandomGraph *spec = &random_graphs[cases[c].spec];
      g_autoptr (GArray) edges = routing_random_edges (spec);
      g_autoptr (CnsRouteGraph) g = routing_graph_new (
          spec->n, (const RoutingEdge *) edges->data, edges->len);
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
      routing_assert_tables_equal (spf, chosen, cases[c].chosen);
    }
}
END_TEST

START_TEST (test_lookup_misuse)
{
  g_autoptr (CnsRouteGraph) g = routing_graph_new (
      8, routing_example_edges, G_N_ELEMENTS (routing_example_edges));
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
