/* cns — configuration by config paths.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Defaults set by name are in cns-config-default.c.
 *
 * Paths. A config path names objects by walking from a root list:
 *
 *   /NodeList/3/DeviceList/0/$CnsPointToPointNetDevice/DataRate
 *
 * "NodeList" is a root list registered by a module; "3" picks an element
 * (or "*", "[0-3]", "1|4|7", "[0-3]|9"); "DeviceList" is a list installed on
 * the element's type; "$Type" keeps objects that are, or are aggregated
 * with, a Type; a name that is an object-valued attribute ("TxQueue") steps
 * into that object. The last segment is the attribute to set or the trace
 * source to connect: on every matched object that has it, skipping those
 * that do not (a wildcard over a node's devices meets its loopback, which
 * has no DataRate). Only a path whose objects all lack it is an error.
 * The objects are gathered and the value is checked before anything
 * changes, so a call changes every object it names or none.
 */
#include "core/cns-config.h"

#include "core/cns-attribute-private.h"
#include "core/cns-attribute.h"
#include "core/cns-config-private.h"
#include "core/cns-core-error.h"
#include "core/cns-object-factory.h"
#include "core/cns-object.h"
#include "core/cns-trace-source.h"

#include <stdlib.h>
#include <string.h>

typedef struct
{
  gchar *name;
  GType owner; /* G_TYPE_INVALID for root lists */
  CnsConfigListLength length;
  CnsConfigListNth nth;
  gpointer user_data;
} ConfigList;

static GPtrArray *lists; /* ConfigList */

static void
config_list_free (gpointer data)
{
  ConfigList *list = data;

  g_free (list->name);
  g_free (list);
}

static ConfigList *
config_find_list (GType owner, const gchar *name)
{
  for (guint i = 0; lists != NULL && i < lists->len; i++)
    {
      ConfigList *list = g_ptr_array_index (lists, i);

      if (strcmp (list->name, name) != 0)
        continue;
      if (owner == G_TYPE_INVALID ? list->owner == G_TYPE_INVALID
                                  : list->owner != G_TYPE_INVALID
                                        && g_type_is_a (owner, list->owner))
        return list;
    }
  return NULL;
}

static void
config_add_list (GType owner, const gchar *name, CnsConfigListLength length,
                 CnsConfigListNth nth, gpointer user_data)
{
  ConfigList *list = g_new0 (ConfigList, 1);

  if (lists == NULL)
    lists = g_ptr_array_new_with_free_func (config_list_free);
  list->name = g_strdup (name);
  list->owner = owner;
  list->length = length;
  list->nth = nth;
  list->user_data = user_data;
  g_ptr_array_add (lists, list);
}

/**
 * cns_config_register_root: (skip)
 * @name: the first path segment, "NodeList"
 * @length: gives the number of objects (called with a %NULL owner)
 * @nth: gives object @index
 *
 * Makes "/@name/..." paths resolve through @length and @nth.
 */
void
cns_config_register_root (const gchar *name, CnsConfigListLength length,
                          CnsConfigListNth nth, gpointer user_data)
{
  g_return_if_fail (name != NULL && length != NULL && nth != NULL);
  if (config_find_list (G_TYPE_INVALID, name) != NULL)
    {
      g_critical ("config root '%s' is already registered", name);
      return;
    }
  config_add_list (G_TYPE_INVALID, name, length, nth, user_data);
}

/**
 * cns_config_unregister_root:
 *
 * Removes the root list @name.
 */
void
cns_config_unregister_root (const gchar *name)
{
  ConfigList *list = config_find_list (G_TYPE_INVALID, name);

  if (list != NULL)
    g_ptr_array_remove (lists, list);
}

/**
 * cns_config_install_list: (skip)
 * @type: the type owning the list (call from its class_init)
 * @name: the path segment, "DeviceList"
 * @blurb: what the list holds, for listings
 *
 * Lets paths step from an object of @type into a list of objects it holds.
 */
void
cns_config_install_list (GType type, const gchar *name, const gchar *blurb,
                         CnsConfigListLength length, CnsConfigListNth nth,
                         gpointer user_data)
{
  g_return_if_fail (g_type_is_a (type, G_TYPE_OBJECT));
  g_return_if_fail (name != NULL && length != NULL && nth != NULL);
  config_add_list (type, name, length, nth, user_data);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const gchar *const *) a, *(const gchar *const *) b);
}

/*
 * cns_config_list_names:
 * @owner: a #GObject type, or %G_TYPE_INVALID for the root lists
 *
 * The names a path can step through from an object of @owner (or from
 * "/"), each once and sorted, so that walks over them are reproducible.
 *
 * Returns: (transfer container) (element-type utf8): the names, owned by
 * the lists.
 */
