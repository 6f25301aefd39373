/* cns — the BRITE module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "brite/suites.h"
#include "lib/cns-test.h"

int
main (void)
{
  Suite *suites[] = {
    test_brite_config_suite (),
    test_brite_topology_suite (),
    test_brite_generator_suite (),
    test_brite_topology_helper_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
