/* cns — small name-to-class registries.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Schedulers and simulator implementations are registered as static class
 * structs whose first member is the name users type. Registries are filled
 * when the library loads and read afterwards; they are not thread-safe.
 */
#include "core/cns-registry-private.h"

#include "core/cns-core-error.h"

#include <string.h>

static const gchar *
class_name (gconstpointer klass)
{
  return *(const gchar *const *) klass;
}

void
cns_registry_add (CnsRegistry *registry, gconstpointer klass)
{
  if (registry->classes == NULL)
    registry->classes = g_ptr_array_new ();
  for (guint i = 0; i < registry->classes->len; i++)
    if (strcmp (class_name (registry->classes->pdata[i]), class_name (klass))
        == 0)
      {
        g_critical ("a %s named '%s' is already registered", registry->what,
                    class_name (klass));
        return;
      }
  g_ptr_array_add (registry->classes, (gpointer) klass);
}

gconstpointer
cns_registry_lookup (CnsRegistry *registry, const gchar *name, GError **error)
{
  g_autofree gchar *names = NULL;

  for (guint i = 0;
       name != NULL && registry->classes != NULL && i < registry->classes->len;
       i++)
    if (strcmp (class_name (registry->classes->pdata[i]), name) == 0)
      return registry->classes->pdata[i];
  names = cns_registry_list_names (registry);
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
               "unknown %s '%s' (available: %s)", registry->what,
               name ? name : "(null)", names);
  return NULL;
}

gchar *
cns_registry_list_names (CnsRegistry *registry)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; registry->classes != NULL && i < registry->classes->len;
       i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "",
                            class_name (registry->classes->pdata[i]));
  return g_string_free (s, FALSE);
}