GPtrArray *
cns_config_list_names (GType owner)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; lists != NULL && i < lists->len; i++)
    {
      ConfigList *list = g_ptr_array_index (lists, i);

      /* The list a path reaches by this name, as config_resolve finds it. */
      if (config_find_list (owner, list->name) == list)
        g_ptr_array_add (names, list->name);
    }
  g_ptr_array_sort (names, compare_names);
  return names;
}

/*
 * cns_config_list_items:
 * @owner: (nullable): the object holding list @name, %NULL for a root list
 *
 * Returns: (transfer container) (element-type GObject): the list's
 * objects, by index; an index whose object is missing holds %NULL.
 */
GPtrArray *
cns_config_list_items (GObject *owner, const gchar *name)
{
  ConfigList *list = config_find_list (
      owner != NULL ? G_OBJECT_TYPE (owner) : G_TYPE_INVALID, name);
  GPtrArray *items = g_ptr_array_new ();
  guint n;

  g_return_val_if_fail (list != NULL, items);
  n = list->length (owner, list->user_data);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, list->nth (owner, i, list->user_data));
  return items;
}

/* Does @index match @pattern: "*", "N", "[a-b]", or several joined by '|'? */
static gboolean
index_matches (const gchar *pattern, guint index, gboolean *valid)
{
  g_auto (GStrv) parts = g_strsplit (pattern, "|", -1);
  gboolean match = FALSE;

  *valid = TRUE;
  for (gchar **p = parts; *p != NULL; p++)
    {
      guint64 lo, hi;

      if (strcmp (*p, "*") == 0)
        match = TRUE;
      else if (**p == '[')
        {
          g_auto (GStrv) range = NULL;
          gsize len = strlen (*p);

          if (len < 5 || (*p)[len - 1] != ']')
            {
              *valid = FALSE;
              return FALSE;
            }
          (*p)[len - 1] = '\0';
          range = g_strsplit (*p + 1, "-", 2);
          if (range[1] == NULL
              || !g_ascii_string_to_unsigned (range[0], 10, 0, G_MAXUINT, &lo,
                                              NULL)
              || !g_ascii_string_to_unsigned (range[1], 10, lo, G_MAXUINT, &hi,
                                              NULL))
            {
              *valid = FALSE;
              return FALSE;
            }
          match |= index >= lo && index <= hi;
        }
      else if (g_ascii_string_to_unsigned (*p, 10, 0, G_MAXUINT, &lo, NULL))
        match |= index == lo;
      else
        {
          *valid = FALSE;
          return FALSE;
        }
    }
  return match;
}

static gboolean
expand_list (ConfigList *list, GObject *owner, const gchar *pattern,
             const gchar *path, GPtrArray *out, GError **error)
{
  gboolean valid;
  guint n;

  index_matches (pattern, 0, &valid);
  if (!valid)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "config path '%s': '%s' is not an index pattern "
                   "(expected N, *, [a-b] or a|b)",
                   path, pattern);
      return FALSE;
    }
  n = list->length (owner, list->user_data);
  for (guint i = 0; i < n; i++)
    {
      GObject *item;

      if (index_matches (pattern, i, &valid)
          && (item = list->nth (owner, i, list->user_data)) != NULL)
        g_ptr_array_add (out, g_object_ref (item));
    }
  return TRUE;
}

/*
 * Resolves @segments[0 .. n-1] to objects. Returns NULL with @error set
 * when the path is malformed; an empty array when it is well formed but
 * matches nothing.
 */
