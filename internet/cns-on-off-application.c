/* cns — a constant-bit-rate source that switches on and off.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's OnOffApplication, event for event. At start it opens a socket
 * of its Protocol, binds it to an ephemeral port and connects it to
 * Remote. When the connection succeeds (for UDP, within the connect call)
 * it draws an OffTime and switches on after it; as in ns-3, the start of
 * the application then cancels that switch and draws again, so the
 * random streams advance exactly as ns-3's do. Switching on draws an
 * OnTime and schedules the switch off; meanwhile a packet of PacketSize
 * bytes goes out every PacketSize * 8 / DataRate, the first one a whole
 * interval after switching on. Switching off keeps the bits that would
 * have been sent since the last packet (the residual), so that the next
 * on-period's first packet comes that much earlier and the long-run rate
 * is DataRate times the on fraction. Once MaxBytes have been sent the
 * application stops for good and closes its socket.
 *
 * Times: an interval is computed exactly in picoseconds from the bits and
 * the rate (ns-3 rounds through a double to nanoseconds); the residual is
 * the whole bits of (time since the last packet) * rate, rounded down as
 * ns-3's int64x64 arithmetic does.
 *
 * Memory: there may be one source per flow, so the instance is kept small.
 * OnTime and OffTime are often constants (the default is 1 s), which are
 * kept as their values: the default until another variable is set, and a
 * constant variable that only the application holds when it is installed on
 * its node or starts (as one set from text, "Constant(Constant=1)", is),
 * since nobody else can see the difference. Two constants that floats hold
 * exactly (1, 0, 0.5, ...) sit in the instance; other constants, variables
 * and a MaxBytes other than 0 sit in a block of extras, made when one of
 * them is set and freed when none is left. (Installation is the time that
 * saves memory: it comes before the next application is made, which can
 * reuse the variable's block.) Reading the attribute makes a variable
 * again, one that takes no automatic stream, so that reading does not
 * change the streams later variables get. The trace source is in the word
 * that CnsApplication keeps for it; the pending events (the next packet,
 * the next switch) are not kept as event ids (32 bytes each) but named by a
 * generation number: an event carries the generation it was scheduled in
 * and does nothing once the generation has moved on. One number serves
 * both, because ns-3 always cancels the two together. CnsApplication keeps
 * the application alive as long as such events may be pending.
 *
 * A packet the socket refuses (no route, buffer full) is not sent and not
 * counted; the next send makes a new one (ns-3 keeps the refused packet
 * object and offers it again; only its uid differs). The Tx trace fires
 * after the socket took the packet, as in ns-3; the application keeps a
 * reference for it only when the trace is connected, so an untraced
 * packet is never shared and the stack can write its headers in place.
 */
#include "internet/cns-on-off-application.h"

#include "core/cns-constant-random-variable.h"
#include "core/cns-data-rate.h"
#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-application-private.h"
#include "internet/cns-socket-private.h"
#include "network/cns-queue.h" /* CnsPacketTraceFn */

CNS_LOG_COMPONENT_DEFINE ("cns-on-off-application");

#define DEFAULT_DATA_RATE   500000 /* b/s */
#define DEFAULT_PACKET_SIZE 512
/* 2^48 - 1 b/s (281 Tb/s) and 2^24 - 1 bytes (16 MiB) at most */
#define MAX_DATA_RATE_BITS   48
#define MAX_PACKET_SIZE_BITS 24
#define DEFAULT_ON_TIME      1.0 /* s, constant */
#define DEFAULT_OFF_TIME     1.0 /* s, constant */
#define DEFAULT_MAX_BYTES    0

