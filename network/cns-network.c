/* cns — start-up of the network module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), after the core's:
 * registers the network module's GTypes (so that
 * "CnsRateErrorModel::ErrorRate" can be named in a string before any
 * error model exists), its attribute text forms, its config roots and the
 * marshals that let bindings connect to its trace sources.
 */
#include "network/cns-network.h"

#include "network/cns-network-private.h"

#include "core/cns-partition.h"
#include "network/cns-packet-private.h"

/* The marshals call the closure with the firing object, then the trace's
 * arguments: packets and addresses as boxed copies (a packet as a new
 * reference). */

/* CnsPacketTraceFn: source, packet. */
static void
packet_trace_marshal (gpointer source, CnsPacket *packet, gpointer closure)
{
  GValue args[2] = { G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_PACKET), packet);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsApplicationRxTraceFn: source, packet, sender's address. */
static void
application_rx_trace_marshal (gpointer source, CnsPacket *packet,
                              const CnsAddress *from, gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_PACKET), packet);
  g_value_set_boxed (g_value_init (&args[2], CNS_TYPE_ADDRESS), from);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* Tells a parallel run the nodes, their system ids and every
 * point-to-point link; and, while the run is not yet started, gives the
 * packets' per-node uid counters room for every node, since the threads
 * then use them unlocked. */
static void
network_describe_partition (CnsPartition *partition, gpointer user_data)
{
  guint32 n_nodes = cns_node_list_get_n_nodes ();

  cns_partition_set_n_contexts (partition, n_nodes);
  for (guint32 i = 0; i < n_nodes; i++)
    cns_partition_set_system_id (
        partition, i, cns_node_get_system_id (cns_node_list_get_node (i)));
  for (guint32 c = 0; c < cns_channel_list_get_n_channels (); c++)
    {
      CnsChannel *channel = cns_channel_list_get_channel (c);
      CnsNode *ends[2];

      if (!CNS_IS_POINT_TO_POINT_CHANNEL (channel)
          || cns_channel_get_n_devices (channel) != 2)
        continue;
      for (guint32 d = 0; d < 2; d++)
        ends[d] = cns_net_device_get_node (
            cns_channel_get_device (channel, d));
      if (ends[0] != NULL && ends[1] != NULL)
        cns_partition_add_link (
            partition, cns_node_get_id (ends[0]), cns_node_get_id (ends[1]),
            cns_point_to_point_channel_get_delay (
                CNS_POINT_TO_POINT_CHANNEL (channel)));
    }
  cns_packet_reserve_uids (n_nodes);
}

void
cns_network_init (void)
{
  g_type_ensure (CNS_TYPE_ADDRESS);
  g_type_ensure (CNS_TYPE_APPLICATION);
  /* the one helper with an attribute of its own, for the attribute list */
  g_type_ensure (CNS_TYPE_APPLICATION_HELPER);
  g_type_ensure (CNS_TYPE_CHANNEL);
  g_type_ensure (CNS_TYPE_DROP_TAIL_QUEUE);
  g_type_ensure (CNS_TYPE_ERROR_MODEL);
  g_type_ensure (CNS_TYPE_ERROR_UNIT);
  g_type_ensure (CNS_TYPE_LIST_ERROR_MODEL);
  g_type_ensure (CNS_TYPE_NET_DEVICE);
  g_type_ensure (CNS_TYPE_NET_DEVICE_CONTAINER);
  g_type_ensure (CNS_TYPE_NODE);
  g_type_ensure (CNS_TYPE_NODE_CONTAINER);
  g_type_ensure (CNS_TYPE_POINT_TO_POINT_CHANNEL);
  g_type_ensure (CNS_TYPE_POINT_TO_POINT_HELPER);
  g_type_ensure (CNS_TYPE_POINT_TO_POINT_NET_DEVICE);
  g_type_ensure (CNS_TYPE_POINT_TO_POINT_REMOTE_CHANNEL);
  g_type_ensure (CNS_TYPE_QUEUE);
  g_type_ensure (CNS_TYPE_RATE_ERROR_MODEL);
  g_type_ensure (CNS_TYPE_SOCKET);
  g_type_ensure (CNS_TYPE_SOCKET_FACTORY);

  cns_mac48_address_install ();
  cns_channel_list_install ();
  cns_node_list_install ();
  cns_partition_add_provider (network_describe_partition, NULL);
  cns_trace_source_register_marshal ("CnsPacketTraceFn",
                                     G_CALLBACK (packet_trace_marshal));
  cns_trace_source_register_marshal ("CnsApplicationRxTraceFn",
                                     G_CALLBACK (application_rx_trace_marshal));
}