static GPtrArray *
config_resolve (const gchar *path, gchar **segments, guint n, GError **error)
{
  g_autoptr (GPtrArray) current = NULL;
  ConfigList *root;
  guint i = 2;

  if (n < 2)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "config path '%s' is too short (expected "
                   "/RootList/index/...)",
                   path);
      return NULL;
    }
  if ((root = config_find_list (G_TYPE_INVALID, segments[0])) == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "config path '%s': unknown root '%s'", path, segments[0]);
      return NULL;
    }
  current = g_ptr_array_new_with_free_func (g_object_unref);
  if (!expand_list (root, NULL, segments[1], path, current, error))
    return NULL;

  while (i < n)
    {
      const gchar *seg = segments[i];
      g_autoptr (GPtrArray) next
          = g_ptr_array_new_with_free_func (g_object_unref);
      GType type = G_TYPE_INVALID;
      gboolean used_list = FALSE;

      if (seg[0] == '$')
        {
          type = cns_config_resolve_type (seg + 1);
          if (type == G_TYPE_INVALID)
            {
              g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                           "config path '%s': unknown type '%s'", path,
                           seg + 1);
              return NULL;
            }
        }
      for (guint k = 0; k < current->len; k++)
        {
          GObject *obj = g_ptr_array_index (current, k);
          ConfigList *list;
          GParamSpec *pspec;

          if (type != G_TYPE_INVALID)
            {
              gpointer m = CNS_IS_OBJECT (obj) ? cns_object_get (obj, type)
                           : G_TYPE_CHECK_INSTANCE_TYPE (obj, type) ? obj
                                                                    : NULL;
              if (m != NULL)
                g_ptr_array_add (next, g_object_ref (m));
            }
          else if ((list = config_find_list (G_OBJECT_TYPE (obj), seg)) != NULL)
            {
              if (i + 1 >= n)
                {
                  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                               "config path '%s': list '%s' needs an index",
                               path, seg);
                  return NULL;
                }
              if (!expand_list (list, obj, segments[i + 1], path, next, error))
                return NULL;
              used_list = TRUE;
            }
          else if ((pspec = cns_attribute_find (G_OBJECT_TYPE (obj), seg))
                       != NULL
                   && G_TYPE_IS_OBJECT (pspec->value_type)
                   && (pspec->flags & G_PARAM_READABLE))
            {
              GObject *child = NULL;

              g_object_get (obj, pspec->name, &child, NULL);
              if (child != NULL)
                g_ptr_array_add (next, child);
            }
        }
      /* A list segment consumes its index too. */
      i += used_list ? 2 : 1;
      g_ptr_array_unref (current);
      current = g_steal_pointer (&next);
    }
  return g_steal_pointer (&current);
}

static gchar **
config_split (const gchar *path, guint *n, GError **error)
{
  gchar **segments;

  if (path[0] != '/')
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "config path '%s' must start with '/'", path);
      return NULL;
    }
  segments = g_strsplit (path + 1, "/", -1);
  *n = g_strv_length (segments);
  for (guint i = 0; i < *n; i++)
    if (*segments[i] == '\0')
      {
        g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                     "config path '%s' has an empty segment", path);
        g_strfreev (segments);
        return NULL;
      }
  return segments;
}

/**
 * cns_config_lookup:
 * @path: a path naming objects, "/NodeList/x/DeviceList/0" (x = *)
 * @error: a #CNS_CORE_ERROR when @path is malformed
 *
 * Returns: (transfer container) (element-type GObject) (nullable): the
 * matching objects (possibly none), or %NULL on error.
 */
GPtrArray *
cns_config_lookup (const gchar *path, GError **error)
{
  g_auto (GStrv) segments = NULL;
  guint n;

  g_return_val_if_fail (path != NULL, NULL);
  if ((segments = config_split (path, &n, error)) == NULL)
    return NULL;
  return config_resolve (path, segments, n, error);
}

/* Resolves all but the last segment of @path; *leaf is the last one. */
static GPtrArray *
config_resolve_leaf (const gchar *path, gchar ***segments, const gchar **leaf,
                     GError **error)
{
  GPtrArray *objects;
  guint n;

  if ((*segments = config_split (path, &n, error)) == NULL)
    return NULL;
  if (n < 3)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "config path '%s' names no attribute or trace source", path);
      return NULL;
    }
  *leaf = (*segments)[n - 1];
  if ((objects = config_resolve (path, *segments, n - 1, error)) == NULL)
    return NULL;
  if (objects->len == 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "config path '%s' matches no object", path);
      g_ptr_array_unref (objects);
      return NULL;
    }
  return objects;
}

/* "TypeA, TypeB": the types of @objects, each once, in order. */
static gchar *
config_type_names (GPtrArray *objects, guint *n_types)
{
  g_autoptr (GArray) types = g_array_new (FALSE, FALSE, sizeof (GType));
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < objects->len; i++)
    {
      GType t = G_OBJECT_TYPE (objects->pdata[i]);
      guint k = 0;

      while (k < types->len && g_array_index (types, GType, k) != t)
        k++;
      if (k < types->len)
        continue;
      g_array_append_val (types, t);
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                              g_type_name (t));
    }
  *n_types = types->len;
  return g_string_free (names, FALSE);
}

/* The error when no object @path matches has the attribute or trace
 * source @leaf; @kind is "attribute" or "trace source". */
