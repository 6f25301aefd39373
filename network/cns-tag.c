/* cns — the registry of tag classes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A serialized packet names the classes of its tags, and the receiving
 * side finds them here. Classes are static structs registered once at
 * start-up; the registry is not thread-safe.
 */
#include "network/cns-tag.h"

static GHashTable *tag_classes; /* name -> const CnsTagClass * */

/**
 * cns_tag_class_register:
 * @klass: a static class struct with a name and at most
 *   %CNS_TAG_MAX_SIZE bytes of data
 *
 * Makes @klass known by its name. Registering the same class again does
 * nothing; registering another class under a name already taken is a
 * programming error.
 */
void
cns_tag_class_register (const CnsTagClass *klass)
{
  const CnsTagClass *known;

  g_return_if_fail (klass != NULL);
  g_return_if_fail (klass->name != NULL);
  g_return_if_fail (klass->size <= CNS_TAG_MAX_SIZE);

  if (tag_classes == NULL)
    tag_classes = g_hash_table_new (g_str_hash, g_str_equal);
  known = g_hash_table_lookup (tag_classes, klass->name);
  if (known == klass)
    return;
  if (known != NULL)
    {
      g_critical ("a different tag class is already registered as '%s'",
                  klass->name);
      return;
    }
  g_hash_table_insert (tag_classes, (gpointer) klass->name, (gpointer) klass);
}

/**
 * cns_tag_class_lookup:
 * @name: a class name
 *
 * Returns: (nullable): the class registered as @name, or %NULL.
 */
const CnsTagClass *
cns_tag_class_lookup (const gchar *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  if (tag_classes == NULL)
    return NULL;
  return g_hash_table_lookup (tag_classes, name);
}
