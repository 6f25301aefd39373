/* cns — tests of the bulk sender.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two nodes with the full stack on a 10 Mb/s, 20 ms point-to-point link:
 * a TCP packet sink on node 1, port 9, and a bulk sender on node 0. The
 * tests check the bytes handed to the socket and those that arrived, the
 * Tx trace, the closing of the socket, and the errors a scenario can make.
 */
#include "applications/cns-applications.h"
#include "applications/suites.h"
#include "lib/cns-test.h"

#include "internet/cns-internet.h"
#include "network/cns-network.h"

#include <string.h>

#define PORT 9

/* 10 Mb/s in bytes per second */
#define LINK_BYTES_PER_S (10 * 1000 * 1000 / 8)

typedef struct
{
  CnsNodeContainer *nodes;
  CnsNetDeviceContainer *devices;
  CnsIpv4InterfaceContainer *interfaces;
  CnsPacketSink *sink;
  CnsBulkSendApplication *app;
} World;

static World w;

/* What the Tx trace reported. */
typedef struct
{
  guint n;
  guint64 bytes;
  GArray *sizes; /* guint32 */
} TxRecord;

static void
record_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  TxRecord *r = user_data;
  guint32 size = cns_packet_get_size (packet);

  ck_assert_ptr_eq (source, w.app);
  r->n++;
  r->bytes += size;
  g_array_append_val (r->sizes, size);
}

static void
setup (void)
{
  cns_test_reset ();
  memset (&w, 0, sizeof w);
}

static void
teardown (void)
{
  cns_simulator_destroy ();
  g_clear_pointer (&w.interfaces, cns_ipv4_interface_container_unref);
  g_clear_pointer (&w.devices, cns_net_device_container_unref);
  g_clear_pointer (&w.nodes, cns_node_container_unref);
  w.sink = NULL;
  w.app = NULL;
}

static CnsNode *
node (guint i)
{
  return cns_node_container_get (w.nodes, i);
}

/* The two nodes, their link, stack and addresses (10.1.1.1 and
 * 10.1.1.2), and a TCP sink on node 1, port 9. */
static void
world_build (void)
{
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsPacketSinkHelper) sink_helper = NULL;
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (cns_ipv4_address_any (), PORT);

  w.nodes = cns_node_container_new ();
  cns_node_container_create (w.nodes, 2);
  ck_assert (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                             "10Mbps", &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                              "20ms", &error));
  w.devices = cns_point_to_point_helper_install_container (p2p, w.nodes);
  ck_assert (
      cns_internet_stack_helper_install_container (stack, w.nodes, &error));
  ck_assert (cns_ipv4_address_helper_set_base (address, "10.1.1.0",
                                               "255.255.255.0", NULL, &error));
  w.interfaces = cns_ipv4_address_helper_assign (address, w.devices, &error);
  ck_assert_ptr_nonnull (w.interfaces);

  sink_helper
      = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &local);
  apps = cns_application_helper_install (CNS_APPLICATION_HELPER (sink_helper),
                                         node (1));
  w.sink = CNS_PACKET_SINK (cns_application_container_get (apps, 0));
}

/* A bulk sender on node 0 to the sink (10.1.1.2:9), made by the helper
 * with the default protocol (TCP) and the attributes given as name, text
 * pairs. The node holds it. */
