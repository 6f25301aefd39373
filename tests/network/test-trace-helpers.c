/* cns — tests of pcap and ASCII tracing of point-to-point devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <glib/gstdio.h>
#include <string.h>

#define PROTOCOL 0x88b5

static gchar *dir;

static void
setup (void)
{
  dir = cns_test_make_tmp_dir ("trace");
}

static void
teardown (void)
{
  cns_test_reset ();
  cns_test_remove_tmp_dir (&dir);
}

static void
send_sizes (gpointer obj, gpointer data)
{
  const guint32 *sizes = data;
  CnsAddress dest;

  cns_net_device_get_broadcast (obj, &dest);
  for (; *sizes != 0; sizes++)
    cns_net_device_send (obj, cns_packet_new (*sizes), &dest, PROTOCOL);
}

static void
discard (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
         const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
         gpointer user_data)
{
  cns_packet_unref (packet);
}

/* Node 0 sends @sizes at 1 s over an 8 Mbps, 1 ms link to node 1. */
static CnsNetDeviceContainer *
build_and_send (CnsPointToPointHelper *helper, const guint32 *sizes)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (GError) error = NULL;
  CnsNetDeviceContainer *devices;

  cns_node_container_create (nodes, 2);
  ck_assert (cns_point_to_point_helper_set_device_attribute (helper, "DataRate",
                                                             "8Mbps", &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (helper, "Delay",
                                                              "1ms", &error));
  devices = cns_point_to_point_helper_install_container (helper, nodes);
  cns_node_register_protocol_handler (cns_node_container_get (nodes, 1),
                                      discard, NULL, 0, NULL, FALSE);
  cns_simulator_schedule_with_context (
      0, cns_seconds (1), send_sizes, cns_net_device_container_get (devices, 0),
      (gpointer) sizes);
  return devices;
}

static void
check_pcap (const gchar *path, guint n, const CnsTime *times,
            const guint32 *lengths)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GByteArray) data = g_byte_array_new ();
  CnsPcapFile *file = cns_pcap_file_open (path, &error);
  CnsTime time;
  guint32 original;
  guint i = 0;

  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (cns_pcap_file_get_link_type (file), CNS_PCAP_LINKTYPE_PPP);
  while (cns_pcap_file_read (file, &time, data, &original, &error))
    {
      ck_assert_uint_lt (i, n);
      ck_assert_int_eq (time, times[i]);
      ck_assert_uint_eq (data->len, lengths[i]);
      ck_assert_uint_eq (original, lengths[i]);
      /* the PPP protocol field carries the EtherType given to send */
      ck_assert_uint_eq (data->data[0], PROTOCOL >> 8);
      ck_assert_uint_eq (data->data[1], PROTOCOL & 0xff);
      /* the unwritten payload reads as zeros */
      ck_assert_uint_eq (data->data[data->len - 1], 0);
      i++;
    }
  ck_assert_ptr_null (error);
  ck_assert_uint_eq (i, n);
  ck_assert (cns_pcap_file_close (file, &error));
}

START_TEST (test_pcap_all)
{
  static const guint32 sizes[] = { 100, 998, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = build_and_send (helper, sizes);
  g_autofree gchar *prefix = g_build_filename (dir, "cap", NULL);
  g_autofree gchar *file0 = g_build_filename (dir, "cap-0-0.pcap", NULL);
  g_autofree gchar *file1 = g_build_filename (dir, "cap-1-0.pcap", NULL);
  /* 102 bytes take 102 us at 8 Mbps, 1000 bytes 1 ms */
  const CnsTime sent[]
      = { cns_seconds (1), cns_seconds (1) + cns_micro_seconds (102) };
  const CnsTime received[] = { sent[0] + cns_micro_seconds (1102),
                               sent[1] + cns_micro_seconds (2000) };
  const guint32 lengths[] = { 102, 1000 };

  ck_assert (
      cns_point_to_point_helper_enable_pcap_all (helper, prefix, &error));
  cns_simulator_run ();
  /* files are complete once the simulation is destroyed */
  cns_simulator_destroy ();
  check_pcap (file0, 2, sent, lengths);
  check_pcap (file1, 2, received, lengths);
}
END_TEST

START_TEST (test_pcap_bad_prefix)
{
  static const guint32 sizes[] = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = build_and_send (helper, sizes);

  ck_assert (!cns_point_to_point_helper_enable_pcap (
      helper, "/nonexistent-dir/cap", cns_net_device_container_get (devices, 0),
      &error));
  ck_assert_msg (strstr (error->message, "/nonexistent-dir/cap-0-0.pcap")
                     != NULL,
                 "%s", error->message);
}
END_TEST

START_TEST (test_ascii_trace)
{
  static const guint32 sizes[] = { 100, 200, 300, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;
  g_autofree gchar *path = g_build_filename (dir, "trace.tr", NULL);
  g_autofree gchar *text = NULL;
  const gchar *q = "/NodeList/0/DeviceList/0/$CnsPointToPointNetDevice/"
                   "TxQueue";
  const gchar *rx = "/NodeList/1/DeviceList/0/$CnsPointToPointNetDevice/MacRx";
  const gchar *ppp = "PppHeader (Point-to-Point Protocol: unknown (0x88b5))";
  g_autofree gchar *expected = NULL;

  /* one frame on the wire, one waiting, the third does not fit */
  ck_assert (cns_point_to_point_helper_set_queue_attribute (helper, "MaxSize",
                                                            "1p", &error));
  devices = build_and_send (helper, sizes);
  ck_assert (cns_point_to_point_helper_enable_ascii_all (helper, path, &error));
  cns_simulator_run ();
  cns_simulator_destroy ();
  ck_assert (g_file_get_contents (path, &text, NULL, &error));
  expected = g_strdup_printf ("+ 1 %s/Enqueue %s Payload (size=100)\n"
                              "- 1 %s/Dequeue %s Payload (size=100)\n"
                              "+ 1 %s/Enqueue %s Payload (size=200)\n"
                              "d 1 %s/Drop %s Payload (size=300)\n"
                              "- 1.000102 %s/Dequeue %s Payload (size=200)\n"
                              "r 1.001102 %s %s Payload (size=100)\n"
                              "r 1.001304 %s %s Payload (size=200)\n",
                              q, ppp, q, ppp, q, ppp, q, ppp, q, ppp, rx, ppp,
                              rx, ppp);
  ck_assert_str_eq (text, expected);
}
END_TEST

Suite *
test_trace_helpers_suite (void)
{
  Suite *s = suite_create ("trace-helpers");
  TCase *tc = tcase_create ("trace-helpers");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_pcap_all);
  tcase_add_test (tc, test_pcap_bad_prefix);
  tcase_add_test (tc, test_ascii_trace);
  suite_add_tcase (s, tc);
  return s;
}
