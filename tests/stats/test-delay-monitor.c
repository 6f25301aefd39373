/* cns — tests of the delay monitor.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The scenario is the flow monitor's line A—R—B (10.1.1.1, R, 10.1.2.2;
 * static routes) with 8 Mb/s links, 2 ms from A to R and 3 ms from R to
 * B: a datagram of 970 bytes (998 with its headers, a 1000-byte frame)
 * goes from A to B in 1 + 2 + 1 + 3 = 7 ms, one of 470 bytes in 6 ms. A
 * socket on A sends 970, 470 and 970 bytes to a packet sink on B's port 9
 * at 1, 1.5 and 2 s.
 */
#include "applications/cns-applications.h"
#include "internet/ipv4-fixtures.h"
#include "internet/socket-double.h"
#include "stats/suites.h"
#include "stats/cns-stats.h"

static Line line;
static CnsPacketSink *sink;
static CnsSocket *socket_a;

/* The scenario, run sequentially when @threads is NULL, or on that many
 * threads with A, R and B each a logical process of its own. */
static void
setup_threads (const gchar *threads)
{
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress any;
  CnsAddress local;

  cns_test_reset ();
  if (threads != NULL)
    {
      ck_assert (cns_global_value_set ("Threads", threads, &error));
      ck_assert (cns_global_value_set ("PartitionThreshold", "1ms", &error));
    }
  line_build (&line, "8Mbps", "2ms", "8Mbps", "3ms");
  line_install_udp (&line);
  sink = cns_packet_sink_new ();
  g_object_set (sink, "protocol", CNS_TYPE_UDP_SOCKET_FACTORY, NULL);
  ck_assert (cns_inet_socket_address_parse ("0.0.0.0:9", &any, &error));
  cns_packet_sink_set_local (sink, &any);
  cns_application_install (CNS_APPLICATION (sink), line.b.node);
  socket_a = cns_socket_create (line.a.node, CNS_TYPE_UDP_SOCKET_FACTORY);
  test_inet_address ("0.0.0.0:5000", &local);
  ck_assert (cns_socket_bind (socket_a, &local, &error));
}

static void
setup (void)
{
  setup_threads (NULL);
}

static void
teardown (void)
{
  g_clear_object (&socket_a);
  g_clear_object (&sink);
  line_clear (&line);
  fixtures_teardown ();
}

static void
send_run (gpointer obj, gpointer data)
{
  CnsAddress to;

  test_inet_address ("10.1.2.2:9", &to);
  ck_assert_int_ge (
      cns_socket_send_to (socket_a, cns_packet_new (GPOINTER_TO_UINT (data)), 0,
                          &to),
      0);
}

/* A's socket sends 970, 470 and 970 bytes at 1, 1.5 and 2 s; runs. */
static void
run_three_datagrams (void)
{
  static const struct
  {
    gdouble at;
    guint size;
  } sends[] = { { 1, 970 }, { 1.5, 470 }, { 2, 970 } };

  for (guint i = 0; i < G_N_ELEMENTS (sends); i++)
    cns_simulator_schedule_with_context (
        cns_node_get_id (line.a.node), cns_seconds (sends[i].at), send_run,
        NULL, GUINT_TO_POINTER (sends[i].size));
  cns_simulator_run ();
}

/* A monitor of A's sends and the sink (flow @flow, group 1), counting
 * R's transmissions towards B. */
static CnsDelayMonitor *
monitor_new (guint32 flow)
{
  CnsDelayMonitor *monitor = cns_delay_monitor_new ();
  g_autoptr (GError) error = NULL;

  ck_assert (cns_delay_monitor_add_source (monitor, line.a.node, &error));
  ck_assert (cns_delay_monitor_add_sink (monitor, CNS_APPLICATION (sink), flow,
                                         1, &error));
  ck_assert (cns_delay_monitor_count_transmissions (
      monitor, cns_net_device_container_get (line.rb, 0), &error));
  g_assert_no_error (error);
  return monitor;
}

/* The middle of the histogram bin of @ns, in seconds: 1,024 bins per
 * power of two, so bins of 4,096 ns between 2^22 and 2^23 ns. */
static gdouble
bin_middle_s (guint64 ns)
{
  guint64 low = ns / 4096 * 4096;

  return (low + 4095 / 2.0) / 1e9;
}

