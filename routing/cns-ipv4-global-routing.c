/* cns — global routing: routes from one shared all-pairs table.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4GlobalRouting without a table of its own: the node asks the
 * simulation's #CnsGlobalRouteManager, whose graph maps the destination
 * address to a node and whose table gives the interface to leave by; the
 * gateway is the neighbour's address on that link. So routing a packet
 * is a hash probe and two array reads, and a node costs a few pointers
 * plus a small array of its interfaces' devices and source addresses,
 * rebuilt when its interfaces or addresses change.
 *
 * Destinations that are not an address of a node (a subnet's broadcast,
 * an address nobody has) get no route: a list routing with static
 * routing ahead of this one, as ns-3's default, handles the local ones.
 */
#include "routing/cns-ipv4-global-routing.h"

#include "core/cns-log.h"
#include "routing/cns-routing-private.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "routing/cns-global-route-manager.h"

CNS_LOG_COMPONENT_DEFINE ("cns-ipv4-global-routing");

struct _CnsIpv4GlobalRouting
{
  CnsIpv4RoutingProtocol parent_instance;

  CnsIpv4L3Protocol *ipv4;
  guint32 node;
  CnsGlobalRouteManager *manager;
  CnsRoutingInterface *interfaces; /* NULL until used, or after a change */
  guint32 n_interfaces;
};

G_DEFINE_FINAL_TYPE (CnsIpv4GlobalRouting, cns_ipv4_global_routing,
                     CNS_TYPE_IPV4_ROUTING_PROTOCOL)

static void
global_forget_interfaces (CnsIpv4GlobalRouting *self)
{
  g_clear_pointer (&self->interfaces, g_free);
  self->n_interfaces = 0;
}

static void
cns_ipv4_global_routing_dispose (GObject *object)
{
  CnsIpv4GlobalRouting *self = CNS_IPV4_GLOBAL_ROUTING (object);

  global_forget_interfaces (self);
  g_clear_object (&self->manager);
  self->ipv4 = NULL;
  G_OBJECT_CLASS (cns_ipv4_global_routing_parent_class)->dispose (object);
}

/* The route towards @destination, from the shared table. */
static gboolean
global_lookup (CnsIpv4GlobalRouting *self, CnsIpv4Address destination,
               CnsNetDevice *output_device, CnsIpv4Route *route)
{
  CnsRouteTable *table;
  CnsRouteGraph *graph;
  const CnsRouteLink *link;
  guint32 target, interface;

  if (G_UNLIKELY (self->ipv4 == NULL || self->manager == NULL))
    return FALSE;
  table = cns_global_route_manager_get_table (self->manager);
  if (G_UNLIKELY (table == NULL))
    return FALSE;
  graph = cns_route_table_get_graph (table);
  target = cns_route_graph_lookup_address (graph, destination);
  if (target == CNS_ROUTE_GRAPH_NO_NODE || target == self->node
      || self->node >= cns_route_graph_get_n_nodes (graph))
    return FALSE;
  interface = cns_route_table_lookup (table, self->node, target);
  if (interface == CNS_ROUTE_TABLE_NO_ROUTE)
    return FALSE;
  if (G_UNLIKELY (self->interfaces == NULL))
    self->interfaces
        = cns_routing_interfaces_learn (self->ipv4, &self->n_interfaces);
  link = cns_route_graph_get_link_for_interface (graph, self->node, interface);
  if (G_UNLIKELY (interface >= self->n_interfaces || link == NULL))
    return FALSE;
  if (output_device != NULL
      && output_device != self->interfaces[interface].device)
    return FALSE;
  route->destination = destination;
  route->gateway = link->peer_address;
  route->interface = interface;
  route->output_device = self->interfaces[interface].device;
  route->source = self->interfaces[interface].source;
  return TRUE;
}

static gboolean
global_route_output (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                     const CnsIpv4Header *header, CnsNetDevice *output_device,
                     CnsIpv4Route *route)
{
  /* per packet: the class guarantees the type, skip the checked cast */
  return global_lookup ((CnsIpv4GlobalRouting *) protocol, header->destination,
                        output_device, route);
}

static gboolean
global_route_input (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                    const CnsIpv4Header *header, guint32 input_interface,
                    CnsIpv4Route *route)
{
  return global_lookup ((CnsIpv4GlobalRouting *) protocol, header->destination,
                        NULL, route);
}

