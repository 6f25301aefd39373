/* cns — a receiver that counts what arrives.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's PacketSink: at start it opens a socket of its Protocol, binds it
 * to Local and listens; it reads every packet that arrives, on that
 * socket or on connections it accepted (TCP), counts the bytes and
 * packets and fires Rx with the sender's address. At stop it closes the
 * accepted connections and the socket. A zero-length read is a stream's
 * end and ends the reading.
 *
 * The instance is small (one sink per flow in large scenarios): the
 * connections a sink accepted are kept as object data of its listening
 * socket, so that a UDP sink, which never accepts any, does not pay for
 * the list.
 */
#include "applications/cns-packet-sink.h"

#include "core/cns-attribute.h"
#include "core/cns-log.h"
#include "internet/cns-udp-socket-factory.h"

CNS_LOG_COMPONENT_DEFINE ("cns-packet-sink");

enum
{
  PROP_0,
  PROP_LOCAL,
  PROP_PROTOCOL,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

#define DEFAULT_PROTOCOL CNS_TYPE_UDP_SOCKET_FACTORY

/* The listening socket's GPtrArray of accepted connections. */
#define ACCEPTED_KEY "cns-packet-sink-accepted"

struct _CnsPacketSink
{
  CnsApplication parent_instance;

  CnsSocket *socket;
  guint64 total_rx;
  guint64 total_packets;
  CnsInetSocketAddress local;
  GType protocol;
  CnsTraceSource rx;
};

G_DEFINE_FINAL_TYPE (CnsPacketSink, cns_packet_sink, CNS_TYPE_APPLICATION)

static void cns_packet_sink_set_property (GObject *object, guint prop_id,
                                          const GValue *value,
                                          GParamSpec *pspec);
static void cns_packet_sink_get_property (GObject *object, guint prop_id,
                                          GValue *value, GParamSpec *pspec);
static void sink_start (CnsApplication *app);
static void sink_stop (CnsApplication *app);

static void
sink_forget_socket (gpointer data)
{
  CnsSocket *socket = data;

  cns_socket_set_recv_callback (socket, NULL, NULL);
  cns_socket_set_accept_callback (socket, NULL, NULL, NULL);
  g_object_unref (socket);
}

static GPtrArray *
sink_accepted (CnsPacketSink *self)
{
  return self->socket != NULL
             ? g_object_get_data (G_OBJECT (self->socket), ACCEPTED_KEY)
             : NULL;
}

static void
cns_packet_sink_dispose (GObject *object)
{
  CnsPacketSink *self = CNS_PACKET_SINK (object);

  if (self->socket != NULL)
    g_object_set_data (G_OBJECT (self->socket), ACCEPTED_KEY, NULL);
  g_clear_pointer (&self->socket, sink_forget_socket);
  G_OBJECT_CLASS (cns_packet_sink_parent_class)->dispose (object);
}

static void
cns_packet_sink_class_init (CnsPacketSinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsApplicationClass *app_class = CNS_APPLICATION_CLASS (klass);

  object_class->dispose = cns_packet_sink_dispose;
  object_class->set_property = cns_packet_sink_set_property;
  object_class->get_property = cns_packet_sink_get_property;
  app_class->start_application = sink_start;
  app_class->stop_application = sink_stop;

  properties[PROP_LOCAL] = g_param_spec_boxed (
      "local", "Local",
      "The address and port to receive on (\"0.0.0.0:9\" for any address "
      "of the node)",
      CNS_TYPE_INET_SOCKET_ADDRESS, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROTOCOL] = cns_application_param_spec_protocol ();
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_attribute_install_default (properties[PROP_LOCAL], "0.0.0.0:0");

  cns_application_class_install_trace_source (
      app_class, "Rx", "A packet was received, with the sender's address",
      "CnsApplicationRxTraceFn", G_STRUCT_OFFSET (CnsPacketSink, rx));
}

static void
cns_packet_sink_init (CnsPacketSink *self)
{
  self->protocol = DEFAULT_PROTOCOL;
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

/* ns-3's HandleAccept: reads the new connection too, and keeps it. */
static void
sink_handle_accept (CnsSocket *socket, CnsSocket *connection,
                    const CnsAddress *from, gpointer user_data)
{
  CnsPacketSink *self = user_data;
  GPtrArray *accepted = g_object_get_data (G_OBJECT (socket), ACCEPTED_KEY);

  cns_socket_set_recv_callback (connection, sink_handle_read, self);
  if (accepted == NULL)
    {
      accepted = g_ptr_array_new_with_free_func (sink_forget_socket);
      g_object_set_data_full (G_OBJECT (socket), ACCEPTED_KEY, accepted,
                              (GDestroyNotify) g_ptr_array_unref);
    }
  g_ptr_array_add (accepted, g_object_ref (connection));
}

/* ns-3's StartApplication. */
static void
sink_start (CnsApplication *app)
{
  CnsPacketSink *self = CNS_PACKET_SINK (app);
  CnsNode *node = cns_application_get_node (app);
  g_autoptr (GError) error = NULL;
  CnsAddress local;
  gboolean listening;

  if (self->socket != NULL)
    return;
  self->socket = cns_socket_create (node, self->protocol);
  if (self->socket == NULL)
    return;
  cns_inet_socket_address_to_address (&self->local, &local);
  if (!cns_socket_bind (self->socket, &local, &error))
    {
      g_critical ("PacketSink on node %u cannot bind its socket: %s",
                  cns_node_get_id (node), error->message);
      g_clear_object (&self->socket);
      return;
    }
  /* Datagram sockets cannot listen; as in ns-3 that is no error here.
   * Only a listening socket can accept, so only one gets the accept
   * callback (a socket keeps it in a block allocated when it is set). */
  listening = cns_socket_listen (self->socket, NULL);
  cns_socket_shutdown_send (self->socket);
  cns_socket_set_recv_callback (self->socket, sink_handle_read, self);
  if (listening)
    cns_socket_set_accept_callback (self->socket, NULL, sink_handle_accept,
                                    self);
}

/* ns-3's StopApplication. */
static void
sink_stop (CnsApplication *app)
{
  CnsPacketSink *self = CNS_PACKET_SINK (app);
  GPtrArray *accepted = sink_accepted (self);

  for (guint i = 0; accepted != NULL && i < accepted->len; i++)
    cns_socket_close (accepted->pdata[i]);
  if (self->socket != NULL)
    {
      g_object_set_data (G_OBJECT (self->socket), ACCEPTED_KEY, NULL);
      cns_socket_close (self->socket);
      cns_socket_set_recv_callback (self->socket, NULL, NULL);
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
  g_return_if_fail (CNS_IS_PACKET_SINK (self));
  g_return_if_fail (local != NULL);
  self->local = *local;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOCAL]);
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
  return self->socket;
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

static void
cns_packet_sink_set_property (GObject *object, guint prop_id,
                              const GValue *value, GParamSpec *pspec)
{
  CnsPacketSink *self = CNS_PACKET_SINK (object);

  switch (prop_id)
    {
    case PROP_LOCAL:
      {
        const CnsInetSocketAddress *local = g_value_get_boxed (value);

        self->local
            = local != NULL
                  ? *local
                  : cns_inet_socket_address_init (cns_ipv4_address_any (), 0);
        break;
      }
    case PROP_PROTOCOL:
      self->protocol = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_packet_sink_get_property (GObject *object, guint prop_id, GValue *value,
                              GParamSpec *pspec)
{
  CnsPacketSink *self = CNS_PACKET_SINK (object);

  switch (prop_id)
    {
    case PROP_LOCAL:
      g_value_set_boxed (value, &self->local);
      break;
    case PROP_PROTOCOL:
      g_value_set_gtype (value, self->protocol);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
