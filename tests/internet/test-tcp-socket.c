/* cns — tests of CnsTcpSocket's mechanisms, one at a time.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two nodes with the full stack on one point-to-point link. Each test
 * sets the attributes that isolate one mechanism (flow control and
 * zero-window probes, the retransmission timer's backoff, SYN retries,
 * simultaneous open and close, resets, delayed ACKs, Nagle's algorithm,
 * slow start and congestion avoidance, window scaling, option
 * negotiation, the MSS) and checks the segments each socket sent, when,
 * and the states it went through against values computed by hand. The
 * segments come from the sockets' Tx traces, and from the devices' MacTx
 * and MacRx for what a socket the test cannot reach yet sends (the
 * SYN-ACK of a connection not yet accepted) and for what each side
 * received last (the window a sender may fill).
 *
 * Times on a 10 Mb/s link: a byte takes 0.8 us, so a frame of n bytes
 * (2 of PPP, 20 of IPv4, 20 of TCP plus options, then the payload)
 * arrives n * 0.8 us + Delay after it is sent on an idle link. The
 * timestamps option adds 12 bytes (NOP, NOP and 10) to every segment once
 * agreed; a SYN with every option has 20 bytes of options.
 */
#include "internet/suites.h"
#include "lib/cns-test.h"

#include "internet/cns-internet.h"
#include "network/cns-network.h"

#include <string.h>

#define PORT_A 40000 /* node 0's, when it is bound */
#define PORT_B 50000 /* node 1's */

/* The most bytes the application hands the socket at once. */
#define CHUNK 4096

/* The time a frame of @bytes takes on a 10 Mb/s link: 0.8 us a byte. */
#define TX_10M(bytes) cns_nano_seconds (800 * (gint64) (bytes))

/* A segment as a trace or a device saw it. */
typedef struct
{
  CnsTime time;
  CnsTcpHeader h;
  guint32 len; /* payload bytes */
} Segment;

typedef struct
{
  CnsTime time;
  CnsTcpState state;
} StateChange;

typedef struct
{
  CnsTime time;
  guint32 value;
  guint32 last_ack; /* of the last segment the node's device handed up */
} WindowChange;

/* One side of a connection. */
typedef struct
{
  guint node;
  CnsSocket *socket; /* referenced */
  GArray *tx;        /* Segment: the socket's Tx trace */
  GArray *rx;        /* Segment: its Rx trace (new in-order data) */
  GArray *retx;      /* Segment: its Retransmission trace */
  GArray *states;    /* StateChange */
  GArray *cwnd;      /* WindowChange */
  GArray *ssthresh;  /* WindowChange */
  GByteArray *received;
  guint32 to_send; /* bytes of the pattern to send once connected */
  guint32 sent;
  guint32 chunk;    /* the most handed to the socket at once; 0: CHUNK */
  gboolean reading; /* reads what arrives; FALSE: a slow reader */
  gboolean close_when_sent;
  guint connected; /* how often each callback ran */
  guint failed;
  guint normal_closes;
  guint error_closes;
  CnsTime callback_time; /* when the last of those ran */
  CnsSocketErrno error;  /* the errno then */
  CnsTime connect_rto;   /* the RTO and cwnd when connected */
  guint32 connect_cwnd;
  guint32 max_in_flight; /* the BytesInFlight trace's largest value */
  /* the peer's window as this side's device last received it, for the
   * check that no segment goes past it; check_window enables it */
  gboolean check_window;
  guint8 peer_shift;
  guint probes; /* one-byte segments into a zero window */
  CnsTime probe_times[16];
} End;

typedef struct
{
  CnsNodeContainer *nodes;
  CnsNetDeviceContainer *devices;
  CnsIpv4InterfaceContainer *interfaces;
  CnsSocket *listener;   /* node 1's, when the test listens */
  End a;                 /* node 0's socket */
  End b;                 /* node 1's: accepted, or the peer of a simultaneous
                            open */
  GArray *frames_in[2];  /* Segment: TCP segments each device handed up */
  GArray *frames_out[2]; /* Segment: TCP segments each device sent */
} World;

static World w;

/* ---- an error model that drops every frame in a time interval ---- */

#define TEST_TYPE_DROP_WHILE (test_drop_while_get_type ())
G_DECLARE_FINAL_TYPE (TestDropWhile, test_drop_while, TEST, DROP_WHILE,
                      CnsErrorModel)

struct _TestDropWhile
{
  CnsErrorModel parent_instance;

  CnsTime from; /* drops what arrives in [from, until) */
  CnsTime until;
  guint dropped;
};

G_DEFINE_FINAL_TYPE (TestDropWhile, test_drop_while, CNS_TYPE_ERROR_MODEL)

static gboolean
drop_while_is_corrupt (CnsErrorModel *model, CnsPacket *packet)
{
  TestDropWhile *self = TEST_DROP_WHILE (model);
  CnsTime now = cns_simulator_now ();

  if (now < self->from || now >= self->until)
    return FALSE;
  self->dropped++;
  return TRUE;
}

static void
test_drop_while_class_init (TestDropWhileClass *klass)
{
  CNS_ERROR_MODEL_CLASS (klass)->is_corrupt = drop_while_is_corrupt;
}

static void
test_drop_while_init (TestDropWhile *self)
{
}

/* Makes node @node's device drop what it receives in [@from, @until). */
static TestDropWhile *
drop_while (guint node, CnsTime from, CnsTime until)
{
  TestDropWhile *model = cns_object_new (TEST_TYPE_DROP_WHILE, NULL);

  model->from = from;
  model->until = until;
  g_object_set (cns_net_device_container_get (w.devices, node),
                "receive-error-model", model, NULL);
  g_object_unref (model); /* the device holds it */
  return model;
}

/* ---- traces ---- */

static guint8
pattern (guint32 i)
{
  return (guint8) (i * 7 + (i >> 8));
}

/* The TCP header and payload size of a frame with its PPP header; FALSE
 * for a frame that is not TCP. */
static gboolean
parse_frame (const CnsPacket *frame, CnsTcpHeader *h, guint32 *len)
{
  g_autoptr (CnsPacket) p = cns_packet_copy (frame);
  CnsPppHeader ppp;
  CnsIpv4Header ip;

  if (cns_packet_remove_header (p, &cns_ppp_header_class, &ppp) == 0
      || cns_packet_remove_header (p, &cns_ipv4_header_class, &ip) == 0
      || ip.protocol != 6
      || cns_packet_remove_header (p, &cns_tcp_header_class, h) == 0)
    return FALSE;
  *len = cns_packet_get_size (p);
  return TRUE;
}

static void
record_frame (gpointer source, CnsPacket *packet, gpointer user_data)
{
  Segment s = { cns_simulator_now () };

  if (parse_frame (packet, &s.h, &s.len))
    g_array_append_val ((GArray *) user_data, s);
}

static End *
peer_of (End *e)
{
  return e == &w.a ? &w.b : &w.a;
}

static void
record_tx (gpointer source, CnsPacket *packet, const CnsTcpHeader *h,
           gpointer user_data)
{
  End *e = user_data;
  Segment s = { cns_simulator_now (), *h, cns_packet_get_size (packet) };
  GArray *in = w.frames_in[e->node];

  g_array_append_val (e->tx, s);
  if (!e->check_window || s.len == 0 || in->len == 0)
    return;
  {
    /* the last segment this side got: its ACK and window give the right
     * edge it may send up to (a point-to-point link never reorders) */
    const Segment *last = &g_array_index (in, Segment, in->len - 1);
    guint32 window = (last->h.flags & CNS_TCP_FLAG_SYN)
                         ? last->h.window /* never scaled on a SYN */
                         : (guint32) last->h.window << e->peer_shift;

    if (window == 0 && s.len == 1)
      {
        /* a zero-window probe: one byte past the edge, on purpose */
        ck_assert_uint_lt (e->probes, G_N_ELEMENTS (e->probe_times));
        e->probe_times[e->probes++] = s.time;
        return;
      }
    ck_assert_msg ((gint32) (h->sequence + s.len - (last->h.ack + window)) <= 0,
                   "segment [%u, %u) sent past the window's edge %u + %u",
                   h->sequence, h->sequence + s.len, last->h.ack, window);
  }
}

static void
record_rx (gpointer source, CnsPacket *packet, const CnsTcpHeader *h,
           gpointer user_data)
{
  Segment s = { cns_simulator_now (), *h, cns_packet_get_size (packet) };

  g_array_append_val (((End *) user_data)->rx, s);
}

