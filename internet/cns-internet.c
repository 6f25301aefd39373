/* cns — start-up of the internet module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), after the network
 * module's: registers the internet module's GTypes (so that they can be
 * named in strings before any exists), its header classes and its
 * attribute text forms.
 */
#include "internet/cns-internet.h"

#include "internet/cns-internet-private.h"

void
cns_internet_init (void)
{
  cns_ipv4_address_install ();
  cns_header_class_register (&cns_udp_header_class);
  cns_header_class_register (&cns_tcp_header_class);
  g_type_ensure (CNS_TYPE_SOCKET);
  g_type_ensure (CNS_TYPE_SOCKET_FACTORY);
  g_type_ensure (CNS_TYPE_UDP_L4_PROTOCOL);
  g_type_ensure (CNS_TYPE_UDP_SOCKET);
  g_type_ensure (CNS_TYPE_UDP_SOCKET_FACTORY);
  g_type_ensure (CNS_TYPE_TCP_L4_PROTOCOL);
  g_type_ensure (CNS_TYPE_TCP_SOCKET);
  g_type_ensure (CNS_TYPE_TCP_SOCKET_FACTORY);
  cns_header_class_register (&cns_ipv4_header_class);
  cns_header_class_register (&cns_icmpv4_header_class);
  cns_header_class_register (&cns_icmpv4_echo_class);
  cns_header_class_register (&cns_icmpv4_error_class);
  g_type_ensure (CNS_TYPE_IPV4_DROP_REASON);
  g_type_ensure (CNS_TYPE_IPV4_L3_PROTOCOL);
  g_type_ensure (CNS_TYPE_IPV4_STATIC_ROUTING);
  g_type_ensure (CNS_TYPE_IPV4_LIST_ROUTING);
  g_type_ensure (CNS_TYPE_ICMPV4_L4_PROTOCOL);
  g_type_ensure (CNS_TYPE_LOOPBACK_NET_DEVICE);
  g_type_ensure (CNS_TYPE_APPLICATION);
  /* the one helper with an attribute of its own, for the attribute list */
  g_type_ensure (CNS_TYPE_APPLICATION_HELPER);
  g_type_ensure (CNS_TYPE_ON_OFF_APPLICATION);
  g_type_ensure (CNS_TYPE_PACKET_SINK);
  g_type_ensure (CNS_TYPE_BULK_SEND_APPLICATION);
  g_type_ensure (CNS_TYPE_UDP_ECHO_CLIENT);
  g_type_ensure (CNS_TYPE_UDP_ECHO_SERVER);
  g_type_ensure (CNS_TYPE_FLOW_MONITOR);
}
