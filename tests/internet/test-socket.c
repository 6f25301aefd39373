/* cns — tests of the socket base class and socket factories.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/socket-double.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

/* A socket type that implements nothing: every call must get ns-3's
 * answer for an unsupported operation. */
typedef CnsSocket TestBareSocket;
typedef CnsSocketClass TestBareSocketClass;
GType test_bare_socket_get_type (void);
G_DEFINE_TYPE (TestBareSocket, test_bare_socket, CNS_TYPE_SOCKET)

static void
test_bare_socket_class_init (TestBareSocketClass *klass)
{
}

static void
test_bare_socket_init (TestBareSocket *self)
{
}

/* A factory type whose class leaves create_socket unset. */
typedef CnsSocketFactory TestBareFactory;
typedef CnsSocketFactoryClass TestBareFactoryClass;
GType test_bare_factory_get_type (void);
G_DEFINE_TYPE (TestBareFactory, test_bare_factory, CNS_TYPE_SOCKET_FACTORY)

static void
test_bare_factory_class_init (TestBareFactoryClass *klass)
{
}

static void
test_bare_factory_init (TestBareFactory *self)
{
}

static void
setup (void)
{
  cns_test_reset ();
}

START_TEST (test_socket_errno_strings)
{
  const gchar *seen[CNS_SOCKET_ERROR_ADDRINUSE + 1];

  ck_assert_str_eq (cns_socket_errno_to_string (CNS_SOCKET_ERROR_NOTERROR),
                    "no error");
  ck_assert_str_eq (cns_socket_errno_to_string (CNS_SOCKET_ERROR_NOTCONN),
                    "not connected");
  ck_assert_str_eq (cns_socket_errno_to_string (CNS_SOCKET_ERROR_OPNOTSUPP),
                    "operation not supported");
  ck_assert_str_eq (cns_socket_errno_to_string (CNS_SOCKET_ERROR_ADDRINUSE),
                    "address already in use");
  ck_assert_str_eq (cns_socket_errno_to_string ((CnsSocketErrno) 99),
                    "unknown socket error");
  /* ns-3's order, and one distinct text each */
  ck_assert_int_eq (CNS_SOCKET_ERROR_ADDRINUSE, 13);
  for (guint i = 0; i <= CNS_SOCKET_ERROR_ADDRINUSE; i++)
    {
      seen[i] = cns_socket_errno_to_string (i);
      for (guint j = 0; j < i; j++)
        ck_assert_str_ne (seen[i], seen[j]);
    }
}
END_TEST

START_TEST (test_socket_unsupported_operations)
{
  g_autoptr (CnsSocket) s = g_object_new (test_bare_socket_get_type (), NULL);
  g_autoptr (GError) error = NULL;
  CnsAddress a;

  test_inet_address ("10.1.1.2:9", &a);
  ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_NOTERROR);

  /* a socket class that names addresses in no way of its own: the base's
   * generic form, in the network module's domain */
  ck_assert (!cns_socket_bind (s, &a, &error));
  ck_assert (
      g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_INVALID));
  ck_assert_str_eq (error->message,
                    "TestBareSocket cannot bind to 03-06-0a:01:01:02:00:09: "
                    "operation not supported");
  ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_OPNOTSUPP);
  g_clear_error (&error);

