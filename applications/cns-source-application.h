/* cns — the base of applications that talk through one socket.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-application.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

#define CNS_TYPE_SOURCE_APPLICATION (cns_source_application_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsSourceApplication, cns_source_application, CNS,
                          SOURCE_APPLICATION, CnsApplication)

/**
 * CnsSourceApplicationClass:
 * @socket_opened: the socket is made and bound (and listens, for
 *   cns_source_application_listen()), and not yet connected: set the
 *   callbacks and options the application needs (a receive callback,
 *   shutting one direction down). The default does nothing.
 * @connection_succeeded: the connection cns_source_application_connect()
 *   asked for is up (for a datagram socket, within that call): start
 *   sending. The default does nothing.
 * @connection_failed: it failed (a stream peer refused or did not
 *   answer). The default warns, naming the node, Remote and the socket's
 *   errno.
 * @new_connection: a listening socket accepted @connection from @from
 *   (transfer none; keep a reference to read it). The default does
 *   nothing.
 *
 * ns-3's SourceApplication, grown to servers as well: the machinery of an
 * application over one socket. The base owns the Remote, Local and
 * Protocol attributes (a subclass declares those it has in class_init, with
 * its own blurb and default, through
 * cns_source_application_class_install_remote() and its two siblings), and
 * the socket: it makes it from Protocol, binds it to Local, and connects
 * it to Remote or listens, reporting each failure with a message that
 * names the application, its node and the address. Connect callbacks and
 * accepted connections reach the subclass through the virtual functions
 * above; cns_source_application_close_socket() closes the socket and
 * stops every callback on it.
 *
 * A subclass, as CnsOnOffApplication (the template to copy), implements
 * CnsApplication's start_application and stop_application: start calls
 * cns_source_application_connect() (a source), cns_source_application_listen()
 * (a sink) or cns_source_application_bind() (a datagram server) once,
 * while cns_source_application_get_socket() is %NULL; stop calls
 * cns_source_application_close_socket(). It overrides the virtual
 * functions it needs and sends and reads with the socket's own calls.
 * A subclass with attributes of its own hands, in its set_property and
 * get_property, the ids it does not know to the parent class's, which
 * handles the three; one without (a sink) sets neither.
 */
struct _CnsSourceApplicationClass
{
  CnsApplicationClass parent_class;

  void (*socket_opened) (CnsSourceApplication *self, CnsSocket *socket);
  void (*connection_succeeded) (CnsSourceApplication *self, CnsSocket *socket);
  void (*connection_failed) (CnsSourceApplication *self, CnsSocket *socket);
  void (*new_connection) (CnsSourceApplication *self, CnsSocket *connection,
                          const CnsAddress *from);

  /*< private >*/
  gpointer padding[4];
};

/* For subclasses, in class_init. */
void
cns_source_application_class_install_remote (CnsSourceApplicationClass *klass,
                                             const gchar *blurb);
void
cns_source_application_class_install_local (CnsSourceApplicationClass *klass,
                                            const gchar *blurb,
                                            const gchar *default_text);
void
cns_source_application_class_install_protocol (CnsSourceApplicationClass *klass,
                                               GType default_protocol);

void cns_source_application_set_remote (CnsSourceApplication *self,
                                        const CnsAddress *remote);
const CnsInetSocketAddress *
cns_source_application_get_remote (CnsSourceApplication *self);
void cns_source_application_set_local (CnsSourceApplication *self,
                                       const CnsAddress *local);
const CnsInetSocketAddress *
cns_source_application_get_local (CnsSourceApplication *self);
void cns_source_application_set_protocol (CnsSourceApplication *self,
                                          GType protocol);
GType cns_source_application_get_protocol (CnsSourceApplication *self);

/* The socket, for subclasses. */
gboolean cns_source_application_connect (CnsSourceApplication *self);
gboolean cns_source_application_listen (CnsSourceApplication *self);
gboolean cns_source_application_bind (CnsSourceApplication *self);
void cns_source_application_close_socket (CnsSourceApplication *self);
void cns_source_application_release_socket (CnsSourceApplication *self);
CnsSocket *cns_source_application_get_socket (CnsSourceApplication *self);

G_END_DECLS
