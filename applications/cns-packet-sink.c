/* cns — a receiver that counts what arrives.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's PacketSink: at start it has the base (CnsSourceApplication) open
 * a socket of its Protocol, bound to Local and listening, its sending shut
 * down; it reads every packet that arrives, on that socket or on
 * connections it accepted (TCP), counts the bytes and packets and fires
 * Rx with the sender's address. At stop it closes the
 * accepted connections and the socket. A zero-length read is a stream's
 * end and ends the reading.
 *
 * The instance is small (one sink per flow in large scenarios): the
 * connections a sink accepted are kept as object data of its listening
 * socket, so that a UDP sink, which never accepts any, does not pay for
 * the list.
 */
#include "applications/cns-packet-sink.h"

#include "applications/cns-application-endpoint.h"
#include "core/cns-log.h"
#include "internet/cns-udp-socket-factory.h"

CNS_LOG_COMPONENT_DEFINE ("cns-packet-sink");

/* The listening socket's GPtrArray of accepted connections. */
#define ACCEPTED_KEY "cns-packet-sink-accepted"

struct _CnsPacketSink
{
  CnsSourceApplication parent_instance;

  guint64 total_rx;
  guint64 total_packets;
  CnsTraceSource rx;
};

G_DEFINE_FINAL_TYPE (CnsPacketSink, cns_packet_sink,
                     CNS_TYPE_SOURCE_APPLICATION)

static void sink_start (CnsApplication *app);
static void sink_stop (CnsApplication *app);
static void sink_socket_opened (CnsSourceApplication *source,
                                CnsSocket *socket);
static void sink_new_connection (CnsSourceApplication *source,
                                 CnsSocket *connection, const CnsAddress *from);

static void
sink_forget_socket (gpointer data)
{
  CnsSocket *socket = data;

  cns_socket_set_recv_callback (socket, NULL, NULL);
  cns_socket_set_accept_callback (socket, NULL, NULL, NULL);
  g_object_unref (socket);
}

static CnsSocket *
sink_socket (CnsPacketSink *self)
{
  return cns_source_application_get_socket (CNS_SOURCE_APPLICATION (self));
}

static GPtrArray *
sink_accepted (CnsPacketSink *self)
{
  CnsSocket *socket = sink_socket (self);

  return socket != NULL ? g_object_get_data (G_OBJECT (socket), ACCEPTED_KEY)
                        : NULL;
}

static void
cns_packet_sink_dispose (GObject *object)
{
  CnsSocket *socket = sink_socket (CNS_PACKET_SINK (object));

  if (socket != NULL)
    g_object_set_data (G_OBJECT (socket), ACCEPTED_KEY, NULL);
  G_OBJECT_CLASS (cns_packet_sink_parent_class)->dispose (object);
}

static void
cns_packet_sink_class_init (CnsPacketSinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);
  CnsSourceApplicationClass *source_class
      = CNS_SOURCE_APPLICATION_CLASS (klass);

  object_class->dispose = cns_packet_sink_dispose;
  app_class->start_application = sink_start;
  app_class->stop_application = sink_stop;
  source_class->socket_opened = sink_socket_opened;
  source_class->new_connection = sink_new_connection;

  cns_source_application_class_install_local (
      source_class,
      "The address and port to receive on (\"0.0.0.0:9\" for any address "
      "of the node)",
      "0.0.0.0:0");
  cns_source_application_class_install_protocol (source_class,
                                                 CNS_TYPE_UDP_SOCKET_FACTORY);

  cns_application_class_install_trace_source (
      app_class, "Rx", "A packet was received, with the sender's address",
      "CnsApplicationRxTraceFn", G_STRUCT_OFFSET (CnsPacketSink, rx));
}

static void
cns_packet_sink_init (CnsPacketSink *self)
{
}

/* ns-3's HandleRead: takes everything waiting on @socket. The sender's
 * address is asked for only when the Rx trace or the log wants it:
 * making one costs more than the read. */
static void
sink_handle_read (CnsSocket *socket, gpointer user_data)
{
  CnsPacketSink *self = user_data;
  CnsAddress from;

  for (;;)
    {
      gboolean want_from = cns_trace_source_is_connected (&self->rx)
                           || CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO);
      CnsPacket *packet
          = want_from ? cns_socket_recv_from (socket, G_MAXUINT32, 0, &from)
                      : cns_socket_recv (socket, G_MAXUINT32, 0);
      guint32 size;

      if (packet == NULL)
        break;
      size = cns_packet_get_size (packet);
      if (size == 0) /* the end of a stream */
        {
          cns_packet_unref (packet);
          break;
        }
      self->total_rx += size;
      self->total_packets++;
      if (want_from && CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_INFO))
        {
          gchar now[CNS_TIME_STRING_SIZE];
          gchar sender[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

          cns_application_format_now (now);
          cns_application_format_endpoint (&from, sender);
          CNS_LOG_INFO ("At time %s packet sink received %u bytes from %s "
                        "total Rx %" G_GUINT64_FORMAT " bytes",
                        now, size, sender, self->total_rx);
        }
      if (want_from)
        CNS_TRACE_SOURCE_FIRE (&self->rx, CnsApplicationRxTraceFn, self, packet,
                               &from);
      cns_packet_unref (packet);
    }
}

