/* cns — base class of nodes, devices, channels, protocols, applications.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsObject adds three things of ns-3's Object to GObject:
 *
 * Aggregation. Objects can be joined into an aggregate (a node with its
 * IPv4 stack, UDP, ...) and any member finds the others by type with
 * cns_object_get(). As in ns-3 the aggregate lives as long as any member is
 * referenced from outside it. The aggregate holds a toggle reference on
 * each member and counts the members that have outside references; when
 * the count drops to zero it lets go of all of them together. So members
 * can point at each other through the aggregate without a reference cycle.
 * A toggle reference costs its object about 100 bytes of qdata, though,
 * and most aggregates are a node's, which the node list holds until it
 * disposes the node: such an aggregate cannot die before that dispose, so
 * once it holds an anchored member (cns_object_anchor()) it holds all its
 * members with plain references and lets go of them when disposed.
 *
 * Initialization. cns_object_initialize() runs the initialize vfunc once
 * per member, when the simulation starts (nodes schedule it) or on demand.
 *
 * Defaults. cns_object_new() is ns-3's CreateObject: it applies the
 * attribute defaults set with cns_config_set_default() to every property
 * the caller did not set, construct-only ones included. The defaults
 * classes declare with cns_attribute_install_default() are applied to
 * every object, however made, in constructed.
 *
 * Disposing any member with cns_object_dispose() disposes them all and
 * dissolves the aggregate, breaking whatever cycles the members' own
 * references made.
 */
#include "core/cns-object.h"

#include "core/cns-attribute-private.h"
#include "core/cns-config-private.h"
#include "core/cns-config.h"
#include "core/cns-memory-private.h"
#include "core/cns-trace-source-private.h"

#include <gobject/gvaluecollector.h>
#include <string.h>

/* One block, sized to its members: a node's aggregate lives as long as the
 * node, so a GPtrArray's spare slots would cost every node. */
typedef struct
{
  guint16 n_members;
  guint16 anchored;     /* members held by plain references */
  guint32 n_strong;     /* toggle mode: members referenced from outside */
  CnsObject *members[]; /* each held by a toggle or plain reference */
} Aggregate;

/* Flags in the low bits of CnsObject.aggregate. */
#define FLAG_INITIALIZED ((guintptr) 1)
#define FLAG_ANCHORED    ((guintptr) 2)
#define FLAGS            (FLAG_INITIALIZED | FLAG_ANCHORED)

G_STATIC_ASSERT (G_ALIGNOF (Aggregate) > FLAGS);

G_DEFINE_TYPE (CnsObject, cns_object, G_TYPE_OBJECT)

static void aggregate_toggle_notify (gpointer data, GObject *object,
                                     gboolean is_last_ref);

/* @object's aggregate, NULL while it stands alone. */
static inline Aggregate *
aggregate_get (gpointer object)
{
  return (Aggregate *) (((CnsObject *) object)->aggregate & ~FLAGS);
}

static inline void
aggregate_set (gpointer object, Aggregate *agg)
{
  CnsObject *self = object;

  self->aggregate = (guintptr) agg | (self->aggregate & FLAGS);
}

static void
cns_object_real_initialize (CnsObject *self)
{
}

static void
cns_object_real_notify_new_aggregate (CnsObject *self)
{
}

static void
aggregate_dissolve (Aggregate *agg)
{
  for (guint i = 0; i < agg->n_members; i++)
    aggregate_set (agg->members[i], NULL);
  /* Members without outside references are finalized here. */
  for (guint i = 0; i < agg->n_members; i++)
    if (agg->anchored)
      g_object_unref (agg->members[i]);
    else
      g_object_remove_toggle_ref (G_OBJECT (agg->members[i]),
                                  aggregate_toggle_notify, NULL);
  g_free (agg);
}

/* Holds every member of @agg by a plain reference from now on. */
static void
aggregate_anchor (Aggregate *agg)
{
  if (agg->anchored)
    return;
  /* The toggle notifications the swap causes see an anchored aggregate
   * and do nothing; no member can be finalized in between. */
  agg->anchored = TRUE;
  for (guint i = 0; i < agg->n_members; i++)
    {
      g_object_ref (agg->members[i]);
      g_object_remove_toggle_ref (G_OBJECT (agg->members[i]),
                                  aggregate_toggle_notify, NULL);
    }
}

