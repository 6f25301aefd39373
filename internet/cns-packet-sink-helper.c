/* cns — installing packet sinks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's PacketSinkHelper: a CnsApplicationHelper for CnsPacketSink whose
 * constructor takes the protocol and the local address to receive on.
 */
#include "internet/cns-packet-sink-helper.h"

#include "internet/cns-packet-sink.h"
#include "internet/cns-socket-factory.h"

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
  CnsApplicationHelper *self;
  g_auto (GValue) v = G_VALUE_INIT;

  g_return_val_if_fail (protocol == G_TYPE_INVALID
                            || g_type_is_a (protocol, CNS_TYPE_SOCKET_FACTORY),
                        NULL);
  g_return_val_if_fail (local != NULL, NULL);
  self = g_object_new (CNS_TYPE_PACKET_SINK_HELPER, "application-type",
                       CNS_TYPE_PACKET_SINK, NULL);
  g_value_init (&v, CNS_TYPE_INET_SOCKET_ADDRESS);
  g_value_set_boxed (&v, local);
  cns_application_helper_set_attribute_value (self, "Local", &v, NULL);
  if (protocol != G_TYPE_INVALID)
    {
      g_value_unset (&v);
      g_value_init (&v, G_TYPE_GTYPE);
      g_value_set_gtype (&v, protocol);
      cns_application_helper_set_attribute_value (self, "Protocol", &v, NULL);
    }
  return CNS_PACKET_SINK_HELPER (self);
}
