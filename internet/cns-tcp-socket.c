/* cns — TCP sockets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's TcpSocketBase: a connection over CnsTcpL4Protocol with the
 * state machine of RFC 9293 (simultaneous open and close, resets,
 * TIME_WAIT of 2 MSL), the options of RFC 7323 and RFC 2018 (window
 * scale, timestamps, SACK) negotiated on the SYNs, flow control with the
 * advertised window and zero-window probes, Nagle's algorithm and delayed
 * ACKs, retransmission timeouts per RFC 6298, fast retransmit, NewReno
 * (RFC 6582) or Reno fast recovery, SACK loss recovery (RFC 6675) and
 * limited transmit (RFC 3042). Window growth is the congestion control
 * algorithm's (cns-tcp-congestion-ops.h), chosen by the CongestionControl
 * attribute.
 *
 * Sequence numbers start at 0 on both sides, as in ns-3, so traces read
 * the same from run to run. Round-trip times are measured by timing one
 * segment per window, never a retransmitted one (Karn's rule), to the
 * simulator's resolution; timestamps, when agreed, are echoed (in
 * milliseconds, as ns-3 and Linux send them) but not used for measuring.
 *
 * The bytes live in the send and receive buffers (cns-tcp-tx-buffer.c,
 * cns-tcp-rx-buffer.c), which hold the application's packets and cut
 * segments from them, so the payload bytes and their byte tags arrive as
 * they were sent.
 *
 * Lifetime: the protocol holds a reference to each socket it made, and to
 * each connection a listener accepted, until the connection is closed
 * (CLOSED after LAST_ACK or TIME_WAIT, or reset), so an application may
 * drop its own references once it has closed the socket.
 */
#include "internet/cns-tcp-socket.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "internet/cns-inet-socket-private.h"
#include "internet/cns-tcp-private.h"
#include "internet/cns-tcp-rx-buffer-private.h"
#include "internet/cns-tcp-tx-buffer-private.h"

CNS_LOG_COMPONENT_DEFINE ("cns-tcp-socket");

#define DEFAULT_SND_BUF_SIZE      131072
#define DEFAULT_RCV_BUF_SIZE      131072
#define DEFAULT_SEGMENT_SIZE      536
#define DEFAULT_INITIAL_CWND      10
#define DEFAULT_INITIAL_SSTHRESH  G_MAXUINT32
#define DEFAULT_DEL_ACK_COUNT     2
#define DEFAULT_DEL_ACK_TIMEOUT   (200 * CNS_TIME_PS_PER_MS)
#define DEFAULT_MIN_RTO           CNS_TIME_PS_PER_S
#define DEFAULT_INITIAL_RTO       CNS_TIME_PS_PER_S
#define DEFAULT_CLOCK_GRANULARITY CNS_TIME_PS_PER_MS
#define DEFAULT_MSL               (120 * CNS_TIME_PS_PER_S)
#define DEFAULT_SYN_RETRIES       6
#define DEFAULT_DATA_RETRIES      6
#define DEFAULT_DUP_ACK_THRESHOLD 3
#define MAX_RTO                   (60 * CNS_TIME_PS_PER_S)
#define MAX_WINDOW_SCALE          14
#define DEFAULT_PEER_MSS          536 /* RFC 9293, 3.7.1: without the option */

enum
{
  PROP_0,
  PROP_SND_BUF_SIZE,
  PROP_RCV_BUF_SIZE,
  PROP_SEGMENT_SIZE,
  PROP_INITIAL_CWND,
  PROP_INITIAL_SSTHRESH,
  PROP_DEL_ACK_COUNT,
  PROP_DEL_ACK_TIMEOUT,
  PROP_TCP_NO_DELAY,
  PROP_MIN_RTO,
  PROP_INITIAL_RTO,
  PROP_CLOCK_GRANULARITY,
  PROP_MAX_SEG_LIFETIME,
  PROP_SYN_RETRIES,
  PROP_DATA_RETRIES,
  PROP_RETX_THRESHOLD,
  PROP_SACK,
  PROP_TIMESTAMP,
  PROP_WINDOW_SCALING,
  PROP_LIMITED_TRANSMIT,
  PROP_CONGESTION_CONTROL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* The sources of the socket's trace table. */
enum
{
  TRACE_CWND,
  TRACE_SSTHRESH,
  TRACE_RTT,
  TRACE_RTO,
  TRACE_STATE,
  TRACE_TX,
  TRACE_RX,
  TRACE_RETRANSMISSION,
  TRACE_BYTES_IN_FLIGHT,
  N_TRACES
};

/* Options, as set (WANT_*) and as agreed with the peer on the SYNs. */
enum
{
  OPT_WANT_SACK = 1 << 0,
  OPT_WANT_TS = 1 << 1,
  OPT_WANT_WS = 1 << 2,
  OPT_SACK = 1 << 3,
  OPT_TS = 1 << 4,
  OPT_WS = 1 << 5,
  OPT_NO_DELAY = 1 << 6,
  OPT_LIMITED_TRANSMIT = 1 << 7,
};

/* The socket's flags. */
enum
{
  TCP_CLOSED_BY_APP = 1 << 0, /* close() called: no more calls */
  TCP_SHUTDOWN_SEND = 1 << 1, /* a FIN goes after the data */
  TCP_SHUTDOWN_RECV = 1 << 2,
  TCP_FIN_SENT = 1 << 3,        /* fin_seq is set */
  TCP_PEER_FIN = 1 << 4,        /* the peer's FIN was received in order */
  TCP_IN_DEMUX = 1 << 5,        /* the end point is in the bound table */
  TCP_CONNECTED = 1 << 6,       /* the end point is in the connections */
  TCP_TIMING = 1 << 7,          /* a segment is being timed */
  TCP_PERSIST = 1 << 8,         /* the timer probes a zero window */
  TCP_DETACHED = 1 << 9,        /* the protocol is gone */
  TCP_NOTIFIED_CLOSE = 1 << 10, /* the close callback ran */
  TCP_HAVE_RTT = 1 << 11,       /* srtt and rttvar hold a measurement */
  TCP_FIN_ACKED = 1 << 12,      /* the peer acknowledged our FIN */
  TCP_CLOSE_PENDING = 1 << 13,  /* shut down while connecting */
};

struct _CnsTcpSocket
{
  CnsSocket parent_instance;

  CnsTcpL4Protocol *tcp;     /* not referenced: it holds us */
  CnsIpv4EndPoint end_point; /* ours and the peer's address and port */
  CnsTcpSocket *listener;    /* referenced, until accepted */
  const CnsTcpCongestionOps *cc;
  CnsTcpSocketState tcb;
  CnsTcpTxBuffer tx;
  CnsTcpRxBuffer rx;
  CnsEventId rtx_timer; /* retransmission, zero-window probe or TIME_WAIT */
  CnsEventId delack_timer;
  CnsTraceTable traces;

  /* send sequence space (RFC 9293, 3.3.1); SND.UNA is tx.head_seq */
  guint32 iss;
  guint32 snd_nxt;
  guint32 snd_max; /* past the highest sequence number sent */
  guint32 snd_wnd;
  guint32 snd_wl1;
  guint32 snd_wl2;
  guint32 max_snd_wnd; /* the largest window the peer offered */
  guint32 fin_seq;     /* of this side's FIN, once TCP_FIN_SENT */
  guint32 recover;     /* RFC 6582: snd_max when recovery began */
  guint32 rcv_adv;     /* RCV.NXT + the window last advertised */
  guint32 ts_recent;   /* the peer's timestamp to echo */

  /* round-trip time (RFC 6298) */
  CnsTime srtt;
  CnsTime rttvar;
  CnsTime rto;
  CnsTime rtt_start;
  guint32 rtt_seq; /* the timed segment is acknowledged past this */

  guint32 dup_acks;
  guint32 acked_carry;    /* bytes acknowledged short of a whole segment */
  guint32 delack_pending; /* in-order segments not yet acknowledged */
  guint32 backoffs;       /* timeouts in a row */
  guint32 retransmissions;
  guint16 flags;
  guint8 state;
  guint8 options;
  guint8 snd_wscale; /* the peer's shift */
  guint8 rcv_wscale; /* ours */
  guint8 congestion_control;
  guint8 probes_out; /* zero-window probes in a row with no answer */

  /* attributes */
  guint32 segment_size;
  guint32 initial_cwnd;
  guint32 initial_ssthresh;
  guint32 del_ack_count;
  guint32 syn_retries;
  guint32 data_retries;
  guint32 dup_ack_threshold;
  CnsTime del_ack_timeout;
  CnsTime min_rto;
  CnsTime initial_rto;
  CnsTime clock_granularity;
  CnsTime msl;
};

G_DEFINE_FINAL_TYPE (CnsTcpSocket, cns_tcp_socket, CNS_TYPE_SOCKET)

static void cns_tcp_socket_set_property (GObject *object, guint prop_id,
                                         const GValue *value,
                                         GParamSpec *pspec);
static void cns_tcp_socket_get_property (GObject *object, guint prop_id,
                                         GValue *value, GParamSpec *pspec);
static gboolean tcp_socket_bind (CnsSocket *socket, const CnsAddress *address);
static gboolean tcp_socket_connect (CnsSocket *socket,
                                    const CnsAddress *address);
static gboolean tcp_socket_listen (CnsSocket *socket);
static gint tcp_socket_close (CnsSocket *socket);
static gint tcp_socket_shutdown_send (CnsSocket *socket);
static gint tcp_socket_shutdown_recv (CnsSocket *socket);
static gint tcp_socket_send (CnsSocket *socket, CnsPacket *packet,
                             guint32 flags);
static gint tcp_socket_send_to (CnsSocket *socket, CnsPacket *packet,
                                guint32 flags, const CnsAddress *to);
static CnsPacket *tcp_socket_recv (CnsSocket *socket, guint32 max_size,
                                   guint32 flags);
static CnsPacket *tcp_socket_recv_from (CnsSocket *socket, guint32 max_size,
                                        guint32 flags, CnsAddress *from);
static guint32 tcp_socket_get_tx_available (CnsSocket *socket);
static guint32 tcp_socket_get_rx_available (CnsSocket *socket);
static gboolean tcp_socket_get_sock_name (CnsSocket *socket, CnsAddress *out);
static gboolean tcp_socket_get_peer_name (CnsSocket *socket, CnsAddress *out);
static void tcp_send_pending (CnsTcpSocket *self);
static void tcp_rtx_timeout (gpointer obj, gpointer data);
static void tcp_close_sending (CnsTcpSocket *self);

GType
cns_tcp_congestion_control_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { CNS_TCP_CONGESTION_RENO, "CNS_TCP_CONGESTION_RENO", "Reno" },
    { CNS_TCP_CONGESTION_NEW_RENO, "CNS_TCP_CONGESTION_NEW_RENO", "NewReno" },
    { CNS_TCP_CONGESTION_CUBIC, "CNS_TCP_CONGESTION_CUBIC", "Cubic" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (
        &type, g_enum_register_static (
                   g_intern_static_string ("CnsTcpCongestionControl"), values));
  return type;
}

/**
 * cns_tcp_state_to_string:
 *
 * Returns: ns-3's name of @state, "ESTABLISHED".
 */
const gchar *
cns_tcp_state_to_string (CnsTcpState state)
{
  static const gchar *const names[] = {
    "CLOSED",      "LISTEN",     "SYN_SENT",  "SYN_RCVD",
    "ESTABLISHED", "CLOSE_WAIT", "LAST_ACK",  "FIN_WAIT_1",
    "FIN_WAIT_2",  "CLOSING",    "TIME_WAIT",
  };

  return (guint) state < G_N_ELEMENTS (names) ? names[state] : "?";
}

/* ---- small helpers ---- */

static inline gboolean
tcp_has (CnsTcpSocket *self, guint16 flags)
{
  return (self->flags & flags) != 0;
}

static inline void
tcp_set_flags (CnsTcpSocket *self, guint16 flags, gboolean on)
{
  if (on)
    self->flags |= flags;
  else
    self->flags &= ~flags;
}

static inline guint32
tcp_snd_una (CnsTcpSocket *self)
{
  return self->tx.head_seq;
}

static guint32
tcp_node_id (CnsTcpSocket *self)
{
  CnsNode *node = cns_socket_get_node (CNS_SOCKET (self));

  return node != NULL ? cns_node_get_id (node) : G_MAXUINT32;
}

static void
tcp_set_state (CnsTcpSocket *self, CnsTcpState state)
{
  CnsTcpState old = self->state;

  if (old == state)
    return;
  CNS_LOG_LOGIC ("node %u port %u: %s -> %s", tcp_node_id (self),
                 self->end_point.local_port, cns_tcp_state_to_string (old),
                 cns_tcp_state_to_string (state));
  self->state = state;
  CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_STATE, CnsTcpStateTraceFn, self,
                        old, state);
}

