/* cns — tests of CnsAddress: type registry, comparison, hashing, printing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <string.h>

static const guint8 six[] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x01 };
static const guint8 four[] = { 10, 1, 2, 3 };

START_TEST (test_address_register)
{
  guint8 a = cns_address_register_type ("TestAddressA");
  guint8 b = cns_address_register_type ("TestAddressB");
  guint8 mac;

  ck_assert_uint_ne (a, 0);
  ck_assert_uint_ne (b, 0);
  ck_assert_uint_ne (a, b);
  /* the same name gives the same id, whoever registers it */
  ck_assert_uint_eq (cns_address_register_type ("TestAddressA"), a);
  ck_assert_uint_eq (cns_address_register_type ("TestAddressB"), b);
  /* MAC-48 has its fixed id, below those of registered kinds */
  mac = cns_mac48_address_get_address_type ();
  ck_assert_uint_eq (mac, CNS_ADDRESS_TYPE_MAC48);
  ck_assert_uint_eq (cns_address_register_type ("Mac48Address"), mac);
  ck_assert_uint_ge (a, CNS_ADDRESS_TYPE_FIRST_REGISTERED);
  ck_assert_uint_ge (b, CNS_ADDRESS_TYPE_FIRST_REGISTERED);

  CNS_TEST_EXPECT_CRITICAL ("*name*", cns_address_register_type (""));
  CNS_TEST_EXPECT_CRITICAL ("*name*", cns_address_register_type (NULL));
}
END_TEST

/* The kinds cns defines have the documented ids whatever names them
 * first: here in the opposite order to the modules' start-up, after a
 * kind of the test's own, which does not take any of them. */
START_TEST (test_address_fixed_types)
{
  guint8 own = cns_address_register_type ("TestAddressFirst");

  ck_assert_uint_eq (cns_address_register_type ("AtmVcAddress"), 4);
  ck_assert_uint_eq (cns_address_register_type ("InetSocketAddress"), 3);
  ck_assert_uint_eq (cns_address_register_type ("Ipv4Address"), 2);
  ck_assert_uint_eq (cns_address_register_type ("Mac48Address"), 1);
  ck_assert_uint_eq (CNS_ADDRESS_TYPE_MAC48, 1);
  ck_assert_uint_eq (CNS_ADDRESS_TYPE_IPV4, 2);
  ck_assert_uint_eq (CNS_ADDRESS_TYPE_INET_SOCKET, 3);
  ck_assert_uint_eq (CNS_ADDRESS_TYPE_ATM_VC, 4);
  ck_assert_uint_eq (cns_mac48_address_get_address_type (), 1);
  ck_assert_uint_ge (own, CNS_ADDRESS_TYPE_FIRST_REGISTERED);
  ck_assert_uint_eq (cns_address_register_type ("TestAddressFirst"), own);
  /* a fixed id is valid before anything made an address of its kind */
  {
    CnsAddress address;

    cns_address_init (&address, CNS_ADDRESS_TYPE_INET_SOCKET, six, 6);
    ck_assert_uint_eq (address.type, 3);
  }
  /* ids between the fixed and the registered ones are nobody's */
  {
    CnsAddress address = { 0 };

    CNS_TEST_EXPECT_CRITICAL ("*type*", cns_address_init (&address, 5, six, 6));
    ck_assert_uint_eq (address.type, 0);
  }
}
END_TEST

START_TEST (test_address_init)
{
  guint8 t = cns_address_register_type ("TestAddressA");
  CnsAddress address;
  CnsAddress invalid;

  memset (&address, 0xaa, sizeof address);
  cns_address_init (&address, t, six, sizeof six);
  ck_assert_uint_eq (address.type, t);
  ck_assert_uint_eq (address.length, 6);
  ck_assert_mem_eq (address.bytes, six, 6);
  for (guint i = 6; i < CNS_ADDRESS_MAX_SIZE; i++)
    ck_assert_uint_eq (address.bytes[i], 0);
  ck_assert (cns_address_is_valid (&address));
  ck_assert (cns_address_is_type (&address, t));
  ck_assert (!cns_address_is_type (&address, 0));

  cns_address_init (&invalid, 0, NULL, 0);
  ck_assert (!cns_address_is_valid (&invalid));
  ck_assert (cns_address_is_type (&invalid, 0));

  /* a copy is a plain value */
  {
    g_autoptr (CnsAddress) copy = cns_address_copy (&address);

    ck_assert (cns_address_equal (copy, &address));
  }

  CNS_TEST_EXPECT_CRITICAL (
      "*length*",
      cns_address_init (&address, t, six, CNS_ADDRESS_MAX_SIZE + 1));
  CNS_TEST_EXPECT_CRITICAL ("*type*", cns_address_init (&address, 200, six, 6));
  CNS_TEST_EXPECT_CRITICAL ("*length*", cns_address_init (&address, 0, six, 6));
  CNS_TEST_EXPECT_CRITICAL ("*bytes*", cns_address_init (&address, t, NULL, 6));
  /* the refused calls left the address alone */
  ck_assert_uint_eq (address.type, t);
  ck_assert_mem_eq (address.bytes, six, 6);
}
END_TEST

