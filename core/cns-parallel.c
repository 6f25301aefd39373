/* cns — running one simulation on several threads.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The contexts are split into logical processes (LPs, see
 * cns-partition.c), each with its own scheduler, and the run goes in
 * granted time windows: every LP runs its events earlier than T +
 * lookahead, T the earliest event anywhere, on the thread that owns it.
 * LPs stay with a thread, so that their memory stays in its caches, and
 * move only when the costs measured in recent windows leave the threads
 * unbalanced: the costliest thread then gives the LP that best evens the
 * load to the cheapest. A thread done with its own LPs takes those another
 * thread has not started yet (an atomic increment per LP and window, none
 * per event). An event for a context of another
 * LP is the event itself, pointer and all, put on the sending thread's
 * list for that LP; its time is at least the window's end, so it joins
 * the LP's scheduler when the next window starts. Nothing is copied or
 * serialised, and the ordering key (time, creating context, counter)
 * sorts it among the LP's events exactly as in a sequential run.
 *
 * Events of no context made outside the LPs (a stop time, the program's
 * own events) run on the main thread between windows, before any node's
 * events of the same time, as their key sorts them in a sequential run.
 *
 * A window ends with every thread counting itself out; the last one wakes
 * the main thread, which computes the next window and wakes the others.
 * Threads spin briefly and then sleep on a futex, so that more threads
 * than cores still make progress.
 */
#include "core/cns-parallel-private.h"

#include "core/cns-fingerprint-private.h"
#include "core/cns-global-value.h"
#include "core/cns-log-private.h"
#include "core/cns-log.h"
#include "core/cns-mpi-private.h"
#include "core/cns-ordered-output-private.h"
#include "core/cns-parallel.h"
#include "core/cns-partition-private.h"

#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Free events a thread keeps before giving a batch back. */
#define FREE_LIMIT (8 * 1024)
/* Windows between rebalancings of the LPs by cost. */
#define REORDER_PERIOD 16
/* Pause instructions a waiting thread spins before it sleeps. */
#define SPIN_LIMIT 20000

CNS_LOG_COMPONENT_DEFINE ("cns-parallel");

typedef struct
{
  CnsTime time;
  CnsEvent *event;
} Handover;

typedef struct
{
  CnsScheduler *scheduler;
  CnsTime next;   /* its earliest event after the last window */
  guint64 cost;   /* events of recent windows, halved each reordering */
  gint mail[2];   /* handovers wait for it, by window parity */
} ParallelLp;

typedef struct
{
  GThread *thread;
  CnsSimulatorThread *tls;
  guint index;
  GArray **out[2]; /* Handover arrays by LP, by window parity */
  GArray *lps;      /* guint32: the LPs it owns, in index order */
  gint next;        /* the next of them to run this window */
  guint64 load;     /* their cost */
  CnsTime min_next; /* earliest next event of the LPs it ran */
  CnsTime min_sent; /* earliest event it handed over this window */
  CnsTime last_now;
  gboolean stop;
  CnsThreadStats stats;
} ParallelWorker;

static struct
{
  CnsPartitionResult partition;
  ParallelLp *lps;
  guint32 n_lps;
  ParallelWorker *workers;
  guint n_threads;
  guint n_started;
  guint32 *owner;   /* the thread of each LP */
  guint32 epoch;  /* of the simulation partitioned, 0: none */
  gboolean have_partition;
  gboolean spin;  /* not when threads outnumber cores */
  gboolean fingerprint;
  /* one window */
  CnsTime granted;
  guint parity;
  guint64 windows;
  CnsTime mail_earliest; /* of the handovers the next window takes in */
  gint generation; /* bumped to start a window (futex word) */
  gint remaining;  /* threads still in the window (futex word) */
  gint sleepers;   /* threads asleep on a futex, so that wakes are rare */
  gint quit;
} par;

/* ---- waiting ---- */

static void
futex_wait (gint *word, gint value)
{
  syscall (SYS_futex, word, FUTEX_WAIT_PRIVATE, value, NULL, NULL, 0);
}

