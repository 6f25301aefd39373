/* cns — tests of CnsBriteTopology: building, classifying, connectivity,
 * reading real and untidy .brite files, every rejection, and exact
 * write -> read round trips.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "brite/cns-brite-error.h"
#include "brite/cns-brite-topology.h"
#include "brite/suites.h"
#include "lib/cns-test.h"

#include <math.h>
#include <string.h>

static gchar *tmp_dir;

static void
topology_setup (void)
{
  tmp_dir = cns_test_make_tmp_dir ("brite-topology");
}

static void
topology_teardown (void)
{
  cns_test_remove_tmp_dir (&tmp_dir);
  cns_test_reset ();
}

/* @base with its first @old replaced by @new. */
static gchar *
edit (const gchar *base, const gchar *old, const gchar *new)
{
  const gchar *at = strstr (base, old);

  ck_assert_msg (at != NULL, "'%s' is not in the text", old);
  return g_strdup_printf ("%.*s%s%s", (int) (at - base), base, new,
                          at + strlen (old));
}

static void
assert_same_topology (const CnsBriteTopology *a, const CnsBriteTopology *b)
{
  ck_assert_uint_eq (a->n_nodes, b->n_nodes);
  ck_assert_uint_eq (a->n_edges, b->n_edges);
  ck_assert_uint_eq (a->model_id, b->model_id);
  for (guint32 i = 0; i < a->n_nodes; i++)
    ck_assert_msg (memcmp (&a->nodes[i], &b->nodes[i], sizeof (CnsBriteNode))
                       == 0,
                   "node %u differs", i);
  for (guint32 i = 0; i < a->n_edges; i++)
    ck_assert_msg (memcmp (&a->edges[i], &b->edges[i], sizeof (CnsBriteEdge))
                       == 0,
                   "edge %u differs", i);
}

START_TEST (test_brite_type_strings)
{
  static const gchar *const nodes[]
      = { "RT_NODE", "RT_LEAF", "RT_BORDER", "RT_STUB", "RT_BACKBONE",
          "AS_NODE", "AS_LEAF", "AS_BORDER", "AS_STUB", "AS_BACKBONE" };
  static const gchar *const edges[]
      = { "E_RT", "E_RT_STUB", "E_RT_BORDER", "E_RT_BACKBONE",
          "E_AS", "E_AS_STUB", "E_AS_BORDER", "E_AS_BACKBONE" };

  for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
    ck_assert_str_eq (cns_brite_node_type_to_string (i), nodes[i]);
  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    ck_assert_str_eq (cns_brite_edge_type_to_string (i), edges[i]);
  ck_assert_int_eq (CNS_BRITE_AS_BACKBONE, 9);
  ck_assert_int_eq (CNS_BRITE_E_AS_BACKBONE, 7);
  CNS_TEST_EXPECT_CRITICAL (
      "*", ck_assert_ptr_null (cns_brite_node_type_to_string (10)));
  CNS_TEST_EXPECT_CRITICAL (
      "*", ck_assert_ptr_null (cns_brite_edge_type_to_string (8)));
}
END_TEST

