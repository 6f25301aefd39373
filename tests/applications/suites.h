/* cns — the suites of the applications test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_application_suite (void);
Suite *test_source_application_suite (void);
Suite *test_on_off_application_suite (void);
Suite *test_bulk_send_suite (void);
Suite *test_packet_sink_suite (void);
Suite *test_udp_echo_suite (void);
Suite *test_parallel_applications_suite (void);
