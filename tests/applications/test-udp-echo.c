/* cns — tests of the UDP echo client and server.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The times are those of ns-3's first.cc, whose log the example will
 * reproduce: the client sends 1024 bytes at 2 s, the server gets them at
 * 2.0036864 s (1054 bytes at 5 Mb/s plus 2 ms) and the client gets the
 * echo at 2.0073728 s.
 */
#include "applications/cns-applications.h"
#include "internet/ipv4-fixtures.h"
#include "internet/socket-double.h"
#include "applications/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define SERVER_RX cns_nano_seconds (2003686400)
#define CLIENT_RX cns_nano_seconds (2007372800)

static CnsNode *node;
static TestSocketFactory *factory;
static GPtrArray *lines;

static void
capture_line (const gchar *line, gpointer user_data)
{
  g_ptr_array_add (lines, g_strdup (line));
}

static void
setup (void)
{
  cns_test_reset ();
  node = cns_node_new ();
  g_object_unref (node);
  factory = test_socket_factory_install (node);
  lines = g_ptr_array_new_with_free_func (g_free);
  cns_test_capture_log (capture_line, NULL);
}

static void
teardown (void)
{
  g_clear_pointer (&lines, g_ptr_array_unref);
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

typedef struct
{
  guint32 size;
  const gchar *from;
} Arrival;

/* Delivers a datagram to the node's first socket. */
static void
arrive (gpointer obj, gpointer data)
{
  Arrival *a = data;
  CnsAddress from;

  test_inet_address (a->from, &from);
  test_socket_inject (test_socket_factory_get_socket (factory, 0),
                      cns_packet_new (a->size), &from);
}

static const TestSent *
sent (guint i)
{
  const GArray *a
      = test_socket_get_sent (test_socket_factory_get_socket (factory, 0));

  ck_assert_uint_lt (i, a->len);
  return &g_array_index (a, TestSent, i);
}

static guint
n_sent (void)
{
  return test_socket_get_sent (test_socket_factory_get_socket (factory, 0))
      ->len;
}

typedef struct
{
  guint n;
  guint32 last_size;
  CnsAddress last_from;
} RxCounts;

static void
on_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
       gpointer user_data)
{
  RxCounts *c = user_data;

  c->n++;
  c->last_size = cns_packet_get_size (packet);
  c->last_from = *from;
}

static void
on_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  RxCounts *c = user_data;

  c->n++;
  c->last_size = cns_packet_get_size (packet);
}

static CnsUdpEchoServer *
server_new (void)
{
  g_autoptr (GError) error = NULL;
  CnsUdpEchoServer *server = cns_udp_echo_server_new (9);

  ck_assert (
      cns_attribute_set (server, "Protocol", "TestSocketFactory", &error));
  ck_assert (cns_attribute_set (server, "StartTime", "1s", &error));
  ck_assert (cns_attribute_set (server, "StopTime", "10s", &error));
  cns_application_install (CNS_APPLICATION (server), node);
  g_object_unref (server);
  return server;
}

/* The server binds port 9 on any address, sends each datagram back to
 * its sender at once, traces Rx and logs as ns-3's does. */
