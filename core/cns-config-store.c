/* cns — saving and loading a run's configuration in an XML file.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ConfigStore. Save writes the attribute defaults of every
 * CnsObject type, every global value, and the value of every attribute
 * that can be set at run time on every object a config path reaches; Load
 * applies them, so that a run can be reproduced, or changed by editing
 * the file:
 *
 *   <?xml version="1.0"?>
 *   <cns>
 *     <default name="CnsQueue::MaxSize" value="100p"/>
 *     <global name="RngRun" value="1"/>
 *     <value path="/NodeList/0/DeviceList/1/DataRate" value="5Mbps"/>
 *   </cns>
 *
 * Any program gets it from its command line (--ConfigStore::Mode=Save,
 * --ConfigStore::Filename=FILE): once the command line has parsed, a Load
 * applies the file's defaults and global values, which so override the
 * options, as ns-3's ConfigureDefaults after CommandLine::Parse does; the
 * first cns_simulator_run() of each simulation saves or loads the values
 * (with MPI, rank R > 0 in "Filename.rankR", as each rank has its own
 * objects). A Save's file is created when the command line has parsed, so
 * that a path it cannot write fails before the set-up, naming the file.
 *
 * Values are the text cns_attribute_format() gives, and each is parsed
 * back before anything is written, so that a value a Load could not
 * reproduce fails the Save, naming it. The walk has a fixed order (types,
 * lists and attributes by name, list elements by index), so two Saves of
 * one run are byte-identical. An object-valued attribute is walked into,
 * not saved as a value (a Load would replace the object). An
 * object-valued default is saved only when it was set: reading the
 * declared one makes an object, and a random variable made takes an
 * automatic stream, which would shift the streams of the run.
 *
 * A Load changes only the defaults, globals and values that differ from
 * the current ones: setting a value to itself is not always neutral (a
 * random variable's Stream of -1 takes a new stream), and so loading the
 * Save of a run gives the same run.
 *
 * Writing goes through CnsXmlWriter (libxml2, loaded on first use).
 * Reading goes through GMarkup, which GLib already gives: no second
 * run-time lookup of libxml2, and no DTD or external entity that a file
 * could bring in.
 */
#include "core/cns-config-store.h"

#include "core/cns-attribute.h"
#include "core/cns-config-private.h"
#include "core/cns-config.h"
#include "core/cns-core-error.h"
#include "core/cns-core-private.h"
#include "core/cns-global-value.h"
#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-xml-writer.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_MODE     CNS_CONFIG_STORE_MODE_NONE
#define DEFAULT_FILENAME "config-store.xml"

enum
{
  PROP_0,
  PROP_MODE,
  PROP_FILENAME,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsConfigStore
{
  CnsObject parent;

  CnsConfigStoreMode mode;
  gchar *filename;
};

G_DEFINE_FINAL_TYPE (CnsConfigStore, cns_config_store, CNS_TYPE_OBJECT)

/* The three kinds of entry of a file, in the order a Save writes them. */
typedef enum
{
  ENTRY_DEFAULT,
  ENTRY_GLOBAL,
  ENTRY_VALUE,
} EntryKind;

static const gchar *const entry_elements[] = { "default", "global", "value" };
static const gchar *const entry_keys[] = { "name", "name", "path" };

typedef struct
{
  EntryKind kind;
  gchar *key; /* the name or the path */
  gchar *value;
  gint line; /* in the file read, for messages */
} Entry;

/* A walk of the objects config paths reach, collecting their values: what
 * a Save writes, or what a Load compares its entries with. */
typedef struct
{
  GArray *entries;     /* Entry */
  GHashTable *visited; /* GObject, a reference each, walked already */
  gboolean check;      /* that each value reads back, for a Save */
} Walk;

static void cns_config_store_set_property (GObject *object, guint prop_id,
                                           const GValue *value,
                                           GParamSpec *pspec);
static void cns_config_store_get_property (GObject *object, guint prop_id,
                                           GValue *value, GParamSpec *pspec);
static void cns_config_store_finalize (GObject *object);

static void
cns_config_store_class_init (CnsConfigStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = cns_config_store_set_property;
  object_class->get_property = cns_config_store_get_property;
  object_class->finalize = cns_config_store_finalize;

  properties[PROP_MODE] = g_param_spec_enum (
      "mode", "Mode",
      "What to do with Filename: none; save the attribute defaults, global "
      "values and object attribute values of the run to it; or load them "
      "from it (--ConfigStore::Mode=Save or Load on any program's command "
      "line)",
      CNS_TYPE_CONFIG_STORE_MODE, DEFAULT_MODE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILENAME] = g_param_spec_string (
      "filename", "Filename", "The XML file to save to or load from",
      DEFAULT_FILENAME, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_config_store_init (CnsConfigStore *self)
{
  self->mode = DEFAULT_MODE;
  self->filename = g_strdup (DEFAULT_FILENAME);
}

static void
cns_config_store_finalize (GObject *object)
{
  CnsConfigStore *self = CNS_CONFIG_STORE (object);

  g_free (self->filename);
  G_OBJECT_CLASS (cns_config_store_parent_class)->finalize (object);
}

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_free (entry->key);
  g_free (entry->value);
}

static GArray *
entries_new (void)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (Entry));

