/* cns — what routing protocols of the internet module read of the IPv4
 * layer on their per-packet paths.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l3-protocol.h"

G_BEGIN_DECLS

/* The device of @interface, or %NULL when there is no such interface;
 * cns_ipv4_l3_protocol_get_net_device() without its checks. */
G_GNUC_INTERNAL CnsNetDevice *
cns_ipv4_l3_protocol_peek_device (CnsIpv4L3Protocol *self, guint32 interface);

G_END_DECLS
