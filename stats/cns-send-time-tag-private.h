/* cns — the packet tag with the time a datagram left its source.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_send_time_tag_register (void);
G_GNUC_INTERNAL void cns_send_time_tag_set (CnsPacket *packet, CnsTime sent);
G_GNUC_INTERNAL gboolean cns_send_time_tag_peek (const CnsPacket *packet,
                                                 CnsTime *sent);

G_END_DECLS
