/* cns — the simulator's side of the event fingerprint.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-event.h"

G_BEGIN_DECLS

/* The simulator's run and destroy hooks (cns_simulator_add_run_hook()). */
G_GNUC_INTERNAL void cns_fingerprint_run_hook (guint32 epoch);
G_GNUC_INTERNAL void cns_fingerprint_record (guint32 context, CnsTime time,
                                             guint64 key);
G_GNUC_INTERNAL void cns_fingerprint_destroy_hook (guint32 epoch);
/* Makes room for contexts below @n_contexts, which threads then record
 * unlocked. */
G_GNUC_INTERNAL void cns_fingerprint_reserve (guint32 n_contexts);

G_END_DECLS
