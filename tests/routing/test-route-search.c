/* cns — tests of CnsRouteSearch: its paths are the tie rule's, checked
 * against a brute-force reference on many small graphs full of ties, a
 * lookup on a large graph explores a small part of it, and searches
 * sharing their links find the same paths on several threads at once.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <string.h>

#define INF G_MAXUINT64

typedef struct
{
  guint32 u, v;
} Pair;

/* The bits a hop takes at a node with @n_links links. */
static guint32
width (guint32 n_links)
{
  return n_links <= 1 ? 0 : g_bit_storage (n_links - 1);
}

/* All-pairs costs by link metrics, Floyd-Warshall: d[x * n + t], INF
 * when t cannot be reached from x. */
static guint64 *
reference_distances (const CnsRouteGraph *g)
{
  guint32 n = cns_route_graph_get_n_nodes (g);
  guint64 *d = g_new (guint64, (gsize) n * n);

  for (guint32 i = 0; i < n * n; i++)
    d[i] = i / n == i % n ? 0 : INF;
  for (guint32 x = 0; x < n; x++)
    {
      guint32 n_links;
      const CnsRouteLink *links = cns_route_graph_get_links (g, x, &n_links);

      for (guint32 l = 0; l < n_links; l++)
        d[x * n + links[l].neighbor]
            = MIN (d[x * n + links[l].neighbor], links[l].metric);
    }
  for (guint32 k = 0; k < n; k++)
    for (guint32 i = 0; i < n; i++)
      for (guint32 j = 0; j < n; j++)
        if (d[i * n + k] != INF && d[k * n + j] != INF
            && d[i * n + k] + d[k * n + j] < d[i * n + j])
          d[i * n + j] = d[i * n + k] + d[k * n + j];
  return d;
}

/* The tie rule's walk on reference costs @d to @t (@d[x] = d(x, t)):
 * at each node the first link to n with w(x, n) + d(n, t) = d(x, t). */
static gboolean
reference_path (const CnsRouteGraph *g, const guint64 *d, guint32 s, guint32 t,
                GArray *nodes, CnsNixVector **nix)
{
  if (d[s] == INF)
    return FALSE;
  *nix = cns_nix_vector_new ();
  g_array_append_val (nodes, s);
  for (guint32 x = s; x != t;)
    {
      guint32 n_links, l;
      const CnsRouteLink *links = cns_route_graph_get_links (g, x, &n_links);

      for (l = 0; l < n_links; l++)
        if (d[links[l].neighbor] != INF
            && links[l].metric + d[links[l].neighbor] == d[x])
          break;
      ck_assert_uint_lt (l, n_links);
      cns_nix_vector_add_neighbor_index (*nix, l, width (n_links));
      x = links[l].neighbor;
      g_array_append_val (nodes, x);
    }
  return TRUE;
}

static gchar *
path_string (GArray *nodes)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < nodes->len; i++)
    g_string_append_printf (out, "%s%u", i > 0 ? " " : "",
                            g_array_index (nodes, guint32, i));
  return g_string_free (out, FALSE);
}

/* The search's path from @s to @t is the reference's: the same nodes and
 * the same nix vector, or no path for both. */
static void
check_pair (CnsRouteSearch *search, const CnsRouteGraph *g,
            const guint64 *d_to_t, guint32 s, guint32 t, const gchar *what)
{
  g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (CnsNixVector) nix = NULL;
  g_autoptr (CnsNixVector) expected_nix = NULL;
  gboolean found, reachable;

  reachable = reference_path (g, d_to_t, s, t, expected, &expected_nix);
  found = cns_route_search_find (search, s, t, nodes, &nix);
  if (found != reachable)
    ck_abort_msg ("%s: %u -> %u: found %d, reachable %d", what, s, t, found,
                  reachable);
  if (!found)
    {
      ck_assert_ptr_null (nix);
      ck_assert_uint_eq (nodes->len, 0);
      return;
    }
  if (nodes->len != expected->len
      || memcmp (nodes->data, expected->data, nodes->len * sizeof (guint32))
             != 0)
    {
      g_autofree gchar *got = path_string (nodes);
      g_autofree gchar *want = path_string (expected);

      ck_abort_msg ("%s: %u -> %u: path %s, expected %s", what, s, t, got,
                    want);
    }
  if (!cns_nix_vector_equal (nix, expected_nix))
    ck_abort_msg ("%s: %u -> %u: nix vectors differ", what, s, t);
  if (s != t)
    ck_assert_uint_gt (cns_route_search_get_n_settled (search), 0);
}

