/* cns — installing a flow monitor on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "stats/cns-flow-monitor.h"
#include "network/cns-node-container.h"

G_BEGIN_DECLS

#define CNS_TYPE_FLOW_MONITOR_HELPER (cns_flow_monitor_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsFlowMonitorHelper, cns_flow_monitor_helper, CNS,
                      FLOW_MONITOR_HELPER, GObject)

CnsFlowMonitorHelper *cns_flow_monitor_helper_new (void);
gboolean cns_flow_monitor_helper_set_monitor_attribute (
    CnsFlowMonitorHelper *self, const gchar *name, const gchar *value,
    GError **error);
CnsFlowMonitor *
cns_flow_monitor_helper_install_all (CnsFlowMonitorHelper *self);
CnsFlowMonitor *cns_flow_monitor_helper_install (CnsFlowMonitorHelper *self,
                                                 CnsNodeContainer *nodes);
CnsFlowMonitor *
cns_flow_monitor_helper_install_node (CnsFlowMonitorHelper *self,
                                      CnsNode *node);
CnsFlowMonitor *
cns_flow_monitor_helper_get_monitor (CnsFlowMonitorHelper *self);
gboolean cns_flow_monitor_helper_serialize_to_xml_file (
    CnsFlowMonitorHelper *self, const gchar *path, gboolean histograms,
    gboolean probes, GError **error);

G_END_DECLS
