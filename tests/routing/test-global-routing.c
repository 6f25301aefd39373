/* cns — tests of global routing on real nodes: UDP follows the computed
 * paths, routes react to interfaces going down and up, attributes and
 * odd call orders.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <string.h>

#define A(s) cns_ipv4_address_from_string (s)

/* Host 6 hangs off 0, host 7 off 5, 4 has no links. From 0 to 5: 0-1-2-5
 * costs 3 in three hops; 0-3-5 costs 6 in two (3-5 has metric 5).
 *
 *        1 --- 2
 *       /       \
 *  6 - 0         5 - 7
 *       \       /
 *        3 --- (5)
 */
enum
{
  E_60,
  E_01,
  E_12,
  E_25,
  E_03,
  E_35,
  E_57,
  N_EDGES
};

static const RoutingEdge diamond[N_EDGES] = {
  [E_60] = { 6, 0, 1, 1 }, [E_01] = { 0, 1, 1, 1 }, [E_12] = { 1, 2, 1, 1 },
  [E_25] = { 2, 5, 1, 1 }, [E_03] = { 0, 3, 1, 1 }, [E_35] = { 3, 5, 5, 5 },
  [E_57] = { 5, 7, 1, 1 },
};

#define N_NODES 8

typedef struct
{
  RoutingTopology t;
  CnsSocket *tx, *rx;
  guint received;
  guint mac_tx[N_EDGES][2]; /* by edge and end: frames sent */
  guint forwarded[N_NODES];
  guint down_drops[N_NODES];
  guint other_drops[N_NODES];
} Scenario;

static void
teardown (void)
{
  cns_test_reset ();
}

