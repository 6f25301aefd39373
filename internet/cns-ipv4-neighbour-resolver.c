/* cns — how IPv4 finds the link address of a next hop.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-ipv4-neighbour-resolver.h"

G_DEFINE_INTERFACE (CnsIpv4NeighbourResolver, cns_ipv4_neighbour_resolver,
                    G_TYPE_OBJECT)

static void
cns_ipv4_neighbour_resolver_default_init (
    CnsIpv4NeighbourResolverInterface *iface)
{
}

/**
 * cns_ipv4_neighbour_resolver_resolve: (skip)
 * @self: the resolver
 * @device: the output device
 * @next_hop: the route's gateway, or the destination on a direct route
 * @packet: the datagram; taken only for %CNS_IPV4_NEIGHBOUR_PENDING
 * @out: (out): the link address, for %CNS_IPV4_NEIGHBOUR_RESOLVED
 *
 * Returns: whether @out holds the address, the resolver took @packet, or
 * the next hop cannot be reached on @device.
 */
CnsIpv4NeighbourResult
cns_ipv4_neighbour_resolver_resolve (CnsIpv4NeighbourResolver *self,
                                     CnsNetDevice *device,
                                     CnsIpv4Address next_hop, CnsPacket *packet,
                                     CnsAddress *out)
{
  return CNS_IPV4_NEIGHBOUR_RESOLVER_GET_IFACE (self)->resolve (
      self, device, next_hop, packet, out);
}
