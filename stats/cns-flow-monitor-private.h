/* cns — the flow monitor's state, shared by its classifier, probes,
 * merge and XML writer; and its tables, for the tests of their merging.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "stats/cns-flow-classifier-private.h"
#include "stats/cns-flow-monitor.h"

G_BEGIN_DECLS

/* The statistics the XML reports: every rank's merged. */
typedef struct
{
  GPtrArray *flows;     /* CnsFlowRecord, by id - 1 */
  GHashTable *by_tuple; /* CnsFlowFiveTuple -> CnsFlowRecord */
  GPtrArray *probes;    /* GArray of CnsFlowProbeRecord by id, one per
                           probe */
} CnsFlowReport;

struct _CnsFlowMonitor
{
  CnsObject parent_instance;

  CnsFlowClassifier classifier; /* the flows this rank follows */
  CnsFlowReport *gathered;      /* rank 0's, after a distributed write */
  GPtrArray *probes;            /* CnsFlowProbe */
  GHashTable *by_node;          /* CnsNode -> CnsFlowProbe */
  GHashTable *borders;          /* referenced devices on remote channels, their
                                   PhyTxBegin, PhyRxEnd and PhyRxDrop connected;
                                   NULL until the first node is added */
  GArray *dense;                /* what get_delay_histogram() returned last */
  guint8 serial;                /* names the monitor in the tags */
  CnsTime max_per_hop_delay;
  gdouble delay_bin_width;
  gdouble jitter_bin_width;
  gdouble packet_size_bin_width;
  gdouble interruptions_bin_width;
  CnsTime interruptions_min_time;
  gboolean probe_statistics;
};

GBytes *cns_flow_monitor_serialize_table (CnsFlowMonitor *self);
gboolean cns_flow_monitor_load_tables (CnsFlowMonitor *self, GPtrArray *tables,
                                       GError **error);

G_GNUC_INTERNAL CnsFlowReport *cns_flow_report_merge (GPtrArray *tables,
                                                      GError **error);
G_GNUC_INTERNAL void cns_flow_report_free (CnsFlowReport *report);
G_GNUC_INTERNAL gboolean cns_flow_report_write_xml (
    const CnsFlowReport *report, CnsFlowMonitor *self, const gchar *path,
    gboolean histograms, gboolean probes, GError **error);

G_END_DECLS
