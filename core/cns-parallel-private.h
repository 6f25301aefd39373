/* cns — running LPs on several threads of one process.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-simulator-private.h"

G_BEGIN_DECLS

/* Threads the Threads global value asks for (0: one per core). */
G_GNUC_INTERNAL guint cns_parallel_threads_wanted (void);

/* Runs the simulation on cns_simulator_state.n_threads threads, under
 * @impl's synchronisation. */
G_GNUC_INTERNAL void cns_parallel_run (const CnsSimulatorImplClass *impl);

/* Queues @ev, made by an event of LP @t->lp (or between windows), for an
 * LP other than the running one. */
G_GNUC_INTERNAL void cns_parallel_enqueue (CnsSimulatorThread *t, CnsTime time,
                                           CnsEvent *ev);

/* Counts of the threads other than the calling one. */
G_GNUC_INTERNAL guint64 cns_parallel_get_event_count (void);
G_GNUC_INTERNAL guint64 cns_parallel_get_pending_count (void);

/* Ends the threads, their counts added to the calling thread's. */
G_GNUC_INTERNAL void cns_parallel_end_threads (void);

/* Ends the threads and frees the LPs; their events are released already. */
G_GNUC_INTERNAL void cns_parallel_free (void);

G_END_DECLS
