/* cns — the ATM module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/suites.h"
#include "lib/cns-test.h"

int
main (void)
{
  Suite *suites[] = {
    test_atm_cell_suite (),      test_atm_rm_cell_suite (),
    test_aal5_suite (),          test_abr_source_suite (),
    test_eprca_suite (),         test_atm_traffic_suite (),
    test_atm_transport_suite (), test_atm_host_suite (),
    test_atm_ip_suite (),        test_atm_sim_cell_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
