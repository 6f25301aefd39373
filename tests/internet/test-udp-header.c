/* cns — tests of the UDP header and its checksum.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define SRC CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1)
#define DST CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2)

/* The datagram's bytes, all of them. */
static guint8 *
datagram_bytes (const CnsPacket *packet)
{
  guint32 size = cns_packet_get_size (packet);
  guint8 *bytes = g_malloc (size);

  ck_assert_uint_eq (cns_packet_copy_data (packet, 0, bytes, size), size);
  return bytes;
}

/* 10.1.1.1:49153 -> 10.1.1.2:9 with payload 01 02 03 04 05. By hand, in
 * 16-bit words: pseudo-header 0a01 + 0101 + 0a01 + 0102 + 0011 + 000d =
 * 1623; header c001 + 0009 + 000d (+ checksum 0) = c017; payload 0102 +
 * 0304 + 0500 (the odd byte padded) = 0906. Sum df40, no carries; the
 * checksum is its complement, 20bf. */
START_TEST (test_udp_header_round_trip)
{
  static const guint8 payload_bytes[] = { 1, 2, 3, 4, 5 };
  static const guint8 expected[] = { 0xc0, 0x01, 0x00, 0x09, 0x00, 0x0d, 0x20,
                                     0xbf, 0x01, 0x02, 0x03, 0x04, 0x05 };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
  g_autofree guint8 *bytes = NULL;
  g_autofree guint8 *again = NULL;
  g_autoptr (CnsPacket) copy = NULL;
  CnsUdpHeader header;
  CnsUdpHeader read;

  cns_udp_header_init (&header, 49153, 9, 0);
  cns_udp_header_prepare_checksum (&header, SRC, DST, packet);
  ck_assert_uint_eq (header.length, 13);
  cns_packet_add_header (packet, &cns_udp_header_class, &header);
  ck_assert_uint_eq (cns_packet_get_size (packet), sizeof expected);
  bytes = datagram_bytes (packet);
  ck_assert_mem_eq (bytes, expected, sizeof expected);
  ck_assert (cns_udp_header_verify_checksum (packet, SRC, DST));

  /* read back, and written again unchanged */
  copy = cns_packet_copy (packet);
  copy = cns_packet_make_writable (copy);
  ck_assert_uint_eq (
      cns_packet_remove_header (copy, &cns_udp_header_class, &read),
      CNS_UDP_HEADER_SIZE);
  ck_assert_uint_eq (read.source_port, 49153);
  ck_assert_uint_eq (read.destination_port, 9);
  ck_assert_uint_eq (read.length, 13);
  ck_assert_uint_eq (read.checksum, 0x20bf);
  ck_assert (!read.calculate);
  ck_assert_uint_eq (cns_packet_get_size (copy), 5);
  cns_packet_add_header (copy, &cns_udp_header_class, &read);
  again = datagram_bytes (copy);
  ck_assert_mem_eq (again, expected, sizeof expected);
}
END_TEST

/* 1024 unwritten payload bytes count as zeros: pseudo-header 0a01 + 0101 +
 * 0a01 + 0102 + 0011 + 0408 = 1a1e, header c001 + 0009 + 0408 = c412, sum
 * de30, checksum 21cf. */
START_TEST (test_udp_header_zero_payload_and_print)
{
  g_autoptr (CnsPacket) packet = cns_packet_new (1024);
  g_autoptr (GString) text = g_string_new (NULL);
  CnsUdpHeader header;
  CnsUdpHeader read;
  guint8 bytes[8];

  cns_udp_header_init (&header, 49153, 9, 0);
  cns_udp_header_prepare_checksum (&header, SRC, DST, packet);
  cns_packet_add_header (packet, &cns_udp_header_class, &header);
  cns_packet_copy_data (packet, 0, bytes, 8);
  ck_assert_mem_eq (
      bytes,
      ((const guint8[]){ 0xc0, 0x01, 0x00, 0x09, 0x04, 0x08, 0x21, 0xcf }), 8);
  ck_assert (cns_udp_header_verify_checksum (packet, SRC, DST));
  /* the pseudo-header counts: other addresses do not check out */
  ck_assert (!cns_udp_header_verify_checksum (
      packet, SRC, CNS_IPV4_ADDRESS_INIT (10, 1, 1, 3)));

  ck_assert_uint_eq (
      cns_packet_peek_header (packet, &cns_udp_header_class, &read), 8);
  cns_udp_header_class.print (&read, text);
  ck_assert_str_eq (text->str, "length: 1032 49153 > 9");
  ck_assert_str_eq (cns_udp_header_class.name, "UdpHeader");
  ck_assert_ptr_eq (cns_header_class_lookup ("UdpHeader"),
                    &cns_udp_header_class);
}
END_TEST