static CnsBulkSendApplication *
bulk_send_install (const gchar *first_name, ...)
{
  CnsInetSocketAddress remote = cns_inet_socket_address_init (
      cns_ipv4_interface_container_get_address (w.interfaces, 1, 0), PORT);
  g_autoptr (CnsBulkSendHelper) helper
      = cns_bulk_send_helper_new (G_TYPE_INVALID, &remote);
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (GError) error = NULL;
  va_list args;

  va_start (args, first_name);
  for (const gchar *name = first_name; name != NULL;
       name = va_arg (args, const gchar *))
    {
      const gchar *value = va_arg (args, const gchar *);

      ck_assert_msg (cns_application_helper_set_attribute (
                         CNS_APPLICATION_HELPER (helper), name, value, &error),
                     "%s=%s: %s", name, value, error ? error->message : "");
    }
  va_end (args);
  apps = cns_application_helper_install (CNS_APPLICATION_HELPER (helper),
                                         node (0));
  ck_assert_uint_eq (cns_application_container_get_n (apps), 1);
  w.app = CNS_BULK_SEND_APPLICATION (cns_application_container_get (apps, 0));
  return w.app;
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

static CnsTcpState
app_tcp_state (void)
{
  CnsSocket *socket = cns_bulk_send_application_get_socket (w.app);

  ck_assert (CNS_IS_TCP_SOCKET (socket));
  return cns_tcp_socket_get_state (CNS_TCP_SOCKET (socket));
}

/* MaxBytes 1,000,000 in sends of 1000 bytes: the socket takes exactly
 * that many bytes, all of them arrive, the Tx trace fires once per
 * 1000-byte packet, and the socket is closed once they have gone: its FIN
 * was acknowledged (the sink does not close its side, so the sender
 * waits in FIN_WAIT_2). */
START_TEST (test_bulk_send_max_bytes)
{
  g_autoptr (GError) error = NULL;
  TxRecord tx = { 0, 0, g_array_new (FALSE, FALSE, sizeof (guint32)) };

  world_build ();
  bulk_send_install ("MaxBytes", "1000000", "SendSize", "1000", NULL);
  ck_assert_uint_ne (
      cns_trace_connect (w.app, "Tx", G_CALLBACK (record_tx), &tx, &error), 0);
  run_until (cns_seconds (100));

  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 1000000);
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app),
                     1000000);
  ck_assert_uint_eq (tx.n, 1000);
  ck_assert_uint_eq (tx.bytes, 1000000);
  for (guint i = 0; i < tx.sizes->len; i++)
    ck_assert_uint_eq (g_array_index (tx.sizes, guint32, i), 1000);
  ck_assert_uint_eq (cns_packet_sink_get_n_accepted_sockets (w.sink), 1);
  ck_assert_int_eq (app_tcp_state (), CNS_TCP_FIN_WAIT_2);
  g_array_unref (tx.sizes);
}
END_TEST

/* A MaxBytes that is no multiple of SendSize: the last send is the rest,
 * 10,500 = 10 * 1000 + 500, and the trace's sizes sum to MaxBytes. */
START_TEST (test_bulk_send_last_send_is_the_rest)
{
  g_autoptr (GError) error = NULL;
  TxRecord tx = { 0, 0, g_array_new (FALSE, FALSE, sizeof (guint32)) };

  world_build ();
  bulk_send_install ("MaxBytes", "10500", "SendSize", "1000", NULL);
  ck_assert_uint_ne (
      cns_trace_connect (w.app, "Tx", G_CALLBACK (record_tx), &tx, &error), 0);
  run_until (cns_seconds (10));

  ck_assert_uint_eq (tx.n, 11);
  ck_assert_uint_eq (tx.bytes, 10500);
  for (guint i = 0; i < 10; i++)
    ck_assert_uint_eq (g_array_index (tx.sizes, guint32, i), 1000);
  ck_assert_uint_eq (g_array_index (tx.sizes, guint32, 10), 500);
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 10500);
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 10500);
  ck_assert_int_eq (app_tcp_state (), CNS_TCP_FIN_WAIT_2);
  g_array_unref (tx.sizes);
}
END_TEST

/* What the application and the sink had at one time. */
typedef struct
{
  guint64 sent;     /* handed to the socket */
  guint64 received; /* by the sink */
} Sample;

static Sample
sample (void)
{
  return (Sample){ cns_bulk_send_application_get_total_bytes (w.app),
                   cns_packet_sink_get_total_rx (w.sink) };
}

/* No limit, stopped at 5 s. The send buffer (SndBufSize 131072) is kept
 * full: it never has room for another send, and the bytes taken but not
 * yet received never exceed it. After
 * the first second (slow start) the transfer keeps the link more than 80%
 * busy; the stop hands over nothing more, and what the socket had taken
 * arrives by 10 s: all of it, and less than the link could carry in 5 s. */
