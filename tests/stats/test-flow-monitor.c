/* cns — tests of the flow monitor and its helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The scenario is a line A—R—B (10.1.1.1, R, 10.1.2.2; static routes)
 * with 8 Mb/s links, 2 ms from A to R and 3 ms from R to B, and UDP on
 * every node. A frame of 1000 bytes (a 970-byte UDP payload, 8 + 20 + 2
 * bytes of headers) takes 1 ms to send, one of 500 bytes 0.5 ms, so a
 * datagram of 998 bytes goes from A to B in 1 + 2 + 1 + 3 = 7 ms and one
 * of 498 bytes in 6 ms; the same back.
 *
 * A's socket (port 5000) sends 970, 470 and 970 bytes to B's echo server
 * (port 9) at 1, 1.5 and 2 s, which sends each back at once: flow 1 is
 * A -> B with delays 7, 6 and 7 ms, flow 2 is B -> A with the same.
 */
#include "stats/cns-flow-monitor-private.h"
#include "stats/cns-stats.h"
#include "applications/cns-applications.h"
#include "internet/cns-ipv4-l3-protocol-private.h"
#include "internet/ipv4-fixtures.h"
#include "internet/socket-double.h"
#include "stats/suites.h"

#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <string.h>

#define MS(x) cns_milli_seconds (x)
#define US(x) cns_micro_seconds (x)

static Line line;
static CnsSocket *socket_a;
static CnsFlowMonitorHelper *helper;
static gchar *tmp_dir;

/* The scenario, run sequentially when @threads is NULL, or on that many
 * threads with both links cut: A, R and B each a logical process of
 * their own, so that every packet crosses between threads at every hop. */
static void
setup_threads (const gchar *threads)
{
  g_autoptr (CnsUdpEchoServerHelper) echo = cns_udp_echo_server_helper_new (9);
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (GError) error = NULL;
  CnsAddress local;

  cns_test_reset ();
  if (threads != NULL)
    {
      ck_assert (cns_global_value_set ("Threads", threads, &error));
      ck_assert (cns_global_value_set ("PartitionThreshold", "1ms", &error));
    }
  line_build (&line, "8Mbps", "2ms", "8Mbps", "3ms");
  line_install_udp (&line);
  socket_a = cns_socket_create (line.a.node, CNS_TYPE_UDP_SOCKET_FACTORY);
  test_inet_address ("0.0.0.0:5000", &local);
  ck_assert (cns_socket_bind (socket_a, &local, &error));
  apps = cns_application_helper_install (CNS_APPLICATION_HELPER (echo),
                                         line.b.node);
  cns_application_container_start (apps, 0);
  cns_application_container_stop (apps, cns_seconds (2.5));
  helper = cns_flow_monitor_helper_new ();
}

static void
setup (void)
{
  setup_threads (NULL);
}

static void
teardown (void)
{
  g_clear_object (&helper);
  g_clear_object (&socket_a);
  line_clear (&line);
  cns_test_remove_tmp_dir (&tmp_dir);
  fixtures_teardown ();
}

/* ---- sending ---- */

typedef struct
{
  CnsSocket *socket;
  guint32 size;
} SocketSend;

static void
socket_send_run (gpointer obj, gpointer data)
{
  SocketSend *job = data;
  CnsAddress to;

  test_inet_address ("10.1.2.2:9", &to);
  ck_assert_int_ge (
      cns_socket_send_to (job->socket, cns_packet_new (job->size), 0, &to), 0);
}

/* @socket, on A, sends @size bytes to B's port 9 at @when (a time, not
 * a delay). */
static void
socket_send_from_at (CnsSocket *socket, CnsTime when, guint32 size)
{
  SocketSend *job = g_new (SocketSend, 1);

  *job = (SocketSend){ socket, size };
  cns_simulator_schedule_with_context_full (cns_node_get_id (line.a.node),
                                            when - cns_simulator_now (),
                                            socket_send_run, NULL, job, g_free);
}

/* A's socket (port 5000) sends @size bytes to B's port 9 at @when. */
static void
socket_send_at (CnsTime when, guint32 size)
{
  socket_send_from_at (socket_a, when, size);
}

/* A socket on A bound to @port; the caller owns it. */
static CnsSocket *
socket_on_a (guint16 port)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = g_strdup_printf ("0.0.0.0:%u", port);
  CnsSocket *socket
      = cns_socket_create (line.a.node, CNS_TYPE_UDP_SOCKET_FACTORY);
  CnsAddress local;

  test_inet_address (text, &local);
  ck_assert (cns_socket_bind (socket, &local, &error));
  return socket;
}

/* The three datagrams of flow 1. */
static void
send_echo_requests (void)
{
  socket_send_at (cns_seconds (1), 970);
  socket_send_at (cns_seconds (1.5), 470);
  socket_send_at (cns_seconds (2), 970);
}

typedef struct
{
  CnsIpv4L3Protocol *ipv4;
  CnsIpv4Address destination;
  guint8 ttl;
} RawSend;

/* A UDP datagram of 978 bytes (a 998-byte IPv4 datagram) from port 7000
 * to port 9, handed to IPv4 directly so that the TTL can be chosen. */
static void
raw_send_run (gpointer obj, gpointer data)
{
  RawSend *job = data;
  guint8 bytes[978] = { 7000 >> 8, 7000 & 0xff, 0, 9 };

  cns_ipv4_l3_protocol_send (
      job->ipv4, cns_packet_new_from_data (bytes, sizeof bytes),
      cns_ipv4_address_any (), job->destination, 17, job->ttl, 0, NULL);
}

