/* cns — tests of the network module's error domain.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each code of CNS_NETWORK_ERROR is produced by a real function of the
 * module given bad input, and the message names that input.
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* A path inside a directory that does not exist, so that no file can be
 * made there. */
#define MISSING_DIR "/nonexistent-cns-test-dir"

static void
assert_network_error (const GError *error, gint code, const gchar *named)
{
  ck_assert_msg (error != NULL, "expected an error naming '%s'", named);
  ck_assert_msg (error->domain == CNS_NETWORK_ERROR,
                 "error in domain %s, not the network's: %s",
                 g_quark_to_string (error->domain), error->message);
  ck_assert_int_eq (error->code, code);
  ck_assert_msg (strstr (error->message, named) != NULL,
                 "the message '%s' does not name '%s'", error->message, named);
}

START_TEST (test_network_error_domain)
{
  ck_assert_str_eq (g_quark_to_string (CNS_NETWORK_ERROR),
                    "cns-network-error-quark");
  ck_assert (CNS_NETWORK_ERROR != CNS_CORE_ERROR);
}
END_TEST

START_TEST (test_network_error_parse)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *path = NULL;
  CnsMac48Address address = { { 1, 2, 3, 4, 5, 6 } };
  CnsMac48Address before = address;
  gint fd;

  ck_assert (!cns_mac48_address_parse ("00:11:22:33:44:zz", &address, &error));
  assert_network_error (error, CNS_NETWORK_ERROR_PARSE, "'00:11:22:33:44:zz'");
  ck_assert_mem_eq (address.bytes, before.bytes, sizeof address.bytes);
  g_clear_error (&error);

  /* a file that exists but holds no pcap header */
  fd = g_file_open_tmp ("cns-not-pcap-XXXXXX", &path, NULL);
  ck_assert_int_ge (fd, 0);
  ck_assert_int_eq (write (fd, "hello, this is not a pcap file", 30), 30);
  close (fd);
  ck_assert_ptr_null (cns_pcap_file_open (path, &error));
  assert_network_error (error, CNS_NETWORK_ERROR_PARSE, path);
  ck_assert_ptr_nonnull (strstr (error->message, "not a pcap file"));
  g_unlink (path);
}
END_TEST

/* A serialized packet that names a header class no one registered. */
START_TEST (test_network_error_not_found)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  CnsPppHeader ppp = { CNS_PPP_PROTOCOL_IPV4 };
  CnsPacket *packet;
  guint8 *name;

  /* printing makes the packet record its header's class by name */
  cns_packet_enable_printing (TRUE);
  packet = cns_packet_new (100);
  cns_packet_enable_printing (FALSE);
  cns_packet_add_header (packet, &cns_ppp_header_class, &ppp);
  cns_packet_serialize (packet, bytes);
  cns_packet_unref (packet);
  name = bytes->data;
  while (name + 9 <= bytes->data + bytes->len
         && memcmp (name, "PppHeader", 9) != 0)
    name++;
  ck_assert_msg (name + 9 <= bytes->data + bytes->len,
                 "the serialized packet names no PppHeader");
  name[8] = 'X';

  ck_assert_ptr_null (
      cns_packet_deserialize (bytes->data, bytes->len, NULL, &error));
  assert_network_error (error, CNS_NETWORK_ERROR_NOT_FOUND, "'PppHeadeX'");
}
END_TEST

START_TEST (test_network_error_invalid)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *dir = g_dir_make_tmp ("cns-network-error-XXXXXX", NULL);
  g_autofree gchar *path = g_build_filename (dir, "negative.pcap", NULL);
  CnsPcapFile *file
      = cns_pcap_file_create (path, CNS_PCAP_LINKTYPE_PPP, 100, &error);
  guint8 data[4] = { 0 };

  ck_assert_ptr_nonnull (file);
  ck_assert (!cns_pcap_file_write (file, -cns_seconds (1), data, 4, 4, &error));
  assert_network_error (error, CNS_NETWORK_ERROR_INVALID, "-1s");
  ck_assert_ptr_nonnull (strstr (error->message, path));
  ck_assert (cns_pcap_file_close (file, NULL));
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

START_TEST (test_network_error_io)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;

  ck_assert_ptr_null (cns_pcap_file_create (
      MISSING_DIR "/a.pcap", CNS_PCAP_LINKTYPE_PPP, 100, &error));
  assert_network_error (error, CNS_NETWORK_ERROR_IO, MISSING_DIR "/a.pcap");
  g_clear_error (&error);

  ck_assert_ptr_null (cns_pcap_file_open (MISSING_DIR "/b.pcap", &error));
  assert_network_error (error, CNS_NETWORK_ERROR_IO, MISSING_DIR "/b.pcap");
  g_clear_error (&error);

  ck_assert_ptr_null (cns_ascii_trace_stream_new (MISSING_DIR "/c.tr", &error));
  assert_network_error (error, CNS_NETWORK_ERROR_IO, MISSING_DIR "/c.tr");
  g_clear_error (&error);

  /* the helper names the file it makes from the prefix, node and device */
  cns_node_container_create (nodes, 2);
  devices = cns_point_to_point_helper_install_container (p2p, nodes);
  ck_assert (!cns_point_to_point_helper_enable_pcap (
      p2p, MISSING_DIR "/line", cns_net_device_container_get (devices, 1),
      &error));
  assert_network_error (error, CNS_NETWORK_ERROR_IO,
                        MISSING_DIR "/line-1-0.pcap");
}
END_TEST

Suite *
test_network_error_suite (void)
{
  Suite *s = suite_create ("network-error");
  TCase *tc = tcase_create ("network-error");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_network_error_domain);
  tcase_add_test (tc, test_network_error_parse);
  tcase_add_test (tc, test_network_error_not_found);
  tcase_add_test (tc, test_network_error_invalid);
  tcase_add_test (tc, test_network_error_io);
  suite_add_tcase (s, tc);
  return s;
}