static void
count (gpointer source, CnsPacket *packet, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
count_forward (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
               guint32 interface, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
count_drop (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
            CnsIpv4DropReason reason, CnsIpv4L3Protocol *ipv4,
            guint32 interface, gpointer user_data)
{
  Scenario *s = user_data;
  guint32 node = cns_node_get_id (cns_ipv4_l3_protocol_get_node (ipv4));

  if (reason == CNS_IPV4_DROP_INTERFACE_DOWN)
    s->down_drops[node]++;
  else
    s->other_drops[node]++;
}

static void
on_recv (CnsSocket *socket, gpointer user_data)
{
  Scenario *s = user_data;
  CnsPacket *packet;

  while ((packet = cns_socket_recv (socket, G_MAXUINT32, 0)) != NULL)
    {
      s->received++;
      cns_packet_unref (packet);
    }
}

/* The diamond with global routing, a receiving socket on 7 port 9, a
 * sending one on 6, and every device's MacTx and every node's forwards
 * and drops counted. */
static void
scenario_build (Scenario *s)
{
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress any = cns_inet_socket_address_init (A ("0.0.0.0"), 9);
  CnsAddress local;

  memset (s, 0, sizeof *s);
  routing_topology_build (&s->t, N_NODES, diamond, N_EDGES, routing, "10Mbps",
                          "1ms");
  for (guint e = 0; e < N_EDGES; e++)
    for (guint end = 0; end < 2; end++)
      ck_assert (cns_trace_connect (
          cns_net_device_container_get (s->t.devices->pdata[e], end), "MacTx",
          G_CALLBACK (count), &s->mac_tx[e][end], &error));
  for (guint32 i = 0; i < N_NODES; i++)
    {
      CnsIpv4L3Protocol *ipv4 = routing_topology_get_ipv4 (&s->t, i);

      ck_assert (cns_trace_connect (ipv4, "UnicastForward",
                                    G_CALLBACK (count_forward),
                                    &s->forwarded[i], &error));
      ck_assert (
          cns_trace_connect (ipv4, "Drop", G_CALLBACK (count_drop), s, &error));
    }
  s->rx = cns_socket_create (cns_node_container_get (s->t.nodes, 7),
                             CNS_TYPE_UDP_SOCKET_FACTORY);
  cns_inet_socket_address_to_address (&any, &local);
  ck_assert (cns_socket_bind (s->rx, &local, &error));
  cns_socket_set_recv_callback (s->rx, on_recv, s);
  s->tx = cns_socket_create (cns_node_container_get (s->t.nodes, 6),
                             CNS_TYPE_UDP_SOCKET_FACTORY);
}

static void
scenario_clear (Scenario *s)
{
  g_clear_object (&s->tx);
  g_clear_object (&s->rx);
  routing_topology_clear (&s->t);
}

static void
send_one (gpointer obj, gpointer data)
{
  Scenario *s = data;
  CnsInetSocketAddress to = cns_inet_socket_address_init (s->t.addresses[7], 9);
  CnsAddress address;

  cns_inet_socket_address_to_address (&to, &address);
  ck_assert_int_eq (
      cns_socket_send_to (s->tx, cns_packet_new (100), 0, &address), 100);
}

/* Five datagrams from 6 to 7, 10 ms apart, from @start seconds on. */
static void
send_burst (Scenario *s, gdouble start)
{
  for (guint k = 0; k < 5; k++)
    cns_simulator_schedule_with_context (6, cns_seconds (start + 0.01 * k),
                                         send_one, NULL, s);
}

static void
populate (void)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (
      cns_ipv4_global_routing_helper_populate_routing_tables (&error), "%s",
      error ? error->message : "");
}

/* Frames sent by each end of each edge, as one string for messages. */
static gchar *
mac_tx_text (const Scenario *s)
{
  GString *out = g_string_new (NULL);

  for (guint e = 0; e < N_EDGES; e++)
    g_string_append_printf (out, "%u>%u:%u %u>%u:%u ", diamond[e].u,
                            diamond[e].v, s->mac_tx[e][0], diamond[e].v,
                            diamond[e].u, s->mac_tx[e][1]);
  return g_string_free (out, FALSE);
}

static void
assert_mac_tx (const Scenario *s, const guint expected[N_EDGES][2])
{
  g_autofree gchar *text = mac_tx_text (s);

  ck_assert_msg (memcmp (s->mac_tx, expected, sizeof s->mac_tx) == 0,
                 "frames sent: %s", text);
}

START_TEST (test_udp_follows_path)
{
  static const guint expected[N_EDGES][2] = {
    [E_60] = { 5, 0 }, [E_01] = { 5, 0 }, [E_12] = { 5, 0 },
    [E_25] = { 5, 0 }, [E_57] = { 5, 0 },
  };
  CnsGlobalRouteManager *manager = cns_global_route_manager_get_default ();
  Scenario s;

  scenario_build (&s);
  ck_assert_ptr_null (cns_global_route_manager_get_table (manager));
  populate ();
  ck_assert_ptr_nonnull (cns_global_route_manager_get_table (manager));
  ck_assert (!cns_global_route_manager_is_stale (manager));
  send_burst (&s, 1.0);
  cns_simulator_run ();
  ck_assert_uint_eq (s.received, 5);
  assert_mac_tx (&s, expected);
  for (guint32 i = 0; i < N_NODES; i++)
    ck_assert_uint_eq (s.forwarded[i],
                       i == 0 || i == 1 || i == 2 || i == 5 ? 5 : 0);
  scenario_clear (&s);
}
END_TEST

/* Every node's route to every other node's every address: the interface
 * of the table, the neighbour's address on it as gateway, the
 * interface's address as source. */
START_TEST (test_route_output_everywhere)
{
  CnsGlobalRouteManager *manager = cns_global_route_manager_get_default ();
  CnsRouteTable *table;
  CnsRouteGraph *graph;
  Scenario s;

  scenario_build (&s);
  populate ();
  table = cns_global_route_manager_get_table (manager);
  graph = cns_route_table_get_graph (table);
  for (guint32 i = 0; i < N_NODES; i++)
    {
      CnsIpv4L3Protocol *ipv4 = routing_topology_get_ipv4 (&s.t, i);
      CnsIpv4RoutingProtocol *routing
          = cns_ipv4_l3_protocol_get_routing_protocol (ipv4);

      for (guint e = 0; e < N_EDGES; e++)
        for (guint end = 0; end < 2; end++)
          {
            guint32 j = end == 0 ? diamond[e].u : diamond[e].v;
            guint32 interface = cns_route_table_lookup (table, i, j);
            CnsIpv4Header header;
            CnsIpv4Route route;
            const CnsRouteLink *link;

            if (i == j)
              continue;
            cns_ipv4_header_init (&header);
            header.destination
                = routing_topology_get_link_address (&s.t, e, end);
            /* 4 has no links, and so no routes */
            if (i == 4)
              {
                ck_assert (!cns_ipv4_routing_protocol_route_output (
                    routing, NULL, &header, NULL, &route));
                continue;
              }
            ck_assert_msg (cns_ipv4_routing_protocol_route_output (
                               routing, NULL, &header, NULL, &route),
                           "no route from %u to %u's address on link %u", i, j,
                           e);
            link = cns_route_graph_get_link_for_interface (graph, i,
                                                           route.interface);
            ck_assert_ptr_nonnull (link);
            /* a directly attached address goes through static routing's
             * connected route, without a gateway */
            if (link->neighbor == j
                && cns_ipv4_address_equal (header.destination,
                                           link->peer_address))
              continue;
            ck_assert_uint_eq (route.interface, interface);
            ck_assert_uint_eq (route.gateway.value, link->peer_address.value);
            ck_assert_ptr_eq (
                route.output_device,
                cns_ipv4_l3_protocol_get_net_device (ipv4, route.interface));
            ck_assert_uint_eq (
                route.source.value,
                cns_ipv4_l3_protocol_get_address (ipv4, route.interface, 0)
                    .local.value);
          }
    }
  scenario_clear (&s);
}
END_TEST

START_TEST (test_print_routing_table)
{
  g_autoptr (GString) out = g_string_new (NULL);
  CnsIpv4RoutingProtocol *routing;
  Scenario s;

  scenario_build (&s);
  routing = cns_ipv4_l3_protocol_get_routing_protocol (
      routing_topology_get_ipv4 (&s.t, 3));
  cns_ipv4_routing_protocol_print_routing_table (routing, out);
  ck_assert_msg (strstr (out->str, "Node: 3, Global routing table\n"
                                   "(not populated)\n")
                     != NULL,
                 "%s", out->str);
  populate ();
  g_string_truncate (out, 0);
  cns_ipv4_routing_protocol_print_routing_table (routing, out);
  /* 3's links: 0 on interface 1 (10.0.0.17), 5 on interface 2
   * (10.0.0.22); 5 and 7 are closer through 0 (1 + 3 < 5) */
  ck_assert_msg (strstr (out->str, "Node: 3, Global routing table\n"
                                   "Destination node  Gateway          Iface\n"
                                   "0                 10.0.0.17        1\n"
                                   "1                 10.0.0.17        1\n"
                                   "2                 10.0.0.17        1\n"
                                   "5                 10.0.0.17        1\n"
                                   "6                 10.0.0.17        1\n"
                                   "7                 10.0.0.17        1\n")
                     != NULL,
                 "%s", out->str);
  scenario_clear (&s);
}
END_TEST

START_TEST (test_backend_attribute)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *names = cns_route_backend_list_names ();
  g_autofree gchar *expected = g_strdup_printf (
      "CnsGlobalRouteManager::Backend: no routing backend is called "
      "\"dijkstra\" (there are: %s)",
      names);
  CnsGlobalRouteManager *manager;
  Scenario s;

  ck_assert (cns_config_set_default ("CnsGlobalRouteManager::Backend",
                                     "dijkstra", &error));
  scenario_build (&s);
  manager = cns_global_route_manager_get_default ();
  ck_assert (!cns_ipv4_global_routing_helper_populate_routing_tables (&error));
  ck_assert (g_error_matches (error, CNS_ROUTING_ERROR,
                              CNS_ROUTING_ERROR_UNKNOWN_BACKEND));
  ck_assert_str_eq (error->message, expected);
  ck_assert_ptr_null (cns_global_route_manager_get_table (manager));
  g_clear_error (&error);
  ck_assert (cns_attribute_set (manager, "Backend", "spf", &error));
  populate ();
  scenario_clear (&s);
}
END_TEST

