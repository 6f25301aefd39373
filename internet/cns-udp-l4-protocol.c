/* cns — UDP (RFC 768) over IPv4.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpL4Protocol. Installed by aggregating it to a node that has
 * (or will have) a CnsIpv4L3Protocol: once both are there it inserts
 * itself into the IPv4 layer as protocol 17. Applications make UDP
 * sockets by the factory type CnsUdpSocketFactory, whose class asks the
 * node's protocol (there is no factory object per node).
 *
 * Sending, for a socket: the header's checksum is prepared over the
 * pseudo-header and the payload (cheap: unwritten payload is not read),
 * the header added, and the datagram handed to the IPv4 layer with the
 * route the socket chose.
 *
 * Receiving: the datagram is checked before anything is removed, so that
 * what the IPv4 layer gets back with CHECKSUM_ERROR or
 * ENDPOINT_UNREACHABLE is the packet as it came (the layer quotes it in
 * an ICMP port unreachable). A wrong checksum, or a length field that is
 * not the datagram's length, drops it; a checksum of 0 means the sender
 * computed none. The end point table picks the receivers: the most
 * specific for a unicast, all that match for a broadcast (255.255.255.255
 * or the directed broadcast of an address of the receiving interface).
 * Several receivers share one packet, copy-on-write; they are referenced
 * while it is handed out, since a receive callback may close another
 * socket.
 *
 * ICMP errors about a datagram this node sent find the socket by the
 * ports and addresses quoted in them and go to its ICMP callback.
 *
 * The protocol holds a reference to each socket it made until the socket
 * is closed; when the node goes away it detaches them all.
 */
#include "internet/cns-udp-l4-protocol.h"

#include "core/cns-log.h"
#include "core/cns-prefetch.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "internet/cns-ipv4-l4-protocol-private.h"
#include "internet/cns-udp-header.h"
#include "internet/cns-udp-private.h"

CNS_LOG_COMPONENT_DEFINE ("cns-udp-l4-protocol");

/* Receivers of one datagram handled without allocating. */
#define RECEIVERS_ON_STACK 8

struct _CnsUdpL4Protocol
{
  CnsIpv4L4Protocol parent_instance;

  CnsIpv4EndPointDemux demux;
  /* referenced; a plain array: a GPtrArray starts with room for 16 */
  CnsUdpSocket **sockets;
  guint n_sockets;
  guint sockets_size;
};

G_DEFINE_FINAL_TYPE (CnsUdpL4Protocol, cns_udp_l4_protocol,
                     CNS_TYPE_IPV4_L4_PROTOCOL)

static CnsIpv4L4RxStatus udp_receive (CnsIpv4L4Protocol *l4, CnsPacket *packet,
                                      const CnsIpv4Header *header,
                                      guint32 interface);
static void udp_receive_icmp (CnsIpv4L4Protocol *l4, CnsIpv4Address icmp_source,
                              guint8 icmp_ttl, guint8 icmp_type,
                              guint8 icmp_code, guint32 icmp_info,
                              CnsIpv4Address payload_source,
                              CnsIpv4Address payload_destination,
                              const guint8 payload[8]);

static void
cns_udp_l4_protocol_dispose (GObject *object)
{
  CnsUdpL4Protocol *self = CNS_UDP_L4_PROTOCOL (object);

  CnsUdpSocket **sockets = g_steal_pointer (&self->sockets);
  guint n_sockets = self->n_sockets;

  self->n_sockets = self->sockets_size = 0;
  for (guint i = 0; i < n_sockets; i++)
    cns_udp_socket_detach (sockets[i]);
  cns_ipv4_end_point_demux_clear (&self->demux);
  for (guint i = 0; i < n_sockets; i++)
    g_object_unref (sockets[i]);
  g_free (sockets);
  G_OBJECT_CLASS (cns_udp_l4_protocol_parent_class)->dispose (object);
}

/* Once the protocol shares an aggregate with a node and an IPv4 layer:
 * inserts itself into the layer. */
