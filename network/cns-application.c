/* cns — applications: traffic sources and sinks that run on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsApplication is ns-3's Application. An application belongs to one
 * node, given by cns_application_install() (which adds it to the node's
 * application list, where ns-3 code would call Node::AddApplication). It
 * is initialized with its node, in the node's context, when the
 * simulation starts; then, as ns-3's Application::DoInitialize does, it
 * schedules start_application at StartTime and, unless StopTime is 0
 * ("never"), stop_application at StopTime, both relative to the time of
 * initialization (the start of the run) and in the node's context. An
 * application installed on a node that is already running is initialized
 * at once, as ns-3's Node::AddApplication schedules it.
 *
 * A large scenario has many applications, so the base keeps one word:
 * the node (not referenced: the node holds its applications) while
 * StartTime and StopTime are 0, as they are unless set; once either is
 * set it points to a block that holds the node and both times (marked by
 * its lowest bit, which a pointer to either never has). The base keeps no
 * event ids. Instead, an installed application keeps itself alive until
 * cns_simulator_destroy(), even when it is disposed earlier, so the events
 * it and its subclass schedule need no reference (none is taken per
 * packet) and can never outlive it. A disposed application (its node is
 * gone) must ignore them: the base's start and stop events check, and
 * subclasses cancel theirs in dispose.
 *
 * This file also holds what subclasses share: the Protocol attribute
 * (any socket factory; each class declares its default), the installation
 * of their per-packet trace sources, and the time as ns-3's log lines
 * write it ("At time +2.00369s ..."). Whatever knows IPv4 (the Remote and
 * Local addresses, the endpoints in log lines) is applications/' own.
 */
#include "network/cns-application.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "network/cns-socket-factory.h"

#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-application");

#define DEFAULT_START_TIME CNS_TIME_ZERO
#define DEFAULT_STOP_TIME  CNS_TIME_ZERO

enum
{
  PROP_0,
  PROP_START_TIME,
  PROP_STOP_TIME,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* The node with the times, once either time is not 0. */
typedef struct
{
  CnsNode *node;
  CnsTime start_time;
  CnsTime stop_time;
} ApplicationTimes;

#define TIMES_TAG ((guintptr) 1)

typedef struct
{
  /* the node (NULL until installed, and once disposed), or the
   * ApplicationTimes that holds it, tagged with TIMES_TAG */
  guintptr node_or_times;
} CnsApplicationPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsApplication, cns_application,
                                     CNS_TYPE_OBJECT)

static void cns_application_set_property (GObject *object, guint prop_id,
                                          const GValue *value,
                                          GParamSpec *pspec);
static void cns_application_get_property (GObject *object, guint prop_id,
                                          GValue *value, GParamSpec *pspec);
static void cns_application_initialize (CnsObject *object);

static inline ApplicationTimes *
application_peek_times (CnsApplicationPrivate *priv)
{
  return (priv->node_or_times & TIMES_TAG)
             ? (ApplicationTimes *) (priv->node_or_times & ~TIMES_TAG)
             : NULL;
}

static inline CnsNode *
application_peek_node (CnsApplicationPrivate *priv)
{
  ApplicationTimes *times = application_peek_times (priv);

  return times != NULL ? times->node : (CnsNode *) priv->node_or_times;
}

static void
application_set_node (CnsApplicationPrivate *priv, CnsNode *node)
{
  ApplicationTimes *times = application_peek_times (priv);

  if (times != NULL)
    times->node = node;
  else
    priv->node_or_times = (guintptr) node;
}

/* Sets the times, keeping a block only while either is not 0. */
static void
application_set_times (CnsApplicationPrivate *priv, CnsTime start, CnsTime stop)
{
  ApplicationTimes *times = application_peek_times (priv);

  if (start == CNS_TIME_ZERO && stop == CNS_TIME_ZERO)
    {
      if (times != NULL)
        {
          priv->node_or_times = (guintptr) times->node;
          g_free (times);
        }
      return;
    }
  if (times == NULL)
    {
      times = g_new (ApplicationTimes, 1);
      times->node = (CnsNode *) priv->node_or_times;
      priv->node_or_times = (guintptr) times | TIMES_TAG;
    }
  times->start_time = start;
  times->stop_time = stop;
}

