/* cns — start-up of the applications module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Registers the applications' GTypes at load, so that they can be named
 * in strings (attribute defaults, config paths, the object factory)
 * before a program has used them.
 */
#include "applications/cns-applications.h"

#include "applications/cns-applications-private.h"

void
cns_applications_init (void)
{
  g_type_ensure (CNS_TYPE_SOURCE_APPLICATION);
  g_type_ensure (CNS_TYPE_ON_OFF_APPLICATION);
  g_type_ensure (CNS_TYPE_PACKET_SINK);
  g_type_ensure (CNS_TYPE_BULK_SEND_APPLICATION);
  g_type_ensure (CNS_TYPE_UDP_ECHO_CLIENT);
  g_type_ensure (CNS_TYPE_UDP_ECHO_SERVER);
}
