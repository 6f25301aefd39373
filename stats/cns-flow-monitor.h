/* cns — per-flow statistics gathered at the IPv4 layer of nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "core/cns-time.h"
#include "internet/cns-ipv4-address.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

/**
 * CnsFlowFiveTuple:
 * @source: the source address
 * @destination: the destination address
 * @protocol: the IP protocol number (17 for UDP, 6 for TCP)
 * @source_port: the transport source port
 * @destination_port: the transport destination port
 *
 * What identifies a flow (ns-3's Ipv4FlowClassifier::FiveTuple).
 */
typedef struct
{
  CnsIpv4Address source, destination;
  guint8 protocol;
  guint16 source_port, destination_port;
} CnsFlowFiveTuple;

/**
 * CnsFlowStats:
 * @time_first_tx: when the flow's first packet was sent
 * @time_first_rx: when its first packet arrived; 0 while none has
 * @time_last_tx: when its last packet was sent
 * @time_last_rx: when its last packet arrived
 * @delay_sum: the sum of the one-way delays of the packets received
 * @jitter_sum: the sum of |delay - previous delay| over the packets
 *   received after the first
 * @last_delay: the delay of the last packet received
 * @tx_bytes: bytes sent, IPv4 header included
 * @rx_bytes: bytes received, IPv4 header included
 * @tx_packets: packets sent
 * @rx_packets: packets received
 * @lost_packets: packets dropped, plus those that went unseen for
 *   MaxPerHopDelay (even when they turned up later)
 * @times_forwarded: how many times the packets received were forwarded
 *   on their way (hops - 1, summed)
 * @max_delay: the largest delay of a packet received
 * @min_delay: the smallest delay of a packet received; 0 while none has
 *
 * The statistics of one flow, with ns-3's FlowMonitor::FlowStats fields.
 */
typedef struct
{
  CnsTime time_first_tx, time_first_rx, time_last_tx, time_last_rx;
  CnsTime delay_sum, jitter_sum, last_delay;
  guint64 tx_bytes, rx_bytes;
  guint32 tx_packets, rx_packets, lost_packets, times_forwarded;
  CnsTime max_delay, min_delay;
} CnsFlowStats;

/**
 * CnsFlowDropReason:
 * @CNS_FLOW_DROP_NO_ROUTE: no route to the destination
 * @CNS_FLOW_DROP_TTL_EXPIRE: the TTL ran out while forwarding
 * @CNS_FLOW_DROP_BAD_CHECKSUM: a bad IPv4 header checksum
 * @CNS_FLOW_DROP_QUEUE: a device refused the packet (its transmit queue
 *   was full, or its link down)
 * @CNS_FLOW_DROP_QUEUE_DISC: a queue discipline dropped it (no cns
 *   model does yet; the code keeps ns-3's numbering)
 * @CNS_FLOW_DROP_INTERFACE_DOWN: the interface was down
 * @CNS_FLOW_DROP_ROUTE_ERROR: the routing protocol failed
 * @CNS_FLOW_DROP_FRAGMENT_TIMEOUT: a fragment's datagram was not
 *   reassembled in time
 * @CNS_FLOW_DROP_INVALID_REASON: any other IPv4 drop
 * @CNS_FLOW_N_DROP_REASONS: the number of reasons
 *
 * Why a monitored packet was dropped: ns-3's Ipv4FlowProbe::DropReason,
 * whose values are the reasonCode attributes of the XML output.
 */
typedef enum
{
  CNS_FLOW_DROP_NO_ROUTE = 0,
  CNS_FLOW_DROP_TTL_EXPIRE,
  CNS_FLOW_DROP_BAD_CHECKSUM,
  CNS_FLOW_DROP_QUEUE,
  CNS_FLOW_DROP_QUEUE_DISC,
  CNS_FLOW_DROP_INTERFACE_DOWN,
  CNS_FLOW_DROP_ROUTE_ERROR,
  CNS_FLOW_DROP_FRAGMENT_TIMEOUT,
  CNS_FLOW_DROP_INVALID_REASON,
  CNS_FLOW_N_DROP_REASONS
} CnsFlowDropReason;

#define CNS_TYPE_FLOW_MONITOR (cns_flow_monitor_get_type ())
G_DECLARE_FINAL_TYPE (CnsFlowMonitor, cns_flow_monitor, CNS, FLOW_MONITOR,
                      CnsObject)

CnsFlowMonitor *cns_flow_monitor_new (void);
gboolean cns_flow_monitor_add_node (CnsFlowMonitor *self, CnsNode *node);
guint32 cns_flow_monitor_get_n_probes (CnsFlowMonitor *self);

guint32 cns_flow_monitor_get_n_flows (CnsFlowMonitor *self);
const CnsFlowStats *cns_flow_monitor_get_stats (CnsFlowMonitor *self,
                                                guint32 flow_id);
const CnsFlowFiveTuple *cns_flow_monitor_get_five_tuple (CnsFlowMonitor *self,
                                                         guint32 flow_id);
guint32 cns_flow_monitor_find_flow (CnsFlowMonitor *self,
                                    const CnsFlowFiveTuple *tuple);
guint32 cns_flow_monitor_get_delay_histogram (CnsFlowMonitor *self,
                                              guint32 flow_id,
                                              const guint32 **counts);
guint32 *cns_flow_monitor_dup_delay_histogram (CnsFlowMonitor *self,
                                               guint32 flow_id,
                                               guint32 *n_bins);
guint32 cns_flow_monitor_get_packets_dropped (CnsFlowMonitor *self,
                                              guint32 flow_id,
                                              CnsFlowDropReason reason);
guint64 cns_flow_monitor_get_bytes_dropped (CnsFlowMonitor *self,
                                            guint32 flow_id,
                                            CnsFlowDropReason reason);
void cns_flow_monitor_check_for_lost_packets (CnsFlowMonitor *self);
gboolean cns_flow_monitor_write_xml (CnsFlowMonitor *self, const gchar *path,
                                     gboolean histograms, gboolean probes,
                                     GError **error);

G_END_DECLS
