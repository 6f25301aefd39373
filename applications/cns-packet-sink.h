/* cns — a receiver that counts what arrives.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "applications/cns-source-application.h"

G_BEGIN_DECLS

#define CNS_TYPE_PACKET_SINK (cns_packet_sink_get_type ())
G_DECLARE_FINAL_TYPE (CnsPacketSink, cns_packet_sink, CNS, PACKET_SINK,
                      CnsSourceApplication)

CnsPacketSink *cns_packet_sink_new (void);
void cns_packet_sink_set_local (CnsPacketSink *self,
                                const CnsInetSocketAddress *local);
guint64 cns_packet_sink_get_total_rx (CnsPacketSink *self);
guint64 cns_packet_sink_get_total_packets (CnsPacketSink *self);
CnsSocket *cns_packet_sink_get_listening_socket (CnsPacketSink *self);
guint cns_packet_sink_get_n_accepted_sockets (CnsPacketSink *self);
CnsSocket *cns_packet_sink_get_accepted_socket (CnsPacketSink *self,
                                                guint index);

G_END_DECLS
