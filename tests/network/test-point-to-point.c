/* cns — tests of point-to-point devices, channels and the helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <string.h>

#define TEST_PROTOCOL 0x88b5 /* IEEE local experimental EtherType */

/* Two nodes joined by one link; node 1 records what it receives. */
typedef struct
{
  CnsNode *a, *b;
  CnsNetDeviceContainer *devices;
  CnsNetDevice *dev_a, *dev_b;
  GArray *rx_times; /* CnsTime */
  GArray *rx_sizes; /* guint32 */
} Link;

static Link link_;

static void
record_rx (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
           const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
           gpointer user_data)
{
  CnsTime now = cns_simulator_now ();
  guint32 size = cns_packet_get_size (packet);

  ck_assert_uint_eq (protocol, TEST_PROTOCOL);
  ck_assert_int_eq (type, CNS_PACKET_HOST);
  g_array_append_val (link_.rx_times, now);
  g_array_append_val (link_.rx_sizes, size);
  cns_packet_unref (packet);
}

static void
link_build (const gchar *rate, const gchar *delay, const gchar *queue)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();

  ck_assert (cns_point_to_point_helper_set_device_attribute (helper, "DataRate",
                                                             rate, &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (helper, "Delay",
                                                              delay, &error));
  if (queue != NULL)
    ck_assert (cns_point_to_point_helper_set_queue_attribute (helper, "MaxSize",
                                                              queue, &error));
  link_.a = cns_node_new ();
  link_.b = cns_node_new ();
  link_.devices = cns_point_to_point_helper_install (helper, link_.a, link_.b);
  link_.dev_a = cns_net_device_container_get (link_.devices, 0);
  link_.dev_b = cns_net_device_container_get (link_.devices, 1);
  link_.rx_times = g_array_new (FALSE, FALSE, sizeof (CnsTime));
  link_.rx_sizes = g_array_new (FALSE, FALSE, sizeof (guint32));
  cns_node_register_protocol_handler (link_.b, record_rx, NULL, 0, NULL, FALSE);
}

static void
link_teardown (void)
{
  if (link_.devices != NULL)
    {
      cns_net_device_container_unref (link_.devices);
      g_object_unref (link_.a);
      g_object_unref (link_.b);
      g_array_unref (link_.rx_times);
      g_array_unref (link_.rx_sizes);
    }
  memset (&link_, 0, sizeof link_);
  cns_test_reset ();
}

static void
send_event (gpointer obj, gpointer data)
{
  CnsAddress dest;

  cns_net_device_get_broadcast (obj, &dest);
  cns_net_device_send (obj, cns_packet_new (GPOINTER_TO_UINT (data)), &dest,
                       TEST_PROTOCOL);
}

static void
send_at (CnsNetDevice *device, CnsTime when, guint32 size)
{
  cns_simulator_schedule_with_context (
      cns_node_get_id (cns_net_device_get_node (device)), when, send_event,
      device, GUINT_TO_POINTER (size));
}

START_TEST (test_p2p_arrival_time)
{
  link_build ("8Mbps", "2ms", NULL);
  send_at (link_.dev_a, 0, 1000);
  cns_simulator_run ();
  /* 1002 bytes (1000 + PPP) at 8 Mbps take 1.002 ms; then 2 ms of wire */
  ck_assert_uint_eq (link_.rx_times->len, 1);
  ck_assert_int_eq (g_array_index (link_.rx_times, CnsTime, 0),
                    cns_micro_seconds (1002) + cns_milli_seconds (2));
  /* the PPP header was removed */
  ck_assert_uint_eq (g_array_index (link_.rx_sizes, guint32, 0), 1000);
}
END_TEST

typedef struct
{
  GArray *begin;
  GArray *end;
} TxTimes;

static void
on_phy_tx_begin (gpointer source, CnsPacket *packet, gpointer user_data)
{
  CnsTime now = cns_simulator_now ();

  g_array_append_val (((TxTimes *) user_data)->begin, now);
}