static void
application_release (gpointer obj, gpointer data)
{
  g_object_unref (obj);
}

static void
cns_application_dispose (GObject *object)
{
  CnsApplicationPrivate *priv
      = cns_application_get_instance_private (CNS_APPLICATION (object));

  /* An installed application holds a reference to itself: events may
   * still name it, so it stays until the simulator has dropped them, in
   * cns_simulator_destroy(). */
  if (application_peek_node (priv) != NULL)
    {
      application_set_node (priv, NULL);
      cns_simulator_schedule_destroy (application_release, object, NULL);
    }
  G_OBJECT_CLASS (cns_application_parent_class)->dispose (object);
}

static void
cns_application_finalize (GObject *object)
{
  g_free (application_peek_times (
      cns_application_get_instance_private (CNS_APPLICATION (object))));
  G_OBJECT_CLASS (cns_application_parent_class)->finalize (object);
}

static void
cns_application_real_start (CnsApplication *self)
{
}

static void
cns_application_real_stop (CnsApplication *self)
{
}

static void
cns_application_real_installed (CnsApplication *self)
{
}

static void
cns_application_class_init (CnsApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cns_application_dispose;
  object_class->finalize = cns_application_finalize;
  object_class->set_property = cns_application_set_property;
  object_class->get_property = cns_application_get_property;
  CNS_OBJECT_CLASS (klass)->initialize = cns_application_initialize;
  klass->start_application = cns_application_real_start;
  klass->stop_application = cns_application_real_stop;
  klass->installed = cns_application_real_installed;

  properties[PROP_START_TIME] = cns_param_spec_time (
      "start-time", "Start time",
      "When the application starts, counted from the start of the "
      "simulation",
      CNS_TIME_ZERO, CNS_TIME_MAX, DEFAULT_START_TIME,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STOP_TIME] = cns_param_spec_time (
      "stop-time", "Stop time",
      "When the application stops, counted from the start of the "
      "simulation; 0 means never",
      CNS_TIME_ZERO, CNS_TIME_MAX, DEFAULT_STOP_TIME,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_application_init (CnsApplication *self)
{
}

static void
application_start (gpointer obj, gpointer data)
{
  CnsApplication *self = obj;
  CnsApplicationPrivate *priv = cns_application_get_instance_private (self);

  if (application_peek_node (priv) == NULL)
    return;
  CNS_LOG_FUNCTION ("%s on node %u", G_OBJECT_TYPE_NAME (self),
                    cns_node_get_id (application_peek_node (priv)));
  CNS_APPLICATION_GET_CLASS (self)->start_application (self);
}

static void
application_stop (gpointer obj, gpointer data)
{
  CnsApplication *self = obj;
  CnsApplicationPrivate *priv = cns_application_get_instance_private (self);

  if (application_peek_node (priv) == NULL)
    return;
  CNS_LOG_FUNCTION ("%s on node %u", G_OBJECT_TYPE_NAME (self),
                    cns_node_get_id (application_peek_node (priv)));
  CNS_APPLICATION_GET_CLASS (self)->stop_application (self);
}

/* ns-3's Application::DoInitialize. */
static void
cns_application_initialize (CnsObject *object)
{
  CnsApplication *self = CNS_APPLICATION (object);
  CnsApplicationPrivate *priv = cns_application_get_instance_private (self);
  ApplicationTimes *times = application_peek_times (priv);

  if (application_peek_node (priv) == NULL)
    g_critical ("%s was never installed on a node (use "
                "cns_application_install()); it will not run",
                G_OBJECT_TYPE_NAME (self));
  else
    {
      guint32 context = cns_node_get_id (application_peek_node (priv));

      cns_simulator_schedule_with_context (
          context, times != NULL ? times->start_time : CNS_TIME_ZERO,
          application_start, self, NULL);
      if (times != NULL && times->stop_time != CNS_TIME_ZERO)
        cns_simulator_schedule_with_context (context, times->stop_time,
                                             application_stop, self, NULL);
    }
  CNS_OBJECT_CLASS (cns_application_parent_class)->initialize (object);
}

static void
application_initialize_now (gpointer obj, gpointer data)
{
  cns_object_initialize (obj);
}

/**
 * cns_application_install:
 * @node: the node to run on; it takes a reference to @self
 *
 * Gives @self its node and adds it to the node's applications, as ns-3's
 * Node::AddApplication does; this is how applications get their node
 * (helpers call it; an application added with cns_node_add_application()
 * alone has none and will not run). An application installed on a node
 * that has already started is initialized at once, in the node's context,
 * so its StartTime counts from now. An installed application lives until
 * cns_simulator_destroy(), whatever references the caller drops. The
 * class's installed function is called once the application is on the
 * node.
 *
 * Returns: the application's index on the node.
 */
guint32
cns_application_install (CnsApplication *self, CnsNode *node)
{
  CnsApplicationPrivate *priv;
  guint32 index;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_APPLICATION), 0);
  g_return_val_if_fail (CNS_INSTANCE_IS_A (node, CNS_TYPE_NODE), 0);
  priv = cns_application_get_instance_private (self);
  g_return_val_if_fail (application_peek_node (priv) == NULL, 0);

  application_set_node (priv, node);
  g_object_ref (self); /* released after cns_simulator_destroy(): see above */
  index = cns_node_add_application (node, self);
  CNS_APPLICATION_GET_CLASS (self)->installed (self);
  if (cns_object_is_initialized (CNS_OBJECT (node)))
    cns_simulator_schedule_with_context_full (
        cns_node_get_id (node), CNS_TIME_ZERO, application_initialize_now, self,
        g_object_ref (self), g_object_unref);
  return index;
}