  g_array_set_clear_func (entries, entry_clear);
  return entries;
}

static void
entries_add (GArray *entries, EntryKind kind, const gchar *key,
             gchar *value /* transfer full */, gint line)
{
  Entry entry = { kind, g_strdup (key), value, line };

  g_array_append_val (entries, entry);
}

/* Reading. */

static void
reader_start (GMarkupParseContext *context, const gchar *element,
              const gchar **names, const gchar **values, gpointer user_data,
              GError **error)
{
  GArray *entries = user_data;
  const GSList *stack = g_markup_parse_context_get_element_stack (context);
  const gchar *key = NULL;
  const gchar *value = NULL;
  g_autoptr (GError) local = NULL;
  gint line;
  guint kind = 0;

  if (stack->next == NULL)
    {
      if (strcmp (element, "cns") != 0)
        g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                     "the root element is <%s>, not <cns>", element);
      else if (names[0] != NULL)
        g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                     "<cns> takes no attribute '%s'", names[0]);
      return;
    }
  if (stack->next->next != NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "<%s> cannot be inside <%s>", element,
                   (const gchar *) stack->next->data);
      return;
    }
  while (kind < G_N_ELEMENTS (entry_elements)
         && strcmp (element, entry_elements[kind]) != 0)
    kind++;
  if (kind == G_N_ELEMENTS (entry_elements))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "unknown element <%s> (expected <default>, <global> or "
                   "<value>)",
                   element);
      return;
    }
  if (!g_markup_collect_attributes (element, names, values, &local,
                                    G_MARKUP_COLLECT_STRING, entry_keys[kind],
                                    &key, G_MARKUP_COLLECT_STRING, "value",
                                    &value, G_MARKUP_COLLECT_INVALID))
    {
      /* Ours, so that the position is added as to the others. */
      g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                           local->message);
      return;
    }
  g_markup_parse_context_get_position (context, &line, NULL);
  entries_add (entries, kind, key, g_strdup (value), line);
}

/* Only white space may sit between elements. */
static void
reader_text (GMarkupParseContext *context, const gchar *text, gsize length,
             gpointer user_data, GError **error)
{
  g_autofree gchar *copy = g_strndup (text, length);

  if (*g_strstrip (copy) == '\0')
    return;
  /* Named as far as its first line and 40 characters, so that the message
   * stays one line; GMarkup has checked that it is UTF-8. */
  copy[strcspn (copy, "\r\n")] = '\0';
  if (g_utf8_strlen (copy, -1) > 40)
    *g_utf8_offset_to_pointer (copy, 40) = '\0';
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
               "text '%s' is not allowed inside <%s>", copy,
               g_markup_parse_context_get_element (context));
}

/* Parses @length bytes of @text, read from @filename. */
static GArray *
store_parse (const gchar *filename, const gchar *text, gsize length,
             GError **error)
{
  static const GMarkupParser parser
      = { reader_start, NULL, reader_text, NULL, NULL };
  g_autoptr (GArray) entries = entries_new ();
  g_autoptr (GError) local = NULL;
  GMarkupParseContext *context
      = g_markup_parse_context_new (&parser, 0, entries, NULL);
  gboolean ok
      = g_markup_parse_context_parse (context, text, (gssize) length, &local)
        && g_markup_parse_context_end_parse (context, &local);

  if (!ok && local->domain == CNS_CORE_ERROR)
    {
      gint line, column;

      /* GMarkup's own messages give the position; ours do not. */
      g_markup_parse_context_get_position (context, &line, &column);
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE, "%s:%d:%d: %s",
                   filename, line, column, local->message);
    }
  else if (!ok)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE, "%s: %s",
                 filename, local->message);
  g_markup_parse_context_free (context);
  return ok ? g_steal_pointer (&entries) : NULL;
}

