/* cns — the applications on threads give a sequential run's results.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Four nodes in a line, 0 - 1 - 2 - 3, on 10 Mb/s, 10 ms links with
 * global routing. Node 0 runs an on-off source over UDP to a sink on node
 * 3 (random on and off periods), node 2 one over TCP to a sink on node
 * 0, node 3 a bulk sender to another TCP sink on node 0, and node 1 an
 * echo client of node 2's echo server. Run sequentially and on 2, 3, 4
 * and 8 threads with every link cut (each node a logical process of its
 * own, so that every packet crosses between threads), the applications
 * count the same bytes and packets, and the events are the same
 * (fingerprint).
 */
#include "applications/cns-applications.h"
#include "applications/suites.h"
#include "lib/cns-test.h"

#include "core/cns-parallel.h"
#include "internet/cns-internet.h"
#include "network/cns-network.h"
#include "routing/cns-routing.h"

typedef struct
{
  CnsNodeContainer *nodes;
  CnsNetDeviceContainer *devices[3];
  CnsApplicationContainer *apps;
  guint echoes; /* written by node 1's events only */
} World;

static World w;

static void
setup (void)
{
  cns_test_reset ();
}

static void
teardown (void)
{
  cns_simulator_destroy ();
  g_clear_pointer (&w.apps, cns_application_container_unref);
  for (guint i = 0; i < G_N_ELEMENTS (w.devices); i++)
    g_clear_pointer (&w.devices[i], cns_net_device_container_unref);
  g_clear_pointer (&w.nodes, cns_node_container_unref);
  w.echoes = 0;
  cns_global_value_reset ("Threads");
  cns_global_value_reset ("PartitionThreshold");
}

static CnsNode *
node (guint i)
{
  return cns_node_container_get (w.nodes, i);
}

static CnsIpv4Address
address_of (guint i)
{
  CnsIpv4L3Protocol *ipv4
      = cns_object_get (node (i), CNS_TYPE_IPV4_L3_PROTOCOL);

  return cns_ipv4_l3_protocol_get_address (ipv4, 1, 0).local;
}

/* Installs @helper's application on node @i, with @name=@value. */
static void
install (CnsApplicationHelper *helper, guint i, const gchar *first_name, ...)
{
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (GError) error = NULL;
  va_list args;

  va_start (args, first_name);
  for (const gchar *name = first_name; name != NULL;
       name = va_arg (args, const gchar *))
    {
      const gchar *value = va_arg (args, const gchar *);

      ck_assert_msg (
          cns_application_helper_set_attribute (helper, name, value, &error),
          "%s=%s: %s", name, value, error ? error->message : "");
    }
  va_end (args);
  apps = cns_application_helper_install (helper, node (i));
  cns_application_container_add_container (w.apps, apps);
}

static void
on_echo (gpointer source, CnsPacket *packet, const CnsAddress *from,
         gpointer user_data)
{
  w.echoes++;
}

static void
world_build (void)
{
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4GlobalRoutingHelper) global
      = cns_ipv4_global_routing_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (GError) error = NULL;

  w.nodes = cns_node_container_new ();
  cns_node_container_create (w.nodes, 4);
  ck_assert (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                             "10Mbps", &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                              "10ms", &error));
  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  cns_internet_stack_helper_set_routing_helper (stack,
                                                CNS_IPV4_ROUTING_HELPER (list));
  ck_assert (
      cns_internet_stack_helper_install_container (stack, w.nodes, &error));
  ck_assert (cns_ipv4_address_helper_set_base (address, "10.1.0.0",
                                               "255.255.255.0", NULL, &error));
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;

      w.devices[i]
          = cns_point_to_point_helper_install (p2p, node (i), node (i + 1));
      interfaces
          = cns_ipv4_address_helper_assign (address, w.devices[i], &error);
      ck_assert_ptr_nonnull (interfaces);
      cns_ipv4_address_helper_new_network (address);
    }
  ck_assert (cns_ipv4_global_routing_helper_populate_routing_tables (&error));
}