/* Wakes the threads asleep on @word, after its change; a system call only
 * when some thread sleeps (a sleeper counts itself before it checks the
 * word, and the change comes before this check). */
static void
futex_wake (gint *word)
{
  if (g_atomic_int_get (&par.sleepers) > 0)
    syscall (SYS_futex, word, FUTEX_WAKE_PRIVATE, G_MAXINT, NULL, NULL, 0);
}

static inline void
cpu_relax (void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause ();
#endif
}

/* Waits until *@word is no longer @value. */
static void
parallel_wait_change (gint *word, gint value)
{
  guint spins = par.spin ? SPIN_LIMIT : 0;

  while (g_atomic_int_get (word) == value)
    {
      if (spins > 0)
        {
          spins--;
          cpu_relax ();
        }
      else
        {
          g_atomic_int_inc (&par.sleepers);
          if (g_atomic_int_get (word) == value)
            futex_wait (word, value);
          g_atomic_int_add (&par.sleepers, -1);
        }
    }
}

/* Waits until *@word, which only goes down, is 0. */
static void
parallel_wait_zero (gint *word)
{
  gint value;

  while ((value = g_atomic_int_get (word)) > 0)
    parallel_wait_change (word, value);
}

/* ---- handing events over ---- */

static G_GNUC_NO_INLINE void
parallel_late_handover (CnsSimulatorThread *t, CnsTime time, CnsEvent *ev)
{
  g_autofree gchar *at = cns_time_to_string (time);
  g_autofree gchar *end = cns_time_to_string (t->window_end);
  g_autofree gchar *lookahead
      = cns_time_to_string (par.partition.info.lookahead);

  cns_fatal ("parallel run: node %u scheduled an event for node %u, in "
             "another LP, at %s, before the window's end at %s: the model "
             "sends events faster than the lookahead %s of the partition; "
             "describe the link (cns_partition_add_link()) or promise the "
             "model's lookahead (cns_simulator_set_lookahead())",
             t->context, ev->context, at, end, lookahead);
}

static void
parallel_enqueue (CnsSimulatorThread *t, CnsTime time, CnsEvent *ev)
{
  guint32 target = t->lp_of[ev->context + 1];
  ParallelWorker *w = t->worker;
  GArray **slot;

  if (t->lp == CNS_SIMULATOR_LP_NONE)
    {
      /* between windows, on the main thread: straight into the LP */
      ParallelLp *lp = &par.lps[target];

      lp->scheduler->klass->insert (lp->scheduler, time, ev);
      lp->next = MIN (lp->next, time);
      return;
    }
  if (target == CNS_PARTITION_LP_NONE)
    {
      /* an event of no context made by an LP stays in it */
      t->scheduler->klass->insert (t->scheduler, time, ev);
      return;
    }
  if (G_UNLIKELY (time < t->window_end))
    parallel_late_handover (t, time, ev);
  slot = &w->out[par.parity][target];
  if (G_UNLIKELY (*slot == NULL))
    *slot = g_array_sized_new (FALSE, FALSE, sizeof (Handover), 64);
  g_array_append_vals (*slot, &(Handover){ time, ev }, 1);
  w->min_sent = MIN (w->min_sent, time);
  if (g_atomic_int_get (&par.lps[target].mail[par.parity]) == 0)
    g_atomic_int_set (&par.lps[target].mail[par.parity], 1);
}

/* Moves the events handed to LP @index in the window of @parity into its
 * scheduler. */
static void
parallel_take_mail (guint32 index, guint parity)
{
  ParallelLp *lp = &par.lps[index];

  if (g_atomic_int_get (&lp->mail[parity]) == 0)
    return;
  g_atomic_int_set (&lp->mail[parity], 0);
  for (guint i = 0; i < par.n_threads; i++)
    {
      GArray *box = par.workers[i].out[parity][index];

      if (box == NULL || box->len == 0)
        continue;
      for (guint e = 0; e < box->len; e++)
        {
          Handover *h = &g_array_index (box, Handover, e);

          lp->scheduler->klass->insert (lp->scheduler, h->time, h->event);
        }
      g_array_set_size (box, 0);
    }
}

