/* cns — the IPv4 layer of a node.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4L3Protocol. Aggregated to a node, the layer registers for
 * EtherType 0x0800 with it and adds a loopback device as interface 0
 * (127.0.0.1/8); the node's other devices become interfaces with
 * cns_ipv4_l3_protocol_add_interface(). Interfaces and their addresses
 * are managed in cns-ipv4-l3-protocol-interfaces.c; this file forwards. A
 * routing protocol decides where to (route_output for what the node
 * sends, route_input for what it forwards), and transport protocols
 * inserted with cns_ipv4_l3_protocol_insert_l4_protocol() take what is
 * delivered, by protocol number.
 *
 * Receiving: the header checksum must check out, the interface must be
 * up; a datagram for one of the node's addresses (any interface, ns-3's
 * and Linux's weak end system model), for the input interface's
 * subnet-directed broadcast or for 255.255.255.255 is delivered here,
 * after reassembly when it is a fragment. Anything else is forwarded when
 * the input interface forwards: the routing protocol picks the output
 * interface, the TTL goes down by one, and a datagram whose TTL runs out
 * is dropped with an ICMP time exceeded to its source. A datagram no
 * transport takes earns an ICMP port unreachable, unless it was a
 * broadcast (RFC 1122).
 *
 * Sending: cns_ipv4_l3_protocol_send() builds the header (one
 * identification counter per layer), sends broadcasts out of every
 * matching interface, loops what the node sends to itself back through
 * interface 0, and asks the routing protocol for everything else.
 * Datagrams larger than the output MTU are cut into fragments whose
 * payloads are multiples of 8 bytes, unless DF is set. A device that
 * needs link addresses (CNS_NET_DEVICE_NEEDS_ARP) gets the one its
 * interface's neighbour resolver gives for the next hop, the route's
 * gateway or else the destination; broadcasts, and everything for any
 * other device, go to the device's broadcast address, which
 * point-to-point devices ignore.
 *
 * Per-packet paths allocate nothing but packets: interfaces are plain
 * structs in one array, the interface of a receiving device is the one
 * of its index in the node or else found by a scan, routes are structs
 * the caller provides. Only reassembly allocates, one record per datagram
 * in flight. The six trace sources live in one trace table, one pointer
 * until something connects.
 */
#include "internet/cns-ipv4-l3-protocol.h"

#include "core/cns-log.h"
#include "core/cns-prefetch.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "internet/cns-icmpv4-l4-protocol.h"
#include "internet/cns-internet-error.h"
#include "internet/cns-ipv4-interface-private.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "internet/cns-ipv4-l4-protocol-private.h"
#include "internet/cns-ipv4-reassembler-private.h"
#include "network/cns-ether-type.h"

CNS_LOG_COMPONENT_DEFINE ("cns-ipv4-l3-protocol");

#define DEFAULT_DEFAULT_TTL                 64
#define DEFAULT_IP_FORWARD                  TRUE
#define DEFAULT_FRAGMENT_EXPIRATION_TIMEOUT (30 * CNS_TIME_PS_PER_S)

enum
{
  PROP_0,
  PROP_DEFAULT_TTL,
  PROP_IP_FORWARD,
  PROP_FRAGMENT_EXPIRATION_TIMEOUT,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

enum
{
  TRACE_TX,
  TRACE_RX,
  TRACE_DROP,
  TRACE_SEND_OUTGOING,
  TRACE_UNICAST_FORWARD,
  TRACE_LOCAL_DELIVER,
  N_TRACES
};

G_DEFINE_FINAL_TYPE (CnsIpv4L3Protocol, cns_ipv4_l3_protocol, CNS_TYPE_OBJECT)

#define FIRE_TX_RX(self, index, packet, interface)                          \
  CNS_TRACE_TABLE_FIRE (&(self)->traces, index, CnsIpv4TxRxTraceFn, (self), \
                        (packet), (self), (interface))
#define FIRE_SENT(self, index, header, packet, interface)                   \
  CNS_TRACE_TABLE_FIRE (&(self)->traces, index, CnsIpv4SentTraceFn, (self), \
                        (header), (packet), (interface))

static void l3_set_property (GObject *object, guint prop_id,
                             const GValue *value, GParamSpec *pspec);
static void l3_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec);
static void l3_receive (CnsNetDevice *device, CnsPacket *packet,
                        guint16 protocol, const CnsAddress *from,
                        const CnsAddress *to, CnsPacketType type,
                        gpointer user_data);

/* Where @route sends @header's datagram: its gateway, or the destination
 * itself on a direct route. */
static inline CnsIpv4Address
l3_next_hop (const CnsIpv4Route *route, const CnsIpv4Header *header)
{
  return cns_ipv4_address_is_any (route->gateway) ? header->destination
                                                  : route->gateway;
}

static void l3_send_real (CnsIpv4L3Protocol *self, CnsPacket *packet,
                          CnsIpv4Header *header, guint32 interface,
                          CnsIpv4Address next_hop, gboolean forwarded);

