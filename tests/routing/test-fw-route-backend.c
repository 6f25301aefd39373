/* cns — tests of the "fw-cpu" route-table backend: every table equal,
 * entry for entry, to the "spf" backend's and to a naive Floyd-Warshall
 * with the tie rule, on every SIMD path, entry width and thread count.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <string.h>

static const gchar *const paths[] = { "portable", "avx2", "avx512" };

static void
teardown (void)
{
  g_unsetenv ("CNS_ROUTING_SIMD");
  cns_test_reset ();
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
 * the widest on 1, 2 and 3), or when @ref is %NULL (large graphs) on the
 * widest path only, on 1 and 2 threads; and against @ref. Each fill's
 * log line says the path and the entry width (@wide: 64-bit) it used. */
static void
check_fw_everywhere (CnsRouteGraph *g, CnsRouteTable *spf,
                     const RoutingReference *ref, gboolean wide,
                     const gchar *name)
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

        if (p + 1 < G_N_ELEMENTS (paths) && (threads != 2 || ref == NULL))
          continue;
        if (ref == NULL && threads == 3)
          continue;
        g_string_truncate (line, 0);
        g_setenv ("CNS_ROUTING_SIMD", paths[p], TRUE);
        fw = routing_table_new_filled (g, "fw-cpu", threads);
        g_unsetenv ("CNS_ROUTING_SIMD");
        routing_assert_tables_equal (spf, fw, what);
        if (routers > 0)
          ck_assert_msg (g_pattern_match_simple (expected, line->str),
                         "%s: logged \"%s\", expected \"%s\"", what, line->str,
                         expected);
        if (ref != NULL && threads == 2 && p + 1 == G_N_ELEMENTS (paths))
          routing_assert_table_matches (fw, ref, what);
      }
  cns_log_disable ("cns-fw-route-backend", CNS_LOG_LEVEL_DEBUG);
  cns_test_capture_log (NULL, NULL);
}

/* The whole check of one graph: spf against the reference (when
 * @with_reference: graphs small enough for it), fw-cpu against both. */
static void
check_graph (guint32 n, const RoutingEdge *edges, guint n_edges,
             const gchar *name, gboolean with_reference)
{
  g_autoptr (CnsRouteGraph) g = routing_graph_new (n, edges, n_edges);
  g_autoptr (CnsRouteTable) spf = routing_table_new_filled (g, "spf", 2);
  RoutingReference ref = { 0 };

  if (with_reference)
    {
      routing_reference_compute (&ref, n, edges, n_edges);
      routing_assert_table_matches (spf, &ref, name);
    }
  check_fw_everywhere (g, spf, with_reference ? &ref : NULL,
                       routing_graph_needs_wide_entries (g), name);
  routing_reference_clear (&ref);
}

/* ---- the worked example of the Floyd-Warshall chapter ---- */

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
  g_autoptr (CnsRouteGraph) g = routing_graph_new (
      8, routing_example_edges, G_N_ELEMENTS (routing_example_edges));
  g_autoptr (CnsRouteTable) fw = routing_table_new_filled (g, "fw-cpu", 1);

  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 6);
  routing_assert_example_next_hops (g, fw);
  check_graph (8, routing_example_edges, G_N_ELEMENTS (routing_example_edges),
               "example", TRUE);
}
END_TEST

/* ---- random graphs ---- */

/* Metrics up to 65535 make the entries of the packed matrix 64 bits wide
 * once (routers * 65535) << rank bits passes 2^31 - 1: hubs make small
 * graphs wide. Graphs of up to 600 nodes are small enough for the cubic
 * reference. */
