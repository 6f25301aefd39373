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
 * it need not wait. What keeps null messages rare: a
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

#include "core/cns-log.h"
#include "core/cns-simulator-private.h"

#include <sched.h>
#include <string.h>

/* Between two looks for messages. */
#define NM_EVENTS_PER_POLL 16

typedef enum
{
  NULLS_NONE,
  NULLS_ON_LOOKAHEAD,
  NULLS_ON_GROWTH
} Nulls;

/* A rank this one shares links with. */
typedef struct
{
  guint32 rank;
  CnsTime lookahead;    /* the smallest delay of the links to it */
  CnsTime guarantee_in; /* nothing more from it arrives earlier */
  CnsTime promised;     /* the last guarantee sent to it */
  GArray *links;        /* of guint32, the links to it */
} Neighbour;

static struct
{
  Neighbour *neighbours; /* n_neighbours of them, by rank */
  guint32 n_neighbours;
  Neighbour **by_rank; /* one per rank, NULL for ranks that are not */
  guint links_seen;    /* the links' change count they were made from */
  CnsTime jump_floor;  /* safe for every rank, from a quiet wave */
  CnsTime safe;        /* up to when this rank may run */
  guint64 data_sent, data_received;
  gboolean wave_running;
  guint64 wave_in[4];   /* next time, data sent, received, events run */
  guint64 wave_out[4];  /* the result */
  guint64 last_wave[4]; /* the previous result */
  gboolean have_last_wave;
} nm;

static void
nm_free_neighbours (void)
{
  for (guint32 i = 0; i < nm.n_neighbours; i++)
    g_array_unref (nm.neighbours[i].links);
  g_clear_pointer (&nm.neighbours, g_free);
  g_clear_pointer (&nm.by_rank, g_free);
  nm.n_neighbours = 0;
}

/* Recomputes the safe time after a guarantee or the jump floor moved,
 * rather than for every event. */
static void
nm_update_safe (void)
{
  CnsTime safe = CNS_TIME_MAX;

  for (guint32 i = 0; i < nm.n_neighbours; i++)
    safe = MIN (safe, nm.neighbours[i].guarantee_in);
  nm.safe = MAX (safe, nm.jump_floor);
}

static CnsTime
nm_after_lookahead (CnsTime t)
{
  CnsTime lookahead = cns_mpi_get_lookahead ();

  return t > CNS_TIME_MAX - lookahead ? CNS_TIME_MAX : t + lookahead;
}

/* At the start of a run (collective): the neighbours and their lookahead,
 * from the links, made again when links were added; nothing from a
 * neighbour can arrive before now plus the smallest delay of the links to
 * it. And one all-reduce of the ranks' first event times @next: nothing
 * anywhere happens before the earliest, T, so every rank may run up to T
 * plus the lookahead at once, rather than creep there by null messages. */
static void
nm_begin (CnsTime next)
{
  CnsTime now = cns_simulator_now ();
  guint n_links, changes;
  const CnsMpiLink *links = cns_mpi_get_links (&n_links, &changes);

  if (nm.by_rank != NULL && changes != nm.links_seen)
    nm_free_neighbours ();
  if (nm.by_rank == NULL)
    {
      guint32 size = cns_mpi_get_size ();

      nm.links_seen = changes;
      nm.by_rank = g_new0 (Neighbour *, size);
      nm.neighbours = g_new0 (Neighbour, size);
      for (guint i = 0; i < n_links; i++)
        {
          const CnsMpiLink *l = &links[i];
          Neighbour *n;
          guint32 id = i;

          if (l->peer == CNS_MPI_NO_PEER)
            continue;
          n = nm.by_rank[l->peer];
          if (n == NULL)
            {
              n = nm.by_rank[l->peer] = &nm.neighbours[nm.n_neighbours++];
              n->rank = l->peer;
              n->guarantee_in = CNS_TIME_MAX;
              n->lookahead = CNS_TIME_MAX;
              n->promised = now;
              n->links = g_array_new (FALSE, FALSE, sizeof (guint32));
            }
          n->guarantee_in = MIN (n->guarantee_in, now + l->delay);
          n->lookahead = MIN (n->lookahead, l->delay);
          g_array_append_val (n->links, id);
        }
    }
  cns_mpi_reduce_window (&next);
  if (next != CNS_TIME_MAX)
    nm.jump_floor = MAX (nm.jump_floor, nm_after_lookahead (next));
  for (guint32 i = 0; i < nm.n_neighbours; i++)
    nm.neighbours[i].promised = MAX (nm.neighbours[i].promised, nm.jump_floor);
  nm_update_safe ();
}