/* Every ordered pair of @g against the reference. */
static void
check_all_pairs (CnsRouteGraph *g, const gchar *what)
{
  guint32 n = cns_route_graph_get_n_nodes (g);
  g_autofree guint64 *d = reference_distances (g);
  g_autofree guint64 *to_t = g_new (guint64, n);
  g_autoptr (CnsRouteSearch) search = cns_route_search_new (g);

  for (guint32 t = 0; t < n; t++)
    {
      for (guint32 x = 0; x < n; x++)
        to_t[x] = d[x * n + t];
      for (guint32 s = 0; s < n; s++)
        check_pair (search, g, to_t, s, t, what);
    }
}

/* A graph of @n nodes with @pairs as links, node ids permuted at random
 * and links added in random order (which numbers the interfaces); every
 * metric @metric, or when 0 random from 1 to 4 in each direction. */
static CnsRouteGraph *
build (guint32 n, GArray *pairs, guint16 metric, GRand *rand)
{
  CnsRouteGraph *g = cns_route_graph_new (n);
  g_autofree guint32 *id = g_new (guint32, n);

  for (guint32 i = 0; i < n; i++)
    id[i] = i;
  for (guint32 i = n; i > 1; i--)
    {
      guint32 j = (guint32) g_rand_int_range (rand, 0, (gint32) i), tmp;

      tmp = id[i - 1];
      id[i - 1] = id[j];
      id[j] = tmp;
    }
  for (guint k = pairs->len; k > 1; k--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) k);
      Pair tmp = g_array_index (pairs, Pair, k - 1);

      g_array_index (pairs, Pair, k - 1) = g_array_index (pairs, Pair, j);
      g_array_index (pairs, Pair, j) = tmp;
    }
  for (guint k = 0; k < pairs->len; k++)
    {
      Pair *p = &g_array_index (pairs, Pair, k);
      guint16 uv
          = metric > 0 ? metric : (guint16) g_rand_int_range (rand, 1, 5);
      guint16 vu
          = metric > 0 ? metric : (guint16) g_rand_int_range (rand, 1, 5);

      cns_route_graph_add_edge (g, id[p->u], id[p->v], uv, vu);
    }
  cns_route_graph_seal (g);
  return g;
}

static void
add_pair (GArray *pairs, guint32 u, guint32 v)
{
  Pair p = { u, v };

  g_array_append_val (pairs, p);
}

/* Equal metrics: 1, or 7 everywhere (hop counts still order paths). */
static guint16
equal_metric (GRand *rand)
{
  return g_rand_boolean (rand) ? 1 : 7;
}

START_TEST (test_grids)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);

  for (guint32 w = 1; w <= 7; w++)
    for (guint32 h = w; h <= 8; h += 2)
      {
        g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
        g_autoptr (CnsRouteGraph) g = NULL;
        g_autofree gchar *what = g_strdup_printf ("grid %ux%u", w, h);

        if (w * h < 2)
          continue;
        for (guint32 y = 0; y < h; y++)
          for (guint32 x = 0; x < w; x++)
            {
              if (x + 1 < w)
                add_pair (pairs, y * w + x, y * w + x + 1);
              if (y + 1 < h)
                add_pair (pairs, y * w + x, (y + 1) * w + x);
            }
        g = build (w * h, pairs, equal_metric (rand), rand);
        check_all_pairs (g, what);
      }
}
END_TEST