static void
raw_send_at (CnsTime when, const gchar *destination, guint8 ttl)
{
  RawSend *job = g_new (RawSend, 1);

  *job = (RawSend){ line.a.ipv4, cns_ipv4_address_from_string (destination),
                    ttl };
  cns_simulator_schedule_with_context_full (cns_node_get_id (line.a.node),
                                            when - cns_simulator_now (),
                                            raw_send_run, NULL, job, g_free);
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

static guint32
flow_of (CnsFlowMonitor *monitor, const gchar *source, guint16 source_port,
         const gchar *destination, guint16 destination_port)
{
  CnsFlowFiveTuple t = { cns_ipv4_address_from_string (source),
                         cns_ipv4_address_from_string (destination), 17,
                         source_port, destination_port };

  return cns_flow_monitor_find_flow (monitor, &t);
}

/* ---- XML read back ---- */

static xmlDocPtr
read_xml (const gchar *path)
{
  xmlDocPtr doc = xmlReadFile (path, NULL, XML_PARSE_NONET);

  ck_assert_msg (doc != NULL, "%s is not well-formed XML", path);
  return doc;
}

/* The string value of the XPath expression @expr. */
static gchar *
xpath (xmlDocPtr doc, const gchar *expr)
{
  xmlXPathContextPtr context = xmlXPathNewContext (doc);
  g_autofree gchar *wrapped = g_strdup_printf ("string(%s)", expr);
  xmlXPathObjectPtr result = xmlXPathEvalExpression (BAD_CAST wrapped, context);
  gchar *value;

  ck_assert_msg (result != NULL, "bad XPath %s", expr);
  value = g_strdup ((const gchar *) result->stringval);
  xmlXPathFreeObject (result);
  xmlXPathFreeContext (context);
  return value;
}

#define ck_assert_xpath(doc, expr, expected)                                   \
  G_STMT_START                                                                 \
    {                                                                          \
      g_autofree gchar *cns_v_ = xpath ((doc), (expr));                        \
      ck_assert_msg (g_strcmp0 (cns_v_, (expected)) == 0,                      \
                     "%s is '%s', expected '%s'", (expr), cns_v_, (expected)); \
    }                                                                          \
  G_STMT_END

static gchar *
tmp_path (const gchar *name)
{
  if (tmp_dir == NULL)
    tmp_dir = cns_test_make_tmp_dir ("flow-monitor");
  return g_build_filename (tmp_dir, name, NULL);
}

/* ---- tests ---- */

/* Flow 1 and its echo, flow 2: counts, bytes, delays, jitter, times and
 * forwards as computed by hand (see the top of the file). */
START_TEST (test_flow_monitor_udp_echo)
{
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);
  const CnsFlowStats *s;
  const CnsFlowFiveTuple *t;

  ck_assert_uint_eq (cns_flow_monitor_get_n_probes (monitor), 3);
  send_echo_requests ();
  run_until (cns_seconds (3));

  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 2);
  t = cns_flow_monitor_get_five_tuple (monitor, 1);
  ck_assert_uint_eq (t->source.value,
                     CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1).value);
  ck_assert_uint_eq (t->destination.value,
                     CNS_IPV4_ADDRESS_INIT (10, 1, 2, 2).value);
  ck_assert_uint_eq (t->protocol, 17);
  ck_assert_uint_eq (t->source_port, 5000);
  ck_assert_uint_eq (t->destination_port, 9);
  ck_assert_uint_eq (flow_of (monitor, "10.1.1.1", 5000, "10.1.2.2", 9), 1);
  ck_assert_uint_eq (flow_of (monitor, "10.1.2.2", 9, "10.1.1.1", 5000), 2);
  ck_assert_uint_eq (flow_of (monitor, "10.1.2.2", 9, "10.1.1.1", 5001), 0);

  s = cns_flow_monitor_get_stats (monitor, 1);
  ck_assert_uint_eq (s->tx_packets, 3);
  ck_assert_uint_eq (s->rx_packets, 3);
  ck_assert_uint_eq (s->tx_bytes, 998 + 498 + 998);
  ck_assert_uint_eq (s->rx_bytes, 998 + 498 + 998);
  ck_assert_int_eq (s->time_first_tx, cns_seconds (1));
  ck_assert_int_eq (s->time_last_tx, cns_seconds (2));
  ck_assert_int_eq (s->time_first_rx, cns_seconds (1) + MS (7));
  ck_assert_int_eq (s->time_last_rx, cns_seconds (2) + MS (7));
  ck_assert_int_eq (s->delay_sum, MS (20));
  ck_assert_int_eq (s->jitter_sum, MS (2));
  ck_assert_int_eq (s->last_delay, MS (7));
  ck_assert_int_eq (s->max_delay, MS (7));
  ck_assert_int_eq (s->min_delay, MS (6));
  ck_assert_uint_eq (s->times_forwarded, 3);
  ck_assert_uint_eq (s->lost_packets, 0);

  s = cns_flow_monitor_get_stats (monitor, 2);
  ck_assert_uint_eq (s->tx_packets, 3);
  ck_assert_uint_eq (s->rx_packets, 3);
  ck_assert_int_eq (s->time_first_tx, cns_seconds (1) + MS (7));
  ck_assert_int_eq (s->time_first_rx, cns_seconds (1) + MS (14));
  ck_assert_int_eq (s->time_last_tx, cns_seconds (2) + MS (7));
  ck_assert_int_eq (s->time_last_rx, cns_seconds (2) + MS (14));
  ck_assert_int_eq (s->delay_sum, MS (20));
  ck_assert_int_eq (s->jitter_sum, MS (2));
  ck_assert_uint_eq (s->times_forwarded, 3);

  cns_flow_monitor_check_for_lost_packets (monitor);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->lost_packets, 0);
}
END_TEST

/* Delays of 7, 6 and 7 ms fall in bins 7, 6 and 7 of 1 ms. */
START_TEST (test_flow_monitor_delay_histogram)
{
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);
  const guint32 *counts = NULL;
  guint32 n;

  send_echo_requests ();
  run_until (cns_seconds (1.2));
  n = cns_flow_monitor_get_delay_histogram (monitor, 1, &counts);
  ck_assert_uint_eq (n, 8);
  for (guint32 i = 0; i < 7; i++)
    ck_assert_uint_eq (counts[i], 0);
  ck_assert_uint_eq (counts[7], 1);

  run_until (cns_seconds (3));
  n = cns_flow_monitor_get_delay_histogram (monitor, 1, &counts);
  ck_assert_uint_eq (n, 8);
  ck_assert_uint_eq (counts[5], 0);
  ck_assert_uint_eq (counts[6], 1);
  ck_assert_uint_eq (counts[7], 2);
}
END_TEST

/* Bins of 2 ms, set through the helper: 6 and 7 ms both fall in bin 3. */
START_TEST (test_flow_monitor_bin_width_attribute)
{
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor;
  const guint32 *counts = NULL;

  ck_assert (cns_flow_monitor_helper_set_monitor_attribute (
      helper, "DelayBinWidth", "0.002", &error));
  monitor = cns_flow_monitor_helper_install_all (helper);
  send_echo_requests ();
  run_until (cns_seconds (3));
  ck_assert_uint_eq (cns_flow_monitor_get_delay_histogram (monitor, 1, &counts),
                     4);
  ck_assert_uint_eq (counts[3], 3);

  ck_assert (!cns_flow_monitor_helper_set_monitor_attribute (
      helper, "NoSuchAttribute", "1", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "NoSuchAttribute"));
  g_clear_error (&error);
  ck_assert (!cns_flow_monitor_helper_set_monitor_attribute (
      helper, "MaxPerHopDelay", "soon", &error));
  ck_assert_ptr_nonnull (error);
}
END_TEST

/* A monitor takes the configured defaults, --CnsFlowMonitor::X=... */
START_TEST (test_flow_monitor_config_default)
{
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor;
  const guint32 *counts = NULL;

  ck_assert (cns_config_set_default ("CnsFlowMonitor::DelayBinWidth", "0.002",
                                     &error));
  monitor = cns_flow_monitor_helper_install_all (helper);
  send_echo_requests ();
  run_until (cns_seconds (3));
  ck_assert_uint_eq (cns_flow_monitor_get_delay_histogram (monitor, 1, &counts),
                     4);
  ck_assert_uint_eq (counts[3], 3);
}
END_TEST

/* Without a probe on R nothing counts the forwards; the packets still
 * arrive. Installing on a node twice adds one probe, and a node without
 * IPv4 gets none. */
START_TEST (test_flow_monitor_install_some)
{
  g_autoptr (CnsNodeContainer) ends = cns_node_container_new ();
  g_autoptr (CnsNode) bare = cns_node_new ();
  CnsFlowMonitor *monitor;

  cns_node_container_add (ends, line.a.node);
  cns_node_container_add (ends, line.b.node);
  monitor = cns_flow_monitor_helper_install (helper, ends);
  ck_assert_ptr_eq (monitor, cns_flow_monitor_helper_get_monitor (helper));
  ck_assert_ptr_eq (cns_flow_monitor_helper_install (helper, ends), monitor);
  ck_assert_ptr_eq (cns_flow_monitor_helper_install_node (helper, bare),
                    monitor);
  ck_assert (!cns_flow_monitor_add_node (monitor, bare));
  ck_assert_uint_eq (cns_flow_monitor_get_n_probes (monitor), 2);

  send_echo_requests ();
  run_until (cns_seconds (3));
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 2);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->rx_packets, 3);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->times_forwarded,
                     0);
  ck_assert_int_eq (cns_flow_monitor_get_stats (monitor, 1)->delay_sum,
                    MS (20));
}
END_TEST