enum
{
  PROP_0,
  PROP_DATA_RATE,
  PROP_PACKET_SIZE,
  PROP_ON_TIME,
  PROP_OFF_TIME,
  PROP_MAX_BYTES,
  PROP_REMOTE,
  PROP_PROTOCOL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

enum
{
  TRACE_TX,
  N_TRACES
};

/* OnTime and OffTime, indices of the application's times[]. */
enum
{
  ON_TIME,
  OFF_TIME
};

/* A random duration in seconds: a variable, or a constant's value. */
typedef union
{
  CnsRandomVariable *variable;
  gdouble constant;
} OnOffTime;

/* The settings that need more room: OnTime and OffTime when either is a
 * variable or a constant that a float does not hold exactly, and a
 * MaxBytes other than 0. */
typedef struct
{
  OnOffTime times[2];    /* OnTime, OffTime */
  guint64 max_bytes;     /* 0: no limit */
  guint8 constant_times; /* bit i: times[i] holds a constant */
} OnOffExtras;

struct _CnsOnOffApplication
{
  CnsApplication parent_instance;

  CnsSocket *socket;
  union
  {
    gfloat constants[2]; /* OnTime, OffTime, while there are no extras */
    OnOffExtras *extras; /* when has_extras */
  } times;
  /* Packed so that the instance, with GObject's and the bases' parts, is
   * 104 bytes, a 112-byte malloc block: the limits of DataRate and
   * PacketSize below leave the port, the protocol and the flags room. */
  guint64 rate : MAX_DATA_RATE_BITS; /* b/s */
  guint64 remote_port : 16;
  guint64 total_bytes;
  CnsTime last_start_time; /* of the on-period, or of the last packet */
  guint32 packet_size : MAX_PACKET_SIZE_BITS;
  guint32 protocol : 8; /* see cns_application_protocol_to_index() */
  /* Below 8 * packet_size: the bits owed are less than a packet's. */
  guint32 residual_bits : MAX_PACKET_SIZE_BITS + 3;
  guint32 has_extras : 1;
  guint32 has_remote : 1;
  guint32 connected : 1;
  guint32 send_pending : 1;
  guint32 rate_changed : 1; /* DataRate changed since the events started */
  guint32 generation;       /* names the pending send and switch */
  CnsIpv4Address remote_address;
};

G_DEFINE_FINAL_TYPE (CnsOnOffApplication, cns_on_off_application,
                     CNS_TYPE_APPLICATION)

static void cns_on_off_application_set_property (GObject *object, guint prop_id,
                                                 const GValue *value,
                                                 GParamSpec *pspec);
static void cns_on_off_application_get_property (GObject *object, guint prop_id,
                                                 GValue *value,
                                                 GParamSpec *pspec);
static void on_off_start (CnsApplication *app);
static void on_off_stop (CnsApplication *app);
static void on_off_installed (CnsApplication *app);
static void on_off_cancel_events (CnsOnOffApplication *self);

/* The Remote attribute. */
static inline CnsInetSocketAddress
on_off_remote (CnsOnOffApplication *self)
{
  return cns_inet_socket_address_init (self->remote_address, self->remote_port);
}

/* Remote as a generic address, for the socket and messages. */
static void
on_off_remote_address (CnsOnOffApplication *self, CnsAddress *out)
{
  CnsInetSocketAddress remote = on_off_remote (self);

  cns_inet_socket_address_to_address (&remote, out);
}

/* Whether a float holds @seconds exactly. */
static inline gboolean
on_off_fits_float (gdouble seconds)
{
  /* the range first: converting a double beyond it is undefined */
  return seconds >= -G_MAXFLOAT && seconds <= G_MAXFLOAT
         && (gdouble) (gfloat) seconds == seconds;
}

/* The extras, made from the inline constants if need be. */
static OnOffExtras *
on_off_extras (CnsOnOffApplication *self)
{
  OnOffExtras *extras;

  if (self->has_extras)
    return self->times.extras;
  extras = g_new0 (OnOffExtras, 1);
  extras->times[ON_TIME].constant = self->times.constants[ON_TIME];
  extras->times[OFF_TIME].constant = self->times.constants[OFF_TIME];
  extras->constant_times = 1u << ON_TIME | 1u << OFF_TIME;
  self->times.extras = extras;
  self->has_extras = TRUE;
  return extras;
}

/* Goes back to the inline constants when the extras hold nothing that
 * needs them. */
static void
on_off_shrink_extras (CnsOnOffApplication *self)
{
  OnOffExtras *extras = self->times.extras;

  if (!self->has_extras || extras->max_bytes != 0
      || extras->constant_times != (1u << ON_TIME | 1u << OFF_TIME)
      || !on_off_fits_float (extras->times[ON_TIME].constant)
      || !on_off_fits_float (extras->times[OFF_TIME].constant))
    return;
  self->times.constants[ON_TIME] = (gfloat) extras->times[ON_TIME].constant;
  self->times.constants[OFF_TIME] = (gfloat) extras->times[OFF_TIME].constant;
  self->has_extras = FALSE;
  g_free (extras);
}

/* Whether times[@which] holds a constant's value. */
static inline gboolean
on_off_time_is_constant (CnsOnOffApplication *self, guint which)
{
  return !self->has_extras
         || (self->times.extras->constant_times & (1u << which)) != 0;
}

/* Makes times[@which] the constant @seconds, dropping a variable. */
static void
on_off_set_constant_time (CnsOnOffApplication *self, guint which,
                          gdouble seconds)
{
  OnOffExtras *extras;

  if (!self->has_extras && on_off_fits_float (seconds))
    {
      self->times.constants[which] = (gfloat) seconds;
      return;
    }
  extras = on_off_extras (self);
  if (!(extras->constant_times & (1u << which)))
    g_object_unref (extras->times[which].variable);
  extras->times[which].constant = seconds;
  extras->constant_times |= 1u << which;
  on_off_shrink_extras (self);
}

/* Drops times[@which], leaving the default. */
static void
on_off_clear_time (CnsOnOffApplication *self, guint which)
{
  on_off_set_constant_time (
      self, which, which == ON_TIME ? DEFAULT_ON_TIME : DEFAULT_OFF_TIME);
}

/* The MaxBytes attribute. */
static guint64
on_off_get_max_bytes (CnsOnOffApplication *self)
{
  return self->has_extras ? self->times.extras->max_bytes : 0;
}

static void
on_off_set_max_bytes (CnsOnOffApplication *self, guint64 max_bytes)
{
  if (max_bytes == 0 && !self->has_extras)
    return;
  on_off_extras (self)->max_bytes = max_bytes;
  on_off_shrink_extras (self);
}

static void
cns_on_off_application_dispose (GObject *object)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (object);

