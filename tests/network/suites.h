/* cns — the suites of the network test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_network_error_suite (void);
Suite *test_node_suite (void);
Suite *test_point_to_point_suite (void);
Suite *test_queue_suite (void);
Suite *test_address_suite (void);
Suite *test_mac48_address_suite (void);
Suite *test_pcap_file_suite (void);
Suite *test_error_model_suite (void);
Suite *test_rate_error_model_suite (void);
Suite *test_list_error_model_suite (void);
Suite *test_trace_helpers_suite (void);
Suite *test_packet_suite (void);
Suite *test_packet_tags_suite (void);
Suite *test_packet_serialize_suite (void);
Suite *test_byte_writer_suite (void);
Suite *test_byte_reader_suite (void);
Suite *test_nix_vector_suite (void);
