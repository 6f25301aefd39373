/* cns — IPv4 addresses, masks and socket addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Addresses are host-order integers in a struct, passed by value; the
 * parsers accept only the dotted-quad form (four decimal numbers 0-255,
 * no leading zeros that would read as octal elsewhere) so that a typo is
 * an error naming the text rather than some other address. Masks are
 * written dotted ("255.255.255.0") or as a prefix length ("/24").
 *
 * Devices and sockets pass these addresses as CnsAddress values of the
 * kinds "Ipv4Address" (4 bytes) and "InetSocketAddress" (4 + 2 bytes, in
 * network order). The inet socket address is also a boxed type with a
 * text form ("10.1.1.2:9"), for applications' Remote and Local attributes.
 */
#include "internet/cns-ipv4-address.h"

#include "core/cns-attribute.h"
#include "internet/cns-internet-error.h"
#include "internet/cns-internet-private.h"

#include <stdio.h>
#include <string.h>

#define IPV4_HELP "four numbers 0-255 such as 10.1.1.2"
#define MASK_HELP "a dotted mask such as 255.255.255.0 or a length such as /24"

G_DEFINE_BOXED_TYPE (CnsInetSocketAddress, cns_inet_socket_address,
                     cns_inet_socket_address_copy, cns_inet_socket_address_free)

/* Reads a decimal number 0-255 at *p and moves past it. */
static gboolean
read_octet (const gchar **p, guint32 *out)
{
  const gchar *s = *p;
  guint32 value = 0;
  gint digits = 0;

  while (g_ascii_isdigit (s[digits]) && digits < 4)
    value = value * 10 + (guint32) (s[digits++] - '0');
  if (digits == 0 || digits > 3 || value > 255 || (digits > 1 && s[0] == '0'))
    return FALSE;
  *p = s + digits;
  *out = value;
  return TRUE;
}

/* Reads a dotted quad at *p and moves past it. */
static gboolean
read_dotted (const gchar **p, guint32 *out)
{
  guint32 value = 0;

  for (gint i = 0; i < 4; i++)
    {
      guint32 octet;

      if (i > 0 && *(*p)++ != '.')
        return FALSE;
      if (!read_octet (p, &octet))
        return FALSE;
      value = value << 8 | octet;
    }
  *out = value;
  return TRUE;
}

/**
 * cns_ipv4_address_parse:
 * @text: a dotted quad such as "10.1.1.2"; spaces around it are ignored
 * @out: (out): the address; unchanged on failure
 * @error: a #CNS_INTERNET_ERROR_PARSE naming @text
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_ipv4_address_parse (const gchar *text, CnsIpv4Address *out, GError **error)
{
  g_autofree gchar *stripped = NULL;
  const gchar *p;
  guint32 value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  stripped = g_strstrip (g_strdup (text));
  p = stripped;
  if (!read_dotted (&p, &value) || *p != '\0')
    {
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_PARSE,
                   "'%s' is not an IPv4 address (expected " IPV4_HELP ")",
                   text);
      return FALSE;
    }
  out->value = value;
  return TRUE;
}

/**
 * cns_ipv4_address_from_string: (skip)
 * @text: a dotted quad written in the scenario's code
 *
 * For literals, like ns-3's Ipv4Address ("10.1.1.1"): text that is not an
 * address is a programmer error, reported as a critical warning naming
 * it, and gives 0.0.0.0. Use cns_ipv4_address_parse() for user input.
 *
 * Returns: the address.
 */
CnsIpv4Address
cns_ipv4_address_from_string (const gchar *text)
{
  g_autoptr (GError) error = NULL;
  CnsIpv4Address address = { 0 };

  g_return_val_if_fail (text != NULL, address);
  if (!cns_ipv4_address_parse (text, &address, &error))
    g_critical ("%s: %s", G_STRFUNC, error->message);
  return address;
}

/**
 * cns_ipv4_address_format: (skip)
 * @buf: at least %CNS_IPV4_ADDRESS_STRING_SIZE bytes
 *
 * Writes the dotted quad without allocating, for logs and traces.
 *
 * Returns: the length written, without the NUL.
 */
gsize
cns_ipv4_address_format (CnsIpv4Address address,
                         gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE])
{
  guint32 v = address.value;

  return (gsize) g_snprintf (buf, CNS_IPV4_ADDRESS_STRING_SIZE, "%u.%u.%u.%u",
                             v >> 24, (v >> 16) & 0xff, (v >> 8) & 0xff,
                             v & 0xff);
}

