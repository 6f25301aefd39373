/* cns — tests of CnsRouteGraph: edge lists, link order, routers and
 * hosts, addresses, and graphs read from real nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <glib/gstdio.h>

#define A(s) cns_ipv4_address_from_string (s)

static gchar *tmp_dir;

static void
setup (void)
{
  tmp_dir = cns_test_make_tmp_dir ("route-graph");
}

static void
teardown (void)
{
  cns_test_remove_tmp_dir (&tmp_dir);
  cns_test_reset ();
}

/* Writes @text to a new file in the test's directory. */
static gchar *
write_graph (const gchar *name, const gchar *text)
{
  gchar *path = g_build_filename (tmp_dir, name, NULL);

  ck_assert (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
assert_link (const CnsRouteLink *link, guint32 neighbor, guint16 interface,
             guint16 peer_interface, guint16 metric, guint16 peer_metric)
{
  ck_assert_uint_eq (link->neighbor, neighbor);
  ck_assert_uint_eq (link->interface, interface);
  ck_assert_uint_eq (link->peer_interface, peer_interface);
  ck_assert_uint_eq (link->metric, metric);
  ck_assert_uint_eq (link->peer_metric, peer_metric);
}

START_TEST (test_load)
{
  g_autofree gchar *path = write_graph (
      "good.txt", "\n  \n4 5\n0 1\n2 1 3\n\n\t3 2\t\n0 2 7 \n1 0\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRouteGraph) g = cns_route_graph_load (path, &error);
  const CnsRouteLink *links;
  guint32 n;

  ck_assert_msg (g != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (cns_route_graph_get_n_nodes (g), 4);
  ck_assert_uint_eq (cns_route_graph_get_n_links (g), 10);
  ck_assert (!cns_route_graph_has_unit_metrics (g));
  ck_assert_uint_eq (cns_route_graph_get_max_interface (g), 3);

  /* node 0: edges 0-1 (its interface 1), 0-2 (2), 1-0 (3); sorted by
   * neighbour, then interface */
  links = cns_route_graph_get_links (g, 0, &n);
  ck_assert_uint_eq (n, 3);
  assert_link (&links[0], 1, 1, 1, 1, 1);
  assert_link (&links[1], 1, 3, 3, 1, 1);
  assert_link (&links[2], 2, 2, 3, 7, 7);
  links = cns_route_graph_get_links (g, 1, &n);
  ck_assert_uint_eq (n, 3);
  assert_link (&links[0], 0, 1, 1, 1, 1);
  assert_link (&links[1], 0, 3, 3, 1, 1);
  assert_link (&links[2], 2, 2, 1, 3, 3);
  links = cns_route_graph_get_links (g, 2, &n);
  ck_assert_uint_eq (n, 3);
  assert_link (&links[0], 0, 3, 2, 7, 7);
  assert_link (&links[1], 1, 1, 2, 3, 3);
  assert_link (&links[2], 3, 2, 1, 1, 1);
  links = cns_route_graph_get_links (g, 3, &n);
  ck_assert_uint_eq (n, 1);
  assert_link (&links[0], 2, 1, 2, 1, 1);
  for (guint32 i = 0; i < 4; i++)
    {
      links = cns_route_graph_get_links (g, i, &n);
      for (guint32 l = 0; l < n; l++)
        ck_assert_uint_eq (links[l].peer_address.value, 0);
    }
}
END_TEST

START_TEST (test_load_unit_metrics)
{
  g_autofree gchar *ones = write_graph ("ones.txt", "3 2\n0 1 1\n1 2\n");
  g_autofree gchar *fives = write_graph ("fives.txt", "3 2\n0 1 5\n1 2 5\n");
  g_autofree gchar *empty = write_graph ("empty.txt", "2 0\n");
  g_autoptr (CnsRouteGraph) a = cns_route_graph_load (ones, NULL);
  g_autoptr (CnsRouteGraph) b = cns_route_graph_load (fives, NULL);
  g_autoptr (CnsRouteGraph) c = cns_route_graph_load (empty, NULL);

  ck_assert (cns_route_graph_has_unit_metrics (a));
  /* equal metrics order paths as hop counts do */
  ck_assert (cns_route_graph_has_unit_metrics (b));
  ck_assert (cns_route_graph_has_unit_metrics (c));
  ck_assert_uint_eq (cns_route_graph_get_n_links (c), 0);
  ck_assert_uint_eq (cns_route_graph_get_n_routers (c), 0);
}
END_TEST

typedef struct
{
  const gchar *text;
  const gchar *message; /* after "PATH" */
} BadGraph;

static const BadGraph bad_graphs[] = {
  { "", ": empty file, expected a first line \"N M\"" },
  { " \n\n", ": empty file, expected a first line \"N M\"" },
  { "x 1\n", ":1: the node count N is not a number from 0 to 4294967294" },
  { "\n3\n", ":2: the edge count M is not a number from 0 to 2147483647" },
  { "3 -1\n", ":1: the edge count M is not a number from 0 to 2147483647" },
  { "3 2x\n", ":1: the edge count M is not a number from 0 to 2147483647" },
  { "3 1 1\n0 1\n", ":1: expected \"N M\", found \"3 1 1\"" },
  { "3 3\n0 1\n1 2\n", ": the first line announces 3 edges, the file has 2" },
  { "3 1\n0 1\n1 2\n",
    ": the first line announces 1 edges, the file has more than 1" },
  { "3 1\n1 1\n", ":2: expected \"u v [metric]\" with u != v and a metric "
                  "from 1 to 65535, found \"1 1\"" },
  { "3 1\n3 1\n", ":2: node u is not a number from 0 to 2" },
  { "3 2\n0 1\n\n1 3\n", ":4: node v is not a number from 0 to 2" },
  { "3 1\n0\n", ":2: node v is not a number from 0 to 2" },
  { "3 1\n0 1 0\n", ":2: expected \"u v [metric]\" with u != v and a metric "
                    "from 1 to 65535, found \"0 1 0\"" },
  { "3 1\n0 1 65536\n", ":2: the metric is not a number from 0 to 65535" },
  { "3 1\n0 1 2 x\n", ":2: expected \"u v [metric]\" with u != v and a "
                      "metric from 1 to 65535, found \"0 1 2 x\"" },
  { "3 1\n0 1x\n", ":2: node v is not a number from 0 to 2" },
  { "3 1\n0 1 2.5\n", ":2: the metric is not a number from 0 to 65535" },
};

START_TEST (test_load_errors)
{
  const BadGraph *bad = &bad_graphs[_i];
  g_autofree gchar *name = g_strdup_printf ("bad-%d.txt", _i);
  g_autofree gchar *path = write_graph (name, bad->text);
  g_autofree gchar *expected = g_strconcat (path, bad->message, NULL);
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_null (cns_route_graph_load (path, &error));
  ck_assert_msg (error != NULL, "no error for \"%s\"", bad->text);
  ck_assert (
      g_error_matches (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE));
  ck_assert_str_eq (error->message, expected);
}
END_TEST

/* A node count of 0 leaves no valid node id: an edge must be refused as
 * out of range, not reach cns_route_graph_add_edge(). */
START_TEST (test_load_no_nodes)
{
  g_autofree gchar *path = write_graph ("zero.txt", "0 1\n0 1\n");
  g_autofree gchar *empty = write_graph ("zero-empty.txt", "0 0\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRouteGraph) g = cns_route_graph_load (empty, &error);

  ck_assert_ptr_nonnull (g);
  ck_assert_uint_eq (cns_route_graph_get_n_nodes (g), 0);
  ck_assert_ptr_null (cns_route_graph_load (path, &error));
  ck_assert (
      g_error_matches (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE));
  ck_assert_msg (g_str_has_prefix (error->message, path)
                     && strstr (error->message, ":2: node u") != NULL,
                 "%s", error->message);
}
END_TEST

START_TEST (test_load_missing_file)
{
  g_autofree gchar *path = g_build_filename (tmp_dir, "none.txt", NULL);
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_null (cns_route_graph_load (path, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  ck_assert_ptr_nonnull (strstr (error->message, path));
}
END_TEST

START_TEST (test_link_order)
{
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (4);
  const CnsRouteLink to_2 = { .neighbor = 2, .interface = 1, .metric = 4 };
  const CnsRouteLink to_1_on_3
      = { .neighbor = 1, .interface = 3, .peer_interface = 9, .metric = 2 };
  const CnsRouteLink to_1_on_2
      = { .neighbor = 1, .interface = 2, .peer_interface = 7, .metric = 3 };
  const CnsRouteLink to_3_on_5 = { .neighbor = 3, .interface = 5, .metric = 1 };
  const CnsRouteLink *links;
  guint32 n;

  cns_route_graph_add_link (g, 0, &to_2);
  cns_route_graph_add_link (g, 0, &to_3_on_5);
  cns_route_graph_add_link (g, 0, &to_1_on_3);
  cns_route_graph_add_link (g, 0, &to_1_on_2);
  cns_route_graph_seal (g);

  links = cns_route_graph_get_links (g, 0, &n);
  ck_assert_uint_eq (n, 4);
  assert_link (&links[0], 1, 2, 7, 3, 0);
  assert_link (&links[1], 1, 3, 9, 2, 0);
  assert_link (&links[2], 2, 1, 0, 4, 0);
  assert_link (&links[3], 3, 5, 0, 1, 0);
  ck_assert_uint_eq (cns_route_graph_get_max_interface (g), 5);

  /* interface -> position among the node's links */
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 1), 2);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 2), 0);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 3), 1);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 5), 3);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 0), -1);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 4), -1);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 0, 6), -1);
  ck_assert_int_eq (cns_route_graph_get_link_index_for_interface (g, 1, 1), -1);
  ck_assert_ptr_eq (cns_route_graph_get_link_for_interface (g, 0, 3),
                    &links[1]);
  ck_assert_ptr_eq (cns_route_graph_get_link_for_interface (g, 0, 5),
                    &links[3]);
  ck_assert_ptr_null (cns_route_graph_get_link_for_interface (g, 0, 4));
  ck_assert_ptr_null (cns_route_graph_get_link_for_interface (g, 3, 1));
  links = cns_route_graph_get_links (g, 3, &n);
  ck_assert_uint_eq (n, 0);
}
END_TEST

