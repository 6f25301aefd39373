/* cns — tests of prefetch hints.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#define LINE 64

/* Blocks to hint: line-aligned, so that the lines they cover are known. */
static guint8 memory[128 * LINE] __attribute__ ((aligned (LINE)));

START_TEST (test_prefetch_add)
{
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (3), 0);
  cns_prefetch_hint_add (3, memory, 100);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (3), 2);
  /* lines hinted already are not repeated */
  cns_prefetch_hint_add (3, memory + 10, 20);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (3), 2);
  /* lines 1 to 4: three new ones */
  cns_prefetch_hint_add (3, memory + LINE, 4 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (3), 5);
  /* a block straddling a line boundary covers both lines */
  cns_prefetch_hint_add (4, memory + 10 * LINE - 8, 16);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (4), 2);
  /* a large block gives its first eight lines */
  cns_prefetch_hint_add (5, memory + 16 * LINE, 40 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (5), 8);
  /* contexts are separate */
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 0);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (6), 0);
}
END_TEST

/* Lines are kept as distances from the first one hinted, either side of
 * it, up to 128 GiB away. */
START_TEST (test_prefetch_distance)
{
  guint8 on_stack[LINE];

  cns_prefetch_hint_add (1, memory + 100 * LINE, LINE);
  cns_prefetch_hint_add (1, memory, 2 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 3);
  cns_prefetch_hint_remove (1, memory, 2 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 1);
  /* the stack lies terabytes from static data: not hinted */
  cns_prefetch_hint_add (2, on_stack, sizeof on_stack);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 0);
}
END_TEST

START_TEST (test_prefetch_ignored)
{
  cns_prefetch_hint_add (CNS_CONTEXT_NONE, memory, LINE);
  cns_prefetch_hint_add (CNS_CONTEXT_MAX + 1, memory, LINE);
  cns_prefetch_hint_add (1, NULL, LINE);
  cns_prefetch_hint_add (1, memory, 0);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (CNS_CONTEXT_NONE), 0);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 0);
  /* removing from a context without hints does nothing */
  cns_prefetch_hint_remove (7, memory, LINE);
  cns_prefetch_hint_remove (CNS_CONTEXT_NONE, memory, LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (7), 0);
}
END_TEST

START_TEST (test_prefetch_capacity)
{
  /* every other line, until the context is full */
  for (guint i = 0; i <= CNS_PREFETCH_LINES_MAX; i++)
    cns_prefetch_hint_add (0, memory + 2 * i * LINE, 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (0), CNS_PREFETCH_LINES_MAX);
  cns_prefetch_hint_remove (0, memory, 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (0),
                     CNS_PREFETCH_LINES_MAX - 1);
  /* the room made takes the next hint, and the lines left are those
   * hinted: removing each empties the context */
  cns_prefetch_hint_add (0, memory + 127 * LINE, 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (0), CNS_PREFETCH_LINES_MAX);
  cns_prefetch_hint_remove (0, memory + 127 * LINE, 1);
  for (guint i = 1; i < CNS_PREFETCH_LINES_MAX; i++)
    cns_prefetch_hint_remove (0, memory + 2 * i * LINE, 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (0), 0);
}
END_TEST

START_TEST (test_prefetch_remove)
{
  cns_prefetch_hint_add (9, memory, 2 * LINE);
  cns_prefetch_hint_add (9, memory + 4 * LINE, 3 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (9), 5);
  /* a block never hinted: nothing changes */
  cns_prefetch_hint_remove (9, memory + 2 * LINE, 2 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (9), 5);
  /* in another context: nothing changes */
  cns_prefetch_hint_remove (8, memory, 2 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (9), 5);
  cns_prefetch_hint_remove (9, memory + 4 * LINE, 3 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (9), 2);
  /* the lines a block shares with a neighbour go with it */
  cns_prefetch_hint_remove (9, memory + 10, 8);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (9), 1);
  cns_prefetch_hint_remove (9, memory + LINE, LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (9), 0);
}
END_TEST

/* Records the order events ran in. */
static void
record_context (gpointer obj, gpointer data)
{
  g_array_append_val ((GArray *) obj,
                      (guint32){ cns_simulator_get_context () });
}

/* Enough hints to make the scheduler prefetch: the events run as they do
 * without, and destroying the simulator forgets the hints. */
