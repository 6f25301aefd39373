/* cns — tests of TCP connections: hand-shake, transfer, close, losses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two nodes with the full stack on one point-to-point link; a client
 * connects to a listener, sends a pattern of bytes and closes, and the
 * tests check the states each side went through, the bytes that arrived
 * and what the sender's recovery did.
 */
#include "internet/ipv4-fixtures.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include "internet/cns-internet.h"
#include "network/cns-network.h"

#include <string.h>

#define PORT 50000

typedef struct
{
  CnsNodeContainer *nodes;
  CnsNetDeviceContainer *devices;
  CnsIpv4InterfaceContainer *interfaces;
  CnsSocket *client;
  CnsSocket *server; /* the listener */
  CnsSocket *accepted;
  GArray *client_states; /* of CnsTcpState */
  GArray *server_states;
  GByteArray *received;
  guint32 to_send; /* bytes of the pattern */
  guint32 sent;    /* handed to the client socket */
  gboolean close_when_sent;
  gboolean peer_closed;   /* the server's close callback ran */
  gboolean client_closed; /* the client's */
  gboolean read_slowly;   /* the server reads only when told to */
  GArray *accepted_rx;    /* if set, a closure on the accepted Rx records */
} World;

static World w;

/* ---- an error model that drops chosen data segments ---- */

/* Drops the data-carrying frames (over 100 bytes) whose index among them
 * (0 for the first) is in its list. */
#define TEST_TYPE_DROP_NTH (test_drop_nth_get_type ())
G_DECLARE_FINAL_TYPE (TestDropNth, test_drop_nth, TEST, DROP_NTH, CnsErrorModel)

struct _TestDropNth
{
  CnsErrorModel parent_instance;

  guint32 seen;
  guint32 drop[8];
  guint n_drop;
  guint dropped;
};

G_DEFINE_FINAL_TYPE (TestDropNth, test_drop_nth, CNS_TYPE_ERROR_MODEL)

static gboolean
drop_nth_is_corrupt (CnsErrorModel *model, CnsPacket *packet)
{
  TestDropNth *self = TEST_DROP_NTH (model);
  guint32 index;

  if (cns_packet_get_size (packet) <= 100)
    return FALSE;
  index = self->seen++;
  for (guint i = 0; i < self->n_drop; i++)
    if (self->drop[i] == index)
      {
        self->dropped++;
        return TRUE;
      }
  return FALSE;
}

static void
test_drop_nth_class_init (TestDropNthClass *klass)
{
  CNS_ERROR_MODEL_CLASS (klass)->is_corrupt = drop_nth_is_corrupt;
}

static void
test_drop_nth_init (TestDropNth *self)
{
}

/* Makes the server's device drop the data frames @drop[0..n). */
static TestDropNth *
drop_at_server (const guint32 *drop, guint n)
{
  TestDropNth *model = cns_object_new (TEST_TYPE_DROP_NTH, NULL);

  memcpy (model->drop, drop, n * sizeof *drop);
  model->n_drop = n;
  g_object_set (cns_net_device_container_get (w.devices, 1),
                "receive-error-model", model, NULL);
  g_object_unref (model); /* the device holds it */
  return model;
}

static guint8
pattern (guint32 i)
{
  return (guint8) (i * 7 + (i >> 8));
}

static void
record_state (gpointer source, CnsTcpState old_state, CnsTcpState new_state,
              gpointer user_data)
{
  g_array_append_val ((GArray *) user_data, new_state);
}

static void
client_send_more (CnsSocket *socket, guint32 available, gpointer user_data)
{
  while (w.sent < w.to_send)
    {
      guint32 room = cns_socket_get_tx_available (socket);
      guint32 n = MIN (MIN (room, w.to_send - w.sent), 4000);
      guint8 buf[4000];
      CnsPacket *p;

      if (n == 0)
        return;
      for (guint32 i = 0; i < n; i++)
        buf[i] = pattern (w.sent + i);
      p = cns_packet_new_from_data (buf, n);
      ck_assert_int_eq (cns_socket_send (socket, p, 0), (gint) n);
      w.sent += n;
    }
  if (w.close_when_sent)
    {
      w.close_when_sent = FALSE;
      ck_assert_int_eq (cns_socket_close (socket), 0);
    }
}

