/* cns — the table of bound transport end points of a node's protocol.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

/* ns-3's (and IANA's) dynamic port range. */
#define CNS_IPV4_EPHEMERAL_PORT_FIRST 49152
#define CNS_IPV4_EPHEMERAL_PORT_LAST  65535

typedef struct _CnsIpv4EndPoint CnsIpv4EndPoint;

/**
 * CnsIpv4EndPoint:
 * @local_address: the address bound to, or 0.0.0.0 for any
 * @peer_address: the connected peer, or 0.0.0.0 when not connected
 * @local_port: the port bound to; 0 while not bound
 * @peer_port: the connected peer's port, or 0
 * @next: the next end point of the table, in the order of binding
 *
 * ns-3's Ipv4EndPoint without callbacks nor owner: it is embedded in
 * what binds it (a socket), which the protocol that owns the
 * demultiplexer finds from it and calls directly. Zero-initialise it.
 */
struct _CnsIpv4EndPoint
{
  CnsIpv4Address local_address;
  CnsIpv4Address peer_address;
  guint16 local_port;
  guint16 peer_port;
  guint16 next_port; /* @next's local port, 0 without one */
  CnsIpv4EndPoint *next;
};

/**
 * CnsIpv4EndPointDemux:
 *
 * The end points of one transport protocol on one node, in one list in
 * the order of binding: two words; the end points are their owners'.
 */
typedef struct
{
  /* every end point, by port, those of one port in the order of binding */
  CnsIpv4EndPoint *first;
  guint16 ephemeral; /* the last ephemeral port handed out */
} CnsIpv4EndPointDemux;

/* Internal to the module's transport protocols, but exported (though not
 * installed) so that the tests can reach the table directly. */
void cns_ipv4_end_point_demux_init (CnsIpv4EndPointDemux *demux);
void cns_ipv4_end_point_demux_clear (CnsIpv4EndPointDemux *demux);
CnsSocketErrno cns_ipv4_end_point_demux_bind (CnsIpv4EndPointDemux *demux,
                                              CnsIpv4EndPoint *end_point,
                                              CnsIpv4Address address,
                                              guint16 port);
void cns_ipv4_end_point_demux_unbind (CnsIpv4EndPointDemux *demux,
                                      CnsIpv4EndPoint *end_point);
void cns_ipv4_end_point_set_peer (CnsIpv4EndPoint *end_point,
                                  CnsIpv4Address address, guint16 port);
guint cns_ipv4_end_point_demux_lookup (
    CnsIpv4EndPointDemux *demux, CnsIpv4Address destination,
    guint16 destination_port, CnsIpv4Address source, guint16 source_port,
    CnsIpv4Address broadcast_owner, CnsIpv4EndPoint **out, guint max_out);

G_END_DECLS
