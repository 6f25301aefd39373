/* cns — object factories: a type plus attribute values, to make objects.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The text form is "TypeName(Attr=value,Other=value)". Values may nest
 * ("Sequential(Increment=Uniform(Min=1,Max=2))"): only commas outside
 * parentheses separate attributes. Type names may be short when the
 * expected base type is known: with base CnsRandomVariable, "Exponential"
 * means CnsExponentialRandomVariable.
 */
#include "core/cns-object-factory.h"

#include "core/cns-attribute.h"
#include "core/cns-core-error.h"
#include "core/cns-object.h"

#include <string.h>

typedef struct
{
  GParamSpec *pspec;
  GValue value;
} FactoryValue;

struct _CnsObjectFactory
{
  GType type;
  GArray *values; /* FactoryValue */
};

G_DEFINE_BOXED_TYPE (CnsObjectFactory, cns_object_factory,
                     cns_object_factory_copy, cns_object_factory_free)

static void
factory_value_clear (gpointer data)
{
  g_value_unset (&((FactoryValue *) data)->value);
}

/**
 * cns_object_factory_new:
 * @type: the #GObject type to make
 *
 * Returns: (transfer full): a factory making plain objects of @type.
 */
CnsObjectFactory *
cns_object_factory_new (GType type)
{
  CnsObjectFactory *self;

  g_return_val_if_fail (G_TYPE_IS_OBJECT (type), NULL);
  self = g_new0 (CnsObjectFactory, 1);
  self->type = type;
  self->values = g_array_new (FALSE, TRUE, sizeof (FactoryValue));
  g_array_set_clear_func (self->values, factory_value_clear);
  return self;
}

/**
 * cns_object_factory_copy:
 *
 * Returns: (transfer full): a copy of @self.
 */
CnsObjectFactory *
cns_object_factory_copy (const CnsObjectFactory *self)
{
  CnsObjectFactory *copy;

  g_return_val_if_fail (self != NULL, NULL);
  copy = cns_object_factory_new (self->type);
  for (guint i = 0; i < self->values->len; i++)
    {
      const FactoryValue *fv = &g_array_index (self->values, FactoryValue, i);
      FactoryValue c = { fv->pspec, G_VALUE_INIT };

      g_value_init (&c.value, G_VALUE_TYPE (&fv->value));
      g_value_copy (&fv->value, &c.value);
      g_array_append_val (copy->values, c);
    }
  return copy;
}

/**
 * cns_object_factory_free:
 *
 * Frees @self.
 */
void
cns_object_factory_free (CnsObjectFactory *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->values);
  g_free (self);
}

/**
 * cns_object_factory_get_object_type:
 *
 * Returns: the type @self makes.
 */
GType
cns_object_factory_get_object_type (const CnsObjectFactory *self)
{
  g_return_val_if_fail (self != NULL, G_TYPE_INVALID);
  return self->type;
}

/**
 * cns_object_factory_set_object_type:
 *
 * Changes the type @self makes, dropping the values set so far (they
 * belong to the old type's attributes).
 */
void
cns_object_factory_set_object_type (CnsObjectFactory *self, GType type)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (G_TYPE_IS_OBJECT (type));
  self->type = type;
  g_array_set_size (self->values, 0);
}

static void
factory_store (CnsObjectFactory *self, GParamSpec *pspec, GValue *value)
{
  FactoryValue fv = { pspec, G_VALUE_INIT };

  for (guint i = 0; i < self->values->len; i++)
    {
      FactoryValue *old = &g_array_index (self->values, FactoryValue, i);

      if (old->pspec == pspec)
        {
          g_value_unset (&old->value);
          *old = fv;
          g_value_init (&old->value, G_VALUE_TYPE (value));
          g_value_copy (value, &old->value);
          return;
        }
    }
  g_value_init (&fv.value, G_VALUE_TYPE (value));
  g_value_copy (value, &fv.value);
  g_array_append_val (self->values, fv);
}

static GParamSpec *
factory_find_writable (CnsObjectFactory *self, const gchar *name,
                       GError **error)
{
  GParamSpec *pspec = cns_attribute_find (self->type, name);

  if (pspec == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "%s has no attribute '%s' (see --PrintAttributes=%s)",
                   g_type_name (self->type), name, g_type_name (self->type));
      return NULL;
    }
  if (!(pspec->flags & G_PARAM_WRITABLE))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "%s::%s is read-only", g_type_name (self->type), name);
      return NULL;
    }
  return pspec;
}

/**
 * cns_object_factory_set:
 * @name: an attribute of the factory's type, "DataRate"
 * @text: its value as text
 * @error: a #CNS_CORE_ERROR naming the attribute and @text when refused
 *
 * Returns: %TRUE when the value was accepted.
 */
