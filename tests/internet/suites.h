/* cns — the suites of the internet test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_ipv4_address_suite (void);
Suite *test_socket_suite (void);
Suite *test_application_suite (void);
Suite *test_on_off_application_suite (void);
Suite *test_packet_sink_suite (void);
Suite *test_udp_echo_suite (void);