/* Only the source classifies: a probe on B alone sees flow 2 leave and
 * never arrive (A is not watched), and ignores flow 1. */
START_TEST (test_flow_monitor_source_classifies)
{
  CnsFlowMonitor *monitor
      = cns_flow_monitor_helper_install_node (helper, line.b.node);
  const CnsFlowStats *s;

  send_echo_requests ();
  run_until (cns_seconds (3));
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 1);
  ck_assert_uint_eq (cns_flow_monitor_get_five_tuple (monitor, 1)->source_port,
                     9);
  s = cns_flow_monitor_get_stats (monitor, 1);
  ck_assert_uint_eq (s->tx_packets, 3);
  ck_assert_uint_eq (s->rx_packets, 0);
  ck_assert_int_eq (s->time_first_rx, 0);
}
END_TEST

/* A monitor follows only the packets it tagged: a second monitor, put on
 * R and B first, sees flow 1 pass and arrive and leaves it to the first;
 * B's echoes it tags, and the first monitor, tagging them after it,
 * takes them over. */
START_TEST (test_flow_monitor_two_monitors)
{
  g_autoptr (CnsFlowMonitorHelper) other = cns_flow_monitor_helper_new ();
  CnsFlowMonitor *second
      = cns_flow_monitor_helper_install_node (other, line.r.node);
  CnsFlowMonitor *first;
  const CnsFlowStats *s;

  cns_flow_monitor_helper_install_node (other, line.b.node);
  first = cns_flow_monitor_helper_install_all (helper);
  send_echo_requests ();
  run_until (cns_seconds (3));

  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (first), 2);
  s = cns_flow_monitor_get_stats (first, 1);
  ck_assert_uint_eq (s->rx_packets, 3);
  ck_assert_uint_eq (s->times_forwarded, 3);
  ck_assert_int_eq (s->delay_sum, MS (20));
  ck_assert_uint_eq (cns_flow_monitor_get_stats (first, 2)->rx_packets, 3);

  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (second), 1);
  ck_assert_uint_eq (cns_flow_monitor_get_five_tuple (second, 1)->source_port,
                     9);
  s = cns_flow_monitor_get_stats (second, 1);
  ck_assert_uint_eq (s->tx_packets, 3);
  ck_assert_uint_eq (s->rx_packets, 0);
}
END_TEST

/* A TTL of 1 dies at R (reason 1), an unknown destination too (no
 * route, reason 0), and of three datagrams sent at once into a queue of
 * one packet the third is refused (reason 3, counted with its 2-byte PPP
 * header as ns-3 counts the queue's packet). */
START_TEST (test_flow_monitor_drops)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsQueue) queue = cns_drop_tail_queue_new ();
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);
  guint32 x, y;
  const CnsFlowStats *s;

  ck_assert (cns_attribute_set (queue, "MaxSize", "1p", &error));
  cns_point_to_point_net_device_set_queue (
      CNS_POINT_TO_POINT_NET_DEVICE (cns_net_device_container_get (line.ar, 0)),
      queue);
  raw_send_at (cns_seconds (3), "10.1.2.2", 1);
  raw_send_at (cns_seconds (3.5), "10.1.9.9", 64);
  for (guint i = 0; i < 3; i++)
    raw_send_at (cns_seconds (4), "10.1.2.2", 64);
  run_until (cns_seconds (5));

  x = flow_of (monitor, "10.1.1.1", 7000, "10.1.2.2", 9);
  y = flow_of (monitor, "10.1.1.1", 7000, "10.1.9.9", 9);
  ck_assert_uint_eq (x, 1);
  ck_assert_uint_eq (y, 2);
  s = cns_flow_monitor_get_stats (monitor, x);
  ck_assert_uint_eq (s->tx_packets, 4);
  ck_assert_uint_eq (s->rx_packets, 2);
  ck_assert_uint_eq (s->lost_packets, 2);
  /* the second of the three waited 1 ms behind the first */
  ck_assert_int_eq (s->delay_sum, MS (7) + MS (8));
  ck_assert_int_eq (s->jitter_sum, MS (1));
  ck_assert_uint_eq (cns_flow_monitor_get_packets_dropped (
                         monitor, x, CNS_FLOW_DROP_TTL_EXPIRE),
                     1);
  ck_assert_uint_eq (
      cns_flow_monitor_get_bytes_dropped (monitor, x, CNS_FLOW_DROP_TTL_EXPIRE),
      998);
  ck_assert_uint_eq (
      cns_flow_monitor_get_packets_dropped (monitor, x, CNS_FLOW_DROP_QUEUE),
      1);
  ck_assert_uint_eq (
      cns_flow_monitor_get_bytes_dropped (monitor, x, CNS_FLOW_DROP_QUEUE),
      1000);
  ck_assert_uint_eq (
      cns_flow_monitor_get_packets_dropped (monitor, x, CNS_FLOW_DROP_NO_ROUTE),
      0);

  s = cns_flow_monitor_get_stats (monitor, y);
  ck_assert_uint_eq (s->tx_packets, 1);
  ck_assert_uint_eq (s->rx_packets, 0);
  ck_assert_uint_eq (s->lost_packets, 1);
  ck_assert_uint_eq (
      cns_flow_monitor_get_packets_dropped (monitor, y, CNS_FLOW_DROP_NO_ROUTE),
      1);
  ck_assert_uint_eq (
      cns_flow_monitor_get_bytes_dropped (monitor, y, CNS_FLOW_DROP_NO_ROUTE),
      998);

  /* a drop counts once: checking for lost packets adds nothing */
  cns_flow_monitor_check_for_lost_packets (monitor);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, x)->lost_packets, 2);
}
END_TEST

/* A datagram B's device corrupts is in flight until no node has seen it
 * for MaxPerHopDelay (10 s): R forwarded it at 1.003 s. */
START_TEST (test_flow_monitor_lost_packets)
{
  g_autoptr (CnsErrorModel) errors
      = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, 1.0);
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);

  cns_point_to_point_net_device_set_receive_error_model (
      CNS_POINT_TO_POINT_NET_DEVICE (cns_net_device_container_get (line.rb, 1)),
      errors);
  socket_send_at (cns_seconds (1), 970);
  run_until (cns_seconds (1) + MS (3) + cns_seconds (10) - 1);
  cns_flow_monitor_check_for_lost_packets (monitor);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->lost_packets, 0);

  run_until (cns_seconds (1) + MS (3) + cns_seconds (10));
  cns_flow_monitor_check_for_lost_packets (monitor);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->lost_packets, 1);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->rx_packets, 0);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->times_forwarded,
                     0);
}
END_TEST

static void
disable_errors (gpointer obj, gpointer data)
{
  cns_error_model_set_enabled (data, FALSE);
}

/* A flow whose oldest packet was lost and whose later ones keep arriving
 * retires the lost one when its ring of packets in flight fills (four
 * packets), without a call to check_for_lost_packets: here with
 * MaxPerHopDelay 1 s, the ring is full at the fifth packet. */
