/* cns — UDP sockets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpSocketImpl: a datagram socket over CnsUdpL4Protocol. Binding
 * takes an end point in the protocol's table (any address and an
 * ephemeral port when none is given, or when the socket first sends);
 * connecting sets the default peer for cns_socket_send(), and, unlike
 * ns-3 but like BSD and Linux, also makes the socket hear only that peer,
 * so that the table's "connected beats bound" rule means something. A
 * socket connected to a broadcast address keeps hearing everyone, since
 * replies to a broadcast come from unicast addresses.
 *
 * Sending picks the source address as ns-3 does: the address the socket
 * is bound to, or else the one the node's routing protocol puts in the
 * route it chooses (route_output). A limited broadcast (255.255.255.255),
 * allowed only after cns_socket_set_allow_broadcast(), goes out once on
 * every interface but the loopback, from that interface's address, as in
 * ns-3.
 *
 * A datagram the socket refuses to send (over 65,507 bytes, no route, a
 * broadcast not allowed, the socket closed or shut down) is fired at the
 * TxDrop trace source, and the call returns -1 with the errno saying why.
 *
 * Received datagrams wait in a ring with their senders' addresses until
 * the application takes them; past RcvBufSize bytes they are dropped and
 * fired at the Drop trace source. Everything for receiving (the ring, a
 * RcvBufSize other than the default, the ICMP callback) sits behind one
 * pointer that is allocated when first needed, with room for one datagram
 * so that a ring is allocated only when two have to wait, while the end point
 * the socket binds is part of the socket itself: a socket that only sends is
 * seven words beyond CnsSocket and allocates nothing more (the base keeps the
 * application's callbacks the same way). Sending and receiving a datagram
 * allocate nothing beyond the packet (the ring grows by doubling and stays),
 * and do no string work.
 *
 * Lifetime: the protocol holds a reference to each socket it made until
 * the socket is closed, as ns-3's UdpL4Protocol does, so an application
 * may drop its own; a socket keeps a plain pointer to the protocol, which
 * clears it (cns_udp_socket_detach()) when it goes away first. A closed
 * socket stays closed: every further call fails with BADF.
 */
#include "internet/cns-udp-socket.h"

#include "core/cns-log.h"
#include "core/cns-prefetch.h"
#include "core/cns-trace-source.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "internet/cns-ipv4-l4-protocol-private.h"
#include "internet/cns-inet-socket-private.h"
#include "internet/cns-udp-private.h"
#include "network/cns-queue.h"

CNS_LOG_COMPONENT_DEFINE ("cns-udp-socket");

#define DEFAULT_RCV_BUF_SIZE 131072
#define DEFAULT_IP_TTL       0
#define MIN_RING             4 /* a power of two, as the ring stays */

enum
{
  PROP_0,
  PROP_RCV_BUF_SIZE,
  PROP_IP_TTL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

typedef struct
{
  CnsPacket *packet;
  CnsInetSocketAddress from;
} Datagram;

/* What only a receiving socket needs (and the port of a broadcast peer,
 * which the end point cannot hold: it hears everyone). The ring starts as the
 * one slot inside, which is all an application that reads as soon as it is told
 * ever uses; it moves to the heap when a second datagram has to wait. */
typedef struct
{
  Datagram *ring;   /* &one, or a block of the heap */
  guint32 capacity; /* a power of two, so that indices wrap with a mask */
  guint32 head;
  guint32 count;
  guint32 rx_available; /* bytes in the ring */
  guint32 rcv_buf_size;
  guint16 broadcast_port; /* the peer's, when connected to a broadcast */
  CnsUdpSocketIcmpFn icmp;
  gpointer icmp_data;
  Datagram one;
} Receiver;

struct _CnsUdpSocket
{
  CnsSocket parent_instance;

