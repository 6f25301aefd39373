/* cns — parallel runs: the partition, the threaded kernel, per-thread
 * accumulators and ordered output give a sequential run's results.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <string.h>

/* A ring of CLUSTERS clusters of PER contexts: a ring of 1 ms links in
 * each cluster, a 100 ms link from the first context of each cluster to
 * the next cluster's. */
#define CLUSTERS     8
#define PER          4
#define N_CONTEXTS   (CLUSTERS * PER)
#define FAST         cns_milli_seconds (1)
#define SLOW         cns_milli_seconds (100)
#define MAX_NEIGHBOURS 4

typedef struct
{
  guint32 n;
  guint32 to[MAX_NEIGHBOURS];
  CnsTime delay[MAX_NEIGHBOURS];
} Neighbours;

typedef struct
{
  Neighbours neighbours[N_CONTEXTS];
  CnsRngStream rng[N_CONTEXTS];
  guint64 count[N_CONTEXTS]; /* each written by its own context only */
  guint64 chain[N_CONTEXTS];
  guint32 system_id[N_CONTEXTS];
  CnsTime end;
  CnsAccumulator *totals;
  CnsOrderedOutput *output;
  GString *written;
  GArray *snapshots; /* guint64: events so far, at each global event */
  gboolean check_handover; /* the slow links are cut, the fast ones not */
} Model;

static Model *model; /* what the provider describes, or NULL */

static void
describe (CnsPartition *partition, gpointer user_data)
{
  if (model == NULL)
    return;
  cns_partition_set_n_contexts (partition, N_CONTEXTS);
  for (guint32 c = 0; c < N_CONTEXTS; c++)
    {
      Neighbours *n = &model->neighbours[c];

      cns_partition_set_system_id (partition, c, model->system_id[c]);
      for (guint32 i = 0; i < n->n; i++)
        if (n->to[i] > c)
          cns_partition_add_link (partition, c, n->to[i], n->delay[i]);
    }
}

static void
add_link (Model *m, guint32 a, guint32 b, CnsTime delay)
{
  Neighbours *na = &m->neighbours[a], *nb = &m->neighbours[b];

  na->to[na->n] = b;
  na->delay[na->n++] = delay;
  nb->to[nb->n] = a;
  nb->delay[nb->n++] = delay;
}

static Model *
model_new (const gchar *threads)
{
  static gboolean registered;
  Model *m = g_new0 (Model, 1);

  if (!registered)
    {
      cns_partition_add_provider (describe, NULL);
      registered = TRUE;
    }
  ck_assert (cns_global_value_set ("Threads", threads, NULL));
  for (guint32 k = 0; k < CLUSTERS; k++)
    {
      for (guint32 i = 0; i < PER; i++)
        add_link (m, k * PER + i, k * PER + (i + 1) % PER, FAST);
      add_link (m, k * PER, (k + 1) % CLUSTERS * PER, SLOW);
    }
  for (guint32 c = 0; c < N_CONTEXTS; c++)
    cns_rng_stream_init (&m->rng[c], 7, c, 1);
  m->end = cns_seconds (2);
  m->totals = cns_accumulator_new (2);
  m->written = g_string_new (NULL);
  m->snapshots = g_array_new (FALSE, FALSE, sizeof (guint64));
  model = m;
  return m;
}

static void
model_free (Model *m)
{
  cns_simulator_destroy ();
  cns_ordered_output_free (m->output);
  cns_accumulator_unref (m->totals);
  g_string_free (m->written, TRUE);
  g_array_unref (m->snapshots);
  g_free (m);
  model = NULL;
  cns_global_value_reset ("Threads");
  cns_global_value_reset ("PartitionThreshold");
}

static guint64
mix (guint64 x)
{
  x ^= x >> 31;
  x *= G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return x ^ (x >> 29);
}

static void hop (gpointer obj, gpointer data);

/* Each event counts itself in its context, and sends one event to a
 * neighbour (over the link, at least its delay later) or to itself. */