GType
cns_ipv4_drop_reason_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { CNS_IPV4_DROP_TTL_EXPIRED, "CNS_IPV4_DROP_TTL_EXPIRED", "ttl-expired" },
    { CNS_IPV4_DROP_NO_ROUTE, "CNS_IPV4_DROP_NO_ROUTE", "no-route" },
    { CNS_IPV4_DROP_BAD_CHECKSUM, "CNS_IPV4_DROP_BAD_CHECKSUM",
      "bad-checksum" },
    { CNS_IPV4_DROP_INTERFACE_DOWN, "CNS_IPV4_DROP_INTERFACE_DOWN",
      "interface-down" },
    { CNS_IPV4_DROP_ROUTE_ERROR, "CNS_IPV4_DROP_ROUTE_ERROR", "route-error" },
    { CNS_IPV4_DROP_FRAGMENT_TIMEOUT, "CNS_IPV4_DROP_FRAGMENT_TIMEOUT",
      "fragment-timeout" },
    { CNS_IPV4_DROP_DUPLICATE, "CNS_IPV4_DROP_DUPLICATE", "duplicate" },
    { CNS_IPV4_DROP_FRAGMENTATION_NEEDED, "CNS_IPV4_DROP_FRAGMENTATION_NEEDED",
      "fragmentation-needed" },
    { CNS_IPV4_DROP_NO_PROTOCOL, "CNS_IPV4_DROP_NO_PROTOCOL", "no-protocol" },
    { CNS_IPV4_DROP_MALFORMED, "CNS_IPV4_DROP_MALFORMED", "malformed" },
    { CNS_IPV4_DROP_NO_NEIGHBOUR, "CNS_IPV4_DROP_NO_NEIGHBOUR",
      "no-neighbour" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (
        &type, g_enum_register_static (
                   g_intern_static_string ("CnsIpv4DropReason"), values));
  return type;
}

/* ---- object ---- */

static void
l3_drop (CnsIpv4L3Protocol *self, const CnsIpv4Header *header,
         CnsPacket *packet, CnsIpv4DropReason reason, guint32 interface)
{
  CNS_LOG_LOGIC ("drop packet %" G_GUINT64_FORMAT ", reason %d",
                 cns_packet_get_uid (packet), reason);
  CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_DROP, CnsIpv4DropTraceFn, self,
                        header, packet, reason, self, interface);
  cns_packet_unref (packet);
}

/* Lets go of @protocol, already unlinked from the layer's list. */
static void
l3_release_protocol (CnsIpv4L4Protocol *protocol)
{
  CnsIpv4L4ProtocolPrivate *priv = cns_ipv4_l4_protocol_peek_private (protocol);

  priv->next = NULL;
  priv->ipv4 = NULL;
  g_object_unref (protocol);
}

static void
l3_dispose (GObject *object)
{
  CnsIpv4L3Protocol *self = CNS_IPV4_L3_PROTOCOL (object);

  if (self->rare != NULL)
    g_clear_pointer (&self->rare->reassembler, cns_ipv4_reassembler_free);
  while (self->protocols != NULL)
    {
      CnsIpv4L4Protocol *protocol = self->protocols;

      self->protocols = cns_ipv4_l4_protocol_peek_private (protocol)->next;
      l3_release_protocol (protocol);
    }
  if (self->routing != NULL)
    cns_ipv4_routing_protocol_set_ipv4 (self->routing, NULL);
  g_clear_object (&self->routing);
  self->routing_delegate = NULL;
  cns_ipv4_l3_protocol_clear_interfaces (self);
  g_clear_pointer (&self->rare, g_free);
  G_OBJECT_CLASS (cns_ipv4_l3_protocol_parent_class)->dispose (object);
}

/* The layer's node, NULL until it joins one: the node of interface 0,
 * the loopback, which the layer adds then. */
static inline CnsNode *
l3_node (CnsIpv4L3Protocol *self)
{
  return self->n_interfaces > 0
             ? cns_net_device_get_node (self->interfaces[0].device)
             : NULL;
}

/* Joining a node's aggregate: register for IPv4 and set up the loopback. */
static void
l3_notify_new_aggregate (CnsObject *object)
{
  CnsIpv4L3Protocol *self = CNS_IPV4_L3_PROTOCOL (object);

  if (l3_node (self) == NULL)
    {
      CnsNode *node = cns_object_get (object, CNS_TYPE_NODE);

      if (node != NULL)
        {
          cns_node_register_protocol_handler (node, l3_receive, self,
                                              CNS_ETHER_TYPE_IPV4, NULL, FALSE);
          cns_ipv4_l3_protocol_add_loopback (self, node);
          cns_prefetch_hint_add_object (cns_node_get_id (node),
                                        self->routing_delegate);
        }
    }
  CNS_OBJECT_CLASS (cns_ipv4_l3_protocol_parent_class)
      ->notify_new_aggregate (object);
}

static void
l3_install_trace (GType type, const gchar *name, const gchar *blurb,
                  const gchar *signature, guint index)
{
  cns_trace_source_install_in_table (
      type, name, blurb, signature, G_STRUCT_OFFSET (CnsIpv4L3Protocol, traces),
      index, N_TRACES);
}

