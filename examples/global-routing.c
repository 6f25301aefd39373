/* cns — global routing over two paths of different cost, in the spirit
 * of ns-3's global-routing examples.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Routers n1 to n5 offer two paths from n1 to n5: an upper one through
 * n2 (two links) and a lower one through n3 and n4 (three links). Host
 * n0 hangs off n1 and host n6 off n5; every link is 5 Mbps / 2 ms, with
 * its own 10.1.x.0/24.
 *
 *          n2
 *         /  \
 *   n0--n1    n5--n6
 *         \  /
 *       n3--n4
 *
 * Every node runs ns-3's default routing with global routing: a list of
 * static routing (priority 0) and global routing (-10). A UDP echo client
 * on n0 sends --packets datagrams of 512 bytes to an echo server on n6,
 * one a second from 1 s. The program prints the path global routing
 * computed from n0 to n6, then the hops each datagram took, as the IPv4
 * layers of the nodes saw it leave, be forwarded and be delivered.
 *
 * --upperMetric=N gives the upper path's links metric N, so that from 3
 * on the lower path is the cheaper. --failAt=T takes n1's interface to
 * n2 down at T seconds and recomputes the routes, as ns-3's
 * dynamic-global-routing example does: later datagrams go the lower way.
 *
 *   ./waf --run global-routing
 *   ./waf --run "global-routing --upperMetric=5"
 *   ./waf --run "global-routing --failAt=2.5"
 *
 * The hops a datagram took travel with it, in a packet tag that each node
 * adds itself to, so that the nodes write nothing they share; and what
 * the program prints during the run goes through a CnsOrderedOutput, so
 * that it comes out in the same order on any number of threads
 * (--threads).
 */
#include "applications/cns-applications.h"
#include "routing/cns-routing.h"

#include <stdio.h>
#include <string.h>

#define N_NODES 7

/* The links, in the order they are made: n1's interface 2 is its link to
 * n2. */
static const guint32 links[][2]
    = { { 0, 1 }, { 1, 2 }, { 2, 5 }, { 1, 3 }, { 3, 4 }, { 4, 5 }, { 5, 6 } };
#define UPPER_FIRST 1 /* links 1 and 2 are the upper path */

static CnsNodeContainer *nodes;

/* What the program prints, in the order of a sequential run. */
static CnsOrderedOutput *output;

/* The nodes a datagram went through so far, the sender first. */
#define MAX_HOPS 23
typedef struct
{
  guint8 n;
  guint8 node[MAX_HOPS];
} Hops;

G_STATIC_ASSERT (sizeof (Hops) <= CNS_TAG_MAX_SIZE);

static void
hops_print (gconstpointer data, GString *out)
{
  const Hops *hops = data;

  for (guint i = 0; i < hops->n; i++)
    g_string_append_printf (out, "%s%u", i > 0 ? " " : "", hops->node[i]);
}

static const CnsTagClass hops_tag_class = {
  "GlobalRoutingHops",
  sizeof (Hops),
  hops_print,
};

static void
write_stdout (const gchar *bytes, gsize length, gpointer user_data)
{
  fwrite (bytes, 1, length, stdout);
}

G_GNUC_PRINTF (1, 2)
static void
say (const gchar *format, ...)
{
  g_autofree gchar *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  cns_ordered_output_write (output, line, strlen (line));
}

static int
fail (GError *error)
{
  fprintf (stderr, "global-routing: %s\n", error->message);
  g_error_free (error);
  return 1;
}

static guint32
node_of (CnsIpv4L3Protocol *ipv4)
{
  return cns_node_get_id (cns_ipv4_l3_protocol_get_node (ipv4));
}

/* The path global routing gives from @source to @destination, read from
 * the shared table, and its cost. */
