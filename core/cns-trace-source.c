/* cns — trace sources: per-packet hooks that cost one branch when unused.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two tiers, as in GStreamer: per-packet events are CnsTraceSource members
 * of the instance, fired by CNS_TRACE_SOURCE_FIRE() which tests one pointer
 * before doing anything; control-plane events are ordinary GSignals. Both
 * are registered by name on their class so that tools can list them and
 * config paths can connect to them:
 *
 *   cns_trace_connect (device, "MacTx", G_CALLBACK (on_tx), data, &error);
 *   cns_config_connect ("/NodeList/x/DeviceList/x/MacTx", ...);  (x = *)
 *
 * A signal "link-up" is the trace source "LinkUp"; it needs no
 * registration, though cns_trace_source_describe_signal() can give it a
 * description for listings.
 *
 * Sinks may connect or disconnect while the source fires: new sinks are
 * called in the same round, removed ones are skipped and compacted away
 * when the outermost firing ends.
 */
#include "core/cns-trace-source.h"

#include "core/cns-attribute.h"
#include "core/cns-core-error.h"
#include "core/cns-object.h"
#include "core/cns-trace-source-private.h"

#include <string.h>

static gulong last_sink_id;
static GHashTable *registry; /* GType -> GPtrArray of CnsTraceSourceInfo */
/* callback typedef name -> the marshal that calls a GClosure with its
 * arguments, for bindings (cns_trace_connect_closure()) */
static GHashTable *marshals;
/* GType -> GPtrArray of the CnsTraceSourceInfo of the sources its
 * instances hold, its ancestors' included: every CnsObject finalized
 * clears them, without walking up its type. Emptied when a source is
 * registered. */
static GHashTable *instance_sources;

/**
 * cns_trace_source_compact:
 *
 * Drops the sinks disconnected during a firing; for
 * cns_trace_source_fire_done() only, once no firing is in progress.
 */
void
cns_trace_source_compact (CnsTraceSource *source)
{
  CnsTraceSinkList *list = source->list;
  guint n = 0;

  g_return_if_fail (list != NULL && list->firing == 0);
  for (guint i = 0; i < list->n; i++)
    if (list->sinks[i].fn != NULL)
      list->sinks[n++] = list->sinks[i];
  list->n = n;
  list->n_removed = 0;
  if (n == 0)
    g_clear_pointer (&source->list, g_free);
}

/**
 * cns_trace_source_connect: (skip)
 * @callback: a function of the source's callback type
 *
 * Returns: an id for cns_trace_source_disconnect(), never 0.
 */
gulong
cns_trace_source_connect (CnsTraceSource *source, GCallback callback,
                          gpointer user_data)
{
  guint n;
  CnsTraceSink *sink;

  g_return_val_if_fail (source != NULL, 0);
  g_return_val_if_fail (callback != NULL, 0);
  n = source->list != NULL ? source->list->n : 0;
  source->list
      = g_realloc (source->list,
                   sizeof (CnsTraceSinkList) + (n + 1) * sizeof (CnsTraceSink));
  if (n == 0)
    {
      source->list->n_removed = 0;
      source->list->firing = 0;
    }
  source->list->n = n + 1;
  sink = &source->list->sinks[n];
  sink->fn = callback;
  sink->user_data = user_data;
  sink->id = ++last_sink_id;
  return sink->id;
}

/* Marks removed sinks; the list shrinks once no firing is in progress. */
static guint
trace_source_remove (CnsTraceSource *source, gulong id, GCallback callback,
                     gpointer user_data)
{
  CnsTraceSinkList *list = source->list;
  guint removed = 0;

  for (guint i = 0; list != NULL && i < list->n; i++)
    {
      CnsTraceSink *sink = &list->sinks[i];

      if (sink->fn == NULL)
        continue;
      if (id != 0 ? sink->id == id
                  : sink->fn == callback && sink->user_data == user_data)
        {
          sink->fn = NULL;
          removed++;
        }
    }
  if (removed == 0)
    return 0;
  list->n_removed += removed;
  if (list->firing == 0)
    cns_trace_source_compact (source);
  return removed;
}