  /* Pending events find their generation gone and do nothing. */
  self->generation++;
  self->send_pending = FALSE;
  if (self->socket != NULL)
    {
      cns_socket_set_connect_callback (self->socket, NULL, NULL, NULL);
      g_clear_object (&self->socket);
    }
  on_off_clear_time (self, ON_TIME);
  on_off_clear_time (self, OFF_TIME);
  on_off_set_max_bytes (self, DEFAULT_MAX_BYTES);
  G_OBJECT_CLASS (cns_on_off_application_parent_class)->dispose (object);
}

static void
cns_on_off_application_class_init (CnsOnOffApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);

  object_class->dispose = cns_on_off_application_dispose;
  object_class->set_property = cns_on_off_application_set_property;
  object_class->get_property = cns_on_off_application_get_property;
  app_class->start_application = on_off_start;
  app_class->stop_application = on_off_stop;
  app_class->installed = on_off_installed;

  properties[PROP_DATA_RATE] = cns_param_spec_data_rate (
      "data-rate", "Data rate",
      "The rate at which packets are sent while on (\"500kb/s\"); "
      "281 Tb/s at most",
      1, (G_GUINT64_CONSTANT (1) << MAX_DATA_RATE_BITS) - 1, DEFAULT_DATA_RATE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PACKET_SIZE] = g_param_spec_uint (
      "packet-size", "Packet size",
      "The payload of each packet, in bytes; 16777215 (16 MiB) at most", 1,
      (1u << MAX_PACKET_SIZE_BITS) - 1, DEFAULT_PACKET_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ON_TIME] = g_param_spec_object (
      "on-time", "On time",
      "The random variable that draws how long each on-period lasts, in "
      "seconds (\"Constant(Constant=1)\", \"Exponential(Mean=0.5)\", or a "
      "number for a constant); the constant 1 by default",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OFF_TIME] = g_param_spec_object (
      "off-time", "Off time",
      "The random variable that draws how long each off-period lasts, in "
      "seconds; the constant 1 by default",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_BYTES] = g_param_spec_uint64 (
      "max-bytes", "Maximum bytes",
      "How many bytes to send in all; once sent, the application stops "
      "for good. 0 means no limit",
      0, G_MAXUINT64, DEFAULT_MAX_BYTES,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REMOTE] = g_param_spec_boxed (
      "remote", "Remote",
      "The address and port packets are sent to (\"10.1.1.2:9\"); must be "
      "set",
      CNS_TYPE_INET_SOCKET_ADDRESS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROTOCOL] = cns_application_param_spec_protocol ();
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_application_class_install_trace_source (
      klass, "Tx", "A packet was made and the socket took it",
      "CnsPacketTraceFn", TRACE_TX, N_TRACES);
}

