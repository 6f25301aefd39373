/* cns — tests of the BRITE generators: the erand48 recurrence, seed
 * files, and the models' rules.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The random generators are checked value for value against the C
 * library's erand48 through the public API: a uniform bandwidth on
 * [0, 1] is the BANDWIDTH generator's value itself. The models are
 * checked against their rules: exactly where the rule is deterministic
 * (edge counts, who links to whom in top-down, AS sizes, the join of
 * components), statistically where it is random, with margins of three
 * standard errors or more:
 *  - Waxman, m = 1, incremental: node i links to j < i with probability
 *    P (i, j) / sum P (i, k); 2000 graphs of 50 nodes, links binned by
 *    length, each bin with at least 5000 expected links within 5% (one
 *    standard error is at most 1.4%), and chi-square over all bins with
 *    20 expected or more below dof + 4 sqrt (2 dof). Under valgrind 400
 *    graphs, bins of 1000 within 10%.
 *  - Heavy-tailed placement: the count of a visited square is at least
 *    k with probability about 1/k; 4 standard errors.
 *  - Barabasi-Albert, N = 10,000, m = 2: the discrete Hill estimate of
 *    the degree tail exponent (degrees >= 10) between 2.5 and 3.5.
 */
#include "brite/cns-brite.h"
#include "core/cns-core.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "brite/suites.h"
#include "lib/cns-test.h"

#define SPEED_OF_LIGHT 299792458.0

static const CnsBriteSeeds test_seeds = {
  { 0x330E, 0xABCD, 0x1234 }, { 101, 202, 303 },    { 7, 8, 9 },
  { 1111, 2222, 3333 },       { 4444, 5555, 6666 }, { 12, 34, 56 },
};

/* ---------------------------------------------------------------------- */
/* Helpers */

static CnsBriteModel
waxman_model (CnsBriteModelType type, guint32 n, guint32 hs, guint32 m,
              CnsBriteGrowthType growth, gdouble alpha, gdouble beta)
{
  CnsBriteModel model = { 0 };

  model.type = type;
  model.n = n;
  model.hs = hs;
  model.ls = MAX (hs / 10, 1);
  model.placement = CNS_BRITE_PLACEMENT_RANDOM;
  model.growth = growth;
  model.m = m;
  model.alpha = alpha;
  model.beta = beta;
  model.bw_dist = CNS_BRITE_DIST_CONSTANT;
  model.bw_min = 10.0;
  model.bw_max = 1024.0;
  return model;
}

static CnsBriteModel
ba_model (CnsBriteModelType type, guint32 n, guint32 hs, guint32 m)
{
  CnsBriteModel model = { 0 };

  model.type = type;
  model.n = n;
  model.hs = hs;
  model.ls = MAX (hs / 10, 1);
  model.placement = CNS_BRITE_PLACEMENT_RANDOM;
  model.m = m;
  model.bw_dist = CNS_BRITE_DIST_CONSTANT;
  model.bw_min = 10.0;
  model.bw_max = 1024.0;
  return model;
}

static CnsBriteTopology *
generate_ok (CnsBriteModel *model, CnsBriteSeeds *seeds)
{
  CnsBriteConfig config = { model, FALSE, FALSE, NULL };
  g_autoptr (GError) error = NULL;
  CnsBriteTopology *topo = cns_brite_generate (&config, seeds, &error);

  ck_assert_msg (topo != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_null (error);
  return topo;
}

/* Checks that generating @model fails with @code and @message and leaves
 * the seeds alone. */
static void
generate_fails (CnsBriteModel *model, gint code, const gchar *message)
{
  CnsBriteConfig config = { model, FALSE, FALSE, NULL };
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (GError) error = NULL;
  CnsBriteTopology *topo = cns_brite_generate (&config, &seeds, &error);

  ck_assert_ptr_null (topo);
  CNS_TEST_ASSERT_ERROR (error, code);
  ck_assert_msg (error->domain == CNS_BRITE_ERROR, "domain %s",
                 g_quark_to_string (error->domain));
  if (message)
    ck_assert_str_eq (error->message, message);
  ck_assert_int_eq (memcmp (&seeds, &test_seeds, sizeof seeds), 0);
}

static guint64
incremental_edges (guint32 n, guint32 m)
{
  guint64 total = 0;

  for (guint32 i = 0; i < n; i++)
    total += MIN (m, i);
  return total;
}

static gdouble
node_distance (const CnsBriteTopology *topo, guint32 a, guint32 b)
{
  gdouble dx = topo->nodes[a].x - topo->nodes[b].x;
  gdouble dy = topo->nodes[a].y - topo->nodes[b].y;

  return sqrt (dx * dx + dy * dy);
}

/* No self-loop, no two links between the same nodes, and the degrees are
 * those of the edges. */
static void
check_simple_graph (const CnsBriteTopology *topo)
{
  g_autoptr (GHashTable) pairs
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree guint32 *degree = g_new0 (guint32, topo->n_nodes + 1);

  for (guint32 e = 0; e < topo->n_edges; e++)
    {
      guint32 a = topo->edges[e].src, b = topo->edges[e].dst;
      gint64 *key = g_new (gint64, 1);

      ck_assert_uint_lt (a, topo->n_nodes);
      ck_assert_uint_lt (b, topo->n_nodes);
      ck_assert_msg (a != b, "edge %u is a loop at %u", e, a);
      *key = (gint64) MIN (a, b) << 32 | MAX (a, b);
      ck_assert_msg (g_hash_table_add (pairs, key), "edge %u doubles %u-%u", e,
                     a, b);
      degree[a]++;
      degree[b]++;
    }
  for (guint32 i = 0; i < topo->n_nodes; i++)
    {
      ck_assert_uint_eq (topo->nodes[i].out_degree, degree[i]);
      ck_assert_uint_eq (topo->nodes[i].in_degree, degree[i]);
    }
}

/* Every node on its own integer square of [0, hs)^2. */
static void
check_placement (const CnsBriteTopology *topo, guint32 hs)
{
  g_autoptr (GHashTable) squares
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint32 i = 0; i < topo->n_nodes; i++)
    {
      const CnsBriteNode *node = &topo->nodes[i];
      gint64 *key = g_new (gint64, 1);

      ck_assert_msg (node->x == floor (node->x) && node->y == floor (node->y),
                     "node %u at (%g, %g)", i, node->x, node->y);
      ck_assert_msg (
          node->x >= 0 && node->x < hs && node->y >= 0 && node->y < hs,
          "node %u at (%g, %g) is off the plane", i, node->x, node->y);
      *key = (gint64) node->x << 32 | (gint64) node->y;
      ck_assert_msg (g_hash_table_add (squares, key), "node %u shares (%g, %g)",
                     i, node->x, node->y);
    }
}

/* ---------------------------------------------------------------------- */
/* erand48 */

/* A Barabasi-Albert tree of @n nodes whose n - 1 bandwidths are uniform
 * on [0, 1]: the BANDWIDTH generator's first n - 1 values. */
static CnsBriteTopology *
bandwidth_probe (guint32 n, CnsBriteDist dist, gdouble min, gdouble max,
                 CnsBriteSeeds *seeds)
{
  CnsBriteModel model = ba_model (CNS_BRITE_MODEL_ROUTER_BA, n, 1000, 1);

  model.bw_dist = dist;
  model.bw_min = min;
  model.bw_max = max;
  return generate_ok (&model, seeds);
}

START_TEST (test_erand48_known_values)
{
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) topo = NULL;
  g_autoptr (CnsBriteTopology) zero = NULL;

  /* From (0x330E, 0xABCD, 0x1234), drand48's default state, by hand:
   * 0x5DEECE66D * 0x1234ABCD330E + 0xB mod 2^48 = 0x657EB7255101, ... */
  seeds.bandwidth[0] = 0x330E;
  seeds.bandwidth[1] = 0xABCD;
  seeds.bandwidth[2] = 0x1234;
  topo = bandwidth_probe (4, CNS_BRITE_DIST_UNIFORM, 0.0, 1.0, &seeds);
  ck_assert_uint_eq (topo->n_edges, 3);
  ck_assert (topo->edges[0].bandwidth == 0x657EB7255101 / 0x1p48);
  ck_assert (topo->edges[1].bandwidth == 0xD72A0C966378 / 0x1p48);
  ck_assert (topo->edges[2].bandwidth == 0x5A743C062A23 / 0x1p48);
  ck_assert_double_eq_tol (topo->edges[0].bandwidth, 0.39646477376027534,
                           1e-17);
  /* The state after the third value, least significant word first. */
  ck_assert_uint_eq (seeds.bandwidth[0], 0x2A23);
  ck_assert_uint_eq (seeds.bandwidth[1], 0x3C06);
  ck_assert_uint_eq (seeds.bandwidth[2], 0x5A74);

  /* From 0: 0xB, then 0x5DEECE66D * 0xB + 0xB = 0x40942DE6BA. */
  memset (seeds.bandwidth, 0, sizeof seeds.bandwidth);
  zero = bandwidth_probe (3, CNS_BRITE_DIST_UNIFORM, 0.0, 1.0, &seeds);
  ck_assert (zero->edges[0].bandwidth == 11.0 / 0x1p48);
  ck_assert (zero->edges[1].bandwidth == 0x40942DE6BA / 0x1p48);
  ck_assert_uint_eq (seeds.bandwidth[0], 0xE6BA);
  ck_assert_uint_eq (seeds.bandwidth[1], 0x942D);
  ck_assert_uint_eq (seeds.bandwidth[2], 0x0040);
}
END_TEST