/**
 * cns_trace_source_disconnect:
 *
 * Returns: %TRUE if a sink with @id was connected.
 */
gboolean
cns_trace_source_disconnect (CnsTraceSource *source, gulong id)
{
  g_return_val_if_fail (source != NULL, FALSE);
  g_return_val_if_fail (id != 0, FALSE);
  return trace_source_remove (source, id, NULL, NULL) > 0;
}

/**
 * cns_trace_source_disconnect_by_func: (skip)
 *
 * Returns: how many sinks matching @callback and @user_data were removed.
 */
guint
cns_trace_source_disconnect_by_func (CnsTraceSource *source, GCallback callback,
                                     gpointer user_data)
{
  g_return_val_if_fail (source != NULL, 0);
  return trace_source_remove (source, 0, callback, user_data);
}

/**
 * cns_trace_source_clear:
 *
 * Disconnects every sink. CnsObject does this for the trace sources its
 * subclasses install when the object is finalized.
 */
void
cns_trace_source_clear (CnsTraceSource *source)
{
  g_return_if_fail (source != NULL);
  g_return_if_fail (source->list == NULL || source->list->firing == 0);
  g_clear_pointer (&source->list, g_free);
}

static GPtrArray *
registry_for (GType type, gboolean create)
{
  GPtrArray *infos;

  if (registry == NULL)
    {
      if (!create)
        return NULL;
      registry = g_hash_table_new (NULL, NULL);
    }
  infos = g_hash_table_lookup (registry, GSIZE_TO_POINTER (type));
  if (infos == NULL && create)
    {
      infos = g_ptr_array_new ();
      g_hash_table_insert (registry, GSIZE_TO_POINTER (type), infos);
    }
  return infos;
}

static void
registry_add (GType type, CnsTraceSourceInfo *info)
{
  g_ptr_array_add (registry_for (type, TRUE), info);
  if (instance_sources != NULL)
    g_hash_table_remove_all (instance_sources);
}

