/* cns — tests of CnsBriteTopologyHelper: nodes, links, addresses, ASes
 * and systems from a topology, a .brite file and a configuration file.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/cns-applications.h"
#include "brite/suites.h"
#include "lib/cns-test.h"

#include "brite/cns-brite.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

static void
setup (void)
{
  cns_test_reset ();
}

/* A hand-made topology of three ASes:
 *
 *   AS 0: 0 (0,0) leaf -- 1 (299.792458, 0)      edge 0, 10 Mbps
 *   AS 1: 2 (0, 299.792458) leaf                 AS 0 - AS 1: edge 1 (1-2)
 *   AS 2: 3 (3, 4), 4 (0, 0) leaf                edge 2 (2-3), edge 3 (3-4)
 *
 * Edge 0 is 299.792458 km long: 1 ms at the speed of light. Edge 3 is an
 * AS-level edge (delay -1), 5 km: its link gets 5 km's delay. */
static CnsBriteTopology *
three_ases (void)
{
  CnsBriteTopology *t = cns_brite_topology_new ();

  cns_brite_topology_add_node (t, 0, 0, 0, CNS_BRITE_RT_LEAF);
  cns_brite_topology_add_node (t, 299.792458, 0, 0, CNS_BRITE_RT_BORDER);
  cns_brite_topology_add_node (t, 0, 299.792458, 1, CNS_BRITE_RT_LEAF);
  cns_brite_topology_add_node (t, 3, 4, 2, CNS_BRITE_RT_BORDER);
  cns_brite_topology_add_node (t, 0, 0, 2, CNS_BRITE_RT_LEAF);
  cns_brite_topology_add_edge (t, 0, 1, 10, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (t, 1, 2, 100, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (t, 2, 3, 2.5, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (t, 3, 4, 1, CNS_BRITE_E_AS);
  return t;
}

static CnsPointToPointNetDevice *
edge_device (CnsBriteTopologyHelper *brite, guint32 edge, guint32 end)
{
  return CNS_POINT_TO_POINT_NET_DEVICE (cns_net_device_container_get (
      cns_brite_topology_helper_get_edge_devices (brite, edge), end));
}

static CnsTime
edge_delay (CnsBriteTopologyHelper *brite, guint32 edge)
{
  return cns_point_to_point_channel_get_delay (
      CNS_POINT_TO_POINT_CHANNEL (cns_net_device_get_channel (
          CNS_NET_DEVICE (edge_device (brite, edge, 0)))));
}

START_TEST (test_brite_helper_ases_and_links)
{
  g_autoptr (CnsBriteTopologyHelper) brite
      = cns_brite_topology_helper_new_from_topology (three_ases ());
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  CnsNodeContainer *nodes;
  GError *error = NULL;

  /* the ASes are known before building; the nodes after */
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_as (brite), 3);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes (brite), 5);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_edges (brite), 4);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes_for_as (brite, 0),
                     2);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes_for_as (brite, 1),
                     1);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes_for_as (brite, 2),
                     2);
  ck_assert_uint_eq (
      cns_brite_topology_helper_get_n_leaf_nodes_for_as (brite, 0), 1);
  ck_assert_uint_eq (
      cns_brite_topology_helper_get_n_leaf_nodes_for_as (brite, 2), 1);
  ck_assert_ptr_null (cns_brite_topology_helper_get_nodes (brite));

  ck_assert (cns_brite_topology_helper_build (brite, stack, &error));
  nodes = cns_brite_topology_helper_get_nodes (brite);
  ck_assert_uint_eq (cns_node_container_get_n (nodes), 5);
  /* nodes in BRITE id order, all on system 0 */
  ck_assert_ptr_eq (cns_brite_topology_helper_get_node_for_as (brite, 2, 0),
                    cns_node_container_get (nodes, 3));
  ck_assert_ptr_eq (cns_brite_topology_helper_get_node_for_as (brite, 2, 1),
                    cns_node_container_get (nodes, 4));
  ck_assert_ptr_eq (
      cns_brite_topology_helper_get_leaf_node_for_as (brite, 0, 0),
      cns_node_container_get (nodes, 0));
  ck_assert_ptr_eq (
      cns_brite_topology_helper_get_leaf_node_for_as (brite, 1, 0),
      cns_node_container_get (nodes, 2));
  for (guint32 i = 0; i < 5; i++)
    {
      ck_assert_uint_eq (
          cns_node_get_system_id (cns_node_container_get (nodes, i)), 0);
      ck_assert_ptr_nonnull (cns_object_get (cns_node_container_get (nodes, i),
                                             CNS_TYPE_IPV4_L3_PROTOCOL));
    }
  ck_assert_uint_eq (
      cns_brite_topology_helper_get_system_number_for_as (brite, 2), 0);

  /* a link per edge: its src's device first, the bandwidth as DataRate */
  ck_assert_ptr_eq (
      cns_net_device_get_node (CNS_NET_DEVICE (edge_device (brite, 1, 0))),
      cns_node_container_get (nodes, 1));
  ck_assert_ptr_eq (
      cns_net_device_get_node (CNS_NET_DEVICE (edge_device (brite, 1, 1))),
      cns_node_container_get (nodes, 2));
  ck_assert_uint_eq (
      cns_point_to_point_net_device_get_data_rate (edge_device (brite, 0, 0)),
      10000000);
  ck_assert_uint_eq (
      cns_point_to_point_net_device_get_data_rate (edge_device (brite, 1, 1)),
      100000000);
  ck_assert_uint_eq (
      cns_point_to_point_net_device_get_data_rate (edge_device (brite, 2, 0)),
      2500000);
  /* the edge's delay, to the picosecond */
  ck_assert_int_eq (edge_delay (brite, 0), cns_milli_seconds (1));
  ck_assert_int_eq (
      edge_delay (brite, 1),
      (CnsTime) llround (cns_brite_delay_for_length (299.792458 * G_SQRT2)
                         * 1e9));
  /* the AS-level edge: 5 km's delay, 16.678204759 us */
  ck_assert_int_eq (edge_delay (brite, 3), 16678205);

  /* building twice is refused */
  ck_assert (!cns_brite_topology_helper_build (brite, stack, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_INVALID);
  ck_assert_str_eq (error->message, "this BRITE topology is built already");
  g_clear_error (&error);
}
END_TEST

