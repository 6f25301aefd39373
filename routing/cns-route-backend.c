/* cns — the registry of route-table backends.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Backends register at start-up (the library's own) or when a plugin is
 * loaded; lookups come from the main thread when routes are computed.
 */
#include "routing/cns-route-backend.h"

static GPtrArray *backends;

/**
 * cns_route_backend_register:
 * @backend: (transfer none): a backend that lives as long as the process
 *
 * Makes @backend available by its name. Registering a second backend
 * under a name that is taken is misuse.
 */
void
cns_route_backend_register (const CnsRouteBackend *backend)
{
  g_return_if_fail (backend != NULL && backend->name != NULL
                    && backend->fill != NULL);
  g_return_if_fail (cns_route_backend_lookup (backend->name) == NULL);
  if (backends == NULL)
    backends = g_ptr_array_new ();
  g_ptr_array_add (backends, (gpointer) backend);
}

/**
 * cns_route_backend_lookup:
 *
 * Returns: (nullable) (transfer none): the
 * backend called @name, or %NULL.
 */
const CnsRouteBackend *
cns_route_backend_lookup (const gchar *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; backends != NULL && i < backends->len; i++)
    {
      const CnsRouteBackend *b = g_ptr_array_index (backends, i);

      if (g_str_equal (b->name, name))
        return b;
    }
  return NULL;
}

/**
 * cns_route_backend_list_names:
 *
 * Returns: (transfer full): the names of
 * the registered backends, comma-separated, in registration order.
 */
gchar *
cns_route_backend_list_names (void)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; backends != NULL && i < backends->len; i++)
    {
      const CnsRouteBackend *b = g_ptr_array_index (backends, i);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", b->name);
    }
  return g_string_free (out, FALSE);
}