static void
hop (gpointer obj, gpointer data)
{
  Model *m = obj;
  guint32 c = GPOINTER_TO_UINT (data);
  Neighbours *n = &m->neighbours[c];
  CnsTime now = cns_simulator_now ();
  gdouble u = cns_rng_stream_uniform (&m->rng[c]);
  guint32 to = c;
  CnsTime delay = cns_micro_seconds (50);

  ck_assert_uint_eq (cns_simulator_get_context (), c);
  m->count[c]++;
  m->chain[c] = mix (m->chain[c] ^ (guint64) now);
  cns_accumulator_add (m->totals, 0, 1);
  cns_accumulator_add (m->totals, 1, (guint64) now);
  if (m->output != NULL)
    {
      g_autofree gchar *line
          = g_strdup_printf ("%" G_GINT64_FORMAT " %u\n", now, c);

      cns_ordered_output_write (m->output, line, strlen (line));
    }
  if (u < 0.6)
    {
      guint32 i = (guint32) (u / 0.6 * n->n);

      to = n->to[i];
      delay = n->delay[i];
      if (m->check_handover)
        {
          CnsPartitionInfo info = { 0 };
          gboolean split = cns_simulator_get_partition_info (&info)
                           && info.n_lps > 1 && delay >= info.threshold;

          /* the 8 threads cut the fast links too */
          ck_assert (cns_simulator_is_handover (to) == split);
        }
    }
  ck_assert (!cns_simulator_is_handover (c));
  delay += (CnsTime) (cns_rng_stream_uniform (&m->rng[c])
                      * cns_micro_seconds (300));
  cns_simulator_schedule_with_context (to, delay, hop, m,
                                       GUINT_TO_POINTER (to));
}

/* A global event: sees every event before its time and none after. */
static void
snapshot (gpointer obj, gpointer data)
{
  Model *m = obj;
  guint64 total = 0;

  for (guint32 c = 0; c < N_CONTEXTS; c++)
    total += m->count[c];
  g_array_append_val (m->snapshots, total);
}

static void
collect (GString *out, const gchar *bytes, gsize length)
{
  g_string_append_len (out, bytes, (gssize) length);
}

static void
collect_output (const gchar *bytes, gsize length, gpointer user_data)
{
  collect (user_data, bytes, length);
}

static void
model_run (Model *m, gboolean with_output)
{
  if (with_output)
    m->output = cns_ordered_output_new (collect_output, m->written);
  for (guint32 c = 0; c < N_CONTEXTS; c++)
    for (guint e = 0; e < 2; e++)
      cns_simulator_schedule_with_context (
          c, cns_micro_seconds (10 * (c + e)), hop, m, GUINT_TO_POINTER (c));
  for (guint i = 1; i < 20; i++)
    cns_simulator_schedule (cns_milli_seconds (97 * i), snapshot, m, NULL);
  cns_simulator_stop_at (m->end);
  cns_simulator_enable_fingerprint ();
  cns_simulator_run ();
}

typedef struct
{
  guint64 count[N_CONTEXTS];
  guint64 chain[N_CONTEXTS];
  guint64 events;
  guint64 totals[2];
  gchar *fingerprint;
  gchar *written;
  GArray *snapshots;
  CnsTime now;
} Outcome;

static void
outcome_take (Outcome *o, Model *m)
{
  memcpy (o->count, m->count, sizeof o->count);
  memcpy (o->chain, m->chain, sizeof o->chain);
  o->events = cns_simulator_get_event_count ();
  cns_accumulator_sum (m->totals, o->totals);
  o->fingerprint = cns_simulator_get_fingerprint ();
  if (m->output != NULL)
    cns_ordered_output_flush (m->output);
  o->written = g_strdup (m->written->str);
  o->snapshots = g_array_ref (m->snapshots);
  o->now = cns_simulator_now ();
}

static void
outcome_clear (Outcome *o)
{
  g_free (o->fingerprint);
  g_free (o->written);
  g_array_unref (o->snapshots);
}

static void
run_outcome (const gchar *threads, gboolean with_output, Outcome *o)
{
  Model *m = model_new (threads);

  m->check_handover = TRUE;
  model_run (m, with_output);
  outcome_take (o, m);
  model_free (m);
}

