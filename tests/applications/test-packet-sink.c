/* cns — tests of the packet sink.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/cns-applications.h"
#include "internet/socket-double.h"
#include "applications/suites.h"
#include "lib/cns-test.h"

#include <string.h>

static CnsNode *node;
static TestSocketFactory *factory;

static void
setup (void)
{
  cns_test_reset ();
  node = cns_node_new ();
  g_object_unref (node);
  factory = test_socket_factory_install (node);
}

/* A sink on the test node receiving on 0.0.0.0:9 through the recording
 * socket, starting at 1 s and stopping at 10 s. The node holds it. */
static CnsPacketSink *
sink_new (void)
{
  g_autoptr (GError) error = NULL;
  CnsPacketSink *sink = cns_packet_sink_new ();

  ck_assert (cns_attribute_set (sink, "Local", "0.0.0.0:9", &error));
  ck_assert (cns_attribute_set (sink, "Protocol", "TestSocketFactory", &error));
  ck_assert (cns_attribute_set (sink, "StartTime", "1s", &error));
  ck_assert (cns_attribute_set (sink, "StopTime", "10s", &error));
  cns_application_install (CNS_APPLICATION (sink), node);
  g_object_unref (sink);
  return sink;
}

typedef struct
{
  TestSocket *socket; /* NULL: the sink's listening socket */
  guint32 size;
  const gchar *from;
} Arrival;

static void
arrive (gpointer obj, gpointer data)
{
  Arrival *a = data;
  TestSocket *s = a->socket != NULL
                      ? a->socket
                      : test_socket_factory_get_socket (factory, 0);
  CnsAddress from;

  test_inet_address (a->from, &from);
  test_socket_inject (s, cns_packet_new (a->size), &from);
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

typedef struct
{
  guint n;
  guint64 bytes;
  CnsAddress last_from;
  CnsPacketSink *source;
} RxCounts;

static void
on_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
       gpointer user_data)
{
  RxCounts *c = user_data;

  c->n++;
  c->bytes += cns_packet_get_size (packet);
  c->last_from = *from;
  c->source = source;
}

/* Totals and Rx after packets from two senders; the socket was bound to
 * Local and set to listen. */
START_TEST (test_packet_sink_totals)
{
  CnsPacketSink *sink = sink_new ();
  g_autoptr (GError) error = NULL;
  Arrival a[] = { { NULL, 100, "10.1.1.1:49153" },
                  { NULL, 200, "10.1.1.1:49153" },
                  { NULL, 1460, "10.1.2.1:49154" } };
  RxCounts c = { 0 };
  TestSocket *s;
  CnsAddress local, expected;

  ck_assert (cns_trace_connect (sink, "Rx", G_CALLBACK (on_rx), &c, &error));
  for (guint i = 0; i < G_N_ELEMENTS (a); i++)
    cns_simulator_schedule (cns_seconds (2 + i), arrive, NULL, &a[i]);
  run_until (cns_seconds (20));

  s = test_socket_factory_get_socket (factory, 0);
  ck_assert_ptr_eq (cns_packet_sink_get_listening_socket (sink),
                    CNS_SOCKET (s));
  test_socket_get_local (s, &local);
  test_inet_address ("0.0.0.0:9", &expected);
  ck_assert (cns_address_equal (&local, &expected));
  ck_assert (test_socket_is_listening (s));
  ck_assert (test_socket_is_closed (s));
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (sink), 1760);
  ck_assert_uint_eq (cns_packet_sink_get_total_packets (sink), 3);
  ck_assert_uint_eq (c.n, 3);
  ck_assert_uint_eq (c.bytes, 1760);
  ck_assert_ptr_eq (c.source, sink);
  test_inet_address ("10.1.2.1:49154", &expected);
  ck_assert (cns_address_equal (&c.last_from, &expected));
}
END_TEST

/* Nothing is counted after StopTime: the socket is closed and no longer
 * read. A zero-length read ends a stream and is not counted. */
START_TEST (test_packet_sink_stop_and_end_of_stream)
{
  CnsPacketSink *sink = sink_new ();
  Arrival before = { NULL, 500, "10.1.1.1:1" };
  Arrival eof = { NULL, 0, "10.1.1.1:1" };
  Arrival after = { NULL, 700, "10.1.1.1:1" };

  cns_simulator_schedule (cns_seconds (5), arrive, NULL, &before);
  cns_simulator_schedule (cns_seconds (6), arrive, NULL, &eof);
  cns_simulator_schedule (cns_seconds (11), arrive, NULL, &after);
  run_until (cns_seconds (20));
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (sink), 500);
  ck_assert_uint_eq (cns_packet_sink_get_total_packets (sink), 1);
}
END_TEST

