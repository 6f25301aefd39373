/* cns — the suites of the ATM test binary.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>

Suite *test_atm_cell_suite (void);
Suite *test_atm_rm_cell_suite (void);
Suite *test_aal5_suite (void);
Suite *test_abr_source_suite (void);
Suite *test_eprca_suite (void);
Suite *test_atm_traffic_suite (void);
Suite *test_atm_transport_suite (void);
Suite *test_atm_host_suite (void);
Suite *test_atm_ip_suite (void);
Suite *test_atm_sim_cell_suite (void);