START_TEST (test_erand48_matches_libc)
{
  static const guint16 starts[][3] = {
    { 0, 0, 0 },
    { 65535, 65535, 65535 },
    { 12, 34, 56 },
    { 0x330E, 0xABCD, 0x1234 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (starts); s++)
    {
      CnsBriteSeeds seeds = test_seeds;
      unsigned short x[3] = { starts[s][0], starts[s][1], starts[s][2] };
      g_autoptr (CnsBriteTopology) topo = NULL;

      memcpy (seeds.bandwidth, starts[s], sizeof seeds.bandwidth);
      topo = bandwidth_probe (2001, CNS_BRITE_DIST_UNIFORM, 0.0, 1.0, &seeds);
      for (guint32 e = 0; e < topo->n_edges; e++)
        {
          gdouble u = erand48 (x);

          ck_assert_msg (topo->edges[e].bandwidth == u,
                         "start %u, value %u: %.17g, erand48 %.17g", s, e,
                         topo->edges[e].bandwidth, u);
        }
      ck_assert_uint_eq (seeds.bandwidth[0], x[0]);
      ck_assert_uint_eq (seeds.bandwidth[1], x[1]);
      ck_assert_uint_eq (seeds.bandwidth[2], x[2]);
    }
}
END_TEST

/* Random placement draws x then y from PLACES, floor (U HS) each. */
START_TEST (test_erand48_places)
{
  CnsBriteModel model
      = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 1, G_MAXUINT32, 1,
                      CNS_BRITE_GROWTH_INCREMENTAL, 0.5, 0.5);
  CnsBriteSeeds seeds = test_seeds;
  unsigned short x[3];
  g_autoptr (CnsBriteTopology) topo = NULL;

  memcpy (x, seeds.places, sizeof x);
  topo = generate_ok (&model, &seeds);
  ck_assert_uint_eq (topo->n_nodes, 1);
  ck_assert (topo->nodes[0].x == floor (erand48 (x) * G_MAXUINT32));
  ck_assert (topo->nodes[0].y == floor (erand48 (x) * G_MAXUINT32));
  ck_assert_int_eq (memcmp (seeds.places, x, sizeof x), 0);
}
END_TEST

/* BRITE's AssignBW: exponential -BWMin ln U; heavy-tailed its bounded
 * Pareto (BWMax, 1.2); constant BWMin without a draw. */
