/* cns — a constant-bit-rate source that switches on and off.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's OnOffApplication, event for event, and the application to copy
 * when writing a new one: attributes as properties, a socket of any
 * protocol (opened by CnsSourceApplication), a per-packet trace source,
 * and events that name the application without holding it (see
 * CnsApplication).
 *
 * StartApplication has the base open a socket of the Protocol attribute's
 * factory, bound to an ephemeral port (sending to broadcast addresses
 * allowed, receiving shut down) and connected to Remote. When the
 * connection succeeds (for UDP, within the connect call) the source draws
 * an OffTime and schedules the switch on; as in ns-3, StartApplication
 * then cancels that switch and draws again, so that the random streams
 * advance exactly as ns-3's do.
 *
 * Switching on draws an OnTime and schedules the switch off; meanwhile a
 * packet of PacketSize bytes goes out every PacketSize * 8 / DataRate,
 * the first a whole interval after switching on. Switching off keeps the
 * bits that would have gone out since the last packet (the residual), so
 * that the next on-period's first packet comes that much earlier and the
 * long-run rate is DataRate times the on fraction. Once MaxBytes have been
 * sent the source stops for good and closes its socket.
 *
 * Times are exact. An interval is the bits over the rate, rounded to the
 * nearest picosecond (ns-3 rounds through a double to nanoseconds). The
 * residual is the whole bits of (time since the last packet) * DataRate,
 * computed in 128-bit integers, so any 64-bit rate works. This differs
 * from ns-3 on purpose: ns-3 converts the time to seconds in fixed point,
 * which can land just below a whole number of bits (7999.999... for 8000)
 * and then truncates, so it owes one bit less than it should and drifts by
 * one bit time per on/off switch.
 *
 * The pending events (the next packet, the next switch) are not kept as
 * event ids, which are 32 bytes each and a large scenario has a source per
 * flow: each event carries the generation it was scheduled in, and
 * cancelling moves the generation on, so that a stale event does nothing
 * when it runs. One number serves both events, because ns-3 always
 * cancels them together.
 *
 * A packet the socket refuses (no route, buffer full, too big for the
 * protocol) is not counted; the socket says why with its errno and its
 * own trace source, and the next packet comes at the next interval (ns-3
 * keeps the refused packet object and offers it again; only its uid
 * differs). PacketSize cannot be checked against the protocol's limit (a
 * UDP datagram holds 65,507 bytes, a TCP stream has none), so the first
 * packet refused as too big gives a warning: no later one can go. The Tx
 * trace fires once the socket has taken a packet, as in ns-3.
 */
#include "applications/cns-on-off-application.h"

#include "applications/cns-application-endpoint.h"
#include "core/cns-constant-random-variable.h"
#include "core/cns-data-rate.h"
#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-udp-socket-factory.h"
#include "network/cns-queue.h" /* CnsPacketTraceFn */

CNS_LOG_COMPONENT_DEFINE ("cns-on-off-application");

#define DEFAULT_DATA_RATE   500000 /* b/s */
#define DEFAULT_PACKET_SIZE 512
#define DEFAULT_ON_TIME     1.0 /* s, constant */
#define DEFAULT_OFF_TIME    1.0 /* s, constant */
#define DEFAULT_MAX_BYTES   0

enum
{
  PROP_0,
  PROP_DATA_RATE,
  PROP_PACKET_SIZE,
  PROP_ON_TIME,
  PROP_OFF_TIME,
  PROP_MAX_BYTES,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* OnTime or OffTime: a random variable to draw from or, for a constant,
 * its value; a flag of the instance says which. A constant variable is
 * read when it is set and not kept (a constant never draws, so its value
 * is all there is to it): most scenarios use constants, and two objects
 * per source would double its size. */
typedef union
{
  CnsRandomVariable *variable;
  gdouble constant; /* seconds */
} OnOffDuration;

struct _CnsOnOffApplication
{
  CnsSourceApplication parent_instance;

  /* attributes (Remote and Protocol are the base's) */
  CnsDataRate data_rate;  /* b/s */
  OnOffDuration on_time;  /* a variable when on_time_is_variable */
  OnOffDuration off_time; /* a variable when off_time_is_variable */
  guint64 max_bytes;      /* 0: no limit */
  guint32 packet_size;

  /* state */
  guint64 total_bytes;
  CnsTime last_start_time; /* of the on-period, or of the last packet */
  guint64 residual_bits;   /* owed from earlier on-periods */
  guint32 generation;      /* names the pending send and switch */
  guint on_time_is_variable : 1;
  guint off_time_is_variable : 1;
  guint connected : 1;
  guint send_pending : 1;
  guint rate_changed : 1;   /* DataRate set since the events were cancelled */
  guint warned_too_big : 1; /* about a packet refused as too big */