/* ---- a window ---- */

static void
parallel_run_lp (ParallelWorker *w, CnsSimulatorThread *t, guint32 index)
{
  ParallelLp *lp = &par.lps[index];
  CnsScheduler *scheduler = lp->scheduler;
  const CnsSchedulerClass *klass = scheduler->klass;
  CnsTime granted = par.granted;
  guint64 before = t->event_count;
  CnsSchedulerEntry entry;

  parallel_take_mail (index, par.parity ^ 1);
  if (klass->peek_next (scheduler, &entry) && entry.time < granted)
    {
      t->lp = index;
      t->scheduler = scheduler;
      /* the first event past the window goes back: one insert per
       * window instead of a peek per event */
      while (klass->remove_next (scheduler, &entry))
        {
          if (entry.time >= granted)
            {
              klass->insert (scheduler, entry.time, entry.event);
              break;
            }
          cns_simulator_invoke (t, &entry);
          if (G_UNLIKELY (t->stop))
            {
              w->stop = TRUE;
              break;
            }
        }
      t->lp = CNS_SIMULATOR_LP_NONE;
      lp->cost += t->event_count - before;
      w->stats.lps_run++;
    }
  lp->next = klass->peek_next (scheduler, &entry) ? entry.time : CNS_TIME_MAX;
  w->min_next = MIN (w->min_next, lp->next);
}

static void
parallel_window (ParallelWorker *w)
{
  CnsSimulatorThread *t = &cns_simulator_thread;
  gint64 start = g_get_monotonic_time ();
  guint64 before = t->event_count;

  t->window_end = par.granted;
  t->fingerprint = par.fingerprint;
  w->min_next = CNS_TIME_MAX;
  w->min_sent = CNS_TIME_MAX;
  /* its own LPs, then those other threads have not started: a thread
   * that the system holds up (more threads than cores) delays no one */
  for (guint k = 0; k < par.n_threads; k++)
    {
      ParallelWorker *owner = &par.workers[(w->index + k) % par.n_threads];
      gint i;

      while ((i = g_atomic_int_add (&owner->next, 1)) < (gint) owner->lps->len)
        parallel_run_lp (w, t, g_array_index (owner->lps, guint32, i));
    }
  w->last_now = MAX (w->last_now, t->now);
  w->stats.windows++;
  w->stats.events += t->event_count - before;
  w->stats.busy_s += (g_get_monotonic_time () - start) / 1e6;
}

static gpointer
parallel_worker_main (gpointer data)
{
  ParallelWorker *w = data;
  gint seen = 0;

  cns_simulator_thread_start (w->index, FREE_LIMIT, par.fingerprint);
  cns_simulator_thread.lp_of = par.partition.lp_of;
  cns_simulator_thread.worker = w;
  w->tls = &cns_simulator_thread;
  if (g_atomic_int_dec_and_test (&par.remaining))
    futex_wake (&par.remaining);
  for (;;)
    {
      gint64 start = g_get_monotonic_time ();

      parallel_wait_change (&par.generation, seen);
      w->stats.idle_s += (g_get_monotonic_time () - start) / 1e6;
      seen = g_atomic_int_get (&par.generation);
      if (g_atomic_int_get (&par.quit))
        break;
      parallel_window (w);
      if (g_atomic_int_dec_and_test (&par.remaining))
        futex_wake (&par.remaining);
    }
  return NULL;
}

/* ---- setting up ---- */

/* Rebuilds each thread's list of LPs from the owners. */
static void
parallel_list_lps (void)
{
  for (guint i = 0; i < par.n_threads; i++)
    g_array_set_size (par.workers[i].lps, 0);
  for (guint32 l = 0; l < par.n_lps; l++)
    g_array_append_val (par.workers[par.owner[l]].lps, l);
}