  CnsUdpL4Protocol *udp;     /* not referenced: it holds us */
  CnsIpv4EndPoint end_point; /* in the protocol's table while bound; its
                              * peer is the socket's, unless a broadcast */
  Receiver *rx;              /* NULL until needed */
  CnsTraceTable traces;      /* Drop and TxDrop, behind one pointer */
  guint8 flags;              /* below */
  guint8 ip_ttl;             /* 0: the IPv4 layer's DefaultTtl */
};

/* The socket's flags. */
enum
{
  UDP_CONNECTED = 1 << 0,
  UDP_PEER_BROADCAST = 1 << 1, /* connected to 255.255.255.255 */
  UDP_ALLOW_BROADCAST = 1 << 2,
  UDP_SHUTDOWN_SEND = 1 << 3,
  UDP_SHUTDOWN_RECV = 1 << 4,
  UDP_CLOSED = 1 << 5,
};

/* The sources of the socket's trace table. */
enum
{
  TRACE_DROP,
  TRACE_TX_DROP,
  N_TRACES
};

G_DEFINE_FINAL_TYPE (CnsUdpSocket, cns_udp_socket, CNS_TYPE_SOCKET)

static void cns_udp_socket_set_property (GObject *object, guint prop_id,
                                         const GValue *value,
                                         GParamSpec *pspec);
static void cns_udp_socket_get_property (GObject *object, guint prop_id,
                                         GValue *value, GParamSpec *pspec);
static gboolean udp_socket_bind (CnsSocket *socket, const CnsAddress *address);
static gboolean udp_socket_connect (CnsSocket *socket,
                                    const CnsAddress *address);
static gint udp_socket_close (CnsSocket *socket);
static gint udp_socket_shutdown_send (CnsSocket *socket);
static gint udp_socket_shutdown_recv (CnsSocket *socket);
static gint udp_socket_send (CnsSocket *socket, CnsPacket *packet,
                             guint32 flags);
static gint udp_socket_send_to (CnsSocket *socket, CnsPacket *packet,
                                guint32 flags, const CnsAddress *to);
static CnsPacket *udp_socket_recv (CnsSocket *socket, guint32 max_size,
                                   guint32 flags);
static CnsPacket *udp_socket_recv_from (CnsSocket *socket, guint32 max_size,
                                        guint32 flags, CnsAddress *from);
static guint32 udp_socket_get_tx_available (CnsSocket *socket);
static guint32 udp_socket_get_rx_available (CnsSocket *socket);
static gboolean udp_socket_get_sock_name (CnsSocket *socket, CnsAddress *out);
static gboolean udp_socket_get_peer_name (CnsSocket *socket, CnsAddress *out);
static gboolean udp_socket_set_allow_broadcast (CnsSocket *socket,
                                                gboolean allow);

/* Whether all of @flags are set. */
static inline gboolean
udp_socket_has (CnsUdpSocket *self, guint8 flags)
{
  return (self->flags & flags) == flags;
}

static inline void
udp_socket_set_flags (CnsUdpSocket *self, guint8 flags, gboolean on)
{
  self->flags = on ? self->flags | flags : self->flags & ~flags;
}

/* Whether the socket's end point is in the protocol's table: a bound
 * end point has a port. */
static inline gboolean
udp_socket_is_bound (CnsUdpSocket *self)
{
  return self->end_point.local_port != 0;
}

static void
cns_udp_socket_dispose (GObject *object)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (object);

  /* still bound only when disposed explicitly (cns_object_dispose()) */
  if (udp_socket_is_bound (self) && self->udp != NULL)
    cns_udp_l4_protocol_unbind (self->udp, &self->end_point);
  udp_socket_set_flags (self, UDP_CLOSED, TRUE);
  G_OBJECT_CLASS (cns_udp_socket_parent_class)->dispose (object);
}

static void
cns_udp_socket_finalize (GObject *object)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (object);

  if (self->rx != NULL)
    {
      for (guint32 i = 0; i < self->rx->count; i++)
        cns_packet_unref (
            self->rx->ring[(self->rx->head + i) & (self->rx->capacity - 1)]
                .packet);
      if (self->rx->ring != &self->rx->one)
        g_free (self->rx->ring);
      g_free (self->rx);
    }
  G_OBJECT_CLASS (cns_udp_socket_parent_class)->finalize (object);
}