/* What this rank can promise @n, if nothing it will run is earlier than
 * @floor: on each link a frame sent from @floor on arrives a delay later,
 * and not before the frames already on their way (the link is FIFO), so
 * a busy link promises the arrival of its last frame. */
static CnsTime
nm_promise (const Neighbour *n, CnsTime floor)
{
  guint n_links, changes;
  const CnsMpiLink *links = cns_mpi_get_links (&n_links, &changes);
  CnsTime promise = CNS_TIME_MAX;

  if (floor == CNS_TIME_MAX)
    return CNS_TIME_MAX;
  for (guint i = 0; i < n->links->len; i++)
    {
      const CnsMpiLink *l = &links[g_array_index (n->links, guint32, i)];
      CnsTime earliest
          = floor > CNS_TIME_MAX - l->delay ? CNS_TIME_MAX : floor + l->delay;

      promise
          = MIN (promise, l->fifo ? MAX (earliest, l->last_arrival) : earliest);
    }
  return promise;
}

/* Sends the buffered records, each message with a guarantee, and null
 * messages as @nulls says: to each neighbour whose guarantee grew
 * (NULLS_ON_GROWTH), or grew by its lookahead since the last one
 * (NULLS_ON_LOOKAHEAD: a neighbour then runs a whole lookahead further
 * without waiting), or none. */
static void
nm_flush (CnsTime floor, Nulls nulls)
{
  for (guint32 i = 0; i < nm.n_neighbours; i++)
    {
      Neighbour *n = &nm.neighbours[i];
      gboolean data = cns_mpi_has_packets (n->rank);
      CnsTime promise;

      if (!data && nulls == NULLS_NONE)
        continue;
      promise = nm_promise (n, floor);
      if (!data)
        {
          if (promise <= n->promised
              || (nulls == NULLS_ON_LOOKAHEAD
                  && promise - n->promised < n->lookahead))
            continue;
          cns_mpi_stats.null_messages++;
        }
      else
        nm.data_sent++;
      n->promised = MAX (n->promised, promise);
      cns_mpi_post (n->rank, CNS_TRANSPORT_STREAM_DATA, n->promised);
    }
  cns_mpi_take_earliest_sent ();
}

/* Takes one message, waiting for it when @wait, and its guarantee;
 * FALSE when none had arrived. */
static gboolean
nm_take (gboolean wait)
{
  CnsMpiMessage message;
  Neighbour *n;

  if (!cns_mpi_receive (CNS_TRANSPORT_STREAM_DATA, wait, &message))
    return FALSE;
  if (message.has_packets)
    nm.data_received++;
  n = nm.by_rank[message.source];
  if (n == NULL)
    cns_fatal ("MPI: a message from rank %u, which shares no link with "
               "rank %u",
               message.source, cns_mpi_get_rank ());
  n->guarantee_in = MAX (n->guarantee_in, message.guarantee);
  return TRUE;
}

/* Receives every message that has arrived; returns whether there was
 * one. */
static gboolean
nm_receive (void)
{
  gboolean any = FALSE;

  while (nm_take (FALSE))
    any = TRUE;
  if (any)
    nm_update_safe ();
  return any;
}

/* Waves: a rank that cannot run contributes (its next time, the data
 * messages it sent and received, the events it ran) to a non-blocking
 * all-reduce. Counters only grow, so two waves in a row with the same sums
 * mean no rank ran, sent or received anything between its two
 * contributions: at the moment the first wave completed everything stood
 * still and, with as many messages received as sent, nothing was in
 * flight. Then nothing can happen before the smallest next time T, nor
 * reach another rank before T + lookahead: every rank may run up to there
 * (which spares the null messages that would creep towards T one delay
 * at a time), and T infinite means the run is over.
 *
 * Returns TRUE when the run is over. */