#define EXPECT_OPNOTSUPP(call, failed)                                         \
  G_STMT_START                                                                 \
    {                                                                          \
      cns_socket_set_errno (s, CNS_SOCKET_ERROR_NOTERROR);                     \
      ck_assert (call failed);                                                 \
      ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_OPNOTSUPP); \
    }                                                                          \
  G_STMT_END

  EXPECT_OPNOTSUPP (!cns_socket_bind (s, NULL, NULL), );
  EXPECT_OPNOTSUPP (!cns_socket_connect (s, &a, NULL), );
  EXPECT_OPNOTSUPP (!cns_socket_listen (s, NULL), );
  EXPECT_OPNOTSUPP (cns_socket_close (s), == -1);
  EXPECT_OPNOTSUPP (cns_socket_shutdown_send (s), == -1);
  EXPECT_OPNOTSUPP (cns_socket_shutdown_recv (s), == -1);
  /* the packet is released: valgrind and the pool count see leaks */
  EXPECT_OPNOTSUPP (cns_socket_send (s, cns_packet_new (10), 0), == -1);
  EXPECT_OPNOTSUPP (cns_socket_send_to (s, cns_packet_new (10), 0, &a), == -1);
  EXPECT_OPNOTSUPP (cns_socket_recv (s, 100, 0), == NULL);
  EXPECT_OPNOTSUPP (cns_socket_recv_from (s, 100, 0, &a), == NULL);
  EXPECT_OPNOTSUPP (cns_socket_get_tx_available (s), == 0);
  EXPECT_OPNOTSUPP (cns_socket_get_rx_available (s), == 0);
  EXPECT_OPNOTSUPP (!cns_socket_get_sock_name (s, &a), );
  EXPECT_OPNOTSUPP (!cns_socket_get_peer_name (s, &a), );
  EXPECT_OPNOTSUPP (!cns_socket_set_allow_broadcast (s, TRUE), );
#undef EXPECT_OPNOTSUPP

  ck_assert (!cns_socket_connect (s, &a, &error));
  ck_assert_str_eq (error->message,
                    "TestBareSocket cannot connect to 03-06-0a:01:01:02:00:09: "
                    "operation not supported");
  g_clear_error (&error);
  ck_assert (!cns_socket_listen (s, &error));
  ck_assert_str_eq (error->message,
                    "TestBareSocket cannot listen: operation not supported");
}
END_TEST

/* The wrappers reach the subclass's functions and pass their answers on. */
START_TEST (test_socket_dispatch)
{
  CnsNode *node = cns_node_new ();
  TestSocketFactory *factory = test_socket_factory_install (node);
  g_autoptr (CnsSocket) s = cns_socket_create (node, TEST_TYPE_SOCKET_FACTORY);
  CnsAddress local, peer, out, from;
  CnsPacket *p;
  const GArray *sent;

  g_object_unref (node);
  ck_assert_ptr_nonnull (s);
  ck_assert_ptr_eq (cns_socket_get_node (s), node);
  ck_assert_ptr_eq (test_socket_factory_get_socket (factory, 0), s);

  ck_assert (!cns_socket_get_sock_name (s, &out));
  /* the subclass sets the errno; the wrapper writes the message, naming
   * the socket, its node and the address */
  {
    g_autoptr (GError) error = NULL;
    g_autofree gchar *expected = NULL;
    CnsAddress mac = { .type = 1, .length = 2, .bytes = { 0xab, 0x01 } };

    ck_assert (!cns_socket_bind (s, &mac, &error));
    ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_AFNOSUPPORT);
    ck_assert (
        g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_INVALID));
    expected = g_strdup_printf (
        "TestSocket on node %u cannot bind to 01-02-ab:01: address family "
        "not supported",
        cns_node_get_id (node));
    ck_assert_str_eq (error->message, expected);
  }
  ck_assert (cns_socket_bind (s, NULL, NULL));
  ck_assert (cns_socket_get_sock_name (s, &out));
  test_inet_address ("0.0.0.0:49153", &local);
  ck_assert (cns_address_equal (&out, &local));

  ck_assert (!cns_socket_get_peer_name (s, &out));
  ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_NOTCONN);
  ck_assert_int_eq (cns_socket_send (s, cns_packet_new (5), 0), -1);
  test_inet_address ("10.1.1.2:9", &peer);
  ck_assert (cns_socket_connect (s, &peer, NULL));
  ck_assert (cns_socket_get_peer_name (s, &out));
  ck_assert (cns_address_equal (&out, &peer));

  ck_assert_int_eq (cns_socket_send (s, cns_packet_new (100), 0), 100);
  test_inet_address ("10.9.9.9:7", &out);
  ck_assert_int_eq (cns_socket_send_to (s, cns_packet_new (7), 0, &out), 7);
  sent = test_socket_get_sent (TEST_SOCKET (s));
  ck_assert_uint_eq (sent->len, 2);
  ck_assert_uint_eq (g_array_index (sent, TestSent, 0).size, 100);
  ck_assert (cns_address_equal (&g_array_index (sent, TestSent, 0).to, &peer));
  ck_assert_uint_eq (g_array_index (sent, TestSent, 1).size, 7);
  ck_assert (cns_address_equal (&g_array_index (sent, TestSent, 1).to, &out));

  ck_assert (cns_socket_set_allow_broadcast (s, TRUE));
  ck_assert (test_socket_get_allow_broadcast (TEST_SOCKET (s)));

  test_socket_inject (TEST_SOCKET (s), cns_packet_new (30), &peer);
  test_socket_inject (TEST_SOCKET (s), cns_packet_new (40), &out);
  ck_assert_uint_eq (cns_socket_get_rx_available (s), 70);
  p = cns_socket_recv (s, 1000, 0);
  ck_assert_uint_eq (cns_packet_get_size (p), 30);
  cns_packet_unref (p);
  p = cns_socket_recv_from (s, 1000, 0, &from);
  ck_assert_uint_eq (cns_packet_get_size (p), 40);
  ck_assert (cns_address_equal (&from, &out));
  cns_packet_unref (p);
  ck_assert_ptr_null (cns_socket_recv (s, 1000, 0));
  ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_AGAIN);

  ck_assert_int_eq (cns_socket_close (s), 0);
  ck_assert_int_eq (cns_socket_close (s), -1);
  ck_assert_int_eq (cns_socket_get_errno (s), CNS_SOCKET_ERROR_BADF);
}
END_TEST