static void
record_retx (gpointer source, CnsPacket *packet, const CnsTcpHeader *h,
             gpointer user_data)
{
  Segment s = { cns_simulator_now (), *h, cns_packet_get_size (packet) };

  g_array_append_val (((End *) user_data)->retx, s);
}

static void
record_state (gpointer source, CnsTcpState old_state, CnsTcpState new_state,
              gpointer user_data)
{
  StateChange c = { cns_simulator_now (), new_state };

  g_array_append_val (((End *) user_data)->states, c);
}

static void
record_window (End *e, GArray *changes, guint32 value)
{
  GArray *in = w.frames_in[e->node];
  WindowChange c = { cns_simulator_now (), value, 0 };

  if (in->len > 0)
    c.last_ack = g_array_index (in, Segment, in->len - 1).h.ack;
  g_array_append_val (changes, c);
}

static void
record_cwnd (gpointer source, guint32 old_value, guint32 new_value,
             gpointer user_data)
{
  End *e = user_data;

  record_window (e, e->cwnd, new_value);
}

static void
record_ssthresh (gpointer source, guint32 old_value, guint32 new_value,
                 gpointer user_data)
{
  End *e = user_data;

  record_window (e, e->ssthresh, new_value);
}

static void
record_in_flight (gpointer source, guint32 old_value, guint32 new_value,
                  gpointer user_data)
{
  End *e = user_data;

  e->max_in_flight = MAX (e->max_in_flight, new_value);
}

/* ---- the application on each side ---- */

static void
end_read (End *e)
{
  CnsPacket *p;

  while ((p = cns_socket_recv (e->socket, G_MAXUINT32, 0)) != NULL)
    {
      guint32 n = cns_packet_get_size (p);
      guint old = e->received->len;

      g_byte_array_set_size (e->received, old + n);
      cns_packet_copy_data (p, 0, e->received->data + old, n);
      cns_packet_unref (p);
    }
}

static void
end_send_more (CnsSocket *socket, guint32 available, gpointer user_data)
{
  End *e = user_data;

  while (e->sent < e->to_send)
    {
      guint32 room = cns_socket_get_tx_available (socket);
      guint32 n = MIN (MIN (room, e->to_send - e->sent),
                       e->chunk > 0 ? e->chunk : CHUNK);
      g_autofree guint8 *buf = NULL;

      if (n == 0)
        return;
      buf = g_malloc (n);
      for (guint32 i = 0; i < n; i++)
        buf[i] = pattern (e->sent + i);
      ck_assert_int_eq (
          cns_socket_send (socket, cns_packet_new_from_data (buf, n), 0),
          (gint) n);
      e->sent += n;
    }
  if (e->close_when_sent && e->to_send > 0)
    {
      e->close_when_sent = FALSE;
      ck_assert_int_eq (cns_socket_close (socket), 0);
    }
}

static void
end_recv (CnsSocket *socket, gpointer user_data)
{
  End *e = user_data;

  if (e->reading)
    end_read (e);
}

static void
end_connected (CnsSocket *socket, gpointer user_data)
{
  End *e = user_data;

  e->connected++;
  e->callback_time = cns_simulator_now ();
  e->connect_rto = cns_tcp_socket_get_rto (CNS_TCP_SOCKET (socket));
  e->connect_cwnd = cns_tcp_socket_get_cwnd (CNS_TCP_SOCKET (socket));
  end_send_more (socket, 0, e);
}

static void
end_failed (CnsSocket *socket, gpointer user_data)
{
  End *e = user_data;

  e->failed++;
  e->callback_time = cns_simulator_now ();
  e->error = cns_socket_get_errno (socket);
}

/* The peer closed: read what is left, then close too. */
static void
end_normal_close (CnsSocket *socket, gpointer user_data)
{
  End *e = user_data;

  e->normal_closes++;
  e->callback_time = cns_simulator_now ();
  if (e->reading)
    end_read (e);
  if (cns_tcp_socket_get_state (CNS_TCP_SOCKET (socket)) == CNS_TCP_CLOSE_WAIT)
    cns_socket_close (socket);
}

static void
end_error_close (CnsSocket *socket, gpointer user_data)
{
  End *e = user_data;

  e->error_closes++;
  e->callback_time = cns_simulator_now ();
  e->error = cns_socket_get_errno (socket);
}

/* Connects the traces and callbacks of @e's socket. */
static void
end_watch (End *e)
{
  static const struct
  {
    const gchar *name;
    GCallback callback;
  } traces[] = {
    { "Tx", G_CALLBACK (record_tx) },
    { "Rx", G_CALLBACK (record_rx) },
    { "Retransmission", G_CALLBACK (record_retx) },
    { "State", G_CALLBACK (record_state) },
    { "CongestionWindow", G_CALLBACK (record_cwnd) },
    { "SlowStartThreshold", G_CALLBACK (record_ssthresh) },
    { "BytesInFlight", G_CALLBACK (record_in_flight) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    ck_assert_uint_ne (cns_trace_connect (e->socket, traces[i].name,
                                          traces[i].callback, e, NULL),
                       0);
  cns_socket_set_recv_callback (e->socket, end_recv, e);
  cns_socket_set_send_callback (e->socket, end_send_more, e);
  cns_socket_set_connect_callback (e->socket, end_connected, end_failed, e);
  cns_socket_set_close_callbacks (e->socket, end_normal_close, end_error_close,
                                  e);
}

static void
end_init (End *e, guint node)
{
  memset (e, 0, sizeof *e);
  e->node = node;
  e->reading = TRUE;
  e->tx = g_array_new (FALSE, FALSE, sizeof (Segment));
  e->rx = g_array_new (FALSE, FALSE, sizeof (Segment));
  e->retx = g_array_new (FALSE, FALSE, sizeof (Segment));
  e->states = g_array_new (FALSE, FALSE, sizeof (StateChange));
  e->cwnd = g_array_new (FALSE, FALSE, sizeof (WindowChange));
  e->ssthresh = g_array_new (FALSE, FALSE, sizeof (WindowChange));
  e->received = g_byte_array_new ();
}

static void
end_clear (End *e)
{
  g_clear_object (&e->socket);
  g_clear_pointer (&e->tx, g_array_unref);
  g_clear_pointer (&e->rx, g_array_unref);
  g_clear_pointer (&e->retx, g_array_unref);
  g_clear_pointer (&e->states, g_array_unref);
  g_clear_pointer (&e->cwnd, g_array_unref);
  g_clear_pointer (&e->ssthresh, g_array_unref);
  g_clear_pointer (&e->received, g_byte_array_unref);
}

static void
server_accepted (CnsSocket *listener, CnsSocket *connection,
                 const CnsAddress *from, gpointer user_data)
{
  ck_assert_ptr_null (w.b.socket);
  w.b.socket = g_object_ref (connection);
  end_watch (&w.b);
  end_recv (connection, &w.b);
  end_send_more (connection, 0, &w.b);
}

/* ---- the world ---- */

/* Two nodes joined by @rate and @delay, and a socket on node 0 (w.a);
 * TCP attributes set with cns_config_set_default() beforehand apply to
 * every socket. */
static void
world_build (const gchar *rate, const gchar *delay)
{
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  GError *error = NULL;

  memset (&w, 0, sizeof w);
  end_init (&w.a, 0);
  end_init (&w.b, 1);
  w.nodes = cns_node_container_new ();
  cns_node_container_create (w.nodes, 2);
  ck_assert (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                             rate, &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                              delay, &error));
  w.devices = cns_point_to_point_helper_install_container (p2p, w.nodes);
  ck_assert (
      cns_internet_stack_helper_install_container (stack, w.nodes, &error));
  ck_assert (cns_ipv4_address_helper_set_base (address, "10.1.1.0",
                                               "255.255.255.0", NULL, &error));
  w.interfaces = cns_ipv4_address_helper_assign (address, w.devices, &error);
  ck_assert_ptr_nonnull (w.interfaces);
  for (guint i = 0; i < 2; i++)
    {
      CnsNetDevice *device = cns_net_device_container_get (w.devices, i);

      w.frames_in[i] = g_array_new (FALSE, FALSE, sizeof (Segment));
      w.frames_out[i] = g_array_new (FALSE, FALSE, sizeof (Segment));
      ck_assert_uint_ne (cns_trace_connect (device, "MacRx",
                                            G_CALLBACK (record_frame),
                                            w.frames_in[i], NULL),
                         0);
      ck_assert_uint_ne (cns_trace_connect (device, "MacTx",
                                            G_CALLBACK (record_frame),
                                            w.frames_out[i], NULL),
                         0);
    }
  w.a.socket = cns_socket_create (cns_node_container_get (w.nodes, 0),
                                  CNS_TYPE_TCP_SOCKET_FACTORY);
  end_watch (&w.a);
}

static void
socket_bind (CnsSocket *socket, guint16 port)
{
  CnsInetSocketAddress local = { cns_ipv4_address_any (), port };
  CnsAddress a;
  GError *error = NULL;

  cns_inet_socket_address_to_address (&local, &a);
  ck_assert (cns_socket_bind (socket, &a, &error));
}

static void
socket_connect (CnsSocket *socket, guint node, guint16 port)
{
  CnsInetSocketAddress peer
      = { cns_ipv4_interface_container_get_address (w.interfaces, node, 0),
          port };
  CnsAddress a;
  GError *error = NULL;

  cns_inet_socket_address_to_address (&peer, &a);
  ck_assert (cns_socket_connect (socket, &a, &error));
}

/* A listener on node 1; its connection becomes w.b. */
static void
world_listen (void)
{
  GError *error = NULL;

  w.listener = cns_socket_create (cns_node_container_get (w.nodes, 1),
                                  CNS_TYPE_TCP_SOCKET_FACTORY);
  socket_bind (w.listener, PORT_B);
  ck_assert (cns_socket_listen (w.listener, &error));
  cns_socket_set_accept_callback (w.listener, NULL, server_accepted, NULL);
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

/* Runs to @at, then connects w.a to the listener. */
static void
world_connect (CnsTime at)
{
  run_until (at);
  socket_connect (w.a.socket, 1, PORT_B);
}

static void
world_clear (void)
{
  cns_simulator_destroy ();
  end_clear (&w.a);
  end_clear (&w.b);
  g_clear_object (&w.listener);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&w.frames_in[i], g_array_unref);
      g_clear_pointer (&w.frames_out[i], g_array_unref);
    }
  g_clear_pointer (&w.interfaces, cns_ipv4_interface_container_unref);
  g_clear_pointer (&w.devices, cns_net_device_container_unref);
  g_clear_pointer (&w.nodes, cns_node_container_unref);
}