static void
udp_notify_new_aggregate (CnsObject *object)
{
  CnsUdpL4Protocol *self = CNS_UDP_L4_PROTOCOL (object);
  CnsNode *node = cns_object_get (object, CNS_TYPE_NODE);
  CnsIpv4L3Protocol *ipv4 = cns_object_get (object, CNS_TYPE_IPV4_L3_PROTOCOL);

  CNS_OBJECT_CLASS (cns_udp_l4_protocol_parent_class)
      ->notify_new_aggregate (object);
  if (node == NULL || ipv4 == NULL)
    return;
  if (cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self)) == NULL)
    cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, CNS_IPV4_L4_PROTOCOL (self));
}

/* The node of the IPv4 layer the protocol was inserted into: its own,
 * since they share an aggregate. */
static CnsNode *
udp_node (CnsUdpL4Protocol *self)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self));

  return ipv4 != NULL ? cns_ipv4_l3_protocol_get_node (ipv4) : NULL;
}

static void
cns_udp_l4_protocol_class_init (CnsUdpL4ProtocolClass *klass)
{
  CnsIpv4L4ProtocolClass *l4_class = CNS_IPV4_L4_PROTOCOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cns_udp_l4_protocol_dispose;
  CNS_OBJECT_CLASS (klass)->notify_new_aggregate = udp_notify_new_aggregate;
  l4_class->protocol_number = CNS_IP_PROTOCOL_UDP;
  l4_class->receive = udp_receive;
  l4_class->receive_icmp = udp_receive_icmp;
}

static void
cns_udp_l4_protocol_init (CnsUdpL4Protocol *self)
{
  cns_ipv4_end_point_demux_init (&self->demux);
}

/* The sockets a datagram goes to, referenced when there are several. */
typedef struct
{
  CnsUdpSocket *stack[RECEIVERS_ON_STACK];
  CnsUdpSocket **sockets;
  guint n;
} Receivers;

static void
receivers_find (CnsUdpL4Protocol *self, Receivers *r,
                CnsIpv4Address destination, guint16 destination_port,
                CnsIpv4Address source, guint16 source_port,
                CnsIpv4Address broadcast_owner)
{
  CnsIpv4EndPoint *found[RECEIVERS_ON_STACK];
  CnsIpv4EndPoint **all = found;

  r->n = cns_ipv4_end_point_demux_lookup (
      &self->demux, destination, destination_port, source, source_port,
      broadcast_owner, found, RECEIVERS_ON_STACK);
  r->sockets = r->stack;
  if (G_UNLIKELY (r->n > RECEIVERS_ON_STACK))
    {
      all = g_new (CnsIpv4EndPoint *, r->n);
      cns_ipv4_end_point_demux_lookup (&self->demux, destination,
                                       destination_port, source, source_port,
                                       broadcast_owner, all, r->n);
      r->sockets = g_new (CnsUdpSocket *, r->n);
    }
  for (guint i = 0; i < r->n; i++)
    {
      r->sockets[i] = cns_udp_socket_from_end_point (all[i]);
      if (r->n > 1)
        g_object_ref (r->sockets[i]);
    }
  if (all != found)
    g_free (all);
}

static void
receivers_clear (Receivers *r)
{
  if (r->n > 1)
    for (guint i = 0; i < r->n; i++)
      g_object_unref (r->sockets[i]);
  if (r->sockets != r->stack)
    g_free (r->sockets);
}

/* For a broadcast to @destination received on @interface, the address of
 * the interface it is for (255.255.255.255 when the interface has none);
 * 0.0.0.0 for a unicast. */
static CnsIpv4Address
udp_broadcast_owner (CnsIpv4L3Protocol *ipv4, CnsIpv4Address destination,
                     guint32 interface)
{
  const CnsIpv4Interface *iface
      = cns_ipv4_l3_protocol_peek_interface (ipv4, interface);
  guint32 n = iface != NULL ? iface->n_addresses : 0;

  if (cns_ipv4_address_is_broadcast (destination))
    return n > 0 ? iface->addresses[0].local : destination;
  for (guint32 i = 0; i < n; i++)
    {
      const CnsIpv4InterfaceAddress *a = &iface->addresses[i];

      if (cns_ipv4_address_equal (a->broadcast, destination)
          && cns_ipv4_mask_get_prefix_length (a->mask) < 31)
        return a->local;
    }
  return cns_ipv4_address_any ();
}

