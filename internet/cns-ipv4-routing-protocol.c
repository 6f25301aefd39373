/* cns — the interface of IPv4 routing protocols.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4RoutingProtocol as a derivable class. The base keeps the
 * IPv4 layer the protocol serves (not referenced: the layer owns its
 * routing protocol) and gives every notification a default that does
 * nothing, so a protocol overrides only what it needs; route_output and
 * route_input have no default, since a routing protocol without them is
 * not one.
 *
 * The IPv4 layer calls the class functions directly on its per-packet
 * paths; the wrappers below are for users and other protocols.
 */
#include "internet/cns-ipv4-routing-protocol.h"

#include "internet/cns-ipv4-l3-protocol-private.h"

typedef struct
{
  CnsIpv4L3Protocol *ipv4;
} CnsIpv4RoutingProtocolPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsIpv4RoutingProtocol,
                                     cns_ipv4_routing_protocol, CNS_TYPE_OBJECT)

static void
routing_real_notify_interface (CnsIpv4RoutingProtocol *self, guint32 interface)
{
}

static void
routing_real_notify_address (CnsIpv4RoutingProtocol *self, guint32 interface,
                             const CnsIpv4InterfaceAddress *address)
{
}

static void
routing_real_set_ipv4 (CnsIpv4RoutingProtocol *self, CnsIpv4L3Protocol *ipv4)
{
  CnsIpv4RoutingProtocolPrivate *priv
      = cns_ipv4_routing_protocol_get_instance_private (self);

  priv->ipv4 = ipv4;
}

static void
routing_real_print_routing_table (CnsIpv4RoutingProtocol *self, GString *out)
{
}

static void
cns_ipv4_routing_protocol_class_init (CnsIpv4RoutingProtocolClass *klass)
{
  klass->notify_interface_up = routing_real_notify_interface;
  klass->notify_interface_down = routing_real_notify_interface;
  klass->notify_add_address = routing_real_notify_address;
  klass->notify_remove_address = routing_real_notify_address;
  klass->set_ipv4 = routing_real_set_ipv4;
  klass->print_routing_table = routing_real_print_routing_table;
}

static void
cns_ipv4_routing_protocol_init (CnsIpv4RoutingProtocol *self)
{
}

/**
 * cns_ipv4_routing_protocol_route_output:
 * @packet: (nullable): the packet to send, without its IPv4 header
 * @header: the header it will carry (destination, protocol, tos)
 * @output_device: (nullable): restricts the route to this device
 * @route: (out caller-allocates): filled in when a route is found
 *
 * Chooses the route of a packet this node sends, its source address
 * included.
 *
 * Returns: %TRUE when @route was filled, %FALSE when there is no route.
 */
gboolean
cns_ipv4_routing_protocol_route_output (CnsIpv4RoutingProtocol *self,
                                        CnsPacket *packet,
                                        const CnsIpv4Header *header,
                                        CnsNetDevice *output_device,
                                        CnsIpv4Route *route)
{
  CnsIpv4RoutingProtocolClass *klass;

  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL), FALSE);
  g_return_val_if_fail (header != NULL && route != NULL, FALSE);
  klass = CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self);
  g_return_val_if_fail (klass->route_output != NULL, FALSE);
  return klass->route_output (self, packet, header, output_device, route);
}

/**
 * cns_ipv4_routing_protocol_get_delegate:
 *
 * Follows get_delegate from @self to the protocol that answers for it.
 *
 * Returns: (transfer none): that protocol, @self when none other does.
 */
CnsIpv4RoutingProtocol *
cns_ipv4_routing_protocol_get_delegate (CnsIpv4RoutingProtocol *self)
{
  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL), NULL);
  for (;;)
    {
      CnsIpv4RoutingProtocolClass *klass
          = CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self);
      CnsIpv4RoutingProtocol *delegate
          = klass->get_delegate != NULL ? klass->get_delegate (self) : self;

      if (delegate == self)
        return self;
      self = delegate;
    }
}

/**
 * cns_ipv4_routing_protocol_delegate_changed:
 *
 * For protocols with get_delegate: their answer changed, so the IPv4
 * layer they serve asks again.
 */
void
cns_ipv4_routing_protocol_delegate_changed (CnsIpv4RoutingProtocol *self)
{
  CnsIpv4L3Protocol *ipv4;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  ipv4 = cns_ipv4_routing_protocol_get_ipv4 (self);
  if (ipv4 != NULL)
    cns_ipv4_l3_protocol_update_routing_delegate (ipv4);
}

