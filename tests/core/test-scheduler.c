/* cns — tests of the event schedulers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each scheduler must hand out entries in (time, key) order, and all three
 * must produce the same event sequence through the simulator on a random
 * workload of schedule, cancel and remove operations.
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <string.h>

static const CnsSchedulerClass *const classes[] = {
  &cns_heap_scheduler_class,
  &cns_ladder_scheduler_class,
  &cns_list_scheduler_class,
};

/* Events with keys 1..n, times drawn by @draw. */
static CnsEvent *
make_events (guint n)
{
  CnsEvent *events = g_new0 (CnsEvent, n);

  for (guint i = 0; i < n; i++)
    events[i].key = i + 1;
  return events;
}

typedef CnsTime (*TimeDraw) (GRand *rand, guint i);

static CnsTime
draw_uniform (GRand *rand, guint i)
{
  return g_rand_int_range (rand, 0, 1000000);
}

static CnsTime
draw_few_values (GRand *rand, guint i)
{
  return g_rand_int_range (rand, 0, 4) * CNS_TIME_PS_PER_S;
}

static CnsTime
draw_same (GRand *rand, guint i)
{
  return 42;
}

static CnsTime
draw_bimodal (GRand *rand, guint i)
{
  return g_rand_boolean (rand)
             ? g_rand_int_range (rand, 0, 100)
             : CNS_TIME_PS_PER_D + g_rand_int_range (rand, 0, 100);
}

static CnsTime
draw_huge_span (GRand *rand, guint i)
{
  /* up to the largest times, where bucket arithmetic could overflow */
  return CNS_TIME_MAX - (CnsTime) g_rand_int (rand);
}

/* Inserts @n entries drawn by @draw, checks peek, size, and that
 * remove_next returns them in (time, key) order. */
static void
check_order (const CnsSchedulerClass *klass, guint n, TimeDraw draw)
{
  CnsScheduler *s = klass->create ();
  CnsEvent *events = make_events (n);
  GRand *rand = g_rand_new_with_seed (n);
  CnsSchedulerEntry prev = { G_MININT64, NULL }, e, peek;
  CnsEvent zero = { 0 };
  guint count = 0;

  prev.event = &zero;
  for (guint i = 0; i < n; i++)
    klass->insert (s, draw (rand, i), &events[i]);
  ck_assert_uint_eq (klass->size (s), n);
  while (klass->peek_next (s, &peek))
    {
      ck_assert (klass->remove_next (s, &e));
      ck_assert_int_eq (e.time, peek.time);
      ck_assert_ptr_eq (e.event, peek.event);
      ck_assert_msg (cns_scheduler_entry_before (&prev, &e),
                     "%s: entry %u out of order", klass->name, count);
      prev = e;
      count++;
    }
  ck_assert_uint_eq (count, n);
  ck_assert_uint_eq (klass->size (s), 0);
  ck_assert (!klass->remove_next (s, &e));
  klass->free (s);
  g_rand_free (rand);
  g_free (events);
}

START_TEST (test_scheduler_order)
{
  TimeDraw draws[] = { draw_uniform, draw_few_values, draw_same, draw_bimodal,
                       draw_huge_span };
  guint n = cns_test_under_valgrind () ? 2000 : 20000;

  for (gsize c = 0; c < G_N_ELEMENTS (classes); c++)
    for (gsize d = 0; d < G_N_ELEMENTS (draws); d++)
      check_order (classes[c], n, draws[d]);
}
END_TEST

/* Interleaves inserts and removals, inserting only at or after the last
 * time removed, as a simulator does: the hold model. */
START_TEST (test_scheduler_hold)
{
  guint n = cns_test_under_valgrind () ? 1000 : 5000;
  guint rounds = 20 * n;

  for (gsize c = 0; c < G_N_ELEMENTS (classes); c++)
    {
      const CnsSchedulerClass *klass = classes[c];
      CnsScheduler *s = klass->create ();
      CnsEvent *events = make_events (n);
      GRand *rand = g_rand_new_with_seed (3);
      CnsSchedulerEntry e;
      CnsTime now = 0;
      guint64 key = n;

      for (guint i = 0; i < n; i++)
        klass->insert (s, g_rand_int_range (rand, 0, 1000), &events[i]);
      for (guint r = 0; r < rounds; r++)
        {
          ck_assert (klass->remove_next (s, &e));
          ck_assert_int_ge (e.time, now);
          now = e.time;
          e.event->key = ++key;
          /* increments with ties and with occasional long jumps */
          klass->insert (
              s, now + (r % 97 == 0 ? 1000000 : g_rand_int_range (rand, 0, 50)),
              e.event);
        }
      ck_assert_uint_eq (klass->size (s), n);
      klass->free (s);
      g_rand_free (rand);
      g_free (events);
    }
}
END_TEST