typedef struct
{
  guint recv, data_sent, send, connected, connect_failed, closed, close_error,
      requests, created, destroyed;
  guint32 last_size;
  CnsSocket *last_socket;
  CnsSocket *last_connection;
  CnsAddress last_from;
  gboolean accept;
} Calls;

static void
on_recv (CnsSocket *s, gpointer data)
{
  ((Calls *) data)->recv++;
  ((Calls *) data)->last_socket = s;
}

static void
on_data_sent (CnsSocket *s, guint32 size, gpointer data)
{
  ((Calls *) data)->data_sent++;
  ((Calls *) data)->last_size = size;
}

static void
on_send (CnsSocket *s, guint32 size, gpointer data)
{
  ((Calls *) data)->send++;
  ((Calls *) data)->last_size = size;
}

static void
on_connected (CnsSocket *s, gpointer data)
{
  ((Calls *) data)->connected++;
}

/* As a source does once told: forgets its connect callbacks. */
static void
on_connected_once (CnsSocket *s, gpointer data)
{
  ((Calls *) data)->connected++;
  cns_socket_set_connect_callback (s, NULL, NULL, NULL);
}

static void
on_connect_failed (CnsSocket *s, gpointer data)
{
  ((Calls *) data)->connect_failed++;
}

static void
on_closed (CnsSocket *s, gpointer data)
{
  ((Calls *) data)->closed++;
}

static void
on_close_error (CnsSocket *s, gpointer data)
{
  ((Calls *) data)->close_error++;
}

static gboolean
on_request (CnsSocket *s, const CnsAddress *from, gpointer data)
{
  Calls *c = data;

  c->requests++;
  c->last_from = *from;
  return c->accept;
}

static void
on_created (CnsSocket *s, CnsSocket *connection, const CnsAddress *from,
            gpointer data)
{
  Calls *c = data;

  c->created++;
  c->last_connection = connection;
  c->last_from = *from;
}

