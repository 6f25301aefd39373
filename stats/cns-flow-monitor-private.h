/* cns — the flow monitor's tables, for the tests of their merging.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "stats/cns-flow-monitor.h"

G_BEGIN_DECLS

GBytes *cns_flow_monitor_serialize_table (CnsFlowMonitor *self);
gboolean cns_flow_monitor_load_tables (CnsFlowMonitor *self, GPtrArray *tables,
                                       GError **error);

G_END_DECLS