START_TEST (test_add_edge_interfaces)
{
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (3);
  const CnsRouteLink *links;
  guint32 n;

  cns_route_graph_add_edge (g, 1, 2, 4, 6);
  cns_route_graph_add_edge (g, 0, 1, 1, 1);
  cns_route_graph_add_edge (g, 2, 1, 2, 3);
  cns_route_graph_seal (g);
  links = cns_route_graph_get_links (g, 1, &n);
  ck_assert_uint_eq (n, 3);
  assert_link (&links[0], 0, 2, 1, 1, 1);
  assert_link (&links[1], 2, 1, 1, 4, 6);
  assert_link (&links[2], 2, 3, 2, 3, 2);
  links = cns_route_graph_get_links (g, 2, &n);
  ck_assert_uint_eq (n, 2);
  assert_link (&links[0], 1, 1, 1, 6, 4);
  assert_link (&links[1], 1, 2, 3, 2, 3);
  ck_assert (!cns_route_graph_has_unit_metrics (g));
}
END_TEST

static CnsRouteGraph *
graph_of (guint32 n, const guint32 (*edges)[2], guint n_edges)
{
  CnsRouteGraph *g = cns_route_graph_new (n);

  for (guint k = 0; k < n_edges; k++)
    cns_route_graph_add_edge (g, edges[k][0], edges[k][1], 1, 1);
  cns_route_graph_seal (g);
  return g;
}

