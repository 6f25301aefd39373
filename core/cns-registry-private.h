/* cns — small name-to-class registries (schedulers, simulator
 * implementations).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each registered class struct starts with its name. */
typedef struct
{
  GPtrArray *classes;
  const gchar *what; /* "scheduler", for messages */
} CnsRegistry;

void cns_registry_add (CnsRegistry *registry, gconstpointer klass);
gconstpointer cns_registry_lookup (CnsRegistry *registry, const gchar *name,
                                   GError **error);
gchar *cns_registry_list_names (CnsRegistry *registry);

G_END_DECLS
