/* cns — a source that sends as fast as its connection takes the bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's BulkSendApplication: it keeps the send buffer of a
 * connection-oriented socket (TCP by default) full, so the transfer runs
 * at whatever rate the protocol achieves, until MaxBytes have been handed
 * over or the application stops.
 *
 * StartApplication has the base (CnsSourceApplication) open a socket of
 * the Protocol attribute's factory, bound to Local (or to any address and
 * an ephemeral port), its receiving shut down, and connected to Remote. Once
 * the connection is up the source hands the socket packets of SendSize bytes
 * (the last one fewer, to end exactly at MaxBytes) for as long as each fits in
 * the room the socket reports (cns_socket_get_tx_available()): a packet is
 * never split or refused for want of room. When acknowledgements free room the
 * socket's send callback fires and, as in ns-3, the source fills the
 * buffer again in an event of its own at the same time, so that it does
 * not call back into the protocol from inside the protocol's
 * acknowledgement processing. Only one such event is pending at a time,
 * however many acknowledgements arrive together.
 *
 * Once MaxBytes have all been handed over the source closes its socket:
 * TCP sends its FIN after the data still buffered. StopApplication closes
 * the socket too, when it is still open, with the same effect: what the
 * socket already took is delivered, nothing more is handed over.
 *
 * A datagram socket takes any number of packets without its room
 * shrinking, so this loop would never end: a socket whose room does not
 * shrink when it takes a packet is reported with a critical (ns-3 stops
 * with a fatal error on a socket that is not a stream) and closed. A
 * SendSize larger than the socket's whole send buffer could never go: the
 * first attempt, when the buffer is still empty, gives a warning.
 *
 * The Tx trace fires once the socket has taken a packet, as OnOff's does.
 * Like OnOff, the pending event is not kept as an event id: it carries
 * the generation it was scheduled in, and stopping or disposing moves the
 * generation on, so a stale event does nothing when it runs.
 */
#include "applications/cns-bulk-send-application.h"

#include "applications/cns-application-endpoint.h"
#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-tcp-socket-factory.h"
#include "network/cns-queue.h" /* CnsPacketTraceFn */

CNS_LOG_COMPONENT_DEFINE ("cns-bulk-send-application");

#define DEFAULT_SEND_SIZE 512
#define DEFAULT_MAX_BYTES 0

enum
{
  PROP_0,
  PROP_SEND_SIZE,
  PROP_MAX_BYTES,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsBulkSendApplication
{
  CnsSourceApplication parent_instance;

  /* attributes (Remote, Local and Protocol are the base's) */
  guint64 max_bytes; /* 0: no limit */
  guint32 send_size;

  /* state */
  guint64 total_bytes;    /* handed to the socket */
  guint32 generation;     /* names the pending send event */
  guint connected : 1;    /* and not closed since */
  guint send_pending : 1; /* a send event is scheduled */
  guint warned_too_big : 1;

  CnsTraceSource tx;
};

G_DEFINE_FINAL_TYPE (CnsBulkSendApplication, cns_bulk_send_application,
                     CNS_TYPE_SOURCE_APPLICATION)

static void cns_bulk_send_application_set_property (GObject *object,
                                                    guint prop_id,
                                                    const GValue *value,
                                                    GParamSpec *pspec);
static void cns_bulk_send_application_get_property (GObject *object,
                                                    guint prop_id,
                                                    GValue *value,
                                                    GParamSpec *pspec);
static void bulk_send_start_application (CnsApplication *app);
static void bulk_send_stop_application (CnsApplication *app);
static void bulk_send_socket_opened (CnsSourceApplication *source,
                                     CnsSocket *socket);
static void bulk_send_connection_succeeded (CnsSourceApplication *source,
                                            CnsSocket *socket);

static void
cns_bulk_send_application_dispose (GObject *object)
{
  CnsBulkSendApplication *self = CNS_BULK_SEND_APPLICATION (object);

  /* a pending send finds its generation gone and does nothing */
  self->generation++;
  self->send_pending = FALSE;
  self->connected = FALSE;
  G_OBJECT_CLASS (cns_bulk_send_application_parent_class)->dispose (object);
}

static void
cns_bulk_send_application_class_init (CnsBulkSendApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);
  CnsSourceApplicationClass *source_class
      = CNS_SOURCE_APPLICATION_CLASS (klass);

