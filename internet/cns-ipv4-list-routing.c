/* cns — several IPv4 routing protocols asked in priority order.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4ListRouting: the routing protocol a node gets from the
 * stack helper, holding static routing and, say, global routing. Route
 * requests go to the protocols from the highest priority down until one
 * answers; protocols of equal priority are asked in the order they were
 * added. Every notification goes to all of them. Local delivery is the
 * IPv4 layer's business here, so unlike ns-3's list routing this one
 * only ever forwards.
 */
#include "internet/cns-ipv4-list-routing.h"

#include "internet/cns-ipv4-l3-protocol.h"

#include <string.h>

/* One protocol and its priority. */
typedef struct
{
  CnsIpv4RoutingProtocol *protocol;
  gint16 priority;
} Entry;

struct _CnsIpv4ListRouting
{
  CnsIpv4RoutingProtocol parent_instance;

  /* by priority, highest first: &first while at most one, so that a list
   * of one reads @first directly */
  Entry *entries;
  guint32 n_entries;
  Entry first; /* the usual single protocol, static routing */
};

G_DEFINE_FINAL_TYPE (CnsIpv4ListRouting, cns_ipv4_list_routing,
                     CNS_TYPE_IPV4_ROUTING_PROTOCOL)

static gboolean
list_route_output (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                   const CnsIpv4Header *header, CnsNetDevice *output_device,
                   CnsIpv4Route *route)
{
  /* per packet: the class guarantees the type, skip the checked cast */
  CnsIpv4ListRouting *self = (CnsIpv4ListRouting *) protocol;

  /* the usual list of one: its answer, as a tail call */
  if (G_LIKELY (self->n_entries == 1))
    return CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self->first.protocol)
        ->route_output (self->first.protocol, packet, header, output_device,
                        route);
  for (guint32 i = 0; i < self->n_entries; i++)
    {
      CnsIpv4RoutingProtocol *p = self->entries[i].protocol;

      if (CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (p)->route_output (
              p, packet, header, output_device, route))
        return TRUE;
    }
  return FALSE;
}

static gboolean
list_route_input (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                  const CnsIpv4Header *header, guint32 input_interface,
                  CnsIpv4Route *route)
{
  CnsIpv4ListRouting *self = (CnsIpv4ListRouting *) protocol;

  if (G_LIKELY (self->n_entries == 1))
    return CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self->first.protocol)
        ->route_input (self->first.protocol, packet, header, input_interface,
                       route);
  for (guint32 i = 0; i < self->n_entries; i++)
    {
      CnsIpv4RoutingProtocol *p = self->entries[i].protocol;

      if (CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (p)->route_input (
              p, packet, header, input_interface, route))
        return TRUE;
    }
  return FALSE;
}

static void
list_notify_interface_up (CnsIpv4RoutingProtocol *protocol, guint32 interface)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  for (guint32 i = 0; i < self->n_entries; i++)
    cns_ipv4_routing_protocol_notify_interface_up (self->entries[i].protocol,
                                                   interface);
}

static void
list_notify_interface_down (CnsIpv4RoutingProtocol *protocol, guint32 interface)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  for (guint32 i = 0; i < self->n_entries; i++)
    cns_ipv4_routing_protocol_notify_interface_down (self->entries[i].protocol,
                                                     interface);
}

static void
list_notify_add_address (CnsIpv4RoutingProtocol *protocol, guint32 interface,
                         const CnsIpv4InterfaceAddress *address)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  for (guint32 i = 0; i < self->n_entries; i++)
    cns_ipv4_routing_protocol_notify_add_address (self->entries[i].protocol,
                                                  interface, address);
}

static void
list_notify_remove_address (CnsIpv4RoutingProtocol *protocol, guint32 interface,
                            const CnsIpv4InterfaceAddress *address)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  for (guint32 i = 0; i < self->n_entries; i++)
    cns_ipv4_routing_protocol_notify_remove_address (self->entries[i].protocol,
                                                     interface, address);
}

/* A list of one answers as its protocol does: the IPv4 layer asks that one
 * directly and does not read the list per packet. */
static CnsIpv4RoutingProtocol *
list_get_delegate (CnsIpv4RoutingProtocol *protocol)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  return self->n_entries == 1 ? self->first.protocol : protocol;
}

static void
list_set_ipv4 (CnsIpv4RoutingProtocol *protocol, CnsIpv4L3Protocol *ipv4)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  CNS_IPV4_ROUTING_PROTOCOL_CLASS (cns_ipv4_list_routing_parent_class)
      ->set_ipv4 (protocol, ipv4);
  for (guint32 i = 0; i < self->n_entries; i++)
    cns_ipv4_routing_protocol_set_ipv4 (self->entries[i].protocol, ipv4);
}