START_TEST (test_prefetch_active_run)
{
  const guint n_contexts = 8 * 1024 * 1024 / (31 * LINE) + 1;
  guint8 *block = g_aligned_alloc (n_contexts * 31, LINE, LINE);
  g_autoptr (GArray) ran = g_array_new (FALSE, FALSE, sizeof (guint32));

  ck_assert (!cns_prefetch_hint_is_active ());
  for (guint c = 0; c < n_contexts; c++)
    {
      /* 31 lines, in blocks of at most eight */
      for (guint k = 0; k < 31; k += 8)
        cns_prefetch_hint_add (c, block + ((gsize) c * 31 + k) * LINE,
                               MIN (8, 31 - k) * LINE);
      ck_assert (cns_prefetch_hint_is_active () == (c + 1 == n_contexts));
    }
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (n_contexts - 1), 31);
  /* the contexts' events at one time, in the order they were scheduled,
   * then the same the other way round a picosecond later */
  for (guint c = 0; c < n_contexts; c++)
    cns_simulator_schedule_with_context (c, 0, record_context, ran, NULL);
  for (guint c = n_contexts; c-- > 0;)
    cns_simulator_schedule_with_context (c, 1, record_context, ran, NULL);
  cns_simulator_run ();
  ck_assert_uint_eq (ran->len, 2 * n_contexts);
  for (guint i = 0; i < n_contexts; i++)
    {
      ck_assert_uint_eq (g_array_index (ran, guint32, i), i);
      ck_assert_uint_eq (g_array_index (ran, guint32, n_contexts + i),
                         n_contexts - 1 - i);
    }
  /* removing hints below the threshold stops the prefetching */
  for (guint k = 0; k < 31; k += 8)
    cns_prefetch_hint_remove (0, block + k * LINE, MIN (8, 31 - k) * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (0), 0);
  ck_assert (!cns_prefetch_hint_is_active ());
  cns_prefetch_hint_add (0, block, 8 * LINE);
  ck_assert (cns_prefetch_hint_is_active ());
  cns_simulator_destroy ();
  ck_assert (!cns_prefetch_hint_is_active ());
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 0);
  g_aligned_free (block);
}
END_TEST

/* ---- CnsObjectClass.hint_memory ---- */

/* An object that owns a block its node's events read. */
typedef struct
{
  CnsObject parent_instance;
  guint8 *block;
} TestHinted;

typedef struct
{
  CnsObjectClass parent_class;
} TestHintedClass;

GType test_hinted_get_type (void);
G_DEFINE_TYPE (TestHinted, test_hinted, CNS_TYPE_OBJECT)

static void
test_hinted_hint_memory (CnsObject *object, guint32 context,
                         CnsPrefetchHintFn fn)
{
  CNS_OBJECT_CLASS (test_hinted_parent_class)
      ->hint_memory (object, context, fn);
  fn (context, ((TestHinted *) object)->block, 3 * LINE);
}

static void
test_hinted_class_init (TestHintedClass *klass)
{
  CNS_OBJECT_CLASS (klass)->hint_memory = test_hinted_hint_memory;
}

static void
test_hinted_init (TestHinted *self)
{
  self->block = memory + 32 * LINE;
}

/* The lines of an instance of @size bytes at @instance. */
static guint
instance_lines (gconstpointer instance, gsize size)
{
  guintptr start = (guintptr) instance & ~(guintptr) (LINE - 1);

  return (guint) (((guintptr) instance + size - start + LINE - 1) / LINE);
}

START_TEST (test_prefetch_object)
{
  g_autoptr (CnsObject) hinted = g_object_new (test_hinted_get_type (), NULL);
  g_autoptr (CnsObject) plain = g_object_new (CNS_TYPE_OBJECT, NULL);
  guint plain_lines = instance_lines (plain, sizeof (CnsObject));
  guint hinted_lines = instance_lines (hinted, sizeof (TestHinted));

  cns_object_add_prefetch_hints (plain, 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), plain_lines);
  cns_object_add_prefetch_hints (hinted, 2);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), hinted_lines + 3);
  cns_object_remove_prefetch_hints (hinted, 2);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 0);
  cns_object_remove_prefetch_hints (plain, 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 0);
  /* a class that names nothing */
  cns_object_hint_no_memory (plain, 1, cns_prefetch_hint_add);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 0);
}
END_TEST

Suite *
test_prefetch_suite (void)
{
  Suite *s = suite_create ("prefetch");
  TCase *tc = tcase_create ("hints");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_prefetch_add);
  tcase_add_test (tc, test_prefetch_distance);
  tcase_add_test (tc, test_prefetch_ignored);
  tcase_add_test (tc, test_prefetch_capacity);
  tcase_add_test (tc, test_prefetch_remove);
  tcase_add_test (tc, test_prefetch_active_run);
  tcase_add_test (tc, test_prefetch_object);
  suite_add_tcase (s, tc);
  return s;
}