static void
connect_to_sink (gpointer obj, gpointer data)
{
  CnsAddress from;
  TestSocket **conn = data;

  test_inet_address ("10.1.3.1:50000", &from);
  *conn = test_socket_inject_connection (
      test_socket_factory_get_socket (factory, 0), &from);
}

/* Connections (TCP) are accepted, read and closed at stop. */
START_TEST (test_packet_sink_accepts_connections)
{
  CnsPacketSink *sink = sink_new ();
  TestSocket *conn = NULL;
  Arrival data = { NULL, 536, "10.1.3.1:50000" };

  cns_simulator_schedule (cns_seconds (2), connect_to_sink, NULL, &conn);
  run_until (cns_seconds (3));
  ck_assert_ptr_nonnull (conn);
  ck_assert_uint_eq (cns_packet_sink_get_n_accepted_sockets (sink), 1);
  ck_assert_ptr_eq (cns_packet_sink_get_accepted_socket (sink, 0),
                    CNS_SOCKET (conn));
  ck_assert_ptr_null (cns_packet_sink_get_accepted_socket (sink, 1));
  data.socket = conn;
  cns_simulator_schedule (cns_seconds (1), arrive, NULL, &data);
  cns_simulator_schedule (cns_seconds (2), arrive, NULL, &data);
  run_until (cns_seconds (20));
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (sink), 1072);
  ck_assert_uint_eq (cns_packet_sink_get_total_packets (sink), 2);
  ck_assert (test_socket_is_closed (conn));
  ck_assert_uint_eq (cns_packet_sink_get_n_accepted_sockets (sink), 0);
}
END_TEST

static void
capture_line (const gchar *line, gpointer user_data)
{
  g_ptr_array_add (user_data, g_strdup (line));
}

/* ns-3's log line, under the component "cns-packet-sink". */
START_TEST (test_packet_sink_log)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  Arrival a = { NULL, 512, "10.1.1.1:49153" };

  sink_new ();
  cns_test_capture_log (capture_line, lines);
  cns_log_enable ("cns-packet-sink", CNS_LOG_LEVEL_INFO);
  cns_simulator_schedule (cns_nano_seconds (2003686400), arrive, NULL, &a);
  cns_simulator_schedule (cns_seconds (3), arrive, NULL, &a);
  run_until (cns_seconds (20));
  ck_assert_uint_eq (lines->len, 2);
  ck_assert (g_str_has_suffix (lines->pdata[0],
                               "At time +2.00369s packet sink received 512 "
                               "bytes from 10.1.1.1 port 49153 total Rx 512 "
                               "bytes"));
  ck_assert (g_str_has_suffix (lines->pdata[1],
                               "At time +3s packet sink received 512 bytes "
                               "from 10.1.1.1 port 49153 total Rx 1024 "
                               "bytes"));
}
END_TEST

START_TEST (test_packet_sink_attributes)
{
  g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 0, 0, 1), 80);
  g_autofree gchar *text = NULL;
  g_autofree gchar *text2 = NULL;

  text = cns_attribute_get (sink, "Local", &error);
  ck_assert_str_eq (text, "0.0.0.0:0");
  cns_packet_sink_set_local (sink, &local);
  text2 = cns_attribute_get (sink, "Local", &error);
  ck_assert_str_eq (text2, "10.0.0.1:80");
  ck_assert (!cns_attribute_set (sink, "Local", "10.0.0.1:99999", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "99999"));
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (sink), 0);
  ck_assert_ptr_null (cns_packet_sink_get_listening_socket (sink));
}
END_TEST

Suite *
test_packet_sink_suite (void)
{
  Suite *s = suite_create ("packet-sink");
  TCase *tc = tcase_create ("packet-sink");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_packet_sink_totals);
  tcase_add_test (tc, test_packet_sink_stop_and_end_of_stream);
  tcase_add_test (tc, test_packet_sink_accepts_connections);
  tcase_add_test (tc, test_packet_sink_log);
  tcase_add_test (tc, test_packet_sink_attributes);
  suite_add_tcase (s, tc);
  return s;
}
