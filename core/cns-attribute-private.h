/* cns — attribute internals shared inside the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_attribute_install_builtin_types (void);
G_GNUC_INTERNAL void cns_attribute_install_object_types (void);
G_GNUC_INTERNAL gchar *cns_attribute_describe_object (GObject *object);
G_GNUC_INTERNAL void cns_attribute_apply_defaults (GObject *object);

G_GNUC_INTERNAL gboolean cns_attribute_check_settable (gpointer object,
                                                       GParamSpec *pspec,
                                                       GError **error);

G_END_DECLS