START_TEST (test_udp_echo_server_replies)
{
  CnsUdpEchoServer *server = server_new ();
  g_autoptr (GError) error = NULL;
  Arrival first = { 1024, "10.1.1.1:49153" };
  Arrival second = { 10, "10.1.1.7:5000" };
  Arrival late = { 10, "10.1.1.7:5000" };
  RxCounts c = { 0 };
  CnsAddress a;
  TestSocket *s;

  ck_assert (cns_trace_connect (server, "Rx", G_CALLBACK (on_rx), &c, &error));
  cns_log_enable ("cns-udp-echo-server", CNS_LOG_LEVEL_INFO);
  cns_simulator_schedule (SERVER_RX, arrive, NULL, &first);
  cns_simulator_schedule (cns_seconds (3), arrive, NULL, &second);
  cns_simulator_schedule (cns_seconds (11), arrive, NULL, &late);
  run_until (cns_seconds (20));

  s = test_socket_factory_get_socket (factory, 0);
  ck_assert_ptr_eq (cns_udp_echo_server_get_socket (server), CNS_SOCKET (s));
  {
    CnsAddress local;

    test_socket_get_local (s, &local);
    test_inet_address ("0.0.0.0:9", &a);
    ck_assert (cns_address_equal (&local, &a));
  }
  ck_assert_uint_eq (n_sent (), 2);
  ck_assert_int_eq (sent (0)->time, SERVER_RX);
  ck_assert_uint_eq (sent (0)->size, 1024);
  test_inet_address ("10.1.1.1:49153", &a);
  ck_assert (cns_address_equal (&sent (0)->to, &a));
  ck_assert_int_eq (sent (1)->time, cns_seconds (3));
  ck_assert_uint_eq (sent (1)->size, 10);
  test_inet_address ("10.1.1.7:5000", &a);
  ck_assert (cns_address_equal (&sent (1)->to, &a));
  ck_assert (test_socket_is_closed (s));

  ck_assert_uint_eq (c.n, 2);
  ck_assert_uint_eq (c.last_size, 10);
  ck_assert (cns_address_equal (&c.last_from, &a));

  ck_assert_uint_eq (lines->len, 4);
  ck_assert (g_str_has_suffix (lines->pdata[0],
                               "At time +2.00369s server received 1024 bytes "
                               "from 10.1.1.1 port 49153"));
  ck_assert (g_str_has_suffix (
      lines->pdata[1],
      "At time +2.00369s server sent 1024 bytes to 10.1.1.1 port 49153"));
  ck_assert (g_str_has_suffix (
      lines->pdata[2],
      "At time +3s server received 10 bytes from 10.1.1.7 port 5000"));
  ck_assert_ptr_nonnull (strstr (lines->pdata[0], "cns-udp-echo-server"));
}
END_TEST

/* The server's Rx, connected as bindings connect it
 * (cns_trace_connect_closure()), calls the closure with the server, the
 * datagram and the sender's address (CNS_TYPE_ADDRESS). */
START_TEST (test_udp_echo_server_closure_rx)
{
  CnsUdpEchoServer *server = server_new ();
  GArray *calls = closure_calls_new ();
  Arrival first = { 1024, "10.1.1.1:49153" };
  const ClosureCall *call;
  CnsAddress from;

  closure_calls_connect (calls, server, "Rx");
  cns_simulator_schedule (SERVER_RX, arrive, NULL, &first);
  run_until (cns_seconds (20));

  ck_assert_uint_eq (calls->len, 1);
  call = closure_calls_get (calls, 0, 3);
  ck_assert (call->types[0] == G_TYPE_OBJECT);
  ck_assert (call->types[1] == CNS_TYPE_PACKET);
  ck_assert (call->types[2] == CNS_TYPE_ADDRESS);
  ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), server);
  ck_assert_uint_eq (cns_packet_get_size (g_value_get_boxed (&call->values[1])),
                     1024);
  test_inet_address (first.from, &from);
  ck_assert (cns_address_equal (g_value_get_boxed (&call->values[2]), &from));
  closure_calls_free (calls);
}
END_TEST

/* An echo the socket refuses is logged with the socket's error, not as
 * sent. */
START_TEST (test_udp_echo_server_refused_echo)
{
  Arrival first = { 1024, "10.1.1.1:49153" };

  server_new ();
  cns_log_enable ("cns-udp-echo-server",
                  CNS_LOG_LEVEL_INFO | CNS_LOG_LEVEL_WARN);
  run_until (cns_seconds (1) + 1);
  test_socket_set_refuse_sends (test_socket_factory_get_socket (factory, 0),
                                TRUE);
  cns_simulator_schedule (SERVER_RX - cns_simulator_now (), arrive, NULL,
                          &first);
  run_until (cns_seconds (20));

  ck_assert_uint_eq (n_sent (), 0);
  ck_assert_uint_eq (lines->len, 2);
  ck_assert (g_str_has_suffix (lines->pdata[0],
                               "At time +2.00369s server received 1024 bytes "
                               "from 10.1.1.1 port 49153"));
  ck_assert_ptr_nonnull (strstr (lines->pdata[1],
                                 "At time +2.00369s server could not send "
                                 "1024 bytes to 10.1.1.1 port 49153: "));
}
END_TEST