/* Any change to the node's interfaces: its own cache goes, and the shared
 * routes no longer match the topology. */
static void
global_topology_changed (CnsIpv4GlobalRouting *self)
{
  global_forget_interfaces (self);
  if (self->manager != NULL)
    cns_global_route_manager_mark_stale (self->manager);
}

static void
global_notify_interface_up (CnsIpv4RoutingProtocol *protocol, guint32 interface)
{
  global_topology_changed (CNS_IPV4_GLOBAL_ROUTING (protocol));
}

static void
global_notify_interface_down (CnsIpv4RoutingProtocol *protocol,
                              guint32 interface)
{
  global_topology_changed (CNS_IPV4_GLOBAL_ROUTING (protocol));
}

static void
global_notify_address (CnsIpv4RoutingProtocol *protocol, guint32 interface,
                       const CnsIpv4InterfaceAddress *address)
{
  global_topology_changed (CNS_IPV4_GLOBAL_ROUTING (protocol));
}

static void
global_set_ipv4 (CnsIpv4RoutingProtocol *protocol, CnsIpv4L3Protocol *ipv4)
{
  CnsIpv4GlobalRouting *self = CNS_IPV4_GLOBAL_ROUTING (protocol);

  CNS_IPV4_ROUTING_PROTOCOL_CLASS (cns_ipv4_global_routing_parent_class)
      ->set_ipv4 (protocol, ipv4);
  global_forget_interfaces (self);
  self->ipv4 = ipv4;
  if (ipv4 != NULL)
    self->node = cns_node_get_id (cns_ipv4_l3_protocol_get_node (ipv4));
}

/* One line per destination node with a route, by its first address. */
static void
global_print_routing_table (CnsIpv4RoutingProtocol *protocol, GString *out)
{
  CnsIpv4GlobalRouting *self = CNS_IPV4_GLOBAL_ROUTING (protocol);
  CnsRouteTable *table
      = self->manager != NULL
            ? cns_global_route_manager_get_table (self->manager)
            : NULL;
  guint32 n_nodes;

  g_string_append_printf (out, "Node: %u, Global routing table\n", self->node);
  if (table == NULL || self->ipv4 == NULL)
    {
      g_string_append (out, "(not populated)\n");
      return;
    }
  g_string_append (out, "Destination node  Gateway          Iface\n");
  n_nodes = cns_route_graph_get_n_nodes (cns_route_table_get_graph (table));
  for (guint32 t = 0; t < n_nodes; t++)
    {
      guint32 i = cns_route_table_lookup (table, self->node, t);
      const CnsRouteLink *link;
      gchar gateway[CNS_IPV4_ADDRESS_STRING_SIZE];

      if (i == CNS_ROUTE_TABLE_NO_ROUTE)
        continue;
      link = cns_route_graph_get_link_for_interface (
          cns_route_table_get_graph (table), self->node, i);
      cns_ipv4_address_format (link->peer_address, gateway);
      g_string_append_printf (out, "%-17u %-16s %u\n", t, gateway, i);
    }
}

static void
cns_ipv4_global_routing_class_init (CnsIpv4GlobalRoutingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsIpv4RoutingProtocolClass *routing_class
      = CNS_IPV4_ROUTING_PROTOCOL_CLASS (klass);

  object_class->dispose = cns_ipv4_global_routing_dispose;
  routing_class->route_output = global_route_output;
  routing_class->route_input = global_route_input;
  routing_class->notify_interface_up = global_notify_interface_up;
  routing_class->notify_interface_down = global_notify_interface_down;
  routing_class->notify_add_address = global_notify_address;
  routing_class->notify_remove_address = global_notify_address;
  routing_class->set_ipv4 = global_set_ipv4;
  routing_class->print_routing_table = global_print_routing_table;
}

static void
cns_ipv4_global_routing_init (CnsIpv4GlobalRouting *self)
{
  self->manager = g_object_ref (cns_global_route_manager_get_default ());
}

/**
 * cns_ipv4_global_routing_new:
 *
 * Returns: (transfer full): global routing
 * for one node, answering from the simulation's #CnsGlobalRouteManager
 * once its routes are populated.
 */
CnsIpv4GlobalRouting *
cns_ipv4_global_routing_new (void)
{
  return cns_object_new (CNS_TYPE_IPV4_GLOBAL_ROUTING, NULL);
}