START_TEST (test_bandwidth_distributions)
{
  CnsBriteSeeds seeds = test_seeds;
  unsigned short x[3];
  g_autoptr (CnsBriteTopology) expo = NULL;
  g_autoptr (CnsBriteTopology) ht = NULL;
  g_autoptr (CnsBriteTopology) constant = NULL;
  g_autoptr (CnsBriteTopology) uniform = NULL;
  gdouble sum = 0.0, max = 0.0;

  memcpy (x, seeds.bandwidth, sizeof x);
  expo = bandwidth_probe (1001, CNS_BRITE_DIST_EXPONENTIAL, 25.0, 0.0, &seeds);
  for (guint32 e = 0; e < expo->n_edges; e++)
    {
      gdouble expected = -25.0 * log (erand48 (x));

      ck_assert_double_eq_tol (expo->edges[e].bandwidth, expected,
                               1e-12 * expected);
    }

  ht = bandwidth_probe (20001, CNS_BRITE_DIST_HEAVY_TAILED, 10.0, 1024.0,
                        &seeds);
  for (guint32 e = 0; e < ht->n_edges; e++)
    {
      gdouble u = erand48 (x);
      gdouble expected
          = 1.0 / pow (1.0 - u + u * pow (1.0 / 1024.0, 1.2), 1.0 / 1.2);
      gdouble bw = ht->edges[e].bandwidth;

      ck_assert_double_eq_tol (bw, expected, 1e-12 * expected);
      ck_assert (bw >= 1.0 && bw <= 1024.0);
      sum += bw;
      max = MAX (max, bw);
    }
  /* Bounded Pareto on [1, 1024], shape 1.2: mean 1.2 (1 - 1024^-0.2) /
   * (0.2 (1 - 1024^-1.2)) = 4.47; heavy: the largest of 20,000 is near
   * the bound. */
  ck_assert_double_eq_tol (sum / ht->n_edges, 4.47, 0.3);
  ck_assert_double_gt (max, 500.0);
  ck_assert_int_eq (memcmp (seeds.bandwidth, x, sizeof x), 0);

  constant = bandwidth_probe (100, CNS_BRITE_DIST_CONSTANT, 155.0, 0.0, &seeds);
  for (guint32 e = 0; e < constant->n_edges; e++)
    ck_assert (constant->edges[e].bandwidth == 155.0);
  ck_assert_int_eq (memcmp (seeds.bandwidth, x, sizeof x), 0);

  uniform = bandwidth_probe (100, CNS_BRITE_DIST_UNIFORM, 10.0, 1024.0, &seeds);
  for (guint32 e = 0; e < uniform->n_edges; e++)
    ck_assert (uniform->edges[e].bandwidth
               == 10.0 + erand48 (x) * (1024.0 - 10.0));
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Seeds */

static const gchar seed_text[]
    = "PLACES 0 1 2\nCONNECT 3 4 5\nEDGE_CONN 6 7 8\nGROUPING 9 10 11\n"
      "ASSIGNMENT 12 13 14\nBANDWIDTH 65535 0 65534\n";

START_TEST (test_seeds_parse_print)
{
  CnsBriteSeeds seeds, again;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  const gchar *commented
      = "# BRITE seeds\n\n  PLACES\t0 1 2   # where\r\nCONNECT 3 4 5\n"
        "EDGE_CONN 6 7 8\n\n# grouping\nGROUPING 9 10 11\nASSIGNMENT 12 13 "
        "14\nBANDWIDTH 65535 0 0065534";

  ck_assert (cns_brite_seeds_parse (seed_text, "s", &seeds, &error));
  ck_assert_uint_eq (seeds.places[0], 0);
  ck_assert_uint_eq (seeds.places[2], 2);
  ck_assert_uint_eq (seeds.connect[0], 3);
  ck_assert_uint_eq (seeds.edge_conn[1], 7);
  ck_assert_uint_eq (seeds.grouping[2], 11);
  ck_assert_uint_eq (seeds.assignment[0], 12);
  ck_assert_uint_eq (seeds.bandwidth[0], 65535);
  ck_assert_uint_eq (seeds.bandwidth[2], 65534);
  text = cns_brite_seeds_to_string (&seeds);
  ck_assert_str_eq (text, seed_text);

  ck_assert (cns_brite_seeds_parse (commented, "c", &again, &error));
  ck_assert_int_eq (memcmp (&seeds, &again, sizeof seeds), 0);
}
END_TEST

static void
seeds_parse_fails (const gchar *text, const gchar *message)
{
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (GError) error = NULL;

  ck_assert (!cns_brite_seeds_parse (text, "s", &seeds, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_PARSE);
  ck_assert_str_eq (error->message, message);
  ck_assert_int_eq (memcmp (&seeds, &test_seeds, sizeof seeds), 0);
}

START_TEST (test_seeds_errors)
{
  seeds_parse_fails ("", "s:1: expected PLACES, found the end of the file");
  seeds_parse_fails ("CONNECT 1 2 3\n",
                     "s:1: expected PLACES, found 'CONNECT'");
  seeds_parse_fails ("places 1 2 3\n", "s:1: expected PLACES, found 'places'");
  seeds_parse_fails ("PLACES 1 2 3\n# c\nCONNECT 1 x 3\n",
                     "s:3: 'x' is not a seed value for CONNECT (expected an "
                     "integer from 0 to 65535)");
  seeds_parse_fails ("PLACES 1 2 65536\n",
                     "s:1: '65536' is not a seed value for PLACES (expected "
                     "an integer from 0 to 65535)");
  seeds_parse_fails ("PLACES 1 -2 3\n",
                     "s:1: '-2' is not a seed value for PLACES (expected an "
                     "integer from 0 to 65535)");
  seeds_parse_fails ("PLACES 1 2.0 3\n",
                     "s:1: '2.0' is not a seed value for PLACES (expected an "
                     "integer from 0 to 65535)");
  seeds_parse_fails ("PLACES 1 2\n", "s:1: PLACES has 2 values; it needs 3");
  seeds_parse_fails ("PLACES\n", "s:1: PLACES has 0 values; it needs 3");
  seeds_parse_fails ("PLACES 1 2 3 4\n",
                     "s:1: unexpected '4' after the 3 values of PLACES");
  seeds_parse_fails ("PLACES 1 2 3\nCONNECT 1 2 3\nEDGE_CONN 1 2 3\n"
                     "GROUPING 1 2 3\nASSIGNMENT 1 2 3\n",
                     "s:6: expected BANDWIDTH, found the end of the file");
  {
    g_autofree gchar *seven = g_strconcat (seed_text, "\nPLACES 1 2 3\n", NULL);

    seeds_parse_fails (seven,
                       "s:8: unexpected 'PLACES' after the BANDWIDTH line");
  }
}
END_TEST

START_TEST (test_seeds_files)
{
  g_autofree gchar *dir = cns_test_make_tmp_dir ("brite-seeds");
  g_autofree gchar *path = g_build_filename (dir, "seed_file", NULL);
  g_autofree gchar *missing = g_build_filename (dir, "none", "seed", NULL);
  g_autofree gchar *bad = g_build_filename (dir, "bad", NULL);
  g_autofree gchar *message = NULL;
  CnsBriteSeeds seeds = test_seeds, back;
  g_autoptr (GError) error = NULL;

  ck_assert (cns_brite_seeds_write_file (&seeds, path, &error));
  ck_assert (cns_brite_seeds_read_file (path, &back, &error));
  ck_assert_int_eq (memcmp (&seeds, &back, sizeof seeds), 0);

  ck_assert (!cns_brite_seeds_read_file (missing, &back, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  ck_assert_msg (strstr (error->message, missing) != NULL, "%s",
                 error->message);
  g_clear_error (&error);

  ck_assert (!cns_brite_seeds_write_file (&seeds, missing, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  ck_assert_msg (strstr (error->message, missing) != NULL, "%s",
                 error->message);
  g_clear_error (&error);

  ck_assert (
      g_file_set_contents (bad, "PLACES 1 2 3\nCONNECT 1 2\n", -1, NULL));
  ck_assert (!cns_brite_seeds_read_file (bad, &back, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_PARSE);
  message = g_strdup_printf ("%s:2: CONNECT has 2 values; it needs 3", bad);
  ck_assert_str_eq (error->message, message);
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

START_TEST (test_seeds_from_random)
{
  g_autoptr (CnsRandomVariable) a = cns_uniform_random_variable_new (0, 1);
  g_autoptr (CnsRandomVariable) b = cns_uniform_random_variable_new (0, 1);
  g_autoptr (CnsRandomVariable) c = cns_uniform_random_variable_new (0, 1);
  g_autoptr (CnsRandomVariable) d = cns_uniform_random_variable_new (0, 1);
  CnsBriteSeeds sa, sb, sd;
  const guint16 *words = (const guint16 *) &sa;

  cns_random_variable_set_stream (a, 7);
  cns_random_variable_set_stream (b, 7);
  cns_random_variable_set_stream (c, 7);
  cns_random_variable_set_stream (d, 8);
  cns_brite_seeds_from_random (&sa, a);
  cns_brite_seeds_from_random (&sb, b);
  cns_brite_seeds_from_random (&sd, d);
  ck_assert_int_eq (memcmp (&sa, &sb, sizeof sa), 0);
  ck_assert_int_ne (memcmp (&sa, &sd, sizeof sa), 0);
  /* 18 draws, in the order of the seed file. */
  G_STATIC_ASSERT (sizeof (CnsBriteSeeds) == 18 * sizeof (guint16));
  for (guint i = 0; i < 18; i++)
    ck_assert_uint_eq (
        words[i], (guint) floor (cns_random_variable_uniform (c) * 65536.0));
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Determinism */

START_TEST (test_same_seeds_same_topology)
{
  CnsBriteModel models[] = {
    waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 300, 100, 2,
                  CNS_BRITE_GROWTH_INCREMENTAL, 0.15, 0.2),
    waxman_model (CNS_BRITE_MODEL_AS_WAXMAN, 300, 100, 2, CNS_BRITE_GROWTH_ALL,
                  0.15, 0.2),
    ba_model (CNS_BRITE_MODEL_ROUTER_BA, 300, 100, 3),
  };

  for (guint k = 0; k < G_N_ELEMENTS (models); k++)
    {
      CnsBriteSeeds s1 = test_seeds, s2 = test_seeds, s3 = test_seeds;
      g_autoptr (CnsBriteTopology) t1 = NULL;
      g_autoptr (CnsBriteTopology) t2 = NULL;
      g_autoptr (CnsBriteTopology) t3 = NULL;
      g_autoptr (CnsBriteTopology) t4 = NULL;

      models[k].bw_dist = CNS_BRITE_DIST_UNIFORM;
      t1 = generate_ok (&models[k], &s1);
      t2 = generate_ok (&models[k], &s2);
      ck_assert_uint_eq (t1->n_nodes, t2->n_nodes);
      ck_assert_uint_eq (t1->n_edges, t2->n_edges);
      ck_assert_int_eq (
          memcmp (t1->nodes, t2->nodes, sizeof (CnsBriteNode) * t1->n_nodes),
          0);
      ck_assert_int_eq (
          memcmp (t1->edges, t2->edges, sizeof (CnsBriteEdge) * t1->n_edges),
          0);
      ck_assert_int_eq (memcmp (&s1, &s2, sizeof s1), 0);
      ck_assert_uint_eq (t1->model_id, models[k].type);
      ck_assert_ptr_nonnull (t1->model);

      /* The seeds advanced where they were drawn from, only there. */
      ck_assert_int_ne (memcmp (s1.places, test_seeds.places, 6), 0);
      ck_assert_int_ne (memcmp (s1.connect, test_seeds.connect, 6), 0);
      ck_assert_int_ne (memcmp (s1.bandwidth, test_seeds.bandwidth, 6), 0);
      ck_assert_int_eq (memcmp (s1.edge_conn, test_seeds.edge_conn, 6), 0);
      ck_assert_int_eq (memcmp (s1.grouping, test_seeds.grouping, 6), 0);
      ck_assert_int_eq (memcmp (s1.assignment, test_seeds.assignment, 6), 0);

      /* Other seeds (the advanced ones, or one word changed), another
       * topology. */
      t3 = generate_ok (&models[k], &s1);
      ck_assert_int_ne (
          memcmp (t1->nodes, t3->nodes, sizeof (CnsBriteNode) * t1->n_nodes),
          0);
      /* Another CONNECT seed: the same places, other links. */
      s3.connect[1] ^= 1;
      t4 = generate_ok (&models[k], &s3);
      for (guint32 i = 0; i < t1->n_nodes; i++)
        ck_assert (t1->nodes[i].x == t4->nodes[i].x
                   && t1->nodes[i].y == t4->nodes[i].y);
      ck_assert (
          t1->n_edges != t4->n_edges
          || memcmp (t1->edges, t4->edges, sizeof (CnsBriteEdge) * t1->n_edges)
                 != 0);
    }
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Placement */

START_TEST (test_random_placement)
{
  CnsBriteModel sparse
      = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 2000, 50, 1,
                      CNS_BRITE_GROWTH_INCREMENTAL, 0.9, 1.0);
  CnsBriteModel full = ba_model (CNS_BRITE_MODEL_AS_BA, 400, 20, 1);
  CnsBriteModel over = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 401, 20, 1,
                                     CNS_BRITE_GROWTH_INCREMENTAL, 0.9, 1.0);
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) a = generate_ok (&sparse, &seeds);
  g_autoptr (CnsBriteTopology) b = generate_ok (&full, &seeds);
  gdouble sx = 0.0;

  ck_assert_uint_eq (a->n_nodes, 2000);
  check_placement (a, 50);
  for (guint32 i = 0; i < a->n_nodes; i++)
    sx += a->nodes[i].x;
  /* Uniform: mean x (2500 squares, 2000 taken) near 24.5. */
  ck_assert_double_eq_tol (sx / a->n_nodes, 24.5, 1.0);
  ck_assert_uint_eq (b->n_nodes, 400);
  check_placement (b, 20);
  generate_fails (&over, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: N = 401 nodes do not fit on a plane of "
                  "HS = 20 (400 squares, one node a square)");
}
END_TEST

START_TEST (test_heavy_tailed_placement)
{
  guint32 n = cns_test_under_valgrind () ? 5000 : 20000;
  CnsBriteModel model = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, n, 1000, 1,
                                      CNS_BRITE_GROWTH_INCREMENTAL, 0.5, 0.5);
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) topo = NULL;
  g_autofree guint32 *count = g_new0 (guint32, 100 * 100);
  guint32 visited = 0, max = 0;
  static const guint ks[] = { 1, 2, 3, 5, 10, 20, 40 };

  model.ls = 10;
  model.placement = CNS_BRITE_PLACEMENT_HEAVY_TAILED;
  topo = generate_ok (&model, &seeds);
  ck_assert_uint_eq (topo->n_nodes, n);
  check_placement (topo, 1000);
  for (guint32 i = 0; i < n; i++)
    count[(guint) topo->nodes[i].y / 10 * 100
          + (guint) topo->nodes[i].x / 10]++;
  /* The squares are visited row by row, each getting at least one node,
   * at most 3/4 of its 100 cells. */
  while (visited < 100 * 100 && count[visited] > 0)
    visited++;
  for (guint32 s = 0; s < 100 * 100; s++)
    {
      ck_assert_uint_le (count[s], 75);
      if (s >= visited)
        ck_assert_uint_eq (count[s], 0);
      max = MAX (max, count[s]);
    }
  /* Heavy tail: the fullest square holds far more than the mean. */
  ck_assert_uint_ge (max, 10 * n / visited);
  ck_assert_uint_eq (max, 75);
  /* P (count >= k) = P (Pareto >= k) = (1/k - 1/H) / (1 - 1/H), H = 10^8,
   * for the visited squares but the last, which was cut short. */
  for (guint t = 0; t < G_N_ELEMENTS (ks); t++)
    {
      guint32 full = visited - 1, seen = 0;
      gdouble p = 1.0 / ks[t], expected, sd;

      for (guint32 s = 0; s < full; s++)
        seen += count[s] >= ks[t];
      expected = p * full;
      sd = sqrt (full * p * (1.0 - p));
      ck_assert_msg (fabs (seen - expected) <= 4.0 * sd + 1.0,
                     "count >= %u in %u of %u squares, expected %.1f", ks[t],
                     seen, full, expected);
    }

  model.ls = 300;
  generate_fails (&model, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: HS = 1000 is not a multiple of LS = 300, "
                  "as heavy-tailed placement needs");
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Waxman */

#define N_BINS    16 /* 100 wide, 0 to 1600 > 1000 sqrt (2) */
#define BIN_WIDTH 100.0

typedef struct
{
  gdouble observed[N_BINS];
  gdouble expected[N_BINS];
} DistanceLaw;

static guint
law_runs (void)
{
  return cns_test_under_valgrind () ? 400 : 2000;
}

/* Bins the links of law_runs () Waxman graphs (50 nodes, m = 1,
 * incremental, @alpha, @beta) by length, and the links that Waxman's law
 * with @law_beta expects: node i to j < i with probability
 * exp (-d_ij / (beta L)) / sum_k exp (-d_ik / (beta L)) (alpha cancels). */
static void
waxman_law (gdouble alpha, gdouble beta, gdouble law_beta, DistanceLaw *law)
{
  CnsBriteModel model
      = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 50, 1000, 1,
                      CNS_BRITE_GROWTH_INCREMENTAL, alpha, beta);
  CnsBriteSeeds seeds = test_seeds;
  gdouble scale = law_beta * G_SQRT2 * 1000.0;

  memset (law, 0, sizeof *law);
  for (guint r = 0; r < law_runs (); r++)
    {
      g_autoptr (CnsBriteTopology) topo = generate_ok (&model, &seeds);

      ck_assert_uint_eq (topo->n_edges, 49);
      for (guint32 e = 0; e < topo->n_edges; e++)
        {
          /* Edge e is node e + 1's link to an earlier node. */
          ck_assert_uint_eq (topo->edges[e].src, e + 1);
          ck_assert_uint_lt (topo->edges[e].dst, e + 1);
          law->observed[(guint) (topo->edges[e].length / BIN_WIDTH)] += 1.0;
        }
      for (guint32 i = 1; i < 50; i++)
        {
          gdouble w[50], sum = 0.0;

          for (guint32 k = 0; k < i; k++)
            sum += w[k] = exp (-node_distance (topo, i, k) / scale);
          for (guint32 k = 0; k < i; k++)
            law->expected[(guint) (node_distance (topo, i, k) / BIN_WIDTH)]
                += w[k] / sum;
        }
    }
}

/* The largest relative error over the bins with enough expected links;
 * checks chi-square over the bins with 20 or more. */
static gdouble
law_error (const DistanceLaw *law, gboolean check_chi2)
{
  gdouble threshold = cns_test_under_valgrind () ? 1000.0 : 5000.0;
  gdouble worst = 0.0, chi2 = 0.0;
  guint bins = 0, dof = 0;

  for (guint b = 0; b < N_BINS; b++)
    {
      gdouble o = law->observed[b], e = law->expected[b];

      if (e >= 20.0)
        {
          chi2 += (o - e) * (o - e) / e;
          dof++;
        }
      if (e >= threshold)
        {
          worst = MAX (worst, fabs (o - e) / e);
          bins++;
        }
    }
  ck_assert_uint_ge (bins, 4);
  if (check_chi2)
    ck_assert_msg (chi2 <= dof - 1 + 4.0 * sqrt (2.0 * (dof - 1)),
                   "chi-square %.1f over %u bins", chi2, dof);
  return worst;
}

START_TEST (test_waxman_distance_law)
{
  gdouble tolerance = cns_test_under_valgrind () ? 0.10 : 0.05;
  DistanceLaw law;
  gdouble err;

  waxman_law (0.15, 0.2, 0.2, &law);
  err = law_error (&law, TRUE);
  ck_assert_msg (err <= tolerance, "worst bin off by %.1f%%", 100 * err);

  /* alpha only scales the acceptance: same law. */
  waxman_law (0.6, 0.2, 0.2, &law);
  err = law_error (&law, TRUE);
  ck_assert_msg (err <= tolerance, "alpha 0.6: worst bin off by %.1f%%",
                 100 * err);

  /* beta changes it: beta 0.6 follows its own law, not beta 0.2's. */
  waxman_law (0.15, 0.6, 0.6, &law);
  err = law_error (&law, TRUE);
  ck_assert_msg (err <= tolerance, "beta 0.6: worst bin off by %.1f%%",
                 100 * err);
  waxman_law (0.15, 0.6, 0.2, &law);
  err = law_error (&law, FALSE);
  ck_assert_msg (err > 0.2, "beta 0.6 against beta 0.2's law: %.1f%%",
                 100 * err);
}
END_TEST

START_TEST (test_waxman_incremental)
{
  CnsBriteModel model
      = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 200, 1000, 3,
                      CNS_BRITE_GROWTH_INCREMENTAL, 0.3, 0.3);
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) topo = generate_ok (&model, &seeds);
  guint32 e = 0;

  ck_assert_uint_eq (topo->n_edges, incremental_edges (200, 3));
  check_simple_graph (topo);
  /* Node i's min (3, i) links, in order, to earlier nodes. */
  for (guint32 i = 1; i < 200; i++)
    for (guint32 k = 0; k < MIN (3, i); k++, e++)
      {
        ck_assert_uint_eq (topo->edges[e].src, i);
        ck_assert_uint_lt (topo->edges[e].dst, i);
        ck_assert_int_eq (topo->edges[e].as_from, -1);
        ck_assert (topo->edges[e].bandwidth == 10.0);
        ck_assert_double_eq_tol (topo->edges[e].delay,
                                 topo->edges[e].length * 1e6 / SPEED_OF_LIGHT,
                                 1e-9);
      }
  for (guint32 i = 0; i < 200; i++)
    {
      ck_assert_int_eq (topo->nodes[i].as_id, -1);
      ck_assert_uint_ge (topo->nodes[i].out_degree, MIN (3, 199));
    }
  ck_assert (cns_brite_topology_is_connected (topo));
}
END_TEST

/* Growth "all": each node adds min (m, N - 1 - degree) links, then each
 * other component is joined to node 0's, from a random node of it to
 * its nearest node there. Short links (small beta) leave many
 * components. */
START_TEST (test_waxman_all_connected)
{
  CnsBriteModel model = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 1000, 1000,
                                      1, CNS_BRITE_GROWTH_ALL, 0.9, 0.01);
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) topo = generate_ok (&model, &seeds);
  g_autofree guint32 *parent = g_new (guint32, 1000);
  guint32 joins;

  check_simple_graph (topo);
  ck_assert (cns_brite_topology_is_connected (topo));
  /* m = 1: nobody reaches degree 999, so exactly 1000 links, then the
   * joins. */
  ck_assert_uint_gt (topo->n_edges, 1000);
  joins = topo->n_edges - 1000;
  for (guint32 i = 0; i < 1000; i++)
    parent[i] = i;
  for (guint32 e = 0; e < topo->n_edges; e++)
    {
      guint32 a = topo->edges[e].src, b = topo->edges[e].dst;

      while (parent[a] != a)
        a = parent[a];
      while (parent[b] != b)
        b = parent[b];
      if (e >= 1000)
        {
          /* src outside node 0's component, dst its nearest node in it. */
          guint32 root0 = 0, best = G_MAXUINT32;
          gdouble best_d = G_MAXDOUBLE;

          while (parent[root0] != root0)
            root0 = parent[root0];
          ck_assert_uint_ne (a, root0);
          ck_assert_uint_eq (b, root0);
          for (guint32 k = 0; k < 1000; k++)
            {
              guint32 r = k;

              while (parent[r] != r)
                r = parent[r];
              if (r == root0
                  && node_distance (topo, topo->edges[e].src, k) < best_d)
                {
                  best_d = node_distance (topo, topo->edges[e].src, k);
                  best = k;
                }
            }
          ck_assert_uint_eq (topo->edges[e].dst, best);
        }
      if (a != b)
        parent[MAX (a, b)] = MIN (a, b);
    }
  ck_assert_uint_ge (joins, 10);

  /* With m = 3 on 5 nodes, the cap at N - 1: a complete graph. */
  {
    CnsBriteModel tiny = waxman_model (CNS_BRITE_MODEL_AS_WAXMAN, 5, 1000, 7,
                                       CNS_BRITE_GROWTH_ALL, 0.5, 0.5);
    g_autoptr (CnsBriteTopology) k5 = generate_ok (&tiny, &seeds);

    ck_assert_uint_eq (k5->n_edges, 10);
    check_simple_graph (k5);
    for (guint32 e = 0; e < k5->n_edges; e++)
      ck_assert (k5->edges[e].delay == -1.0);
  }
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Barabasi-Albert */

START_TEST (test_barabasi_albert_small)
{
  CnsBriteModel model = ba_model (CNS_BRITE_MODEL_AS_BA, 500, 1000, 3);
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) topo = generate_ok (&model, &seeds);
  guint32 e = 0;

  ck_assert_uint_eq (topo->n_edges, incremental_edges (500, 3));
  check_simple_graph (topo);
  /* Nodes 0 .. 3 form a clique; node i then links to 3 earlier nodes. */
  for (guint32 i = 1; i < 500; i++)
    for (guint32 k = 0; k < MIN (3, i); k++, e++)
      {
        ck_assert_uint_eq (topo->edges[e].src, i);
        ck_assert_uint_lt (topo->edges[e].dst, i);
        ck_assert (topo->edges[e].delay == -1.0);
        ck_assert_int_eq (topo->edges[e].as_from, (gint32) i);
        ck_assert_int_eq (topo->edges[e].as_to, (gint32) topo->edges[e].dst);
      }
  for (guint32 i = 0; i < 500; i++)
    {
      ck_assert_int_eq (topo->nodes[i].as_id, (gint32) i);
      ck_assert_uint_ge (topo->nodes[i].out_degree, 3);
      ck_assert (topo->nodes[i].type >= CNS_BRITE_AS_LEAF);
    }
  ck_assert (cns_brite_topology_is_connected (topo));
}
END_TEST