static void
cns_ipv4_l3_protocol_class_init (CnsIpv4L3ProtocolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = l3_dispose;
  object_class->set_property = l3_set_property;
  object_class->get_property = l3_get_property;
  CNS_OBJECT_CLASS (klass)->notify_new_aggregate = l3_notify_new_aggregate;

  properties[PROP_DEFAULT_TTL] = g_param_spec_uint (
      "default-ttl", "Default TTL",
      "The TTL of datagrams this node sends when the transport does not "
      "choose one",
      1, G_MAXUINT8, DEFAULT_DEFAULT_TTL,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_IP_FORWARD] = g_param_spec_boolean (
      "ip-forward", "IP forwarding",
      "Whether the node forwards datagrams that are not for it; setting it "
      "sets every interface, and new interfaces take it",
      DEFAULT_IP_FORWARD, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRAGMENT_EXPIRATION_TIMEOUT] = cns_param_spec_time (
      "fragment-expiration-timeout", "Fragment expiration timeout",
      "How long the fragments of a datagram wait for the rest; then they are "
      "dropped and, if the first one came, the source is sent an ICMP time "
      "exceeded (reassembly)",
      1, CNS_TIME_MAX, DEFAULT_FRAGMENT_EXPIRATION_TIMEOUT,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  l3_install_trace (type, "Tx",
                    "A datagram (with its IPv4 header) is handed to a device",
                    "CnsIpv4TxRxTraceFn", TRACE_TX);
  l3_install_trace (type, "Rx",
                    "A datagram (with its IPv4 header) arrived on an "
                    "interface that is up",
                    "CnsIpv4TxRxTraceFn", TRACE_RX);
  l3_install_trace (type, "Drop", "A datagram was dropped, and why",
                    "CnsIpv4DropTraceFn", TRACE_DROP);
  l3_install_trace (type, "SendOutgoing",
                    "A datagram this node sends is routed, before "
                    "fragmentation",
                    "CnsIpv4SentTraceFn", TRACE_SEND_OUTGOING);
  l3_install_trace (type, "UnicastForward",
                    "A datagram is forwarded, with its TTL already "
                    "decremented",
                    "CnsIpv4SentTraceFn", TRACE_UNICAST_FORWARD);
  l3_install_trace (type, "LocalDeliver",
                    "A datagram (reassembled) is handed to a transport "
                    "protocol",
                    "CnsIpv4SentTraceFn", TRACE_LOCAL_DELIVER);
  cns_ipv4_l3_protocol_watch_links ();
}

static void
cns_ipv4_l3_protocol_init (CnsIpv4L3Protocol *self)
{
  self->default_ttl = DEFAULT_DEFAULT_TTL;
  self->ip_forward = DEFAULT_IP_FORWARD;
}

/* ---- lookups ---- */

/* The bit of @address in own_filter, a 16-bit Bloom filter of the
 * addresses and directed broadcasts of every interface: a datagram sent
 * to an address whose bit is clear is neither, and skips the scan of the
 * interfaces. 16 bits keep the instance at 80 bytes; a host with two
 * links sets about five of them. */
static inline guint16
l3_address_bit (CnsIpv4Address address)
{
  return (guint16) (1u << ((address.value * 0x9e3779b1u) >> 28));
}

CnsIpv4L3Rare *
cns_ipv4_l3_protocol_get_rare (CnsIpv4L3Protocol *self)
{
  if (self->rare == NULL)
    self->rare = g_new0 (CnsIpv4L3Rare, 1);
  return self->rare;
}

/* Past this many interfaces a node keeps its local addresses in a set:
 * own_filter saturates, and every datagram a router forwards would scan
 * all of them to learn it is not its own. */
#define LOCAL_SET_MIN_INTERFACES 32

void
cns_ipv4_l3_protocol_update_own_filter (CnsIpv4L3Protocol *self,
                                        const CnsIpv4InterfaceAddress *added)
{
  GHashTable *set = self->rare != NULL ? self->rare->local_addresses : NULL;

  if (added != NULL
      && (set != NULL || self->n_interfaces <= LOCAL_SET_MIN_INTERFACES))
    {
      self->own_filter
          |= l3_address_bit (added->local) | l3_address_bit (added->broadcast);
      if (set != NULL)
        g_hash_table_add (set, GUINT_TO_POINTER (added->local.value));
      return;
    }
  self->own_filter = 0;
  if (self->n_interfaces > LOCAL_SET_MIN_INTERFACES)
    {
      CnsIpv4L3Rare *rare = cns_ipv4_l3_protocol_get_rare (self);

      if (rare->local_addresses == NULL)
        rare->local_addresses = g_hash_table_new (NULL, NULL);
      else
        g_hash_table_remove_all (rare->local_addresses);
      set = rare->local_addresses;
    }
  for (guint32 i = 0; i < self->n_interfaces; i++)
    {
      const CnsIpv4Interface *iface = &self->interfaces[i];

      for (guint j = 0; j < iface->n_addresses; j++)
        {
          self->own_filter |= l3_address_bit (iface->addresses[j].local)
                              | l3_address_bit (iface->addresses[j].broadcast);
          if (set != NULL)
            g_hash_table_add (
                set, GUINT_TO_POINTER (iface->addresses[j].local.value));
        }
    }
}

static inline CnsIpv4L4Protocol *
l3_find_protocol (CnsIpv4L3Protocol *self, guint8 number)
{
  for (CnsIpv4L4Protocol *p = self->protocols; p != NULL;
       p = cns_ipv4_l4_protocol_peek_private (p)->next)
    if (CNS_IPV4_L4_PROTOCOL_GET_CLASS (p)->protocol_number == number)
      return p;
  return NULL;
}

/* l3_find_protocol() for delivery: moves the protocol found to the front
 * of the list, so that the one that receives most is found first. Each
 * protocol looked at is an object in no cache in a large simulation; with
 * UDP behind ICMP, as the stack helper inserts them, every datagram cost
 * two more misses. */
static CnsIpv4L4Protocol *
l3_find_protocol_to_front (CnsIpv4L3Protocol *self, guint8 number)
{
  CnsIpv4L4Protocol **link = &self->protocols;
  CnsIpv4L4Protocol *p;

  for (p = *link; p != NULL; p = *link)
    {
      CnsIpv4L4ProtocolPrivate *priv = cns_ipv4_l4_protocol_peek_private (p);

      if (CNS_IPV4_L4_PROTOCOL_GET_CLASS (p)->protocol_number == number)
        {
          if (link != &self->protocols)
            {
              *link = priv->next;
              priv->next = self->protocols;
              self->protocols = p;
            }
          return p;
        }
      link = &priv->next;
    }
  return NULL;
}

static CnsIcmpv4L4Protocol *
l3_icmp (CnsIpv4L3Protocol *self)
{
  CnsIpv4L4Protocol *icmp = l3_find_protocol (self, CNS_IP_PROTOCOL_ICMP);

  return icmp != NULL && CNS_IS_ICMPV4_L4_PROTOCOL (icmp)
             ? CNS_ICMPV4_L4_PROTOCOL (icmp)
             : NULL;
}

static inline gboolean
l3_is_local_address (CnsIpv4L3Protocol *self, CnsIpv4Address address)
{
  if ((self->own_filter & l3_address_bit (address)) == 0)
    return FALSE;
  if (self->rare != NULL && self->rare->local_addresses != NULL)
    return g_hash_table_contains (self->rare->local_addresses,
                                  GUINT_TO_POINTER (address.value));
  for (guint32 i = 0; i < self->n_interfaces; i++)
    if (cns_ipv4_interface_has_address (&self->interfaces[i], address))
      return TRUE;
  return FALSE;
}

/* Whether a datagram to @address that came in on @interface is for this
 * node. All of 127.0.0.0/8 is, on the loopback, as in Linux. */
static inline gboolean
l3_is_for_us (CnsIpv4L3Protocol *self, CnsIpv4Address address,
              guint32 interface)
{
  const CnsIpv4Interface *iface = &self->interfaces[interface];

  return cns_ipv4_interface_has_address (iface, address)
         || cns_ipv4_address_is_broadcast (address)
         || cns_ipv4_interface_is_broadcast (iface, address)
         || l3_is_local_address (self, address)
         || (interface == 0 && cns_ipv4_address_is_loopback (address));
}

/* Whether @address is a broadcast for this node: the limited broadcast
 * or the directed broadcast of one of its subnets. */
static gboolean
l3_is_broadcast (CnsIpv4L3Protocol *self, CnsIpv4Address address)
{
  if (cns_ipv4_address_is_broadcast (address))
    return TRUE;
  for (guint32 i = 0; i < self->n_interfaces; i++)
    if (cns_ipv4_interface_is_broadcast (&self->interfaces[i], address))
      return TRUE;
  return FALSE;
}

/* ---- sending ---- */

/* Sends @packet, its header on, out of @interface, whose device needs
 * the link address of @next_hop from the interface's resolver. */
static void
l3_transmit_resolved (CnsIpv4L3Protocol *self, CnsPacket *packet,
                      const CnsIpv4Header *header, guint32 interface,
                      CnsIpv4Address next_hop)
{
  CnsNetDevice *device = self->interfaces[interface].device;
  CnsIpv4NeighbourResolver *resolver
      = cns_ipv4_l3_protocol_get_neighbour_resolver (self, interface);
  CnsAddress to;

  switch (resolver != NULL ? cns_ipv4_neighbour_resolver_resolve (
              resolver, device, next_hop, packet, &to)
                           : CNS_IPV4_NEIGHBOUR_UNREACHABLE)
    {
    case CNS_IPV4_NEIGHBOUR_RESOLVED:
      cns_net_device_send (device, packet, &to, CNS_ETHER_TYPE_IPV4);
      break;
    case CNS_IPV4_NEIGHBOUR_PENDING:
      break;
    case CNS_IPV4_NEIGHBOUR_UNREACHABLE:
    default:
      /* a Tx sink may have kept a reference */
      packet = cns_packet_make_writable (packet);
      cns_packet_remove_at_start (packet, CNS_IPV4_HEADER_SIZE);
      l3_drop (self, header, packet, CNS_IPV4_DROP_NO_NEIGHBOUR, interface);
      break;
    }
}

/* Adds @header and hands the packet to the interface's device, for
 * @next_hop (resolved when the device needs it and it is no broadcast). */
static void
l3_transmit (CnsIpv4L3Protocol *self, CnsPacket *packet,
             const CnsIpv4Header *header, guint32 interface,
             CnsIpv4Address next_hop)
{
  CnsNetDevice *device = self->interfaces[interface].device;
  CnsAddress broadcast;

  /* A trace sink may have kept a reference: copy on write. The packets
   * the layer sends are its own, writable, unless a sink took one. */
  if (G_UNLIKELY (self->traces.sources != NULL))
    packet = cns_packet_make_writable (packet);
  cns_packet_add_header (packet, &cns_ipv4_header_class, header);
  FIRE_TX_RX (self, TRACE_TX, packet, interface);
  /* broadcasts go to the device's broadcast address unresolved, as in
   * ns-3's Ipv4Interface */
  if (G_UNLIKELY (self->interfaces[interface].resolve)
      && !cns_ipv4_address_is_broadcast (next_hop)
      && !cns_ipv4_interface_is_broadcast (&self->interfaces[interface],
                                           next_hop))
    {
      l3_transmit_resolved (self, packet, header, interface, next_hop);
      return;
    }
  /* A device that needs no resolution (point-to-point) is given its
   * broadcast address; asking per packet costs a copy, and keeping it per
   * interface cost 24 bytes each. */
  cns_net_device_get_broadcast (device, &broadcast);
  cns_net_device_send (device, packet, &broadcast, CNS_ETHER_TYPE_IPV4);
}

/* Cuts @packet (a writable payload of @header's datagram, which may be a
 * fragment already) into pieces whose payloads are multiples of 8 bytes
 * and fit @mtu, and sends them. */
static void
l3_fragment (CnsIpv4L3Protocol *self, CnsPacket *packet,
             const CnsIpv4Header *header, guint32 interface,
             CnsIpv4Address next_hop, guint16 mtu)
{
  guint32 chunk = (guint32) (mtu - CNS_IPV4_HEADER_SIZE) & ~7u;
  guint32 total = header->payload_size;

  for (guint32 offset = 0; offset < total; offset += chunk)
    {
      guint32 size = MIN (chunk, total - offset);
      CnsPacket *fragment = cns_packet_create_fragment (packet, offset, size);
      CnsIpv4Header h = *header;

      h.fragment_offset = (guint16) (header->fragment_offset + offset);
      h.payload_size = (guint16) size;
      h.more_fragments = offset + size < total || header->more_fragments;
      l3_transmit (self, fragment, &h, interface, next_hop);
    }
  cns_packet_unref (packet);
}

/* Sends @packet (transfer full, writable, without its header) out of
 * @interface to @next_hop, fragmenting it if it does not fit. */
static void
l3_send_real (CnsIpv4L3Protocol *self, CnsPacket *packet, CnsIpv4Header *header,
              guint32 interface, CnsIpv4Address next_hop, gboolean forwarded)
{
  CnsIpv4Interface *iface = &self->interfaces[interface];
  guint16 mtu;

  if (G_UNLIKELY (!iface->up))
    {
      l3_drop (self, header, packet, CNS_IPV4_DROP_INTERFACE_DOWN, interface);
      return;
    }
  mtu = cns_net_device_get_mtu (iface->device);
  if (G_LIKELY (header->payload_size + CNS_IPV4_HEADER_SIZE <= mtu))
    {
      l3_transmit (self, packet, header, interface, next_hop);
      return;
    }
  if (header->dont_fragment || mtu < CNS_IPV4_HEADER_SIZE + 8)
    {
      CnsIcmpv4L4Protocol *icmp = forwarded ? l3_icmp (self) : NULL;

      if (icmp != NULL)
        {
          /* quote the header as it arrived, before the TTL went down */
          CnsIpv4Header quoted = *header;

          quoted.ttl++;
          cns_icmpv4_l4_protocol_send_dest_unreach_frag_needed (icmp, &quoted,
                                                                packet, mtu);
        }
      l3_drop (self, header, packet, CNS_IPV4_DROP_FRAGMENTATION_NEEDED,
               interface);
      return;
    }
  l3_fragment (self, packet, header, interface, next_hop, mtu);
}

/* Sends a copy of @packet out of @interface to a broadcast destination,
 * from the interface's own address when the source is not set. */
static void
l3_send_broadcast (CnsIpv4L3Protocol *self, const CnsPacket *packet,
                   const CnsIpv4Header *header, guint32 interface)
{
  CnsIpv4Interface *iface = &self->interfaces[interface];
  CnsIpv4Header h = *header;

  if (cns_ipv4_address_is_any (h.source))
    {
      const CnsIpv4InterfaceAddress *a = cns_ipv4_interface_select_address (
          iface, header->destination, FALSE);

      if (a != NULL)
        h.source = a->local;
    }
  FIRE_SENT (self, TRACE_SEND_OUTGOING, &h, (CnsPacket *) packet, interface);
  l3_send_real (self, cns_packet_copy (packet), &h, interface,
                header->destination, FALSE);
}

static void
l3_send (CnsIpv4L3Protocol *self, CnsPacket *packet, CnsIpv4Header *header,
         const CnsIpv4Route *route)
{
  CnsIpv4Route local;
  guint32 size = cns_packet_get_size (packet);
  gboolean maybe_own
      = (self->own_filter & l3_address_bit (header->destination)) != 0;
  gboolean is_local = FALSE;

  if (G_UNLIKELY (size > CNS_IPV4_MAX_PAYLOAD))
    {
      g_critical ("cns_ipv4_l3_protocol_send: a payload of %u bytes does not "
                  "fit in a datagram (at most %u)",
                  size, CNS_IPV4_MAX_PAYLOAD);
      cns_packet_unref (packet);
      return;
    }
  packet = cns_packet_make_writable (packet);
  header->payload_size = (guint16) size;
  header->fragment_offset = 0;
  header->more_fragments = FALSE;
  if (header->ttl == 0)
    header->ttl = self->default_ttl;

  /* The limited broadcast leaves by every interface that is up (the
   * loopback included, so the node hears it too), or by those that hold
   * the source address when one is given. */
  if (G_UNLIKELY (cns_ipv4_address_is_broadcast (header->destination)))
    {
      for (guint32 i = 0; i < self->n_interfaces; i++)
        if (self->interfaces[i].up
            && (cns_ipv4_address_is_any (header->source)
                || cns_ipv4_interface_has_address (&self->interfaces[i],
                                                   header->source)))
          l3_send_broadcast (self, packet, header, i);
      cns_packet_unref (packet);
      return;
    }
  /* One pass over the interfaces, for a datagram that may be to the
   * node itself: a directed broadcast of any of them goes before a local
   * address. */
  for (guint32 i = 0; maybe_own && i < self->n_interfaces; i++)
    {
      if (G_UNLIKELY (cns_ipv4_interface_is_broadcast (&self->interfaces[i],
                                                       header->destination)))
        {
          l3_send_broadcast (self, packet, header, i);
          cns_packet_unref (packet);
          return;
        }
      is_local = is_local
                 || cns_ipv4_interface_has_address (&self->interfaces[i],
                                                    header->destination);
    }

  /* What the node sends to itself goes round the loopback. */
  if (G_UNLIKELY (is_local
                  || cns_ipv4_address_is_loopback (header->destination)))
    {
      local = (CnsIpv4Route){ header->destination,
                              cns_ipv4_address_is_any (header->source)
                                  ? header->destination
                                  : header->source,
                              cns_ipv4_address_any (),
                              self->interfaces[0].device, 0 };
      route = &local;
    }
  else if (route == NULL)
    {
      if (self->routing_delegate == NULL
          || !CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self->routing_delegate)
                  ->route_output (self->routing_delegate, packet, header, NULL,
                                  &local))
        {
          l3_drop (self, header, packet, CNS_IPV4_DROP_NO_ROUTE, 0);
          return;
        }
      route = &local;
    }
  if (G_UNLIKELY (route->interface >= self->n_interfaces))
    {
      l3_drop (self, header, packet, CNS_IPV4_DROP_ROUTE_ERROR, 0);
      return;
    }
  if (cns_ipv4_address_is_any (header->source))
    header->source = route->source;
  FIRE_SENT (self, TRACE_SEND_OUTGOING, header, packet, route->interface);
  l3_send_real (self, packet, header, route->interface,
                l3_next_hop (route, header), FALSE);
}