/* Fires the window traces when the congestion control changed them. */
static void
tcp_window_traces (CnsTcpSocket *self, guint32 old_cwnd, guint32 old_ssthresh)
{
  if (self->tcb.cwnd != old_cwnd)
    CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_CWND, CnsTcpUint32TraceFn, self,
                          old_cwnd, self->tcb.cwnd);
  if (self->tcb.ssthresh != old_ssthresh)
    CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_SSTHRESH, CnsTcpUint32TraceFn,
                          self, old_ssthresh, self->tcb.ssthresh);
}

static void
tcp_set_cwnd (CnsTcpSocket *self, guint32 cwnd)
{
  guint32 old = self->tcb.cwnd;

  self->tcb.cwnd = cwnd;
  tcp_window_traces (self, old, self->tcb.ssthresh);
}

static void
tcp_set_ca_state (CnsTcpSocket *self, CnsTcpCaState state)
{
  if (self->tcb.ca_state == state)
    return;
  if (self->cc->set_state != NULL)
    {
      guint32 cwnd = self->tcb.cwnd, ssthresh = self->tcb.ssthresh;

      self->cc->set_state (&self->tcb, state);
      tcp_window_traces (self, cwnd, ssthresh);
    }
  self->tcb.ca_state = state;
}

/* Bytes sent and not yet acknowledged, or, in SACK recovery, the
 * scoreboard's estimate of the bytes still in the network. */
static guint32
tcp_bytes_in_flight (CnsTcpSocket *self)
{
  if ((self->options & OPT_SACK) && self->tx.sacked != NULL)
    return cns_tcp_tx_buffer_get_pipe (&self->tx, self->snd_max,
                                       self->dup_ack_threshold,
                                       self->tcb.segment_size);
  return self->snd_max - tcp_snd_una (self);
}

static void
tcp_update_bytes_in_flight (CnsTcpSocket *self)
{
  guint32 old = self->tcb.bytes_in_flight;

  self->tcb.bytes_in_flight = tcp_bytes_in_flight (self);
  if (old != self->tcb.bytes_in_flight)
    CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_BYTES_IN_FLIGHT,
                          CnsTcpUint32TraceFn, self, old,
                          self->tcb.bytes_in_flight);
}

/* The timestamp clock: milliseconds of simulated time. */
static guint32
tcp_ts_now (void)
{
  return (guint32) (cns_simulator_now () / CNS_TIME_PS_PER_MS);
}

/* ---- timers ---- */

static void
tcp_cancel_rtx (CnsTcpSocket *self)
{
  cns_simulator_cancel (&self->rtx_timer);
  self->rtx_timer = (CnsEventId) CNS_EVENT_ID_INIT;
  tcp_set_flags (self, TCP_PERSIST, FALSE);
}

static void
tcp_start_rtx (CnsTcpSocket *self, CnsTime delay)
{
  cns_simulator_cancel (&self->rtx_timer);
  tcp_set_flags (self, TCP_PERSIST, FALSE);
  self->rtx_timer = cns_simulator_schedule (delay, tcp_rtx_timeout, self, NULL);
}

/* The persist timer (RFC 9293, 3.8.6.1; RFC 1122, 4.2.2.17): the RTO,
 * doubled for each probe in a row, at most MAX_RTO. The probes' backoff
 * is counted in backoffs rather than applied to the RTO, so that the RTO
 * is still the measured one when the window opens again. */
static void
tcp_start_persist (CnsTcpSocket *self)
{
  CnsTime delay = self->rto;

  for (guint32 i = 0; i < self->backoffs && delay < MAX_RTO; i++)
    delay *= 2;
  tcp_start_rtx (self, MIN (delay, MAX_RTO));
  tcp_set_flags (self, TCP_PERSIST, TRUE);
}

static void
tcp_set_rto (CnsTcpSocket *self, CnsTime rto)
{
  CnsTime old = self->rto;

  self->rto = CLAMP (rto, self->min_rto, MAX_RTO);
  if (old != self->rto)
    CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_RTO, CnsTcpTimeTraceFn, self,
                          old, self->rto);
}

/* RFC 6298, 2.2 and 2.3: a new round-trip time sample. */
static void
tcp_rtt_sample (CnsTcpSocket *self, CnsTime r)
{
  CnsTime old = self->tcb.last_rtt;

  if (tcp_has (self, TCP_HAVE_RTT))
    {
      CnsTime delta = self->srtt > r ? self->srtt - r : r - self->srtt;

      self->rttvar = (3 * self->rttvar + delta) / 4;
      self->srtt = (7 * self->srtt + r) / 8;
    }
  else
    {
      self->srtt = r;
      self->rttvar = r / 2;
      tcp_set_flags (self, TCP_HAVE_RTT, TRUE);
    }
  self->tcb.last_rtt = r;
  self->tcb.min_rtt = MIN (self->tcb.min_rtt, r);
  tcp_set_rto (self,
               self->srtt + MAX (self->clock_granularity, 4 * self->rttvar));
  CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_RTT, CnsTcpTimeTraceFn, self, old,
                        r);
}

/* ---- sending ---- */

/* The window to advertise, in bytes (before scaling): from RCV.NXT to
 * the edge of the buffer past the unread data. Out-of-order data inside
 * it does not shrink it, so that the duplicate ACKs a loss causes carry
 * the same window, as RFC 5681's definition of a duplicate ACK needs. */
static guint32
tcp_receive_window (CnsTcpSocket *self)
{
  return self->rx.max_size > self->rx.available
             ? self->rx.max_size - self->rx.available
             : 0;
}

/* Fills the options of a SYN (@syn_ack FALSE) or a SYN-ACK, which carries
 * only those the peer's SYN offered. */
static void
tcp_fill_syn_options (CnsTcpSocket *self, CnsTcpHeader *h, gboolean syn_ack)
{
  guint8 want = self->options;

  h->has_mss = TRUE;
  h->mss = (guint16) MIN (self->segment_size, G_MAXUINT16);
  if (syn_ack ? (want & OPT_WS) != 0 : (want & OPT_WANT_WS) != 0)
    {
      h->has_window_scale = TRUE;
      h->window_scale = self->rcv_wscale;
    }
  h->sack_permitted
      = syn_ack ? (want & OPT_SACK) != 0 : (want & OPT_WANT_SACK) != 0;
  if (syn_ack ? (want & OPT_TS) != 0 : (want & OPT_WANT_TS) != 0)
    {
      h->has_timestamp = TRUE;
      h->ts_value = tcp_ts_now ();
      h->ts_echo = syn_ack ? self->ts_recent : 0;
    }
}

/* Sends a segment: @size bytes from @seq (0 for none), with @flags
 * (ACK is added in every state but SYN_SENT). */
static void
tcp_send_segment (CnsTcpSocket *self, guint32 seq, guint32 size, guint8 flags)
{
  CnsPacket *packet;
  CnsTcpHeader h;
  CnsIpv4Route route;
  guint32 window = tcp_receive_window (self);
  gboolean syn = (flags & CNS_TCP_FLAG_SYN) != 0;

  if (G_UNLIKELY (self->tcp == NULL))
    return;
  /* every segment but the first SYN and a reset answering a SYN-ACK
   * acknowledges */
  if (self->state != CNS_TCP_SYN_SENT)
    flags |= CNS_TCP_FLAG_ACK;
  if (size > 0)
    packet = cns_tcp_tx_buffer_copy (&self->tx, seq, size);
  else
    packet = cns_packet_new (0);
  if (G_UNLIKELY (packet == NULL))
    return;
  size = cns_packet_get_size (packet);
  /* the window field: unscaled on SYNs (RFC 7323, 2.2) */
  if (syn)
    window = MIN (window, G_MAXUINT16);
  else
    window = MIN (window >> self->rcv_wscale, G_MAXUINT16);
  cns_tcp_header_init (&h, self->end_point.local_port,
                       self->end_point.peer_port, seq,
                       (flags & CNS_TCP_FLAG_ACK) ? self->rx.next_seq : 0,
                       flags, (guint16) window);
  if (syn)
    tcp_fill_syn_options (self, &h, (flags & CNS_TCP_FLAG_ACK) != 0);
  else
    {
      if (self->options & OPT_TS)
        {
          h.has_timestamp = TRUE;
          h.ts_value = tcp_ts_now ();
          h.ts_echo = self->ts_recent;
        }
      if ((self->options & OPT_SACK) && cns_tcp_rx_buffer_has_holes (&self->rx))
        h.n_sack_blocks = cns_tcp_rx_buffer_get_sack_blocks (
            &self->rx, h.sack_blocks, (self->options & OPT_TS) ? 3 : 4);
    }
  if (flags & CNS_TCP_FLAG_ACK)
    {
      self->rcv_adv
          = self->rx.next_seq + (syn ? window : window << self->rcv_wscale);
      self->delack_pending = 0;
      cns_simulator_cancel (&self->delack_timer);
    }
  if (!cns_tcp_l4_protocol_route (self->tcp, packet,
                                  self->end_point.peer_address, &route))
    {
      CNS_LOG_LOGIC ("no route to the peer: segment not sent");
      cns_packet_unref (packet);
      return;
    }
  CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_TX, CnsTcpSegmentTraceFn, self,
                        packet, &h);
  /* TTL 0: the IPv4 layer's DefaultTtl (TCP sockets have no IpTtl) */
  cns_tcp_l4_protocol_send (self->tcp, packet, &h,
                            self->end_point.local_address,
                            self->end_point.peer_address, 0, &route);
}

static void
tcp_send_ack (CnsTcpSocket *self)
{
  tcp_send_segment (self, self->snd_nxt, 0, CNS_TCP_FLAG_ACK);
}

/* Sends the data segment [@seq, @seq + @size), and the FIN after it when
 * it ends at the FIN; a segment below snd_max is a retransmission. */
static void
tcp_send_data (CnsTcpSocket *self, guint32 seq, guint32 size, gboolean fin)
{
  gboolean retransmission = CNS_TCP_SEQ_LT (seq, self->snd_max);
  guint32 end = seq + size + (fin ? 1 : 0);
  guint8 flags = fin ? CNS_TCP_FLAG_FIN : 0;

  if (size > 0 && seq + size == cns_tcp_tx_buffer_get_tail_seq (&self->tx))
    flags |= CNS_TCP_FLAG_PSH;
  if (retransmission)
    {
      self->retransmissions++;
      /* Karn: a retransmitted segment is never timed */
      tcp_set_flags (self, TCP_TIMING, FALSE);
      if (self->traces.sources != NULL)
        {
          g_autoptr (CnsPacket) copy
              = size > 0 ? cns_tcp_tx_buffer_copy (&self->tx, seq, size)
                         : cns_packet_new (0);
          CnsTcpHeader h;

          cns_tcp_header_init (&h, self->end_point.local_port,
                               self->end_point.peer_port, seq,
                               self->rx.next_seq, flags | CNS_TCP_FLAG_ACK, 0);
          CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_RETRANSMISSION,
                                CnsTcpSegmentTraceFn, self, copy, &h);
        }
    }
  else if (!tcp_has (self, TCP_TIMING) && size > 0)
    {
      tcp_set_flags (self, TCP_TIMING, TRUE);
      self->rtt_seq = seq + size;
      self->rtt_start = cns_simulator_now ();
    }
  tcp_send_segment (self, seq, size, flags);
  if (CNS_TCP_SEQ_GT (end, self->snd_max))
    self->snd_max = end;
  if (cns_simulator_is_expired (&self->rtx_timer)
      || tcp_has (self, TCP_PERSIST))
    tcp_start_rtx (self, self->rto);
}

/* Whether the window (RFC 1122, 4.2.3.4) and Nagle's algorithm let a
 * segment of @size, less than a full one, go now. */
static gboolean
tcp_may_send_small (CnsTcpSocket *self, guint32 size, guint32 left,
                    guint32 in_flight)
{
  if (size == left && ((self->options & OPT_NO_DELAY) || in_flight == 0))
    return TRUE; /* the last of the data: Nagle waits for the ACKs */
  return self->max_snd_wnd > 0 && size >= self->max_snd_wnd / 2;
}

