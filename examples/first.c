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
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>
#include <string.h>

/* A GLib writer that prints the message of each cns log line, without
 * cns's time, node and function prefix (ns-3 prints no prefix unless
 * asked), and hands every other message to cns's writer. */
static GLogWriterOutput
print_message (GLogLevelFlags level, const GLogField *fields, gsize n_fields,
               gpointer user_data)
{
  g_autofree gchar *line = cns_log_format_fields (fields, n_fields);
  const gchar *message = line ? strstr (line, "] ") : NULL;

  if (message == NULL)
    return cns_log_writer (level, fields, n_fields, user_data);
  printf ("%s\n", message + 2);
  return G_LOG_WRITER_HANDLED;
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

  /* GLib takes one writer per process: set it before cns sets its own. */
  cns_log_set_install_writer (FALSE);
  g_log_set_writer_func (print_message, NULL, NULL);
  cns_command_line_parse (cmd, &argc, &argv);

  cns_log_enable ("cns-udp-echo-client", CNS_LOG_LEVEL_INFO);
  cns_log_enable ("cns-udp-echo-server", CNS_LOG_LEVEL_INFO);

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