/* Moves LPs from the costliest thread to the cheapest while that evens
 * the load by more than an eighth of a thread's share; costs then decay,
 * so that they follow the run. */
static void
parallel_rebalance (void)
{
  guint64 total = 0;
  gboolean moved = FALSE;

  for (guint i = 0; i < par.n_threads; i++)
    par.workers[i].load = 0;
  for (guint32 l = 0; l < par.n_lps; l++)
    {
      par.workers[par.owner[l]].load += par.lps[l].cost;
      total += par.lps[l].cost;
    }
  for (guint32 step = 0; step < par.n_lps; step++)
    {
      ParallelWorker *hi = &par.workers[0], *lo = &par.workers[0];
      guint64 gap, best_cost = 0;
      guint32 best = G_MAXUINT32;

      for (guint i = 1; i < par.n_threads; i++)
        {
          if (par.workers[i].load > hi->load)
            hi = &par.workers[i];
          if (par.workers[i].load < lo->load)
            lo = &par.workers[i];
        }
      gap = hi->load - lo->load;
      if (gap * 8 * par.n_threads <= total)
        break;
      /* the dearest LP that still leaves hi no cheaper than lo was */
      for (guint32 l = 0; l < par.n_lps; l++)
        if (par.owner[l] == hi->index && par.lps[l].cost < gap
            && par.lps[l].cost > best_cost)
          {
            best = l;
            best_cost = par.lps[l].cost;
          }
      if (best == G_MAXUINT32)
        break;
      par.owner[best] = lo->index;
      hi->load -= best_cost;
      lo->load += best_cost;
      moved = TRUE;
    }
  if (moved)
    parallel_list_lps ();
  for (guint32 l = 0; l < par.n_lps; l++)
    par.lps[l].cost /= 2;
}

static void
parallel_start_workers (void)
{
  par.n_started = par.n_threads;
  par.workers[0].index = 0;
  par.workers[0].tls = &cns_simulator_thread;
  g_atomic_int_set (&par.remaining, (gint) par.n_threads - 1);
  for (guint i = 1; i < par.n_threads; i++)
    {
      g_autofree gchar *name = g_strdup_printf ("cns-worker-%u", i);
      GError *error = NULL;

      par.workers[i].index = i;
      par.workers[i].thread = g_thread_try_new (name, parallel_worker_main,
                                                &par.workers[i], &error);
      if (par.workers[i].thread == NULL)
        cns_fatal ("parallel run: cannot start thread %u of %u: %s", i + 1,
                   par.n_threads, error->message);
    }
  parallel_wait_zero (&par.remaining);
}

/* Splits the contexts into LPs and starts the threads, once a
 * simulation. */
/* The contexts the program's pending events name, past the providers'
 * nodes: a model without links (PHOLD) has no other. */
static guint32
parallel_contexts_pending (CnsSimulatorState *s)
{
  const CnsSchedulerClass *klass = s->scheduler->klass;
  CnsScheduler *kept = klass->create ();
  CnsSchedulerEntry entry;
  guint32 n = 0;

  while (klass->remove_next (s->scheduler, &entry))
    {
      if (entry.event->context != CNS_CONTEXT_NONE)
        n = MAX (n, entry.event->context + 1);
      klass->insert (kept, entry.time, entry.event);
    }
  klass->free (s->scheduler);
  s->scheduler = kept;
  cns_simulator_thread.scheduler = kept;
  return n;
}

