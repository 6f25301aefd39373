/* cns — listings of object types, attributes, trace sources and global
 * values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

gchar *cns_type_listing_type_names (void);
gchar *cns_type_listing_attributes (GType type);
gchar *cns_type_listing_trace_sources (GType type);
gchar *cns_type_listing_global_values (void);

G_END_DECLS
