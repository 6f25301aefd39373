/* cns — the process's allocator, tuned when a program asks, and the
 * memory a run may use.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void cns_memory_tune_heap (void);
guint64 cns_memory_get_limit (void);

G_END_DECLS
