/* cns — TCP (RFC 9293) over IPv4.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's TcpL4Protocol. Installed by aggregating it to a node that has
 * (or will have) a CnsIpv4L3Protocol: once both are there it inserts
 * itself into the IPv4 layer as protocol 6. Applications make TCP
 * sockets by the factory type CnsTcpSocketFactory, whose class asks the
 * node's protocol (there is no factory object per node).
 *
 * Two tables find the socket of a segment. Connections (a socket that
 * connected, or that a listener made for a peer) are in a hash table of
 * the four-tuple, so that a server with ten thousand connections on one
 * port finds each in constant time rather than by walking a list; the
 * tables are made with the first socket, so a node with TCP and no
 * socket pays one pointer for them. Listening and merely bound sockets
 * are in the end point table UDP uses (most specific match first).
 *
 * Receiving: the checksum is checked over the whole segment before the
 * header comes off; a bad one drops the segment (CHECKSUM_ERROR). A
 * segment for no socket is answered with a reset (RFC 9293, 3.10.7.1),
 * not an ICMP error, as real stacks and ns-3 do.
 *
 * The protocol holds a reference to each socket it made until the socket
 * is closed; when the node goes away it detaches them all.
 */
#include "internet/cns-tcp-l4-protocol.h"

#include "core/cns-log.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "internet/cns-ipv4-l4-protocol-private.h"
#include "internet/cns-tcp-private.h"

CNS_LOG_COMPONENT_DEFINE ("cns-tcp-l4-protocol");

/* What only a node with TCP sockets needs, behind one pointer. */
typedef struct
{
  GHashTable *connections; /* CnsIpv4EndPoint * of connected sockets, by
                              four-tuple */
  GPtrArray *sockets;      /* referenced */
} Tables;

struct _CnsTcpL4Protocol
{
  CnsIpv4L4Protocol parent_instance;

  CnsIpv4EndPointDemux demux; /* listening and bound sockets */
  Tables *tables;             /* NULL until the first socket */
};

G_DEFINE_FINAL_TYPE (CnsTcpL4Protocol, cns_tcp_l4_protocol,
                     CNS_TYPE_IPV4_L4_PROTOCOL)

static CnsIpv4L4RxStatus tcp_receive (CnsIpv4L4Protocol *l4, CnsPacket *packet,
                                      const CnsIpv4Header *header,
                                      guint32 interface);

static void
cns_tcp_l4_protocol_dispose (GObject *object)
{
  CnsTcpL4Protocol *self = CNS_TCP_L4_PROTOCOL (object);
  Tables *tables = g_steal_pointer (&self->tables);

  if (tables != NULL)
    {
      g_hash_table_unref (tables->connections);
      for (guint i = 0; i < tables->sockets->len; i++)
        cns_tcp_socket_detach (g_ptr_array_index (tables->sockets, i));
      cns_ipv4_end_point_demux_clear (&self->demux);
      g_ptr_array_unref (tables->sockets);
      g_free (tables);
    }
  G_OBJECT_CLASS (cns_tcp_l4_protocol_parent_class)->dispose (object);
}

/* Once the protocol shares an aggregate with a node and an IPv4 layer:
 * inserts itself into the layer. */
static void
tcp_notify_new_aggregate (CnsObject *object)
{
  CnsTcpL4Protocol *self = CNS_TCP_L4_PROTOCOL (object);
  CnsNode *node = cns_object_get (object, CNS_TYPE_NODE);
  CnsIpv4L3Protocol *ipv4 = cns_object_get (object, CNS_TYPE_IPV4_L3_PROTOCOL);

  CNS_OBJECT_CLASS (cns_tcp_l4_protocol_parent_class)
      ->notify_new_aggregate (object);
  if (node == NULL || ipv4 == NULL)
    return;
  if (cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self)) == NULL)
    cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, CNS_IPV4_L4_PROTOCOL (self));
}

static void
cns_tcp_l4_protocol_class_init (CnsTcpL4ProtocolClass *klass)
{
  CnsIpv4L4ProtocolClass *l4_class = CNS_IPV4_L4_PROTOCOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cns_tcp_l4_protocol_dispose;
  CNS_OBJECT_CLASS (klass)->notify_new_aggregate = tcp_notify_new_aggregate;
  l4_class->protocol_number = CNS_IP_PROTOCOL_TCP;
  l4_class->receive = tcp_receive;
}

static void
cns_tcp_l4_protocol_init (CnsTcpL4Protocol *self)
{
  cns_ipv4_end_point_demux_init (&self->demux);
}

/* The four-tuple of a connected end point. */
static guint
connection_hash (gconstpointer key)
{
  const CnsIpv4EndPoint *e = key;
  guint32 h = e->local_address.value * 0x9e3779b1u;

  h ^= e->peer_address.value + 0x7f4a7c15u + (h << 6) + (h >> 2);
  h ^= ((guint32) e->local_port << 16 | e->peer_port) + 0x7f4a7c15u + (h << 6)
       + (h >> 2);
  return h;
}

