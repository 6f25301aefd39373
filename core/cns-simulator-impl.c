/* cns — the registry of simulator implementations.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-simulator-impl.h"

#include "core/cns-registry-private.h"

static CnsRegistry impls = { NULL, "simulator implementation" };

/**
 * cns_simulator_impl_register:
 * @klass: a static implementation class
 *
 * Makes @klass available to the SimulatorImplementationType global value.
 */
void
cns_simulator_impl_register (const CnsSimulatorImplClass *klass)
{
  g_return_if_fail (klass != NULL && klass->name != NULL);
  g_return_if_fail (klass->run && klass->get_system_id && klass->get_n_systems);
  cns_registry_add (&impls, klass);
}

/**
 * cns_simulator_impl_lookup:
 * @error: a #CNS_CORE_ERROR listing the known names when @name is unknown
 *
 * Returns: (nullable): the implementation named @name.
 */
const CnsSimulatorImplClass *
cns_simulator_impl_lookup (const gchar *name, GError **error)
{
  return cns_registry_lookup (&impls, name, error);
}

/**
 * cns_simulator_impl_list_names:
 *
 * Returns: (transfer full): the registered names, comma separated.
 */
gchar *
cns_simulator_impl_list_names (void)
{
  return cns_registry_list_names (&impls);
}