/* Payload word 29cb makes the sum ffff (pseudo-header 1620 + header c014 +
 * 29cb), whose complement 0 must go on the wire as ffff (RFC 768). */
START_TEST (test_udp_header_computed_zero_is_ffff)
{
  static const guint8 payload_bytes[] = { 0x29, 0xcb };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
  CnsUdpHeader header;
  guint8 bytes[8];

  cns_udp_header_init (&header, 49153, 9, 0);
  cns_udp_header_prepare_checksum (&header, SRC, DST, packet);
  cns_packet_add_header (packet, &cns_udp_header_class, &header);
  cns_packet_copy_data (packet, 0, bytes, 8);
  ck_assert_uint_eq (bytes[6], 0xff);
  ck_assert_uint_eq (bytes[7], 0xff);
  ck_assert (cns_udp_header_verify_checksum (packet, SRC, DST));
}
END_TEST

START_TEST (test_udp_header_verify_rejects_corruption)
{
  static const guint8 payload_bytes[] = { 1, 2, 3, 4, 5 };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
  g_autofree guint8 *bytes = NULL;
  CnsUdpHeader header;
  guint32 size;

  cns_udp_header_init (&header, 49153, 9, 0);
  cns_udp_header_prepare_checksum (&header, SRC, DST, packet);
  cns_packet_add_header (packet, &cns_udp_header_class, &header);
  size = cns_packet_get_size (packet);
  bytes = datagram_bytes (packet);

  /* any one byte changed, header or payload, is caught */
  for (guint32 i = 0; i < size; i++)
    {
      g_autoptr (CnsPacket) bad = NULL;

      bytes[i] ^= 0x10;
      bad = cns_packet_new_from_data (bytes, size);
      ck_assert_msg (!cns_udp_header_verify_checksum (bad, SRC, DST), "byte %u",
                     i);
      bytes[i] ^= 0x10;
    }

  /* too short to be a datagram */
  {
    g_autoptr (CnsPacket) runt = cns_packet_new_from_data (bytes, 7);

    ck_assert (!cns_udp_header_verify_checksum (runt, SRC, DST));
  }
}
END_TEST

START_TEST (test_udp_header_checksum_zero_means_none)
{
  static const guint8 payload_bytes[] = { 1, 2, 3, 4, 5 };
  g_autoptr (CnsPacket) packet
      = cns_packet_new_from_data (payload_bytes, sizeof payload_bytes);
  CnsUdpHeader header;
  guint8 bytes[8];

  /* a header never prepared carries checksum 0 */
  cns_udp_header_init (&header, 7, 8, 13);
  cns_packet_add_header (packet, &cns_udp_header_class, &header);
  cns_packet_copy_data (packet, 0, bytes, 8);
  ck_assert_mem_eq (
      bytes,
      ((const guint8[]){ 0x00, 0x07, 0x00, 0x08, 0x00, 0x0d, 0x00, 0x00 }), 8);
  /* accepted whatever the addresses */
  ck_assert (cns_udp_header_verify_checksum (packet, SRC, DST));
  ck_assert (cns_udp_header_verify_checksum (packet, DST, SRC));
}
END_TEST

Suite *
test_udp_header_suite (void)
{
  Suite *s = suite_create ("udp-header");
  TCase *tc = tcase_create ("core");

  tcase_add_checked_fixture (tc, cns_test_reset, NULL);
  tcase_add_test (tc, test_udp_header_round_trip);
  tcase_add_test (tc, test_udp_header_zero_payload_and_print);
  tcase_add_test (tc, test_udp_header_computed_zero_is_ffff);
  tcase_add_test (tc, test_udp_header_verify_rejects_corruption);
  tcase_add_test (tc, test_udp_header_checksum_zero_means_none);
  suite_add_tcase (s, tc);
  return s;
}