START_TEST (test_barabasi_albert_tail)
{
  guint32 n = 10000;
  CnsBriteModel model = ba_model (CNS_BRITE_MODEL_ROUTER_BA, n, 1000, 2);
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) topo = generate_ok (&model, &seeds);
  const guint32 d_min = 10;
  gdouble sum_log = 0.0, gamma, early = 0.0, late = 0.0;
  guint32 tail = 0;

  ck_assert_uint_eq (topo->n_edges, incremental_edges (n, 2));
  check_simple_graph (topo);
  for (guint32 i = 0; i < n; i++)
    {
      guint32 d = topo->nodes[i].out_degree;

      ck_assert_uint_ge (d, 2);
      if (d >= d_min)
        {
          tail++;
          sum_log += log (d / (d_min - 0.5));
        }
      if (i < 100)
        early += d;
      else if (i >= n - 1000)
        late += d;
    }
  /* Discrete Hill estimate of P (d) ~ d^-gamma; BA's gamma is 3. */
  gamma = 1.0 + tail / sum_log;
  ck_assert_msg (gamma >= 2.5 && gamma <= 3.5, "gamma %.3f over %u nodes",
                 gamma, tail);
  /* Preferential attachment: the first nodes gather links. */
  ck_assert_double_gt (early / 100, 5.0 * late / 1000);
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Hierarchical models */