/**
 * cns_ipv4_routing_protocol_route_input:
 * @packet: (nullable): the received packet, without its IPv4 header,
 *   writable: a protocol may change its metadata (nix-vector routing
 *   advances the packet's read position in its path)
 * @header: its IPv4 header
 * @input_interface: the interface it came in on
 * @route: (out caller-allocates): filled in when a route is found
 *
 * Chooses where to forward a received packet that is not for this node.
 *
 * Returns: %TRUE when @route was filled, %FALSE when there is no route.
 */
gboolean
cns_ipv4_routing_protocol_route_input (CnsIpv4RoutingProtocol *self,
                                       CnsPacket *packet,
                                       const CnsIpv4Header *header,
                                       guint32 input_interface,
                                       CnsIpv4Route *route)
{
  CnsIpv4RoutingProtocolClass *klass;

  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL), FALSE);
  g_return_val_if_fail (header != NULL && route != NULL, FALSE);
  klass = CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self);
  g_return_val_if_fail (klass->route_input != NULL, FALSE);
  return klass->route_input (self, packet, header, input_interface, route);
}

/**
 * cns_ipv4_routing_protocol_notify_interface_up:
 *
 * Tells the protocol that @interface came up; the IPv4 layer calls it.
 */
void
cns_ipv4_routing_protocol_notify_interface_up (CnsIpv4RoutingProtocol *self,
                                               guint32 interface)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self)->notify_interface_up (self,
                                                                   interface);
}

/**
 * cns_ipv4_routing_protocol_notify_interface_down:
 *
 * Tells the protocol that @interface went down; the IPv4 layer calls it.
 */
void
cns_ipv4_routing_protocol_notify_interface_down (CnsIpv4RoutingProtocol *self,
                                                 guint32 interface)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self)->notify_interface_down (self,
                                                                     interface);
}

/**
 * cns_ipv4_routing_protocol_notify_add_address:
 *
 * Tells the protocol that @address was added to @interface.
 */
void
cns_ipv4_routing_protocol_notify_add_address (
    CnsIpv4RoutingProtocol *self, guint32 interface,
    const CnsIpv4InterfaceAddress *address)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  g_return_if_fail (address != NULL);
  CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self)->notify_add_address (
      self, interface, address);
}

/**
 * cns_ipv4_routing_protocol_notify_remove_address:
 *
 * Tells the protocol that @address was removed from @interface.
 */
void
cns_ipv4_routing_protocol_notify_remove_address (
    CnsIpv4RoutingProtocol *self, guint32 interface,
    const CnsIpv4InterfaceAddress *address)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  g_return_if_fail (address != NULL);
  CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self)->notify_remove_address (
      self, interface, address);
}

/**
 * cns_ipv4_routing_protocol_set_ipv4:
 * @ipv4: (nullable): the IPv4 layer the protocol serves; not referenced
 *
 * Called by cns_ipv4_l3_protocol_set_routing_protocol(); a protocol
 * learns the interfaces that already exist here.
 */
void
cns_ipv4_routing_protocol_set_ipv4 (CnsIpv4RoutingProtocol *self,
                                    CnsIpv4L3Protocol *ipv4)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self)->set_ipv4 (self, ipv4);
}

/**
 * cns_ipv4_routing_protocol_get_ipv4:
 *
 * Returns: (transfer none) (nullable): the IPv4 layer the protocol serves.
 */
CnsIpv4L3Protocol *
cns_ipv4_routing_protocol_get_ipv4 (CnsIpv4RoutingProtocol *self)
{
  CnsIpv4RoutingProtocolPrivate *priv;

  g_return_val_if_fail (
      CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL), NULL);
  priv = cns_ipv4_routing_protocol_get_instance_private (self);
  return priv->ipv4;
}

/**
 * cns_ipv4_routing_protocol_print_routing_table:
 * @out: where to append the table
 *
 * Appends the protocol's table in the style of ns-3's PrintRoutingTable.
 */
void
cns_ipv4_routing_protocol_print_routing_table (CnsIpv4RoutingProtocol *self,
                                               GString *out)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  g_return_if_fail (out != NULL);
  CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self)->print_routing_table (self, out);
}
