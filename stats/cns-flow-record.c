/* cns — one flow as the flow monitor follows it: its statistics, its
 * histograms, its drops and its packets in flight.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's FlowMonitor::FlowStats with the monitor's tracked packets. Per
 * packet nothing is allocated beyond amortised arrays: each flow keeps
 * its packets in flight in a ring indexed by packet id. A ring that
 * fills up first retires its oldest packets that have gone unseen for
 * MaxPerHopDelay, as lost (they would be lost when seen again anyway),
 * and doubles only when that frees nothing, so no periodic event is
 * needed (which would keep a simulation without a stop time from
 * ending).
 */
#include "stats/cns-flow-record-private.h"

/**
 * cns_flow_record_free:
 * @data: (nullable): a #CnsFlowRecord
 */
void
cns_flow_record_free (gpointer data)
{
  CnsFlowRecord *flow = data;

  if (flow == NULL)
    return;
  g_free (flow->ring);
  cns_histogram_clear (&flow->delay);
  cns_histogram_clear (&flow->jitter);
  cns_histogram_clear (&flow->size);
  cns_histogram_clear (&flow->interruptions);
  g_free (flow->drops);
  g_free (flow);
}

/**
 * cns_flow_record_find_tracked:
 * @flow: a flow
 * @id: a packet id of it
 *
 * Returns: the in-flight record of packet @id, or %NULL when the packet
 * is no longer (or never was) in flight.
 */
CnsFlowTracked *
cns_flow_record_find_tracked (CnsFlowRecord *flow, guint32 id)
{
  CnsFlowTracked *t;

  if (id - flow->head >= flow->next - flow->head)
    return NULL;
  t = &flow->ring[id & flow->ring_mask];
  return t->in_flight ? t : NULL;
}

/* Moves the head past packets no longer in flight. */
static void
flow_advance_head (CnsFlowRecord *flow)
{
  while (flow->head != flow->next
         && !flow->ring[flow->head & flow->ring_mask].in_flight)
    flow->head++;
}

/**
 * cns_flow_record_retire:
 * @flow: a flow
 * @t: one of its packets in flight
 *
 * Stops following the packet: it was received, dropped or handed off.
 */
void
cns_flow_record_retire (CnsFlowRecord *flow, CnsFlowTracked *t)
{
  t->in_flight = FALSE;
  flow_advance_head (flow);
}

/**
 * cns_flow_record_lose:
 * @flow: a flow
 * @t: one of its packets in flight
 *
 * Counts the packet as lost and stops following it.
 */
void
cns_flow_record_lose (CnsFlowRecord *flow, CnsFlowTracked *t)
{
  flow->stats.lost_packets++;
  cns_flow_record_retire (flow, t);
}

/**
 * cns_flow_record_check_lost:
 * @flow: a flow
 * @now: the time
 * @max_delay: MaxPerHopDelay
 * @head_only: whether to stop at the first packet not lost
 *
 * Counts as lost every packet of @flow in flight and unseen for
 * @max_delay at @now; only those at the head when @head_only.
 */
void
cns_flow_record_check_lost (CnsFlowRecord *flow, CnsTime now, CnsTime max_delay,
                            gboolean head_only)
{
  for (guint32 id = flow->head; id != flow->next; id++)
    {
      CnsFlowTracked *t = &flow->ring[id & flow->ring_mask];

      if (!t->in_flight)
        continue;
      if (now - t->last_seen >= max_delay)
        {
          t->in_flight = FALSE;
          flow->stats.lost_packets++;
        }
      else if (head_only)
        break;
    }
  flow_advance_head (flow);
}

/**
 * cns_flow_record_track:
 * @flow: a flow
 * @now: the time
 * @last_seen: when the packet was last seen
 * @max_delay: MaxPerHopDelay, after which a packet unseen counts lost
 *
 * Starts tracking a packet of the flow.
 *
 * Returns: its record, whose packet id is flow->next - 1.
 */
CnsFlowTracked *
cns_flow_record_track (CnsFlowRecord *flow, CnsTime now, CnsTime last_seen,
                       CnsTime max_delay)
{
  guint32 capacity = flow->ring != NULL ? flow->ring_mask + 1 : 0;
  CnsFlowTracked *t;

  if (flow->next - flow->head == capacity && capacity > 0)
    cns_flow_record_check_lost (flow, now, max_delay, TRUE);
  if (flow->next - flow->head == capacity)
    {
      guint32 grown = capacity > 0 ? 2 * capacity : 4;
      CnsFlowTracked *ring = g_new (CnsFlowTracked, grown);

      for (guint32 id = flow->head; id != flow->next; id++)
        ring[id & (grown - 1)] = flow->ring[id & flow->ring_mask];
      g_free (flow->ring);
      flow->ring = ring;
      flow->ring_mask = grown - 1;
    }
  t = &flow->ring[flow->next++ & flow->ring_mask];
  *t = (CnsFlowTracked){ last_seen, 0, TRUE };
  return t;
}