static const RoutingRandomGraph random_graphs[] = {
  { .name = "sparse-unit-300",
    .n = 300,
    .components = 1,
    .extra = 150,
    .seed = 1 },
  { .name = "sparse-metrics-500-hosts",
    .n = 500,
    .leaves = 150,
    .components = 1,
    .extra = 400,
    .parallel = 10,
    .max_metric = 20,
    .asymmetric = TRUE,
    .seed = 2 },
  { .name = "sparse-wide-600",
    .n = 600,
    .leaves = 60,
    .components = 1,
    .extra = 700,
    .parallel = 20,
    .hub = 150,
    .max_metric = 65535,
    .asymmetric = TRUE,
    .seed = 3 },
  { .name = "dense-unit-300",
    .n = 300,
    .components = 1,
    .density = 0.1,
    .seed = 4 },
  { .name = "dense-metrics-400",
    .n = 400,
    .leaves = 20,
    .components = 1,
    .density = 0.1,
    .max_metric = 40,
    .asymmetric = TRUE,
    .seed = 5 },
  { .name = "dense-wide-350",
    .n = 350,
    .components = 1,
    .density = 0.1,
    .parallel = 30,
    .hub = 100,
    .max_metric = 65535,
    .seed = 6 },
  { .name = "disconnected-450",
    .n = 450,
    .leaves = 60,
    .isolated = 30,
    .components = 3,
    .extra = 400,
    .parallel = 10,
    .max_metric = 20,
    .asymmetric = TRUE,
    .seed = 7 },
  { .name = "disconnected-wide-200",
    .n = 200,
    .leaves = 10,
    .isolated = 5,
    .components = 4,
    .extra = 100,
    .density = 0.05,
    .parallel = 5,
    .hub = 150,
    .max_metric = 65535,
    .asymmetric = TRUE,
    .seed = 8 },
  { .name = "parallel-unit-150",
    .n = 150,
    .leaves = 10,
    .components = 1,
    .extra = 60,
    .parallel = 80,
    .seed = 9 },
  { .name = "sparse-unit-3000",
    .n = 3000,
    .leaves = 300,
    .components = 1,
    .extra = 3000,
    .seed = 10 },
  { .name = "dense-wide-1000",
    .n = 1000,
    .components = 1,
    .density = 0.1,
    .max_metric = 65535,
    .asymmetric = TRUE,
    .seed = 11 },
};

START_TEST (test_random_graphs)
{
  const RoutingRandomGraph *spec = &random_graphs[_i];
  g_autoptr (GArray) edges = NULL;
  g_autoptr (CnsRouteGraph) g = NULL;

  /* valgrind looks for memory errors: the smaller graphs have every
   * kind of link and both entry widths */
  if (cns_test_under_valgrind () && spec->n > 400)
    return;
  edges = routing_random_edges (spec);
  g = routing_graph_new (spec->n, (const RoutingEdge *) edges->data,
                         edges->len);
  /* what the spec says it is */
  ck_assert_uint_eq (routing_graph_needs_wide_entries (g),
                     spec->max_metric == 65535);
  ck_assert_uint_le (cns_route_graph_get_n_routers (g),
                     spec->n - spec->leaves - spec->isolated);
  check_graph (spec->n, (const RoutingEdge *) edges->data, edges->len,
               spec->name, spec->n <= 600);
}
END_TEST

/* ---- sizes around the tile, and the smallest ---- */

/* A ring of @n nodes, every one a router; metrics from @seed when
 * @max_metric > 1. */
static GArray *
ring_edges (guint32 n, guint16 max_metric, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));

  for (guint32 i = 0; i < n; i++)
    {
      RoutingEdge e = { i, (i + 1) % n, 1, 1 };

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

        check_graph (sizes[s], (const RoutingEdge *) edges->data, edges->len,
                     name, TRUE);
      }
}
END_TEST