static void
aggregate_toggle_notify (gpointer data, GObject *object, gboolean is_last_ref)
{
  Aggregate *agg = aggregate_get (object);

  /* While an aggregate dissolves, a finalized member may drop the last
   * reference another member held; that member is about to go anyway.
   * While it is anchored, it counts nothing. */
  if (agg == NULL || agg->anchored)
    return;
  if (!is_last_ref)
    {
      agg->n_strong++;
      return;
    }
  g_return_if_fail (agg->n_strong > 0);
  if (--agg->n_strong == 0)
    aggregate_dissolve (agg);
}

static void
cns_object_gobject_dispose (GObject *object)
{
  Aggregate *agg = aggregate_get (object);

  if (agg != NULL)
    aggregate_dissolve (agg);
  G_OBJECT_CLASS (cns_object_parent_class)->dispose (object);
}

/* The defaults declared with cns_attribute_install_default(); GObject
 * sets the properties the caller gave after this, so they win. */
static void
cns_object_gobject_constructed (GObject *object)
{
  cns_attribute_apply_defaults (object);
  G_OBJECT_CLASS (cns_object_parent_class)->constructed (object);
}

static void
cns_object_gobject_finalize (GObject *object)
{
  cns_trace_source_clear_instance (object);
  G_OBJECT_CLASS (cns_object_parent_class)->finalize (object);
}

static void
cns_object_class_init (CnsObjectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = cns_object_gobject_constructed;
  object_class->dispose = cns_object_gobject_dispose;
  object_class->finalize = cns_object_gobject_finalize;
  klass->initialize = cns_object_real_initialize;
  klass->notify_new_aggregate = cns_object_real_notify_new_aggregate;
}

static void
cns_object_init (CnsObject *self)
{
}

/* g_object_new_with_properties() with the configured defaults of @specs
 * added for the properties the caller did not give. */
static gpointer
object_new_with_defaults (GType type, GPtrArray *specs, guint n_properties,
                          const gchar *names[], const GValue values[])
{
  g_autoptr (GTypeClass) klass = g_type_class_ref (type);
  g_autoptr (GPtrArray) all_names = g_ptr_array_new ();
  g_autoptr (GArray) all_values = g_array_new (FALSE, TRUE, sizeof (GValue));
  GParamSpec **given = g_newa (GParamSpec *, n_properties + 1);
  gpointer object;

  for (guint i = 0; i < n_properties; i++)
    {
      given[i]
          = g_object_class_find_property (G_OBJECT_CLASS (klass), names[i]);
      g_ptr_array_add (all_names, (gpointer) names[i]);
      g_array_append_vals (all_values, &values[i], 1);
    }

  for (guint s = 0; s < specs->len; s++)
    {
      GParamSpec *pspec = g_ptr_array_index (specs, s);
      GValue v = G_VALUE_INIT;
      gboolean explicit = FALSE;

      for (guint i = 0; i < n_properties && !explicit; i++)
        explicit = given[i] == pspec;
      if (explicit || !cns_config_get_default (type, pspec, &v))
        continue;
      g_ptr_array_add (all_names, (gpointer) pspec->name);
      g_array_append_val (all_values, v);
    }

  object = g_object_new_with_properties (type, all_names->len,
                                         (const gchar **) all_names->pdata,
                                         (const GValue *) all_values->data);
  /* Only the defaults were copied in; the caller's values stay theirs. */
  for (guint i = n_properties; i < all_values->len; i++)
    g_value_unset (&g_array_index (all_values, GValue, i));
  return object;
}

/**
 * cns_object_new_with_properties:
 * @type: a #GObject type
 * @n_properties: the number of explicit properties
 * @names: (array length=n_properties): property names
 * @values: (array length=n_properties): property values
 *
 * Makes an object of @type with the given properties and, for every other
 * writable property, the default set with cns_config_set_default() if
 * there is one.
 *
 * Returns: (transfer full) (type GObject): the new object.
 */
