/* cns — the internet module's test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/suites.h"
#include "lib/cns-test.h"

int
main (void)
{
  Suite *suites[] = {
    test_ipv4_address_suite (),
    test_udp_header_suite (),
    test_tcp_header_suite (),
    test_tcp_congestion_ops_suite (),
    test_tcp_tx_buffer_suite (),
    test_tcp_rx_buffer_suite (),
    test_tcp_suite (),
    test_tcp_socket_suite (),
    test_ipv4_end_point_demux_suite (),
    test_udp_suite (),
    test_socket_suite (),
    test_ipv4_l3_protocol_suite (),
    test_ipv4_neighbour_resolver_suite (),
    test_ipv4_header_suite (),
    test_ipv4_routing_suite (),
    test_icmpv4_suite (),
    test_address_helper_suite (),
    test_config_paths_suite (),
  };

  cns_test_init ();
  return cns_test_run (suites, G_N_ELEMENTS (suites));
}