/* The usable window: the smaller of cwnd and the peer's window, less what
 * is in flight. */
static guint32
tcp_usable_window (CnsTcpSocket *self)
{
  guint32 window = MIN (self->tcb.cwnd, self->snd_wnd);
  guint32 in_flight = self->snd_nxt - tcp_snd_una (self);

  return window > in_flight ? window - in_flight : 0;
}

/* SACK recovery (RFC 6675, 5): while the pipe leaves a segment's room in
 * cwnd, send what NextSeg() names. */
static gboolean
tcp_send_sack_recovery (CnsTcpSocket *self)
{
  guint32 smss = self->tcb.segment_size;
  gboolean sent = FALSE;

  for (;;)
    {
      guint32 pipe = cns_tcp_tx_buffer_get_pipe (&self->tx, self->snd_max,
                                                 self->dup_ack_threshold, smss);
      guint32 seq, size;

      if (pipe + smss > self->tcb.cwnd
          || !cns_tcp_tx_buffer_next_seg (&self->tx, self->snd_max,
                                          self->dup_ack_threshold, smss, &seq,
                                          &size))
        break;
      if (CNS_TCP_SEQ_GEQ (seq, self->snd_max))
        {
          /* new data: also bounded by the peer's window */
          if (CNS_TCP_SEQ_GT (seq + size, tcp_snd_una (self) + self->snd_wnd))
            break;
          self->snd_nxt = seq + size;
        }
      else
        cns_tcp_tx_buffer_mark_retransmitted (&self->tx, seq, size);
      tcp_send_data (self, seq, size, FALSE);
      sent = TRUE;
    }
  return sent;
}

/* Sends what the windows allow: new data (or, after a timeout, data
 * again from snd_nxt), then the FIN once the data is all sent. */
static void
tcp_send_pending (CnsTcpSocket *self)
{
  guint32 smss = self->tcb.segment_size;

  if (self->state != CNS_TCP_ESTABLISHED && self->state != CNS_TCP_CLOSE_WAIT
      && self->state != CNS_TCP_FIN_WAIT_1 && self->state != CNS_TCP_CLOSING
      && self->state != CNS_TCP_LAST_ACK)
    return;
  if ((self->options & OPT_SACK) && self->tcb.ca_state == CNS_TCP_CA_RECOVERY)
    {
      tcp_send_sack_recovery (self);
      tcp_update_bytes_in_flight (self);
      return;
    }
  for (;;)
    {
      guint32 tail, left, usable, in_flight, size, run = G_MAXUINT32;
      gboolean fin;

      /* going back after a timeout: over what the receiver SACKed */
      if ((self->options & OPT_SACK) && self->tx.n_sacked > 0
          && CNS_TCP_SEQ_LT (self->snd_nxt, self->snd_max))
        self->snd_nxt
            = cns_tcp_tx_buffer_next_unsacked (&self->tx, self->snd_nxt, &run);
      tail = cns_tcp_tx_buffer_get_tail_seq (&self->tx);
      left = CNS_TCP_SEQ_LT (self->snd_nxt, tail) ? tail - self->snd_nxt : 0;
      usable = tcp_usable_window (self);
      in_flight = self->snd_nxt - tcp_snd_una (self);
      size = MIN (MIN (MIN (smss, left), usable), run);

      if (left == 0)
        {
          /* the FIN, first time or again after a timeout */
          if (tcp_has (self, TCP_SHUTDOWN_SEND) && self->snd_nxt == tail
              && (!tcp_has (self, TCP_FIN_SENT)
                  || CNS_TCP_SEQ_LEQ (self->snd_nxt, self->fin_seq)))
            {
              /* A closed window takes no FIN (RFC 9293, 3.10.7.4): sent
               * into it, it would be retransmitted until the connection
               * timed out, however the peer answered. It waits, and the
               * persist timer probes the window. */
              if (CNS_TCP_SEQ_GEQ (tail, tcp_snd_una (self) + self->snd_wnd))
                {
                  if (in_flight == 0
                      && cns_simulator_is_expired (&self->rtx_timer))
                    tcp_start_persist (self);
                  break;
                }
              self->fin_seq = tail;
              tcp_set_flags (self, TCP_FIN_SENT, TRUE);
              tcp_send_data (self, tail, 0, TRUE);
              self->snd_nxt = tail + 1;
            }
          break;
        }
      if (size == 0)
        {
          /* a closed window with nothing in flight: probe it */
          if (self->snd_wnd == 0 && in_flight == 0
              && cns_simulator_is_expired (&self->rtx_timer))
            tcp_start_persist (self);
          break;
        }
      /* a hole between SACKed blocks goes whatever its size */
      if (size < smss && run == G_MAXUINT32
          && !tcp_may_send_small (self, size, left, in_flight))
        {
          /* A window too small to use with nothing in flight: no ACK
           * will come to open it if the update that opens it is lost, so
           * the persist timer forces a segment out (the override timeout
           * of RFC 9293, 3.8.6.2.1). */
          if (in_flight == 0 && cns_simulator_is_expired (&self->rtx_timer))
            tcp_start_persist (self);
          break;
        }
      fin = tcp_has (self, TCP_SHUTDOWN_SEND) && size == left;
      if (fin)
        {
          self->fin_seq = tail;
          tcp_set_flags (self, TCP_FIN_SENT, TRUE);
        }
      tcp_send_data (self, self->snd_nxt, size, fin);
      self->snd_nxt += size + (fin ? 1 : 0);
      if (fin)
        break;
    }
  tcp_update_bytes_in_flight (self);
}

/* ---- connection set-up and tear-down ---- */

/* Takes the end point out of both tables. */
static void
tcp_release_end_point (CnsTcpSocket *self)
{
  if (self->tcp == NULL)
    return;
  if (tcp_has (self, TCP_CONNECTED))
    cns_tcp_l4_protocol_remove_connection (self->tcp, &self->end_point);
  if (tcp_has (self, TCP_IN_DEMUX))
    cns_tcp_l4_protocol_unbind (self->tcp, &self->end_point);
  tcp_set_flags (self, TCP_CONNECTED | TCP_IN_DEMUX, FALSE);
}

/* The connection is over: CLOSED, timers stopped, buffers emptied, the
 * end point released and the protocol's reference dropped (which may be
 * the last one). */
static void
tcp_deallocate (CnsTcpSocket *self)
{
  CnsTcpL4Protocol *tcp = self->tcp;

  tcp_set_state (self, CNS_TCP_CLOSED);
  tcp_cancel_rtx (self);
  cns_simulator_cancel (&self->delack_timer);
  cns_tcp_tx_buffer_clear (&self->tx);
  cns_tcp_rx_buffer_clear (&self->rx);
  g_clear_object (&self->listener);
  tcp_release_end_point (self);
  self->tcp = NULL;
  if (tcp != NULL)
    cns_tcp_l4_protocol_remove_socket (tcp, self);
}

static void
tcp_notify_close (CnsTcpSocket *self, gboolean error)
{
  if (tcp_has (self, TCP_NOTIFIED_CLOSE))
    return;
  tcp_set_flags (self, TCP_NOTIFIED_CLOSE, TRUE);
  if (error)
    cns_socket_notify_error_close (CNS_SOCKET (self));
  else
    cns_socket_notify_normal_close (CNS_SOCKET (self));
}

static void
tcp_enter_time_wait (CnsTcpSocket *self)
{
  tcp_set_state (self, CNS_TCP_TIME_WAIT);
  cns_simulator_cancel (&self->delack_timer);
  tcp_start_rtx (self, 2 * self->msl);
}

/* Sends a reset for the connection and closes it. */
static void
tcp_abort (CnsTcpSocket *self)
{
  if (self->state != CNS_TCP_CLOSED && self->state != CNS_TCP_LISTEN
      && self->state != CNS_TCP_SYN_SENT && self->state != CNS_TCP_TIME_WAIT)
    tcp_send_segment (self, self->snd_nxt, 0, CNS_TCP_FLAG_RST);
  tcp_deallocate (self);
}

/* Agrees on the options from the peer's SYN @h and sizes the windows. */
static void
tcp_take_syn_options (CnsTcpSocket *self, const CnsTcpHeader *h)
{
  guint32 peer_mss = h->has_mss && h->mss > 0 ? h->mss : DEFAULT_PEER_MSS;

  self->options &= ~(OPT_SACK | OPT_TS | OPT_WS);
  if ((self->options & OPT_WANT_SACK) && h->sack_permitted)
    self->options |= OPT_SACK;
  if ((self->options & OPT_WANT_TS) && h->has_timestamp)
    {
      self->options |= OPT_TS;
      self->ts_recent = h->ts_value;
    }
  if ((self->options & OPT_WANT_WS) && h->has_window_scale)
    {
      self->options |= OPT_WS;
      self->snd_wscale = MIN (h->window_scale, MAX_WINDOW_SCALE);
    }
  else
    {
      self->snd_wscale = 0;
      self->rcv_wscale = 0;
    }
  self->tcb.segment_size = MIN (self->segment_size, peer_mss);
  self->snd_wnd = h->window; /* never scaled on a SYN */
  self->max_snd_wnd = self->snd_wnd;
  self->snd_wl1 = h->sequence;
  self->snd_wl2 = h->ack;
}

/* The congestion state of a new connection (RFC 5681, 3.1, with the
 * InitialCwnd attribute; one segment when the SYN or the SYN-ACK was
 * sent again, as RFC 5681, 3.1 requires after a lost one). */
static void
tcp_init_congestion (CnsTcpSocket *self)
{
  memset (self->tcb.data, 0, sizeof self->tcb.data);
  self->tcb.cwnd
      = (self->backoffs > 0 ? 1 : self->initial_cwnd) * self->tcb.segment_size;
  self->tcb.ssthresh = self->initial_ssthresh;
  self->tcb.ca_state = CNS_TCP_CA_OPEN;
  if (self->cc->init != NULL)
    self->cc->init (&self->tcb);
  tcp_window_traces (self, 0, 0);
}

/* The shift our window needs to cover the receive buffer (RFC 7323,
 * 2.3). */
static guint8
tcp_window_shift (guint32 buffer)
{
  guint8 shift = 0;

  while (shift < MAX_WINDOW_SCALE && (buffer >> shift) > G_MAXUINT16)
    shift++;
  return shift;
}

static void
tcp_established (CnsTcpSocket *self)
{
  tcp_set_state (self, CNS_TCP_ESTABLISHED);
  tcp_init_congestion (self);
  /* RFC 6298, 5.7: after a SYN timeout, without a round-trip sample
   * (Karn), the data starts with an RTO of 3 s, not the backed-off one */
  if (self->backoffs > 0 && !tcp_has (self, TCP_HAVE_RTT))
    tcp_set_rto (self, MAX (self->initial_rto, 3 * CNS_TIME_PS_PER_S));
  self->backoffs = 0;
  tcp_cancel_rtx (self);
}

/* ---- receiving ---- */

/* RFC 9293, 3.10.7.4, first check: whether a segment of @len bytes at
 * @seq overlaps the receive window. */
static gboolean
tcp_acceptable (CnsTcpSocket *self, guint32 seq, guint32 len)
{
  guint32 nxt = self->rx.next_seq;
  /* the window advertised is not taken back (RFC 9293, 3.8.6.2.2) */
  guint32 advertised
      = CNS_TCP_SEQ_GT (self->rcv_adv, nxt) ? self->rcv_adv - nxt : 0;
  guint32 wnd = MAX (tcp_receive_window (self), advertised);

  if (len == 0)
    return wnd == 0
               ? seq == nxt
               : CNS_TCP_SEQ_LEQ (nxt, seq) && CNS_TCP_SEQ_LT (seq, nxt + wnd);
  if (wnd == 0)
    return FALSE;
  return (CNS_TCP_SEQ_LEQ (nxt, seq) && CNS_TCP_SEQ_LT (seq, nxt + wnd))
         || (CNS_TCP_SEQ_LEQ (nxt, seq + len - 1)
             && CNS_TCP_SEQ_LT (seq + len - 1, nxt + wnd));
}

/* Leaves fast recovery or loss recovery. */
static void
tcp_exit_recovery (CnsTcpSocket *self)
{
  if (self->tcb.ca_state == CNS_TCP_CA_RECOVERY)
    /* RFC 6582, 3.2 step 3: deflate the window */
    tcp_set_cwnd (
        self, MIN (self->tcb.ssthresh, MAX (self->snd_max - tcp_snd_una (self),
                                            self->tcb.segment_size)
                                           + self->tcb.segment_size));
  self->dup_acks = 0;
  cns_tcp_tx_buffer_reset_sack (&self->tx);
  tcp_set_ca_state (self, CNS_TCP_CA_OPEN);
}

