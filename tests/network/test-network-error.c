/* cns — tests of the network module's error domain.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

START_TEST (test_network_error_domain)
{
  g_autoptr (GError) error
      = g_error_new (CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO, "disk full");

  ck_assert (g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO));
  ck_assert_str_eq (g_quark_to_string (CNS_NETWORK_ERROR),
                    "cns-network-error-quark");
  ck_assert (CNS_NETWORK_ERROR != CNS_CORE_ERROR);
}
END_TEST

Suite *
test_network_error_suite (void)
{
  Suite *s = suite_create ("network-error");
  TCase *tc = tcase_create ("network-error");

  tcase_add_test (tc, test_network_error_domain);
  suite_add_tcase (s, tc);
  return s;
}
