/* cns — packet queues.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The base class stores packets in a ring that grows by doubling and keeps
 * what every queue needs: counts, the MaxSize limit (in packets or bytes,
 * as ns-3's QueueSize), statistics and three trace sources. The ring is
 * allocated at the first enqueue, so idle queues on the many devices of a
 * large topology cost only their instance.
 */
#include "network/cns-queue.h"

#include "core/cns-attribute.h"
#include "core/cns-trace-source.h"
#include "network/cns-queue-private.h"

#define DEFAULT_MAX_SIZE "100p"
#define MIN_RING         4

enum
{
  PROP_0,
  PROP_MAX_SIZE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

enum
{
  TRACE_ENQUEUE,
  TRACE_DEQUEUE,
  TRACE_DROP,
  N_TRACES
};

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsQueue, cns_queue, CNS_TYPE_OBJECT)

gint cns_queue_private_offset;

static void cns_queue_set_property (GObject *object, guint prop_id,
                                    const GValue *value, GParamSpec *pspec);
static void cns_queue_get_property (GObject *object, guint prop_id,
                                    GValue *value, GParamSpec *pspec);

static void
cns_queue_finalize (GObject *object)
{
  CnsQueuePrivate *priv = cns_queue_get_instance_private (CNS_QUEUE (object));

  while (priv->n_packets > 0)
    cns_packet_unref (cns_queue_pop (CNS_QUEUE (object)));
  g_free (priv->ring);
  G_OBJECT_CLASS (cns_queue_parent_class)->finalize (object);
}

static void
cns_queue_class_init (CnsQueueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);
  glong priv = CnsQueue_private_offset;

  cns_queue_private_offset = CnsQueue_private_offset;
  object_class->finalize = cns_queue_finalize;
  object_class->set_property = cns_queue_set_property;
  object_class->get_property = cns_queue_get_property;

  properties[PROP_MAX_SIZE] = g_param_spec_boxed (
      "max-size", "Maximum size",
      "How much the queue holds, in packets (\"100p\") or bytes (\"64KB\"); "
      "what does not fit is dropped",
      CNS_TYPE_QUEUE_SIZE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_attribute_install_default (properties[PROP_MAX_SIZE], DEFAULT_MAX_SIZE);

  priv += G_STRUCT_OFFSET (CnsQueuePrivate, traces);
  cns_trace_source_install_in_table (
      type, "Enqueue", "A packet was stored in the queue", "CnsPacketTraceFn",
      priv, TRACE_ENQUEUE, N_TRACES);
  cns_trace_source_install_in_table (
      type, "Dequeue", "A packet left the queue to be sent", "CnsPacketTraceFn",
      priv, TRACE_DEQUEUE, N_TRACES);
  cns_trace_source_install_in_table (
      type, "Drop", "A packet was dropped because the queue was full",
      "CnsPacketTraceFn", priv, TRACE_DROP, N_TRACES);
}

static void
cns_queue_init (CnsQueue *self)
{
}

/**
 * cns_queue_enqueue:
 * @packet: (transfer full): the packet
 *
 * Offers @packet to the queue, which stores it or drops it (firing Drop).
 *
 * Returns: %TRUE when it was stored.
 */
gboolean
cns_queue_enqueue (CnsQueue *self, CnsPacket *packet)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), FALSE);
  g_return_val_if_fail (packet != NULL, FALSE);
  return CNS_QUEUE_GET_CLASS (self)->enqueue (self, packet);
}

/**
 * cns_queue_dequeue:
 *
 * Returns: (transfer full) (nullable): the next packet, or %NULL when the
 * queue is empty.
 */
CnsPacket *
cns_queue_dequeue (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), NULL);
  return CNS_QUEUE_GET_CLASS (self)->dequeue (self);
}

/**
 * cns_queue_peek:
 *
 * Returns: (transfer none) (nullable): the packet at the head.
 */