static void
cns_on_off_application_init (CnsOnOffApplication *self)
{
  self->times.constants[ON_TIME] = DEFAULT_ON_TIME;
  self->times.constants[OFF_TIME] = DEFAULT_OFF_TIME;
  self->rate = DEFAULT_DATA_RATE;
  self->packet_size = DEFAULT_PACKET_SIZE;
}

/* A duration drawn from times[@which]. */
static CnsTime
on_off_draw (CnsOnOffApplication *self, guint which)
{
  OnOffExtras *extras = self->times.extras;

  if (!self->has_extras)
    return cns_seconds (self->times.constants[which]);
  return cns_seconds (
      (extras->constant_times & (1u << which))
          ? extras->times[which].constant
          : cns_random_variable_get_value (extras->times[which].variable));
}

/* Keeps times[@which] as its value when it is a constant variable that
 * only the application holds: then no one can tell. */
static void
on_off_compact_time (CnsOnOffApplication *self, guint which)
{
  CnsRandomVariable *variable;

  if (on_off_time_is_constant (self, which))
    return;
  variable = self->times.extras->times[which].variable;
  if (!CNS_IS_CONSTANT_RANDOM_VARIABLE (variable)
      || g_atomic_int_get (&G_OBJECT (variable)->ref_count) != 1
      || cns_random_variable_get_stream (variable) != -1
      || cns_random_variable_get_antithetic (variable))
    return;
  /* drops the variable */
  on_off_set_constant_time (self, which,
                            cns_constant_random_variable_get_constant (
                                CNS_CONSTANT_RANDOM_VARIABLE (variable)));
}

/* times[@which] as a variable, made from the constant if need be. */
static CnsRandomVariable *
on_off_time_variable (CnsOnOffApplication *self, guint which)
{
  OnOffExtras *extras = on_off_extras (self);

  if (extras->constant_times & (1u << which))
    {
      extras->times[which].variable
          = cns_constant_random_variable_new_unnumbered (
              extras->times[which].constant);
      extras->constant_times &= ~(1u << which);
    }
  return extras->times[which].variable;
}

/* Sets times[@which] to @variable; %NULL for the default. */
static void
on_off_set_time (CnsOnOffApplication *self, guint which,
                 CnsRandomVariable *variable)
{
  OnOffExtras *extras;

  if (variable == NULL)
    {
      on_off_clear_time (self, which);
      return;
    }
  g_object_ref (variable);
  extras = on_off_extras (self);
  if (!(extras->constant_times & (1u << which)))
    g_object_unref (extras->times[which].variable);
  extras->times[which].variable = variable;
  extras->constant_times &= ~(1u << which);
}