START_TEST (test_flow_monitor_lost_while_running)
{
  g_autoptr (CnsErrorModel) errors
      = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, 1.0);
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor;

  ck_assert (cns_flow_monitor_helper_set_monitor_attribute (
      helper, "MaxPerHopDelay", "1s", &error));
  monitor = cns_flow_monitor_helper_install_all (helper);
  cns_point_to_point_net_device_set_receive_error_model (
      CNS_POINT_TO_POINT_NET_DEVICE (cns_net_device_container_get (line.rb, 1)),
      errors);
  cns_simulator_schedule (cns_seconds (1.5), disable_errors, NULL, errors);
  socket_send_at (cns_seconds (1), 970);
  for (guint i = 0; i < 3; i++)
    socket_send_at (cns_seconds (3) + i * MS (100), 970);
  run_until (cns_seconds (3.5));
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->rx_packets, 3);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->lost_packets, 0);
  socket_send_at (cns_seconds (4), 970);
  run_until (cns_seconds (4) + 1);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->lost_packets, 1);
  run_until (cns_seconds (5));
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->rx_packets, 4);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->tx_packets, 5);
}
END_TEST

/* The file has ns-3's structure, names and values. */
START_TEST (test_flow_monitor_xml)
{
  g_autofree gchar *path = tmp_path ("flows.xml");
  g_autoptr (GError) error = NULL;
  xmlDocPtr doc;

  cns_flow_monitor_helper_install_all (helper);
  send_echo_requests ();
  raw_send_at (cns_seconds (3), "10.1.2.2", 1);
  run_until (cns_seconds (4));
  ck_assert (cns_flow_monitor_helper_serialize_to_xml_file (helper, path, TRUE,
                                                            TRUE, &error));
  doc = read_xml (path);

  ck_assert_xpath (doc, "name(/*)", "FlowMonitor");
  ck_assert_xpath (doc, "count(/FlowMonitor/*)", "4");
  ck_assert_xpath (doc, "name(/FlowMonitor/*[1])", "FlowStats");
  ck_assert_xpath (doc, "name(/FlowMonitor/*[2])", "Ipv4FlowClassifier");
  ck_assert_xpath (doc, "name(/FlowMonitor/*[3])", "Ipv6FlowClassifier");
  ck_assert_xpath (doc, "count(/FlowMonitor/Ipv6FlowClassifier/*)", "0");
  ck_assert_xpath (doc, "name(/FlowMonitor/*[4])", "FlowProbes");
  ck_assert_xpath (doc, "count(/FlowMonitor/FlowStats/Flow)", "3");

#define FLOW1 "/FlowMonitor/FlowStats/Flow[@flowId='1']"
  ck_assert_xpath (doc, FLOW1 "/@timeFirstTxPacket", "+1000000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@timeFirstRxPacket", "+1007000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@timeLastTxPacket", "+2000000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@timeLastRxPacket", "+2007000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@delaySum", "+20000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@jitterSum", "+2000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@lastDelay", "+7000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@maxDelay", "+7000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@minDelay", "+6000000.0ns");
  ck_assert_xpath (doc, FLOW1 "/@txBytes", "2494");
  ck_assert_xpath (doc, FLOW1 "/@rxBytes", "2494");
  ck_assert_xpath (doc, FLOW1 "/@txPackets", "3");
  ck_assert_xpath (doc, FLOW1 "/@rxPackets", "3");
  ck_assert_xpath (doc, FLOW1 "/@lostPackets", "0");
  ck_assert_xpath (doc, FLOW1 "/@timesForwarded", "3");
  ck_assert_xpath (doc, "count(" FLOW1 "/packetsDropped)", "0");
  ck_assert_xpath (doc, FLOW1 "/delayHistogram/@nBins", "8");
  ck_assert_xpath (doc, "count(" FLOW1 "/delayHistogram/bin)", "2");
  ck_assert_xpath (doc, FLOW1 "/delayHistogram/bin[@index='6']/@count", "1");
  ck_assert_xpath (doc, FLOW1 "/delayHistogram/bin[@index='7']/@count", "2");
  ck_assert_xpath (doc, FLOW1 "/delayHistogram/bin[@index='7']/@start",
                   "0.007");
  ck_assert_xpath (doc, FLOW1 "/delayHistogram/bin[@index='7']/@width",
                   "0.001");
  ck_assert_xpath (doc, FLOW1 "/jitterHistogram/bin[@index='1']/@count", "2");
  ck_assert_xpath (doc, FLOW1 "/packetSizeHistogram/@nBins", "50");
  ck_assert_xpath (doc, FLOW1 "/packetSizeHistogram/bin[@index='49']/@count",
                   "2");
  ck_assert_xpath (doc, FLOW1 "/packetSizeHistogram/bin[@index='24']/@start",
                   "480");
  /* arrivals 0.499 s and 0.501 s apart: one gap over 0.5 s, in bin 2 */
  ck_assert_xpath (doc, FLOW1 "/flowInterruptionsHistogram/@nBins", "3");
  ck_assert_xpath (
      doc, FLOW1 "/flowInterruptionsHistogram/bin[@index='2']/@count", "1");
#undef FLOW1

  /* flow 3: one datagram, dropped at R for its TTL (ns-3's code 1) */
#define FLOW3 "/FlowMonitor/FlowStats/Flow[@flowId='3']"
  ck_assert_xpath (doc, FLOW3 "/@lostPackets", "1");
  ck_assert_xpath (doc, FLOW3 "/@timeFirstRxPacket", "+0.0ns");
  ck_assert_xpath (doc, "count(" FLOW3 "/packetsDropped)", "2");
  ck_assert_xpath (doc, FLOW3 "/packetsDropped[@reasonCode='0']/@number", "0");
  ck_assert_xpath (doc, FLOW3 "/packetsDropped[@reasonCode='1']/@number", "1");
  ck_assert_xpath (doc, FLOW3 "/bytesDropped[@reasonCode='1']/@bytes", "998");
  ck_assert_xpath (doc, FLOW3 "/delayHistogram/@nBins", "0");
#undef FLOW3

#define CLASS2 "/FlowMonitor/Ipv4FlowClassifier/Flow[@flowId='2']"
  ck_assert_xpath (doc, "count(/FlowMonitor/Ipv4FlowClassifier/Flow)", "3");
  ck_assert_xpath (doc, CLASS2 "/@sourceAddress", "10.1.2.2");
  ck_assert_xpath (doc, CLASS2 "/@destinationAddress", "10.1.1.1");
  ck_assert_xpath (doc, CLASS2 "/@protocol", "17");
  ck_assert_xpath (doc, CLASS2 "/@sourcePort", "9");
  ck_assert_xpath (doc, CLASS2 "/@destinationPort", "5000");
#undef CLASS2

  /* probes: A (0), R (1) and B (2); R saw flow 1 after 3, 2.5 and 3 ms
   * and flow 2 after 4, 3.5 and 4 ms */
#define PROBE(i) "/FlowMonitor/FlowProbes/FlowProbe[@index='" #i "']"
  ck_assert_xpath (doc, "count(/FlowMonitor/FlowProbes/FlowProbe)", "3");
  ck_assert_xpath (doc, "count(" PROBE (0) "/FlowStats)", "3");
  ck_assert_xpath (doc, PROBE (0) "/FlowStats[1]/@flowId", "1");
  ck_assert_xpath (doc, PROBE (0) "/FlowStats[@flowId='1']/@packets", "3");
  ck_assert_xpath (doc, PROBE (0) "/FlowStats[@flowId='1']/@bytes", "2494");
  ck_assert_xpath (doc,
                   PROBE (0) "/FlowStats[@flowId='1']/@delayFromFirstProbeSum",
                   "+0.0ns");
  ck_assert_xpath (doc,
                   PROBE (0) "/FlowStats[@flowId='2']/@delayFromFirstProbeSum",
                   "+20000000.0ns");
  ck_assert_xpath (doc,
                   PROBE (1) "/FlowStats[@flowId='1']/@delayFromFirstProbeSum",
                   "+8500000.0ns");
  ck_assert_xpath (doc,
                   PROBE (1) "/FlowStats[@flowId='2']/@delayFromFirstProbeSum",
                   "+11500000.0ns");
  ck_assert_xpath (
      doc,
      PROBE (
          1) "/FlowStats[@flowId='3']/packetsDropped[@reasonCode='1']/@number",
      "1");
  ck_assert_xpath (doc, PROBE (1) "/FlowStats[@flowId='3']/@packets", "0");
  ck_assert_xpath (doc, PROBE (2) "/FlowStats[@flowId='2']/@packets", "3");
#undef PROBE
  xmlFreeDoc (doc);

  /* without histograms and probes */
  ck_assert (
      cns_flow_monitor_write_xml (cns_flow_monitor_helper_get_monitor (helper),
                                  path, FALSE, FALSE, &error));
  doc = read_xml (path);
  ck_assert_xpath (doc, "count(/FlowMonitor/*)", "3");
  ck_assert_xpath (doc, "count(//delayHistogram)", "0");
  ck_assert_xpath (doc, "count(//bin)", "0");
  ck_assert_xpath (doc, "count(//FlowProbes)", "0");
  ck_assert_xpath (
      doc, "/FlowMonitor/FlowStats/Flow[@flowId='2']/@timeFirstTxPacket",
      "+1007000000.0ns");
  xmlFreeDoc (doc);
}
END_TEST