/* Fast retransmit (RFC 5681, 3.2; RFC 6675, 5 with SACK). */
static void
tcp_enter_recovery (CnsTcpSocket *self)
{
  guint32 smss = self->tcb.segment_size;
  guint32 cwnd = self->tcb.cwnd, ssthresh = self->tcb.ssthresh;

  self->recover = self->snd_max;
  self->tcb.ssthresh
      = self->cc->get_ssthresh (&self->tcb, tcp_bytes_in_flight (self));
  tcp_set_ca_state (self, CNS_TCP_CA_RECOVERY);
  if (self->options & OPT_SACK)
    {
      self->tcb.cwnd = self->tcb.ssthresh;
      tcp_window_traces (self, cwnd, ssthresh);
      /* the first unacknowledged segment goes first (RFC 6675, 5 step 4) */
      cns_tcp_tx_buffer_mark_retransmitted (&self->tx, tcp_snd_una (self),
                                            smss);
      tcp_send_data (self, tcp_snd_una (self),
                     MIN (smss, self->snd_max - tcp_snd_una (self)), FALSE);
      tcp_send_pending (self);
      return;
    }
  self->tcb.cwnd = self->tcb.ssthresh + self->dup_acks * smss;
  tcp_window_traces (self, cwnd, ssthresh);
  tcp_send_data (self, tcp_snd_una (self),
                 MIN (smss, cns_tcp_tx_buffer_get_tail_seq (&self->tx)
                                - tcp_snd_una (self)),
                 FALSE);
}

static void
tcp_duplicate_ack (CnsTcpSocket *self)
{
  guint32 smss = self->tcb.segment_size;

  self->dup_acks++;
  if (self->tcb.ca_state == CNS_TCP_CA_RECOVERY)
    {
      if (!(self->options & OPT_SACK))
        tcp_set_cwnd (self, self->tcb.cwnd + smss); /* inflation */
      tcp_send_pending (self);
      return;
    }
  if (self->tcb.ca_state == CNS_TCP_CA_LOSS)
    return;
  if (self->dup_acks >= self->dup_ack_threshold
      && CNS_TCP_SEQ_GT (tcp_snd_una (self), self->recover))
    {
      tcp_enter_recovery (self);
      return;
    }
  tcp_set_ca_state (self, CNS_TCP_CA_DISORDER);
  /* RFC 3042: a new segment for each of the first two duplicates */
  if ((self->options & OPT_LIMITED_TRANSMIT)
      && self->dup_acks < self->dup_ack_threshold)
    {
      guint32 tail = cns_tcp_tx_buffer_get_tail_seq (&self->tx);
      guint32 size = CNS_TCP_SEQ_LT (self->snd_nxt, tail)
                         ? MIN (smss, tail - self->snd_nxt)
                         : 0;
      guint32 outstanding = self->snd_max - tcp_snd_una (self);

      if (size > 0 && outstanding + size <= self->tcb.cwnd + 2 * smss
          && CNS_TCP_SEQ_LEQ (self->snd_nxt + size,
                              tcp_snd_una (self) + self->snd_wnd))
        {
          tcp_send_data (self, self->snd_nxt, size, FALSE);
          self->snd_nxt += size;
        }
    }
}

/* A new cumulative ACK of @acked bytes, carried by @h. */
static void
tcp_new_ack (CnsTcpSocket *self, guint32 ack, guint32 acked,
             const CnsTcpHeader *h)
{
  guint32 smss = self->tcb.segment_size;
  guint32 segments;
  CnsTime rtt = 0;
  guint32 cwnd = self->tcb.cwnd, ssthresh = self->tcb.ssthresh;

  /* whole segments, the rest carried to the next ACK; at most two per
   * ACK, one after a timeout (RFC 3465, 2.2 and 2.3), so that an ACK
   * covering a repaired hole does not open the window at once */
  self->acked_carry += acked;
  segments = self->acked_carry / smss;
  self->acked_carry %= smss;
  segments = MIN (segments, self->tcb.ca_state == CNS_TCP_CA_LOSS ? 1 : 2);
  if (tcp_has (self, TCP_TIMING) && CNS_TCP_SEQ_GEQ (ack, self->rtt_seq))
    {
      rtt = cns_simulator_now () - self->rtt_start;
      tcp_set_flags (self, TCP_TIMING, FALSE);
      tcp_rtt_sample (self, rtt);
    }
  else if (self->backoffs > 0 && (self->options & OPT_TS) && h->has_timestamp
           && h->ts_echo != 0)
    {
      /* After a timeout every segment in flight was sent again, so
       * Karn's rule leaves no segment to time and the backed-off RTO
       * would stay until one is; the echoed timestamp tells which
       * transmission this ACK answers (RFC 7323, 4.1), to the
       * timestamp clock's millisecond */
      rtt = (CnsTime) (guint32) (tcp_ts_now () - h->ts_echo)
            * CNS_TIME_PS_PER_MS;
      tcp_rtt_sample (self, rtt);
    }
  if (self->cc->pkts_acked != NULL)
    self->cc->pkts_acked (&self->tcb, segments, rtt);
  self->backoffs = 0;

  switch (self->tcb.ca_state)
    {
    case CNS_TCP_CA_RECOVERY:
      if (CNS_TCP_SEQ_GEQ (ack, self->recover)
          || !self->cc->partial_ack_recovery)
        tcp_exit_recovery (self);
      else if (self->options & OPT_SACK)
        tcp_send_pending (self);
      else
        {
          /* RFC 6582, 3.2 step 5: a partial ACK retransmits the next
           * segment and deflates the window by the data acknowledged */
          guint32 tail = cns_tcp_tx_buffer_get_tail_seq (&self->tx);

          tcp_set_cwnd (self,
                        (self->tcb.cwnd > acked ? self->tcb.cwnd - acked : 0)
                            + (acked >= smss ? smss : 0));
          tcp_send_data (self, ack, MIN (smss, tail - ack), FALSE);
          tcp_start_rtx (self, self->rto);
        }
      break;
    case CNS_TCP_CA_LOSS:
      if (CNS_TCP_SEQ_GEQ (ack, self->recover))
        tcp_set_ca_state (self, CNS_TCP_CA_OPEN);
      self->cc->increase_window (&self->tcb, segments);
      break;
    default:
      self->dup_acks = 0;
      tcp_set_ca_state (self, CNS_TCP_CA_OPEN);
      self->cc->increase_window (&self->tcb, segments);
      break;
    }
  tcp_window_traces (self, cwnd, ssthresh);
}

/* Processes the ACK field of @h in a synchronized state (RFC 9293,
 * 3.10.7.4, fifth check). Returns FALSE when the segment is to be
 * dropped. */
static gboolean
tcp_process_ack (CnsTcpSocket *self, const CnsTcpHeader *h, guint32 len)
{
  guint32 ack = h->ack;
  guint32 una = tcp_snd_una (self);
  guint32 window = (h->flags & CNS_TCP_FLAG_SYN)
                       ? h->window /* a SYN's is never scaled */
                       : (guint32) h->window << self->snd_wscale;
  gboolean window_changed = FALSE;
  gboolean new_sack = FALSE;

  if (CNS_TCP_SEQ_GT (ack, self->snd_max))
    {
      tcp_send_ack (self);
      return FALSE;
    }
  /* the peer is alive: the window probes are answered */
  self->probes_out = 0;
  /* the send window, from the most recent segment (RFC 9293, 3.10.7.4) */
  if (CNS_TCP_SEQ_LEQ (una, ack)
      && (CNS_TCP_SEQ_LT (self->snd_wl1, h->sequence)
          || (self->snd_wl1 == h->sequence
              && CNS_TCP_SEQ_LEQ (self->snd_wl2, ack))))
    {
      window_changed = window != self->snd_wnd;
      self->snd_wnd = window;
      self->max_snd_wnd = MAX (self->max_snd_wnd, window);
      self->snd_wl1 = h->sequence;
      self->snd_wl2 = ack;
      if (window > 0 && tcp_has (self, TCP_PERSIST))
        {
          tcp_cancel_rtx (self);
          self->backoffs = 0;
        }
    }
  if ((self->options & OPT_SACK) && h->n_sack_blocks > 0)
    new_sack = cns_tcp_tx_buffer_update_sack (&self->tx, h->sack_blocks,
                                              h->n_sack_blocks, self->snd_max);
  if (CNS_TCP_SEQ_LT (ack, una))
    return TRUE; /* an old duplicate: ignored */
  if (ack == una)
    {
      /* RFC 5681, 2: a duplicate ACK carries no data and no window
       * change while data is outstanding (SACK news counts, RFC 6675).
       * The answer to a zero-window probe is none: it reports that the
       * window is still closed, not that a segment left the network. */
      if (self->snd_max != una && len == 0 && window > 0
          && !(h->flags & (CNS_TCP_FLAG_SYN | CNS_TCP_FLAG_FIN))
          && (!window_changed || new_sack))
        tcp_duplicate_ack (self);
      else
        tcp_send_pending (self);
      return TRUE;
    }

  /* new data acknowledged; our FIN counts one past the data */
  {
    guint32 tail = cns_tcp_tx_buffer_get_tail_seq (&self->tx);
    guint32 data_ack = CNS_TCP_SEQ_GT (ack, tail) ? tail : ack;
    guint32 acked = ack - una;

    cns_tcp_tx_buffer_discard_up_to (&self->tx, data_ack);
    if (CNS_TCP_SEQ_LT (self->snd_nxt, ack))
      self->snd_nxt = ack;
    tcp_new_ack (self, ack, acked, h);
    if (tcp_has (self, TCP_FIN_SENT) && CNS_TCP_SEQ_GT (ack, self->fin_seq))
      tcp_set_flags (self, TCP_FIN_ACKED, TRUE);
    if (self->snd_max == ack)
      tcp_cancel_rtx (self);
    else
      tcp_start_rtx (self, self->rto);
    if (data_ack != una)
      cns_socket_notify_data_sent (CNS_SOCKET (self), data_ack - una);
    if (!tcp_has (self, TCP_SHUTDOWN_SEND))
      cns_socket_notify_send (CNS_SOCKET (self),
                              cns_tcp_tx_buffer_get_available (&self->tx));
  }
  tcp_send_pending (self);
  return TRUE;
}

/* Whether this side's FIN has been acknowledged. */
static gboolean
tcp_fin_acked (CnsTcpSocket *self)
{
  return tcp_has (self, TCP_FIN_ACKED);
}

/* The peer's FIN was reached in order (RFC 9293, 3.10.7.4, eighth check). */
static void
tcp_peer_fin (CnsTcpSocket *self)
{
  tcp_set_flags (self, TCP_PEER_FIN, TRUE);
  tcp_send_ack (self);
  switch (self->state)
    {
    case CNS_TCP_SYN_RCVD:
    case CNS_TCP_ESTABLISHED:
      tcp_set_state (self, CNS_TCP_CLOSE_WAIT);
      /* the application learns that the peer closed */
      tcp_notify_close (self, FALSE);
      break;
    case CNS_TCP_FIN_WAIT_1:
      if (tcp_fin_acked (self))
        tcp_enter_time_wait (self);
      else
        tcp_set_state (self, CNS_TCP_CLOSING);
      break;
    case CNS_TCP_FIN_WAIT_2:
      tcp_enter_time_wait (self);
      break;
    case CNS_TCP_TIME_WAIT:
      tcp_start_rtx (self, 2 * self->msl);
      break;
    default:
      break;
    }
}

/* Takes the payload of an acceptable segment and acknowledges it now or
 * later (RFC 1122, 4.2.3.2: at least every second full segment, within
 * DelAckTimeout). */
static void tcp_delack_timeout (gpointer obj, gpointer data);