START_TEST (test_brite_helper_addresses)
{
  g_autoptr (CnsBriteTopologyHelper) brite
      = cns_brite_topology_helper_new_from_topology (three_ases ());
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  GError *error = NULL;
  static const gchar *expected[4][2] = { { "10.0.0.1", "10.0.0.2" },
                                         { "10.0.0.5", "10.0.0.6" },
                                         { "10.0.0.9", "10.0.0.10" },
                                         { "10.0.0.13", "10.0.0.14" } };

  ck_assert (cns_ipv4_address_helper_set_base (
      address, "10.0.0.0", "255.255.255.252", NULL, &error));
  /* nothing to number before the links exist */
  ck_assert (!cns_brite_topology_helper_assign_ipv4_addresses (brite, address,
                                                               &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_INVALID);
  g_clear_error (&error);

  ck_assert (cns_brite_topology_helper_build (brite, stack, &error));
  ck_assert (
      cns_brite_topology_helper_assign_ipv4_addresses (brite, address, &error));
  for (guint32 e = 0; e < 4; e++)
    for (guint32 end = 0; end < 2; end++)
      {
        CnsNetDevice *device = CNS_NET_DEVICE (edge_device (brite, e, end));
        CnsIpv4L3Protocol *ipv4 = cns_object_get (
            cns_net_device_get_node (device), CNS_TYPE_IPV4_L3_PROTOCOL);
        gint32 interface = cns_ipv4_l3_protocol_get_interface_for_device (
            ipv4, device);
        gchar text[CNS_IPV4_ADDRESS_STRING_SIZE];

        ck_assert_int_ge (interface, 0);
        cns_ipv4_address_format (
            cns_ipv4_l3_protocol_get_address (ipv4, (guint32) interface, 0)
                .local,
            text);
        ck_assert_str_eq (text, expected[e][end]);
      }
}
END_TEST

START_TEST (test_brite_helper_distributed)
{
  g_autoptr (CnsBriteTopologyHelper) brite
      = cns_brite_topology_helper_new_from_topology (three_ases ());
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  CnsNodeContainer *nodes;
  GError *error = NULL;
  static const guint32 system[5] = { 0, 0, 1, 0, 0 };

  ck_assert (
      !cns_brite_topology_helper_build_distributed (brite, stack, 0, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_INVALID);
  g_clear_error (&error);
  /* AS i on system i % 2 */
  ck_assert (
      cns_brite_topology_helper_build_distributed (brite, stack, 2, &error));
  nodes = cns_brite_topology_helper_get_nodes (brite);
  for (guint32 i = 0; i < 5; i++)
    ck_assert_uint_eq (
        cns_node_get_system_id (cns_node_container_get (nodes, i)), system[i]);
  ck_assert_uint_eq (
      cns_brite_topology_helper_get_system_number_for_as (brite, 0), 0);
  ck_assert_uint_eq (
      cns_brite_topology_helper_get_system_number_for_as (brite, 1), 1);
  ck_assert_uint_eq (
      cns_brite_topology_helper_get_system_number_for_as (brite, 2), 0);
}
END_TEST

START_TEST (test_brite_helper_bad_bandwidth)
{
  CnsBriteTopology *t = cns_brite_topology_new ();
  g_autoptr (CnsBriteTopologyHelper) brite = NULL;
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  GError *error = NULL;

  cns_brite_topology_add_node (t, 0, 0, -1, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_node (t, 1, 0, -1, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_node (t, 2, 0, -1, CNS_BRITE_RT_NODE);
  cns_brite_topology_add_edge (t, 0, 1, 10, CNS_BRITE_E_RT);
  cns_brite_topology_add_edge (t, 1, 2, 0, CNS_BRITE_E_RT);
  brite = cns_brite_topology_helper_new_from_topology (t);
  /* a flat router topology is AS 0 */
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_as (brite), 1);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes_for_as (brite, 0),
                     3);
  ck_assert (!cns_brite_topology_helper_build (brite, stack, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_INVALID);
  ck_assert_str_eq (error->message, "BRITE edge 1 (1-2) has bandwidth 0 Mbps: "
                                    "a link needs a positive rate");
  g_clear_error (&error);
}
END_TEST

/* The real-world file: 10 routers, 20 links of 10 Mbps, delays from the
 * file (edge 0: 1.1 ms). */
START_TEST (test_brite_helper_from_file)
{
  GError *error = NULL;
  g_autoptr (CnsBriteTopologyHelper) brite
      = cns_brite_topology_helper_new_from_file (
          CNS_BRITE_DATA_DIR "/cloudsim-topology.brite", &error);
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  CnsBriteSeeds seeds;

  ck_assert_ptr_nonnull (brite);
  ck_assert (!cns_brite_topology_helper_get_seeds (brite, &seeds));
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_as (brite), 1);
  ck_assert (cns_brite_topology_helper_build (brite, stack, &error));
  ck_assert_uint_eq (
      cns_node_container_get_n (cns_brite_topology_helper_get_nodes (brite)),
      10);
  for (guint32 e = 0; e < 20; e++)
    ck_assert_uint_eq (
        cns_point_to_point_net_device_get_data_rate (edge_device (brite, e, 0)),
        10000000);
  ck_assert_int_eq (edge_delay (brite, 0), cns_micro_seconds (1100));

  g_clear_object (&brite);
  brite
      = cns_brite_topology_helper_new_from_file ("/nonexistent.brite", &error);
  ck_assert_ptr_null (brite);
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  g_clear_error (&error);
}
END_TEST

/* A configuration file, generated with seeds from a random stream: the
 * stream decides the topology; the helper's counts are the topology's. */
START_TEST (test_brite_helper_from_conf)
{
  GError *error = NULL;
  g_autoptr (CnsBriteTopologyHelper) a = cns_brite_topology_helper_new (
      CNS_BRITE_CONF_DIR "/top-down-small.conf", NULL, &error);
  g_autoptr (CnsBriteTopologyHelper) b = cns_brite_topology_helper_new (
      CNS_BRITE_CONF_DIR "/top-down-small.conf", NULL, &error);
  g_autoptr (CnsBriteTopologyHelper) c = cns_brite_topology_helper_new (
      CNS_BRITE_CONF_DIR "/top-down-small.conf", NULL, &error);
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  const CnsBriteTopology *ta, *tb, *tc;
  CnsBriteSeeds seeds;
  guint32 in_as[2] = { 0, 0 };

  ck_assert_ptr_nonnull (a);
  ck_assert (!cns_brite_topology_helper_get_seeds (a, &seeds));
  ck_assert_ptr_null (cns_brite_topology_helper_get_topology (a));
  ck_assert_int_eq (cns_brite_topology_helper_assign_streams (a, 3), 1);
  ck_assert_int_eq (cns_brite_topology_helper_assign_streams (b, 3), 1);
  ck_assert_int_eq (cns_brite_topology_helper_assign_streams (c, 4), 1);
  ck_assert (cns_brite_topology_helper_generate (a, &error));
  ck_assert (cns_brite_topology_helper_generate (b, &error));
  ck_assert (cns_brite_topology_helper_generate (c, &error));
  ck_assert (cns_brite_topology_helper_get_seeds (a, &seeds));
  ta = cns_brite_topology_helper_get_topology (a);
  tb = cns_brite_topology_helper_get_topology (b);
  tc = cns_brite_topology_helper_get_topology (c);
  ck_assert_uint_eq (ta->n_nodes, 10);
  ck_assert_uint_eq (ta->n_edges, tb->n_edges);
  ck_assert_int_eq (
      memcmp (ta->nodes, tb->nodes, ta->n_nodes * sizeof *ta->nodes), 0);
  ck_assert_int_eq (
      memcmp (ta->edges, tb->edges, ta->n_edges * sizeof *ta->edges), 0);
  ck_assert (tc->n_edges != ta->n_edges
             || memcmp (ta->nodes, tc->nodes, ta->n_nodes * sizeof *ta->nodes)
                    != 0);

  ck_assert_uint_eq (cns_brite_topology_helper_get_n_as (a), 2);
  for (guint32 i = 0; i < ta->n_nodes; i++)
    in_as[ta->nodes[i].as_id]++;
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes_for_as (a, 0),
                     in_as[0]);
  ck_assert_uint_eq (cns_brite_topology_helper_get_n_nodes_for_as (a, 1),
                     in_as[1]);
  ck_assert_uint_eq (in_as[0], 5);
  ck_assert (cns_brite_topology_helper_build (a, stack, &error));
  ck_assert_uint_eq (
      cns_node_container_get_n (cns_brite_topology_helper_get_nodes (a)), 10);
}
END_TEST

START_TEST (test_brite_helper_bad_files)
{
  GError *error = NULL;
  CnsBriteTopologyHelper *brite
      = cns_brite_topology_helper_new ("/nonexistent.conf", NULL, &error);

  ck_assert_ptr_null (brite);
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  ck_assert_ptr_nonnull (strstr (error->message, "/nonexistent.conf"));
  g_clear_error (&error);
  brite = cns_brite_topology_helper_new (
      CNS_BRITE_CONF_DIR "/top-down-small.conf", "/nonexistent.seed", &error);
  ck_assert_ptr_null (brite);
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_IO);
  ck_assert_ptr_nonnull (strstr (error->message, "/nonexistent.seed"));
  g_clear_error (&error);
}
END_TEST