gboolean
cns_object_factory_set (CnsObjectFactory *self, const gchar *name,
                        const gchar *text, GError **error)
{
  g_auto (GValue) value = G_VALUE_INIT;
  GParamSpec *pspec;

  g_return_val_if_fail (self != NULL && name != NULL && text != NULL, FALSE);
  if ((pspec = factory_find_writable (self, name, error)) == NULL)
    return FALSE;
  if (!cns_attribute_parse (pspec, text, &value, error))
    {
      g_prefix_error (error, "%s::%s: ", g_type_name (self->type), name);
      return FALSE;
    }
  factory_store (self, pspec, &value);
  return TRUE;
}

/**
 * cns_object_factory_set_value:
 * @value: a value transformable to the attribute's type
 *
 * Returns: %TRUE when the value was accepted.
 */
gboolean
cns_object_factory_set_value (CnsObjectFactory *self, const gchar *name,
                              const GValue *value, GError **error)
{
  g_auto (GValue) v = G_VALUE_INIT;
  GParamSpec *pspec;

  g_return_val_if_fail (self != NULL && name != NULL, FALSE);
  g_return_val_if_fail (G_IS_VALUE (value), FALSE);
  if ((pspec = factory_find_writable (self, name, error)) == NULL)
    return FALSE;
  g_value_init (&v, pspec->value_type);
  if (!g_value_transform (value, &v) || g_param_value_validate (pspec, &v))
    {
      g_autofree gchar *range = cns_attribute_describe_range (pspec);

      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "%s::%s: the %s value given is not acceptable "
                   "(accepted: %s)",
                   g_type_name (self->type), name, G_VALUE_TYPE_NAME (value),
                   range);
      return FALSE;
    }
  factory_store (self, pspec, &v);
  return TRUE;
}

/**
 * cns_object_factory_create:
 *
 * Makes an object with the factory's values and, for other attributes,
 * the configured defaults (see cns_object_new_with_properties()).
 *
 * Returns: (transfer full) (type GObject): the new object.
 */
gpointer
cns_object_factory_create (const CnsObjectFactory *self)
{
  const gchar **names;
  GValue *values;
  guint n;

  g_return_val_if_fail (self != NULL, NULL);
  n = self->values->len;
  names = g_newa (const gchar *, n + 1);
  values = g_newa (GValue, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const FactoryValue *fv = &g_array_index (self->values, FactoryValue, i);

      names[i] = fv->pspec->name;
      values[i] = fv->value; /* shallow: only read during construction */
    }
  return cns_object_new_with_properties (self->type, n, names, values);
}

/**
 * cns_object_factory_to_string:
 *
 * Returns: (transfer full): "TypeName(Attr=value,...)", which
 * cns_object_factory_new_from_string() reads back.
 */
