/* cns — the simulator: event scheduling and the run loop.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Events are 40-byte structs from a pool of slabs, linked through their
 * data field while free; scheduling one takes it from the free list, gives
 * it an ordering key and hands (time, event) to the scheduler. There is no
 * allocation per event in the steady state.
 *
 * The ordering key makes the order of simultaneous events independent of
 * how nodes are split over MPI ranks: it is (creating context, that
 * context's own creation counter). Code outside any event has context
 * CNS_CONTEXT_NONE, which sorts first. Two runs that create the same events
 * in each context therefore order them the same way, whatever else the
 * process holds.
 *
 * Cancelling an event clears its handler and releases its data at once;
 * the slot goes back to the pool when the event reaches the front of the
 * queue. An event id carries the key, and keys are never reused within a
 * run, so a stale id can never cancel a newer event in the same slot; the
 * epoch, bumped by cns_simulator_destroy(), guards ids from earlier runs,
 * whose slabs are gone.
 *
 * The simulator and its scheduler are created on first use from the
 * SimulatorImplementationType and SchedulerType global values.
 */
#include "core/cns-simulator-private.h"

#include "core/cns-core-error.h"
#include "core/cns-partition-private.h"
#include "core/cns-core-private.h"
#include "core/cns-global-value.h"
#include "core/cns-log-private.h"
#include "core/cns-log.h"
#include "core/cns-memory-private.h"
#include "core/cns-prefetch-private.h"
#include "core/cns-rng-seed-manager.h"

#include <pthread.h>
#include <string.h>

/* Events come from slabs of 40 KiB; past SMALL_SLABS of them (10 MiB) from
 * slabs of one huge page (see cns-memory.c), which fill the TLB far less.
 * Either way the unused part of the last slab is small next to the pool. */
#define SLAB_EVENTS     1024
#define SMALL_SLABS     256
#define BIG_SLAB_EVENTS (CNS_MEMORY_HUGE_PAGE / sizeof (CnsEvent))

CNS_LOG_COMPONENT_DEFINE ("cns-simulator");

/* Few, registered once by the core's start-up. */
#define MAX_HOOKS 4
static CnsSimulatorHook run_hooks[MAX_HOOKS], destroy_hooks[MAX_HOOKS];
static guint n_run_hooks, n_destroy_hooks;

CnsSimulatorState cns_simulator_state
    = { .n_threads = 1, .lock = PTHREAD_MUTEX_INITIALIZER };

__thread CnsSimulatorThread cns_simulator_thread
    __attribute__ ((tls_model ("initial-exec")))
    = { .context = CNS_CONTEXT_NONE,
        .lp = CNS_SIMULATOR_LP_NONE,
        .free_limit = G_MAXSIZE };

/* The parallel run, which the core's start-up registers
 * (cns_simulator_set_parallel_ops()); until then, and in programs that
 * never run on threads, these do nothing. */
static void
no_parallel_run (const CnsSimulatorImplClass *impl)
{
  impl->run ();
}

static guint64
no_parallel_count (void)
{
  return 0;
}

static void
no_parallel_end (void)
{
}

static const CnsSimulatorParallelOps no_parallel_ops = {
  .run = no_parallel_run,
  .enqueue = NULL, /* never: no LPs without the parallel run */
  .get_event_count = no_parallel_count,
  .get_pending_count = no_parallel_count,
  .end_threads = no_parallel_end,
  .free = no_parallel_end,
};
static const CnsSimulatorParallelOps *parallel_ops = &no_parallel_ops;

void
cns_simulator_set_parallel_ops (const CnsSimulatorParallelOps *ops)
{
  g_return_if_fail (ops != NULL && ops->run != NULL && ops->enqueue != NULL);
  parallel_ops = ops;
}

/* Events move between a thread's free list and the depot this many at a
 * time. */
#define DEPOT_BATCH 1024

/* Never past the counters of valid contexts, so that simulator_schedule()
 * can take an index below n_seq for a valid context. */
static G_GNUC_NO_INLINE void
simulator_grow_contexts (CnsSimulatorState *s, gsize needed)
{
  gsize n = MIN (MAX (needed, s->n_seq * 2), (gsize) CNS_CONTEXT_MAX + 2);
  guint64 *seq;

  /* the threads of a parallel run read the counters unlocked */
  if (cns_simulator_thread.lp_of != NULL)
    cns_fatal ("context %u was not known when the parallel run started: "
               "make every node before cns_simulator_run()",
               (guint32) (needed - 2));
  seq = cns_memory_alloc (n * sizeof (guint64), sizeof (guint64));

  if (s->seq != NULL)
    memcpy (seq, s->seq, s->n_seq * sizeof (guint64));
  memset (seq + s->n_seq, 0, (n - s->n_seq) * sizeof (guint64));
  cns_memory_free (s->seq);
  s->seq = seq;
  s->n_seq = n;
}

/* Makes room for the creation counter of @context, or of nothing for
 * CNS_CONTEXT_NONE, whose counter, at index 0, always exists. */
static inline void
simulator_ensure_contexts (CnsSimulatorState *s, guint32 context)
{
  guint32 index = context + 1; /* CNS_CONTEXT_NONE wraps to 0 */

  if (G_UNLIKELY (index >= s->n_seq))
    simulator_grow_contexts (s, (gsize) index + 1);
}

/* Threads the Threads global value asks for (0: one per core). */
static guint
simulator_threads_wanted (void)
{
  guint n = (guint) cns_global_value_get_uint64 ("Threads");

  return n == 0 ? MAX (g_get_num_processors (), 1) : n;
}

void
cns_simulator_reserve_contexts (guint32 n_contexts)
{
  if (n_contexts > 0)
    simulator_ensure_contexts (&cns_simulator_state, n_contexts - 1);
}