/**
 * cns_ipv4_address_to_string: (skip)
 *
 * Returns: (transfer full): the dotted quad.
 */
gchar *
cns_ipv4_address_to_string (CnsIpv4Address address)
{
  gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE];

  cns_ipv4_address_format (address, buf);
  return g_strdup (buf);
}

/**
 * cns_ipv4_address_dup_string: (rename-to cns_ipv4_address_to_string)
 * @address: an address
 *
 * cns_ipv4_address_to_string() for bindings, which cannot pass a
 * structure by value.
 *
 * Returns: (transfer full): the dotted quad.
 */
gchar *
cns_ipv4_address_dup_string (const CnsIpv4Address *address)
{
  g_return_val_if_fail (address != NULL, NULL);
  return cns_ipv4_address_to_string (*address);
}

/**
 * cns_ipv4_address_is_subnet_directed_broadcast: (skip)
 *
 * Returns: whether @address has all host bits of @mask set (a /32 mask
 * has no host bits, and a /31 link has no broadcast, per RFC 3021).
 */
gboolean
cns_ipv4_address_is_subnet_directed_broadcast (CnsIpv4Address address,
                                               CnsIpv4Mask mask)
{
  if (mask.value == 0xffffffffu || mask.value == 0xfffffffeu)
    return FALSE;
  return (address.value | mask.value) == 0xffffffffu;
}

/**
 * cns_ipv4_address_get_address_type:
 *
 * Returns: the "Ipv4Address" kind.
 */
guint8
cns_ipv4_address_get_address_type (void)
{
  return CNS_ADDRESS_TYPE_IPV4;
}

/**
 * cns_ipv4_address_to_address: (skip)
 * @out: (out): @address as a #CnsAddress.
 */
void
cns_ipv4_address_to_address (CnsIpv4Address address, CnsAddress *out)
{
  guint32 be = GUINT32_TO_BE (address.value);

  g_return_if_fail (out != NULL);
  cns_address_init (out, cns_ipv4_address_get_address_type (),
                    (const guint8 *) &be, 4);
}

/**
 * cns_ipv4_address_from_address:
 * @out: (out): the IPv4 address; unchanged on failure
 *
 * Accepts an "Ipv4Address" or the address part of an "InetSocketAddress".
 *
 * Returns: %FALSE for any other kind of address.
 */
gboolean
cns_ipv4_address_from_address (const CnsAddress *address, CnsIpv4Address *out)
{
  guint32 be;

  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  if (!((address->type == cns_ipv4_address_get_address_type ()
         && address->length == 4)
        || (address->type == cns_inet_socket_address_get_address_type ()
            && address->length == 6)))
    return FALSE;
  memcpy (&be, address->bytes, 4);
  out->value = GUINT32_FROM_BE (be);
  return TRUE;
}

/**
 * cns_ipv4_mask_from_prefix_length: (skip)
 *
 * Returns: the mask of @prefix_length
 * (0 to 32) leading ones.
 */
CnsIpv4Mask
cns_ipv4_mask_from_prefix_length (guint prefix_length)
{
  g_return_val_if_fail (prefix_length <= 32, (CnsIpv4Mask){ 0xffffffffu });
  return (CnsIpv4Mask){ prefix_length == 0
                            ? 0
                            : 0xffffffffu << (32 - prefix_length) };
}

/**
 * cns_ipv4_mask_is_contiguous: (skip)
 *
 * Returns: whether @mask is ones then zeros.
 */
gboolean
cns_ipv4_mask_is_contiguous (CnsIpv4Mask mask)
{
  guint32 inverted = ~mask.value;

  return (inverted & (inverted + 1)) == 0;
}

/**
 * cns_ipv4_mask_get_prefix_length: (skip)
 *
 * Returns: the number of leading ones.
 */
guint
cns_ipv4_mask_get_prefix_length (CnsIpv4Mask mask)
{
  /* per packet in UDP's broadcast checks: count the leading ones at once */
  guint32 zeros = ~mask.value;

  return zeros == 0 ? 32 : (guint) __builtin_clz (zeros);
}

