/* cns — start-up of the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), before the other
 * modules' since they build on it: registers the core's GTypes (so that
 * "CnsTime" or a random variable type can be named in a string before any
 * object of that type exists), its schedulers, simulator implementations,
 * global values and attribute text forms. The config store's type is
 * registered so that --ConfigStore::Mode names it before any store exists.
 */
#include "core/cns-core.h"

#include "core/cns-attribute-private.h"
#include "core/cns-config-store.h"
#include "core/cns-core-private.h"
#include "core/cns-log-private.h"
#include "core/cns-parallel-private.h"
#include "core/cns-rng-seed-manager-private.h"
#include "core/cns-simulator-private.h"

void
cns_core_init (void)
{
  g_type_ensure (CNS_TYPE_TIME);
  g_type_ensure (CNS_TYPE_PARAM_TIME);
  g_type_ensure (CNS_TYPE_DATA_RATE);
  g_type_ensure (CNS_TYPE_PARAM_DATA_RATE);
  g_type_ensure (CNS_TYPE_QUEUE_SIZE);
  g_type_ensure (CNS_TYPE_QUEUE_SIZE_UNIT);
  g_type_ensure (CNS_TYPE_OBJECT);
  g_type_ensure (CNS_TYPE_OBJECT_FACTORY);
  g_type_ensure (CNS_TYPE_CONFIG_STORE);

  cns_attribute_install_builtin_types ();
  cns_attribute_install_object_types ();

  cns_scheduler_register (&cns_heap_scheduler_class);
  cns_scheduler_register (&cns_ladder_scheduler_class);
  cns_scheduler_register (&cns_list_scheduler_class);
  cns_simulator_impl_register (&cns_default_simulator_impl_class);
  cns_simulator_impl_register (&cns_gtw_simulator_impl_class);
  cns_simulator_impl_register (&cns_null_message_simulator_impl_class);

  /* what the simulator and logging call without calling those files */
  cns_simulator_set_parallel_ops (&cns_parallel_ops);
  cns_simulator_add_run_hook (cns_config_store_run_hook);
  cns_simulator_add_run_hook (cns_fingerprint_run_hook);
  cns_simulator_add_destroy_hook (cns_fingerprint_destroy_hook);
  cns_log_set_time_printer (cns_simulator_print_time);
  cns_log_set_node_printer (cns_simulator_print_node);

  cns_simulator_install_global_values ();
  cns_rng_seed_manager_install_global_values ();
  cns_core_random_init ();
  cns_log_init ();
}
