/* cns — trace sources: per-packet hooks that cost one branch when unused.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsTraceSink:
 *
 * One connected callback. Private to this module.
 */
typedef struct
{
  GCallback fn;
  gpointer user_data;
  gulong id;
} CnsTraceSink;

/**
 * CnsTraceSource:
 *
 * A per-packet trace source, embedded in the instance struct of the object
 * that fires it and zero-initialised with it. Callbacks receive the firing
 * object first, then the trace's arguments, then their user data, and have
 * the exact signature of the source's callback typedef.
 *
 * Control-plane events (link up/down, route changes, TCP states) are
 * GSignals instead; both kinds are found and connected by name with
 * cns_trace_connect() and config paths.
 */
typedef struct
{
  guint n;         /* sinks, disconnected ones included until compacted */
  guint n_removed; /* disconnected sinks not yet compacted away */
  guint firing;    /* nesting depth of firings in progress */
  CnsTraceSink sinks[];
} CnsTraceSinkList;

typedef struct
{
  /*< private >*/
  CnsTraceSinkList *list; /* NULL while nothing is connected */
} CnsTraceSource;

/**
 * CNS_TRACE_SOURCE_FIRE:
 * @source: a #CnsTraceSource pointer
 * @FnType: the callback typedef of the source
 * @...: the arguments: the firing object first
 *
 * Calls every connected callback. When nothing is connected this is one
 * load and one well-predicted branch. The source is one pointer, so an
 * object can carry many.
 */
#define CNS_TRACE_SOURCE_FIRE(source, FnType, ...)                      \
  G_STMT_START                                                          \
    {                                                                   \
      CnsTraceSource *cns_src_ = (source);                              \
      if (G_UNLIKELY (cns_src_->list != NULL))                          \
        {                                                               \
          cns_src_->list->firing++;                                     \
          for (guint cns_i_ = 0; cns_i_ < cns_src_->list->n; cns_i_++)  \
            {                                                           \
              CnsTraceSink *cns_s_ = &cns_src_->list->sinks[cns_i_];    \
              if (cns_s_->fn != NULL)                                   \
                ((FnType) cns_s_->fn) (__VA_ARGS__, cns_s_->user_data); \
            }                                                           \
          cns_trace_source_fire_done (cns_src_);                        \
        }                                                               \
    }                                                                   \
  G_STMT_END

/**
 * CnsTraceTable:
 *
 * The trace sources of an object that has many of them (a device has
 * ten), behind one pointer: the array of sources is allocated when the
 * first of them is connected. Embedded in the instance struct and
 * zero-initialised; sources are installed with
 * cns_trace_source_install_in_table() and fired by index.
 */
typedef struct
{
  /*< private >*/
  CnsTraceSource *sources; /* NULL while none is connected */
} CnsTraceTable;

/**
 * CNS_TRACE_TABLE_FIRE:
 * @table: a #CnsTraceTable pointer
 * @index: the source's index in the table
 * @FnType: the callback typedef of the source
 * @...: the arguments: the firing object first
 *
 * Fires source @index of @table. While nothing in the table is connected
 * this is one load and one well-predicted branch.
 */
#define CNS_TRACE_TABLE_FIRE(table, index, FnType, ...)           \
  G_STMT_START                                                    \
    {                                                             \
      CnsTraceTable *cns_tab_ = (table);                          \
      if (G_UNLIKELY (cns_tab_->sources != NULL))                 \
        CNS_TRACE_SOURCE_FIRE (&cns_tab_->sources[index], FnType, \
                               __VA_ARGS__);                      \
    }                                                             \
  G_STMT_END

gulong cns_trace_source_connect (CnsTraceSource *source, GCallback callback,
                                 gpointer user_data);
gboolean cns_trace_source_disconnect (CnsTraceSource *source, gulong id);
guint cns_trace_source_disconnect_by_func (CnsTraceSource *source,
                                           GCallback callback,
                                           gpointer user_data);
void cns_trace_source_clear (CnsTraceSource *source);
void cns_trace_source_compact (CnsTraceSource *source);

/**
 * cns_trace_source_is_connected:
 *
 * Inline: a model asks this per packet before preparing a trace's
 * arguments.
 *
 * Returns: whether any sink is connected.
 */
static inline gboolean
cns_trace_source_is_connected (const CnsTraceSource *source)
{
  g_return_val_if_fail (source != NULL, FALSE);
  return source->list != NULL && source->list->n > source->list->n_removed;
}

/**
 * cns_trace_source_fire_done:
 *
 * Ends one firing; for CNS_TRACE_SOURCE_FIRE() only. Inline, so that a
 * firing with nothing to compact calls nothing after the sinks.
 */
static inline void
cns_trace_source_fire_done (CnsTraceSource *source)
{
  CnsTraceSinkList *list = source->list;

  if (--list->firing == 0 && G_UNLIKELY (list->n_removed > 0))
    cns_trace_source_compact (source);
}

/**
 * CnsTraceSourceInfo:
 * @name: the trace source's name, "MacTx" or "LinkUp"
 * @blurb: what it reports, for listings
 * @signature: the callback typedef name, or the signal's parameters
 * @owner: the type that declared it
 * @offset: where the #CnsTraceSource, or the #CnsTraceTable holding it,
 *   sits in the instance; 0 for signals
 * @table_index: the source's index in its table
 * @table_size: the number of sources in its table; 0 when the source is
 *   not in a table
 * @signal_id: the GSignal id for control-plane sources, else 0
 */
typedef struct
{
  const gchar *name;
  const gchar *blurb;
  const gchar *signature;
  GType owner;
  glong offset;
  guint signal_id;
  guint table_index;
  guint table_size;
} CnsTraceSourceInfo;

void cns_trace_source_install (GType type, const gchar *name,
                               const gchar *blurb, const gchar *signature,
                               glong offset);
void cns_trace_source_install_in_table (GType type, const gchar *name,
                                        const gchar *blurb,
                                        const gchar *signature,
                                        glong table_offset, guint index,
                                        guint table_size);
void cns_trace_source_describe_signal (GType type, const gchar *signal_name,
                                       const gchar *blurb);
const CnsTraceSourceInfo *cns_trace_source_find (GType type, const gchar *name);
GPtrArray *cns_trace_source_list (GType type);

gulong cns_trace_connect (gpointer object, const gchar *name,
                          GCallback callback, gpointer user_data,
                          GError **error);
void cns_trace_source_register_marshal (const gchar *signature,
                                        GCallback marshal);
void cns_trace_marshal_invoke (gpointer closure, GValue *args, guint n_args);
gulong cns_trace_connect_closure (GObject *object, const gchar *name,
                                  GClosure *closure, GError **error);
gboolean cns_trace_disconnect_id (GObject *object, const gchar *name,
                                  gulong id);
guint cns_trace_disconnect (gpointer object, const gchar *name,
                            GCallback callback, gpointer user_data);

G_END_DECLS