static CnsIpv4L4RxStatus
udp_receive (CnsIpv4L4Protocol *l4, CnsPacket *packet,
             const CnsIpv4Header *header, guint32 interface)
{
  /* a method of the class: the type is known, no checked cast */
  CnsUdpL4Protocol *self = (CnsUdpL4Protocol *) l4;
  CnsUdpHeader udp;
  CnsIpv4Address broadcast_owner;
  CnsIpv4EndPoint *one;
  Receivers r;
  guint n;

  /* The header is read once, and put back on the paths that give the
   * datagram back whole (the ICMP error quotes it). */
  if (G_UNLIKELY (cns_packet_remove_header (packet, &cns_udp_header_class, &udp)
                  == 0))
    {
      CNS_LOG_LOGIC ("dropping a datagram shorter than its header");
      return CNS_IPV4_L4_RX_CHECKSUM_ERROR;
    }
  if (G_UNLIKELY (udp.length
                      != cns_packet_get_size (packet) + CNS_UDP_HEADER_SIZE
                  || !cns_udp_header_verify_payload_checksum (
                      &udp, packet, header->source, header->destination)))
    {
      CNS_LOG_LOGIC ("dropping a malformed datagram or one with a bad "
                     "checksum");
      cns_packet_add_header (packet, &cns_udp_header_class, &udp);
      return CNS_IPV4_L4_RX_CHECKSUM_ERROR;
    }
  broadcast_owner = udp_broadcast_owner (cns_ipv4_l4_protocol_peek_ipv4 (l4),
                                         header->destination, interface);
  /* the usual single receiver, without the list of them */
  n = cns_ipv4_end_point_demux_lookup (
      &self->demux, header->destination, udp.destination_port, header->source,
      udp.source_port, broadcast_owner, &one, 1);
  if (G_LIKELY (n == 1))
    {
      cns_udp_socket_forward_up (cns_udp_socket_from_end_point (one), packet,
                                 header->source, udp.source_port);
      return CNS_IPV4_L4_RX_OK;
    }
  if (n == 0)
    {
      CNS_LOG_LOGIC ("nothing bound to port %u", udp.destination_port);
      cns_packet_add_header (packet, &cns_udp_header_class, &udp);
      return CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE;
    }
  receivers_find (self, &r, header->destination, udp.destination_port,
                  header->source, udp.source_port, broadcast_owner);
  for (guint i = 0; i < r.n; i++)
    cns_udp_socket_forward_up (r.sockets[i], packet, header->source,
                               udp.source_port);
  receivers_clear (&r);
  return CNS_IPV4_L4_RX_OK;
}

static void
udp_receive_icmp (CnsIpv4L4Protocol *l4, CnsIpv4Address icmp_source,
                  guint8 icmp_ttl, guint8 icmp_type, guint8 icmp_code,
                  guint32 icmp_info, CnsIpv4Address payload_source,
                  CnsIpv4Address payload_destination, const guint8 payload[8])
{
  CnsUdpL4Protocol *self = CNS_UDP_L4_PROTOCOL (l4);
  guint16 source_port = (guint16) (payload[0] << 8 | payload[1]);
  guint16 destination_port = (guint16) (payload[2] << 8 | payload[3]);
  Receivers r;

  /* the quoted datagram was ours: its source is the local end */
  receivers_find (self, &r, payload_source, source_port, payload_destination,
                  destination_port, cns_ipv4_address_any ());
  for (guint i = 0; i < r.n; i++)
    cns_udp_socket_forward_icmp (r.sockets[i], icmp_source, icmp_ttl, icmp_type,
                                 icmp_code, icmp_info);
  receivers_clear (&r);
}

/**
 * cns_udp_l4_protocol_new:
 *
 * Makes the protocol; aggregate it to a node that has an IPv4 layer to
 * install it.
 *
 * Returns: (transfer full): the protocol.
 */
CnsUdpL4Protocol *
cns_udp_l4_protocol_new (void)
{
  return cns_object_new (CNS_TYPE_UDP_L4_PROTOCOL, NULL);
}

