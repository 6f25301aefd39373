/* cns — how IPv4 finds the link address of a next hop.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-net-device.h"

G_BEGIN_DECLS

/**
 * CnsIpv4NeighbourResult:
 * @CNS_IPV4_NEIGHBOUR_RESOLVED: the link address is known; the IPv4 layer
 *   sends the packet to it
 * @CNS_IPV4_NEIGHBOUR_PENDING: the resolver took the packet and sends it
 *   itself once it knows the address (ARP's queue)
 * @CNS_IPV4_NEIGHBOUR_UNREACHABLE: the next hop has no link address; the
 *   IPv4 layer drops the packet (%CNS_IPV4_DROP_NO_NEIGHBOUR)
 */
typedef enum
{
  CNS_IPV4_NEIGHBOUR_RESOLVED,
  CNS_IPV4_NEIGHBOUR_PENDING,
  CNS_IPV4_NEIGHBOUR_UNREACHABLE,
} CnsIpv4NeighbourResult;

#define CNS_TYPE_IPV4_NEIGHBOUR_RESOLVER \
  (cns_ipv4_neighbour_resolver_get_type ())
G_DECLARE_INTERFACE (CnsIpv4NeighbourResolver, cns_ipv4_neighbour_resolver, CNS,
                     IPV4_NEIGHBOUR_RESOLVER, GObject)

/**
 * CnsIpv4NeighbourResolverInterface:
 * @resolve: finds the link address of @next_hop on @device. For
 *   %CNS_IPV4_NEIGHBOUR_PENDING it takes @packet (a complete datagram, its
 *   IPv4 header on) and later hands it to cns_net_device_send() with
 *   EtherType 0x0800 or drops it; for the other results the caller keeps
 *   @packet. Called per packet: no allocation, no string work.
 *
 * The neighbour-resolution hook of an IPv4 interface whose device says
 * %CNS_NET_DEVICE_NEEDS_ARP: ARP on a multi-access link, the VC of a next
 * hop over ATM (RFC 2225's table of PVCs). Devices without that flag are
 * sent everything to their broadcast address, point-to-point links
 * ignoring it.
 */
struct _CnsIpv4NeighbourResolverInterface
{
  GTypeInterface g_iface;

  CnsIpv4NeighbourResult (*resolve) (CnsIpv4NeighbourResolver *self,
                                     CnsNetDevice *device,
                                     CnsIpv4Address next_hop, CnsPacket *packet,
                                     CnsAddress *out);
};

CnsIpv4NeighbourResult cns_ipv4_neighbour_resolver_resolve (
    CnsIpv4NeighbourResolver *self, CnsNetDevice *device,
    CnsIpv4Address next_hop, CnsPacket *packet, CnsAddress *out);

G_END_DECLS
