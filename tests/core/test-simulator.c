/* cns — tests of the simulator API.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <stdio.h>
#include <string.h>

G_STATIC_ASSERT (sizeof (CnsEvent) == 40);
G_STATIC_ASSERT (sizeof (CnsSchedulerEntry) == 16);

/* Records "label@time/context" for each event run. */
static GString *log_text;

static void
record (gpointer obj, gpointer data)
{
  g_string_append_printf (log_text, "%s@%" G_GINT64_FORMAT "/%d ",
                          (const gchar *) data, cns_simulator_now (),
                          (gint) cns_simulator_get_context ());
}

static void
setup (void)
{
  log_text = g_string_new (NULL);
}

static void
teardown (void)
{
  g_string_free (log_text, TRUE);
  cns_test_reset ();
}

START_TEST (test_run_in_time_order)
{
  cns_simulator_schedule (30, record, NULL, "c");
  cns_simulator_schedule (10, record, NULL, "a");
  cns_simulator_schedule (20, record, NULL, "b");
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 3);
  ck_assert (!cns_simulator_is_finished ());
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "a@10/-1 b@20/-1 c@30/-1 ");
  ck_assert_int_eq (cns_simulator_now (), 30);
  ck_assert_uint_eq (cns_simulator_get_event_count (), 3);
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 0);
  ck_assert (cns_simulator_is_finished ());
  ck_assert_uint_eq (cns_simulator_get_context (), CNS_CONTEXT_NONE);
}
END_TEST

START_TEST (test_equal_times_follow_creation_order)
{
  /* From the main program: creation order. */
  cns_simulator_schedule (5, record, NULL, "first");
  cns_simulator_schedule_with_context (7, 5, record, NULL, "second");
  cns_simulator_schedule (5, record, NULL, "third");
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "first@5/-1 second@5/7 third@5/-1 ");
}
END_TEST

/* Events created by context 5 and by context 3 for the same time: those of
 * context 3 run first, whatever order they were created in, because the
 * key is (creating context, its counter). Events created outside any node
 * come before both. */
static void
create_from_node (gpointer obj, gpointer data)
{
  cns_simulator_schedule_with_context (9, 10, record, NULL, data);
}

START_TEST (test_equal_times_follow_ordering_key)
{
  cns_simulator_schedule_with_context (5, 0, create_from_node, NULL, "by5");
  cns_simulator_schedule_with_context (3, 0, create_from_node, NULL, "by3");
  cns_simulator_schedule_with_context (4, 10, record, NULL, "main");
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "main@10/4 by3@10/9 by5@10/9 ");
}
END_TEST

static void
schedule_now_chain (gpointer obj, gpointer data)
{
  record (obj, data);
  if (strcmp (data, "x") == 0)
    {
      cns_simulator_schedule_now (record, NULL, "y");
      cns_simulator_schedule (0, record, NULL, "z");
    }
}

START_TEST (test_schedule_now)
{
  cns_simulator_schedule (4, schedule_now_chain, NULL, "x");
  cns_simulator_schedule (4, record, NULL, "w");
  cns_simulator_run ();
  /* y and z were created later, by the running event (context NONE) */
  ck_assert_str_eq (log_text->str, "x@4/-1 w@4/-1 y@4/-1 z@4/-1 ");
}
END_TEST

static guint destroyed;

static void
count_destroy (gpointer data)
{
  destroyed++;
  g_free (data);
}