START_TEST (test_brite_add)
{
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  CnsBriteEdge *e;

  ck_assert_uint_eq (topo->n_nodes, 0);
  ck_assert_uint_eq (topo->n_edges, 0);
  ck_assert_uint_eq (topo->model_id, 0);
  ck_assert_ptr_null (topo->model);

  ck_assert_uint_eq (
      cns_brite_topology_add_node (topo, 0, 0, 0, CNS_BRITE_AS_NODE), 0);
  ck_assert_uint_eq (
      cns_brite_topology_add_node (topo, 3, 4, 2, CNS_BRITE_AS_NODE), 1);
  ck_assert_uint_eq (
      cns_brite_topology_add_node (topo, 3, 0, -1, CNS_BRITE_RT_NODE), 2);
  ck_assert_uint_eq (topo->nodes[1].in_degree, 0);
  ck_assert_uint_eq (topo->nodes[1].out_degree, 0);
  ck_assert_int_eq (topo->nodes[1].as_id, 2);

  /* A router edge: length and delay. */
  ck_assert_uint_eq (
      cns_brite_topology_add_edge (topo, 0, 1, 10.5, CNS_BRITE_E_RT), 0);
  e = &topo->edges[0];
  ck_assert_uint_eq (e->src, 0);
  ck_assert_uint_eq (e->dst, 1);
  ck_assert (e->length == 5.0);
  ck_assert (e->delay == 5.0 * 1e6 / 299792458.0);
  ck_assert (e->delay == cns_brite_delay_for_length (5.0));
  ck_assert (e->bandwidth == 10.5);
  ck_assert_int_eq (e->as_from, 0);
  ck_assert_int_eq (e->as_to, 2);
  ck_assert_int_eq (e->type, CNS_BRITE_E_RT);
  ck_assert (!e->directed);

  /* An AS edge: delay -1. */
  ck_assert_uint_eq (
      cns_brite_topology_add_edge (topo, 1, 2, 100, CNS_BRITE_E_AS), 1);
  e = &topo->edges[1];
  ck_assert (e->length == 4.0);
  ck_assert (e->delay == -1.0);
  ck_assert_int_eq (e->as_from, 2);
  ck_assert_int_eq (e->as_to, -1);

  ck_assert_uint_eq (topo->nodes[0].in_degree, 1);
  ck_assert_uint_eq (topo->nodes[0].out_degree, 1);
  ck_assert_uint_eq (topo->nodes[1].in_degree, 2);
  ck_assert_uint_eq (topo->nodes[1].out_degree, 2);
  ck_assert_uint_eq (topo->nodes[2].in_degree, 1);
  ck_assert_uint_eq (topo->nodes[2].out_degree, 1);

  /* Misuse. */
  CNS_TEST_EXPECT_CRITICAL (
      "*dst < self->n_nodes*",
      ck_assert_uint_eq (
          cns_brite_topology_add_edge (topo, 0, 3, 1, CNS_BRITE_E_RT),
          G_MAXUINT32));
  CNS_TEST_EXPECT_CRITICAL (
      "*src < self->n_nodes*",
      ck_assert_uint_eq (
          cns_brite_topology_add_edge (topo, 7, 0, 1, CNS_BRITE_E_RT),
          G_MAXUINT32));
  ck_assert_uint_eq (topo->n_edges, 2);

  /* Growth keeps what was there. */
  for (guint i = 3; i < 1000; i++)
    ck_assert_uint_eq (
        cns_brite_topology_add_node (topo, i, i, 1, CNS_BRITE_RT_NODE), i);
  for (guint i = 3; i < 1000; i++)
    ck_assert_uint_eq (
        cns_brite_topology_add_edge (topo, i - 1, i, 1, CNS_BRITE_E_RT), i - 1);
  ck_assert_uint_ge (topo->nodes_size, topo->n_nodes);
  ck_assert_uint_ge (topo->edges_size, topo->n_edges);
  ck_assert (topo->nodes[1].x == 3 && topo->nodes[1].y == 4);
  ck_assert (topo->edges[0].length == 5.0);
  ck_assert (topo->nodes[999].x == 999);
}
END_TEST

