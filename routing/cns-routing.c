/* cns — start-up of the routing module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/cns-routing-private.h"

#include "core/cns-log.h"
#include "core/cns-parallel.h"
#include "core/cns-simulator.h"
#include "routing/cns-global-route-manager.h"
#include "routing/cns-ipv4-global-routing.h"
#include "routing/cns-nix-vector-routing.h"

/* Registers the backends built into the library, and the types whose
 * attributes may be named (in cns_config_set_default() or on the command
 * line) before any of them exists. */
void
cns_routing_init (void)
{
  cns_spf_route_backend_register ();
  cns_fw_route_backend_register ();
  cns_cuda_route_backend_register ();
  cns_auto_route_backend_register ();
  g_type_ensure (CNS_TYPE_GLOBAL_ROUTE_MANAGER);
  g_type_ensure (CNS_TYPE_IPV4_GLOBAL_ROUTING);
  g_type_ensure (CNS_TYPE_NIX_VECTOR_ROUTING);
}

/* Returns: (transfer full): the device and source address of each of
 * @ipv4's interfaces, which the protocols keep between changes so that a
 * route costs no calls into the IPv4 layer. */
CnsRoutingInterface *
cns_routing_interfaces_learn (CnsIpv4L3Protocol *ipv4, guint32 *n_interfaces)
{
  guint32 n = cns_ipv4_l3_protocol_get_n_interfaces (ipv4);
  CnsRoutingInterface *interfaces = g_new0 (CnsRoutingInterface, n);

  for (guint32 i = 0; i < n; i++)
    {
      interfaces[i].device = cns_ipv4_l3_protocol_get_net_device (ipv4, i);
      if (cns_ipv4_l3_protocol_get_n_addresses (ipv4, i) > 0)
        interfaces[i].source
            = cns_ipv4_l3_protocol_get_address (ipv4, i, 0).local;
    }
  *n_interfaces = n;
  return interfaces;
}

/* Stops a parallel run in which an event of a node is about to change
 * what every node routes by (@what: the nix-vector topology, the global
 * table). The threads run the events of a window at once, so the nodes
 * of other threads would see the change at no definite time, and the
 * run would not be the sequential one. Events of no node (those the
 * program scheduled from outside any event) run between windows, on one
 * thread: they may change it. */
void
cns_routing_check_shared_change (const gchar *what)
{
  guint32 context = cns_simulator_get_context ();
  CnsPartitionInfo info;

  if (context != CNS_CONTEXT_NONE && cns_simulator_get_partition_info (&info)
      && info.n_lps > 1)
    cns_fatal ("%s changed in an event of node %u of a run on %u threads: "
               "other threads run other nodes' events of the same window, "
               "which would see the change at no definite time; change "
               "interfaces, addresses and routes in events of no node "
               "(scheduled by the program outside any event) or run on one "
               "thread",
               what, context, cns_simulator_get_n_threads ());
}

CnsRoutingSimd
cns_routing_simd_cap (void)
{
  const gchar *cap = g_getenv ("CNS_ROUTING_SIMD");

  if (cap == NULL || g_str_equal (cap, "avx512"))
    return CNS_ROUTING_SIMD_AVX512;
  if (g_str_equal (cap, "avx2"))
    return CNS_ROUTING_SIMD_AVX2;
  if (!g_str_equal (cap, "portable"))
    g_warning ("CNS_ROUTING_SIMD=%s: expected portable, avx2 or avx512; "
               "using portable",
               cap);
  return CNS_ROUTING_SIMD_PORTABLE;
}
