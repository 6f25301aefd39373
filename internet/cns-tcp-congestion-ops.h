/* cns — TCP congestion control algorithms: Reno, NewReno, Cubic.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"

G_BEGIN_DECLS

/**
 * CnsTcpCaState:
 * @CNS_TCP_CA_OPEN: no loss suspected
 * @CNS_TCP_CA_DISORDER: duplicate ACKs seen, fewer than the threshold
 * @CNS_TCP_CA_CWR: the window was cut for an explicit congestion signal
 * @CNS_TCP_CA_RECOVERY: fast retransmit done, in fast recovery
 * @CNS_TCP_CA_LOSS: a retransmission timeout fired
 *
 * The congestion states of a TCP sender, as Linux and ns-3 name them.
 */
typedef enum
{
  CNS_TCP_CA_OPEN,
  CNS_TCP_CA_DISORDER,
  CNS_TCP_CA_CWR,
  CNS_TCP_CA_RECOVERY,
  CNS_TCP_CA_LOSS,
} CnsTcpCaState;

/* Bytes of CnsTcpSocketState.data, an algorithm's own state. */
#define CNS_TCP_CONGESTION_DATA_SIZE 64

/**
 * CnsTcpSocketState:
 * @cwnd: the congestion window, bytes
 * @ssthresh: the slow start threshold, bytes
 * @segment_size: the sender's maximum segment size (SMSS), bytes
 * @bytes_in_flight: bytes sent and not yet acknowledged or known lost
 * @ca_state: the congestion state
 * @min_rtt: the smallest round-trip time measured, %CNS_TIME_MAX before
 *   the first measurement
 * @last_rtt: the latest round-trip time measured, 0 before one
 * @data: the algorithm's own state; the socket zeroes it before calling
 *   init()
 *
 * What a congestion control algorithm reads and changes of a connection
 * (ns-3's TcpSocketState): embedded in the socket, no allocation.
 */
typedef struct
{
  guint32 cwnd;
  guint32 ssthresh;
  guint32 segment_size;
  guint32 bytes_in_flight;
  CnsTcpCaState ca_state;
  CnsTime min_rtt;
  CnsTime last_rtt;
  guint64 data[CNS_TCP_CONGESTION_DATA_SIZE / sizeof (guint64)];
} CnsTcpSocketState;

/**
 * CnsTcpCongestionOps:
 * @name: the algorithm's name, the value of the socket's CongestionControl
 *   attribute: "Reno", "NewReno", "Cubic"
 * @partial_ack_recovery: whether fast recovery lasts until every segment
 *   outstanding when it began is acknowledged, retransmitting at each
 *   partial ACK (NewReno, RFC 6582); %FALSE: it ends with the first ACK
 *   of new data (Reno)
 * @init: (nullable): sets up @data when the connection is established
 * @get_ssthresh: the slow start threshold after a loss, given the bytes in
 *   flight when it was detected; the socket sets @ssthresh to it (and,
 *   for a timeout, @cwnd to one segment)
 * @increase_window: grows @cwnd for an ACK that acknowledges
 *   @segments_acked new segments, in the OPEN and DISORDER states
 * @pkts_acked: (nullable): every ACK of new data, with the RTT it measured
 *   (0 when it measured none, as for retransmitted data under Karn's rule)
 * @set_state: (nullable): the congestion state is about to change to
 *   @state (the socket then sets @ca_state)
 *
 * A congestion control algorithm: a static table of functions chosen by
 * name, as ns-3's TcpCongestionOps. The socket does loss detection and
 * recovery and calls these to size the window.
 */
typedef struct
{
  const gchar *name;
  gboolean partial_ack_recovery;
  void (*init) (CnsTcpSocketState *tcb);
  guint32 (*get_ssthresh) (CnsTcpSocketState *tcb, guint32 bytes_in_flight);
  void (*increase_window) (CnsTcpSocketState *tcb, guint32 segments_acked);
  void (*pkts_acked) (CnsTcpSocketState *tcb, guint32 segments_acked,
                      CnsTime rtt);
  void (*set_state) (CnsTcpSocketState *tcb, CnsTcpCaState state);
} CnsTcpCongestionOps;

extern const CnsTcpCongestionOps cns_tcp_reno;
extern const CnsTcpCongestionOps cns_tcp_new_reno;
extern const CnsTcpCongestionOps cns_tcp_cubic;

const CnsTcpCongestionOps *cns_tcp_congestion_ops_lookup (const gchar *name);
void cns_tcp_congestion_ops_register (const CnsTcpCongestionOps *ops);
gchar *cns_tcp_congestion_ops_list_names (void);

G_END_DECLS
