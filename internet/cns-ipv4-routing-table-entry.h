/* cns — one entry of an IPv4 routing table.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"

G_BEGIN_DECLS

/**
 * CnsIpv4RoutingTableEntry:
 * @destination: the destination network (a host for a /32 mask)
 * @mask: its mask; 0.0.0.0 for the default route
 * @gateway: the next hop, or 0.0.0.0 when the destination is on the link
 * @interface: the IPv4 interface to send on
 * @metric: the route's metric; among routes of the longest matching
 *   prefix the lowest wins
 *
 * ns-3's Ipv4RoutingTableEntry (with the metric ns-3 keeps beside it),
 * passed by value.
 */
typedef struct
{
  CnsIpv4Address destination;
  CnsIpv4Mask mask;
  CnsIpv4Address gateway;
  guint32 interface;
  guint32 metric;
} CnsIpv4RoutingTableEntry;

/* Whether @entry is a route to one host (a /32). */
static inline gboolean
cns_ipv4_routing_table_entry_is_host (const CnsIpv4RoutingTableEntry *entry)
{
  return entry->mask.value == 0xffffffffu;
}

/* Whether @entry goes through a gateway. */
static inline gboolean
cns_ipv4_routing_table_entry_is_gateway (const CnsIpv4RoutingTableEntry *entry)
{
  return entry->gateway.value != 0;
}

/* Whether @entry is the default route, 0.0.0.0/0. */
static inline gboolean
cns_ipv4_routing_table_entry_is_default (const CnsIpv4RoutingTableEntry *entry)
{
  return entry->mask.value == 0;
}

G_END_DECLS