START_TEST (test_socket_callbacks)
{
  g_autoptr (CnsSocket) s = g_object_new (test_bare_socket_get_type (), NULL);
  g_autoptr (CnsSocket) conn
      = g_object_new (test_bare_socket_get_type (), NULL);
  Calls c = { 0 };
  CnsAddress from;

  test_inet_address ("10.1.1.1:49153", &from);

  /* nobody listens: nothing happens, and requests are accepted */
  cns_socket_notify_data_recv (s);
  cns_socket_notify_data_sent (s, 5);
  cns_socket_notify_send (s, 5);
  cns_socket_notify_connection_succeeded (s);
  cns_socket_notify_connection_failed (s);
  cns_socket_notify_normal_close (s);
  cns_socket_notify_error_close (s);
  cns_socket_notify_new_connection_created (s, conn, &from);
  ck_assert (cns_socket_notify_connection_request (s, &from));

  /* one callback set: only its event is reported */
  cns_socket_set_recv_callback (s, on_recv, &c);
  cns_socket_notify_connection_succeeded (s);
  cns_socket_notify_data_sent (s, 5);
  ck_assert (cns_socket_notify_connection_request (s, &from));
  cns_socket_notify_data_recv (s);
  ck_assert_uint_eq (c.recv, 1);
  ck_assert_ptr_eq (c.last_socket, s);

  cns_socket_set_data_sent_callback (s, on_data_sent, &c);
  cns_socket_notify_data_sent (s, 1460);
  ck_assert_uint_eq (c.data_sent, 1);
  ck_assert_uint_eq (c.last_size, 1460);
  cns_socket_set_send_callback (s, on_send, &c);
  cns_socket_notify_send (s, 65535);
  ck_assert_uint_eq (c.send, 1);
  ck_assert_uint_eq (c.last_size, 65535);

  cns_socket_set_connect_callback (s, on_connected, on_connect_failed, &c);
  cns_socket_notify_connection_succeeded (s);
  cns_socket_notify_connection_failed (s);
  cns_socket_notify_connection_failed (s);
  ck_assert_uint_eq (c.connected, 1);
  ck_assert_uint_eq (c.connect_failed, 2);

  cns_socket_set_close_callbacks (s, on_closed, on_close_error, &c);
  cns_socket_notify_normal_close (s);
  cns_socket_notify_error_close (s);
  ck_assert_uint_eq (c.closed, 1);
  ck_assert_uint_eq (c.close_error, 1);

  cns_socket_set_accept_callback (s, on_request, on_created, &c);
  c.accept = FALSE;
  ck_assert (!cns_socket_notify_connection_request (s, &from));
  c.accept = TRUE;
  ck_assert (cns_socket_notify_connection_request (s, &from));
  ck_assert_uint_eq (c.requests, 2);
  ck_assert (cns_address_equal (&c.last_from, &from));
  cns_socket_notify_new_connection_created (s, conn, &from);
  ck_assert_uint_eq (c.created, 1);
  ck_assert_ptr_eq (c.last_connection, conn);

  /* cleared callbacks are not called; the others stay */
  cns_socket_set_recv_callback (s, NULL, NULL);
  cns_socket_set_accept_callback (s, NULL, NULL, NULL);
  cns_socket_notify_data_recv (s);
  ck_assert (cns_socket_notify_connection_request (s, &from));
  cns_socket_notify_send (s, 1);
  ck_assert_uint_eq (c.recv, 1);
  ck_assert_uint_eq (c.requests, 2);
  ck_assert_uint_eq (c.send, 2);

  /* a callback may clear itself, which frees the block of callbacks
   * when it was the last; callbacks set afterwards work */
  cns_socket_set_data_sent_callback (s, NULL, NULL);
  cns_socket_set_send_callback (s, NULL, NULL);
  cns_socket_set_close_callbacks (s, NULL, NULL, NULL);
  cns_socket_set_connect_callback (s, on_connected_once, NULL, &c);
  cns_socket_notify_connection_succeeded (s);
  cns_socket_notify_connection_succeeded (s);
  ck_assert_uint_eq (c.connected, 2);
  cns_socket_set_close_callbacks (s, on_closed, NULL, &c);
  cns_socket_notify_normal_close (s);
  cns_socket_notify_error_close (s);
  ck_assert_uint_eq (c.closed, 2);
  ck_assert_uint_eq (c.close_error, 1);
}
END_TEST

static void
count_destroy (gpointer data)
{
  ((Calls *) data)->destroyed++;
}

/* A receive function that stops itself, as a Python callable may. */
static void
on_recv_once (CnsSocket *socket, gpointer data)
{
  ((Calls *) data)->recv++;
  cns_socket_set_recv_func (socket, NULL, NULL, NULL);
  /* released only once this call returns */
  ck_assert_uint_eq (((Calls *) data)->destroyed, 0);
}

/* The binding form of the receive callback: its data is released when
 * replaced, when cleared (even from inside the call) and with the
 * socket. */