static void
config_set_none_error (GError **error, const gchar *path, GPtrArray *objects,
                       const gchar *kind, const gchar *listing,
                       const gchar *leaf)
{
  guint n_types;
  g_autofree gchar *types = config_type_names (objects, &n_types);

  if (n_types == 1)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "config path '%s': %s has no %s '%s' (see --Print%s=%s)", path,
                 types, kind, leaf, listing, types);
  else
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "config path '%s': none of the objects it matches (%s) has "
                 "%s %s '%s'",
                 path, types, kind[0] == 'a' ? "an" : "a", kind, leaf);
}

/* Checks that @pspec of @object can be set to @text and makes the value,
 * parsing @text once per property: @parsed keeps the values made. An
 * object-valued attribute is parsed for each object, so that each gets its
 * own object (its own random variable, its own stream), as defaults do. */
static gboolean
config_prepare_value (GObject *object, GParamSpec *pspec, const gchar *text,
                      GHashTable *parsed, GValue *value, GError **error)
{
  g_autofree gchar *attr = cns_attribute_name_from_property (pspec->name);
  const GValue *known;

  if (!cns_attribute_check_settable (object, pspec, error))
    return FALSE;
  if ((known = g_hash_table_lookup (parsed, pspec)) != NULL
      && !G_TYPE_IS_OBJECT (pspec->value_type))
    {
      g_value_init (value, G_VALUE_TYPE (known));
      g_value_copy (known, value);
      return TRUE;
    }
  if (!cns_attribute_parse (pspec, text, value, error))
    {
      g_prefix_error (error, "%s::%s: ", G_OBJECT_TYPE_NAME (object), attr);
      return FALSE;
    }
  if (known == NULL)
    {
      GValue *copy = g_new0 (GValue, 1);

      g_value_init (copy, G_VALUE_TYPE (value));
      g_value_copy (value, copy);
      g_hash_table_insert (parsed, pspec, copy);
    }
  return TRUE;
}

static void
value_free (gpointer data)
{
  g_value_unset (data);
  g_free (data);
}

/**
 * cns_config_set:
 * @path: objects and an attribute, "/NodeList/x/DeviceList/x/DataRate"
 *   (x = *)
 * @text: the value as text
 * @error: a #CNS_CORE_ERROR naming the path and the attribute or value at
 *   fault
 *
 * Sets the attribute on every object @path matches that has it, and skips
 * the others (a node's loopback device has no DataRate). It is an error
 * when no matched object has the attribute, so typos do not pass
 * silently. Every value is checked before any object changes: the call
 * sets every object it names, or none.
 *
 * Returns: %TRUE when the attribute was set.
 */
gboolean
cns_config_set (const gchar *path, const gchar *text, GError **error)
{
  g_auto (GStrv) segments = NULL;
  g_autoptr (GPtrArray) objects = NULL;
  g_autoptr (GPtrArray) targets = g_ptr_array_new ();
  g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func (value_free);
  g_autoptr (GHashTable) parsed
      = g_hash_table_new_full (NULL, NULL, NULL, value_free);
  const gchar *leaf = NULL;

  g_return_val_if_fail (path != NULL && text != NULL, FALSE);
  objects = config_resolve_leaf (path, &segments, &leaf, error);
  if (objects == NULL)
    return FALSE;
  for (guint i = 0; i < objects->len; i++)
    {
      GObject *object = objects->pdata[i];
      GParamSpec *pspec = cns_attribute_find (G_OBJECT_TYPE (object), leaf);
      GValue *value;

      if (pspec == NULL)
        continue;
      value = g_new0 (GValue, 1);
      g_ptr_array_add (values, value);
      if (!config_prepare_value (object, pspec, text, parsed, value, error))
        {
          g_prefix_error (error, "config path '%s': ", path);
          return FALSE;
        }
      g_ptr_array_add (targets, object);
    }
  if (targets->len == 0)
    {
      config_set_none_error (error, path, objects, "attribute", "Attributes",
                             leaf);
      return FALSE;
    }
  for (guint i = 0; i < targets->len; i++)
    {
      GObject *object = targets->pdata[i];

      g_object_set_property (
          object, cns_attribute_find (G_OBJECT_TYPE (object), leaf)->name,
          values->pdata[i]);
    }
  return TRUE;
}

/* The objects of @objects that have the trace source @leaf; an error
 * naming @path when none has. */
static GPtrArray *
config_trace_targets (const gchar *path, GPtrArray *objects, const gchar *leaf,
                      GError **error)
{
  GPtrArray *targets = g_ptr_array_new ();

  for (guint i = 0; i < objects->len; i++)
    if (cns_trace_source_find (G_OBJECT_TYPE (objects->pdata[i]), leaf) != NULL)
      g_ptr_array_add (targets, objects->pdata[i]);
  if (targets->len == 0)
    {
      config_set_none_error (error, path, objects, "trace source",
                             "TraceSources", leaf);
      g_clear_pointer (&targets, g_ptr_array_unref);
    }
  return targets;
}

