/* cns — config paths over a real topology: wildcards over a node's devices
 * meet its loopback, which has neither DataRate nor MacTx.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

static CnsNodeContainer *nodes;

/* A line of three nodes, 0-1-2, with the internet stack: node 1 has two
 * point-to-point devices, every node a loopback after them. */
static void
setup (void)
{
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (GError) error = NULL;

  cns_test_reset ();
  nodes = cns_node_container_new ();
  cns_node_container_create (nodes, 3);
  for (guint i = 0; i < 2; i++)
    cns_net_device_container_unref (cns_point_to_point_helper_install (
        p2p, cns_node_container_get (nodes, i),
        cns_node_container_get (nodes, i + 1)));
  ck_assert (
      cns_internet_stack_helper_install_container (stack, nodes, &error));
}

static void
teardown (void)
{
  g_clear_pointer (&nodes, cns_node_container_unref);
  cns_test_reset ();
}

/* The DataRate of every device of every node, "-" for those without. */
static gchar *
data_rates (void)
{
  GString *out = g_string_new (NULL);

  for (guint n = 0; n < 3; n++)
    {
      CnsNode *node = cns_node_container_get (nodes, n);

      for (guint d = 0; d < cns_node_get_n_devices (node); d++)
        {
          CnsNetDevice *device = cns_node_get_device (node, d);
          g_autofree gchar *rate
              = CNS_IS_POINT_TO_POINT_NET_DEVICE (device)
                    ? cns_attribute_get (device, "DataRate", NULL)
                    : g_strdup ("-");

          g_string_append_printf (out, "%s%u/%u=%s", out->len ? " " : "", n, d,
                                  rate);
        }
    }
  return g_string_free (out, FALSE);
}

START_TEST (test_config_paths_set_skips_loopback)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *before = data_rates ();
  g_autofree gchar *after = NULL;

  ck_assert_str_eq (before,
                    "0/0=32.768kbps 0/1=- 1/0=32.768kbps 1/1=32.768kbps 1/2=- "
                    "2/0=32.768kbps 2/1=-");
  ck_assert_msg (
      cns_config_set ("/NodeList/*/DeviceList/*/DataRate", "1Mbps", &error),
      "%s", error ? error->message : "");
  after = data_rates ();
  ck_assert_str_eq (after, "0/0=1Mbps 0/1=- 1/0=1Mbps 1/1=1Mbps 1/2=- "
                           "2/0=1Mbps 2/1=-");
  /* the loopbacks alone have no DataRate */
  ck_assert (!cns_config_set ("/NodeList/*/DeviceList/1/$CnsLoopbackNetDevice/"
                              "DataRate",
                              "2Mbps", &error));
  ck_assert_str_eq (error->message,
                    "config path '/NodeList/*/DeviceList/1/"
                    "$CnsLoopbackNetDevice/DataRate': CnsLoopbackNetDevice "
                    "has no attribute 'DataRate' (see "
                    "--PrintAttributes=CnsLoopbackNetDevice)");
}
END_TEST

static void
count_tx (gpointer device, CnsPacket *packet, gpointer user_data)
{
  (*(guint *) user_data)++;
}

START_TEST (test_config_paths_connect_skips_loopback)
{
  g_autoptr (GError) error = NULL;
  guint count = 0;

  ck_assert_msg (cns_config_connect ("/NodeList/*/DeviceList/*/MacTx",
                                     G_CALLBACK (count_tx), &count, &error),
                 "%s", error ? error->message : "");
  /* connected once on each of the four point-to-point devices */
  ck_assert_uint_eq (cns_config_disconnect ("/NodeList/*/DeviceList/*/MacTx",
                                            G_CALLBACK (count_tx), &count,
                                            &error),
                     4);
  ck_assert_ptr_null (error);
  ck_assert_uint_eq (cns_config_disconnect ("/NodeList/*/DeviceList/*/MacTx",
                                            G_CALLBACK (count_tx), &count,
                                            &error),
                     0);
  ck_assert_ptr_null (error);
}
END_TEST

Suite *
test_config_paths_suite (void)
{
  Suite *s = suite_create ("config-paths");
  TCase *tc = tcase_create ("config-paths");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_config_paths_set_skips_loopback);
  tcase_add_test (tc, test_config_paths_connect_skips_loopback);
  suite_add_tcase (s, tc);
  return s;
}
