/* cns — installing UDP echo clients.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UdpEchoClientHelper: a CnsApplicationHelper for CnsUdpEchoClient
 * whose constructor takes the server's address and port, as in ns-3's
 * first.cc: UdpEchoClientHelper echoClient (interfaces.GetAddress (1), 9).
 */
#include "applications/cns-udp-echo-client-helper.h"

#include "applications/cns-udp-echo-client.h"

struct _CnsUdpEchoClientHelper
{
  CnsApplicationHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsUdpEchoClientHelper, cns_udp_echo_client_helper,
                     CNS_TYPE_APPLICATION_HELPER)

static void
cns_udp_echo_client_helper_class_init (CnsUdpEchoClientHelperClass *klass)
{
}

static void
cns_udp_echo_client_helper_init (CnsUdpEchoClientHelper *self)
{
}

/**
 * cns_udp_echo_client_helper_new: (skip)
 * @address: the server's address
 * @port: the server's port
 *
 * Returns: (transfer full): a helper installing echo clients.
 */
CnsUdpEchoClientHelper *
cns_udp_echo_client_helper_new (CnsIpv4Address address, guint16 port)
{
  CnsInetSocketAddress remote = cns_inet_socket_address_init (address, port);
  CnsApplicationHelper *self;
  g_auto (GValue) v = G_VALUE_INIT;

  self = g_object_new (CNS_TYPE_UDP_ECHO_CLIENT_HELPER, "application-type",
                       CNS_TYPE_UDP_ECHO_CLIENT, NULL);
  g_value_init (&v, CNS_TYPE_INET_SOCKET_ADDRESS);
  g_value_set_boxed (&v, &remote);
  cns_application_helper_set_attribute_value (self, "Remote", &v, NULL);
  return CNS_UDP_ECHO_CLIENT_HELPER (self);
}

/* clang-format off */
/**
 * cns_udp_echo_client_helper_new_for_address: (rename-to cns_udp_echo_client_helper_new) (constructor)
 * @address: the server's address
 * @port: the server's port
 *
 * cns_udp_echo_client_helper_new() for bindings, which cannot pass a
 * structure by value.
 *
 * Returns: (transfer full): a helper installing echo clients.
 */
/* clang-format on */
CnsUdpEchoClientHelper *
cns_udp_echo_client_helper_new_for_address (const CnsIpv4Address *address,
                                            guint16 port)
{
  g_return_val_if_fail (address != NULL, NULL);
  return cns_udp_echo_client_helper_new (*address, port);
}