/* ---- receiving ---- */

/* The fragments of a datagram did not all arrive in time: an ICMP time
 * exceeded (reassembly) to the source if the first one came, and the
 * first to arrive is reported dropped. */
static void
l3_reassembly_expired (gpointer user_data, const CnsIpv4Header *header,
                       CnsPacket *first, gboolean have_first, guint32 interface)
{
  CnsIpv4L3Protocol *self = user_data;

  if (have_first)
    {
      CnsIcmpv4L4Protocol *icmp = l3_icmp (self);

      if (icmp != NULL)
        cns_icmpv4_l4_protocol_send_time_exceeded (icmp, header, first, TRUE);
    }
  CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_DROP, CnsIpv4DropTraceFn, self,
                        header, first, CNS_IPV4_DROP_FRAGMENT_TIMEOUT, self,
                        interface);
}

static CnsIpv4Reassembler *
l3_reassembler (CnsIpv4L3Protocol *self)
{
  CnsIpv4L3Rare *rare = cns_ipv4_l3_protocol_get_rare (self);

  if (rare->reassembler == NULL)
    rare->reassembler = cns_ipv4_reassembler_new (
        DEFAULT_FRAGMENT_EXPIRATION_TIMEOUT, l3_reassembly_expired, self);
  return rare->reassembler;
}

