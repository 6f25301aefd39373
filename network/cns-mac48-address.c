/* cns — 48-bit MAC addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Mac48Address: devices get addresses from one process-wide
 * counter, 00:00:00:00:00:01 first, so the same scenario gives the same
 * addresses however often it is built; cns_mac48_address_reset_allocation()
 * starts the count again for a new scenario in the same process. Text is
 * six two-digit hex bytes separated by ':' (as printed) or '-'.
 *
 * Net devices pass MAC addresses as CnsAddress values of the kind
 * "Mac48Address". The boxed type gives device attributes a text form.
 */
#include "network/cns-mac48-address.h"

#include "core/cns-attribute.h"
#include "network/cns-network-error.h"
#include "network/cns-network-private.h"

#include <string.h>

#define MAC48_HELP \
  "six hex bytes such as 00:11:22:aa:bb:cc or 00-11-22-aa-bb-cc"

/* The last address the counter may give; all ones is the broadcast. */
#define MAC48_LAST_UNICAST G_GUINT64_CONSTANT (0xfffffffffffe)

G_LOCK_DEFINE_STATIC (allocation);
static guint64 last_allocated;

G_DEFINE_BOXED_TYPE (CnsMac48Address, cns_mac48_address, cns_mac48_address_copy,
                     cns_mac48_address_free)

/**
 * cns_mac48_address_copy:
 *
 * Returns: (transfer full): a copy of @address.
 */
CnsMac48Address *
cns_mac48_address_copy (const CnsMac48Address *address)
{
  g_return_val_if_fail (address != NULL, NULL);
  return g_memdup2 (address, sizeof *address);
}

/**
 * cns_mac48_address_free:
 *
 * Frees an address from cns_mac48_address_copy().
 */
void
cns_mac48_address_free (CnsMac48Address *address)
{
  g_free (address);
}

/**
 * cns_mac48_address_allocate: (skip)
 *
 * Hands out the next address of the process-wide counter: 00:00:00:00:00:01
 * first, then 00:00:00:00:00:02 and so on, as ns-3's Mac48Address::Allocate.
 *
 * Returns: the new address.
 */
CnsMac48Address
cns_mac48_address_allocate (void)
{
  CnsMac48Address address;
  guint64 id;

  G_LOCK (allocation);
  if (last_allocated < MAC48_LAST_UNICAST)
    last_allocated++;
  else
    g_critical ("%s: all 2^48 - 2 MAC addresses have been handed out",
                G_STRFUNC);
  id = last_allocated;
  G_UNLOCK (allocation);

  for (gint i = 5; i >= 0; i--, id >>= 8)
    address.bytes[i] = (guint8) (id & 0xff);
  return address;
}

/**
 * cns_mac48_address_reset_allocation:
 *
 * Makes the next cns_mac48_address_allocate() return 00:00:00:00:00:01
 * again, for a new scenario in the same process.
 */
void
cns_mac48_address_reset_allocation (void)
{
  G_LOCK (allocation);
  last_allocated = 0;
  G_UNLOCK (allocation);
}

/* Reads two hex digits at @p. */
static gboolean
parse_hex_byte (const gchar *p, guint8 *out)
{
  gint hi, lo;

  if ((hi = g_ascii_xdigit_value (p[0])) < 0
      || (lo = g_ascii_xdigit_value (p[1])) < 0)
    return FALSE;
  *out = (guint8) (hi << 4 | lo);
  return TRUE;
}

/**
 * cns_mac48_address_parse:
 * @text: "00:11:22:aa:BB:cc" or "00-11-22-aa-bb-cc", either case; spaces
 *   around it are ignored
 * @out: (out): the address; unchanged on failure
 * @error: a #CNS_NETWORK_ERROR_PARSE naming @text when it is not an address
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_mac48_address_parse (const gchar *text, CnsMac48Address *out,
                         GError **error)
{
  g_autofree gchar *stripped = NULL;
  CnsMac48Address address;
  gboolean ok;
  gchar separator;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  ok = strlen (stripped) == 17;
  separator = ok ? stripped[2] : '\0';
  ok = ok && (separator == ':' || separator == '-');
  for (gint i = 0; ok && i < 6; i++)
    ok = parse_hex_byte (stripped + 3 * i, &address.bytes[i])
         && (i == 5 || stripped[3 * i + 2] == separator);
  if (!ok)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "'%s' is not a MAC address (expected " MAC48_HELP ")", text);
      return FALSE;
    }
  *out = address;
  return TRUE;
}

/**
 * cns_mac48_address_format:
 * @buf: (out caller-allocates): at least %CNS_MAC48_ADDRESS_STRING_SIZE bytes
 *
 * Writes @address as ns-3 prints it: "00:11:22:aa:bb:cc", lower case.
 *
 * Returns: the length written, 17.
 */