static void
simulator_create (CnsSimulatorState *s)
{
  g_autoptr (GError) error = NULL;
  const gchar *impl_name
      = cns_global_value_get_string ("SimulatorImplementationType");
  const gchar *scheduler_name = cns_global_value_get_string ("SchedulerType");
  const CnsSchedulerClass *scheduler;

  g_return_if_fail (s->scheduler == NULL);
  s->impl = cns_simulator_impl_lookup (impl_name, &error);
  if (s->impl == NULL)
    cns_fatal ("SimulatorImplementationType: %s", error->message);
  /* under mpirun the sequential simulator would run each rank's part
   * alone: the user meant a distributed run */
  if (strcmp (s->impl->name, "default") == 0)
    {
      const CnsSimulatorImplClass *gtw
          = cns_simulator_impl_lookup ("gtw", NULL);

      if (gtw != NULL && gtw->get_n_systems () > 1)
        {
          CNS_LOG_INFO ("%u MPI ranks: simulator 'gtw' instead of 'default'",
                        gtw->get_n_systems ());
          s->impl = gtw;
        }
    }
  scheduler = cns_scheduler_lookup (scheduler_name, &error);
  if (scheduler == NULL)
    cns_fatal ("SchedulerType: %s", error->message);
  if (s->impl->setup != NULL && !s->impl->setup (&error))
    cns_fatal ("simulator implementation '%s': %s", s->impl->name,
               error->message);

  s->scheduler = scheduler->create ();
  cns_simulator_thread.scheduler = s->scheduler;
  s->n_threads = simulator_threads_wanted ();
  s->epoch++;
  s->slabs = g_ptr_array_new_with_free_func (cns_memory_free);
  s->destroy_events = g_ptr_array_new ();
  simulator_ensure_contexts (s, 62);
  CNS_LOG_INFO ("simulator '%s' with scheduler '%s'", s->impl->name,
                scheduler->name);
}

static inline CnsSimulatorState *
simulator_get (void)
{
  CnsSimulatorState *s = &cns_simulator_state;

  if (G_UNLIKELY (s->scheduler == NULL))
    simulator_create (s);
  return s;
}

/* Carves a new slab into free events; called with the lock held. */
static CnsEvent *
simulator_carve_slab (CnsSimulatorState *s, gsize *n_events)
{
  gboolean big = s->slabs->len >= SMALL_SLABS;
  gsize n = big ? BIG_SLAB_EVENTS : SLAB_EVENTS;
  /* a big slab asks for the whole huge page, which cns_memory_alloc()
   * then backs with one */
  CnsEvent *slab = cns_memory_alloc (
      big ? CNS_MEMORY_HUGE_PAGE : n * sizeof (CnsEvent), 64);

  g_ptr_array_add (s->slabs, slab);
  for (gsize i = 0; i < n; i++)
    {
      /* key 0 and no handler: no event id matches a free slot */
      slab[i].key = 0;
      slab[i].fn = NULL;
      slab[i].destroy_index = 0;
      slab[i].data = i + 1 < n ? &slab[i + 1] : NULL;
    }
  *n_events = n;
  return slab;
}

/* Fills the thread's empty free list: a batch from the depot, which
 * threads of a parallel run give back to, or else a new slab. */
static G_GNUC_NO_INLINE CnsEvent *
simulator_refill (CnsSimulatorState *s, CnsSimulatorThread *t)
{
  CnsEvent *events;
  gsize n;

  pthread_mutex_lock (&s->lock);
  if (s->depot != NULL)
    {
      events = s->depot;
      s->depot = events->obj;
      n = DEPOT_BATCH;
    }
  else
    events = simulator_carve_slab (s, &n);
  pthread_mutex_unlock (&s->lock);
  t->free_events = events;
  t->n_free = n;
  return events;
}

/* A thread of a parallel run frees the events other threads made for its
 * LPs; what it holds past its limit goes back in batches, so that memory
 * freed by one thread serves another's allocations. */
void
cns_simulator_spill_events (CnsSimulatorThread *t)
{
  CnsSimulatorState *s = &cns_simulator_state;

  while (t->n_free > t->free_limit)
    {
      CnsEvent *batch = t->free_events, *last = batch;

      for (guint i = 1; i < DEPOT_BATCH; i++)
        last = last->data;
      t->free_events = last->data;
      t->n_free -= DEPOT_BATCH;
      last->data = NULL;
      pthread_mutex_lock (&s->lock);
      batch->obj = s->depot;
      s->depot = batch;
      pthread_mutex_unlock (&s->lock);
    }
}

void
cns_simulator_thread_start (guint index, gsize free_limit, gboolean fingerprint)
{
  CnsSimulatorThread *t = &cns_simulator_thread;

  g_return_if_fail (free_limit >= DEPOT_BATCH);
  t->thread_index = index;
  t->free_limit = free_limit;
  t->context = CNS_CONTEXT_NONE;
  t->lp = CNS_SIMULATOR_LP_NONE;
  t->fingerprint = fingerprint;
}

void
cns_simulator_thread_reset (CnsSimulatorThread *t)
{
  t->free_events = NULL;
  t->n_free = 0;
  t->free_limit = G_MAXSIZE;
  t->event_count = 0;
  t->n_pending = 0;
  t->running_event = NULL;
  t->scheduler = NULL;
  t->now = 0;
  t->context = CNS_CONTEXT_NONE;
  t->lp = CNS_SIMULATOR_LP_NONE;
  t->lp_of = NULL;
  t->worker = NULL;
  t->thread_index = 0;
  t->stop = FALSE;
  t->fingerprint = FALSE;
  t->last_destroy_index = 0;
}

static inline CnsEvent *
simulator_alloc_event (CnsSimulatorState *s, CnsSimulatorThread *t)
{
  CnsEvent *ev = t->free_events;

  if (G_UNLIKELY (ev == NULL))
    ev = simulator_refill (s, t);
  t->free_events = ev->data;
  t->n_free--;
  return ev;
}