START_TEST (test_brite_delay_for_length)
{
  static const gdouble lengths[] = { 0, 1, 2.82842712474619, 1.0 / 3, 1e7 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    ck_assert (cns_brite_delay_for_length (lengths[i])
               == lengths[i] * 1e6 / 299792458.0);
  ck_assert_double_eq_tol (cns_brite_delay_for_length (299792.458), 1000.0,
                           1e-9);
}
END_TEST

/* Every class, with m = 1:
 *
 *      3         4   5
 *      |          \ /
 *      1 -------- 2           leaves 3, 4, 5 (degree 1)
 *       \        /            1: one stub edge: stub
 *        \      /             2: two stub edges: border
 *         \    /              0, 6, 7: none: backbone
 *           0
 *          / \
 *         6 - 7
 */
static CnsBriteTopology *
make_classes (gboolean as)
{
  static const guint32 ends[][2]
      = { { 0, 1 }, { 0, 2 }, { 1, 2 }, { 1, 3 }, { 2, 4 },
          { 2, 5 }, { 0, 6 }, { 0, 7 }, { 6, 7 } };
  CnsBriteTopology *topo = cns_brite_topology_new ();

  for (guint i = 0; i < 8; i++)
    cns_brite_topology_add_node (topo, i, 0, as ? (gint32) i : -1,
                                 as ? CNS_BRITE_AS_NODE : CNS_BRITE_RT_NODE);
  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    cns_brite_topology_add_edge (topo, ends[i][0], ends[i][1], 10,
                                 as ? CNS_BRITE_E_AS : CNS_BRITE_E_RT);
  return topo;
}

START_TEST (test_brite_classify)
{
  static const CnsBriteNodeType nodes[]
      = { CNS_BRITE_RT_BACKBONE, CNS_BRITE_RT_STUB,    CNS_BRITE_RT_BORDER,
          CNS_BRITE_RT_LEAF,     CNS_BRITE_RT_LEAF,    CNS_BRITE_RT_LEAF,
          CNS_BRITE_RT_BACKBONE, CNS_BRITE_RT_BACKBONE };
  static const CnsBriteEdgeType edges[] = {
    CNS_BRITE_E_RT_BORDER,   CNS_BRITE_E_RT_BORDER,   CNS_BRITE_E_RT_BORDER,
    CNS_BRITE_E_RT_STUB,     CNS_BRITE_E_RT_STUB,     CNS_BRITE_E_RT_STUB,
    CNS_BRITE_E_RT_BACKBONE, CNS_BRITE_E_RT_BACKBONE, CNS_BRITE_E_RT_BACKBONE
  };

  for (int as = 0; as <= 1; as++)
    {
      g_autoptr (CnsBriteTopology) topo = make_classes (as);
      guint node_shift = as ? CNS_BRITE_AS_NODE : 0;
      guint edge_shift = as ? CNS_BRITE_E_AS : 0;

      cns_brite_topology_classify (topo, 1);
      for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
        ck_assert_msg (topo->nodes[i].type == nodes[i] + node_shift,
                       "node %u: %s", i,
                       cns_brite_node_type_to_string (topo->nodes[i].type));
      for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
        ck_assert_msg (topo->edges[i].type == edges[i] + edge_shift,
                       "edge %u: %s", i,
                       cns_brite_edge_type_to_string (topo->edges[i].type));

      /* Classifying again with m = 2 makes 6 and 7 leaves too: 0 then
       * has two stub edges (border), and its edges to 1 and 2 stay
       * border edges; the 6-7 edge is a stub edge. */
      cns_brite_topology_classify (topo, 2);
      ck_assert_int_eq (topo->nodes[0].type, CNS_BRITE_RT_BORDER + node_shift);
      ck_assert_int_eq (topo->nodes[6].type, CNS_BRITE_RT_LEAF + node_shift);
      ck_assert_int_eq (topo->edges[8].type, CNS_BRITE_E_RT_STUB + edge_shift);
      ck_assert_int_eq (topo->edges[2].type,
                        CNS_BRITE_E_RT_BORDER + edge_shift);

      /* With m = 0 nothing is a leaf: every node and edge is backbone. */
      cns_brite_topology_classify (topo, 0);
      for (guint i = 0; i < topo->n_nodes; i++)
        ck_assert_int_eq (topo->nodes[i].type,
                          CNS_BRITE_RT_BACKBONE + node_shift);
      for (guint i = 0; i < topo->n_edges; i++)
        ck_assert_int_eq (topo->edges[i].type,
                          CNS_BRITE_E_RT_BACKBONE + edge_shift);
    }
}
END_TEST

START_TEST (test_brite_connected)
{
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();

  ck_assert (cns_brite_topology_is_connected (topo));
  cns_brite_topology_add_node (topo, 0, 0, -1, CNS_BRITE_RT_NODE);
  ck_assert (cns_brite_topology_is_connected (topo));
  cns_brite_topology_add_node (topo, 1, 0, -1, CNS_BRITE_RT_NODE);
  ck_assert (!cns_brite_topology_is_connected (topo));
  cns_brite_topology_add_edge (topo, 1, 0, 1, CNS_BRITE_E_RT);
  ck_assert (cns_brite_topology_is_connected (topo));

  /* Two triangles, then a self-loop, then the bridge between them. */
  for (guint i = 2; i < 6; i++)
    cns_brite_topology_add_node (topo, i, 0, -1, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_edge (topo, 1, 2, 1, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (topo, 2, 0, 1, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (topo, 3, 4, 1, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (topo, 5, 4, 1, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (topo, 5, 3, 1, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (topo, 5, 5, 1, CNS_BRITE_E_RT);
  ck_assert (!cns_brite_topology_is_connected (topo));
  cns_brite_topology_add_edge (topo, 4, 1, 1, CNS_BRITE_E_RT);
  ck_assert (cns_brite_topology_is_connected (topo));
}
END_TEST

START_TEST (test_brite_n_as)
{
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();

  ck_assert_uint_eq (cns_brite_topology_get_n_as (topo), 0);
  cns_brite_topology_add_node (topo, 0, 0, -1, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_node (topo, 0, 0, -1, CNS_BRITE_RT_NODE);
  ck_assert_uint_eq (cns_brite_topology_get_n_as (topo), 1);
  cns_brite_topology_add_node (topo, 0, 0, 2, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_node (topo, 0, 0, 0, CNS_BRITE_RT_NODE);
  ck_assert_uint_eq (cns_brite_topology_get_n_as (topo), 3);
}
END_TEST

START_TEST (test_brite_read_cloudsim)
{
  g_autofree gchar *path
      = g_build_filename (CNS_BRITE_DATA_DIR, "cloudsim-topology.brite", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteTopology) topo
      = cns_brite_topology_read_file (path, &error);
  const CnsBriteEdge *e;
  gdouble min_delay = G_MAXDOUBLE, max_delay = -G_MAXDOUBLE;

  ck_assert_msg (topo != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (topo->n_nodes, 10);
  ck_assert_uint_eq (topo->n_edges, 20);
  ck_assert_uint_eq (topo->model_id, 1);
  ck_assert_str_eq (topo->model, "5 5 5 1  2  0.15000000596046448 "
                                 "0.20000000298023224 1 1 10.0 1024.0");

  ck_assert (topo->nodes[4].x == 3 && topo->nodes[4].y == 3);
  ck_assert_uint_eq (topo->nodes[4].in_degree, 4);
  ck_assert_uint_eq (topo->nodes[4].out_degree, 4);
  ck_assert_int_eq (topo->nodes[4].as_id, -1);
  ck_assert_int_eq (topo->nodes[4].type, CNS_BRITE_RT_NODE);
  ck_assert (topo->nodes[1].x == 0 && topo->nodes[1].y == 3);
  ck_assert_uint_eq (topo->nodes[0].in_degree, 3);

  e = &topo->edges[2];
  ck_assert_uint_eq (e->src, 3);
  ck_assert_uint_eq (e->dst, 0);
  ck_assert (e->length == 2.82842712474619);
  ck_assert (e->delay == 3.9);
  ck_assert (e->bandwidth == 10);
  ck_assert_int_eq (e->as_from, -1);
  ck_assert_int_eq (e->as_to, -1);
  ck_assert_int_eq (e->type, CNS_BRITE_E_RT);
  ck_assert (!e->directed);

  for (guint i = 0; i < topo->n_edges; i++)
    {
      ck_assert (topo->edges[i].bandwidth == 10);
      min_delay = MIN (min_delay, topo->edges[i].delay);
      max_delay = MAX (max_delay, topo->edges[i].delay);
    }
  ck_assert (min_delay == 0.8);
  ck_assert (max_delay == 7.1);
  ck_assert (cns_brite_topology_is_connected (topo));
  ck_assert_uint_eq (cns_brite_topology_get_n_as (topo), 1);
}
END_TEST

START_TEST (test_brite_read_untidy)
{
  /* CRLF, spaces and tabs, no blanks in the counts, no colon after the
   * Edges count, "Model ( 1 )" without a name, blank lines, ids out of
   * order, the NONE aliases, an AS edge, no final newline. */
  static const gchar text[]
      = "\r\n"
        "Topology:(3 Nodes,2 Edges)\r\n"
        "Model ( 7 ):   a  b \t\r\n"
        "\r\n"
        "\r\n"
        "Nodes: (3):\r\n"
        "2  6.5 \t 8 1 1 4 AS_NONE\r\n"
        "  0\t0\t0\t1\t1\t-1\tRT_NONE  \r\n"
        "\r\n"
        "1 3 4 2 2 -1 RT_BORDER\r\n"
        "Edges:(2)\r\n"
        "1\t1\t2\t5e0\t-1\t1e3\t-1\t4\tE_AS_NONE\tD\r\n"
        "0 0 1 5.000 0.016678204759907604 10.0 -1 -1 E_RT_NONE U\r\n"
        "\r\n"
        "  \t ";
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteTopology) topo
      = cns_brite_topology_read (text, -1, "untidy.brite", &error);

  ck_assert_msg (topo != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (topo->model_id, 7);
  ck_assert_str_eq (topo->model, "a  b");
  ck_assert_uint_eq (topo->n_nodes, 3);
  ck_assert_uint_eq (topo->n_edges, 2);
  ck_assert_int_eq (topo->nodes[0].type, CNS_BRITE_RT_NODE);
  ck_assert_int_eq (topo->nodes[1].type, CNS_BRITE_RT_BORDER);
  ck_assert_int_eq (topo->nodes[2].type, CNS_BRITE_AS_NODE);
  ck_assert (topo->nodes[2].x == 6.5 && topo->nodes[2].y == 8);
  ck_assert_int_eq (topo->nodes[2].as_id, 4);
  ck_assert_uint_eq (topo->nodes[1].in_degree, 2);
  ck_assert_int_eq (topo->edges[0].type, CNS_BRITE_E_RT);
  ck_assert (topo->edges[0].delay == cns_brite_delay_for_length (5));
  ck_assert (!topo->edges[0].directed);
  ck_assert_int_eq (topo->edges[1].type, CNS_BRITE_E_AS);
  ck_assert (topo->edges[1].delay == -1);
  ck_assert (topo->edges[1].bandwidth == 1000);
  ck_assert_int_eq (topo->edges[1].as_to, 4);
  ck_assert (topo->edges[1].directed);

  /* The same with LF only and a byte order mark. */
  {
    GString *plain = g_string_new ("\xef\xbb\xbf");
    g_autoptr (CnsBriteTopology) again = NULL;

    for (const gchar *p = text; *p; p++)
      if (*p != '\r')
        g_string_append_c (plain, *p);
    again = cns_brite_topology_read (plain->str, plain->len, NULL, &error);
    ck_assert_msg (again != NULL, "%s", error ? error->message : "");
    assert_same_topology (topo, again);
    g_string_free (plain, TRUE);
  }
}
END_TEST

/* Line 1 Topology, 2 Model, 4 Nodes, 5-7 nodes, 9 Edges, 10-11 edges. */
static const gchar good[] = "Topology: ( 3 Nodes, 2 Edges )\n"
                            "Model (1 - RTWaxman): 3 10 10 1 1\n"
                            "\n"
                            "Nodes: ( 3 )\n"
                            "0\t0\t0\t1\t1\t-1\tRT_NODE\n"
                            "1\t3\t4\t2\t2\t-1\tRT_NODE\n"
                            "2\t6\t8\t1\t1\t-1\tRT_NODE\n"
                            "\n"
                            "Edges: ( 2 ):\n"
                            "0\t0\t1\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n"
                            "1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n";

typedef struct
{
  const gchar *old;
  const gchar *new;
  const gchar *message;
} Rejection;

START_TEST (test_brite_read_rejects)
{
  static const Rejection cases[] = {
    /* truncated */
    { "1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n", "",
      "t.brite:10: the file ends after 1 of the 2 edges" },
    { "2\t6\t8\t1\t1\t-1\tRT_NODE\n", "",
      "t.brite:8: only 2 of the 3 nodes before the Edges line" },
    { "\n\nEdges: ( 2 ):\n0\t0\t1\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n"
      "1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n",
      "\n", "t.brite:7: the file ends before the Edges line" },
    { "2\t6\t8\t1\t1\t-1\tRT_NODE\n\nEdges: ( 2 ):\n0\t0\t1\t5\t0.1\t10\t-1"
      "\t-1\tE_RT\tU\n1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n",
      "", "t.brite:6: the file ends after 2 of the 3 nodes" },
    { "1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n",
      "1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT",
      "t.brite:11: the edge line has no direction (U or D)" },
    /* too many */
    { "E_RT\tU\n1\t", "E_RT\tU\n1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n2\t",
      "t.brite:12: more than the 2 edges announced" },
    { "RT_NODE\n\n", "RT_NODE\n3\t6\t8\t1\t1\t-1\tRT_NODE\n\n",
      "t.brite:8: more than the 3 nodes announced" },
    { "E_RT\tU\n1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n",
      "E_RT\tU\n1\t1\t2\t5\t0.1\t10\t-1\t-1\tE_RT\tU\n\nthe end\n",
      "t.brite:13: unexpected text after the edges" },
    /* counts */
    { "Nodes: ( 3 )", "Nodes: ( 4 )",
      "t.brite:4: the Nodes line announces 4 nodes, the Topology line 3" },
    { "Edges: ( 2 ):", "Edges: ( 3 ):",
      "t.brite:9: the Edges line announces 3 edges, the Topology line 2" },
    /* headers */
    { "Topology: ( 3 Nodes, 2 Edges )", "Topology: 3 Nodes, 2 Edges",
      "t.brite:1: expected \"Topology: ( N Nodes, M Edges )\"" },
    { "Topology: ( 3 Nodes", "Topology: ( 99999999999 Nodes",
      "t.brite:1: expected \"Topology: ( N Nodes, M Edges )\"" },
    { "Model (1 - RTWaxman)", "Model 1 - RTWaxman",
      "t.brite:2: expected \"Model ( ID ): ...\"" },
    { "Nodes: ( 3 )", "Nodes 3", "t.brite:4: expected \"Nodes: ( N )\"" },
    { "Edges: ( 2 ):", "Edges: 2", "t.brite:9: expected \"Edges: ( M )\"" },
    /* references and ids */
    { "1\t1\t2\t5", "1\t1\t7\t5",
      "t.brite:11: edge 1 ends at node 7, but there are 3 nodes" },
    { "1\t1\t2\t5", "1\t3\t2\t5",
      "t.brite:11: edge 1 starts at node 3, but there are 3 nodes" },
    { "2\t6\t8", "1\t6\t8", "t.brite:7: node 1 is listed twice" },
    { "1\t1\t2\t5", "0\t1\t2\t5", "t.brite:11: edge 0 is listed twice" },
    { "2\t6\t8", "5\t6\t8",
      "t.brite:7: node id 5 is out of range: there are 3 nodes" },
    { "1\t1\t2\t5", "2\t1\t2\t5",
      "t.brite:11: edge id 2 is out of range: there are 2 edges" },
    /* fields */
    { "1\t3\t4", "1\tabc\t4",
      "t.brite:6: the node's x, \"abc\", is not a number" },
    { "1\t3\t4", "1\t3\t4.0.0",
      "t.brite:6: the node's y, \"4.0.0\", is not a number" },
    { "1\t3\t4\t2", "x1\t3\t4\t2",
      "t.brite:6: the node id, \"x1\", is not a number from 0 to 4294967295" },
    { "1\t3\t4\t2\t2", "1\t3\t4\t-2\t2",
      "t.brite:6: the node's in degree, \"-2\", is not a number from 0 to "
      "4294967295" },
    { "1\t3\t4\t2\t2\t-1", "1\t3\t4\t2\t2\t-2",
      "t.brite:6: the node's AS id, \"-2\", is not an AS id from -1 to "
      "2147483647" },
    { "0\t0\t1\t5\t0.1", "0\t0\t1\t5\tnan",
      "t.brite:10: the edge's delay, \"nan\", is not finite" },
    { "0\t0\t1\t5\t0.1", "0\t0\t1\tinf\t0.1",
      "t.brite:10: the edge's length, \"inf\", is not finite" },
    { "0\t0\t1\t5\t0.1", "0\t0\t1\t1e999\t0.1",
      "t.brite:10: the edge's length, \"1e999\", is not finite" },
    { "0\t0\t1\t5\t0.1\t10", "0\t0\t1\t5\t0.1\t-10",
      "t.brite:10: edge 0 has a negative bandwidth" },
    { "0\t0\t1\t5\t0.1", "0\t0\t1\t-5\t0.1",
      "t.brite:10: edge 0 has a negative length" },
    { "0\t0\t1\t5\t0.1", "0\t0\t1\t5\t-0.1",
      "t.brite:10: edge 0 has a negative delay other than -1" },
    { "-1\tRT_NODE\n2", "-1\n2", "t.brite:6: the node line has no type" },
    { "-1\tRT_NODE\n2", "-1\tRT_NODE\tx\n2",
      "t.brite:6: the node line has more than 7 fields" },
    { "-1\tRT_NODE\n2", "-1\tRT_FOO\n2",
      "t.brite:6: unknown node type \"RT_FOO\"" },
    { "E_RT\tU\n1", "E_XX\tU\n1", "t.brite:10: unknown edge type \"E_XX\"" },
    { "E_RT\tU\n1", "E_RT\tX\n1",
      "t.brite:10: the edge's direction, \"X\", is neither U nor D" },
    { "E_RT\tU\n1", "E_RT\tUU\n1",
      "t.brite:10: the edge's direction, \"UU\", is neither U nor D" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree gchar *text = edit (good, cases[i].old, cases[i].new);
      g_autoptr (GError) error = NULL;
      CnsBriteTopology *topo
          = cns_brite_topology_read (text, -1, "t.brite", &error);

      ck_assert_msg (topo == NULL, "case %u was accepted", i);
      CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_PARSE);
      ck_assert_msg (
          g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE),
          "case %u: wrong domain", i);
      ck_assert_msg (g_str_equal (error->message, cases[i].message),
                     "case %u: got '%s', expected '%s'", i, error->message,
                     cases[i].message);
    }

  /* The unedited text is fine, with or without its final newline. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (CnsBriteTopology) topo
        = cns_brite_topology_read (good, -1, "t.brite", &error);
    g_autoptr (CnsBriteTopology) cut = NULL;

    ck_assert_msg (topo != NULL, "%s", error ? error->message : "");
    cut = cns_brite_topology_read (good, strlen (good) - 1, "t.brite", &error);
    ck_assert_msg (cut != NULL, "%s", error ? error->message : "");
    assert_same_topology (topo, cut);
  }
}
END_TEST

static void
assert_read_error (const gchar *text, gssize length, const gchar *message)
{
  g_autoptr (GError) error = NULL;
  CnsBriteTopology *topo
      = cns_brite_topology_read (text, length, "t.brite", &error);

  ck_assert (topo == NULL);
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_PARSE);
  ck_assert_str_eq (error->message, message);
}

START_TEST (test_brite_read_odd_bytes)
{
  /* Empty, blank, binary. */
  assert_read_error ("", 0,
                     "t.brite:1: expected \"Topology: ( N Nodes, M Edges )\"");
  assert_read_error ("\n \n\t\n", -1,
                     "t.brite:3: expected \"Topology: ( N Nodes, M Edges )\"");
  assert_read_error ("\x01\x02\xff", 3,
                     "t.brite:1: expected \"Topology: ( N Nodes, M Edges )\"");

  /* An embedded NUL, within the given length. */
  {
    g_autofree gchar *text = edit (good, "1\t3\t4", "1\t3\t4X5");
    gchar *x = strchr (text, 'X');

    *x = '\0';
    assert_read_error (text, strlen (x + 1) + (x - text) + 1,
                       "t.brite:6: the node's y, \"4?5\", is not a number");
  }

  /* Announcing four billion nodes allocates nothing for them. */
  {
    g_autofree gchar *a = edit (good, "( 3 Nodes", "( 4000000000 Nodes");
    g_autofree gchar *b = edit (a, "Nodes: ( 3 )", "Nodes: ( 4000000000 )");

    assert_read_error (
        b, -1,
        "t.brite:9: only 3 of the 4000000000 nodes before the Edges line");
  }
  {
    g_autofree gchar *a = edit (good, "2 Edges", "4000000000 Edges");
    g_autofree gchar *b = edit (a, "Edges: ( 2 )", "Edges: ( 4000000000 )");

    assert_read_error (b, -1,
                       "t.brite:11: the file ends after 2 of the 4000000000 "
                       "edges");
  }

  /* A long field is shown cut. */
  {
    g_autofree gchar *long_field = g_strnfill (200, '7');
    g_autofree gchar *x = g_strconcat ("1\t", long_field, "x", NULL);
    g_autofree gchar *text = edit (good, "1\t3", x);

    assert_read_error (text, -1,
                       "t.brite:6: the node's x, "
                       "\"77777777777777777777777777777777...\", is not a "
                       "number");
  }
}
END_TEST

START_TEST (test_brite_read_file_errors)
{
  g_autofree gchar *path = g_build_filename (tmp_dir, "none.brite", NULL);
  g_autofree gchar *dir_path
      = g_build_filename (tmp_dir, "no-dir", "x.brite", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();

  ck_assert_ptr_null (cns_brite_topology_read_file (path, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  ck_assert (g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO));
  ck_assert_msg (strstr (error->message, "none.brite") != NULL, "%s",
                 error->message);
  g_clear_error (&error);

  ck_assert (!cns_brite_topology_write_file (topo, dir_path, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  ck_assert_msg (strstr (error->message, "x.brite") != NULL, "%s",
                 error->message);
}
END_TEST

START_TEST (test_brite_write_format)
{
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  g_autofree gchar *text = NULL;

  cns_brite_topology_add_node (topo, 0, 0, -1, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_node (topo, 3, 4, -1, CNS_BRITE_RT_LEAF);
  cns_brite_topology_add_edge (topo, 0, 1, 10, CNS_BRITE_E_RT);
  topo->model_id = 1;
  topo->model = g_strdup ("  2 1 1\t");
  text = cns_brite_topology_to_string (topo);
  ck_assert_str_eq (text,
                    "Topology: ( 2 Nodes, 1 Edges )\n"
                    "Model (1 - RTWaxman): 2 1 1\n"
                    "\n"
                    "Nodes: ( 2 )\n"
                    "0\t0\t0\t1\t1\t-1\tRT_NODE\n"
                    "1\t3\t4\t1\t1\t-1\tRT_LEAF\n"
                    "\n"
                    "Edges: ( 1 ):\n"
                    "0\t0\t1\t5\t0.016678204759907604\t10\t-1\t-1\tE_RT\tU\n");
}
END_TEST

/* Writes @model_id and @model, checks the Model line, and that reading
 * and writing it again gives the same text. */
static void
check_model_line (guint32 model_id, const gchar *model, const gchar *expected)
{
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  g_autoptr (CnsBriteTopology) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  g_autofree gchar *again = NULL;
  g_autofree gchar *lines = NULL;
  const gchar *start, *end;

  topo->model_id = model_id;
  topo->model = g_strdup (model);
  text = cns_brite_topology_to_string (topo);
  start = strchr (text, '\n') + 1;
  end = strstr (start, "\n\nNodes:");
  lines = g_strndup (start, end - start);
  ck_assert_str_eq (lines, expected);

  back = cns_brite_topology_read (text, -1, "model", &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (back->model_id, model_id);
  again = cns_brite_topology_to_string (back);
  ck_assert_str_eq (again, text);
}

START_TEST (test_brite_write_model)
{
  check_model_line (2, "5 5", "Model (2 - RTBarabasi): 5 5");
  check_model_line (8, NULL, "Model (8 - ASFile):");
  check_model_line (0, "", "Model ( 0 ):");
  check_model_line (9, " x y ", "Model ( 9 ): x y");
  /* The "ID - NAME):" a caller may have left is not written twice. */
  check_model_line (1, "1 - RTWaxman): 5 5 5", "Model (1 - RTWaxman): 5 5 5");
  check_model_line (3, "3 - ASWaxman 2 - Foo: 7", "Model (3 - ASWaxman): 7");
  /* Hierarchical models: further Model lines on their own lines, other
   * lines joined, blank ones dropped. */
  check_model_line (5,
                    "\nModel (3 - ASWaxman): 2\n\n  Model (1 - RTWaxman): 3\n",
                    "Model (5 - TopDownHier):\n"
                    "Model (3 - ASWaxman): 2\n"
                    "Model (1 - RTWaxman): 3");
  check_model_line (5, "a\nb\r\n\nc", "Model (5 - TopDownHier): a b c");

  /* And such a file, as BRITE writes a top-down one, reads back. */
  {
    static const gchar text[] = "Topology: ( 0 Nodes, 0 Edges )\n"
                                "Model (5 - TopDown)\n"
                                "Model (3 - ASWaxman): 2 10\n"
                                "Model (1 - RTWaxman): 3 10\n"
                                "\nNodes: ( 0 )\n\nEdges: ( 0 ):\n";
    g_autoptr (GError) error = NULL;
    g_autoptr (CnsBriteTopology) topo
        = cns_brite_topology_read (text, -1, "td", &error);

    ck_assert_msg (topo != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq (topo->model_id, 5);
    ck_assert_str_eq (
        topo->model,
        "\nModel (3 - ASWaxman): 2 10\nModel (1 - RTWaxman): 3 10");
  }
}
END_TEST

START_TEST (test_brite_round_trip)
{
  static const gdouble awkward[]
      = { 1.0 / 3, 1e-7,   123456.789,           -0.0, 0.1, 2.0 / 3, 1e15,
          5e-324,  1e-300, 123456789012345678.0, -2.5, 0 };
  static const gdouble bandwidths[]
      = { 1.0 / 7, 1e300, G_MAXDOUBLE, 0, 10, 1e-7, 0.1 + 0.2 };
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  g_autoptr (CnsBriteTopology) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  g_autofree gchar *again = NULL;
  g_autofree gchar *path = g_build_filename (tmp_dir, "rt.brite", NULL);
  guint n = G_N_ELEMENTS (awkward);

  for (guint i = 0; i < n; i++)
    cns_brite_topology_add_node (
        topo, awkward[i], awkward[(i + 3) % n], (gint32) (i % 3),
        i % 2 ? CNS_BRITE_AS_STUB : CNS_BRITE_RT_BACKBONE);
  for (guint i = 0; i + 1 < n; i++)
    cns_brite_topology_add_edge (
        topo, i, (i * 7 + 1) % n, bandwidths[i % G_N_ELEMENTS (bandwidths)],
        i % 3 == 0 ? CNS_BRITE_E_AS_BORDER : CNS_BRITE_E_RT_STUB);
  topo->edges[2].directed = TRUE;
  topo->edges[3].delay = 1.0 / 3;
  topo->model_id = 4;
  topo->model = g_strdup ("4 - ASBarabasi): 1 2 3");

  ck_assert (cns_brite_topology_write_file (topo, path, &error));
  back = cns_brite_topology_read_file (path, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  assert_same_topology (topo, back);
  ck_assert (signbit (back->nodes[3].x));
  ck_assert_str_eq (back->model, "1 2 3");

  text = cns_brite_topology_to_string (topo);
  again = cns_brite_topology_to_string (back);
  ck_assert_str_eq (text, again);
}
END_TEST

START_TEST (test_brite_large_chain)
{
  const guint32 n = 100000;
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  g_autoptr (CnsBriteTopology) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *path = g_build_filename (tmp_dir, "chain.brite", NULL);

  for (guint32 i = 0; i < n; i++)
    cns_brite_topology_add_node (topo, i * 1.5, (i % 1000) / 7.0, i / 1000,
                                 CNS_BRITE_RT_NODE);
  for (guint32 i = 1; i < n; i++)
    cns_brite_topology_add_edge (topo, i - 1, i, 100, CNS_BRITE_E_RT);
  ck_assert (cns_brite_topology_is_connected (topo));
  ck_assert_uint_eq (cns_brite_topology_get_n_as (topo), 100);

  ck_assert (cns_brite_topology_write_file (topo, path, &error));
  back = cns_brite_topology_read_file (path, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  assert_same_topology (topo, back);
  ck_assert (cns_brite_topology_is_connected (back));
  cns_brite_topology_classify (back, 1);
  ck_assert_int_eq (back->nodes[0].type, CNS_BRITE_RT_LEAF);
  ck_assert_int_eq (back->nodes[1].type, CNS_BRITE_RT_STUB);
  ck_assert_int_eq (back->nodes[2].type, CNS_BRITE_RT_BACKBONE);
  ck_assert_int_eq (back->edges[0].type, CNS_BRITE_E_RT_STUB);
  ck_assert_int_eq (back->edges[1].type, CNS_BRITE_E_RT_BORDER);
  ck_assert_int_eq (back->edges[2].type, CNS_BRITE_E_RT_BACKBONE);
}
END_TEST

Suite *
test_brite_topology_suite (void)
{
  Suite *s = suite_create ("brite-topology");
  TCase *tc = tcase_create ("brite-topology");

  tcase_add_checked_fixture (tc, topology_setup, topology_teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_brite_type_strings);
  tcase_add_test (tc, test_brite_add);
  tcase_add_test (tc, test_brite_delay_for_length);
  tcase_add_test (tc, test_brite_classify);
  tcase_add_test (tc, test_brite_connected);
  tcase_add_test (tc, test_brite_n_as);
  tcase_add_test (tc, test_brite_read_cloudsim);
  tcase_add_test (tc, test_brite_read_untidy);
  tcase_add_test (tc, test_brite_read_rejects);
  tcase_add_test (tc, test_brite_read_odd_bytes);
  tcase_add_test (tc, test_brite_read_file_errors);
  tcase_add_test (tc, test_brite_write_format);
  tcase_add_test (tc, test_brite_write_model);
  tcase_add_test (tc, test_brite_round_trip);
  tcase_add_test (tc, test_brite_large_chain);
  suite_add_tcase (s, tc);
  return s;
}