gpointer
cns_object_new_with_properties (GType type, guint n_properties,
                                const gchar *names[], const GValue values[])
{
  g_autoptr (GPtrArray) specs = NULL;
  gpointer object;

  g_return_val_if_fail (g_type_is_a (type, G_TYPE_OBJECT), NULL);
  specs = cns_config_list_type_defaults (type);
  if (specs == NULL)
    object = g_object_new_with_properties (type, n_properties, names, values);
  else
    object
        = object_new_with_defaults (type, specs, n_properties, names, values);
  cns_memory_track_heap ();
  return object;
}

/**
 * cns_object_new:
 * @type: a #GObject type
 * @first_property_name: (nullable): as in g_object_new()
 *
 * Like g_object_new(), and applies attribute defaults as
 * cns_object_new_with_properties() does. This is how objects should be
 * made, so that --Type::Attribute=value on the command line takes effect.
 *
 * Returns: (transfer full) (type GObject): the new object.
 */
gpointer
cns_object_new (GType type, const gchar *first_property_name, ...)
{
  g_autoptr (GTypeClass) klass = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, TRUE, sizeof (GValue));
  gpointer object;
  va_list args;

  g_return_val_if_fail (g_type_is_a (type, G_TYPE_OBJECT), NULL);
  klass = g_type_class_ref (type);
  va_start (args, first_property_name);
  for (const gchar *name = first_property_name; name != NULL;
       name = va_arg (args, const gchar *))
    {
      GParamSpec *pspec
          = g_object_class_find_property (G_OBJECT_CLASS (klass), name);
      g_autofree gchar *error = NULL;
      GValue value = G_VALUE_INIT;

      if (pspec == NULL)
        {
          g_critical ("%s: %s has no property named '%s'", G_STRFUNC,
                      g_type_name (type), name);
          break;
        }
      G_VALUE_COLLECT_INIT (&value, pspec->value_type, args, 0, &error);
      if (error != NULL)
        {
          g_critical ("%s: %s", G_STRFUNC, error);
          g_value_unset (&value);
          break;
        }
      g_ptr_array_add (names, (gpointer) name);
      g_array_append_val (values, value);
    }
  va_end (args);

  object = cns_object_new_with_properties (type, names->len,
                                           (const gchar **) names->pdata,
                                           (const GValue *) values->data);
  for (guint i = 0; i < values->len; i++)
    g_value_unset (&g_array_index (values, GValue, i));
  return object;
}

/* Whether @self's aggregate, or @self alone, holds by plain references. */
static gboolean
is_anchored (CnsObject *self)
{
  Aggregate *agg = aggregate_get (self);

  return agg != NULL ? agg->anchored != 0
                     : (self->aggregate & FLAG_ANCHORED) != 0;
}

/* @self's aggregate, made for @self alone if it has none: anchored or
 * not as the aggregate it is about to join, since a toggle reference,
 * once taken, leaves its qdata behind. */
static Aggregate *
aggregate_of (CnsObject *self, gboolean anchored)
{
  Aggregate *agg = aggregate_get (self);

  if (agg == NULL)
    {
      agg = g_malloc (sizeof (Aggregate) + sizeof (CnsObject *));
      agg->n_members = 1;
      agg->members[0] = self;
      agg->anchored = anchored;
      aggregate_set (self, agg);
      if (anchored)
        {
          agg->n_strong = 0;
          g_object_ref (self);
        }
      else
        {
          /* The caller holds a reference, so self starts as a strong
           * member. */
          agg->n_strong = 1;
          g_object_add_toggle_ref (G_OBJECT (self), aggregate_toggle_notify,
                                   NULL);
        }
    }
  return agg;
}

static void
call_notify_new_aggregate (gpointer member, gpointer user_data)
{
  CNS_OBJECT_GET_CLASS (member)->notify_new_aggregate (member);
}

