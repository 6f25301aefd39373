/* cns — what transport protocols of the internet module read of their base
 * class on their per-packet paths.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l4-protocol.h"

G_BEGIN_DECLS

/* cns_ipv4_l4_protocol_get_ipv4() without its type check. */
G_GNUC_INTERNAL CnsIpv4L3Protocol *
cns_ipv4_l4_protocol_peek_ipv4 (CnsIpv4L4Protocol *self);

G_END_DECLS