static void
client_connected (CnsSocket *socket, gpointer user_data)
{
  client_send_more (socket, 0, NULL);
}

static void
client_failed (CnsSocket *socket, gpointer user_data)
{
  ck_abort_msg ("the connection failed");
}

static void
server_read (CnsSocket *socket, gpointer user_data)
{
  CnsPacket *p;

  if (w.read_slowly)
    return;
  while ((p = cns_socket_recv (socket, G_MAXUINT32, 0)) != NULL)
    {
      guint32 n = cns_packet_get_size (p);
      guint old = w.received->len;

      g_byte_array_set_size (w.received, old + n);
      cns_packet_copy_data (p, 0, w.received->data + old, n);
      cns_packet_unref (p);
    }
}

static void
server_peer_closed (CnsSocket *socket, gpointer user_data)
{
  w.peer_closed = TRUE;
  server_read (socket, NULL);
  cns_socket_close (socket);
}

static void
client_normal_close (CnsSocket *socket, gpointer user_data)
{
  w.client_closed = TRUE;
}

static void
server_accepted (CnsSocket *listener, CnsSocket *connection,
                 const CnsAddress *from, gpointer user_data)
{
  w.accepted = g_object_ref (connection);
  if (w.accepted_rx != NULL)
    closure_calls_connect (w.accepted_rx, connection, "Rx");
  ck_assert_uint_ne (cns_trace_connect (connection, "State",
                                        G_CALLBACK (record_state),
                                        w.server_states, NULL),
                     0);
  cns_socket_set_recv_callback (connection, server_read, NULL);
  cns_socket_set_close_callbacks (connection, server_peer_closed,
                                  server_peer_closed, NULL);
  /* what arrived with the hand-shake's last ACK */
  server_read (connection, NULL);
}

/* Two nodes joined by @rate and @delay; TCP attributes set with
 * cns_config_set_default() beforehand apply to both sockets. */
static void
world_build (const gchar *rate, const gchar *delay, guint32 to_send)
{
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  CnsInetSocketAddress local = { cns_ipv4_address_any (), PORT };
  CnsAddress a;
  GError *error = NULL;

  memset (&w, 0, sizeof w);
  w.to_send = to_send;
  w.close_when_sent = TRUE;
  w.client_states = g_array_new (FALSE, FALSE, sizeof (CnsTcpState));
  w.server_states = g_array_new (FALSE, FALSE, sizeof (CnsTcpState));
  w.received = g_byte_array_new ();
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

  w.server = cns_socket_create (cns_node_container_get (w.nodes, 1),
                                CNS_TYPE_TCP_SOCKET_FACTORY);
  cns_inet_socket_address_to_address (&local, &a);
  ck_assert (cns_socket_bind (w.server, &a, &error));
  ck_assert (cns_socket_listen (w.server, &error));
  cns_socket_set_accept_callback (w.server, NULL, server_accepted, NULL);

  w.client = cns_socket_create (cns_node_container_get (w.nodes, 0),
                                CNS_TYPE_TCP_SOCKET_FACTORY);
  ck_assert_uint_ne (cns_trace_connect (w.client, "State",
                                        G_CALLBACK (record_state),
                                        w.client_states, NULL),
                     0);
  cns_socket_set_connect_callback (w.client, client_connected, client_failed,
                                   NULL);
  cns_socket_set_send_callback (w.client, client_send_more, NULL);
  cns_socket_set_close_callbacks (w.client, client_normal_close, NULL, NULL);
}

