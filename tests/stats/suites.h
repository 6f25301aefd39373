/* cns — the suites of the stats test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_histogram_suite (void);
Suite *test_send_time_tag_suite (void);
Suite *test_flow_monitor_suite (void);
Suite *test_delay_monitor_suite (void);