/**
 * cns_application_get_node:
 *
 * Returns: (transfer none) (nullable): the node the application runs on.
 */
CnsNode *
cns_application_get_node (CnsApplication *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_APPLICATION), NULL);
  return application_peek_node (cns_application_get_instance_private (self));
}

/**
 * cns_application_set_start_time:
 * @start: when to start, counted from the start of the simulation
 *
 * Takes effect when the application is initialized, as in ns-3: set it
 * before the simulation runs.
 */
void
cns_application_set_start_time (CnsApplication *self, CnsTime start)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_APPLICATION));
  g_return_if_fail (start >= 0);
  application_set_times (cns_application_get_instance_private (self), start,
                         cns_application_get_stop_time (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START_TIME]);
}

/**
 * cns_application_get_start_time:
 *
 * Returns: the StartTime attribute.
 */
CnsTime
cns_application_get_start_time (CnsApplication *self)
{
  ApplicationTimes *times;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_APPLICATION), 0);
  times = application_peek_times (cns_application_get_instance_private (self));
  return times != NULL ? times->start_time : CNS_TIME_ZERO;
}

/**
 * cns_application_set_stop_time:
 * @stop: when to stop, counted from the start of the simulation; 0 for
 *   never
 *
 * Takes effect when the application is initialized.
 */
void
cns_application_set_stop_time (CnsApplication *self, CnsTime stop)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_APPLICATION));
  g_return_if_fail (stop >= 0);
  application_set_times (cns_application_get_instance_private (self),
                         cns_application_get_start_time (self), stop);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP_TIME]);
}

/**
 * cns_application_get_stop_time:
 *
 * Returns: the StopTime attribute.
 */