START_TEST (test_cancel)
{
  CnsEventId a = cns_simulator_schedule (10, record, NULL, "a");
  CnsEventId b = cns_simulator_schedule_full (20, record, NULL, g_strdup ("b"),
                                              count_destroy);
  CnsEventId none = CNS_EVENT_ID_INIT;

  destroyed = 0;
  ck_assert (!cns_simulator_is_expired (&a));
  ck_assert (!cns_simulator_is_expired (&b));
  ck_assert_int_eq (cns_event_id_get_time (&b), 20);
  ck_assert_int_eq (cns_simulator_get_delay_left (&b), 20);
  cns_simulator_cancel (&b);
  ck_assert_uint_eq (destroyed, 1);
  ck_assert (cns_simulator_is_expired (&b));
  ck_assert_int_eq (cns_simulator_get_delay_left (&b), 0);
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 1);
  /* cancelling again, or an empty id, is harmless */
  cns_simulator_cancel (&b);
  cns_simulator_remove (&b);
  cns_simulator_cancel (&none);
  ck_assert (cns_simulator_is_expired (&none));
  ck_assert_uint_eq (destroyed, 1);
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "a@10/-1 ");
  /* after running: expired, and cancel is harmless */
  ck_assert (cns_simulator_is_expired (&a));
  cns_simulator_cancel (&a);
  ck_assert_uint_eq (cns_simulator_get_event_count (), 1);
}
END_TEST

static void
check_self_expired (gpointer obj, gpointer data)
{
  CnsEventId *id = obj;

  ck_assert (cns_simulator_is_expired (id));
  /* cancelling the running event must not release its data */
  cns_simulator_cancel (id);
  ck_assert_uint_eq (destroyed, 0);
  ck_assert_str_eq (data, "self");
}

START_TEST (test_running_event_is_expired)
{
  static CnsEventId id;

  destroyed = 0;
  id = cns_simulator_schedule_full (1, check_self_expired, &id,
                                    g_strdup ("self"), count_destroy);
  cns_simulator_run ();
  /* destroy notify runs after the handler, exactly once */
  ck_assert_uint_eq (destroyed, 1);
}
END_TEST

START_TEST (test_remove)
{
  const gchar *names[] = { "heap", "ladder", "list" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CnsEventId a, b;

      g_string_truncate (log_text, 0);
      destroyed = 0;
      ck_assert (cns_global_value_set ("SchedulerType", names[i], NULL));
      a = cns_simulator_schedule_full (10, record, NULL, g_strdup ("a"),
                                       count_destroy);
      b = cns_simulator_schedule (5, record, NULL, "b");
      cns_simulator_remove (&a);
      ck_assert_uint_eq (destroyed, 1);
      ck_assert (cns_simulator_is_expired (&a));
      ck_assert_uint_eq (cns_simulator_get_pending_count (), 1);
      cns_simulator_run ();
      ck_assert_str_eq (log_text->str, "b@5/-1 ");
      ck_assert (cns_simulator_is_expired (&b));
      cns_simulator_remove (&b);
      cns_simulator_destroy ();
      ck_assert_uint_eq (destroyed, 1);
    }
}
END_TEST

static void
stop_now (gpointer obj, gpointer data)
{
  record (obj, data);
  cns_simulator_stop ();
}

START_TEST (test_stop_and_continue)
{
  cns_simulator_schedule (1, record, NULL, "a");
  cns_simulator_schedule (2, stop_now, NULL, "stop");
  cns_simulator_schedule (3, record, NULL, "c");
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "a@1/-1 stop@2/-1 ");
  ck_assert (cns_simulator_is_finished ());
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 1);
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "a@1/-1 stop@2/-1 c@3/-1 ");
}
END_TEST

START_TEST (test_stop_at)
{
  cns_simulator_schedule (10, record, NULL, "before");
  cns_simulator_stop_at (20);
  cns_simulator_schedule_with_context (1, 5, create_from_node, NULL, "node");
  cns_simulator_schedule (25, record, NULL, "after");
  cns_simulator_run ();
  /* the node's event at exactly 15 runs; "after" does not */
  ck_assert_str_eq (log_text->str, "before@10/-1 node@15/9 ");
  ck_assert_int_eq (cns_simulator_now (), 20);
  CNS_TEST_EXPECT_CRITICAL ("cns_simulator_stop_at: *time >= t->now*",
                            cns_simulator_stop_at (19));
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "before@10/-1 node@15/9 after@25/-1 ");
}
END_TEST

START_TEST (test_stop_at_excludes_node_events_at_that_time)
{
  cns_simulator_schedule_with_context (2, 10, create_from_node, NULL, "n");
  cns_simulator_stop_at (20);
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "");
  ck_assert_int_eq (cns_simulator_now (), 20);
}
END_TEST

