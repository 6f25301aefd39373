/* cns — attribute defaults set by name.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * cns_config_set_default ("CnsQueue::MaxSize", "50p") changes the value
 * every object made afterwards with cns_object_new() or a factory gets,
 * for that attribute of that type and of every subtype that inherits it
 * (as in ns-3, the default belongs to the class that declares the
 * attribute). CNS_ATTRIBUTE_DEFAULT="Type::Attr=value;..." does the same
 * from the environment. Apart from config paths (cns-config.c), which walk
 * objects that read these defaults when they are made.
 */
#include "core/cns-config.h"

#include "core/cns-attribute-private.h"
#include "core/cns-attribute.h"
#include "core/cns-config-private.h"
#include "core/cns-core-error.h"

#include <string.h>

/* A configured default: its value, and for object-valued attributes the
 * text, parsed again for every object made so that each gets its own
 * object (its own random variable, its own stream), as in ns-3. */
typedef struct
{
  GValue value;
  gchar *text;
} ConfigDefault;

static GHashTable *defaults; /* GParamSpec -> ConfigDefault */
/* GType -> GPtrArray of the type's writable GParamSpecs that have a
 * default, for cns_object_new(): listing a class's properties costs more
 * than making most objects. Emptied whenever the defaults change. */
static GHashTable *type_defaults;

static void
config_default_free (gpointer data)
{
  ConfigDefault *d = data;

  g_value_unset (&d->value);
  g_free (d->text);
  g_free (d);
}

/* The GObject type @name names, with or without its "Cns" prefix. */
GType
cns_config_resolve_type (const gchar *name)
{
  GType t = g_type_from_name (name);

  if (t == G_TYPE_INVALID)
    {
      g_autofree gchar *prefixed = g_strconcat ("Cns", name, NULL);

      t = g_type_from_name (prefixed);
    }
  return t != G_TYPE_INVALID && g_type_is_a (t, G_TYPE_OBJECT) ? t
                                                               : G_TYPE_INVALID;
}

/**
 * cns_config_set_default:
 * @name: "TypeName::Attribute", for example "CnsQueue::MaxSize"
 * @text: the default as text
 * @error: a #CNS_CORE_ERROR naming the type, attribute or value at fault
 *
 * Returns: %TRUE when the default was set.
 */