/* The (time, key) of the last entry removed: its event's key can change
 * once it is out, when it is scheduled again. */
typedef struct
{
  CnsTime time;
  guint64 key;
} Removed;

/* Removes @n entries, checking that they come out in order after @last,
 * which it updates; returns the event of the last one. */
static CnsEvent *
remove_in_order (const CnsSchedulerClass *klass, CnsScheduler *s, guint n,
                 Removed *last)
{
  CnsSchedulerEntry e = { 0, NULL }, peek;

  for (guint i = 0; i < n; i++)
    {
      ck_assert (klass->peek_next (s, &peek));
      ck_assert (klass->remove_next (s, &e));
      ck_assert_ptr_eq (e.event, peek.event);
      ck_assert_msg (e.time > last->time
                         || (e.time == last->time && e.event->key > last->key),
                     "%s: entry %u out of order", klass->name, i);
      last->time = e.time;
      last->key = e.event->key;
    }
  return e.event;
}

/* A simulation's shape: a large batch of start times scheduled before the
 * run, then periodic streams with a few fixed delays mixed with what is
 * left of the batch, then a second batch in mid-run. After a batch of
 * 2^15 or more entries the heap scheduler moves its runs' entries into
 * its heap at the next removal; the order must not change. */
START_TEST (test_scheduler_batch_then_streams)
{
  guint n = cns_test_under_valgrind () ? 3000 : 40000;
  const CnsTime delays[] = { 43, 4336, 2168, 1000043, 5004336, 8192000 };

  /* not the list scheduler: O(n) per insertion, it would take a minute */
  for (gsize c = 0; c < G_N_ELEMENTS (classes); c++)
    {
      const CnsSchedulerClass *klass = classes[c];

      if (klass == &cns_list_scheduler_class)
        continue;
      CnsScheduler *s = klass->create ();
      CnsEvent *events = make_events (3 * n);
      GRand *rand = g_rand_new_with_seed (7);
      Removed last = { G_MININT64, 0 };
      CnsSchedulerEntry e;
      guint64 key = 3 * n;
      guint next = 0;

      for (; next < n; next++)
        klass->insert (s, g_rand_int_range (rand, 0, 10000000), &events[next]);
      for (guint round = 0; round < 2; round++)
        {
          for (guint r = 0; r < 4 * n; r++)
            {
              CnsEvent *event = remove_in_order (klass, s, 1, &last);

              event->key = ++key;
              klass->insert (s, last.time + delays[r % G_N_ELEMENTS (delays)],
                             event);
            }
          /* the second batch: more than what is scheduled */
          for (guint i = 0; round == 0 && i < 2 * n; i++, next++)
            {
              events[next].key = ++key;
              klass->insert (s,
                             last.time + g_rand_int_range (rand, 0, 10000000),
                             &events[next]);
            }
        }
      ck_assert_uint_eq (klass->size (s), 3 * n);
      remove_in_order (klass, s, 3 * n, &last);
      ck_assert (!klass->remove_next (s, &e));
      klass->free (s);
      g_rand_free (rand);
      g_free (events);
    }
}
END_TEST

START_TEST (test_list_scheduler_remove)
{
  const CnsSchedulerClass *klass = &cns_list_scheduler_class;
  CnsScheduler *s = klass->create ();
  CnsEvent *events = make_events (3);
  CnsSchedulerEntry e;

  klass->insert (s, 10, &events[0]);
  klass->insert (s, 10, &events[1]);
  klass->insert (s, 5, &events[2]);
  ck_assert (klass->remove (s, 10, &events[0]));
  ck_assert (!klass->remove (s, 10, &events[0]));
  ck_assert (!klass->remove (s, 11, &events[1]));
  ck_assert_uint_eq (klass->size (s), 2);
  ck_assert (klass->remove_next (s, &e));
  ck_assert_ptr_eq (e.event, &events[2]);
  ck_assert (klass->remove_next (s, &e));
  ck_assert_ptr_eq (e.event, &events[1]);
  klass->free (s);
  g_free (events);
}
END_TEST

