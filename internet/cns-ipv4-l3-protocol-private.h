/* cns — the IPv4 layer inside the internet module: its instance, shared
 * by its two files (forwarding in cns-ipv4-l3-protocol.c, interfaces and
 * addresses in cns-ipv4-l3-protocol-interfaces.c), and what routing and
 * transport protocols use of it on their per-packet paths, without the
 * checks of the public API (their callers hold pointers already
 * validated).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-prefetch.h"
#include "core/cns-trace-source.h"
#include "internet/cns-ipv4-interface-private.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "internet/cns-ipv4-reassembler-private.h"

G_BEGIN_DECLS

/* What few layers need, behind one pointer of the instance. */
typedef struct
{
  /* once a fragment arrives or FragmentExpirationTimeout is set */
  CnsIpv4Reassembler *reassembler;
  /* the local addresses, once the node has more interfaces than the scan
   * and own_filter serve (a router of thousands of links) */
  GHashTable *local_addresses;
  /* the neighbour resolver of each interface, by index, referenced; NULL
   * until one is set */
  GPtrArray *resolvers;
} CnsIpv4L3Rare;

struct _CnsIpv4L3Protocol
{
  CnsObject parent_instance;

  CnsIpv4RoutingProtocol *routing;
  /* what answers for @routing (its static routing, when it is a list of
   * one), asked per packet without reading @routing; NULL with it */
  CnsIpv4RoutingProtocol *routing_delegate;
  /* interface 0 is the loopback, whose node is the layer's own */
  CnsIpv4Interface *interfaces;
  CnsIpv4L4Protocol *protocols; /* the first; referenced, as are the rest */
  CnsIpv4L3Rare *rare;          /* NULL until one of its fields is needed */
  CnsTraceTable traces;
  /* small fields */
  guint16 own_filter; /* l3_address_bit() of every address and broadcast */
  guint16 n_interfaces;
  guint16 identification;
  guint8 default_ttl;
  guint8 ip_forward;
};

/* Passes @fn the interface array for the layer's node, once it has one
 * (see cns-prefetch.c): every datagram reads it. */
static inline void
cns_ipv4_l3_protocol_hint_interfaces (CnsIpv4L3Protocol *self, guint32 context,
                                      CnsPrefetchHintFn fn)
{
  fn (context, self->interfaces,
      self->n_interfaces * sizeof (CnsIpv4Interface));
}

/* The interface of @device, the node's device @ifindex, or -1. Interfaces
 * are usually added in the order of their devices, loopback first, so the
 * interface of the same index is tried before the others are scanned: a
 * map from devices to interfaces would cost every node an allocation. */
static inline gint32
cns_ipv4_l3_protocol_find_interface (CnsIpv4L3Protocol *self,
                                     CnsNetDevice *device, guint32 ifindex)
{
  if (G_LIKELY (ifindex < self->n_interfaces
                && self->interfaces[ifindex].device == device))
    return (gint32) ifindex;
  for (guint32 i = 0; i < self->n_interfaces; i++)
    if (self->interfaces[i].device == device)
      return (gint32) i;
  return -1;
}

/* Whether @interface exists; a critical naming @function when it does
 * not, for the public functions that take an interface index. */
G_GNUC_INTERNAL gboolean cns_ipv4_l3_protocol_check_interface (
    CnsIpv4L3Protocol *self, guint32 interface, const gchar *function);

/* The rare fields, made on first use. */
G_GNUC_INTERNAL CnsIpv4L3Rare *
cns_ipv4_l3_protocol_get_rare (CnsIpv4L3Protocol *self);

/* Recomputes own_filter (and the local address set) after the addresses
 * changed; after adding @added (nullable: a removal), in O(1) once the
 * node has the set. */
G_GNUC_INTERNAL void
cns_ipv4_l3_protocol_update_own_filter (CnsIpv4L3Protocol *self,
                                        const CnsIpv4InterfaceAddress *added);

