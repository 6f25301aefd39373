/* cns — the base of applications that talk through one socket.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsSourceApplication is ns-3's SourceApplication, and the sinks' base
 * too: what every application over a socket would otherwise write again.
 * It holds the Remote, Local and Protocol attributes and the socket, and
 * opens it in one of three ways, in the order ns-3's applications do:
 *
 *   connect: make, bind to Local (unset: any address, an ephemeral port),
 *            socket_opened, set the connect callbacks, connect to Remote;
 *   listen:  make, bind to Local, listen (a datagram socket cannot, and
 *            just receives), socket_opened, and on a socket that listens
 *            the accept callback;
 *   bind:    make, bind to Local, socket_opened.
 *
 * A failure is reported once, with a critical that names the application
 * ("OnOffApplication", its type without the namespace), its node and what
 * failed; a socket that could not be bound or connected is let go of. A
 * connection is reported once too: the base clears its connect callbacks
 * before calling connection_succeeded or connection_failed, so that the
 * socket frees the block that holds them.
 *
 * The attributes belong to the subclasses' listings: each subclass
 * installs those it has, with its own blurb and default (an on-off source
 * has no Local, a sink no Remote, a bulk sender's Protocol is TCP), so the
 * base installs them on the subclass's class under ids of its own and
 * handles them when the subclass's set_property and get_property chain
 * up. The values are kept here, as inet socket addresses.
 */
#include "applications/cns-source-application.h"

#include "applications/cns-application-endpoint.h"
#include "core/cns-attribute.h"
#include "core/cns-log.h"
#include "network/cns-socket-factory.h"

CNS_LOG_COMPONENT_DEFINE ("cns-source-application");

/* The ids the base installs its attributes under, on its subclasses'
 * classes: far above the subclasses' own. */
enum
{
  PROP_REMOTE = 0x10000,
  PROP_LOCAL,
  PROP_PROTOCOL,
};

typedef struct
{
  CnsSocket *socket;
  GType protocol;
  CnsInetSocketAddress remote;
  CnsInetSocketAddress local;
  guint has_remote : 1;
  guint has_local : 1;
  guint closed : 1; /* the socket was closed */
} CnsSourceApplicationPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsSourceApplication,
                                     cns_source_application,
                                     CNS_TYPE_APPLICATION)

static void cns_source_application_set_property (GObject *object, guint prop_id,
                                                 const GValue *value,
                                                 GParamSpec *pspec);
static void cns_source_application_get_property (GObject *object, guint prop_id,
                                                 GValue *value,
                                                 GParamSpec *pspec);

static void cns_source_application_dispose (GObject *object);
static void source_real_socket_opened (CnsSourceApplication *self,
                                       CnsSocket *socket);
static void source_real_connection_succeeded (CnsSourceApplication *self,
                                              CnsSocket *socket);
static void source_real_connection_failed (CnsSourceApplication *self,
                                           CnsSocket *socket);
static void source_real_new_connection (CnsSourceApplication *self,
                                        CnsSocket *connection,
                                        const CnsAddress *from);

static void
cns_source_application_class_init (CnsSourceApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cns_source_application_dispose;
  object_class->set_property = cns_source_application_set_property;
  object_class->get_property = cns_source_application_get_property;
  klass->socket_opened = source_real_socket_opened;
  klass->connection_succeeded = source_real_connection_succeeded;
  klass->connection_failed = source_real_connection_failed;
  klass->new_connection = source_real_new_connection;
}

static void
cns_source_application_init (CnsSourceApplication *self)
{
}

static void
cns_source_application_dispose (GObject *object)
{
  cns_source_application_release_socket (CNS_SOURCE_APPLICATION (object));
  G_OBJECT_CLASS (cns_source_application_parent_class)->dispose (object);
}

static CnsSourceApplicationPrivate *
source_get_private (CnsSourceApplication *self)
{
  return cns_source_application_get_instance_private (self);
}

/* The application in messages: its type without the namespace, as ns-3
 * names it ("OnOffApplication"). */
static const gchar *
source_name (CnsSourceApplication *self)
{
  const gchar *name = G_OBJECT_TYPE_NAME (self);

  return g_str_has_prefix (name, "Cns") ? name + 3 : name;
}

static guint32
source_node_id (CnsSourceApplication *self)
{
  return cns_node_get_id (cns_application_get_node (CNS_APPLICATION (self)));
}