/**
 * cns_flow_drops_add:
 * @drops: (inout): the drops, allocated at the first
 * @reason: why
 * @packets: how many packets
 * @bytes: of how many bytes
 */
void
cns_flow_drops_add (CnsFlowDrops **drops, CnsFlowDropReason reason,
                    guint32 packets, guint64 bytes)
{
  if (*drops == NULL)
    *drops = g_new0 (CnsFlowDrops, 1);
  (*drops)->packets[reason] += packets;
  (*drops)->bytes[reason] += bytes;
  (*drops)->n_reasons = MAX ((*drops)->n_reasons, (guint32) reason + 1);
}

/**
 * cns_flow_drops_merge:
 * @into: (inout): the drops added to
 * @drops: (nullable): drops to add
 */
void
cns_flow_drops_merge (CnsFlowDrops **into, const CnsFlowDrops *drops)
{
  if (drops == NULL)
    return;
  for (guint32 r = 0; r < drops->n_reasons; r++)
    cns_flow_drops_add (into, r, drops->packets[r], drops->bytes[r]);
}

/**
 * cns_flow_record_merge:
 * @into: a flow
 * @flow: a part of the same flow, as another rank saw it
 *
 * Adds the statistics of @flow to @into's.
 */
void
cns_flow_record_merge (CnsFlowRecord *into, const CnsFlowRecord *flow)
{
  CnsFlowStats *a = &into->stats;
  const CnsFlowStats *b = &flow->stats;

  if (b->tx_packets > 0)
    {
      if (a->tx_packets == 0 || b->time_first_tx < a->time_first_tx)
        a->time_first_tx = b->time_first_tx;
      a->time_last_tx = MAX (a->time_last_tx, b->time_last_tx);
    }
  if (b->rx_packets > 0)
    {
      if (a->rx_packets == 0)
        {
          a->time_first_rx = b->time_first_rx;
          a->min_delay = b->min_delay;
          a->max_delay = b->max_delay;
        }
      else
        {
          a->time_first_rx = MIN (a->time_first_rx, b->time_first_rx);
          a->min_delay = MIN (a->min_delay, b->min_delay);
          a->max_delay = MAX (a->max_delay, b->max_delay);
        }
      if (a->rx_packets == 0 || b->time_last_rx > a->time_last_rx)
        {
          a->time_last_rx = b->time_last_rx;
          a->last_delay = b->last_delay;
        }
    }
  a->delay_sum += b->delay_sum;
  a->jitter_sum += b->jitter_sum;
  a->tx_bytes += b->tx_bytes;
  a->rx_bytes += b->rx_bytes;
  a->tx_packets += b->tx_packets;
  a->rx_packets += b->rx_packets;
  a->lost_packets += b->lost_packets;
  a->times_forwarded += b->times_forwarded;
  cns_histogram_merge (&into->delay, &flow->delay);
  cns_histogram_merge (&into->jitter, &flow->jitter);
  cns_histogram_merge (&into->size, &flow->size);
  cns_histogram_merge (&into->interruptions, &flow->interruptions);
  cns_flow_drops_merge (&into->drops, flow->drops);
}

/**
 * cns_flow_record_take:
 * @into: a flow of a report
 * @flow: the same flow, merged again
 *
 * Gives @into the id, statistics, histograms and drops of @flow, which
 * loses its histograms and drops: a record handed out stays where it is
 * while the report is merged anew.
 */
void
cns_flow_record_take (CnsFlowRecord *into, CnsFlowRecord *flow)
{
  CnsHistogram *mine[]
      = { &into->delay, &into->jitter, &into->size, &into->interruptions };
  CnsHistogram *theirs[]
      = { &flow->delay, &flow->jitter, &flow->size, &flow->interruptions };

  into->id = flow->id;
  into->stats = flow->stats;
  for (guint i = 0; i < G_N_ELEMENTS (mine); i++)
    {
      CnsHistogram swap = *mine[i];

      *mine[i] = *theirs[i];
      *theirs[i] = swap;
    }
  g_free (into->drops);
  into->drops = g_steal_pointer (&flow->drops);
}