static void
cns_udp_socket_class_init (CnsUdpSocketClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsSocketClass *socket_class = CNS_SOCKET_CLASS (klass);

  object_class->dispose = cns_udp_socket_dispose;
  object_class->finalize = cns_udp_socket_finalize;
  object_class->set_property = cns_udp_socket_set_property;
  object_class->get_property = cns_udp_socket_get_property;

  socket_class->bind = udp_socket_bind;
  socket_class->connect = udp_socket_connect;
  socket_class->close = udp_socket_close;
  socket_class->shutdown_send = udp_socket_shutdown_send;
  socket_class->shutdown_recv = udp_socket_shutdown_recv;
  socket_class->send = udp_socket_send;
  socket_class->send_to = udp_socket_send_to;
  socket_class->recv = udp_socket_recv;
  socket_class->recv_from = udp_socket_recv_from;
  socket_class->get_tx_available = udp_socket_get_tx_available;
  socket_class->get_rx_available = udp_socket_get_rx_available;
  socket_class->get_sock_name = udp_socket_get_sock_name;
  socket_class->get_peer_name = udp_socket_get_peer_name;
  socket_class->set_allow_broadcast = udp_socket_set_allow_broadcast;
  cns_inet_socket_class_init (socket_class);

  properties[PROP_RCV_BUF_SIZE] = g_param_spec_uint (
      "rcv-buf-size", "Receive buffer size",
      "How many bytes of received datagrams the socket holds until the "
      "application reads them; datagrams that do not fit are dropped "
      "(Drop trace source)",
      0, G_MAXUINT32, DEFAULT_RCV_BUF_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_IP_TTL] = g_param_spec_uint (
      "ip-ttl", "IP TTL",
      "The TTL of the unicast datagrams the socket sends; 0 uses the IPv4 "
      "layer's DefaultTtl",
      0, 255, DEFAULT_IP_TTL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_trace_source_install_in_table (
      G_TYPE_FROM_CLASS (klass), "Drop",
      "A received datagram was dropped because the receive buffer "
      "(RcvBufSize) was full",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (CnsUdpSocket, traces), TRACE_DROP,
      N_TRACES);
  cns_trace_source_install_in_table (
      G_TYPE_FROM_CLASS (klass), "TxDrop",
      "A datagram given to send was not sent: larger than 65507 bytes, no "
      "route, a broadcast not allowed, or the socket closed or shut down "
      "(the socket's errno says which)",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (CnsUdpSocket, traces), TRACE_TX_DROP,
      N_TRACES);
}

static void
cns_udp_socket_init (CnsUdpSocket *self)
{
}

/* The receiving side, made on first use, and read with every datagram
 * then: hinted for prefetching with the socket (see cns-prefetch.c). */
static Receiver *
udp_socket_receiver (CnsUdpSocket *self)
{
  if (self->rx == NULL)
    {
      CnsNode *node = cns_socket_get_node (CNS_SOCKET (self));

      self->rx = g_new0 (Receiver, 1);
      self->rx->ring = &self->rx->one;
      self->rx->capacity = 1;
      self->rx->rcv_buf_size = DEFAULT_RCV_BUF_SIZE;
      if (node != NULL)
        cns_prefetch_hint_add (cns_node_get_id (node), self->rx,
                               sizeof (Receiver));
    }
  return self->rx;
}

static guint32
udp_socket_get_rcv_buf_size (CnsUdpSocket *self)
{
  return self->rx != NULL ? self->rx->rcv_buf_size : DEFAULT_RCV_BUF_SIZE;
}

/* For messages about an open socket, whose node is there. */
static guint32
udp_socket_node_id (CnsUdpSocket *self)
{
  return cns_node_get_id (cns_socket_get_node (CNS_SOCKET (self)));
}

/* Fails a call on a closed socket, or one whose protocol is gone. */
static gboolean
udp_socket_check_open (CnsUdpSocket *self)
{
  if (G_LIKELY (!udp_socket_has (self, UDP_CLOSED) && self->udp != NULL))
    return TRUE;
  cns_socket_set_errno (CNS_SOCKET (self), CNS_SOCKET_ERROR_BADF);
  return FALSE;
}

/* Whether @address is one of the node's, or a broadcast or multicast
 * address it may receive on. */
static gboolean
udp_socket_is_local_address (CnsUdpSocket *self, CnsIpv4Address address)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_peek_ipv4 ((CnsIpv4L4Protocol *) self->udp);

  if (cns_ipv4_address_is_broadcast (address)
      || cns_ipv4_address_is_multicast (address))
    return TRUE;
  return ipv4 != NULL
         && cns_ipv4_l3_protocol_is_local_address (ipv4, address, TRUE);
}