/* Notifies @name, an attribute the subclass may not have installed. */
static void
source_notify (CnsSourceApplication *self, const gchar *name)
{
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (self), name) != NULL)
    g_object_notify (G_OBJECT (self), name);
}

static void
source_real_socket_opened (CnsSourceApplication *self, CnsSocket *socket)
{
}

static void
source_real_connection_succeeded (CnsSourceApplication *self, CnsSocket *socket)
{
}

static void
source_real_connection_failed (CnsSourceApplication *self, CnsSocket *socket)
{
  CnsSourceApplicationPrivate *priv = source_get_private (self);
  gchar remote[CNS_APPLICATION_ENDPOINT_STRING_SIZE];

  cns_application_format_inet_endpoint (&priv->remote, remote);
  g_warning ("%s on node %u cannot connect to %s: %s", source_name (self),
             source_node_id (self), remote,
             cns_socket_errno_to_string (cns_socket_get_errno (socket)));
}

static void
source_real_new_connection (CnsSourceApplication *self, CnsSocket *connection,
                            const CnsAddress *from)
{
}

/* ---- the socket's callbacks, turned into virtual functions ---- */

static void
source_connection_succeeded (CnsSocket *socket, gpointer user_data)
{
  CnsSourceApplication *self = user_data;

  cns_socket_set_connect_callback (socket, NULL, NULL, NULL);
  CNS_LOG_LOGIC ("%s on node %u connected", source_name (self),
                 source_node_id (self));
  CNS_SOURCE_APPLICATION_GET_CLASS (self)->connection_succeeded (self, socket);
}

static void
source_connection_failed (CnsSocket *socket, gpointer user_data)
{
  CnsSourceApplication *self = user_data;

  cns_socket_set_connect_callback (socket, NULL, NULL, NULL);
  CNS_SOURCE_APPLICATION_GET_CLASS (self)->connection_failed (self, socket);
}

static void
source_new_connection (CnsSocket *socket, CnsSocket *connection,
                       const CnsAddress *from, gpointer user_data)
{
  CnsSourceApplication *self = user_data;

  CNS_SOURCE_APPLICATION_GET_CLASS (self)->new_connection (self, connection,
                                                           from);
}

/* Stops every callback of the socket, which all name the application. */
static void
source_forget_callbacks (CnsSocket *socket)
{
  cns_socket_set_recv_callback (socket, NULL, NULL);
  cns_socket_set_send_callback (socket, NULL, NULL);
  cns_socket_set_data_sent_callback (socket, NULL, NULL);
  cns_socket_set_connect_callback (socket, NULL, NULL, NULL);
  cns_socket_set_close_callbacks (socket, NULL, NULL, NULL);
  cns_socket_set_accept_callback (socket, NULL, NULL, NULL);
}

/* Makes the socket of Protocol and binds it to Local; FALSE after a
 * critical (or the one of cns_socket_create()), with no socket kept. */
static gboolean
source_open (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv = source_get_private (self);
  CnsNode *node = cns_application_get_node (CNS_APPLICATION (self));
  g_autoptr (GError) error = NULL;
  CnsAddress local;

  g_return_val_if_fail (node != NULL, FALSE);
  g_return_val_if_fail (priv->socket == NULL, FALSE);
  priv->socket = cns_socket_create (node, priv->protocol);
  if (priv->socket == NULL)
    return FALSE;
  priv->closed = FALSE;
  if (priv->has_local)
    cns_inet_socket_address_to_address (&priv->local, &local);
  if (!cns_socket_bind (priv->socket, priv->has_local ? &local : NULL, &error))
    {
      g_critical ("%s on node %u cannot bind its socket: %s",
                  source_name (self), cns_node_get_id (node), error->message);
      g_clear_object (&priv->socket);
      return FALSE;
    }
  return TRUE;
}

/* ---- the attributes ---- */

/* GObject gives each class its own set_property and get_property: a
 * subclass with no attributes of its own (a sink) sets none, and the
 * base's handle the ones installed here. */
static void
source_class_install (CnsSourceApplicationClass *klass, guint prop_id,
                      GParamSpec *pspec)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  if (object_class->set_property == NULL)
    {
      object_class->set_property = cns_source_application_set_property;
      object_class->get_property = cns_source_application_get_property;
    }
  g_object_class_install_property (object_class, prop_id, pspec);
}

