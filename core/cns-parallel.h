/* cns — running one simulation on several threads.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-partition.h"
#include "core/cns-simulator.h"

G_BEGIN_DECLS

/**
 * CnsThreadStats:
 * @events: events the thread ran
 * @lps_run: LPs it ran events of, summed over windows
 * @windows: windows it took part in
 * @busy_s: seconds it ran events in
 * @idle_s: seconds it waited for the other threads
 *
 * What one thread of a parallel run did, for --PrintDistributedStats and
 * --json.
 */
typedef struct
{
  guint64 events;
  guint64 lps_run;
  guint64 windows;
  gdouble busy_s;
  gdouble idle_s;
} CnsThreadStats;

gboolean cns_simulator_get_thread_stats (guint index, CnsThreadStats *out);
gboolean cns_simulator_get_partition_info (CnsPartitionInfo *out);

G_END_DECLS
