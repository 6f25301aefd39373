/* cns — what the module's sockets (UDP, TCP) share over network's
 * CnsSocket.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The socket base in network/ knows no address family: the errors of a
 * failed bind, connect or listen come out in the words and the error
 * domain its subclass gives. Here are those of the inet sockets: an inet
 * socket address reads "10.1.1.2:9", another address its raw form marked
 * as not inet, and the errno picks a CNS_INTERNET_ERROR code.
 */
#include "internet/cns-inet-socket-private.h"

#include "internet/cns-internet-error.h"

gboolean
cns_socket_read_inet_address (CnsSocket *self, const CnsAddress *address,
                              CnsSocketErrno errno_if_not,
                              CnsInetSocketAddress *out)
{
  if (address == NULL)
    {
      *out = cns_inet_socket_address_init (cns_ipv4_address_any (), 0);
      return TRUE;
    }
  if (cns_inet_socket_address_from_address (address, out))
    return TRUE;
  cns_socket_set_errno (self, errno_if_not);
  return FALSE;
}

static gchar *
inet_socket_address_to_string (CnsSocket *self, const CnsAddress *address)
{
  CnsInetSocketAddress inet;
  gchar text[CNS_INET_SOCKET_ADDRESS_STRING_SIZE];
  g_autofree gchar *raw = NULL;

  if (cns_inet_socket_address_from_address (address, &inet))
    {
      cns_inet_socket_address_format (&inet, text);
      return g_strdup (text);
    }
  raw = cns_address_to_string (address);
  return g_strdup_printf ("%s (not an inet socket address)", raw);
}

static void
inet_socket_set_error (CnsSocket *self, const gchar *message, GError **error)
{
  gint code;

  switch (cns_socket_get_errno (self))
    {
    case CNS_SOCKET_ERROR_ADDRINUSE:
      code = CNS_INTERNET_ERROR_ADDRESS_IN_USE;
      break;
    case CNS_SOCKET_ERROR_ADDRNOTAVAIL:
      code = CNS_INTERNET_ERROR_ADDRESS_NOT_AVAILABLE;
      break;
    default:
      code = CNS_INTERNET_ERROR_INVALID;
      break;
    }
  g_set_error_literal (error, CNS_INTERNET_ERROR, code, message);
}

void
cns_inet_socket_class_init (CnsSocketClass *klass)
{
  klass->address_to_string = inet_socket_address_to_string;
  klass->set_error = inet_socket_set_error;
}
