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

/* The address @lines lines from the line of @p; hints never read what they
 * name, so it need not be memory the test owns. */
static gconstpointer
lines_away (gconstpointer p, gint64 lines)
{
  return (gconstpointer) ((guintptr) p + (guintptr) (lines * LINE));
}

/* Lines are kept as distances from the first one hinted, either side of
 * it; a block whose first line lies 2^31 lines (128 GiB) or more before
 * it, or whose eight lines would reach that far after it, is refused. */
START_TEST (test_prefetch_distance)
{
  const guint8 *base = memory + 100 * LINE;

  cns_prefetch_hint_add (1, base, LINE);
  cns_prefetch_hint_add (1, memory, 2 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 3);
  ck_assert (cns_prefetch_hint_contains (1, memory + LINE + 5));
  cns_prefetch_hint_remove (1, memory, 2 * LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 1);

  cns_prefetch_hint_add (2, lines_away (base, G_MAXINT32 - 8), LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 1);
  ck_assert (cns_prefetch_hint_contains (2, lines_away (base, G_MAXINT32 - 8)));
  cns_prefetch_hint_add (2, lines_away (base, G_MAXINT32 - 7), LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 1);
  cns_prefetch_hint_add (2, lines_away (base, G_MININT32), LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 2);
  ck_assert (cns_prefetch_hint_contains (2, lines_away (base, G_MININT32)));
  cns_prefetch_hint_add (2, lines_away (base, (gint64) G_MININT32 - 1), LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 2);
  ck_assert (!cns_prefetch_hint_contains (
      2, lines_away (base, (gint64) G_MININT32 - 1)));
  /* a refused block is refused for removal too: the lines stay */
  cns_prefetch_hint_remove (2, lines_away (base, G_MAXINT32 - 7), LINE);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 2);
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

/* ---- objects ---- */

/* A class with private data, a subclass with its own, and one with none:
 * GObject puts each class's private data before the instance, the
 * subclass's before its parent's. */
typedef struct
{
  CnsObject parent_instance;
  guint8 data[40];
} HintParent;

typedef struct
{
  CnsObjectClass parent_class;
} HintParentClass;

typedef struct
{
  guint8 data[100];
} HintParentPrivate;

typedef struct
{
  HintParent parent_instance;
} HintChild, HintBare;

typedef struct
{
  HintParentClass parent_class;
} HintChildClass, HintBareClass;

typedef struct
{
  guint8 data[24];
} HintChildPrivate;

#define HINT_PARENT(object) ((HintParent *) (object))
#define HINT_CHILD(object)  ((HintChild *) (object))

GType hint_parent_get_type (void);
GType hint_child_get_type (void);
GType hint_bare_get_type (void);
G_DEFINE_TYPE_WITH_PRIVATE (HintParent, hint_parent, CNS_TYPE_OBJECT)
G_DEFINE_TYPE_WITH_PRIVATE (HintChild, hint_child, hint_parent_get_type ())
G_DEFINE_TYPE (HintBare, hint_bare, hint_parent_get_type ())

static void
hint_parent_class_init (HintParentClass *klass)
{
}

static void
hint_parent_init (HintParent *self)
{
}

static void
hint_child_class_init (HintChildClass *klass)
{
}

static void
hint_child_init (HintChild *self)
{
}

static void
hint_bare_class_init (HintBareClass *klass)
{
}

static void
hint_bare_init (HintBare *self)
{
}

/* The number of lines from @start's to the one holding @end - 1. */
static guint
span_lines (gconstpointer start, gconstpointer end)
{
  return (guint) (((guintptr) end - 1) / LINE - (guintptr) start / LINE + 1);
}

/* Hints @object for context 1 and checks that exactly the lines from
 * @start to the end of the instance are hinted; then takes them out. */
static void
check_object_hints (gpointer object, gconstpointer start)
{
  const guint8 *end = (const guint8 *) object + sizeof (HintParent);

  cns_prefetch_hint_add_object (1, object);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1),
                     span_lines (start, end));
  ck_assert (cns_prefetch_hint_contains (1, start));
  ck_assert (cns_prefetch_hint_contains (1, end - 1));
  ck_assert (!cns_prefetch_hint_contains (1, lines_away (start, -1)));
  ck_assert (!cns_prefetch_hint_contains (1, lines_away (end - 1, 1)));
  /* hinting it again adds nothing; removing takes every line out */
  cns_prefetch_hint_add_object (1, object);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1),
                     span_lines (start, end));
  cns_prefetch_hint_remove_object (1, object);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (1), 0);
}

/* What the node hints of each object: its whole allocation, every
 * class's private data included. */
START_TEST (test_prefetch_object)
{
  g_autoptr (CnsObject) parent = g_object_new (hint_parent_get_type (), NULL);
  g_autoptr (CnsObject) child = g_object_new (hint_child_get_type (), NULL);
  g_autoptr (CnsObject) bare = g_object_new (hint_bare_get_type (), NULL);
  g_autoptr (CnsObject) plain = g_object_new (CNS_TYPE_OBJECT, NULL);
  const guint8 *child_start
      = (const guint8 *) child
        + g_type_class_get_instance_private_offset (G_OBJECT_GET_CLASS (child));
  const guint8 *child_private
      = hint_child_get_instance_private (HINT_CHILD (child));
  const guint8 *parent_private
      = hint_parent_get_instance_private (HINT_PARENT (child));

  /* the layout the hints rely on: the offset GLib gives the child's class
   * is where the child's private data starts, its parent's follows, and
   * both end before the instance */
  ck_assert_ptr_eq (child_private, child_start);
  ck_assert (parent_private >= child_private + sizeof (HintChildPrivate));
  ck_assert (parent_private + sizeof (HintParentPrivate)
             <= (const guint8 *) child);

  check_object_hints (parent,
                      hint_parent_get_instance_private (HINT_PARENT (parent)));
  check_object_hints (child, child_start);
  /* a class without private data of its own has its parent's */
  check_object_hints (bare,
                      hint_parent_get_instance_private (HINT_PARENT (bare)));

  /* an object without private data: the instance alone */
  cns_prefetch_hint_add_object (2, plain);
  ck_assert_uint_eq (
      cns_prefetch_hint_get_n_lines (2),
      span_lines (plain, (const guint8 *) plain + sizeof (CnsObject)));
  cns_prefetch_hint_remove_object (2, plain);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 0);

  /* NULL is ignored, as for blocks */
  cns_prefetch_hint_add_object (2, NULL);
  cns_prefetch_hint_remove_object (2, NULL);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (2), 0);
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
  if (CNS_TEST_HEAP_IS_COMPACT)
    tcase_add_test (tc, test_prefetch_object);
  suite_add_tcase (s, tc);
  return s;
}