static void
simulator_key_overflow (guint32 context)
{
  cns_fatal ("context %u created more than 2^%d events; the ordering key "
             "cannot tell them apart",
             context, CNS_EVENT_KEY_SEQ_BITS);
}

/* The key of a new event created by the running context. */
static inline guint64
simulator_next_key (CnsSimulatorState *s, CnsSimulatorThread *t)
{
  guint32 index = t->context + 1; /* CNS_CONTEXT_NONE wraps to 0 */
  guint64 seq = ++s->seq[index];

  if (G_UNLIKELY (seq > CNS_EVENT_KEY_SEQ_MAX))
    simulator_key_overflow (t->context);
  return ((guint64) index << CNS_EVENT_KEY_SEQ_BITS) | seq;
}

/* Index of @destroy in the simulator's table of destroy functions; events
 * store the index in one byte rather than an 8-byte pointer. A model
 * passes the same one or two functions over and over, so the last one
 * found is tried first. The table only grows, under the lock, so threads
 * read it unlocked. */
static G_GNUC_NO_INLINE guint8
simulator_find_destroy_index (CnsSimulatorState *s, CnsSimulatorThread *t,
                              GDestroyNotify destroy)
{
  guint i, n;

  pthread_mutex_lock (&s->lock);
  n = s->n_destroy_fns;
  for (i = 1; i <= n; i++)
    if (s->destroy_fns[i] == destroy)
      break;
  if (i > n)
    {
      if (i >= G_N_ELEMENTS (s->destroy_fns))
        cns_fatal ("more than %u different destroy functions given to "
                   "cns_simulator_schedule_full()",
                   (guint) G_N_ELEMENTS (s->destroy_fns) - 1);
      s->destroy_fns[i] = destroy;
      s->n_destroy_fns = i;
    }
  pthread_mutex_unlock (&s->lock);
  t->last_destroy_index = (guint8) i;
  return (guint8) i;
}

static inline guint8
simulator_destroy_index (CnsSimulatorState *s, CnsSimulatorThread *t,
                         GDestroyNotify destroy)
{
  if (destroy == NULL)
    return 0;
  if (G_LIKELY (s->destroy_fns[t->last_destroy_index] == destroy))
    return t->last_destroy_index;
  return simulator_find_destroy_index (s, t, destroy);
}

/* Queues @ev for its context's LP: the running LP's own scheduler, or,
 * in a parallel run, another LP's (see cns-parallel-simulator-impl.c). */
static inline void
simulator_enqueue (CnsSimulatorThread *t, CnsTime time, CnsEvent *ev)
{
  if (G_LIKELY (t->lp_of == NULL || t->lp_of[ev->context + 1] == t->lp))
    t->scheduler->klass->insert (t->scheduler, time, ev);
  else
    parallel_ops->enqueue (t, time, ev);
}

/* Schedules an event from the pool, which must not be empty, under @key.
 * The id is read back from the event after the scheduler's insert, so
 * that few values stay live across the call. */
static inline CnsEventId
simulator_insert_keyed (CnsSimulatorState *s, CnsSimulatorThread *t,
                        guint64 key, guint32 context, CnsTime time,
                        CnsEventFn fn, gpointer obj, gpointer data,
                        guint8 destroy)
{
  CnsEvent *ev = t->free_events;
  CnsEventId id;

  t->free_events = ev->data;
  t->n_free--;
  /* relaxed atomics: a stale id on another thread may read them (see
   * simulator_live_event()) */
  __atomic_store_n (&ev->key, key, __ATOMIC_RELAXED);
  __atomic_store_n (&ev->fn, fn, __ATOMIC_RELAXED);
  ev->obj = obj;
  ev->data = data;
  ev->context = context;
  ev->destroy_index = destroy;
  ev->flags = 0;
  t->n_pending++;
  simulator_enqueue (t, time, ev);
  id.event = ev;
  id.key = ev->key;
  id.time = time;
  id.epoch = s->epoch;
  id.context = ev->context;
  return id;
}

/* The same under the running context's next key. */
static inline CnsEventId
simulator_insert_from_pool (CnsSimulatorState *s, CnsSimulatorThread *t,
                            guint32 context, CnsTime time, CnsEventFn fn,
                            gpointer obj, gpointer data, guint8 destroy)
{
  return simulator_insert_keyed (s, t, simulator_next_key (s, t), context,
                                 time, fn, obj, data, destroy);
}

static inline CnsEventId
simulator_insert (CnsSimulatorState *s, CnsSimulatorThread *t,
                  guint32 context, CnsTime time, CnsEventFn fn, gpointer obj,
                  gpointer data, guint8 destroy)
{
  if (G_UNLIKELY (t->free_events == NULL))
    simulator_refill (s, t);
  return simulator_insert_from_pool (s, t, context, time, fn, obj, data,
                                     destroy);
}

/* Reports a failed argument check of the public function @caller, as
 * g_return_val_if_fail() in @caller itself would. */