static GPtrArray *
instance_sources_of (GType type)
{
  GPtrArray *infos;

  if (instance_sources == NULL)
    instance_sources = g_hash_table_new_full (
        NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  infos = g_hash_table_lookup (instance_sources, GSIZE_TO_POINTER (type));
  if (infos != NULL)
    return infos;
  infos = g_ptr_array_new ();
  for (GType t = type; t != G_TYPE_INVALID; t = g_type_parent (t))
    {
      GPtrArray *own = registry_for (t, FALSE);

      for (guint i = 0; own != NULL && i < own->len; i++)
        if (((CnsTraceSourceInfo *) own->pdata[i])->signal_id == 0)
          g_ptr_array_add (infos, own->pdata[i]);
    }
  g_hash_table_insert (instance_sources, GSIZE_TO_POINTER (type), infos);
  return infos;
}

/* Trace sources are installed by class_init, so a lookup by type name must
 * make sure the class exists. Classes are never unloaded. */
static void
ensure_class (GType type)
{
  if (G_TYPE_IS_CLASSED (type) && g_type_class_peek (type) == NULL)
    g_type_class_ref (type);
}

static CnsTraceSourceInfo *
registry_find (GType type, const gchar *name)
{
  GPtrArray *infos = registry_for (type, FALSE);

  for (guint i = 0; infos != NULL && i < infos->len; i++)
    {
      CnsTraceSourceInfo *info = g_ptr_array_index (infos, i);

      if (strcmp (info->name, name) == 0)
        return info;
    }
  return NULL;
}

/**
 * cns_trace_source_install:
 * @type: the type that declares the source (call from its class_init)
 * @name: CamelCase name, "MacTx"
 * @blurb: what it reports, for listings
 * @signature: the callback typedef, "CnsPacketTraceFn"
 * @offset: offset of the #CnsTraceSource from the instance pointer
 *   (negative for private data)
 */
void
cns_trace_source_install (GType type, const gchar *name, const gchar *blurb,
                          const gchar *signature, glong offset)
{
  cns_trace_source_install_in_table (type, name, blurb, signature, offset, 0,
                                     0);
}

/**
 * cns_trace_source_install_in_table:
 * @type: the type that declares the source (call from its class_init)
 * @name: CamelCase name, "MacTx"
 * @blurb: what it reports, for listings
 * @signature: the callback typedef, "CnsPacketTraceFn"
 * @table_offset: offset of the #CnsTraceTable from the instance pointer
 * @index: the source's index in the table
 * @table_size: the number of sources in the table, the same for each
 *
 * Like cns_trace_source_install() for a source kept in a #CnsTraceTable.
 */
void
cns_trace_source_install_in_table (GType type, const gchar *name,
                                   const gchar *blurb, const gchar *signature,
                                   glong table_offset, guint index,
                                   guint table_size)
{
  CnsTraceSourceInfo *info;

  g_return_if_fail (g_type_is_a (type, G_TYPE_OBJECT));
  g_return_if_fail (name != NULL && blurb != NULL && signature != NULL);
  g_return_if_fail (table_offset != 0);
  g_return_if_fail (table_size == 0 || index < table_size);
  if (registry_find (type, name) != NULL)
    {
      g_critical ("%s already has a trace source named '%s'",
                  g_type_name (type), name);
      return;
    }
  info = g_new0 (CnsTraceSourceInfo, 1);
  info->name = g_intern_string (name);
  info->blurb = g_intern_string (blurb);
  info->signature = g_intern_string (signature);
  info->owner = type;
  info->offset = table_offset;
  info->table_index = index;
  info->table_size = table_size;
  registry_add (type, info);
}

/* The CnsTraceSource @info describes in @object; a table's sources are
 * allocated here, at the first connection, when @create is set. */
static CnsTraceSource *
trace_source_of (gpointer object, const CnsTraceSourceInfo *info,
                 gboolean create)
{
  CnsTraceTable *table;

  if (info->table_size == 0)
    return G_STRUCT_MEMBER_P (object, info->offset);
  table = G_STRUCT_MEMBER_P (object, info->offset);
  if (table->sources == NULL)
    {
      if (!create)
        return NULL;
      table->sources = g_new0 (CnsTraceSource, info->table_size);
    }
  return &table->sources[info->table_index];
}

/* How a signal parameter of @type reads in C, for listings. */
static const gchar *
c_type_name (GType type)
{
  if (type == G_TYPE_STRING)
    return "const gchar *";
  if (type == G_TYPE_POINTER)
    return "gpointer";
  if (G_TYPE_FUNDAMENTAL (type) == G_TYPE_PARAM)
    return "GParamSpec *";
  if (G_TYPE_IS_INSTANTIATABLE (type) || G_TYPE_IS_INTERFACE (type)
      || G_TYPE_IS_BOXED (type))
    {
      g_autofree gchar *pointer = g_strconcat (g_type_name (type), " *", NULL);

      return g_intern_string (pointer);
    }
  return g_type_name (type);
}

static CnsTraceSourceInfo *
signal_info (GType type, guint signal_id)
{
  GSignalQuery query;
  g_autofree gchar *name = NULL;
  CnsTraceSourceInfo *info;
  GString *sig;

  g_signal_query (signal_id, &query);
  name = cns_attribute_name_from_property (query.signal_name);
  if ((info = registry_find (query.itype, name)) != NULL)
    return info;
  sig = g_string_new ("signal: ");
  g_string_append_printf (sig, "%s (%s *", c_type_name (query.return_type),
                          g_type_name (query.itype));
  for (guint i = 0; i < query.n_params; i++)
    g_string_append_printf (
        sig, ", %s",
        c_type_name (query.param_types[i] & ~G_SIGNAL_TYPE_STATIC_SCOPE));
  g_string_append (sig, ", gpointer user_data)");
  info = g_new0 (CnsTraceSourceInfo, 1);
  info->name = g_intern_string (name);
  info->blurb = "";
  info->signature = g_intern_string (sig->str);
  info->owner = query.itype;
  info->signal_id = signal_id;
  g_string_free (sig, TRUE);
  registry_add (query.itype, info);
  return info;
}

/**
 * cns_trace_source_describe_signal:
 * @signal_name: "link-up"
 * @blurb: what the signal reports, for listings
 */
void
cns_trace_source_describe_signal (GType type, const gchar *signal_name,
                                  const gchar *blurb)
{
  guint id = g_signal_lookup (signal_name, type);

  g_return_if_fail (id != 0);
  signal_info (type, id)->blurb = g_intern_string (blurb);
}

/**
 * cns_trace_source_find:
 * @name: "MacTx", or a signal's trace name, "LinkUp"
 *
 * Returns: (transfer none) (nullable): the trace source of @type or an
 * ancestor called @name.
 */
const CnsTraceSourceInfo *
cns_trace_source_find (GType type, const gchar *name)
{
  g_autofree gchar *signal_name = NULL;
  guint signal_id;

  g_return_val_if_fail (name != NULL, NULL);
  ensure_class (type);
  for (GType t = type; t != G_TYPE_INVALID; t = g_type_parent (t))
    {
      CnsTraceSourceInfo *info = registry_find (t, name);

      if (info != NULL && (info->signal_id == 0 || info->owner == t))
        return info;
    }
  signal_name = cns_attribute_name_to_property (name);
  if (!g_signal_parse_name (signal_name, type, &signal_id, NULL, FALSE))
    return NULL;
  return signal_info (type, signal_id);
}

/**
 * cns_trace_source_list:
 *
 * Returns: (transfer container) (element-type CnsTraceSourceInfo): the
 * trace sources of @type and its ancestors below GObject, signals
 * included, the type's own first.
 */
GPtrArray *
cns_trace_source_list (GType type)
{
  GPtrArray *list = g_ptr_array_new ();

  ensure_class (type);
  for (GType t = type; t != G_TYPE_INVALID && t != G_TYPE_OBJECT;
       t = g_type_parent (t))
    {
      GPtrArray *infos;
      g_autofree guint *ids = NULL;
      guint n_ids = 0;

      if (G_TYPE_IS_INSTANTIATABLE (t) || G_TYPE_IS_INTERFACE (t))
        ids = g_signal_list_ids (t, &n_ids);
      for (guint i = 0; i < n_ids; i++)
        signal_info (t, ids[i]);
      infos = registry_for (t, FALSE);
      for (guint i = 0; infos != NULL && i < infos->len; i++)
        g_ptr_array_add (list, infos->pdata[i]);
    }
  return list;
}

/**
 * cns_trace_connect: (skip)
 * @object: the object whose trace source to connect
 * @name: the trace source, "MacTx" or "LinkUp"
 * @callback: a function with the source's signature
 * @error: a #CNS_CORE_ERROR when @object has no such trace source
 *
 * Returns: a handler id (never 0), or 0 with @error set.
 */
gulong
cns_trace_connect (gpointer object, const gchar *name, GCallback callback,
                   gpointer user_data, GError **error)
{
  const CnsTraceSourceInfo *info;

  g_return_val_if_fail (G_IS_OBJECT (object), 0);
  g_return_val_if_fail (name != NULL && callback != NULL, 0);
  info = cns_trace_source_find (G_OBJECT_TYPE (object), name);
  if (info == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "%s has no trace source '%s' (see --PrintTraceSources=%s)",
                   G_OBJECT_TYPE_NAME (object), name,
                   G_OBJECT_TYPE_NAME (object));
      return 0;
    }
  if (info->signal_id != 0)
    return g_signal_connect_data (object, g_signal_name (info->signal_id),
                                  callback, user_data, NULL, 0);
  return cns_trace_source_connect (trace_source_of (object, info, TRUE),
                                   callback, user_data);
}