static void
apps_install (void)
{
  CnsInetSocketAddress to_3 = cns_inet_socket_address_init (address_of (3), 9);
  CnsInetSocketAddress to_0 = cns_inet_socket_address_init (address_of (0), 10);
  CnsInetSocketAddress to_0b
      = cns_inet_socket_address_init (address_of (0), 11);
  CnsInetSocketAddress any9
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);
  CnsInetSocketAddress any10
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 10);
  CnsInetSocketAddress any11
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 11);
  g_autoptr (CnsPacketSinkHelper) udp_sink
      = cns_packet_sink_helper_new (CNS_TYPE_UDP_SOCKET_FACTORY, &any9);
  g_autoptr (CnsPacketSinkHelper) tcp_sink
      = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &any10);
  g_autoptr (CnsPacketSinkHelper) tcp_sink_b
      = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &any11);
  g_autoptr (CnsOnOffHelper) udp_on_off
      = cns_on_off_helper_new (CNS_TYPE_UDP_SOCKET_FACTORY, &to_3);
  g_autoptr (CnsOnOffHelper) tcp_on_off
      = cns_on_off_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &to_0b);
  g_autoptr (CnsBulkSendHelper) bulk
      = cns_bulk_send_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &to_0);
  g_autoptr (CnsUdpEchoServerHelper) echo_server
      = cns_udp_echo_server_helper_new (7);
  g_autoptr (CnsUdpEchoClientHelper) echo_client
      = cns_udp_echo_client_helper_new (address_of (2), 7);
  g_autoptr (GError) error = NULL;

  w.apps = cns_application_container_new ();
  install (CNS_APPLICATION_HELPER (udp_sink), 3, NULL);
  install (CNS_APPLICATION_HELPER (tcp_sink), 0, NULL);
  install (CNS_APPLICATION_HELPER (tcp_sink_b), 0, NULL);
  install (CNS_APPLICATION_HELPER (echo_server), 2, NULL);
  install (CNS_APPLICATION_HELPER (udp_on_off), 0, "DataRate", "2Mbps",
           "PacketSize", "700", "OnTime", "Exponential(Mean=0.3)", "OffTime",
           "Exponential(Mean=0.2)", NULL);
  install (CNS_APPLICATION_HELPER (tcp_on_off), 2, "DataRate", "3Mbps",
           "OnTime", "Exponential(Mean=0.5)", "OffTime",
           "Exponential(Mean=0.1)", "MaxBytes", "200000", NULL);
  install (CNS_APPLICATION_HELPER (bulk), 3, "MaxBytes", "400000", NULL);
  install (CNS_APPLICATION_HELPER (echo_client), 1, "MaxPackets", "20",
           "Interval", "0.1s", "PacketSize", "900", NULL);
  ck_assert (cns_trace_connect (cns_application_container_get (w.apps, 7), "Rx",
                                G_CALLBACK (on_echo), NULL, &error));
  cns_application_container_start (w.apps, cns_seconds (0.5));
  cns_application_container_stop (w.apps, cns_seconds (4));
}

/* What the applications counted, and the events' fingerprint, of a run
 * sequential (@threads NULL) or on @threads threads. */
static gchar *
run_world (const gchar *threads)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *fingerprint = NULL;

  if (threads != NULL)
    {
      ck_assert (cns_global_value_set ("Threads", threads, &error));
      ck_assert (cns_global_value_set ("PartitionThreshold", "1ms", &error));
    }
  world_build ();
  apps_install ();
  cns_simulator_enable_fingerprint ();
  cns_simulator_stop_at (cns_seconds (5));
  cns_simulator_run ();
  if (threads != NULL)
    {
      CnsPartitionInfo info;

      ck_assert (cns_simulator_get_partition_info (&info));
      ck_assert_uint_eq (info.n_lps, 4);
    }
  for (guint i = 0; i < 3; i++)
    {
      CnsPacketSink *sink
          = CNS_PACKET_SINK (cns_application_container_get (w.apps, i));

      g_string_append_printf (out,
                              "sink %u: %" G_GUINT64_FORMAT
                              " bytes, %" G_GUINT64_FORMAT " packets\n",
                              i, cns_packet_sink_get_total_rx (sink),
                              cns_packet_sink_get_total_packets (sink));
    }
  g_string_append_printf (
      out, "bulk: %" G_GUINT64_FORMAT " bytes\n",
      cns_bulk_send_application_get_total_bytes (CNS_BULK_SEND_APPLICATION (
          cns_application_container_get (w.apps, 6))));
  g_string_append_printf (out, "echo: %u sent, %u back\n",
                          cns_udp_echo_client_get_n_sent (CNS_UDP_ECHO_CLIENT (
                              cns_application_container_get (w.apps, 7))),
                          w.echoes);
  fingerprint = cns_simulator_get_fingerprint ();
  g_string_append_printf (out, "events: %" G_GUINT64_FORMAT " %s\n",
                          cns_simulator_get_event_count (), fingerprint);
  teardown ();
  setup ();
  return g_string_free (g_steal_pointer (&out), FALSE);
}

START_TEST (test_parallel_applications)
{
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  g_autofree gchar *sequential = run_world (NULL);

  /* every source sent all it had to, and the sinks got it: the on-off
   * source over TCP its 200,000 bytes in 391 whole packets of 512 */
  ck_assert_ptr_nonnull (strstr (sequential, "bulk: 400000 bytes"));
  ck_assert_ptr_nonnull (strstr (sequential, "echo: 20 sent, 20 back"));
  ck_assert_ptr_nonnull (strstr (sequential, "sink 1: 400000 bytes"));
  ck_assert_ptr_nonnull (strstr (sequential, "sink 2: 200192 bytes"));
  ck_assert_ptr_null (strstr (sequential, "sink 0: 0 bytes"));
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_autofree gchar *parallel = run_world (threads[i]);

      ck_assert_str_eq (parallel, sequential);
    }
}
END_TEST

Suite *
test_parallel_applications_suite (void)
{
  Suite *s = suite_create ("parallel-applications");
  TCase *tc = tcase_create ("parallel-applications");
  tcase_set_tags (tc, "threads");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_parallel_applications);
  suite_add_tcase (s, tc);
  return s;
}