#define SIMULATOR_CHECK(caller, expr, value)                        \
  G_STMT_START                                                      \
    {                                                               \
      if (G_UNLIKELY (!(expr)))                                     \
        {                                                           \
          g_return_if_fail_warning (G_LOG_DOMAIN, (caller), #expr); \
          return (value);                                           \
        }                                                           \
    }                                                               \
  G_STMT_END

/* simulator_schedule() for the calls its fast path leaves: the first one,
 * bad arguments, a new context, a new destroy function, an empty pool.
 * @caller is the public function, which misuse is reported against. */
static G_GNUC_NO_INLINE CnsEventId
simulator_schedule_slow (const gchar *caller, guint32 context, CnsTime delay,
                         CnsEventFn fn, gpointer obj, gpointer data,
                         GDestroyNotify destroy)
{
  static const CnsEventId none = CNS_EVENT_ID_INIT;
  CnsSimulatorState *s = simulator_get ();
  CnsSimulatorThread *t = &cns_simulator_thread;

  SIMULATOR_CHECK (caller, fn != NULL, none);
  SIMULATOR_CHECK (caller, delay >= 0, none);
  SIMULATOR_CHECK (caller, delay <= CNS_TIME_MAX - t->now, none);
  SIMULATOR_CHECK (
      caller, context <= CNS_CONTEXT_MAX || context == CNS_CONTEXT_NONE, none);
  simulator_ensure_contexts (s, context);
  return simulator_insert (s, t, context, t->now + delay, fn, obj, data,
                           simulator_destroy_index (s, t, destroy));
}

/* Inlined into each public schedule function: whether the call needs
 * anything but an event from the pool and the scheduler's insert is one
 * branch, and the rest is straight-line. */
G_ALWAYS_INLINE static inline CnsEventId
simulator_schedule (const gchar *caller, guint32 context, CnsTime delay,
                    CnsEventFn fn, gpointer obj, gpointer data,
                    GDestroyNotify destroy)
{
  CnsSimulatorState *s = &cns_simulator_state;
  CnsSimulatorThread *t = &cns_simulator_thread;

  /* delay in [0, CNS_TIME_MAX - now] as one unsigned comparison; context
   * + 1 wraps CNS_CONTEXT_NONE to 0, the index of its counter, and is
   * below n_seq (0 before the simulator exists, at most the counters of
   * valid contexts) only for a valid context seen before */
  if (G_UNLIKELY (fn == NULL
                  || (guint64) delay > (guint64) (CNS_TIME_MAX - t->now)
                  || (guint32) (context + 1) >= s->n_seq
                  || (destroy != NULL
                      && destroy != s->destroy_fns[t->last_destroy_index])
                  || t->free_events == NULL))
    return simulator_schedule_slow (caller, context, delay, fn, obj, data,
                                    destroy);
  return simulator_insert_from_pool (s, t, context, t->now + delay, fn, obj,
                                     data,
                                     destroy != NULL ? t->last_destroy_index
                                                     : 0);
}

/**
 * cns_simulator_schedule_remote: (skip)
 * @time: the absolute time, not before now
 * @context: the receiving node
 * @key: the ordering key the creating event drew on its rank
 * @fn: the handler
 * @obj: first handler argument
 * @data: second handler argument
 * @destroy: (nullable): as for cns_simulator_schedule_full()
 *
 * Schedules an event that an event on another MPI rank created, such as
 * the arrival of a packet over a remote link, under the key it drew there
 * (see cns_mpi_send()), so that it sorts among simultaneous events exactly
 * as it would have in a sequential run. Only receivers of remote messages
 * call this.
 *
 * Returns: the event's id.
 */
CnsEventId
cns_simulator_schedule_remote (CnsTime time, guint32 context, guint64 key,
                               CnsEventFn fn, gpointer obj, gpointer data,
                               GDestroyNotify destroy)
{
  static const CnsEventId none = CNS_EVENT_ID_INIT;
  CnsSimulatorState *s = simulator_get ();
  CnsSimulatorThread *t = &cns_simulator_thread;

  g_return_val_if_fail (fn != NULL, none);
  g_return_val_if_fail (time >= t->now, none);
  g_return_val_if_fail (context <= CNS_CONTEXT_MAX, none);
  g_return_val_if_fail (key != 0, none);
  simulator_ensure_contexts (s, context);
  if (G_UNLIKELY (t->free_events == NULL))
    simulator_refill (s, t);
  return simulator_insert_keyed (s, t, key, context, time, fn, obj, data,
                                 simulator_destroy_index (s, t, destroy));
}

/* The key of an event the running context creates on another rank. */
guint64
cns_simulator_draw_key (void)
{
  return simulator_next_key (simulator_get (), &cns_simulator_thread);
}

/**
 * cns_simulator_schedule: (skip)
 * @delay: how long from now, not negative
 * @fn: the handler
 * @obj: first handler argument
 * @data: second handler argument
 *
 * Schedules @fn (@obj, @data) to run @delay from now, in the current
 * context.
 *
 * Returns: the event's id.
 */
CnsEventId
cns_simulator_schedule (CnsTime delay, CnsEventFn fn, gpointer obj,
                        gpointer data)
{
  return simulator_schedule (G_STRFUNC, cns_simulator_thread.context, delay, fn,
                             obj, data, NULL);
}

/**
 * cns_simulator_schedule_full: (skip)
 * @destroy: (nullable): called on @data exactly once: after @fn has run,
 *   or when the event is cancelled, removed or dropped by
 *   cns_simulator_destroy()
 *
 * Like cns_simulator_schedule(), with a destroy notify for @data.
 *
 * Returns: the event's id.
 */
CnsEventId
cns_simulator_schedule_full (CnsTime delay, CnsEventFn fn, gpointer obj,
                             gpointer data, GDestroyNotify destroy)
{
  return simulator_schedule (G_STRFUNC, cns_simulator_thread.context, delay, fn,
                             obj, data, destroy);
}

G_DEFINE_BOXED_TYPE (CnsEventId, cns_event_id, cns_event_id_copy,
                     cns_event_id_free)

/**
 * cns_event_id_copy:
 *
 * Returns: (transfer full): a copy of @id on the heap, for bindings.
 */
CnsEventId *
cns_event_id_copy (const CnsEventId *id)
{
  return g_memdup2 (id, sizeof *id);
}

/**
 * cns_event_id_free:
 *
 * Frees a copy made by cns_event_id_copy(); the event is not touched.
 */
void
cns_event_id_free (CnsEventId *id)
{
  g_free (id);
}

/* A callable scheduled by cns_simulator_schedule_func(), and what it
 * needs. Allocated per event: only bindings and one-off callers use it. */
typedef struct
{
  CnsSimulatorFunc func;
  gpointer user_data;
  GDestroyNotify destroy;
} SimulatorCall;

static void
simulator_call_run (gpointer obj, gpointer data)
{
  SimulatorCall *call = data;

  call->func (call->user_data);
}

static void
simulator_call_free (gpointer data)
{
  SimulatorCall *call = data;

  if (call->destroy != NULL)
    call->destroy (call->user_data);
  g_free (call);
}

/* clang-format off */
/**
 * cns_simulator_schedule_with_context_func: (rename-to cns_simulator_schedule_with_context)
 * @context: the context (node id) the event runs in, or %CNS_CONTEXT_NONE
 * @delay: how long from now the event runs; not negative
 * @func: (scope notified) (closure user_data) (destroy destroy): what runs
 * @user_data: the data @func gets
 * @destroy: (nullable): called on @user_data exactly once: after @func has
 *   run, or when the event is cancelled, removed or dropped by
 *   cns_simulator_destroy()
 *
 * cns_simulator_schedule_with_context_full() for a single callable, as
 * bindings schedule them: `Cns.simulator_schedule_with_context(node.get_id(),
 * Cns.seconds(1), fn, arg)` in Python.
 *
 * Returns: (transfer full): the event's id.
 */
/* clang-format on */
CnsEventId *
cns_simulator_schedule_with_context_func (guint32 context, CnsTime delay,
                                          CnsSimulatorFunc func,
                                          gpointer user_data,
                                          GDestroyNotify destroy)
{
  SimulatorCall *call;
  CnsEventId id;

  g_return_val_if_fail (func != NULL, NULL);
  call = g_new (SimulatorCall, 1);
  *call = (SimulatorCall){ func, user_data, destroy };
  id = simulator_schedule (G_STRFUNC, context, delay, simulator_call_run, NULL,
                           call, simulator_call_free);
  if (id.event == NULL) /* refused, and said why */
    simulator_call_free (call);
  return cns_event_id_copy (&id);
}

/**
 * cns_simulator_schedule_func: (rename-to cns_simulator_schedule)
 * @delay: how long from now the event runs; not negative
 * @func: (scope notified) (closure user_data) (destroy destroy): what runs
 * @user_data: the data @func gets
 * @destroy: (nullable): as for cns_simulator_schedule_with_context_func()
 *
 * cns_simulator_schedule_full() for a single callable, in the current
 * context: `Cns.simulator_schedule(Cns.seconds(1), fn, arg)` in Python.
 *
 * Returns: (transfer full): the event's id.
 */
CnsEventId *
cns_simulator_schedule_func (CnsTime delay, CnsSimulatorFunc func,
                             gpointer user_data, GDestroyNotify destroy)
{
  return cns_simulator_schedule_with_context_func (
      cns_simulator_thread.context, delay, func, user_data, destroy);
}

/**
 * cns_simulator_schedule_with_context: (skip)
 * @context: the context (node id) the event runs in, or %CNS_CONTEXT_NONE
 *
 * Like cns_simulator_schedule(), for an event that runs in another
 * context: a packet arriving at another node, say.
 *
 * Returns: the event's id.
 */
CnsEventId
cns_simulator_schedule_with_context (guint32 context, CnsTime delay,
                                     CnsEventFn fn, gpointer obj, gpointer data)
{
  return simulator_schedule (G_STRFUNC, context, delay, fn, obj, data, NULL);
}

/**
 * cns_simulator_schedule_with_context_full: (skip)
 *
 * cns_simulator_schedule_with_context() with a destroy notify, as in
 * cns_simulator_schedule_full().
 *
 * Returns: the event's id.
 */
CnsEventId
cns_simulator_schedule_with_context_full (guint32 context, CnsTime delay,
                                          CnsEventFn fn, gpointer obj,
                                          gpointer data, GDestroyNotify destroy)
{
  return simulator_schedule (G_STRFUNC, context, delay, fn, obj, data, destroy);
}

/**
 * cns_simulator_schedule_now: (skip)
 *
 * Schedules @fn to run at the current time, after the events already due
 * now that were created before it.
 *
 * Returns: the event's id.
 */
CnsEventId
cns_simulator_schedule_now (CnsEventFn fn, gpointer obj, gpointer data)
{
  return simulator_schedule (G_STRFUNC, cns_simulator_thread.context, 0, fn, obj,
                             data, NULL);
}

/**
 * cns_simulator_schedule_destroy: (skip)
 *
 * Schedules @fn to run in cns_simulator_destroy(), in the order such events
 * were scheduled. Modules use it to release global state.
 *
 * Returns: the event's id; cancelling it keeps @fn from running.
 */
CnsEventId
cns_simulator_schedule_destroy (CnsEventFn fn, gpointer obj, gpointer data)
{
  CnsSimulatorState *s = simulator_get ();
  CnsSimulatorThread *t = &cns_simulator_thread;
  static const CnsEventId none = CNS_EVENT_ID_INIT;
  CnsEvent *ev;
  CnsEventId id;

  g_return_val_if_fail (fn != NULL, none);
  g_return_val_if_fail (t->lp_of == NULL, none);
  ev = simulator_alloc_event (s, t);
  ev->key = simulator_next_key (s, t);
  ev->fn = fn;
  ev->obj = obj;
  ev->data = data;
  ev->context = CNS_CONTEXT_NONE;
  ev->destroy_index = 0;
  ev->flags = CNS_EVENT_FLAG_DESTROY;
  g_ptr_array_add (s->destroy_events, ev);

  id.event = ev;
  id.key = ev->key;
  id.time = CNS_TIME_MAX;
  id.epoch = s->epoch;
  id.context = CNS_CONTEXT_NONE;
  return id;
}

/**
 * cns_simulator_take_event_data:
 *
 * For an event handler: takes over the running event's data, so that its
 * destroy notify is not called after the handler returns. Lets a handler
 * pass on the reference its data holds (a packet arriving at a device)
 * instead of taking another.
 */
void
cns_simulator_take_event_data (void)
{
  CnsSimulatorThread *t = &cns_simulator_thread;

  g_return_if_fail (t->running_event != NULL);
  t->running_event->destroy_index = 0;
}

/**
 * cns_simulator_invoke_with_context: (skip)
 * @context: the context to run in, or %CNS_CONTEXT_NONE
 *
 * Calls @fn (@obj, @data) now, as if it were an event of @context: the
 * events it schedules are created by @context and ordered as such. Lets
 * one event start many nodes, each in its own context, as if each had had
 * an event of its own.
 */
void
cns_simulator_invoke_with_context (guint32 context, CnsEventFn fn, gpointer obj,
                                   gpointer data)
{
  CnsSimulatorState *s = simulator_get ();
  CnsSimulatorThread *t = &cns_simulator_thread;
  guint32 saved = t->context;
  CnsEvent *running = t->running_event;

  g_return_if_fail (fn != NULL);
  g_return_if_fail (context <= CNS_CONTEXT_MAX || context == CNS_CONTEXT_NONE);
  simulator_ensure_contexts (s, context);
  t->context = context;
  t->running_event = NULL; /* @fn is no event: it has no data to take */
  fn (obj, data);
  t->running_event = running;
  t->context = saved;
}

/* The event @id names if it has not run, been cancelled or removed. */
static CnsEvent *
simulator_live_event (const CnsEventId *id)
{
  CnsSimulatorState *s = &cns_simulator_state;
  CnsEvent *ev = id->event;

  if (ev == NULL || id->epoch != s->epoch || s->scheduler == NULL)
    return NULL;
  /* In a parallel run the slot of an event that ran may serve another
   * thread by now: its key, never reused, tells; read as relaxed atomics,
   * since that thread may be writing them. */
  if (__atomic_load_n (&ev->key, __ATOMIC_RELAXED) != id->key
      || __atomic_load_n (&ev->fn, __ATOMIC_RELAXED) == NULL)
    return NULL;
  return ev;
}

static void
simulator_release (CnsSimulatorState *s, CnsEvent *ev)
{
  guint8 destroy = ev->destroy_index;

  __atomic_store_n (&ev->fn, NULL, __ATOMIC_RELAXED);
  ev->destroy_index = 0;
  if (!(ev->flags & CNS_EVENT_FLAG_DESTROY))
    cns_simulator_thread.n_pending--;
  if (destroy != 0)
    s->destroy_fns[destroy](ev->data);
}

/**
 * cns_simulator_cancel:
 * @id: an event id
 *
 * Keeps the event from running and releases its data now. Harmless on an
 * event that has run or was already cancelled or removed. O(1).
 */
void
cns_simulator_cancel (const CnsEventId *id)
{
  CnsEvent *ev;

  g_return_if_fail (id != NULL);
  if ((ev = simulator_live_event (id)) != NULL)
    simulator_release (&cns_simulator_state, ev);
}

/**
 * cns_simulator_remove:
 * @id: an event id
 *
 * Like cns_simulator_cancel(), and also takes the event out of the queue
 * at once when the scheduler can do that cheaply (the list scheduler);
 * otherwise its slot is reclaimed when its time comes.
 */
void
cns_simulator_remove (const CnsEventId *id)
{
  CnsSimulatorState *s = &cns_simulator_state;
  CnsSimulatorThread *t = &cns_simulator_thread;
  CnsEvent *ev;
  gboolean removed;

  g_return_if_fail (id != NULL);
  if ((ev = simulator_live_event (id)) == NULL)
    return;
  /* in a parallel run the event may sit in another LP's queue: it is
   * cancelled, and its slot comes back when its time comes */
  removed = !(ev->flags & CNS_EVENT_FLAG_DESTROY) && t->lp_of == NULL
            && t->scheduler->klass->remove != NULL
            && t->scheduler->klass->remove (t->scheduler, id->time, ev);
  simulator_release (s, ev);
  if (removed)
    {
      __atomic_store_n (&ev->key, 0, __ATOMIC_RELAXED);
      ev->data = t->free_events;
      t->free_events = ev;
      t->n_free++;
    }
}

/**
 * cns_simulator_is_expired:
 * @id: an event id
 *
 * Returns: %TRUE when the event has run, is running, was cancelled or
 * removed, or belongs to an earlier simulation.
 */
gboolean
cns_simulator_is_expired (const CnsEventId *id)
{
  g_return_val_if_fail (id != NULL, TRUE);
  return simulator_live_event (id) == NULL;
}

/**
 * cns_simulator_get_delay_left:
 *
 * Returns: how long until the event runs; 0 once it is expired.
 */
CnsTime
cns_simulator_get_delay_left (const CnsEventId *id)
{
  g_return_val_if_fail (id != NULL, 0);
  if (cns_simulator_is_expired (id))
    return 0;
  if (id->event->flags & CNS_EVENT_FLAG_DESTROY)
    return CNS_TIME_MAX - cns_simulator_thread.now;
  return id->time - cns_simulator_thread.now;
}

/**
 * cns_simulator_now:
 *
 * Returns: the current simulation time.
 */
CnsTime
cns_simulator_now (void)
{
  return cns_simulator_thread.now;
}

/**
 * cns_simulator_get_context:
 *
 * Returns: the context of the running event (a node id), or
 * %CNS_CONTEXT_NONE outside events.
 */
guint32
cns_simulator_get_context (void)
{
  return cns_simulator_thread.context;
}

void
cns_simulator_add_run_hook (CnsSimulatorHook hook)
{
  g_return_if_fail (n_run_hooks < MAX_HOOKS);
  run_hooks[n_run_hooks++] = hook;
}

void
cns_simulator_add_destroy_hook (CnsSimulatorHook hook)
{
  g_return_if_fail (n_destroy_hooks < MAX_HOOKS);
  destroy_hooks[n_destroy_hooks++] = hook;
}

void
cns_simulator_print_time (gchar *out, gsize size)
{
  g_return_if_fail (size >= CNS_TIME_STRING_SIZE);
  cns_time_format_seconds (cns_simulator_thread.now, out);
}

void
cns_simulator_print_node (gchar *out, gsize size)
{
  if (cns_simulator_thread.context == CNS_CONTEXT_NONE)
    g_strlcpy (out, "-", size);
  else
    g_snprintf (out, size, "%u", cns_simulator_thread.context);
}

/**
 * cns_simulator_get_event_count:
 *
 * Returns: events run so far.
 */
guint64
cns_simulator_get_event_count (void)
{
  return cns_simulator_thread.event_count + parallel_ops->get_event_count ();
}

/**
 * cns_simulator_get_pending_count:
 *
 * Returns: events scheduled that have not run, been cancelled or removed
 * (destroy-time events not included).
 */
guint64
cns_simulator_get_pending_count (void)
{
  return cns_simulator_thread.n_pending + parallel_ops->get_pending_count ();
}

/**
 * cns_simulator_get_maximum_simulation_time:
 *
 * Returns: the latest time.
 */
CnsTime
cns_simulator_get_maximum_simulation_time (void)
{
  return CNS_TIME_MAX;
}

/**
 * cns_simulator_run:
 *
 * Runs events in order until none is left or cns_simulator_stop() is
 * called. Running again after a stop continues where it stopped. The
 * first run of a simulation first saves or loads the object attribute
 * values when --ConfigStore::Mode asks for it.
 */
void
cns_simulator_run (void)
{
  CnsSimulatorState *s = simulator_get ();
  CnsSimulatorThread *t = &cns_simulator_thread;

  g_return_if_fail (!s->running);
  g_return_if_fail (t->lp == CNS_SIMULATOR_LP_NONE);
  for (guint i = 0; i < n_run_hooks; i++)
    run_hooks[i](s->epoch);
  cns_log_start ();
  t->stop = FALSE;
  s->running = TRUE;
  cns_memory_track_heap ();
  if (s->n_threads > 1)
    parallel_ops->run (s->impl);
  else
    s->impl->run ();
  s->running = FALSE;
  t->context = CNS_CONTEXT_NONE;
}

/**
 * cns_simulator_stop:
 *
 * Makes cns_simulator_run() return once the running event finishes.
 */
void
cns_simulator_stop (void)
{
  cns_simulator_thread.stop = TRUE;
}

static void
simulator_stop_event (gpointer obj, gpointer data)
{
  cns_simulator_stop ();
}

/**
 * cns_simulator_stop_at:
 * @time: an absolute time, not before now
 *
 * Makes the run stop at @time: events at earlier times run, later ones do
 * not. An event at exactly @time runs if it was created before this call by
 * code outside any node, and not otherwise.
 */
void
cns_simulator_stop_at (CnsTime time)
{
  CnsSimulatorState *s = simulator_get ();
  CnsSimulatorThread *t = &cns_simulator_thread;
  guint32 context = t->context;

  g_return_if_fail (time >= t->now);
  /* The stop event belongs to no node, so its key sorts it before node
   * events at the same time on every rank. */
  t->context = CNS_CONTEXT_NONE;
  simulator_insert (s, t, CNS_CONTEXT_NONE, time, simulator_stop_event, NULL,
                    NULL, 0);
  t->context = context;
}

/**
 * cns_simulator_is_finished:
 *
 * Returns: %TRUE when no event is pending or a stop was requested.
 */
gboolean
cns_simulator_is_finished (void)
{
  return cns_simulator_thread.stop || cns_simulator_get_pending_count () == 0;
}

static void
simulator_run_destroy_events (CnsSimulatorState *s)
{
  /* Destroy events may schedule more destroy events; run those too. */
  for (guint i = 0; i < s->destroy_events->len; i++)
    {
      CnsEvent *ev = g_ptr_array_index (s->destroy_events, i);
      CnsEventFn fn = ev->fn;

      if (fn == NULL)
        continue;
      cns_simulator_thread.context = CNS_CONTEXT_NONE;
      ev->key = 0;
      ev->fn = NULL;
      fn (ev->obj, ev->data);
    }
}

/* Releases the data of every pending event. It walks the slabs rather than
 * taking the events out of the scheduler in time order: sequential memory
 * instead of a heap pop per event (16 M pending events took 30 s that way).
 * A destroy notify may cancel events not reached yet, which the walk then
 * skips, or schedule new ones, which a further pass finds. */
static void
simulator_release_pending (CnsSimulatorState *s)
{
  CnsSimulatorThread *t = &cns_simulator_thread;

  if (s->n_destroy_fns == 0)
    {
      t->n_pending = 0; /* no data to release */
      return;
    }
  while (t->n_pending > 0)
    {
      guint64 before = t->n_pending;

      for (guint i = 0; i < s->slabs->len; i++)
        {
          CnsEvent *slab = g_ptr_array_index (s->slabs, i);
          gsize n = i < SMALL_SLABS ? SLAB_EVENTS : BIG_SLAB_EVENTS;

          for (gsize e = 0; e < n; e++)
            if (slab[e].key != 0 && slab[e].fn != NULL
                && !(slab[e].flags & CNS_EVENT_FLAG_DESTROY))
              simulator_release (s, &slab[e]);
        }
      if (t->n_pending == before)
        cns_fatal ("cns_simulator_destroy: %" G_GUINT64_FORMAT
                   " pending events are not in the event pool",
                   before);
    }
}

/**
 * cns_simulator_destroy:
 *
 * Runs the destroy-time events, releases every pending event (calling its
 * destroy notify), frees the event pool and resets time, counters and the
 * choice of scheduler and implementation, so that a program can build and
 * run another simulation. The automatic random stream numbers start over
 * too, so the same program run twice in a row gives the same results.
 */
void
cns_simulator_destroy (void)
{
  CnsSimulatorState *s = &cns_simulator_state;
  guint32 epoch = s->epoch;

  g_return_if_fail (!s->running);
  cns_rng_seed_manager_reset_next_stream ();
  if (s->scheduler == NULL)
    {
      cns_prefetch_hints_free ();
      return;
    }

  /* destroy events free per-thread memory: the other threads end first */
  parallel_ops->end_threads ();
  simulator_run_destroy_events (s);
  simulator_release_pending (s);
  parallel_ops->free ();
  s->scheduler->klass->free (s->scheduler);
  if (s->impl->teardown != NULL)
    s->impl->teardown ();

  g_ptr_array_unref (s->destroy_events);
  g_ptr_array_unref (s->slabs);
  cns_memory_free (s->seq);
  s->seq = NULL;
  s->n_seq = 0;
  s->scheduler = NULL;
  s->running = FALSE;
  s->n_threads = 1;
  s->impl = NULL;
  s->slabs = NULL;
  s->depot = NULL;
  s->destroy_events = NULL;
  s->epoch = epoch;
  cns_simulator_thread_reset (&cns_simulator_thread);
  cns_partition_reset ();
  cns_prefetch_hints_free ();
  for (guint i = 0; i < n_destroy_hooks; i++)
    destroy_hooks[i](epoch);
}

/**
 * cns_simulator_get_system_id:
 *
 * Returns: this process's MPI rank (0).
 */
guint32
cns_simulator_get_system_id (void)
{
  return simulator_get ()->impl->get_system_id ();
}

/**
 * cns_simulator_get_n_systems:
 *
 * Returns: the number of MPI ranks.
 */
guint32
cns_simulator_get_n_systems (void)
{
  return simulator_get ()->impl->get_n_systems ();
}

/**
 * cns_simulator_get_implementation_name:
 *
 * Returns: "default", "gtw", ...
 */
const gchar *
cns_simulator_get_implementation_name (void)
{
  return simulator_get ()->impl->name;
}

/**
 * cns_simulator_get_scheduler_name:
 *
 * Returns: "heap", "ladder", ...
 */
const gchar *
cns_simulator_get_scheduler_name (void)
{
  return simulator_get ()->scheduler->klass->name;
}

/**
 * cns_simulator_set_scheduler:
 * @name: a registered scheduler name
 * @error: a #CNS_CORE_ERROR naming @name when it is unknown
 *
 * Moves every pending event to a new scheduler of kind @name. Allowed at
 * any time outside a run.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_simulator_set_scheduler (const gchar *name, GError **error)
{
  CnsSimulatorState *s = simulator_get ();
  const CnsSchedulerClass *klass;
  CnsScheduler *next;
  CnsSchedulerEntry entry;

  g_return_val_if_fail (!s->running, FALSE);
  if ((klass = cns_scheduler_lookup (name, error)) == NULL)
    return FALSE;
  next = klass->create ();
  while (s->scheduler->klass->remove_next (s->scheduler, &entry))
    next->klass->insert (next, entry.time, entry.event);
  s->scheduler->klass->free (s->scheduler);
  s->scheduler = next;
  cns_simulator_thread.scheduler = next;
  return TRUE;
}

static gboolean
check_scheduler_type (const GValue *value, GError **error)
{
  return cns_scheduler_lookup (g_value_get_string (value), error) != NULL;
}

static gboolean
check_implementation_type (const GValue *value, GError **error)
{
  return cns_simulator_impl_lookup (g_value_get_string (value), error) != NULL;
}

/* Installs SchedulerType and SimulatorImplementationType. */
void
cns_simulator_install_global_values (void)
{
  cns_global_value_install_with_choices (
      g_param_spec_string ("SchedulerType", "Scheduler type",
                           "The event scheduler", "heap",
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS),
      check_scheduler_type, cns_scheduler_list_names);
  cns_global_value_install_with_choices (
      g_param_spec_string ("SimulatorImplementationType",
                           "Simulator implementation", "How events are run",
                           "default",
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS),
      check_implementation_type, cns_simulator_impl_list_names);
  cns_global_value_install (
      g_param_spec_uint ("Threads", "Threads",
                         "Threads that run the simulation (0: one per core); "
                         "nodes are split into logical processes for them",
                         0, 4096, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS),
      NULL);
  cns_global_value_install (
      cns_param_spec_time (
          "PartitionThreshold", "Partition threshold",
          "A parallel run cuts links at least this slow between its logical "
          "processes (0: chosen from the topology)",
          0, CNS_TIME_MAX, 0, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS),
      NULL);
}

/**
 * cns_simulator_get_n_threads:
 *
 * Returns: how many threads run the simulation: the Threads global value
 * (--threads), 1 for a sequential run.
 */
guint
cns_simulator_get_n_threads (void)
{
  CnsSimulatorState *s = &cns_simulator_state;

  return s->scheduler != NULL ? s->n_threads : simulator_threads_wanted ();
}

/**
 * cns_simulator_get_thread_index:
 *
 * Returns: the index, from 0 to cns_simulator_get_n_threads() - 1, of the
 * thread running the current event: what per-thread statistics are
 * indexed by. 0 outside events.
 */
guint
cns_simulator_get_thread_index (void)
{
  return cns_simulator_thread.thread_index;
}

/**
 * cns_simulator_is_handover:
 * @context: the context an event is about to be scheduled for
 *
 * Whether an event scheduled now for @context goes to another LP, which
 * another thread may be running: the data of such an event must belong to
 * it alone (a packet must not share its bytes with one the sender keeps),
 * since the two threads would otherwise touch it at once.
 *
 * Returns: %TRUE for an event another thread will run.
 */
gboolean
cns_simulator_is_handover (guint32 context)
{
  CnsSimulatorThread *t = &cns_simulator_thread;

  g_return_val_if_fail (
      context <= CNS_CONTEXT_MAX || context == CNS_CONTEXT_NONE, FALSE);
  return t->lp_of != NULL && t->lp != CNS_SIMULATOR_LP_NONE
         && t->lp_of[context + 1] != t->lp
         && t->lp_of[context + 1] != CNS_PARTITION_LP_NONE;
}