START_TEST (test_bulk_send_unlimited_until_stopped)
{
  Sample at1, at5, after5, at10;

  world_build ();
  bulk_send_install ("SendSize", "1000", "StopTime", "5s", NULL);

  run_until (cns_seconds (1));
  at1 = sample ();
  for (guint ms = 1100; ms < 5000; ms += 100)
    {
      Sample s;

      run_until (cns_milli_seconds (ms));
      s = sample ();
      ck_assert_uint_ge (s.sent, s.received);
      ck_assert_uint_le (s.sent - s.received, 131072);
      /* full: no room for another send */
      ck_assert_uint_lt (cns_socket_get_tx_available (
                             cns_bulk_send_application_get_socket (w.app)),
                         1000);
    }
  run_until (cns_seconds (5) - 1);
  at5 = sample ();
  ck_assert_uint_le (at5.sent - at5.received, 131072);
  run_until (cns_seconds (5) + 1);
  after5 = sample ();
  ck_assert_int_eq (app_tcp_state (), CNS_TCP_FIN_WAIT_1);
  run_until (cns_seconds (10));
  at10 = sample ();

  ck_assert_uint_eq (after5.sent, at5.sent);
  ck_assert_uint_eq (at10.sent, at5.sent);
  ck_assert_uint_eq (at10.received, at10.sent);
  ck_assert_uint_eq (at10.sent % 1000, 0);
  ck_assert_uint_lt (at10.received, 5 * LINK_BYTES_PER_S);
  ck_assert_uint_gt (at5.received - at1.received,
                     4 * LINK_BYTES_PER_S * 8 / 10);
  ck_assert_int_eq (app_tcp_state (), CNS_TCP_FIN_WAIT_2);
}
END_TEST

/* The socket: bound to Local when set, connected to Remote. The sink
 * sees the sender's address and port. */
static void
record_from (gpointer source, CnsPacket *packet, const CnsAddress *from,
             gpointer user_data)
{
  CnsInetSocketAddress *out = user_data;

  ck_assert (cns_inet_socket_address_from_address (from, out));
}

START_TEST (test_bulk_send_local_and_remote)
{
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress from = { { 0 }, 0 };
  CnsInetSocketAddress got;
  CnsAddress a;
  CnsSocket *socket;

  world_build ();
  bulk_send_install ("MaxBytes", "3000", "Local", "10.1.1.1:5000", NULL);
  ck_assert_uint_ne (
      cns_trace_connect (w.sink, "Rx", G_CALLBACK (record_from), &from, &error),
      0);
  ck_assert_ptr_null (cns_bulk_send_application_get_socket (w.app));
  run_until (cns_seconds (1));

  socket = cns_bulk_send_application_get_socket (w.app);
  ck_assert_ptr_nonnull (socket);
  ck_assert_ptr_eq (cns_socket_get_node (socket), node (0));
  ck_assert (cns_socket_get_sock_name (socket, &a));
  ck_assert (cns_inet_socket_address_from_address (&a, &got));
  ck_assert (cns_ipv4_address_equal (got.address,
                                     CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1)));
  ck_assert_uint_eq (got.port, 5000);
  ck_assert (cns_socket_get_peer_name (socket, &a));
  ck_assert (cns_inet_socket_address_from_address (&a, &got));
  ck_assert (cns_ipv4_address_equal (got.address,
                                     CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2)));
  ck_assert_uint_eq (got.port, PORT);

  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 3000);
  ck_assert (cns_ipv4_address_equal (from.address,
                                     CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1)));
  ck_assert_uint_eq (from.port, 5000);
}
END_TEST

/* Without Local the socket gets an ephemeral port, the first one. */
START_TEST (test_bulk_send_ephemeral_port)
{
  CnsInetSocketAddress got;
  CnsAddress a;

  world_build ();
  bulk_send_install ("MaxBytes", "1000", NULL);
  run_until (cns_seconds (1));
  ck_assert (cns_socket_get_sock_name (
      cns_bulk_send_application_get_socket (w.app), &a));
  ck_assert (cns_inet_socket_address_from_address (&a, &got));
  ck_assert_uint_eq (got.port, 49153);
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 1000);
}
END_TEST