static void
parallel_setup (CnsSimulatorState *s)
{
  guint32 n_contexts = parallel_contexts_pending (s);
  g_auto (GValue) value = G_VALUE_INIT;
  CnsTime threshold;
  CnsPartitionInfo *info;

  cns_global_value_get ("PartitionThreshold", &value);
  threshold = cns_value_get_time (&value);
  cns_partition_compute (n_contexts, s->n_threads, threshold, &par.partition);
  info = &par.partition.info;
  par.n_threads = s->n_threads;
  par.n_lps = info->n_lps;
  par.lps = g_new0 (ParallelLp, par.n_lps);
  par.owner = g_new (guint32, par.n_lps);
  for (guint32 i = 0; i < par.n_lps; i++)
    {
      par.lps[i].scheduler = s->scheduler->klass->create ();
      par.lps[i].next = CNS_TIME_MAX;
      /* neighbouring LPs together, as many to each thread */
      par.owner[i] = (guint32) ((guint64) i * s->n_threads / par.n_lps);
    }
  par.workers = g_new0 (ParallelWorker, par.n_threads);
  for (guint i = 0; i < par.n_threads; i++)
    {
      par.workers[i].index = i;
      par.workers[i].lps = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint p = 0; p < 2; p++)
        par.workers[i].out[p] = g_new0 (GArray *, par.n_lps);
    }
  parallel_list_lps ();
  par.spin = par.n_threads <= g_get_num_processors ();
  par.mail_earliest = CNS_TIME_MAX;
  par.epoch = s->epoch;
  par.have_partition = TRUE;
  /* the threads read the per-context arrays unlocked: none may grow */
  cns_simulator_reserve_contexts (info->n_contexts);
  cns_fingerprint_reserve (info->n_contexts);
  {
    g_autofree gchar *threshold_text = cns_time_to_string (info->threshold);
    g_autofree gchar *lookahead_text = cns_time_to_string (info->lookahead);

    CNS_LOG_INFO ("%u threads: %u contexts in %u LPs (largest %u), %" G_GUINT64_FORMAT
                  " of %" G_GUINT64_FORMAT " links cut at %s, lookahead %s",
                  par.n_threads, info->n_contexts, info->n_lps,
                  info->largest_lp, info->n_cut_links, info->n_links,
                  threshold_text, lookahead_text);
  }
  if (par.n_lps > 1)
    parallel_start_workers ();
}

/* Moves the node events the program scheduled outside any run into their
 * LPs; events of no context stay in the run's scheduler. */
static void
parallel_distribute (CnsSimulatorState *s)
{
  const CnsSchedulerClass *klass = s->scheduler->klass;
  CnsScheduler *global = klass->create ();
  CnsSchedulerEntry entry;

  while (klass->remove_next (s->scheduler, &entry))
    {
      guint32 lp = par.partition.lp_of[entry.event->context + 1];

      if (lp == CNS_PARTITION_LP_NONE)
        klass->insert (global, entry.time, entry.event);
      else
        klass->insert (par.lps[lp].scheduler, entry.time, entry.event);
    }
  klass->free (s->scheduler);
  s->scheduler = global;
}

/* The earliest event of any LP, their mail included. */
static CnsTime
parallel_earliest_lp (void)
{
  CnsTime earliest = par.mail_earliest;

  for (guint32 i = 0; i < par.n_lps; i++)
    {
      CnsSchedulerEntry entry;
      CnsScheduler *scheduler = par.lps[i].scheduler;

      par.lps[i].next = scheduler->klass->peek_next (scheduler, &entry)
                            ? entry.time
                            : CNS_TIME_MAX;
      earliest = MIN (earliest, par.lps[i].next);
    }
  return earliest;
}

/* Runs the events of no context due at @time, on the main thread alone. */
static void
parallel_run_global (CnsSimulatorState *s, CnsSimulatorThread *t, CnsTime time)
{
  const CnsSchedulerClass *klass = s->scheduler->klass;
  CnsSchedulerEntry entry;

  t->scheduler = s->scheduler;
  while (!t->stop && klass->peek_next (s->scheduler, &entry)
         && entry.time == time)
    {
      klass->remove_next (s->scheduler, &entry);
      cns_simulator_invoke (t, &entry);
    }
}

