/* cns — peers as ns-3's applications name them in their log lines.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * "At time +2.00369s server received 1024 bytes from 10.1.1.1 port
 * 49153": the endpoint of such a line, for the applications of this
 * module. Kept apart from network's CnsApplication, which knows no
 * address family.
 */
#include "applications/cns-application-endpoint.h"

/**
 * cns_application_format_endpoint:
 * @address: an address, usually an inet socket address
 * @buf: (out caller-allocates): where to write
 *
 * Writes @address as ns-3's applications log a peer: "10.1.1.2 port 9"
 * for an inet socket address, other addresses in their generic text
 * form (cut to fit).
 */
void
cns_application_format_endpoint (
    const CnsAddress *address, gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE])
{
  CnsInetSocketAddress inet;

  g_return_if_fail (address != NULL);
  g_return_if_fail (buf != NULL);
  if (cns_inet_socket_address_from_address (address, &inet))
    cns_application_format_inet_endpoint (&inet, buf);
  else
    {
      g_autofree gchar *text = cns_address_to_string (address);

      g_strlcpy (buf, text, CNS_APPLICATION_ENDPOINT_STRING_SIZE);
    }
}

/**
 * cns_application_format_inet_endpoint:
 * @address: an inet socket address
 * @buf: (out caller-allocates): where to write
 *
 * Writes @address as ns-3's applications log a peer: "10.1.1.2 port 9".
 */
void
cns_application_format_inet_endpoint (
    const CnsInetSocketAddress *address,
    gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE])
{
  gchar ip[CNS_IPV4_ADDRESS_STRING_SIZE];

  g_return_if_fail (address != NULL);
  g_return_if_fail (buf != NULL);
  cns_ipv4_address_format (address->address, ip);
  g_snprintf (buf, CNS_APPLICATION_ENDPOINT_STRING_SIZE, "%s port %u", ip,
              address->port);
}