/**
 * cns_udp_l4_protocol_create_socket:
 *
 * ns-3's UdpL4Protocol::CreateSocket, which the node's
 * CnsUdpSocketFactory calls: a new, unbound UDP socket on the protocol's
 * node. The protocol keeps a reference until the socket is closed. The
 * protocol must have been installed on a node with an IPv4 layer.
 *
 * Returns: (transfer full) (nullable): the socket, or %NULL.
 */
CnsSocket *
cns_udp_l4_protocol_create_socket (CnsUdpL4Protocol *self)
{
  CnsNode *node;
  CnsUdpSocket *socket;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_UDP_L4_PROTOCOL),
                        NULL);
  node = udp_node (self);
  g_return_val_if_fail (node != NULL, NULL);
  socket = cns_udp_socket_new (self, node);
  if (self->n_sockets == self->sockets_size)
    {
      self->sockets_size = MAX (2, self->sockets_size * 2);
      self->sockets
          = g_renew (CnsUdpSocket *, self->sockets, self->sockets_size);
    }
  self->sockets[self->n_sockets++] = g_object_ref (socket);
  /* every datagram it sends or receives reads it: hinted until it closes
   * (see cns-prefetch.c) */
  cns_prefetch_hint_add_object (cns_node_get_id (node), socket);
  return CNS_SOCKET (socket);
}

/**
 * cns_udp_l4_protocol_bind:
 * @end_point: the end point of a socket, unbound
 * @address: the local address, or 0.0.0.0
 * @port: the local port, or 0 for an ephemeral one
 *
 * Binds a socket's end point.
 *
 * Returns: %CNS_SOCKET_ERROR_NOTERROR, or the errno of the failure
 * (ADDRINUSE, or ADDRNOTAVAIL when no ephemeral port is free).
 */
CnsSocketErrno
cns_udp_l4_protocol_bind (CnsUdpL4Protocol *self, CnsIpv4EndPoint *end_point,
                          CnsIpv4Address address, guint16 port)
{
  return cns_ipv4_end_point_demux_bind (&self->demux, end_point, address, port);
}

/**
 * cns_udp_l4_protocol_unbind:
 *
 * Unbinds a socket's @end_point.
 */
void
cns_udp_l4_protocol_unbind (CnsUdpL4Protocol *self, CnsIpv4EndPoint *end_point)
{
  cns_ipv4_end_point_demux_unbind (&self->demux, end_point);
}

/**
 * cns_udp_l4_protocol_remove_socket:
 *
 * Drops the protocol's reference to a closed socket, which may be the
 * last.
 */
void
cns_udp_l4_protocol_remove_socket (CnsUdpL4Protocol *self, CnsUdpSocket *socket)
{
  for (guint i = 0; i < self->n_sockets; i++)
    if (self->sockets[i] == socket)
      {
        self->sockets[i] = self->sockets[--self->n_sockets];
        g_object_unref (socket);
        return;
      }
}

/**
 * cns_udp_l4_protocol_send:
 * @packet: (transfer full): the payload
 * @ttl: the TTL, or 0 for the IPv4 layer's default
 * @route: (nullable): the route to send on, its source being @source;
 *   %NULL lets the IPv4 layer choose
 *
 * Adds a UDP header with its checksum and hands the datagram to the IPv4
 * layer.
 */
void
cns_udp_l4_protocol_send (CnsUdpL4Protocol *self, CnsPacket *packet,
                          CnsIpv4Address source, CnsIpv4Address destination,
                          guint16 source_port, guint16 destination_port,
                          guint8 ttl, const CnsIpv4Route *route)
{
  CnsUdpHeader header;

  packet = cns_packet_make_writable (packet);
  cns_udp_header_init (&header, source_port, destination_port, 0);
  cns_udp_header_prepare_checksum (&header, source, destination, packet);
  cns_packet_add_header (packet, &cns_udp_header_class, &header);
  cns_ipv4_l3_protocol_send_datagram (
      cns_ipv4_l4_protocol_peek_ipv4 ((CnsIpv4L4Protocol *) self), packet,
      source, destination, CNS_IP_PROTOCOL_UDP, ttl, 0, route);
}