static void
set_default (const gchar *name, const gchar *value)
{
  GError *error = NULL;

  ck_assert_msg (cns_config_set_default (name, value, &error), "%s",
                 error != NULL ? error->message : name);
}

/* ---- checks ---- */

static void
assert_received_pattern (End *e, guint32 n)
{
  ck_assert_uint_eq (e->received->len, n);
  for (guint32 i = 0; i < n; i++)
    if (e->received->data[i] != pattern (i))
      ck_abort_msg ("byte %u is %u, not %u", i, e->received->data[i],
                    pattern (i));
}

/* The states @e went through from its @first-th change on, and when. */
static void
assert_states (End *e, guint first, const CnsTcpState *states,
               const CnsTime *times, guint n)
{
  GString *got = g_string_new (NULL);

  for (guint i = 0; i < e->states->len; i++)
    {
      const StateChange *c = &g_array_index (e->states, StateChange, i);

      g_string_append_printf (got, "%s@%" G_GINT64_FORMAT " ",
                              cns_tcp_state_to_string (c->state), c->time);
    }
  ck_assert_msg (e->states->len == first + n, "node %u states: %s", e->node,
                 got->str);
  for (guint i = 0; i < n; i++)
    {
      const StateChange *c = &g_array_index (e->states, StateChange, first + i);

      ck_assert_msg (c->state == states[i], "node %u state %u: %s", e->node,
                     first + i, got->str);
      if (times != NULL)
        ck_assert_msg (c->time == times[i],
                       "node %u state %u at %" G_GINT64_FORMAT
                       ", not %" G_GINT64_FORMAT ": %s",
                       e->node, first + i, c->time, times[i], got->str);
    }
  g_string_free (got, TRUE);
}

static guint
count_data_segments (GArray *segments, guint32 *max_len)
{
  guint n = 0;

  *max_len = 0;
  for (guint i = 0; i < segments->len; i++)
    {
      const Segment *s = &g_array_index (segments, Segment, i);

      if (s->len > 0)
        {
          n++;
          *max_len = MAX (*max_len, s->len);
        }
    }
  return n;
}

static void
setup (void)
{
  cns_test_reset ();
}

/* ==== 1. flow control: a slow reader, a zero window and its probes ==== */

static void
start_reading (gpointer obj, gpointer data)
{
  End *e = data;

  e->reading = TRUE;
  end_read (e);
}

static CnsTime rto_sample;

static void
sample_rto (gpointer obj, gpointer data)
{
  rto_sample = cns_tcp_socket_get_rto (CNS_TCP_SOCKET (w.a.socket));
}

/* The receiver has 8,192 bytes of buffer and reads nothing until 20 s.
 * With 1,024-byte segments the sender fills it with eight segments; the
 * receiver acknowledges every second one, with windows 6,144, 4,096,
 * 2,048 and 0. The ACK with window 0 acknowledges everything, so the
 * sender arms the persist timer with its RTO, 1 s (MinRto; the measured
 * round trip is 40 ms), and probes with one byte at +1 s, then with the
 * timeout doubled each time: +3 s, +7 s, +15 s; the fifth would be at
 * +31 s, after the reader wakes. Each probe is answered with window 0.
 * The answers are not duplicate ACKs, and the probes' backoff is not the
 * RTO's: it is still 1 s when the window opens. At 20 s the reader takes
 * the 8,192 bytes, the window reopens by the whole buffer, which is
 * announced at once (the update reaches the sender at 20.0200432 s), and
 * the 30,000 bytes arrive byte for byte, never past the window the
 * sender last heard of. */
START_TEST (test_tcp_socket_zero_window)
{
  const CnsTime wake = cns_seconds (20);
  const Segment *zero = NULL;
  CnsTime zero_arrival;
  guint zero_acks = 0;

  set_default ("CnsTcpSocket::SegmentSize", "1024");
  world_build ("10Mbps", "20ms");
  world_listen ();
  g_object_set (w.listener, "rcv-buf-size", 8192, NULL);
  rto_sample = 0;
  w.a.to_send = 30000;
  w.a.close_when_sent = TRUE;
  w.a.check_window = TRUE;
  w.b.reading = FALSE;
  cns_simulator_schedule (wake, start_reading, NULL, &w.b);
  /* after the update, before the first new round-trip sample */
  cns_simulator_schedule (wake + cns_milli_seconds (30), sample_rto, NULL,
                          NULL);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (200));

  assert_received_pattern (&w.b, 30000);
  ck_assert_uint_eq (w.b.normal_closes, 1);
  /* the receiver's first window 0: 8 x 1,024 bytes from sequence number 1 */
  for (guint i = 0; i < w.b.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.b.tx, Segment, i);

      if ((s->h.flags & CNS_TCP_FLAG_SYN) || s->h.window != 0)
        continue;
      if (zero == NULL)
        zero = s;
      zero_acks++;
    }
  ck_assert_ptr_nonnull (zero);
  ck_assert_uint_eq (zero->h.ack, 1 + 8 * 1024);
  /* the zero window itself and the answers to the four probes */
  ck_assert_uint_eq (zero_acks, 1 + 4);
  /* the ACK is 54 bytes (20 + 12 of TCP, 20, 2): 43.2 us, plus 20 ms */
  zero_arrival = zero->time + cns_milli_seconds (20) + TX_10M (54);
  ck_assert_uint_eq (w.a.probes, 4);
  ck_assert_int_eq (w.a.probe_times[0], zero_arrival + cns_seconds (1));
  ck_assert_int_eq (w.a.probe_times[1], zero_arrival + cns_seconds (3));
  ck_assert_int_eq (w.a.probe_times[2], zero_arrival + cns_seconds (7));
  ck_assert_int_eq (w.a.probe_times[3], zero_arrival + cns_seconds (15));
  /* the window update goes when the reader reads: 8,192 bytes at once */
  {
    gboolean update = FALSE;

    for (guint i = 0; i < w.b.tx->len; i++)
      {
        const Segment *s = &g_array_index (w.b.tx, Segment, i);

        if (s->time == wake)
          {
            ck_assert_uint_eq (s->h.window, 8192);
            ck_assert_uint_eq (s->h.ack, 1 + 8 * 1024);
            update = TRUE;
          }
      }
    ck_assert (update);
  }
  /* no loss, so no congestion response: the slow start threshold was
   * set once, when the connection was established */
  ck_assert_uint_eq (w.a.ssthresh->len, 1);
  ck_assert_int_eq (rto_sample, cns_seconds (1));
  /* the first segment after the update carries the probed byte again,
   * and is the only one sent twice */
  ck_assert_uint_eq (w.a.retx->len, 1);
  ck_assert_uint_eq (g_array_index (w.a.retx, Segment, 0).h.sequence,
                     1 + 8 * 1024);
  ck_assert_int_eq (g_array_index (w.a.retx, Segment, 0).time,
                    wake + cns_milli_seconds (20) + TX_10M (54));
  world_clear ();
}
END_TEST

