/* cns — installing packet sinks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application-helper.h"
#include "internet/cns-ipv4-address.h"

G_BEGIN_DECLS

#define CNS_TYPE_PACKET_SINK_HELPER (cns_packet_sink_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsPacketSinkHelper, cns_packet_sink_helper, CNS,
                      PACKET_SINK_HELPER, CnsApplicationHelper)

CnsPacketSinkHelper *
cns_packet_sink_helper_new (GType protocol, const CnsInetSocketAddress *local);

G_END_DECLS
