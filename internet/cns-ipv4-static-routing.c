/* cns — static IPv4 routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4StaticRouting: a table of host, network and default routes
 * that users (or a helper computing global routes) fill in, plus the
 * routes to the connected subnets, which follow the interfaces: adding an
 * address to an interface that is up adds the route to its subnet,
 * removing the address or taking the interface down removes the routes
 * through it, bringing the interface up adds them back.
 *
 * A lookup takes the route with the longest matching prefix; among
 * routes of that prefix the lowest metric, then the first added. ns-3
 * scans the whole table for every packet. Here the table (in the order
 * routes were added, which is the order get_route and the printed table
 * show) is indexed by an open-addressing hash table keyed by (prefix
 * length, network), and a 33-bit mask records which prefix lengths
 * occur. A lookup probes once per length present, longest first, so a
 * router with thousands of /24 and /32 routes pays two probes, and never
 * allocates. Routes of the same prefix are chained in preference order.
 * Adding a route updates the index; removing one (rare) rebuilds it.
 * Tables of up to 8 routes (a host's: loopback, its subnets, a default
 * route) have no index and are scanned, which is as fast and keeps a node
 * small.
 *
 * A host sends mostly to one destination at a time, so the answer of the
 * last route_output without a device restriction, source address
 * included, is kept and given again for the same destination. Whatever
 * could change it forgets it: a route added or removed, an address added
 * or removed, an interface going up or down, a new IPv4 layer.
 */
#include "internet/cns-ipv4-static-routing.h"

#include "core/cns-simulator.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "internet/cns-ipv4-list-routing.h"

#include <string.h>

#define NO_ROUTE  G_MAXUINT32
#define MIN_SLOTS 32
/* Tables up to this size are scanned; larger ones get the index. */
#define SCAN_ROUTES 8

/* A route and its place in its prefix's chain: 24 bytes, so that a
 * host's three routes take an 80-byte block. */
typedef struct
{
  CnsIpv4RoutingTableEntry entry; /* its mask contiguous */
  guint32 next; /* the next route of the same prefix, or NO_ROUTE */
} Route;

/* A slot of the index: one (length, network) and its best route. */
typedef struct
{
  guint32 network;
  guint32 head; /* route index + 1; 0 marks an empty slot */
  guint8 length;
} Slot;

/* The index of a table too large to scan, in one block. */
typedef struct
{
  guint64 lengths; /* bit n set: some route has prefix length n */
  guint32 n_slots; /* a power of two */
  guint32 n_used;
  Slot slots[];
} Index;

struct _CnsIpv4StaticRouting
{
  CnsIpv4RoutingProtocol parent_instance;

  CnsIpv4L3Protocol *ipv4; /* not referenced: the layer holds us */
  gboolean last_valid;     /* whether @last answers for its destination */
  CnsIpv4Route last;       /* the last route_output for any device */
  Route *routes;
  Index *index; /* NULL while the table is scanned */
  guint32 n_routes;
  guint32 routes_size;
};

G_DEFINE_FINAL_TYPE (CnsIpv4StaticRouting, cns_ipv4_static_routing,
                     CNS_TYPE_IPV4_ROUTING_PROTOCOL)

/* Forgets the last route given: the table, the addresses or the state of
 * the interfaces changed. */
static inline void
static_forget_last (CnsIpv4StaticRouting *self)
{
  self->last_valid = FALSE;
}

/* ---- the index ---- */

static inline guint32
prefix_mask (guint length)
{
  return length == 0 ? 0 : 0xffffffffu << (32 - length);
}

static inline guint32
slot_hash (guint32 network, guint length)
{
  guint32 h = (network ^ (length * 0x9e3779b9u)) * 0x85ebca6bu;

  return h ^ (h >> 15);
}

/* The slot of (@network, @length), or the empty slot where it would go. */
static inline Slot *
index_probe (Index *index, guint32 network, guint length)
{
  guint32 mask = index->n_slots - 1;
  guint32 i = slot_hash (network, length) & mask;

  for (;; i = (i + 1) & mask)
    {
      Slot *s = &index->slots[i];

      if (s->head == 0 || (s->network == network && s->length == length))
        return s;
    }
}

/* Puts route @index in its prefix's chain, after the routes with a metric
 * no higher than its own (routes are indexed in the order added). */
