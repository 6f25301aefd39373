/* cns — pluggable simulator implementations (sequential, distributed).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsSimulatorImplClass:
 * @name: the name users pass to the SimulatorImplementationType global
 *   value: "default", "gtw", "null-message"
 * @description: one line for --help and listings
 * @setup: called once when the simulator is first used, before any event
 *   is scheduled; returns %FALSE with @error set when the implementation
 *   cannot run here (no MPI, say)
 * @run: processes events until the run ends: the queue is empty, a stop
 *   was requested, or (distributed) every rank agrees it is done
 * @teardown: called by cns_simulator_destroy() after the destroy events ran
 *   and the pending events were released; may be %NULL
 * @get_system_id: this process's rank
 * @get_n_systems: the number of ranks
 *
 * A simulator implementation drives the shared event queue (see
 * cns-simulator-private.h). The default one runs events in order in one
 * process; the distributed ones add synchronisation with other ranks.
 */
typedef struct
{
  const gchar *name;
  const gchar *description;
  gboolean (*setup) (GError **error);
  void (*run) (void);
  void (*teardown) (void);
  guint32 (*get_system_id) (void);
  guint32 (*get_n_systems) (void);
} CnsSimulatorImplClass;

extern const CnsSimulatorImplClass cns_default_simulator_impl_class;
extern const CnsSimulatorImplClass cns_gtw_simulator_impl_class;
extern const CnsSimulatorImplClass cns_null_message_simulator_impl_class;

void cns_simulator_impl_register (const CnsSimulatorImplClass *klass);
const CnsSimulatorImplClass *cns_simulator_impl_lookup (const gchar *name,
                                                        GError **error);
gchar *cns_simulator_impl_list_names (void);

G_END_DECLS