static void
assert_same (const Outcome *a, const Outcome *b)
{
  ck_assert_mem_eq (a->count, b->count, sizeof a->count);
  ck_assert_mem_eq (a->chain, b->chain, sizeof a->chain);
  ck_assert_uint_eq (a->events, b->events);
  ck_assert_uint_eq (a->totals[0], b->totals[0]);
  ck_assert_uint_eq (a->totals[1], b->totals[1]);
  ck_assert_str_eq (a->fingerprint, b->fingerprint);
  ck_assert_str_eq (a->written, b->written);
  ck_assert_uint_eq (a->snapshots->len, b->snapshots->len);
  ck_assert_mem_eq (a->snapshots->data, b->snapshots->data,
                    a->snapshots->len * sizeof (guint64));
  ck_assert_int_eq (a->now, b->now);
}

/* 1 to 8 threads, each run twice, give the sequential run's events,
 * fingerprint, accumulator sums, ordered output and global snapshots. */
START_TEST (test_parallel_same_results)
{
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  Outcome sequential = { 0 };

  run_outcome ("1", TRUE, &sequential);
  ck_assert_uint_gt (sequential.events, 5000);
  /* the node events, and 19 snapshots and the stop */
  ck_assert_uint_eq (sequential.totals[0] + 20, sequential.events);
  ck_assert_uint_eq (sequential.snapshots->len, 19);
  ck_assert_int_eq (sequential.now, cns_seconds (2));
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    for (guint repeat = 0; repeat < 2; repeat++)
      {
        Outcome parallel = { 0 };

        run_outcome (threads[i], TRUE, &parallel);
        assert_same (&sequential, &parallel);
        outcome_clear (&parallel);
      }
  outcome_clear (&sequential);
}
END_TEST

/* The threshold chosen from the topology cuts the slow links: the
 * clusters are the LPs, the lookahead the slow delay. */
START_TEST (test_partition_chosen)
{
  Model *m = model_new ("2");
  CnsPartitionInfo info;
  CnsThreadStats stats[2];

  ck_assert (!cns_simulator_get_partition_info (&info));
  model_run (m, FALSE);
  ck_assert (cns_simulator_get_partition_info (&info));
  ck_assert_uint_eq (info.n_contexts, N_CONTEXTS);
  ck_assert_uint_eq (info.n_links, CLUSTERS * PER + CLUSTERS);
  ck_assert_int_eq (info.threshold, SLOW);
  ck_assert_int_eq (info.lookahead, SLOW);
  ck_assert_uint_eq (info.n_lps, CLUSTERS);
  ck_assert_uint_eq (info.n_cut_links, CLUSTERS);
  ck_assert_uint_eq (info.largest_lp, PER);
  ck_assert (cns_simulator_get_thread_stats (0, &stats[0]));
  ck_assert (cns_simulator_get_thread_stats (1, &stats[1]));
  ck_assert (!cns_simulator_get_thread_stats (2, &stats[0]));
  /* the main thread runs the 19 snapshots and the stop outside windows */
  ck_assert_uint_eq (stats[0].events + stats[1].events + 20,
                     cns_simulator_get_event_count ());
  ck_assert_uint_eq (stats[0].windows, stats[1].windows);
  ck_assert_uint_gt (stats[0].windows, 10);
  model_free (m);
}
END_TEST

/* A threshold set by hand cuts every link at least that slow; system ids
 * keep contexts apart whatever their links. */
START_TEST (test_partition_threshold_and_system_ids)
{
  Model *m = model_new ("2");
  CnsPartitionInfo info;

  ck_assert (cns_global_value_set ("PartitionThreshold", "1ms", NULL));
  model_run (m, FALSE);
  ck_assert (cns_simulator_get_partition_info (&info));
  ck_assert_int_eq (info.threshold, FAST);
  ck_assert_int_eq (info.lookahead, FAST);
  ck_assert_uint_eq (info.n_cut_links, info.n_links);
  ck_assert_uint_eq (info.largest_lp, 1);
  model_free (m);

  /* the second half of each cluster on system id 1: 16 LPs of 2 */
  m = model_new ("2");
  for (guint32 c = 0; c < N_CONTEXTS; c++)
    m->system_id[c] = c % PER >= PER / 2;
  model_run (m, FALSE);
  ck_assert (cns_simulator_get_partition_info (&info));
  ck_assert_int_eq (info.lookahead, FAST);
  ck_assert_uint_eq (info.n_lps, 2 * CLUSTERS);
  ck_assert_uint_eq (info.largest_lp, PER / 2);
  ck_assert_uint_eq (info.n_cut_links, 2 * CLUSTERS + CLUSTERS);
  model_free (m);
}
END_TEST

