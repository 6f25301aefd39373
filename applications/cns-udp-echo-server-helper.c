/* cns — installing UDP echo servers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpEchoServerHelper: a CnsApplicationHelper for CnsUdpEchoServer
 * whose constructor takes the port.
 */
#include "applications/cns-udp-echo-server-helper.h"

#include "applications/cns-udp-echo-server.h"

struct _CnsUdpEchoServerHelper
{
  CnsApplicationHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsUdpEchoServerHelper, cns_udp_echo_server_helper,
                     CNS_TYPE_APPLICATION_HELPER)

static void
cns_udp_echo_server_helper_class_init (CnsUdpEchoServerHelperClass *klass)
{
}

static void
cns_udp_echo_server_helper_init (CnsUdpEchoServerHelper *self)
{
}

/**
 * cns_udp_echo_server_helper_new:
 * @port: the port the servers receive on
 *
 * Returns: (transfer full): a helper installing echo servers.
 */
CnsUdpEchoServerHelper *
cns_udp_echo_server_helper_new (guint16 port)
{
  CnsApplicationHelper *self;
  g_auto (GValue) v = G_VALUE_INIT;

  self = g_object_new (CNS_TYPE_UDP_ECHO_SERVER_HELPER, "application-type",
                       CNS_TYPE_UDP_ECHO_SERVER, NULL);
  g_value_init (&v, G_TYPE_UINT);
  g_value_set_uint (&v, port);
  cns_application_helper_set_attribute_value (self, "Port", &v, NULL);
  return CNS_UDP_ECHO_SERVER_HELPER (self);
}