START_TEST (test_rings_and_hypercubes)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2);

  for (guint32 n = 2; n <= 41; n++)
    {
      g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
      g_autoptr (CnsRouteGraph) g = NULL;
      g_autofree gchar *what = g_strdup_printf ("ring %u", n);

      for (guint32 i = 0; i < n && (n > 2 || i == 0); i++)
        add_pair (pairs, i, (i + 1) % n);
      g = build (n, pairs, equal_metric (rand), rand);
      check_all_pairs (g, what);
    }
  for (guint32 dim = 1; dim <= 6; dim++)
    {
      g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
      g_autoptr (CnsRouteGraph) g = NULL;
      g_autofree gchar *what = g_strdup_printf ("hypercube %u", dim);

      for (guint32 x = 0; x < (1u << dim); x++)
        for (guint32 b = 0; b < dim; b++)
          if ((x & (1u << b)) == 0)
            add_pair (pairs, x, x | (1u << b));
      g = build (1u << dim, pairs, equal_metric (rand), rand);
      check_all_pairs (g, what);
    }
}
END_TEST

/* @n nodes: a random sparse core (often in pieces), a few parallel
 * links, hosts hanging off core nodes and a few isolated nodes. */
static GArray *
random_sparse_pairs (guint32 n, GRand *rand)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  guint32 core = MAX (2, n - n / 4 - 2);
  guint32 links = core
                  + (guint32) g_rand_int_range (rand, -(gint32) core / 3,
                                                (gint32) core / 2 + 1);

  for (guint32 k = 0; k < links; k++)
    {
      guint32 u = (guint32) g_rand_int_range (rand, 0, (gint32) core);
      guint32 v = (guint32) g_rand_int_range (rand, 0, (gint32) core - 1);

      add_pair (pairs, u, v >= u ? v + 1 : v);
      if (g_rand_int_range (rand, 0, 8) == 0)
        add_pair (pairs, v >= u ? v + 1 : v, u);
    }
  for (guint32 h = core; h < n - 2; h++)
    add_pair (pairs, h, (guint32) g_rand_int_range (rand, 0, (gint32) core));
  return pairs;
}

START_TEST (test_random_sparse_equal_metrics)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);

  for (guint round = 0; round < 60; round++)
    {
      guint32 n = (guint32) g_rand_int_range (rand, 4, 70);
      g_autoptr (GArray) pairs = random_sparse_pairs (n, rand);
      g_autoptr (CnsRouteGraph) g = build (n, pairs, equal_metric (rand), rand);
      g_autofree gchar *what = g_strdup_printf ("sparse round %u", round);

      ck_assert (cns_route_graph_has_unit_metrics (g));
      check_all_pairs (g, what);
    }
}
END_TEST

/* Unequal metrics (Dijkstra, one-sided): the same reference. */
START_TEST (test_random_sparse_metrics)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);

  for (guint round = 0; round < 40; round++)
    {
      guint32 n = (guint32) g_rand_int_range (rand, 4, 60);
      g_autoptr (GArray) pairs = random_sparse_pairs (n, rand);
      g_autoptr (CnsRouteGraph) g = build (n, pairs, 0, rand);
      g_autofree gchar *what = g_strdup_printf ("metrics round %u", round);

      check_all_pairs (g, what);
    }
}
END_TEST

