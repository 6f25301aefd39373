/* cns — trace source internals shared inside the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_trace_source_clear_instance (GObject *object);

G_END_DECLS
