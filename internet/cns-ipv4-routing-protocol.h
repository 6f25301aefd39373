/* cns — the interface of IPv4 routing protocols.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-interface-address.h"
#include "internet/cns-ipv4-route.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

typedef struct _CnsIpv4L3Protocol CnsIpv4L3Protocol;

#define CNS_TYPE_IPV4_ROUTING_PROTOCOL (cns_ipv4_routing_protocol_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsIpv4RoutingProtocol, cns_ipv4_routing_protocol,
                          CNS, IPV4_ROUTING_PROTOCOL, CnsObject)

/**
 * CnsIpv4RoutingProtocolClass:
 * @route_output: chooses the route of a packet this node sends. @packet
 *   may be %NULL (a socket asking before it has data) and may be changed
 *   (nix-vector routing stores its path in it); @output_device, when not
 *   %NULL, restricts the choice to that device. Fills @route, its source
 *   address included, and returns %TRUE, or returns %FALSE when there is
 *   no route.
 * @route_input: chooses where to forward a packet received on interface
 *   @input_interface that is not for this node (the IPv4 layer handles
 *   local delivery before asking). @packet is writable, and may be
 *   changed (nix-vector routing reads the next hop from it). Fills @route and
 * returns %TRUE, or returns %FALSE when there is no route.
 * @notify_interface_up: interface @interface came up
 * @notify_interface_down: interface @interface went down
 * @notify_add_address: @address was added to @interface
 * @notify_remove_address: @address was removed from @interface
 * @set_ipv4: the IPv4 layer the protocol serves (set once)
 * @print_routing_table: appends the table in the style of ns-3's
 *   PrintRoutingTable to @out
 * @get_delegate: optional: another protocol that gives exactly this one's
 *   answers to route_output and route_input for now (a list of one gives
 *   its protocol), which the IPv4 layer then asks directly, or @self. A
 *   protocol whose delegate changes calls
 *   cns_ipv4_routing_protocol_delegate_changed().
 *
 * ns-3's Ipv4RoutingProtocol without the per-packet callbacks: the answer
 * is a filled #CnsIpv4Route, so routing a packet allocates nothing.
 */
struct _CnsIpv4RoutingProtocolClass
{
  CnsObjectClass parent_class;

  gboolean (*route_output) (CnsIpv4RoutingProtocol *self, CnsPacket *packet,
                            const CnsIpv4Header *header,
                            CnsNetDevice *output_device, CnsIpv4Route *route);
  gboolean (*route_input) (CnsIpv4RoutingProtocol *self, CnsPacket *packet,
                           const CnsIpv4Header *header, guint32 input_interface,
                           CnsIpv4Route *route);
  void (*notify_interface_up) (CnsIpv4RoutingProtocol *self, guint32 interface);
  void (*notify_interface_down) (CnsIpv4RoutingProtocol *self,
                                 guint32 interface);
  void (*notify_add_address) (CnsIpv4RoutingProtocol *self, guint32 interface,
                              const CnsIpv4InterfaceAddress *address);
  void (*notify_remove_address) (CnsIpv4RoutingProtocol *self,
                                 guint32 interface,
                                 const CnsIpv4InterfaceAddress *address);
  void (*set_ipv4) (CnsIpv4RoutingProtocol *self, CnsIpv4L3Protocol *ipv4);
  void (*print_routing_table) (CnsIpv4RoutingProtocol *self, GString *out);
  CnsIpv4RoutingProtocol *(*get_delegate) (CnsIpv4RoutingProtocol *self);

  /*< private >*/
  gpointer padding[5];
};

gboolean cns_ipv4_routing_protocol_route_output (CnsIpv4RoutingProtocol *self,
                                                 CnsPacket *packet,
                                                 const CnsIpv4Header *header,
                                                 CnsNetDevice *output_device,
                                                 CnsIpv4Route *route);
CnsIpv4RoutingProtocol *
cns_ipv4_routing_protocol_get_delegate (CnsIpv4RoutingProtocol *self);
void cns_ipv4_routing_protocol_delegate_changed (CnsIpv4RoutingProtocol *self);
gboolean cns_ipv4_routing_protocol_route_input (CnsIpv4RoutingProtocol *self,
                                                CnsPacket *packet,
                                                const CnsIpv4Header *header,
                                                guint32 input_interface,
                                                CnsIpv4Route *route);
void
cns_ipv4_routing_protocol_notify_interface_up (CnsIpv4RoutingProtocol *self,
                                               guint32 interface);
void
cns_ipv4_routing_protocol_notify_interface_down (CnsIpv4RoutingProtocol *self,
                                                 guint32 interface);
void cns_ipv4_routing_protocol_notify_add_address (
    CnsIpv4RoutingProtocol *self, guint32 interface,
    const CnsIpv4InterfaceAddress *address);
void cns_ipv4_routing_protocol_notify_remove_address (
    CnsIpv4RoutingProtocol *self, guint32 interface,
    const CnsIpv4InterfaceAddress *address);
void cns_ipv4_routing_protocol_set_ipv4 (CnsIpv4RoutingProtocol *self,
                                         CnsIpv4L3Protocol *ipv4);
CnsIpv4L3Protocol *
cns_ipv4_routing_protocol_get_ipv4 (CnsIpv4RoutingProtocol *self);
void
cns_ipv4_routing_protocol_print_routing_table (CnsIpv4RoutingProtocol *self,
                                               GString *out);

G_END_DECLS