static gboolean
connection_equal (gconstpointer a, gconstpointer b)
{
  const CnsIpv4EndPoint *x = a, *y = b;

  return x->local_address.value == y->local_address.value
         && x->peer_address.value == y->peer_address.value
         && x->local_port == y->local_port && x->peer_port == y->peer_port;
}

/* Answers a segment that belongs to no connection with a reset (RFC 9293,
 * 3.10.7.1): an ACK's acknowledgment number becomes the reset's sequence
 * number; otherwise the reset acknowledges the whole segment. */
static void
tcp_send_reset_for (CnsTcpL4Protocol *self, const CnsTcpHeader *in,
                    guint32 payload_size, CnsIpv4Address source,
                    CnsIpv4Address destination)
{
  CnsTcpHeader rst;
  CnsPacket *packet = cns_packet_new (0);
  CnsIpv4Route route;

  if (in->flags & CNS_TCP_FLAG_ACK)
    cns_tcp_header_init (&rst, in->destination_port, in->source_port, in->ack,
                         0, CNS_TCP_FLAG_RST, 0);
  else
    {
      guint32 length = payload_size + ((in->flags & CNS_TCP_FLAG_SYN) ? 1 : 0)
                       + ((in->flags & CNS_TCP_FLAG_FIN) ? 1 : 0);

      cns_tcp_header_init (&rst, in->destination_port, in->source_port, 0,
                           in->sequence + length,
                           CNS_TCP_FLAG_RST | CNS_TCP_FLAG_ACK, 0);
    }
  if (!cns_tcp_l4_protocol_route (self, packet, source, &route))
    {
      cns_packet_unref (packet);
      return;
    }
  cns_tcp_l4_protocol_send (self, packet, &rst, destination, source, 0, &route);
}

static CnsIpv4L4RxStatus
tcp_receive (CnsIpv4L4Protocol *l4, CnsPacket *packet,
             const CnsIpv4Header *header, guint32 interface)
{
  /* a method of the class: the type is known, no checked cast */
  CnsTcpL4Protocol *self = (CnsTcpL4Protocol *) l4;
  CnsIpv4EndPoint key = { 0 };
  CnsIpv4EndPoint *found = NULL;
  CnsTcpHeader tcp;

  if (G_UNLIKELY (!cns_tcp_header_verify_checksum (packet, header->source,
                                                   header->destination)))
    {
      CNS_LOG_LOGIC ("dropping a segment with a bad checksum");
      return CNS_IPV4_L4_RX_CHECKSUM_ERROR;
    }
  if (G_UNLIKELY (cns_packet_remove_header (packet, &cns_tcp_header_class, &tcp)
                  == 0))
    {
      CNS_LOG_LOGIC ("dropping a malformed segment");
      return CNS_IPV4_L4_RX_CHECKSUM_ERROR;
    }
  key.local_address = header->destination;
  key.peer_address = header->source;
  key.local_port = tcp.destination_port;
  key.peer_port = tcp.source_port;
  if (self->tables != NULL)
    found = g_hash_table_lookup (self->tables->connections, &key);
  if (found == NULL
      && cns_ipv4_end_point_demux_lookup (&self->demux, header->destination,
                                          tcp.destination_port, header->source,
                                          tcp.source_port,
                                          cns_ipv4_address_any (), &found, 1)
             == 0)
    found = NULL;
  if (found == NULL)
    {
      CNS_LOG_LOGIC ("no socket for port %u", tcp.destination_port);
      if (!(tcp.flags & CNS_TCP_FLAG_RST))
        tcp_send_reset_for (self, &tcp, cns_packet_get_size (packet),
                            header->source, header->destination);
      return CNS_IPV4_L4_RX_OK;
    }
  cns_tcp_socket_receive (cns_tcp_socket_from_end_point (found), packet, &tcp,
                          header->source, header->destination);
  return CNS_IPV4_L4_RX_OK;
}

/**
 * cns_tcp_l4_protocol_new:
 *
 * Makes the protocol; aggregate it to a node that has an IPv4 layer to
 * install it.
 *
 * Returns: (transfer full): the protocol.
 */
CnsTcpL4Protocol *
cns_tcp_l4_protocol_new (void)
{
  return cns_object_new (CNS_TYPE_TCP_L4_PROTOCOL, NULL);
}

/* The node of the IPv4 layer the protocol was inserted into. */
CnsNode *
cns_tcp_l4_protocol_get_node (CnsTcpL4Protocol *self)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self));

  return ipv4 != NULL ? cns_ipv4_l3_protocol_get_node (ipv4) : NULL;
}

