/* cns — TCP sockets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-socket.h"
#include "internet/cns-tcp-congestion-ops.h"
#include "internet/cns-tcp-header.h"

G_BEGIN_DECLS

/**
 * CnsTcpState:
 * @CNS_TCP_CLOSED: no connection
 * @CNS_TCP_LISTEN: waiting for connection requests
 * @CNS_TCP_SYN_SENT: a SYN sent, waiting for the peer's
 * @CNS_TCP_SYN_RCVD: a SYN received and answered, waiting for its ACK
 * @CNS_TCP_ESTABLISHED: open both ways
 * @CNS_TCP_CLOSE_WAIT: the peer closed; this side may still send
 * @CNS_TCP_LAST_ACK: both closed, waiting for the ACK of this side's FIN
 * @CNS_TCP_FIN_WAIT_1: this side closed, its FIN not yet acknowledged
 * @CNS_TCP_FIN_WAIT_2: this side's FIN acknowledged, the peer's to come
 * @CNS_TCP_CLOSING: both closed at once, waiting for the ACK of this
 *   side's FIN
 * @CNS_TCP_TIME_WAIT: closed, waiting 2 MSL for stray segments
 *
 * The connection states of RFC 9293, in ns-3's order.
 */
typedef enum
{
  CNS_TCP_CLOSED,
  CNS_TCP_LISTEN,
  CNS_TCP_SYN_SENT,
  CNS_TCP_SYN_RCVD,
  CNS_TCP_ESTABLISHED,
  CNS_TCP_CLOSE_WAIT,
  CNS_TCP_LAST_ACK,
  CNS_TCP_FIN_WAIT_1,
  CNS_TCP_FIN_WAIT_2,
  CNS_TCP_CLOSING,
  CNS_TCP_TIME_WAIT,
} CnsTcpState;

const gchar *cns_tcp_state_to_string (CnsTcpState state);

/**
 * CnsTcpCongestionControl:
 * @CNS_TCP_CONGESTION_RENO: Reno, as 4.3BSD-Reno (cns_tcp_reno)
 * @CNS_TCP_CONGESTION_NEW_RENO: NewReno, RFC 5681 and RFC 6582
 *   (cns_tcp_new_reno)
 * @CNS_TCP_CONGESTION_CUBIC: Cubic, RFC 9438 (cns_tcp_cubic)
 *
 * The built-in algorithms, the values of the socket's CongestionControl
 * attribute ("Reno", "NewReno", "Cubic"). Other algorithms are set on a
 * socket with cns_tcp_socket_set_congestion_ops().
 */
typedef enum
{
  CNS_TCP_CONGESTION_RENO,
  CNS_TCP_CONGESTION_NEW_RENO,
  CNS_TCP_CONGESTION_CUBIC,
} CnsTcpCongestionControl;

GType cns_tcp_congestion_control_get_type (void) G_GNUC_CONST;
#define CNS_TYPE_TCP_CONGESTION_CONTROL (cns_tcp_congestion_control_get_type ())

/* Signatures of the socket's trace sources. */
typedef void (*CnsTcpUint32TraceFn) (gpointer source, guint32 old_value,
                                     guint32 new_value, gpointer user_data);
typedef void (*CnsTcpTimeTraceFn) (gpointer source, CnsTime old_value,
                                   CnsTime new_value, gpointer user_data);
typedef void (*CnsTcpStateTraceFn) (gpointer source, CnsTcpState old_state,
                                    CnsTcpState new_state, gpointer user_data);
typedef void (*CnsTcpSegmentTraceFn) (gpointer source, CnsPacket *packet,
                                      const CnsTcpHeader *header,
                                      gpointer user_data);

#define CNS_TYPE_TCP_SOCKET (cns_tcp_socket_get_type ())
G_DECLARE_FINAL_TYPE (CnsTcpSocket, cns_tcp_socket, CNS, TCP_SOCKET, CnsSocket)

CnsTcpState cns_tcp_socket_get_state (CnsTcpSocket *self);
guint32 cns_tcp_socket_get_cwnd (CnsTcpSocket *self);
guint32 cns_tcp_socket_get_ssthresh (CnsTcpSocket *self);
CnsTime cns_tcp_socket_get_rto (CnsTcpSocket *self);
guint32 cns_tcp_socket_get_retransmissions (CnsTcpSocket *self);
void cns_tcp_socket_set_congestion_ops (CnsTcpSocket *self,
                                        const CnsTcpCongestionOps *ops);

G_END_DECLS
