/* cns — the null-message (Chandy-Misra-Bryant) distributed simulator.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A rank runs its next event as soon as it is safe: earlier than every
 * neighbour rank's guarantee, the time before which nothing more will
 * arrive from it. Every message carries its sender's guarantee to the
 * receiver, data messages too. A null message (a guarantee and nothing
 * else) goes to a neighbour when the rank has an event it cannot run yet
 * and its guarantee grew, and, while it runs, when its guarantee grew by
 * the lookahead since the last one, so that a neighbour with no data from
 * it need not wait. What keeps null messages rare (see cns-mpi.c): a
 * guarantee on a busy link is the arrival of the frames already sent on
 * it, not just a delay from now; a rank with nothing to run sends none;
 * every run starts with one all-reduce of the ranks' first event times,
 * so that no rank creeps towards the first event; and while ranks wait, a
 * non-blocking all-reduce in the background finds when everything stands
 * still, which lets every rank jump to the global next event (freeing
 * ranks that wait on idle ones) and ends the run when nothing is left
 * anywhere, without a stop time.
 *
 * Remote packets leave in one message per neighbour every half lookahead
 * of simulated time and whenever the rank has to wait. Each rank runs its
 * events in (time, key) order, so results are the same on any number of
 * ranks.
 */
#include "core/cns-mpi-private.h"
#include "core/cns-simulator-private.h"

#include <sched.h>

/* Between two looks for messages. */
#define NM_EVENTS_PER_POLL 16

static void
nm_run (void)
{
  CnsSimulatorState *s = &cns_simulator_state;
  CnsScheduler *scheduler = s->scheduler;
  const CnsSchedulerClass *klass = scheduler->klass;
  guint n = 0;
  /* remote packets leave every half lookahead of simulated time, so that
   * a neighbour gets them, and a guarantee, well before it needs them */
  CnsTime period = MAX (cns_mpi_get_lookahead () / 2, 1);
  CnsTime next_flush = s->now + period;
  CnsSchedulerEntry first;

  cns_mpi_nm_begin (!s->stop && klass->peek_next (scheduler, &first)
                        ? first.time
                        : CNS_TIME_MAX);
  for (;;)
    {
      CnsSchedulerEntry entry;
      gboolean have = klass->peek_next (scheduler, &entry);
      gboolean runnable = have && !s->stop;
      CnsTime safe = cns_mpi_nm_safe_time (), floor;
      gint64 start;

      if (runnable && entry.time < safe)
        {
          klass->remove_next (scheduler, &entry);
          cns_simulator_invoke (s, &entry);
          if (G_UNLIKELY (s->now >= next_flush))
            {
              cns_mpi_nm_flush (s->now, CNS_MPI_NULLS_ON_LOOKAHEAD);
              next_flush = s->now > CNS_TIME_MAX - period ? CNS_TIME_MAX
                                                          : s->now + period;
            }
          /* messages matter only near the safe time: what they hold
           * comes after the guarantees already in, and each look costs
           * an MPI progress call */
          if (G_UNLIKELY (++n >= NM_EVENTS_PER_POLL)
              && safe - entry.time <= period)
            {
              n = 0;
              cns_mpi_nm_receive ();
            }
          continue;
        }
      /* blocked, idle or stopped: nothing runs here before floor (a
       * stopped rank may be run again) */
      floor = have ? MIN (entry.time, safe) : safe;
      start = g_get_monotonic_time ();
      cns_mpi_nm_flush (floor, runnable ? CNS_MPI_NULLS_ON_GROWTH
                                        : CNS_MPI_NULLS_NONE);
      if (cns_mpi_nm_wave (runnable ? entry.time : CNS_TIME_MAX,
                           s->event_count))
        break;
      if (!cns_mpi_nm_receive ())
        sched_yield ();
      cns_mpi_add_blocked (g_get_monotonic_time () - start);
    }
  cns_mpi_nm_end ();
}

const CnsSimulatorImplClass cns_null_message_simulator_impl_class = {
  .name = "null-message",
  .description = "null message (Chandy-Misra-Bryant): MPI ranks run as far "
                 "as their neighbours' guarantees allow",
  .setup = cns_mpi_check_ready,
  .run = nm_run,
  .teardown = NULL,
  .get_system_id = cns_mpi_get_rank,
  .get_n_systems = cns_mpi_get_size,
};