/* Each protocol's table, highest priority first, as ns-3 prints them. */
static void
list_print_routing_table (CnsIpv4RoutingProtocol *protocol, GString *out)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (protocol);

  for (guint32 i = 0; i < self->n_entries; i++)
    cns_ipv4_routing_protocol_print_routing_table (self->entries[i].protocol,
                                                   out);
}

static void
list_dispose (GObject *object)
{
  CnsIpv4ListRouting *self = CNS_IPV4_LIST_ROUTING (object);

  for (guint32 i = 0; i < self->n_entries; i++)
    g_object_unref (self->entries[i].protocol);
  if (self->entries != &self->first)
    g_free (self->entries);
  self->entries = &self->first;
  self->n_entries = 0;
  cns_ipv4_routing_protocol_delegate_changed (CNS_IPV4_ROUTING_PROTOCOL (self));
  G_OBJECT_CLASS (cns_ipv4_list_routing_parent_class)->dispose (object);
}

static void
cns_ipv4_list_routing_class_init (CnsIpv4ListRoutingClass *klass)
{
  CnsIpv4RoutingProtocolClass *routing_class
      = CNS_IPV4_ROUTING_PROTOCOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = list_dispose;
  routing_class->route_output = list_route_output;
  routing_class->route_input = list_route_input;
  routing_class->notify_interface_up = list_notify_interface_up;
  routing_class->notify_interface_down = list_notify_interface_down;
  routing_class->notify_add_address = list_notify_add_address;
  routing_class->notify_remove_address = list_notify_remove_address;
  routing_class->set_ipv4 = list_set_ipv4;
  routing_class->print_routing_table = list_print_routing_table;
  routing_class->get_delegate = list_get_delegate;
}

static void
cns_ipv4_list_routing_init (CnsIpv4ListRouting *self)
{
  self->entries = &self->first;
}

/**
 * cns_ipv4_list_routing_new:
 *
 * Returns: (transfer full): a list routing without protocols.
 */
CnsIpv4ListRouting *
cns_ipv4_list_routing_new (void)
{
  return cns_object_new (CNS_TYPE_IPV4_LIST_ROUTING, NULL);
}

/**
 * cns_ipv4_list_routing_add_routing_protocol:
 * @protocol: a routing protocol; the list takes a reference
 * @priority: higher priorities are asked first
 *
 * Adds @protocol after those of the same or a higher priority. If the
 * list already serves an IPv4 layer, @protocol learns it.
 */
void
cns_ipv4_list_routing_add_routing_protocol (CnsIpv4ListRouting *self,
                                            CnsIpv4RoutingProtocol *protocol,
                                            gint16 priority)
{
  CnsIpv4L3Protocol *ipv4;
  guint32 at;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_LIST_ROUTING));
  g_return_if_fail (
      CNS_INSTANCE_IS_A (protocol, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  g_return_if_fail ((gpointer) protocol != (gpointer) self);

  for (at = 0; at < self->n_entries; at++)
    if (self->entries[at].priority < priority)
      break;
  if (self->n_entries == 1)
    {
      self->entries = g_new (Entry, 2);
      self->entries[0] = self->first;
    }
  else if (self->n_entries > 1)
    self->entries = g_renew (Entry, self->entries, self->n_entries + 1);
  memmove (&self->entries[at + 1], &self->entries[at],
           (self->n_entries - at) * sizeof (Entry));
  self->entries[at] = (Entry){ g_object_ref (protocol), priority };
  self->n_entries++;
  ipv4 = cns_ipv4_routing_protocol_get_ipv4 (CNS_IPV4_ROUTING_PROTOCOL (self));
  if (ipv4 != NULL)
    cns_ipv4_routing_protocol_set_ipv4 (protocol, ipv4);
  cns_ipv4_routing_protocol_delegate_changed (CNS_IPV4_ROUTING_PROTOCOL (self));
}

/**
 * cns_ipv4_list_routing_get_n_routing_protocols:
 *
 * Returns: the count.
 */
guint32
cns_ipv4_list_routing_get_n_routing_protocols (CnsIpv4ListRouting *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_LIST_ROUTING),
                        0);
  return self->n_entries;
}

/**
 * cns_ipv4_list_routing_get_routing_protocol:
 * @index: a position in priority order (0 is asked first)
 * @priority: (out) (optional): the protocol's priority
 *
 * Returns: (transfer none) (nullable): the protocol at @index, or %NULL.
 */
CnsIpv4RoutingProtocol *
cns_ipv4_list_routing_get_routing_protocol (CnsIpv4ListRouting *self,
                                            guint32 index, gint16 *priority)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_LIST_ROUTING),
                        NULL);
  if (index >= self->n_entries)
    return NULL;
  if (priority != NULL)
    *priority = self->entries[index].priority;
  return self->entries[index].protocol;
}