gchar *
cns_object_factory_to_string (const CnsObjectFactory *self)
{
  GString *s;

  g_return_val_if_fail (self != NULL, NULL);
  s = g_string_new (g_type_name (self->type));
  for (guint i = 0; i < self->values->len; i++)
    {
      const FactoryValue *fv = &g_array_index (self->values, FactoryValue, i);
      g_autofree gchar *name
          = cns_attribute_name_from_property (fv->pspec->name);
      g_autofree gchar *text = cns_attribute_format (&fv->value);

      g_string_append_printf (s, "%s%s=%s", i ? "," : "(", name, text);
    }
  if (self->values->len > 0)
    g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

static void
list_concrete_types (GType type, GType base, GString *out)
{
  g_autofree GType *children = NULL;
  guint n = 0;

  if (G_TYPE_IS_INSTANTIATABLE (type) && !G_TYPE_IS_ABSTRACT (type))
    {
      const gchar *name = g_type_name (type);
      const gchar *suffix = g_type_name (base);
      gsize len = strlen (name);

      /* Show the short form users may type. */
      if (g_str_has_prefix (suffix, "Cns"))
        suffix += 3;
      if (g_str_has_prefix (name, "Cns"))
        {
          name += 3;
          len -= 3;
        }
      if (g_str_has_suffix (name, suffix) && len > strlen (suffix))
        len -= strlen (suffix);
      g_string_append_printf (out, "%s%.*s", out->len ? ", " : "", (int) len,
                              name);
    }
  children = g_type_children (type, &n);
  for (guint i = 0; i < n; i++)
    list_concrete_types (children[i], base, out);
}

/**
 * cns_object_factory_resolve_type:
 * @name: a type name, full ("CnsExponentialRandomVariable") or short
 *   ("Exponential", "ExponentialRandomVariable")
 * @base_type: the type the result must derive from; it supplies the suffix
 *   of short names
 * @error: a #CNS_CORE_ERROR listing the acceptable names
 *
 * Returns: a concrete type deriving from @base_type, or %G_TYPE_INVALID.
 */
GType
cns_object_factory_resolve_type (const gchar *name, GType base_type,
                                 GError **error)
{
  const gchar *base = g_type_name (base_type);
  const gchar *suffix = g_str_has_prefix (base, "Cns") ? base + 3 : base;
  g_autofree gchar *with_prefix = g_strconcat ("Cns", name, NULL);
  g_autofree gchar *with_suffix = g_strconcat (name, suffix, NULL);
  g_autofree gchar *with_both = g_strconcat ("Cns", name, suffix, NULL);
  const gchar *candidates[] = { name, with_prefix, with_suffix, with_both };
  g_autoptr (GString) accepted = NULL;

  g_return_val_if_fail (name != NULL, G_TYPE_INVALID);
  for (gsize i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      GType t = g_type_from_name (candidates[i]);

      if (t == G_TYPE_INVALID || !g_type_is_a (t, base_type))
        continue;
      if (!G_TYPE_IS_INSTANTIATABLE (t) || G_TYPE_IS_ABSTRACT (t))
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                       "%s is abstract; name a concrete type", g_type_name (t));
          return G_TYPE_INVALID;
        }
      return t;
    }
  /* Name the choices when the base type is specific enough to have few. */
  accepted = g_string_new (NULL);
  if (base_type != G_TYPE_OBJECT && base_type != CNS_TYPE_OBJECT)
    list_concrete_types (base_type, base_type, accepted);
  if (accepted->len > 0)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "unknown type '%s' for a %s (accepted: %s)", name, base,
                 accepted->str);
  else
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "unknown type '%s' (see --PrintTypeNames)", name);
  return G_TYPE_INVALID;
}

/* Splits "a=1,b=X(c=2,d=3)" at top-level commas. */
static GPtrArray *
split_top_level (const gchar *text, GError **error)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);
  const gchar *start = text;
  gint depth = 0;

  for (const gchar *p = text;; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')' && --depth < 0)
        break;
      if ((*p == ',' && depth == 0) || *p == '\0')
        {
          g_ptr_array_add (items,
                           g_strstrip (g_strndup (start, (gsize) (p - start))));
          if (*p == '\0')
            break;
          start = p + 1;
        }
    }
  if (depth != 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "unbalanced parentheses in '%s'", text);
      g_ptr_array_unref (items);
      return NULL;
    }
  return items;
}

/**
 * cns_object_factory_new_from_string:
 * @text: "TypeName" or "TypeName(Attr=value,...)"
 * @base_type: the type the object must derive from, used to resolve short
 *   names (%G_TYPE_OBJECT for any)
 * @error: a #CNS_CORE_ERROR naming what is wrong in @text
 *
 * Returns: (transfer full) (nullable): the factory, or %NULL.
 */
CnsObjectFactory *
cns_object_factory_new_from_string (const gchar *text, GType base_type,
                                    GError **error)
{
  g_autoptr (CnsObjectFactory) self = NULL;
  g_autoptr (GPtrArray) items = NULL;
  g_autofree gchar *copy = g_strstrip (g_strdup (text));
  gchar *open = strchr (copy, '(');
  GType type;

  g_return_val_if_fail (text != NULL, NULL);
  if (open != NULL)
    {
      gsize len = strlen (copy);

      if (copy[len - 1] != ')')
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "'%s' does not end with ')' (expected "
                       "TypeName(Attr=value,...))",
                       text);
          return NULL;
        }
      copy[len - 1] = '\0';
      *open++ = '\0';
      g_strstrip (copy);
    }
  if (*copy == '\0')
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' names no type (expected TypeName(Attr=value,...))",
                   text);
      return NULL;
    }
  type = cns_object_factory_resolve_type (copy, base_type, error);
  if (type == G_TYPE_INVALID)
    return NULL;
  self = cns_object_factory_new (type);
  if (open == NULL)
    return g_steal_pointer (&self);

  if ((items = split_top_level (open, error)) == NULL)
    return NULL;
  for (guint i = 0; i < items->len; i++)
    {
      gchar *item = g_ptr_array_index (items, i);
      gchar *eq = strchr (item, '=');

      if (*item == '\0' && items->len == 1)
        break;
      if (eq == NULL)
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "'%s' in '%s' is not Attr=value", item, text);
          return NULL;
        }
      *eq = '\0';
      if (!cns_object_factory_set (self, g_strstrip (item), g_strstrip (eq + 1),
                                   error))
        return NULL;
    }
  return g_steal_pointer (&self);
}