static void
l3_local_deliver (CnsIpv4L3Protocol *self, CnsPacket *packet,
                  CnsIpv4Header *header, guint32 interface)
{
  CnsIpv4L4Protocol *l4;
  CnsIpv4L4RxStatus status;

  if (G_UNLIKELY (header->more_fragments || header->fragment_offset != 0))
    {
      CnsIpv4DropReason reason;
      CnsPacket *whole = cns_ipv4_reassembler_add (
          l3_reassembler (self), packet, header, interface, &reason);

      if (whole == NULL)
        {
          if (reason != 0)
            l3_drop (self, header, packet, reason, interface);
          return;
        }
      packet = whole;
    }
  FIRE_SENT (self, TRACE_LOCAL_DELIVER, header, packet, interface);
  /* writable as received or reassembled, unless a sink took a reference */
  if (G_UNLIKELY (self->traces.sources != NULL))
    packet = cns_packet_make_writable (packet);
  /* the path nix-vector routing gave the packet ends here */
  if (cns_packet_get_nix_vector (packet) != NULL)
    cns_packet_set_nix_vector (packet, NULL);
  l4 = l3_find_protocol_to_front (self, header->protocol);
  if (G_UNLIKELY (l4 == NULL))
    {
      l3_drop (self, header, packet, CNS_IPV4_DROP_NO_PROTOCOL, interface);
      return;
    }
  status = CNS_IPV4_L4_PROTOCOL_GET_CLASS (l4)->receive (l4, packet, header,
                                                         interface);
  if (G_UNLIKELY (status == CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE)
      && !l3_is_broadcast (self, header->destination)
      && !cns_ipv4_address_is_multicast (header->destination))
    {
      CnsIcmpv4L4Protocol *icmp = l3_icmp (self);

      if (icmp != NULL)
        cns_icmpv4_l4_protocol_send_dest_unreach_port (icmp, header, packet);
    }
  cns_packet_unref (packet);
}

