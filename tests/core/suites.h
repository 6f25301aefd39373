/* cns — the suites of the core test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_time_suite (void);
Suite *test_values_suite (void);
Suite *test_scheduler_suite (void);
Suite *test_simulator_suite (void);
Suite *test_object_suite (void);
Suite *test_attribute_suite (void);
Suite *test_config_suite (void);
Suite *test_trace_source_suite (void);
Suite *test_command_line_suite (void);
Suite *test_log_suite (void);
Suite *test_rng_stream_suite (void);
Suite *test_random_variable_suite (void);
Suite *test_prefetch_suite (void);
Suite *test_xml_writer_suite (void);
Suite *test_config_store_suite (void);
Suite *test_memory_suite (void);
Suite *test_output_suite (void);
Suite *test_parallel_suite (void);