static void
destroy_event (gpointer obj, gpointer data)
{
  g_string_append_printf (log_text, "%s ", (const gchar *) data);
  if (strcmp (data, "d1") == 0)
    cns_simulator_schedule_destroy (destroy_event, NULL, "d3");
}

START_TEST (test_destroy)
{
  CnsEventId cancelled, pending, old;

  destroyed = 0;
  cns_simulator_schedule_destroy (destroy_event, NULL, "d1");
  cancelled = cns_simulator_schedule_destroy (destroy_event, NULL, "never");
  cns_simulator_schedule_destroy (destroy_event, NULL, "d2");
  ck_assert (!cns_simulator_is_expired (&cancelled));
  cns_simulator_cancel (&cancelled);
  ck_assert (cns_simulator_is_expired (&cancelled));
  old = cns_simulator_schedule (5, record, NULL, "ran");
  cns_simulator_schedule_with_context (2, 7, stop_now, NULL, "stop");
  pending = cns_simulator_schedule_full (9, record, NULL, g_strdup ("left"),
                                         count_destroy);
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "ran@5/-1 stop@7/2 ");
  ck_assert_uint_eq (destroyed, 0);
  cns_simulator_destroy ();
  /* destroy events in order, including one scheduled by a destroy event;
   * the pending event's data released */
  ck_assert_str_eq (log_text->str, "ran@5/-1 stop@7/2 d1 d2 d3 ");
  ck_assert_uint_eq (destroyed, 1);
  ck_assert_int_eq (cns_simulator_now (), 0);
  ck_assert_uint_eq (cns_simulator_get_event_count (), 0);
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 0);
  /* ids from the destroyed simulation are expired and safe to use */
  ck_assert (cns_simulator_is_expired (&pending));
  ck_assert (cns_simulator_is_expired (&old));
  cns_simulator_cancel (&pending);
  cns_simulator_remove (&old);
  ck_assert_uint_eq (destroyed, 1);
  /* destroying twice is harmless */
  cns_simulator_destroy ();
}
END_TEST

/* A small self-driving model: ten contexts passing tokens with delays from
 * a seeded GRand. Run twice in sequence, it must give the same trace. */
static GRand *model_rand;

static void
model_event (gpointer obj, gpointer data)
{
  guint hops = GPOINTER_TO_UINT (data);

  record (obj, "e");
  if (hops == 0)
    return;
  cns_simulator_schedule_with_context (
      g_rand_int_range (model_rand, 0, 10),
      g_rand_int_range (model_rand, 0, 4) * CNS_TIME_PS_PER_US, model_event,
      NULL, GUINT_TO_POINTER (hops - 1));
}

static gchar *
run_model (void)
{
  model_rand = g_rand_new_with_seed (99);
  g_string_truncate (log_text, 0);
  for (guint i = 0; i < 10; i++)
    cns_simulator_schedule_with_context (i, 0, model_event, NULL,
                                         GUINT_TO_POINTER (200));
  cns_simulator_run ();
  g_rand_free (model_rand);
  return g_strdup (log_text->str);
}

START_TEST (test_rerun_after_destroy)
{
  g_autofree gchar *first = run_model ();
  g_autofree gchar *second = NULL;
  guint64 events = cns_simulator_get_event_count ();

  ck_assert_uint_eq (events, 10 * 201);
  cns_simulator_destroy ();
  second = run_model ();
  ck_assert_str_eq (first, second);
  ck_assert_uint_eq (cns_simulator_get_event_count (), events);
}
END_TEST