static void
l3_forward (CnsIpv4L3Protocol *self, CnsPacket *packet, CnsIpv4Header *header,
            guint32 input)
{
  CnsIpv4Route route;

  if (G_UNLIKELY (!self->interfaces[input].forwarding))
    {
      l3_drop (self, header, packet, CNS_IPV4_DROP_ROUTE_ERROR, input);
      return;
    }
  /* no multicast routing, and loopback addresses never leave a node */
  if (G_UNLIKELY (cns_ipv4_address_is_multicast (header->destination)
                  || cns_ipv4_address_is_loopback (header->destination)))
    {
      l3_drop (self, header, packet, CNS_IPV4_DROP_NO_ROUTE, input);
      return;
    }
  if (G_UNLIKELY (
          self->routing_delegate == NULL
          || !CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (self->routing_delegate)
                  ->route_input (self->routing_delegate, packet, header, input,
                                 &route)
          || route.interface >= self->n_interfaces))
    {
      CnsIcmpv4L4Protocol *icmp = l3_icmp (self);

      if (icmp != NULL)
        cns_icmpv4_l4_protocol_send_dest_unreach_host (icmp, header, packet);
      l3_drop (self, header, packet, CNS_IPV4_DROP_NO_ROUTE, input);
      return;
    }
  if (G_UNLIKELY (header->ttl <= 1))
    {
      CnsIcmpv4L4Protocol *icmp = l3_icmp (self);

      /* Linux quotes the header as it arrived, TTL 1 */
      if (icmp != NULL)
        cns_icmpv4_l4_protocol_send_time_exceeded (icmp, header, packet, FALSE);
      header->ttl = 0;
      l3_drop (self, header, packet, CNS_IPV4_DROP_TTL_EXPIRED,
               route.interface);
      return;
    }
  header->ttl--;
  FIRE_SENT (self, TRACE_UNICAST_FORWARD, header, packet, route.interface);
  l3_send_real (self, packet, header, route.interface,
                l3_next_hop (&route, header), TRUE);
}

/* The node's handler for EtherType 0x0800. */
static void
l3_receive (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
            const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
            gpointer user_data)
{
  CnsIpv4L3Protocol *self = user_data;
  gint32 found = cns_ipv4_l3_protocol_find_interface (
      self, device, cns_net_device_get_ifindex (device));
  CnsIpv4Interface *iface;
  CnsIpv4Header header;
  guint32 interface, size;

  if (G_UNLIKELY (found < 0))
    {
      /* a device of the node that IPv4 does not use */
      cns_packet_unref (packet);
      return;
    }
  interface = (guint32) found;
  iface = &self->interfaces[interface];
  if (G_LIKELY (iface->up))
    FIRE_TX_RX (self, TRACE_RX, packet, interface);
  packet = cns_packet_make_writable (packet);
  if (G_UNLIKELY (
          cns_packet_remove_header (packet, &cns_ipv4_header_class, &header)
          == 0))
    {
      cns_ipv4_header_init (&header);
      l3_drop (self, &header, packet, CNS_IPV4_DROP_MALFORMED, interface);
      return;
    }
  if (G_UNLIKELY (!iface->up))
    {
      l3_drop (self, &header, packet, CNS_IPV4_DROP_INTERFACE_DOWN, interface);
      return;
    }
  size = cns_packet_get_size (packet);
  if (G_UNLIKELY (size != header.payload_size))
    {
      if (size < header.payload_size)
        {
          l3_drop (self, &header, packet, CNS_IPV4_DROP_MALFORMED, interface);
          return;
        }
      /* link-layer padding */
      cns_packet_remove_at_end (packet, size - header.payload_size);
    }
  if (G_UNLIKELY (!header.checksum_ok))
    {
      l3_drop (self, &header, packet, CNS_IPV4_DROP_BAD_CHECKSUM, interface);
      return;
    }
  if (l3_is_for_us (self, header.destination, interface))
    l3_local_deliver (self, packet, &header, interface);
  else
    l3_forward (self, packet, &header, interface);
}