static void
print_path (guint32 source, guint32 destination)
{
  CnsRouteTable *table = cns_global_route_manager_get_table (
      cns_global_route_manager_get_default ());
  CnsRouteGraph *graph = cns_route_table_get_graph (table);
  g_autoptr (GString) path = g_string_new (NULL);
  gchar now[CNS_TIME_STRING_SIZE];
  guint32 at = source, cost = 0;

  g_string_append_printf (path, "%u", source);
  while (at != destination)
    {
      guint32 interface = cns_route_table_lookup (table, at, destination);
      const CnsRouteLink *link;

      if (interface == CNS_ROUTE_TABLE_NO_ROUTE)
        {
          g_string_append (path, " (no route)");
          break;
        }
      link = cns_route_graph_get_link_for_interface (graph, at, interface);
      cost += link->metric;
      at = link->neighbor;
      g_string_append_printf (path, " %u", at);
    }
  cns_time_format (cns_simulator_now (), now);
  say ("At time %s global routing takes node %u to node %u by %s (cost "
       "%u)\n",
       now, source, destination, path->str, cost);
}

/* Adds the node of @ipv4 to the hops of @packet, the first when @first. */
static void
add_hop (CnsPacket *packet, CnsIpv4L3Protocol *ipv4, gboolean first)
{
  Hops hops = { 0 };

  if ((!first && !cns_packet_peek_packet_tag (packet, &hops_tag_class, &hops))
      || hops.n == MAX_HOPS || !cns_packet_is_writable (packet))
    return;
  hops.node[hops.n++] = (guint8) node_of (ipv4);
  cns_packet_replace_packet_tag (packet, &hops_tag_class, &hops);
}

static void
on_send (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
         guint32 interface, gpointer user_data)
{
  add_hop (packet, user_data, TRUE);
}

static void
on_forward (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
            guint32 interface, gpointer user_data)
{
  add_hop (packet, user_data, FALSE);
}

static void
on_deliver (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
            guint32 interface, gpointer user_data)
{
  g_autoptr (GString) path = g_string_new (NULL);
  gchar now[CNS_TIME_STRING_SIZE];
  Hops hops;

  if (!cns_packet_peek_packet_tag (packet, &hops_tag_class, &hops))
    return;
  hops_print (&hops, path);
  g_string_append_printf (path, " %u",
                          node_of (CNS_IPV4_L3_PROTOCOL (user_data)));
  cns_time_format (cns_simulator_now (), now);
  say ("At time %s node %u received a datagram of %u bytes (with its UDP "
       "header) by %s\n",
       now, node_of (CNS_IPV4_L3_PROTOCOL (user_data)),
       cns_packet_get_size (packet), path->str);
}

