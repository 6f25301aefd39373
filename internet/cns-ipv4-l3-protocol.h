/* cns — the IPv4 layer of a node.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "core/cns-time.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-interface-address.h"
#include "internet/cns-ipv4-l4-protocol.h"
#include "internet/cns-ipv4-neighbour-resolver.h"
#include "internet/cns-ipv4-route.h"
#include "internet/cns-ipv4-routing-protocol.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

/**
 * CnsIpv4DropReason:
 * @CNS_IPV4_DROP_TTL_EXPIRED: the TTL reached zero while forwarding
 * @CNS_IPV4_DROP_NO_ROUTE: no route to the destination
 * @CNS_IPV4_DROP_BAD_CHECKSUM: the header checksum was wrong
 * @CNS_IPV4_DROP_INTERFACE_DOWN: the input or output interface is down
 * @CNS_IPV4_DROP_ROUTE_ERROR: the routing protocol failed
 * @CNS_IPV4_DROP_FRAGMENT_TIMEOUT: a datagram's fragments did not all
 *   arrive in time
 * @CNS_IPV4_DROP_DUPLICATE: a duplicate
 * @CNS_IPV4_DROP_FRAGMENTATION_NEEDED: too big for the link with DF set
 * @CNS_IPV4_DROP_NO_PROTOCOL: no transport protocol for the payload
 * @CNS_IPV4_DROP_MALFORMED: not an IPv4 datagram: a bad version or header
 *   length, fewer bytes than its total length, or a fragment reaching past
 *   65535 bytes
 * @CNS_IPV4_DROP_NO_NEIGHBOUR: the output interface's neighbour resolver
 *   had no link address for the next hop (or the interface needs one and
 *   has none)
 *
 * Why the Drop trace source dropped a packet (ns-3's DropReason, same
 * values for the shared ones).
 */
typedef enum
{
  CNS_IPV4_DROP_TTL_EXPIRED = 1,
  CNS_IPV4_DROP_NO_ROUTE,
  CNS_IPV4_DROP_BAD_CHECKSUM,
  CNS_IPV4_DROP_INTERFACE_DOWN,
  CNS_IPV4_DROP_ROUTE_ERROR,
  CNS_IPV4_DROP_FRAGMENT_TIMEOUT,
  CNS_IPV4_DROP_DUPLICATE,
  CNS_IPV4_DROP_FRAGMENTATION_NEEDED,
  CNS_IPV4_DROP_NO_PROTOCOL,
  CNS_IPV4_DROP_MALFORMED,
  CNS_IPV4_DROP_NO_NEIGHBOUR,
} CnsIpv4DropReason;

#define CNS_TYPE_IPV4_DROP_REASON (cns_ipv4_drop_reason_get_type ())
GType cns_ipv4_drop_reason_get_type (void) G_GNUC_CONST;

/**
 * CnsIpv4TxRxTraceFn:
 * @packet: (transfer none): the packet with its IPv4 header
 * @ipv4: the IPv4 layer
 * @interface: the interface index
 *
 * Signature of the Tx and Rx trace sources (ns-3's TxRxTracedCallback).
 */
typedef void (*CnsIpv4TxRxTraceFn) (gpointer source, CnsPacket *packet,
                                    CnsIpv4L3Protocol *ipv4, guint32 interface,
                                    gpointer user_data);

/**
 * CnsIpv4SentTraceFn:
 * @header: the IPv4 header
 * @packet: (transfer none): the packet without its IPv4 header
 * @interface: the interface index
 *
 * Signature of SendOutgoing, UnicastForward and LocalDeliver.
 */
typedef void (*CnsIpv4SentTraceFn) (gpointer source,
                                    const CnsIpv4Header *header,
                                    CnsPacket *packet, guint32 interface,
                                    gpointer user_data);

/**
 * CnsIpv4DropTraceFn:
 * @header: the IPv4 header
 * @packet: (transfer none): the packet without its IPv4 header
 * @reason: why it was dropped
 * @ipv4: the IPv4 layer
 * @interface: the interface index
 *
 * Signature of the Drop trace source.
 */
typedef void (*CnsIpv4DropTraceFn) (gpointer source,
                                    const CnsIpv4Header *header,
                                    CnsPacket *packet, CnsIpv4DropReason reason,
                                    CnsIpv4L3Protocol *ipv4, guint32 interface,
                                    gpointer user_data);

#define CNS_TYPE_IPV4_L3_PROTOCOL (cns_ipv4_l3_protocol_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4L3Protocol, cns_ipv4_l3_protocol, CNS,
                      IPV4_L3_PROTOCOL, CnsObject)