START_TEST (test_no_and_one_router)
{
  /* nodes without links: no routers */
  static const RoutingEdge none[] = { { 0, 0, 0, 0 } };
  /* a centre with three hosts: one router */
  static const RoutingEdge star[]
      = { { 0, 1, 1, 1 }, { 2, 0, 2, 2 }, { 0, 3, 1, 1 } };
  /* two routers with a host each, and an isolated node */
  static const RoutingEdge two[]
      = { { 0, 1, 5, 6 }, { 0, 2, 1, 1 }, { 1, 3, 1, 1 }, { 1, 0, 5, 6 } };
  g_autoptr (CnsRouteGraph) g = routing_graph_new (3, none, 0);
  g_autoptr (CnsRouteTable) fw = routing_table_new_filled (g, "fw-cpu", 2);

  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 0);
  ck_assert_uint_eq (cns_route_table_get_bytes (fw), 0);
  ck_assert_uint_eq (cns_route_table_lookup (fw, 0, 1),
                     CNS_ROUTE_TABLE_NO_ROUTE);
  check_graph (3, none, 0, "no router", TRUE);
  check_graph (4, star, G_N_ELEMENTS (star), "one router", TRUE);
  check_graph (5, two, G_N_ELEMENTS (two), "two routers", TRUE);
  {
    g_autoptr (CnsRouteGraph) gs
        = routing_graph_new (4, star, G_N_ELEMENTS (star));
    g_autoptr (CnsRouteTable) t = routing_table_new_filled (gs, "fw-cpu", 1);

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
  static const RoutingEdge edges[] = {
    { 0, 1, 5, 1 }, { 1, 0, 2, 2 }, { 1, 2, 1, 1 },
    { 0, 2, 4, 4 }, { 2, 0, 4, 9 }, { 2, 3, 1, 1 },
  };
  g_autoptr (CnsRouteGraph) g
      = routing_graph_new (4, edges, G_N_ELEMENTS (edges));
  g_autoptr (CnsRouteTable) fw = routing_table_new_filled (g, "fw-cpu", 2);

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
      g_autoptr (GArray) edges
          = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
      g_autoptr (GRand) rand = g_rand_new_with_seed (42);
      g_autoptr (CnsRouteGraph) g = NULL;
      g_autoptr (CnsRouteTable) fw = NULL;

      for (guint32 leaf = 1; leaf <= 300; leaf++)
        {
          RoutingEdge e = { 0, leaf, 1, 1 };

          g_array_append_val (edges, e);
        }
      for (guint32 leaf = 200; leaf < 300; leaf += 2)
        {
          RoutingEdge e = { leaf, leaf + 1, 1, 1 };

          g_array_append_val (edges, e);
        }
      /* with 200 more links from the centre to routers: 9 rank bits */
      for (guint32 k = 0; wide && k < 200; k++)
        {
          RoutingEdge e = { 0, 200 + k % 100, 1, 1 };

          g_array_append_val (edges, e);
        }
      if (wide)
        for (guint k = 0; k < edges->len; k++)
          {
            g_array_index (edges, RoutingEdge, k).metric_uv
                = (guint16) g_rand_int_range (rand, 1, 65536);
            g_array_index (edges, RoutingEdge, k).metric_vu
                = (guint16) g_rand_int_range (rand, 1, 65536);
          }
      g = routing_graph_new (301, (const RoutingEdge *) edges->data,
                             edges->len);
      fw = routing_table_new_filled (g, "fw-cpu", 2);
      ck_assert_uint_eq (cns_route_table_get_entry_size (fw), 2);
      ck_assert_uint_eq (routing_graph_needs_wide_entries (g), wide);
      /* the centre's 300 links to leaves and to routers alike */
      ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 101);
      check_graph (301, (const RoutingEdge *) edges->data, edges->len,
                   wide ? "two-byte, wide" : "two-byte", TRUE);
    }
}
END_TEST

/* An unknown CNS_ROUTING_SIMD is a warning, and the portable path. */
START_TEST (test_simd_unknown)
{
  g_autoptr (GArray) edges = ring_edges (70, 1, 1);
  g_autoptr (CnsRouteGraph) g
      = routing_graph_new (70, (const RoutingEdge *) edges->data, edges->len);
  g_autoptr (CnsRouteTable) spf = routing_table_new_filled (g, "spf", 1);
  g_autoptr (CnsRouteTable) fw = NULL;

  g_setenv ("CNS_ROUTING_SIMD", "sse9", TRUE);
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "CNS_ROUTING_SIMD=sse9: expected portable*");
  fw = routing_table_new_filled (g, "fw-cpu", 1);
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  g_unsetenv ("CNS_ROUTING_SIMD");
  routing_assert_tables_equal (spf, fw, "sse9");
}
END_TEST

/* ---- on real nodes, through the Backend attribute ---- */

START_TEST (test_backend_attribute)
{
  static const RoutingRandomGraph spec = { .name = "nodes",
                                           .n = 60,
                                           .leaves = 10,
                                           .components = 1,
                                           .extra = 50,
                                           .parallel = 4,
                                           .max_metric = 30,
                                           .asymmetric = TRUE,
                                           .seed = 12 };
  g_autoptr (GArray) edges = routing_random_edges (&spec);
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRouteTable) spf = NULL;
  g_autoptr (GString) line = g_string_new (NULL);
  RoutingTopology t;
  CnsRouteTable *table;
  CnsRouteGraph *graph;

  ck_assert (cns_config_set_default ("CnsGlobalRouteManager::Backend", "fw-cpu",
                                     &error));
  routing_topology_build (&t, spec.n, (const RoutingEdge *) edges->data,
                          edges->len, routing, "10Mbps", "1ms");
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
  spf = routing_table_new_filled (graph, "spf", 1);
  routing_assert_tables_equal (spf, table, "populated");

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