  object_class->dispose = cns_bulk_send_application_dispose;
  object_class->set_property = cns_bulk_send_application_set_property;
  object_class->get_property = cns_bulk_send_application_get_property;
  app_class->start_application = bulk_send_start_application;
  app_class->stop_application = bulk_send_stop_application;
  source_class->socket_opened = bulk_send_socket_opened;
  source_class->connection_succeeded = bulk_send_connection_succeeded;

  properties[PROP_SEND_SIZE] = g_param_spec_uint (
      "send-size", "Send size",
      "How many bytes to hand the socket in each send call (the last one "
      "fewer, to end at MaxBytes); a send waits until the socket's buffer "
      "has room for all of them, so this must not exceed the socket's send "
      "buffer (TCP's SndBufSize)",
      1, G_MAXINT32, DEFAULT_SEND_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_BYTES] = g_param_spec_uint64 (
      "max-bytes", "Maximum bytes",
      "How many bytes to send in all; once the socket has taken them the "
      "application closes it (TCP then sends its FIN after the data). 0 "
      "means no limit: the send buffer is kept full until the application "
      "stops",
      0, G_MAXUINT64, DEFAULT_MAX_BYTES,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_source_application_class_install_remote (
      source_class,
      "The address and port to connect to (\"10.1.1.2:9\"); must be set");
  cns_source_application_class_install_local (
      source_class,
      "The address and port to bind the socket to (\"10.1.1.1:5000\"); "
      "unset, any address of the node and an ephemeral port",
      NULL);
  cns_source_application_class_install_protocol (source_class,
                                                 CNS_TYPE_TCP_SOCKET_FACTORY);

  cns_application_class_install_trace_source (
      app_class, "Tx", "A packet was made and the socket took it",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (CnsBulkSendApplication, tx));
}

static void
cns_bulk_send_application_init (CnsBulkSendApplication *self)
{
  self->send_size = DEFAULT_SEND_SIZE;
  self->max_bytes = DEFAULT_MAX_BYTES;
}

/* ---- sending ---- */

static guint
bulk_send_node_id (CnsBulkSendApplication *self)
{
  return cns_node_get_id (cns_application_get_node (CNS_APPLICATION (self)));
}

static CnsSocket *
bulk_send_socket (CnsBulkSendApplication *self)
{
  return cns_source_application_get_socket (CNS_SOURCE_APPLICATION (self));
}

/* Closes the socket, once: no more data goes to it. */
static void
bulk_send_close (CnsBulkSendApplication *self)
{
  self->generation++;
  self->send_pending = FALSE;
  self->connected = FALSE;
  cns_source_application_close_socket (CNS_SOURCE_APPLICATION (self));
}

static void
bulk_send_log_sent (CnsBulkSendApplication *self, guint32 size)
{
  gchar now[CNS_TIME_STRING_SIZE];
  gchar to[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

  cns_application_format_now (now);
  cns_application_format_inet_endpoint (
      cns_source_application_get_remote (CNS_SOURCE_APPLICATION (self)), to);
  CNS_LOG_INFO ("At time %s bulk-send application sent %u bytes to %s total "
                "Tx %" G_GUINT64_FORMAT " bytes",
                now, size, to, self->total_bytes);
}

/* The first packet did not fit in an empty buffer: none ever will. */
static void
bulk_send_warn_too_big (CnsBulkSendApplication *self, guint32 size,
                        guint32 available)
{
  if (self->warned_too_big)
    return;
  self->warned_too_big = TRUE;
  g_warning ("BulkSendApplication on node %u: its socket takes at most %u "
             "bytes at once, fewer than a packet of %u bytes (SendSize); it "
             "sends nothing",
             bulk_send_node_id (self), available, size);
}

/* The socket took a packet and has as much room as before: it does not
 * buffer, so it is no stream and the loop would never end. */
static void
bulk_send_not_a_stream (CnsBulkSendApplication *self)
{
  g_critical ("BulkSendApplication on node %u: its socket (%s) keeps no send "
              "buffer, so it cannot be kept full; BulkSend needs a "
              "connection-oriented socket such as TCP's",
              bulk_send_node_id (self),
              G_OBJECT_TYPE_NAME (bulk_send_socket (self)));
  bulk_send_close (self);
}

/* ns-3's SendData: hands the socket packets for as long as they fit and
 * bytes remain, then closes the socket once all of MaxBytes went. */
static void
bulk_send_data (CnsBulkSendApplication *self)
{
  /* The socket takes the packet, and the Tx trace needs it after: keep a
   * reference only when someone listens, as OnOff does. */
  gboolean traced = cns_trace_source_is_connected (&self->tx);
  CnsSocket *socket = bulk_send_socket (self);
  guint32 available = cns_socket_get_tx_available (socket);

  while (self->max_bytes == 0 || self->total_bytes < self->max_bytes)
    {
      guint32 size = self->send_size;
      guint32 left;
      CnsPacket *packet;
      gint sent;

      if (self->max_bytes != 0 && self->max_bytes - self->total_bytes < size)
        size = (guint32) (self->max_bytes - self->total_bytes);
      if (size > available)
        {
          if (self->total_bytes == 0)
            bulk_send_warn_too_big (self, size, available);
          CNS_LOG_LOGIC ("%u bytes do not fit in %u: waiting", size, available);
          return; /* the send callback says when room is made */
        }
      packet = cns_packet_new (size);
      sent = cns_socket_send (socket, traced ? cns_packet_ref (packet) : packet,
                              0);
      if (sent < 0 || (guint32) sent != size)
        {
          CNS_LOG_WARN (
              "could not send %u bytes: %s", size,
              cns_socket_errno_to_string (cns_socket_get_errno (socket)));
          if (traced)
            cns_packet_unref (packet);
          return;
        }
      self->total_bytes += size;
      if (traced)
        {
          CNS_TRACE_SOURCE_FIRE (&self->tx, CnsPacketTraceFn, self, packet);
          cns_packet_unref (packet);
        }
      if (CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO))
        bulk_send_log_sent (self, size);
      left = cns_socket_get_tx_available (socket);
      if (left >= available)
        {
          bulk_send_not_a_stream (self);
          return;
        }
      available = left;
    }
  CNS_LOG_LOGIC ("all %" G_GUINT64_FORMAT " bytes sent: closing",
                 self->max_bytes);
  bulk_send_close (self);
}

/* The send event: runs in the generation it was scheduled in only. */
static void
bulk_send_event (gpointer obj, gpointer data)
{
  CnsBulkSendApplication *self = obj;

  if (GPOINTER_TO_UINT (data) != self->generation)
    return;
  self->send_pending = FALSE;
  if (self->connected)
    bulk_send_data (self);
}

/* ns-3's DataSend: room was made in the send buffer. Sending goes on in
 * an event at the same time, outside the protocol's processing. */
static void
bulk_send_room_made (CnsSocket *socket, guint32 available, gpointer user_data)
{
  CnsBulkSendApplication *self = user_data;

  if (!self->connected || self->send_pending)
    return;
  self->send_pending = TRUE;
  cns_simulator_schedule_now (bulk_send_event, self,
                              GUINT_TO_POINTER (self->generation));
}

/* ---- CnsSourceApplication ---- */

static void
bulk_send_socket_opened (CnsSourceApplication *source, CnsSocket *socket)
{
  cns_socket_shutdown_recv (socket);
  cns_socket_set_send_callback (socket, bulk_send_room_made, source);
}

static void
bulk_send_connection_succeeded (CnsSourceApplication *source, CnsSocket *socket)
{
  CnsBulkSendApplication *self = CNS_BULK_SEND_APPLICATION (source);

  self->connected = TRUE;
  bulk_send_data (self);
}

/* ---- CnsApplication ---- */

/* ns-3's StartApplication. */
static void
bulk_send_start_application (CnsApplication *app)
{
  CnsBulkSendApplication *self = CNS_BULK_SEND_APPLICATION (app);
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  if (cns_source_application_get_socket (source) == NULL)
    cns_source_application_connect (source);
  else if (self->connected)
    bulk_send_data (self);
}

/* ns-3's StopApplication. */
static void
bulk_send_stop_application (CnsApplication *app)
{
  bulk_send_close (CNS_BULK_SEND_APPLICATION (app));
}

/* ---- public API ---- */

/**
 * cns_bulk_send_application_new:
 *
 * A bulk sender with the attribute defaults (TCP, 512-byte sends, no
 * limit); set Remote, then install it on a node with
 * cns_application_install().
 *
 * Returns: (transfer full): the application.
 */
CnsBulkSendApplication *
cns_bulk_send_application_new (void)
{
  return cns_object_new (CNS_TYPE_BULK_SEND_APPLICATION, NULL);
}

/**
 * cns_bulk_send_application_set_remote:
 * @remote: where to connect
 *
 * Sets the Remote attribute; it is used when the application starts.
 */
void
cns_bulk_send_application_set_remote (CnsBulkSendApplication *self,
                                      const CnsInetSocketAddress *remote)
{
  CnsAddress address;

  g_return_if_fail (CNS_IS_BULK_SEND_APPLICATION (self));
  g_return_if_fail (remote != NULL);
  cns_inet_socket_address_to_address (remote, &address);
  cns_source_application_set_remote (CNS_SOURCE_APPLICATION (self), &address);
}

/**
 * cns_bulk_send_application_set_max_bytes:
 * @max_bytes: the bytes to send in all; 0 for no limit
 *
 * Sets the MaxBytes attribute; it counts the bytes sent so far too.
 */
void
cns_bulk_send_application_set_max_bytes (CnsBulkSendApplication *self,
                                         guint64 max_bytes)
{
  g_return_if_fail (CNS_IS_BULK_SEND_APPLICATION (self));
  self->max_bytes = max_bytes;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_BYTES]);
}

