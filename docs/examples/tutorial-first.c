/* cns manual — the tutorial's first scenario (docs/tutorial.md).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two nodes on a 5 Mbps / 2 ms point-to-point link, IPv4 addresses from
 * 10.1.1.0/24, a UDP echo server on node 1 and a client on node 0 that
 * sends --nPackets datagrams of 1024 bytes, one a second from 2 s. Two
 * trace sinks print what happens: every frame a device receives, and
 * every echo the client gets back. --pcap=PREFIX also writes a pcap file
 * per device, --ascii=FILE an ASCII trace of both.
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>

/* A CnsPacketTraceFn: the source is the device that fired it. */
static void
on_mac_rx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  CnsNetDevice *device = source;
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  printf ("%-10s node %u received a frame of %u bytes\n", now,
          cns_node_get_id (cns_net_device_get_node (device)),
          cns_packet_get_size (packet));
}

/* A CnsApplicationRxTraceFn: the client heard an echo. */
static void
on_echo (gpointer source, CnsPacket *packet, const CnsAddress *from,
         gpointer user_data)
{
  guint *echoes = user_data;
  gchar now[CNS_TIME_STRING_SIZE];
  gchar endpoint[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  cns_application_format_endpoint (from, endpoint);
  ++*echoes;
  printf ("%-10s echo %u of %u bytes from %s\n", now, *echoes,
          cns_packet_get_size (packet), endpoint);
}

static int
fail (GError *error)
{
  fprintf (stderr, "tutorial-first: %s\n", error->message);
  g_error_free (error);
  return 1;
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("Tutorial: echo");
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
  g_autofree gchar *max_packets = NULL;
  g_autofree gchar *pcap = NULL;
  g_autofree gchar *ascii = NULL;
  CnsApplicationHelper *client_base;
  GError *error = NULL;
  gchar end[CNS_TIME_STRING_SIZE];
  guint n_packets = 3;
  guint echoes = 0;

  cns_command_line_add_uint (cmd, "nPackets", "Datagrams the client sends",
                             &n_packets);
  cns_command_line_add_string (cmd, "pcap", "Write PREFIX-NODE-DEVICE.pcap",
                               &pcap);
  cns_command_line_add_string (cmd, "ascii", "Write an ASCII trace here",
                               &ascii);
  cns_command_line_parse (cmd, &argc, &argv);

  /* Two nodes and the link between them. */
  cns_node_container_create (nodes, 2);
  if (!cns_point_to_point_helper_set_device_attribute (p2p, "DataRate", "5Mbps",
                                                       &error)
      || !cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                           &error))
    return fail (error);
  devices = cns_point_to_point_helper_install_container (p2p, nodes);
  if ((pcap != NULL
       && !cns_point_to_point_helper_enable_pcap_all (p2p, pcap, &error))
      || (ascii != NULL
          && !cns_point_to_point_helper_enable_ascii_all (p2p, ascii, &error)))
    return fail (error);

  /* IPv4, ICMP, UDP and TCP on both nodes; 10.1.1.1 and 10.1.1.2. */
  if (!cns_internet_stack_helper_install_container (stack, nodes, &error)
      || !cns_ipv4_address_helper_set_base (address, "10.1.1.0",
                                            "255.255.255.0", NULL, &error))
    return fail (error);
  interfaces = cns_ipv4_address_helper_assign (address, devices, &error);
  if (interfaces == NULL)
    return fail (error);

  /* The echo server on node 1, port 9, from 1 s to 10 s. */
  server = cns_udp_echo_server_helper_new (9);
  server_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (server), cns_node_container_get (nodes, 1));
  cns_application_container_start (server_apps, cns_seconds (1));
  cns_application_container_stop (server_apps, cns_seconds (10));

  /* The client on node 0, sending to the server's address. */
  client = cns_udp_echo_client_helper_new (
      cns_ipv4_interface_container_get_address (interfaces, 1, 0), 9);
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
  cns_application_container_stop (client_apps, cns_seconds (10));

  /* Trace sinks, by config path. */
  if (!cns_config_connect ("/NodeList/*/DeviceList/*/MacRx",
                           G_CALLBACK (on_mac_rx), NULL, &error)
      || !cns_config_connect ("/NodeList/0/ApplicationList/0/Rx",
                              G_CALLBACK (on_echo), &echoes, &error))
    return fail (error);

  cns_simulator_run ();
  cns_time_format (cns_simulator_now (), end);
  printf ("client heard %u of %u echoes; simulation ended at %s\n", echoes,
          n_packets, end);
  cns_simulator_destroy ();
  return echoes == n_packets ? 0 : 1;
}