START_TEST (test_counts_and_delays)
{
  g_autoptr (CnsDelayMonitor) monitor = monitor_new (5);

  run_three_datagrams ();
  ck_assert_uint_eq (cns_delay_monitor_get_tx_packets (monitor), 3);
  ck_assert_uint_eq (cns_delay_monitor_get_tx_bytes (monitor), 2410);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_packets (monitor), 3);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes (monitor), 2410);
  ck_assert_uint_eq (cns_delay_monitor_get_delay_samples (monitor), 3);
  ck_assert_uint_eq (cns_delay_monitor_get_transmissions (monitor), 3);
  /* 7 + 6 + 7 ms: the exact sum over the samples */
  ck_assert_double_eq (cns_delay_monitor_get_delay_mean (monitor),
                       20e9 / 3 / 1e12);
  /* the 99th and the 50th percentile: the second and third samples in
   * delay order are 7 ms; the first third, 6 ms */
  ck_assert_double_eq (cns_delay_monitor_get_delay_percentile (monitor, 0.99),
                       bin_middle_s (7000000));
  ck_assert_double_eq (cns_delay_monitor_get_delay_percentile (monitor, 0.5),
                       bin_middle_s (7000000));
  ck_assert_double_eq (cns_delay_monitor_get_delay_percentile (monitor, 0.3),
                       bin_middle_s (6000000));
  /* merging on one process changes nothing */
  cns_delay_monitor_merge_ranks (monitor);
  ck_assert_uint_eq (cns_delay_monitor_get_tx_packets (monitor), 3);
  ck_assert_uint_eq (cns_delay_monitor_get_delay_samples (monitor), 3);
}
END_TEST

START_TEST (test_histogram_bins)
{
  g_autoptr (CnsDelayMonitor) monitor = monitor_new (5);
  guint64 total = 0, low, width;
  guint n = cns_delay_monitor_get_n_delay_bins (monitor);

  run_three_datagrams ();
  for (guint b = 0; b < n; b++)
    {
      guint64 count
          = cns_delay_monitor_get_delay_bin (monitor, b, &low, &width);

      if (count == 0)
        continue;
      total += count;
      /* 6 ms alone in its bin, the two 7 ms in theirs */
      ck_assert_uint_eq (width, 4096);
      if (low <= 6000000 && 6000000 < low + width)
        ck_assert_uint_eq (count, 1);
      else
        {
          ck_assert (low <= 7000000 && 7000000 < low + width);
          ck_assert_uint_eq (count, 2);
        }
    }
  ck_assert_uint_eq (total, 3);
  /* below 2,048 ns the bins are exact */
  ck_assert_uint_eq (
      cns_delay_monitor_get_delay_bin (monitor, 1000, &low, &width), 0);
  ck_assert_uint_eq (low, 1000);
  ck_assert_uint_eq (width, 1);
}
END_TEST

START_TEST (test_rx_bins)
{
  g_autoptr (CnsDelayMonitor) monitor = monitor_new (5);

  cns_delay_monitor_set_rx_bins (monitor, 2, 3);
  run_three_datagrams ();
  /* arrivals at 1.007, 1.506 and 2.007 s, all into group 1 */
  ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 1, 0), 0);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 1, 1),
                     970 + 470);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 1, 2),
                     970);
  for (guint bin = 0; bin < 3; bin++)
    ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 0, bin),
                       0);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 2, 1), 0);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 1, 3), 0);
}
END_TEST

/* The checksum of a run with the sink's flow number @flow. */
static guint64
checksum_of_run (guint32 flow)
{
  g_autoptr (CnsDelayMonitor) monitor = NULL;
  guint64 checksum;

  setup ();
  monitor = monitor_new (flow);
  run_three_datagrams ();
  checksum = cns_delay_monitor_get_delay_checksum (monitor);
  g_clear_object (&monitor);
  teardown ();
  return checksum;
}

START_TEST (test_checksum)
{
  guint64 a, again, other;

  /* the fixture's scenario is not used: each run builds its own */
  teardown ();
  a = checksum_of_run (5);
  again = checksum_of_run (5);
  other = checksum_of_run (6);
  setup ();
  ck_assert_uint_ne (a, 0);
  ck_assert_uint_eq (a, again);
  ck_assert_uint_ne (a, other);
}
END_TEST

/* On threads the sources, the sink and R count on the threads that run
 * them; the getters give the sequential figures, and the checksum is the
 * sequential run's. */