gsize
cns_mac48_address_format (const CnsMac48Address *address,
                          gchar buf[CNS_MAC48_ADDRESS_STRING_SIZE])
{
  static const gchar digits[] = "0123456789abcdef";

  g_return_val_if_fail (address != NULL, 0);
  g_return_val_if_fail (buf != NULL, 0);
  for (gint i = 0; i < 6; i++)
    {
      buf[3 * i] = digits[address->bytes[i] >> 4];
      buf[3 * i + 1] = digits[address->bytes[i] & 0xf];
      buf[3 * i + 2] = i < 5 ? ':' : '\0';
    }
  return CNS_MAC48_ADDRESS_STRING_SIZE - 1;
}

/**
 * cns_mac48_address_to_string:
 *
 * Returns: (transfer full): @address as text.
 */
gchar *
cns_mac48_address_to_string (const CnsMac48Address *address)
{
  gchar buf[CNS_MAC48_ADDRESS_STRING_SIZE];

  g_return_val_if_fail (address != NULL, NULL);
  cns_mac48_address_format (address, buf);
  return g_strdup (buf);
}

/**
 * cns_mac48_address_equal:
 *
 * Returns: whether @a and @b are the same.
 */
gboolean
cns_mac48_address_equal (const CnsMac48Address *a, const CnsMac48Address *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return memcmp (a->bytes, b->bytes, sizeof a->bytes) == 0;
}

/**
 * cns_mac48_address_get_broadcast: (skip)
 *
 * Returns: ff:ff:ff:ff:ff:ff.
 */
CnsMac48Address
cns_mac48_address_get_broadcast (void)
{
  CnsMac48Address address;

  memset (address.bytes, 0xff, sizeof address.bytes);
  return address;
}

/**
 * cns_mac48_address_is_broadcast:
 *
 * Returns: whether @address is all ones.
 */
gboolean
cns_mac48_address_is_broadcast (const CnsMac48Address *address)
{
  CnsMac48Address broadcast = cns_mac48_address_get_broadcast ();

  g_return_val_if_fail (address != NULL, FALSE);
  return cns_mac48_address_equal (address, &broadcast);
}

/**
 * cns_mac48_address_is_group:
 *
 * Returns: whether @address is a group (multicast or broadcast) address:
 * the I/G bit, the lowest bit of the first byte, is set.
 */
gboolean
cns_mac48_address_is_group (const CnsMac48Address *address)
{
  g_return_val_if_fail (address != NULL, FALSE);
  return (address->bytes[0] & 0x01) != 0;
}

/**
 * cns_mac48_address_get_address_type:
 *
 * Returns: the #CnsAddress type id of MAC-48 addresses,
 * %CNS_ADDRESS_TYPE_MAC48 ("Mac48Address").
 */
guint8
cns_mac48_address_get_address_type (void)
{
  return CNS_ADDRESS_TYPE_MAC48;
}

/**
 * cns_mac48_address_to_address:
 * @out: (out caller-allocates): a #CnsAddress of kind "Mac48Address"
 *
 * Converts @address to the generic form net devices pass around.
 */
void
cns_mac48_address_to_address (const CnsMac48Address *address, CnsAddress *out)
{
  g_return_if_fail (address != NULL);
  g_return_if_fail (out != NULL);
  cns_address_init (out, cns_mac48_address_get_address_type (), address->bytes,
                    sizeof address->bytes);
}

/**
 * cns_mac48_address_from_address:
 * @out: (out): the MAC address; unchanged on failure
 *
 * Returns: %TRUE when @address is of kind "Mac48Address" with six bytes;
 * %FALSE for any other address.
 */
gboolean
cns_mac48_address_from_address (const CnsAddress *address, CnsMac48Address *out)
{
  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  if (address->type != cns_mac48_address_get_address_type ()
      || address->length != sizeof out->bytes)
    return FALSE;
  memcpy (out->bytes, address->bytes, sizeof out->bytes);
  return TRUE;
}

/* Attribute text form: the address as written by
 * cns_mac48_address_format(); "none" for an unset boxed value. */

static gboolean
parse_mac48_address (GParamSpec *pspec, const gchar *text, GValue *value,
                     GError **error)
{
  CnsMac48Address address;

  if (strcmp (text, "none") == 0)
    {
      g_value_set_boxed (value, NULL);
      return TRUE;
    }
  if (!cns_mac48_address_parse (text, &address, error))
    return FALSE;
  g_value_set_boxed (value, &address);
  return TRUE;
}

static gchar *
format_mac48_address (const GValue *value)
{
  const CnsMac48Address *address = g_value_get_boxed (value);

  return address ? cns_mac48_address_to_string (address) : g_strdup ("none");
}

/* Registers the attribute text form. */
void
cns_mac48_address_install (void)
{
  g_type_ensure (CNS_TYPE_MAC48_ADDRESS);
  cns_attribute_register_value_type (CNS_TYPE_MAC48_ADDRESS,
                                     parse_mac48_address, format_mac48_address);
}