const CnsPacket *
cns_queue_peek (CnsQueue *self)
{
  CnsQueuePrivate *priv;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), NULL);
  priv = cns_queue_get_instance_private (self);
  return priv->n_packets > 0 ? priv->ring[priv->head] : NULL;
}

/**
 * cns_queue_get_n_packets:
 *
 * Returns: the packets held.
 */
guint32
cns_queue_get_n_packets (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), 0);
  return ((CnsQueuePrivate *) cns_queue_get_instance_private (self))->n_packets;
}

/**
 * cns_queue_get_n_bytes:
 *
 * Returns: the bytes held.
 */
guint64
cns_queue_get_n_bytes (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), 0);
  return ((CnsQueuePrivate *) cns_queue_get_instance_private (self))->n_bytes;
}

/**
 * cns_queue_is_empty:
 *
 * Returns: whether the queue holds nothing.
 */
gboolean
cns_queue_is_empty (CnsQueue *self)
{
  return cns_queue_get_n_packets (self) == 0;
}

/**
 * cns_queue_get_max_size:
 *
 * Copies the limit into @out.
 */
void
cns_queue_get_max_size (CnsQueue *self, CnsQueueSize *out)
{
  CnsQueuePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE));
  g_return_if_fail (out != NULL);
  priv = cns_queue_get_instance_private (self);
  out->unit = priv->max_unit;
  out->value = priv->max_value;
}

/**
 * cns_queue_set_max_size:
 *
 * Changes the limit. Packets already held stay, even above the new limit.
 */
void
cns_queue_set_max_size (CnsQueue *self, const CnsQueueSize *size)
{
  CnsQueuePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE));
  g_return_if_fail (size != NULL);
  priv = cns_queue_get_instance_private (self);
  priv->max_unit = size->unit;
  priv->max_value = size->value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_SIZE]);
}

/**
 * cns_queue_would_overflow:
 *
 * Returns: whether storing @packet would exceed MaxSize.
 */
gboolean
cns_queue_would_overflow (CnsQueue *self, const CnsPacket *packet)
{
  CnsQueuePrivate *priv;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), TRUE);
  g_return_val_if_fail (packet != NULL, TRUE);
  priv = cns_queue_get_instance_private (self);
  if (priv->max_unit == CNS_QUEUE_SIZE_PACKETS)
    return (guint64) priv->n_packets + 1 > priv->max_value;
  return priv->n_bytes + cns_packet_get_size (packet) > priv->max_value;
}

/**
 * cns_queue_get_total_received_packets:
 *
 * Returns: packets ever stored.
 */
guint64
cns_queue_get_total_received_packets (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), 0);
  return ((CnsQueuePrivate *) cns_queue_get_instance_private (self))
      ->received_packets;
}

/**
 * cns_queue_get_total_received_bytes:
 *
 * Returns: bytes ever stored.
 */
guint64
cns_queue_get_total_received_bytes (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), 0);
  return ((CnsQueuePrivate *) cns_queue_get_instance_private (self))
      ->received_bytes;
}

/**
 * cns_queue_get_total_dropped_packets:
 *
 * Returns: packets ever dropped.
 */
guint64
cns_queue_get_total_dropped_packets (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), 0);
  return ((CnsQueuePrivate *) cns_queue_get_instance_private (self))
      ->dropped_packets;
}

/**
 * cns_queue_get_total_dropped_bytes:
 *
 * Returns: bytes ever dropped.
 */
guint64
cns_queue_get_total_dropped_bytes (CnsQueue *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), 0);
  return ((CnsQueuePrivate *) cns_queue_get_instance_private (self))
      ->dropped_bytes;
}

/**
 * cns_queue_reset_statistics:
 *
 * Zeroes the received and dropped counters.
 */
void
cns_queue_reset_statistics (CnsQueue *self)
{
  CnsQueuePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE));
  priv = cns_queue_get_instance_private (self);
  priv->received_packets = priv->received_bytes = 0;
  priv->dropped_packets = priv->dropped_bytes = 0;
}

