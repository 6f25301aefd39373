/* cns — the suites of the internet test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_ipv4_address_suite (void);
Suite *test_udp_header_suite (void);
Suite *test_tcp_header_suite (void);
Suite *test_tcp_congestion_ops_suite (void);
Suite *test_tcp_tx_buffer_suite (void);
Suite *test_tcp_rx_buffer_suite (void);
Suite *test_tcp_suite (void);
Suite *test_tcp_socket_suite (void);
Suite *test_ipv4_end_point_demux_suite (void);
Suite *test_udp_suite (void);
Suite *test_socket_suite (void);
Suite *test_ipv4_l3_protocol_suite (void);
Suite *test_ipv4_neighbour_resolver_suite (void);
Suite *test_ipv4_header_suite (void);
Suite *test_ipv4_routing_suite (void);
Suite *test_icmpv4_suite (void);
Suite *test_address_helper_suite (void);
Suite *test_config_paths_suite (void);
