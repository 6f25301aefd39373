/* cns — the registry of header and trailer classes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A serialized packet names the classes of the headers it records, and the
 * receiving side finds them here. Classes are static structs registered
 * once at start-up; the registry is not thread-safe.
 */
#include "network/cns-header.h"

static GHashTable *header_classes; /* name -> const CnsHeaderClass * */

/**
 * cns_header_class_register:
 * @klass: a static class struct with a name and all its functions
 *
 * Makes @klass known by its name. Registering the same class again does
 * nothing; registering another class under a name already taken is a
 * programming error.
 */
void
cns_header_class_register (const CnsHeaderClass *klass)
{
  const CnsHeaderClass *known;

  g_return_if_fail (klass != NULL);
  g_return_if_fail (klass->name != NULL);
  g_return_if_fail (klass->get_serialized_size != NULL);
  g_return_if_fail (klass->serialize != NULL);
  g_return_if_fail (klass->deserialize != NULL);
  g_return_if_fail (klass->print != NULL);

  if (header_classes == NULL)
    header_classes = g_hash_table_new (g_str_hash, g_str_equal);
  known = g_hash_table_lookup (header_classes, klass->name);
  if (known == klass)
    return;
  if (known != NULL)
    {
      g_critical ("a different header class is already registered as '%s'",
                  klass->name);
      return;
    }
  g_hash_table_insert (header_classes, (gpointer) klass->name,
                       (gpointer) klass);
}

/**
 * cns_header_class_lookup:
 * @name: a class name, "PppHeader"
 *
 * Returns: (nullable): the class registered as @name, or %NULL.
 */
const CnsHeaderClass *
cns_header_class_lookup (const gchar *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  if (header_classes == NULL)
    return NULL;
  return g_hash_table_lookup (header_classes, name);
}