START_TEST (test_edge_cases)
{
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (6);
  g_autoptr (CnsRouteSearch) search = NULL;
  g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (CnsNixVector) nix = NULL;
  guint32 sentinel = 99;

  /* 0 = 1 (two links) - 2, 3 - 4, 5 alone */
  cns_route_graph_add_edge (g, 0, 1, 1, 1);
  cns_route_graph_add_edge (g, 1, 0, 1, 1);
  cns_route_graph_add_edge (g, 1, 2, 1, 1);
  cns_route_graph_add_edge (g, 3, 4, 1, 1);
  cns_route_graph_seal (g);
  search = cns_route_search_new (g);
  ck_assert_ptr_eq (cns_route_search_get_graph (search), g);

  /* to itself: an empty path, even for a node without links */
  ck_assert (cns_route_search_find (search, 5, 5, nodes, &nix));
  ck_assert_uint_eq (nodes->len, 1);
  ck_assert_uint_eq (g_array_index (nodes, guint32, 0), 5);
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 0);
  ck_assert_uint_eq (cns_nix_vector_get_epoch (nix), 0);
  g_clear_pointer (&nix, cns_nix_vector_unref);

  /* unreachable: FALSE, @nodes untouched, no vector */
  g_array_set_size (nodes, 0);
  g_array_append_val (nodes, sentinel);
  ck_assert (!cns_route_search_find (search, 0, 3, nodes, &nix));
  ck_assert_ptr_null (nix);
  ck_assert_uint_eq (nodes->len, 1);
  ck_assert (!cns_route_search_find (search, 4, 5, NULL, NULL));

  /* parallel links: the lower interface; appended after what is there */
  ck_assert (cns_route_search_find (search, 2, 0, nodes, &nix));
  ck_assert_uint_eq (nodes->len, 4);
  ck_assert_uint_eq (g_array_index (nodes, guint32, 0), sentinel);
  ck_assert_uint_eq (g_array_index (nodes, guint32, 1), 2);
  ck_assert_uint_eq (g_array_index (nodes, guint32, 2), 1);
  ck_assert_uint_eq (g_array_index (nodes, guint32, 3), 0);
  {
    guint32 position = 0;

    /* node 2: 1 link, 0 bits; node 1: links to 0 (if 1), 0 (if 2), 2 */
    ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 2);
    ck_assert_uint_eq (cns_nix_vector_extract (nix, &position, 2), 0);
  }
  ck_assert (cns_route_search_find (search, 0, 2, NULL, NULL));
}
END_TEST

START_TEST (test_misuse)
{
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (2);
  g_autoptr (CnsRouteSearch) search = NULL;
  g_autoptr (GArray) bytes = g_array_new (FALSE, FALSE, 1);
  CnsNixVector *nix = (CnsNixVector *) &nix;

  cns_route_graph_add_edge (g, 0, 1, 1, 1);
  cns_route_graph_seal (g);
  search = cns_route_search_new (g);
  CNS_TEST_EXPECT_CRITICAL (
      "*source < self->n_nodes*",
      ck_assert (!cns_route_search_find (search, 2, 0, NULL, &nix)));
  ck_assert_ptr_null (nix);
  CNS_TEST_EXPECT_CRITICAL (
      "*element_size*",
      ck_assert (!cns_route_search_find (search, 0, 1, bytes, NULL)));
  CNS_TEST_EXPECT_CRITICAL (
      "*self != NULL*",
      ck_assert (!cns_route_search_find (NULL, 0, 1, NULL, NULL)));
  CNS_TEST_EXPECT_CRITICAL ("*graph != NULL*",
                            ck_assert_ptr_null (cns_route_search_new (NULL)));
  cns_route_search_free (NULL);
}
END_TEST

/* d(x, t) in hops for every x, by breadth-first search from @t over the
 * whole graph (links go both ways). */
static void
hops_to (const CnsRouteGraph *g, guint32 t, guint64 *d, guint32 *queue)
{
  guint32 n = cns_route_graph_get_n_nodes (g), head = 0, tail = 0;

  for (guint32 x = 0; x < n; x++)
    d[x] = INF;
  d[t] = 0;
  queue[tail++] = t;
  while (head < tail)
    {
      guint32 y = queue[head++], n_links;
      const CnsRouteLink *links = cns_route_graph_get_links (g, y, &n_links);

      for (guint32 l = 0; l < n_links; l++)
        if (d[links[l].neighbor] == INF)
          {
            d[links[l].neighbor] = d[y] + 1;
            queue[tail++] = links[l].neighbor;
          }
    }
}