/**
 * cns_ipv4_mask_parse:
 * @text: "255.255.255.0" or "/24"; spaces around it are ignored
 * @out: (out): the mask; unchanged on failure
 * @error: a #CNS_INTERNET_ERROR_PARSE naming @text; a dotted mask must be
 *   contiguous and a length at most 32
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_ipv4_mask_parse (const gchar *text, CnsIpv4Mask *out, GError **error)
{
  g_autofree gchar *stripped = NULL;
  const gchar *p;
  CnsIpv4Mask mask;
  gboolean ok;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  stripped = g_strstrip (g_strdup (text));
  p = stripped;
  if (*p == '/')
    {
      guint64 length;
      gchar *end;

      ok = g_ascii_isdigit (p[1]);
      length = ok ? g_ascii_strtoull (p + 1, &end, 10) : 0;
      ok = ok && *end == '\0' && length <= 32;
      if (ok)
        mask = cns_ipv4_mask_from_prefix_length ((guint) length);
    }
  else
    ok = read_dotted (&p, &mask.value) && *p == '\0'
         && cns_ipv4_mask_is_contiguous (mask);
  if (!ok)
    {
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_PARSE,
                   "'%s' is not a network mask (expected " MASK_HELP ")", text);
      return FALSE;
    }
  *out = mask;
  return TRUE;
}

/**
 * cns_ipv4_mask_format: (skip)
 *
 * Writes the mask as a dotted quad; returns its
 * length.
 */
gsize
cns_ipv4_mask_format (CnsIpv4Mask mask, gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE])
{
  return cns_ipv4_address_format ((CnsIpv4Address){ mask.value }, buf);
}

/**
 * cns_ipv4_mask_to_string: (skip)
 *
 * Returns: (transfer full): the dotted mask.
 */
gchar *
cns_ipv4_mask_to_string (CnsIpv4Mask mask)
{
  return cns_ipv4_address_to_string ((CnsIpv4Address){ mask.value });
}

/**
 * cns_ipv4_prefix_parse:
 * @text: a network and its length, "10.1.0.0/16"
 * @network: (out): the network address, host bits cleared
 * @mask: (out): the mask
 * @error: a #CNS_INTERNET_ERROR_PARSE naming @text
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_ipv4_prefix_parse (const gchar *text, CnsIpv4Address *network,
                       CnsIpv4Mask *mask, GError **error)
{
  g_autofree gchar *address_text = NULL;
  const gchar *slash;
  CnsIpv4Address address;
  CnsIpv4Mask m;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (network != NULL && mask != NULL, FALSE);
  slash = strchr (text, '/');
  address_text = slash ? g_strndup (text, (gsize) (slash - text)) : NULL;
  if (slash == NULL || !cns_ipv4_address_parse (address_text, &address, NULL)
      || !cns_ipv4_mask_parse (slash, &m, NULL))
    {
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_PARSE,
                   "'%s' is not an IPv4 prefix (expected an address, '/' "
                   "and a length 0-32, such as 10.1.0.0/16)",
                   text);
      return FALSE;
    }
  *network = cns_ipv4_address_combine_mask (address, m);
  *mask = m;
  return TRUE;
}

/**
 * cns_inet_socket_address_copy:
 *
 * Returns: (transfer full): a copy.
 */
CnsInetSocketAddress *
cns_inet_socket_address_copy (const CnsInetSocketAddress *address)
{
  g_return_val_if_fail (address != NULL, NULL);
  return g_memdup2 (address, sizeof *address);
}

/**
 * cns_inet_socket_address_free:
 *
 * Frees a copy.
 */
void
cns_inet_socket_address_free (CnsInetSocketAddress *address)
{
  g_free (address);
}

/**
 * cns_inet_socket_address_parse:
 * @text: "10.1.1.2:9"; spaces around it are ignored
 * @out: (out): the socket address; unchanged on failure
 * @error: a #CNS_INTERNET_ERROR_PARSE naming @text
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_inet_socket_address_parse (const gchar *text, CnsInetSocketAddress *out,
                               GError **error)
{
  g_autofree gchar *stripped = NULL;
  const gchar *p;
  guint32 address;
  guint64 port = 0;
  gchar *end = NULL;
  gboolean ok;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  stripped = g_strstrip (g_strdup (text));
  p = stripped;
  ok = read_dotted (&p, &address) && *p == ':' && g_ascii_isdigit (p[1]);
  if (ok)
    port = g_ascii_strtoull (p + 1, &end, 10);
  ok = ok && *end == '\0' && port <= G_MAXUINT16;
  if (!ok)
    {
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_PARSE,
                   "'%s' is not an IPv4 socket address (expected an address, "
                   "':' and a port 0-65535, such as 10.1.1.2:9)",
                   text);
      return FALSE;
    }
  out->address.value = address;
  out->port = (guint16) port;
  return TRUE;
}

/**
 * cns_inet_socket_address_format:
 *
 * Writes "10.1.1.2:9"; returns its
 * length.
 */