/* Over budget, populate fails naming the routers and bytes, and keeps
 * the routes it had. */
START_TEST (test_memory_budget_attribute)
{
  g_autoptr (GError) error = NULL;
  CnsGlobalRouteManager *manager;
  CnsRouteTable *before;
  Scenario s;

  ck_assert (
      cns_config_set_default ("CnsGlobalRouteManager::Threads", "2", &error));
  scenario_build (&s);
  manager = cns_global_route_manager_get_default ();
  populate ();
  before = cns_global_route_manager_get_table (manager);
  ck_assert (cns_attribute_set (manager, "MemoryBudget", "24", &error));
  ck_assert (!cns_ipv4_global_routing_helper_recompute_routing_tables (&error));
  ck_assert (g_error_matches (error, CNS_ROUTING_ERROR,
                              CNS_ROUTING_ERROR_MEMORY_BUDGET));
  ck_assert_str_eq (error->message,
                    "an all-pairs table for 5 routers (8 nodes) needs 320 "
                    "bytes, over the memory budget of 24 bytes "
                    "(CnsGlobalRouteManager::MemoryBudget)");
  ck_assert_ptr_eq (cns_global_route_manager_get_table (manager), before);
  g_clear_error (&error);
  ck_assert (!cns_config_set_default ("CnsGlobalRouteManager::MemoryBudget",
                                      "lots", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "lots"));
  scenario_clear (&s);
}
END_TEST