static void
world_connect (CnsTime at)
{
  CnsInetSocketAddress peer
      = { cns_ipv4_interface_container_get_address (w.interfaces, 1, 0), PORT };
  CnsAddress a;
  GError *error = NULL;

  cns_inet_socket_address_to_address (&peer, &a);
  cns_simulator_stop_at (at);
  cns_simulator_run ();
  ck_assert (cns_socket_connect (w.client, &a, &error));
}

static void
world_clear (void)
{
  cns_simulator_destroy ();
  g_clear_object (&w.client);
  g_clear_object (&w.server);
  g_clear_object (&w.accepted);
  g_clear_pointer (&w.client_states, g_array_unref);
  g_clear_pointer (&w.server_states, g_array_unref);
  g_clear_pointer (&w.received, g_byte_array_unref);
  g_clear_pointer (&w.interfaces, cns_ipv4_interface_container_unref);
  g_clear_pointer (&w.devices, cns_net_device_container_unref);
  g_clear_pointer (&w.nodes, cns_node_container_unref);
}

static void
assert_states (GArray *states, const CnsTcpState *expected, guint n)
{
  GString *got = g_string_new (NULL);

  for (guint i = 0; i < states->len; i++)
    g_string_append_printf (
        got, "%s ",
        cns_tcp_state_to_string (g_array_index (states, CnsTcpState, i)));
  ck_assert_msg (states->len == n, "states: %s", got->str);
  for (guint i = 0; i < n; i++)
    ck_assert_msg (g_array_index (states, CnsTcpState, i) == expected[i],
                   "state %u: %s", i, got->str);
  g_string_free (got, TRUE);
}

static void
assert_received_pattern (guint32 n)
{
  ck_assert_uint_eq (w.received->len, n);
  for (guint32 i = 0; i < n; i++)
    if (w.received->data[i] != pattern (i))
      ck_abort_msg ("byte %u is %u, not %u", i, w.received->data[i],
                    pattern (i));
}

static void
setup (void)
{
  cns_test_reset ();
}

/* The hand-shake, 1,000 bytes and an orderly close: the client closes
 * first, so it goes through FIN_WAIT_1, FIN_WAIT_2 and TIME_WAIT, and the
 * server through CLOSE_WAIT and LAST_ACK. */
START_TEST (test_tcp_handshake_and_close)
{
  static const CnsTcpState client[] = {
    CNS_TCP_SYN_SENT,   CNS_TCP_ESTABLISHED, CNS_TCP_FIN_WAIT_1,
    CNS_TCP_FIN_WAIT_2, CNS_TCP_TIME_WAIT,   CNS_TCP_CLOSED,
  };
  /* from when it was accepted, established */
  static const CnsTcpState server[] = {
    CNS_TCP_CLOSE_WAIT,
    CNS_TCP_LAST_ACK,
    CNS_TCP_CLOSED,
  };

  world_build ("10Mbps", "10ms", 1000);
  world_connect (cns_seconds (1));
  cns_simulator_stop_at (cns_seconds (1000));
  cns_simulator_run ();
  assert_states (w.client_states, client, G_N_ELEMENTS (client));
  assert_states (w.server_states, server, G_N_ELEMENTS (server));
  assert_received_pattern (1000);
  ck_assert (w.peer_closed);
  ck_assert (w.client_closed);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.client)), 0);
  world_clear ();
}
END_TEST

/* 10 MB over 10 Mb/s and 20 ms arrive byte for byte; with a receive
 * window of 32 KB the link's queue of 100 packets never fills, so
 * nothing is lost or sent twice. */
START_TEST (test_tcp_bulk_transfer)
{
  GError *error = NULL;

  ck_assert (
      cns_config_set_default ("CnsTcpSocket::RcvBufSize", "32768", &error));
  world_build ("10Mbps", "20ms", 10 * 1000 * 1000);
  world_connect (cns_seconds (1));
  cns_simulator_stop_at (cns_seconds (1000));
  cns_simulator_run ();
  assert_received_pattern (10 * 1000 * 1000);
  ck_assert (w.peer_closed);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.client)), 0);
  world_clear ();
}
END_TEST

