/* cns — start-up of the network module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), after the core's:
 * registers the network module's GTypes (so that
 * "CnsRateErrorModel::ErrorRate" can be named in a string before any
 * error model exists), its attribute text forms and its config roots.
 */
#include "network/cns-network.h"

#include "network/cns-network-private.h"

void
cns_network_init (void)
{
  g_type_ensure (CNS_TYPE_ADDRESS);
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

  cns_mac48_address_install ();
  cns_channel_list_install ();
  cns_node_list_install ();
}