/* Nothing goes before StartTime; the first bytes go once the connection
 * is up, one round trip (40 ms plus the SYNs' transmission) later. */
START_TEST (test_bulk_send_start_time)
{
  world_build ();
  bulk_send_install ("MaxBytes", "5000", "StartTime", "2s", NULL);
  run_until (cns_milli_seconds (1999));
  ck_assert_ptr_null (cns_bulk_send_application_get_socket (w.app));
  run_until (cns_milli_seconds (2040));
  ck_assert_ptr_nonnull (cns_bulk_send_application_get_socket (w.app));
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 0);
  run_until (cns_milli_seconds (2041));
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 5000);
  run_until (cns_seconds (3));
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 5000);
}
END_TEST

/* Stopped before the connection is up: nothing is ever handed over, and
 * the connection that completes later is not used. */
START_TEST (test_bulk_send_stopped_while_connecting)
{
  world_build ();
  bulk_send_install ("StopTime", "10ms", NULL);
  run_until (cns_seconds (5));
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 0);
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 0);
}
END_TEST

/* A SendSize larger than the whole send buffer never fits: one warning,
 * naming the node, the room and the size, and nothing is sent. */
START_TEST (test_bulk_send_send_size_over_buffer)
{
  g_autoptr (GError) error = NULL;

  ck_assert (
      cns_config_set_default ("CnsTcpSocket::SndBufSize", "1000", &error));
  world_build ();
  bulk_send_install ("SendSize", "1500", NULL);
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "BulkSendApplication on node 0: its socket takes "
                           "at most 1000 bytes at once, fewer than a packet "
                           "of 1500 bytes (SendSize)*");
  run_until (cns_seconds (5));
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 0);
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 0);
}
END_TEST

/* With a send buffer of exactly two sends the transfer still completes:
 * each acknowledgement that frees room brings the next send. */
START_TEST (test_bulk_send_small_buffer)
{
  g_autoptr (GError) error = NULL;

  ck_assert (
      cns_config_set_default ("CnsTcpSocket::SndBufSize", "2000", &error));
  world_build ();
  bulk_send_install ("SendSize", "1000", "MaxBytes", "50000", NULL);
  run_until (cns_seconds (1));
  ck_assert_uint_lt (cns_bulk_send_application_get_total_bytes (w.app), 50000);
  run_until (cns_seconds (60));
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 50000);
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (w.sink), 50000);
  ck_assert_int_eq (app_tcp_state (), CNS_TCP_FIN_WAIT_2);
}
END_TEST

/* A refused connection (nothing listens on port 10) is a warning naming
 * the node and the remote, and nothing is sent. */
START_TEST (test_bulk_send_connection_refused)
{
  g_autoptr (GError) error = NULL;

  world_build ();
  bulk_send_install ("Remote", "10.1.1.2:10", NULL);
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "BulkSendApplication on node 0 cannot connect to "
                           "10.1.1.2 port 10*");
  run_until (cns_seconds (5));
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 0);
}
END_TEST

/* Over UDP the socket's room never shrinks, so it could never be kept
 * full: a critical names the node and the socket type, after the first
 * datagram, and the application stops there. */
START_TEST (test_bulk_send_over_udp)
{
  world_build ();
  bulk_send_install ("Protocol", "CnsUdpSocketFactory", "MaxBytes", "0", NULL);
  CNS_TEST_EXPECT_CRITICAL ("BulkSendApplication on node 0: its socket "
                            "(CnsUdpSocket) keeps no send buffer*",
                            run_until (cns_seconds (1)));
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 512);
  run_until (cns_seconds (2));
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (w.app), 512);
}
END_TEST

/* Without Remote, and with a Local address the node does not have: a
 * critical names the node, and no socket is kept. */