static CnsUdpEchoClient *
client_new (const gchar *max_packets, const gchar *stop)
{
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress remote
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2), 9);
  CnsUdpEchoClient *client = cns_udp_echo_client_new (&remote);

  ck_assert (
      cns_attribute_set (client, "Protocol", "TestSocketFactory", &error));
  ck_assert (cns_attribute_set (client, "MaxPackets", max_packets, &error));
  ck_assert (cns_attribute_set (client, "Interval", "1s", &error));
  ck_assert (cns_attribute_set (client, "PacketSize", "1024", &error));
  ck_assert (cns_attribute_set (client, "StartTime", "2s", &error));
  ck_assert (cns_attribute_set (client, "StopTime", stop, &error));
  cns_application_install (CNS_APPLICATION (client), node);
  g_object_unref (client);
  return client;
}

/* MaxPackets datagrams of PacketSize bytes, the first at the start, then
 * one every Interval; Tx before each, Rx for each echo; ns-3's log. */
START_TEST (test_udp_echo_client_sends)
{
  CnsUdpEchoClient *client = client_new ("3", "10s");
  g_autoptr (GError) error = NULL;
  Arrival echo = { 1024, "10.1.1.2:9" };
  RxCounts tx = { 0 }, rx = { 0 };
  CnsAddress a;
  TestSocket *s;

  ck_assert (cns_trace_connect (client, "Tx", G_CALLBACK (on_tx), &tx, &error));
  ck_assert (cns_trace_connect (client, "Rx", G_CALLBACK (on_rx), &rx, &error));
  cns_log_enable ("cns-udp-echo-client", CNS_LOG_LEVEL_INFO);
  cns_simulator_schedule (CLIENT_RX, arrive, NULL, &echo);
  run_until (cns_seconds (20));

  s = test_socket_factory_get_socket (factory, 0);
  ck_assert (test_socket_is_bound (s));
  ck_assert (test_socket_get_allow_broadcast (s));
  test_inet_address ("10.1.1.2:9", &a);
  ck_assert_uint_eq (n_sent (), 3);
  for (guint i = 0; i < 3; i++)
    {
      ck_assert_int_eq (sent (i)->time, cns_seconds (2 + i));
      ck_assert_uint_eq (sent (i)->size, 1024);
      ck_assert (cns_address_equal (&sent (i)->to, &a));
      ck_assert_uint_eq (sent (i)->context, 0);
    }
  ck_assert_uint_eq (cns_udp_echo_client_get_n_sent (client), 3);
  ck_assert_uint_eq (tx.n, 3);
  ck_assert_uint_eq (tx.last_size, 1024);
  ck_assert_uint_eq (rx.n, 1);
  ck_assert (cns_address_equal (&rx.last_from, &a));
  /* stopped at 10 s: closed and let go of */
  ck_assert (test_socket_is_closed (s));
  ck_assert_ptr_null (cns_udp_echo_client_get_socket (client));

  ck_assert_uint_eq (lines->len, 4);
  ck_assert (g_str_has_suffix (
      lines->pdata[0],
      "At time +2s client sent 1024 bytes to 10.1.1.2 port 9"));
  ck_assert (g_str_has_suffix (lines->pdata[1],
                               "At time +2.00737s client received 1024 bytes "
                               "from 10.1.1.2 port 9"));
  ck_assert (g_str_has_suffix (
      lines->pdata[3],
      "At time +4s client sent 1024 bytes to 10.1.1.2 port 9"));
}
END_TEST

/* MaxPackets 0 sends until the stop: start 2 s, stop 10.5 s, every 1 s:
 * 2 .. 10 s, nine datagrams. */
START_TEST (test_udp_echo_client_unlimited)
{
  client_new ("0", "10.5s");
  run_until (cns_seconds (30));
  ck_assert_uint_eq (n_sent (), 9);
  ck_assert_int_eq (sent (8)->time, cns_seconds (10));
}
END_TEST

