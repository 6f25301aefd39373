/* cns — the partition of a parallel run: nodes grouped into logical
 * processes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-event.h"

G_BEGIN_DECLS

/**
 * CnsPartition:
 *
 * What a parallel run knows of the model when it splits the contexts
 * (nodes) into logical processes (LPs): which contexts send events to
 * which, and how far ahead at least. Modules describe their links to it
 * from a provider (cns_partition_add_provider()); the run then cuts links
 * whose delay is at least a threshold, groups what stays joined into LPs,
 * and takes the smallest delay of a cut link as its lookahead.
 */
typedef struct _CnsPartition CnsPartition;

/**
 * CnsPartitionProvider:
 * @partition: the partition being made
 * @user_data: the data given with the provider
 *
 * Describes a module's links: called when a parallel run starts.
 */
typedef void (*CnsPartitionProvider) (CnsPartition *partition,
                                      gpointer user_data);

void cns_partition_add_provider (CnsPartitionProvider provider,
                                 gpointer user_data);
void cns_partition_add_link (CnsPartition *partition, guint32 a, guint32 b,
                             CnsTime delay);
void cns_partition_set_system_id (CnsPartition *partition, guint32 context,
                                  guint32 system_id);
void cns_partition_set_n_contexts (CnsPartition *partition,
                                   guint32 n_contexts);

void cns_simulator_set_lookahead (CnsTime delay);
CnsTime cns_simulator_get_lookahead (void);

/**
 * CnsPartitionInfo:
 * @n_contexts: contexts partitioned
 * @n_lps: logical processes
 * @n_links: links described by the model
 * @n_cut_links: links between different LPs
 * @threshold: links this slow or slower were cut
 * @lookahead: the smallest delay of an event between LPs
 * @largest_lp: contexts in the largest LP
 *
 * The partition of the last parallel run, for statistics.
 */
typedef struct
{
  guint32 n_contexts;
  guint32 n_lps;
  guint64 n_links;
  guint64 n_cut_links;
  CnsTime threshold;
  CnsTime lookahead;
  guint32 largest_lp;
} CnsPartitionInfo;

G_END_DECLS