/* Counts the timeouts: the congestion window falling to one segment. */
static guint timeouts;

static void
count_timeouts (gpointer source, guint32 old_value, guint32 new_value,
                gpointer user_data)
{
  if (new_value == 536 && old_value > 536)
    timeouts++;
}

static void
run_lossy (const guint32 *drop, guint n, const gchar *sack, guint32 bytes,
           guint expect_dropped)
{
  GError *error = NULL;
  TestDropNth *model;

  ck_assert (cns_config_set_default ("CnsTcpSocket::Sack", sack, &error));
  world_build ("10Mbps", "20ms", bytes);
  model = drop_at_server (drop, n);
  timeouts = 0;
  ck_assert_uint_ne (cns_trace_connect (w.client, "CongestionWindow",
                                        G_CALLBACK (count_timeouts), NULL,
                                        NULL),
                     0);
  world_connect (cns_seconds (1));
  cns_simulator_stop_at (cns_seconds (1000));
  cns_simulator_run ();
  ck_assert_uint_eq (model->dropped, expect_dropped);
  assert_received_pattern (bytes);
  ck_assert (w.peer_closed);
}

/* One data segment lost mid-transfer: three duplicate ACKs bring exactly
 * one fast retransmission, and no timeout. */
START_TEST (test_tcp_fast_retransmit)
{
  static const guint32 drop[] = { 30 };

  run_lossy (drop, 1, "false", 200000, 1);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.client)), 1);
  ck_assert_uint_eq (timeouts, 0);
  world_clear ();
}
END_TEST

/* Three segments lost in one window, with SACK: each is sent again once,
 * without a timeout (RFC 6675). */
START_TEST (test_tcp_sack_recovery)
{
  static const guint32 drop[] = { 30, 33, 36 };

  run_lossy (drop, 3, "true", 200000, 3);
  ck_assert_uint_eq (
      cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (w.client)), 3);
  ck_assert_uint_eq (timeouts, 0);
  world_clear ();
}
END_TEST

/* The whole initial window (10 segments) lost: no duplicate ACK can come,
 * the retransmission timeout recovers it. */
START_TEST (test_tcp_window_lost)
{
  static const guint32 drop[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  GError *error = NULL;

  ck_assert (cns_config_set_default ("CnsTcpSocket::InitialCwnd", "8", &error));
  run_lossy (drop, 8, "true", 100000, 8);
  ck_assert_uint_ge (timeouts, 1);
  world_clear ();
}
END_TEST

/* A connection to a port nothing listens on is refused by a reset. */
static gboolean refused;

static void
refused_cb (CnsSocket *socket, gpointer user_data)
{
  refused = TRUE;
}

START_TEST (test_tcp_refused)
{
  CnsInetSocketAddress peer;
  CnsAddress a;
  GError *error = NULL;
  CnsSocket *s;

  world_build ("10Mbps", "10ms", 0);
  refused = FALSE;
  s = cns_socket_create (cns_node_container_get (w.nodes, 0),
                         CNS_TYPE_TCP_SOCKET_FACTORY);
  cns_socket_set_connect_callback (s, NULL, refused_cb, NULL);
  peer = (CnsInetSocketAddress){
    cns_ipv4_interface_container_get_address (w.interfaces, 1, 0), PORT + 1
  };
  cns_inet_socket_address_to_address (&peer, &a);
  ck_assert (cns_socket_connect (s, &a, &error));
  cns_simulator_stop_at (cns_seconds (10));
  cns_simulator_run ();
  ck_assert (refused);
  ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_CONNREFUSED);
  ck_assert_int_eq (cns_tcp_socket_get_state (CNS_TCP_SOCKET (s)),
                    CNS_TCP_CLOSED);
  g_object_unref (s);
  world_clear ();
}
END_TEST