/* Runs one window on every thread, the main one included. */
static void
parallel_run_window (CnsTime granted)
{
  ParallelWorker *main_worker = &par.workers[0];
  gint64 start;

  par.granted = granted;
  par.parity = (guint) (par.windows & 1);
  if (par.windows % REORDER_PERIOD == REORDER_PERIOD - 1)
    parallel_rebalance ();
  for (guint i = 0; i < par.n_threads; i++)
    g_atomic_int_set (&par.workers[i].next, 0);
  g_atomic_int_set (&par.remaining, (gint) par.n_threads);
  g_atomic_int_inc (&par.generation);
  futex_wake (&par.generation);
  parallel_window (main_worker);
  start = g_get_monotonic_time ();
  if (!g_atomic_int_dec_and_test (&par.remaining))
    parallel_wait_zero (&par.remaining);
  main_worker->stats.idle_s += (g_get_monotonic_time () - start) / 1e6;
  par.windows++;
}

/* Takes every handover of the last window into its LP. */
static void
parallel_take_all_mail (void)
{
  for (guint32 i = 0; i < par.n_lps; i++)
    parallel_take_mail (i, (guint) ((par.windows - 1) & 1));
}

static void
parallel_run (const CnsSimulatorImplClass *impl)
{
  CnsSimulatorState *s = &cns_simulator_state;
  CnsSimulatorThread *t = &cns_simulator_thread;
  gboolean mpi = impl->get_n_systems () > 1;
  CnsTime lookahead, earliest, mpi_lookahead = 0;
  /* under MPI, this rank runs no event at or past this time before the
   * ranks agree on the next window */
  CnsTime mpi_granted = 0;
  gboolean stop = FALSE;

  if (mpi && g_strcmp0 (impl->name, "gtw") != 0)
    cns_fatal_collective ("--threads=%u with MPI ranks: the threads of a "
                          "rank run under --sync=gtw, not '%s'",
                          s->n_threads, impl->name);
  if (!par.have_partition || par.epoch != s->epoch)
    parallel_setup (s);
  if (par.n_lps <= 1)
    {
      impl->run ();
      return;
    }
  par.fingerprint = t->fingerprint;
  parallel_distribute (s);
  lookahead = par.partition.info.lookahead;
  t->lp_of = par.partition.lp_of;
  t->worker = &par.workers[0];
  t->free_limit = FREE_LIMIT;
  if (mpi)
    {
      cns_mpi_stage_threads (par.n_threads);
      mpi_lookahead = cns_mpi_get_lookahead ();
    }
  earliest = parallel_earliest_lp ();
  cns_prefetch_frozen = TRUE;
  cns_log_resolve_components ();
  for (;;)
    {
      CnsSchedulerEntry entry;
      CnsTime global = CNS_TIME_MAX, granted;

      if (s->scheduler->klass->peek_next (s->scheduler, &entry))
        global = entry.time;
      if (mpi)
        {
          CnsTime local = t->stop || stop ? CNS_TIME_MAX : MIN (earliest, global);

          if (local >= mpi_granted)
            {
              /* the rank's window is done: the ranks agree on the next */
              CnsTime next = cns_gtw_exchange (local);

              earliest = parallel_earliest_lp ();
              if (next == CNS_TIME_MAX)
                break;
              mpi_granted = next > CNS_TIME_MAX - mpi_lookahead
                                ? CNS_TIME_MAX
                                : next + mpi_lookahead;
              continue;
            }
        }
      else if (t->stop || stop
               || (global == CNS_TIME_MAX && earliest == CNS_TIME_MAX))
        break;
      if (global <= earliest)
        {
          /* events of no context sort first at their time */
          parallel_run_global (s, t, global);
          earliest = parallel_earliest_lp ();
          continue;
        }
      granted = earliest > CNS_TIME_MAX - lookahead ? CNS_TIME_MAX
                                                    : earliest + lookahead;
      granted = MIN (MIN (granted, global), mpi ? mpi_granted : CNS_TIME_MAX);
      parallel_run_window (granted);
      t->scheduler = s->scheduler;
      cns_ordered_output_flush_all ();
      if (mpi)
        cns_mpi_flush_staged ();
      earliest = CNS_TIME_MAX;
      par.mail_earliest = CNS_TIME_MAX;
      for (guint i = 0; i < par.n_threads; i++)
        {
          ParallelWorker *w = &par.workers[i];

          earliest = MIN (earliest, w->min_next);
          par.mail_earliest = MIN (par.mail_earliest, w->min_sent);
          stop |= w->stop;
          w->stop = FALSE;
        }
      earliest = MIN (earliest, par.mail_earliest);
    }
  cns_prefetch_frozen = FALSE;
  if (mpi)
    cns_mpi_stage_threads (0);
  if (par.windows > 0)
    parallel_take_all_mail ();
  par.mail_earliest = CNS_TIME_MAX;
  for (guint i = 0; i < par.n_threads; i++)
    t->now = MAX (t->now, par.workers[i].last_now);
  t->stop = t->stop || stop;
  t->lp_of = NULL;
  t->worker = NULL;
  t->scheduler = s->scheduler;
  t->free_limit = G_MAXSIZE;
}