static void on_off_start_sending (gpointer obj, gpointer data);
static void on_off_stop_sending (gpointer obj, gpointer data);
static void on_off_send_packet (gpointer obj, gpointer data);

/* ns-3's ScheduleStartEvent: switch on after an OffTime. */
static void
on_off_schedule_start_event (CnsOnOffApplication *self)
{
  CnsTime off = on_off_draw (self, OFF_TIME);

  CNS_LOG_LOGIC ("start at %" G_GINT64_FORMAT " ps from now", off);
  cns_simulator_schedule (off, on_off_start_sending, self,
                          GUINT_TO_POINTER (self->generation));
}

/* ns-3's ScheduleStopEvent: switch off after an OnTime. */
static void
on_off_schedule_stop_event (CnsOnOffApplication *self)
{
  CnsTime on = on_off_draw (self, ON_TIME);

  CNS_LOG_LOGIC ("stop at %" G_GINT64_FORMAT " ps from now", on);
  cns_simulator_schedule (on, on_off_stop_sending, self,
                          GUINT_TO_POINTER (self->generation));
}

/* ns-3's ScheduleNextTx: the next packet when the bits still owed for it
 * have gone out at DataRate, or the end when MaxBytes are sent. */
static void
on_off_schedule_next_tx (CnsOnOffApplication *self)
{
  guint32 bits;

  if (G_UNLIKELY (self->has_extras) && self->times.extras->max_bytes != 0
      && self->total_bytes >= self->times.extras->max_bytes)
    {
      CNS_APPLICATION_GET_CLASS (self)->stop_application (
          CNS_APPLICATION (self));
      return;
    }
  bits = self->packet_size * 8;
  bits = self->residual_bits < bits ? bits - self->residual_bits : 0;
  self->send_pending = TRUE;
  cns_simulator_schedule (cns_data_rate_bits_tx_time (self->rate, bits),
                          on_off_send_packet, self,
                          GUINT_TO_POINTER (self->generation));
}

/* ns-3's CancelEvents: keeps the bits owed since the last packet, unless
 * the rate changed meanwhile, and cancels both pending events. */
static void
on_off_cancel_events (CnsOnOffApplication *self)
{
  if (self->send_pending && !self->rate_changed)
    {
      CnsTime delta = cns_simulator_now () - self->last_start_time;

      self->residual_bits
          += (guint32) ((unsigned __int128) delta * (guint64) self->rate
                        / (guint64) CNS_TIME_PS_PER_S);
    }
  self->rate_changed = FALSE;
  self->send_pending = FALSE;
  self->generation++;
}

static void
on_off_start_sending (gpointer obj, gpointer data)
{
  CnsOnOffApplication *self = obj;

  if (GPOINTER_TO_UINT (data) != self->generation)
    return;
  CNS_LOG_FUNCTION ("on");
  self->last_start_time = cns_simulator_now ();
  on_off_schedule_next_tx (self);
  on_off_schedule_stop_event (self);
}

static void
on_off_stop_sending (gpointer obj, gpointer data)
{
  CnsOnOffApplication *self = obj;

  if (GPOINTER_TO_UINT (data) != self->generation)
    return;
  CNS_LOG_FUNCTION ("off");
  on_off_cancel_events (self);
  on_off_schedule_start_event (self);
}

