/* cns — the suites of the network test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_network_error_suite (void);
Suite *test_packet_suite (void);
Suite *test_packet_tags_suite (void);
Suite *test_packet_serialize_suite (void);