/* Has every layer hear of the link changes of its interfaces' devices;
 * called once, by the class. */
G_GNUC_INTERNAL void cns_ipv4_l3_protocol_watch_links (void);

/* Adds interface 0: the loopback device of @node, 127.0.0.1/8, up. */
G_GNUC_INTERNAL void cns_ipv4_l3_protocol_add_loopback (CnsIpv4L3Protocol *self,
                                                        CnsNode *node);

/* Releases every interface, its addresses (which other nodes may then
 * take) and its device. */
G_GNUC_INTERNAL void
cns_ipv4_l3_protocol_clear_interfaces (CnsIpv4L3Protocol *self);

/* Whether @address may be added to @interface, which may be the next one
 * to be added (cns_ipv4_l3_protocol_get_n_interfaces()): no interface of
 * any node in the simulation has it yet, or it is a loopback address and
 * @interface does not have it. Else sets @error
 * (%CNS_INTERNET_ERROR_ADDRESS_IN_USE), naming the address and the node
 * and interface that have it. */
G_GNUC_INTERNAL gboolean cns_ipv4_l3_protocol_check_address_free (
    CnsIpv4L3Protocol *self, guint32 interface, CnsIpv4Address address,
    GError **error);

/* The device of @interface, or %NULL when there is no such interface;
 * cns_ipv4_l3_protocol_get_net_device() without its checks. */
G_GNUC_INTERNAL CnsNetDevice *
cns_ipv4_l3_protocol_peek_device (CnsIpv4L3Protocol *self, guint32 interface);

/* A route to @destination for @packet, from the routing protocol's
 * route_output as the layer calls it (a transport's per-packet lookup,
 * without the public API's checks); FALSE when there is none. The route
 * has the source address the protocol chose. */
G_GNUC_INTERNAL gboolean cns_ipv4_l3_protocol_route_output (
    CnsIpv4L3Protocol *self, CnsPacket *packet, CnsIpv4Address destination,
    guint8 protocol, CnsIpv4Route *route);

/* Whether @address is one of the node's (@or_broadcast: or the broadcast
 * address of one of its subnets), for what sockets may bind. */
G_GNUC_INTERNAL gboolean cns_ipv4_l3_protocol_is_local_address (
    CnsIpv4L3Protocol *self, CnsIpv4Address address, gboolean or_broadcast);

/* Asks the routing protocol again for its delegate. */
G_GNUC_INTERNAL void
cns_ipv4_l3_protocol_update_routing_delegate (CnsIpv4L3Protocol *self);

/* @interface's state, or %NULL when there is no such interface. */
G_GNUC_INTERNAL const CnsIpv4Interface *
cns_ipv4_l3_protocol_peek_interface (CnsIpv4L3Protocol *self,
                                     guint32 interface);

/* cns_ipv4_l3_protocol_select_source_address() for the device of
 * @interface, known by its index: no lookup of the device. */
G_GNUC_INTERNAL CnsIpv4Address cns_ipv4_l3_protocol_select_interface_source (
    CnsIpv4L3Protocol *self, guint32 interface, CnsIpv4Address destination);

/* cns_ipv4_l3_protocol_send() without its checks, for UDP's per-datagram
 * send. With UDP reading the interface addresses through
 * cns_ipv4_l3_protocol_peek_interface() and its layer through
 * cns_ipv4_l4_protocol_peek_ipv4() too, the checked calls cost 30 M of
 * 769 M instructions on bench-ring --n=1000 --time=2 (callgrind). */
G_GNUC_INTERNAL void cns_ipv4_l3_protocol_send_datagram (
    CnsIpv4L3Protocol *self, CnsPacket *packet, CnsIpv4Address source,
    CnsIpv4Address destination, guint8 protocol, guint8 ttl, guint8 tos,
    const CnsIpv4Route *route);

G_END_DECLS