static CnsBriteModel
top_down_model (CnsBriteEdgeConn edge_conn, CnsBriteModel *as,
                CnsBriteModel *router)
{
  CnsBriteModel model = { 0 };

  model.type = CNS_BRITE_MODEL_TOP_DOWN;
  model.edge_conn = edge_conn;
  model.k = -1;
  model.bw_inter_dist = CNS_BRITE_DIST_CONSTANT;
  model.bw_inter_min = 1000.0;
  model.bw_inter_max = 2000.0;
  model.bw_intra_dist = CNS_BRITE_DIST_UNIFORM;
  model.bw_intra_min = 10.0;
  model.bw_intra_max = 100.0;
  model.as_model = as;
  model.router_model = router;
  as->bw_min = as->bw_max = router->bw_min = router->bw_max = -1.0;
  return model;
}

/* Replays the inter-AS links of a top-down topology of @n_as ASes of
 * @per_as routers: each must join the routers that @edge_conn picks from
 * the degrees so far. */
static void
check_top_down_links (const CnsBriteTopology *topo, guint32 n_as,
                      guint32 per_as, CnsBriteEdgeConn edge_conn, gint32 k,
                      const guint16 edge_conn_seed[3])
{
  guint32 n = n_as * per_as, first_inter = G_MAXUINT32;
  g_autofree guint32 *degree = g_new0 (guint32, n);
  unsigned short x[3]
      = { edge_conn_seed[0], edge_conn_seed[1], edge_conn_seed[2] };

  for (guint32 e = 0; e < topo->n_edges; e++)
    {
      const CnsBriteEdge *edge = &topo->edges[e];
      guint32 ends[2] = { edge->src, edge->dst };
      gint32 as[2] = { edge->as_from, edge->as_to };

      ck_assert_int_eq (edge->as_from, topo->nodes[edge->src].as_id);
      ck_assert_int_eq (edge->as_to, topo->nodes[edge->dst].as_id);
      if (edge->as_from == edge->as_to)
        {
          /* Intra-AS links all come first. */
          ck_assert_uint_eq (first_inter, G_MAXUINT32);
          ck_assert (edge->bandwidth >= 10.0 && edge->bandwidth <= 100.0);
          degree[edge->src]++;
          degree[edge->dst]++;
          continue;
        }
      if (first_inter == G_MAXUINT32)
        first_inter = e;
      ck_assert (edge->bandwidth == 1000.0);
      for (guint t = 0; t < 2; t++)
        {
          guint32 lo = (guint32) as[t] * per_as, expected = G_MAXUINT32;
          guint32 global_min = G_MAXUINT32, best = G_MAXUINT32;

          for (guint32 i = 0; i < n; i++)
            global_min = MIN (global_min, degree[i]);
          if (edge_conn == CNS_BRITE_EDGE_CONN_RANDOM)
            expected = lo + (guint32) floor (erand48 (x) * per_as);
          else
            {
              gint64 above = edge_conn == CNS_BRITE_EDGE_CONN_SMALLEST_K ? k
                             : edge_conn == CNS_BRITE_EDGE_CONN_SMALLEST_NONLEAF
                                 ? (gint64) global_min
                                 : -1;

              for (guint32 i = lo; i < lo + per_as; i++)
                if ((gint64) degree[i] > above
                    && (best == G_MAXUINT32 || degree[i] < degree[best]))
                  best = i;
              /* None qualifies: the smallest. */
              if (best == G_MAXUINT32)
                for (guint32 i = lo; i < lo + per_as; i++)
                  if (best == G_MAXUINT32 || degree[i] < degree[best])
                    best = i;
              expected = best;
            }
          ck_assert_msg (ends[t] == expected,
                         "edge %u end %u: router %u, expected %u", e, t,
                         ends[t], expected);
          degree[ends[t]]++;
        }
    }
  ck_assert_uint_ne (first_inter, G_MAXUINT32);
}