  CnsTraceSource tx;
};

G_DEFINE_FINAL_TYPE (CnsOnOffApplication, cns_on_off_application,
                     CNS_TYPE_SOURCE_APPLICATION)

static void cns_on_off_application_set_property (GObject *object, guint prop_id,
                                                 const GValue *value,
                                                 GParamSpec *pspec);
static void cns_on_off_application_get_property (GObject *object, guint prop_id,
                                                 GValue *value,
                                                 GParamSpec *pspec);
static void on_off_start_application (CnsApplication *app);
static void on_off_stop_application (CnsApplication *app);
static void on_off_socket_opened (CnsSourceApplication *source,
                                  CnsSocket *socket);
static void on_off_connection_succeeded (CnsSourceApplication *source,
                                         CnsSocket *socket);
static void on_off_cancel_events (CnsOnOffApplication *self);

/* Sets @duration, which holds a variable when @is_variable, from
 * @variable (%NULL for the constant @default_seconds).
 *
 * Returns: whether @duration now holds a variable. */
static gboolean
on_off_duration_set (OnOffDuration *duration, gboolean is_variable,
                     CnsRandomVariable *variable, gdouble default_seconds)
{
  if (is_variable)
    g_object_unref (duration->variable);
  if (variable == NULL)
    duration->constant = default_seconds;
  else if (CNS_IS_CONSTANT_RANDOM_VARIABLE (variable))
    duration->constant = cns_constant_random_variable_get_constant (
        CNS_CONSTANT_RANDOM_VARIABLE (variable));
  else
    {
      duration->variable = g_object_ref (variable);
      return TRUE;
    }
  return FALSE;
}

/* @duration as a variable, for reading the attribute: for a constant, a
 * new variable that takes no stream number, so that reading does not
 * change the streams later variables get. */
static CnsRandomVariable *
on_off_duration_dup_variable (const OnOffDuration *duration,
                              gboolean is_variable)
{
  if (is_variable)
    return g_object_ref (duration->variable);
  return cns_constant_random_variable_new_unnumbered (duration->constant);
}

static CnsTime
on_off_duration_draw (const OnOffDuration *duration, gboolean is_variable)
{
  if (is_variable)
    return cns_seconds (cns_random_variable_get_value (duration->variable));
  return cns_seconds (duration->constant);
}

static void
cns_on_off_application_dispose (GObject *object)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (object);

  /* pending events find their generation gone and do nothing */
  self->generation++;
  self->send_pending = FALSE;
  self->on_time_is_variable = on_off_duration_set (
      &self->on_time, self->on_time_is_variable, NULL, DEFAULT_ON_TIME);
  self->off_time_is_variable = on_off_duration_set (
      &self->off_time, self->off_time_is_variable, NULL, DEFAULT_OFF_TIME);
  G_OBJECT_CLASS (cns_on_off_application_parent_class)->dispose (object);
}

static void
cns_on_off_application_class_init (CnsOnOffApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);
  CnsSourceApplicationClass *source_class
      = CNS_SOURCE_APPLICATION_CLASS (klass);

  object_class->dispose = cns_on_off_application_dispose;
  object_class->set_property = cns_on_off_application_set_property;
  object_class->get_property = cns_on_off_application_get_property;
  app_class->start_application = on_off_start_application;
  app_class->stop_application = on_off_stop_application;
  source_class->socket_opened = on_off_socket_opened;
  source_class->connection_succeeded = on_off_connection_succeeded;

  properties[PROP_DATA_RATE] = cns_param_spec_data_rate (
      "data-rate", "Data rate",
      "The rate at which packets are sent while on (\"500kb/s\")", 1,
      G_MAXUINT64, DEFAULT_DATA_RATE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PACKET_SIZE] = g_param_spec_uint (
      "packet-size", "Packet size",
      "The payload of each packet, in bytes; over UDP, 65507 at most (the "
      "socket refuses larger datagrams and fires its TxDrop trace source)",
      1, G_MAXUINT32, DEFAULT_PACKET_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ON_TIME] = g_param_spec_object (
      "on-time", "On time",
      "The random variable that draws how long each on-period lasts, in "
      "seconds (\"Constant(Constant=1)\", \"Exponential(Mean=0.5)\", or a "
      "number for a constant); the constant 1 by default. A constant is "
      "read when set: the source keeps its value, not the variable",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OFF_TIME] = g_param_spec_object (
      "off-time", "Off time",
      "The random variable that draws how long each off-period lasts, in "
      "seconds; the constant 1 by default. A constant is read when set",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_BYTES] = g_param_spec_uint64 (
      "max-bytes", "Maximum bytes",
      "How many bytes to send in all; once sent, the application stops "
      "for good. 0 means no limit",
      0, G_MAXUINT64, DEFAULT_MAX_BYTES,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_source_application_class_install_remote (
      source_class, "The address and port packets are sent to "
                    "(\"10.1.1.2:9\"); must be set");
  cns_source_application_class_install_protocol (source_class,
                                                 CNS_TYPE_UDP_SOCKET_FACTORY);

  cns_application_class_install_trace_source (
      app_class, "Tx", "A packet was made and the socket took it",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (CnsOnOffApplication, tx));
}