static gboolean
udp_socket_do_bind (CnsUdpSocket *self, CnsIpv4Address address, guint16 port)
{
  CnsSocketErrno error
      = cns_udp_l4_protocol_bind (self->udp, &self->end_point, address, port);

  if (error == CNS_SOCKET_ERROR_NOTERROR)
    return TRUE;
  cns_socket_set_errno (CNS_SOCKET (self), error);
  return FALSE;
}

static gboolean
udp_socket_bind (CnsSocket *socket, const CnsAddress *address)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);
  CnsInetSocketAddress local = { { 0 }, 0 };

  if (!udp_socket_check_open (self)
      || !cns_socket_read_inet_address (socket, address, CNS_SOCKET_ERROR_INVAL,
                                        &local))
    return FALSE;
  if (udp_socket_is_bound (self))
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_INVAL);
      return FALSE;
    }
  if (!cns_ipv4_address_is_any (local.address)
      && !udp_socket_is_local_address (self, local.address))
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_ADDRNOTAVAIL);
      return FALSE;
    }
  return udp_socket_do_bind (self, local.address, local.port);
}

static gboolean
udp_socket_connect (CnsSocket *socket, const CnsAddress *address)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);
  CnsInetSocketAddress peer;

  if (!udp_socket_check_open (self))
    return FALSE;
  /* the public call refuses a NULL address */
  if (!cns_socket_read_inet_address (socket, address,
                                     CNS_SOCKET_ERROR_AFNOSUPPORT, &peer)
      || (!udp_socket_is_bound (self)
          && !udp_socket_do_bind (self, cns_ipv4_address_any (), 0)))
    {
      cns_socket_notify_connection_failed (socket);
      return FALSE;
    }
  udp_socket_set_flags (self, UDP_CONNECTED, TRUE);
  udp_socket_set_flags (self, UDP_PEER_BROADCAST,
                        cns_ipv4_address_is_broadcast (peer.address));
  if (cns_ipv4_address_is_broadcast (peer.address))
    {
      cns_ipv4_end_point_set_peer (&self->end_point, cns_ipv4_address_any (),
                                   0);
      udp_socket_receiver (self)->broadcast_port = peer.port;
    }
  else
    cns_ipv4_end_point_set_peer (&self->end_point, peer.address, peer.port);
  cns_socket_notify_connection_succeeded (socket);
  return TRUE;
}

/* Closes the socket's side: no protocol, the end point out of its table
 * (by whoever calls this). */
static void
udp_socket_mark_closed (CnsUdpSocket *self)
{
  self->udp = NULL;
  udp_socket_set_flags (
      self, UDP_CLOSED | UDP_SHUTDOWN_SEND | UDP_SHUTDOWN_RECV, TRUE);
}

/**
 * cns_udp_socket_detach:
 *
 * For the protocol, when it goes away (with its node) before the socket:
 * forgets the protocol (which then clears its table of end points) and
 * the node, leaving the socket closed.
 */
void
cns_udp_socket_detach (CnsUdpSocket *self)
{
  udp_socket_mark_closed (self);
  cns_socket_set_node (CNS_SOCKET (self), NULL);
}