START_TEST (test_top_down_edge_conn)
{
  static const CnsBriteEdgeConn conns[]
      = { CNS_BRITE_EDGE_CONN_RANDOM, CNS_BRITE_EDGE_CONN_SMALLEST,
          CNS_BRITE_EDGE_CONN_SMALLEST_NONLEAF,
          CNS_BRITE_EDGE_CONN_SMALLEST_K };

  for (guint c = 0; c < G_N_ELEMENTS (conns); c++)
    {
      CnsBriteModel as = ba_model (CNS_BRITE_MODEL_AS_BA, 6, 100, 2);
      CnsBriteModel router
          = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 8, 100, 2,
                          CNS_BRITE_GROWTH_INCREMENTAL, 0.5, 0.5);
      CnsBriteModel model = top_down_model (conns[c], &as, &router);
      CnsBriteSeeds seeds = test_seeds;
      g_autoptr (CnsBriteTopology) topo = NULL;
      guint32 per_as_edges = (guint32) incremental_edges (8, 2);

      model.k = 2;
      topo = generate_ok (&model, &seeds);
      ck_assert_uint_eq (topo->model_id, 5);
      ck_assert_uint_eq (topo->n_nodes, 48);
      ck_assert_uint_eq (topo->n_edges,
                         6 * per_as_edges + incremental_edges (6, 2));
      check_placement (topo, 100);
      check_simple_graph (topo);
      ck_assert (cns_brite_topology_is_connected (topo));
      for (guint32 i = 0; i < 48; i++)
        ck_assert_int_eq (topo->nodes[i].as_id, (gint32) (i / 8));
      /* The AS graph is BA: the first AS link joins AS 1 to AS 0. */
      ck_assert_int_eq (topo->edges[6 * per_as_edges].as_from, 1);
      ck_assert_int_eq (topo->edges[6 * per_as_edges].as_to, 0);
      check_top_down_links (topo, 6, 8, conns[c], 2, test_seeds.edge_conn);
      if (conns[c] == CNS_BRITE_EDGE_CONN_RANDOM)
        ck_assert_int_ne (memcmp (seeds.edge_conn, test_seeds.edge_conn, 6), 0);
      else
        ck_assert_int_eq (memcmp (seeds.edge_conn, test_seeds.edge_conn, 6), 0);
    }
}
END_TEST

static CnsBriteModel
bottom_up_model (CnsBriteGrouping grouping, CnsBriteDist assign, guint32 num_as,
                 CnsBriteModel *router)
{
  CnsBriteModel model = { 0 };

  model.type = CNS_BRITE_MODEL_BOTTOM_UP;
  model.grouping = grouping;
  model.assign_type = assign;
  model.num_as = num_as;
  model.bw_inter_dist = CNS_BRITE_DIST_CONSTANT;
  model.bw_inter_min = 77.0;
  model.bw_inter_max = 100.0;
  model.router_model = router;
  return model;
}

/* Every router in one of @num_as ASes, each AS with @sizes[a] routers
 * (at least one when @sizes is NULL). */
static void
check_bottom_up_counts (const CnsBriteTopology *topo, guint32 num_as,
                        const guint32 *sizes)
{
  g_autofree guint32 *count = g_new0 (guint32, num_as);
  guint32 total = 0;

  for (guint32 i = 0; i < topo->n_nodes; i++)
    {
      ck_assert_int_ge (topo->nodes[i].as_id, 0);
      ck_assert_int_lt (topo->nodes[i].as_id, (gint32) num_as);
      count[topo->nodes[i].as_id]++;
    }
  for (guint32 a = 0; a < num_as; a++)
    {
      ck_assert_uint_ge (count[a], 1);
      total += count[a];
      if (sizes)
        ck_assert_uint_eq (count[a], sizes[a]);
    }
  ck_assert_uint_eq (total, topo->n_nodes);
}

/* Checks a bottom-up topology of routers with 10 Mbps links and
 * inter-AS links of 77 Mbps; returns the fraction of links inside an
 * AS. */
static gdouble
check_bottom_up (const CnsBriteTopology *topo, guint32 num_as,
                 const guint32 *sizes)
{
  guint32 inside = 0;

  check_bottom_up_counts (topo, num_as, sizes);
  ck_assert_uint_eq (cns_brite_topology_get_n_as (topo), num_as);
  for (guint32 e = 0; e < topo->n_edges; e++)
    {
      const CnsBriteEdge *edge = &topo->edges[e];

      ck_assert_int_eq (edge->as_from, topo->nodes[edge->src].as_id);
      ck_assert_int_eq (edge->as_to, topo->nodes[edge->dst].as_id);
      if (edge->as_from == edge->as_to)
        {
          ck_assert (edge->bandwidth == 10.0);
          inside++;
        }
      else
        ck_assert (edge->bandwidth == 77.0);
    }
  return (gdouble) inside / topo->n_edges;
}

/* AssignType 2: weights 1 + U (N - 1) from ASSIGNMENT; each AS one
 * router plus its share of the other N - NumAS, rounded down, then one
 * more each for the largest remainders (ties: lowest AS). */
static void
uniform_as_sizes (const guint16 seed[3], guint32 n, guint32 num_as,
                  guint32 *sizes)
{
  unsigned short x[3] = { seed[0], seed[1], seed[2] };
  g_autofree gdouble *w = g_new (gdouble, num_as);
  g_autofree gdouble *frac = g_new (gdouble, num_as);
  gdouble total = 0.0;
  guint32 spare = n - num_as, given = 0;

  for (guint32 a = 0; a < num_as; a++)
    total += w[a] = 1.0 + erand48 (x) * (n - 1.0);
  for (guint32 a = 0; a < num_as; a++)
    {
      gdouble share = w[a] / total * spare;

      sizes[a] = 1 + (guint32) floor (share);
      given += (guint32) floor (share);
      frac[a] = share - floor (share);
    }
  for (; given < spare; given++)
    {
      guint32 best = 0;

      for (guint32 a = 1; a < num_as; a++)
        if (frac[a] > frac[best])
          best = a;
      sizes[best]++;
      frac[best] = -1.0;
    }
}

START_TEST (test_bottom_up)
{
  static const guint32 sizes[] = { 15, 15, 14, 14, 14, 14, 14 };
  CnsBriteModel router
      = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 100, 1000, 2,
                      CNS_BRITE_GROWTH_INCREMENTAL, 0.15, 0.2);
  CnsBriteModel pick = bottom_up_model (CNS_BRITE_GROUPING_RANDOM_PICK,
                                        CNS_BRITE_DIST_CONSTANT, 7, &router);
  CnsBriteModel walk = bottom_up_model (CNS_BRITE_GROUPING_RANDOM_WALK,
                                        CNS_BRITE_DIST_CONSTANT, 7, &router);
  gdouble inside_pick = 0.0, inside_walk = 0.0;
  CnsBriteSeeds seeds = test_seeds;

  for (guint r = 0; r < 20; r++)
    {
      g_autoptr (CnsBriteTopology) a = generate_ok (&pick, &seeds);
      g_autoptr (CnsBriteTopology) b = generate_ok (&walk, &seeds);

      ck_assert_uint_eq (a->model_id, 6);
      ck_assert_uint_eq (a->n_edges, incremental_edges (100, 2));
      ck_assert (cns_brite_topology_is_connected (a));
      inside_pick += check_bottom_up (a, 7, sizes);
      inside_walk += check_bottom_up (b, 7, sizes);
    }
  /* Random pick puts about 1/7 of the links inside ASes; a random walk
   * grows ASes along links, so many more. */
  inside_pick /= 20;
  inside_walk /= 20;
  ck_assert_double_lt (fabs (inside_pick - 100.0 / 7 / 99), 0.05);
  ck_assert_double_gt (inside_walk, 2 * inside_pick);

  /* Drawn sizes: NumAS ASes, each at least one router, summing to N. */
  for (CnsBriteDist d = CNS_BRITE_DIST_UNIFORM;
       d <= CNS_BRITE_DIST_HEAVY_TAILED; d++)
    {
      CnsBriteModel drawn
          = bottom_up_model (CNS_BRITE_GROUPING_RANDOM_WALK, d, 30, &router);
      guint32 expected[30];
      g_autoptr (CnsBriteTopology) t = NULL;

      if (d == CNS_BRITE_DIST_UNIFORM)
        uniform_as_sizes (seeds.assignment, 100, 30, expected);
      t = generate_ok (&drawn, &seeds);
      check_bottom_up (t, 30, d == CNS_BRITE_DIST_UNIFORM ? expected : NULL);
    }

  pick.num_as = 101;
  generate_fails (&pick, CNS_BRITE_ERROR_INVALID,
                  "BottomUpHier model: NumAS = 101 is more than the N = 100 "
                  "routers to group");
}
END_TEST

