/* cns — a BRITE topology with an echo across it, in the spirit of ns-3's
 * src/brite/examples/brite-generic-example.cc.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The topology comes from a BRITE configuration file (by default
 * brite/conf/top-down.conf: two Barabasi-Albert ASes of 20 Waxman routers
 * each), generated with seeds drawn from random stream 3, or from a
 * .brite file (--briteFile). Every link is numbered from 10.0.0.0/30. A
 * client node hangs off the last leaf router of AS 0 and a server node
 * off the last leaf of AS 1, each by a 5 Mbps / 2 ms link; the client
 * sends --nPackets 1024-byte echo requests, one a second from 1 s, and
 * the program prints the topology, each datagram sent and echoed, and a
 * last line with the echoes that came back; --fingerprint adds a SHA-256
 * of the events every node ran, the same on any number of threads.
 *
 *   ./waf --run brite-generic                       (options: --help)
 *   ./waf --run "brite-generic --routing=nix
 * --confFile=brite/conf/bottom-up.conf"
 */
#include "applications/cns-applications.h"
#include "brite/cns-brite.h"

#include <stdio.h>
#include <string.h>

/* What the client's traces count: only the client's events write it, so
 * it needs nothing more on --threads. */
typedef struct
{
  guint sent;
  guint echoed;
} Counts;

static int
fail (GError *error)
{
  fprintf (stderr, "brite-generic: %s\n", error->message);
  g_error_free (error);
  return 1;
}

/* A topology too big for the memory is a usage error (status 2) that
 * names the option it came from; other errors are runtime ones (1). */
static int
fail_topology (GError *error, const gchar *option, const gchar *path)
{
  if (!g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_MEMORY))
    return fail (error);
  fprintf (stderr, "brite-generic: --%s=%s: %s; --force builds it anyway\n",
           option, path, error->message);
  g_error_free (error);
  return 2;
}

static void
on_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  printf ("At time +%s the client sent %u bytes\n", now,
          cns_packet_get_size (packet));
  ((Counts *) user_data)->sent++;
}

static void
on_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
       gpointer user_data)
{
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  printf ("At time +%s the client got its echo of %u bytes\n", now,
          cns_packet_get_size (packet));
  ((Counts *) user_data)->echoed++;
}

/* The routing of every node: nix-vector, or global routing behind static
 * routing (its own links), as ns-3's stack has it. */
static CnsIpv4RoutingHelper *
make_routing_helper (gboolean nix)
{
  g_autoptr (CnsIpv4ListRoutingHelper) list = NULL;
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing = NULL;
  g_autoptr (CnsIpv4GlobalRoutingHelper) global = NULL;

  if (nix)
    return CNS_IPV4_ROUTING_HELPER (cns_nix_vector_helper_new ());
  list = cns_ipv4_list_routing_helper_new ();
  static_routing = cns_ipv4_static_routing_helper_new ();
  global = cns_ipv4_global_routing_helper_new ();
  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  return CNS_IPV4_ROUTING_HELPER (g_steal_pointer (&list));
}

static void
print_topology (CnsBriteTopologyHelper *brite)
{
  guint32 n_as = cns_brite_topology_helper_get_n_as (brite);

  printf ("BRITE topology: %u nodes, %u edges, %u ASes\n",
          cns_brite_topology_helper_get_n_nodes (brite),
          cns_brite_topology_helper_get_n_edges (brite), n_as);
  for (guint32 a = 0; a < n_as; a++)
    printf ("  AS %u: %u nodes, %u leaves\n", a,
            cns_brite_topology_helper_get_n_nodes_for_as (brite, a),
            cns_brite_topology_helper_get_n_leaf_nodes_for_as (brite, a));
}

