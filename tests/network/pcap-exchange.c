/* cns — a two-node exchange of raw PPP frames, captured to pcap files.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Used by pcap-tshark.sh: node 0 sends frames of 100, 500 and 1000 bytes
 * (102, 502 and 1002 with the PPP header) at 1 s over a 5 Mbps, 2 ms link;
 * node 1 sends each back as it arrives. Writes PREFIX-0-0.pcap and
 * PREFIX-1-0.pcap.
 *
 *   pcap-exchange PREFIX
 */
#include "network/cns-network.h"

#include <stdio.h>

#define PROTOCOL 0x88b5 /* IEEE local experimental EtherType */

static void
echo (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
      const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
      gpointer user_data)
{
  cns_net_device_send (device, packet, from, protocol);
}

static void
send_frames (gpointer obj, gpointer data)
{
  static const guint32 sizes[] = { 100, 500, 1000 };
  CnsAddress dest;

  cns_net_device_get_broadcast (obj, &dest);
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    cns_net_device_send (obj, cns_packet_new (sizes[i]), &dest, PROTOCOL);
}

static void
discard (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
         const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
         gpointer user_data)
{
  cns_packet_unref (packet);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = NULL;
  g_autoptr (CnsNodeContainer) nodes = NULL;
  g_autoptr (CnsNetDeviceContainer) devices = NULL;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s PREFIX\n", argv[0]);
      return 2;
    }
  helper = cns_point_to_point_helper_new ();
  nodes = cns_node_container_new ();
  cns_node_container_create (nodes, 2);
  if (!cns_point_to_point_helper_set_device_attribute (helper, "DataRate",
                                                       "5Mbps", &error)
      || !cns_point_to_point_helper_set_channel_attribute (helper, "Delay",
                                                           "2ms", &error))
    goto fail;
  devices = cns_point_to_point_helper_install_container (helper, nodes);
  cns_node_register_protocol_handler (cns_node_container_get (nodes, 1), echo,
                                      NULL, PROTOCOL, NULL, FALSE);
  cns_node_register_protocol_handler (cns_node_container_get (nodes, 0),
                                      discard, NULL, PROTOCOL, NULL, FALSE);
  if (!cns_point_to_point_helper_enable_pcap_all (helper, argv[1], &error))
    goto fail;
  cns_simulator_schedule_with_context (
      0, cns_seconds (1), send_frames,
      cns_net_device_container_get (devices, 0), NULL);
  cns_simulator_run ();
  cns_simulator_destroy ();
  return 0;

fail:
  fprintf (stderr, "pcap-exchange: %s\n", error->message);
  return 1;
}