static void
index_insert (CnsIpv4StaticRouting *self, guint32 index)
{
  Route *route = &self->routes[index];
  guint length = cns_ipv4_mask_get_prefix_length (route->entry.mask);
  Index *old = self->index;
  Slot *slot;

  if (old == NULL || 2 * (old->n_used + 1) > old->n_slots)
    {
      guint32 n_slots = old != NULL ? 2 * old->n_slots : MIN_SLOTS;

      self->index = g_malloc0 (sizeof (Index) + n_slots * sizeof (Slot));
      self->index->n_slots = n_slots;
      if (old != NULL)
        {
          self->index->lengths = old->lengths;
          self->index->n_used = old->n_used;
          for (guint32 i = 0; i < old->n_slots; i++)
            if (old->slots[i].head != 0)
              *index_probe (self->index, old->slots[i].network,
                            old->slots[i].length)
                  = old->slots[i];
          g_free (old);
        }
    }
  route->next = NO_ROUTE;
  slot = index_probe (self->index, route->entry.destination.value, length);
  if (slot->head == 0)
    {
      *slot = (Slot){ route->entry.destination.value, index + 1, length };
      self->index->n_used++;
      self->index->lengths |= G_GUINT64_CONSTANT (1) << length;
      return;
    }
  if (self->routes[slot->head - 1].entry.metric > route->entry.metric)
    {
      route->next = slot->head - 1;
      slot->head = index + 1;
      return;
    }
  for (guint32 i = slot->head - 1;; i = self->routes[i].next)
    if (self->routes[i].next == NO_ROUTE
        || self->routes[self->routes[i].next].entry.metric
               > route->entry.metric)
      {
        route->next = self->routes[i].next;
        self->routes[i].next = index;
        return;
      }
}

/* Indexes the table anew, or drops the index of a table small enough to
 * scan. */
static void
index_rebuild (CnsIpv4StaticRouting *self)
{
  static_forget_last (self);
  if (self->n_routes <= SCAN_ROUTES)
    {
      g_clear_pointer (&self->index, g_free);
      return;
    }
  if (self->index != NULL)
    {
      self->index->lengths = 0;
      self->index->n_used = 0;
      memset (self->index->slots, 0, self->index->n_slots * sizeof (Slot));
    }
  for (guint32 i = 0; i < self->n_routes; i++)
    index_insert (self, i);
}

static inline gboolean
route_has_device (CnsIpv4StaticRouting *self, const Route *route,
                  CnsNetDevice *device)
{
  return device == NULL
         || cns_ipv4_l3_protocol_peek_device (self->ipv4,
                                              route->entry.interface)
                == device;
}

/* The preferred route to @destination, or %NULL; with @device, only
 * routes out of that device count. */
static const Route *
static_lookup (CnsIpv4StaticRouting *self, CnsIpv4Address destination,
               CnsNetDevice *device)
{
  guint64 lengths;

  if (self->index == NULL)
    {
      const Route *best = NULL;

      for (guint32 i = 0; i < self->n_routes; i++)
        {
          const Route *r = &self->routes[i];

          if ((destination.value & r->entry.mask.value)
                  != r->entry.destination.value
              || !route_has_device (self, r, device))
            continue;
          /* of contiguous masks, the longer prefix has the larger one */
          if (best == NULL || r->entry.mask.value > best->entry.mask.value
              || (r->entry.mask.value == best->entry.mask.value
                  && r->entry.metric < best->entry.metric))
            best = r;
        }
      return best;
    }

  lengths = self->index->lengths;
  while (lengths != 0)
    {
      guint length = 63 - (guint) __builtin_clzll (lengths);
      guint32 network = destination.value & prefix_mask (length);
      const Slot *slot = index_probe (self->index, network, length);

      lengths &= ~(G_GUINT64_CONSTANT (1) << length);
      if (slot->head == 0)
        continue;
      for (guint32 i = slot->head - 1; i != NO_ROUTE; i = self->routes[i].next)
        if (route_has_device (self, &self->routes[i], device))
          return &self->routes[i];
    }
  return NULL;
}

/* ---- the table ---- */