/* The last leaf of @as, or its last node when it has no leaf. */
static CnsNode *
attachment_point (CnsBriteTopologyHelper *brite, guint32 as)
{
  guint32 leaves
      = cns_brite_topology_helper_get_n_leaf_nodes_for_as (brite, as);

  if (leaves > 0)
    return cns_brite_topology_helper_get_leaf_node_for_as (brite, as,
                                                           leaves - 1);
  return cns_brite_topology_helper_get_node_for_as (
      brite, as, cns_brite_topology_helper_get_n_nodes_for_as (brite, as) - 1);
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new (
      "an echo across a BRITE topology, from AS 0 to AS 1");
  g_autoptr (CnsBriteTopologyHelper) brite = NULL;
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4RoutingHelper) routing_helper = NULL;
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsNodeContainer) ends = cns_node_container_new ();
  g_autoptr (CnsNetDeviceContainer) client_link = NULL;
  g_autoptr (CnsNetDeviceContainer) server_link = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) client_interfaces = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) server_interfaces = NULL;
  g_autoptr (CnsUdpEchoServerHelper) server = NULL;
  g_autoptr (CnsUdpEchoClientHelper) client = NULL;
  g_autoptr (CnsApplicationContainer) server_apps = NULL;
  g_autoptr (CnsApplicationContainer) client_apps = NULL;
  /* string options start NULL: a value given replaces them unfreed */
  g_autofree gchar *conf_file = NULL;
  g_autofree gchar *seed_file = NULL;
  g_autofree gchar *brite_file = NULL;
  g_autofree gchar *write_brite = NULL;
  g_autofree gchar *routing = NULL;
  g_autofree gchar *max_packets = NULL;
  CnsApplicationHelper *client_base;
  CnsApplication *client_app;
  guint n_packets = 1;
  Counts counts = { 0, 0 };
  gboolean force = FALSE, fingerprint = FALSE;
  g_autofree gchar *digest = NULL;
  GError *error = NULL;

  /* large topologies want malloc tuned; libcns leaves it alone unless asked */
  cns_memory_tune_heap ();

  cns_command_line_add_string (
      cmd, "confFile",
      "BRITE configuration file to generate from (brite/conf/top-down.conf)",
      &conf_file);
  cns_command_line_add_string (
      cmd, "seedFile",
      "BRITE seed file (default: seeds drawn from random stream 3)",
      &seed_file);
  cns_command_line_add_string (cmd, "briteFile",
                               "Import this .brite file instead of generating",
                               &brite_file);
  cns_command_line_add_string (cmd, "writeBrite",
                               "Write the topology to this .brite file",
                               &write_brite);
  cns_command_line_add_string (cmd, "routing", "global or nix (global)",
                               &routing);
  cns_command_line_add_uint (
      cmd, "nPackets", "Echo requests, one a second from 1 s", &n_packets);
  cns_command_line_add_boolean (
      cmd, "force",
      "Build the topology even when its estimated memory exceeds what this "
      "process may use",
      &force);
  cns_command_line_add_boolean (
      cmd, "fingerprint",
      "Print a SHA-256 of the events every node ran, the same on any number "
      "of threads",
      &fingerprint);
  cns_command_line_parse (cmd, &argc, &argv);
  if (conf_file == NULL)
    conf_file = g_strdup (CNS_BRITE_CONF_DIR "/top-down.conf");
  if (routing == NULL)
    routing = g_strdup ("global");

  if (strcmp (routing, "global") != 0 && strcmp (routing, "nix") != 0)
    {
      fprintf (stderr, "brite-generic: --routing=%s: expected global or nix\n",
               routing);
      return 2;
    }
  /* before the topology is built: the file is written once it is */
  if (write_brite != NULL && !cns_output_check_file (write_brite, &error))
    return fail (error);
  routing_helper = make_routing_helper (strcmp (routing, "nix") == 0);
  if (brite_file != NULL)
    brite = cns_brite_topology_helper_new_from_file (brite_file, &error);
  else
    {
      brite = cns_brite_topology_helper_new (conf_file, seed_file, &error);
      if (brite != NULL)
        cns_brite_topology_helper_assign_streams (brite, 3);
    }
  if (brite == NULL)
    return fail (error);
  cns_brite_topology_helper_set_memory_check (brite, !force);

  cns_internet_stack_helper_set_routing_helper (stack, routing_helper);
  if (!cns_brite_topology_helper_build (brite, stack, &error))
    return fail_topology (error, brite_file != NULL ? "briteFile" : "confFile",
                          brite_file != NULL ? brite_file : conf_file);
  if (!cns_ipv4_address_helper_set_base (address, "10.0.0.0", "255.255.255.252",
                                         NULL, &error)
      || !cns_brite_topology_helper_assign_ipv4_addresses (brite, address,
                                                           &error))
    return fail (error);
  print_topology (brite);
  if (write_brite != NULL
      && !cns_brite_topology_write_file (
          cns_brite_topology_helper_get_topology (brite), write_brite, &error))
    return fail (error);
  if (cns_brite_topology_helper_get_n_as (brite) < 2)
    {
      fprintf (stderr,
               "brite-generic: the topology has %u AS; the echo goes from "
               "AS 0 to AS 1\n",
               cns_brite_topology_helper_get_n_as (brite));
      return 1;
    }
  if (!cns_brite_topology_is_connected (
          cns_brite_topology_helper_get_topology (brite)))
    {
      fprintf (stderr,
               "brite-generic: %s: the topology is not connected; the echo "
               "needs a path from AS 0 to AS 1\n",
               brite_file != NULL ? brite_file : conf_file);
      return 1;
    }

  /* the client and the server, each on a node of its own */
  cns_node_container_create (ends, 2);
  if (!cns_internet_stack_helper_install_container (stack, ends, &error)
      || !cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                          "5Mbps", &error)
      || !cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                           &error))
    return fail (error);
  client_link = cns_point_to_point_helper_install (
      p2p, cns_node_container_get (ends, 0), attachment_point (brite, 0));
  server_link = cns_point_to_point_helper_install (
      p2p, cns_node_container_get (ends, 1), attachment_point (brite, 1));
  client_interfaces
      = cns_ipv4_address_helper_assign (address, client_link, &error);
  if (client_interfaces == NULL)
    return fail (error);
  cns_ipv4_address_helper_new_network (address);
  server_interfaces
      = cns_ipv4_address_helper_assign (address, server_link, &error);
  if (server_interfaces == NULL)
    return fail (error);
  if (strcmp (routing, "global") == 0
      && !cns_ipv4_global_routing_helper_populate_routing_tables (&error))
    return fail (error);

  server = cns_udp_echo_server_helper_new (9);
  server_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (server), cns_node_container_get (ends, 1));
  cns_application_container_start (server_apps, cns_seconds (1));
  cns_application_container_stop (server_apps, cns_seconds (n_packets + 5));

  client = cns_udp_echo_client_helper_new (
      cns_ipv4_interface_container_get_address (server_interfaces, 0, 0), 9);
  client_base = CNS_APPLICATION_HELPER (client);
  max_packets = g_strdup_printf ("%u", n_packets);
  if (!cns_application_helper_set_attribute (client_base, "MaxPackets",
                                             max_packets, &error)
      || !cns_application_helper_set_attribute (client_base, "Interval", "1s",
                                                &error)
      || !cns_application_helper_set_attribute (client_base, "PacketSize",
                                                "1024", &error))
    return fail (error);
  client_apps = cns_application_helper_install (
      client_base, cns_node_container_get (ends, 0));
  client_app = cns_application_container_get (client_apps, 0);
  cns_trace_connect (client_app, "Tx", G_CALLBACK (on_tx), &counts, NULL);
  cns_trace_connect (client_app, "Rx", G_CALLBACK (on_rx), &counts, NULL);
  cns_application_container_start (client_apps, cns_seconds (1));
  cns_application_container_stop (client_apps, cns_seconds (n_packets + 5));

  cns_simulator_stop_at (cns_seconds (n_packets + 5));
  if (fingerprint)
    cns_simulator_enable_fingerprint ();
  cns_simulator_run ();
  digest = cns_simulator_get_fingerprint ();
  if (digest != NULL)
    printf ("Events fingerprint: %s\n", digest);
  printf ("Echoes: %u sent, %u returned\n", counts.sent, counts.echoed);
  cns_simulator_destroy ();
  return counts.echoed == counts.sent ? 0 : 1;
}
