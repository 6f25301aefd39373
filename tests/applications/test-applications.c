/* cns — the applications module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/suites.h"
#include "lib/cns-test.h"

int
main (void)
{
  Suite *suites[] = {
    test_application_suite (),           test_source_application_suite (),
    test_on_off_application_suite (),    test_bulk_send_suite (),
    test_packet_sink_suite (),           test_udp_echo_suite (),
    test_parallel_applications_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