static void
static_add (CnsIpv4StaticRouting *self, CnsIpv4Address destination,
            CnsIpv4Mask mask, CnsIpv4Address gateway, guint32 interface,
            guint32 metric)
{
  Route *route;

  static_forget_last (self);
  if (self->n_routes == self->routes_size)
    {
      /* small tables exactly, large ones doubling */
      self->routes_size = self->routes_size < SCAN_ROUTES
                              ? self->routes_size + 1
                              : 2 * self->routes_size;
      self->routes = g_renew (Route, self->routes, self->routes_size);
    }
  route = &self->routes[self->n_routes];
  route->entry = (CnsIpv4RoutingTableEntry){ cns_ipv4_address_combine_mask (
                                                 destination, mask),
                                             mask, gateway, interface, metric };
  route->next = NO_ROUTE;
  self->n_routes++;
  if (self->index != NULL)
    index_insert (self, self->n_routes - 1);
  else if (self->n_routes > SCAN_ROUTES)
    index_rebuild (self);
}

/* Removes the routes for which @match returns %TRUE. */
static void
static_remove_matching (CnsIpv4StaticRouting *self,
                        gboolean (*match) (const CnsIpv4RoutingTableEntry *e,
                                           guint32 interface,
                                           const CnsIpv4InterfaceAddress *a),
                        guint32 interface,
                        const CnsIpv4InterfaceAddress *address)
{
  guint32 kept = 0;

  for (guint32 i = 0; i < self->n_routes; i++)
    if (!match (&self->routes[i].entry, interface, address))
      self->routes[kept++] = self->routes[i];
  if (kept == self->n_routes)
    return;
  self->n_routes = kept;
  index_rebuild (self);
}

static gboolean
match_interface (const CnsIpv4RoutingTableEntry *e, guint32 interface,
                 const CnsIpv4InterfaceAddress *address)
{
  return e->interface == interface;
}

static gboolean
match_subnet (const CnsIpv4RoutingTableEntry *e, guint32 interface,
              const CnsIpv4InterfaceAddress *address)
{
  return e->interface == interface && e->mask.value == address->mask.value
         && e->destination.value
                == (address->local.value & address->mask.value);
}

/* The route to @address's subnet, unless it is there already. Neither a
 * /32 nor a /0 address makes one. */
static void
static_add_connected (CnsIpv4StaticRouting *self, guint32 interface,
                      const CnsIpv4InterfaceAddress *address)
{
  CnsIpv4Address network
      = cns_ipv4_address_combine_mask (address->local, address->mask);

  if (cns_ipv4_address_is_any (address->local) || address->mask.value == 0
      || address->mask.value == 0xffffffffu)
    return;
  for (guint32 i = 0; i < self->n_routes; i++)
    {
      const CnsIpv4RoutingTableEntry *e = &self->routes[i].entry;

      if (e->interface == interface && e->gateway.value == 0
          && e->mask.value == address->mask.value
          && e->destination.value == network.value)
        return;
    }
  static_add (self, network, address->mask, cns_ipv4_address_any (), interface,
              0);
}

/* ---- the routing protocol ---- */

static void
static_fill_route (CnsIpv4StaticRouting *self, const Route *r,
                   CnsIpv4Address destination, CnsIpv4Route *route)
{
  route->destination = destination;
  route->gateway = r->entry.gateway;
  route->interface = r->entry.interface;
  route->output_device
      = cns_ipv4_l3_protocol_peek_device (self->ipv4, r->entry.interface);
  route->source = cns_ipv4_address_any ();
}

static gboolean
static_route_output (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                     const CnsIpv4Header *header, CnsNetDevice *output_device,
                     CnsIpv4Route *route)
{
  /* per packet: the class guarantees the type, skip the checked cast */
  CnsIpv4StaticRouting *self = (CnsIpv4StaticRouting *) protocol;
  const Route *r;

  if (G_LIKELY (self->last_valid && output_device == NULL
                && self->last.destination.value == header->destination.value))
    {
      *route = self->last;
      return TRUE;
    }
  if (self->ipv4 == NULL)
    return FALSE;
  r = static_lookup (self, header->destination, output_device);
  if (r == NULL)
    return FALSE;
  static_fill_route (self, r, header->destination, route);
  /* the output interface's address in the subnet of the next hop */
  route->source = cns_ipv4_l3_protocol_select_interface_source (
      self->ipv4, route->interface,
      cns_ipv4_address_is_any (r->entry.gateway) ? header->destination
                                                 : r->entry.gateway);
  if (output_device == NULL)
    {
      self->last = *route;
      self->last_valid = TRUE;
    }
  return TRUE;
}