static gboolean
aggregate_has_exact_type (CnsObject *self, GType type)
{
  Aggregate *agg = aggregate_get (self);

  if (agg == NULL)
    return G_OBJECT_TYPE (self) == type;
  for (guint i = 0; i < agg->n_members; i++)
    if (G_OBJECT_TYPE (agg->members[i]) == type)
      return TRUE;
  return FALSE;
}

/* As in ns-3, an aggregate holds at most one object of each type, so that
 * cns_object_get() is unambiguous. */
static gboolean
aggregates_clash (CnsObject *self, CnsObject *other)
{
  Aggregate *agg = aggregate_get (other);
  guint n = agg != NULL ? agg->n_members : 1;

  for (guint i = 0; i < n; i++)
    {
      GObject *m = agg != NULL ? G_OBJECT (agg->members[i]) : G_OBJECT (other);

      if (aggregate_has_exact_type (self, G_OBJECT_TYPE (m)))
        {
          g_critical ("cns_object_aggregate: an aggregate cannot hold two "
                      "objects of type %s",
                      G_OBJECT_TYPE_NAME (m));
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * cns_object_aggregate:
 * @self: an object
 * @other: another object, not of the same type as any member of @self's
 *   aggregate
 *
 * Joins the aggregates of @self and @other, then calls
 * notify_new_aggregate on every member. The aggregate keeps every member
 * alive while any member is referenced from outside it.
 */
void
cns_object_aggregate (CnsObject *self, CnsObject *other)
{
  Aggregate *a, *b;
  gboolean anchored;

  g_return_if_fail (CNS_IS_OBJECT (self));
  g_return_if_fail (CNS_IS_OBJECT (other));

  if (aggregate_get (self) != NULL
      && aggregate_get (self) == aggregate_get (other))
    return;
  if (aggregates_clash (self, other))
    return;

  anchored = is_anchored (self) || is_anchored (other);
  a = aggregate_of (self, anchored);
  b = aggregate_of (other, anchored);
  if (a->n_members < b->n_members)
    {
      Aggregate *t = a;
      a = b;
      b = t;
    }
  if (anchored)
    {
      aggregate_anchor (a);
      aggregate_anchor (b);
    }
  g_return_if_fail (a->n_members + b->n_members <= G_MAXUINT16);
  a = g_realloc (a, sizeof (Aggregate)
                        + (a->n_members + b->n_members) * sizeof (CnsObject *));
  memcpy (a->members + a->n_members, b->members,
          b->n_members * sizeof (CnsObject *));
  a->n_members += b->n_members;
  a->n_strong += b->n_strong;
  g_free (b);
  /* The block moved: every member, old and new, points at it again. */
  for (guint i = 0; i < a->n_members; i++)
    aggregate_set (a->members[i], a);

  cns_object_foreach_aggregate (self, call_notify_new_aggregate, NULL);
}

/**
 * cns_object_get:
 * @self: (type CnsObject): a #CnsObject
 * @type: the type wanted
 *
 * Finds the member of @self's aggregate that is a @type: @self itself if
 * it is one, else the first member that is.
 *
 * Returns: (transfer none) (nullable) (type CnsObject): the member, or
 * %NULL.
 */
gpointer
cns_object_get (gpointer self, GType type)
{
  Aggregate *agg;

  g_return_val_if_fail (CNS_IS_OBJECT (self), NULL);
  if (G_TYPE_CHECK_INSTANCE_TYPE (self, type))
    return self;
  agg = aggregate_get (self);
  if (agg == NULL)
    return NULL;
  for (guint i = 0; i < agg->n_members; i++)
    {
      gpointer m = agg->members[i];

      if (G_TYPE_CHECK_INSTANCE_TYPE (m, type))
        return m;
    }
  return NULL;
}

/* The members of an aggregate, each referenced, so callbacks may change
 * the aggregate while the caller iterates. Taken for every node when it
 * starts and when it is disposed, and for every stack installed: most
 * aggregates fit in place, without an allocation. */
typedef struct
{
  guint n_members;
  CnsObject **members;
  CnsObject *in_place[8];
} Snapshot;

static void
snapshot_take (Snapshot *snapshot, CnsObject *self)
{
  Aggregate *agg = aggregate_get (self);
  CnsObject **members = agg != NULL ? agg->members : &self;

  snapshot->n_members = agg != NULL ? agg->n_members : 1;
  snapshot->members = snapshot->n_members <= G_N_ELEMENTS (snapshot->in_place)
                          ? snapshot->in_place
                          : g_new (CnsObject *, snapshot->n_members);
  for (guint i = 0; i < snapshot->n_members; i++)
    snapshot->members[i] = g_object_ref (members[i]);
}

static void
snapshot_release (Snapshot *snapshot)
{
  for (guint i = 0; i < snapshot->n_members; i++)
    g_object_unref (snapshot->members[i]);
  if (snapshot->members != snapshot->in_place)
    g_free (snapshot->members);
}

/**
 * cns_object_foreach_aggregate:
 * @func: (scope call): called with each member and @user_data
 *
 * Calls @func on every member of @self's aggregate, @self included.
 */
void
cns_object_foreach_aggregate (CnsObject *self, GFunc func, gpointer user_data)
{
  Snapshot snapshot;

  g_return_if_fail (CNS_IS_OBJECT (self));
  g_return_if_fail (func != NULL);
  snapshot_take (&snapshot, self);
  for (guint i = 0; i < snapshot.n_members; i++)
    func (snapshot.members[i], user_data);
  snapshot_release (&snapshot);
}

/**
 * cns_object_initialize:
 *
 * Runs the initialize vfunc of every member of @self's aggregate that has
 * not run it yet.
 */
void
cns_object_initialize (CnsObject *self)
{
  Snapshot snapshot;

  g_return_if_fail (CNS_IS_OBJECT (self));
  snapshot_take (&snapshot, self);
  for (guint i = 0; i < snapshot.n_members; i++)
    {
      CnsObject *m = snapshot.members[i];
      if (m->aggregate & FLAG_INITIALIZED)
        continue;
      m->aggregate |= FLAG_INITIALIZED;
      CNS_OBJECT_GET_CLASS (m)->initialize (m);
    }
  snapshot_release (&snapshot);
}

/**
 * cns_object_is_initialized:
 *
 * Returns: whether @self was initialized.
 */
gboolean
cns_object_is_initialized (CnsObject *self)
{
  g_return_val_if_fail (CNS_IS_OBJECT (self), FALSE);
  return (self->aggregate & FLAG_INITIALIZED) != 0;
}

/**
 * cns_object_dispose:
 *
 * Disposes every member of @self's aggregate (g_object_run_dispose()) and
 * dissolves the aggregate. Members that are still referenced elsewhere
 * survive, disposed; the others are finalized.
 */
void
cns_object_dispose (CnsObject *self)
{
  Snapshot snapshot;

  g_return_if_fail (CNS_IS_OBJECT (self));
  snapshot_take (&snapshot, self);
  for (guint i = 0; i < snapshot.n_members; i++)
    g_object_run_dispose (G_OBJECT (snapshot.members[i]));
  snapshot_release (&snapshot);
}

/* Marks @self as held by an owner that disposes it (cns_object_dispose())
 * before letting go of it; see the overview. */
void
cns_object_anchor (CnsObject *self)
{
  Aggregate *agg;

  g_return_if_fail (CNS_IS_OBJECT (self));
  self->aggregate |= FLAG_ANCHORED;
  agg = aggregate_get (self);
  if (agg != NULL)
    aggregate_anchor (agg);
}

/**
 * cns_instance_is_a_remember:
 *
 * The slow path of CNS_INSTANCE_IS_A(): checks @instance against @type and
 * remembers its class in @last when it passes.
 *
 * Returns: whether @instance is a @type.
 */
gboolean
cns_instance_is_a_remember (GTypeInstance *instance, GType type,
                            GTypeClass **last)
{
  if (!g_type_check_instance_is_a (instance, type))
    return FALSE;
  __atomic_store_n (last, instance->g_class, __ATOMIC_RELAXED);
  return TRUE;
}