START_TEST (test_bulk_send_bad_endpoints)
{
  g_autoptr (CnsBulkSendApplication) app = cns_bulk_send_application_new ();
  g_autoptr (GError) error = NULL;

  world_build ();
  cns_application_install (CNS_APPLICATION (app), node (0));
  CNS_TEST_EXPECT_CRITICAL ("*node 0: its Remote attribute is not set*",
                            run_until (cns_seconds (1)));
  ck_assert_ptr_null (cns_bulk_send_application_get_socket (app));

  bulk_send_install ("Local", "10.9.9.9:5000", NULL);
  CNS_TEST_EXPECT_CRITICAL ("BulkSendApplication on node 0 cannot bind its "
                            "socket: *10.9.9.9*",
                            run_until (cns_seconds (2)));
  ck_assert_ptr_null (cns_bulk_send_application_get_socket (w.app));
}
END_TEST

/* Attributes: their defaults, setting and reading them as text, and
 * values refused with an error that names the attribute and the value. */
START_TEST (test_bulk_send_attributes)
{
  g_autoptr (CnsBulkSendApplication) app = cns_bulk_send_application_new ();
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress *remote = NULL;
  CnsInetSocketAddress *local = NULL;
  CnsInetSocketAddress r
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 0, 0, 9), 80);
  guint64 max_bytes = 1;

#define CHECK_TEXT(name, expected)                                    \
  G_STMT_START                                                        \
    {                                                                 \
      g_autofree gchar *text = cns_attribute_get (app, name, &error); \
      ck_assert_msg (text != NULL, "%s: %s", name,                    \
                     error ? error->message : "");                    \
      ck_assert_str_eq (text, expected);                              \
    }                                                                 \
  G_STMT_END

  CHECK_TEXT ("SendSize", "512");
  CHECK_TEXT ("MaxBytes", "0");
  CHECK_TEXT ("Protocol", "CnsTcpSocketFactory");
  g_object_get (app, "remote", &remote, "local", &local, NULL);
  ck_assert_ptr_null (remote);
  ck_assert_ptr_null (local);

  ck_assert (cns_attribute_set (app, "SendSize", "1448", &error));
  ck_assert (
      cns_attribute_set (app, "MaxBytes", "18446744073709551615", &error));
  ck_assert (cns_attribute_set (app, "Remote", "10.0.0.7:5001", &error));
  ck_assert (cns_attribute_set (app, "Local", "10.0.0.1:6000", &error));
  ck_assert (
      cns_attribute_set (app, "Protocol", "CnsUdpSocketFactory", &error));
  CHECK_TEXT ("SendSize", "1448");
  CHECK_TEXT ("MaxBytes", "18446744073709551615");
  CHECK_TEXT ("Remote", "10.0.0.7:5001");
  CHECK_TEXT ("Local", "10.0.0.1:6000");
  CHECK_TEXT ("Protocol", "CnsUdpSocketFactory");

  /* SendSize 0 would send nothing for ever */
  ck_assert (!cns_attribute_set (app, "SendSize", "0", &error));
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, "SendSize") != NULL, "%s",
                 error->message);
  ck_assert_msg (strstr (error->message, "'0'") != NULL, "%s", error->message);
  g_clear_error (&error);
  CHECK_TEXT ("SendSize", "1448");
  ck_assert (!cns_attribute_set (app, "SendSize", "2147483648", &error));
  ck_assert_msg (strstr (error->message, "SendSize") != NULL, "%s",
                 error->message);
  g_clear_error (&error);
  ck_assert (!cns_attribute_set (app, "Protocol", "CnsNode", &error));
  g_clear_error (&error);
  ck_assert (!cns_attribute_set (app, "Remote", "10.0.0.7", &error));
  g_clear_error (&error);

  /* the setters */
  cns_bulk_send_application_set_remote (app, &r);
  CHECK_TEXT ("Remote", "10.0.0.9:80");
  cns_bulk_send_application_set_max_bytes (app, 0);
  g_object_get (app, "max-bytes", &max_bytes, NULL);
  ck_assert_uint_eq (max_bytes, 0);
  g_object_set (app, "local", NULL, NULL);
  g_object_get (app, "local", &local, NULL);
  ck_assert_ptr_null (local);
  ck_assert_uint_eq (cns_bulk_send_application_get_total_bytes (app), 0);
  ck_assert_ptr_null (cns_bulk_send_application_get_socket (app));
