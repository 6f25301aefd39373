/* cns — a generic holder for link and network addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * As in ns-3, each concrete address kind (MAC-48, IPv4, ...) has a name
 * and a small type id; a CnsAddress is that id, a length and the bytes.
 * The kinds cns defines have fixed ids (CnsAddressType), so no process
 * depends on the order in which modules or users first name them. Other
 * kinds get ids from CNS_ADDRESS_TYPE_FIRST_REGISTERED in the order they
 * are registered: a program that adds its own registers them before it
 * builds its topology, in the same order on every rank.
 *
 * Registration takes a lock; reading an address's type does not: the
 * count of registered kinds only grows and is read atomically, which is
 * all cns_address_init() needs to check its argument.
 */
#include "network/cns-address.h"

#include <string.h>

/* Registered kinds take the ids from CNS_ADDRESS_TYPE_FIRST_REGISTERED up
 * to 255, the largest a guint8 holds. */
#define MAX_REGISTERED (256 - CNS_ADDRESS_TYPE_FIRST_REGISTERED)

/* The names of the fixed ids, by id. */
static const gchar *const known_types[] = {
  [CNS_ADDRESS_TYPE_MAC48] = "Mac48Address",
  [CNS_ADDRESS_TYPE_IPV4] = "Ipv4Address",
  [CNS_ADDRESS_TYPE_INET_SOCKET] = "InetSocketAddress",
  [CNS_ADDRESS_TYPE_ATM_VC] = "AtmVcAddress",
};

G_STATIC_ASSERT (G_N_ELEMENTS (known_types)
                 <= CNS_ADDRESS_TYPE_FIRST_REGISTERED);

G_LOCK_DEFINE_STATIC (address_types);
/* id - CNS_ADDRESS_TYPE_FIRST_REGISTERED -> interned name */
static GPtrArray *registered_names;
static gint n_registered;

G_DEFINE_BOXED_TYPE (CnsAddress, cns_address, cns_address_copy,
                     cns_address_free)

/**
 * cns_address_register_type:
 * @name: the address kind, "Mac48Address"
 *
 * Returns the id of the address kind @name: the fixed id of a kind cns
 * defines (#CnsAddressType), whenever it is asked for; for another name,
 * the id it was given when first registered, or else the next free id
 * from %CNS_ADDRESS_TYPE_FIRST_REGISTERED.
 *
 * Returns: a type id from 1; 0 only when all ids are taken.
 */
guint8
cns_address_register_type (const gchar *name)
{
  guint8 id = 0;

  g_return_val_if_fail (name != NULL && *name != '\0', 0);

  for (guint i = 1; i < G_N_ELEMENTS (known_types); i++)
    if (g_strcmp0 (known_types[i], name) == 0)
      return (guint8) i;

  name = g_intern_string (name);
  G_LOCK (address_types);
  if (registered_names == NULL)
    registered_names = g_ptr_array_new ();
  for (guint i = 0; i < registered_names->len && id == 0; i++)
    if (g_ptr_array_index (registered_names, i) == name)
      id = (guint8) (CNS_ADDRESS_TYPE_FIRST_REGISTERED + i);
  if (id == 0 && registered_names->len < MAX_REGISTERED)
    {
      id = (guint8) (CNS_ADDRESS_TYPE_FIRST_REGISTERED + registered_names->len);
      g_ptr_array_add (registered_names, (gpointer) name);
      g_atomic_int_set (&n_registered, (gint) registered_names->len);
    }
  G_UNLOCK (address_types);

  if (id == 0)
    g_critical ("%s: cannot register address type '%s': all %d ids are taken",
                G_STRFUNC, name, MAX_REGISTERED);
  return id;
}

/* Whether @type is the id of a fixed or a registered kind. */
static gboolean
address_type_exists (guint8 type)
{
  if (type < G_N_ELEMENTS (known_types))
    return known_types[type] != NULL;
  return type >= CNS_ADDRESS_TYPE_FIRST_REGISTERED
         && type - CNS_ADDRESS_TYPE_FIRST_REGISTERED
                < g_atomic_int_get (&n_registered);
}

/**
 * cns_address_init:
 * @address: (out caller-allocates): the address to fill in
 * @type: a registered type id, or 0 for the invalid address
 * @bytes: (array length=length) (nullable): the address bytes in network
 *   order; may be %NULL when @length is 0
 * @length: the number of bytes, at most %CNS_ADDRESS_MAX_SIZE
 *
 * Sets @address to @length bytes of kind @type. Unused bytes are zeroed,
 * so addresses can be compared and hashed as whole structs too.
 */