/**
 * cns_config_connect: (skip)
 * @path: objects and a trace source, "/NodeList/x/DeviceList/x/MacTx"
 * @callback: a function with the trace source's signature
 * @error: a #CNS_CORE_ERROR naming the path and trace source at fault
 *
 * Connects @callback to the trace source on every object @path matches
 * that has it, and skips the others. It is an error when no matched
 * object has the trace source; then nothing is connected.
 *
 * Returns: %TRUE when @callback was connected.
 */
gboolean
cns_config_connect (const gchar *path, GCallback callback, gpointer user_data,
                    GError **error)
{
  g_auto (GStrv) segments = NULL;
  g_autoptr (GPtrArray) objects = NULL;
  g_autoptr (GPtrArray) targets = NULL;
  const gchar *leaf = NULL;

  g_return_val_if_fail (path != NULL && callback != NULL, FALSE);
  objects = config_resolve_leaf (path, &segments, &leaf, error);
  if (objects == NULL
      || (targets = config_trace_targets (path, objects, leaf, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < targets->len; i++)
    if (cns_trace_connect (targets->pdata[i], leaf, callback, user_data, error)
        == 0)
      {
        /* All or nothing: undo the connections made so far. */
        while (i-- > 0)
          cns_trace_disconnect (targets->pdata[i], leaf, callback, user_data);
        g_prefix_error (error, "config path '%s': ", path);
        return FALSE;
      }
  return TRUE;
}

/**
 * cns_config_connect_closure: (rename-to cns_config_connect)
 * @path: objects and a trace source, "/NodeList/x/DeviceList/x/MacTx"
 * @closure: what to call, as cns_trace_connect_closure() calls it
 * @error: a #CNS_CORE_ERROR naming the path and trace source at fault
 *
 * cns_config_connect() for bindings: connects @closure to the trace source
 * on every object @path matches that has it, all or nothing.
 *
 * Returns: %TRUE when @closure was connected.
 */
gboolean
cns_config_connect_closure (const gchar *path, GClosure *closure,
                            GError **error)
{
  g_auto (GStrv) segments = NULL;
  g_autoptr (GPtrArray) objects = NULL;
  g_autoptr (GPtrArray) targets = NULL;
  g_autofree gulong *ids = NULL;
  const gchar *leaf = NULL;

  g_return_val_if_fail (path != NULL && closure != NULL, FALSE);
  /* a floating closure is owned by its first connection: hold it over all */
  g_closure_ref (closure);
  g_closure_sink (closure);
  objects = config_resolve_leaf (path, &segments, &leaf, error);
  if (objects != NULL)
    targets = config_trace_targets (path, objects, leaf, error);
  if (targets != NULL)
    ids = g_new (gulong, targets->len);
  for (guint i = 0; targets != NULL && i < targets->len; i++)
    if ((ids[i]
         = cns_trace_connect_closure (targets->pdata[i], leaf, closure, error))
        == 0)
      {
        while (i-- > 0)
          cns_trace_disconnect_id (targets->pdata[i], leaf, ids[i]);
        g_prefix_error (error, "config path '%s': ", path);
        g_clear_pointer (&targets, g_ptr_array_unref);
      }
  g_closure_unref (closure);
  return targets != NULL;
}

/**
 * cns_config_disconnect: (skip)
 *
 * Undoes cns_config_connect() with the same arguments, on every object
 * @path matches that has the trace source.
 *
 * Returns: how many connections were removed; 0 with @error set when
 * @path is malformed, matches no object, or no matched object has the
 * trace source.
 */
guint
cns_config_disconnect (const gchar *path, GCallback callback,
                       gpointer user_data, GError **error)
{
  g_auto (GStrv) segments = NULL;
  g_autoptr (GPtrArray) objects = NULL;
  g_autoptr (GPtrArray) targets = NULL;
  const gchar *leaf = NULL;
  guint removed = 0;

  g_return_val_if_fail (path != NULL && callback != NULL, 0);
  objects = config_resolve_leaf (path, &segments, &leaf, error);
  if (objects == NULL
      || (targets = config_trace_targets (path, objects, leaf, error)) == NULL)
    return 0;
  for (guint i = 0; i < targets->len; i++)
    removed
        += cns_trace_disconnect (targets->pdata[i], leaf, callback, user_data);
  return removed;
}