gboolean
cns_config_set_default (const gchar *name, const gchar *text, GError **error)
{
  g_autofree gchar *type_name = NULL;
  g_auto (GValue) value = G_VALUE_INIT;
  const gchar *sep;
  const gchar *attr;
  GParamSpec *pspec;
  GType type;

  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  if ((sep = g_strrstr (name, "::")) == NULL || sep == name || sep[2] == '\0')
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' is not TypeName::Attribute", name);
      return FALSE;
    }
  type_name = g_strndup (name, (gsize) (sep - name));
  attr = sep + 2;
  if ((type = cns_config_resolve_type (type_name)) == G_TYPE_INVALID)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "%s: unknown type '%s' (see --PrintTypeNames)", name,
                   type_name);
      return FALSE;
    }
  if ((pspec = cns_attribute_find (type, attr)) == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "%s: %s has no attribute '%s' (see --PrintAttributes=%s)",
                   name, g_type_name (type), attr, g_type_name (type));
      return FALSE;
    }
  if (!(pspec->flags & G_PARAM_WRITABLE))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "%s is read-only", name);
      return FALSE;
    }
  if (!cns_attribute_parse (pspec, text, &value, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  if (defaults == NULL)
    defaults = g_hash_table_new_full (NULL, NULL, NULL, config_default_free);
  {
    ConfigDefault *d = g_new0 (ConfigDefault, 1);

    d->value = value;
    memset (&value, 0, sizeof value); /* moved into the table */
    if (G_TYPE_IS_OBJECT (pspec->value_type))
      d->text = g_strdup (text);
    g_hash_table_replace (defaults, pspec, d);
  }
  if (type_defaults != NULL)
    g_hash_table_remove_all (type_defaults);
  return TRUE;
}

/**
 * cns_config_get_default:
 * @type: the type being made
 * @pspec: one of its properties
 * @value: (out caller-allocates): an unset #GValue, set when a default is
 *   configured
 *
 * An object-valued default gives a new object each time.
 *
 * Returns: %TRUE when a default was configured for @pspec.
 */
gboolean
cns_config_get_default (GType type, GParamSpec *pspec, GValue *value)
{
  const ConfigDefault *d
      = defaults ? g_hash_table_lookup (defaults, pspec) : NULL;

  if (d == NULL)
    return FALSE;
  /* The text parsed once already, so it parses again. */
  if (d->text != NULL && cns_attribute_parse (pspec, d->text, value, NULL))
    return TRUE;
  g_value_init (value, G_VALUE_TYPE (&d->value));
  g_value_copy (&d->value, value);
  return TRUE;
}

/**
 * cns_config_reset_defaults:
 *
 * Forgets every default set with cns_config_set_default().
 */
void
cns_config_reset_defaults (void)
{
  if (defaults != NULL)
    g_hash_table_remove_all (defaults);
  if (type_defaults != NULL)
    g_hash_table_remove_all (type_defaults);
}

/*
 * cns_config_default_text:
 * @pspec: a property
 *
 * The default set for @pspec, as text, without making an object: making
 * a random variable takes an automatic stream, and so would change the
 * streams of the variables made after it.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when no default
 * was set with cns_config_set_default().
 */
gchar *
cns_config_default_text (GParamSpec *pspec)
{
  const ConfigDefault *d
      = defaults ? g_hash_table_lookup (defaults, pspec) : NULL;

  if (d == NULL)
    return NULL;
  return d->text != NULL ? g_strdup (d->text)
                         : cns_attribute_format (&d->value);
}

/*
 * cns_config_default_is:
 * @name: "TypeName::Attribute"
 * @text: a value as text
 *
 * Whether the default of @name reads as @text now. %FALSE when @name does
 * not resolve, and for an object-valued default that was not set, which
 * cannot be read without making an object.
 */
gboolean
cns_config_default_is (const gchar *name, const gchar *text)
{
  g_autofree gchar *type_name = NULL;
  g_autofree gchar *current = NULL;
  const gchar *sep = g_strrstr (name, "::");
  GParamSpec *pspec;
  GType type;

  if (sep == NULL)
    return FALSE;
  type_name = g_strndup (name, (gsize) (sep - name));
  if ((type = cns_config_resolve_type (type_name)) == G_TYPE_INVALID
      || (pspec = cns_attribute_find (type, sep + 2)) == NULL)
    return FALSE;
  current = cns_config_default_text (pspec);
  if (current == NULL && !G_TYPE_IS_OBJECT (pspec->value_type))
    {
      g_auto (GValue) value = G_VALUE_INIT;

      cns_attribute_get_default (pspec, &value);
      current = cns_attribute_format (&value);
    }
  return current != NULL && strcmp (current, text) == 0;
}

/*
 * cns_config_list_type_defaults:
 * @type: a #GObject type
 *
 * The writable properties of @type that have a default set with
 * cns_config_set_default(), in the order g_object_class_list_properties()
 * gives them.
 *
 * Returns: (transfer full) (nullable): the properties, or %NULL when none
 * has a default.
 */
GPtrArray *
cns_config_list_type_defaults (GType type)
{
  GPtrArray *specs;

  if (defaults == NULL || g_hash_table_size (defaults) == 0)
    return NULL;
  if (type_defaults == NULL)
    type_defaults = g_hash_table_new_full (NULL, NULL, NULL,
                                           (GDestroyNotify) g_ptr_array_unref);
  specs = g_hash_table_lookup (type_defaults, GSIZE_TO_POINTER (type));
  if (specs == NULL)
    {
      g_autoptr (GTypeClass) klass = g_type_class_ref (type);
      g_autofree GParamSpec **all = NULL;
      guint n = 0;

      all = g_object_class_list_properties (G_OBJECT_CLASS (klass), &n);
      specs = g_ptr_array_new ();
      for (guint i = 0; i < n; i++)
        if ((all[i]->flags & G_PARAM_WRITABLE)
            && g_hash_table_contains (defaults, all[i]))
          g_ptr_array_add (specs, all[i]);
      g_hash_table_insert (type_defaults, GSIZE_TO_POINTER (type), specs);
    }
  /* The caller may parse object-valued defaults while it reads the list,
   * and so run code that changes the defaults. */
  return specs->len > 0 ? g_ptr_array_ref (specs) : NULL;
}

/**
 * cns_config_apply_environment:
 * @error: a #CNS_CORE_ERROR naming the bad setting
 *
 * Applies CNS_ATTRIBUTE_DEFAULT="Type::Attr=value;Type::Attr=value".
 * CnsCommandLine calls this before parsing, so options override it.
 *
 * Returns: %TRUE when every setting was applied.
 */
gboolean
cns_config_apply_environment (GError **error)
{
  const gchar *env = g_getenv ("CNS_ATTRIBUTE_DEFAULT");
  g_auto (GStrv) items = NULL;

  if (env == NULL || *env == '\0')
    return TRUE;
  items = g_strsplit (env, ";", -1);
  for (gchar **item = items; *item != NULL; item++)
    {
      gchar *eq = strchr (*item, '=');

      if (**item == '\0')
        continue;
      if (eq == NULL)
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "CNS_ATTRIBUTE_DEFAULT: '%s' is not Type::Attr=value",
                       *item);
          return FALSE;
        }
      *eq = '\0';
      if (!cns_config_set_default (*item, eq + 1, error))
        {
          g_prefix_error (error, "CNS_ATTRIBUTE_DEFAULT: ");
          return FALSE;
        }
    }
  return TRUE;
}