static gint
udp_socket_close (CnsSocket *socket)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);
  CnsUdpL4Protocol *udp = self->udp;

  if (!udp_socket_check_open (self))
    return -1;
  if (udp_socket_is_bound (self))
    cns_udp_l4_protocol_unbind (udp, &self->end_point);
  cns_prefetch_hint_remove_object (udp_socket_node_id (self), self);
  cns_prefetch_hint_remove (udp_socket_node_id (self), self->rx,
                            sizeof (Receiver));
  udp_socket_mark_closed (self);
  /* may drop the last reference: nothing touches the socket after it */
  cns_udp_l4_protocol_remove_socket (udp, self);
  return 0;
}

static gint
udp_socket_shutdown_send (CnsSocket *socket)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);

  if (!udp_socket_check_open (self))
    return -1;
  udp_socket_set_flags (self, UDP_SHUTDOWN_SEND, TRUE);
  return 0;
}

static gint
udp_socket_shutdown_recv (CnsSocket *socket)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);

  if (!udp_socket_check_open (self))
    return -1;
  udp_socket_set_flags (self, UDP_SHUTDOWN_RECV, TRUE);
  return 0;
}

/* Whether @destination is the directed broadcast of an address of the
 * interface @route goes out on. */
static gboolean
udp_socket_is_directed_broadcast (CnsIpv4L3Protocol *ipv4,
                                  const CnsIpv4Route *route,
                                  CnsIpv4Address destination)
{
  /* per packet: read the interface in place, without the API's checks */
  const CnsIpv4Interface *iface
      = cns_ipv4_l3_protocol_peek_interface (ipv4, route->interface);

  for (guint32 i = 0; iface != NULL && i < iface->n_addresses; i++)
    {
      const CnsIpv4InterfaceAddress *a = &iface->addresses[i];

      if (cns_ipv4_mask_get_prefix_length (a->mask) < 31
          && cns_ipv4_address_equal (a->broadcast, destination))
        return TRUE;
    }
  return FALSE;
}

/* A copy of @packet out of every interface but the loopback, from the
 * interface's first address (ns-3's limited broadcast): the IPv4 layer
 * sends a limited broadcast out of the interfaces that hold its source. */
static void
udp_socket_send_limited_broadcast (CnsUdpSocket *self, CnsIpv4L3Protocol *ipv4,
                                   CnsPacket *packet, guint16 port)
{
  guint32 n_interfaces = cns_ipv4_l3_protocol_get_n_interfaces (ipv4);

  for (guint32 i = 0; i < n_interfaces; i++)
    {
      CnsIpv4Address source;

      if (cns_ipv4_l3_protocol_get_n_addresses (ipv4, i) == 0)
        continue;
      source = cns_ipv4_l3_protocol_get_address (ipv4, i, 0).local;
      if (cns_ipv4_address_is_loopback (source))
        continue;
      cns_udp_l4_protocol_send (self->udp, cns_packet_copy (packet), source,
                                cns_ipv4_address_broadcast (),
                                self->end_point.local_port, port, 0, NULL);
    }
  cns_packet_unref (packet);
}

/* Refuses to send @packet (transfer full): sets the errno, fires TxDrop
 * and returns what the send call returns. */
static gint
udp_socket_refuse (CnsUdpSocket *self, CnsPacket *packet, CnsSocketErrno error)
{
  CNS_LOG_LOGIC ("not sending %u bytes: %s", cns_packet_get_size (packet),
                 cns_socket_errno_to_string (error));
  cns_socket_set_errno ((CnsSocket *) self, error);
  CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_TX_DROP, CnsPacketTraceFn, self,
                        packet);
  cns_packet_unref (packet);
  return -1;
}