/* A random graph of 500,000 nodes and average degree 4: a lookup settles
 * a few hundred nodes (550 on average, 1,951 at most here), where a
 * search from one end until it reaches the other settles a large part
 * of the graph (115,000 on average here, 490,000 at most), and the paths
 * are still the tie rule's. */
START_TEST (test_large_graph_settles_little)
{
  guint32 n = cns_test_under_valgrind () ? 20000 : 500000;
  guint n_pairs = cns_test_under_valgrind () ? 20 : 300, n_found = 0;
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (n);
  g_autoptr (CnsRouteSearch) search = NULL;
  g_autofree guint64 *d = g_new (guint64, n);
  g_autofree guint32 *queue = g_new (guint32, n);
  guint64 total = 0, most = 0;

  for (guint32 k = 0; k < 2 * n; k++)
    {
      guint32 u = (guint32) g_rand_int_range (rand, 0, (gint32) n);
      guint32 v = (guint32) g_rand_int_range (rand, 0, (gint32) n - 1);

      cns_route_graph_add_edge (g, u, v >= u ? v + 1 : v, 1, 1);
    }
  cns_route_graph_seal (g);
  search = cns_route_search_new (g);
  for (guint k = 0; k < n_pairs; k++)
    {
      guint32 s = (guint32) g_rand_int_range (rand, 0, (gint32) n);
      guint32 t = (guint32) g_rand_int_range (rand, 0, (gint32) n);
      guint64 settled;

      if (k < 10)
        {
          g_autofree gchar *what = g_strdup_printf ("large pair %u", k);

          hops_to (g, t, d, queue);
          check_pair (search, g, d, s, t, what);
        }
      else
        n_found += cns_route_search_find (search, s, t, NULL, NULL);
      settled = cns_route_search_get_n_settled (search);
      total += settled;
      most = MAX (most, settled);
    }
  /* nearly all pairs are in the giant component */
  ck_assert_uint_ge (n_found, (n_pairs - 10) * 9 / 10);
  ck_assert_msg (total / n_pairs <= 2000,
                 "%" G_GUINT64_FORMAT " nodes settled per lookup",
                 total / n_pairs);
  ck_assert_msg (most <= 10000, "%" G_GUINT64_FORMAT " nodes settled", most);
}
END_TEST

/* ---- searches sharing their links, on threads ---- */

typedef struct
{
  CnsRouteSearch *search;
  guint32 n;
  guint32 first; /* sources first, first + step, ... */
  guint32 step;
  gchar **paths;     /* by pair s * n + t: nodes and vector, or "-" */
  guint64 *settled;  /* by pair */
} SearchJob;

static gpointer
search_job_run (gpointer data)
{
  SearchJob *job = data;

  for (guint32 s = job->first; s < job->n; s += job->step)
    for (guint32 t = 0; t < job->n; t++)
      {
        g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
        g_autoptr (CnsNixVector) nix = NULL;
        gsize pair = (gsize) s * job->n + t;

        if (cns_route_search_find (job->search, s, t, nodes, &nix))
          {
            GString *text = g_string_new (NULL);
            g_autofree gchar *path = path_string (nodes);

            g_string_append_printf (text, "%s|", path);
            cns_nix_vector_print (nix, text);
            job->paths[pair] = g_string_free (text, FALSE);
          }
        else
          job->paths[pair] = g_strdup ("-");
        job->settled[pair] = cns_route_search_get_n_settled (job->search);
      }
  return NULL;
}