/* ---------------------------------------------------------------------- */
/* The shipped configuration files */

static gboolean
grows_incrementally (const CnsBriteModel *model)
{
  return model->type == CNS_BRITE_MODEL_ROUTER_BA
         || model->type == CNS_BRITE_MODEL_AS_BA
         || model->growth == CNS_BRITE_GROWTH_INCREMENTAL;
}

static void
check_conf (const gchar *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteConfig) config
      = cns_brite_config_parse_file (path, &error);
  g_autoptr (CnsBriteTopology) topo = NULL;
  CnsBriteSeeds seeds = test_seeds;
  const CnsBriteModel *model, *rt;
  guint32 n, per_as = 0;
  guint64 edges = 0;
  gboolean leaf = FALSE;

  ck_assert_msg (config != NULL, "%s: %s", path, error->message);
  model = config->model;
  topo = cns_brite_generate (config, &seeds, &error);
  ck_assert_msg (topo != NULL, "%s: %s", path, error->message);
  ck_assert_uint_eq (topo->model_id, model->type);
  ck_assert_ptr_nonnull (topo->model);
  ck_assert_msg (cns_brite_topology_is_connected (topo), "%s", path);
  check_simple_graph (topo);

  rt = model->router_model ? model->router_model : model;
  switch (model->type)
    {
    case CNS_BRITE_MODEL_TOP_DOWN:
      per_as = rt->n;
      n = model->as_model->n * rt->n;
      edges = model->as_model->n * incremental_edges (rt->n, rt->m)
              + incremental_edges (model->as_model->n, model->as_model->m);
      ck_assert (grows_incrementally (rt)
                 && grows_incrementally (model->as_model));
      break;
    default:
      n = rt->n;
      ck_assert (grows_incrementally (rt));
      edges = incremental_edges (rt->n, rt->m);
      break;
    }
  ck_assert_msg (topo->n_nodes == n, "%s: %u nodes", path, topo->n_nodes);
  ck_assert_msg (topo->n_edges == edges, "%s: %u edges", path, topo->n_edges);

  for (guint32 i = 0; i < topo->n_nodes; i++)
    {
      const CnsBriteNode *node = &topo->nodes[i];

      switch (model->type)
        {
        case CNS_BRITE_MODEL_AS_WAXMAN:
        case CNS_BRITE_MODEL_AS_BA:
          ck_assert_int_eq (node->as_id, (gint32) i);
          ck_assert (node->type > CNS_BRITE_AS_NODE);
          break;
        case CNS_BRITE_MODEL_TOP_DOWN:
          ck_assert_int_eq (node->as_id, (gint32) (i / per_as));
          ck_assert (node->type > CNS_BRITE_RT_NODE
                     && node->type < CNS_BRITE_AS_NODE);
          break;
        case CNS_BRITE_MODEL_BOTTOM_UP:
          ck_assert_int_ge (node->as_id, 0);
          ck_assert_int_lt (node->as_id, (gint32) model->num_as);
          ck_assert (node->type > CNS_BRITE_RT_NODE
                     && node->type < CNS_BRITE_AS_NODE);
          break;
        default:
          ck_assert_int_eq (node->as_id, -1);
          ck_assert (node->type > CNS_BRITE_RT_NODE
                     && node->type < CNS_BRITE_AS_NODE);
          break;
        }
      leaf
          |= node->type == CNS_BRITE_RT_LEAF || node->type == CNS_BRITE_AS_LEAF;
    }
  ck_assert_msg (leaf, "%s: no leaf", path);
  if (model->type == CNS_BRITE_MODEL_BOTTOM_UP
      && model->assign_type == CNS_BRITE_DIST_CONSTANT)
    {
      g_autofree guint32 *sizes = g_new (guint32, model->num_as);

      for (guint32 a = 0; a < model->num_as; a++)
        sizes[a] = n / model->num_as + (a < n % model->num_as);
      check_bottom_up_counts (topo, model->num_as, sizes);
    }

  for (guint32 e = 0; e < topo->n_edges; e++)
    {
      const CnsBriteEdge *edge = &topo->edges[e];
      gboolean inter = edge->as_from != edge->as_to;
      CnsBriteDist dist;
      gdouble min, max;

      ck_assert (edge->type != CNS_BRITE_E_RT && edge->type != CNS_BRITE_E_AS);
      if (model->type == CNS_BRITE_MODEL_AS_WAXMAN
          || model->type == CNS_BRITE_MODEL_AS_BA)
        {
          ck_assert (edge->delay == -1.0);
          ck_assert (edge->type >= CNS_BRITE_E_AS);
        }
      else
        {
          ck_assert_double_eq_tol (edge->delay,
                                   edge->length * 1e6 / SPEED_OF_LIGHT, 1e-9);
          ck_assert (edge->type < CNS_BRITE_E_AS);
        }
      if ((model->type == CNS_BRITE_MODEL_TOP_DOWN
           || model->type == CNS_BRITE_MODEL_BOTTOM_UP)
          && inter)
        {
          dist = model->bw_inter_dist;
          min = model->bw_inter_min;
          max = model->bw_inter_max;
        }
      else if (model->type == CNS_BRITE_MODEL_TOP_DOWN)
        {
          dist = model->bw_intra_dist;
          min = model->bw_intra_min;
          max = model->bw_intra_max;
        }
      else
        {
          dist = rt->bw_dist;
          min = rt->bw_min;
          max = rt->bw_max;
        }
      if (dist == CNS_BRITE_DIST_CONSTANT)
        ck_assert_msg (edge->bandwidth == min, "%s: edge %u: %g Mbps", path, e,
                       edge->bandwidth);
      else if (dist == CNS_BRITE_DIST_UNIFORM)
        ck_assert (edge->bandwidth >= min && edge->bandwidth <= max);
      else
        ck_assert (edge->bandwidth > 0.0);
    }
}

START_TEST (test_shipped_confs)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (CNS_BRITE_CONF_DIR, 0, &error);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const gchar *name;

  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".conf"))
      g_ptr_array_add (names,
                       g_build_filename (CNS_BRITE_CONF_DIR, name, NULL));
  ck_assert_uint_ge (names->len, 15);
  for (guint i = 0; i < names->len; i++)
    check_conf (g_ptr_array_index (names, i));
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Imported files */

