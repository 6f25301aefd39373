/* cns — the parallel run's side of ordered output.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-ordered-output.h"

G_BEGIN_DECLS

/* Flushes every output: between windows of a parallel run. */
G_GNUC_INTERNAL void cns_ordered_output_flush_all (void);

G_END_DECLS