static void
tcp_receive_data (CnsTcpSocket *self, CnsPacket *packet, const CnsTcpHeader *h)
{
  guint32 len = cns_packet_get_size (packet);
  gboolean holes = cns_tcp_rx_buffer_has_holes (&self->rx);
  gboolean ack_now = FALSE;
  CnsTcpRxResult result = CNS_TCP_RX_DUPLICATE;

  if (len > 0)
    {
      result = cns_tcp_rx_buffer_add (&self->rx, packet, h->sequence);
      if (result == CNS_TCP_RX_IN_ORDER)
        {
          CNS_TRACE_TABLE_FIRE (&self->traces, TRACE_RX, CnsTcpSegmentTraceFn,
                                self, packet, h);
          ack_now = holes || cns_tcp_rx_buffer_has_holes (&self->rx);
          if (!ack_now && ++self->delack_pending >= self->del_ack_count)
            ack_now = TRUE;
        }
      else
        ack_now = TRUE; /* out of order, duplicate or beyond the window */
    }
  if (h->flags & CNS_TCP_FLAG_FIN)
    cns_tcp_rx_buffer_set_fin (&self->rx, h->sequence + len);
  if (!tcp_has (self, TCP_PEER_FIN)
      && cns_tcp_rx_buffer_is_finished (&self->rx))
    tcp_peer_fin (self); /* acknowledges */
  else if (ack_now)
    tcp_send_ack (self);
  else if (self->delack_pending > 0
           && cns_simulator_is_expired (&self->delack_timer))
    self->delack_timer = cns_simulator_schedule (
        self->del_ack_timeout, tcp_delack_timeout, self, NULL);
  if (result == CNS_TCP_RX_IN_ORDER && !tcp_has (self, TCP_SHUTDOWN_RECV))
    cns_socket_notify_data_recv (CNS_SOCKET (self));
}

static void
tcp_delack_timeout (gpointer obj, gpointer data)
{
  CnsTcpSocket *self = obj;

  if (self->delack_pending > 0 && self->state != CNS_TCP_CLOSED)
    tcp_send_ack (self);
}

/* A SYN for a listening socket: a new socket for the connection, in
 * SYN_RCVD, with the listener's settings. */
static void
tcp_listener_syn (CnsTcpSocket *self, const CnsTcpHeader *h,
                  CnsIpv4Address source, CnsIpv4Address destination)
{
  CnsInetSocketAddress from = { source, h->source_port };
  CnsAddress address;
  CnsTcpSocket *child;

  cns_inet_socket_address_to_address (&from, &address);
  if (!cns_socket_notify_connection_request (CNS_SOCKET (self), &address))
    return;
  child
      = cns_tcp_socket_new (self->tcp, cns_socket_get_node (CNS_SOCKET (self)));
  /* the listener's settings, attribute by attribute */
  child->segment_size = self->segment_size;
  child->initial_cwnd = self->initial_cwnd;
  child->initial_ssthresh = self->initial_ssthresh;
  child->del_ack_count = self->del_ack_count;
  child->syn_retries = self->syn_retries;
  child->data_retries = self->data_retries;
  child->dup_ack_threshold = self->dup_ack_threshold;
  child->del_ack_timeout = self->del_ack_timeout;
  child->min_rto = self->min_rto;
  child->initial_rto = self->initial_rto;
  child->clock_granularity = self->clock_granularity;
  child->msl = self->msl;
  child->rto = self->initial_rto;
  child->options = self->options & ~(OPT_SACK | OPT_TS | OPT_WS);
  child->cc = self->cc;
  child->congestion_control = self->congestion_control;
  child->tx.max_size = self->tx.max_size;
  child->rx.max_size = self->rx.max_size;

  child->end_point.local_address = destination;
  child->end_point.local_port = self->end_point.local_port;
  child->end_point.peer_address = source;
  child->end_point.peer_port = h->source_port;
  if (!cns_tcp_l4_protocol_add_connection (self->tcp, &child->end_point))
    {
      g_object_unref (child);
      return;
    }
  tcp_set_flags (child, TCP_CONNECTED, TRUE);
  cns_tcp_l4_protocol_add_socket (self->tcp, child);
  child->listener = g_object_ref (self);

  child->rcv_wscale = tcp_window_shift (child->rx.max_size);
  cns_tcp_rx_buffer_init (&child->rx, h->sequence + 1, child->rx.max_size);
  tcp_take_syn_options (child, h);
  child->iss = 0;
  child->recover = child->iss;
  cns_tcp_tx_buffer_init (&child->tx, child->iss + 1, child->tx.max_size);
  tcp_set_state (child, CNS_TCP_SYN_RCVD);
  child->rtt_start = cns_simulator_now ();
  tcp_send_segment (child, child->iss, 0, CNS_TCP_FLAG_SYN);
  child->snd_nxt = child->snd_max = child->iss + 1;
  tcp_start_rtx (child, child->rto);
  g_object_unref (child); /* the protocol holds it */
}

/* A segment for a socket in SYN_SENT (RFC 9293, 3.10.7.3). */
static void
tcp_receive_syn_sent (CnsTcpSocket *self, const CnsTcpHeader *h)
{
  gboolean ack = (h->flags & CNS_TCP_FLAG_ACK) != 0;

  if (ack && h->ack != self->iss + 1)
    {
      if (!(h->flags & CNS_TCP_FLAG_RST))
        tcp_send_segment (self, h->ack, 0, CNS_TCP_FLAG_RST);
      return;
    }
  if (h->flags & CNS_TCP_FLAG_RST)
    {
      if (ack)
        {
          CNS_LOG_LOGIC ("connection refused");
          cns_socket_set_errno (CNS_SOCKET (self),
                                CNS_SOCKET_ERROR_CONNREFUSED);
          tcp_deallocate (self);
          cns_socket_notify_connection_failed (CNS_SOCKET (self));
        }
      return;
    }
  if (!(h->flags & CNS_TCP_FLAG_SYN))
    return;
  cns_tcp_rx_buffer_init (&self->rx, h->sequence + 1, self->rx.max_size);
  tcp_take_syn_options (self, h);
  if (ack)
    {
      self->snd_nxt = self->iss + 1;
      self->snd_wl1 = h->sequence;
      self->snd_wl2 = h->ack;
      tcp_set_flags (self, TCP_TIMING, FALSE);
      if (self->backoffs == 0)
        tcp_rtt_sample (self, cns_simulator_now () - self->rtt_start);
      tcp_established (self);
      tcp_send_ack (self);
      cns_socket_notify_connection_succeeded (CNS_SOCKET (self));
      if (tcp_has (self, TCP_CLOSE_PENDING))
        tcp_close_sending (self);
      else
        tcp_send_pending (self);
      return;
    }
  /* simultaneous open: answer with a SYN-ACK */
  tcp_set_state (self, CNS_TCP_SYN_RCVD);
  tcp_send_segment (self, self->iss, 0, CNS_TCP_FLAG_SYN | CNS_TCP_FLAG_ACK);
  tcp_start_rtx (self, self->rto);
}

/**
 * cns_tcp_socket_receive:
 * @packet: the segment's payload, its header removed; the caller keeps it
 * @header: the segment's TCP header
 *
 * For the protocol: a segment for this socket (RFC 9293, 3.10.7).
 */
void
cns_tcp_socket_receive (CnsTcpSocket *self, CnsPacket *packet,
                        const CnsTcpHeader *h, CnsIpv4Address source,
                        CnsIpv4Address destination)
{
  guint32 len = cns_packet_get_size (packet);
  guint32 seg_len = len + ((h->flags & CNS_TCP_FLAG_SYN) ? 1 : 0)
                    + ((h->flags & CNS_TCP_FLAG_FIN) ? 1 : 0);

  g_object_ref (self); /* a callback may drop the last reference */
  switch (self->state)
    {
    case CNS_TCP_CLOSED:
      break;
    case CNS_TCP_LISTEN:
      if (h->flags & CNS_TCP_FLAG_RST)
        break;
      if (h->flags & CNS_TCP_FLAG_ACK)
        {
          /* reset an ACK to a listener: there is no such connection */
          CnsTcpHeader rst;
          CnsPacket *p = cns_packet_new (0);
          CnsIpv4Route route;

          cns_tcp_header_init (&rst, h->destination_port, h->source_port,
                               h->ack, 0, CNS_TCP_FLAG_RST, 0);
          if (cns_tcp_l4_protocol_route (self->tcp, p, source, &route))
            cns_tcp_l4_protocol_send (self->tcp, p, &rst, destination, source,
                                      0, &route);
          else
            cns_packet_unref (p);
          break;
        }
      if (h->flags & CNS_TCP_FLAG_SYN)
        tcp_listener_syn (self, h, source, destination);
      break;
    case CNS_TCP_SYN_SENT:
      tcp_receive_syn_sent (self, h);
      break;
    default:
      if ((self->options & OPT_TS) && h->has_timestamp
          && CNS_TCP_SEQ_LEQ (h->sequence, self->rx.next_seq))
        self->ts_recent = h->ts_value;
      /* first check: the sequence number (RFC 9293, 3.10.7.4) */
      if (!tcp_acceptable (self, h->sequence, seg_len)
          && !(self->state == CNS_TCP_SYN_RCVD
               && (h->flags & CNS_TCP_FLAG_SYN)))
        {
          if (!(h->flags & CNS_TCP_FLAG_RST))
            tcp_send_ack (self);
          break;
        }
      /* second: a reset */
      if (h->flags & CNS_TCP_FLAG_RST)
        {
          gboolean accepted = self->listener != NULL;

          CNS_LOG_LOGIC ("reset by the peer in %s",
                         cns_tcp_state_to_string (self->state));
          cns_socket_set_errno (CNS_SOCKET (self), CNS_SOCKET_ERROR_CONNRESET);
          tcp_deallocate (self);
          if (!accepted)
            tcp_notify_close (self, TRUE);
          break;
        }
      /* fourth: a SYN in a synchronized state gets an ACK (RFC 5961),
       * but for the SYN-ACK of a simultaneous open: it repeats the SYN
       * taken in SYN_SENT and acknowledges ours, and its ACK completes
       * the hand-shake (RFC 9293, 3.5, figure 7) */
      if ((h->flags & CNS_TCP_FLAG_SYN)
          && !(self->state == CNS_TCP_SYN_RCVD && (h->flags & CNS_TCP_FLAG_ACK)
               && h->ack == self->iss + 1
               && h->sequence + 1 == self->rx.next_seq))
        {
          if (self->state == CNS_TCP_SYN_RCVD)
            tcp_send_segment (self, self->iss, 0,
                              CNS_TCP_FLAG_SYN | CNS_TCP_FLAG_ACK);
          else
            tcp_send_ack (self);
          break;
        }
      /* fifth: the ACK */
      if (!(h->flags & CNS_TCP_FLAG_ACK))
        break;
      if (self->state == CNS_TCP_SYN_RCVD)
        {
          CnsTcpSocket *listener;

          if (h->ack != self->iss + 1)
            {
              tcp_send_segment (self, h->ack, 0, CNS_TCP_FLAG_RST);
              break;
            }
          self->snd_nxt = self->iss + 1;
          /* never scaled on a SYN-ACK */
          self->snd_wnd = (h->flags & CNS_TCP_FLAG_SYN)
                              ? h->window
                              : (guint32) h->window << self->snd_wscale;
          self->max_snd_wnd = MAX (self->max_snd_wnd, self->snd_wnd);
          self->snd_wl1 = h->sequence;
          self->snd_wl2 = h->ack;
          if (self->backoffs == 0)
            tcp_rtt_sample (self, cns_simulator_now () - self->rtt_start);
          tcp_established (self);
          listener = g_steal_pointer (&self->listener);
          if (listener != NULL)
            {
              CnsInetSocketAddress from = { source, h->source_port };
              CnsAddress address;

              cns_inet_socket_address_to_address (&from, &address);
              cns_socket_notify_new_connection_created (
                  CNS_SOCKET (listener), CNS_SOCKET (self), &address);
              g_object_unref (listener);
            }
          else
            cns_socket_notify_connection_succeeded (CNS_SOCKET (self));
        }
      if (!tcp_process_ack (self, h, len))
        break;
      if (self->state == CNS_TCP_CLOSED)
        break;
      if (tcp_fin_acked (self))
        {
          if (self->state == CNS_TCP_FIN_WAIT_1)
            tcp_set_state (self, CNS_TCP_FIN_WAIT_2);
          else if (self->state == CNS_TCP_CLOSING)
            tcp_enter_time_wait (self);
          else if (self->state == CNS_TCP_LAST_ACK)
            {
              tcp_deallocate (self);
              tcp_notify_close (self, FALSE);
              break;
            }
        }
      /* seventh and eighth: the data and the FIN */
      if (self->state == CNS_TCP_ESTABLISHED
          || self->state == CNS_TCP_FIN_WAIT_1
          || self->state == CNS_TCP_FIN_WAIT_2
          || ((h->flags & CNS_TCP_FLAG_FIN) && !tcp_has (self, TCP_PEER_FIN)))
        tcp_receive_data (self, packet, h);
      else if (self->state == CNS_TCP_TIME_WAIT
               && (h->flags & CNS_TCP_FLAG_FIN))
        tcp_peer_fin (self);
      break;
    }
  g_object_unref (self);
}