START_TEST (test_routers_and_hosts)
{
  /* 0 is a star's centre with hosts 1, 2, 3; 3-4 and 4-0: 3 and 4 have two
   * links; 5-6 is a pair of single-link nodes; 7 is alone; 8 and 9 have two
   * parallel links; 10 hangs off 8 */
  static const guint32 edges[][2]
      = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 3, 4 }, { 4, 0 },
          { 5, 6 }, { 8, 9 }, { 9, 8 }, { 10, 8 } };
  g_autoptr (CnsRouteGraph) g = graph_of (11, edges, G_N_ELEMENTS (edges));
  static const gboolean host[] = { FALSE, TRUE,  TRUE,  FALSE, FALSE, FALSE,
                                   FALSE, FALSE, FALSE, FALSE, TRUE };
  static const guint32 routers[] = { 0, 3, 4, 5, 6, 8, 9 };

  for (guint32 i = 0; i < 11; i++)
    ck_assert_msg (cns_route_graph_is_host (g, i) == host[i], "node %u", i);
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), G_N_ELEMENTS (routers));
  for (guint32 r = 0; r < G_N_ELEMENTS (routers); r++)
    {
      ck_assert_uint_eq (cns_route_graph_get_router_node (g, r), routers[r]);
      ck_assert_uint_eq (cns_route_graph_get_router_index (g, routers[r]), r);
    }
  for (guint32 i = 0; i < 11; i++)
    if (host[i] || i == 7)
      ck_assert_uint_eq (cns_route_graph_get_router_index (g, i),
                         CNS_ROUTE_GRAPH_NOT_A_ROUTER);
  CNS_TEST_EXPECT_CRITICAL (
      "*router*", ck_assert_uint_eq (cns_route_graph_get_router_node (g, 7),
                                     CNS_ROUTE_GRAPH_NO_NODE));
}
END_TEST

