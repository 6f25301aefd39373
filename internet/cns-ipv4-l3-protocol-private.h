/* cns — what routing and transport protocols of the internet module use of
 * the IPv4 layer on their per-packet paths, without the checks of the
 * public API (their callers hold pointers already validated).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-interface-private.h"
#include "internet/cns-ipv4-l3-protocol.h"

G_BEGIN_DECLS

/* The device of @interface, or %NULL when there is no such interface;
 * cns_ipv4_l3_protocol_get_net_device() without its checks. */
G_GNUC_INTERNAL CnsNetDevice *
cns_ipv4_l3_protocol_peek_device (CnsIpv4L3Protocol *self, guint32 interface);

/* What answers route requests for the routing protocol (see its
 * get_delegate), or %NULL when there is none. */
G_GNUC_INTERNAL CnsIpv4RoutingProtocol *
cns_ipv4_l3_protocol_peek_routing (CnsIpv4L3Protocol *self);

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

/* cns_ipv4_l3_protocol_send() without its checks. */
G_GNUC_INTERNAL void cns_ipv4_l3_protocol_send_datagram (
    CnsIpv4L3Protocol *self, CnsPacket *packet, CnsIpv4Address source,
    CnsIpv4Address destination, guint8 protocol, guint8 ttl, guint8 tos,
    const CnsIpv4Route *route);

G_END_DECLS
