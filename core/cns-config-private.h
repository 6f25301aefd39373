/* cns — config internals shared inside the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL GPtrArray *cns_config_list_type_defaults (GType type);

G_END_DECLS