START_TEST (test_two_nodes_are_routers)
{
  static const guint32 edges[][2] = { { 0, 1 } };
  g_autoptr (CnsRouteGraph) g = graph_of (2, edges, 1);

  ck_assert (!cns_route_graph_is_host (g, 0));
  ck_assert (!cns_route_graph_is_host (g, 1));
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 2);
  ck_assert_uint_eq (cns_route_graph_get_router_index (g, 1), 1);
}
END_TEST

START_TEST (test_addresses)
{
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (2000);

  ck_assert_uint_eq (cns_route_graph_lookup_address (g, A ("10.0.0.1")),
                     CNS_ROUTE_GRAPH_NO_NODE);
  /* enough to grow the table several times */
  for (guint32 i = 0; i < 2000; i++)
    cns_route_graph_add_address (g, (CnsIpv4Address){ 0x0a000001 + 4 * i }, i);
  cns_route_graph_add_address (g, A ("192.168.0.1"), 7);
  cns_route_graph_add_address (g, A ("192.168.0.1"), 9);
  cns_route_graph_seal (g);
  for (guint32 i = 0; i < 2000; i++)
    ck_assert_uint_eq (cns_route_graph_lookup_address (
                           g, (CnsIpv4Address){ 0x0a000001 + 4 * i }),
                       i);
  ck_assert_uint_eq (cns_route_graph_lookup_address (g, A ("192.168.0.1")), 9);
  ck_assert_uint_eq (cns_route_graph_lookup_address (g, A ("10.0.0.2")),
                     CNS_ROUTE_GRAPH_NO_NODE);
  ck_assert_uint_eq (cns_route_graph_lookup_address (g, A ("0.0.0.0")),
                     CNS_ROUTE_GRAPH_NO_NODE);
  CNS_TEST_EXPECT_CRITICAL ("*value != 0*",
                            cns_route_graph_add_address (g, A ("0.0.0.0"), 1));
  CNS_TEST_EXPECT_CRITICAL (
      "*node < self->n_nodes*",
      cns_route_graph_add_address (g, A ("1.2.3.4"), 2000));
}
END_TEST

START_TEST (test_misuse)
{
  g_autoptr (CnsRouteGraph) g = cns_route_graph_new (3);
  const CnsRouteLink loopback = { .neighbor = 1, .interface = 0, .metric = 1 };
  const CnsRouteLink free_link = { .neighbor = 1, .interface = 1 };
  guint32 n;

  CNS_TEST_EXPECT_CRITICAL ("*", cns_route_graph_add_edge (g, 1, 1, 1, 1));
  CNS_TEST_EXPECT_CRITICAL ("*", cns_route_graph_add_edge (g, 0, 3, 1, 1));
  CNS_TEST_EXPECT_CRITICAL ("*", cns_route_graph_add_edge (g, 0, 1, 0, 1));
  CNS_TEST_EXPECT_CRITICAL ("*", cns_route_graph_add_link (g, 0, &loopback));
  CNS_TEST_EXPECT_CRITICAL ("*", cns_route_graph_add_link (g, 0, &free_link));
  CNS_TEST_EXPECT_CRITICAL ("*sealed*", cns_route_graph_get_links (g, 0, &n));
  CNS_TEST_EXPECT_CRITICAL ("*sealed*", cns_route_graph_get_n_routers (g));
  cns_route_graph_seal (g);
  ck_assert_uint_eq (cns_route_graph_get_n_links (g), 0);
  CNS_TEST_EXPECT_CRITICAL ("*sealed*",
                            cns_route_graph_add_edge (g, 0, 1, 1, 1));
  CNS_TEST_EXPECT_CRITICAL ("*sealed*", cns_route_graph_seal (g));
  CNS_TEST_EXPECT_CRITICAL ("*node < self->n_nodes*",
                            cns_route_graph_get_links (g, 3, &n));
}
END_TEST

