/* cns — the CUDA route-table backend, loaded as a plugin.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean cns_cuda_route_backend_is_available (gchar **why);
gboolean cns_cuda_route_backend_get_last_stats (gdouble *transfer_s,
                                                gdouble *kernel_s);

G_END_DECLS
