/* cns — global values: simulation-wide settings such as RngSeed.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsGlobalValueCheckFunc:
 * @value: a candidate value, already of the global value's type and within
 *   its param spec's range
 * @error: set when @value is refused
 *
 * Extra validation for a global value, for constraints a param spec cannot
 * express (a scheduler name must be registered, say).
 *
 * Returns: %TRUE to accept @value.
 */
typedef gboolean (*CnsGlobalValueCheckFunc) (const GValue *value,
                                             GError **error);

/**
 * CnsGlobalValueChoicesFunc:
 *
 * Lists the values a global value accepts, for one whose value names
 * something registered (a scheduler, a simulator implementation), so that
 * listings show what exists now rather than a list written down once.
 *
 * Returns: (transfer full): the accepted values, separated by ", ".
 */
typedef gchar *(*CnsGlobalValueChoicesFunc) (void);

void cns_global_value_install (GParamSpec *pspec,
                               CnsGlobalValueCheckFunc check);
void cns_global_value_install_with_choices (GParamSpec *pspec,
                                            CnsGlobalValueCheckFunc check,
                                            CnsGlobalValueChoicesFunc choices);
gchar *cns_global_value_get_choices (const gchar *name);
gboolean cns_global_value_set (const gchar *name, const gchar *text,
                               GError **error);
gboolean cns_global_value_set_value (const gchar *name, const GValue *value,
                                     GError **error);
void cns_global_value_get (const gchar *name, GValue *value);
guint64 cns_global_value_get_uint64 (const gchar *name);
const gchar *cns_global_value_get_string (const gchar *name);
GParamSpec *cns_global_value_find (const gchar *name);
GList *cns_global_value_list (void);
void cns_global_value_reset (const gchar *name);
gboolean cns_global_value_apply_environment (GError **error);

G_END_DECLS