START_TEST (test_address_compare)
{
  guint8 a = cns_address_register_type ("TestAddressA");
  guint8 b = cns_address_register_type ("TestAddressB");
  guint8 bigger[] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x02 };
  CnsAddress x, y, z, w, v;

  cns_address_init (&x, a, six, 6);
  cns_address_init (&y, a, six, 6);
  cns_address_init (&z, a, bigger, 6);
  cns_address_init (&w, b, six, 6);
  cns_address_init (&v, a, four, 4);

  ck_assert (cns_address_equal (&x, &y));
  ck_assert_int_eq (cns_address_compare (&x, &y), 0);
  ck_assert (!cns_address_equal (&x, &z));
  ck_assert_int_lt (cns_address_compare (&x, &z), 0);
  ck_assert_int_gt (cns_address_compare (&z, &x), 0);
  /* kind first, then length, then bytes */
  ck_assert (!cns_address_equal (&x, &w));
  ck_assert_int_lt (cns_address_compare (&z, &w), 0);
  ck_assert_int_lt (cns_address_compare (&v, &x), 0);
  ck_assert_int_gt (cns_address_compare (&x, &v), 0);

  /* bytes past the length do not count, even if someone wrote there */
  y.bytes[10] = 0x55;
  ck_assert (cns_address_equal (&x, &y));
  ck_assert_int_eq (cns_address_compare (&x, &y), 0);
  ck_assert_uint_eq (cns_address_hash (&x), cns_address_hash (&y));
}
END_TEST

/* The address functions with the signatures GHashTable calls. */
static guint
hash_address (gconstpointer address)
{
  return cns_address_hash (address);
}

static gboolean
equal_addresses (gconstpointer a, gconstpointer b)
{
  return cns_address_equal (a, b);
}

static void
free_address (gpointer address)
{
  cns_address_free (address);
}

START_TEST (test_address_hash)
{
  guint8 a = cns_address_register_type ("TestAddressA");
  g_autoptr (GHashTable) table = g_hash_table_new_full (
      hash_address, equal_addresses, free_address, NULL);
  CnsAddress key;

  /* 1000 distinct addresses, found again through fresh keys */
  for (guint i = 0; i < 1000; i++)
    {
      guint8 bytes[6] = { 0, 0, 0, 0, (guint8) (i >> 8), (guint8) i };

      cns_address_init (&key, a, bytes, 6);
      g_hash_table_insert (table, cns_address_copy (&key),
                           GUINT_TO_POINTER (i + 1));
    }
  ck_assert_uint_eq (g_hash_table_size (table), 1000);
  for (guint i = 0; i < 1000; i++)
    {
      guint8 bytes[6] = { 0, 0, 0, 0, (guint8) (i >> 8), (guint8) i };

      cns_address_init (&key, a, bytes, 6);
      ck_assert_uint_eq (GPOINTER_TO_UINT (g_hash_table_lookup (table, &key)),
                         i + 1);
    }
  /* same bytes, other length or kind: other keys */
  cns_address_init (&key, a, six, 5);
  ck_assert_ptr_null (g_hash_table_lookup (table, &key));
}
END_TEST

START_TEST (test_address_to_string)
{
  guint8 a = cns_address_register_type ("TestAddressA");
  CnsAddress address;
  g_autofree gchar *mac = NULL;
  g_autofree gchar *ip = NULL;
  g_autofree gchar *empty = NULL;
  g_autofree gchar *expected = NULL;
  g_autofree gchar *expected_mac = NULL;

  cns_address_init (&address, a, four, 4);
  ip = cns_address_to_string (&address);
  expected = g_strdup_printf ("%02x-04-0a:01:02:03", a);
  ck_assert_str_eq (ip, expected);

  /* as ns-3 prints a Mac48Address converted to an Address */
  cns_mac48_address_to_address (&(CnsMac48Address){ { 0, 0, 0, 0, 0, 1 } },
                                &address);
  mac = cns_address_to_string (&address);
  expected_mac = g_strdup_printf ("%02x-06-00:00:00:00:00:01",
                                  cns_mac48_address_get_address_type ());
  ck_assert_str_eq (mac, expected_mac);

  cns_address_init (&address, 0, NULL, 0);
  empty = cns_address_to_string (&address);
  ck_assert_str_eq (empty, "00-00-");
}
END_TEST

START_TEST (test_address_boxed)
{
  guint8 a = cns_address_register_type ("TestAddressA");
  g_auto (GValue) value = G_VALUE_INIT;
  CnsAddress address;
  const CnsAddress *held;

  ck_assert (G_TYPE_IS_BOXED (CNS_TYPE_ADDRESS));
  ck_assert_str_eq (g_type_name (CNS_TYPE_ADDRESS), "CnsAddress");
  cns_address_init (&address, a, six, 6);
  g_value_init (&value, CNS_TYPE_ADDRESS);
  g_value_set_boxed (&value, &address);
  held = g_value_get_boxed (&value);
  ck_assert_ptr_ne (held, &address);
  ck_assert (cns_address_equal (held, &address));
}
END_TEST

Suite *
test_address_suite (void)
{
  Suite *s = suite_create ("address");
  TCase *tc = tcase_create ("address");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_address_register);
  tcase_add_test (tc, test_address_fixed_types);
  tcase_add_test (tc, test_address_init);
  tcase_add_test (tc, test_address_compare);
  tcase_add_test (tc, test_address_hash);
  tcase_add_test (tc, test_address_to_string);
  tcase_add_test (tc, test_address_boxed);
  suite_add_tcase (s, tc);
  return s;
}
