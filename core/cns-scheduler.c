/* cns — the registry of event schedulers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-scheduler.h"

#include "core/cns-registry-private.h"

static CnsRegistry schedulers = { NULL, "scheduler" };

/**
 * cns_scheduler_register:
 * @klass: a static scheduler class
 *
 * Makes @klass available to the SchedulerType global value under its name.
 */
void
cns_scheduler_register (const CnsSchedulerClass *klass)
{
  g_return_if_fail (klass != NULL && klass->name != NULL);
  g_return_if_fail (klass->create && klass->free && klass->insert
                    && klass->remove_next && klass->peek_next && klass->size);
  cns_registry_add (&schedulers, klass);
}

/**
 * cns_scheduler_lookup:
 * @error: a #CNS_CORE_ERROR listing the known names when @name is unknown
 *
 * Returns: (nullable): the scheduler class named @name.
 */
const CnsSchedulerClass *
cns_scheduler_lookup (const gchar *name, GError **error)
{
  return cns_registry_lookup (&schedulers, name, error);
}

/**
 * cns_scheduler_list_names:
 *
 * Returns: (transfer full): the registered names, comma separated.
 */
gchar *
cns_scheduler_list_names (void)
{
  return cns_registry_list_names (&schedulers);
}