/* PacketSize stops at 65,507 bytes, the most a UDP datagram over IPv4
 * holds: a larger size is refused, naming the attribute. */
START_TEST (test_udp_echo_client_packet_size_range)
{
  g_autoptr (CnsUdpEchoClient) client
      = cns_object_new (CNS_TYPE_UDP_ECHO_CLIENT, NULL);
  g_autoptr (GError) error = NULL;
  guint size = 0;

  ck_assert (cns_attribute_set (client, "PacketSize", "65507", &error));
  g_object_get (client, "packet-size", &size, NULL);
  ck_assert_uint_eq (size, 65507);
  ck_assert (!cns_attribute_set (client, "PacketSize", "65508", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "PacketSize"));
  ck_assert_ptr_nonnull (strstr (error->message, "65507"));
  g_clear_error (&error);
  ck_assert (!cns_attribute_set (client, "PacketSize", "4294967295", &error));
  g_object_get (client, "packet-size", &size, NULL);
  ck_assert_uint_eq (size, 65507);
}
END_TEST

/* A datagram the socket refuses is not logged as sent, nor counted as
 * sent, but logged with the socket's error; MaxPackets counts it. */
START_TEST (test_udp_echo_client_refused_send)
{
  CnsUdpEchoClient *client = client_new ("3", "10s");
  TestSocket *s;

  cns_log_enable ("cns-udp-echo-client",
                  CNS_LOG_LEVEL_INFO | CNS_LOG_LEVEL_WARN);
  run_until (cns_seconds (2) + 1);
  s = test_socket_factory_get_socket (factory, 0);
  test_socket_set_refuse_sends (s, TRUE);
  run_until (cns_seconds (3) + 1);
  test_socket_set_refuse_sends (s, FALSE);
  run_until (cns_seconds (20));

  ck_assert_uint_eq (n_sent (), 2);
  ck_assert_int_eq (sent (1)->time, cns_seconds (4));
  ck_assert_uint_eq (cns_udp_echo_client_get_n_sent (client), 2);
  ck_assert_uint_eq (lines->len, 3);
  ck_assert (g_str_has_suffix (
      lines->pdata[0],
      "At time +2s client sent 1024 bytes to 10.1.1.2 port 9"));
  ck_assert_ptr_nonnull (strstr (lines->pdata[1],
                                 "At time +3s client could not send 1024 "
                                 "bytes to 10.1.1.2 port 9: "));
  ck_assert (g_str_has_suffix (
      lines->pdata[2],
      "At time +4s client sent 1024 bytes to 10.1.1.2 port 9"));
}
END_TEST

START_TEST (test_udp_echo_client_without_remote)
{
  g_autoptr (CnsUdpEchoClient) client
      = cns_object_new (CNS_TYPE_UDP_ECHO_CLIENT, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;

  text = cns_attribute_get (client, "Remote", &error);
  ck_assert_str_eq (text, "none");
  ck_assert (
      cns_attribute_set (client, "Protocol", "TestSocketFactory", &error));
  cns_application_install (CNS_APPLICATION (client), node);
  CNS_TEST_EXPECT_CRITICAL ("UdpEchoClient on node 0: its Remote attribute*",
                            run_until (cns_seconds (1)));
  ck_assert_uint_eq (test_socket_factory_get_n_sockets (factory), 0);
}
END_TEST

Suite *
test_udp_echo_suite (void)
{
  Suite *s = suite_create ("udp-echo");
  TCase *tc = tcase_create ("udp-echo");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_udp_echo_server_replies);
  tcase_add_test (tc, test_udp_echo_server_closure_rx);
  tcase_add_test (tc, test_udp_echo_server_refused_echo);
  tcase_add_test (tc, test_udp_echo_client_sends);
  tcase_add_test (tc, test_udp_echo_client_unlimited);
  tcase_add_test (tc, test_udp_echo_client_without_remote);
  tcase_add_test (tc, test_udp_echo_client_packet_size_range);
  tcase_add_test (tc, test_udp_echo_client_refused_send);
  suite_add_tcase (s, tc);
  return s;
}
