/* cns — nix-vector routing on a small mesh, in the spirit of ns-3's
 * examples/routing/nix-simple.cc.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Five nodes, 5 Mbps / 2 ms point-to-point links, one /24 per link:
 *
 *      n1 ---------- n4           10.1.1.0  n0-n1    10.1.3.0  n1-n4
 *      |              |           10.1.2.0  n0-n2    10.1.4.0  n2-n3
 *      n0 ---------- n2 --- n3    10.1.5.0  n2-n4
 *
 * Every node routes with static routing (its own subnets) and nix-vector
 * routing. A UDP echo client on n0 sends --nPackets 1024-byte datagrams,
 * one a second from 2 s, to the echo server on n3. The program prints the
 * nix path from n0 to n3 at 1 s, then each datagram sent and received;
 * with --linkDown, n0's link to n2 goes down at 2.5 s, the next datagrams
 * go round through n1 and n4, and the path is printed again at 2.6 s.
 *
 *   ./waf --run nix-simple          (options: --help)
 */
#include "applications/cns-applications.h"
#include "routing/cns-routing.h"

#include <stdio.h>
#include <string.h>

/* A GLib writer that prints the message of each cns log line, without
 * cns's time, node and function prefix, and hands every other message to
 * cns's writer. */
static GLogWriterOutput
print_message (GLogLevelFlags level, const GLogField *fields, gsize n_fields,
               gpointer user_data)
{
  g_autofree gchar *line = cns_log_format_fields (fields, n_fields);
  const gchar *message = line ? strstr (line, "] ") : NULL;

  if (message == NULL)
    return cns_log_writer (level, fields, n_fields, user_data);
  printf ("%s\n", message + 2);
  fflush (stdout);
  return G_LOG_WRITER_HANDLED;
}

static int
fail (GError *error)
{
  fprintf (stderr, "nix-simple: %s\n", error->message);
  g_error_free (error);
  return 1;
}

static void
link_down (gpointer obj, gpointer data)
{
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  printf ("At time +%s n0's link to n2 goes down\n", now);
  cns_ipv4_l3_protocol_set_down (obj, GPOINTER_TO_UINT (data));
}

int
main (int argc, char **argv)
{
  static const guint32 links[][2]
      = { { 0, 1 }, { 0, 2 }, { 1, 4 }, { 2, 3 }, { 2, 4 } };
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("nix-simple");
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsNixVectorHelper) nix = cns_nix_vector_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsIpv4InterfaceContainer) n2n3 = NULL;
  g_autoptr (CnsUdpEchoServerHelper) server = NULL;
  g_autoptr (CnsUdpEchoClientHelper) client = NULL;
  g_autoptr (CnsApplicationContainer) server_apps = NULL;
  g_autoptr (CnsApplicationContainer) client_apps = NULL;
  g_autofree gchar *max_packets = NULL;
  CnsApplicationHelper *client_base;
  guint n_packets = 2;
  gboolean down = FALSE;
  GError *error = NULL;

  /* GLib takes one writer per process: set it before cns sets its own. */
  cns_log_set_install_writer (FALSE);
  g_log_set_writer_func (print_message, NULL, NULL);
  cns_command_line_add_uint (cmd, "nPackets", "Datagrams the echo client sends",
                             &n_packets);
  cns_command_line_add_boolean (cmd, "linkDown",
                                "Take n0's link to n2 down at 2.5 s", &down);
  cns_command_line_parse (cmd, &argc, &argv);

  cns_log_enable ("cns-udp-echo-client", CNS_LOG_LEVEL_INFO);
  cns_log_enable ("cns-udp-echo-server", CNS_LOG_LEVEL_INFO);

  cns_node_container_create (nodes, 5);
  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (nix), -10);
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
      if (links[k][0] == 2 && links[k][1] == 3)
        n2n3 = g_steal_pointer (&interfaces);
    }

  server = cns_udp_echo_server_helper_new (9);
  server_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (server), cns_node_container_get (nodes, 3));
  cns_application_container_start (server_apps, cns_seconds (1));

  client = cns_udp_echo_client_helper_new (
      cns_ipv4_interface_container_get_address (n2n3, 1, 0), 9);
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
      client_base, cns_node_container_get (nodes, 0));
  cns_application_container_start (client_apps, cns_seconds (2));

  cns_nix_vector_helper_print_routing_path_at (
      nix, cns_seconds (1), cns_node_container_get (nodes, 0),
      cns_ipv4_interface_container_get_address (n2n3, 1, 0), NULL);
  if (down)
    {
      /* n0's interface 2 is its link to n2 */
      cns_simulator_schedule (cns_milli_seconds (2500), link_down,
                              cns_object_get (cns_node_container_get (nodes, 0),
                                              CNS_TYPE_IPV4_L3_PROTOCOL),
                              GUINT_TO_POINTER (2));
      cns_nix_vector_helper_print_routing_path_at (
          nix, cns_milli_seconds (2600), cns_node_container_get (nodes, 0),
          cns_ipv4_interface_container_get_address (n2n3, 1, 0), NULL);
    }

  cns_simulator_stop_at (cns_seconds (2 + n_packets + 1));
  cns_simulator_run ();
  cns_simulator_destroy ();
  return 0;
}