/* The retransmission timer: SYNs, data, zero-window probes and the end
 * of TIME_WAIT share it, since no two are needed at once. */
/* The peer has not answered DataRetries retransmissions or window
 * probes: the connection is reset and the application told TIMEDOUT. */
static void
tcp_give_up (CnsTcpSocket *self)
{
  CNS_LOG_LOGIC ("giving up after %u timeouts", self->backoffs);
  cns_socket_set_errno (CNS_SOCKET (self), CNS_SOCKET_ERROR_TIMEDOUT);
  tcp_abort (self);
  tcp_notify_close (self, TRUE);
}

static void
tcp_rtx_timeout (gpointer obj, gpointer data)
{
  CnsTcpSocket *self = obj;
  guint32 smss = self->tcb.segment_size;

  self->rtx_timer = (CnsEventId) CNS_EVENT_ID_INIT;
  g_object_ref (self);
  switch (self->state)
    {
    case CNS_TCP_TIME_WAIT:
      tcp_deallocate (self);
      tcp_notify_close (self, FALSE);
      break;
    case CNS_TCP_SYN_SENT:
    case CNS_TCP_SYN_RCVD:
      if (++self->backoffs > self->syn_retries)
        {
          gboolean accepted = self->listener != NULL;

          cns_socket_set_errno (CNS_SOCKET (self), CNS_SOCKET_ERROR_TIMEDOUT);
          tcp_deallocate (self);
          if (!accepted)
            cns_socket_notify_connection_failed (CNS_SOCKET (self));
          break;
        }
      tcp_set_rto (self, self->rto * 2);
      self->retransmissions++;
      tcp_send_segment (self, self->iss, 0,
                        self->state == CNS_TCP_SYN_SENT
                            ? CNS_TCP_FLAG_SYN
                            : CNS_TCP_FLAG_SYN | CNS_TCP_FLAG_ACK);
      tcp_start_rtx (self, self->rto);
      break;
    default:
      if (tcp_has (self, TCP_PERSIST))
        {
          guint32 tail = cns_tcp_tx_buffer_get_tail_seq (&self->tx);
          guint32 usable = tcp_usable_window (self);

          tcp_set_flags (self, TCP_PERSIST, FALSE);
          if (usable > 0 && CNS_TCP_SEQ_LT (self->snd_nxt, tail))
            {
              /* the window is open but too small for the sender's silly
               * window avoidance: what fits goes now, as data */
              guint32 size = MIN (MIN (smss, tail - self->snd_nxt), usable);

              tcp_send_data (self, self->snd_nxt, size, FALSE);
              self->snd_nxt += size;
              tcp_update_bytes_in_flight (self);
              break;
            }
          /* A peer that answers keeps a closed window as long as it
           * likes (RFC 9293, 3.8.6.1); one that stops answering is gone,
           * and after DataRetries probes the sender gives up, as Linux
           * does after its retries. */
          if (self->probes_out >= self->data_retries)
            {
              tcp_give_up (self);
              break;
            }
          /* a zero-window probe: one byte past the window, which the
           * peer answers with its window; with no data left (a FIN
           * waiting), an empty segment below SND.UNA, which the peer
           * finds unacceptable and answers the same way */
          if (CNS_TCP_SEQ_LT (self->snd_nxt, tail))
            {
              tcp_send_segment (self, self->snd_nxt, 1, 0);
              if (CNS_TCP_SEQ_GT (self->snd_nxt + 1, self->snd_max))
                self->snd_max = self->snd_nxt + 1;
            }
          else
            tcp_send_segment (self, tcp_snd_una (self) - 1, 0, 0);
          if (self->probes_out < G_MAXUINT8)
            self->probes_out++;
          self->backoffs++;
          tcp_start_persist (self);
          break;
        }
      if (self->snd_max == tcp_snd_una (self))
        break;
      if (self->backoffs >= self->data_retries)
        {
          tcp_give_up (self);
          break;
        }
      /* RFC 5681, 3.1 and RFC 6298, 5.5 to 5.7 */
      if (self->backoffs == 0)
        {
          guint32 cwnd = self->tcb.cwnd, ssthresh = self->tcb.ssthresh;

          self->tcb.ssthresh = self->cc->get_ssthresh (
              &self->tcb, self->snd_max - tcp_snd_una (self));
          tcp_window_traces (self, cwnd, ssthresh);
        }
      self->backoffs++;
      tcp_set_ca_state (self, CNS_TCP_CA_LOSS);
      tcp_set_cwnd (self, smss);
      self->recover = self->snd_max;
      self->dup_acks = 0;
      /* the scoreboard stays: what the receiver SACKed is not sent again
       * (our receivers never renege), as Linux does */
      tcp_set_flags (self, TCP_TIMING, FALSE);
      self->snd_nxt = tcp_snd_una (self);
      tcp_set_rto (self, self->rto * 2);
      tcp_cancel_rtx (self);
      tcp_send_pending (self);
      if (cns_simulator_is_expired (&self->rtx_timer))
        tcp_start_rtx (self, self->rto);
      break;
    }
  g_object_unref (self);
}

/* ---- the socket API ---- */

static gboolean
tcp_check_open (CnsTcpSocket *self)
{
  if (G_LIKELY (!tcp_has (self, TCP_CLOSED_BY_APP) && self->tcp != NULL))
    return TRUE;
  cns_socket_set_errno (CNS_SOCKET (self), CNS_SOCKET_ERROR_BADF);
  return FALSE;
}

/* Fails a call with @error as the socket's errno. */
static gboolean
tcp_fail (CnsTcpSocket *self, CnsSocketErrno error)
{
  cns_socket_set_errno (CNS_SOCKET (self), error);
  return FALSE;
}

static gboolean
tcp_do_bind (CnsTcpSocket *self, CnsIpv4Address address, guint16 port)
{
  CnsSocketErrno error
      = cns_tcp_l4_protocol_bind (self->tcp, &self->end_point, address, port);

  if (error != CNS_SOCKET_ERROR_NOTERROR)
    return tcp_fail (self, error);
  tcp_set_flags (self, TCP_IN_DEMUX, TRUE);
  return TRUE;
}

static gboolean
tcp_socket_bind (CnsSocket *socket, const CnsAddress *address)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);
  CnsInetSocketAddress local = { { 0 }, 0 };

  if (!tcp_check_open (self)
      || !cns_socket_read_inet_address (socket, address, CNS_SOCKET_ERROR_INVAL,
                                        &local))
    return FALSE;
  if (tcp_has (self, TCP_IN_DEMUX | TCP_CONNECTED))
    return tcp_fail (self, CNS_SOCKET_ERROR_INVAL);
  if (!cns_ipv4_address_is_any (local.address)
      && !cns_tcp_l4_protocol_is_local_address (self->tcp, local.address))
    return tcp_fail (self, CNS_SOCKET_ERROR_ADDRNOTAVAIL);
  return tcp_do_bind (self, local.address, local.port);
}

static gboolean
tcp_socket_connect (CnsSocket *socket, const CnsAddress *address)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);
  CnsInetSocketAddress peer;
  CnsIpv4Route route;
  g_autoptr (CnsPacket) probe = NULL;

  /* the public call refuses a NULL address */
  if (!tcp_check_open (self)
      || !cns_socket_read_inet_address (socket, address,
                                        CNS_SOCKET_ERROR_AFNOSUPPORT, &peer))
    return FALSE;
  if (self->state != CNS_TCP_CLOSED)
    return tcp_fail (self, CNS_SOCKET_ERROR_ISCONN);
  if (!tcp_has (self, TCP_IN_DEMUX)
      && !tcp_do_bind (self, cns_ipv4_address_any (), 0))
    return FALSE;
  probe = cns_packet_new (0);
  if (!cns_tcp_l4_protocol_route (self->tcp, probe, peer.address, &route))
    return tcp_fail (self, CNS_SOCKET_ERROR_NOROUTETOHOST);
  if (cns_ipv4_address_is_any (self->end_point.local_address))
    self->end_point.local_address = route.source;
  cns_ipv4_end_point_set_peer (&self->end_point, peer.address, peer.port);
  if (!cns_tcp_l4_protocol_add_connection (self->tcp, &self->end_point))
    return tcp_fail (self, CNS_SOCKET_ERROR_ADDRINUSE);
  tcp_set_flags (self, TCP_CONNECTED, TRUE);

  self->rcv_wscale = (self->options & OPT_WANT_WS)
                         ? tcp_window_shift (self->rx.max_size)
                         : 0;
  self->iss = 0;
  self->recover = self->iss;
  /* the data starts after the SYN */
  cns_tcp_tx_buffer_init (&self->tx, self->iss + 1, self->tx.max_size);
  tcp_set_state (self, CNS_TCP_SYN_SENT);
  self->rtt_start = cns_simulator_now ();
  tcp_send_segment (self, self->iss, 0, CNS_TCP_FLAG_SYN);
  self->snd_nxt = self->snd_max = self->iss + 1;
  tcp_start_rtx (self, self->rto);
  return TRUE;
}

static gboolean
tcp_socket_listen (CnsSocket *socket)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);

  if (!tcp_check_open (self))
    return FALSE;
  if (self->state != CNS_TCP_CLOSED)
    return tcp_fail (self, CNS_SOCKET_ERROR_INVAL);
  if (!tcp_has (self, TCP_IN_DEMUX)
      && !tcp_do_bind (self, cns_ipv4_address_any (), 0))
    return FALSE;
  tcp_set_state (self, CNS_TCP_LISTEN);
  return TRUE;
}

/* No more data from the application: a FIN follows what is queued. */
static void
tcp_close_sending (CnsTcpSocket *self)
{
  if (tcp_has (self, TCP_SHUTDOWN_SEND))
    return;
  tcp_set_flags (self, TCP_SHUTDOWN_SEND, TRUE);
  switch (self->state)
    {
    case CNS_TCP_SYN_RCVD:
    case CNS_TCP_ESTABLISHED:
      tcp_set_state (self, CNS_TCP_FIN_WAIT_1);
      tcp_send_pending (self);
      break;
    case CNS_TCP_CLOSE_WAIT:
      tcp_set_state (self, CNS_TCP_LAST_ACK);
      tcp_send_pending (self);
      break;
    default:
      break;
    }
}

static gint
tcp_socket_close (CnsSocket *socket)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);

  if (tcp_has (self, TCP_CLOSED_BY_APP))
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_BADF);
      return -1;
    }
  tcp_set_flags (self, TCP_CLOSED_BY_APP | TCP_SHUTDOWN_RECV, TRUE);
  switch (self->state)
    {
    case CNS_TCP_CLOSED:
    case CNS_TCP_LISTEN:
    case CNS_TCP_SYN_SENT:
      tcp_deallocate (self);
      break;
    default:
      /* unread data is lost: RFC 9293, 3.10.4 answers with a reset */
      if (self->rx.available > 0)
        tcp_abort (self);
      else
        tcp_close_sending (self);
      break;
    }
  return 0;
}

static gint
tcp_socket_shutdown_send (CnsSocket *socket)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);

  if (!tcp_check_open (self))
    return -1;
  if (self->state == CNS_TCP_SYN_SENT)
    {
      tcp_set_flags (self, TCP_CLOSE_PENDING, TRUE);
      return 0;
    }
  if (self->state == CNS_TCP_CLOSED || self->state == CNS_TCP_LISTEN)
    {
      tcp_set_flags (self, TCP_SHUTDOWN_SEND, TRUE);
      return 0;
    }
  tcp_close_sending (self);
  return 0;
}

static gint
tcp_socket_shutdown_recv (CnsSocket *socket)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);

  if (!tcp_check_open (self))
    return -1;
  tcp_set_flags (self, TCP_SHUTDOWN_RECV, TRUE);
  return 0;
}

