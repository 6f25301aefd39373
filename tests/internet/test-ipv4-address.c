/* cns — tests of IPv4 addresses, masks, prefixes and socket addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

START_TEST (test_ipv4_address_parse_and_print)
{
  CnsIpv4Address a;
  gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE];
  g_autofree gchar *text = NULL;

  ck_assert (cns_ipv4_address_parse (" 10.1.1.2 ", &a, NULL));
  ck_assert_uint_eq (a.value, 0x0a010102);
  ck_assert (cns_ipv4_address_equal (a, CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2)));
  ck_assert_uint_eq (
      cns_ipv4_address_format (CNS_IPV4_ADDRESS_INIT (255, 255, 255, 255), buf),
      15);
  ck_assert_str_eq (buf, "255.255.255.255");
  text = cns_ipv4_address_to_string (cns_ipv4_address_any ());
  ck_assert_str_eq (text, "0.0.0.0");
  ck_assert_uint_eq (cns_ipv4_address_from_string ("192.168.0.199").value,
                     0xc0a800c7);
}
END_TEST

START_TEST (test_ipv4_address_bad_text)
{
  static const gchar *bad[]
      = { "",        "10.1.1",  "10.1.1.2.3", "10.1.1.256", "10.1.1.-1",
          "10..1.2", "a.b.c.d", "10.1.1.2x",  "010.1.1.2",  "10.1.1.2/24" };
  CnsIpv4Address a = { 42 };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      ck_assert_msg (!cns_ipv4_address_parse (bad[i], &a, &error), "%s",
                     bad[i]);
      CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_PARSE);
      ck_assert_ptr_nonnull (strstr (error->message, bad[i]));
      ck_assert_uint_eq (a.value, 42);
    }
  CNS_TEST_EXPECT_CRITICAL ("*'10.1.1' is not an IPv4 address*",
                            a = cns_ipv4_address_from_string ("10.1.1"));
  ck_assert_uint_eq (a.value, 0);
}
END_TEST

START_TEST (test_ipv4_address_classes)
{
  CnsIpv4Mask m24 = cns_ipv4_mask_from_prefix_length (24);
  CnsIpv4Mask m31 = cns_ipv4_mask_from_prefix_length (31);
  CnsIpv4Mask m32 = cns_ipv4_mask_from_prefix_length (32);
  CnsIpv4Address a = CNS_IPV4_ADDRESS_INIT (10, 1, 2, 3);

  ck_assert (cns_ipv4_address_is_broadcast (cns_ipv4_address_broadcast ()));
  ck_assert (cns_ipv4_address_is_any (cns_ipv4_address_any ()));
  ck_assert (cns_ipv4_address_is_loopback (cns_ipv4_address_loopback ()));
  ck_assert (
      cns_ipv4_address_is_multicast (CNS_IPV4_ADDRESS_INIT (224, 0, 0, 1)));
  ck_assert (!cns_ipv4_address_is_multicast (a));
  ck_assert_uint_eq (cns_ipv4_address_combine_mask (a, m24).value, 0x0a010200);
  ck_assert_uint_eq (
      cns_ipv4_address_get_subnet_directed_broadcast (a, m24).value,
      0x0a0102ff);
  ck_assert (cns_ipv4_address_is_subnet_directed_broadcast (
      CNS_IPV4_ADDRESS_INIT (10, 1, 2, 255), m24));
  ck_assert (!cns_ipv4_address_is_subnet_directed_broadcast (a, m24));
  /* RFC 3021: a /31 has no broadcast; neither has a /32. */
  ck_assert (!cns_ipv4_address_is_subnet_directed_broadcast (a, m31));
  ck_assert (!cns_ipv4_address_is_subnet_directed_broadcast (
      cns_ipv4_address_broadcast (), m32));
  ck_assert (
      cns_ipv4_mask_is_match (m24, a, CNS_IPV4_ADDRESS_INIT (10, 1, 2, 200)));
  ck_assert (
      !cns_ipv4_mask_is_match (m24, a, CNS_IPV4_ADDRESS_INIT (10, 1, 3, 3)));
}
END_TEST

START_TEST (test_ipv4_mask)
{
  CnsIpv4Mask m;
  g_autofree gchar *text = NULL;
  static const gchar *bad[]
      = { "/33", "/", "/2x", "255.0.255.0", "24", "255.255.255" };

  for (guint n = 0; n <= 32; n++)
    {
      CnsIpv4Mask from_length = cns_ipv4_mask_from_prefix_length (n);
      g_autofree gchar *slash = g_strdup_printf ("/%u", n);
      gchar dotted[CNS_IPV4_ADDRESS_STRING_SIZE];

      ck_assert_uint_eq (cns_ipv4_mask_get_prefix_length (from_length), n);
      ck_assert (cns_ipv4_mask_is_contiguous (from_length));
      ck_assert (cns_ipv4_mask_parse (slash, &m, NULL));
      ck_assert_uint_eq (m.value, from_length.value);
      cns_ipv4_mask_format (from_length, dotted);
      ck_assert (cns_ipv4_mask_parse (dotted, &m, NULL));
      ck_assert_uint_eq (m.value, from_length.value);
    }
  ck_assert_uint_eq (cns_ipv4_mask_from_prefix_length (0).value, 0);
  text = cns_ipv4_mask_to_string (cns_ipv4_mask_from_prefix_length (20));
  ck_assert_str_eq (text, "255.255.240.0");
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      ck_assert_msg (!cns_ipv4_mask_parse (bad[i], &m, &error), "%s", bad[i]);
      CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_PARSE);
      ck_assert_ptr_nonnull (strstr (error->message, bad[i]));
    }
}
END_TEST