START_TEST (test_socket_recv_func)
{
  CnsSocket *s = g_object_new (test_bare_socket_get_type (), NULL);
  Calls a = { 0 }, b = { 0 }, c = { 0 };

  cns_socket_set_recv_func (s, on_recv, &a, count_destroy);
  cns_socket_notify_data_recv (s);
  ck_assert_uint_eq (a.recv, 1);
  ck_assert_ptr_eq (a.last_socket, s);
  cns_socket_set_recv_func (s, on_recv, &b, count_destroy);
  ck_assert_uint_eq (a.destroyed, 1);
  cns_socket_notify_data_recv (s);
  ck_assert_uint_eq (a.recv, 1);
  ck_assert_uint_eq (b.recv, 1);
  cns_socket_set_recv_func (s, NULL, NULL, NULL);
  ck_assert_uint_eq (b.destroyed, 1);
  cns_socket_notify_data_recv (s);
  ck_assert_uint_eq (b.recv, 1);
  cns_socket_set_recv_func (s, on_recv_once, &c, count_destroy);
  cns_socket_notify_data_recv (s);
  cns_socket_notify_data_recv (s);
  ck_assert_uint_eq (c.recv, 1);
  ck_assert_uint_eq (c.destroyed, 1);
  cns_socket_set_recv_func (s, on_recv, &a, count_destroy);
  g_object_unref (s);
  ck_assert_uint_eq (a.destroyed, 2);
  ck_assert_uint_eq (a.recv, 1);
}
END_TEST

START_TEST (test_socket_create)
{
  CnsNode *plain = cns_node_new ();
  CnsNode *node = cns_node_new ();
  g_autoptr (CnsSocket) other = NULL;
  CnsSocket *s = NULL;

  g_object_unref (plain);
  g_object_unref (node);
  test_socket_factory_install (node);

  CNS_TEST_EXPECT_CRITICAL (
      "*node 0 cannot make a socket of TestSocketFactory*",
      s = cns_socket_create (plain, TEST_TYPE_SOCKET_FACTORY));
  ck_assert_ptr_null (s);
  CNS_TEST_EXPECT_CRITICAL (
      "*node 1 cannot make a socket of TestOtherSocketFactory*",
      s = cns_socket_create (node, TEST_TYPE_OTHER_SOCKET_FACTORY));
  ck_assert_ptr_null (s);
  CNS_TEST_EXPECT_CRITICAL (
      "*g_type_is_a*",
      s = cns_socket_create (node, test_bare_socket_get_type ()));
  ck_assert_ptr_null (s);

  /* a factory that leaves the node unset: cns_socket_create sets it */
  {
    g_autoptr (CnsObject) f
        = g_object_new (TEST_TYPE_OTHER_SOCKET_FACTORY, NULL);

    cns_object_aggregate (CNS_OBJECT (node), f);
  }
  other = cns_socket_create (node, TEST_TYPE_OTHER_SOCKET_FACTORY);
  ck_assert (TEST_IS_SOCKET (other));
  ck_assert_ptr_eq (cns_socket_get_node (other), node);

  /* the base type names whichever factory comes first */
  s = cns_socket_create (node, CNS_TYPE_SOCKET_FACTORY);
  ck_assert (TEST_IS_SOCKET (s));
  g_object_unref (s);
}
END_TEST

START_TEST (test_socket_factory_without_create)
{
  g_autoptr (CnsSocketFactory) f
      = g_object_new (test_bare_factory_get_type (), NULL);
  CnsSocket *s = NULL;

  CNS_TEST_EXPECT_CRITICAL ("*create_socket*",
                            s = cns_socket_factory_create_socket (f));
  ck_assert_ptr_null (s);
}
END_TEST

Suite *
test_socket_suite (void)
{
  Suite *s = suite_create ("socket");
  TCase *tc = tcase_create ("socket");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_socket_errno_strings);
  tcase_add_test (tc, test_socket_unsupported_operations);
  tcase_add_test (tc, test_socket_dispatch);
  tcase_add_test (tc, test_socket_callbacks);
  tcase_add_test (tc, test_socket_recv_func);
  tcase_add_test (tc, test_socket_create);
  tcase_add_test (tc, test_socket_factory_without_create);
  suite_add_tcase (s, tc);
  return s;
}