static gboolean
static_route_input (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                    const CnsIpv4Header *header, guint32 input_interface,
                    CnsIpv4Route *route)
{
  CnsIpv4StaticRouting *self = (CnsIpv4StaticRouting *) protocol;
  const Route *r;

  if (self->ipv4 == NULL)
    return FALSE;
  r = static_lookup (self, header->destination, NULL);
  if (r == NULL)
    return FALSE;
  static_fill_route (self, r, header->destination, route);
  return TRUE;
}

static void
static_notify_interface_up (CnsIpv4RoutingProtocol *protocol, guint32 interface)
{
  CnsIpv4StaticRouting *self = CNS_IPV4_STATIC_ROUTING (protocol);
  guint32 n = cns_ipv4_l3_protocol_get_n_addresses (self->ipv4, interface);

  static_forget_last (self);
  for (guint32 j = 0; j < n; j++)
    {
      CnsIpv4InterfaceAddress a
          = cns_ipv4_l3_protocol_get_address (self->ipv4, interface, j);

      static_add_connected (self, interface, &a);
    }
}

static void
static_notify_interface_down (CnsIpv4RoutingProtocol *protocol,
                              guint32 interface)
{
  static_forget_last (CNS_IPV4_STATIC_ROUTING (protocol));
  static_remove_matching (CNS_IPV4_STATIC_ROUTING (protocol), match_interface,
                          interface, NULL);
}

static void
static_notify_add_address (CnsIpv4RoutingProtocol *protocol, guint32 interface,
                           const CnsIpv4InterfaceAddress *address)
{
  CnsIpv4StaticRouting *self = CNS_IPV4_STATIC_ROUTING (protocol);

  /* the source address of a route may change */
  static_forget_last (self);
  if (self->ipv4 != NULL && cns_ipv4_l3_protocol_is_up (self->ipv4, interface))
    static_add_connected (self, interface, address);
}

static void
static_notify_remove_address (CnsIpv4RoutingProtocol *protocol,
                              guint32 interface,
                              const CnsIpv4InterfaceAddress *address)
{
  CnsIpv4StaticRouting *self = CNS_IPV4_STATIC_ROUTING (protocol);

  static_forget_last (self);
  if (self->ipv4 != NULL && cns_ipv4_l3_protocol_is_up (self->ipv4, interface))
    static_remove_matching (self, match_subnet, interface, address);
}

/* Learning the layer, learn the routes of the interfaces already up. */
static void
static_set_ipv4 (CnsIpv4RoutingProtocol *protocol, CnsIpv4L3Protocol *ipv4)
{
  CnsIpv4StaticRouting *self = CNS_IPV4_STATIC_ROUTING (protocol);

  CNS_IPV4_ROUTING_PROTOCOL_CLASS (cns_ipv4_static_routing_parent_class)
      ->set_ipv4 (protocol, ipv4);
  self->ipv4 = ipv4;
  static_forget_last (self);
  if (ipv4 == NULL)
    return;
  for (guint32 i = 0; i < cns_ipv4_l3_protocol_get_n_interfaces (ipv4); i++)
    if (cns_ipv4_l3_protocol_is_up (ipv4, i))
      static_notify_interface_up (protocol, i);
}

static void
append_padded (GString *out, const gchar *text, gsize width)
{
  gsize len = strlen (text);

  g_string_append (out, text);
  for (; len < width; len++)
    g_string_append_c (out, ' ');
}

/* ns-3's layout: columns left-aligned in 16, 16, 16, 6 and 7 characters,
 * Ref and Use not kept ("-"). */
static void
static_print_routing_table (CnsIpv4RoutingProtocol *protocol, GString *out)
{
  CnsIpv4StaticRouting *self = CNS_IPV4_STATIC_ROUTING (protocol);
  CnsNode *node
      = self->ipv4 != NULL ? cns_ipv4_l3_protocol_get_node (self->ipv4) : NULL;
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  g_string_append_printf (out,
                          "Node: %u, Time: +%s, Local time: +%s, "
                          "Ipv4StaticRouting table\n",
                          node != NULL ? cns_node_get_id (node) : 0, now, now);
  if (self->n_routes > 0)
    g_string_append (out, "Destination     Gateway         Genmask         "
                          "Flags Metric Ref    Use Iface\n");
  for (guint32 i = 0; i < self->n_routes; i++)
    {
      const CnsIpv4RoutingTableEntry *e = &self->routes[i].entry;
      gchar text[CNS_IPV4_ADDRESS_STRING_SIZE];
      gchar metric[16];

      cns_ipv4_address_format (e->destination, text);
      append_padded (out, text, 16);
      cns_ipv4_address_format (e->gateway, text);
      append_padded (out, text, 16);
      cns_ipv4_mask_format (e->mask, text);
      append_padded (out, text, 16);
      append_padded (out,
                     cns_ipv4_routing_table_entry_is_host (e)      ? "UH"
                     : cns_ipv4_routing_table_entry_is_gateway (e) ? "UG"
                                                                   : "U",
                     6);
      g_snprintf (metric, sizeof metric, "%u", e->metric);
      append_padded (out, metric, 7);
      g_string_append_printf (out, "-      -   %u\n", e->interface);
    }
  g_string_append_c (out, '\n');
}

