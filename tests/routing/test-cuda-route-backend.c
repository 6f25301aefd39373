/* cns — tests of the "cuda" route-table backend: its tables, byte for
 * byte, against the "spf" backend's (and "fw-cpu"'s, where there is one).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A program of its own, since it needs a CUDA device: without the plugin
 * (no nvcc at configure time) or without a device, it prints a TAP plan
 * that skips everything, saying why, and exits 77. It runs its cases in
 * one process (CK_FORK=no): the CUDA runtime, set up by the probe, does
 * not survive a fork. Graphs: the worked example of the Floyd-Warshall
 * chapter, small shapes (lines, rings, hosts, parallel links, isolated
 * and disconnected routers), random sparse and dense graphs with unit
 * metrics and with metrics from 1 to 65535 (which take 64-bit entries
 * when the distances do not fit in 32 bits), router counts on both sides
 * of the 64-entry tile, and a graph of about 3,000 routers.
 */
#include "routing/cns-cuda-route-backend.h"
#include "routing/routing-fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
teardown (void)
{
  cns_test_reset ();
}

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Tables of @g filled by @backend, one thread per processor. */
static CnsRouteTable *
table_filled (CnsRouteGraph *g, const gchar *backend)
{
  return routing_table_new_filled (g, backend, 0);
}

/* The whole of the two tables' entries, padding included. */
static void
assert_same_table (CnsRouteTable *want, CnsRouteTable *got, const gchar *name,
                   const gchar *what)
{
  guint32 n = cns_route_graph_get_n_routers (cns_route_table_get_graph (got));
  guint64 bytes = cns_route_table_get_bytes (want);
  guint entry = cns_route_table_get_entry_size (want);
  const guint8 *a, *b;

  ck_assert_uint_eq (cns_route_table_get_bytes (got), bytes);
  ck_assert_uint_eq (cns_route_table_get_entry_size (got), entry);
  if (n == 0)
    return;
  a = cns_route_table_get_row (want, 0);
  b = cns_route_table_get_row (got, 0);
  if (memcmp (a, b, bytes) == 0)
    return;
  for (guint64 x = 0; x < bytes; x++)
    if (a[x] != b[x])
      {
        guint64 stride = bytes / n;

        ck_abort_msg ("%s: the cuda table differs from %s's first at "
                      "router %" G_GUINT64_FORMAT ", entry %" G_GUINT64_FORMAT
                      " (byte %u of %u): %u, expected %u",
                      what, name, x / stride, (x % stride) / entry,
                      (guint) (x % entry), entry, b[x], a[x]);
      }
}

/* Fills @g with cuda, spf and, where it exists, fw-cpu; the tables must
 * be the same. Returns: whether the cuda fill took 64-bit entries. */
static gboolean
check_graph (CnsRouteGraph *g, const gchar *what)
{
  g_autoptr (CnsRouteTable) cuda = table_filled (g, "cuda");
  g_autoptr (CnsRouteTable) spf = table_filled (g, "spf");
  gdouble transfer_s = -1, kernel_s = -1;

  assert_same_table (spf, cuda, "spf", what);
  if (cns_route_backend_lookup ("fw-cpu") != NULL)
    {
      g_autoptr (CnsRouteTable) fw = table_filled (g, "fw-cpu");

      assert_same_table (fw, cuda, "fw-cpu", what);
    }
  ck_assert (cns_cuda_route_backend_get_last_stats (&transfer_s, &kernel_s));
  ck_assert (transfer_s >= 0 && kernel_s >= 0);
  return routing_graph_needs_wide_entries (g);
}

/* ---- fixed graphs ---- */

/* The worked example of the Floyd-Warshall chapter, with its next hops. */
START_TEST (test_worked_example)
{
  g_autoptr (CnsRouteGraph) g = routing_graph_new (
      8, routing_example_edges, G_N_ELEMENTS (routing_example_edges));
  g_autoptr (CnsRouteTable) table = table_filled (g, "cuda");

  routing_assert_example_next_hops (g, table);
  check_graph (g, "the worked example");
}
END_TEST

/* Lines, rings (equal-cost ties both ways), a star with hosts, a lone
 * router pair, and two components with isolated nodes. */