static void
on_phy_tx_end (gpointer source, CnsPacket *packet, gpointer user_data)
{
  CnsTime now = cns_simulator_now ();

  g_array_append_val (((TxTimes *) user_data)->end, now);
}

START_TEST (test_p2p_back_to_back)
{
  g_autoptr (GError) error = NULL;
  TxTimes tx = { g_array_new (FALSE, FALSE, sizeof (CnsTime)),
                 g_array_new (FALSE, FALSE, sizeof (CnsTime)) };

  link_build ("8Mbps", "2ms", NULL);
  ck_assert (cns_trace_connect (link_.dev_a, "PhyTxBegin",
                                G_CALLBACK (on_phy_tx_begin), &tx, &error));
  ck_assert (cns_trace_connect (link_.dev_a, "PhyTxEnd",
                                G_CALLBACK (on_phy_tx_end), &tx, &error));
  /* three packets at once: the transmitter sends them one after another */
  for (int i = 0; i < 3; i++)
    send_at (link_.dev_a, 0, 1000);
  cns_simulator_run ();
  ck_assert_uint_eq (link_.rx_times->len, 3);
  for (int i = 0; i < 3; i++)
    {
      CnsTime start = i * cns_micro_seconds (1002);

      ck_assert_int_eq (g_array_index (tx.begin, CnsTime, i), start);
      ck_assert_int_eq (g_array_index (tx.end, CnsTime, i),
                        start + cns_micro_seconds (1002));
      ck_assert_int_eq (g_array_index (link_.rx_times, CnsTime, i),
                        start + cns_micro_seconds (1002)
                            + cns_milli_seconds (2));
    }
  g_array_unref (tx.begin);
  g_array_unref (tx.end);
}
END_TEST

START_TEST (test_p2p_interframe_gap_and_exact_rates)
{
  g_autoptr (GError) error = NULL;

  link_build ("3Mbps", "0s", NULL);
  ck_assert (cns_attribute_set (link_.dev_a, "InterframeGap", "10us", &error));
  send_at (link_.dev_a, 0, 498);
  send_at (link_.dev_a, 0, 498);
  cns_simulator_run ();
  /* 500 bytes at 3 Mbps: 4000 / 3e6 s = 1333333.33 ns -> 1333333333 ps */
  ck_assert_int_eq (g_array_index (link_.rx_times, CnsTime, 0), 1333333333);
  ck_assert_int_eq (g_array_index (link_.rx_times, CnsTime, 1),
                    1333333333 + cns_micro_seconds (10) + 1333333333);
}
END_TEST

typedef struct
{
  guint mac_tx, mac_tx_drop, queue_drop, phy_rx_drop, mac_rx, phy_rx_end;
  guint sniffer_a, sniffer_b;
} P2pCounts;

#define COUNTER(name, field)                                                \
  static void name (gpointer source, CnsPacket *packet, gpointer user_data) \
  {                                                                         \
    ((P2pCounts *) user_data)->field++;                                     \
  }
COUNTER (count_mac_tx, mac_tx)
COUNTER (count_mac_tx_drop, mac_tx_drop)
COUNTER (count_queue_drop, queue_drop)
COUNTER (count_phy_rx_drop, phy_rx_drop)
COUNTER (count_mac_rx, mac_rx)
COUNTER (count_phy_rx_end, phy_rx_end)
COUNTER (count_sniffer_a, sniffer_a)
COUNTER (count_sniffer_b, sniffer_b)
#undef COUNTER