/* A run can go on after a stop; the second part matches too. */
START_TEST (test_parallel_run_again)
{
  Outcome results[2];

  for (guint i = 0; i < 2; i++)
    {
      Model *m = model_new (i == 0 ? "1" : "4");

      m->end = cns_seconds (1);
      model_run (m, FALSE);
      ck_assert_int_eq (cns_simulator_now (), cns_seconds (1));
      cns_simulator_stop_at (cns_seconds (2));
      cns_simulator_run ();
      outcome_take (&results[i], m);
      model_free (m);
    }
  assert_same (&results[0], &results[1]);
  outcome_clear (&results[0]);
  outcome_clear (&results[1]);
}
END_TEST

/* An accumulator sums every thread's counts; clear starts over. */
START_TEST (test_accumulator)
{
  g_autoptr (CnsAccumulator) acc = NULL;
  guint64 totals[3];

  ck_assert (cns_global_value_set ("Threads", "3", NULL));
  acc = cns_accumulator_new (3);
  ck_assert_uint_eq (cns_accumulator_get_n_values (acc), 3);
  cns_accumulator_add (acc, 0, 5);
  cns_accumulator_add (acc, 2, G_MAXUINT64); /* sums wrap as integers */
  cns_accumulator_add (acc, 2, 2);
  cns_accumulator_get_values (acc)[1] += 7;
  cns_accumulator_sum (acc, totals);
  ck_assert_uint_eq (totals[0], 5);
  ck_assert_uint_eq (totals[1], 7);
  ck_assert_uint_eq (totals[2], 1);
  ck_assert_uint_eq (cns_accumulator_get_total (acc, 1), 7);
  cns_accumulator_clear (acc);
  ck_assert_uint_eq (cns_accumulator_get_total (acc, 0), 0);
  CNS_TEST_EXPECT_CRITICAL ("cns_accumulator_add: *index < self->n_values*",
                            cns_accumulator_add (acc, 3, 1));
  cns_global_value_reset ("Threads");
}
END_TEST

static gint
run_parallel_child (const gchar *mode, gchar **out, gchar **err)
{
  const gchar *const argv[] = { CNS_PARALLEL_CHILD, mode, NULL };

  return cns_test_spawn (argv, NULL, out, err);
}

/* An event for another LP sooner than the lookahead is an error naming
 * the two nodes; a fatal error on a worker thread ends every thread with
 * one message and status 1. */
START_TEST (test_parallel_errors)
{
  g_autofree gchar *out = NULL;
  g_autofree gchar *err = NULL;

  ck_assert_int_eq (run_parallel_child ("late", &out, &err), 1);
  ck_assert_msg (g_str_has_prefix (err, "cns: fatal error: parallel run: "
                                        "node 0 scheduled an event for "
                                        "node 4, in another LP, at "),
                 "%s", err);
  ck_assert_msg (strstr (err, "the lookahead 100ms") != NULL, "%s", err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  ck_assert_int_eq (run_parallel_child ("fatal", &out, &err), 1);
  ck_assert_str_eq (err, "cns: fatal error: failing in a worker\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  ck_assert_int_eq (run_parallel_child ("ok", &out, &err), 0);
  ck_assert_str_eq (out, "events 64\n");
}
END_TEST

Suite *
test_parallel_suite (void)
{
  Suite *s = suite_create ("parallel");
  TCase *tc = tcase_create ("parallel");
  tcase_set_tags (tc, "threads");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_parallel_same_results);
  tcase_add_test (tc, test_partition_chosen);
  tcase_add_test (tc, test_partition_threshold_and_system_ids);
  tcase_add_test (tc, test_parallel_run_again);
  tcase_add_test (tc, test_accumulator);
  tcase_add_test (tc, test_parallel_errors);
  suite_add_tcase (s, tc);
  return s;
}