START_TEST (test_imported_files)
{
  g_autofree gchar *dir = cns_test_make_tmp_dir ("brite-import");
  g_autofree gchar *path = g_build_filename (dir, "rt.brite", NULL);
  CnsBriteModel source
      = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 60, 1000, 2,
                      CNS_BRITE_GROWTH_INCREMENTAL, 0.3, 0.3);
  CnsBriteModel file = { 0 };
  CnsBriteSeeds seeds = test_seeds;
  g_autoptr (CnsBriteTopology) orig = NULL;
  g_autoptr (CnsBriteTopology) same = NULL;
  g_autoptr (CnsBriteTopology) redrawn = NULL;
  g_autoptr (CnsBriteTopology) as = NULL;
  g_autoptr (GError) error = NULL;

  source.bw_dist = CNS_BRITE_DIST_UNIFORM;
  orig = generate_ok (&source, &seeds);
  ck_assert (cns_brite_topology_write_file (orig, path, &error));

  file.type = CNS_BRITE_MODEL_ROUTER_FILE;
  file.format = 1;
  file.file = path;
  file.hs = 1000;
  file.ls = 100;
  file.bw_dist = CNS_BRITE_DIST_CONSTANT;
  file.bw_min = file.bw_max = -1.0;
  same = generate_ok (&file, &seeds);
  ck_assert_uint_eq (same->model_id, 7);
  ck_assert_uint_eq (same->n_nodes, orig->n_nodes);
  ck_assert_uint_eq (same->n_edges, orig->n_edges);
  for (guint32 i = 0; i < orig->n_nodes; i++)
    {
      ck_assert (same->nodes[i].x == orig->nodes[i].x);
      ck_assert (same->nodes[i].y == orig->nodes[i].y);
      ck_assert_int_eq (same->nodes[i].as_id, -1);
      /* Classified with m = 1: the nodes of degree 1 are the leaves. */
      ck_assert_int_eq (same->nodes[i].type == CNS_BRITE_RT_LEAF,
                        same->nodes[i].out_degree <= 1);
    }
  for (guint32 e = 0; e < orig->n_edges; e++)
    {
      ck_assert_uint_eq (same->edges[e].src, orig->edges[e].src);
      ck_assert_uint_eq (same->edges[e].dst, orig->edges[e].dst);
      ck_assert (same->edges[e].bandwidth == orig->edges[e].bandwidth);
    }

  file.bw_min = file.bw_max = 5.0;
  redrawn = generate_ok (&file, &seeds);
  for (guint32 e = 0; e < redrawn->n_edges; e++)
    ck_assert (redrawn->edges[e].bandwidth == 5.0);

  file.type = CNS_BRITE_MODEL_AS_FILE;
  as = generate_ok (&file, &seeds);
  for (guint32 i = 0; i < as->n_nodes; i++)
    {
      ck_assert_int_eq (as->nodes[i].as_id, (gint32) i);
      ck_assert (as->nodes[i].type >= CNS_BRITE_AS_NODE);
    }
  for (guint32 e = 0; e < as->n_edges; e++)
    {
      ck_assert (as->edges[e].delay == -1.0);
      ck_assert (as->edges[e].type >= CNS_BRITE_E_AS);
    }

  file.format = 2;
  generate_fails (&file, CNS_BRITE_ERROR_UNSUPPORTED,
                  "ASFile model: Format = 2 is not supported; cns imports "
                  "only BRITE files (Format = 1)");
  file.format = 1;
  file.file = (gchar *) "/nonexistent/cns.brite";
  generate_fails (&file, CNS_BRITE_ERROR_IO, NULL);
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

/* ---------------------------------------------------------------------- */
/* Validation */

START_TEST (test_invalid_models)
{
  CnsBriteModel wax = waxman_model (CNS_BRITE_MODEL_ROUTER_WAXMAN, 10, 100, 2,
                                    CNS_BRITE_GROWTH_INCREMENTAL, 0.15, 0.2);
  CnsBriteModel ba = ba_model (CNS_BRITE_MODEL_ROUTER_BA, 10, 100, 2);
  CnsBriteModel m;
  CnsBriteSeeds seeds = test_seeds;

  m = wax;
  m.n = 0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: N = 0: a topology needs at least one node");
  m = ba;
  m.m = 0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTBarabasi model: m = 0: each new node must add at least "
                  "one link");
  m = wax;
  m.hs = 0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: HS = 0: the plane needs a side of at "
                  "least 1");
  m = wax;
  m.alpha = 0.0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: alpha = 0: Waxman's alpha must be above 0");
  m = wax;
  m.beta = -1.0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: beta = -1: Waxman's beta must be above 0");
  m = wax;
  m.growth = 3;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTWaxman model: GrowthType = 3 is not 1 (incremental) or "
                  "2 (all)");
  m = ba;
  m.placement = 0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTBarabasi model: NodePlacement = 0 is not 1 (random) or 2 "
                  "(heavy-tailed)");
  m = ba;
  m.bw_dist = CNS_BRITE_DIST_EXPONENTIAL;
  m.bw_min = 0.0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTBarabasi model: BWMin = 0: an exponential bandwidth needs "
                  "a mean (BWMin) above 0");
  m = ba;
  m.bw_dist = CNS_BRITE_DIST_UNIFORM;
  m.bw_min = 20.0;
  m.bw_max = 10.0;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTBarabasi model: BWMin = 20, BWMax = 10: a uniform "
                  "bandwidth needs 0 <= BWMin <= BWMax");
  m = ba;
  m.bw_dist = 5;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "RTBarabasi model: BWDist = 5 is not a distribution (1 "
                  "constant, 2 uniform, 3 exponential, 4 heavy-tailed)");
  m = ba;
  m.type = 9;
  generate_fails (&m, CNS_BRITE_ERROR_INVALID,
                  "Name = 9 is not a BRITE model (1 to 8)");

  {
    CnsBriteModel as = ba_model (CNS_BRITE_MODEL_AS_BA, 3, 100, 1);
    CnsBriteModel rt = wax;
    CnsBriteModel td = top_down_model (CNS_BRITE_EDGE_CONN_SMALLEST, &as, &rt);

    td.as_model = &rt;
    generate_fails (&td, CNS_BRITE_ERROR_INVALID,
                    "TopDownHier model: the AS-level block is model 1; it "
                    "must be 3, 4 or 8");
    td.as_model = &as;
    td.router_model = &as;
    generate_fails (&td, CNS_BRITE_ERROR_INVALID,
                    "TopDownHier model: the router-level block is model 4; it "
                    "must be 1, 2 or 7");
    td.router_model = &rt;
    td.edge_conn = 5;
    generate_fails (&td, CNS_BRITE_ERROR_INVALID,
                    "TopDownHier model: edgeConn = 5 is not 1 (random), 2 "
                    "(smallest degree), 3 (smallest non-leaf) or 4 (smallest "
                    "degree above k)");
    td.edge_conn = CNS_BRITE_EDGE_CONN_SMALLEST;
    td.bw_intra_dist = CNS_BRITE_DIST_CONSTANT;
    td.bw_intra_min = -1.0;
    generate_fails (&td, CNS_BRITE_ERROR_INVALID,
                    "TopDownHier model: BWIntraMin = -1: a constant bandwidth "
                    "must be above 0 Mbps");
    /* 10 routers in each of 3 ASes, on a plane of 25 squares. */
    td.bw_intra_min = 10.0;
    rt.hs = 5;
    generate_fails (&td, CNS_BRITE_ERROR_INVALID,
                    "RTWaxman model: N = 10 nodes do not fit on the plane of "
                    "HS = 5: the nodes placed before leave 5 of its squares "
                    "free");
  }

  CNS_TEST_EXPECT_CRITICAL ("*config != NULL*",
                            cns_brite_generate (NULL, &seeds, NULL));
}
END_TEST

Suite *
test_brite_generator_suite (void)
{
  Suite *s = suite_create ("brite-generator");
  TCase *random = tcase_create ("random");
  TCase *seeds = tcase_create ("seeds");
  TCase *flat = tcase_create ("flat");
  TCase *waxman = tcase_create ("waxman-law");
  TCase *large = tcase_create ("barabasi-albert-10000");
  TCase *hier = tcase_create ("hierarchical");
  TCase *files = tcase_create ("files");

  tcase_add_test (random, test_erand48_known_values);
  tcase_add_test (random, test_erand48_matches_libc);
  tcase_add_test (random, test_erand48_places);
  tcase_add_test (random, test_bandwidth_distributions);
  suite_add_tcase (s, random);

  tcase_add_test (seeds, test_seeds_parse_print);
  tcase_add_test (seeds, test_seeds_errors);
  tcase_add_test (seeds, test_seeds_files);
  tcase_add_test (seeds, test_seeds_from_random);
  suite_add_tcase (s, seeds);

  tcase_add_test (flat, test_same_seeds_same_topology);
  tcase_add_test (flat, test_random_placement);
  tcase_add_test (flat, test_heavy_tailed_placement);
  tcase_add_test (flat, test_waxman_incremental);
  tcase_add_test (flat, test_waxman_all_connected);
  tcase_add_test (flat, test_barabasi_albert_small);
  tcase_add_test (flat, test_invalid_models);
  tcase_set_timeout (flat, 60);
  suite_add_tcase (s, flat);

  tcase_add_test (waxman, test_waxman_distance_law);
  tcase_set_timeout (waxman, 120);
  suite_add_tcase (s, waxman);

  tcase_add_test (large, test_barabasi_albert_tail);
  tcase_set_timeout (large, 120);
  suite_add_tcase (s, large);

  tcase_add_test (hier, test_top_down_edge_conn);
  tcase_add_test (hier, test_bottom_up);
  tcase_set_timeout (hier, 60);
  suite_add_tcase (s, hier);

  tcase_add_test (files, test_shipped_confs);
  tcase_add_test (files, test_imported_files);
  tcase_set_timeout (files, 60);
  suite_add_tcase (s, files);
  return s;
}