/* ==== 1b. a small window and a lost window update ==== */

/* With 8,692 bytes of buffer the eight 1,024-byte segments leave a
 * window of 500 bytes, which the sender's silly window avoidance will not
 * use (less than a segment and less than half the largest window) while
 * nothing is in flight. The persist timer forces it out one RTO, 1 s,
 * after the ACK that left it; then the window is 0 and probed, and when
 * the reader wakes at 20 s its window update is lost (node 0 drops what
 * arrives in [20 s, 21 s)); a probe finds the window open and the 30,000
 * bytes arrive. Without the timer the sender would wait for the lost
 * update for ever. */
START_TEST (test_tcp_socket_small_window_lost_update)
{
  const CnsTime wake = cns_seconds (20);
  TestDropWhile *model;
  const Segment *small = NULL;
  CnsTime arrival = 0;

  set_default ("CnsTcpSocket::SegmentSize", "1024");
  world_build ("10Mbps", "20ms");
  world_listen ();
  g_object_set (w.listener, "rcv-buf-size", 8692, NULL);
  model = drop_while (0, wake, wake + cns_seconds (1));
  w.a.to_send = 30000;
  w.a.close_when_sent = TRUE;
  w.a.check_window = TRUE;
  w.b.reading = FALSE;
  cns_simulator_schedule (wake, start_reading, NULL, &w.b);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (200));

  assert_received_pattern (&w.b, 30000);
  ck_assert_uint_eq (w.b.normal_closes, 1);
  /* the update, and nothing else, was lost */
  ck_assert_uint_eq (model->dropped, 1);
  /* the ACK of the eighth segment leaves 8,692 - 8,192 = 500 bytes */
  for (guint i = 0; i < w.b.tx->len && arrival == 0; i++)
    {
      const Segment *s = &g_array_index (w.b.tx, Segment, i);

      if (s->h.ack == 1 + 8 * 1024)
        {
          ck_assert_uint_eq (s->h.window, 500);
          arrival = s->time + cns_milli_seconds (20) + TX_10M (54);
        }
    }
  ck_assert_int_ne (arrival, 0);
  for (guint i = 0; i < w.a.tx->len && small == NULL; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      if (s->h.sequence == 1 + 8 * 1024 && s->len > 0)
        small = s;
    }
  ck_assert_ptr_nonnull (small);
  ck_assert_uint_eq (small->len, 500);
  ck_assert_int_eq (small->time, arrival + cns_seconds (1));
  /* which fills the window; the receiver acknowledges it, alone, after
   * DelAckTimeout: the window is 0 from when that ACK arrives, and the
   * probes follow at +1, +3, +7 and +15 s, then +31 s, which finds the
   * window the lost update opened */
  arrival = 0;
  for (guint i = 0; i < w.b.tx->len && arrival == 0; i++)
    {
      const Segment *s = &g_array_index (w.b.tx, Segment, i);

      if (s->h.ack == 1 + 8192 + 500)
        {
          ck_assert_uint_eq (s->h.window, 0);
          /* 500 + 54 bytes: 443.2 us */
          ck_assert_int_eq (s->time, small->time + cns_milli_seconds (20)
                                         + TX_10M (554)
                                         + cns_milli_seconds (200));
          arrival = s->time + cns_milli_seconds (20) + TX_10M (54);
        }
    }
  ck_assert_uint_eq (w.a.probes, 5);
  ck_assert_int_eq (w.a.probe_times[0], arrival + cns_seconds (1));
  ck_assert_int_eq (w.a.probe_times[1], arrival + cns_seconds (3));
  ck_assert_int_eq (w.a.probe_times[2], arrival + cns_seconds (7));
  ck_assert_int_eq (w.a.probe_times[3], arrival + cns_seconds (15));
  ck_assert_int_eq (w.a.probe_times[4], arrival + cns_seconds (31));
  world_clear ();
}
END_TEST

/* ==== 1c. a FIN and a closed window ==== */

/* The sender's 8,192 bytes fill the receiver's buffer exactly, and it
 * closes at once; the receiver reads only at 150 s. A closed window takes
 * no FIN either, so the FIN waits, and the persist timer probes the
 * window without data: an empty segment one below SND.UNA, which the
 * receiver answers with its window (seven of them, at +1, +3, +7, +15,
 * +31, +63 and +123 s, the last wait held to 60 s). The receiver answers
 * them all, so the sender never gives up on it (sending the FIN into the
 * closed window and retransmitting it would reset the connection after
 * six timeouts, at about 125 s). At 150 s the window opens, its update
 * arrives at 150.0200432 s, the FIN goes then and both sides close. */
START_TEST (test_tcp_socket_zero_window_fin)
{
  const CnsTime wake = cns_seconds (150);
  const Segment *fin = NULL;
  CnsTime zero_arrival = 0;
  guint probes = 0;

  set_default ("CnsTcpSocket::SegmentSize", "1024");
  set_default ("CnsTcpSocket::MaxSegLifetime", "1s");
  world_build ("10Mbps", "20ms");
  world_listen ();
  g_object_set (w.listener, "rcv-buf-size", 8192, NULL);
  w.a.to_send = 8192;
  w.a.close_when_sent = TRUE;
  w.a.check_window = TRUE;
  w.b.reading = FALSE;
  cns_simulator_schedule (wake, start_reading, NULL, &w.b);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (300));

  assert_received_pattern (&w.b, 8192);
  ck_assert_uint_eq (w.a.error_closes + w.b.error_closes, 0);
  ck_assert_uint_eq (w.a.normal_closes, 1);
  ck_assert_uint_eq (w.b.normal_closes, 1);
  ck_assert_int_eq (cns_tcp_socket_get_state (CNS_TCP_SOCKET (w.a.socket)),
                    CNS_TCP_CLOSED);
  ck_assert_int_eq (cns_tcp_socket_get_state (CNS_TCP_SOCKET (w.b.socket)),
                    CNS_TCP_CLOSED);
  for (guint i = 0; i < w.b.tx->len && zero_arrival == 0; i++)
    {
      const Segment *s = &g_array_index (w.b.tx, Segment, i);

      if (s->h.ack == 1 + 8192)
        {
          ck_assert_uint_eq (s->h.window, 0);
          zero_arrival = s->time + cns_milli_seconds (20) + TX_10M (54);
        }
    }
  ck_assert_int_ne (zero_arrival, 0);
  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);
      static const gint64 after[] = { 1, 3, 7, 15, 31, 63, 123 };

      ck_assert_uint_eq (s->h.flags & CNS_TCP_FLAG_RST, 0);
      if (s->len == 0 && s->h.sequence == 8192)
        {
          ck_assert_uint_lt (probes, G_N_ELEMENTS (after));
          ck_assert_int_eq (s->time,
                            zero_arrival + cns_seconds (after[probes]));
          probes++;
        }
      if ((s->h.flags & CNS_TCP_FLAG_FIN) && fin == NULL)
        fin = s;
    }
  ck_assert_uint_eq (probes, 7);
  ck_assert_ptr_nonnull (fin);
  ck_assert_uint_eq (fin->h.sequence, 1 + 8192);
  ck_assert_int_eq (fin->time, wake + cns_milli_seconds (20) + TX_10M (54));
  world_clear ();
}
END_TEST

/* As above, but the reader never wakes and from 10 s the sender hears
 * nothing more: the probes at +1, +3 and +7 s are answered, those at +15,
 * +31, +63, +123, +183 and +243 s (the timeout held at 60 s) are not, and
 * after those six (DataRetries) the sender gives up at +303 s: a reset,
 * CLOSED and the error-close callback with TIMEDOUT. A peer that answers
 * is probed for ever (the test above: seven probes, no reset). */