/* ---- interfaces going down and up ---- */

typedef struct
{
  Scenario *s;
  gboolean stale_after_down, stale_after_recompute, stale_after_up;
  gboolean stale_after_second_recompute;
} Change;

static void
recompute (void)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (
      cns_ipv4_global_routing_helper_recompute_routing_tables (&error), "%s",
      error ? error->message : "");
}

static void
take_down (gpointer obj, gpointer data)
{
  Change *c = data;

  cns_ipv4_l3_protocol_set_down (routing_topology_get_ipv4 (&c->s->t, 1), 2);
  c->stale_after_down = cns_global_route_manager_is_stale (
      cns_global_route_manager_get_default ());
}

static void
recompute_down (gpointer obj, gpointer data)
{
  Change *c = data;

  recompute ();
  c->stale_after_recompute = cns_global_route_manager_is_stale (
      cns_global_route_manager_get_default ());
}

static void
bring_up (gpointer obj, gpointer data)
{
  Change *c = data;

  cns_ipv4_l3_protocol_set_up (routing_topology_get_ipv4 (&c->s->t, 1), 2);
  c->stale_after_up = cns_global_route_manager_is_stale (
      cns_global_route_manager_get_default ());
  recompute ();
  c->stale_after_second_recompute = cns_global_route_manager_is_stale (
      cns_global_route_manager_get_default ());
}

/* 1-2 goes down at 1's end at 2 s: a burst at 2.5 s still takes the old
 * path and is lost at 1; after recomputing at 3 s, a burst at 3.5 s goes
 * around by 0-3-5; 1-2 comes back up and routes are recomputed at 4 s;
 * a burst at 4.5 s takes 0-1-2-5 again. */
START_TEST (test_interface_down_and_up)
{
  static const guint expected[N_EDGES][2] = {
    [E_60] = { 20, 0 }, [E_01] = { 15, 0 }, [E_12] = { 10, 0 },
    [E_25] = { 10, 0 }, [E_03] = { 5, 0 },  [E_35] = { 5, 0 },
    [E_57] = { 15, 0 },
  };
  Scenario s;
  Change c = { &s };

  scenario_build (&s);
  populate ();
  ck_assert_uint_eq (cns_ipv4_interface_container_get_interface (
                         s.t.interfaces->pdata[E_12], 0),
                     2);
  send_burst (&s, 1.0);
  cns_simulator_schedule (cns_seconds (2), take_down, NULL, &c);
  send_burst (&s, 2.5);
  cns_simulator_schedule (cns_seconds (3), recompute_down, NULL, &c);
  send_burst (&s, 3.5);
  cns_simulator_schedule (cns_seconds (4), bring_up, NULL, &c);
  send_burst (&s, 4.5);
  cns_simulator_run ();

  ck_assert (c.stale_after_down);
  ck_assert (!c.stale_after_recompute);
  ck_assert (c.stale_after_up);
  ck_assert (!c.stale_after_second_recompute);
  ck_assert_uint_eq (s.received, 15);
  assert_mac_tx (&s, expected);
  ck_assert_uint_eq (s.down_drops[1], 5);
  for (guint32 i = 0; i < N_NODES; i++)
    {
      ck_assert_uint_eq (s.other_drops[i], 0);
      if (i != 1)
        ck_assert_uint_eq (s.down_drops[i], 0);
    }
  ck_assert_uint_eq (s.forwarded[3], 5);
  ck_assert_uint_eq (s.forwarded[2], 10);
  scenario_clear (&s);
}
END_TEST

/* ---- threads ---- */

static void
take_down_own (gpointer obj, gpointer data)
{
  ck_assert_uint_eq (cns_simulator_get_context (), 1);
  take_down (obj, data);
}

/* The same changes on threads, 1-2 going down in an event of node 1
 * itself: nodes of any thread may mark the table stale (it keeps its
 * routes), and the recomputations, in events of no node, run between
 * windows. Every count is the sequential run's. */