static void
connect_counters (P2pCounts *c)
{
  g_autoptr (GError) error = NULL;

  ck_assert (cns_config_connect ("/NodeList/0/DeviceList/0/MacTx",
                                 G_CALLBACK (count_mac_tx), c, &error));
  ck_assert (cns_config_connect ("/NodeList/0/DeviceList/0/MacTxDrop",
                                 G_CALLBACK (count_mac_tx_drop), c, &error));
  ck_assert (cns_config_connect (
      "/NodeList/0/DeviceList/0/$CnsPointToPointNetDevice/TxQueue/Drop",
      G_CALLBACK (count_queue_drop), c, &error));
  ck_assert (cns_config_connect ("/NodeList/1/DeviceList/0/PhyRxDrop",
                                 G_CALLBACK (count_phy_rx_drop), c, &error));
  ck_assert (cns_config_connect ("/NodeList/1/DeviceList/0/MacRx",
                                 G_CALLBACK (count_mac_rx), c, &error));
  ck_assert (cns_config_connect ("/NodeList/1/DeviceList/0/PhyRxEnd",
                                 G_CALLBACK (count_phy_rx_end), c, &error));
  ck_assert (cns_config_connect ("/NodeList/0/DeviceList/0/Sniffer",
                                 G_CALLBACK (count_sniffer_a), c, &error));
  ck_assert (cns_config_connect ("/NodeList/1/DeviceList/0/PromiscSniffer",
                                 G_CALLBACK (count_sniffer_b), c, &error));
}

START_TEST (test_p2p_full_queue_drops_and_traces)
{
  P2pCounts c = { 0 };
  CnsQueue *queue;

  link_build ("8Mbps", "1ms", "2p");
  connect_counters (&c);
  /* one goes on the wire at once, two wait, two do not fit */
  for (int i = 0; i < 5; i++)
    send_at (link_.dev_a, 0, 100);
  cns_simulator_run ();
  queue = cns_point_to_point_net_device_get_queue (
      CNS_POINT_TO_POINT_NET_DEVICE (link_.dev_a));
  ck_assert_uint_eq (c.mac_tx, 5);
  ck_assert_uint_eq (c.queue_drop, 2);
  ck_assert_uint_eq (c.mac_tx_drop, 2);
  ck_assert_uint_eq (cns_queue_get_total_dropped_packets (queue), 2);
  ck_assert_uint_eq (c.phy_rx_end, 3);
  ck_assert_uint_eq (c.mac_rx, 3);
  ck_assert_uint_eq (c.sniffer_a, 3);
  ck_assert_uint_eq (c.sniffer_b, 3);
  ck_assert_uint_eq (link_.rx_times->len, 3);
}
END_TEST

static void
count_event (gpointer source, CnsPacket *packet, gpointer user_data)
{
  (*(guint *) user_data)++;
}

/* Frames that find the transmitter idle and the queue empty skip the
 * queue's ring; they must count in its statistics, and fire its trace
 * sources, exactly as when they went through it. Sends 100 and 200 bytes
 * to an idle device, then 300 and 400 at once (the second waits), with
 * the queue's traces connected (@traced) or not. */
static void
check_queue_statistics (gboolean traced)
{
  P2pCounts c = { 0 };
  guint enqueued = 0, dequeued = 0;
  g_autoptr (GError) error = NULL;
  CnsQueue *queue;

  link_build ("8Mbps", "1ms", "3p");
  queue = cns_point_to_point_net_device_get_queue (
      CNS_POINT_TO_POINT_NET_DEVICE (link_.dev_a));
  ck_assert (cns_trace_connect (link_.dev_a, "MacTx", G_CALLBACK (count_mac_tx),
                                &c, &error));
  if (traced)
    {
      ck_assert (cns_trace_connect (queue, "Enqueue", G_CALLBACK (count_event),
                                    &enqueued, &error));
      ck_assert (cns_trace_connect (queue, "Dequeue", G_CALLBACK (count_event),
                                    &dequeued, &error));
    }
  send_at (link_.dev_a, 0, 100);
  send_at (link_.dev_a, cns_milli_seconds (10), 200);
  send_at (link_.dev_a, cns_milli_seconds (20), 300);
  send_at (link_.dev_a, cns_milli_seconds (20), 400);
  cns_simulator_run ();
  ck_assert_uint_eq (c.mac_tx, 4);
  ck_assert_uint_eq (enqueued, traced ? 4 : 0);
  ck_assert_uint_eq (dequeued, traced ? 4 : 0);
  /* sizes with the 2-byte PPP header */
  ck_assert_uint_eq (cns_queue_get_total_received_packets (queue), 4);
  ck_assert_uint_eq (cns_queue_get_total_received_bytes (queue), 1008);
  ck_assert_uint_eq (cns_queue_get_total_dropped_packets (queue), 0);
  ck_assert_uint_eq (cns_queue_get_total_dropped_bytes (queue), 0);
  ck_assert_uint_eq (cns_queue_get_n_packets (queue), 0);
  ck_assert_uint_eq (cns_queue_get_n_bytes (queue), 0);
  ck_assert_uint_eq (link_.rx_times->len, 4);
  ck_assert_int_eq (g_array_index (link_.rx_times, CnsTime, 3),
                    cns_milli_seconds (20) + cns_micro_seconds (302 + 402)
                        + cns_milli_seconds (1));
}

