/* cns — the network module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/suites.h"

int
main (void)
{
  Suite *suites[] = {
    test_network_error_suite (),
    test_address_suite (),
    test_mac48_address_suite (),
    test_pcap_file_suite (),
    test_error_model_suite (),
    test_rate_error_model_suite (),
    test_list_error_model_suite (),
    test_queue_suite (),
    test_node_suite (),
    test_point_to_point_suite (),
    test_trace_helpers_suite (),
    test_packet_suite (),
    test_packet_tags_suite (),
    test_packet_serialize_suite (),
    test_byte_writer_suite (),
    test_byte_reader_suite (),
    test_nix_vector_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