static void
static_finalize (GObject *object)
{
  CnsIpv4StaticRouting *self = CNS_IPV4_STATIC_ROUTING (object);

  g_free (self->routes);
  g_free (self->index);
  G_OBJECT_CLASS (cns_ipv4_static_routing_parent_class)->finalize (object);
}

static void
cns_ipv4_static_routing_class_init (CnsIpv4StaticRoutingClass *klass)
{
  CnsIpv4RoutingProtocolClass *routing_class
      = CNS_IPV4_ROUTING_PROTOCOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = static_finalize;
  routing_class->route_output = static_route_output;
  routing_class->route_input = static_route_input;
  routing_class->notify_interface_up = static_notify_interface_up;
  routing_class->notify_interface_down = static_notify_interface_down;
  routing_class->notify_add_address = static_notify_add_address;
  routing_class->notify_remove_address = static_notify_remove_address;
  routing_class->set_ipv4 = static_set_ipv4;
  routing_class->print_routing_table = static_print_routing_table;
}

static void
cns_ipv4_static_routing_init (CnsIpv4StaticRouting *self)
{
}

/* ---- public API ---- */

/**
 * cns_ipv4_static_routing_new:
 *
 * Returns: (transfer full): an empty static routing table; give it to a
 * node with cns_ipv4_l3_protocol_set_routing_protocol() or add it to a
 * list routing.
 */
CnsIpv4StaticRouting *
cns_ipv4_static_routing_new (void)
{
  return cns_object_new (CNS_TYPE_IPV4_STATIC_ROUTING, NULL);
}

/**
 * cns_ipv4_static_routing_add_host_route: (skip)
 * @destination: the host
 * @next_hop: the gateway to send through
 * @interface: the IPv4 interface to send on
 * @metric: the route's metric
 *
 * Adds a /32 route through a gateway.
 */
void
cns_ipv4_static_routing_add_host_route (CnsIpv4StaticRouting *self,
                                        CnsIpv4Address destination,
                                        CnsIpv4Address next_hop,
                                        guint32 interface, guint32 metric)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING));
  static_add (self, destination, cns_ipv4_mask_from_prefix_length (32),
              next_hop, interface, metric);
}

/**
 * cns_ipv4_static_routing_add_host_route_to_interface: (skip)
 *
 * Adds a /32 route to a host on the link of @interface (no gateway).
 */
void
cns_ipv4_static_routing_add_host_route_to_interface (CnsIpv4StaticRouting *self,
                                                     CnsIpv4Address destination,
                                                     guint32 interface,
                                                     guint32 metric)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING));
  static_add (self, destination, cns_ipv4_mask_from_prefix_length (32),
              cns_ipv4_address_any (), interface, metric);
}

/**
 * cns_ipv4_static_routing_add_network_route: (skip)
 * @network: the network; bits outside @mask are ignored
 * @mask: a contiguous mask
 * @next_hop: the gateway to send through
 *
 * Adds a route to @network/@mask through a gateway.
 */
void
cns_ipv4_static_routing_add_network_route (CnsIpv4StaticRouting *self,
                                           CnsIpv4Address network,
                                           CnsIpv4Mask mask,
                                           CnsIpv4Address next_hop,
                                           guint32 interface, guint32 metric)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING));
  g_return_if_fail (cns_ipv4_mask_is_contiguous (mask));
  static_add (self, network, mask, next_hop, interface, metric);
}

/**
 * cns_ipv4_static_routing_add_network_route_to_interface: (skip)
 * @mask: a contiguous mask
 *
 * Adds a route to @network/@mask on the link of @interface (no gateway).
 */
void
cns_ipv4_static_routing_add_network_route_to_interface (
    CnsIpv4StaticRouting *self, CnsIpv4Address network, CnsIpv4Mask mask,
    guint32 interface, guint32 metric)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING));
  g_return_if_fail (cns_ipv4_mask_is_contiguous (mask));
  static_add (self, network, mask, cns_ipv4_address_any (), interface, metric);
}

