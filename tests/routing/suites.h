/* cns — the suites of the routing test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_route_graph_suite (void);
Suite *test_route_table_suite (void);
Suite *test_global_routing_suite (void);
Suite *test_nix_vector_routing_suite (void);
Suite *test_route_search_suite (void);
Suite *test_fw_route_backend_suite (void);