/* Times are exact to the picosecond. */
START_TEST (test_flow_monitor_xml_time_format)
{
  g_autofree gchar *path = tmp_path ("times.xml");
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor;
  xmlDocPtr doc;

  cns_point_to_point_channel_set_delay (
      CNS_POINT_TO_POINT_CHANNEL (cns_net_device_get_channel (
          cns_net_device_container_get (line.ar, 0))),
      cns_pico_seconds (2000000050));
  monitor = cns_flow_monitor_helper_install_all (helper);
  socket_send_at (cns_seconds (1) + 7, 970);
  run_until (cns_seconds (3));
  ck_assert_int_eq (cns_flow_monitor_get_stats (monitor, 1)->delay_sum,
                    MS (7) + 50);
  ck_assert (cns_flow_monitor_write_xml (monitor, path, FALSE, FALSE, &error));
  doc = read_xml (path);
  ck_assert_xpath (doc, "/FlowMonitor/FlowStats/Flow[1]/@timeFirstTxPacket",
                   "+1000000000.007ns");
  ck_assert_xpath (doc, "/FlowMonitor/FlowStats/Flow[1]/@delaySum",
                   "+7000000.05ns");
  xmlFreeDoc (doc);
}
END_TEST

/* Errors name the file; probes need ProbeStatistics. */
START_TEST (test_flow_monitor_xml_errors)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *path = NULL;
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);

  send_echo_requests ();
  run_until (cns_seconds (3));
  path = tmp_path ("no-such-dir/flows.xml");
  ck_assert (!cns_flow_monitor_write_xml (monitor, path, TRUE, TRUE, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  ck_assert_ptr_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      ck_assert (!cns_flow_monitor_helper_serialize_to_xml_file (
          helper, "/dev/full", TRUE, TRUE, &error));
      ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC));
      ck_assert_ptr_nonnull (strstr (error->message, "/dev/full"));
      g_clear_error (&error);
    }

  g_object_set (monitor, "probe-statistics", FALSE, NULL);
  g_free (path);
  path = tmp_path ("flows.xml");
  ck_assert (!cns_flow_monitor_write_xml (monitor, path, FALSE, TRUE, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_INVAL));
  ck_assert_ptr_nonnull (strstr (error->message, "ProbeStatistics"));
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
}
END_TEST

/* With ProbeStatistics off the flows are counted the same. */
START_TEST (test_flow_monitor_without_probe_statistics)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *path = tmp_path ("flows.xml");
  CnsFlowMonitor *monitor;
  xmlDocPtr doc;

  ck_assert (cns_flow_monitor_helper_set_monitor_attribute (
      helper, "ProbeStatistics", "false", &error));
  monitor = cns_flow_monitor_helper_install_all (helper);
  send_echo_requests ();
  run_until (cns_seconds (3));
  ck_assert_int_eq (cns_flow_monitor_get_stats (monitor, 2)->delay_sum,
                    MS (20));
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 2)->times_forwarded,
                     3);
  ck_assert (cns_flow_monitor_write_xml (monitor, path, TRUE, FALSE, &error));
  doc = read_xml (path);
  ck_assert_xpath (doc, "count(/FlowMonitor/FlowStats/Flow)", "2");
  xmlFreeDoc (doc);
}
END_TEST

static gboolean
ipv4_connected (CnsIpv4L3Protocol *ipv4)
{
  if (ipv4->traces.sources == NULL)
    return FALSE;
  for (guint i = 0; i < 6; i++)
    if (cns_trace_source_is_connected (&ipv4->traces.sources[i]))
      return TRUE;
  return FALSE;
}

/* No monitor, nothing connected: the IPv4 layers have not even made
 * their trace tables. A monitor connects, and disconnects when it goes. */
START_TEST (test_flow_monitor_connects_nothing_unless_installed)
{
  Stack *stacks[] = { &line.a, &line.r, &line.b };

  send_echo_requests ();
  run_until (cns_seconds (3));
  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    ck_assert_ptr_null (stacks[i]->ipv4->traces.sources);

  cns_flow_monitor_helper_install_all (helper);
  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    ck_assert (ipv4_connected (stacks[i]->ipv4));
  g_clear_object (&helper);
  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    ck_assert (!ipv4_connected (stacks[i]->ipv4));
}
END_TEST

/* Broadcasts and protocols other than UDP and TCP are not flows. */
START_TEST (test_flow_monitor_ignores_broadcast_and_other_protocols)
{
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);
  g_autoptr (CnsSocket) s
      = cns_socket_create (line.a.node, CNS_TYPE_UDP_SOCKET_FACTORY);
  CnsAddress to;

  ck_assert (cns_socket_set_allow_broadcast (s, TRUE));
  test_inet_address ("10.1.1.255:9", &to);
  ck_assert_int_ge (cns_socket_send_to (s, cns_packet_new (10), 0, &to), 0);
  test_inet_address ("255.255.255.255:9", &to);
  ck_assert_int_ge (cns_socket_send_to (s, cns_packet_new (10), 0, &to), 0);
  send_at (&line.a, cns_seconds (1), cns_packet_new (100), "10.1.2.2", 64);
  run_until (cns_seconds (2));
  ck_assert_uint_eq (line.b.l4->rx->len, 1);
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 0);
}
END_TEST

/* Flow ids follow the send times of the flows' first packets, and the
 * 5-tuples of flows that start at the same time, not the order the
 * monitor classified them in: at 1 s port 5000 sends before port 4000,
 * yet 4000's flow comes first. The echoes leave at 1.007 s (5000's) and
 * 1.008 s (4000's, queued 1 ms behind the other at A). */