/**
 * cns_bulk_send_application_get_total_bytes:
 *
 * Returns: the bytes handed to the socket so far (not necessarily
 *   delivered yet).
 */
guint64
cns_bulk_send_application_get_total_bytes (CnsBulkSendApplication *self)
{
  g_return_val_if_fail (CNS_IS_BULK_SEND_APPLICATION (self), 0);
  return self->total_bytes;
}

/**
 * cns_bulk_send_application_get_socket:
 *
 * Returns: (transfer none) (nullable): the socket, once started.
 */
CnsSocket *
cns_bulk_send_application_get_socket (CnsBulkSendApplication *self)
{
  g_return_val_if_fail (CNS_IS_BULK_SEND_APPLICATION (self), NULL);
  return bulk_send_socket (self);
}

static void
cns_bulk_send_application_set_property (GObject *object, guint prop_id,
                                        const GValue *value, GParamSpec *pspec)
{
  CnsBulkSendApplication *self = CNS_BULK_SEND_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_SEND_SIZE:
      self->send_size = g_value_get_uint (value);
      break;
    case PROP_MAX_BYTES:
      self->max_bytes = g_value_get_uint64 (value);
      break;
    default: /* the base's Remote, Local and Protocol */
      G_OBJECT_CLASS (cns_bulk_send_application_parent_class)
          ->set_property (object, prop_id, value, pspec);
    }
}

static void
cns_bulk_send_application_get_property (GObject *object, guint prop_id,
                                        GValue *value, GParamSpec *pspec)
{
  CnsBulkSendApplication *self = CNS_BULK_SEND_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_SEND_SIZE:
      g_value_set_uint (value, self->send_size);
      break;
    case PROP_MAX_BYTES:
      g_value_set_uint64 (value, self->max_bytes);
      break;
    default: /* the base's Remote, Local and Protocol */
      G_OBJECT_CLASS (cns_bulk_send_application_parent_class)
          ->get_property (object, prop_id, value, pspec);
    }
}