/* Searches made with cns_route_search_new_sharing() search the same
 * graph with workspaces of their own: four threads searching at once
 * find what one search finds alone, pair for pair and node for node
 * settled, and the links stay while any search holds them. */
static void
check_sharing (guint16 metric, guint32 seed)
{
  enum
  {
    N_JOBS = 4
  };
  guint32 n = cns_test_under_valgrind () ? 60 : 300;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  g_autoptr (CnsRouteGraph) g = NULL;
  gsize n_pairs = (gsize) n * n;
  g_autofree gchar **want = g_new0 (gchar *, n_pairs);
  g_autofree gchar **got = g_new0 (gchar *, n_pairs);
  g_autofree guint64 *want_settled = g_new0 (guint64, n_pairs);
  g_autofree guint64 *got_settled = g_new0 (guint64, n_pairs);
  SearchJob jobs[N_JOBS];
  GThread *threads[N_JOBS];
  CnsRouteSearch *first;

  /* a tree with n / 2 more links, and a few nodes apart */
  for (guint32 v = 1; v < n - 3; v++)
    {
      Pair p = { (guint32) g_rand_int_range (rand, 0, (gint32) v), v };

      g_array_append_val (pairs, p);
    }
  for (guint32 k = 0; k < n / 2; k++)
    {
      Pair p = { (guint32) g_rand_int_range (rand, 0, (gint32) n - 3),
                 (guint32) g_rand_int_range (rand, 0, (gint32) n - 3) };

      if (p.u != p.v)
        g_array_append_val (pairs, p);
    }
  g = build (n, pairs, metric, rand);

  /* one search alone */
  first = cns_route_search_new (g);
  jobs[0] = (SearchJob){ first, n, 0, 1, want, want_settled };
  search_job_run (&jobs[0]);

  /* the first search goes before the others are done with its links */
  jobs[0].search = cns_route_search_new_sharing (first);
  cns_route_search_free (first);
  ck_assert_ptr_eq (cns_route_search_get_graph (jobs[0].search), g);
  for (guint j = 0; j < N_JOBS; j++)
    {
      jobs[j] = (SearchJob){ j == 0 ? jobs[0].search
                                    : cns_route_search_new_sharing (
                                          jobs[0].search),
                             n,
                             j,
                             N_JOBS,
                             got,
                             got_settled };
    }
  /* every search made before any thread starts: a search is used by one
   * thread at a time, its making included */
  for (guint j = 0; j < N_JOBS; j++)
    threads[j] = g_thread_new ("search", search_job_run, &jobs[j]);
  for (guint j = 0; j < N_JOBS; j++)
    g_thread_join (threads[j]);
  for (guint j = 0; j < N_JOBS; j++)
    cns_route_search_free (jobs[j].search);
  for (gsize pair = 0; pair < n_pairs; pair++)
    {
      ck_assert_msg (g_str_equal (got[pair], want[pair]),
                     "%u -> %u: %s, alone %s", (guint32) (pair / n),
                     (guint32) (pair % n), got[pair], want[pair]);
      ck_assert_uint_eq (got_settled[pair], want_settled[pair]);
      g_free (got[pair]);
      g_free (want[pair]);
    }
}

START_TEST (test_sharing_on_threads)
{
  check_sharing (1, 71);
  check_sharing (0, 72);
}
END_TEST

Suite *
test_route_search_suite (void)
{
  Suite *s = suite_create ("route-search");
  TCase *tc = tcase_create ("core");
  TCase *threads;

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_grids);
  tcase_add_test (tc, test_rings_and_hypercubes);
  tcase_add_test (tc, test_random_sparse_equal_metrics);
  tcase_add_test (tc, test_random_sparse_metrics);
  tcase_add_test (tc, test_edge_cases);
  tcase_add_test (tc, test_misuse);
  tcase_add_test (tc, test_large_graph_settles_little);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_test (threads, test_sharing_on_threads);
  suite_add_tcase (s, threads);
  return s;
}