START_TEST (test_flow_monitor_canonical_ids)
{
  g_autoptr (CnsSocket) early = socket_on_a (6000);
  g_autoptr (CnsSocket) second = socket_on_a (4000);
  g_autofree gchar *path = tmp_path ("ids.xml");
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);
  xmlDocPtr doc;

  socket_send_from_at (early, cns_seconds (0.5), 970);
  socket_send_at (cns_seconds (1), 970);
  socket_send_from_at (second, cns_seconds (1), 970);
  run_until (cns_seconds (1));
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 4);
  ck_assert_uint_eq (flow_of (monitor, "10.1.1.1", 6000, "10.1.2.2", 9), 1);
  ck_assert_uint_eq (flow_of (monitor, "10.1.2.2", 9, "10.1.1.1", 6000), 2);
  ck_assert_uint_eq (flow_of (monitor, "10.1.1.1", 4000, "10.1.2.2", 9), 3);
  ck_assert_uint_eq (flow_of (monitor, "10.1.1.1", 5000, "10.1.2.2", 9), 4);
  ck_assert_uint_eq (cns_flow_monitor_get_five_tuple (monitor, 3)->source_port,
                     4000);

  run_until (cns_seconds (2));
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 6);
  ck_assert_uint_eq (flow_of (monitor, "10.1.2.2", 9, "10.1.1.1", 5000), 5);
  ck_assert_uint_eq (flow_of (monitor, "10.1.2.2", 9, "10.1.1.1", 4000), 6);
  ck_assert_int_eq (cns_flow_monitor_get_stats (monitor, 6)->time_first_tx,
                    cns_seconds (1) + MS (8));
  ck_assert_int_eq (cns_flow_monitor_get_stats (monitor, 3)->delay_sum, MS (8));

  ck_assert (cns_flow_monitor_write_xml (monitor, path, FALSE, TRUE, &error));
  doc = read_xml (path);
  ck_assert_xpath (doc, "/FlowMonitor/FlowStats/Flow[3]/@flowId", "3");
  ck_assert_xpath (doc, "/FlowMonitor/FlowStats/Flow[3]/@delaySum",
                   "+8000000.0ns");
  ck_assert_xpath (doc, "/FlowMonitor/Ipv4FlowClassifier/Flow[3]/@flowId", "3");
  ck_assert_xpath (
      doc, "/FlowMonitor/Ipv4FlowClassifier/Flow[@flowId='3']/@sourcePort",
      "4000");
  ck_assert_xpath (
      doc, "/FlowMonitor/Ipv4FlowClassifier/Flow[@flowId='4']/@sourcePort",
      "5000");
  ck_assert_xpath (doc,
                   "/FlowMonitor/FlowProbes/FlowProbe[@index='0']/FlowStats[3]"
                   "/@flowId",
                   "3");
  xmlFreeDoc (doc);
}
END_TEST

/* A packet unseen for MaxPerHopDelay is lost even when it turns up
 * later: with 3 ms, A's datagram reaches R 3 ms after it left, and
 * counts as lost there, not as received at B; B's echo, 4 ms from B to
 * R, too. */
START_TEST (test_flow_monitor_lost_when_seen_late)
{
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor;
  const CnsFlowStats *s;

  ck_assert (cns_flow_monitor_helper_set_monitor_attribute (
      helper, "MaxPerHopDelay", "3ms", &error));
  monitor = cns_flow_monitor_helper_install_all (helper);
  socket_send_at (cns_seconds (1), 970);
  run_until (cns_seconds (2));
  ck_assert_uint_eq (line.b.l4->rx->len, 0);
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (monitor), 2);
  for (guint32 id = 1; id <= 2; id++)
    {
      s = cns_flow_monitor_get_stats (monitor, id);
      ck_assert_uint_eq (s->tx_packets, 1);
      ck_assert_uint_eq (s->rx_packets, 0);
      ck_assert_uint_eq (s->lost_packets, 1);
      ck_assert_uint_eq (s->times_forwarded, 0);
      ck_assert_int_eq (s->delay_sum, 0);
    }
  cns_flow_monitor_check_for_lost_packets (monitor);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (monitor, 1)->lost_packets, 1);
}
END_TEST

/* The statistics of two tables merged: flow by flow (by 5-tuple), counts
 * and sums added, first times the earliest, last times and the last
 * delay the latest's, histograms bin by bin, drops reason by reason, and
 * ids given again over the merged flows. The first table is the echo
 * scenario up to 3 s; the second, of a second monitor, has one more
 * datagram of flow 1 at 4 s (the echo server has stopped) and one that
 * dies at R for its TTL at 4.5 s. */
START_TEST (test_flow_monitor_merge_tables)
{
  g_autoptr (GPtrArray) tables
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (CnsFlowMonitor) merged = cns_flow_monitor_new ();
  g_autoptr (GError) error = NULL;
  const guint32 *counts = NULL;
  const CnsFlowStats *s;
  const guint8 *data;
  gsize size;

  cns_flow_monitor_helper_install_all (helper);
  send_echo_requests ();
  run_until (cns_seconds (3));
  g_ptr_array_add (tables, cns_flow_monitor_serialize_table (
                               cns_flow_monitor_helper_get_monitor (helper)));
  g_clear_object (&helper);
  helper = cns_flow_monitor_helper_new ();
  cns_flow_monitor_helper_install_all (helper);
  socket_send_at (cns_seconds (4), 970);
  raw_send_at (cns_seconds (4.5), "10.1.2.2", 1);
  run_until (cns_seconds (5));
  g_ptr_array_add (tables, cns_flow_monitor_serialize_table (
                               cns_flow_monitor_helper_get_monitor (helper)));

  ck_assert (cns_flow_monitor_load_tables (merged, tables, &error));
  ck_assert_uint_eq (cns_flow_monitor_get_n_flows (merged), 3);
  ck_assert_uint_eq (flow_of (merged, "10.1.1.1", 5000, "10.1.2.2", 9), 1);
  ck_assert_uint_eq (flow_of (merged, "10.1.2.2", 9, "10.1.1.1", 5000), 2);
  ck_assert_uint_eq (flow_of (merged, "10.1.1.1", 7000, "10.1.2.2", 9), 3);

  s = cns_flow_monitor_get_stats (merged, 1);
  ck_assert_uint_eq (s->tx_packets, 4);
  ck_assert_uint_eq (s->rx_packets, 4);
  ck_assert_uint_eq (s->tx_bytes, 3 * 998 + 498);
  ck_assert_uint_eq (s->rx_bytes, 3 * 998 + 498);
  ck_assert_int_eq (s->time_first_tx, cns_seconds (1));
  ck_assert_int_eq (s->time_last_tx, cns_seconds (4));
  ck_assert_int_eq (s->time_first_rx, cns_seconds (1) + MS (7));
  ck_assert_int_eq (s->time_last_rx, cns_seconds (4) + MS (7));
  ck_assert_int_eq (s->delay_sum, MS (27));
  ck_assert_int_eq (s->jitter_sum, MS (2));
  ck_assert_int_eq (s->last_delay, MS (7));
  ck_assert_int_eq (s->min_delay, MS (6));
  ck_assert_int_eq (s->max_delay, MS (7));
  ck_assert_uint_eq (s->times_forwarded, 4);
  ck_assert_uint_eq (s->lost_packets, 0);
  ck_assert_uint_eq (cns_flow_monitor_get_delay_histogram (merged, 1, &counts),
                     8);
  ck_assert_uint_eq (counts[6], 1);
  ck_assert_uint_eq (counts[7], 3);

  s = cns_flow_monitor_get_stats (merged, 2);
  ck_assert_uint_eq (s->tx_packets, 3);
  ck_assert_uint_eq (s->rx_packets, 3);
  ck_assert_int_eq (s->time_first_tx, cns_seconds (1) + MS (7));

  s = cns_flow_monitor_get_stats (merged, 3);
  ck_assert_uint_eq (s->tx_packets, 1);
  ck_assert_uint_eq (s->lost_packets, 1);
  ck_assert_int_eq (s->time_first_tx, cns_seconds (4.5));
  ck_assert_uint_eq (cns_flow_monitor_get_packets_dropped (
                         merged, 3, CNS_FLOW_DROP_TTL_EXPIRE),
                     1);
  ck_assert_uint_eq (
      cns_flow_monitor_get_bytes_dropped (merged, 3, CNS_FLOW_DROP_TTL_EXPIRE),
      998);

  /* a table merged twice counts twice */
  g_ptr_array_add (tables, g_bytes_ref (tables->pdata[1]));
  ck_assert (cns_flow_monitor_load_tables (merged, tables, &error));
  ck_assert_uint_eq (cns_flow_monitor_get_stats (merged, 1)->tx_packets, 5);
  ck_assert_uint_eq (cns_flow_monitor_get_stats (merged, 3)->lost_packets, 2);

  /* bad tables are named, with what is wrong in them, and leave the
   * monitor as it was */
  data = g_bytes_get_data (tables->pdata[0], &size);
  g_ptr_array_set_size (tables, 1);
  g_ptr_array_add (tables, g_bytes_new (data, size - 1));
  ck_assert (!cns_flow_monitor_load_tables (merged, tables, &error));
  ck_assert_str_eq (error->message,
                    "Flow monitor table 1: a probe's records counts 2, more "
                    "than the 63 bytes left hold");
  g_clear_error (&error);
  g_ptr_array_set_size (tables, 1);
  g_ptr_array_add (tables, g_bytes_new (data, 20));
  ck_assert (!cns_flow_monitor_load_tables (merged, tables, &error));
  ck_assert_str_eq (error->message, "Flow monitor table 1: table truncated in "
                                    "a flow: 1 bytes needed, 0 left");
  g_clear_error (&error);
  g_ptr_array_insert (tables, 0, g_bytes_new_static ("CNSX", 4));
  ck_assert (!cns_flow_monitor_load_tables (merged, tables, &error));
  ck_assert_str_eq (error->message,
                    "Flow monitor table 0: not a flow monitor table");
  ck_assert_uint_eq (cns_flow_monitor_get_stats (merged, 1)->tx_packets, 5);
}
END_TEST