static void
take_upper_path_down (gpointer obj, gpointer data)
{
  CnsIpv4L3Protocol *ipv4 = cns_object_get (cns_node_container_get (nodes, 1),
                                            CNS_TYPE_IPV4_L3_PROTOCOL);
  g_autoptr (GError) error = NULL;
  gchar now[CNS_TIME_STRING_SIZE];

  cns_ipv4_l3_protocol_set_down (ipv4, 2);
  cns_time_format (cns_simulator_now (), now);
  say ("At time %s node 1 takes interface 2 (to node 2) down\n", now);
  if (!cns_ipv4_global_routing_helper_recompute_routing_tables (&error))
    {
      fprintf (stderr, "global-routing: %s\n", error->message);
      cns_simulator_stop ();
      return;
    }
  print_path (0, 6);
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new (
      "global routing over two paths of different cost");
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4GlobalRoutingHelper) global
      = cns_ipv4_global_routing_helper_new ();
  g_autoptr (CnsUdpEchoServerHelper) server = NULL;
  g_autoptr (CnsUdpEchoClientHelper) client = NULL;
  g_autoptr (CnsApplicationContainer) server_apps = NULL;
  g_autoptr (CnsApplicationContainer) client_apps = NULL;
  g_autofree gchar *max_packets = NULL;
  CnsIpv4Address sink_address = { 0 };
  CnsApplicationHelper *client_base;
  guint upper_metric = 1, packets = 4;
  gdouble fail_at = 0;
  GError *error = NULL;

  /* large topologies want malloc tuned; libcns leaves it alone unless asked */
  cns_memory_tune_heap ();

  cns_command_line_add_uint (cmd, "upperMetric",
                             "Metric of the upper path's two links (1)",
                             &upper_metric);
  cns_command_line_add_uint (
      cmd, "packets", "Datagrams the client sends, one a second (4)", &packets);
  cns_command_line_add_double (
      cmd, "failAt",
      "Seconds at which n1's link to n2 goes down and routes are "
      "recomputed; 0 for never (0)",
      &fail_at);
  cns_command_line_parse (cmd, &argc, &argv);
  if (upper_metric < 1 || upper_metric > G_MAXUINT16)
    {
      fprintf (stderr, "global-routing: --upperMetric: expected a metric "
                       "from 1 to 65535\n");
      return 2;
    }
  if (fail_at < 0)
    {
      fprintf (stderr, "global-routing: --failAt: expected 0 or a time in "
                       "seconds\n");
      return 2;
    }

  /* after the command line, which sets --threads */
  output = cns_ordered_output_new (write_stdout, NULL);
  cns_tag_class_register (&hops_tag_class);
  nodes = cns_node_container_new ();
  cns_node_container_create (nodes, N_NODES);
  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  cns_internet_stack_helper_set_routing_helper (stack,
                                                CNS_IPV4_ROUTING_HELPER (list));
  if (!cns_internet_stack_helper_install_container (stack, nodes, &error)
      || !cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                          "5Mbps", &error)
      || !cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                           &error)
      || !cns_ipv4_address_helper_set_base (address, "10.1.1.0",
                                            "255.255.255.0", NULL, &error))
    return fail (error);
  for (guint k = 0; k < G_N_ELEMENTS (links); k++)
    {
      g_autoptr (CnsNetDeviceContainer) devices
          = cns_point_to_point_helper_install (
              p2p, cns_node_container_get (nodes, links[k][0]),
              cns_node_container_get (nodes, links[k][1]));
      g_autoptr (CnsIpv4InterfaceContainer) interfaces
          = cns_ipv4_address_helper_assign (address, devices, &error);

      if (interfaces == NULL)
        return fail (error);
      cns_ipv4_address_helper_new_network (address);
      if (k == UPPER_FIRST || k == UPPER_FIRST + 1)
        for (guint end = 0; end < 2; end++)
          cns_ipv4_interface_container_set_metric (interfaces, end,
                                                   (guint16) upper_metric);
      if (links[k][1] == 6)
        sink_address
            = cns_ipv4_interface_container_get_address (interfaces, 1, 0);
    }

  for (guint32 i = 0; i < N_NODES; i++)
    {
      CnsIpv4L3Protocol *ipv4 = cns_object_get (
          cns_node_container_get (nodes, i), CNS_TYPE_IPV4_L3_PROTOCOL);

      if (!cns_trace_connect (ipv4, "SendOutgoing", G_CALLBACK (on_send), ipv4,
                              &error)
          || !cns_trace_connect (ipv4, "UnicastForward",
                                 G_CALLBACK (on_forward), ipv4, &error)
          || !cns_trace_connect (ipv4, "LocalDeliver", G_CALLBACK (on_deliver),
                                 ipv4, &error))
        return fail (error);
    }

  if (!cns_ipv4_global_routing_helper_populate_routing_tables (&error))
    return fail (error);
  print_path (0, 6);
  print_path (6, 0);

  server = cns_udp_echo_server_helper_new (9);
  server_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (server), cns_node_container_get (nodes, 6));
  client = cns_udp_echo_client_helper_new (sink_address, 9);
  client_base = CNS_APPLICATION_HELPER (client);
  max_packets = g_strdup_printf ("%u", packets);
  if (!cns_application_helper_set_attribute (client_base, "MaxPackets",
                                             max_packets, &error)
      || !cns_application_helper_set_attribute (client_base, "Interval", "1s",
                                                &error)
      || !cns_application_helper_set_attribute (client_base, "PacketSize",
                                                "512", &error))
    return fail (error);
  client_apps = cns_application_helper_install (
      client_base, cns_node_container_get (nodes, 0));
  cns_application_container_start (client_apps, cns_seconds (1));
  if (fail_at > 0)
    cns_simulator_schedule (cns_seconds (fail_at), take_upper_path_down, NULL,
                            NULL);

  cns_simulator_stop_at (cns_seconds (1.0 + packets + 1.0));
  cns_simulator_run ();
  g_clear_pointer (&output, cns_ordered_output_free);
  g_clear_pointer (&nodes, cns_node_container_unref);
  cns_simulator_destroy ();
  return 0;
}
