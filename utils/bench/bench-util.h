/* cns — what the benchmark programs share: clocks, heap size, errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gdouble bench_now_s (void);
gsize bench_heap_bytes (void);
void bench_check (const gchar *program, gboolean ok, GError *error);
void bench_unref_interfaces (gpointer interfaces);

G_END_DECLS