static void
on_off_send_packet (gpointer obj, gpointer data)
{
  CnsOnOffApplication *self = obj;
  CnsPacket *packet;
  gboolean traced;
  gint sent;

  if (GPOINTER_TO_UINT (data) != self->generation)
    return;
  self->send_pending = FALSE;
  packet = cns_packet_new (self->packet_size);
  traced = cns_application_trace_is_connected (cns_application_trace (self));
  /* per packet: the socket is the one the application made */
  sent = cns_socket_send_unchecked (
      self->socket, traced ? cns_packet_ref (packet) : packet, 0);
  if (sent >= 0 && (guint32) sent == self->packet_size)
    {
      if (traced)
        CNS_TRACE_SOURCE_FIRE (cns_application_trace (self), CnsPacketTraceFn,
                               self, packet);
      self->total_bytes += self->packet_size;
      if (CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO))
        {
          gchar now[CNS_TIME_STRING_SIZE];
          gchar to[CNS_APPLICATION_ENDPOINT_STRING_SIZE];
          CnsAddress remote;

          cns_application_format_now (now);
          on_off_remote_address (self, &remote);
          cns_application_format_endpoint (&remote, to);
          CNS_LOG_INFO ("At time %s on-off application sent %u bytes to %s "
                        "total Tx %" G_GUINT64_FORMAT " bytes",
                        now, self->packet_size, to, self->total_bytes);
        }
    }
  else
    CNS_LOG_DEBUG (
        "unable to send a packet of %u bytes: %s", self->packet_size,
        cns_socket_errno_to_string (cns_socket_get_errno (self->socket)));
  if (traced)
    cns_packet_unref (packet);
  self->residual_bits = 0;
  self->last_start_time = cns_simulator_now ();
  on_off_schedule_next_tx (self);
}

/* A socket connects once: the application then lets go of its connect
 * callbacks, so that the socket frees the block that holds them. */
static void
on_off_connection_succeeded (CnsSocket *socket, gpointer user_data)
{
  CnsOnOffApplication *self = user_data;

  cns_socket_set_connect_callback (socket, NULL, NULL, NULL);
  on_off_schedule_start_event (self);
  self->connected = TRUE;
}

static void
on_off_connection_failed (CnsSocket *socket, gpointer user_data)
{
  CnsOnOffApplication *self = user_data;
  gchar to[CNS_APPLICATION_ENDPOINT_STRING_SIZE];
  CnsAddress remote;

  cns_socket_set_connect_callback (socket, NULL, NULL, NULL);
  on_off_remote_address (self, &remote);
  cns_application_format_endpoint (&remote, to);
  g_warning (
      "OnOffApplication on node %u cannot connect to %s: %s",
      cns_node_get_id (cns_application_get_node (CNS_APPLICATION (self))), to,
      cns_socket_errno_to_string (cns_socket_get_errno (socket)));
}

/* Makes, binds and connects the socket; FALSE after a critical. */
static gboolean
on_off_open_socket (CnsOnOffApplication *self)
{
  CnsNode *node = cns_application_get_node (CNS_APPLICATION (self));
  g_autoptr (GError) error = NULL;
  CnsAddress remote;
  GType protocol;

  if (!self->has_remote)
    {
      g_critical ("OnOffApplication on node %u: its Remote attribute is "
                  "not set; it sends nothing",
                  cns_node_get_id (node));
      return FALSE;
    }
  protocol = cns_application_protocol_resolve (CNS_APPLICATION (self),
                                               self->protocol);
  if (protocol == G_TYPE_INVALID)
    return FALSE;
  self->socket = cns_socket_create (node, protocol);
  if (self->socket == NULL)
    return FALSE;
  if (!cns_socket_bind (self->socket, NULL, &error))
    {
      g_critical ("OnOffApplication on node %u cannot bind its socket: %s",
                  cns_node_get_id (node), error->message);
      g_clear_object (&self->socket);
      return FALSE;
    }
  cns_socket_set_connect_callback (self->socket, on_off_connection_succeeded,
                                   on_off_connection_failed, self);
  on_off_remote_address (self, &remote);
  if (!cns_socket_connect (self->socket, &remote, &error))
    {
      g_critical ("OnOffApplication on node %u cannot connect its socket: %s",
                  cns_node_get_id (node), error->message);
      return FALSE;
    }
  cns_socket_set_allow_broadcast (self->socket, TRUE);
  cns_socket_shutdown_recv (self->socket);
  return TRUE;
}

