/* cns — one-way delay statistics of application traffic.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application.h"
#include "network/cns-net-device.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

#define CNS_TYPE_DELAY_MONITOR (cns_delay_monitor_get_type ())
G_DECLARE_FINAL_TYPE (CnsDelayMonitor, cns_delay_monitor, CNS, DELAY_MONITOR,
                      GObject)

CnsDelayMonitor *cns_delay_monitor_new (void);
gboolean cns_delay_monitor_add_source (CnsDelayMonitor *self, CnsNode *node,
                                       GError **error);
gboolean cns_delay_monitor_add_sink (CnsDelayMonitor *self,
                                     CnsApplication *sink, guint32 flow,
                                     guint group, GError **error);
gboolean cns_delay_monitor_count_transmissions (CnsDelayMonitor *self,
                                                CnsNetDevice *device,
                                                GError **error);
void cns_delay_monitor_set_rx_bins (CnsDelayMonitor *self, guint n_groups,
                                    guint n_bins);
void cns_delay_monitor_merge_ranks (CnsDelayMonitor *self);

guint64 cns_delay_monitor_get_tx_packets (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_tx_bytes (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_rx_packets (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_rx_bytes (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_delay_samples (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_transmissions (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_delay_checksum (CnsDelayMonitor *self);
gdouble cns_delay_monitor_get_delay_mean (CnsDelayMonitor *self);
gdouble cns_delay_monitor_get_delay_percentile (CnsDelayMonitor *self,
                                                gdouble fraction);
guint cns_delay_monitor_get_n_delay_bins (CnsDelayMonitor *self);
guint64 cns_delay_monitor_get_delay_bin (CnsDelayMonitor *self, guint bin,
                                         guint64 *low_ns, guint64 *width_ns);
guint64 cns_delay_monitor_get_rx_bytes_in_bin (CnsDelayMonitor *self,
                                               guint group, guint bin);

G_END_DECLS
