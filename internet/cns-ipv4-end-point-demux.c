/* cns — the table of bound transport end points of a node's protocol.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4EndPointDemux. An end point is what a socket binds: a local
 * address (or any) and port, and, once connected, a peer address and port.
 * A received datagram goes to the most specific end point that matches it
 * (connected to its sender, then bound to its destination address, then
 * bound to any address), as in BSD's in_pcblookup; a broadcast goes to
 * every end point that matches, as broadcasts do in real stacks.
 *
 * End points are chained in one list, by port, and in the order of binding
 * among those of one port (ns-3 keeps them in the order of binding): a node
 * has a few, so walking them costs less than hashing the port, and a table
 * per node would cost more memory than the end points themselves. Each end
 * point notes the port of the next, so a lookup stops at the last end
 * point of its port without reading the one after, which belongs to
 * another socket: in a large simulation, another cache miss. The end
 * points are embedded in their owners (sockets), so binding allocates
 * nothing, nor does a lookup. Ephemeral ports count up through 49152-65535
 * from the last one handed out and wrap, as ns-3 and BSD do, so the first
 * is 49153.
 *
 * Binding follows ns-3: an address and port may be bound once, but 0.0.0.0
 * and a specific address are different bindings of the same port; the
 * more specific one then receives what is sent to its address.
 */
#include "internet/cns-ipv4-end-point-demux-private.h"

#include <string.h>

/**
 * cns_ipv4_end_point_demux_init:
 * @demux: (out caller-allocates): the table, in its owner's struct
 *
 * Makes an empty table.
 */
void
cns_ipv4_end_point_demux_init (CnsIpv4EndPointDemux *demux)
{
  demux->first = NULL;
  demux->ephemeral = CNS_IPV4_EPHEMERAL_PORT_FIRST;
}

/**
 * cns_ipv4_end_point_demux_clear:
 *
 * Unbinds every end point, leaving an empty table.
 */
void
cns_ipv4_end_point_demux_clear (CnsIpv4EndPointDemux *demux)
{
  CnsIpv4EndPoint *end_point = demux->first;

  while (end_point != NULL)
    {
      CnsIpv4EndPoint *next = end_point->next;

      memset (end_point, 0, sizeof *end_point);
      end_point = next;
    }
  demux->first = NULL;
}

/* The first end point bound to @port, or %NULL. */
static inline CnsIpv4EndPoint *
first_on_port (CnsIpv4EndPointDemux *demux, guint16 port)
{
  CnsIpv4EndPoint *e = demux->first;

  while (e != NULL && e->local_port < port)
    e = e->next;
  return e != NULL && e->local_port == port ? e : NULL;
}

/* The end point after @e bound to the same port, or %NULL. */
static inline CnsIpv4EndPoint *
next_on_same_port (const CnsIpv4EndPoint *e)
{
  return e->next_port == e->local_port ? e->next : NULL;
}

/* Counts up from the last ephemeral port to the next one nothing is bound
 * to, wrapping at the end of the range; 0 when all are taken. */
static guint16
allocate_ephemeral_port (CnsIpv4EndPointDemux *demux)
{
  guint16 port = demux->ephemeral;

  for (guint tries = 0;
       tries <= CNS_IPV4_EPHEMERAL_PORT_LAST - CNS_IPV4_EPHEMERAL_PORT_FIRST;
       tries++)
    {
      if (port < CNS_IPV4_EPHEMERAL_PORT_FIRST
          || port >= CNS_IPV4_EPHEMERAL_PORT_LAST)
        port = CNS_IPV4_EPHEMERAL_PORT_FIRST;
      else
        port++;
      if (first_on_port (demux, port) == NULL)
        {
          demux->ephemeral = port;
          return port;
        }
    }
  return 0;
}

/**
 * cns_ipv4_end_point_demux_bind:
 * @end_point: (out caller-allocates): an unbound end point, in its
 *   owner; it stays in the table until unbound
 * @address: the local address, or 0.0.0.0 for any
 * @port: the local port, or 0 for the next free ephemeral port
 *
 * Binds @end_point, unconnected.
 *
 * Returns: %CNS_SOCKET_ERROR_NOTERROR on success, the socket errno of
 * the failure otherwise: %CNS_SOCKET_ERROR_ADDRINUSE when @address and
 * @port are bound already, %CNS_SOCKET_ERROR_ADDRNOTAVAIL when no
 * ephemeral port is free (as Linux answers).
 */