START_TEST (test_bad_calls)
{
  CnsEventId id;

  /* each message names the public function that was misused */
  CNS_TEST_EXPECT_CRITICAL ("cns_simulator_schedule: *delay >= 0*",
                            id
                            = cns_simulator_schedule (-1, record, NULL, "x"));
  ck_assert (cns_simulator_is_expired (&id));
  CNS_TEST_EXPECT_CRITICAL ("cns_simulator_schedule_now: *fn != NULL*",
                            cns_simulator_schedule_now (NULL, NULL, NULL));
  CNS_TEST_EXPECT_CRITICAL (
      "cns_simulator_schedule_full: *fn != NULL*",
      cns_simulator_schedule_full (1, NULL, NULL, NULL, NULL));
  CNS_TEST_EXPECT_CRITICAL ("cns_simulator_schedule_with_context: *context*",
                            cns_simulator_schedule_with_context (
                                CNS_CONTEXT_MAX + 1, 1, record, NULL, "x"));
  CNS_TEST_EXPECT_CRITICAL (
      "cns_simulator_schedule_with_context_full: *delay >= 0*",
      cns_simulator_schedule_with_context_full (3, -5, record, NULL, "x",
                                                NULL));
  cns_simulator_schedule (CNS_TIME_MAX - 5, record, NULL, "late");
  cns_simulator_run ();
  CNS_TEST_EXPECT_CRITICAL ("cns_simulator_schedule: *delay <= CNS_TIME_MAX*",
                            cns_simulator_schedule (6, record, NULL, "x"));
  ck_assert_uint_eq (cns_simulator_get_pending_count (), 0);
}
END_TEST