#undef CHECK_TEXT
}
END_TEST

/* The helper sets Remote and, when given, Protocol; its attributes reach
 * every application it installs. */
START_TEST (test_bulk_send_helper)
{
  CnsInetSocketAddress remote
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2), 9);
  g_autoptr (CnsBulkSendHelper) tcp
      = cns_bulk_send_helper_new (G_TYPE_INVALID, &remote);
  g_autoptr (CnsBulkSendHelper) udp
      = cns_bulk_send_helper_new (CNS_TYPE_UDP_SOCKET_FACTORY, &remote);
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (CnsApplicationContainer) other = NULL;
  g_autoptr (GError) error = NULL;

  cns_node_container_create (nodes, 2);
  ck_assert (cns_application_helper_set_attribute (CNS_APPLICATION_HELPER (tcp),
                                                   "SendSize", "2000", &error));
  ck_assert (!cns_application_helper_set_attribute (
      CNS_APPLICATION_HELPER (tcp), "SendSize", "0", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "SendSize"));
  g_clear_error (&error);
  apps = cns_application_helper_install_container (CNS_APPLICATION_HELPER (tcp),
                                                   nodes);
  other = cns_application_helper_install (CNS_APPLICATION_HELPER (udp),
                                          cns_node_container_get (nodes, 0));
  ck_assert_uint_eq (cns_application_container_get_n (apps), 2);
  for (guint i = 0; i < 2; i++)
    {
      CnsApplication *app = cns_application_container_get (apps, i);
      g_autofree gchar *remote_text = NULL;
      g_autofree gchar *protocol = NULL;
      g_autofree gchar *size = NULL;

      ck_assert (CNS_IS_BULK_SEND_APPLICATION (app));
      ck_assert_ptr_eq (cns_application_get_node (app),
                        cns_node_container_get (nodes, i));
      remote_text = cns_attribute_get (app, "Remote", &error);
      protocol = cns_attribute_get (app, "Protocol", &error);
      size = cns_attribute_get (app, "SendSize", &error);
      ck_assert_str_eq (remote_text, "10.1.1.2:9");
      ck_assert_str_eq (protocol, "CnsTcpSocketFactory");
      ck_assert_str_eq (size, "2000");
    }
  {
    g_autofree gchar *protocol = cns_attribute_get (
        cns_application_container_get (other, 0), "Protocol", &error);

    ck_assert_str_eq (protocol, "CnsUdpSocketFactory");
  }
  CNS_TEST_EXPECT_CRITICAL (
      "*g_type_is_a*",
      ck_assert_ptr_null (cns_bulk_send_helper_new (CNS_TYPE_NODE, &remote)));
  CNS_TEST_EXPECT_CRITICAL (
      "*address != NULL*",
      ck_assert_ptr_null (cns_bulk_send_helper_new (G_TYPE_INVALID, NULL)));
}
END_TEST

Suite *
test_bulk_send_suite (void)
{
  Suite *s = suite_create ("bulk-send");
  TCase *tc = tcase_create ("bulk-send");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_bulk_send_max_bytes);
  tcase_add_test (tc, test_bulk_send_last_send_is_the_rest);
  tcase_add_test (tc, test_bulk_send_unlimited_until_stopped);
  tcase_add_test (tc, test_bulk_send_local_and_remote);
  tcase_add_test (tc, test_bulk_send_ephemeral_port);
  tcase_add_test (tc, test_bulk_send_start_time);
  tcase_add_test (tc, test_bulk_send_stopped_while_connecting);
  tcase_add_test (tc, test_bulk_send_send_size_over_buffer);
  tcase_add_test (tc, test_bulk_send_small_buffer);
  tcase_add_test (tc, test_bulk_send_connection_refused);
  tcase_add_test (tc, test_bulk_send_over_udp);
  tcase_add_test (tc, test_bulk_send_bad_endpoints);
  tcase_add_test (tc, test_bulk_send_attributes);
  tcase_add_test (tc, test_bulk_send_helper);
  suite_add_tcase (s, tc);
  return s;
}