/* ---- graphs of real nodes ---- */

static gboolean
links_equal (const CnsRouteLink *a, const CnsRouteLink *b)
{
  return a->neighbor == b->neighbor
         && a->interface == b->interface && a->peer_interface == b->peer_interface
         && a->metric == b->metric && a->peer_metric == b->peer_metric;
}

/* The fixture rebuilds an edge list's graph, interfaces, metrics and
 * parallel links included, and the graph read back from the nodes has
 * every link's gateway and every address. */
START_TEST (test_from_nodes_matches_edge_list)
{
  g_autofree gchar *path
      = write_graph ("real.txt", "6 8\n0 1 2\n1 2\n2 0 5\n3 2\n1 0 4\n"
                                 "2 4 3\n4 5\n3 4\n");
  g_autoptr (CnsRouteGraph) loaded = cns_route_graph_load (path, NULL);
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (CnsRouteGraph) g = NULL;
  RoutingTopology t;

  routing_topology_build_from_graph (&t, loaded, routing, "10Mbps", "1ms");
  g = cns_route_graph_new_from_nodes ();
  ck_assert_uint_eq (cns_route_graph_get_n_nodes (g), 6);
  ck_assert_uint_eq (cns_route_graph_get_n_links (g), 16);
  ck_assert (!cns_route_graph_has_unit_metrics (g));
  for (guint32 i = 0; i < 6; i++)
    {
      guint32 n, m;
      const CnsRouteLink *a = cns_route_graph_get_links (loaded, i, &n);
      const CnsRouteLink *b = cns_route_graph_get_links (g, i, &m);

      ck_assert_uint_eq (n, m);
      for (guint32 l = 0; l < n; l++)
        {
          CnsIpv4L3Protocol *peer
              = routing_topology_get_ipv4 (&t, b[l].neighbor);

          ck_assert_msg (links_equal (&a[l], &b[l]), "node %u link %u", i, l);
          ck_assert_uint_eq (
              b[l].peer_address.value,
              cns_ipv4_l3_protocol_get_address (peer, b[l].peer_interface, 0)
                  .local.value);
        }
      ck_assert_uint_eq (cns_route_graph_lookup_address (g, t.addresses[i]), i);
    }
  /* link k is the k-th /30 of 10.0.0.0/8 */
  for (guint k = 0; k < t.edges->len; k++)
    {
      ck_assert_uint_eq (routing_topology_get_link_address (&t, k, 0).value,
                         0x0a000001 + 4 * k);
      ck_assert_uint_eq (routing_topology_get_link_address (&t, k, 1).value,
                         0x0a000002 + 4 * k);
    }
  ck_assert_uint_eq (cns_route_graph_lookup_address (g, A ("127.0.0.1")),
                     CNS_ROUTE_GRAPH_NO_NODE);
  routing_topology_clear (&t);
}
END_TEST

/* Links whose interface is down at either end, or that have no address,
 * are left out; addresses of down interfaces still map to their node;
 * metrics come from the interfaces; nodes without IPv4 have no links. */