CnsSocketErrno
cns_ipv4_end_point_demux_bind (CnsIpv4EndPointDemux *demux,
                               CnsIpv4EndPoint *end_point,
                               CnsIpv4Address address, guint16 port)
{
  CnsIpv4EndPoint **link = &demux->first;
  CnsIpv4EndPoint *previous = NULL;

  g_return_val_if_fail (end_point->local_port == 0, CNS_SOCKET_ERROR_INVAL);

  if (port == 0)
    {
      port = allocate_ephemeral_port (demux);
      if (port == 0)
        return CNS_SOCKET_ERROR_ADDRNOTAVAIL;
    }
  for (CnsIpv4EndPoint *e = first_on_port (demux, port); e != NULL;
       e = next_on_same_port (e))
    {
      if (cns_ipv4_address_equal (e->local_address, address))
        return CNS_SOCKET_ERROR_ADDRINUSE;
    }

  /* after those of its port, so that broadcasts reach the end points of a
   * port in the order of binding */
  while (*link != NULL && (*link)->local_port <= port)
    {
      previous = *link;
      link = &previous->next;
    }
  *end_point = (CnsIpv4EndPoint){
    .local_address = address,
    .local_port = port,
    .next_port = *link != NULL ? (*link)->local_port : 0,
    .next = *link,
  };
  *link = end_point;
  if (previous != NULL)
    previous->next_port = port;
  return CNS_SOCKET_ERROR_NOTERROR;
}

/**
 * cns_ipv4_end_point_demux_unbind:
 * @end_point: a bound end point of @demux
 *
 * Takes @end_point out of the table, leaving it unbound (zeroed).
 */
void
cns_ipv4_end_point_demux_unbind (CnsIpv4EndPointDemux *demux,
                                 CnsIpv4EndPoint *end_point)
{
  CnsIpv4EndPoint **link = &demux->first;
  CnsIpv4EndPoint *previous = NULL;

  while (*link != NULL && *link != end_point)
    {
      previous = *link;
      link = &previous->next;
    }
  g_return_if_fail (*link == end_point);
  *link = end_point->next;
  if (previous != NULL)
    previous->next_port = end_point->next_port;
  memset (end_point, 0, sizeof *end_point);
}

/**
 * cns_ipv4_end_point_set_peer:
 * @address: the peer's address
 * @port: the peer's port
 *
 * Connects @end_point: from now on it matches only datagrams from
 * @address and @port, and ranks above unconnected end points.
 */
void
cns_ipv4_end_point_set_peer (CnsIpv4EndPoint *end_point, CnsIpv4Address address,
                             guint16 port)
{
  end_point->peer_address = address;
  end_point->peer_port = port;
}

/**
 * cns_ipv4_end_point_demux_lookup:
 * @destination: the datagram's destination address
 * @destination_port: its destination port
 * @source: its source address
 * @source_port: its source port
 * @broadcast_owner: 0.0.0.0 for a unicast datagram; for a broadcast, the
 *   address of the receiving interface it was sent to (or the broadcast
 *   address itself when that interface has none)
 * @out: (out caller-allocates) (array length=max_out): the end points found
 * @max_out: the room in @out
 *
 * Finds the end points a datagram goes to. An end point matches when it
 * is bound to @destination_port, to @destination or any address, and is
 * either unconnected or connected to @source and @source_port. A unicast
 * goes to the most specific match only: connected and bound to the
 * address, then connected, then bound to the address, then bound to any.
 * A broadcast goes to every end point bound to any address, to the
 * broadcast address or to @broadcast_owner whose peer matches. Allocates
 * nothing.
 *
 * Returns: how many end points the datagram goes to; the first @max_out
 * of them are in @out, in the order they were bound. When it returns more
 * than @max_out, call again with room for all.
 */
guint
cns_ipv4_end_point_demux_lookup (CnsIpv4EndPointDemux *demux,
                                 CnsIpv4Address destination,
                                 guint16 destination_port,
                                 CnsIpv4Address source, guint16 source_port,
                                 CnsIpv4Address broadcast_owner,
                                 CnsIpv4EndPoint **out, guint max_out)
{
  gboolean broadcast = !cns_ipv4_address_is_any (broadcast_owner);
  guint best = 0;
  guint n = 0;

  for (CnsIpv4EndPoint *e = first_on_port (demux, destination_port); e != NULL;
       e = next_on_same_port (e))
    {
      gboolean local_any = cns_ipv4_address_is_any (e->local_address);
      gboolean local_exact
          = cns_ipv4_address_equal (e->local_address, destination);
      gboolean connected
          = e->peer_port != 0 || !cns_ipv4_address_is_any (e->peer_address);
      guint rank;

      if (connected
          && (e->peer_port != source_port
              || !cns_ipv4_address_equal (e->peer_address, source)))
        continue;
      if (broadcast)
        {
          if (!local_any && !local_exact
              && !cns_ipv4_address_equal (e->local_address, broadcast_owner))
            continue;
          rank = 1;
        }
      else
        {
          if (!local_any && !local_exact)
            continue;
          rank = 1 + (local_exact ? 1 : 0) + (connected ? 2 : 0);
        }
      if (rank > best)
        {
          best = rank;
          n = 0;
        }
      if (rank == best)
        {
          if (n < max_out)
            out[n] = e;
          n++;
        }
    }
  return n;
}
