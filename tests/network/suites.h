/* cns — the suites of the network test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_network_error_suite (void);
Suite *test_node_suite (void);
Suite *test_point_to_point_suite (void);
Suite *test_queue_suite (void);
