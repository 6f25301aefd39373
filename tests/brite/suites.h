/* cns — the suites of the BRITE test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_brite_config_suite (void);
Suite *test_brite_topology_suite (void);
Suite *test_brite_generator_suite (void);
Suite *test_brite_topology_helper_suite (void);
