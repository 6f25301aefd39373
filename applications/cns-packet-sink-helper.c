/* cns — installing packet sinks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's PacketSinkHelper: a CnsApplicationHelper for CnsPacketSink whose
 * constructor takes the protocol and the local address to receive on.
 */
#include "applications/cns-packet-sink-helper.h"

#include "applications/cns-packet-sink.h"

struct _CnsPacketSinkHelper
{
  CnsApplicationHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsPacketSinkHelper, cns_packet_sink_helper,
                     CNS_TYPE_APPLICATION_HELPER)

static void
cns_packet_sink_helper_class_init (CnsPacketSinkHelperClass *klass)
{
}

static void
cns_packet_sink_helper_init (CnsPacketSinkHelper *self)
{
}

/**
 * cns_packet_sink_helper_new:
 * @protocol: the socket factory type of the transport, or
 *   %G_TYPE_INVALID for the default, UDP
 * @local: the address and port the sinks receive on ("0.0.0.0:9" for any
 *   address of their node)
 *
 * Returns: (transfer full): a helper installing packet sinks.
 */
CnsPacketSinkHelper *
cns_packet_sink_helper_new (GType protocol, const CnsInetSocketAddress *local)
{
  return CNS_PACKET_SINK_HELPER (cns_application_helper_new_with_socket (
      CNS_TYPE_PACKET_SINK_HELPER, CNS_TYPE_PACKET_SINK, protocol, "Local",
      local));
}
