/* cns — state shared by the simulator API and its implementations.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One simulator per process (per MPI rank). Its state is a single static
 * struct: this is the per-rank hot-path state STYLE.md allows to be static.
 * Implementations (default, gtw, null-message) drive the run loop with
 * cns_simulator_invoke() and read or update the fields below; everything
 * else goes through the public API.
 */
#pragma once

#include <pthread.h>

#include "core/cns-fingerprint-private.h"
#include "core/cns-memory-private.h"
#include "core/cns-prefetch-private.h"
#include "core/cns-scheduler.h"
#include "core/cns-simulator-impl.h"
#include "core/cns-simulator.h"

G_BEGIN_DECLS

/* What other files of the core do when a run starts (the config store
 * saves or loads, the fingerprint turns on) and when the simulator is
 * destroyed, registered by the core's start-up: the simulator calls them,
 * in the order added, without calling those files itself. */
typedef void (*CnsSimulatorHook) (guint32 epoch);

G_GNUC_INTERNAL void cns_simulator_add_run_hook (CnsSimulatorHook hook);
G_GNUC_INTERNAL void cns_simulator_add_destroy_hook (CnsSimulatorHook hook);

/* Logging's printers of the simulation time and the running event's
 * node (cns_log_set_time_printer()). */
G_GNUC_INTERNAL void cns_simulator_print_time (gchar *out, gsize size);
G_GNUC_INTERNAL void cns_simulator_print_node (gchar *out, gsize size);

/* Set in CnsEvent.flags for events queued by cns_simulator_schedule_destroy().
 */
#define CNS_EVENT_FLAG_DESTROY 0x1

/* Outside the windows of a parallel run, a thread runs no LP. */
#define CNS_SIMULATOR_LP_NONE G_MAXUINT32

/* What each thread that runs events keeps for itself: the time, context
 * and LP of the event it runs, its free events, its counters. In a
 * sequential run the main thread's copy is the whole simulator's. It lives
 * in thread-local storage of the initial-exec model, so that reading it
 * costs what reading a global did; it is kept small, since a library
 * loaded by dlopen() (Python's) has little static TLS to spare. */
typedef struct
{
  CnsScheduler *scheduler; /* of the LP it runs, or the run's */
  CnsTime now;
  guint32 context;
  guint32 lp;          /* the LP it runs, or CNS_SIMULATOR_LP_NONE */
  const guint32 *lp_of; /* LP of each context + 1 in a parallel run, or NULL */
  CnsEvent *free_events;
  gsize n_free;     /* events on free_events */
  gsize free_limit; /* past this many, a batch goes back to the depot */
  guint64 event_count;
  guint64 n_pending;       /* queued minus run, modulo 2^64: summed over threads */
  CnsEvent *running_event; /* whose handler runs, for take_event_data */
  guint64 running_key;     /* its key: the order of its output */
  CnsTime window_end;      /* events for other LPs come no earlier */
  gpointer worker;         /* the parallel run's data for this thread */
  guint thread_index;
  gboolean stop;
  gboolean fingerprint;     /* cns_fingerprint_record() each event */
  guint8 last_destroy_index; /* the destroy function found last */
} CnsSimulatorThread;

G_GNUC_INTERNAL extern __thread CnsSimulatorThread cns_simulator_thread
    __attribute__ ((tls_model ("initial-exec")));

/* What the threads share. */
typedef struct
{
  guint64 *seq; /* creation counters, indexed by context + 1 */
  gsize n_seq;
  CnsScheduler *scheduler; /* the run's, or the global events' in a parallel run */
  GDestroyNotify destroy_fns[256]; /* [0] unused: index 0 means none */
  guint n_destroy_fns;
  guint32 epoch;
  gboolean running;
  guint n_threads; /* fixed when the simulator is made */
  const CnsSimulatorImplClass *impl;
  /* slabs, depot and destroy functions; a pthread lock, not a GMutex,
   * since ThreadSanitizer sees it */
  pthread_mutex_t lock;
  GPtrArray *slabs;
  CnsEvent *depot;         /* batches of free events, linked through obj */
  GPtrArray *destroy_events;
} CnsSimulatorState;