static void
cns_on_off_application_init (CnsOnOffApplication *self)
{
  self->data_rate = DEFAULT_DATA_RATE;
  self->packet_size = DEFAULT_PACKET_SIZE;
  self->on_time.constant = DEFAULT_ON_TIME;
  self->off_time.constant = DEFAULT_OFF_TIME;
  self->max_bytes = DEFAULT_MAX_BYTES;
}

static CnsSocket *
on_off_socket (CnsOnOffApplication *self)
{
  return cns_source_application_get_socket (CNS_SOURCE_APPLICATION (self));
}

/* ---- the on and off periods ---- */

static void on_off_start_sending (gpointer obj, gpointer data);
static void on_off_stop_sending (gpointer obj, gpointer data);
static void on_off_send_packet (gpointer obj, gpointer data);

/* Schedules @fn after @delay, in the current generation. */
static void
on_off_schedule (CnsOnOffApplication *self, CnsTime delay, CnsEventFn fn)
{
  cns_simulator_schedule (delay, fn, self, GUINT_TO_POINTER (self->generation));
}

/* Whether an event scheduled in generation @data is still wanted. */
static inline gboolean
on_off_is_current (CnsOnOffApplication *self, gpointer data)
{
  return GPOINTER_TO_UINT (data) == self->generation;
}

/* ns-3's ScheduleStartEvent: switch on after an OffTime. */
static void
on_off_schedule_start_event (CnsOnOffApplication *self)
{
  CnsTime off
      = on_off_duration_draw (&self->off_time, self->off_time_is_variable);

  CNS_LOG_LOGIC ("on in %" G_GINT64_FORMAT " ps", off);
  on_off_schedule (self, off, on_off_start_sending);
}

/* ns-3's ScheduleStopEvent: switch off after an OnTime. */
static void
on_off_schedule_stop_event (CnsOnOffApplication *self)
{
  CnsTime on = on_off_duration_draw (&self->on_time, self->on_time_is_variable);

  CNS_LOG_LOGIC ("off in %" G_GINT64_FORMAT " ps", on);
  on_off_schedule (self, on, on_off_stop_sending);
}

/* ns-3's ScheduleNextTx: the next packet once the bits still owed for it
 * have gone out at DataRate; or, when MaxBytes are sent, the end. */
static void
on_off_schedule_next_tx (CnsOnOffApplication *self)
{
  guint64 bits = (guint64) self->packet_size * 8;

  if (self->max_bytes != 0 && self->total_bytes >= self->max_bytes)
    {
      on_off_stop_application (CNS_APPLICATION (self));
      return;
    }
  /* the residual is below a packet's bits, unless PacketSize shrank */
  bits = self->residual_bits < bits ? bits - self->residual_bits : 0;
  self->send_pending = TRUE;
  on_off_schedule (self, cns_data_rate_bits_tx_time (self->data_rate, bits),
                   on_off_send_packet);
}

/* ns-3's CancelEvents: keeps the bits owed since the last packet, unless
 * DataRate changed meanwhile (they were owed at another rate), and
 * cancels both pending events. */
static void
on_off_cancel_events (CnsOnOffApplication *self)
{
  if (self->send_pending && !self->rate_changed)
    {
      CnsTime since = cns_simulator_now () - self->last_start_time;

      /* exact: picoseconds times bits per second can pass 64 bits */
      self->residual_bits
          += (guint64) ((unsigned __int128) since * self->data_rate
                        / (guint64) CNS_TIME_PS_PER_S);
    }
  self->rate_changed = FALSE;
  self->send_pending = FALSE;
  self->generation++;
}