/**
 * cns_source_application_class_install_remote:
 * @klass: the subclass, in its class_init
 * @blurb: what Remote means for it, for listings and --help
 *
 * Gives the subclass the Remote attribute: the inet socket address
 * (#CnsInetSocketAddress, "10.1.1.2:9") that
 * cns_source_application_connect() connects to. It has no default.
 */
void
cns_source_application_class_install_remote (CnsSourceApplicationClass *klass,
                                             const gchar *blurb)
{
  g_return_if_fail (CNS_IS_SOURCE_APPLICATION_CLASS (klass));
  g_return_if_fail (blurb != NULL);
  source_class_install (
      klass, PROP_REMOTE,
      g_param_spec_boxed ("remote", "Remote", blurb,
                          CNS_TYPE_INET_SOCKET_ADDRESS,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

/**
 * cns_source_application_class_install_local:
 * @klass: the subclass, in its class_init
 * @blurb: what Local means for it
 * @default_text: (nullable): its default, as text ("0.0.0.0:0"), or
 *   %NULL for none (any address and an ephemeral port)
 *
 * Gives the subclass the Local attribute: the inet socket address the
 * socket is bound to.
 */
void
cns_source_application_class_install_local (CnsSourceApplicationClass *klass,
                                            const gchar *blurb,
                                            const gchar *default_text)
{
  GParamSpec *pspec;

  g_return_if_fail (CNS_IS_SOURCE_APPLICATION_CLASS (klass));
  g_return_if_fail (blurb != NULL);
  pspec = g_param_spec_boxed ("local", "Local", blurb,
                              CNS_TYPE_INET_SOCKET_ADDRESS,
                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  source_class_install (klass, PROP_LOCAL, pspec);
  if (default_text != NULL)
    cns_attribute_install_default (pspec, default_text);
}

/**
 * cns_source_application_class_install_protocol:
 * @klass: the subclass, in its class_init
 * @default_protocol: the socket factory type it uses by default, such as
 *   CNS_TYPE_UDP_SOCKET_FACTORY
 *
 * Gives the subclass the Protocol attribute
 * (cns_application_param_spec_protocol()): the socket factory type its
 * socket is made from.
 */
void
cns_source_application_class_install_protocol (CnsSourceApplicationClass *klass,
                                               GType default_protocol)
{
  GParamSpec *pspec;

  g_return_if_fail (CNS_IS_SOURCE_APPLICATION_CLASS (klass));
  g_return_if_fail (g_type_is_a (default_protocol, CNS_TYPE_SOCKET_FACTORY));
  pspec = cns_application_param_spec_protocol ();
  source_class_install (klass, PROP_PROTOCOL, pspec);
  cns_attribute_install_default (pspec, g_type_name (default_protocol));
}

/* Reads @address as an inet socket address into @out; a critical naming
 * @self, @attribute and the address when it is of another kind. */
static gboolean
source_read_address (CnsSourceApplication *self, const gchar *attribute,
                     const CnsAddress *address, CnsInetSocketAddress *out)
{
  g_autofree gchar *text = NULL;

  if (cns_inet_socket_address_from_address (address, out))
    return TRUE;
  text = cns_address_to_string (address);
  g_critical ("%s: its %s attribute must be an inet socket address "
              "(\"10.1.1.2:9\"), not %s",
              source_name (self), attribute, text);
  return FALSE;
}

/**
 * cns_source_application_set_remote:
 * @remote: an inet socket address; an address of another kind is
 *   refused with a critical that names it
 *
 * Sets Remote, where cns_source_application_connect() connects; it is
 * used when the socket is opened.
 */
void
cns_source_application_set_remote (CnsSourceApplication *self,
                                   const CnsAddress *remote)
{
  CnsSourceApplicationPrivate *priv;

  g_return_if_fail (CNS_IS_SOURCE_APPLICATION (self));
  g_return_if_fail (remote != NULL);
  priv = source_get_private (self);
  if (!source_read_address (self, "Remote", remote, &priv->remote))
    return;
  priv->has_remote = TRUE;
  source_notify (self, "remote");
}

/**
 * cns_source_application_get_remote:
 *
 * Returns: (transfer none) (nullable): Remote, or %NULL while unset.
 */
const CnsInetSocketAddress *
cns_source_application_get_remote (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;

  g_return_val_if_fail (CNS_IS_SOURCE_APPLICATION (self), NULL);
  priv = source_get_private (self);
  return priv->has_remote ? &priv->remote : NULL;
}

/**
 * cns_source_application_set_local:
 * @local: an inet socket address; an address of another kind is refused
 *   with a critical that names it
 *
 * Sets Local, the address the socket is bound to; it is used when the
 * socket is opened.
 */
void
cns_source_application_set_local (CnsSourceApplication *self,
                                  const CnsAddress *local)
{
  CnsSourceApplicationPrivate *priv;

  g_return_if_fail (CNS_IS_SOURCE_APPLICATION (self));
  g_return_if_fail (local != NULL);
  priv = source_get_private (self);
  if (!source_read_address (self, "Local", local, &priv->local))
    return;
  priv->has_local = TRUE;
  source_notify (self, "local");
}

/**
 * cns_source_application_get_local:
 *
 * Returns: (transfer none) (nullable): Local, or %NULL while unset.
 */
const CnsInetSocketAddress *
cns_source_application_get_local (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;

  g_return_val_if_fail (CNS_IS_SOURCE_APPLICATION (self), NULL);
  priv = source_get_private (self);
  return priv->has_local ? &priv->local : NULL;
}

/**
 * cns_source_application_set_protocol:
 * @protocol: a socket factory type, such as CNS_TYPE_TCP_SOCKET_FACTORY
 *
 * Sets Protocol; it is used when the socket is opened.
 */
void
cns_source_application_set_protocol (CnsSourceApplication *self, GType protocol)
{
  g_return_if_fail (CNS_IS_SOURCE_APPLICATION (self));
  g_return_if_fail (g_type_is_a (protocol, CNS_TYPE_SOCKET_FACTORY));
  source_get_private (self)->protocol = protocol;
  source_notify (self, "protocol");
}

/**
 * cns_source_application_get_protocol:
 *
 * Returns: Protocol, the socket factory type.
 */
GType
cns_source_application_get_protocol (CnsSourceApplication *self)
{
  g_return_val_if_fail (CNS_IS_SOURCE_APPLICATION (self), G_TYPE_INVALID);
  return source_get_private (self)->protocol;
}

/* ---- the socket ---- */

/**
 * cns_source_application_connect:
 *
 * For subclasses, at start: makes the socket of Protocol, binds it to
 * Local (or any address and an ephemeral port), calls socket_opened and
 * connects it to Remote; connection_succeeded or connection_failed says
 * how that went. A Remote not set, a socket that cannot be made, bound
 * or connected is reported with a critical naming the application and
 * its node; no socket is kept then.
 *
 * Returns: %TRUE when the socket is open and connecting.
 */
gboolean
cns_source_application_connect (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;
  g_autoptr (GError) error = NULL;
  CnsAddress remote;

  g_return_val_if_fail (CNS_IS_SOURCE_APPLICATION (self), FALSE);
  priv = source_get_private (self);
  if (!priv->has_remote)
    {
      g_critical ("%s on node %u: its Remote attribute is not set; it sends "
                  "nothing",
                  source_name (self), source_node_id (self));
      return FALSE;
    }
  if (!source_open (self))
    return FALSE;
  CNS_SOURCE_APPLICATION_GET_CLASS (self)->socket_opened (self, priv->socket);
  cns_socket_set_connect_callback (priv->socket, source_connection_succeeded,
                                   source_connection_failed, self);
  cns_inet_socket_address_to_address (&priv->remote, &remote);
  if (!cns_socket_connect (priv->socket, &remote, &error))
    {
      g_critical ("%s on node %u cannot connect its socket: %s",
                  source_name (self), source_node_id (self), error->message);
      cns_source_application_release_socket (self);
      return FALSE;
    }
  return TRUE;
}

/**
 * cns_source_application_listen:
 *
 * For subclasses, at start: makes the socket of Protocol, binds it to
 * Local and has it listen, calls socket_opened, and hands each
 * connection it accepts to new_connection. A datagram socket cannot
 * listen, and that is no error: it receives all the same. Failures are
 * reported as by cns_source_application_connect().
 *
 * Returns: %TRUE when the socket is open.
 */
gboolean
cns_source_application_listen (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;
  gboolean listening;

  g_return_val_if_fail (CNS_IS_SOURCE_APPLICATION (self), FALSE);
  priv = source_get_private (self);
  if (!source_open (self))
    return FALSE;
  listening = cns_socket_listen (priv->socket, NULL);
  CNS_SOURCE_APPLICATION_GET_CLASS (self)->socket_opened (self, priv->socket);
  /* only a listening socket accepts: a datagram socket is spared the
   * block its callbacks would take */
  if (listening)
    cns_socket_set_accept_callback (priv->socket, NULL, source_new_connection,
                                    self);
  return TRUE;
}

/**
 * cns_source_application_bind:
 *
 * For subclasses, at start: makes the socket of Protocol, binds it to
 * Local and calls socket_opened, for a server that answers datagrams
 * where they came from. Failures are reported as by
 * cns_source_application_connect().
 *
 * Returns: %TRUE when the socket is open.
 */
gboolean
cns_source_application_bind (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;

  g_return_val_if_fail (CNS_IS_SOURCE_APPLICATION (self), FALSE);
  priv = source_get_private (self);
  if (!source_open (self))
    return FALSE;
  CNS_SOURCE_APPLICATION_GET_CLASS (self)->socket_opened (self, priv->socket);
  return TRUE;
}

/**
 * cns_source_application_close_socket:
 *
 * For subclasses, at stop: closes the socket, once (a stream sends what
 * it holds, then its FIN), and stops its callbacks, so that the
 * application hears nothing more from it. The socket stays, for
 * cns_source_application_get_socket(), until released.
 */
void
cns_source_application_close_socket (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;

  g_return_if_fail (CNS_IS_SOURCE_APPLICATION (self));
  priv = source_get_private (self);
  if (priv->socket == NULL)
    {
      CNS_LOG_WARN ("%s: no socket to close", source_name (self));
      return;
    }
  if (priv->closed)
    return;
  priv->closed = TRUE;
  cns_socket_close (priv->socket);
  source_forget_callbacks (priv->socket);
}

/**
 * cns_source_application_release_socket:
 *
 * Lets go of the socket, without closing it, after stopping its
 * callbacks, so that the next cns_source_application_connect() (or
 * listen, or bind) makes a new one. Done when the application is
 * disposed.
 */
void
cns_source_application_release_socket (CnsSourceApplication *self)
{
  CnsSourceApplicationPrivate *priv;

  g_return_if_fail (CNS_IS_SOURCE_APPLICATION (self));
  priv = source_get_private (self);
  if (priv->socket == NULL)
    return;
  source_forget_callbacks (priv->socket);
  g_clear_object (&priv->socket);
}

/**
 * cns_source_application_get_socket:
 *
 * Returns: (transfer none) (nullable): the socket, once opened.
 */
CnsSocket *
cns_source_application_get_socket (CnsSourceApplication *self)
{
  /* per packet in some subclasses: the check that remembers the class */
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_SOURCE_APPLICATION),
                        NULL);
  return source_get_private (self)->socket;
}

static void
cns_source_application_set_property (GObject *object, guint prop_id,
                                     const GValue *value, GParamSpec *pspec)
{
  CnsSourceApplicationPrivate *priv
      = source_get_private (CNS_SOURCE_APPLICATION (object));

  switch (prop_id)
    {
    case PROP_REMOTE:
      {
        const CnsInetSocketAddress *remote = g_value_get_boxed (value);

        priv->has_remote = remote != NULL;
        if (remote != NULL)
          priv->remote = *remote;
        break;
      }
    case PROP_LOCAL:
      {
        const CnsInetSocketAddress *local = g_value_get_boxed (value);

        priv->has_local = local != NULL;
        if (local != NULL)
          priv->local = *local;
        break;
      }
    case PROP_PROTOCOL:
      priv->protocol = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_source_application_get_property (GObject *object, guint prop_id,
                                     GValue *value, GParamSpec *pspec)
{
  CnsSourceApplication *self = CNS_SOURCE_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_REMOTE:
      g_value_set_boxed (value, cns_source_application_get_remote (self));
      break;
    case PROP_LOCAL:
      g_value_set_boxed (value, cns_source_application_get_local (self));
      break;
    case PROP_PROTOCOL:
      g_value_set_gtype (value, source_get_private (self)->protocol);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