/* Sends @packet (transfer full) to @destination:@port. */
static gint
udp_socket_do_send_to (CnsUdpSocket *self, CnsPacket *packet,
                       CnsIpv4Address destination, guint16 port)
{
  /* per packet: a UDP socket is a socket, no checked cast */
  CnsSocket *socket = (CnsSocket *) self;
  gboolean allow_broadcast = (self->flags & UDP_ALLOW_BROADCAST) != 0;
  CnsIpv4L3Protocol *ipv4;
  CnsIpv4Route route;
  guint32 size = cns_packet_get_size (packet);

  if (G_UNLIKELY ((self->flags & UDP_CLOSED) || self->udp == NULL))
    return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_BADF);
  if (G_UNLIKELY (self->flags & UDP_SHUTDOWN_SEND))
    return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_SHUTDOWN);
  /* what a datagram's 16-bit length leaves room for: IPv4 fragments
   * datagrams up to it, never beyond */
  if (G_UNLIKELY (size > CNS_UDP_MAX_PAYLOAD_SIZE))
    return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_MSGSIZE);
  if (G_UNLIKELY (cns_ipv4_address_is_broadcast (destination)
                  && !allow_broadcast))
    return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_OPNOTSUPP);
  if (G_UNLIKELY (!udp_socket_is_bound (self))
      && !udp_socket_do_bind (self, cns_ipv4_address_any (), 0))
    return udp_socket_refuse (self, packet, cns_socket_get_errno (socket));
  ipv4 = cns_ipv4_l4_protocol_peek_ipv4 ((CnsIpv4L4Protocol *) self->udp);
  if (G_UNLIKELY (ipv4 == NULL))
    return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_NOROUTETOHOST);

  if (G_UNLIKELY (cns_ipv4_address_is_broadcast (destination)))
    udp_socket_send_limited_broadcast (self, ipv4, packet, port);
  else
    {
      if (!cns_ipv4_l3_protocol_route_output (ipv4, packet, destination,
                                              CNS_IP_PROTOCOL_UDP, &route))
        return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_NOROUTETOHOST);
      if (G_UNLIKELY (
              !allow_broadcast
              && udp_socket_is_directed_broadcast (ipv4, &route, destination)))
        return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_OPNOTSUPP);
      if (!cns_ipv4_address_is_any (self->end_point.local_address))
        route.source = self->end_point.local_address;
      CNS_LOG_LOGIC ("%u bytes from port %u to port %u", size,
                     self->end_point.local_port, port);
      cns_udp_l4_protocol_send (self->udp, packet, route.source, destination,
                                self->end_point.local_port, port, self->ip_ttl,
                                &route);
    }
  cns_socket_notify_data_sent (socket, size);
  cns_socket_notify_send (socket, CNS_UDP_MAX_PAYLOAD_SIZE);
  return (gint) size;
}

static gint
udp_socket_send (CnsSocket *socket, CnsPacket *packet, guint32 flags)
{
  /* a method of the class: the type is known, no checked cast */
  CnsUdpSocket *self = (CnsUdpSocket *) socket;
  guint8 state = self->flags;

  if (G_UNLIKELY (!(state & (UDP_CONNECTED | UDP_CLOSED))))
    return udp_socket_refuse (self, packet, CNS_SOCKET_ERROR_NOTCONN);
  if (G_UNLIKELY (state & UDP_PEER_BROADCAST))
    return udp_socket_do_send_to (self, packet, cns_ipv4_address_broadcast (),
                                  self->rx->broadcast_port);
  return udp_socket_do_send_to (self, packet, self->end_point.peer_address,
                                self->end_point.peer_port);
}

static gint
udp_socket_send_to (CnsSocket *socket, CnsPacket *packet, guint32 flags,
                    const CnsAddress *to)
{
  CnsInetSocketAddress destination;

  if (G_UNLIKELY (!cns_inet_socket_address_from_address (to, &destination)))
    return udp_socket_refuse ((CnsUdpSocket *) socket, packet,
                              CNS_SOCKET_ERROR_AFNOSUPPORT);
  return udp_socket_do_send_to ((CnsUdpSocket *) socket, packet,
                                destination.address, destination.port);
}

/**
 * cns_udp_socket_from_end_point:
 * @end_point: the end point of a UDP socket, bound
 *
 * For the protocol: the socket a datagram matching @end_point goes to.
 *
 * Returns: (transfer none): the socket.
 */
CnsUdpSocket *
cns_udp_socket_from_end_point (CnsIpv4EndPoint *end_point)
{
  return (CnsUdpSocket *) ((guint8 *) end_point
                           - G_STRUCT_OFFSET (CnsUdpSocket, end_point));
}