START_TEST (test_threads)
{
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  guint64 sequential;

  teardown ();
  sequential = checksum_of_run (5);
  setup ();
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_autoptr (CnsDelayMonitor) monitor = NULL;
      CnsPartitionInfo info;

      teardown ();
      setup_threads (threads[i]);
      monitor = monitor_new (5);
      cns_delay_monitor_set_rx_bins (monitor, 2, 3);
      run_three_datagrams ();
      ck_assert (cns_simulator_get_partition_info (&info));
      ck_assert_uint_eq (info.n_lps, 3);
      ck_assert_uint_eq (cns_delay_monitor_get_tx_packets (monitor), 3);
      ck_assert_uint_eq (cns_delay_monitor_get_tx_bytes (monitor), 2410);
      ck_assert_uint_eq (cns_delay_monitor_get_rx_packets (monitor), 3);
      ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes (monitor), 2410);
      ck_assert_uint_eq (cns_delay_monitor_get_transmissions (monitor), 3);
      ck_assert_double_eq (cns_delay_monitor_get_delay_mean (monitor),
                           20e9 / 3 / 1e12);
      ck_assert_double_eq (
          cns_delay_monitor_get_delay_percentile (monitor, 0.3),
          bin_middle_s (6000000));
      ck_assert_double_eq (
          cns_delay_monitor_get_delay_percentile (monitor, 0.5),
          bin_middle_s (7000000));
      ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 1, 1),
                         970 + 470);
      ck_assert_uint_eq (cns_delay_monitor_get_rx_bytes_in_bin (monitor, 1, 2),
                         970);
      ck_assert_uint_eq (cns_delay_monitor_get_delay_checksum (monitor),
                         sequential);
      /* read again: the threads' counts were added up once */
      ck_assert_uint_eq (cns_delay_monitor_get_rx_packets (monitor), 3);
      ck_assert_uint_eq (cns_delay_monitor_get_delay_checksum (monitor),
                         sequential);
    }
}
END_TEST

START_TEST (test_untraced_source)
{
  g_autoptr (CnsDelayMonitor) monitor = cns_delay_monitor_new ();
  g_autoptr (GError) error = NULL;

  /* the sink alone: packets counted, no send time, so no delay */
  ck_assert (cns_delay_monitor_add_sink (monitor, CNS_APPLICATION (sink), 1, 0,
                                         &error));
  run_three_datagrams ();
  ck_assert_uint_eq (cns_delay_monitor_get_tx_packets (monitor), 0);
  ck_assert_uint_eq (cns_delay_monitor_get_rx_packets (monitor), 3);
  ck_assert_uint_eq (cns_delay_monitor_get_delay_samples (monitor), 0);
  ck_assert_double_eq (cns_delay_monitor_get_delay_mean (monitor), 0);
  ck_assert_double_eq (cns_delay_monitor_get_delay_percentile (monitor, 0.99),
                       0);
  ck_assert_uint_eq (cns_delay_monitor_get_delay_checksum (monitor), 0);
}
END_TEST

START_TEST (test_disconnects_when_finalized)
{
  CnsDelayMonitor *monitor = monitor_new (5);

  /* a monitor gone before the run leaves no callback behind */
  g_object_unref (monitor);
  run_three_datagrams ();
  ck_assert_uint_eq (cns_packet_sink_get_total_rx (sink), 2410);
}
END_TEST

START_TEST (test_errors)
{
  g_autoptr (CnsDelayMonitor) monitor = cns_delay_monitor_new ();
  g_autoptr (CnsNode) bare = cns_node_new ();
  g_autoptr (CnsOnOffApplication) on_off = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;

  ck_assert (!cns_delay_monitor_add_source (monitor, bare, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  ck_assert_ptr_nonnull (strstr (error->message, "no internet stack"));
  g_clear_error (&error);
  ck_assert (!cns_delay_monitor_add_sink (monitor, CNS_APPLICATION (on_off), 1,
                                          0, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  ck_assert_ptr_nonnull (strstr (error->message, "'Rx'"));
}
END_TEST

Suite *
test_delay_monitor_suite (void)
{
  Suite *s = suite_create ("delay-monitor");
  TCase *tc = tcase_create ("delay-monitor");
  TCase *threads;

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_counts_and_delays);
  tcase_add_test (tc, test_histogram_bins);
  tcase_add_test (tc, test_rx_bins);
  tcase_add_test (tc, test_checksum);
  tcase_add_test (tc, test_untraced_source);
  tcase_add_test (tc, test_disconnects_when_finalized);
  tcase_add_test (tc, test_errors);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_checked_fixture (threads, setup, teardown);
  tcase_add_test (threads, test_threads);
  suite_add_tcase (s, threads);
  return s;
}
