/* cns — the default, sequential simulator implementation.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Takes the earliest event, runs it, repeats, until the queue is empty or a
 * stop is requested. The loop calls the scheduler through one cached
 * function pointer and does nothing else per event.
 */
#include "core/cns-simulator-private.h"

static void
default_run (void)
{
  CnsSimulatorThread *s = &cns_simulator_thread;
  CnsScheduler *scheduler = s->scheduler;
  gboolean (*remove_next) (CnsScheduler *, CnsSchedulerEntry *)
      = scheduler->klass->remove_next;
  CnsSchedulerEntry entry;

  while (!s->stop && remove_next (scheduler, &entry))
    cns_simulator_invoke (s, &entry);
}

static guint32
default_get_system_id (void)
{
  return 0;
}

static guint32
default_get_n_systems (void)
{
  return 1;
}

const CnsSimulatorImplClass cns_default_simulator_impl_class = {
  .name = "default",
  .description = "sequential: one process runs every event in order",
  .setup = NULL,
  .run = default_run,
  .teardown = NULL,
  .get_system_id = default_get_system_id,
  .get_n_systems = default_get_n_systems,
};