/* Checks that @call, a call on @socket that sets @error, failed with
 * @errno_value, and @error with @code and the message @text. */
#define EXPECT_FAILURE(call, socket, errno_value, code, text)        \
  G_STMT_START                                                       \
    {                                                                \
      g_autoptr (GError) error = NULL;                               \
                                                                     \
      ck_assert (!(call));                                           \
      ck_assert_int_eq (cns_socket_get_errno (socket), errno_value); \
      CNS_TEST_ASSERT_ERROR (error, code);                           \
      ck_assert_str_eq (error->message, text);                       \
    }                                                                \
  G_STMT_END

static void
inet (const gchar *text, CnsAddress *out)
{
  CnsInetSocketAddress a;

  ck_assert (cns_inet_socket_address_parse (text, &a, NULL));
  cns_inet_socket_address_to_address (&a, out);
}

/* Each misuse of bind, connect and listen sets the errno once, and the
 * GError says which socket, node and address. */
START_TEST (test_tcp_api_errors)
{
  CnsNode *node;
  g_autoptr (CnsSocket) s1 = NULL;
  g_autoptr (CnsSocket) s2 = NULL;
  CnsAddress a;

  world_build ("10Mbps", "10ms", 0);
  node = cns_node_container_get (w.nodes, 0);
  ck_assert_uint_eq (cns_node_get_id (node), 0);
  s1 = cns_socket_create (node, CNS_TYPE_TCP_SOCKET_FACTORY);
  s2 = cns_socket_create (node, CNS_TYPE_TCP_SOCKET_FACTORY);

  ck_assert (cns_socket_bind (s1, (inet ("10.1.1.1:5000", &a), &a), NULL));
  EXPECT_FAILURE (
      cns_socket_bind (s1, (inet ("10.1.1.1:5001", &a), &a), &error), s1,
      CNS_SOCKET_ERROR_INVAL, CNS_INTERNET_ERROR_INVALID,
      "CnsTcpSocket on node 0 cannot bind to 10.1.1.1:5001: "
      "invalid argument");
  EXPECT_FAILURE (
      cns_socket_bind (s2, (inet ("10.1.1.1:5000", &a), &a), &error), s2,
      CNS_SOCKET_ERROR_ADDRINUSE, CNS_INTERNET_ERROR_ADDRESS_IN_USE,
      "CnsTcpSocket on node 0 cannot bind to 10.1.1.1:5000: "
      "address already in use");
  EXPECT_FAILURE (
      cns_socket_bind (s2, (inet ("10.1.1.2:5000", &a), &a), &error), s2,
      CNS_SOCKET_ERROR_ADDRNOTAVAIL, CNS_INTERNET_ERROR_ADDRESS_NOT_AVAILABLE,
      "CnsTcpSocket on node 0 cannot bind to 10.1.1.2:5000: "
      "address not available");
  EXPECT_FAILURE (
      cns_socket_connect (s2, (inet ("192.168.7.7:80", &a), &a), &error), s2,
      CNS_SOCKET_ERROR_NOROUTETOHOST, CNS_INTERNET_ERROR_INVALID,
      "CnsTcpSocket on node 0 cannot connect to 192.168.7.7:80: "
      "no route to host");

  /* connected: no second connect, no listen */
  ck_assert (cns_socket_connect (s1, (inet ("10.1.1.2:50000", &a), &a), NULL));
  EXPECT_FAILURE (cns_socket_connect (s1, &a, &error), s1,
                  CNS_SOCKET_ERROR_ISCONN, CNS_INTERNET_ERROR_INVALID,
                  "CnsTcpSocket on node 0 cannot connect to 10.1.1.2:50000: "
                  "already connected");
  EXPECT_FAILURE (cns_socket_listen (s1, &error), s1, CNS_SOCKET_ERROR_INVAL,
                  CNS_INTERNET_ERROR_INVALID,
                  "CnsTcpSocket on node 0 cannot listen: invalid argument");

  /* closed by the application: every call fails with BADF */
  ck_assert_int_eq (cns_socket_close (s2), 0);
  EXPECT_FAILURE (cns_socket_bind (s2, NULL, &error), s2, CNS_SOCKET_ERROR_BADF,
                  CNS_INTERNET_ERROR_INVALID,
                  "CnsTcpSocket on node 0 cannot bind to any address: socket "
                  "closed");
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();
  ck_assert_int_eq (cns_tcp_socket_get_state (CNS_TCP_SOCKET (s1)),
                    CNS_TCP_ESTABLISHED);
  g_clear_object (&s1);
  g_clear_object (&s2);
  world_clear ();
}
END_TEST