static guint64
parallel_get_event_count (void)
{
  guint64 n = 0;

  for (guint i = 1; i < par.n_started; i++)
    n += par.workers[i].tls->event_count;
  return n;
}

static guint64
parallel_get_pending_count (void)
{
  guint64 n = 0;

  for (guint i = 1; i < par.n_started; i++)
    n += par.workers[i].tls->n_pending;
  return n;
}

static void
parallel_end_threads (void)
{
  CnsSimulatorThread *t = &cns_simulator_thread;

  if (par.n_started <= 1)
    return;
  t->event_count += parallel_get_event_count ();
  t->n_pending += parallel_get_pending_count ();
  g_atomic_int_set (&par.quit, 1);
  g_atomic_int_inc (&par.generation);
  futex_wake (&par.generation);
  for (guint i = 1; i < par.n_started; i++)
    {
      g_thread_join (par.workers[i].thread);
      par.workers[i].tls = NULL;
    }
  par.n_started = 1;
}

static void
parallel_free (void)
{
  if (!par.have_partition)
    return;
  parallel_end_threads ();
  for (guint i = 0; i < par.n_threads; i++)
    for (guint p = 0; p < 2; p++)
      {
        for (guint32 l = 0; l < par.n_lps; l++)
          if (par.workers[i].out[p][l] != NULL)
            g_array_unref (par.workers[i].out[p][l]);
        g_free (par.workers[i].out[p]);
      }
  for (guint i = 0; i < par.n_threads; i++)
    g_array_unref (par.workers[i].lps);
  for (guint32 i = 0; i < par.n_lps; i++)
    par.lps[i].scheduler->klass->free (par.lps[i].scheduler);
  g_free (par.lps);
  g_free (par.owner);
  g_free (par.workers);
  cns_partition_result_clear (&par.partition);
  memset (&par, 0, sizeof par);
}

/* ---- the public API ---- */

/**
 * cns_simulator_get_thread_stats:
 * @index: a thread index
 * @out: (out caller-allocates): what that thread did
 *
 * Returns: %FALSE when the last run had no thread @index.
 */
gboolean
cns_simulator_get_thread_stats (guint index, CnsThreadStats *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  if (par.workers == NULL || index >= par.n_threads)
    return FALSE;
  *out = par.workers[index].stats;
  return TRUE;
}

/**
 * cns_simulator_get_partition_info:
 * @out: (out caller-allocates): the partition of the parallel run
 *
 * Returns: %FALSE when no parallel run was partitioned.
 */
gboolean
cns_simulator_get_partition_info (CnsPartitionInfo *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  if (!par.have_partition)
    return FALSE;
  *out = par.partition.info;
  return TRUE;
}

const CnsSimulatorParallelOps cns_parallel_ops = {
  .run = parallel_run,
  .enqueue = parallel_enqueue,
  .get_event_count = parallel_get_event_count,
  .get_pending_count = parallel_get_pending_count,
  .end_threads = parallel_end_threads,
  .free = parallel_free,
};