gsize
cns_inet_socket_address_format (const CnsInetSocketAddress *address,
                                gchar buf[CNS_INET_SOCKET_ADDRESS_STRING_SIZE])
{
  gsize n;

  g_return_val_if_fail (address != NULL, 0);
  n = cns_ipv4_address_format (address->address, buf);
  return n
         + (gsize) g_snprintf (buf + n, CNS_INET_SOCKET_ADDRESS_STRING_SIZE - n,
                               ":%u", address->port);
}

/**
 * cns_inet_socket_address_to_string:
 *
 * Returns: (transfer full): the text.
 */
gchar *
cns_inet_socket_address_to_string (const CnsInetSocketAddress *address)
{
  gchar buf[CNS_INET_SOCKET_ADDRESS_STRING_SIZE];

  g_return_val_if_fail (address != NULL, NULL);
  cns_inet_socket_address_format (address, buf);
  return g_strdup (buf);
}

/**
 * cns_inet_socket_address_get_address_type:
 *
 * Returns: the
 * "InetSocketAddress" kind.
 */
guint8
cns_inet_socket_address_get_address_type (void)
{
  return CNS_ADDRESS_TYPE_INET_SOCKET;
}

/**
 * cns_inet_socket_address_to_address:
 * @out: (out): @address as a
 *
 * #CnsAddress: the IPv4 address then the port, in network order.
 */
void
cns_inet_socket_address_to_address (const CnsInetSocketAddress *address,
                                    CnsAddress *out)
{
  guint8 bytes[6];
  guint32 be;
  guint16 port_be;

  g_return_if_fail (address != NULL);
  g_return_if_fail (out != NULL);
  be = GUINT32_TO_BE (address->address.value);
  port_be = GUINT16_TO_BE (address->port);
  memcpy (bytes, &be, 4);
  memcpy (bytes + 4, &port_be, 2);
  cns_address_init (out, cns_inet_socket_address_get_address_type (), bytes, 6);
}

/**
 * cns_inet_socket_address_from_address:
 * @out: (out): the socket address; unchanged on failure
 *
 * Returns: %FALSE unless @address is an "InetSocketAddress".
 */
gboolean
cns_inet_socket_address_from_address (const CnsAddress *address,
                                      CnsInetSocketAddress *out)
{
  guint32 be;
  guint16 port_be;

  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  if (address->type != cns_inet_socket_address_get_address_type ()
      || address->length != 6)
    return FALSE;
  memcpy (&be, address->bytes, 4);
  memcpy (&port_be, address->bytes + 4, 2);
  out->address.value = GUINT32_FROM_BE (be);
  out->port = GUINT16_FROM_BE (port_be);
  return TRUE;
}

/* Attribute text form of the boxed socket address; "none" when unset. */

static gboolean
parse_inet_socket_address (GParamSpec *pspec, const gchar *text, GValue *value,
                           GError **error)
{
  CnsInetSocketAddress address;

  if (strcmp (text, "none") == 0)
    {
      g_value_set_boxed (value, NULL);
      return TRUE;
    }
  if (!cns_inet_socket_address_parse (text, &address, error))
    return FALSE;
  g_value_set_boxed (value, &address);
  return TRUE;
}

static gchar *
format_inet_socket_address (const GValue *value)
{
  const CnsInetSocketAddress *address = g_value_get_boxed (value);

  return address ? cns_inet_socket_address_to_string (address)
                 : g_strdup ("none");
}

/* Registers the attribute text form. */
void
cns_ipv4_address_install (void)
{
  g_type_ensure (CNS_TYPE_INET_SOCKET_ADDRESS);
  cns_attribute_register_value_type (CNS_TYPE_INET_SOCKET_ADDRESS,
                                     parse_inet_socket_address,
                                     format_inet_socket_address);
}