START_TEST (test_shapes)
{
  const guint32 sizes[] = { 2, 3, 5, 63, 64, 65, 130 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      guint32 n = sizes[s];
      g_autoptr (GArray) line
          = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
      g_autoptr (CnsRouteGraph) gl = NULL, gr = NULL;
      g_autofree gchar *what = NULL;

      for (guint32 i = 0; i + 1 < n; i++)
        {
          RoutingEdge e = { i, i + 1, (guint16) (1 + i % 3), 1 };

          g_array_append_val (line, e);
        }
      gl = routing_graph_new (n, (RoutingEdge *) line->data, line->len);
      what = g_strdup_printf ("a line of %u", n);
      check_graph (gl, what);
      if (n >= 3)
        {
          RoutingEdge close = { n - 1, 0, 1, 1 };

          for (guint k = 0; k < line->len; k++)
            g_array_index (line, RoutingEdge, k).metric_uv = 1;
          g_array_append_val (line, close);
          gr = routing_graph_new (n, (RoutingEdge *) line->data, line->len);
          g_free (what);
          what = g_strdup_printf ("a ring of %u", n);
          check_graph (gr, what);
        }
    }
  {
    /* routers 0-3 in a square, hosts 4-9 hanging off them; 10-11 a
     * second component; 12 and 13 isolated */
    const RoutingEdge edges[] = {
      { 0, 1, 1, 1 }, { 1, 2, 1, 1 }, { 2, 3, 1, 1 },   { 3, 0, 1, 1 },
      { 0, 4, 1, 1 }, { 0, 5, 1, 1 }, { 1, 6, 1, 1 },   { 2, 7, 1, 1 },
      { 3, 8, 1, 1 }, { 3, 9, 1, 1 }, { 10, 11, 2, 3 },
    };
    g_autoptr (CnsRouteGraph) g
        = routing_graph_new (14, edges, G_N_ELEMENTS (edges));

    check_graph (g, "a square with hosts, a pair and isolated nodes");
  }
}
END_TEST

/* Several links between the same routers: equal metrics (the lowest
 * interface wins), and different ones; then 300 parallel links, which
 * need 2-byte entries and 9 rank bits. */
START_TEST (test_parallel_links)
{
  const RoutingEdge edges[] = {
    { 0, 1, 1, 1 }, { 0, 1, 1, 1 }, { 1, 0, 1, 1 }, { 1, 2, 5, 5 },
    { 1, 2, 2, 7 }, { 2, 3, 1, 1 }, { 0, 3, 3, 3 }, { 3, 0, 3, 2 },
  };
  g_autoptr (CnsRouteGraph) g
      = routing_graph_new (4, edges, G_N_ELEMENTS (edges));
  g_autoptr (GArray) many = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
  g_autoptr (CnsRouteGraph) gm = NULL;
  g_autoptr (CnsRouteTable) table = NULL;
  guint64 rng = 11;

  check_graph (g, "parallel links");
  for (guint k = 0; k < 300; k++)
    {
      RoutingEdge e = { 0, 1, (guint16) (1 + splitmix64 (&rng) % 4), 1 };

      g_array_append_val (many, e);
    }
  for (guint32 i = 1; i < 70; i++)
    {
      RoutingEdge e = { i, i + 1, (guint16) (1 + splitmix64 (&rng) % 9),
                        (guint16) (1 + splitmix64 (&rng) % 9) };

      g_array_append_val (many, e);
    }
  gm = routing_graph_new (71, (RoutingEdge *) many->data, many->len);
  table = table_filled (gm, "spf");
  ck_assert_uint_eq (cns_route_table_get_entry_size (table), 2);
  check_graph (gm, "300 parallel links");
}
END_TEST

/* ---- random graphs ---- */

/* @n nodes, a random spanning tree unless @disconnected (then every
 * node links to another of its own quarter only), and @extra more random
 * links; metrics 1 when @max_metric is 1, else from 1 to @max_metric. */
static CnsRouteGraph *
random_graph (guint32 n, guint64 extra, guint max_metric, gboolean disconnected,
              guint64 seed)
{
  g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
  guint32 quarter = MAX (n / 4, 1);
  guint64 rng = seed;

  for (guint32 i = 1; i < n; i++)
    {
      guint32 base = disconnected ? i / quarter * quarter : 0;
      RoutingEdge e;

      if (i == base)
        continue;
      e = (RoutingEdge){ i, base + (guint32) (splitmix64 (&rng) % (i - base)),
                         (guint16) (1 + splitmix64 (&rng) % max_metric),
                         (guint16) (1 + splitmix64 (&rng) % max_metric) };
      g_array_append_val (edges, e);
    }
  for (guint64 k = 0; k < extra && n >= 2; k++)
    {
      guint32 u = (guint32) (splitmix64 (&rng) % n);
      guint32 v = (guint32) (splitmix64 (&rng) % n);
      RoutingEdge e;

      if (disconnected)
        v = MIN (u / quarter * quarter + v % quarter, n - 1);
      if (u == v)
        continue;
      e = (RoutingEdge){ u, v, (guint16) (1 + splitmix64 (&rng) % max_metric),
                         (guint16) (1 + splitmix64 (&rng) % max_metric) };
      g_array_append_val (edges, e);
    }
  return routing_graph_new (n, (RoutingEdge *) edges->data, edges->len);
}