/* Filename is a string attribute, which may be set to nothing. */
static gboolean
store_check_filename (CnsConfigStore *self, GError **error)
{
  if (self->filename != NULL && *self->filename != '\0')
    return TRUE;
  g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                       "CnsConfigStore::Filename is empty");
  return FALSE;
}

static GArray *
store_read (CnsConfigStore *self, GError **error)
{
  g_autofree gchar *text = NULL;
  gsize length;

  if (!store_check_filename (self, error)
      || !g_file_get_contents (self->filename, &text, &length, error))
    return NULL;
  return store_parse (self->filename, text, length, error);
}

/* Whether global value @name reads as @text; %FALSE when there is none,
 * so that setting it reports why. */
static gboolean
global_is_current (const gchar *name, const gchar *text)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_autofree gchar *current = NULL;

  if (cns_global_value_find (name) == NULL)
    return FALSE;
  cns_global_value_get (name, &value);
  current = cns_attribute_format (&value);
  return strcmp (current, text) == 0;
}

static gboolean walk_roots (Walk *walk, GError **error);

static void
walk_init (Walk *walk, gboolean check)
{
  walk->entries = entries_new ();
  walk->visited = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  walk->check = check;
}

static void
walk_clear (Walk *walk)
{
  g_clear_pointer (&walk->entries, g_array_unref);
  g_clear_pointer (&walk->visited, g_hash_table_unref);
}

/* The values config paths reach now, by path, into @walk's entries: one
 * walk, where resolving each path of a file alone would walk its lists
 * again (minutes for a campus of thousands of nodes). */
static GHashTable *
current_values (Walk *walk)
{
  GHashTable *values = g_hash_table_new (g_str_hash, g_str_equal);

  walk_init (walk, FALSE);
  walk_roots (walk, NULL); /* only checking fails */
  for (guint i = 0; i < walk->entries->len; i++)
    {
      const Entry *e = &g_array_index (walk->entries, Entry, i);

      g_hash_table_insert (values, e->key, e->value);
    }
  return values;
}

/* Applies @e unless it is the current state; @values are the current
 * values by path. A path that is not one a Save writes (a wildcard) is
 * set all the same. */
static gboolean
entry_apply (const Entry *e, GHashTable *values, GError **error)
{
  switch (e->kind)
    {
    case ENTRY_DEFAULT:
      return cns_config_default_is (e->key, e->value)
             || cns_config_set_default (e->key, e->value, error);
    case ENTRY_GLOBAL:
      return global_is_current (e->key, e->value)
             || cns_global_value_set (e->key, e->value, error);
    case ENTRY_VALUE:
      return g_strcmp0 (g_hash_table_lookup (values, e->key), e->value) == 0
             || cns_config_set (e->key, e->value, error);
    }
  g_return_val_if_reached (FALSE);
}

/* Applies the entries of @kinds (a mask of 1 << EntryKind) that differ
 * from the current state. */
static gboolean
store_load (CnsConfigStore *self, guint kinds, GError **error)
{
  g_autoptr (GArray) entries = store_read (self, error);
  g_autoptr (GHashTable) values = NULL;
  Walk walk = { 0 };
  gboolean ok = TRUE;

  if (entries == NULL)
    return FALSE;
  if (kinds & (1u << ENTRY_VALUE))
    values = current_values (&walk);
  for (guint i = 0; ok && i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      g_autoptr (GError) local = NULL;

      if (!(kinds & (1u << e->kind)) || entry_apply (e, values, &local))
        continue;
      g_set_error (error, local->domain, local->code, "%s:%d: %s",
                   self->filename, e->line, local->message);
      ok = FALSE;
    }
  walk_clear (&walk);
  return ok;
}

/* Saving. */

/* The name @pspec is found by on @type: its attribute name, or the
 * property name where the attribute name would find another. */