/**
 * cns_queue_push:
 * @packet: (transfer full): the packet to store at the tail
 *
 * Stores @packet and fires Enqueue. For subclasses' enqueue().
 */
void
cns_queue_push (CnsQueue *self, CnsPacket *packet)
{
  CnsQueuePrivate *priv;
  guint32 size, tail;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE));
  g_return_if_fail (packet != NULL);
  priv = cns_queue_get_instance_private (self);
  size = cns_packet_get_size (packet);
  if (G_UNLIKELY (priv->n_packets == priv->capacity))
    {
      guint32 capacity = MAX (MIN_RING, priv->capacity * 2);
      CnsPacket **ring = g_new (CnsPacket *, capacity);

      for (guint32 i = 0; i < priv->n_packets; i++)
        ring[i] = priv->ring[(priv->head + i) % priv->capacity];
      g_free (priv->ring);
      priv->ring = ring;
      priv->capacity = capacity;
      priv->head = 0;
    }
  /* the tail wraps at most once: no division per packet */
  tail = priv->head + priv->n_packets;
  if (tail >= priv->capacity)
    tail -= priv->capacity;
  priv->ring[tail] = packet;
  priv->n_packets++;
  priv->n_bytes += size;
  priv->received_packets++;
  priv->received_bytes += size;
  CNS_TRACE_TABLE_FIRE (&priv->traces, TRACE_ENQUEUE, CnsPacketTraceFn, self,
                        packet);
}

/**
 * cns_queue_pop:
 *
 * Takes the head packet and fires Dequeue. For subclasses' dequeue().
 *
 * Returns: (transfer full) (nullable): the packet, or %NULL when empty.
 */
CnsPacket *
cns_queue_pop (CnsQueue *self)
{
  CnsQueuePrivate *priv;
  CnsPacket *packet;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE), NULL);
  priv = cns_queue_get_instance_private (self);
  if (priv->n_packets == 0)
    return NULL;
  packet = priv->ring[priv->head];
  if (++priv->head == priv->capacity)
    priv->head = 0;
  priv->n_packets--;
  priv->n_bytes -= cns_packet_get_size (packet);
  CNS_TRACE_TABLE_FIRE (&priv->traces, TRACE_DEQUEUE, CnsPacketTraceFn, self,
                        packet);
  return packet;
}

/**
 * cns_queue_drop:
 * @packet: (transfer full): a packet the queue will not store
 *
 * Counts @packet as dropped, fires Drop and releases it.
 */
void
cns_queue_drop (CnsQueue *self, CnsPacket *packet)
{
  CnsQueuePrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_QUEUE));
  g_return_if_fail (packet != NULL);
  priv = cns_queue_get_instance_private (self);
  priv->dropped_packets++;
  priv->dropped_bytes += cns_packet_get_size (packet);
  CNS_TRACE_TABLE_FIRE (&priv->traces, TRACE_DROP, CnsPacketTraceFn, self,
                        packet);
  cns_packet_unref (packet);
}

static void
cns_queue_set_property (GObject *object, guint prop_id, const GValue *value,
                        GParamSpec *pspec)
{
  CnsQueue *self = CNS_QUEUE (object);

  switch (prop_id)
    {
    case PROP_MAX_SIZE:
      {
        const CnsQueueSize *size = g_value_get_boxed (value);
        CnsQueueSize unlimited = { CNS_QUEUE_SIZE_PACKETS, G_MAXUINT64 };

        cns_queue_set_max_size (self, size != NULL ? size : &unlimited);
        break;
      }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_queue_get_property (GObject *object, guint prop_id, GValue *value,
                        GParamSpec *pspec)
{
  CnsQueue *self = CNS_QUEUE (object);

  switch (prop_id)
    {
    case PROP_MAX_SIZE:
      {
        CnsQueueSize size;

        cns_queue_get_max_size (self, &size);
        g_value_set_boxed (value, &size);
        break;
      }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
