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
 * A large scenario has many applications, so the base keeps two words.
 * The first is the node (not referenced: the node holds its
 * applications) while StartTime and StopTime are 0, as they are unless
 * set; once either is set it points to a block that holds the node and
 * both times (marked by its lowest bit, which a pointer to either never
 * has). The second holds the subclass's per-packet trace sources (every
 * application has some; installed with
 * cns_application_class_install_trace_source()): the source itself when
 * the class has one, as most have, so connecting to it allocates only the
 * list of sinks; else the table of the class's sources. The base keeps
 * no event ids. Instead, an installed application keeps itself alive
 * until cns_simulator_destroy(), even when it is disposed earlier, so the
 * events it and its subclass schedule need no reference (none is taken
 * per packet) and can never outlive it. A disposed application (its node
 * is gone) must ignore them: the base's start and stop events check, and
 * subclasses cancel theirs in dispose.
 *
 * This file also holds what the applications share: the Protocol
 * attribute, whose default is UDP, and the formatting of ns-3's log lines
 * ("At time +2.00369s server received 1024 bytes from 10.1.1.1 port
 * 49153").
 */
#include "internet/cns-application.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-application-private.h"
#include "internet/cns-ipv4-address.h"
#include "internet/cns-socket-factory.h"

#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("Application");

#define DEFAULT_START_TIME CNS_TIME_ZERO
#define DEFAULT_STOP_TIME  CNS_TIME_ZERO

/* The default of every application's Protocol attribute. */
#define DEFAULT_PROTOCOL_NAME "CnsUdpSocketFactory"

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
  CnsApplicationTraces traces; /* the subclass's trace sources */
} CnsApplicationPrivate;

glong cns_application_traces_offset;

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

  cns_application_traces_offset
      = CnsApplication_private_offset
        + G_STRUCT_OFFSET (CnsApplicationPrivate, traces);
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

  g_return_val_if_fail (CNS_IS_APPLICATION (self), 0);
  g_return_val_if_fail (CNS_IS_NODE (node), 0);
  priv = cns_application_get_instance_private (self);
  g_return_val_if_fail (application_peek_node (priv) == NULL, 0);

  application_set_node (priv, node);
  g_object_ref (self); /* released after cns_simulator_destroy(): see above */
  index = cns_node_add_application (node, CNS_OBJECT (self));
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
  g_return_val_if_fail (CNS_IS_APPLICATION (self), NULL);
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
  g_return_if_fail (CNS_IS_APPLICATION (self));
  g_return_if_fail (start >= 0);
  application_set_times (cns_application_get_instance_private (self), start,
                         cns_application_get_stop_time (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START_TIME]);
}

/** cns_application_get_start_time: Returns: the StartTime attribute. */
CnsTime
cns_application_get_start_time (CnsApplication *self)
{
  ApplicationTimes *times;

  g_return_val_if_fail (CNS_IS_APPLICATION (self), 0);
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
  g_return_if_fail (CNS_IS_APPLICATION (self));
  g_return_if_fail (stop >= 0);
  application_set_times (cns_application_get_instance_private (self),
                         cns_application_get_start_time (self), stop);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOP_TIME]);
}

/** cns_application_get_stop_time: Returns: the StopTime attribute. */
CnsTime
cns_application_get_stop_time (CnsApplication *self)
{
  ApplicationTimes *times;

  g_return_val_if_fail (CNS_IS_APPLICATION (self), 0);
  times = application_peek_times (cns_application_get_instance_private (self));
  return times != NULL ? times->stop_time : CNS_TIME_ZERO;
}

/* Installs source @index of the @n_sources per-packet trace sources of
 * the application class @klass, in the base's word for them: the only
 * source, fired with cns_application_trace(), or a source of the table,
 * fired with cns_application_traces(). */
void
cns_application_class_install_trace_source (gpointer klass, const gchar *name,
                                            const gchar *blurb,
                                            const gchar *signature, guint index,
                                            guint n_sources)
{
  g_return_if_fail (index < n_sources);
  if (n_sources == 1)
    cns_trace_source_install (G_TYPE_FROM_CLASS (klass), name, blurb, signature,
                              cns_application_traces_offset);
  else
    cns_trace_source_install_in_table (G_TYPE_FROM_CLASS (klass), name, blurb,
                                       signature, cns_application_traces_offset,
                                       index, n_sources);
}