/**
 * cns_trace_disconnect: (skip)
 *
 * Returns: how many connections of @callback with @user_data to @object's
 * trace source @name were removed.
 */
guint
cns_trace_disconnect (gpointer object, const gchar *name, GCallback callback,
                      gpointer user_data)
{
  const CnsTraceSourceInfo *info;
  CnsTraceSource *source;

  g_return_val_if_fail (G_IS_OBJECT (object), 0);
  g_return_val_if_fail (name != NULL, 0);
  info = cns_trace_source_find (G_OBJECT_TYPE (object), name);
  if (info == NULL)
    return 0;
  if (info->signal_id != 0)
    return g_signal_handlers_disconnect_matched (
        object, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA,
        info->signal_id, 0, NULL, (gpointer) callback, user_data);
  source = trace_source_of (object, info, FALSE);
  return source != NULL
             ? cns_trace_source_disconnect_by_func (source, callback, user_data)
             : 0;
}

/**
 * cns_trace_source_register_marshal: (skip)
 * @signature: a callback typedef name, as trace sources are installed with
 * @marshal: a function with that signature whose user data is a #GClosure:
 *   it calls the closure with the callback's arguments as GValues, the
 *   firing object first, and nothing else
 *
 * Lets bindings connect to every trace source with @signature through
 * cns_trace_connect_closure(). Each module registers the signatures it
 * declares when it starts up.
 */