/* ---- trace marshals for bindings (cns_trace_connect_closure()) ---- */

static void
record_uint32 (gpointer source, guint32 old_value, guint32 new_value,
               gpointer user_data)
{
  guint32 pair[2] = { old_value, new_value };

  g_array_append_vals (user_data, pair, 2);
}

static void
record_time (gpointer source, CnsTime old_value, CnsTime new_value,
             gpointer user_data)
{
  CnsTime pair[2] = { old_value, new_value };

  g_array_append_vals (user_data, pair, 2);
}

/* The hand-shake, 1,000 bytes and the close, with closures connected as
 * bindings connect them: State (gint old and new states),
 * CongestionWindow (guint), RTT (gint64 ns) and the client's Tx and the
 * accepted socket's Rx (the segment and a copy of its TCP header). Each
 * closure gets the socket first, and the same values, in the same order,
 * as C callbacks connected beside them. */
START_TEST (test_tcp_closures)
{
  GArray *state = closure_calls_new ();
  GArray *cwnd = closure_calls_new ();
  GArray *rtt = closure_calls_new ();
  GArray *tx = closure_calls_new ();
  GArray *rx = closure_calls_new ();
  g_autoptr (GArray) cwnd_c = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) rtt_c = g_array_new (FALSE, FALSE, sizeof (CnsTime));
  const ClosureCall *call;
  const CnsTcpHeader *h;
  guint32 sent = 0, received = 0;

  world_build ("10Mbps", "10ms", 1000);
  w.accepted_rx = rx;
  closure_calls_connect (state, w.client, "State");
  closure_calls_connect (cwnd, w.client, "CongestionWindow");
  closure_calls_connect (rtt, w.client, "RTT");
  closure_calls_connect (tx, w.client, "Tx");
  ck_assert_uint_ne (cns_trace_connect (w.client, "CongestionWindow",
                                        G_CALLBACK (record_uint32), cwnd_c,
                                        NULL),
                     0);
  ck_assert_uint_ne (cns_trace_connect (w.client, "RTT",
                                        G_CALLBACK (record_time), rtt_c, NULL),
                     0);
  world_connect (cns_seconds (1));
  cns_simulator_stop_at (cns_seconds (1000));
  cns_simulator_run ();
  assert_received_pattern (1000);

  /* State: CLOSED -> SYN_SENT -> ... -> CLOSED, as the C callback saw */
  ck_assert_uint_eq (state->len, w.client_states->len);
  ck_assert_uint_eq (state->len, 6);
  for (guint i = 0; i < state->len; i++)
    {
      call = closure_calls_get (state, i, 3);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == G_TYPE_INT);
      ck_assert (call->types[2] == G_TYPE_INT);
      ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), w.client);
      ck_assert_int_eq (
          g_value_get_int (&call->values[1]),
          i == 0 ? CNS_TCP_CLOSED
                 : g_array_index (w.client_states, CnsTcpState, i - 1));
      ck_assert_int_eq (g_value_get_int (&call->values[2]),
                        g_array_index (w.client_states, CnsTcpState, i));
    }

  /* CongestionWindow and RTT: the C callbacks' values */
  ck_assert_uint_gt (cwnd->len, 0);
  ck_assert_uint_eq (cwnd_c->len, 2 * cwnd->len);
  for (guint i = 0; i < cwnd->len; i++)
    {
      call = closure_calls_get (cwnd, i, 3);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == G_TYPE_UINT);
      ck_assert (call->types[2] == G_TYPE_UINT);
      ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), w.client);
      ck_assert_uint_eq (g_value_get_uint (&call->values[1]),
                         g_array_index (cwnd_c, guint32, 2 * i));
      ck_assert_uint_eq (g_value_get_uint (&call->values[2]),
                         g_array_index (cwnd_c, guint32, 2 * i + 1));
    }
  ck_assert_uint_gt (rtt->len, 0);
  ck_assert_uint_eq (rtt_c->len, 2 * rtt->len);
  for (guint i = 0; i < rtt->len; i++)
    {
      call = closure_calls_get (rtt, i, 3);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == G_TYPE_INT64);
      ck_assert (call->types[2] == G_TYPE_INT64);
      ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), w.client);
      ck_assert_int_eq (g_value_get_int64 (&call->values[1]),
                        g_array_index (rtt_c, CnsTime, 2 * i));
      ck_assert_int_eq (g_value_get_int64 (&call->values[2]),
                        g_array_index (rtt_c, CnsTime, 2 * i + 1));
      /* at least the 2 x 10 ms of propagation */
      ck_assert_int_ge (g_value_get_int64 (&call->values[2]),
                        cns_milli_seconds (20));
    }

  /* Tx: first the SYN, to the server's port, with no data; the data
   * segments carry the 1,000 bytes */
  ck_assert_uint_gt (tx->len, 2);
  for (guint i = 0; i < tx->len; i++)
    {
      call = closure_calls_get (tx, i, 3);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == CNS_TYPE_PACKET);
      ck_assert (call->types[2] == CNS_TYPE_TCP_HEADER);
      ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), w.client);
      h = g_value_get_boxed (&call->values[2]);
      ck_assert_uint_eq (h->destination_port, PORT);
      sent += cns_packet_get_size (g_value_get_boxed (&call->values[1]));
    }
  h = g_value_get_boxed (&closure_calls_get (tx, 0, 3)->values[2]);
  ck_assert_uint_eq (h->flags, CNS_TCP_FLAG_SYN);
  ck_assert (h->has_mss);
  ck_assert_uint_eq (sent, 1000);

  /* Rx of the accepted socket: the data, from the client's port */
  ck_assert_uint_gt (rx->len, 0);
  for (guint i = 0; i < rx->len; i++)
    {
      call = closure_calls_get (rx, i, 3);
      ck_assert (call->types[1] == CNS_TYPE_PACKET);
      ck_assert (call->types[2] == CNS_TYPE_TCP_HEADER);
      ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), w.accepted);
      h = g_value_get_boxed (&call->values[2]);
      ck_assert_uint_eq (h->destination_port, PORT);
      ck_assert (h->flags & CNS_TCP_FLAG_ACK);
      received += cns_packet_get_size (g_value_get_boxed (&call->values[1]));
    }
  ck_assert_uint_eq (received, 1000);

  closure_calls_free (state);
  closure_calls_free (cwnd);
  closure_calls_free (rtt);
  closure_calls_free (tx);
  closure_calls_free (rx);
  world_clear ();
}
END_TEST

Suite *
test_tcp_suite (void)
{
  Suite *s = suite_create ("tcp");
  TCase *tc = tcase_create ("tcp");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_tcp_handshake_and_close);
  tcase_add_test (tc, test_tcp_bulk_transfer);
  tcase_add_test (tc, test_tcp_refused);
  tcase_add_test (tc, test_tcp_api_errors);
  tcase_add_test (tc, test_tcp_fast_retransmit);
  tcase_add_test (tc, test_tcp_sack_recovery);
  tcase_add_test (tc, test_tcp_window_lost);
  tcase_add_test (tc, test_tcp_closures);
  suite_add_tcase (s, tc);
  return s;
}
