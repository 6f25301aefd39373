/* cns — the granted-time-window distributed simulator.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Ranks run in windows. At the end of each, every rank sends the remote
 * packets its window produced (one message per destination rank) and
 * takes part in one all-reduce of (the earliest time among its next event
 * and the packets it just sent, the count of messages it has sent to each
 * rank). The result grants the window [T, T + lookahead), T the global
 * earliest time, and tells each rank how many messages it must have
 * received: it waits for exactly those, which are already on their way,
 * and schedules them before it runs anything. Nothing can arrive inside a
 * window, since a packet sent at t >= T arrives at t + delay >= T +
 * lookahead: so a window needs no polling and a run with no messages in
 * flight needs no second collective. The run ends when T is infinite:
 * every queue is empty (or stopped) and nothing is in flight.
 *
 * Each rank runs its own events in (time, key) order, as a sequential run
 * would, so results are the same on any number of ranks.
 */
#include "core/cns-mpi-private.h"
#include "core/cns-simulator-private.h"

/* Windows granted so far: a window's messages travel on the stream of its
 * parity. */
static guint64 windows;

/* Posts the window's packets, one message to each rank that has some, and
 * returns the earliest of their receive times. */
static CnsTime
gtw_flush (void)
{
  CnsTransportStream stream = CNS_TRANSPORT_STREAM_WINDOW + (windows & 1);

  for (guint32 r = 0; r < cns_mpi_get_size (); r++)
    if (cns_mpi_has_packets (r))
      cns_mpi_post (r, stream, 0);
  windows++;
  return cns_mpi_take_earliest_sent ();
}

/* Receives the messages of the window just flushed until @expected have
 * arrived since cns_mpi_enable(); they are already on their way. */
static void
gtw_receive_until (guint64 expected)
{
  CnsTransportStream stream = CNS_TRANSPORT_STREAM_WINDOW + ((windows - 1) & 1);
  gint64 start = g_get_monotonic_time ();
  CnsMpiMessage message;

  while (cns_mpi_get_received () < expected)
    cns_mpi_receive (stream, TRUE, &message);
  cns_mpi_stats.blocked_s += (g_get_monotonic_time () - start) / 1e6;
}

CnsTime
cns_gtw_exchange (CnsTime next)
{
  CnsTime sent = gtw_flush ();
  guint64 expected;

  next = MIN (next, sent);
  expected = cns_mpi_reduce_window (&next);
  gtw_receive_until (expected);
  if (next != CNS_TIME_MAX)
    cns_mpi_stats.windows++;
  return next;
}

static void
gtw_run (void)
{
  CnsSimulatorThread *s = &cns_simulator_thread;
  CnsScheduler *scheduler = s->scheduler;
  const CnsSchedulerClass *klass = scheduler->klass;
  CnsTime lookahead = cns_mpi_get_lookahead ();

  for (;;)
    {
      CnsSchedulerEntry entry;
      CnsTime next = CNS_TIME_MAX, granted;

      if (!s->stop && klass->peek_next (scheduler, &entry))
        next = entry.time;
      next = cns_gtw_exchange (next);
      if (next == CNS_TIME_MAX)
        break;
      granted
          = next > CNS_TIME_MAX - lookahead ? CNS_TIME_MAX : next + lookahead;
      /* the first event past the window goes back: one insert per window
       * instead of a peek per event */
      while (!s->stop && klass->remove_next (scheduler, &entry))
        {
          if (entry.time >= granted)
            {
              klass->insert (scheduler, entry.time, entry.event);
              break;
            }
          cns_simulator_invoke (s, &entry);
        }
    }
}

/* The next run, after cns_simulator_destroy(), starts afresh on every rank. */
static void
gtw_teardown (void)
{
  windows = 0;
}

const CnsSimulatorImplClass cns_gtw_simulator_impl_class = {
  .name = "gtw",
  .description = "granted time window: MPI ranks run in lockstep windows "
                 "as wide as the smallest delay between ranks",
  .setup = cns_mpi_check_ready,
  .run = gtw_run,
  .teardown = gtw_teardown,
  .get_system_id = cns_mpi_get_rank,
  .get_n_systems = cns_mpi_get_size,
};
