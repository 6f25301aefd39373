/* cns — queue calls without type checks, for the per-packet paths inside
 * network/.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The public calls check that their argument is a queue on every packet;
 * a device whose queue was checked when it was set, and a queue subclass
 * calling its base class, use these instead.
 */
#pragma once

#include "network/cns-queue.h"

G_BEGIN_DECLS

/* cns_queue_enqueue() for a validated queue. */
static inline gboolean
cns_queue_enqueue_unchecked (CnsQueue *self, CnsPacket *packet)
{
  return CNS_QUEUE_GET_CLASS (self)->enqueue (self, packet);
}

/* cns_queue_dequeue() for a validated queue. */
static inline CnsPacket *
cns_queue_dequeue_unchecked (CnsQueue *self)
{
  return CNS_QUEUE_GET_CLASS (self)->dequeue (self);
}

/* cns_queue_get_n_packets() for a validated queue. */
G_GNUC_INTERNAL guint32 cns_queue_get_n_packets_unchecked (CnsQueue *self);

/* cns_queue_would_overflow() for a validated queue. */
G_GNUC_INTERNAL gboolean
cns_queue_would_overflow_unchecked (CnsQueue *self, const CnsPacket *packet);

G_END_DECLS
