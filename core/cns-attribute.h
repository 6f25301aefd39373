/* cns — attributes: GObject properties set and read as strings.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsAttributeParseFunc:
 * @pspec: the property being set, for its value type and range
 * @text: the user's text
 * @value: an initialised value of @pspec's value type to fill in
 * @error: set, naming @text and the accepted form, when @text is refused
 *
 * Converts a string to a value of one registered type.
 *
 * Returns: %TRUE on success.
 */
typedef gboolean (*CnsAttributeParseFunc) (GParamSpec *pspec, const gchar *text,
                                           GValue *value, GError **error);

/**
 * CnsAttributeFormatFunc:
 *
 * Converts a value of one registered type back to a string that the
 * matching #CnsAttributeParseFunc accepts.
 *
 * Returns: (transfer full): the text.
 */
typedef gchar *(*CnsAttributeFormatFunc) (const GValue *value);

void cns_attribute_register_value_type (GType type, CnsAttributeParseFunc parse,
                                        CnsAttributeFormatFunc format);
gboolean cns_attribute_parse (GParamSpec *pspec, const gchar *text,
                              GValue *value, GError **error);
gchar *cns_attribute_format (const GValue *value);
gchar *cns_attribute_describe_range (GParamSpec *pspec);

void cns_attribute_install_default (GParamSpec *pspec, const gchar *text);
void cns_attribute_get_default (GParamSpec *pspec, GValue *value);

GParamSpec *cns_attribute_find (GType type, const gchar *name);
gchar *cns_attribute_name_from_property (const gchar *property_name);
gchar *cns_attribute_name_to_property (const gchar *name);

gboolean cns_attribute_set (gpointer object, const gchar *name,
                            const gchar *text, GError **error);
gchar *cns_attribute_get (gpointer object, const gchar *name, GError **error);

G_END_DECLS
