/* cns — the first tutorial scenario, as ns-3's examples/tutorial/first.cc.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two nodes joined by a 5 Mbps / 2 ms point-to-point link, addresses from
 * 10.1.1.0/24, a UDP echo server on node 1 (port 9) and a client on node 0
 * sending one 1024-byte packet at 2 s. The echo applications log what they
 * send and receive; this program prints those messages the way ns-3's
 * tutorial shows them:
 *
 *   At time +2s client sent 1024 bytes to 10.1.1.2 port 9
 *   At time +2.00369s server received 1024 bytes from 10.1.1.1 port 49153
 *   ...
 *
 *   ./waf --run first            (options: --help)
 */
#include "internet/cns-internet.h"

#include <stdio.h>
#include <string.h>

/* Prints the message of each log line, without cns's time, node and
 * function prefix (ns-3 prints no prefix unless asked). */
static void
print_message (const gchar *line, gpointer user_data)
{
  const gchar *message = strstr (line, "] ");

  printf ("%s\n", message ? message + 2 : line);
}

static int
fail (GError *error)
{
  fprintf (stderr, "first: %s\n", error->message);
  g_error_free (error);
  return 1;
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("first");
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  g_autoptr (CnsUdpEchoServerHelper) server = NULL;
  g_autoptr (CnsUdpEchoClientHelper) client = NULL;
  g_autoptr (CnsApplicationContainer) server_apps = NULL;
  g_autoptr (CnsApplicationContainer) client_apps = NULL;
  CnsApplicationHelper *client_base;
  GError *error = NULL;

  cns_command_line_parse (cmd, &argc, &argv);

  cns_log_set_writer (print_message, NULL);
  cns_log_enable ("UdpEchoClientApplication", CNS_LOG_LEVEL_INFO);
  cns_log_enable ("UdpEchoServerApplication", CNS_LOG_LEVEL_INFO);

  cns_node_container_create (nodes, 2);
  if (!cns_point_to_point_helper_set_device_attribute (p2p, "DataRate", "5Mbps",
                                                       &error)
      || !cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                           &error))
    return fail (error);
  devices = cns_point_to_point_helper_install_container (p2p, nodes);

  if (!cns_internet_stack_helper_install_container (stack, nodes, &error)
      || !cns_ipv4_address_helper_set_base (address, "10.1.1.0",
                                            "255.255.255.0", NULL, &error))
    return fail (error);
  interfaces = cns_ipv4_address_helper_assign (address, devices, &error);
  if (interfaces == NULL)
    return fail (error);

  server = cns_udp_echo_server_helper_new (9);
  server_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (server), cns_node_container_get (nodes, 1));
  cns_application_container_start (server_apps, cns_seconds (1));
  cns_application_container_stop (server_apps, cns_seconds (10));

  client = cns_udp_echo_client_helper_new (
      cns_ipv4_interface_container_get_address (interfaces, 1, 0), 9);
  client_base = CNS_APPLICATION_HELPER (client);
  if (!cns_application_helper_set_attribute (client_base, "MaxPackets", "1",
                                             &error)
      || !cns_application_helper_set_attribute (client_base, "Interval", "1s",
                                                &error)
      || !cns_application_helper_set_attribute (client_base, "PacketSize",
                                                "1024", &error))
    return fail (error);
  client_apps = cns_application_helper_install (
      client_base, cns_node_container_get (nodes, 0));
  cns_application_container_start (client_apps, cns_seconds (2));
  cns_application_container_stop (client_apps, cns_seconds (10));

  cns_simulator_run ();
  cns_simulator_destroy ();
  return 0;
}