/**
 * cns_udp_socket_forward_up:
 * @packet: the payload, without the UDP header (transfer none: the socket
 *   takes its own reference)
 * @source: the sender's address
 * @source_port: the sender's port
 *
 * For the protocol: a datagram arrived for the socket. It is queued and
 * the receive callback called, or, when the receive buffer is full,
 * dropped and fired at the Drop trace source. The callback is the last
 * thing done, since it may close the socket and drop its last reference.
 */
void
cns_udp_socket_forward_up (CnsUdpSocket *self, CnsPacket *packet,
                           CnsIpv4Address source, guint16 source_port)
{
  Receiver *rx;
  guint32 size = cns_packet_get_size (packet);
  Datagram *slot;

  if (G_UNLIKELY (udp_socket_has (self, UDP_SHUTDOWN_RECV)))
    return;
  rx = udp_socket_receiver (self);
  if (G_UNLIKELY (rx->rx_available + (guint64) size > rx->rcv_buf_size))
    {
      CNS_LOG_LOGIC ("receive buffer full: dropping %u bytes", size);
      CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_DROP, CnsPacketTraceFn, self,
                            packet);
      return;
    }
  if (G_UNLIKELY (rx->count == rx->capacity))
    {
      guint32 capacity = MAX (MIN_RING, rx->capacity * 2);
      Datagram *ring = g_new (Datagram, capacity);

      for (guint32 i = 0; i < rx->count; i++)
        ring[i] = rx->ring[(rx->head + i) & (rx->capacity - 1)];
      if (rx->ring != &rx->one)
        g_free (rx->ring);
      rx->ring = ring;
      rx->capacity = capacity;
      rx->head = 0;
    }
  slot = &rx->ring[(rx->head + rx->count) & (rx->capacity - 1)];
  slot->packet = cns_packet_ref (packet);
  slot->from = cns_inet_socket_address_init (source, source_port);
  rx->count++;
  rx->rx_available += size;
  cns_socket_notify_data_recv ((CnsSocket *) self);
}

/**
 * cns_udp_socket_forward_icmp:
 *
 * For the protocol: an ICMP error came back about a datagram the socket
 * sent; calls the ICMP callback, if one is set.
 */
void
cns_udp_socket_forward_icmp (CnsUdpSocket *self, CnsIpv4Address icmp_source,
                             guint8 icmp_ttl, guint8 icmp_type,
                             guint8 icmp_code, guint32 icmp_info)
{
  if (self->rx != NULL && self->rx->icmp != NULL)
    self->rx->icmp (self, icmp_source, icmp_ttl, icmp_type, icmp_code,
                    icmp_info, self->rx->icmp_data);
}

/* Takes the first datagram waiting in @rx, of at most @max_size bytes.
 * Kept out of udp_socket_recv_from(), so that the read that finds nothing,
 * which ends every application's reading, saves no registers. */
static G_GNUC_NO_INLINE CnsPacket *
udp_socket_take (CnsSocket *socket, Receiver *rx, guint32 max_size,
                 CnsAddress *from)
{
  Datagram *first = &rx->ring[rx->head];
  guint32 size = cns_packet_get_size (first->packet);

  if (size > max_size)
    {
      /* as in ns-3, a datagram too big for the caller stays queued */
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_MSGSIZE);
      return NULL;
    }
  if (from != NULL)
    cns_inet_socket_address_to_address (&first->from, from);
  rx->head = (rx->head + 1) & (rx->capacity - 1);
  rx->count--;
  rx->rx_available -= size;
  return first->packet;
}

static CnsPacket *
udp_socket_recv_from (CnsSocket *socket, guint32 max_size, guint32 flags,
                      CnsAddress *from)
{
  CnsUdpSocket *self = (CnsUdpSocket *) socket;
  Receiver *rx = self->rx;

  if (rx != NULL && rx->count != 0)
    return udp_socket_take (socket, rx, max_size, from);
  cns_socket_set_errno (socket, udp_socket_has (self, UDP_CLOSED)
                                    ? CNS_SOCKET_ERROR_BADF
                                    : CNS_SOCKET_ERROR_AGAIN);
  return NULL;
}