START_TEST (test_tcp_socket_zero_window_peer_gone)
{
  static const gint64 after[] = { 1, 3, 7, 15, 31, 63, 123, 183, 243 };
  CnsTime zero_arrival = 0;
  guint probes = 0;
  const Segment *last;

  set_default ("CnsTcpSocket::SegmentSize", "1024");
  world_build ("10Mbps", "20ms");
  world_listen ();
  g_object_set (w.listener, "rcv-buf-size", 8192, NULL);
  w.a.to_send = 8192;
  w.a.close_when_sent = TRUE;
  w.b.reading = FALSE;
  drop_while (0, cns_seconds (10), G_MAXINT64);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (500));

  for (guint i = 0; i < w.b.tx->len && zero_arrival == 0; i++)
    {
      const Segment *s = &g_array_index (w.b.tx, Segment, i);

      if (s->h.ack == 1 + 8192)
        zero_arrival = s->time + cns_milli_seconds (20) + TX_10M (54);
    }
  ck_assert_int_ne (zero_arrival, 0);
  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      if (s->len == 0 && s->h.sequence == 8192)
        {
          ck_assert_uint_lt (probes, G_N_ELEMENTS (after));
          ck_assert_int_eq (s->time,
                            zero_arrival + cns_seconds (after[probes]));
          probes++;
        }
    }
  ck_assert_uint_eq (probes, G_N_ELEMENTS (after));
  last = &g_array_index (w.a.tx, Segment, w.a.tx->len - 1);
  ck_assert_uint_eq (last->h.flags & CNS_TCP_FLAG_RST, CNS_TCP_FLAG_RST);
  ck_assert_int_eq (last->time, zero_arrival + cns_seconds (303));
  ck_assert_int_eq (cns_tcp_socket_get_state (CNS_TCP_SOCKET (w.a.socket)),
                    CNS_TCP_CLOSED);
  ck_assert_uint_eq (w.a.error_closes, 1);
  ck_assert_uint_eq (w.a.normal_closes, 0);
  ck_assert_int_eq (w.a.callback_time, zero_arrival + cns_seconds (303));
  ck_assert_int_eq (w.a.error, CNS_SOCKET_ERROR_TIMEDOUT);
  world_clear ();
}
END_TEST

/* ==== 2. the retransmission timer's backoff ==== */

/* The hand-shake measures 40.1 ms (two 62-byte SYNs: 2 x (20 ms + 49.6
 * us)), so RTO = SRTT + 4 RTTVAR = 40.1 + 80.2 ms, raised to MinRto: 1 s.
 * From 2 s node 1 hears nothing. The 500 bytes sent at 2 s go again at
 * 3, 5, 9, 17, 33 and 65 s (the RTO doubling: 1, 2, 4, 8, 16, 32 s);
 * after those six (DataRetries) the timer runs 60 s (64 s held to the
 * 60 s maximum) and at 125 s the sender gives up: a reset, CLOSED and the
 * error-close callback with TIMEDOUT. */
START_TEST (test_tcp_socket_rto_backoff)
{
  static const gdouble expected[] = { 2, 3, 5, 9, 17, 33, 65 };
  static const CnsTcpState states[]
      = { CNS_TCP_SYN_SENT, CNS_TCP_ESTABLISHED, CNS_TCP_CLOSED };
  const CnsTime times[]
      = { cns_seconds (1), cns_seconds (1.0400992), cns_seconds (125) };
  guint n = 0;

  world_build ("10Mbps", "20ms");
  world_listen ();
  drop_while (1, cns_seconds (2), G_MAXINT64);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (2));
  ck_assert_int_eq (cns_tcp_socket_get_rto (CNS_TCP_SOCKET (w.a.socket)),
                    cns_seconds (1));
  w.a.to_send = 500;
  end_send_more (w.a.socket, 0, &w.a);
  run_until (cns_seconds (300));

  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      if (s->len == 0)
        continue;
      ck_assert_uint_lt (n, G_N_ELEMENTS (expected));
      ck_assert_uint_eq (s->h.sequence, 1);
      ck_assert_uint_eq (s->len, 500);
      ck_assert_int_eq (s->time, cns_seconds (expected[n]));
      n++;
    }
  ck_assert_uint_eq (n, G_N_ELEMENTS (expected));
  ck_assert_uint_eq (w.a.retx->len, 6);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.a.socket)), 6);
  {
    const Segment *last = &g_array_index (w.a.tx, Segment, w.a.tx->len - 1);

    ck_assert_uint_eq (last->h.flags & CNS_TCP_FLAG_RST, CNS_TCP_FLAG_RST);
    ck_assert_int_eq (last->time, cns_seconds (125));
  }
  assert_states (&w.a, 0, states, times, G_N_ELEMENTS (states));
  ck_assert_uint_eq (w.a.error_closes, 1);
  ck_assert_uint_eq (w.a.normal_closes, 0);
  ck_assert_int_eq (w.a.callback_time, cns_seconds (125));
  ck_assert_int_eq (w.a.error, CNS_SOCKET_ERROR_TIMEDOUT);
  world_clear ();
}
END_TEST

/* ==== 3. SYN retries ==== */

/* Node 1 drops everything: the SYN sent at 1 s goes again after the
 * initial RTO, 1 s, doubled each time: at 2, 4, 8, 16, 32 and 64 s; after
 * those six (SynRetries) the timer runs 60 s (64 s held to the maximum)
 * and at 124 s the connection fails with TIMEDOUT. */
START_TEST (test_tcp_socket_syn_retries)
{
  static const gdouble expected[] = { 1, 2, 4, 8, 16, 32, 64 };
  static const CnsTcpState states[] = { CNS_TCP_SYN_SENT, CNS_TCP_CLOSED };
  const CnsTime times[] = { cns_seconds (1), cns_seconds (124) };
  TestDropWhile *model;

  world_build ("10Mbps", "20ms");
  world_listen ();
  model = drop_while (1, 0, G_MAXINT64);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (300));

  ck_assert_uint_eq (w.a.tx->len, G_N_ELEMENTS (expected));
  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      ck_assert_uint_eq (s->h.flags, CNS_TCP_FLAG_SYN);
      ck_assert_uint_eq (s->h.sequence, 0);
      ck_assert_int_eq (s->time, cns_seconds (expected[i]));
    }
  ck_assert_uint_eq (model->dropped, 7);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.a.socket)), 6);
  assert_states (&w.a, 0, states, times, G_N_ELEMENTS (states));
  ck_assert_uint_eq (w.a.failed, 1);
  ck_assert_uint_eq (w.a.connected, 0);
  ck_assert_int_eq (w.a.callback_time, cns_seconds (124));
  ck_assert_int_eq (w.a.error, CNS_SOCKET_ERROR_TIMEDOUT);
  ck_assert_ptr_null (w.b.socket);
  world_clear ();
}
END_TEST

/* Node 1 drops what arrives before 1.5 s: the SYN of 1 s is lost, the
 * one of 2 s (after the initial RTO) gets through, and its SYN-ACK
 * completes the connection at 2.0400992 s. Without a round-trip sample
 * (the SYN was sent twice) the RTO is 3 s (RFC 6298, 5.7), and the window
 * one segment, 536 bytes (RFC 5681, 3.1): one segment goes, and the rest
 * as ACKs come. */
START_TEST (test_tcp_socket_syn_lost)
{
  const CnsTime established = cns_seconds (2.0400992);
  guint first_flight = 0;

  world_build ("10Mbps", "20ms");
  world_listen ();
  drop_while (1, 0, cns_seconds (1.5));
  w.a.to_send = 5000;
  world_connect (cns_seconds (1));
  run_until (cns_seconds (10));

  assert_received_pattern (&w.b, 5000);
  ck_assert_uint_eq (w.a.connected, 1);
  ck_assert_int_eq (w.a.callback_time, established);
  ck_assert_int_eq (w.a.connect_rto, cns_seconds (3));
  ck_assert_uint_eq (w.a.connect_cwnd, 536);
  ck_assert_uint_eq (g_array_index (w.a.cwnd, WindowChange, 0).value, 536);
  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      if (s->len > 0 && s->time == established)
        first_flight++;
    }
  ck_assert_uint_eq (first_flight, 1);
  world_clear ();
}
END_TEST

/* ==== 4. simultaneous open ==== */

/* Both sockets are bound and connect to each other at 1 s. A SYN with
 * every option is 62 bytes (20 + 20 of TCP, 20, 2): 49.6 us. Each SYN
 * finds the other side in SYN_SENT at 1.0200496 s, which answers with a
 * SYN-ACK of the same size; each SYN-ACK finds the other side in SYN_RCVD
 * at 1.0400992 s and completes the connection. Then 5,000 bytes go each
 * way. */
