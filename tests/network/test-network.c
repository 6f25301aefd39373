/* cns — the network module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/suites.h"

int
main (void)
{
  Suite *suites[] = {
    test_network_error_suite (),
    test_packet_suite (),
    test_packet_tags_suite (),
    test_packet_serialize_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
