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

/* A flow as one node's table holds it (see cns-flow-classifier.c), or,
 * merged from every table, as the XML reports it (then without a ring).
 * A flow is named by where it was classified: that node and its index
 * there. */
typedef struct _CnsFlowRecord CnsFlowRecord;
struct _CnsFlowRecord
{
  CnsFlowFiveTuple tuple; /* zero unless classified */
  gboolean classified;    /* in the table of its source node */
  guint32 id;             /* in a report: the flow id */
  guint32 node;           /* the node whose table holds it */
  guint32 index;          /* in that table; what tags name */
  guint64 source;         /* its name: CNS_FLOW_SOURCE (node, index) where
                             classified */
  CnsFlowRecord *sink;    /* the record of the node that last received a
                             packet this record tracked */
  CnsFlowStats stats;
  /* packets head .. next - 1 at ring[id & ring_mask]; the ring has
   * ring_mask + 1 entries, or none while ring_mask is 0 and ring NULL */
  CnsFlowTracked *ring;
  guint32 ring_mask;
  guint32 head;
  guint32 next;
  CnsHistogram delay, jitter, size, interruptions;
  CnsFlowDrops *drops;
};

#define CNS_FLOW_SOURCE(node, index)  ((guint64) (node) << 32 | (index))
#define CNS_FLOW_SOURCE_NODE(source)  ((guint32) ((source) >> 32))
#define CNS_FLOW_SOURCE_INDEX(source) ((guint32) (source))

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
G_GNUC_INTERNAL void cns_flow_record_take (CnsFlowRecord *into,
                                           CnsFlowRecord *flow);

G_GNUC_INTERNAL void cns_flow_drops_add (CnsFlowDrops **drops,
                                         CnsFlowDropReason reason,
                                         guint32 packets, guint64 bytes);
G_GNUC_INTERNAL void cns_flow_drops_merge (CnsFlowDrops **into,
                                           const CnsFlowDrops *drops);

G_END_DECLS
