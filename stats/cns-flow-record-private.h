/* cns — one flow as the flow monitor follows it: its statistics, its
 * histograms, its drops and its packets in flight.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "stats/cns-flow-monitor.h"
#include "stats/cns-histogram-private.h"

G_BEGIN_DECLS

/* Drops by reason, allocated at a flow's or probe's first drop; n_reasons
 * is one more than the highest reason seen (ns-3 writes that many). */
typedef struct
{
  guint32 packets[CNS_FLOW_N_DROP_REASONS];
  guint64 bytes[CNS_FLOW_N_DROP_REASONS];
  guint32 n_reasons;
} CnsFlowDrops;

/* A packet in flight. */
typedef struct
{
  CnsTime last_seen;
  guint32 times_forwarded;
  gboolean in_flight;
} CnsFlowTracked;

/* A flow as a rank's monitor follows it, or, merged from every rank's,
 * as the XML reports it (then without a ring). */
typedef struct
{
  CnsFlowFiveTuple tuple; /* zero for a flow classified on another rank */
  guint32 id;             /* 0 for a flow classified on another rank */
  guint32 index;          /* in the monitor's table; what tags name */
  guint64 source;         /* where it was classified: rank << 32 | index */
  CnsFlowStats stats;
  /* packets head .. next - 1 at ring[id & ring_mask]; the ring has
   * ring_mask + 1 entries, or none while ring_mask is 0 and ring NULL */
  CnsFlowTracked *ring;
  guint32 ring_mask;
  guint32 head;
  guint32 next;
  CnsHistogram delay, jitter, size, interruptions;
  CnsFlowDrops *drops;
} CnsFlowRecord;

#define CNS_FLOW_SOURCE(rank, index) ((guint64) (rank) << 32 | (index))

G_GNUC_INTERNAL void cns_flow_record_free (gpointer data);
G_GNUC_INTERNAL CnsFlowTracked *
cns_flow_record_find_tracked (CnsFlowRecord *flow, guint32 id);
G_GNUC_INTERNAL CnsFlowTracked *cns_flow_record_track (CnsFlowRecord *flow,
                                                       CnsTime now,
                                                       CnsTime last_seen,
                                                       CnsTime max_delay);
G_GNUC_INTERNAL void cns_flow_record_retire (CnsFlowRecord *flow,
                                             CnsFlowTracked *t);
G_GNUC_INTERNAL void cns_flow_record_lose (CnsFlowRecord *flow,
                                           CnsFlowTracked *t);
G_GNUC_INTERNAL void cns_flow_record_check_lost (CnsFlowRecord *flow,
                                                 CnsTime now, CnsTime max_delay,
                                                 gboolean head_only);
G_GNUC_INTERNAL void cns_flow_record_merge (CnsFlowRecord *into,
                                            const CnsFlowRecord *flow);

G_GNUC_INTERNAL void cns_flow_drops_add (CnsFlowDrops **drops,
                                         CnsFlowDropReason reason,
                                         guint32 packets, guint64 bytes);
G_GNUC_INTERNAL void cns_flow_drops_merge (CnsFlowDrops **into,
                                           const CnsFlowDrops *drops);

G_END_DECLS
