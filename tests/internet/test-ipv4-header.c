/* cns — tests of the IPv4 header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

/* A datagram of 115 bytes, DF, TTL 64, UDP, 192.168.0.1 > 192.168.0.199:
 * the worked example of the header checksum, 0xb861. */
static const guint8 vector[CNS_IPV4_HEADER_SIZE] = {
  0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
  0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
};

static CnsIpv4Header
vector_header (void)
{
  CnsIpv4Header h;

  cns_ipv4_header_init (&h);
  h.dont_fragment = TRUE;
  h.protocol = CNS_IP_PROTOCOL_UDP;
  h.payload_size = 0x73 - CNS_IPV4_HEADER_SIZE;
  h.source = CNS_IPV4_ADDRESS_INIT (192, 168, 0, 1);
  h.destination = CNS_IPV4_ADDRESS_INIT (192, 168, 0, 199);
  return h;
}

START_TEST (test_ipv4_header_defaults)
{
  CnsIpv4Header h;

  memset (&h, 0xaa, sizeof h);
  cns_ipv4_header_init (&h);
  ck_assert_uint_eq (h.ttl, 64);
  ck_assert_uint_eq (h.tos, 0);
  ck_assert_uint_eq (h.protocol, 0);
  ck_assert (!h.dont_fragment && !h.more_fragments);
  ck_assert_uint_eq (h.identification, 0);
  ck_assert_uint_eq (h.fragment_offset, 0);
  ck_assert_uint_eq (h.payload_size, 0);
  ck_assert_uint_eq (h.source.value, 0);
  ck_assert_uint_eq (h.destination.value, 0);
  ck_assert (h.checksum_ok);
}
END_TEST

START_TEST (test_ipv4_header_serialize_vector)
{
  CnsIpv4Header h = vector_header ();
  g_autoptr (CnsPacket) p = cns_packet_new (h.payload_size);
  guint8 bytes[CNS_IPV4_HEADER_SIZE];

  cns_packet_add_header (p, &cns_ipv4_header_class, &h);
  ck_assert_uint_eq (cns_packet_get_size (p), 0x73);
  ck_assert_uint_eq (cns_packet_copy_data (p, 0, bytes, sizeof bytes),
                     CNS_IPV4_HEADER_SIZE);
  ck_assert_mem_eq (bytes, vector, CNS_IPV4_HEADER_SIZE);
}
END_TEST

START_TEST (test_ipv4_header_deserialize_vector)
{
  g_autoptr (CnsPacket) p = cns_packet_new_from_data (vector, sizeof vector);
  guint8 corrupt[CNS_IPV4_HEADER_SIZE];
  CnsIpv4Header h;

  cns_packet_add_padding (p, 0x73 - CNS_IPV4_HEADER_SIZE);
  ck_assert_uint_eq (cns_packet_remove_header (p, &cns_ipv4_header_class, &h),
                     CNS_IPV4_HEADER_SIZE);
  ck_assert_uint_eq (cns_packet_get_size (p), 0x73 - CNS_IPV4_HEADER_SIZE);
  ck_assert (h.checksum_ok);
  ck_assert_uint_eq (h.checksum, 0xb861);
  ck_assert_uint_eq (h.tos, 0);
  ck_assert_uint_eq (h.ttl, 64);
  ck_assert_uint_eq (h.protocol, 17);
  ck_assert (h.dont_fragment);
  ck_assert (!h.more_fragments);
  ck_assert_uint_eq (h.fragment_offset, 0);
  ck_assert_uint_eq (h.identification, 0);
  ck_assert_uint_eq (h.payload_size, 95);
  ck_assert_uint_eq (h.source.value, 0xc0a80001);
  ck_assert_uint_eq (h.destination.value, 0xc0a800c7);

  /* any changed byte spoils the checksum */
  for (guint i = 0; i < CNS_IPV4_HEADER_SIZE; i++)
    {
      g_autoptr (CnsPacket) q = NULL;

      if (i == 0 || i == 2 || i == 3)
        continue; /* version/IHL and length have checks of their own */
      memcpy (corrupt, vector, sizeof corrupt);
      corrupt[i] ^= 0x10;
      q = cns_packet_new_from_data (corrupt, sizeof corrupt);
      ck_assert_uint_eq (cns_packet_peek_header (q, &cns_ipv4_header_class, &h),
                         CNS_IPV4_HEADER_SIZE);
      ck_assert_msg (!h.checksum_ok, "byte %u", i);
    }
}
END_TEST

START_TEST (test_ipv4_header_round_trip)
{
  CnsIpv4Header h, back;
  g_autoptr (CnsPacket) p = cns_packet_new (1480);

  cns_ipv4_header_init (&h);
  h.tos = 0xb9; /* EF, ECT(1) */
  h.ttl = 3;
  h.protocol = CNS_IP_PROTOCOL_TCP;
  h.more_fragments = TRUE;
  h.identification = 0xbeef;
  h.fragment_offset = 1480;
  h.payload_size = 1480;
  h.source = CNS_IPV4_ADDRESS_INIT (10, 0, 0, 1);
  h.destination = CNS_IPV4_ADDRESS_INIT (10, 255, 0, 2);
  cns_packet_add_header (p, &cns_ipv4_header_class, &h);
  {
    guint8 bytes[8];

    cns_packet_copy_data (p, 0, bytes, sizeof bytes);
    /* MF and 1480 / 8 = 185 = 0xb9 in the flags and offset word */
    ck_assert_uint_eq (bytes[6], 0x20);
    ck_assert_uint_eq (bytes[7], 0xb9);
    ck_assert_uint_eq (bytes[2] << 8 | bytes[3], 1500);
  }
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &cns_ipv4_header_class, &back),
      CNS_IPV4_HEADER_SIZE);
  ck_assert (back.checksum_ok);
  ck_assert_uint_eq (back.tos, h.tos);
  ck_assert_uint_eq (back.ttl, h.ttl);
  ck_assert_uint_eq (back.protocol, h.protocol);
  ck_assert (back.more_fragments && !back.dont_fragment);
  ck_assert_uint_eq (back.identification, h.identification);
  ck_assert_uint_eq (back.fragment_offset, h.fragment_offset);
  ck_assert_uint_eq (back.payload_size, h.payload_size);
  ck_assert_uint_eq (back.source.value, h.source.value);
  ck_assert_uint_eq (back.destination.value, h.destination.value);
}
END_TEST