/* ---- public API ---- */

/**
 * cns_ipv4_l3_protocol_new:
 *
 * Makes an IPv4 layer with the configured defaults. Aggregate it to a
 * node with cns_object_aggregate(): it then registers for IPv4 with the
 * node and adds the loopback as interface 0.
 *
 * Returns: (transfer full): the layer.
 */
CnsIpv4L3Protocol *
cns_ipv4_l3_protocol_new (void)
{
  return cns_object_new (CNS_TYPE_IPV4_L3_PROTOCOL, NULL);
}

/**
 * cns_ipv4_l3_protocol_get_node:
 *
 * Returns: (transfer none) (nullable): the node, once aggregated.
 */
CnsNode *
cns_ipv4_l3_protocol_get_node (CnsIpv4L3Protocol *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        NULL);
  return l3_node (self);
}

/**
 * cns_ipv4_l3_protocol_set_routing_protocol:
 * @routing: the routing protocol; the layer takes a reference
 *
 * Replaces the routing protocol, which learns the layer (and through it
 * the interfaces and addresses that exist already).
 */
void
cns_ipv4_l3_protocol_set_routing_protocol (CnsIpv4L3Protocol *self,
                                           CnsIpv4RoutingProtocol *routing)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL));
  g_return_if_fail (
      CNS_INSTANCE_IS_A (routing, CNS_TYPE_IPV4_ROUTING_PROTOCOL));
  if (routing == self->routing)
    return;
  if (self->routing != NULL)
    cns_ipv4_routing_protocol_set_ipv4 (self->routing, NULL);
  g_set_object (&self->routing, routing);
  cns_ipv4_routing_protocol_set_ipv4 (routing, self);
  cns_ipv4_l3_protocol_update_routing_delegate (self);
}

/**
 * cns_ipv4_l3_protocol_get_routing_protocol:
 *
 * Returns: (transfer none) (nullable): the routing protocol.
 */
CnsIpv4RoutingProtocol *
cns_ipv4_l3_protocol_get_routing_protocol (CnsIpv4L3Protocol *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        NULL);
  return self->routing;
}

/**
 * cns_ipv4_l3_protocol_insert_l4_protocol:
 * @protocol: a transport protocol; the layer takes a reference
 *
 * Delivers datagrams of @protocol's number to it from now on, replacing
 * a protocol inserted before with the same number. A protocol serves one
 * layer.
 */
void
cns_ipv4_l3_protocol_insert_l4_protocol (CnsIpv4L3Protocol *self,
                                         CnsIpv4L4Protocol *protocol)
{
  CnsIpv4L4ProtocolPrivate *priv;
  CnsIpv4L4Protocol **link;
  guint8 number;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL));
  g_return_if_fail (CNS_INSTANCE_IS_A (protocol, CNS_TYPE_IPV4_L4_PROTOCOL));
  number = cns_ipv4_l4_protocol_get_protocol_number (protocol);
  priv = cns_ipv4_l4_protocol_peek_private (protocol);
  if (priv->ipv4 == self && l3_find_protocol (self, number) == protocol)
    return;
  if (priv->ipv4 != NULL && priv->ipv4 != self)
    {
      g_critical ("%s: the %s is in another IPv4 layer", G_STRFUNC,
                  G_OBJECT_TYPE_NAME (protocol));
      return;
    }
  g_object_ref (protocol);
  priv->ipv4 = self;
  /* in the place of the one of the same number, else at the tail (the
   * list is in no order that matters: delivery moves the protocol it
   * finds to the front) */
  for (link = &self->protocols; *link != NULL;
       link = &cns_ipv4_l4_protocol_peek_private (*link)->next)
    if (CNS_IPV4_L4_PROTOCOL_GET_CLASS (*link)->protocol_number == number)
      {
        CnsIpv4L4Protocol *old = *link;

        priv->next = cns_ipv4_l4_protocol_peek_private (old)->next;
        *link = protocol;
        l3_release_protocol (old);
        return;
      }
  *link = protocol;
}

/**
 * cns_ipv4_l3_protocol_get_l4_protocol:
 * @number: an IP protocol number
 *
 * Returns: (transfer none) (nullable): the transport protocol inserted
 * for @number.
 */
CnsIpv4L4Protocol *
cns_ipv4_l3_protocol_get_l4_protocol (CnsIpv4L3Protocol *self, guint8 number)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        NULL);
  return l3_find_protocol (self, number);
}

gboolean
cns_ipv4_l3_protocol_route_output (CnsIpv4L3Protocol *self, CnsPacket *packet,
                                   CnsIpv4Address destination, guint8 protocol,
                                   CnsIpv4Route *route)
{
  CnsIpv4RoutingProtocol *routing = self->routing_delegate;
  CnsIpv4Header header;

  if (G_UNLIKELY (routing == NULL))
    return FALSE;
  cns_ipv4_header_init (&header);
  header.destination = destination;
  header.protocol = protocol;
  return CNS_IPV4_ROUTING_PROTOCOL_GET_CLASS (routing)->route_output (
      routing, packet, &header, NULL, route);
}