void
cns_trace_source_register_marshal (const gchar *signature, GCallback marshal)
{
  g_return_if_fail (signature != NULL && marshal != NULL);
  if (marshals == NULL)
    marshals = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (marshals, (gpointer) g_intern_string (signature),
                       marshal);
}

/**
 * cns_trace_marshal_invoke:
 * @closure: (type GClosure): the marshal's user data
 * @args: (array length=n_args): the firing object, then the trace's
 *   arguments
 * @n_args: how many
 *
 * For marshals (cns_trace_source_register_marshal()): calls @closure with
 * @args, then unsets them.
 */
void
cns_trace_marshal_invoke (gpointer closure, GValue *args, guint n_args)
{
  g_closure_invoke (closure, NULL, n_args, args, NULL);
  for (guint i = 0; i < n_args; i++)
    g_value_unset (&args[i]);
}

/* The closures connected to an object's per-packet sources, by sink id:
 * they live as long as their connection or the object. */
static GHashTable *
closures_of (GObject *object, gboolean create)
{
  static GQuark quark;
  GHashTable *closures;

  if (quark == 0)
    quark = g_quark_from_static_string ("cns-trace-closures");
  closures = g_object_get_qdata (object, quark);
  if (closures == NULL && create)
    {
      closures = g_hash_table_new_full (NULL, NULL, NULL,
                                        (GDestroyNotify) g_closure_unref);
      g_object_set_qdata_full (object, quark, closures,
                               (GDestroyNotify) g_hash_table_unref);
    }
  return closures;
}

static const CnsTraceSourceInfo *
find_or_fail (GObject *object, const gchar *name, GError **error)
{
  const CnsTraceSourceInfo *info
      = cns_trace_source_find (G_OBJECT_TYPE (object), name);

  if (info == NULL)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "%s has no trace source '%s' (see --PrintTraceSources=%s)",
                 G_OBJECT_TYPE_NAME (object), name,
                 G_OBJECT_TYPE_NAME (object));
  return info;
}