START_TEST (test_implementation)
{
  g_autoptr (GError) error = NULL;

  ck_assert_str_eq (cns_simulator_get_implementation_name (), "default");
  ck_assert_uint_eq (cns_simulator_get_system_id (), 0);
  ck_assert_uint_eq (cns_simulator_get_n_systems (), 1);
  ck_assert_int_eq (cns_simulator_get_maximum_simulation_time (), CNS_TIME_MAX);
  ck_assert (
      !cns_global_value_set ("SimulatorImplementationType", "warp", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  ck_assert_msg (strstr (error->message,
                         "SimulatorImplementationType: unknown simulator "
                         "implementation 'warp' (available: default")
                     != NULL,
                 "%s", error->message);
  ck_assert_ptr_eq (cns_simulator_impl_lookup ("default", NULL),
                    &cns_default_simulator_impl_class);
}
END_TEST

/* An event another rank created sorts by the key it drew there: after
 * the events of lower keys at its time, before those of higher ones,
 * wherever it was scheduled from. */
static void
schedule_remote_from_node (gpointer obj, gpointer data)
{
  /* key of context 3 (index 4), counter 1: after context 2's, before
   * context 6's */
  cns_simulator_schedule_remote (20, 8, (G_GUINT64_CONSTANT (4) << 40) | 1,
                                 record, NULL, "remote", NULL);
}

START_TEST (test_schedule_remote_sorts_by_its_key)
{
  CnsEventId id;

  cns_simulator_schedule_with_context (5, 0, create_from_node, NULL, "by5");
  cns_simulator_schedule_with_context (1, 0, create_from_node, NULL, "by1");
  cns_simulator_schedule_with_context (7, 1, schedule_remote_from_node, NULL,
                                       NULL);
  /* from 2, delivered at 10 like the others, by a remote event at 20 */
  id = cns_simulator_schedule_remote (10, 9, (G_GUINT64_CONSTANT (3) << 40) | 5,
                                      record, NULL, "by2", NULL);
  ck_assert_int_eq (cns_event_id_get_time (&id), 10);
  ck_assert_uint_eq (cns_event_id_get_context (&id), 9);
  cns_simulator_schedule_with_context (6, 19, create_from_node, NULL, "late");
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "by1@10/9 by2@10/9 by5@10/9 remote@20/8 "
                                   "late@29/9 ");
  ck_assert_uint_eq (cns_simulator_get_event_count (), 9);
}
END_TEST

START_TEST (test_schedule_remote_cancel)
{
  CnsEventId id = cns_simulator_schedule_remote (
      10, 2, (G_GUINT64_CONSTANT (3) << 40) | 5, record, NULL, "x", NULL);

  ck_assert (!cns_simulator_is_expired (&id));
  cns_simulator_cancel (&id);
  ck_assert (cns_simulator_is_expired (&id));
  cns_simulator_schedule (20, record, NULL, "y");
  cns_simulator_run ();
  ck_assert_str_eq (log_text->str, "y@20/-1 ");
  CNS_TEST_EXPECT_CRITICAL (
      "cns_simulator_schedule_remote: *key != 0*",
      cns_simulator_schedule_remote (30, 2, 0, record, NULL, "x", NULL));
  CNS_TEST_EXPECT_CRITICAL (
      "cns_simulator_schedule_remote: *time >=*",
      cns_simulator_schedule_remote (5, 2, 7, record, NULL, "x", NULL));
}
END_TEST

static gchar *
fingerprint_of (CnsTime late)
{
  cns_simulator_enable_fingerprint ();
  cns_simulator_schedule_with_context (5, 0, create_from_node, NULL, "by5");
  cns_simulator_schedule_with_context (3, 0, create_from_node, NULL, "by3");
  cns_simulator_schedule_with_context (4, late, record, NULL, "main");
  cns_simulator_schedule (2, record, NULL, "no context");
  cns_simulator_run ();
  return cns_simulator_get_fingerprint ();
}

/* The fingerprint follows the events run per node and nothing else: the
 * same run gives the same one, a later event a different one, events
 * outside any node none. */
START_TEST (test_fingerprint)
{
  g_autofree gchar *a = NULL, *b = NULL, *c = NULL;

  ck_assert_ptr_null (cns_simulator_get_fingerprint ());
  a = fingerprint_of (10);
  ck_assert_uint_eq (strlen (a), 64);
  cns_simulator_destroy ();
  ck_assert_ptr_null (cns_simulator_get_fingerprint ());
  b = fingerprint_of (10);
  cns_simulator_destroy ();
  ck_assert_str_eq (a, b);
  c = fingerprint_of (11);
  ck_assert_str_ne (a, c);
}
END_TEST

/* Without mpirun: one rank, the distributed simulators refuse to start
 * (checked in a child by tests/core/test-command-line.c's children), the
 * reductions leave values alone. */
START_TEST (test_mpi_alone)
{
  guint64 values[2] = { 3, 4 }, gathered[2] = { 0, 0 };
  g_autoptr (GPtrArray) bytes = NULL;
  g_autofree CnsMpiStats *gathered_stats = NULL;
  g_autofree gchar *json = NULL;
  CnsMpiStats stats;

  ck_assert (!cns_mpi_is_enabled ());
  ck_assert_uint_eq (cns_mpi_get_rank (), 0);
  ck_assert_uint_eq (cns_mpi_get_size (), 1);
  cns_mpi_sum (values, 2);
  cns_mpi_max (values, 2);
  cns_mpi_min (values, 2);
  ck_assert_uint_eq (values[0], 3);
  ck_assert_uint_eq (values[1], 4);
  cns_mpi_gather (values, 2, gathered);
  ck_assert_uint_eq (gathered[0], 3);
  ck_assert_uint_eq (gathered[1], 4);
  cns_mpi_barrier ();
  bytes = cns_mpi_gather_bytes ((const guint8 *) "abc", 3);
  ck_assert_uint_eq (bytes->len, 1);
  ck_assert_uint_eq (g_bytes_get_size (bytes->pdata[0]), 3);
  ck_assert_mem_eq (g_bytes_get_data (bytes->pdata[0], NULL), "abc", 3);
  cns_mpi_get_stats (&stats);
  ck_assert_uint_eq (stats.messages_sent, 0);
  ck_assert_uint_eq (stats.events, cns_simulator_get_event_count ());
  gathered_stats = cns_mpi_gather_stats (7);
  ck_assert_uint_eq (gathered_stats[0].events, 7);
  gathered_stats[0].windows = 3;
  gathered_stats[0].blocked_s = 0.25;
  json = cns_mpi_stats_to_json (gathered_stats, 1);
  ck_assert_str_eq (json, "\"rank_events\":[7],\"rank_messages_sent\":[0],"
                          "\"rank_messages_received\":[0],"
                          "\"rank_packets_sent\":[0],"
                          "\"rank_packets_received\":[0],"
                          "\"rank_null_messages\":[0],\"rank_windows\":[3],"
                          "\"rank_blocked_s\":[0.250000]");
  ck_assert_uint_eq (stats.windows, 0);
  ck_assert_ptr_eq (cns_simulator_impl_lookup ("gtw", NULL),
                    &cns_gtw_simulator_impl_class);
  ck_assert_ptr_eq (cns_simulator_impl_lookup ("null-message", NULL),
                    &cns_null_message_simulator_impl_class);
}
END_TEST

/* The VmFlags line of the mapping in /proc/self/smaps that holds @address,
 * or NULL; NULL too when @heap and the mapping is not malloc's heap. */
static gchar *
vm_flags_at (gconstpointer address, gboolean heap)
{
  g_autofree gchar *smaps = NULL;
  g_auto (GStrv) lines = NULL;
  gboolean inside = FALSE;

  if (!g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
    return NULL;
  lines = g_strsplit (smaps, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      unsigned long start, end;

      if (sscanf (lines[i], "%lx-%lx ", &start, &end) == 2)
        inside = (guintptr) address >= start && (guintptr) address < end
                 && (!heap || strstr (lines[i], "[heap]") != NULL);
      else if (inside && g_str_has_prefix (lines[i], "VmFlags:"))
        return g_strconcat (lines[i], " ", NULL);
    }
  return NULL;
}

/* Past 32 MiB the malloc heap is advised for transparent huge pages, once
 * the program opted in (cns_memory_tune_heap()): what was there when a run
 * starts, and what is added later once objects are made. */
START_TEST (test_large_heap_gets_huge_pages)
{
  g_autoptr (GPtrArray) blocks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GObject) object = NULL;
  g_autofree gchar *before = NULL;
  g_autofree gchar *after = NULL;

  if (!g_file_test ("/sys/kernel/mm/transparent_hugepage/enabled",
                    G_FILE_TEST_EXISTS))
    return;
  cns_memory_tune_heap ();
  for (guint i = 0; i < 48 * 1024; i++)
    g_ptr_array_add (blocks, g_malloc0 (1000));
  /* another allocator (valgrind's, a sanitizer's) has no such heap */
  g_free (before);
  before = vm_flags_at (blocks->pdata[0], TRUE);
  if (before == NULL)
    return;
  cns_simulator_schedule (0, record, NULL, "a");
  cns_simulator_run ();
  before = vm_flags_at (blocks->pdata[blocks->len - 1], FALSE);
  ck_assert_ptr_nonnull (before);
  ck_assert_ptr_nonnull (strstr (before, " hg "));
  for (guint i = 0; i < 40 * 1024; i++)
    g_ptr_array_add (blocks, g_malloc0 (1000));
  object = cns_object_new (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, NULL);
  after = vm_flags_at (blocks->pdata[blocks->len - 1], FALSE);
  ck_assert_ptr_nonnull (after);
  ck_assert_ptr_nonnull (strstr (after, " hg "));
}
END_TEST

Suite *
test_simulator_suite (void)
{
  Suite *s = suite_create ("simulator");
  TCase *tc = tcase_create ("simulator");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_run_in_time_order);
  tcase_add_test (tc, test_equal_times_follow_creation_order);
  tcase_add_test (tc, test_equal_times_follow_ordering_key);
  tcase_add_test (tc, test_schedule_remote_sorts_by_its_key);
  tcase_add_test (tc, test_schedule_remote_cancel);
  tcase_add_test (tc, test_fingerprint);
  tcase_add_test (tc, test_mpi_alone);
  tcase_add_test (tc, test_schedule_now);
  tcase_add_test (tc, test_cancel);
  tcase_add_test (tc, test_running_event_is_expired);
  tcase_add_test (tc, test_remove);
  tcase_add_test (tc, test_stop_and_continue);
  tcase_add_test (tc, test_stop_at);
  tcase_add_test (tc, test_stop_at_excludes_node_events_at_that_time);
  tcase_add_test (tc, test_destroy);
  tcase_add_test (tc, test_rerun_after_destroy);
  tcase_add_test (tc, test_bad_calls);
  tcase_add_test (tc, test_implementation);
  tcase_add_test (tc, test_large_heap_gets_huge_pages);
  suite_add_tcase (s, tc);
  return s;
}