static gint
tcp_socket_send (CnsSocket *socket, CnsPacket *packet, guint32 flags)
{
  CnsTcpSocket *self = (CnsTcpSocket *) socket;
  guint32 size = cns_packet_get_size (packet);
  CnsSocketErrno error = CNS_SOCKET_ERROR_NOTERROR;

  if (tcp_has (self, TCP_CLOSED_BY_APP) || self->tcp == NULL)
    error = CNS_SOCKET_ERROR_BADF;
  else if (tcp_has (self, TCP_SHUTDOWN_SEND))
    error = CNS_SOCKET_ERROR_SHUTDOWN;
  else if (self->state != CNS_TCP_ESTABLISHED
           && self->state != CNS_TCP_CLOSE_WAIT
           && self->state != CNS_TCP_SYN_SENT
           && self->state != CNS_TCP_SYN_RCVD)
    error = CNS_SOCKET_ERROR_NOTCONN;
  else if (size > cns_tcp_tx_buffer_get_available (&self->tx))
    error = CNS_SOCKET_ERROR_MSGSIZE;
  if (error != CNS_SOCKET_ERROR_NOTERROR)
    {
      cns_socket_set_errno (socket, error);
      cns_packet_unref (packet);
      return -1;
    }
  /* the bytes are the socket's now; tags and all */
  cns_tcp_tx_buffer_add (&self->tx, packet);
  tcp_send_pending (self);
  return (gint) size;
}

static gint
tcp_socket_send_to (CnsSocket *socket, CnsPacket *packet, guint32 flags,
                    const CnsAddress *to)
{
  /* TCP sends to its peer whatever @to says, as ns-3 does */
  return tcp_socket_send (socket, packet, flags);
}

static CnsPacket *
tcp_socket_recv (CnsSocket *socket, guint32 max_size, guint32 flags)
{
  CnsTcpSocket *self = (CnsTcpSocket *) socket;
  CnsPacket *packet;
  guint32 before;

  if (self->rx.available == 0)
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_AGAIN);
      return NULL;
    }
  before = tcp_receive_window (self);
  packet = cns_tcp_rx_buffer_extract (&self->rx, max_size);
  /* a read that opens the window past the one last advertised by two
   * segments, or by half the buffer, announces it at once (RFC 1122,
   * 4.2.3.3). A window that was that far past it before the read (the
   * SYN's 16 bits hold less than the buffer) is not news from the read:
   * it goes with the next ACK, which the data arriving brings. */
  if (packet != NULL && self->state != CNS_TCP_CLOSED
      && self->state != CNS_TCP_LISTEN && self->state != CNS_TCP_SYN_SENT
      && !tcp_has (self, TCP_PEER_FIN))
    {
      guint64 after = tcp_receive_window (self);
      guint64 advertised = CNS_TCP_SEQ_GT (self->rcv_adv, self->rx.next_seq)
                               ? self->rcv_adv - self->rx.next_seq
                               : 0;
      guint64 enough
          = advertised
            + MIN (2 * (guint64) self->tcb.segment_size, self->rx.max_size / 2);

      if (after >= enough && before < enough)
        tcp_send_ack (self);
    }
  return packet;
}

static CnsPacket *
tcp_socket_recv_from (CnsSocket *socket, guint32 max_size, guint32 flags,
                      CnsAddress *from)
{
  CnsTcpSocket *self = (CnsTcpSocket *) socket;
  CnsPacket *packet = tcp_socket_recv (socket, max_size, flags);

  if (packet != NULL && from != NULL)
    {
      CnsInetSocketAddress peer
          = { self->end_point.peer_address, self->end_point.peer_port };

      cns_inet_socket_address_to_address (&peer, from);
    }
  return packet;
}

static guint32
tcp_socket_get_tx_available (CnsSocket *socket)
{
  return cns_tcp_tx_buffer_get_available (&CNS_TCP_SOCKET (socket)->tx);
}

static guint32
tcp_socket_get_rx_available (CnsSocket *socket)
{
  return CNS_TCP_SOCKET (socket)->rx.available;
}

static gboolean
tcp_socket_get_sock_name (CnsSocket *socket, CnsAddress *out)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);
  CnsInetSocketAddress local
      = { self->end_point.local_address, self->end_point.local_port };

  if (!tcp_has (self, TCP_IN_DEMUX | TCP_CONNECTED))
    return FALSE;
  cns_inet_socket_address_to_address (&local, out);
  return TRUE;
}

static gboolean
tcp_socket_get_peer_name (CnsSocket *socket, CnsAddress *out)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (socket);
  CnsInetSocketAddress peer
      = { self->end_point.peer_address, self->end_point.peer_port };

  if (!tcp_has (self, TCP_CONNECTED))
    {
      cns_socket_set_errno (socket, CNS_SOCKET_ERROR_NOTCONN);
      return FALSE;
    }
  cns_inet_socket_address_to_address (&peer, out);
  return TRUE;
}

/* ---- the object ---- */

static void
cns_tcp_socket_dispose (GObject *object)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (object);

  cns_simulator_cancel (&self->rtx_timer);
  cns_simulator_cancel (&self->delack_timer);
  tcp_release_end_point (self);
  g_clear_object (&self->listener);
  G_OBJECT_CLASS (cns_tcp_socket_parent_class)->dispose (object);
}

static void
cns_tcp_socket_finalize (GObject *object)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (object);

  cns_tcp_tx_buffer_clear (&self->tx);
  cns_tcp_rx_buffer_clear (&self->rx);
  G_OBJECT_CLASS (cns_tcp_socket_parent_class)->finalize (object);
}