/* ns-3's StartSending: the switch on. */
static void
on_off_start_sending (gpointer obj, gpointer data)
{
  CnsOnOffApplication *self = obj;

  if (!on_off_is_current (self, data))
    return;
  CNS_LOG_FUNCTION ("on");
  self->last_start_time = cns_simulator_now ();
  on_off_schedule_next_tx (self);
  on_off_schedule_stop_event (self);
}

/* ns-3's StopSending: the switch off. */
static void
on_off_stop_sending (gpointer obj, gpointer data)
{
  CnsOnOffApplication *self = obj;

  if (!on_off_is_current (self, data))
    return;
  CNS_LOG_FUNCTION ("off");
  on_off_cancel_events (self);
  on_off_schedule_start_event (self);
}

static void
on_off_log_sent (CnsOnOffApplication *self)
{
  gchar now[CNS_TIME_STRING_SIZE];
  gchar to[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

  cns_application_format_now (now);
  cns_application_format_inet_endpoint (
      cns_source_application_get_remote (CNS_SOURCE_APPLICATION (self)), to);
  CNS_LOG_INFO ("At time %s on-off application sent %u bytes to %s total Tx "
                "%" G_GUINT64_FORMAT " bytes",
                now, self->packet_size, to, self->total_bytes);
}

/* A packet was refused: the socket's errno says why. */
static void
on_off_send_failed (CnsOnOffApplication *self)
{
  CnsSocketErrno error = cns_socket_get_errno (on_off_socket (self));

  if (error == CNS_SOCKET_ERROR_MSGSIZE && !self->warned_too_big)
    {
      g_warning (
          "OnOffApplication on node %u: its socket refuses packets of %u "
          "bytes (PacketSize) as too big; it sends none",
          cns_node_get_id (cns_application_get_node (CNS_APPLICATION (self))),
          self->packet_size);
      self->warned_too_big = TRUE;
    }
  CNS_LOG_WARN ("could not send a packet of %u bytes: %s", self->packet_size,
                cns_socket_errno_to_string (error));
}

/* ns-3's SendPacket. */
static void
on_off_send_packet (gpointer obj, gpointer data)
{
  CnsOnOffApplication *self = obj;
  /* The socket takes the packet, and the Tx trace needs it after: keep a
   * reference only when someone listens, so that an untraced packet is
   * never shared and the stack writes its headers in place. */
  gboolean traced = cns_trace_source_is_connected (&self->tx);
  CnsPacket *packet;
  gint sent;

  if (!on_off_is_current (self, data))
    return;
  self->send_pending = FALSE;
  packet = cns_packet_new (self->packet_size);
  sent = cns_socket_send (on_off_socket (self),
                          traced ? cns_packet_ref (packet) : packet, 0);
  if (sent >= 0 && (guint32) sent == self->packet_size)
    {
      if (traced)
        CNS_TRACE_SOURCE_FIRE (&self->tx, CnsPacketTraceFn, self, packet);
      self->total_bytes += self->packet_size;
      if (CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO))
        on_off_log_sent (self);
    }
  else
    on_off_send_failed (self);
  if (traced)
    cns_packet_unref (packet);
  self->residual_bits = 0;
  self->last_start_time = cns_simulator_now ();
  on_off_schedule_next_tx (self);
}

/* ---- CnsSourceApplication ---- */

static void
on_off_socket_opened (CnsSourceApplication *source, CnsSocket *socket)
{
  cns_socket_set_allow_broadcast (socket, TRUE);
  cns_socket_shutdown_recv (socket);
}

static void
on_off_connection_succeeded (CnsSourceApplication *source, CnsSocket *socket)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (source);

  self->connected = TRUE;
  on_off_schedule_start_event (self);
}

/* ---- CnsApplication ---- */

/* ns-3's StartApplication. */
static void
on_off_start_application (CnsApplication *app)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (app);
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  if (cns_source_application_get_socket (source) == NULL
      && !cns_source_application_connect (source))
    return;
  self->rate_changed = FALSE;
  /* The connection may have scheduled a switch on already: ns-3 cancels
   * it here and draws the OffTime again. */
  on_off_cancel_events (self);
  if (self->connected)
    on_off_schedule_start_event (self);
}

/* ns-3's StopApplication: also when MaxBytes have been sent. */
static void
on_off_stop_application (CnsApplication *app)
{
  on_off_cancel_events (CNS_ON_OFF_APPLICATION (app));
  cns_source_application_close_socket (CNS_SOURCE_APPLICATION (app));
}

/* ---- public API ---- */

/**
 * cns_on_off_application_new:
 *
 * An on-off source with the attribute defaults; set Remote, then install
 * it on a node with cns_application_install().
 *
 * Returns: (transfer full): the application.
 */
