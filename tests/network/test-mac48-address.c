/* cns — tests of CnsMac48Address: allocation, text, groups, conversions
 * and the attribute text form.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <string.h>

/* A stand-in for a net device: one MAC address attribute. */
#define TEST_TYPE_MAC_HOLDER (test_mac_holder_get_type ())
G_DECLARE_FINAL_TYPE (TestMacHolder, test_mac_holder, TEST, MAC_HOLDER,
                      CnsObject)

struct _TestMacHolder
{
  CnsObject parent;

  CnsMac48Address *address;
};

G_DEFINE_FINAL_TYPE (TestMacHolder, test_mac_holder, CNS_TYPE_OBJECT)

static void
test_mac_holder_finalize (GObject *object)
{
  TestMacHolder *self = TEST_MAC_HOLDER (object);

  g_clear_pointer (&self->address, cns_mac48_address_free);
  G_OBJECT_CLASS (test_mac_holder_parent_class)->finalize (object);
}

static void
test_mac_holder_set_property (GObject *object, guint prop_id,
                              const GValue *value, GParamSpec *pspec)
{
  TestMacHolder *self = TEST_MAC_HOLDER (object);

  g_clear_pointer (&self->address, cns_mac48_address_free);
  self->address = g_value_dup_boxed (value);
}

static void
test_mac_holder_get_property (GObject *object, guint prop_id, GValue *value,
                              GParamSpec *pspec)
{
  g_value_set_boxed (value, TEST_MAC_HOLDER (object)->address);
}

