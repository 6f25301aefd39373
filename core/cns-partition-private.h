/* cns — computing the partition of a parallel run.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-partition.h"

G_BEGIN_DECLS

/* Marks the contexts that belong to no LP: CNS_CONTEXT_NONE, whose events
 * made outside the LPs run between windows. */
#define CNS_PARTITION_LP_NONE G_MAXUINT32

typedef struct
{
  guint32 *lp_of; /* LP of each context + 1; [0] is CNS_PARTITION_LP_NONE */
  CnsPartitionInfo info;
} CnsPartitionResult;

/* Asks the providers for the links among @n_contexts contexts (at least)
 * and groups the contexts into LPs for @n_threads threads: links at
 * least @threshold slow are cut (0: a threshold chosen from the
 * topology). One LP when nothing can be cut. */
G_GNUC_INTERNAL void cns_partition_compute (guint32 n_contexts,
                                            guint n_threads,
                                            CnsTime threshold,
                                            CnsPartitionResult *result);
G_GNUC_INTERNAL void cns_partition_result_clear (CnsPartitionResult *result);
G_GNUC_INTERNAL void cns_partition_reset (void);

G_END_DECLS