CnsOnOffApplication *
cns_on_off_application_new (void)
{
  return cns_object_new (CNS_TYPE_ON_OFF_APPLICATION, NULL);
}

/**
 * cns_on_off_application_set_remote:
 * @remote: where to send
 *
 * Sets the Remote attribute; it is used when the application starts.
 */
void
cns_on_off_application_set_remote (CnsOnOffApplication *self,
                                   const CnsInetSocketAddress *remote)
{
  CnsAddress address;

  g_return_if_fail (CNS_IS_ON_OFF_APPLICATION (self));
  g_return_if_fail (remote != NULL);
  cns_inet_socket_address_to_address (remote, &address);
  cns_source_application_set_remote (CNS_SOURCE_APPLICATION (self), &address);
}

/**
 * cns_on_off_application_set_max_bytes:
 * @max_bytes: the bytes to send in all; 0 for no limit
 *
 * Sets the MaxBytes attribute; it counts the bytes sent so far too.
 */
void
cns_on_off_application_set_max_bytes (CnsOnOffApplication *self,
                                      guint64 max_bytes)
{
  g_return_if_fail (CNS_IS_ON_OFF_APPLICATION (self));
  self->max_bytes = max_bytes;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_BYTES]);
}

/**
 * cns_on_off_application_get_socket:
 *
 * Returns: (transfer none) (nullable): the socket, once started.
 */
CnsSocket *
cns_on_off_application_get_socket (CnsOnOffApplication *self)
{
  g_return_val_if_fail (CNS_IS_ON_OFF_APPLICATION (self), NULL);
  return on_off_socket (self);
}

/**
 * cns_on_off_application_assign_streams:
 * @stream: the first stream number to use
 *
 * Gives OnTime stream @stream and OffTime stream @stream + 1, as ns-3's
 * AssignStreams does. A constant, kept as its value, draws nothing and
 * needs no stream; it counts all the same, so that the streams handed
 * out after these are those ns-3 would hand out.
 *
 * Returns: the number of streams used: 2.
 */
gint64
cns_on_off_application_assign_streams (CnsOnOffApplication *self, gint64 stream)
{
  g_return_val_if_fail (CNS_IS_ON_OFF_APPLICATION (self), 0);
  g_return_val_if_fail (stream >= 0, 0);
  if (self->on_time_is_variable)
    cns_random_variable_set_stream (self->on_time.variable, stream);
  if (self->off_time_is_variable)
    cns_random_variable_set_stream (self->off_time.variable, stream + 1);
  return 2;
}

static void
cns_on_off_application_set_property (GObject *object, guint prop_id,
                                     const GValue *value, GParamSpec *pspec)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_DATA_RATE:
      if (cns_value_get_data_rate (value) != self->data_rate)
        self->rate_changed = TRUE;
      self->data_rate = cns_value_get_data_rate (value);
      break;
    case PROP_PACKET_SIZE:
      self->packet_size = g_value_get_uint (value);
      break;
    case PROP_ON_TIME:
      self->on_time_is_variable
          = on_off_duration_set (&self->on_time, self->on_time_is_variable,
                                 g_value_get_object (value), DEFAULT_ON_TIME);
      break;
    case PROP_OFF_TIME:
      self->off_time_is_variable
          = on_off_duration_set (&self->off_time, self->off_time_is_variable,
                                 g_value_get_object (value), DEFAULT_OFF_TIME);
      break;
    case PROP_MAX_BYTES:
      self->max_bytes = g_value_get_uint64 (value);
      break;
    default: /* the base's Remote and Protocol */
      G_OBJECT_CLASS (cns_on_off_application_parent_class)
          ->set_property (object, prop_id, value, pspec);
    }
}

static void
cns_on_off_application_get_property (GObject *object, guint prop_id,
                                     GValue *value, GParamSpec *pspec)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_DATA_RATE:
      cns_value_set_data_rate (value, self->data_rate);
      break;
    case PROP_PACKET_SIZE:
      g_value_set_uint (value, self->packet_size);
      break;
    case PROP_ON_TIME:
      g_value_take_object (
          value, on_off_duration_dup_variable (&self->on_time,
                                               self->on_time_is_variable));
      break;
    case PROP_OFF_TIME:
      g_value_take_object (
          value, on_off_duration_dup_variable (&self->off_time,
                                               self->off_time_is_variable));
      break;
    case PROP_MAX_BYTES:
      g_value_set_uint64 (value, self->max_bytes);
      break;
    default: /* the base's Remote and Protocol */
      G_OBJECT_CLASS (cns_on_off_application_parent_class)
          ->get_property (object, prop_id, value, pspec);
    }
}