CnsIpv4L3Protocol *cns_ipv4_l3_protocol_new (void);
CnsNode *cns_ipv4_l3_protocol_get_node (CnsIpv4L3Protocol *self);

void
cns_ipv4_l3_protocol_set_routing_protocol (CnsIpv4L3Protocol *self,
                                           CnsIpv4RoutingProtocol *routing);
CnsIpv4RoutingProtocol *
cns_ipv4_l3_protocol_get_routing_protocol (CnsIpv4L3Protocol *self);

void cns_ipv4_l3_protocol_insert_l4_protocol (CnsIpv4L3Protocol *self,
                                              CnsIpv4L4Protocol *protocol);
CnsIpv4L4Protocol *
cns_ipv4_l3_protocol_get_l4_protocol (CnsIpv4L3Protocol *self, guint8 number);

/* Interfaces: index 0 is the loopback, added with the layer. */
guint32 cns_ipv4_l3_protocol_add_interface (CnsIpv4L3Protocol *self,
                                            CnsNetDevice *device);
guint32 cns_ipv4_l3_protocol_get_n_interfaces (CnsIpv4L3Protocol *self);
gint32 cns_ipv4_l3_protocol_get_interface_for_device (CnsIpv4L3Protocol *self,
                                                      CnsNetDevice *device);
gint32 cns_ipv4_l3_protocol_get_interface_for_address (CnsIpv4L3Protocol *self,
                                                       CnsIpv4Address address);
gint32 cns_ipv4_l3_protocol_get_interface_for_prefix (CnsIpv4L3Protocol *self,
                                                      CnsIpv4Address address,
                                                      CnsIpv4Mask mask);
CnsNetDevice *cns_ipv4_l3_protocol_get_net_device (CnsIpv4L3Protocol *self,
                                                   guint32 interface);
gboolean
cns_ipv4_l3_protocol_add_address (CnsIpv4L3Protocol *self, guint32 interface,
                                  const CnsIpv4InterfaceAddress *address,
                                  GError **error);
gboolean cns_ipv4_l3_protocol_remove_address (CnsIpv4L3Protocol *self,
                                              guint32 interface,
                                              CnsIpv4Address address);
guint32 cns_ipv4_l3_protocol_get_n_addresses (CnsIpv4L3Protocol *self,
                                              guint32 interface);
CnsIpv4InterfaceAddress
cns_ipv4_l3_protocol_get_address (CnsIpv4L3Protocol *self, guint32 interface,
                                  guint32 index);
CnsIpv4Address cns_ipv4_l3_protocol_select_source_address (
    CnsIpv4L3Protocol *self, CnsNetDevice *device, CnsIpv4Address destination);
void cns_ipv4_l3_protocol_set_up (CnsIpv4L3Protocol *self, guint32 interface);
void cns_ipv4_l3_protocol_set_down (CnsIpv4L3Protocol *self, guint32 interface);
gboolean cns_ipv4_l3_protocol_is_up (CnsIpv4L3Protocol *self,
                                     guint32 interface);
guint16 cns_ipv4_l3_protocol_get_mtu (CnsIpv4L3Protocol *self,
                                      guint32 interface);
void cns_ipv4_l3_protocol_set_metric (CnsIpv4L3Protocol *self,
                                      guint32 interface, guint16 metric);
guint16 cns_ipv4_l3_protocol_get_metric (CnsIpv4L3Protocol *self,
                                         guint32 interface);
gboolean cns_ipv4_l3_protocol_set_neighbour_resolver (
    CnsIpv4L3Protocol *self, guint32 interface,
    CnsIpv4NeighbourResolver *resolver);
CnsIpv4NeighbourResolver *
cns_ipv4_l3_protocol_get_neighbour_resolver (CnsIpv4L3Protocol *self,
                                             guint32 interface);
void cns_ipv4_l3_protocol_set_forwarding (CnsIpv4L3Protocol *self,
                                          guint32 interface,
                                          gboolean forwarding);
gboolean cns_ipv4_l3_protocol_is_forwarding (CnsIpv4L3Protocol *self,
                                             guint32 interface);
gboolean cns_ipv4_l3_protocol_is_destination_address (CnsIpv4L3Protocol *self,
                                                      CnsIpv4Address address,
                                                      guint32 interface);

void cns_ipv4_l3_protocol_send (CnsIpv4L3Protocol *self, CnsPacket *packet,
                                CnsIpv4Address source,
                                CnsIpv4Address destination, guint8 protocol,
                                guint8 ttl, guint8 tos,
                                const CnsIpv4Route *route);
void cns_ipv4_l3_protocol_send_with_header (CnsIpv4L3Protocol *self,
                                            CnsPacket *packet,
                                            const CnsIpv4Header *header,
                                            const CnsIpv4Route *route);

G_END_DECLS
