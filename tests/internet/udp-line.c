/* cns — a three-node line carrying UDP, ICMP and fragments, with pcaps.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A (10.1.1.1) -- R -- B (10.1.2.2), 5 Mbps / 2 ms links, static default
 * routes on A and B. A sends B:
 *   at 1 s: ten 1000-byte datagrams to port 9 (a packet sink);
 *   at 2 s: one 1000-byte datagram to port 10, where nothing listens, so B
 *           answers with ICMP destination unreachable (port);
 *   at 3 s: one 4000-byte datagram to port 9, fragmented into three.
 * Every device writes PREFIX-NODE-DEVICE.pcap; udp-line-tshark.sh checks
 * the frames and their checksums with tshark. Prints what the sink got.
 *
 *   udp-line PREFIX
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>
#include <stdlib.h>

static void
check (gboolean ok, GError *error)
{
  if (!ok)
    {
      fprintf (stderr, "udp-line: %s\n", error ? error->message : "failed");
      exit (1);
    }
}

/* An always-on source of @count datagrams of @size bytes to @remote. */
static void
add_source (CnsNode *node, CnsIpv4Address to, guint16 port, guint size,
            guint count, gdouble start)
{
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autofree gchar *size_text = g_strdup_printf ("%u", size);
  CnsInetSocketAddress remote = cns_inet_socket_address_init (to, port);
  GError *error = NULL;

  check (cns_attribute_set (app, "DataRate", "1Mbps", &error), error);
  check (cns_attribute_set (app, "PacketSize", size_text, &error), error);
  check (cns_attribute_set (app, "OnTime", "Constant(Constant=100)", &error),
         error);
  check (cns_attribute_set (app, "OffTime", "Constant(Constant=0)", &error),
         error);
  cns_on_off_application_set_remote (app, &remote);
  cns_on_off_application_set_max_bytes (app, (guint64) size * count);
  cns_application_set_start_time (CNS_APPLICATION (app), cns_seconds (start));
  cns_application_install (CNS_APPLICATION (app), node);
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) ar = NULL;
  g_autoptr (CnsNetDeviceContainer) rb = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_ar = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_rb = NULL;
  g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);
  CnsIpv4L3Protocol *ipv4;
  GError *error = NULL;

  if (argc != 2)
    {
      fprintf (stderr, "usage: udp-line PREFIX\n");
      return 2;
    }
  cns_node_container_create (nodes, 3);
  check (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                         "5Mbps", &error),
         error);
  check (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                          &error),
         error);
  ar = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 0),
                                          cns_node_container_get (nodes, 1));
  rb = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 1),
                                          cns_node_container_get (nodes, 2));
  check (cns_internet_stack_helper_install_container (stack, nodes, &error),
         error);
  check (cns_ipv4_address_helper_set_base (addresses, "10.1.1.0", "/24", NULL,
                                           &error),
         error);
  check ((i_ar = cns_ipv4_address_helper_assign (addresses, ar, &error))
             != NULL,
         error);
  cns_ipv4_address_helper_new_network (addresses);
  check ((i_rb = cns_ipv4_address_helper_assign (addresses, rb, &error))
             != NULL,
         error);

  ipv4 = cns_ipv4_interface_container_get_ipv4 (i_ar, 0);
  cns_ipv4_static_routing_set_default_route (
      cns_ipv4_static_routing_find (ipv4),
      cns_ipv4_interface_container_get_address (i_ar, 1, 0),
      cns_ipv4_interface_container_get_interface (i_ar, 0), 0);
  ipv4 = cns_ipv4_interface_container_get_ipv4 (i_rb, 1);
  cns_ipv4_static_routing_set_default_route (
      cns_ipv4_static_routing_find (ipv4),
      cns_ipv4_interface_container_get_address (i_rb, 0, 0),
      cns_ipv4_interface_container_get_interface (i_rb, 1), 0);

  cns_packet_sink_set_local (sink, &local);
  cns_application_install (CNS_APPLICATION (sink),
                           cns_node_container_get (nodes, 2));
  add_source (cns_node_container_get (nodes, 0),
              cns_ipv4_interface_container_get_address (i_rb, 1, 0), 9, 1000,
              10, 1.0);
  add_source (cns_node_container_get (nodes, 0),
              cns_ipv4_interface_container_get_address (i_rb, 1, 0), 10, 1000,
              1, 2.0);
  add_source (cns_node_container_get (nodes, 0),
              cns_ipv4_interface_container_get_address (i_rb, 1, 0), 9, 4000, 1,
              3.0);

  check (cns_point_to_point_helper_enable_pcap_all (p2p, argv[1], &error),
         error);
  cns_simulator_stop_at (cns_seconds (5));
  cns_simulator_run ();
  printf ("sink received %" G_GUINT64_FORMAT " bytes in %" G_GUINT64_FORMAT
          " datagrams\n",
          cns_packet_sink_get_total_rx (sink),
          cns_packet_sink_get_total_packets (sink));
  cns_simulator_destroy ();
  return 0;
}
