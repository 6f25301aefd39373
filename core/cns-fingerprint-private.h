/* cns — the simulator's side of the event fingerprint.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-event.h"

G_BEGIN_DECLS

G_GNUC_INTERNAL gboolean cns_fingerprint_enabled (void);
G_GNUC_INTERNAL void cns_fingerprint_record (guint32 context, CnsTime time,
                                             guint64 key);
G_GNUC_INTERNAL void cns_fingerprint_reset (void);

G_END_DECLS
