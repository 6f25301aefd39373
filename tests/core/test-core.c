/* cns — the core module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/suites.h"
#include "lib/cns-test.h"

int
main (void)
{
  Suite *suites[] = {
    test_time_suite (),         test_values_suite (),
    test_scheduler_suite (),    test_simulator_suite (),
    test_object_suite (),       test_attribute_suite (),
    test_config_suite (),       test_trace_source_suite (),
    test_command_line_suite (), test_log_suite (),
    test_rng_stream_suite (),   test_random_variable_suite (),
    test_prefetch_suite (),     test_xml_writer_suite (),
    test_config_store_suite (), test_memory_suite (),
    test_output_suite (),       test_parallel_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
