/* cns — GType plumbing shared by the 64-bit value types (CnsTime,
 * CnsDataRate): a fundamental value type and a param spec with a range.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

GType cns_value_register_int64_fundamental (const gchar *name);
GType cns_value_register_int64_param_type (const gchar *name, GType value_type,
                                           gsize instance_size,
                                           gboolean is_signed);

G_END_DECLS