static gchar *
attribute_name (GType type, GParamSpec *pspec)
{
  gchar *name = cns_attribute_name_from_property (pspec->name);

  if (cns_attribute_find (type, name) == pspec)
    return name;
  g_free (name);
  return g_strdup (pspec->name);
}

/* @value as text, checked to read back as the same text, since a Load
 * must give what the Save saw; @what names it in the error. */
static gchar *
format_checked (GParamSpec *pspec, const GValue *value, const gchar *what,
                GError **error)
{
  g_autofree gchar *text = cns_attribute_format (value);
  g_auto (GValue) back = G_VALUE_INIT;
  g_autofree gchar *again = NULL;
  g_autoptr (GError) local = NULL;

  if (!cns_attribute_parse (pspec, text, &back, &local))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "cannot save %s: its value '%s' does not read back: %s",
                   what, text, local->message);
      return NULL;
    }
  again = cns_attribute_format (&back);
  if (strcmp (text, again) != 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "cannot save %s: its value '%s' reads back as '%s'", what,
                   text, again);
      return NULL;
    }
  return g_steal_pointer (&text);
}

/* Whether @value is a boxed value that was never set (NULL): there is
 * nothing to save, since "none" sets nothing, and a Load leaves it unset. */
static gboolean
is_unset_boxed (const GValue *value)
{
  return G_VALUE_HOLDS (value, G_TYPE_BOXED)
         && g_value_get_boxed (value) == NULL;
}

static gint
compare_specs (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(GParamSpec *const *) a)->name,
                 (*(GParamSpec *const *) b)->name);
}

/* The properties of @klass, sorted by name: GLib lists them in no
 * promised order. */
static GParamSpec **
list_specs_sorted (GObjectClass *klass, guint *n)
{
  GParamSpec **specs = g_object_class_list_properties (klass, n);

  qsort (specs, *n, sizeof *specs, compare_specs);
  return specs;
}

/* The defaults of the attributes @type declares, then its subtypes'. The
 * store's own are left out: loading Mode=save would make the Load run
 * save over its file. */
static gboolean
save_type_defaults (GType type, GArray *entries, GError **error)
{
  g_autoptr (GTypeClass) klass = g_type_class_ref (type);
  g_autofree GType *children = NULL;
  g_autofree GParamSpec **specs = NULL;
  guint n = 0;

  if (type == CNS_TYPE_CONFIG_STORE)
    return TRUE;
  specs = list_specs_sorted (G_OBJECT_CLASS (klass), &n);
  for (guint i = 0; i < n; i++)
    {
      GParamSpec *pspec = specs[i];
      g_autofree gchar *attr = NULL;
      g_autofree gchar *name = NULL;
      gchar *text;

      if (pspec->owner_type != type || !(pspec->flags & G_PARAM_WRITABLE))
        continue;
      attr = attribute_name (type, pspec);
      name = g_strdup_printf ("%s::%s", g_type_name (type), attr);
      /* A default that was set keeps the text it was set with. */
      if ((text = cns_config_default_text (pspec)) == NULL
          && !G_TYPE_IS_OBJECT (pspec->value_type))
        {
          g_auto (GValue) value = G_VALUE_INIT;

          cns_attribute_get_default (pspec, &value);
          if (is_unset_boxed (&value))
            continue;
          if ((text = format_checked (pspec, &value, name, error)) == NULL)
            return FALSE;
        }
      if (text != NULL)
        entries_add (entries, ENTRY_DEFAULT, name, text, 0);
    }
  children = g_type_children (type, &n);
  for (guint i = 0; i < n; i++)
    if (!save_type_defaults (children[i], entries, error))
      return FALSE;
  return TRUE;
}

static gint
compare_entries (gconstpointer a, gconstpointer b)
{
  return strcmp (((const Entry *) a)->key, ((const Entry *) b)->key);
}

static gboolean
save_globals (GArray *entries, GError **error)
{
  g_autoptr (GArray) globals = entries_new ();
  GList *specs = cns_global_value_list ();

  for (GList *it = specs; it != NULL; it = it->next)
    {
      GParamSpec *pspec = it->data;
      g_auto (GValue) value = G_VALUE_INIT;
      gchar *text;

      cns_global_value_get (pspec->name, &value);
      if ((text = format_checked (pspec, &value, pspec->name, error)) == NULL)
        {
          g_list_free (specs);
          return FALSE;
        }
      entries_add (globals, ENTRY_GLOBAL, pspec->name, text, 0);
    }
  g_list_free (specs);
  g_array_sort (globals, compare_entries);
  /* Moved, with their strings, into @entries. */
  g_array_set_clear_func (globals, NULL);
  g_array_append_vals (entries, globals->data, globals->len);
  return TRUE;
}

