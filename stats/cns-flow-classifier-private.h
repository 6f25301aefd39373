/* cns — the flow monitor's classifier: which flow a datagram belongs to,
 * and the table of flows one node keeps.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-header.h"
#include "stats/cns-flow-record-private.h"

G_BEGIN_DECLS

/* The flows whose statistics one node's events write: those it sent
 * (classified here), and those it received, or took over from another
 * logical process or MPI rank, classified elsewhere. */
typedef struct
{
  GPtrArray *flows;      /* CnsFlowRecord, by index */
  GHashTable *by_tuple;  /* CnsFlowFiveTuple -> CnsFlowRecord classified
                            here; made at the first */
  GHashTable *by_source; /* CnsFlowRecord::source -> CnsFlowRecord
                            classified elsewhere; made at the first */
  guint32 node;
} CnsFlowClassifier;

G_GNUC_INTERNAL CnsFlowClassifier *cns_flow_classifier_new (guint32 node);
/* The table of @node's flows in @tables (a monitor's, by node id), made
 * when the node is added or watched, before the run: the events of a run
 * only find tables. */
G_GNUC_INTERNAL CnsFlowClassifier *cns_flow_classifier_table_get (GPtrArray *tables,
                                                                  guint32 node);
G_GNUC_INTERNAL void cns_flow_classifier_free (gpointer data);
G_GNUC_INTERNAL gboolean cns_flow_classifier_get_tuple (
    const CnsIpv4Header *header, const CnsPacket *packet,
    CnsFlowFiveTuple *tuple);
G_GNUC_INTERNAL CnsFlowRecord *
cns_flow_classifier_classify (CnsFlowClassifier *c,
                              const CnsFlowFiveTuple *tuple, CnsTime now);
G_GNUC_INTERNAL CnsFlowRecord *cns_flow_classifier_peek (CnsFlowClassifier *c,
                                                         guint32 index);
G_GNUC_INTERNAL CnsFlowRecord *
cns_flow_classifier_lookup_source (CnsFlowClassifier *c, guint64 source);

G_GNUC_INTERNAL guint cns_flow_five_tuple_hash (gconstpointer key);
G_GNUC_INTERNAL gboolean cns_flow_five_tuple_equal (gconstpointer a,
                                                    gconstpointer b);
G_GNUC_INTERNAL gint cns_flow_record_compare_pointers (gconstpointer a,
                                                       gconstpointer b);

G_END_DECLS
