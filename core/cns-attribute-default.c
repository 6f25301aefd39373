/* cns — attribute defaults that a GParamSpec cannot hold.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A GParamSpec carries the default of a number, a string, a CnsTime, but
 * not of a boxed value (a CnsQueueSize), a GType or an object: their specs
 * default to NULL or to the base type. Classes used to set such defaults in
 * their instance init, where listings could not see them, so
 * --PrintAttributes showed "none" for a queue that holds 100 packets.
 *
 * Here a class declares such a default once, as text, in class_init; it is
 * the only place the value lives. CnsObject applies it to every new object
 * before the properties given to g_object_new() or cns_object_new() are set
 * (GObject sets non-construct properties after constructed), and listings
 * and cns_attribute_describe_object() read it from here too. The text is
 * parsed when first needed, so a GType default may name a type that is
 * registered after the class; an object-valued default is parsed for every
 * object, so that each gets its own.
 *
 * Like the other registries of the core, this one is filled and read from
 * one thread.
 */
#include "core/cns-attribute.h"

#include "core/cns-attribute-private.h"

typedef struct
{
  gchar *text;
  GValue value; /* parsed once, unless object-valued; unset until then */
} AttributeDefault;

static GHashTable *defaults; /* GParamSpec -> AttributeDefault */
static GHashTable *by_type;  /* GType -> GPtrArray of GParamSpec with one */

static void
attribute_default_free (gpointer data)
{
  AttributeDefault *d = data;

  g_free (d->text);
  if (G_IS_VALUE (&d->value))
    g_value_unset (&d->value);
  g_free (d);
}

/* The spec that holds the default: an overriding class's spec redirects to
 * the one it overrides. */
static GParamSpec *
declaring_spec (GParamSpec *pspec)
{
  GParamSpec *target = g_param_spec_get_redirect_target (pspec);

  return target != NULL ? target : pspec;
}

/**
 * cns_attribute_install_default:
 * @pspec: a writable property of a class, installed and neither
 *   G_PARAM_CONSTRUCT nor G_PARAM_CONSTRUCT_ONLY
 * @text: the default in the text form cns_attribute_parse() accepts:
 *   "100p", "CnsUdpSocketFactory", "Constant(Constant=1)"
 *
 * Declares the default of an attribute whose GParamSpec cannot hold one
 * (boxed, GType and object values). Call it in class_init, instead of
 * setting the value in the instance init: every #CnsObject made afterwards
 * starts with it, and listings show it. Construct properties are refused,
 * as GObject sets them from their spec before a default could be applied.
 * The default is set in #CnsObject's constructed, so a subclass whose
 * constructed reads the attribute chains up first.
 */
void
cns_attribute_install_default (GParamSpec *pspec, const gchar *text)
{
  AttributeDefault *d;

  g_return_if_fail (G_IS_PARAM_SPEC (pspec));
  g_return_if_fail (text != NULL);
  g_return_if_fail (pspec->flags & G_PARAM_WRITABLE);
  g_return_if_fail (
      !(pspec->flags & (G_PARAM_CONSTRUCT | G_PARAM_CONSTRUCT_ONLY)));

  if (defaults == NULL)
    {
      defaults
          = g_hash_table_new_full (NULL, NULL, NULL, attribute_default_free);
      by_type = g_hash_table_new_full (NULL, NULL, NULL,
                                       (GDestroyNotify) g_ptr_array_unref);
    }
  d = g_new0 (AttributeDefault, 1);
  d->text = g_strdup (text);
  g_hash_table_replace (defaults, pspec, d);
  /* Types already seen may inherit @pspec. */
  g_hash_table_remove_all (by_type);
}

/* Sets @value (unset) to @d's value; FALSE, after a critical, when the
 * declared text does not parse. */
static gboolean
attribute_default_get (GParamSpec *pspec, AttributeDefault *d, GValue *value)
{
  g_autoptr (GError) error = NULL;

  if (G_IS_VALUE (&d->value))
    {
      g_value_init (value, G_VALUE_TYPE (&d->value));
      g_value_copy (&d->value, value);
      return TRUE;
    }
  if (!cns_attribute_parse (pspec, d->text, value, &error))
    {
      g_critical ("the default '%s' of %s::%s does not parse: %s", d->text,
                  g_type_name (pspec->owner_type), pspec->name, error->message);
      return FALSE;
    }
  if (!G_TYPE_IS_OBJECT (pspec->value_type))
    {
      g_value_init (&d->value, G_VALUE_TYPE (value));
      g_value_copy (value, &d->value);
    }
  return TRUE;
}

/**
 * cns_attribute_get_default:
 * @pspec: a property
 * @value: (out caller-allocates): an unset #GValue
 *
 * Sets @value to the default every new object gets for @pspec: the one
 * declared with cns_attribute_install_default(), or else the spec's own.
 * Defaults set with cns_config_set_default() are not included. An
 * object-valued default gives a new object each time.
 */
void
cns_attribute_get_default (GParamSpec *pspec, GValue *value)
{
  AttributeDefault *d;

  g_return_if_fail (G_IS_PARAM_SPEC (pspec));
  g_return_if_fail (value != NULL && !G_IS_VALUE (value));

  pspec = declaring_spec (pspec);
  d = defaults != NULL ? g_hash_table_lookup (defaults, pspec) : NULL;
  if (d != NULL && attribute_default_get (pspec, d, value))
    return;
  g_value_init (value, pspec->value_type);
  g_param_value_set_default (pspec, value);
}

/* The specs of @type's properties that have a declared default. */
static GPtrArray *
type_defaults (GType type)
{
  GPtrArray *specs = g_hash_table_lookup (by_type, GSIZE_TO_POINTER (type));
  g_autoptr (GTypeClass) klass = NULL;
  g_autofree GParamSpec **all = NULL;
  guint n = 0;

  if (specs != NULL)
    return specs;
  specs = g_ptr_array_new ();
  klass = g_type_class_ref (type);
  all = g_object_class_list_properties (G_OBJECT_CLASS (klass), &n);
  for (guint i = 0; i < n; i++)
    if (g_hash_table_contains (defaults, declaring_spec (all[i])))
      g_ptr_array_add (specs, all[i]);
  g_hash_table_insert (by_type, GSIZE_TO_POINTER (type), specs);
  return specs;
}

/*
 * cns_attribute_apply_defaults:
 *
 * Sets every declared default of @object's class on @object. CnsObject
 * calls it from constructed.
 */
void
cns_attribute_apply_defaults (GObject *object)
{
  g_autoptr (GPtrArray) specs = NULL;
  GPtrArray *cached;

  if (defaults == NULL)
    return;
  cached = type_defaults (G_OBJECT_TYPE (object));
  if (cached->len == 0)
    return;
  /* Making an object-valued default may run a class_init that installs a
   * default, which empties the cache; keep this type's list alive. */
  specs = g_ptr_array_ref (cached);
  for (guint i = 0; i < specs->len; i++)
    {
      GParamSpec *pspec = g_ptr_array_index (specs, i);
      AttributeDefault *d
          = g_hash_table_lookup (defaults, declaring_spec (pspec));
      g_auto (GValue) value = G_VALUE_INIT;

      if (attribute_default_get (declaring_spec (pspec), d, &value))
        g_object_set_property (object, pspec->name, &value);
    }
}
