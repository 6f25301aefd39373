/* cns — tests of CnsObject: aggregation, lifetime, initialize, defaults.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

/* Test types: TestNode, TestStack and TestApp (CnsObject subclasses) and
 * TestChild (a TestStack subclass). TestStack has attributes, one of them
 * construct-only, and may hold a strong reference to a peer. */

typedef struct
{
  CnsObject parent_instance;
  gint count;
  gint mode;
  GObject *peer;
  guint initialized;
  guint notified;
} TestStack;

typedef struct
{
  CnsObjectClass parent_class;
} TestStackClass;

enum
{
  PROP_0,
  PROP_COUNT,
  PROP_MODE,
  PROP_PEER,
};

GType test_stack_get_type (void);
G_DEFINE_TYPE (TestStack, test_stack, CNS_TYPE_OBJECT)

static void
test_stack_initialize (CnsObject *object)
{
  ((TestStack *) object)->initialized++;
  CNS_OBJECT_CLASS (test_stack_parent_class)->initialize (object);
}

static void
test_stack_notify_new_aggregate (CnsObject *object)
{
  ((TestStack *) object)->notified++;
  CNS_OBJECT_CLASS (test_stack_parent_class)->notify_new_aggregate (object);
}

static void
test_stack_dispose (GObject *object)
{
  g_clear_object (&((TestStack *) object)->peer);
  G_OBJECT_CLASS (test_stack_parent_class)->dispose (object);
}