START_TEST (test_p2p_idle_send_queue_statistics)
{
  check_queue_statistics (FALSE);
}
END_TEST

START_TEST (test_p2p_idle_send_queue_traces)
{
  check_queue_statistics (TRUE);
}
END_TEST

/* A queue too small for a frame drops it even though the transmitter is
 * idle: in packets (size 0) and in bytes. */
START_TEST (test_p2p_queue_too_small_drops)
{
  const gchar *sizes[] = { "0p", "101B" };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      P2pCounts c = { 0 };
      g_autoptr (GError) error = NULL;
      CnsQueue *queue;

      link_build ("8Mbps", "1ms", sizes[i]);
      queue = cns_point_to_point_net_device_get_queue (
          CNS_POINT_TO_POINT_NET_DEVICE (link_.dev_a));
      ck_assert (cns_trace_connect (link_.dev_a, "MacTxDrop",
                                    G_CALLBACK (count_mac_tx_drop), &c,
                                    &error));
      send_at (link_.dev_a, 0, 100);
      cns_simulator_run ();
      ck_assert_uint_eq (c.mac_tx_drop, 1);
      ck_assert_uint_eq (cns_queue_get_total_received_packets (queue), 0);
      ck_assert_uint_eq (cns_queue_get_total_dropped_packets (queue), 1);
      ck_assert_uint_eq (cns_queue_get_total_dropped_bytes (queue), 102);
      ck_assert_uint_eq (link_.rx_times->len, 0);
      link_teardown ();
    }
}
END_TEST

/* Marks the 200-byte packet corrupt as it is sent. */
static void
mark_200_bytes (gpointer source, CnsPacket *packet, gpointer user_data)
{
  if (cns_packet_get_size (packet) == 202)
    cns_list_error_model_add_uid (user_data, cns_packet_get_uid (packet));
}

START_TEST (test_p2p_receive_error_model)
{
  P2pCounts c = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsErrorModel) model = cns_list_error_model_new ();

  link_build ("8Mbps", "1ms", NULL);
  connect_counters (&c);
  cns_point_to_point_net_device_set_receive_error_model (
      CNS_POINT_TO_POINT_NET_DEVICE (link_.dev_b), model);
  ck_assert (cns_trace_connect (link_.dev_a, "MacTx",
                                G_CALLBACK (mark_200_bytes), model, &error));
  send_at (link_.dev_a, 0, 100);
  send_at (link_.dev_a, 0, 200);
  cns_simulator_run ();
  ck_assert_uint_eq (c.phy_rx_drop, 1);
  ck_assert_uint_eq (c.phy_rx_end, 1);
  ck_assert_uint_eq (link_.rx_times->len, 1);
  ck_assert_uint_eq (g_array_index (link_.rx_sizes, guint32, 0), 100);
}
END_TEST

