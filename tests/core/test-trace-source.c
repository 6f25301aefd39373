/* cns — tests of trace sources: firing, connection, registry, signals.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <string.h>

typedef void (*TestTxFn) (gpointer source, guint size, gpointer user_data);

typedef struct
{
  CnsObject parent_instance;
  CnsTraceSource tx;
  CnsTraceTable table; /* "Up" (0) and "Down" (1) */
} TestLink;

typedef CnsObjectClass TestLinkClass;

typedef struct
{
  CnsTraceSource drop;
} TestLinkPrivate;

enum
{
  SIGNAL_LINK_UP,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

GType test_link_get_type (void);
G_DEFINE_TYPE_WITH_PRIVATE (TestLink, test_link, CNS_TYPE_OBJECT)

static void
test_link_class_init (TestLinkClass *klass)
{
  cns_trace_source_install (test_link_get_type (), "Tx", "A packet was sent",
                            "TestTxFn", G_STRUCT_OFFSET (TestLink, tx));
  /* a source in the private struct has a negative offset */
  cns_trace_source_install (
      test_link_get_type (), "Drop", "A packet was dropped", "TestTxFn",
      TestLink_private_offset + G_STRUCT_OFFSET (TestLinkPrivate, drop));
  cns_trace_source_install_in_table (test_link_get_type (), "Up",
                                     "Table source 0", "TestTxFn",
                                     G_STRUCT_OFFSET (TestLink, table), 0, 2);
  cns_trace_source_install_in_table (test_link_get_type (), "Down",
                                     "Table source 1", "TestTxFn",
                                     G_STRUCT_OFFSET (TestLink, table), 1, 2);
  signals[SIGNAL_LINK_UP]
      = g_signal_new ("link-up", test_link_get_type (), G_SIGNAL_RUN_LAST, 0,
                      NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  cns_trace_source_describe_signal (test_link_get_type (), "link-up",
                                    "The link came up");
}

static void
test_link_init (TestLink *self)
{
}

static TestLinkPrivate *
link_priv (TestLink *self)
{
  return test_link_get_instance_private (self);
}

/* A type whose source is installed by a test, after objects of it were
 * made and finalized. */
typedef struct
{
  CnsObject parent_instance;
  CnsTraceSource late;
} TestLate;

typedef CnsObjectClass TestLateClass;

GType test_late_get_type (void);
G_DEFINE_TYPE (TestLate, test_late, CNS_TYPE_OBJECT)

static void
test_late_class_init (TestLateClass *klass)
{
}

static void
test_late_init (TestLate *self)
{
}

static GString *seen;

static void
sink_a (gpointer source, guint size, gpointer user_data)
{
  g_string_append_printf (seen, "a%u ", size);
}

static void
sink_b (gpointer source, guint size, gpointer user_data)
{
  g_string_append_printf (seen, "b%u:%s ", size, (const gchar *) user_data);
}

G_STATIC_ASSERT (sizeof (CnsTraceSource) == sizeof (gpointer));

static void
setup (void)
{
  seen = g_string_new (NULL);
}

static void
teardown (void)
{
  g_string_free (seen, TRUE);
  cns_test_reset ();
}

START_TEST (test_fire_and_disconnect)
{
  CnsTraceSource src = { 0 };
  gulong a, b;

  CNS_TRACE_SOURCE_FIRE (&src, TestTxFn, NULL, 1u);
  ck_assert_str_eq (seen->str, "");
  ck_assert (!cns_trace_source_is_connected (&src));
  a = cns_trace_source_connect (&src, G_CALLBACK (sink_a), NULL);
  b = cns_trace_source_connect (&src, G_CALLBACK (sink_b), "x");
  ck_assert_uint_ne (a, 0);
  ck_assert_uint_ne (a, b);
  ck_assert (cns_trace_source_is_connected (&src));
  CNS_TRACE_SOURCE_FIRE (&src, TestTxFn, NULL, 2u);
  ck_assert_str_eq (seen->str, "a2 b2:x ");
  ck_assert (cns_trace_source_disconnect (&src, a));
  ck_assert (!cns_trace_source_disconnect (&src, a));
  CNS_TRACE_SOURCE_FIRE (&src, TestTxFn, NULL, 3u);
  ck_assert_str_eq (seen->str, "a2 b2:x b3:x ");
  ck_assert_uint_eq (
      cns_trace_source_disconnect_by_func (&src, G_CALLBACK (sink_b), "y"), 0);
  ck_assert_uint_eq (
      cns_trace_source_disconnect_by_func (&src, G_CALLBACK (sink_b), "x"), 1);
  ck_assert (!cns_trace_source_is_connected (&src));
  /* with no sinks left the source is back to a NULL pointer */
  ck_assert_ptr_null (src.list);
  cns_trace_source_connect (&src, G_CALLBACK (sink_a), NULL);
  cns_trace_source_clear (&src);
  ck_assert_ptr_null (src.list);
}
END_TEST

/* Sinks changing the source while it fires. */
static CnsTraceSource *reentrant_src;
static gulong self_id;

static void
sink_disconnects_self (gpointer source, guint size, gpointer user_data)
{
  g_string_append (seen, "self ");
  cns_trace_source_disconnect (reentrant_src, self_id);
}

static void
sink_connects_a (gpointer source, guint size, gpointer user_data)
{
  g_string_append (seen, "adder ");
  if (size == 1)
    cns_trace_source_connect (reentrant_src, G_CALLBACK (sink_a), NULL);
}

static void
sink_fires_again (gpointer source, guint size, gpointer user_data)
{
  g_string_append (seen, "nest ");
  if (size == 1)
    CNS_TRACE_SOURCE_FIRE (reentrant_src, TestTxFn, NULL, 9u);
}

START_TEST (test_fire_reentrant)
{
  CnsTraceSource src = { 0 };

  reentrant_src = &src;
  self_id = cns_trace_source_connect (&src, G_CALLBACK (sink_disconnects_self),
                                      NULL);
  cns_trace_source_connect (&src, G_CALLBACK (sink_connects_a), NULL);
  cns_trace_source_connect (&src, G_CALLBACK (sink_fires_again), NULL);
  CNS_TRACE_SOURCE_FIRE (&src, TestTxFn, NULL, 1u);
  /* "self" runs once and is gone for the nested firing; the sink added
   * during the firing runs in the same round */
  ck_assert_str_eq (seen->str, "self adder nest adder nest a9 a1 ");
  ck_assert_uint_eq (src.list->n, 3);
  g_string_truncate (seen, 0);
  CNS_TRACE_SOURCE_FIRE (&src, TestTxFn, NULL, 2u);
  ck_assert_str_eq (seen->str, "adder nest a2 ");
  cns_trace_source_clear (&src);
}
END_TEST

static gboolean connected_inside;

static void
sink_disconnects_all (gpointer source, guint size, gpointer user_data)
{
  cns_trace_source_disconnect_by_func (reentrant_src, G_CALLBACK (sink_a),
                                       NULL);
  cns_trace_source_disconnect (reentrant_src, self_id);
  connected_inside = cns_trace_source_is_connected (reentrant_src);
}

START_TEST (test_disconnect_all_while_firing)
{
  CnsTraceSource src = { 0 };

  reentrant_src = &src;
  cns_trace_source_connect (&src, G_CALLBACK (sink_a), NULL);
  self_id = cns_trace_source_connect (&src, G_CALLBACK (sink_disconnects_all),
                                      NULL);
  cns_trace_source_connect (&src, G_CALLBACK (sink_a), NULL);
  connected_inside = TRUE;
  CNS_TRACE_SOURCE_FIRE (&src, TestTxFn, NULL, 1u);
  /* the first sink ran; the last was removed before its turn */
  ck_assert_str_eq (seen->str, "a1 ");
  /* sinks removed while the source fires no longer count as connected,
   * and are gone once the firing ends */
  ck_assert (!connected_inside);
  ck_assert_ptr_null (src.list);
}
END_TEST

START_TEST (test_registry)
{
  const CnsTraceSourceInfo *info;
  g_autoptr (GPtrArray) list = NULL;
  gboolean have_tx = FALSE, have_drop = FALSE, have_up = FALSE;

  info = cns_trace_source_find (test_link_get_type (), "Tx");
  ck_assert_ptr_nonnull (info);
  ck_assert_str_eq (info->blurb, "A packet was sent");
  ck_assert_str_eq (info->signature, "TestTxFn");
  ck_assert (info->owner == test_link_get_type ());
  ck_assert_uint_eq (info->signal_id, 0);
  info = cns_trace_source_find (test_link_get_type (), "LinkUp");
  ck_assert_ptr_nonnull (info);
  ck_assert_uint_eq (info->signal_id, signals[SIGNAL_LINK_UP]);
  ck_assert_str_eq (info->blurb, "The link came up");
  ck_assert_str_eq (info->signature,
                    "signal: void (TestLink *, guint, gpointer user_data)");
  ck_assert_ptr_null (cns_trace_source_find (test_link_get_type (), "Rx"));
  ck_assert_ptr_null (cns_trace_source_find (CNS_TYPE_OBJECT, "Tx"));

  list = cns_trace_source_list (test_link_get_type ());
  for (guint i = 0; i < list->len; i++)
    {
      const CnsTraceSourceInfo *it = list->pdata[i];

      have_tx |= strcmp (it->name, "Tx") == 0;
      have_drop |= strcmp (it->name, "Drop") == 0;
      have_up |= strcmp (it->name, "LinkUp") == 0;
    }
  ck_assert (have_tx && have_drop && have_up);
  ck_assert_uint_eq (list->len, 5);

  CNS_TEST_EXPECT_CRITICAL (
      "*already has a trace source named 'Tx'*",
      cns_trace_source_install (test_link_get_type (), "Tx", "again", "X", 8));
}
END_TEST

static void
on_link_up (gpointer source, guint speed, gpointer user_data)
{
  g_string_append_printf (seen, "up%u ", speed);
}

START_TEST (test_connect_by_name)
{
  g_autoptr (GError) error = NULL;
  gpointer alive;
  TestLink *link = cns_object_new (test_link_get_type (), NULL);

  alive = link;
  g_object_add_weak_pointer (G_OBJECT (link), &alive);
  ck_assert_uint_ne (
      cns_trace_connect (link, "Tx", G_CALLBACK (sink_a), NULL, &error), 0);
  ck_assert_uint_ne (
      cns_trace_connect (link, "Drop", G_CALLBACK (sink_b), "d", &error), 0);
  ck_assert_uint_ne (
      cns_trace_connect (link, "LinkUp", G_CALLBACK (on_link_up), NULL, &error),
      0);
  CNS_TRACE_SOURCE_FIRE (&link->tx, TestTxFn, link, 5u);
  CNS_TRACE_SOURCE_FIRE (&link_priv (link)->drop, TestTxFn, link, 6u);
  g_signal_emit (link, signals[SIGNAL_LINK_UP], 0, 100u);
  ck_assert_str_eq (seen->str, "a5 b6:d up100 ");

  ck_assert_uint_eq (
      cns_trace_disconnect (link, "LinkUp", G_CALLBACK (on_link_up), NULL), 1);
  ck_assert_uint_eq (
      cns_trace_disconnect (link, "Tx", G_CALLBACK (sink_a), NULL), 1);
  ck_assert_uint_eq (
      cns_trace_disconnect (link, "Nope", G_CALLBACK (sink_a), NULL), 0);
  g_signal_emit (link, signals[SIGNAL_LINK_UP], 0, 1u);
  CNS_TRACE_SOURCE_FIRE (&link->tx, TestTxFn, link, 7u);
  ck_assert_str_eq (seen->str, "a5 b6:d up100 ");

  ck_assert_uint_eq (
      cns_trace_connect (link, "Rx", G_CALLBACK (sink_a), NULL, &error), 0);
  ck_assert_str_eq (error->message, "TestLink has no trace source 'Rx' (see "
                                    "--PrintTraceSources=TestLink)");
  /* finalizing the object releases the still connected Drop sink (valgrind
   * checks this) */
  g_object_unref (link);
  ck_assert_ptr_null (alive);
}
END_TEST

START_TEST (test_trace_table)
{
  g_autoptr (GError) error = NULL;
  TestLink *link = cns_object_new (test_link_get_type (), NULL);
  const CnsTraceSourceInfo *info
      = cns_trace_source_find (test_link_get_type (), "Down");

  ck_assert_uint_eq (info->table_index, 1);
  ck_assert_uint_eq (info->table_size, 2);
  /* nothing is allocated, and firing does nothing, until a connection */
  CNS_TRACE_TABLE_FIRE (&link->table, 1, TestTxFn, link, 1u);
  ck_assert_ptr_null (link->table.sources);
  ck_assert_uint_eq (
      cns_trace_disconnect (link, "Down", G_CALLBACK (sink_a), NULL), 0);
  ck_assert (
      cns_trace_connect (link, "Down", G_CALLBACK (sink_a), NULL, &error));
  ck_assert_ptr_nonnull (link->table.sources);
  CNS_TRACE_TABLE_FIRE (&link->table, 0, TestTxFn, link, 2u);
  CNS_TRACE_TABLE_FIRE (&link->table, 1, TestTxFn, link, 3u);
  ck_assert_str_eq (seen->str, "a3 ");
  ck_assert (cns_trace_connect (link, "Up", G_CALLBACK (sink_b), "u", &error));
  CNS_TRACE_TABLE_FIRE (&link->table, 0, TestTxFn, link, 4u);
  ck_assert_str_eq (seen->str, "a3 b4:u ");
  ck_assert_uint_eq (
      cns_trace_disconnect (link, "Down", G_CALLBACK (sink_a), NULL), 1);
  CNS_TRACE_TABLE_FIRE (&link->table, 1, TestTxFn, link, 5u);
  ck_assert_str_eq (seen->str, "a3 b4:u ");
  /* finalizing frees the table with "Up" still connected (valgrind) */
  g_object_unref (link);
}
END_TEST

/* Finalizing an object releases the sinks of a source installed after
 * other objects of its type were finalized (valgrind checks that the sink
 * list is freed). */
START_TEST (test_source_installed_late)
{
  g_autoptr (GError) error = NULL;
  TestLate *late = cns_object_new (test_late_get_type (), NULL);

  g_object_unref (late);
  cns_trace_source_install (test_late_get_type (), "Late", "Installed late",
                            "TestTxFn", G_STRUCT_OFFSET (TestLate, late));
  late = cns_object_new (test_late_get_type (), NULL);
  ck_assert (
      cns_trace_connect (late, "Late", G_CALLBACK (sink_a), NULL, &error));
  CNS_TRACE_SOURCE_FIRE (&late->late, TestTxFn, late, 1u);
  ck_assert_str_eq (seen->str, "a1 ");
  g_object_unref (late);
}
END_TEST

Suite *
test_trace_source_suite (void)
{
  Suite *s = suite_create ("trace-source");
  TCase *tc = tcase_create ("trace-source");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_fire_and_disconnect);
  tcase_add_test (tc, test_fire_reentrant);
  tcase_add_test (tc, test_disconnect_all_while_firing);
  tcase_add_test (tc, test_registry);
  tcase_add_test (tc, test_connect_by_name);
  tcase_add_test (tc, test_trace_table);
  tcase_add_test (tc, test_source_installed_late);
  suite_add_tcase (s, tc);
  return s;
}