/**
 * cns_tcp_l4_protocol_create_socket:
 *
 * ns-3's TcpL4Protocol::CreateSocket, which the node's
 * CnsTcpSocketFactory calls: a new, unbound TCP socket on the protocol's
 * node, with the attribute defaults. The protocol keeps a reference until
 * the socket is closed. The protocol must have been installed on a node
 * with an IPv4 layer.
 *
 * Returns: (transfer full) (nullable): the socket, or %NULL.
 */
CnsSocket *
cns_tcp_l4_protocol_create_socket (CnsTcpL4Protocol *self)
{
  CnsNode *node;
  CnsTcpSocket *socket;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_TCP_L4_PROTOCOL),
                        NULL);
  node = cns_tcp_l4_protocol_get_node (self);
  g_return_val_if_fail (node != NULL, NULL);
  socket = cns_tcp_socket_new (self, node);
  cns_tcp_l4_protocol_add_socket (self, socket);
  return CNS_SOCKET (socket);
}

/* Keeps a reference to @socket until it is closed. */
void
cns_tcp_l4_protocol_add_socket (CnsTcpL4Protocol *self, CnsTcpSocket *socket)
{
  if (self->tables == NULL)
    {
      self->tables = g_new (Tables, 1);
      self->tables->connections
          = g_hash_table_new (connection_hash, connection_equal);
      self->tables->sockets = g_ptr_array_new_with_free_func (g_object_unref);
    }
  g_ptr_array_add (self->tables->sockets, g_object_ref (socket));
}

/* Drops the reference to a closed socket, which may be the last. */
void
cns_tcp_l4_protocol_remove_socket (CnsTcpL4Protocol *self, CnsTcpSocket *socket)
{
  if (self->tables != NULL)
    g_ptr_array_remove_fast (self->tables->sockets, socket);
}

/* Binds a socket's end point in the table of listening and bound
 * sockets. */
CnsSocketErrno
cns_tcp_l4_protocol_bind (CnsTcpL4Protocol *self, CnsIpv4EndPoint *end_point,
                          CnsIpv4Address address, guint16 port)
{
  return cns_ipv4_end_point_demux_bind (&self->demux, end_point, address, port);
}

void
cns_tcp_l4_protocol_unbind (CnsTcpL4Protocol *self, CnsIpv4EndPoint *end_point)
{
  cns_ipv4_end_point_demux_unbind (&self->demux, end_point);
}

/* Enters a connected end point (all four fields set) in the table of
 * connections; FALSE when another connection has the same four-tuple. */
gboolean
cns_tcp_l4_protocol_add_connection (CnsTcpL4Protocol *self,
                                    CnsIpv4EndPoint *end_point)
{
  /* the socket is one of ours, so the tables exist */
  if (g_hash_table_contains (self->tables->connections, end_point))
    return FALSE;
  g_hash_table_add (self->tables->connections, end_point);
  return TRUE;
}

void
cns_tcp_l4_protocol_remove_connection (CnsTcpL4Protocol *self,
                                       CnsIpv4EndPoint *end_point)
{
  if (self->tables != NULL
      && g_hash_table_lookup (self->tables->connections, end_point)
             == end_point)
    g_hash_table_remove (self->tables->connections, end_point);
}

/* A route to @destination for @packet, its source filled in by the
 * routing protocol; FALSE when there is none. */
gboolean
cns_tcp_l4_protocol_route (CnsTcpL4Protocol *self, CnsPacket *packet,
                           CnsIpv4Address destination, CnsIpv4Route *route)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_peek_ipv4 ((CnsIpv4L4Protocol *) self);

  return ipv4 != NULL
         && cns_ipv4_l3_protocol_route_output (ipv4, packet, destination,
                                               CNS_IP_PROTOCOL_TCP, route);
}

/* Whether @address is one of the node's. */
gboolean
cns_tcp_l4_protocol_is_local_address (CnsTcpL4Protocol *self,
                                      CnsIpv4Address address)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_peek_ipv4 ((CnsIpv4L4Protocol *) self);

  return ipv4 != NULL
         && cns_ipv4_l3_protocol_is_local_address (ipv4, address, FALSE);
}

/* Adds @header, with its checksum, to @packet (transfer full) and hands
 * the segment to the IPv4 layer on @route. */
void
cns_tcp_l4_protocol_send (CnsTcpL4Protocol *self, CnsPacket *packet,
                          CnsTcpHeader *header, CnsIpv4Address source,
                          CnsIpv4Address destination, guint8 ttl,
                          const CnsIpv4Route *route)
{
  packet = cns_packet_make_writable (packet);
  cns_tcp_header_prepare_checksum (header, source, destination, packet);
  cns_packet_add_header (packet, &cns_tcp_header_class, header);
  cns_ipv4_l3_protocol_send_datagram (
      cns_ipv4_l4_protocol_peek_ipv4 ((CnsIpv4L4Protocol *) self), packet,
      source, destination, CNS_IP_PROTOCOL_TCP, ttl, 0, route);
}