START_TEST (test_p2p_link_down_drops)
{
  P2pCounts c = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointNetDevice) lonely
      = cns_point_to_point_net_device_new ();
  g_autoptr (CnsNode) node = cns_node_new ();
  CnsAddress dest = { 0 };

  cns_node_add_device (node, CNS_NET_DEVICE (lonely));
  ck_assert (!cns_net_device_is_link_up (CNS_NET_DEVICE (lonely)));
  ck_assert (cns_trace_connect (lonely, "MacTxDrop",
                                G_CALLBACK (count_mac_tx_drop), &c, &error));
  ck_assert (!cns_net_device_send (CNS_NET_DEVICE (lonely), cns_packet_new (10),
                                   &dest, 0x800));
  ck_assert_uint_eq (c.mac_tx_drop, 1);
}
END_TEST

static void
on_link_changed (gpointer source, gboolean up, gpointer user_data)
{
  (*(guint *) user_data)++;
}

START_TEST (test_p2p_attach_and_link_up)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointNetDevice) a = cns_point_to_point_net_device_new ();
  g_autoptr (CnsPointToPointNetDevice) b = cns_point_to_point_net_device_new ();
  g_autoptr (CnsPointToPointNetDevice) c = cns_point_to_point_net_device_new ();
  g_autoptr (CnsPointToPointChannel) ch = cns_point_to_point_channel_new ();
  guint changes = 0;

  ck_assert (cns_trace_connect (a, "LinkChanged", G_CALLBACK (on_link_changed),
                                &changes, &error));
  ck_assert (cns_point_to_point_net_device_attach (a, ch));
  ck_assert (!cns_net_device_is_link_up (CNS_NET_DEVICE (a)));
  ck_assert (!cns_point_to_point_net_device_attach (a, ch));
  ck_assert (cns_point_to_point_net_device_attach (b, ch));
  ck_assert (cns_net_device_is_link_up (CNS_NET_DEVICE (a)));
  ck_assert (cns_net_device_is_link_up (CNS_NET_DEVICE (b)));
  ck_assert_uint_eq (changes, 1);
  ck_assert (!cns_point_to_point_net_device_attach (c, ch));
  ck_assert_uint_eq (cns_channel_get_n_devices (CNS_CHANNEL (ch)), 2);
  ck_assert_ptr_eq (cns_channel_get_device (CNS_CHANNEL (ch), 1), b);
  ck_assert_ptr_eq (cns_point_to_point_channel_get_peer (ch, a), b);
  ck_assert_ptr_eq (cns_net_device_get_channel (CNS_NET_DEVICE (b)), ch);
  ck_assert (cns_net_device_is_point_to_point (CNS_NET_DEVICE (a)));
  cns_object_dispose (CNS_OBJECT (ch));
  cns_object_dispose (CNS_OBJECT (a));
  cns_object_dispose (CNS_OBJECT (b));
}
END_TEST

