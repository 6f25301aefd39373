/* cns — the packet tag with the time a datagram left its source.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/* Internal to the module, but exported (though not installed) so that
 * the tests can reach it. */
void cns_send_time_tag_register (void);
void cns_send_time_tag_set (CnsPacket *packet, CnsTime sent);
gboolean cns_send_time_tag_peek (const CnsPacket *packet, CnsTime *sent);

G_END_DECLS
