/* cns — the flow monitor's probe on one node's IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l3-protocol.h"
#include "stats/cns-flow-classifier-private.h"

G_BEGIN_DECLS

/* What one probe saw of one flow: @flow is the flow's name
 * (CnsFlowRecord::source) in a node's probe, its id in a report. */
typedef struct
{
  guint64 flow;
  guint32 packets;
  guint64 bytes;
  CnsTime delay_sum; /* of the delays since the first probe */
  CnsFlowDrops *drops;
} CnsFlowProbeRecord;

typedef struct
{
  CnsFlowMonitor *monitor;
  CnsFlowClassifier *table; /* its node's */
  CnsIpv4L3Protocol *ipv4;  /* referenced */
  GPtrArray *devices;       /* referenced, their MacTxDrop connected */
  GHashTable *index;        /* flow -> position + 1 in @flows */
  GArray *flows;            /* CnsFlowProbeRecord */
} CnsFlowProbe;

/* A packet handed off to another logical process or rank on the wire:
 * when it arrives there, and when a node of this side last saw it. */
typedef struct
{
  CnsFlowRecord *flow; /* where it was tracked */
  CnsTime last_seen;
  CnsTime arrival;
} CnsFlowWire;

/* A point-to-point device where packets may leave for another logical
 * process (of a parallel run) or MPI rank, and arrive from one. Written
 * by its node's events only. */
typedef struct
{
  CnsFlowMonitor *monitor;
  CnsNetDevice *device;     /* referenced */
  CnsFlowClassifier *table; /* its node's */
  guint32 peer;             /* the node at the other end */
  gboolean remote;          /* on an MPI remote channel: always a border */
  GArray *wire;             /* CnsFlowWire, by arrival, from @head */
  guint head;
} CnsFlowBorder;

G_GNUC_INTERNAL void cns_flow_probe_register_tag (void);
G_GNUC_INTERNAL CnsFlowProbe *cns_flow_probe_new (CnsFlowMonitor *monitor,
                                                  CnsIpv4L3Protocol *ipv4,
                                                  CnsNode *node);
G_GNUC_INTERNAL void cns_flow_probe_free (gpointer data);
G_GNUC_INTERNAL CnsFlowProbeRecord *
cns_flow_probe_records_find (GArray **records, GHashTable **index,
                             guint64 flow);
G_GNUC_INTERNAL void cns_flow_probe_records_free (GArray *records);
G_GNUC_INTERNAL void cns_flow_probe_watch_borders (CnsFlowMonitor *self,
                                                   CnsNode *node);
G_GNUC_INTERNAL void cns_flow_probe_unwatch_borders (CnsFlowMonitor *self);
G_GNUC_INTERNAL void cns_flow_border_check_lost (CnsFlowBorder *border,
                                                 CnsTime now,
                                                 CnsTime max_delay);

G_END_DECLS