static void
test_mac_holder_class_init (TestMacHolderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_mac_holder_finalize;
  object_class->set_property = test_mac_holder_set_property;
  object_class->get_property = test_mac_holder_get_property;
  g_object_class_install_property (
      object_class, 1,
      g_param_spec_boxed ("address", "Address", "The device's MAC address",
                          CNS_TYPE_MAC48_ADDRESS,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
test_mac_holder_init (TestMacHolder *self)
{
}

static CnsMac48Address
mac (guint8 a, guint8 b, guint8 c, guint8 d, guint8 e, guint8 f)
{
  return (CnsMac48Address){ { a, b, c, d, e, f } };
}

static void
assert_mac_eq (const CnsMac48Address *got, const CnsMac48Address *want)
{
  gchar g[CNS_MAC48_ADDRESS_STRING_SIZE];
  gchar w[CNS_MAC48_ADDRESS_STRING_SIZE];

  cns_mac48_address_format (got, g);
  cns_mac48_address_format (want, w);
  ck_assert_msg (cns_mac48_address_equal (got, want), "got %s, want %s", g, w);
}

START_TEST (test_mac48_allocate)
{
  CnsMac48Address a, b, c;

  cns_mac48_address_reset_allocation ();
  a = cns_mac48_address_allocate ();
  b = cns_mac48_address_allocate ();
  assert_mac_eq (&a, &(CnsMac48Address){ { 0, 0, 0, 0, 0, 1 } });
  assert_mac_eq (&b, &(CnsMac48Address){ { 0, 0, 0, 0, 0, 2 } });

  /* the counter carries into higher bytes */
  for (guint i = 3; i <= 0x1234; i++)
    c = cns_mac48_address_allocate ();
  assert_mac_eq (&c, &(CnsMac48Address){ { 0, 0, 0, 0, 0x12, 0x34 } });

  /* a new scenario starts from the first address again */
  cns_mac48_address_reset_allocation ();
  a = cns_mac48_address_allocate ();
  assert_mac_eq (&a, &(CnsMac48Address){ { 0, 0, 0, 0, 0, 1 } });
  ck_assert (!cns_mac48_address_is_group (&a));
}
END_TEST

START_TEST (test_mac48_parse)
{
  static const struct
  {
    const gchar *text;
    CnsMac48Address address;
  } good[] = {
    { "00:11:22:aa:BB:cc", { { 0x00, 0x11, 0x22, 0xaa, 0xbb, 0xcc } } },
    { "00-11-22-AA-bb-CC", { { 0x00, 0x11, 0x22, 0xaa, 0xbb, 0xcc } } },
    { "ff:ff:ff:ff:ff:ff", { { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } } },
    { " 00:00:00:00:00:05 ", { { 0, 0, 0, 0, 0, 5 } } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GError) error = NULL;
      CnsMac48Address got;

      ck_assert_msg (cns_mac48_address_parse (good[i].text, &got, &error),
                     "'%s': %s", good[i].text, error ? error->message : "");
      ck_assert_ptr_null (error);
      assert_mac_eq (&got, &good[i].address);
    }
}
END_TEST

START_TEST (test_mac48_parse_errors)
{
  static const gchar *const bad[] = {
    "",
    "00:11:22:aa:bb",
    "00:11:22:aa:bb:cc:dd",
    "00:11:22:aa:bb:cg",
    "00:11:22-aa:bb:cc",
    "0:11:22:aa:bb:cc0",
    "00.11.22.aa.bb.cc",
    "001122aabbcc",
    "00:11:22:aa:bb:c",
    "00:11:22:aa:bb:cc ff",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree gchar *quoted = g_strdup_printf ("'%s'", bad[i]);
      CnsMac48Address got = mac (1, 2, 3, 4, 5, 6);

      ck_assert_msg (!cns_mac48_address_parse (bad[i], &got, &error),
                     "'%s' parsed", bad[i]);
      ck_assert (
          g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE));
      ck_assert_msg (strstr (error->message, quoted) != NULL,
                     "message '%s' does not name the text", error->message);
      ck_assert_msg (strstr (error->message, "00:11:22:aa:bb:cc") != NULL,
                     "message '%s' does not show the form", error->message);
      assert_mac_eq (&got, &(CnsMac48Address){ { 1, 2, 3, 4, 5, 6 } });
    }
}
END_TEST

START_TEST (test_mac48_format)
{
  CnsMac48Address a = mac (0x00, 0x1b, 0x2c, 0xaa, 0xbb, 0xff);
  gchar buf[CNS_MAC48_ADDRESS_STRING_SIZE];
  g_autofree gchar *text = NULL;
  CnsMac48Address back;

  ck_assert_uint_eq (cns_mac48_address_format (&a, buf), 17);
  ck_assert_str_eq (buf, "00:1b:2c:aa:bb:ff");
  text = cns_mac48_address_to_string (&a);
  ck_assert_str_eq (text, buf);

  /* round trips over allocated addresses */
  cns_mac48_address_reset_allocation ();
  for (guint i = 0; i < 300; i++)
    {
      CnsMac48Address m = cns_mac48_address_allocate ();

      cns_mac48_address_format (&m, buf);
      ck_assert (cns_mac48_address_parse (buf, &back, NULL));
      assert_mac_eq (&back, &m);
    }
}
END_TEST

START_TEST (test_mac48_broadcast_group)
{
  CnsMac48Address broadcast = cns_mac48_address_get_broadcast ();
  CnsMac48Address multicast = mac (0x01, 0x00, 0x5e, 0x00, 0x00, 0x01);
  CnsMac48Address unicast = mac (0x02, 0x00, 0x00, 0x00, 0x00, 0x01);
  CnsMac48Address almost = mac (0xff, 0xff, 0xff, 0xff, 0xff, 0xfe);
  gchar buf[CNS_MAC48_ADDRESS_STRING_SIZE];

  cns_mac48_address_format (&broadcast, buf);
  ck_assert_str_eq (buf, "ff:ff:ff:ff:ff:ff");
  ck_assert (cns_mac48_address_is_broadcast (&broadcast));
  ck_assert (cns_mac48_address_is_group (&broadcast));
  ck_assert (!cns_mac48_address_is_broadcast (&multicast));
  ck_assert (cns_mac48_address_is_group (&multicast));
  ck_assert (!cns_mac48_address_is_broadcast (&unicast));
  ck_assert (!cns_mac48_address_is_group (&unicast));
  ck_assert (!cns_mac48_address_is_broadcast (&almost));
  ck_assert (cns_mac48_address_is_group (&almost));
  ck_assert (cns_mac48_address_equal (&broadcast, &broadcast));
  ck_assert (!cns_mac48_address_equal (&broadcast, &almost));
}
END_TEST

START_TEST (test_mac48_address_conversion)
{
  CnsMac48Address m = mac (0x00, 0x11, 0x22, 0x33, 0x44, 0x55);
  CnsMac48Address back = mac (9, 9, 9, 9, 9, 9);
  guint8 ip = cns_address_register_type ("TestIpv4Address");
  guint8 ip_bytes[] = { 0x00, 0x11, 0x22, 0x33 };
  guint8 long_bytes[] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77 };
  CnsAddress address;

  ck_assert_uint_ne (cns_mac48_address_get_address_type (), 0);
  ck_assert_uint_eq (cns_mac48_address_get_address_type (),
                     cns_address_register_type ("Mac48Address"));

  cns_mac48_address_to_address (&m, &address);
  ck_assert (
      cns_address_is_type (&address, cns_mac48_address_get_address_type ()));
  ck_assert_uint_eq (address.length, 6);
  ck_assert_mem_eq (address.bytes, m.bytes, 6);
  ck_assert (cns_mac48_address_from_address (&address, &back));
  assert_mac_eq (&back, &m);

  /* other kinds are refused and leave the output alone */
  back = mac (9, 9, 9, 9, 9, 9);
  cns_address_init (&address, ip, ip_bytes, sizeof ip_bytes);
  ck_assert (!cns_mac48_address_from_address (&address, &back));
  cns_address_init (&address, ip, long_bytes, 6);
  ck_assert (!cns_mac48_address_from_address (&address, &back));
  cns_address_init (&address, 0, NULL, 0);
  ck_assert (!cns_mac48_address_from_address (&address, &back));
  /* so is a MAC-48 kind with a wrong length */
  cns_address_init (&address, cns_mac48_address_get_address_type (), long_bytes,
                    sizeof long_bytes);
  ck_assert (!cns_mac48_address_from_address (&address, &back));
  assert_mac_eq (&back, &(CnsMac48Address){ { 9, 9, 9, 9, 9, 9 } });
}
END_TEST

START_TEST (test_mac48_attribute)
{
  g_autoptr (TestMacHolder) holder
      = cns_object_new (TEST_TYPE_MAC_HOLDER, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  g_autofree gchar *none = NULL;

  ck_assert_str_eq (g_type_name (CNS_TYPE_MAC48_ADDRESS), "CnsMac48Address");
  ck_assert (g_type_from_name ("CnsMac48Address") == CNS_TYPE_MAC48_ADDRESS);

  none = cns_attribute_get (holder, "Address", NULL);
  ck_assert_str_eq (none, "none");

  ck_assert_msg (
      cns_attribute_set (holder, "Address", "00:00:00:00:00:05", &error), "%s",
      error ? error->message : "");
  assert_mac_eq (holder->address, &(CnsMac48Address){ { 0, 0, 0, 0, 0, 5 } });
  text = cns_attribute_get (holder, "Address", NULL);
  ck_assert_str_eq (text, "00:00:00:00:00:05");

  ck_assert (cns_attribute_set (holder, "address", "0A-0B-0C-0D-0E-0F", NULL));
  assert_mac_eq (holder->address,
                 &(CnsMac48Address){ { 10, 11, 12, 13, 14, 15 } });

  ck_assert (!cns_attribute_set (holder, "Address", "00:00:00:00:05", &error));
  ck_assert (
      g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE));
  ck_assert_msg (strstr (error->message, "TestMacHolder::Address") != NULL
                     && strstr (error->message, "'00:00:00:00:05'") != NULL,
                 "message '%s' names neither attribute nor value",
                 error->message);
  /* the refused value left the attribute alone */
  assert_mac_eq (holder->address,
                 &(CnsMac48Address){ { 10, 11, 12, 13, 14, 15 } });

  ck_assert (cns_attribute_set (holder, "Address", "none", NULL));
  ck_assert_ptr_null (holder->address);
}
END_TEST

START_TEST (test_mac48_attribute_default)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TestMacHolder) holder = NULL;

  /* the type's text form works for defaults as for the command line */
  g_type_ensure (TEST_TYPE_MAC_HOLDER);
  ck_assert_msg (cns_config_set_default ("TestMacHolder::Address",
                                         "00:00:00:00:00:2a", &error),
                 "%s", error ? error->message : "");
  holder = cns_object_new (TEST_TYPE_MAC_HOLDER, NULL);
  assert_mac_eq (holder->address,
                 &(CnsMac48Address){ { 0, 0, 0, 0, 0, 0x2a } });
}
END_TEST

START_TEST (test_mac48_boxed)
{
  CnsMac48Address m = mac (1, 2, 3, 4, 5, 6);
  g_autoptr (CnsMac48Address) copy = cns_mac48_address_copy (&m);

  ck_assert_ptr_ne (copy, &m);
  assert_mac_eq (copy, &m);
  ck_assert (G_TYPE_IS_BOXED (CNS_TYPE_MAC48_ADDRESS));
}
END_TEST

Suite *
test_mac48_address_suite (void)
{
  Suite *s = suite_create ("mac48-address");
  TCase *tc = tcase_create ("mac48-address");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_mac48_allocate);
  tcase_add_test (tc, test_mac48_parse);
  tcase_add_test (tc, test_mac48_parse_errors);
  tcase_add_test (tc, test_mac48_format);
  tcase_add_test (tc, test_mac48_broadcast_group);
  tcase_add_test (tc, test_mac48_address_conversion);
  tcase_add_test (tc, test_mac48_attribute);
  tcase_add_test (tc, test_mac48_attribute_default);
  tcase_add_test (tc, test_mac48_boxed);
  suite_add_tcase (s, tc);
  return s;
}
