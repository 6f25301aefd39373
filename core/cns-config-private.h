/* cns — config internals shared inside the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL GPtrArray *cns_config_list_type_defaults (GType type);
G_GNUC_INTERNAL GType cns_config_resolve_type (const gchar *name);

/* For the config store, which saves every default and walks every path
 * to save what it reaches, and on load changes only what differs. */
G_GNUC_INTERNAL gchar *cns_config_default_text (GParamSpec *pspec);
G_GNUC_INTERNAL gboolean cns_config_default_is (const gchar *name,
                                                const gchar *text);
G_GNUC_INTERNAL GPtrArray *cns_config_list_names (GType owner);
G_GNUC_INTERNAL GPtrArray *cns_config_list_items (GObject *owner,
                                                  const gchar *name);

G_END_DECLS