START_TEST (test_ipv4_prefix)
{
  CnsIpv4Address network;
  CnsIpv4Mask mask;
  g_autoptr (GError) error = NULL;

  ck_assert (cns_ipv4_prefix_parse ("10.1.7.9/16", &network, &mask, NULL));
  ck_assert_uint_eq (network.value, 0x0a010000);
  ck_assert_uint_eq (mask.value, 0xffff0000);
  ck_assert (cns_ipv4_prefix_parse ("0.0.0.0/0", &network, &mask, NULL));
  ck_assert_uint_eq (mask.value, 0);
  ck_assert (!cns_ipv4_prefix_parse ("10.1.0.0", &network, &mask, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_PARSE);
  ck_assert_ptr_nonnull (strstr (error->message, "'10.1.0.0'"));
  g_clear_error (&error);
  ck_assert (!cns_ipv4_prefix_parse ("10.1.0.0/40", &network, &mask, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_PARSE);
}
END_TEST

START_TEST (test_ipv4_generic_addresses)
{
  CnsAddress generic;
  CnsIpv4Address a;
  CnsInetSocketAddress s = cns_inet_socket_address_init (
      CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2), 4000);
  CnsInetSocketAddress back;
  static const guint8 wire[] = { 10, 1, 1, 2, 0x0f, 0xa0 };

  cns_ipv4_address_to_address (CNS_IPV4_ADDRESS_INIT (192, 168, 1, 9),
                               &generic);
  ck_assert_uint_eq (generic.length, 4);
  ck_assert_uint_eq (generic.bytes[0], 192);
  ck_assert (cns_ipv4_address_from_address (&generic, &a));
  ck_assert_uint_eq (a.value, 0xc0a80109);
  ck_assert (!cns_inet_socket_address_from_address (&generic, &back));

  cns_inet_socket_address_to_address (&s, &generic);
  ck_assert_uint_eq (generic.length, 6);
  ck_assert_mem_eq (generic.bytes, wire, 6);
  ck_assert (cns_inet_socket_address_from_address (&generic, &back));
  ck_assert_uint_eq (back.address.value, s.address.value);
  ck_assert_uint_eq (back.port, 4000);
  /* The address part of a socket address reads as an IPv4 address. */
  ck_assert (cns_ipv4_address_from_address (&generic, &a));
  ck_assert_uint_eq (a.value, 0x0a010102);
  ck_assert_uint_eq (cns_ipv4_address_get_address_type (),
                     CNS_ADDRESS_TYPE_IPV4);
  ck_assert_uint_eq (cns_inet_socket_address_get_address_type (),
                     CNS_ADDRESS_TYPE_INET_SOCKET);
}
END_TEST

START_TEST (test_inet_socket_address_text)
{
  CnsInetSocketAddress s;
  gchar buf[CNS_INET_SOCKET_ADDRESS_STRING_SIZE];
  static const gchar *bad[] = { "10.1.1.2",    "10.1.1.2:", "10.1.1.2:65536",
                                "10.1.1.2:9x", ":9",        "10.1.1:9" };
  GValue value = G_VALUE_INIT;
  g_autofree gchar *text = NULL;

  ck_assert (cns_inet_socket_address_parse ("255.255.255.255:65535", &s, NULL));
  ck_assert_uint_eq (cns_inet_socket_address_format (&s, buf),
                     CNS_INET_SOCKET_ADDRESS_STRING_SIZE - 1);
  ck_assert_str_eq (buf, "255.255.255.255:65535");
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      ck_assert_msg (!cns_inet_socket_address_parse (bad[i], &s, &error), "%s",
                     bad[i]);
      CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_PARSE);
      ck_assert_ptr_nonnull (strstr (error->message, bad[i]));
    }

  /* The boxed type has a text form, as attributes need. */
  g_value_init (&value, CNS_TYPE_INET_SOCKET_ADDRESS);
  s = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 0, 0, 1), 9);
  g_value_set_boxed (&value, &s);
  text = cns_attribute_format (&value);
  ck_assert_str_eq (text, "10.0.0.1:9");
  g_value_unset (&value);
}
END_TEST

Suite *
test_ipv4_address_suite (void)
{
  Suite *s = suite_create ("ipv4-address");
  TCase *tc = tcase_create ("ipv4-address");

  tcase_add_test (tc, test_ipv4_address_parse_and_print);
  tcase_add_test (tc, test_ipv4_address_bad_text);
  tcase_add_test (tc, test_ipv4_address_classes);
  tcase_add_test (tc, test_ipv4_mask);
  tcase_add_test (tc, test_ipv4_prefix);
  tcase_add_test (tc, test_ipv4_generic_addresses);
  tcase_add_test (tc, test_inet_socket_address_text);
  suite_add_tcase (s, tc);
  return s;
}