void
cns_address_init (CnsAddress *address, guint8 type, const guint8 *bytes,
                  guint8 length)
{
  g_return_if_fail (address != NULL);
  g_return_if_fail (length <= CNS_ADDRESS_MAX_SIZE);
  g_return_if_fail (bytes != NULL || length == 0);
  g_return_if_fail (type == CNS_ADDRESS_TYPE_INVALID
                    || address_type_exists (type));
  g_return_if_fail (type != CNS_ADDRESS_TYPE_INVALID || length == 0);

  memset (address, 0, sizeof *address);
  address->type = type;
  address->length = length;
  if (length > 0)
    memcpy (address->bytes, bytes, length);
}

/**
 * cns_address_is_valid:
 *
 * Returns: whether @address holds an address of some registered kind, as
 * opposed to the empty, invalid address (type 0).
 */
gboolean
cns_address_is_valid (const CnsAddress *address)
{
  g_return_val_if_fail (address != NULL, FALSE);
  return address->type != 0;
}

/**
 * cns_address_is_type:
 * @type: a type id from cns_address_register_type()
 *
 * Returns: whether @address is of kind @type.
 */
gboolean
cns_address_is_type (const CnsAddress *address, guint8 type)
{
  g_return_val_if_fail (address != NULL, FALSE);
  return address->type == type;
}

/**
 * cns_address_equal:
 *
 * Returns: whether @a and @b have the same kind, length and bytes. Bytes
 * past the length do not count.
 */
gboolean
cns_address_equal (const CnsAddress *a, const CnsAddress *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return a->type == b->type && a->length == b->length
         && memcmp (a->bytes, b->bytes, MIN (a->length, CNS_ADDRESS_MAX_SIZE))
                == 0;
}

/**
 * cns_address_compare:
 *
 * Orders addresses by kind, then length, then bytes, as ns-3 does, so that
 * addresses can key sorted containers.
 *
 * Returns: a negative number, 0 or a positive number as @a sorts before,
 * with or after @b.
 */
gint
cns_address_compare (const CnsAddress *a, const CnsAddress *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, 0);
  if (a->type != b->type)
    return a->type < b->type ? -1 : 1;
  if (a->length != b->length)
    return a->length < b->length ? -1 : 1;
  return memcmp (a->bytes, b->bytes, MIN (a->length, CNS_ADDRESS_MAX_SIZE));
}

/**
 * cns_address_hash:
 *
 * A hash consistent with cns_address_equal(). For a #GHashTable, wrap
 * both in functions of the types it calls (#GHashFunc, #GEqualFunc):
 * calling them through cast pointers is undefined behaviour.
 *
 * Returns: the hash.
 */
guint
cns_address_hash (const CnsAddress *address)
{
  /* FNV-1a over kind, length and the used bytes. */
  guint32 h = 2166136261u;
  guint8 length;

  g_return_val_if_fail (address != NULL, 0);
  length = MIN (address->length, CNS_ADDRESS_MAX_SIZE);
  h = (h ^ address->type) * 16777619u;
  h = (h ^ length) * 16777619u;
  for (guint8 i = 0; i < length; i++)
    h = (h ^ address->bytes[i]) * 16777619u;
  return h;
}

/**
 * cns_address_to_string:
 *
 * Prints @address as ns-3 prints an Address: kind and length as two hex
 * digits each, then the bytes in hex separated by ':', for example
 * "01-06-00:00:00:00:00:01". The invalid address is "00-00-".
 *
 * Returns: (transfer full): the text.
 */
gchar *
cns_address_to_string (const CnsAddress *address)
{
  GString *s;
  guint8 length;

  g_return_val_if_fail (address != NULL, NULL);
  length = MIN (address->length, CNS_ADDRESS_MAX_SIZE);
  s = g_string_sized_new (6 + 3 * length);
  g_string_append_printf (s, "%02x-%02x-", address->type, address->length);
  for (guint8 i = 0; i < length; i++)
    g_string_append_printf (s, i > 0 ? ":%02x" : "%02x", address->bytes[i]);
  return g_string_free (s, FALSE);
}

/**
 * cns_address_copy:
 *
 * Returns: (transfer full): a copy of @address.
 */
CnsAddress *
cns_address_copy (const CnsAddress *address)
{
  g_return_val_if_fail (address != NULL, NULL);
  return g_memdup2 (address, sizeof *address);
}

/**
 * cns_address_free:
 *
 * Frees an address made by cns_address_copy().
 */
void
cns_address_free (CnsAddress *address)
{
  g_free (address);
}