static void
test_stack_set_property (GObject *object, guint id, const GValue *value,
                         GParamSpec *pspec)
{
  TestStack *self = (TestStack *) object;

  switch (id)
    {
    case PROP_COUNT:
      self->count = g_value_get_int (value);
      break;
    case PROP_MODE:
      self->mode = g_value_get_int (value);
      break;
    case PROP_PEER:
      g_set_object (&self->peer, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
test_stack_get_property (GObject *object, guint id, GValue *value,
                         GParamSpec *pspec)
{
  TestStack *self = (TestStack *) object;

  switch (id)
    {
    case PROP_COUNT:
      g_value_set_int (value, self->count);
      break;
    case PROP_MODE:
      g_value_set_int (value, self->mode);
      break;
    case PROP_PEER:
      g_value_set_object (value, self->peer);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
test_stack_class_init (TestStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsObjectClass *cns_class = CNS_OBJECT_CLASS (klass);

  object_class->dispose = test_stack_dispose;
  object_class->set_property = test_stack_set_property;
  object_class->get_property = test_stack_get_property;
  cns_class->initialize = test_stack_initialize;
  cns_class->notify_new_aggregate = test_stack_notify_new_aggregate;
  g_object_class_install_property (
      object_class, PROP_COUNT,
      g_param_spec_int ("count", "Count", "A count", 0, 100, 1,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT
                            | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, PROP_MODE,
      g_param_spec_int ("mode", "Mode", "A construct-only mode", 0, 9, 0,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                            | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, PROP_PEER,
      g_param_spec_object ("peer", "Peer", "Another object held strongly",
                           G_TYPE_OBJECT,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
test_stack_init (TestStack *self)
{
}

typedef TestStack TestChild;
typedef TestStackClass TestChildClass;
GType test_child_get_type (void);
G_DEFINE_TYPE (TestChild, test_child, test_stack_get_type ())

static void
test_child_class_init (TestChildClass *klass)
{
}

static void
test_child_init (TestChild *self)
{
}

typedef CnsObject TestNode;
typedef CnsObjectClass TestNodeClass;
GType test_node_get_type (void);
G_DEFINE_TYPE (TestNode, test_node, CNS_TYPE_OBJECT)

static void
test_node_class_init (TestNodeClass *klass)
{
}

static void
test_node_init (TestNode *self)
{
}

typedef CnsObject TestApp;
typedef CnsObjectClass TestAppClass;
GType test_app_get_type (void);
G_DEFINE_TYPE (TestApp, test_app, CNS_TYPE_OBJECT)

static void
test_app_class_init (TestAppClass *klass)
{
}

static void
test_app_init (TestApp *self)
{
}

/* *where becomes NULL when the object is finalized. (Weak pointers would
 * be cleared earlier, when it is disposed.) */
static void
clear_watch (gpointer where)
{
  *(gpointer *) where = NULL;
}

static gpointer
watch (gpointer object, gpointer *where)
{
  *where = object;
  g_object_set_data_full (object, "test-watch", where, clear_watch);
  return object;
}

/* A new object of @type that clears *@where when it is finalized. */
static CnsObject *
new_watched (GType type, gpointer *where)
{
  return watch (cns_object_new (type, NULL), where);
}

START_TEST (test_aggregate_lifetime)
{
  gpointer node_alive, stack_alive;
  CnsObject *node = new_watched (test_node_get_type (), &node_alive);
  CnsObject *stack = new_watched (test_stack_get_type (), &stack_alive);

  cns_object_aggregate (node, stack);
  /* The caller hands the stack to the aggregate. */
  g_object_unref (stack);
  ck_assert_ptr_nonnull (stack_alive);
  ck_assert_ptr_eq (cns_object_get (node, test_stack_get_type ()), stack);
  ck_assert_ptr_eq (cns_object_get (stack, test_node_get_type ()), node);
  ck_assert_ptr_eq (cns_object_get (node, CNS_TYPE_OBJECT), node);
  ck_assert_ptr_null (cns_object_get (node, test_app_get_type ()));
  /* Dropping the last outside reference frees the whole aggregate. */
  g_object_unref (node);
  ck_assert_ptr_null (node_alive);
  ck_assert_ptr_null (stack_alive);
}
END_TEST

START_TEST (test_aggregate_any_member_keeps_all)
{
  gpointer node_alive, stack_alive;
  CnsObject *node = new_watched (test_node_get_type (), &node_alive);
  CnsObject *stack = new_watched (test_stack_get_type (), &stack_alive);

  cns_object_aggregate (node, stack);
  g_object_unref (node);
  ck_assert_ptr_nonnull (node_alive);
  /* A new outside reference and its release count too. */
  g_object_ref (node);
  g_object_unref (stack);
  ck_assert_ptr_nonnull (stack_alive);
  g_object_unref (node);
  ck_assert_ptr_null (node_alive);
  ck_assert_ptr_null (stack_alive);
}
END_TEST

static void
collect (gpointer member, gpointer user_data)
{
  g_ptr_array_add (user_data, member);
}

START_TEST (test_aggregate_merge)
{
  gpointer alive[4];
  CnsObject *node = new_watched (test_node_get_type (), &alive[0]);
  CnsObject *stack = new_watched (test_stack_get_type (), &alive[1]);
  CnsObject *app = new_watched (test_app_get_type (), &alive[2]);
  CnsObject *child = new_watched (test_child_get_type (), &alive[3]);
  GPtrArray *seen = g_ptr_array_new ();

  cns_object_aggregate (node, stack);
  cns_object_aggregate (app, child);
  ck_assert_uint_eq (((TestStack *) stack)->notified, 1);
  cns_object_aggregate (stack, app);
  ck_assert_uint_eq (((TestStack *) stack)->notified, 2);
  ck_assert_uint_eq (((TestStack *) child)->notified, 2);
  /* aggregating members of one aggregate again changes nothing */
  cns_object_aggregate (node, child);
  ck_assert_ptr_eq (cns_object_get (child, test_node_get_type ()), node);
  ck_assert_ptr_eq (cns_object_get (node, test_app_get_type ()), app);
  /* a subtype is found by its own type; its parent type finds the first
   * member that is one, the stack */
  ck_assert_ptr_eq (cns_object_get (node, test_child_get_type ()), child);
  ck_assert_ptr_eq (cns_object_get (node, test_stack_get_type ()), stack);
  cns_object_foreach_aggregate (app, collect, seen);
  ck_assert_uint_eq (seen->len, 4);
  g_ptr_array_unref (seen);

  g_object_unref (stack);
  g_object_unref (app);
  g_object_unref (child);
  for (guint i = 0; i < 4; i++)
    ck_assert_ptr_nonnull (alive[i]);
  g_object_unref (node);
  for (guint i = 0; i < 4; i++)
    ck_assert_ptr_null (alive[i]);
}
END_TEST

START_TEST (test_aggregate_same_type_refused)
{
  CnsObject *a = cns_object_new (test_stack_get_type (), NULL);
  CnsObject *b = cns_object_new (test_stack_get_type (), NULL);
  CnsObject *node = cns_object_new (test_node_get_type (), NULL);

  cns_object_aggregate (node, a);
  CNS_TEST_EXPECT_CRITICAL ("*two objects of type TestStack*",
                            cns_object_aggregate (node, b));
  ck_assert_ptr_eq (cns_object_get (node, test_stack_get_type ()), a);
  ck_assert_ptr_null (cns_object_get (b, test_node_get_type ()));
  g_object_unref (a);
  g_object_unref (b);
  g_object_unref (node);
}
END_TEST

START_TEST (test_dispose_breaks_cycles)
{
  gpointer node_alive, stack_alive;
  CnsObject *node = new_watched (test_node_get_type (), &node_alive);
  CnsObject *stack
      = watch (cns_object_new (test_stack_get_type (), "peer", node, NULL),
               &stack_alive);

  /* The stack holds the node strongly and the aggregate holds the stack:
   * a cycle that unreferencing cannot break. */
  cns_object_aggregate (node, stack);
  g_object_unref (stack);
  g_object_unref (node);
  ck_assert_ptr_nonnull (node_alive);
  ck_assert_ptr_nonnull (stack_alive);
  cns_object_dispose (stack);
  ck_assert_ptr_null (node_alive);
  ck_assert_ptr_null (stack_alive);
}
END_TEST

START_TEST (test_dispose_keeps_referenced_members)
{
  gpointer node_alive, stack_alive;
  CnsObject *node = new_watched (test_node_get_type (), &node_alive);
  CnsObject *stack = new_watched (test_stack_get_type (), &stack_alive);

  cns_object_aggregate (node, stack);
  g_object_unref (stack);
  cns_object_dispose (node);
  /* the stack had no outside reference; the node still has ours */
  ck_assert_ptr_null (stack_alive);
  ck_assert_ptr_nonnull (node_alive);
  ck_assert_ptr_null (cns_object_get (node, test_stack_get_type ()));
  g_object_unref (node);
  ck_assert_ptr_null (node_alive);
}
END_TEST

/* An aggregate with an anchored member holds every member until one of
 * them is disposed, whoever else lets go of them. */
START_TEST (test_anchored_aggregate)
{
  gpointer alive[4];
  CnsObject *node = new_watched (test_node_get_type (), &alive[0]);
  CnsObject *stack = new_watched (test_stack_get_type (), &alive[1]);
  CnsObject *app = new_watched (test_app_get_type (), &alive[2]);
  CnsObject *child = new_watched (test_child_get_type (), &alive[3]);

  cns_object_anchor (node);
  cns_object_aggregate (node, stack);
  g_object_unref (stack);
  ck_assert_ptr_nonnull (alive[1]);
  ck_assert_ptr_eq (cns_object_get (node, test_stack_get_type ()), stack);
  /* an aggregate that counted outside references joins, and is held */
  cns_object_aggregate (app, child);
  g_object_unref (child);
  cns_object_aggregate (stack, app);
  ck_assert_uint_eq (((TestStack *) child)->notified, 2);
  g_object_unref (app);
  ck_assert_ptr_nonnull (alive[2]);
  ck_assert_ptr_nonnull (alive[3]);
  ck_assert_ptr_eq (cns_object_get (child, test_node_get_type ()), node);

  g_object_ref (stack);
  cns_object_dispose (node);
  /* the members without outside references go; the others stay, apart */
  ck_assert_ptr_null (alive[2]);
  ck_assert_ptr_null (alive[3]);
  ck_assert_ptr_nonnull (alive[0]);
  ck_assert_ptr_nonnull (alive[1]);
  ck_assert_ptr_null (cns_object_get (node, test_stack_get_type ()));
  g_object_unref (stack);
  ck_assert_ptr_null (alive[1]);
  g_object_unref (node);
  ck_assert_ptr_null (alive[0]);
}
END_TEST

/* Anchoring a member of an aggregate that counts outside references
 * makes the aggregate hold them all. */
START_TEST (test_anchor_in_aggregate)
{
  gpointer alive[2];
  CnsObject *node = new_watched (test_node_get_type (), &alive[0]);
  CnsObject *stack = new_watched (test_stack_get_type (), &alive[1]);

  cns_object_aggregate (node, stack);
  g_object_unref (stack);
  cns_object_anchor (node);
  cns_object_initialize (node);
  ck_assert (cns_object_is_initialized (stack));
  g_object_ref (node);
  g_object_unref (node);
  ck_assert_ptr_nonnull (alive[1]);
  cns_object_dispose (stack);
  ck_assert_ptr_null (alive[1]);
  ck_assert_ptr_nonnull (alive[0]);
  g_object_unref (node);
  ck_assert_ptr_null (alive[0]);
}
END_TEST

START_TEST (test_initialize_once)
{
  CnsObject *node = cns_object_new (test_node_get_type (), NULL);
  CnsObject *stack = cns_object_new (test_stack_get_type (), NULL);
  CnsObject *child = cns_object_new (test_child_get_type (), NULL);

  cns_object_aggregate (node, stack);
  ck_assert (!cns_object_is_initialized (node));
  cns_object_initialize (node);
  ck_assert (cns_object_is_initialized (node));
  ck_assert (cns_object_is_initialized (stack));
  ck_assert_uint_eq (((TestStack *) stack)->initialized, 1);
  /* a member joining later is initialized by the next call, the others
   * not again */
  cns_object_aggregate (stack, child);
  cns_object_initialize (stack);
  ck_assert_uint_eq (((TestStack *) stack)->initialized, 1);
  ck_assert_uint_eq (((TestStack *) child)->initialized, 1);
  g_object_unref (stack);
  g_object_unref (child);
  g_object_unref (node);
}
END_TEST

START_TEST (test_new_applies_defaults)
{
  g_autoptr (GError) error = NULL;
  TestStack *s;

  s = cns_object_new (test_stack_get_type (), NULL);
  ck_assert_int_eq (s->count, 1);
  ck_assert_int_eq (s->mode, 0);
  g_object_unref (s);

  ck_assert (cns_config_set_default ("TestStack::Count", "7", &error));
  ck_assert (cns_config_set_default ("TestStack::Mode", "3", &error));
  s = cns_object_new (test_stack_get_type (), NULL);
  ck_assert_int_eq (s->count, 7);
  ck_assert_int_eq (s->mode, 3);
  g_object_unref (s);

  /* explicit values win; subclasses inherit the defaults */
  s = cns_object_new (test_child_get_type (), "count", 9, "mode", 4, NULL);
  ck_assert_int_eq (s->count, 9);
  ck_assert_int_eq (s->mode, 4);
  g_object_unref (s);
  s = cns_object_new (test_child_get_type (), NULL);
  ck_assert_int_eq (s->count, 7);
  g_object_unref (s);

  /* g_object_new does not apply configured defaults */
  s = g_object_new (test_stack_get_type (), NULL);
  ck_assert_int_eq (s->count, 1);
  g_object_unref (s);

  CNS_TEST_EXPECT_CRITICAL (
      "*has no property named 'nope'*",
      s = cns_object_new (test_stack_get_type (), "nope", 1, NULL));
  g_object_unref (s);
}
END_TEST

/* The remembering check answers as G_TYPE_CHECK_INSTANCE_TYPE does,
 * whatever class it saw last at the call site. */
static gboolean
is_stack (gpointer instance)
{
  return CNS_INSTANCE_IS_A (instance, test_stack_get_type ());
}

START_TEST (test_instance_is_a)
{
  g_autoptr (GObject) stack = g_object_new (test_stack_get_type (), NULL);
  g_autoptr (GObject) child = g_object_new (test_child_get_type (), NULL);
  g_autoptr (GObject) node = g_object_new (test_node_get_type (), NULL);

  ck_assert (!is_stack (NULL));
  for (guint i = 0; i < 2; i++)
    {
      ck_assert (is_stack (child));
      ck_assert (is_stack (child));
      ck_assert (!is_stack (node));
      ck_assert (is_stack (stack));
      ck_assert (!is_stack (node));
      ck_assert (!is_stack (NULL));
    }
}
END_TEST

Suite *
test_object_suite (void)
{
  Suite *s = suite_create ("object");
  TCase *tc = tcase_create ("object");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_aggregate_lifetime);
  tcase_add_test (tc, test_aggregate_any_member_keeps_all);
  tcase_add_test (tc, test_aggregate_merge);
  tcase_add_test (tc, test_aggregate_same_type_refused);
  tcase_add_test (tc, test_dispose_breaks_cycles);
  tcase_add_test (tc, test_dispose_keeps_referenced_members);
  tcase_add_test (tc, test_anchored_aggregate);
  tcase_add_test (tc, test_anchor_in_aggregate);
  tcase_add_test (tc, test_initialize_once);
  tcase_add_test (tc, test_new_applies_defaults);
  tcase_add_test (tc, test_instance_is_a);
  suite_add_tcase (s, tc);
  return s;
}
