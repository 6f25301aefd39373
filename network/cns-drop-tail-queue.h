/* cns — the drop-tail queue.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-queue.h"

G_BEGIN_DECLS

#define CNS_TYPE_DROP_TAIL_QUEUE (cns_drop_tail_queue_get_type ())
G_DECLARE_FINAL_TYPE (CnsDropTailQueue, cns_drop_tail_queue, CNS,
                      DROP_TAIL_QUEUE, CnsQueue)

CnsQueue *cns_drop_tail_queue_new (void);

G_END_DECLS