/* ---- CnsSourceApplication ---- */

static void
sink_socket_opened (CnsSourceApplication *source, CnsSocket *socket)
{
  cns_socket_shutdown_send (socket);
  cns_socket_set_recv_callback (socket, sink_handle_read, source);
}

/* ns-3's HandleAccept: reads the new connection too, and keeps it. */
static void
sink_new_connection (CnsSourceApplication *source, CnsSocket *connection,
                     const CnsAddress *from)
{
  GObject *socket = G_OBJECT (cns_source_application_get_socket (source));
  GPtrArray *accepted = g_object_get_data (socket, ACCEPTED_KEY);

  cns_socket_set_recv_callback (connection, sink_handle_read, source);
  if (accepted == NULL)
    {
      accepted = g_ptr_array_new_with_free_func (sink_forget_socket);
      g_object_set_data_full (socket, ACCEPTED_KEY, accepted,
                              (GDestroyNotify) g_ptr_array_unref);
    }
  g_ptr_array_add (accepted, g_object_ref (connection));
}

/* ---- CnsApplication ---- */

/* ns-3's StartApplication. */
static void
sink_start (CnsApplication *app)
{
  CnsSourceApplication *source = CNS_SOURCE_APPLICATION (app);

  if (cns_source_application_get_socket (source) == NULL)
    cns_source_application_listen (source);
}

/* ns-3's StopApplication. */
static void
sink_stop (CnsApplication *app)
{
  CnsPacketSink *self = CNS_PACKET_SINK (app);
  GPtrArray *accepted = sink_accepted (self);

  for (guint i = 0; accepted != NULL && i < accepted->len; i++)
    cns_socket_close (accepted->pdata[i]);
  if (sink_socket (self) != NULL)
    {
      g_object_set_data (G_OBJECT (sink_socket (self)), ACCEPTED_KEY, NULL);
      cns_source_application_close_socket (CNS_SOURCE_APPLICATION (self));
    }
}

/**
 * cns_packet_sink_new:
 *
 * A sink with the attribute defaults: UDP on any address, port 0; set
 * Local, then install it on a node with cns_application_install().
 *
 * Returns: (transfer full): the application.
 */
CnsPacketSink *
cns_packet_sink_new (void)
{
  return cns_object_new (CNS_TYPE_PACKET_SINK, NULL);
}

/**
 * cns_packet_sink_set_local:
 * @local: the address and port to receive on
 *
 * Sets the Local attribute; it is used when the sink starts.
 */
void
cns_packet_sink_set_local (CnsPacketSink *self,
                           const CnsInetSocketAddress *local)
{
  CnsAddress address;

  g_return_if_fail (CNS_IS_PACKET_SINK (self));
  g_return_if_fail (local != NULL);
  cns_inet_socket_address_to_address (local, &address);
  cns_source_application_set_local (CNS_SOURCE_APPLICATION (self), &address);
}

/**
 * cns_packet_sink_get_total_rx:
 *
 * Returns: the bytes received so far.
 */
guint64
cns_packet_sink_get_total_rx (CnsPacketSink *self)
{
  g_return_val_if_fail (CNS_IS_PACKET_SINK (self), 0);
  return self->total_rx;
}

/**
 * cns_packet_sink_get_total_packets:
 *
 * Returns: the packets received.
 */
guint64
cns_packet_sink_get_total_packets (CnsPacketSink *self)
{
  g_return_val_if_fail (CNS_IS_PACKET_SINK (self), 0);
  return self->total_packets;
}

/**
 * cns_packet_sink_get_listening_socket:
 *
 * Returns: (transfer none) (nullable): the socket, once started.
 */
CnsSocket *
cns_packet_sink_get_listening_socket (CnsPacketSink *self)
{
  g_return_val_if_fail (CNS_IS_PACKET_SINK (self), NULL);
  return sink_socket (self);
}

/**
 * cns_packet_sink_get_n_accepted_sockets:
 *
 * Returns: how many connections the sink accepted and has not closed.
 */
guint
cns_packet_sink_get_n_accepted_sockets (CnsPacketSink *self)
{
  GPtrArray *accepted;

  g_return_val_if_fail (CNS_IS_PACKET_SINK (self), 0);
  accepted = sink_accepted (self);
  return accepted != NULL ? accepted->len : 0;
}

/**
 * cns_packet_sink_get_accepted_socket:
 *
 * Returns: (transfer none) (nullable): accepted connection @index.
 */
CnsSocket *
cns_packet_sink_get_accepted_socket (CnsPacketSink *self, guint index)
{
  GPtrArray *accepted;

  g_return_val_if_fail (CNS_IS_PACKET_SINK (self), NULL);
  accepted = sink_accepted (self);
  if (accepted == NULL || index >= accepted->len)
    return NULL;
  return accepted->pdata[index];
}
