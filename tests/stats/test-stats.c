/* cns — the stats module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "stats/cns-stats.h"
#include "stats/suites.h"

int
main (void)
{
  Suite *suites[] = {
    test_histogram_suite (),
    test_send_time_tag_suite (),
    test_flow_monitor_suite (),
    test_delay_monitor_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