static CnsPacket *
udp_socket_recv (CnsSocket *socket, guint32 max_size, guint32 flags)
{
  return udp_socket_recv_from (socket, max_size, flags, NULL);
}

static guint32
udp_socket_get_tx_available (CnsSocket *socket)
{
  return CNS_UDP_MAX_PAYLOAD_SIZE;
}

static guint32
udp_socket_get_rx_available (CnsSocket *socket)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);

  return self->rx != NULL ? self->rx->rx_available : 0;
}

static gboolean
udp_socket_get_sock_name (CnsSocket *socket, CnsAddress *out)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);
  CnsInetSocketAddress local;

  if (!udp_socket_is_bound (self))
    return FALSE;
  local = cns_inet_socket_address_init (self->end_point.local_address,
                                        self->end_point.local_port);
  cns_inet_socket_address_to_address (&local, out);
  return TRUE;
}

static gboolean
udp_socket_get_peer_name (CnsSocket *socket, CnsAddress *out)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (socket);
  CnsInetSocketAddress peer;

  if (!udp_socket_has (self, UDP_CONNECTED)
      || udp_socket_has (self, UDP_CLOSED))
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_NOTCONN);
      return FALSE;
    }
  if (udp_socket_has (self, UDP_PEER_BROADCAST))
    peer = cns_inet_socket_address_init (cns_ipv4_address_broadcast (),
                                         self->rx->broadcast_port);
  else
    peer = cns_inet_socket_address_init (self->end_point.peer_address,
                                         self->end_point.peer_port);
  cns_inet_socket_address_to_address (&peer, out);
  return TRUE;
}

static gboolean
udp_socket_set_allow_broadcast (CnsSocket *socket, gboolean allow)
{
  udp_socket_set_flags (CNS_UDP_SOCKET (socket), UDP_ALLOW_BROADCAST, allow);
  return TRUE;
}

/**
 * cns_udp_socket_new:
 * @udp: the protocol that makes the socket and holds it
 * @node: the protocol's node
 *
 * For the protocol: a new, unbound socket.
 *
 * Returns: (transfer full): the socket.
 */
CnsUdpSocket *
cns_udp_socket_new (CnsUdpL4Protocol *udp, CnsNode *node)
{
  CnsUdpSocket *self = cns_object_new (CNS_TYPE_UDP_SOCKET, NULL);

  self->udp = udp;
  cns_socket_set_node (CNS_SOCKET (self), node);
  return self;
}

/**
 * cns_udp_socket_set_icmp_callback: (skip)
 * @fn: (nullable): the function, or %NULL to stop being called
 *
 * Sets the function called when an ICMP error (port unreachable, TTL
 * exceeded, ...) comes back about a datagram the socket sent, as ns-3's
 * IcmpCallback attribute does.
 */
void
cns_udp_socket_set_icmp_callback (CnsUdpSocket *self, CnsUdpSocketIcmpFn fn,
                                  gpointer user_data)
{
  Receiver *rx;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_UDP_SOCKET));
  if (fn == NULL && self->rx == NULL)
    return;
  rx = udp_socket_receiver (self);
  rx->icmp = fn;
  rx->icmp_data = user_data;
}

static void
cns_udp_socket_set_property (GObject *object, guint prop_id,
                             const GValue *value, GParamSpec *pspec)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (object);

  switch (prop_id)
    {
    case PROP_RCV_BUF_SIZE:
      if (g_value_get_uint (value) != udp_socket_get_rcv_buf_size (self))
        udp_socket_receiver (self)->rcv_buf_size = g_value_get_uint (value);
      break;
    case PROP_IP_TTL:
      self->ip_ttl = (guint8) g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_udp_socket_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec)
{
  CnsUdpSocket *self = CNS_UDP_SOCKET (object);

  switch (prop_id)
    {
    case PROP_RCV_BUF_SIZE:
      g_value_set_uint (value, udp_socket_get_rcv_buf_size (self));
      break;
    case PROP_IP_TTL:
      g_value_set_uint (value, self->ip_ttl);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
