/* cns — a short TCP transfer over an ABR VC, captured at host A's port.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Used by atm-ip-tshark.sh: host A (10.0.0.1) - switch - host B
 * (10.0.0.2), 100,000 cells/s links with 1 ms of delay, one ABR PVC
 * (PCR 50,000 cells/s) carrying IPv4 with LLC/SNAP. A sends B 100,000
 * bytes of TCP in 1460-byte segments. A's port is captured with link
 * type SUNATM (123) to DIR/atm-0-0.pcap; prints the file's path and what
 * B received.
 *
 *   atm-ip-pcap DIR
 */
#include "applications/cns-applications.h"
#include "atm/cns-atm.h"
#include "internet/cns-internet.h"
#include "network/cns-pcap-helper.h"

#include <stdio.h>
#include <stdlib.h>

#define RATE  100000.0
#define PCR   50000.0
#define PORT  5001
#define BYTES 100000

static void
check (gboolean ok, GError *error)
{
  if (!ok)
    {
      fprintf (stderr, "atm-ip-pcap: %s\n", error ? error->message : "failed");
      exit (1);
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsAtmHelper) atm = cns_atm_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = cns_net_device_container_new ();
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;
  g_autoptr (CnsPacketSinkHelper) sink_helper = NULL;
  g_autoptr (CnsBulkSendHelper) bulk_helper = NULL;
  g_autoptr (CnsApplicationContainer) sinks = NULL;
  g_autoptr (CnsApplicationContainer) senders = NULL;
  g_autoptr (CnsNode) a = NULL;
  g_autoptr (CnsNode) sw = NULL;
  g_autoptr (CnsNode) b = NULL;
  g_autofree gchar *prefix = NULL;
  g_autofree gchar *path = NULL;
  g_autofree gchar *max = g_strdup_printf ("%u", BYTES);
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), PORT);
  CnsInetSocketAddress remote = cns_inet_socket_address_init (
      cns_ipv4_address_from_string ("10.0.0.2"), PORT);
  CnsAtmNetDevice *a_dev, *b_dev;
  CnsNode *path_nodes[3];
  CnsAbrParams params;
  GError *error = NULL;
  guint64 rx;

  if (argc != 2)
    {
      fprintf (stderr, "usage: atm-ip-pcap DIR\n");
      return 2;
    }
  check (cns_config_set_default ("CnsTcpSocket::SegmentSize", "1460", &error),
         error);

  a = cns_atm_helper_create_host (atm);
  sw = cns_atm_helper_create_switch (atm);
  b = cns_atm_helper_create_host (atm);
  check (cns_atm_helper_link (atm, a, sw, RATE, cns_milli_seconds (1), &a_dev,
                              NULL),
         NULL);
  check (cns_atm_helper_link (atm, b, sw, RATE, cns_milli_seconds (1), &b_dev,
                              NULL),
         NULL);
  check (cns_internet_stack_helper_install (stack, a, &error), error);
  check (cns_internet_stack_helper_install (stack, b, &error), error);
  cns_net_device_container_add (devices, CNS_NET_DEVICE (a_dev));
  cns_net_device_container_add (devices, CNS_NET_DEVICE (b_dev));
  check (cns_ipv4_address_helper_set_base (addresses, "10.0.0.0",
                                           "255.255.255.0", "0.0.0.1", &error),
         error);
  interfaces = cns_ipv4_address_helper_assign (addresses, devices, &error);
  check (interfaces != NULL, error);
  cns_abr_params_init_defaults (&params, PCR);
  params.icr = PCR / 4;
  path_nodes[0] = a;
  path_nodes[1] = sw;
  path_nodes[2] = b;
  check (cns_atm_helper_setup_ip_pvc (atm, path_nodes, 3, CNS_ATM_SERVICE_ABR,
                                      &params, NULL, NULL, &error),
         error);

  sink_helper = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &any);
  bulk_helper = cns_bulk_send_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &remote);
  check (cns_application_helper_set_attribute (
             CNS_APPLICATION_HELPER (bulk_helper), "MaxBytes", max, &error),
         error);
  check (cns_application_helper_set_attribute (
             CNS_APPLICATION_HELPER (bulk_helper), "SendSize", "1460", &error),
         error);
  sinks = cns_application_helper_install (CNS_APPLICATION_HELPER (sink_helper),
                                          b);
  senders = cns_application_helper_install (
      CNS_APPLICATION_HELPER (bulk_helper), a);

  prefix = g_build_filename (argv[1], "atm", NULL);
  path = cns_pcap_helper_filename (prefix, CNS_NET_DEVICE (a_dev));
  check (cns_pcap_helper_enable (prefix, CNS_NET_DEVICE (a_dev),
                                 CNS_PCAP_LINKTYPE_SUNATM, &error),
         error);
  cns_simulator_stop_at (cns_seconds (2));
  cns_simulator_run ();
  rx = cns_packet_sink_get_total_rx (
      CNS_PACKET_SINK (cns_application_container_get (sinks, 0)));
  printf ("%s\n", path);
  printf ("sink received %" G_GUINT64_FORMAT " bytes\n", rx);
  cns_simulator_destroy ();
  return rx == BYTES ? 0 : 1;
}