START_TEST (test_ipv4_header_rejects)
{
  guint8 bytes[28];
  CnsIpv4Header h;

  /* version 6 */
  memcpy (bytes, vector, CNS_IPV4_HEADER_SIZE);
  bytes[0] = 0x65;
  ck_assert_uint_eq (
      cns_ipv4_header_class.deserialize (&h, bytes, CNS_IPV4_HEADER_SIZE), 0);
  /* IHL 4 */
  bytes[0] = 0x44;
  ck_assert_uint_eq (
      cns_ipv4_header_class.deserialize (&h, bytes, CNS_IPV4_HEADER_SIZE), 0);
  /* too short */
  bytes[0] = 0x45;
  ck_assert_uint_eq (cns_ipv4_header_class.deserialize (&h, bytes, 19), 0);
  /* a total length below the header's own */
  bytes[2] = 0;
  bytes[3] = 19;
  ck_assert_uint_eq (
      cns_ipv4_header_class.deserialize (&h, bytes, CNS_IPV4_HEADER_SIZE), 0);
}
END_TEST

/* IHL 6: one option word, skipped; the checksum covers it. */
START_TEST (test_ipv4_header_options)
{
  guint8 bytes[24] = {
    0x46, 0x00, 0x00, 0x1c, 0x00, 0x01, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00,
    0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x94, 0x04, 0x00, 0x00,
  };
  guint32 sum = 0;
  CnsIpv4Header h;

  for (guint i = 0; i < sizeof bytes; i += 2)
    sum += (guint32) (bytes[i] << 8 | bytes[i + 1]);
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  bytes[10] = (guint8) (~sum >> 8);
  bytes[11] = (guint8) ~sum;
  ck_assert_uint_eq (cns_ipv4_header_class.deserialize (&h, bytes, 23), 0);
  ck_assert_uint_eq (
      cns_ipv4_header_class.deserialize (&h, bytes, sizeof bytes), 24);
  ck_assert (h.checksum_ok);
  ck_assert_uint_eq (h.payload_size, 4);
  ck_assert_uint_eq (h.protocol, 1);
  ck_assert_uint_eq (h.identification, 1);
  bytes[21] ^= 1; /* in the option */
  cns_ipv4_header_class.deserialize (&h, bytes, sizeof bytes);
  ck_assert (!h.checksum_ok);
}
END_TEST

static gchar *
print_header (const CnsIpv4Header *h)
{
  GString *out = g_string_new (NULL);

  cns_ipv4_header_class.print (h, out);
  return g_string_free (out, FALSE);
}

START_TEST (test_ipv4_header_print)
{
  CnsIpv4Header h;
  g_autofree gchar *plain = NULL;
  g_autofree gchar *marked = NULL;
  g_autofree gchar *odd = NULL;

  cns_ipv4_header_init (&h);
  h.protocol = 17;
  h.payload_size = 1032;
  h.source = CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1);
  h.destination = CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2);
  plain = print_header (&h);
  ck_assert_str_eq (plain, "tos 0x0 DSCP Default ECN Not-ECT ttl 64 id 0 "
                           "protocol 17 offset (bytes) 0 flags [none] "
                           "length: 1052 10.1.1.1 > 10.1.1.2");
  h.tos = 0xbb; /* EF, CE */
  h.dont_fragment = h.more_fragments = TRUE;
  h.fragment_offset = 2960;
  h.identification = 7;
  marked = print_header (&h);
  ck_assert_str_eq (marked, "tos 0xbb DSCP EF ECN CE ttl 64 id 7 protocol 17 "
                            "offset (bytes) 2960 flags [MF|DF] length: 1052 "
                            "10.1.1.1 > 10.1.1.2");
  h.tos = 0x06; /* DSCP 1 has no name; ECT(0) */
  h.more_fragments = FALSE;
  odd = print_header (&h);
  ck_assert_ptr_nonnull (strstr (odd, "DSCP 0x01 ECN ECT (0)"));
  ck_assert_ptr_nonnull (strstr (odd, "flags [DF]"));
  ck_assert_ptr_eq (cns_header_class_lookup ("Ipv4Header"),
                    &cns_ipv4_header_class);
}
END_TEST

Suite *
test_ipv4_header_suite (void)
{
  Suite *s = suite_create ("ipv4-header");
  TCase *tc = tcase_create ("header");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_ipv4_header_defaults);
  tcase_add_test (tc, test_ipv4_header_serialize_vector);
  tcase_add_test (tc, test_ipv4_header_deserialize_vector);
  tcase_add_test (tc, test_ipv4_header_round_trip);
  tcase_add_test (tc, test_ipv4_header_rejects);
  tcase_add_test (tc, test_ipv4_header_options);
  tcase_add_test (tc, test_ipv4_header_print);
  suite_add_tcase (s, tc);
  return s;
}
