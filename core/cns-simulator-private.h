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

typedef struct
{
  /* hot: touched for every event */
  CnsScheduler *scheduler;
  CnsTime now;
  guint32 context;
  gboolean stop;
  guint64 *seq; /* creation counters, indexed by context + 1 */
  CnsEvent *free_events;
  guint64 event_count;
  guint64 n_pending;
  CnsEvent *running_event;         /* whose handler runs, for take_event_data */
  gboolean fingerprint;            /* cns_fingerprint_record() each event */
  GDestroyNotify destroy_fns[256]; /* [0] unused: index 0 means none */
  guint8 last_destroy_index;       /* the one found last */

  /* cold */
  guint n_destroy_fns;
  gsize n_seq;
  guint32 epoch;
  gboolean running;
  const CnsSimulatorImplClass *impl;
  GPtrArray *slabs;
  GPtrArray *destroy_events;
} CnsSimulatorState;

G_GNUC_INTERNAL extern CnsSimulatorState cns_simulator_state;

G_GNUC_INTERNAL void cns_simulator_install_global_values (void);
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
cns_simulator_invoke (CnsSimulatorState *s, const CnsSchedulerEntry *entry)
{
  CnsEvent *ev = entry->event;
  CnsEventFn fn = ev->fn;

  if (G_LIKELY (fn != NULL))
    {
      s->now = entry->time;
      s->context = ev->context;
      ev->key = 0; /* expired from now on: cancel is a no-op */
      s->n_pending--;
      s->running_event = ev;
      if (G_UNLIKELY (s->fingerprint))
        cns_fingerprint_record (ev->context, entry->time, ev->key);
      fn (ev->obj, ev->data);
      s->running_event = NULL;
      if (G_UNLIKELY ((++s->event_count & 0xFFFF) == 0))
        cns_memory_track_heap ();
      if (ev->destroy_index != 0)
        s->destroy_fns[ev->destroy_index](ev->data);
    }
  /* A free slot has key 0, which no event id holds; the other fields are
   * set when it is taken again. */
  ev->key = 0;
  ev->data = s->free_events;
  s->free_events = ev;
}

G_END_DECLS