static void
install_uint (guint id, const gchar *name, const gchar *nick,
              const gchar *blurb, guint32 min, guint32 max, guint32 def)
{
  properties[id]
      = g_param_spec_uint (name, nick, blurb, min, max, def,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
install_time (guint id, const gchar *name, const gchar *nick,
              const gchar *blurb, CnsTime min, CnsTime def)
{
  properties[id]
      = cns_param_spec_time (name, nick, blurb, min, CNS_TIME_MAX, def,
                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
install_boolean (guint id, const gchar *name, const gchar *nick,
                 const gchar *blurb, gboolean def)
{
  properties[id] = g_param_spec_boolean (
      name, nick, blurb, def, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
install_trace (GObjectClass *klass, const gchar *name, const gchar *blurb,
               const gchar *signature, guint index)
{
  cns_trace_source_install_in_table (
      G_TYPE_FROM_CLASS (klass), name, blurb, signature,
      G_STRUCT_OFFSET (CnsTcpSocket, traces), index, N_TRACES);
}

static void
cns_tcp_socket_class_init (CnsTcpSocketClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsSocketClass *socket_class = CNS_SOCKET_CLASS (klass);

  object_class->dispose = cns_tcp_socket_dispose;
  object_class->finalize = cns_tcp_socket_finalize;
  object_class->set_property = cns_tcp_socket_set_property;
  object_class->get_property = cns_tcp_socket_get_property;

  socket_class->bind = tcp_socket_bind;
  socket_class->connect = tcp_socket_connect;
  socket_class->listen = tcp_socket_listen;
  socket_class->close = tcp_socket_close;
  socket_class->shutdown_send = tcp_socket_shutdown_send;
  socket_class->shutdown_recv = tcp_socket_shutdown_recv;
  socket_class->send = tcp_socket_send;
  socket_class->send_to = tcp_socket_send_to;
  socket_class->recv = tcp_socket_recv;
  socket_class->recv_from = tcp_socket_recv_from;
  socket_class->get_tx_available = tcp_socket_get_tx_available;
  socket_class->get_rx_available = tcp_socket_get_rx_available;
  socket_class->get_sock_name = tcp_socket_get_sock_name;
  socket_class->get_peer_name = tcp_socket_get_peer_name;
  cns_inet_socket_class_init (socket_class);

  install_uint (PROP_SND_BUF_SIZE, "snd-buf-size", "Send buffer size",
                "Bytes the socket holds for sending: sent and not yet "
                "acknowledged, and not yet sent",
                1, G_MAXUINT32, DEFAULT_SND_BUF_SIZE);
  install_uint (PROP_RCV_BUF_SIZE, "rcv-buf-size", "Receive buffer size",
                "Bytes the socket holds of received data not yet read; the "
                "window it advertises is what is left",
                1, G_MAXUINT32, DEFAULT_RCV_BUF_SIZE);
  install_uint (PROP_SEGMENT_SIZE, "segment-size", "Segment size",
                "The largest payload of a segment (the MSS offered); the "
                "peer's MSS may lower it",
                1, G_MAXUINT16, DEFAULT_SEGMENT_SIZE);
  install_uint (PROP_INITIAL_CWND, "initial-cwnd", "Initial congestion window",
                "The congestion window a connection starts with, in segments",
                1, G_MAXUINT16, DEFAULT_INITIAL_CWND);
  install_uint (PROP_INITIAL_SSTHRESH, "initial-slow-start-threshold",
                "Initial slow start threshold",
                "The slow start threshold a connection starts with, in bytes",
                0, G_MAXUINT32, DEFAULT_INITIAL_SSTHRESH);
  install_uint (PROP_DEL_ACK_COUNT, "del-ack-count", "Delayed ACK count",
                "In-order segments received before an ACK goes at once; 1 "
                "acknowledges every segment",
                1, G_MAXUINT16, DEFAULT_DEL_ACK_COUNT);
  install_time (PROP_DEL_ACK_TIMEOUT, "del-ack-timeout", "Delayed ACK timeout",
                "How long an ACK may wait for a second segment", 0,
                DEFAULT_DEL_ACK_TIMEOUT);
  install_boolean (PROP_TCP_NO_DELAY, "tcp-no-delay", "No delay",
                   "Send small segments at once: TRUE turns Nagle's "
                   "algorithm off",
                   TRUE);
  install_time (PROP_MIN_RTO, "min-rto", "Minimum RTO",
                "The smallest retransmission timeout (RFC 6298: 1 s)",
                CNS_TIME_PS_PER_MS, DEFAULT_MIN_RTO);
  install_time (PROP_INITIAL_RTO, "initial-rto", "Initial RTO",
                "The retransmission timeout before a round-trip time is "
                "measured (RFC 6298: 1 s)",
                CNS_TIME_PS_PER_MS, DEFAULT_INITIAL_RTO);
  install_time (PROP_CLOCK_GRANULARITY, "clock-granularity",
                "Clock granularity",
                "The timer granularity G of RFC 6298's RTO = SRTT + max (G, "
                "4 RTTVAR)",
                0, DEFAULT_CLOCK_GRANULARITY);
  install_time (
      PROP_MAX_SEG_LIFETIME, "max-seg-lifetime", "Maximum segment lifetime",
      "MSL: a closed connection waits 2 MSL in TIME_WAIT", 0, DEFAULT_MSL);
  install_uint (PROP_SYN_RETRIES, "syn-retries", "SYN retries",
                "SYN retransmissions before connecting fails", 0, 255,
                DEFAULT_SYN_RETRIES);
  install_uint (PROP_DATA_RETRIES, "data-retries", "Data retries",
                "Retransmission timeouts in a row, or zero-window probes "
                "the peer leaves unanswered, before the connection is reset",
                0, 255, DEFAULT_DATA_RETRIES);
  install_uint (PROP_RETX_THRESHOLD, "re-tx-threshold",
                "Duplicate ACK threshold",
                "Duplicate ACKs that trigger fast retransmit", 1, 255,
                DEFAULT_DUP_ACK_THRESHOLD);
  install_boolean (PROP_SACK, "sack", "SACK",
                   "Offer selective acknowledgments (RFC 2018) and recover "
                   "losses with them (RFC 6675)",
                   TRUE);
  install_boolean (PROP_TIMESTAMP, "timestamp", "Timestamps",
                   "Offer the timestamp option (RFC 7323)", TRUE);
  install_boolean (PROP_WINDOW_SCALING, "window-scaling", "Window scaling",
                   "Offer window scaling (RFC 7323), for windows over 64 KB",
                   TRUE);
  install_boolean (PROP_LIMITED_TRANSMIT, "limited-transmit",
                   "Limited transmit",
                   "Send a new segment for each of the first duplicate ACKs "
                   "(RFC 3042)",
                   TRUE);
  properties[PROP_CONGESTION_CONTROL] = g_param_spec_enum (
      "congestion-control", "Congestion control",
      "The congestion control algorithm: Reno, NewReno or Cubic",
      CNS_TYPE_TCP_CONGESTION_CONTROL, CNS_TCP_CONGESTION_NEW_RENO,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  install_trace (object_class, "CongestionWindow",
                 "The congestion window changed (bytes)", "CnsTcpUint32TraceFn",
                 TRACE_CWND);
  install_trace (object_class, "SlowStartThreshold",
                 "The slow start threshold changed (bytes)",
                 "CnsTcpUint32TraceFn", TRACE_SSTHRESH);
  install_trace (object_class, "RTT", "A round-trip time was measured",
                 "CnsTcpTimeTraceFn", TRACE_RTT);
  install_trace (object_class, "RTO", "The retransmission timeout changed",
                 "CnsTcpTimeTraceFn", TRACE_RTO);
  install_trace (object_class, "State", "The connection state changed",
                 "CnsTcpStateTraceFn", TRACE_STATE);
  install_trace (object_class, "Tx", "A segment was sent (its header)",
                 "CnsTcpSegmentTraceFn", TRACE_TX);
  install_trace (object_class, "Rx",
                 "A segment with new in-order data was received",
                 "CnsTcpSegmentTraceFn", TRACE_RX);
  install_trace (object_class, "Retransmission", "A segment was sent again",
                 "CnsTcpSegmentTraceFn", TRACE_RETRANSMISSION);
  install_trace (object_class, "BytesInFlight", "The bytes in flight changed",
                 "CnsTcpUint32TraceFn", TRACE_BYTES_IN_FLIGHT);
}

static void
cns_tcp_socket_init (CnsTcpSocket *self)
{
  self->segment_size = DEFAULT_SEGMENT_SIZE;
  self->initial_cwnd = DEFAULT_INITIAL_CWND;
  self->initial_ssthresh = DEFAULT_INITIAL_SSTHRESH;
  self->del_ack_count = DEFAULT_DEL_ACK_COUNT;
  self->del_ack_timeout = DEFAULT_DEL_ACK_TIMEOUT;
  self->min_rto = DEFAULT_MIN_RTO;
  self->initial_rto = DEFAULT_INITIAL_RTO;
  self->clock_granularity = DEFAULT_CLOCK_GRANULARITY;
  self->msl = DEFAULT_MSL;
  self->syn_retries = DEFAULT_SYN_RETRIES;
  self->data_retries = DEFAULT_DATA_RETRIES;
  self->dup_ack_threshold = DEFAULT_DUP_ACK_THRESHOLD;
  self->options = OPT_WANT_SACK | OPT_WANT_TS | OPT_WANT_WS | OPT_NO_DELAY
                  | OPT_LIMITED_TRANSMIT;
  self->congestion_control = CNS_TCP_CONGESTION_NEW_RENO;
  self->cc = &cns_tcp_new_reno;
  self->rto = DEFAULT_INITIAL_RTO;
  self->tcb.segment_size = DEFAULT_SEGMENT_SIZE;
  self->tcb.min_rtt = CNS_TIME_MAX;
  cns_tcp_tx_buffer_init (&self->tx, 0, DEFAULT_SND_BUF_SIZE);
  cns_tcp_rx_buffer_init (&self->rx, 0, DEFAULT_RCV_BUF_SIZE);
}

/**
 * cns_tcp_socket_new:
 * @tcp: the protocol the socket belongs to
 * @node: its node
 *
 * For the protocol. Returns: (transfer full): a closed socket with the
 * attribute defaults.
 */
CnsTcpSocket *
cns_tcp_socket_new (CnsTcpL4Protocol *tcp, CnsNode *node)
{
  CnsTcpSocket *self = cns_object_new (CNS_TYPE_TCP_SOCKET, NULL);

  self->tcp = tcp;
  cns_socket_set_node (CNS_SOCKET (self), node);
  return self;
}

/**
 * cns_tcp_socket_detach:
 *
 * For the protocol, when it goes away (with its node) before the socket:
 * forgets the protocol and the node, leaving the socket closed.
 */
void
cns_tcp_socket_detach (CnsTcpSocket *self)
{
  cns_simulator_cancel (&self->rtx_timer);
  cns_simulator_cancel (&self->delack_timer);
  tcp_set_flags (self, TCP_CONNECTED | TCP_IN_DEMUX, FALSE);
  self->tcp = NULL;
  self->state = CNS_TCP_CLOSED;
  g_clear_object (&self->listener);
  cns_socket_set_node (CNS_SOCKET (self), NULL);
}

/**
 * cns_tcp_socket_from_end_point:
 *
 * For the protocol: the socket whose end point @end_point is.
 *
 * Returns: (transfer none): the socket.
 */
CnsTcpSocket *
cns_tcp_socket_from_end_point (CnsIpv4EndPoint *end_point)
{
  return (CnsTcpSocket *) ((guint8 *) end_point
                           - G_STRUCT_OFFSET (CnsTcpSocket, end_point));
}

/**
 * cns_tcp_socket_get_state:
 *
 * Returns: the connection state.
 */
CnsTcpState
cns_tcp_socket_get_state (CnsTcpSocket *self)
{
  g_return_val_if_fail (CNS_IS_TCP_SOCKET (self), CNS_TCP_CLOSED);
  return self->state;
}

/**
 * cns_tcp_socket_get_cwnd:
 *
 * Returns: the congestion window, in bytes.
 */
guint32
cns_tcp_socket_get_cwnd (CnsTcpSocket *self)
{
  g_return_val_if_fail (CNS_IS_TCP_SOCKET (self), 0);
  return self->tcb.cwnd;
}

/**
 * cns_tcp_socket_get_ssthresh:
 *
 * Returns: the slow start threshold, in bytes.
 */
guint32
cns_tcp_socket_get_ssthresh (CnsTcpSocket *self)
{
  g_return_val_if_fail (CNS_IS_TCP_SOCKET (self), 0);
  return self->tcb.ssthresh;
}

/**
 * cns_tcp_socket_get_rto:
 *
 * Returns: the retransmission timeout.
 */
CnsTime
cns_tcp_socket_get_rto (CnsTcpSocket *self)
{
  g_return_val_if_fail (CNS_IS_TCP_SOCKET (self), 0);
  return self->rto;
}

/**
 * cns_tcp_socket_get_retransmissions:
 *
 * Returns: the segments the socket sent again (SYNs included).
 */
guint32
cns_tcp_socket_get_retransmissions (CnsTcpSocket *self)
{
  g_return_val_if_fail (CNS_IS_TCP_SOCKET (self), 0);
  return self->retransmissions;
}

/**
 * cns_tcp_socket_set_congestion_ops:
 * @ops: a congestion control algorithm, static
 *
 * Uses @ops, which need not be one of the built-in algorithms, from the
 * next connection on. Set it before connect() or listen().
 */
void
cns_tcp_socket_set_congestion_ops (CnsTcpSocket *self,
                                   const CnsTcpCongestionOps *ops)
{
  g_return_if_fail (CNS_IS_TCP_SOCKET (self));
  g_return_if_fail (ops != NULL && ops->get_ssthresh != NULL
                    && ops->increase_window != NULL);
  self->cc = ops;
}

static void
cns_tcp_socket_set_property (GObject *object, guint prop_id,
                             const GValue *value, GParamSpec *pspec)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (object);

  switch (prop_id)
    {
    case PROP_SND_BUF_SIZE:
      self->tx.max_size = g_value_get_uint (value);
      break;
    case PROP_RCV_BUF_SIZE:
      self->rx.max_size = g_value_get_uint (value);
      break;
    case PROP_SEGMENT_SIZE:
      self->segment_size = g_value_get_uint (value);
      if (self->state == CNS_TCP_CLOSED)
        self->tcb.segment_size = self->segment_size;
      break;
    case PROP_INITIAL_CWND:
      self->initial_cwnd = g_value_get_uint (value);
      break;
    case PROP_INITIAL_SSTHRESH:
      self->initial_ssthresh = g_value_get_uint (value);
      break;
    case PROP_DEL_ACK_COUNT:
      self->del_ack_count = g_value_get_uint (value);
      break;
    case PROP_DEL_ACK_TIMEOUT:
      self->del_ack_timeout = cns_value_get_time (value);
      break;
    case PROP_TCP_NO_DELAY:
      self->options = g_value_get_boolean (value)
                          ? self->options | OPT_NO_DELAY
                          : self->options & ~OPT_NO_DELAY;
      break;
    case PROP_MIN_RTO:
      self->min_rto = cns_value_get_time (value);
      break;
    case PROP_INITIAL_RTO:
      self->initial_rto = cns_value_get_time (value);
      if (!tcp_has (self, TCP_HAVE_RTT))
        self->rto = self->initial_rto;
      break;
    case PROP_CLOCK_GRANULARITY:
      self->clock_granularity = cns_value_get_time (value);
      break;
    case PROP_MAX_SEG_LIFETIME:
      self->msl = cns_value_get_time (value);
      break;
    case PROP_SYN_RETRIES:
      self->syn_retries = g_value_get_uint (value);
      break;
    case PROP_DATA_RETRIES:
      self->data_retries = g_value_get_uint (value);
      break;
    case PROP_RETX_THRESHOLD:
      self->dup_ack_threshold = g_value_get_uint (value);
      break;
    case PROP_SACK:
      self->options = g_value_get_boolean (value)
                          ? self->options | OPT_WANT_SACK
                          : self->options & ~OPT_WANT_SACK;
      break;
    case PROP_TIMESTAMP:
      self->options = g_value_get_boolean (value)
                          ? self->options | OPT_WANT_TS
                          : self->options & ~OPT_WANT_TS;
      break;
    case PROP_WINDOW_SCALING:
      self->options = g_value_get_boolean (value)
                          ? self->options | OPT_WANT_WS
                          : self->options & ~OPT_WANT_WS;
      break;
    case PROP_LIMITED_TRANSMIT:
      self->options = g_value_get_boolean (value)
                          ? self->options | OPT_LIMITED_TRANSMIT
                          : self->options & ~OPT_LIMITED_TRANSMIT;
      break;
    case PROP_CONGESTION_CONTROL:
      {
        GEnumClass *klass = g_type_class_peek (CNS_TYPE_TCP_CONGESTION_CONTROL);
        GEnumValue *v = g_enum_get_value (klass, g_value_get_enum (value));

        self->congestion_control = g_value_get_enum (value);
        self->cc = cns_tcp_congestion_ops_lookup (v->value_nick);
        break;
      }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_tcp_socket_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec)
{
  CnsTcpSocket *self = CNS_TCP_SOCKET (object);

  switch (prop_id)
    {
    case PROP_SND_BUF_SIZE:
      g_value_set_uint (value, self->tx.max_size);
      break;
    case PROP_RCV_BUF_SIZE:
      g_value_set_uint (value, self->rx.max_size);
      break;
    case PROP_SEGMENT_SIZE:
      g_value_set_uint (value, self->segment_size);
      break;
    case PROP_INITIAL_CWND:
      g_value_set_uint (value, self->initial_cwnd);
      break;
    case PROP_INITIAL_SSTHRESH:
      g_value_set_uint (value, self->initial_ssthresh);
      break;
    case PROP_DEL_ACK_COUNT:
      g_value_set_uint (value, self->del_ack_count);
      break;
    case PROP_DEL_ACK_TIMEOUT:
      cns_value_set_time (value, self->del_ack_timeout);
      break;
    case PROP_TCP_NO_DELAY:
      g_value_set_boolean (value, (self->options & OPT_NO_DELAY) != 0);
      break;
    case PROP_MIN_RTO:
      cns_value_set_time (value, self->min_rto);
      break;
    case PROP_INITIAL_RTO:
      cns_value_set_time (value, self->initial_rto);
      break;
    case PROP_CLOCK_GRANULARITY:
      cns_value_set_time (value, self->clock_granularity);
      break;
    case PROP_MAX_SEG_LIFETIME:
      cns_value_set_time (value, self->msl);
      break;
    case PROP_SYN_RETRIES:
      g_value_set_uint (value, self->syn_retries);
      break;
    case PROP_DATA_RETRIES:
      g_value_set_uint (value, self->data_retries);
      break;
    case PROP_RETX_THRESHOLD:
      g_value_set_uint (value, self->dup_ack_threshold);
      break;
    case PROP_SACK:
      g_value_set_boolean (value, (self->options & OPT_WANT_SACK) != 0);
      break;
    case PROP_TIMESTAMP:
      g_value_set_boolean (value, (self->options & OPT_WANT_TS) != 0);
      break;
    case PROP_WINDOW_SCALING:
      g_value_set_boolean (value, (self->options & OPT_WANT_WS) != 0);
      break;
    case PROP_LIMITED_TRANSMIT:
      g_value_set_boolean (value, (self->options & OPT_LIMITED_TRANSMIT) != 0);
      break;
    case PROP_CONGESTION_CONTROL:
      g_value_set_enum (value, self->congestion_control);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
