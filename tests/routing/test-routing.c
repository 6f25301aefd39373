/* cns — the routing module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "routing/suites.h"

int
main (void)
{
  Suite *suites[] = {
    test_route_graph_suite (),
    test_route_table_suite (),
    test_global_routing_suite (),
    test_nix_vector_routing_suite (),
    test_route_search_suite (),
    test_fw_route_backend_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
