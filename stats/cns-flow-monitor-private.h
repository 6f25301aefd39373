/* cns — the flow monitor's state, shared by its classifier, probes,
 * merge and XML writer; and its tables, for the tests of their merging.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "stats/cns-flow-classifier-private.h"
#include "stats/cns-flow-monitor.h"

G_BEGIN_DECLS

/* The statistics the XML and the getters report: every node's merged,
 * of every rank. */
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

  GPtrArray *tables;       /* CnsFlowClassifier by node id, or NULL */
  CnsFlowReport *gathered; /* rank 0's, after a distributed write */
  CnsFlowReport *view;     /* what the getters read, merged on demand */
  guint64 view_stamp[3];   /* events, time and changes it was merged at */
  guint64 changes;         /* lost-packet checks */
  GPtrArray *probes;       /* CnsFlowProbe */
  GHashTable *by_node;     /* CnsNode -> CnsFlowProbe */
  GPtrArray *borders;      /* CnsFlowBorder: devices where packets cross to
                              another logical process or rank */
  GHashTable *bordered;    /* their devices */
  GArray *dense;           /* what get_delay_histogram() returned last */
  CnsTime last_check;      /* of lost packets, or -1 */
  gint warned;             /* a packet crossed threads unfollowed */
  guint16 rank;            /* this process's MPI rank, in the tags */
  guint8 serial;           /* names the monitor in the tags */
  gboolean parallel;       /* made for a run on threads */
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

G_GNUC_INTERNAL CnsFlowReport *
cns_flow_report_merge (GPtrArray *tables, gboolean partial, GError **error);
G_GNUC_INTERNAL void cns_flow_report_free (CnsFlowReport *report);
G_GNUC_INTERNAL gboolean cns_flow_report_write_xml (
    const CnsFlowReport *report, CnsFlowMonitor *self, const gchar *path,
    gboolean histograms, gboolean probes, GError **error);

G_END_DECLS