/**
 * cns_trace_connect_closure: (rename-to cns_trace_connect)
 * @object: an object with trace sources
 * @name: the trace source, "MacTx" or "LinkUp"
 * @closure: what to call: with the firing object, then the trace's
 *   arguments
 * @error: a #CNS_CORE_ERROR naming the object type and the trace source
 *
 * cns_trace_connect() for bindings: a Python function, say, connected to a
 * per-packet trace source or a control-plane signal. Per-packet sources
 * call it through the marshal registered for their callback typedef; each
 * call converts the arguments, so this is for correctness, not speed.
 * Boxed arguments (addresses, headers) are valid during the call only;
 * a packet is held by a new reference, but may change after the call, so
 * keep a copy of it.
 *
 * Returns: the connection's id for cns_trace_disconnect_id(), 0 on error.
 */
gulong
cns_trace_connect_closure (GObject *object, const gchar *name,
                           GClosure *closure, GError **error)
{
  const CnsTraceSourceInfo *info;
  GCallback marshal;
  gulong id;

  g_return_val_if_fail (G_IS_OBJECT (object), 0);
  g_return_val_if_fail (name != NULL && closure != NULL, 0);
  if ((info = find_or_fail (object, name, error)) == NULL)
    return 0;
  if (info->signal_id != 0)
    return g_signal_connect_closure_by_id (object, info->signal_id, 0, closure,
                                           FALSE);
  marshal = marshals != NULL ? g_hash_table_lookup (marshals, info->signature)
                             : NULL;
  if (marshal == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "%s's trace source '%s' cannot call a closure: no marshal "
                   "is registered for its signature %s",
                   G_OBJECT_TYPE_NAME (object), name, info->signature);
      return 0;
    }
  g_closure_ref (closure);
  g_closure_sink (closure);
  id = cns_trace_source_connect (trace_source_of (object, info, TRUE), marshal,
                                 closure);
  g_hash_table_insert (closures_of (object, TRUE), GSIZE_TO_POINTER (id),
                       closure);
  return id;
}

/**
 * cns_trace_disconnect_id:
 * @object: the object connected to
 * @name: the trace source
 * @id: what cns_trace_connect_closure() returned
 *
 * Undoes one connection of cns_trace_connect_closure().
 *
 * Returns: whether it was connected.
 */
gboolean
cns_trace_disconnect_id (GObject *object, const gchar *name, gulong id)
{
  const CnsTraceSourceInfo *info;
  CnsTraceSource *source;
  GHashTable *closures;

  g_return_val_if_fail (G_IS_OBJECT (object), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  info = cns_trace_source_find (G_OBJECT_TYPE (object), name);
  if (info == NULL || id == 0)
    return FALSE;
  if (info->signal_id != 0)
    {
      if (!g_signal_handler_is_connected (object, id))
        return FALSE;
      g_signal_handler_disconnect (object, id);
      return TRUE;
    }
  source = trace_source_of (object, info, FALSE);
  if (source == NULL || !cns_trace_source_disconnect (source, id))
    return FALSE;
  if ((closures = closures_of (object, FALSE)) != NULL)
    g_hash_table_remove (closures, GSIZE_TO_POINTER (id));
  return TRUE;
}

/* Disconnects every installed trace source of @object and frees its trace
 * tables; called when a CnsObject is finalized. */
void
cns_trace_source_clear_instance (GObject *object)
{
  GPtrArray *infos = instance_sources_of (G_OBJECT_TYPE (object));

  for (guint i = 0; i < infos->len; i++)
    {
      CnsTraceSourceInfo *info = g_ptr_array_index (infos, i);
      CnsTraceTable *table;

      if (info->table_size == 0)
        {
          cns_trace_source_clear (G_STRUCT_MEMBER_P (object, info->offset));
          continue;
        }
      /* The first entry of a table clears and frees all of it; the others
       * then find it gone. */
      table = G_STRUCT_MEMBER_P (object, info->offset);
      if (table->sources == NULL)
        continue;
      for (guint k = 0; k < info->table_size; k++)
        cns_trace_source_clear (&table->sources[k]);
      g_clear_pointer (&table->sources, g_free);
    }
}