/* Keeps constant times as values, once configured; again at start, for
 * times set after the installation. */
static void
on_off_installed (CnsApplication *app)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (app);

  on_off_compact_time (self, ON_TIME);
  on_off_compact_time (self, OFF_TIME);
}

/* ns-3's StartApplication. */
static void
on_off_start (CnsApplication *app)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (app);

  on_off_compact_time (self, ON_TIME);
  on_off_compact_time (self, OFF_TIME);
  if (self->socket == NULL && !on_off_open_socket (self))
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
on_off_stop (CnsApplication *app)
{
  CnsOnOffApplication *self = CNS_ON_OFF_APPLICATION (app);

  on_off_cancel_events (self);
  if (self->socket != NULL)
    cns_socket_close (self->socket);
  else
    CNS_LOG_WARN ("no socket to close");
}

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
  g_return_if_fail (CNS_IS_ON_OFF_APPLICATION (self));
  g_return_if_fail (remote != NULL);
  self->remote_address = remote->address;
  self->remote_port = remote->port;
  self->has_remote = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMOTE]);
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
  on_off_set_max_bytes (self, max_bytes);
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
  return self->socket;
}

/**
 * cns_on_off_application_assign_streams:
 * @stream: the first stream number to use
 *
 * Gives OnTime stream @stream and OffTime stream @stream + 1, as ns-3's
 * AssignStreams does.
 *
 * Returns: the number of streams used: 2.
 */
gint64
cns_on_off_application_assign_streams (CnsOnOffApplication *self, gint64 stream)
{
  g_return_val_if_fail (CNS_IS_ON_OFF_APPLICATION (self), 0);
  g_return_val_if_fail (stream >= 0, 0);
  cns_random_variable_set_stream (on_off_time_variable (self, ON_TIME), stream);
  cns_random_variable_set_stream (on_off_time_variable (self, OFF_TIME),
                                  stream + 1);
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
      {
        CnsDataRate rate = cns_value_get_data_rate (value);

        if (rate != self->rate)
          self->rate_changed = TRUE;
        self->rate = rate;
        break;
      }
    case PROP_PACKET_SIZE:
      self->packet_size = g_value_get_uint (value);
      break;
    case PROP_ON_TIME:
      on_off_set_time (self, ON_TIME, g_value_get_object (value));
      break;
    case PROP_OFF_TIME:
      on_off_set_time (self, OFF_TIME, g_value_get_object (value));
      break;
    case PROP_MAX_BYTES:
      on_off_set_max_bytes (self, g_value_get_uint64 (value));
      break;
    case PROP_REMOTE:
      {
        const CnsInetSocketAddress *remote = g_value_get_boxed (value);

        self->has_remote = remote != NULL;
        if (remote != NULL)
          {
            self->remote_address = remote->address;
            self->remote_port = remote->port;
          }
        break;
      }
    case PROP_PROTOCOL:
      self->protocol
          = cns_application_protocol_to_index (g_value_get_gtype (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
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
      cns_value_set_data_rate (value, self->rate);
      break;
    case PROP_PACKET_SIZE:
      g_value_set_uint (value, self->packet_size);
      break;
    case PROP_ON_TIME:
      g_value_set_object (value, on_off_time_variable (self, ON_TIME));
      break;
    case PROP_OFF_TIME:
      g_value_set_object (value, on_off_time_variable (self, OFF_TIME));
      break;
    case PROP_MAX_BYTES:
      g_value_set_uint64 (value, on_off_get_max_bytes (self));
      break;
    case PROP_REMOTE:
      {
        CnsInetSocketAddress remote = on_off_remote (self);

        g_value_set_boxed (value, self->has_remote ? &remote : NULL);
      }
      break;
    case PROP_PROTOCOL:
      g_value_set_gtype (value,
                         cns_application_protocol_from_index (self->protocol));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