/* The Protocol attribute of applications that can use any transport: the
 * GType of a socket factory. Its GLib default, the abstract
 * CnsSocketFactory, stands for UDP, which may be registered after the
 * applications are: the choice is made when the application starts. */
GParamSpec *
cns_application_param_spec_protocol (void)
{
  return g_param_spec_gtype (
      "protocol", "Protocol",
      "The socket factory type of the transport protocol to use, such as "
      "CnsUdpSocketFactory (the default) or CnsTcpSocketFactory",
      CNS_TYPE_SOCKET_FACTORY, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

/* The socket factory types applications have named, so that an
 * application stores its protocol in one byte (there are a handful: UDP,
 * TCP); index 0 is the default, UDP. */
static GArray *protocol_types; /* GType */

/* What to store for a value written to a Protocol attribute. */
guint8
cns_application_protocol_to_index (GType type)
{
  if (type == G_TYPE_INVALID || type == CNS_TYPE_SOCKET_FACTORY)
    return 0;
  if (protocol_types == NULL)
    {
      GType none = G_TYPE_INVALID;

      protocol_types = g_array_new (FALSE, FALSE, sizeof (GType));
      g_array_append_val (protocol_types, none);
    }
  for (guint i = 1; i < protocol_types->len; i++)
    if (g_array_index (protocol_types, GType, i) == type)
      return (guint8) i;
  if (protocol_types->len > G_MAXUINT8)
    cns_fatal ("more than %u socket factory types named by applications",
               (guint) G_MAXUINT8);
  g_array_append_val (protocol_types, type);
  return (guint8) (protocol_types->len - 1);
}

/* What a Protocol attribute reads as: the stored type, or UDP for the
 * default (the abstract base while UDP is not registered). */
GType
cns_application_protocol_from_index (guint8 index)
{
  GType udp;

  if (index != 0)
    return g_array_index (protocol_types, GType, index);
  udp = g_type_from_name (DEFAULT_PROTOCOL_NAME);
  return udp != G_TYPE_INVALID ? udp : CNS_TYPE_SOCKET_FACTORY;
}

/* The factory type to make sockets with, at start; G_TYPE_INVALID, after
 * a critical, when the default is asked for and UDP is not registered. */
GType
cns_application_protocol_resolve (CnsApplication *self, guint8 index)
{
  GType type = cns_application_protocol_from_index (index);

  if (type == CNS_TYPE_SOCKET_FACTORY)
    {
      g_critical ("%s on node %u: its Protocol is the default, "
                  "%s, which is not registered",
                  G_OBJECT_TYPE_NAME (self),
                  cns_node_get_id (cns_application_get_node (self)),
                  DEFAULT_PROTOCOL_NAME);
      return G_TYPE_INVALID;
    }
  return type;
}

/* The simulation time as ns-3 writes Simulator::Now ().As (Time::S) in
 * log lines: signed seconds, six significant digits, "+2.00369s". */
void
cns_application_format_now (gchar buf[CNS_TIME_STRING_SIZE])
{
  gsize n;

  g_ascii_formatd (buf, CNS_TIME_STRING_SIZE - 1, "%+g",
                   cns_time_to_seconds (cns_simulator_now ()));
  n = strlen (buf);
  buf[n] = 's';
  buf[n + 1] = '\0';
}

/* "10.1.1.2 port 9", as ns-3's applications log an inet socket address;
 * other addresses in their generic text form. */
void
cns_application_format_endpoint (
    const CnsAddress *address, gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE])
{
  CnsInetSocketAddress inet;
  gchar ip[CNS_IPV4_ADDRESS_STRING_SIZE];

  if (cns_inet_socket_address_from_address (address, &inet))
    {
      cns_ipv4_address_format (inet.address, ip);
      g_snprintf (buf, CNS_APPLICATION_ENDPOINT_STRING_SIZE, "%s port %u", ip,
                  inet.port);
    }
  else
    {
      g_autofree gchar *text = cns_address_to_string (address);

      g_strlcpy (buf, text, CNS_APPLICATION_ENDPOINT_STRING_SIZE);
    }
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
