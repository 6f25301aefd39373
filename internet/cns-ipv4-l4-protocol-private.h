/* cns — what transport protocols of the internet module read of their base
 * class on their per-packet paths.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l4-protocol.h"

G_BEGIN_DECLS

/* GLib rounds the class's share of the private area up to 16 bytes:
 * @next costs nothing. */
typedef struct
{
  CnsIpv4L3Protocol *ipv4; /* not referenced: the layer holds us */
  /* the layer's list of its transport protocols runs through them, in
   * the order inserted: the protocol after this one */
  CnsIpv4L4Protocol *next;
} CnsIpv4L4ProtocolPrivate;

/* Where the private struct lies in an instance, fixed when the class is
 * made. */
G_GNUC_INTERNAL extern gint cns_ipv4_l4_protocol_private_offset;

/* The state of @self, which must be a transport protocol: no type check. */
static inline CnsIpv4L4ProtocolPrivate *
cns_ipv4_l4_protocol_peek_private (CnsIpv4L4Protocol *self)
{
  return G_STRUCT_MEMBER_P (self, cns_ipv4_l4_protocol_private_offset);
}

/* cns_ipv4_l4_protocol_get_ipv4() without its type check. */
static inline CnsIpv4L3Protocol *
cns_ipv4_l4_protocol_peek_ipv4 (CnsIpv4L4Protocol *self)
{
  return cns_ipv4_l4_protocol_peek_private (self)->ipv4;
}

G_END_DECLS