CnsTime
cns_application_get_stop_time (CnsApplication *self)
{
  ApplicationTimes *times;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_APPLICATION), 0);
  times = application_peek_times (cns_application_get_instance_private (self));
  return times != NULL ? times->stop_time : CNS_TIME_ZERO;
}

/**
 * cns_application_class_install_trace_source:
 * @klass: the application class, in its class_init
 * @name: the source's name, CamelCase: "Tx", "Rx"
 * @blurb: what it reports, for listings
 * @signature: the name of the callback typedef its sinks have, such as
 *   "CnsPacketTraceFn" or "CnsApplicationRxTraceFn"
 * @offset: where its #CnsTraceSource sits in the instance:
 *   G_STRUCT_OFFSET (MyApplication, tx), or G_PRIVATE_OFFSET() for one in
 *   private data
 *
 * Installs a per-packet trace source of the class, so that it can be
 * connected by name (cns_trace_connect(), config paths) and is listed.
 * The application fires it with CNS_TRACE_SOURCE_FIRE(), which costs one
 * branch while nothing is connected; the source is disconnected when the
 * application is finalized.
 */
void
cns_application_class_install_trace_source (CnsApplicationClass *klass,
                                            const gchar *name,
                                            const gchar *blurb,
                                            const gchar *signature,
                                            glong offset)
{
  g_return_if_fail (CNS_IS_APPLICATION_CLASS (klass));
  g_return_if_fail (name != NULL && blurb != NULL && signature != NULL);
  g_return_if_fail (offset != 0);
  cns_trace_source_install (G_TYPE_FROM_CLASS (klass), name, blurb, signature,
                            offset);
}

/**
 * cns_application_param_spec_protocol:
 *
 * The Protocol attribute of an application that can run over any
 * transport: a #GType property named "protocol" that holds a socket
 * factory type, such as CnsUdpSocketFactory or CnsTcpSocketFactory, and
 * is set from text by the type's name. Install it in class_init, declare
 * its default with cns_attribute_install_default() (a #GType property
 * cannot hold one), store the value as a #GType and make sockets with
 * cns_socket_create (node, protocol).
 *
 * Returns: (transfer floating): a new param spec, for one class.
 */
GParamSpec *
cns_application_param_spec_protocol (void)
{
  return g_param_spec_gtype (
      "protocol", "Protocol",
      "The socket factory type of the transport protocol to use: "
      "CnsUdpSocketFactory or CnsTcpSocketFactory (each application "
      "lists its default)",
      CNS_TYPE_SOCKET_FACTORY, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

/**
 * cns_application_format_now:
 * @buf: (out caller-allocates): where to write
 *
 * Writes the simulation time as ns-3's applications write it in their
 * log lines (Simulator::Now ().As (Time::S)): signed seconds, six
 * significant digits, "+2.00369s".
 */
void
cns_application_format_now (gchar buf[CNS_TIME_STRING_SIZE])
{
  gsize n;

  g_return_if_fail (buf != NULL);
  g_ascii_formatd (buf, CNS_TIME_STRING_SIZE - 1, "%+g",
                   cns_time_to_seconds (cns_simulator_now ()));
  n = strlen (buf);
  buf[n] = 's';
  buf[n + 1] = '\0';
}

static void
cns_application_set_property (GObject *object, guint prop_id,
                              const GValue *value, GParamSpec *pspec)
{
  CnsApplication *self = CNS_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_START_TIME:
      cns_application_set_start_time (self, cns_value_get_time (value));
      break;
    case PROP_STOP_TIME:
      cns_application_set_stop_time (self, cns_value_get_time (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_application_get_property (GObject *object, guint prop_id, GValue *value,
                              GParamSpec *pspec)
{
  CnsApplication *self = CNS_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_START_TIME:
      cns_value_set_time (value, cns_application_get_start_time (self));
      break;
    case PROP_STOP_TIME:
      cns_value_set_time (value, cns_application_get_stop_time (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