G_GNUC_INTERNAL extern CnsSimulatorState cns_simulator_state;

/* Gives the calling thread's free events back to the depot (a worker
 * before it ends) and forgets them (a run's end in cns_simulator_destroy()). */
G_GNUC_INTERNAL void cns_simulator_thread_reset (CnsSimulatorThread *t);
/* Makes the calling thread a worker of a parallel run. */
G_GNUC_INTERNAL void cns_simulator_thread_start (guint index, gsize free_limit,
                                                 gboolean fingerprint);
/* Returns a free list longer than the limit's batch to the depot. */
G_GNUC_INTERNAL void cns_simulator_spill_events (CnsSimulatorThread *t);

/* What the simulator needs of the parallel run (cns-parallel.c), which the
 * core's start-up registers: the simulator does not call that file, which
 * calls it. */
typedef struct
{
  /* runs on cns_simulator_state.n_threads threads under @impl */
  void (*run) (const CnsSimulatorImplClass *impl);
  /* queues @ev for an LP other than @t's */
  void (*enqueue) (CnsSimulatorThread *t, CnsTime time, CnsEvent *ev);
  /* the counts of the threads other than the calling one */
  guint64 (*get_event_count) (void);
  guint64 (*get_pending_count) (void);
  /* ends the other threads, their counts added to the caller's */
  void (*end_threads) (void);
  /* frees the LPs, their events released already */
  void (*free) (void);
} CnsSimulatorParallelOps;

G_GNUC_INTERNAL void
cns_simulator_set_parallel_ops (const CnsSimulatorParallelOps *ops);

G_GNUC_INTERNAL void cns_simulator_install_global_values (void);
/* Makes room for the creation counters of contexts below @n_contexts. */
G_GNUC_INTERNAL void cns_simulator_reserve_contexts (guint32 n_contexts);
G_GNUC_INTERNAL guint64 cns_simulator_draw_key (void);

/*
 * cns_simulator_prefetch_context:
 *
 * For schedulers that look ahead: fetches the creation counter of
 * @context, which the next event's handler reads when it schedules, and
 * the prefetch hints of @context.
 */
static inline void
cns_simulator_prefetch_context (guint32 context)
{
  const CnsSimulatorState *s = &cns_simulator_state;
  guint32 index = context + 1; /* CNS_CONTEXT_NONE wraps to 0 */

  if (index < s->n_seq)
    CNS_PREFETCH (&s->seq[index]);
  if (cns_prefetch_active)
    cns_prefetch_hints_fetch (context);
}

/*
 * cns_simulator_invoke:
 *
 * Runs the event of @entry, just taken out of the scheduler, unless it was
 * cancelled, and returns it to the pool. Time and context become the
 * event's while it runs.
 */
static inline void
cns_simulator_invoke (CnsSimulatorThread *t, const CnsSchedulerEntry *entry)
{
  CnsEvent *ev = entry->event;
  CnsEventFn fn = ev->fn;

  if (G_LIKELY (fn != NULL))
    {
      t->now = entry->time;
      t->context = ev->context;
      t->running_key = ev->key;
      /* expired from now on: cancel is a no-op (atomic: a stale id on
       * another thread may read it) */
      __atomic_store_n (&ev->key, 0, __ATOMIC_RELAXED);
      t->n_pending--;
      t->running_event = ev;
      if (G_UNLIKELY (t->fingerprint))
        cns_fingerprint_record (ev->context, entry->time, ev->key);
      fn (ev->obj, ev->data);
      t->running_event = NULL;
      if (G_UNLIKELY ((++t->event_count & 0xFFFF) == 0)
          && t->thread_index == 0)
        cns_memory_track_heap ();
      if (ev->destroy_index != 0)
        cns_simulator_state.destroy_fns[ev->destroy_index](ev->data);
    }
  /* A free slot has key 0, which no event id holds; the other fields are
   * set when it is taken again. */
  __atomic_store_n (&ev->key, 0, __ATOMIC_RELAXED);
  ev->data = t->free_events;
  t->free_events = ev;
  if (G_UNLIKELY (++t->n_free > t->free_limit))
    cns_simulator_spill_events (t);
}

G_END_DECLS