/* ---- on threads ---- */

/* The getters' figures of every flow, to compare runs by. */
static void
report_flows (CnsFlowMonitor *monitor, GString *out)
{
  for (guint32 id = 1; id <= cns_flow_monitor_get_n_flows (monitor); id++)
    {
      const CnsFlowStats *s = cns_flow_monitor_get_stats (monitor, id);
      const CnsFlowFiveTuple *t = cns_flow_monitor_get_five_tuple (monitor, id);

      g_string_append_printf (
          out,
          "flow %u: ports %u>%u tx %u/%" G_GUINT64_FORMAT
          " rx %u/%" G_GUINT64_FORMAT
          " lost %u forwarded %u first %" G_GINT64_FORMAT "/%" G_GINT64_FORMAT
          " last %" G_GINT64_FORMAT "/%" G_GINT64_FORMAT
          " delay %" G_GINT64_FORMAT " jitter %" G_GINT64_FORMAT " drops",
          id, t->source_port, t->destination_port, s->tx_packets, s->tx_bytes,
          s->rx_packets, s->rx_bytes, s->lost_packets, s->times_forwarded,
          s->time_first_tx, s->time_first_rx, s->time_last_tx, s->time_last_rx,
          s->delay_sum, s->jitter_sum);
      for (guint r = 0; r < CNS_FLOW_N_DROP_REASONS; r++)
        g_string_append_printf (
            out, " %u", cns_flow_monitor_get_packets_dropped (monitor, id, r));
      g_string_append_c (out, '\n');
    }
}

/* The flows, then the XML file with histograms and probes. */
static void
report_all (CnsFlowMonitor *monitor, GString *out)
{
  g_autofree gchar *path = tmp_path ("threads.xml");
  g_autofree gchar *xml = NULL;
  g_autoptr (GError) error = NULL;

  report_flows (monitor, out);
  ck_assert (cns_flow_monitor_write_xml (monitor, path, TRUE, TRUE, &error));
  ck_assert (g_file_get_contents (path, &xml, NULL, &error));
  g_string_append (out, xml);
}

/* The echo scenario and a datagram that dies at R for its TTL. */
static void
scenario_echo (GString *out)
{
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);

  send_echo_requests ();
  raw_send_at (cns_seconds (3), "10.1.2.2", 1);
  run_until (cns_seconds (4));
  report_all (monitor, out);
}

/* The drops of test_flow_monitor_drops. */
static void
scenario_drops (GString *out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsQueue) queue = cns_drop_tail_queue_new ();
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);

  ck_assert (cns_attribute_set (queue, "MaxSize", "1p", &error));
  cns_point_to_point_net_device_set_queue (
      CNS_POINT_TO_POINT_NET_DEVICE (cns_net_device_container_get (line.ar, 0)),
      queue);
  raw_send_at (cns_seconds (3), "10.1.2.2", 1);
  raw_send_at (cns_seconds (3.5), "10.1.9.9", 64);
  for (guint i = 0; i < 3; i++)
    raw_send_at (cns_seconds (4), "10.1.2.2", 64);
  run_until (cns_seconds (5));
  report_all (monitor, out);
}

/* Probes on A and B only: R, which no probe counts, forwards between
 * threads. */
static void
scenario_ends_only (GString *out)
{
  g_autoptr (CnsNodeContainer) ends = cns_node_container_new ();
  CnsFlowMonitor *monitor;

  cns_node_container_add (ends, line.a.node);
  cns_node_container_add (ends, line.b.node);
  monitor = cns_flow_monitor_helper_install (helper, ends);
  send_echo_requests ();
  run_until (cns_seconds (3));
  report_all (monitor, out);
}

/* Packets on the wire between A and R when the statistics are read,
 * with MaxPerHopDelay @max. A's first datagram leaves at 1 s and
 * reaches R at 1.003 s: read at 1.0025 s, it is lost with 2 ms (and not
 * counted again when it turns up at R), not yet with 3 ms (it is lost at
 * R, 3 ms after A saw it). Two of 470 bytes, sent at 1.5 s and 0.1 ms
 * later, wait for each other and reach R at 1.5025 s and 1.503 s: read
 * at 1.5025 s, lost with 2 ms; with 3 ms they are lost at B, 3.5 ms
 * after R saw them. */
static void
scenario_on_the_wire (GString *out, const gchar *max)
{
  g_autoptr (GError) error = NULL;
  CnsFlowMonitor *monitor;

  ck_assert (cns_flow_monitor_helper_set_monitor_attribute (
      helper, "MaxPerHopDelay", max, &error));
  monitor = cns_flow_monitor_helper_install_all (helper);
  socket_send_at (cns_seconds (1), 970);
  socket_send_at (cns_seconds (1.5), 470);
  socket_send_at (cns_seconds (1.5) + US (100), 470);
  run_until (cns_seconds (1) + US (2500));
  cns_flow_monitor_check_for_lost_packets (monitor);
  report_flows (monitor, out);
  run_until (cns_seconds (1.5) + US (2500));
  cns_flow_monitor_check_for_lost_packets (monitor);
  report_flows (monitor, out);
  run_until (cns_seconds (3));
  report_all (monitor, out);
}

