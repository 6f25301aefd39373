/* cns — the datagrams an IPv4 layer is reassembling from fragments.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/* The largest payload a datagram can carry: its total length is 16 bits. */
#define CNS_IPV4_MAX_PAYLOAD (G_MAXUINT16 - CNS_IPV4_HEADER_SIZE)

typedef struct _CnsIpv4Reassembler CnsIpv4Reassembler;

/* The fragments of a datagram waited for longer than the timeout: @header
 * is the header of the fragment at offset 0 if it came (@have_first),
 * else of the first to arrive, whose packet @first is; both stay the
 * reassembler's. */
typedef void (*CnsIpv4ReassemblyExpiredFn) (gpointer user_data,
                                            const CnsIpv4Header *header,
                                            CnsPacket *first,
                                            gboolean have_first,
                                            guint32 interface);

G_GNUC_INTERNAL CnsIpv4Reassembler *
cns_ipv4_reassembler_new (CnsTime timeout, CnsIpv4ReassemblyExpiredFn expired,
                          gpointer user_data);
/* Drops every datagram in flight, cancelling its timeout. */
G_GNUC_INTERNAL void cns_ipv4_reassembler_free (CnsIpv4Reassembler *self);
G_GNUC_INTERNAL CnsTime
cns_ipv4_reassembler_get_timeout (const CnsIpv4Reassembler *self);
G_GNUC_INTERNAL void cns_ipv4_reassembler_set_timeout (CnsIpv4Reassembler *self,
                                                       CnsTime timeout);

/* Takes fragment @packet (transfer full) of @header's datagram, received
 * on @interface. Returns the whole datagram, with @header changed to
 * describe it, once every fragment has arrived; else %NULL, with @reason
 * 0 when the fragment is kept, or the reason to drop it (MALFORMED,
 * DUPLICATE), @packet then still the caller's. */
G_GNUC_INTERNAL CnsPacket *cns_ipv4_reassembler_add (CnsIpv4Reassembler *self,
                                                     CnsPacket *packet,
                                                     CnsIpv4Header *header,
                                                     guint32 interface,
                                                     CnsIpv4DropReason *reason);

G_END_DECLS