START_TEST (test_p2p_attributes_and_defaults)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autofree gchar *rate = NULL;
  CnsPointToPointNetDevice *dev;

  /* ns-3's defaults */
  link_build ("32768bps", "0s", NULL);
  dev = CNS_POINT_TO_POINT_NET_DEVICE (link_.dev_a);
  ck_assert_uint_eq (cns_net_device_get_mtu (link_.dev_a), 1500);

  ck_assert (cns_config_set_default ("CnsPointToPointNetDevice::DataRate",
                                     "1Mbps", &error));
  ck_assert (
      cns_config_set_default ("CnsPointToPointChannel::Delay", "5ms", &error));
  {
    g_autoptr (CnsNode) x = cns_node_new ();
    g_autoptr (CnsNode) y = cns_node_new ();
    g_autoptr (CnsNetDeviceContainer) d
        = cns_point_to_point_helper_install (helper, x, y);
    CnsNetDevice *dx = cns_net_device_container_get (d, 0);

    rate = cns_attribute_get (dx, "DataRate", &error);
    ck_assert_str_eq (rate, "1Mbps");
    ck_assert_int_eq (
        cns_point_to_point_channel_get_delay (
            CNS_POINT_TO_POINT_CHANNEL (cns_net_device_get_channel (dx))),
        cns_milli_seconds (5));
  }

  /* config paths reach every device and its queue */
  ck_assert (cns_config_set ("/NodeList/*/DeviceList/*/"
                             "$CnsPointToPointNetDevice/DataRate",
                             "2Gbps", &error));
  ck_assert_uint_eq (cns_point_to_point_net_device_get_data_rate (dev),
                     2000000000);
  ck_assert (cns_config_set ("/NodeList/0/DeviceList/0/TxQueue/MaxSize", "10p",
                             &error));
  ck_assert (cns_config_set ("/ChannelList/0/Delay", "7us", &error));

  /* helper errors name what is wrong */
  ck_assert (!cns_point_to_point_helper_set_device_attribute (helper, "DataRat",
                                                              "1Mbps", &error));
  ck_assert_str_eq (error->message,
                    "CnsPointToPointNetDevice has no attribute 'DataRat' (see "
                    "--PrintAttributes=CnsPointToPointNetDevice)");
  g_clear_error (&error);
  ck_assert (!cns_point_to_point_helper_set_device_attribute (
      helper, "DataRate", "0bps", &error));
  ck_assert_str_eq (error->message,
                    "CnsPointToPointNetDevice::DataRate: '0bps' is out of "
                    "range (accepted: 1bps to 18446744.073709551615Tbps)");
  g_clear_error (&error);
  ck_assert (!cns_point_to_point_helper_set_queue (helper, "Fifo", &error));
  ck_assert_msg (strstr (error->message, "unknown type 'Fifo' for a CnsQueue "
                                         "(accepted: DropTail")
                     != NULL,
                 "%s", error->message);
  g_clear_error (&error);
  ck_assert (cns_point_to_point_helper_set_queue (helper, "DropTail", &error));
}
END_TEST

START_TEST (test_p2p_addresses)
{
  CnsAddress a, b, broadcast;
  CnsMac48Address mac;
  g_autofree gchar *text = NULL;

  link_build ("1Mbps", "0s", NULL);
  cns_net_device_get_address (link_.dev_a, &a);
  cns_net_device_get_address (link_.dev_b, &b);
  ck_assert (cns_mac48_address_from_address (&a, &mac));
  text = cns_mac48_address_to_string (&mac);
  ck_assert_str_eq (text, "00:00:00:00:00:01");
  ck_assert (!cns_address_equal (&a, &b));
  cns_net_device_get_broadcast (link_.dev_a, &broadcast);
  ck_assert (cns_mac48_address_from_address (&broadcast, &mac));
  ck_assert (cns_mac48_address_is_broadcast (&mac));

  /* the Address attribute */
  {
    g_autoptr (GError) error = NULL;
    g_autofree gchar *got = NULL;

    ck_assert (cns_attribute_set (link_.dev_b, "Address", "02:00:00:00:00:2a",
                                  &error));
    got = cns_attribute_get (link_.dev_b, "Address", &error);
    ck_assert_str_eq (got, "02:00:00:00:00:2a");
    ck_assert (!cns_attribute_set (link_.dev_b, "Address", "02:00", &error));
  }
}
END_TEST

Suite *
test_point_to_point_suite (void)
{
  Suite *s = suite_create ("point-to-point");
  TCase *tc = tcase_create ("point-to-point");

  tcase_add_checked_fixture (tc, NULL, link_teardown);
  tcase_add_test (tc, test_p2p_arrival_time);
  tcase_add_test (tc, test_p2p_back_to_back);
  tcase_add_test (tc, test_p2p_interframe_gap_and_exact_rates);
  tcase_add_test (tc, test_p2p_full_queue_drops_and_traces);
  tcase_add_test (tc, test_p2p_idle_send_queue_statistics);
  tcase_add_test (tc, test_p2p_idle_send_queue_traces);
  tcase_add_test (tc, test_p2p_queue_too_small_drops);
  tcase_add_test (tc, test_p2p_receive_error_model);
  tcase_add_test (tc, test_p2p_link_down_drops);
  tcase_add_test (tc, test_p2p_attach_and_link_up);
  tcase_add_test (tc, test_p2p_attributes_and_defaults);
  tcase_add_test (tc, test_p2p_addresses);
  suite_add_tcase (s, tc);
  return s;
}
