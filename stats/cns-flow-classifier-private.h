/* cns — the flow monitor's classifier: which flow a datagram belongs to.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-header.h"
#include "stats/cns-flow-record-private.h"

G_BEGIN_DECLS

/* The flows one rank's monitor follows. */
typedef struct
{
  GPtrArray *flows;      /* CnsFlowRecord, by index: the flows this rank
                            follows */
  GPtrArray *order;      /* the flows classified here, by id */
  GHashTable *by_tuple;  /* CnsFlowFiveTuple -> CnsFlowRecord, classified
                            here */
  GHashTable *by_source; /* CnsFlowRecord::source -> CnsFlowRecord,
                            classified elsewhere */
  guint32 rank;          /* this process's MPI rank */
} CnsFlowClassifier;

G_GNUC_INTERNAL void cns_flow_classifier_init (CnsFlowClassifier *c);
G_GNUC_INTERNAL void cns_flow_classifier_clear (CnsFlowClassifier *c);
G_GNUC_INTERNAL gboolean cns_flow_classifier_get_tuple (
    const CnsIpv4Header *header, const CnsPacket *packet,
    CnsFlowFiveTuple *tuple);
G_GNUC_INTERNAL CnsFlowRecord *
cns_flow_classifier_classify (CnsFlowClassifier *c,
                              const CnsFlowFiveTuple *tuple, CnsTime now);
G_GNUC_INTERNAL CnsFlowRecord *cns_flow_classifier_peek (CnsFlowClassifier *c,
                                                         guint32 index);
G_GNUC_INTERNAL CnsFlowRecord *
cns_flow_classifier_lookup_source (CnsFlowClassifier *c, guint32 rank,
                                   guint32 index);

G_GNUC_INTERNAL guint cns_flow_five_tuple_hash (gconstpointer key);
G_GNUC_INTERNAL gboolean cns_flow_five_tuple_equal (gconstpointer a,
                                                    gconstpointer b);
G_GNUC_INTERNAL gint cns_flow_record_compare_pointers (gconstpointer a,
                                                       gconstpointer b);

G_END_DECLS