/* 10^8 routers of the 1,000-router Waxman configuration, on a plane of
 * @hs x @hs: refused on memory before anything is generated, unless the
 * check is off (then the generator finds a plane of 10^6 cells too small
 * for them, which shows the check did not stop it). */
static CnsBriteTopologyHelper *
huge_waxman (const gchar *hs, gchar **path)
{
  g_autofree gchar *text = NULL;
  g_autofree gchar *n = NULL;
  g_auto (GStrv) lines = NULL;
  GError *error = NULL;
  CnsBriteTopologyHelper *brite;
  gint fd;

  ck_assert (g_file_get_contents (CNS_BRITE_CONF_DIR "/router-waxman-1000.conf",
                                  &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (gchar **l = lines; *l != NULL; l++)
    if (g_str_has_prefix (g_strstrip (*l), "N ="))
      g_free (*l), *l = g_strdup ("N = 100000000");
    else if (g_str_has_prefix (*l, "HS ="))
      g_free (*l), *l = g_strdup_printf ("HS = %s", hs);
  g_free (text);
  text = g_strjoinv ("\n", lines);
  fd = g_file_open_tmp ("cns-huge-XXXXXX.conf", path, NULL);
  ck_assert_int_ge (fd, 0);
  close (fd);
  ck_assert (g_file_set_contents (*path, text, -1, NULL));
  brite = cns_brite_topology_helper_new (*path, NULL, &error);
  ck_assert_msg (brite != NULL, "%s", error != NULL ? error->message : "");
  return brite;
}

START_TEST (test_brite_helper_memory)
{
  g_autofree gchar *path = NULL;
  g_autofree gchar *path2 = NULL;
  g_autoptr (CnsBriteTopologyHelper) brite = huge_waxman ("20000", &path);
  g_autoptr (CnsBriteTopologyHelper) unchecked = huge_waxman ("1000", &path2);
  GError *error = NULL;
  const gchar *want = "a topology of 100000000 nodes and 200000000 links "
                      "needs about 286.1 GiB, more than the ";

  ck_assert (!cns_brite_topology_helper_generate (brite, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_MEMORY);
  ck_assert_msg (g_str_has_prefix (error->message, want), "%s", error->message);
  ck_assert (g_str_has_suffix (error->message, " GiB this process may use"));
  g_clear_error (&error);
  ck_assert_ptr_null (cns_brite_topology_helper_get_topology (brite));

  cns_brite_topology_helper_set_memory_check (unchecked, FALSE);
  ck_assert (!cns_brite_topology_helper_generate (unchecked, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_BRITE_ERROR_INVALID);
  g_clear_error (&error);
  g_unlink (path);
  g_unlink (path2);
}
END_TEST

static guint echoes;

static void
count_echo (gpointer source, CnsPacket *packet, const CnsAddress *from,
            gpointer user_data)
{
  echoes++;
}

/* Packets cross a built topology under global routing: an echo from node
 * 0 (AS 0) to node 4 (AS 2) over four links. */
START_TEST (test_brite_helper_echo)
{
  g_autoptr (CnsBriteTopologyHelper) brite
      = cns_brite_topology_helper_new_from_topology (three_ases ());
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsUdpEchoServerHelper) server
      = cns_udp_echo_server_helper_new (9);
  g_autoptr (CnsUdpEchoClientHelper) client = NULL;
  g_autoptr (CnsApplicationContainer) server_apps = NULL;
  g_autoptr (CnsApplicationContainer) client_apps = NULL;
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4GlobalRoutingHelper) global
      = cns_ipv4_global_routing_helper_new ();
  CnsNetDevice *far;
  CnsIpv4L3Protocol *ipv4;
  GError *error = NULL;

  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  cns_internet_stack_helper_set_routing_helper (stack,
                                                CNS_IPV4_ROUTING_HELPER (list));
  ck_assert (cns_brite_topology_helper_build (brite, stack, &error));
  ck_assert (cns_ipv4_address_helper_set_base (
      address, "10.0.0.0", "255.255.255.252", NULL, &error));
  ck_assert (
      cns_brite_topology_helper_assign_ipv4_addresses (brite, address, &error));
  ck_assert (cns_ipv4_global_routing_helper_populate_routing_tables (&error));
  far = CNS_NET_DEVICE (edge_device (brite, 3, 1));
  ipv4 = cns_object_get (cns_net_device_get_node (far),
                         CNS_TYPE_IPV4_L3_PROTOCOL);
  server_apps = cns_application_helper_install (CNS_APPLICATION_HELPER (server),
                                                cns_net_device_get_node (far));
  client = cns_udp_echo_client_helper_new (
      cns_ipv4_l3_protocol_get_address (
          ipv4,
          (guint32) cns_ipv4_l3_protocol_get_interface_for_device (ipv4, far),
          0)
          .local,
      9);
  ck_assert (cns_application_helper_set_attribute (
      CNS_APPLICATION_HELPER (client), "MaxPackets", "1", &error));
  client_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (client),
      cns_brite_topology_helper_get_node_for_as (brite, 0, 0));
  echoes = 0;
  cns_trace_connect (cns_application_container_get (client_apps, 0), "Rx",
                     G_CALLBACK (count_echo), NULL, NULL);
  cns_application_container_start (server_apps, 0);
  cns_application_container_start (client_apps, cns_seconds (1));
  cns_simulator_stop_at (cns_seconds (3));
  cns_simulator_run ();
  ck_assert_uint_eq (echoes, 1);
}
END_TEST

Suite *
test_brite_topology_helper_suite (void)
{
  Suite *s = suite_create ("brite-topology-helper");
  TCase *tc = tcase_create ("helper");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_brite_helper_ases_and_links);
  tcase_add_test (tc, test_brite_helper_addresses);
  tcase_add_test (tc, test_brite_helper_distributed);
  tcase_add_test (tc, test_brite_helper_bad_bandwidth);
  tcase_add_test (tc, test_brite_helper_from_file);
  tcase_add_test (tc, test_brite_helper_from_conf);
  tcase_add_test (tc, test_brite_helper_bad_files);
  tcase_add_test (tc, test_brite_helper_memory);
  tcase_add_test (tc, test_brite_helper_echo);
  suite_add_tcase (s, tc);
  return s;
}
