/* cns — configuration by attribute defaults and config paths.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsConfigListLength:
 * @owner: the object holding the list, or %NULL for a root list
 * @user_data: data given at registration
 *
 * Returns: the number of objects in the list.
 */
typedef guint (*CnsConfigListLength) (GObject *owner, gpointer user_data);

/**
 * CnsConfigListNth:
 *
 * Returns: (transfer none): the object at @index, or %NULL.
 */
typedef GObject *(*CnsConfigListNth) (GObject *owner, guint index,
                                      gpointer user_data);

/* Attribute defaults: "TypeName::Attribute" = text. */
gboolean cns_config_set_default (const gchar *name, const gchar *text,
                                 GError **error);
gboolean cns_config_get_default (GType type, GParamSpec *pspec, GValue *value);
void cns_config_reset_defaults (void);
gboolean cns_config_apply_environment (GError **error);

/* Config paths: "/NodeList/3/DeviceList/0/$CnsPointToPointNetDevice/DataRate".
 */
void cns_config_register_root (const gchar *name, CnsConfigListLength length,
                               CnsConfigListNth nth, gpointer user_data);
void cns_config_unregister_root (const gchar *name);
void cns_config_install_list (GType type, const gchar *name, const gchar *blurb,
                              CnsConfigListLength length, CnsConfigListNth nth,
                              gpointer user_data);

GPtrArray *cns_config_lookup (const gchar *path, GError **error);
gboolean cns_config_set (const gchar *path, const gchar *text, GError **error);
gboolean cns_config_connect (const gchar *path, GCallback callback,
                             gpointer user_data, GError **error);
gboolean cns_config_connect_closure (const gchar *path, GClosure *closure,
                                     GError **error);
guint cns_config_disconnect (const gchar *path, GCallback callback,
                             gpointer user_data, GError **error);

G_END_DECLS