START_TEST (test_tcp_socket_simultaneous_open)
{
  static const CnsTcpState states[]
      = { CNS_TCP_SYN_SENT, CNS_TCP_SYN_RCVD, CNS_TCP_ESTABLISHED };
  const CnsTime times[]
      = { cns_seconds (1), cns_seconds (1.0200496), cns_seconds (1.0400992) };

  world_build ("10Mbps", "20ms");
  w.b.socket = cns_socket_create (cns_node_container_get (w.nodes, 1),
                                  CNS_TYPE_TCP_SOCKET_FACTORY);
  end_watch (&w.b);
  socket_bind (w.a.socket, PORT_A);
  socket_bind (w.b.socket, PORT_B);
  w.a.to_send = 5000;
  w.b.to_send = 5000;
  run_until (cns_seconds (1));
  socket_connect (w.a.socket, 1, PORT_B);
  socket_connect (w.b.socket, 0, PORT_A);
  run_until (cns_seconds (10));

  assert_states (&w.a, 0, states, times, G_N_ELEMENTS (states));
  assert_states (&w.b, 0, states, times, G_N_ELEMENTS (states));
  ck_assert_uint_eq (w.a.connected, 1);
  ck_assert_uint_eq (w.b.connected, 1);
  assert_received_pattern (&w.a, 5000);
  assert_received_pattern (&w.b, 5000);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.a.socket)), 0);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.b.socket)), 0);
  world_clear ();
}
END_TEST

/* ==== 5. simultaneous close ==== */

static void
close_both (gpointer obj, gpointer data)
{
  ck_assert_int_eq (cns_socket_close (w.a.socket), 0);
  ck_assert_int_eq (cns_socket_close (w.b.socket), 0);
}

/* Both sides close at 2 s. Each FIN (54 bytes with timestamps: 43.2 us)
 * finds the other side in FIN_WAIT_1 at 2.0200432 s: CLOSING, and an ACK
 * of the same size, which arrives at 2.0400864 s: TIME_WAIT, for 2 MSL =
 * 2 s: CLOSED at 4.0400864 s. */
START_TEST (test_tcp_socket_simultaneous_close)
{
  static const CnsTcpState states[] = { CNS_TCP_FIN_WAIT_1, CNS_TCP_CLOSING,
                                        CNS_TCP_TIME_WAIT, CNS_TCP_CLOSED };
  const CnsTime times[] = { cns_seconds (2), cns_seconds (2.0200432),
                            cns_seconds (2.0400864), cns_seconds (4.0400864) };

  set_default ("CnsTcpSocket::MaxSegLifetime", "1s");
  world_build ("10Mbps", "20ms");
  world_listen ();
  cns_simulator_schedule (cns_seconds (2), close_both, NULL, NULL);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (10));

  /* node 0 from SYN_SENT and ESTABLISHED on; node 1 from when it was
   * accepted, ESTABLISHED */
  assert_states (&w.a, 2, states, times, G_N_ELEMENTS (states));
  assert_states (&w.b, 0, states, times, G_N_ELEMENTS (states));
  ck_assert_uint_eq (w.a.error_closes + w.b.error_closes, 0);
  world_clear ();
}
END_TEST

/* ==== 6. a reset in ESTABLISHED ==== */

static void
close_b (gpointer obj, gpointer data)
{
  /* the 1,000 bytes were never read */
  ck_assert_uint_eq (cns_socket_get_rx_available (w.b.socket), 1000);
  ck_assert_int_eq (cns_socket_close (w.b.socket), 0);
}

/* Node 1 closes at 2 s with 1,000 bytes unread: it resets the connection
 * (RFC 9293, 3.10.4) and is CLOSED at once. The reset (54 bytes: 43.2 us)
 * reaches node 0 at 2.0200432 s: CLOSED, and the error-close callback.
 * Its errno is CONNRESET, as Linux reports (CONNREFUSED is for a reset
 * answering a SYN). */
START_TEST (test_tcp_socket_reset)
{
  static const CnsTcpState a_states[]
      = { CNS_TCP_SYN_SENT, CNS_TCP_ESTABLISHED, CNS_TCP_CLOSED };
  static const CnsTcpState b_states[] = { CNS_TCP_CLOSED };
  const CnsTime a_times[]
      = { cns_seconds (1), cns_seconds (1.0400992), cns_seconds (2.0200432) };
  const CnsTime b_times[] = { cns_seconds (2) };
  const Segment *rst;

  world_build ("10Mbps", "20ms");
  world_listen ();
  w.a.to_send = 1000;
  w.b.reading = FALSE;
  cns_simulator_schedule (cns_seconds (2), close_b, NULL, NULL);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (10));

  rst = &g_array_index (w.b.tx, Segment, w.b.tx->len - 1);
  ck_assert_uint_eq (rst->h.flags, CNS_TCP_FLAG_RST | CNS_TCP_FLAG_ACK);
  ck_assert_int_eq (rst->time, cns_seconds (2));
  ck_assert_uint_eq (rst->h.sequence, 1);
  ck_assert_uint_eq (rst->h.ack, 1001);
  assert_states (&w.a, 0, a_states, a_times, G_N_ELEMENTS (a_states));
  assert_states (&w.b, 0, b_states, b_times, G_N_ELEMENTS (b_states));
  ck_assert_uint_eq (w.a.error_closes, 1);
  ck_assert_uint_eq (w.a.normal_closes, 0);
  ck_assert_int_eq (w.a.callback_time, cns_seconds (2.0200432));
  ck_assert_int_eq (w.a.error, CNS_SOCKET_ERROR_CONNRESET);
  ck_assert_uint_eq (w.b.error_closes + w.b.normal_closes, 0);
  world_clear ();
}
END_TEST

/* ==== 7. delayed ACKs ==== */

static void
send_now (gpointer obj, gpointer data)
{
  End *e = data;

  e->to_send += GPOINTER_TO_UINT (obj);
  end_send_more (e->socket, 0, e);
}

/* The ACKs node 1 sent in [@from, @until). */
static guint
acks_between (CnsTime from, CnsTime until, const Segment **first)
{
  guint n = 0;

  *first = NULL;
  for (guint i = 0; i < w.b.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.b.tx, Segment, i);

      if (s->time >= from && s->time < until)
        {
          if (n++ == 0)
            *first = s;
        }
    }
  return n;
}

/* SegmentSize 1,000. With DelAckCount 2, 100 bytes sent at 2 s (a
 * 154-byte frame: 123.2 us) arrive at 2.0201232 s and are acknowledged
 * DelAckTimeout later, at 2.2201232 s; 2,000 bytes sent at 3 s go as two
 * back-to-back 1,054-byte frames (843.2 us each), which arrive at
 * 3.0208432 and 3.0216864 s: the second is acknowledged at once, and the
 * first not at all by itself. With DelAckCount 1 each of those is
 * acknowledged when it arrives. */
START_TEST (test_tcp_socket_delayed_ack)
{
  const Segment *ack;

  set_default ("CnsTcpSocket::SegmentSize", "1000");
  world_build ("10Mbps", "20ms");
  world_listen ();
  cns_simulator_schedule (cns_seconds (2), send_now, GUINT_TO_POINTER (100),
                          &w.a);
  cns_simulator_schedule (cns_seconds (3), send_now, GUINT_TO_POINTER (2000),
                          &w.a);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (4));

  assert_received_pattern (&w.b, 2100);
  ck_assert_uint_eq (w.b.rx->len, 3);
  ck_assert_int_eq (g_array_index (w.b.rx, Segment, 0).time,
                    cns_seconds (2.0201232));
  ck_assert_int_eq (g_array_index (w.b.rx, Segment, 1).time,
                    cns_seconds (3.0208432));
  ck_assert_int_eq (g_array_index (w.b.rx, Segment, 2).time,
                    cns_seconds (3.0216864));
  ck_assert_uint_eq (acks_between (cns_seconds (2), cns_seconds (3), &ack), 1);
  ck_assert_int_eq (ack->time, cns_seconds (2.2201232));
  ck_assert_uint_eq (ack->h.ack, 101);
  ck_assert_uint_eq (acks_between (cns_seconds (3), cns_seconds (4), &ack), 1);
  ck_assert_int_eq (ack->time, cns_seconds (3.0216864));
  ck_assert_uint_eq (ack->h.ack, 2101);
  world_clear ();

  set_default ("CnsTcpSocket::DelAckCount", "1");
  world_build ("10Mbps", "20ms");
  world_listen ();
  cns_simulator_schedule (cns_seconds (2), send_now, GUINT_TO_POINTER (100),
                          &w.a);
  cns_simulator_schedule (cns_seconds (3), send_now, GUINT_TO_POINTER (2000),
                          &w.a);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (4));

  assert_received_pattern (&w.b, 2100);
  ck_assert_uint_eq (acks_between (cns_seconds (2), cns_seconds (3), &ack), 1);
  ck_assert_int_eq (ack->time, cns_seconds (2.0201232));
  ck_assert_uint_eq (ack->h.ack, 101);
  ck_assert_uint_eq (acks_between (cns_seconds (3), cns_seconds (4), &ack), 2);
  ck_assert_int_eq (ack[0].time, cns_seconds (3.0208432));
  ck_assert_uint_eq (ack[0].h.ack, 1101);
  ck_assert_int_eq (ack[1].time, cns_seconds (3.0216864));
  ck_assert_uint_eq (ack[1].h.ack, 2101);
  world_clear ();
}
END_TEST

