/* cns — the drop-tail queue.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * First in, first out; a packet that would exceed MaxSize is dropped on
 * arrival. ns-3's DropTailQueue, the default queue of point-to-point
 * devices.
 */
#include "network/cns-drop-tail-queue.h"

#include "network/cns-queue-private.h"

struct _CnsDropTailQueue
{
  CnsQueue parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsDropTailQueue, cns_drop_tail_queue, CNS_TYPE_QUEUE)

/* Non-static: cns_queue_pass_through() recognises drop-tail queues by it. */
gboolean
cns_drop_tail_queue_enqueue (CnsQueue *queue, CnsPacket *packet)
{
  if (cns_queue_would_overflow (queue, packet))
    {
      cns_queue_drop (queue, packet);
      return FALSE;
    }
  cns_queue_push (queue, packet);
  return TRUE;
}

static CnsPacket *
drop_tail_dequeue (CnsQueue *queue)
{
  return cns_queue_pop (queue);
}

static void
cns_drop_tail_queue_class_init (CnsDropTailQueueClass *klass)
{
  CnsQueueClass *queue_class = CNS_QUEUE_CLASS (klass);

  queue_class->enqueue = cns_drop_tail_queue_enqueue;
  queue_class->dequeue = drop_tail_dequeue;
}

static void
cns_drop_tail_queue_init (CnsDropTailQueue *self)
{
}

/**
 * cns_drop_tail_queue_new:
 *
 * Returns: (transfer full): a drop-tail queue with the configured defaults
 * (MaxSize "100p" unless set otherwise).
 */
CnsQueue *
cns_drop_tail_queue_new (void)
{
  return cns_object_new (CNS_TYPE_DROP_TAIL_QUEUE, NULL);
}