START_TEST (test_interface_down_and_up_threads)
{
  static const gchar *const threads[] = { "1", "2", "3", "4", "8" };
  static const guint expected[N_EDGES][2] = {
    [E_60] = { 20, 0 }, [E_01] = { 15, 0 }, [E_12] = { 10, 0 },
    [E_25] = { 10, 0 }, [E_03] = { 5, 0 },  [E_35] = { 5, 0 },
    [E_57] = { 15, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      Scenario s;
      Change c = { &s };
      CnsPartitionInfo info;

      ck_assert (cns_global_value_set ("Threads", threads[i], NULL));
      scenario_build (&s);
      populate ();
      send_burst (&s, 1.0);
      cns_simulator_schedule_with_context (1, cns_seconds (2), take_down_own,
                                           NULL, &c);
      send_burst (&s, 2.5);
      cns_simulator_schedule (cns_seconds (3), recompute_down, NULL, &c);
      send_burst (&s, 3.5);
      cns_simulator_schedule (cns_seconds (4), bring_up, NULL, &c);
      send_burst (&s, 4.5);
      cns_simulator_run ();

      ck_assert (c.stale_after_down);
      ck_assert (!c.stale_after_recompute);
      ck_assert (c.stale_after_up);
      ck_assert (!c.stale_after_second_recompute);
      ck_assert_uint_eq (s.received, 15);
      assert_mac_tx (&s, expected);
      ck_assert_uint_eq (s.down_drops[1], 5);
      ck_assert_uint_eq (s.forwarded[3], 5);
      ck_assert_uint_eq (s.forwarded[2], 10);
      /* a parallel run: one LP a node */
      ck_assert (cns_simulator_get_partition_info (&info) == (i > 0));
      if (i > 0)
        ck_assert_uint_ge (info.n_lps, N_NODES);
      scenario_clear (&s);
      cns_test_reset ();
    }
}
END_TEST

static void
recompute_own (gpointer obj, gpointer data)
{
  recompute ();
}

static Scenario child_scenario;

/* On two threads, node 1 recomputes the routes in one of its events. */
static void
child_recompute (void)
{
  ck_assert (cns_global_value_set ("Threads", "2", NULL));
  scenario_build (&child_scenario);
  populate ();
  cns_simulator_schedule_with_context (1, cns_seconds (1), recompute_own,
                                       NULL, NULL);
  cns_simulator_run ();
}

/* Recomputing in a node's event of a parallel run ends it with a
 * message: other threads' nodes route by the table it replaces. */
START_TEST (test_recompute_in_parallel_event)
{
  g_autofree gchar *err = NULL;

  ck_assert_int_eq (routing_run_in_child (child_recompute, &err), 1);
  ck_assert_str_eq (
      err, "cns: fatal error: the global routing table changed in an event "
           "of node 1 of a run on 2 threads: other threads run other nodes' "
           "events of the same window, which would see the change at no "
           "definite time; change interfaces, addresses and routes in "
           "events of no node (scheduled by the program outside any event) "
           "or run on one thread\n");
}
END_TEST

/* ---- odd orders ---- */

/* Populating before any address exists gives an empty table and no
 * routes; once links are addressed, recomputing routes them. */
START_TEST (test_populate_before_addresses)
{
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  CnsGlobalRouteManager *manager;
  CnsIpv4RoutingProtocol *protocol;
  CnsIpv4Header header;
  CnsIpv4Route route;

  cns_node_container_create (nodes, 3);
  cns_internet_stack_helper_set_routing_helper (stack, routing);
  ck_assert (
      cns_internet_stack_helper_install_container (stack, nodes, &error));
  manager = cns_global_route_manager_get_default ();
  populate ();
  ck_assert_uint_eq (cns_route_graph_get_n_routers (cns_route_table_get_graph (
                         cns_global_route_manager_get_table (manager))),
                     0);
  protocol = cns_ipv4_l3_protocol_get_routing_protocol (cns_object_get (
      cns_node_container_get (nodes, 0), CNS_TYPE_IPV4_L3_PROTOCOL));
  cns_ipv4_header_init (&header);
  header.destination = A ("10.1.1.2");
  ck_assert (!cns_ipv4_routing_protocol_route_output (protocol, NULL, &header,
                                                      NULL, &route));
  cns_ipv4_routing_protocol_print_routing_table (protocol, out);

  devices = cns_point_to_point_helper_install (
      p2p, cns_node_container_get (nodes, 0),
      cns_node_container_get (nodes, 1));
  ck_assert (cns_ipv4_address_helper_set_base (addresses, "10.1.1.0", "/24",
                                               NULL, &error));
  interfaces = cns_ipv4_address_helper_assign (addresses, devices, &error);
  ck_assert_ptr_nonnull (interfaces);
  ck_assert (cns_global_route_manager_is_stale (manager));
  recompute ();
  ck_assert (!cns_global_route_manager_is_stale (manager));
  ck_assert_uint_eq (cns_route_graph_get_n_routers (cns_route_table_get_graph (
                         cns_global_route_manager_get_table (manager))),
                     2);
  /* 10.1.1.2 is on 0's link: static routing's connected route answers */
  ck_assert (cns_ipv4_routing_protocol_route_output (protocol, NULL, &header,
                                                     NULL, &route));
  ck_assert_uint_eq (route.interface, 1);
}
END_TEST

/* Nodes without IPv4, and nodes whose routing has no global routing,
 * take part in the graph as far as they can; populate does not trip on
 * them. */
START_TEST (test_populate_mixed_nodes)
{
  g_autoptr (CnsIpv4StaticRoutingHelper) static_only
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4RoutingHelper) global = routing_global_list_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) ab = NULL;
  g_autoptr (CnsNetDeviceContainer) bc = NULL;
  g_autoptr (CnsNetDeviceContainer) cd = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_ab = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_bc = NULL;
  g_autoptr (GError) error = NULL;
  CnsRouteTable *table;

  /* 0 and 2 have global routing, 1 static only, 3 no IPv4 */
  cns_node_container_create (nodes, 4);
  cns_internet_stack_helper_set_routing_helper (stack, global);
  ck_assert (cns_internet_stack_helper_install (
      stack, cns_node_container_get (nodes, 0), &error));
  ck_assert (cns_internet_stack_helper_install (
      stack, cns_node_container_get (nodes, 2), &error));
  cns_internet_stack_helper_set_routing_helper (
      stack, CNS_IPV4_ROUTING_HELPER (static_only));
  ck_assert (cns_internet_stack_helper_install (
      stack, cns_node_container_get (nodes, 1), &error));
  ab = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 0),
                                          cns_node_container_get (nodes, 1));
  bc = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 1),
                                          cns_node_container_get (nodes, 2));
  cd = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 2),
                                          cns_node_container_get (nodes, 3));
  ck_assert (cns_ipv4_address_helper_set_base (addresses, "10.1.1.0", "/24",
                                               NULL, &error));
  i_ab = cns_ipv4_address_helper_assign (addresses, ab, &error);
  cns_ipv4_address_helper_new_network (addresses);
  i_bc = cns_ipv4_address_helper_assign (addresses, bc, &error);
  ck_assert (i_ab != NULL && i_bc != NULL);

  populate ();
  table = cns_global_route_manager_get_table (
      cns_global_route_manager_get_default ());
  ck_assert_uint_eq (
      cns_route_graph_get_n_nodes (cns_route_table_get_graph (table)), 4);
  ck_assert_uint_eq (cns_route_table_lookup (table, 0, 2), 1);
  ck_assert_uint_eq (cns_route_table_lookup (table, 2, 0), 1);
  ck_assert_uint_eq (cns_route_table_lookup (table, 2, 3),
                     CNS_ROUTE_TABLE_NO_ROUTE);
}
END_TEST

Suite *
test_global_routing_suite (void)
{
  Suite *s = suite_create ("global-routing");
  TCase *tc = tcase_create ("global");
  TCase *threads;

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_udp_follows_path);
  tcase_add_test (tc, test_route_output_everywhere);
  tcase_add_test (tc, test_print_routing_table);
  tcase_add_test (tc, test_backend_attribute);
  tcase_add_test (tc, test_memory_budget_attribute);
  tcase_add_test (tc, test_interface_down_and_up);
  tcase_add_test (tc, test_recompute_in_parallel_event);
  tcase_add_test (tc, test_populate_before_addresses);
  tcase_add_test (tc, test_populate_mixed_nodes);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_checked_fixture (threads, NULL, teardown);
  tcase_add_test (threads, test_interface_down_and_up_threads);
  suite_add_tcase (s, threads);
  return s;
}