/* ==== 8. Nagle's algorithm ==== */

static void
write_ten (gpointer obj, gpointer data)
{
  send_now (GUINT_TO_POINTER (10), data);
}

/* Writes 10 bytes every 1 ms from 2 s, 100 times, over 10 Mb/s and 20
 * ms, without timestamps, every segment acknowledged at once. */
static void
run_small_writes (gboolean no_delay)
{
  set_default ("CnsTcpSocket::Timestamp", "false");
  set_default ("CnsTcpSocket::DelAckCount", "1");
  world_build ("10Mbps", "20ms");
  world_listen ();
  g_object_set (w.a.socket, "tcp-no-delay", no_delay, NULL);
  for (guint k = 0; k < 100; k++)
    cns_simulator_schedule (cns_seconds (2) + cns_milli_seconds (k), write_ten,
                            NULL, &w.a);
  world_connect (cns_seconds (1));
  run_until (cns_seconds (4));
  assert_received_pattern (&w.b, 1000);
}

/* With Nagle's algorithm the first 10 bytes go at once (a 52-byte frame,
 * 41.6 us); their ACK (42 bytes, 33.6 us) is back at 2 s + 40.0752 ms,
 * when the writes of 2.001 to 2.040 s wait: 400 bytes in one segment
 * (442 bytes, 353.6 us: back at + 40.3872 ms), then the 400 bytes of
 * 2.041 to 2.080 s at 2.0804624 s and the last 190 at 2.1208496 s:
 * four segments where there were a hundred writes. */
START_TEST (test_tcp_socket_nagle)
{
  static const struct
  {
    gdouble time;
    guint32 seq;
    guint32 len;
  } expected[] = {
    { 2, 1, 10 },
    { 2.0400752, 11, 400 },
    { 2.0804624, 411, 400 },
    { 2.1208496, 811, 190 },
  };
  guint n = 0;

  run_small_writes (FALSE);
  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      if (s->len == 0)
        continue;
      ck_assert_uint_lt (n, G_N_ELEMENTS (expected));
      ck_assert_int_eq (s->time, cns_seconds (expected[n].time));
      ck_assert_uint_eq (s->h.sequence, expected[n].seq);
      ck_assert_uint_eq (s->len, expected[n].len);
      n++;
    }
  ck_assert_uint_eq (n, G_N_ELEMENTS (expected));
  world_clear ();
}
END_TEST

/* Without it (TcpNoDelay, the default) each write is a segment of its
 * own, sent when written. */
START_TEST (test_tcp_socket_no_delay)
{
  guint n = 0;

  run_small_writes (TRUE);
  for (guint i = 0; i < w.a.tx->len; i++)
    {
      const Segment *s = &g_array_index (w.a.tx, Segment, i);

      if (s->len == 0)
        continue;
      ck_assert_int_eq (s->time, cns_seconds (2) + cns_milli_seconds (n));
      ck_assert_uint_eq (s->h.sequence, 1 + 10 * n);
      ck_assert_uint_eq (s->len, 10);
      n++;
    }
  ck_assert_uint_eq (n, 100);
  world_clear ();
}
END_TEST

/* ==== 9. the congestion window through the socket ==== */

/* The congestion window's changes, and the ACK each came with: @n of them
 * expected. */
static void
assert_cwnd (const guint32 *acks, const guint32 *cwnds, guint n)
{
  ck_assert_uint_eq (w.a.cwnd->len, n);
  for (guint i = 0; i < n; i++)
    {
      const WindowChange *c = &g_array_index (w.a.cwnd, WindowChange, i);

      ck_assert_msg (c->value == cwnds[i] && c->last_ack == acks[i],
                     "change %u: cwnd %u with ACK %u, not %u with %u", i,
                     c->value, c->last_ack, cwnds[i], acks[i]);
    }
}

/* InitialCwnd 10, SegmentSize 1,000, every segment acknowledged by an ACK
 * of its own and nothing lost: NewReno's slow start adds a segment per
 * ACK. The window is 10,000 bytes from the SYN-ACK (which acknowledges 1)
 * on, and the ACK of byte 1 + 1,000 i makes it 10,000 + 1,000 i, for the
 * 100 segments of 100,000 bytes. */
START_TEST (test_tcp_socket_slow_start)
{
  guint32 acks[101], cwnds[101];

  set_default ("CnsTcpSocket::SegmentSize", "1000");
  set_default ("CnsTcpSocket::DelAckCount", "1");
  world_build ("10Mbps", "20ms");
  world_listen ();
  w.a.to_send = 100000;
  w.a.chunk = 100000; /* whole segments only */
  world_connect (cns_seconds (1));
  run_until (cns_seconds (10));

  assert_received_pattern (&w.b, 100000);
  for (guint i = 0; i <= 100; i++)
    {
      acks[i] = 1 + 1000 * i;
      cwnds[i] = 10000 + 1000 * i;
    }
  assert_cwnd (acks, cwnds, 101);
  ck_assert_uint_eq (w.a.retx->len, 0);
  world_clear ();
}
END_TEST

/* The same with InitialSlowStartThreshold 20,000: slow start takes the
 * window from 10,000 to 20,000 with the ACKs of 1,001 ... 10,001; then
 * NewReno adds a segment each time the segments acknowledged add up to
 * cwnd / SMSS: 20 ACKs later (30,001) 21,000, 21 later (51,001) 22,000,
 * 22 later (73,001) 23,000, 23 later (96,001) 24,000; the 4 ACKs left of
 * the 100 segments add nothing. */
START_TEST (test_tcp_socket_congestion_avoidance)
{
  static const guint32 acks[]
      = { 1,    1001, 2001,  3001,  4001,  5001,  6001, 7001,
          8001, 9001, 10001, 30001, 51001, 73001, 96001 };
  static const guint32 cwnds[]
      = { 10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000,
          18000, 19000, 20000, 21000, 22000, 23000, 24000 };

  set_default ("CnsTcpSocket::SegmentSize", "1000");
  set_default ("CnsTcpSocket::DelAckCount", "1");
  set_default ("CnsTcpSocket::InitialSlowStartThreshold", "20000");
  world_build ("10Mbps", "20ms");
  world_listen ();
  w.a.to_send = 100000;
  w.a.chunk = 100000; /* whole segments only */
  world_connect (cns_seconds (1));
  run_until (cns_seconds (10));

  assert_received_pattern (&w.b, 100000);
  assert_cwnd (acks, cwnds, G_N_ELEMENTS (acks));
  world_clear ();
}
END_TEST

/* ==== 10. window scaling ==== */

/* A receive buffer of 1 MB needs the shift 5: 1,048,576 >> 4 = 65,536
 * does not fit in 16 bits, 1,048,576 >> 5 = 32,768 does. Both SYNs carry
 * it, with the window field 65,535 (never scaled on a SYN), and the
 * ACKs after them carry the window >> 5. Over 100 Mb/s and 50 ms
 * (a bandwidth-delay product of 1.25 MB) the sender then has more than
 * 65,535 bytes in flight. */
