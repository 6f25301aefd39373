/* cns — a recording socket and its factory, for testing what sits on
 * sockets (applications) without a protocol stack.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-internet.h"
#include "network/cns-socket-factory.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

/* One packet the socket was asked to send: when, how big, to whom (the
 * peer for send, the address given for send_to). */
typedef struct
{
  CnsTime time;
  guint32 size;
  guint32 context;
  CnsAddress to;
} TestSent;

#define TEST_TYPE_SOCKET (test_socket_get_type ())
G_DECLARE_FINAL_TYPE (TestSocket, test_socket, TEST, SOCKET, CnsSocket)

#define TEST_TYPE_SOCKET_FACTORY (test_socket_factory_get_type ())
G_DECLARE_FINAL_TYPE (TestSocketFactory, test_socket_factory, TEST,
                      SOCKET_FACTORY, CnsSocketFactory)

/* A second factory type, so that a test can name a protocol a node lacks
 * or install two protocols. */
#define TEST_TYPE_OTHER_SOCKET_FACTORY (test_other_socket_factory_get_type ())
G_DECLARE_FINAL_TYPE (TestOtherSocketFactory, test_other_socket_factory, TEST,
                      OTHER_SOCKET_FACTORY, CnsSocketFactory)

TestSocketFactory *test_socket_factory_install (CnsNode *node);
guint test_socket_factory_get_n_sockets (TestSocketFactory *self);
TestSocket *test_socket_factory_get_socket (TestSocketFactory *self,
                                            guint index);

/* Makes the sockets made from now on report a failed connection through
 * the connect callback, as a refused TCP connection does. */
void test_socket_factory_set_fail_connect (TestSocketFactory *self,
                                           gboolean fail);

/* What happened to a socket. */
const GArray *test_socket_get_sent (TestSocket *self); /* TestSent */
gboolean test_socket_is_bound (TestSocket *self);
gboolean test_socket_is_connected (TestSocket *self);
gboolean test_socket_is_closed (TestSocket *self);
gboolean test_socket_is_listening (TestSocket *self);
gboolean test_socket_get_allow_broadcast (TestSocket *self);
gboolean test_socket_is_recv_shut_down (TestSocket *self);
void test_socket_get_local (TestSocket *self, CnsAddress *out);
void test_socket_get_peer (TestSocket *self, CnsAddress *out);

/* Makes sends fail with CNS_SOCKET_ERROR_AGAIN while @refuse is set. */
void test_socket_set_refuse_sends (TestSocket *self, gboolean refuse);

/* Delivers @packet (transfer full) from @from as if it had arrived. */
void test_socket_inject (TestSocket *self, CnsPacket *packet,
                         const CnsAddress *from);

/* Makes a new connection from @from on a listening socket: the accept
 * callbacks are asked, and the new socket (transfer none; the factory
 * keeps it) is returned, or NULL when refused. */
TestSocket *test_socket_inject_connection (TestSocket *self,
                                           const CnsAddress *from);

void test_inet_address (const gchar *text, CnsAddress *out);

G_END_DECLS