static gboolean
nm_wave (CnsTime next, guint64 events)
{
  CnsTransport *transport = cns_mpi_get_transport ();

  if (!nm.wave_running)
    {
      nm.wave_in[0] = (guint64) next;
      nm.wave_in[1] = nm.data_sent;
      nm.wave_in[2] = nm.data_received;
      nm.wave_in[3] = events;
      transport->start_reduce (transport, nm.wave_in, nm.wave_out, 4,
                               CNS_TRANSPORT_MIN_SUM);
      nm.wave_running = TRUE;
    }
  if (!transport->test_reduce (transport))
    return FALSE;
  nm.wave_running = FALSE;
  if (nm.have_last_wave && nm.wave_out[1] == nm.wave_out[2]
      && memcmp (nm.wave_out + 1, nm.last_wave + 1, 3 * sizeof (guint64)) == 0)
    {
      CnsTime t = (CnsTime) nm.wave_out[0];

      if (t == CNS_TIME_MAX)
        return TRUE;
      nm.jump_floor = MAX (nm.jump_floor, nm_after_lookahead (t));
      nm_update_safe ();
    }
  memcpy (nm.last_wave, nm.wave_out, sizeof nm.last_wave);
  nm.have_last_wave = TRUE;
  return FALSE;
}

/* The run ended: receives the null messages still on their way (no data
 * is, or the run would not have ended), so that every message sent is
 * received; the next run starts its waves afresh. */
static void
nm_end (void)
{
  CnsTime next = CNS_TIME_MAX;
  guint64 expected = cns_mpi_reduce_window (&next);

  while (cns_mpi_get_received () < expected)
    nm_take (TRUE);
  nm_update_safe ();
  nm.have_last_wave = FALSE;
}

static void
nm_run (void)
{
  CnsSimulatorThread *s = &cns_simulator_thread;
  CnsScheduler *scheduler = s->scheduler;
  const CnsSchedulerClass *klass = scheduler->klass;
  guint n = 0;
  /* remote packets leave every half lookahead of simulated time, so that
   * a neighbour gets them, and a guarantee, well before it needs them */
  CnsTime period = MAX (cns_mpi_get_lookahead () / 2, 1);
  CnsTime next_flush = s->now + period;
  CnsSchedulerEntry first;

  nm_begin (!s->stop && klass->peek_next (scheduler, &first) ? first.time
                                                             : CNS_TIME_MAX);
  for (;;)
    {
      CnsSchedulerEntry entry;
      gboolean have = klass->peek_next (scheduler, &entry);
      gboolean runnable = have && !s->stop;
      CnsTime safe = nm.safe, floor;
      gint64 start;

      if (runnable && entry.time < safe)
        {
          klass->remove_next (scheduler, &entry);
          cns_simulator_invoke (s, &entry);
          if (G_UNLIKELY (s->now >= next_flush))
            {
              nm_flush (s->now, NULLS_ON_LOOKAHEAD);
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
              nm_receive ();
            }
          continue;
        }
      /* blocked, idle or stopped: nothing runs here before floor (a
       * stopped rank may be run again) */
      floor = have ? MIN (entry.time, safe) : safe;
      start = g_get_monotonic_time ();
      nm_flush (floor, runnable ? NULLS_ON_GROWTH : NULLS_NONE);
      if (nm_wave (runnable ? entry.time : CNS_TIME_MAX, s->event_count))
        break;
      if (!nm_receive ())
        sched_yield ();
      cns_mpi_stats.blocked_s += (g_get_monotonic_time () - start) / 1e6;
    }
  nm_end ();
}

/* The next run, after cns_simulator_destroy(), starts afresh on every rank. */
static void
nm_teardown (void)
{
  nm_free_neighbours ();
  memset (&nm, 0, sizeof nm);
}

const CnsSimulatorImplClass cns_null_message_simulator_impl_class = {
  .name = "null-message",
  .description = "null message (Chandy-Misra-Bryant): MPI ranks run as far "
                 "as their neighbours' guarantees allow",
  .setup = cns_mpi_check_ready,
  .run = nm_run,
  .teardown = nm_teardown,
  .get_system_id = cns_mpi_get_rank,
  .get_n_systems = cns_mpi_get_size,
};