START_TEST (test_random_sparse)
{
  const guint32 sizes[] = { 1, 7, 64, 100, 128, 129, 257, 511 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint m = 0; m < 3; m++)
      {
        guint32 n = sizes[s];
        guint max_metric = m == 0 ? 1 : m == 1 ? 10 : 65535;
        g_autoptr (CnsRouteGraph) g
            = random_graph (n, n, max_metric, FALSE, 1000 * s + m);
        g_autofree gchar *what = g_strdup_printf (
            "a sparse graph of %u nodes, metrics 1 to %u", n, max_metric);

        check_graph (g, what);
      }
}
END_TEST

/* Dense graphs: rows of a hundred and more links, so more rank bits, and
 * with metrics to 65535 the 64-bit path. */
START_TEST (test_random_dense)
{
  const guint32 sizes[] = { 65, 200, 300 };
  guint n_wide = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint m = 0; m < 2; m++)
      {
        guint32 n = sizes[s];
        guint max_metric = m == 0 ? 1 : 65535;
        g_autoptr (CnsRouteGraph) g = random_graph (
            n, (guint64) n * n / 4, max_metric, FALSE, 2000 * s + m);
        g_autofree gchar *what = g_strdup_printf (
            "a dense graph of %u nodes, metrics 1 to %u", n, max_metric);

        n_wide += check_graph (g, what);
      }
  ck_assert_uint_gt (n_wide, 0);
}
END_TEST

START_TEST (test_random_disconnected)
{
  const guint32 sizes[] = { 40, 150, 333 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint m = 0; m < 2; m++)
      {
        guint32 n = sizes[s];
        guint max_metric = m == 0 ? 1 : 65535;
        g_autoptr (CnsRouteGraph) g
            = random_graph (n, n, max_metric, TRUE, 3000 * s + m);
        g_autofree gchar *what = g_strdup_printf (
            "four components of %u nodes, metrics 1 to %u", n, max_metric);

        check_graph (g, what);
      }
}
END_TEST

/* About 3,000 routers: 47 tiles a side, the last one partly padding. */
START_TEST (test_large)
{
  g_autoptr (CnsRouteGraph) unit = random_graph (2999, 3000, 1, FALSE, 77);
  g_autoptr (CnsRouteGraph) metrics
      = random_graph (2500, 5000, 65535, FALSE, 78);

  check_graph (unit, "a sparse graph of 2999 nodes, unit metrics");
  check_graph (metrics, "a sparse graph of 2500 nodes, metrics 1 to 65535");
}
END_TEST

static Suite *
test_cuda_route_backend_suite (void)
{
  Suite *s = suite_create ("cuda-route-backend");
  TCase *tc = tcase_create ("tables");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_worked_example);
  tcase_add_test (tc, test_shapes);
  tcase_add_test (tc, test_parallel_links);
  tcase_add_test (tc, test_random_sparse);
  tcase_add_test (tc, test_random_dense);
  tcase_add_test (tc, test_random_disconnected);
  tcase_add_test (tc, test_large);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  g_autofree gchar *why = NULL;
  Suite *suites[1];

  cns_test_init ();
  /* The automake TAP driver takes a skipped plan as SKIP; the status
   * tells other runners. Under valgrind the driver checks the status. */
  if (cns_test_under_valgrind ())
    {
      printf ("1..0 # SKIP the cuda backend is not tested under valgrind\n");
      return EXIT_SUCCESS;
    }
  if (!cns_cuda_route_backend_is_available (&why))
    {
      printf ("1..0 # SKIP the cuda backend is not available: %s\n", why);
      return 77;
    }
  g_setenv ("CK_FORK", "no", TRUE);
  suites[0] = test_cuda_route_backend_suite ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