START_TEST (test_scheduler_registry)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *names = cns_scheduler_list_names ();

  ck_assert_str_eq (names, "heap, ladder, list");
  ck_assert_ptr_eq (cns_scheduler_lookup ("ladder", NULL),
                    &cns_ladder_scheduler_class);
  ck_assert_ptr_null (cns_scheduler_lookup ("calendar", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  ck_assert_str_eq (error->message, "unknown scheduler 'calendar' "
                                    "(available: heap, ladder, list)");
  CNS_TEST_EXPECT_CRITICAL ("*already registered*",
                            cns_scheduler_register (&cns_heap_scheduler_class));
}
END_TEST

/* The random schedule/cancel/remove workload, run through the simulator.
 * Every decision comes from one seeded GRand in event order, so two
 * schedulers that order events the same way make the same decisions; any
 * difference in order shows up in the recorded sequence. */
typedef struct
{
  GRand *rand;
  GArray *pending; /* CnsEventId, some of them stale */
  GArray *trace;   /* guint64: label, then time */
  guint64 next_label;
  guint64 ops;
  guint64 max_ops;
  guint64 cancels, removes, stale;
} Workload;

static void workload_event (gpointer obj, gpointer data);

static void
workload_schedule (Workload *w)
{
  guint32 context = g_rand_int_range (w->rand, 0, 16);
  /* few distinct delays, so many events share a time */
  CnsTime delay = g_rand_int_range (w->rand, 0, 20) * CNS_TIME_PS_PER_NS;
  CnsEventId id;

  if (g_rand_int_range (w->rand, 0, 50) == 0)
    delay += CNS_TIME_PS_PER_MS;
  id = cns_simulator_schedule_with_context (context, delay, workload_event, w,
                                            GSIZE_TO_POINTER (++w->next_label));
  g_array_append_val (w->pending, id);
  w->ops++;
}

/* Cancels or removes a random pending event; expired ids met on the way
 * are dropped, and cancelling them must be harmless. */
static void
workload_kill (Workload *w, gboolean remove)
{
  while (w->pending->len > 0)
    {
      guint i = g_rand_int_range (w->rand, 0, w->pending->len);
      CnsEventId id = g_array_index (w->pending, CnsEventId, i);
      gboolean expired = cns_simulator_is_expired (&id);

      g_array_remove_index_fast (w->pending, i);
      if (remove)
        cns_simulator_remove (&id);
      else
        cns_simulator_cancel (&id);
      ck_assert (cns_simulator_is_expired (&id));
      w->ops++;
      if (!expired)
        {
          if (remove)
            w->removes++;
          else
            w->cancels++;
          return;
        }
      w->stale++;
    }
}

static void
workload_event (gpointer obj, gpointer data)
{
  Workload *w = obj;
  guint64 label = GPOINTER_TO_SIZE (data);
  guint64 now = (guint64) cns_simulator_now ();
  guint r;

  g_array_append_val (w->trace, label);
  g_array_append_val (w->trace, now);
  if (w->ops >= w->max_ops)
    return;
  r = g_rand_int_range (w->rand, 0, 100);
  workload_schedule (w);
  if (r < 20)
    workload_schedule (w);
  if (r >= 80 && r < 90)
    workload_kill (w, FALSE);
  else if (r >= 90)
    workload_kill (w, TRUE);
}

static void
workload_init (Workload *w, guint32 seed, guint64 max_ops, guint n_initial)
{
  *w = (Workload){ 0 };
  w->rand = g_rand_new_with_seed (seed);
  w->pending = g_array_new (FALSE, FALSE, sizeof (CnsEventId));
  w->trace = g_array_new (FALSE, FALSE, sizeof (guint64));
  w->max_ops = max_ops;
  for (guint i = 0; i < n_initial; i++)
    workload_schedule (w);
}

/* Runs the simulator until no event is left, checks that every event
 * scheduled ran exactly once unless it was cancelled or removed, and
 * returns the trace. */
static GArray *
workload_finish (Workload *w)
{
  cns_simulator_run ();
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 0);
  ck_assert_uint_eq (w->trace->len / 2,
                     w->next_label - w->cancels - w->removes);
  cns_simulator_destroy ();
  g_rand_free (w->rand);
  g_array_unref (w->pending);
  return w->trace;
}

