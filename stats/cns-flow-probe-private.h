/* cns — the flow monitor's probe on one node's IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l3-protocol.h"
#include "stats/cns-flow-record-private.h"

G_BEGIN_DECLS

/* What one probe saw of one flow: @flow is the flow's index in the
 * monitor's table, or its id in a report. */
typedef struct
{
  guint32 flow;
  guint32 packets;
  guint64 bytes;
  CnsTime delay_sum; /* of the delays since the first probe */
  CnsFlowDrops *drops;
} CnsFlowProbeRecord;

typedef struct
{
  CnsFlowMonitor *monitor;
  CnsIpv4L3Protocol *ipv4; /* referenced */
  GPtrArray *devices;      /* referenced, their MacTxDrop connected */
  GHashTable *index;       /* flow -> position + 1 in @flows */
  GArray *flows;           /* CnsFlowProbeRecord */
} CnsFlowProbe;

G_GNUC_INTERNAL void cns_flow_probe_register_tag (void);
G_GNUC_INTERNAL CnsFlowProbe *cns_flow_probe_new (CnsFlowMonitor *monitor,
                                                  CnsIpv4L3Protocol *ipv4,
                                                  CnsNode *node);
G_GNUC_INTERNAL void cns_flow_probe_free (gpointer data);
G_GNUC_INTERNAL CnsFlowProbeRecord *
cns_flow_probe_records_find (GArray **records, GHashTable **index,
                             guint32 flow);
G_GNUC_INTERNAL void cns_flow_probe_records_free (GArray *records);
G_GNUC_INTERNAL void cns_flow_probe_watch_borders (CnsFlowMonitor *self,
                                                   CnsNode *node);
G_GNUC_INTERNAL void cns_flow_probe_unwatch_borders (CnsFlowMonitor *self);

G_END_DECLS
