/* cns — packet queues.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "core/cns-queue-size.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/**
 * CnsPacketTraceFn:
 * @source: the object firing the trace
 * @packet: (transfer none): the packet
 *
 * The signature of per-packet trace sources: queues' Enqueue, Dequeue and
 * Drop, devices' MacTx, MacRx, PhyTxBegin and the like.
 */
typedef void (*CnsPacketTraceFn) (gpointer source, CnsPacket *packet,
                                  gpointer user_data);

#define CNS_TYPE_QUEUE (cns_queue_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsQueue, cns_queue, CNS, QUEUE, CnsObject)

/**
 * CnsQueueClass:
 * @enqueue: the policy: store @packet with cns_queue_push() or refuse it
 *   with cns_queue_drop(); returns whether it was stored
 * @dequeue: the next packet to send, taken with cns_queue_pop(), or %NULL
 *
 * The base keeps the packets (a FIFO), the byte and packet counts, the
 * MaxSize limit, the counters and the Enqueue, Dequeue and Drop trace
 * sources; a subclass decides which packets to keep. CnsDropTailQueue
 * refuses what does not fit.
 */
struct _CnsQueueClass
{
  CnsObjectClass parent_class;

  gboolean (*enqueue) (CnsQueue *self, CnsPacket *packet);
  CnsPacket *(*dequeue) (CnsQueue *self);

  /*< private >*/
  gpointer padding[4];
};

gboolean cns_queue_enqueue (CnsQueue *self, CnsPacket *packet);
CnsPacket *cns_queue_dequeue (CnsQueue *self);
const CnsPacket *cns_queue_peek (CnsQueue *self);

guint32 cns_queue_get_n_packets (CnsQueue *self);
guint64 cns_queue_get_n_bytes (CnsQueue *self);
gboolean cns_queue_is_empty (CnsQueue *self);
void cns_queue_get_max_size (CnsQueue *self, CnsQueueSize *out);
void cns_queue_set_max_size (CnsQueue *self, const CnsQueueSize *size);
gboolean cns_queue_would_overflow (CnsQueue *self, const CnsPacket *packet);

guint64 cns_queue_get_total_received_packets (CnsQueue *self);
guint64 cns_queue_get_total_received_bytes (CnsQueue *self);
guint64 cns_queue_get_total_dropped_packets (CnsQueue *self);
guint64 cns_queue_get_total_dropped_bytes (CnsQueue *self);
void cns_queue_reset_statistics (CnsQueue *self);

/* For subclasses. */
void cns_queue_push (CnsQueue *self, CnsPacket *packet);
CnsPacket *cns_queue_pop (CnsQueue *self);
void cns_queue_drop (CnsQueue *self, CnsPacket *packet);

G_END_DECLS