static GArray *
run_workload (const gchar *scheduler, guint32 seed, guint64 max_ops,
              guint n_initial, Workload *stats)
{
  g_autoptr (GError) error = NULL;
  Workload w;

  ck_assert (cns_global_value_set ("SchedulerType", scheduler, &error));
  workload_init (&w, seed, max_ops, n_initial);
  ck_assert_str_eq (cns_simulator_get_scheduler_name (), scheduler);
  workload_finish (&w);
  *stats = w;
  return w.trace;
}

static void
assert_same_trace (GArray *trace, GArray *reference, const gchar *what)
{
  ck_assert_uint_eq (trace->len, reference->len);
  for (guint i = 0; i < trace->len; i++)
    ck_assert_msg (g_array_index (trace, guint64, i)
                       == g_array_index (reference, guint64, i),
                   "%s: event %u has %s %" G_GUINT64_FORMAT
                   ", the reference %" G_GUINT64_FORMAT,
                   what, i / 2, i % 2 ? "time" : "label",
                   g_array_index (trace, guint64, i),
                   g_array_index (reference, guint64, i));
}

START_TEST (test_schedulers_agree)
{
  guint64 ops = cns_test_under_valgrind () ? 100000 : 1000000;
  Workload heap_stats, stats;
  g_autoptr (GArray) reference
      = run_workload ("heap", 2026, ops, 2000, &heap_stats);

  ck_assert_uint_ge (heap_stats.ops, ops);
  /* the workload really cancels and removes */
  ck_assert_uint_gt (heap_stats.cancels, ops / 30);
  ck_assert_uint_gt (heap_stats.removes, ops / 30);
  ck_assert_uint_gt (heap_stats.stale, 0);
  for (gsize c = 1; c < G_N_ELEMENTS (classes); c++)
    {
      g_autoptr (GArray) trace
          = run_workload (classes[c]->name, 2026, ops, 2000, &stats);

      assert_same_trace (trace, reference, classes[c]->name);
      ck_assert_uint_eq (stats.cancels, heap_stats.cancels);
      ck_assert_uint_eq (stats.removes, heap_stats.removes);
    }
}
END_TEST

/* Events pending when the scheduler changes move to the new one: the run
 * then makes exactly the events of a run that used the list scheduler
 * from the start, in the same order. */
START_TEST (test_set_scheduler_moves_events)
{
  g_autoptr (GError) error = NULL;
  Workload w, stats;
  g_autoptr (GArray) reference = run_workload ("list", 1, 5000, 100, &stats);
  g_autoptr (GArray) trace = NULL;

  ck_assert (cns_global_value_set ("SchedulerType", "heap", &error));
  workload_init (&w, 1, 5000, 100);
  ck_assert_str_eq (cns_simulator_get_scheduler_name (), "heap");
  ck_assert (cns_simulator_set_scheduler ("ladder", &error));
  ck_assert_str_eq (cns_simulator_get_scheduler_name (), "ladder");
  ck_assert (!cns_simulator_set_scheduler ("nope", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  trace = workload_finish (&w);
  /* the workload did cancel and remove pending events */
  ck_assert_uint_gt (w.cancels, 0);
  ck_assert_uint_gt (w.removes, 0);
  assert_same_trace (trace, reference, "after set_scheduler");
}
END_TEST

Suite *
test_scheduler_suite (void)
{
  Suite *s = suite_create ("scheduler");
  TCase *tc = tcase_create ("scheduler");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_scheduler_order);
  tcase_add_test (tc, test_scheduler_hold);
  tcase_add_test (tc, test_scheduler_batch_then_streams);
  tcase_add_test (tc, test_list_scheduler_remove);
  tcase_add_test (tc, test_scheduler_registry);
  tcase_add_test (tc, test_schedulers_agree);
  tcase_add_test (tc, test_set_scheduler_moves_events);
  suite_add_tcase (s, tc);
  return s;
}