START_TEST (test_from_nodes_exclusions)
{
  static const RoutingEdge edges[]
      = { { 0, 1, 3, 4 }, { 1, 2, 0, 0 }, { 2, 3, 0, 0 }, { 0, 2, 2, 2 } };
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsNetDeviceContainer) bare = NULL;
  g_autoptr (CnsNode) plain = NULL;
  g_autoptr (CnsRouteGraph) g = NULL;
  const CnsRouteLink *links;
  CnsIpv4L3Protocol *ipv4_3;
  RoutingTopology t;
  guint32 n, i3;

  routing_topology_build (&t, 4, edges, G_N_ELEMENTS (edges), routing, "10Mbps",
                          "1ms");
  /* 1-3: interfaces up, no addresses */
  bare = cns_point_to_point_helper_install (
      p2p, cns_node_container_get (t.nodes, 1),
      cns_node_container_get (t.nodes, 3));
  for (guint end = 0; end < 2; end++)
    {
      CnsNetDevice *device = cns_net_device_container_get (bare, end);
      CnsIpv4L3Protocol *ipv4 = cns_object_get (
          cns_net_device_get_node (device), CNS_TYPE_IPV4_L3_PROTOCOL);

      cns_ipv4_l3_protocol_set_up (
          ipv4, cns_ipv4_l3_protocol_add_interface (ipv4, device));
    }
  /* 2-3: down at 3's end */
  ipv4_3 = routing_topology_get_ipv4 (&t, 3);
  i3 = cns_ipv4_interface_container_get_interface (t.interfaces->pdata[2], 1);
  cns_ipv4_l3_protocol_set_down (ipv4_3, i3);
  plain = cns_node_new ();
  /* 0-2 has its metric changed after addressing */
  cns_ipv4_l3_protocol_set_metric (routing_topology_get_ipv4 (&t, 2), 3, 9);

  g = cns_route_graph_new_from_nodes ();
  ck_assert_uint_eq (cns_route_graph_get_n_nodes (g), 5);
  ck_assert_uint_eq (cns_route_graph_get_n_links (g), 6);
  links = cns_route_graph_get_links (g, 0, &n);
  ck_assert_uint_eq (n, 2);
  assert_link (&links[0], 1, 1, 1, 3, 4);
  assert_link (&links[1], 2, 2, 3, 2, 9);
  links = cns_route_graph_get_links (g, 1, &n);
  ck_assert_uint_eq (n, 2);
  assert_link (&links[0], 0, 1, 1, 4, 3);
  assert_link (&links[1], 2, 2, 1, 1, 1);
  links = cns_route_graph_get_links (g, 2, &n);
  ck_assert_uint_eq (n, 2);
  assert_link (&links[0], 0, 3, 2, 9, 2);
  assert_link (&links[1], 1, 1, 2, 1, 1);
  cns_route_graph_get_links (g, 3, &n);
  ck_assert_uint_eq (n, 0);
  cns_route_graph_get_links (g, 4, &n);
  ck_assert_uint_eq (n, 0);
  ck_assert (!cns_route_graph_is_host (g, 3));
  ck_assert_uint_eq (cns_route_graph_get_router_index (g, 3),
                     CNS_ROUTE_GRAPH_NOT_A_ROUTER);
  ck_assert_uint_eq (cns_route_graph_get_n_routers (g), 3);
  ck_assert_uint_eq (
      cns_route_graph_lookup_address (
          g, cns_ipv4_l3_protocol_get_address (ipv4_3, i3, 0).local),
      3);
  routing_topology_clear (&t);
}
END_TEST

Suite *
test_route_graph_suite (void)
{
  Suite *s = suite_create ("route-graph");
  TCase *tc = tcase_create ("graph");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_load);
  tcase_add_test (tc, test_load_unit_metrics);
  tcase_add_loop_test (tc, test_load_errors, 0, G_N_ELEMENTS (bad_graphs));
  tcase_add_test (tc, test_load_no_nodes);
  tcase_add_test (tc, test_load_missing_file);
  tcase_add_test (tc, test_link_order);
  tcase_add_test (tc, test_add_edge_interfaces);
  tcase_add_test (tc, test_routers_and_hosts);
  tcase_add_test (tc, test_two_nodes_are_routers);
  tcase_add_test (tc, test_addresses);
  tcase_add_test (tc, test_misuse);
  tcase_add_test (tc, test_from_nodes_matches_edge_list);
  tcase_add_test (tc, test_from_nodes_exclusions);
  suite_add_tcase (s, tc);
  return s;
}