static void
scenario_on_the_wire_2ms (GString *out)
{
  scenario_on_the_wire (out, "2ms");
}

static void
scenario_on_the_wire_3ms (GString *out)
{
  scenario_on_the_wire (out, "3ms");
}

/* A frame B's device corrupts is in flight until read late enough. */
static void
scenario_corrupt (GString *out)
{
  g_autoptr (CnsErrorModel) errors
      = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, 1.0);
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_install_all (helper);

  cns_point_to_point_net_device_set_receive_error_model (
      CNS_POINT_TO_POINT_NET_DEVICE (cns_net_device_container_get (line.rb, 1)),
      errors);
  socket_send_at (cns_seconds (1), 970);
  run_until (cns_seconds (1) + MS (3) + cns_seconds (10) - 1);
  cns_flow_monitor_check_for_lost_packets (monitor);
  report_flows (monitor, out);
  run_until (cns_seconds (1) + MS (3) + cns_seconds (10));
  report_all (monitor, out);
}

/* What @scenario reports, run sequentially (@threads NULL) or on
 * @threads threads. */
static gchar *
run_scenario (void (*scenario) (GString *), const gchar *threads)
{
  GString *out = g_string_new (NULL);
  CnsPartitionInfo info;

  teardown ();
  setup_threads (threads);
  scenario (out);
  if (threads != NULL)
    {
      ck_assert (cns_simulator_get_partition_info (&info));
      ck_assert_uint_eq (info.n_lps, 3);
      ck_assert_uint_eq (info.n_cut_links, 2);
    }
  return g_string_free (out, FALSE);
}

/* Each scenario on 2, 3, 4 and 8 threads, each twice, reports what it
 * reports sequentially, XML file included, byte for byte. */
START_TEST (test_flow_monitor_threads)
{
  static void (*const scenarios[]) (GString *) = {
    scenario_echo,    scenario_drops,           scenario_ends_only,
    scenario_corrupt, scenario_on_the_wire_2ms, scenario_on_the_wire_3ms,
  };
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  g_autofree gchar *sequential = run_scenario (scenarios[_i], NULL);

  ck_assert_ptr_nonnull (strstr (sequential, "<FlowProbes>"));
  for (guint t = 0; t < 2 * G_N_ELEMENTS (threads); t++)
    {
      g_autofree gchar *parallel
          = run_scenario (scenarios[_i], threads[t % G_N_ELEMENTS (threads)]);

      ck_assert_str_eq (parallel, sequential);
    }
}
END_TEST

/* The figures of packets on the wire, as scenario_on_the_wire() works
 * them out, on threads (and sequentially: test_flow_monitor_threads). */
START_TEST (test_flow_monitor_lost_on_the_wire)
{
  g_autofree gchar *two = run_scenario (scenario_on_the_wire_2ms, "2");
  g_autofree gchar *three = run_scenario (scenario_on_the_wire_3ms, "2");
  gchar **lines;

  lines = g_strsplit (two, "\n", 4);
  ck_assert (g_str_has_prefix (lines[0], "flow 1: ports 5000>9 tx 1/998 rx "
                                         "0/0 lost 1 forwarded 0"));
  ck_assert (g_str_has_prefix (lines[1], "flow 1: ports 5000>9 tx 3/1994 rx "
                                         "0/0 lost 3 forwarded 0"));
  g_strfreev (lines);
  lines = g_strsplit (three, "\n", 4);
  ck_assert (g_str_has_prefix (lines[0], "flow 1: ports 5000>9 tx 1/998 rx "
                                         "0/0 lost 0 forwarded 0"));
  ck_assert (g_str_has_prefix (lines[1], "flow 1: ports 5000>9 tx 3/1994 rx "
                                         "0/0 lost 1 forwarded 0"));
  ck_assert (g_str_has_prefix (lines[3], "flow 1: ports 5000>9 tx 3/1994 rx "
                                         "0/0 lost 3 forwarded 0"));
  g_strfreev (lines);
}
END_TEST

START_TEST (test_flow_monitor_bad_arguments)
{
  CnsFlowMonitor *monitor = cns_flow_monitor_helper_get_monitor (helper);
  const guint32 *counts = NULL;

  CNS_TEST_EXPECT_CRITICAL (
      "*no flow 0*",
      ck_assert_ptr_null (cns_flow_monitor_get_stats (monitor, 0)));
  CNS_TEST_EXPECT_CRITICAL (
      "*no flow 1 (the flow ids are 1 to 0)*",
      ck_assert_ptr_null (cns_flow_monitor_get_five_tuple (monitor, 1)));
  CNS_TEST_EXPECT_CRITICAL (
      "*no flow 1*",
      ck_assert_uint_eq (
          cns_flow_monitor_get_delay_histogram (monitor, 1, &counts), 0));
  CNS_TEST_EXPECT_CRITICAL (
      "*no flow 3*", ck_assert_uint_eq (cns_flow_monitor_get_packets_dropped (
                                            monitor, 3, CNS_FLOW_DROP_QUEUE),
                                        0));
  CNS_TEST_EXPECT_CRITICAL (
      "*reason*",
      cns_flow_monitor_get_bytes_dropped (monitor, 1, CNS_FLOW_N_DROP_REASONS));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_FLOW_MONITOR*",
                            cns_flow_monitor_get_n_flows (NULL));
  CNS_TEST_EXPECT_CRITICAL (
      "*path != NULL*",
      cns_flow_monitor_write_xml (monitor, NULL, FALSE, FALSE, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_NODE*",
                            cns_flow_monitor_add_node (monitor, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*nodes != NULL*",
                            cns_flow_monitor_helper_install (helper, NULL));
}
END_TEST

Suite *
test_flow_monitor_suite (void)
{
  Suite *s = suite_create ("flow-monitor");
  TCase *tc = tcase_create ("flow-monitor");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_flow_monitor_udp_echo);
  tcase_add_test (tc, test_flow_monitor_delay_histogram);
  tcase_add_test (tc, test_flow_monitor_bin_width_attribute);
  tcase_add_test (tc, test_flow_monitor_config_default);
  tcase_add_test (tc, test_flow_monitor_install_some);
  tcase_add_test (tc, test_flow_monitor_source_classifies);
  tcase_add_test (tc, test_flow_monitor_two_monitors);
  tcase_add_test (tc, test_flow_monitor_drops);
  tcase_add_test (tc, test_flow_monitor_lost_packets);
  tcase_add_test (tc, test_flow_monitor_lost_while_running);
  tcase_add_test (tc, test_flow_monitor_xml);
  tcase_add_test (tc, test_flow_monitor_xml_time_format);
  tcase_add_test (tc, test_flow_monitor_xml_errors);
  tcase_add_test (tc, test_flow_monitor_without_probe_statistics);
  tcase_add_test (tc, test_flow_monitor_connects_nothing_unless_installed);
  tcase_add_test (tc, test_flow_monitor_ignores_broadcast_and_other_protocols);
  tcase_add_test (tc, test_flow_monitor_canonical_ids);
  tcase_add_test (tc, test_flow_monitor_lost_when_seen_late);
  tcase_add_test (tc, test_flow_monitor_merge_tables);
  tcase_add_test (tc, test_flow_monitor_bad_arguments);
  suite_add_tcase (s, tc);
  tc = tcase_create ("flow-monitor-threads");
  tcase_set_tags (tc, "threads");
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_loop_test (tc, test_flow_monitor_threads, 0, 6);
  tcase_add_test (tc, test_flow_monitor_lost_on_the_wire);
  suite_add_tcase (s, tc);
  return s;
}