START_TEST (test_tcp_socket_window_scaling)
{
  const Segment *syn, *syn_ack = NULL, *ack = NULL;

  set_default ("CnsTcpSocket::RcvBufSize", "1048576");
  set_default ("CnsTcpSocket::SndBufSize", "1048576");
  world_build ("100Mbps", "50ms");
  world_listen ();
  w.a.to_send = 4000000;
  w.a.close_when_sent = TRUE;
  w.a.check_window = TRUE;
  w.a.peer_shift = 5;
  world_connect (cns_seconds (1));
  run_until (cns_seconds (60));

  assert_received_pattern (&w.b, 4000000);
  syn = &g_array_index (w.a.tx, Segment, 0);
  ck_assert_uint_eq (syn->h.flags, CNS_TCP_FLAG_SYN);
  ck_assert (syn->h.has_window_scale);
  ck_assert_uint_eq (syn->h.window_scale, 5);
  ck_assert_uint_eq (syn->h.window, 65535);
  for (guint i = 0; i < w.frames_out[1]->len; i++)
    {
      const Segment *s = &g_array_index (w.frames_out[1], Segment, i);

      if (syn_ack == NULL && (s->h.flags & CNS_TCP_FLAG_SYN))
        syn_ack = s;
      else if (syn_ack != NULL && ack == NULL && s->h.ack > 1)
        ack = s;
    }
  ck_assert_ptr_nonnull (syn_ack);
  ck_assert (syn_ack->h.has_window_scale);
  ck_assert_uint_eq (syn_ack->h.window_scale, 5);
  ck_assert_uint_eq (syn_ack->h.window, 65535);
  ck_assert_ptr_nonnull (ack);
  /* the ACK of the second 536-byte segment, sent before the application
   * reads it: (1,048,576 - 536) >> 5 */
  ck_assert_uint_eq (ack->h.ack, 1 + 2 * 536);
  ck_assert_uint_eq (ack->h.window, 32751);
  ck_assert_uint_gt (w.a.max_in_flight, 65535);
  world_clear ();
}
END_TEST

/* ==== 11. options one side does not offer ==== */

/* Each side offers SACK, timestamps and window scaling or not; the
 * SYN-ACK carries only what both offered, and so do the segments after
 * it: timestamps on every segment when agreed, and the window scaled.
 * With 100,000 bytes of buffer the shift is 1 (100,000 > 65,535 >=
 * 50,000). */
START_TEST (test_tcp_socket_options)
{
  for (guint c = 0; c < 64; c++)
    {
      /* bits 0-2: node 0's SACK, timestamps, window scaling; 3-5 node 1's */
      gboolean a_sack = c & 1, a_ts = (c >> 1) & 1, a_ws = (c >> 2) & 1;
      gboolean b_sack = (c >> 3) & 1, b_ts = (c >> 4) & 1, b_ws = (c >> 5) & 1;
      const Segment *syn, *syn_ack = NULL, *ack = NULL, *data = NULL;

      cns_test_reset ();
      set_default ("CnsTcpSocket::RcvBufSize", "100000");
      world_build ("10Mbps", "20ms");
      world_listen ();
      g_object_set (w.a.socket, "sack", a_sack, "timestamp", a_ts,
                    "window-scaling", a_ws, NULL);
      g_object_set (w.listener, "sack", b_sack, "timestamp", b_ts,
                    "window-scaling", b_ws, NULL);
      w.a.to_send = 1000;
      world_connect (cns_seconds (1));
      run_until (cns_seconds (3));

      assert_received_pattern (&w.b, 1000);
      syn = &g_array_index (w.a.tx, Segment, 0);
      ck_assert_uint_eq (syn->h.flags, CNS_TCP_FLAG_SYN);
      ck_assert (syn->h.has_mss);
      ck_assert_int_eq (syn->h.sack_permitted, a_sack);
      ck_assert_int_eq (syn->h.has_timestamp, a_ts);
      ck_assert_int_eq (syn->h.has_window_scale, a_ws);
      for (guint i = 0; i < w.frames_out[1]->len; i++)
        {
          const Segment *s = &g_array_index (w.frames_out[1], Segment, i);

          if (syn_ack == NULL && (s->h.flags & CNS_TCP_FLAG_SYN))
            syn_ack = s;
          else if (syn_ack != NULL && ack == NULL && s->h.ack > 1)
            ack = s;
        }
      for (guint i = 0; i < w.a.tx->len && data == NULL; i++)
        if (g_array_index (w.a.tx, Segment, i).len > 0)
          data = &g_array_index (w.a.tx, Segment, i);
      ck_assert_ptr_nonnull (syn_ack);
      ck_assert_ptr_nonnull (ack);
      ck_assert_ptr_nonnull (data);
      ck_assert_uint_eq (syn_ack->h.flags, CNS_TCP_FLAG_SYN | CNS_TCP_FLAG_ACK);
      ck_assert (syn_ack->h.has_mss);
      ck_assert_msg (syn_ack->h.sack_permitted == (a_sack && b_sack),
                     "case %u: SACK", c);
      ck_assert_msg (syn_ack->h.has_timestamp == (a_ts && b_ts),
                     "case %u: timestamps", c);
      ck_assert_msg (syn_ack->h.has_window_scale == (a_ws && b_ws),
                     "case %u: window scale", c);
      if (a_ws && b_ws)
        ck_assert_uint_eq (syn_ack->h.window_scale, 1);
      ck_assert_int_eq (data->h.has_timestamp, a_ts && b_ts);
      ck_assert_int_eq (ack->h.has_timestamp, a_ts && b_ts);
      /* the ACK of both segments (536 and 464 bytes), sent before the
       * application reads the second: (100,000 - 464) >> 1, or the most
       * 16 bits hold */
      ck_assert_uint_eq (ack->h.ack, 1001);
      ck_assert_uint_eq (ack->h.window, a_ws && b_ws ? 49768 : 65535);
      world_clear ();
    }
}
END_TEST

/* ==== 12. the MSS ==== */

/* The receiver's MSS caps the sender's segments: 10,000 bytes handed over
 * at once go as exactly 20 segments of 500 bytes when the peer offers 500
 * and the sender's own SegmentSize is 1,460; the other way round the
 * sender's own 500 does the same. */
START_TEST (test_tcp_socket_mss)
{
  for (guint dir = 0; dir < 2; dir++)
    {
      End *sender = dir == 0 ? &w.a : &w.b;
      End *receiver;
      const Segment *syn, *syn_ack = NULL;
      guint32 max_len;

      world_build ("10Mbps", "20ms");
      world_listen ();
      sender = dir == 0 ? &w.a : &w.b;
      receiver = peer_of (sender);
      g_object_set (w.a.socket, "segment-size", dir == 0 ? 1460 : 500, NULL);
      g_object_set (w.listener, "segment-size", dir == 0 ? 500 : 1460, NULL);
      sender->to_send = 10000;
      sender->chunk = 10000;
      world_connect (cns_seconds (1));
      run_until (cns_seconds (5));

      assert_received_pattern (receiver, 10000);
      syn = &g_array_index (w.a.tx, Segment, 0);
      ck_assert_uint_eq (syn->h.mss, dir == 0 ? 1460 : 500);
      for (guint i = 0; i < w.frames_out[1]->len && syn_ack == NULL; i++)
        if (g_array_index (w.frames_out[1], Segment, i).h.flags
            & CNS_TCP_FLAG_SYN)
          syn_ack = &g_array_index (w.frames_out[1], Segment, i);
      ck_assert_ptr_nonnull (syn_ack);
      ck_assert_uint_eq (syn_ack->h.mss, dir == 0 ? 500 : 1460);
      ck_assert_uint_eq (count_data_segments (sender->tx, &max_len), 20);
      ck_assert_uint_eq (max_len, 500);
      world_clear ();
    }
}
END_TEST

Suite *
test_tcp_socket_suite (void)
{
  Suite *s = suite_create ("tcp-socket");
  TCase *tc = tcase_create ("tcp-socket");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_tcp_socket_zero_window);
  tcase_add_test (tc, test_tcp_socket_small_window_lost_update);
  tcase_add_test (tc, test_tcp_socket_zero_window_fin);
  tcase_add_test (tc, test_tcp_socket_zero_window_peer_gone);
  tcase_add_test (tc, test_tcp_socket_rto_backoff);
  tcase_add_test (tc, test_tcp_socket_syn_retries);
  tcase_add_test (tc, test_tcp_socket_syn_lost);
  tcase_add_test (tc, test_tcp_socket_simultaneous_open);
  tcase_add_test (tc, test_tcp_socket_simultaneous_close);
  tcase_add_test (tc, test_tcp_socket_reset);
  tcase_add_test (tc, test_tcp_socket_delayed_ack);
  tcase_add_test (tc, test_tcp_socket_nagle);
  tcase_add_test (tc, test_tcp_socket_no_delay);
  tcase_add_test (tc, test_tcp_socket_slow_start);
  tcase_add_test (tc, test_tcp_socket_congestion_avoidance);
  tcase_add_test (tc, test_tcp_socket_window_scaling);
  tcase_add_test (tc, test_tcp_socket_options);
  tcase_add_test (tc, test_tcp_socket_mss);
  suite_add_tcase (s, tc);
  return s;
}
