/* cns — the parts of the listings that --help shares.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL const gchar *cns_type_listing_metavar (GType value_type);
G_GNUC_INTERNAL gchar *cns_type_listing_global_value_text (GParamSpec *pspec);
G_GNUC_INTERNAL void cns_type_listing_append_help_line (GString *out,
                                                        const gchar *left,
                                                        const gchar *help,
                                                        const gchar *shown);
G_GNUC_INTERNAL void cns_type_listing_append_help_sections (GString *out,
                                                            GPtrArray *shown);

G_END_DECLS