static gboolean save_object (Walk *walk, GObject *object, const gchar *path,
                             gboolean aggregate, GError **error);

static void
collect_member (gpointer member, gpointer user_data)
{
  g_ptr_array_add (user_data, member);
}

static gint
compare_type_names (gconstpointer a, gconstpointer b)
{
  return strcmp (G_OBJECT_TYPE_NAME (*(GObject *const *) a),
                 G_OBJECT_TYPE_NAME (*(GObject *const *) b));
}

/* The members aggregated with @object, as "$Type" steps from it. They are
 * one group: each is walked without its aggregate, which would name the
 * others again through it. */
static gboolean
save_aggregates (Walk *walk, CnsObject *object, const gchar *path,
                 GError **error)
{
  g_autoptr (GPtrArray) members = g_ptr_array_new ();

  cns_object_foreach_aggregate (object, collect_member, members);
  g_ptr_array_sort (members, compare_type_names);
  for (guint i = 0; i < members->len; i++)
    {
      GObject *member = members->pdata[i];
      g_autofree gchar *child = NULL;

      /* "$Type" gives the first member that is a Type: only it is named
       * so. */
      if (cns_object_get (object, G_OBJECT_TYPE (member)) != member)
        continue;
      child = g_strdup_printf ("%s/$%s", path, G_OBJECT_TYPE_NAME (member));
      if (!save_object (walk, member, child, FALSE, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
save_lists (Walk *walk, GObject *object, const gchar *path, GError **error)
{
  g_autoptr (GPtrArray) names = cns_config_list_names (G_OBJECT_TYPE (object));

  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr (GPtrArray) items
          = cns_config_list_items (object, names->pdata[i]);

      for (guint k = 0; k < items->len; k++)
        {
          g_autofree gchar *child = NULL;

          if (items->pdata[k] == NULL)
            continue;
          child = g_strdup_printf ("%s/%s/%u", path,
                                   (const gchar *) names->pdata[i], k);
          if (!save_object (walk, items->pdata[k], child, TRUE, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Saves what @path reaches in @object: its attributes that can be set
 * now, then the objects of its lists, of its object-valued attributes and,
 * when @aggregate, of its aggregate. An object reached twice is saved
 * under the first path. */
static gboolean
save_object (Walk *walk, GObject *object, const gchar *path, gboolean aggregate,
             GError **error)
{
  g_autofree GParamSpec **specs = NULL;
  g_autoptr (GPtrArray) children = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) child_objects
      = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = 0;

  if (g_hash_table_contains (walk->visited, object))
    return TRUE;
  g_hash_table_add (walk->visited, g_object_ref (object));
  specs = list_specs_sorted (G_OBJECT_GET_CLASS (object), &n);
  for (guint i = 0; i < n; i++)
    {
      GParamSpec *pspec = specs[i];
      g_auto (GValue) value = G_VALUE_INIT;
      g_autofree gchar *attr = NULL;
      g_autofree gchar *where = NULL;
      gchar *text;

      if (!(pspec->flags & G_PARAM_READABLE))
        continue;
      attr = attribute_name (G_OBJECT_TYPE (object), pspec);
      where = g_strdup_printf ("%s/%s", path, attr);
      g_value_init (&value, pspec->value_type);
      g_object_get_property (object, pspec->name, &value);
      if (G_TYPE_IS_OBJECT (pspec->value_type))
        {
          if (g_value_get_object (&value) != NULL)
            {
              g_ptr_array_add (child_objects, g_value_dup_object (&value));
              g_ptr_array_add (children, g_steal_pointer (&where));
            }
          continue;
        }
      if (!(pspec->flags & G_PARAM_WRITABLE)
          || (pspec->flags & G_PARAM_CONSTRUCT_ONLY) || is_unset_boxed (&value))
        continue;
      if (!walk->check)
        text = cns_attribute_format (&value);
      else if ((text = format_checked (pspec, &value, where, error)) == NULL)
        return FALSE;
      entries_add (walk->entries, ENTRY_VALUE, where, text, 0);
    }
  if (!save_lists (walk, object, path, error))
    return FALSE;
  for (guint i = 0; i < child_objects->len; i++)
    if (!save_object (walk, child_objects->pdata[i], children->pdata[i], TRUE,
                      error))
      return FALSE;
  return !aggregate || !CNS_IS_OBJECT (object)
         || save_aggregates (walk, CNS_OBJECT (object), path, error);
}

static gboolean
walk_roots (Walk *walk, GError **error)
{
  g_autoptr (GPtrArray) roots = cns_config_list_names (G_TYPE_INVALID);

  for (guint i = 0; i < roots->len; i++)
    {
      g_autoptr (GPtrArray) items
          = cns_config_list_items (NULL, roots->pdata[i]);

      for (guint k = 0; k < items->len; k++)
        {
          g_autofree gchar *path = NULL;

          if (items->pdata[k] == NULL)
            continue;
          path = g_strdup_printf ("/%s/%u", (const gchar *) roots->pdata[i], k);
          if (!save_object (walk, items->pdata[k], path, TRUE, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Collects everything first, so that a value that cannot be saved leaves
 * the file as it was. */
static gboolean
store_save (CnsConfigStore *self, GError **error)
{
  g_autoptr (GArray) entries = entries_new ();
  Walk walk;
  gboolean ok;
  CnsXmlWriter *writer;

  if (!store_check_filename (self, error)
      || !save_type_defaults (CNS_TYPE_OBJECT, entries, error))
    return FALSE;
  g_array_sort (entries, compare_entries);
  if (!save_globals (entries, error))
    return FALSE;
  walk_init (&walk, TRUE);
  ok = walk_roots (&walk, error);
  /* Moved, with their strings, into @entries. */
  g_array_set_clear_func (walk.entries, NULL);
  g_array_append_vals (entries, walk.entries->data, walk.entries->len);
  walk_clear (&walk);
  if (!ok)
    return FALSE;
  if ((writer = cns_xml_writer_new (self->filename, error)) == NULL)
    return FALSE;
  cns_xml_writer_start_element (writer, "cns");
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);

      cns_xml_writer_start_element (writer, entry_elements[e->kind]);
      cns_xml_writer_write_attribute (writer, entry_keys[e->kind], e->key);
      cns_xml_writer_write_attribute (writer, "value", e->value);
      cns_xml_writer_end_element (writer);
    }
  return cns_xml_writer_close (writer, error);
}

/* Public API. */

GType
cns_config_store_mode_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { CNS_CONFIG_STORE_MODE_NONE, "CNS_CONFIG_STORE_MODE_NONE", "none" },
    { CNS_CONFIG_STORE_MODE_SAVE, "CNS_CONFIG_STORE_MODE_SAVE", "save" },
    { CNS_CONFIG_STORE_MODE_LOAD, "CNS_CONFIG_STORE_MODE_LOAD", "load" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (
        &type, g_enum_register_static (
                   g_intern_static_string ("CnsConfigStoreMode"), values));
  return type;
}

/**
 * cns_config_store_new:
 *
 * Returns: (transfer full): a store with the Mode and Filename defaults,
 * as --ConfigStore::Mode and --ConfigStore::Filename set them.
 */
CnsConfigStore *
cns_config_store_new (void)
{
  return cns_object_new (CNS_TYPE_CONFIG_STORE, NULL);
}

/**
 * cns_config_store_configure_defaults:
 * @self: a #CnsConfigStore
 * @error: a #GFileError when Filename cannot be read, or a
 *   #CNS_CORE_ERROR naming the file, the line and the entry at fault
 *
 * In Load mode, sets the attribute defaults and global values of the file
 * that differ from the current ones; call it before making the objects.
 * Entries before a bad one stay applied. In the other modes, does
 * nothing.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_config_store_configure_defaults (CnsConfigStore *self, GError **error)
{
  g_return_val_if_fail (CNS_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->mode != CNS_CONFIG_STORE_MODE_LOAD)
    return TRUE;
  return store_load (self, 1u << ENTRY_DEFAULT | 1u << ENTRY_GLOBAL, error);
}

/**
 * cns_config_store_configure_attributes:
 * @self: a #CnsConfigStore
 * @error: a #GFileError when Filename cannot be read or written, or a
 *   #CNS_CORE_ERROR naming the file, the line, the path and the value at
 *   fault
 *
 * In Save mode, writes Filename: every attribute default, every global
 * value and every attribute value that config paths reach; call it once
 * the objects are made. In Load mode, sets each value of the file that
 * differs from the object's (values before a bad one stay set). In None
 * mode, does nothing.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_config_store_configure_attributes (CnsConfigStore *self, GError **error)
{
  g_return_val_if_fail (CNS_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  switch (self->mode)
    {
    case CNS_CONFIG_STORE_MODE_SAVE:
      return store_save (self, error);
    case CNS_CONFIG_STORE_MODE_LOAD:
      return store_load (self, 1u << ENTRY_VALUE, error);
    case CNS_CONFIG_STORE_MODE_NONE:
      break;
    }
  return TRUE;
}

/* The hooks that give every program the store. */

/* The file of this rank's values: with MPI each rank has its own objects,
 * so rank 0 keeps Filename, which holds the defaults every rank loads from
 * the command line, and rank R uses "Filename.rankR". */
static gchar *
store_rank_filename (const CnsConfigStore *self, guint32 rank)
{
  return rank > 0 ? g_strdup_printf ("%s.rank%u", self->filename, rank)
                  : g_strdup (self->filename);
}

/* A Save writes when the run starts, after the set-up: a file it cannot
 * write fails now instead, on every rank alike (collective). */
static gboolean
store_check_writable (CnsConfigStore *self, GError **error)
{
  guint32 rank = cns_mpi_get_rank ();
  g_autofree gchar *path = NULL;
  g_autoptr (GError) local = NULL;
  guint64 first_bad;
  int fd;

  if (self->mode != CNS_CONFIG_STORE_MODE_SAVE)
    return TRUE;
  if (!store_check_filename (self, error))
    return FALSE;
  path = store_rank_filename (self, rank);
  fd = g_open (path, O_WRONLY | O_CREAT, 0666);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (&local, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "Cannot write “%s”: %s", path, g_strerror (saved));
    }
  else
    close (fd);
  first_bad = local != NULL ? rank : G_MAXUINT64;
  cns_mpi_min (&first_bad, 1);
  if (local != NULL)
    g_propagate_error (error, g_steal_pointer (&local));
  else if (first_bad != G_MAXUINT64)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                 "rank %" G_GUINT64_FORMAT
                 " cannot write “%s.rank%" G_GUINT64_FORMAT "”",
                 first_bad, self->filename, first_bad);
  return first_bad == G_MAXUINT64;
}

/* After the command line: a Load applies the file's defaults, a Save
 * checks that its file can be written. */
gboolean
cns_config_store_apply_command_line (GError **error)
{
  g_autoptr (CnsConfigStore) store = cns_config_store_new ();

  if (cns_config_store_configure_defaults (store, error)
      && store_check_writable (store, error))
    return TRUE;
  g_prefix_error (error, "ConfigStore: ");
  return FALSE;
}

/* At the first cns_simulator_run() of the simulation @epoch: the objects
 * are made, so a Save or Load of their values runs now, in this rank's
 * file. A Save that fails now (the file went away) ends the program with
 * what it printed so far, and status 1. */
void
cns_config_store_run_hook (guint32 epoch)
{
  static guint32 configured_epoch;
  g_autoptr (CnsConfigStore) store = NULL;
  g_autoptr (GError) error = NULL;
  guint32 rank = cns_mpi_get_rank ();

  if (epoch == configured_epoch)
    return;
  configured_epoch = epoch;
  store = cns_config_store_new ();
  if (rank > 0 && store->filename != NULL)
    {
      gchar *own = store_rank_filename (store, rank);

      g_free (store->filename);
      store->filename = own;
    }
  if (!cns_config_store_configure_attributes (store, &error))
    cns_fatal ("ConfigStore: %s", error->message);
}

static void
cns_config_store_set_property (GObject *object, guint prop_id,
                               const GValue *value, GParamSpec *pspec)
{
  CnsConfigStore *self = CNS_CONFIG_STORE (object);

  switch (prop_id)
    {
    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;
    case PROP_FILENAME:
      g_free (self->filename);
      self->filename = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_config_store_get_property (GObject *object, guint prop_id, GValue *value,
                               GParamSpec *pspec)
{
  CnsConfigStore *self = CNS_CONFIG_STORE (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_FILENAME:
      g_value_set_string (value, self->filename);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