void
cns_ipv4_l3_protocol_update_routing_delegate (CnsIpv4L3Protocol *self)
{
  CnsNode *node = l3_node (self);

  self->routing_delegate
      = self->routing != NULL
            ? cns_ipv4_routing_protocol_get_delegate (self->routing)
            : NULL;
  /* it answers for every datagram: hinted as the interfaces are */
  if (node != NULL)
    cns_prefetch_hint_add_object (cns_node_get_id (node),
                                  self->routing_delegate);
}

/**
 * cns_ipv4_l3_protocol_is_destination_address: (skip)
 * @interface: the interface a datagram came in on
 *
 * Returns: whether a datagram to @address that came in on @interface is
 * for this node: an address of any of its interfaces, a directed
 * broadcast of @interface's subnets, or 255.255.255.255.
 */
gboolean
cns_ipv4_l3_protocol_is_destination_address (CnsIpv4L3Protocol *self,
                                             CnsIpv4Address address,
                                             guint32 interface)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        FALSE);
  if (!cns_ipv4_l3_protocol_check_interface (self, interface, G_STRFUNC))
    return FALSE;
  return l3_is_for_us (self, address, interface);
}

/**
 * cns_ipv4_l3_protocol_send: (skip)
 * @packet: (transfer full): the transport segment, without an IPv4 header
 * @source: the source address, or 0.0.0.0 to take the route's
 * @destination: where to
 * @protocol: the IP protocol number of @packet
 * @ttl: the TTL, or 0 for the layer's DefaultTtl
 * @tos: the type of service byte
 * @route: (nullable): the route to use; %NULL asks the routing protocol
 *
 * Adds the IPv4 header and sends, fragmenting when the packet exceeds the
 * output interface's MTU; dropped packets go to the Drop trace source
 * (NO_ROUTE without a route, INTERFACE_DOWN when the output interface is
 * down). Broadcasts go out of every interface they belong to and packets
 * to the node's own addresses through the loopback.
 */
void
cns_ipv4_l3_protocol_send (CnsIpv4L3Protocol *self, CnsPacket *packet,
                           CnsIpv4Address source, CnsIpv4Address destination,
                           guint8 protocol, guint8 ttl, guint8 tos,
                           const CnsIpv4Route *route)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL));
  g_return_if_fail (packet != NULL);
  cns_ipv4_l3_protocol_send_datagram (self, packet, source, destination,
                                      protocol, ttl, tos, route);
}

void
cns_ipv4_l3_protocol_send_datagram (CnsIpv4L3Protocol *self, CnsPacket *packet,
                                    CnsIpv4Address source,
                                    CnsIpv4Address destination, guint8 protocol,
                                    guint8 ttl, guint8 tos,
                                    const CnsIpv4Route *route)
{
  CnsIpv4Header header = { .tos = tos,
                           .ttl = ttl,
                           .protocol = protocol,
                           .source = source,
                           .destination = destination,
                           .checksum_ok = TRUE,
                           .identification = self->identification++ };

  l3_send (self, packet, &header, route);
}

/**
 * cns_ipv4_l3_protocol_send_with_header:
 * @packet: (transfer full): the payload, without an IPv4 header
 * @header: the header to send with: its source, destination, protocol,
 *   TTL (0 for DefaultTtl), TOS, identification and DF flag are used as
 *   they are; the layer sets the payload size and the fragment fields
 * @route: (nullable): the route to use; %NULL asks the routing protocol
 *
 * Like cns_ipv4_l3_protocol_send() with a header the caller built, as
 * ns-3's SendWithHeader for raw sockets: the way to send with DF set.
 */
void
cns_ipv4_l3_protocol_send_with_header (CnsIpv4L3Protocol *self,
                                       CnsPacket *packet,
                                       const CnsIpv4Header *header,
                                       const CnsIpv4Route *route)
{
  CnsIpv4Header h;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL));
  g_return_if_fail (packet != NULL);
  g_return_if_fail (header != NULL);
  h = *header;
  h.checksum_ok = TRUE;
  l3_send (self, packet, &h, route);
}

static void
l3_set_property (GObject *object, guint prop_id, const GValue *value,
                 GParamSpec *pspec)
{
  CnsIpv4L3Protocol *self = CNS_IPV4_L3_PROTOCOL (object);

  switch (prop_id)
    {
    case PROP_DEFAULT_TTL:
      self->default_ttl = (guint8) g_value_get_uint (value);
      break;
    case PROP_IP_FORWARD:
      self->ip_forward = g_value_get_boolean (value) != FALSE;
      for (guint32 i = 0; i < self->n_interfaces; i++)
        self->interfaces[i].forwarding = self->ip_forward;
      break;
    case PROP_FRAGMENT_EXPIRATION_TIMEOUT:
      {
        CnsTime timeout = cns_value_get_time (value);

        if ((self->rare != NULL && self->rare->reassembler != NULL)
            || timeout != DEFAULT_FRAGMENT_EXPIRATION_TIMEOUT)
          cns_ipv4_reassembler_set_timeout (l3_reassembler (self), timeout);
        break;
      }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
l3_get_property (GObject *object, guint prop_id, GValue *value,
                 GParamSpec *pspec)
{
  CnsIpv4L3Protocol *self = CNS_IPV4_L3_PROTOCOL (object);

  switch (prop_id)
    {
    case PROP_DEFAULT_TTL:
      g_value_set_uint (value, self->default_ttl);
      break;
    case PROP_IP_FORWARD:
      g_value_set_boolean (value, self->ip_forward);
      break;
    case PROP_FRAGMENT_EXPIRATION_TIMEOUT:
      cns_value_set_time (
          value,
          self->rare != NULL && self->rare->reassembler != NULL
              ? cns_ipv4_reassembler_get_timeout (self->rare->reassembler)
              : DEFAULT_FRAGMENT_EXPIRATION_TIMEOUT);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