/**
 * cns_ipv4_static_routing_set_default_route: (skip)
 * @next_hop: the gateway
 *
 * Adds the route 0.0.0.0/0 through @next_hop; as in ns-3, a second call
 * adds a second default route, which loses to the first unless its metric
 * is lower.
 */
void
cns_ipv4_static_routing_set_default_route (CnsIpv4StaticRouting *self,
                                           CnsIpv4Address next_hop,
                                           guint32 interface, guint32 metric)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING));
  static_add (self, cns_ipv4_address_any (), (CnsIpv4Mask){ 0 }, next_hop,
              interface, metric);
}

/**
 * cns_ipv4_static_routing_get_n_routes:
 *
 * Returns: the number of routes.
 */
guint32
cns_ipv4_static_routing_get_n_routes (CnsIpv4StaticRouting *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING),
                        0);
  return self->n_routes;
}

/**
 * cns_ipv4_static_routing_get_route:
 * @index: a route index, in the order routes were added
 * @route: (out caller-allocates): the route
 *
 * Returns: %FALSE when there is no route @index.
 */
gboolean
cns_ipv4_static_routing_get_route (CnsIpv4StaticRouting *self, guint32 index,
                                   CnsIpv4RoutingTableEntry *route)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING),
                        FALSE);
  g_return_val_if_fail (route != NULL, FALSE);
  if (index >= self->n_routes)
    return FALSE;
  *route = self->routes[index].entry;
  return TRUE;
}

/**
 * cns_ipv4_static_routing_remove_route:
 *
 * Removes route @index; later routes move down by one.
 *
 * Returns: %FALSE when there is no route @index.
 */
gboolean
cns_ipv4_static_routing_remove_route (CnsIpv4StaticRouting *self, guint32 index)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING),
                        FALSE);
  if (index >= self->n_routes)
    return FALSE;
  memmove (&self->routes[index], &self->routes[index + 1],
           (self->n_routes - index - 1) * sizeof (Route));
  self->n_routes--;
  index_rebuild (self);
  return TRUE;
}

/**
 * cns_ipv4_static_routing_lookup: (skip)
 * @route: (out caller-allocates): the route chosen
 *
 * Looks up the route a packet to @destination takes: the longest
 * matching prefix, then the lowest metric, then the first added.
 *
 * Returns: %FALSE when no route matches.
 */
gboolean
cns_ipv4_static_routing_lookup (CnsIpv4StaticRouting *self,
                                CnsIpv4Address destination,
                                CnsIpv4RoutingTableEntry *route)
{
  const Route *r;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_STATIC_ROUTING),
                        FALSE);
  g_return_val_if_fail (route != NULL, FALSE);
  r = static_lookup (self, destination, NULL);
  if (r == NULL)
    return FALSE;
  *route = r->entry;
  return TRUE;
}

/**
 * cns_ipv4_static_routing_find:
 *
 * Returns: (transfer none) (nullable): the static routing of @ipv4's
 * node, installed alone or inside a list routing (the one of highest
 * priority there), or %NULL.
 */
CnsIpv4StaticRouting *
cns_ipv4_static_routing_find (CnsIpv4L3Protocol *ipv4)
{
  CnsIpv4RoutingProtocol *routing;
  CnsIpv4ListRouting *list;

  g_return_val_if_fail (CNS_IS_IPV4_L3_PROTOCOL (ipv4), NULL);
  routing = cns_ipv4_l3_protocol_get_routing_protocol (ipv4);
  if (routing == NULL)
    return NULL;
  if (CNS_IS_IPV4_STATIC_ROUTING (routing))
    return CNS_IPV4_STATIC_ROUTING (routing);
  if (!CNS_IS_IPV4_LIST_ROUTING (routing))
    return NULL;
  list = CNS_IPV4_LIST_ROUTING (routing);
  for (guint32 i = 0; i < cns_ipv4_list_routing_get_n_routing_protocols (list);
       i++)
    {
      CnsIpv4RoutingProtocol *p
          = cns_ipv4_list_routing_get_routing_protocol (list, i, NULL);

      if (CNS_IS_IPV4_STATIC_ROUTING (p))
        return CNS_IPV4_STATIC_ROUTING (p);
    }
  return NULL;
}
