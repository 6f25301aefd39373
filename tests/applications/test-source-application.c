/* cns — tests of CnsSourceApplication, the base of the applications over
 * one socket: its attributes, the three ways it opens the socket, the
 * virtual functions it calls and the errors it reports.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/cns-applications.h"
#include "applications/suites.h"
#include "internet/socket-double.h"
#include "lib/cns-test.h"

#include <string.h>

/* A subclass that writes each virtual function it gets into a log, with
 * the state of the socket at that moment, and counts what it reads. */
typedef struct
{
  CnsSourceApplication parent_instance;
  GString *log;
  guint n_reads;
  CnsSocket *connection; /* the last accepted, referenced */
} TestSource;

typedef CnsSourceApplicationClass TestSourceClass;
GType test_source_get_type (void);
G_DEFINE_TYPE (TestSource, test_source, CNS_TYPE_SOURCE_APPLICATION)

#define TEST_SOURCE(obj) ((TestSource *) (obj))

static void
test_source_read (CnsSocket *socket, gpointer user_data)
{
  CnsAddress from;
  CnsPacket *packet;

  while ((packet = cns_socket_recv_from (socket, G_MAXUINT32, 0, &from)))
    {
      TEST_SOURCE (user_data)->n_reads++;
      cns_packet_unref (packet);
    }
}

static void
test_source_socket_opened (CnsSourceApplication *source, CnsSocket *socket)
{
  TestSocket *s = TEST_SOCKET (socket);

  g_string_append_printf (
      TEST_SOURCE (source)->log, "opened(bound=%d listening=%d connected=%d) ",
      test_socket_is_bound (s), test_socket_is_listening (s),
      test_socket_is_connected (s));
  cns_socket_set_recv_callback (socket, test_source_read, source);
}

static void
test_source_connection_succeeded (CnsSourceApplication *source,
                                  CnsSocket *socket)
{
  g_string_append_printf (TEST_SOURCE (source)->log, "succeeded(%d) ",
                          test_socket_is_connected (TEST_SOCKET (socket)));
}

static void
test_source_new_connection (CnsSourceApplication *source, CnsSocket *connection,
                            const CnsAddress *from)
{
  TestSource *self = TEST_SOURCE (source);
  CnsInetSocketAddress inet;
  gchar text[CNS_INET_SOCKET_ADDRESS_STRING_SIZE];

  g_assert (cns_inet_socket_address_from_address (from, &inet));
  cns_inet_socket_address_format (&inet, text);
  g_string_append_printf (self->log, "accepted(%s) ", text);
  g_set_object (&self->connection, connection);
}

static void
test_source_finalize (GObject *object)
{
  TestSource *self = TEST_SOURCE (object);

  g_string_free (self->log, TRUE);
  g_clear_object (&self->connection);
  G_OBJECT_CLASS (test_source_parent_class)->finalize (object);
}

static void
test_source_class_init (TestSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_source_finalize;
  klass->socket_opened = test_source_socket_opened;
  klass->connection_succeeded = test_source_connection_succeeded;
  klass->new_connection = test_source_new_connection;
  cns_source_application_class_install_remote (klass, "Where to connect");
  cns_source_application_class_install_local (klass, "Where to bind",
                                              "0.0.0.0:7");
  cns_source_application_class_install_protocol (klass,
                                                 TEST_TYPE_SOCKET_FACTORY);
}

static void
test_source_init (TestSource *self)
{
  self->log = g_string_new (NULL);
}

static CnsNode *node;
static TestSocketFactory *factory;

static void
setup (void)
{
  cns_test_reset ();
  node = cns_node_new ();
  g_object_unref (node);
  factory = test_socket_factory_install (node);
}

/* A TestSource on the node, with the attributes given as name, text
 * pairs; the node holds it. */
static TestSource *
source_new (const gchar *first_name, ...)
{
  TestSource *self = cns_object_new (test_source_get_type (), NULL);
  g_autoptr (GError) error = NULL;
  va_list args;

  va_start (args, first_name);
  for (const gchar *name = first_name; name != NULL;
       name = va_arg (args, const gchar *))
    ck_assert (
        cns_attribute_set (self, name, va_arg (args, const gchar *), &error));
  va_end (args);
  cns_application_install (CNS_APPLICATION (self), node);
  g_object_unref (self);
  return self;
}

static CnsSourceApplication *
base (TestSource *self)
{
  return CNS_SOURCE_APPLICATION (self);
}

static TestSocket *
socket_of (TestSource *self)
{
  return TEST_SOCKET (cns_source_application_get_socket (base (self)));
}

/* @address of @socket (its local or its peer) as text. */
static gchar *
address_text (const CnsAddress *address)
{
  CnsInetSocketAddress inet;
  gchar text[CNS_INET_SOCKET_ADDRESS_STRING_SIZE];

  ck_assert (cns_inet_socket_address_from_address (address, &inet));
  cns_inet_socket_address_format (&inet, text);
  return g_strdup (text);
}

static void
inject (TestSocket *socket, guint32 size)
{
  CnsAddress from;

  test_inet_address ("10.1.1.9:4000", &from);
  test_socket_inject (socket, cns_packet_new (size), &from);
}

/* connect: made, bound to Local, socket_opened before the connection,
 * connected to Remote; the connect callbacks are gone once told. */
START_TEST (test_source_connect)
{
  TestSource *app
      = source_new ("Remote", "10.1.1.2:9", "Local", "10.1.1.1:5000", NULL);
  g_autofree gchar *local = NULL;
  g_autofree gchar *peer = NULL;
  CnsAddress a;

  ck_assert_ptr_null (socket_of (app));
  ck_assert (cns_source_application_connect (base (app)));
  ck_assert_str_eq (app->log->str, "opened(bound=1 listening=0 connected=0) "
                                   "succeeded(1) ");
  ck_assert_uint_eq (test_socket_factory_get_n_sockets (factory), 1);
  ck_assert_ptr_eq (socket_of (app),
                    test_socket_factory_get_socket (factory, 0));
  test_socket_get_local (socket_of (app), &a);
  local = address_text (&a);
  ck_assert_str_eq (local, "10.1.1.1:5000");
  test_socket_get_peer (socket_of (app), &a);
  peer = address_text (&a);
  ck_assert_str_eq (peer, "10.1.1.2:9");

  /* told once: a second notification reaches nobody */
  cns_socket_notify_connection_succeeded (CNS_SOCKET (socket_of (app)));
  cns_socket_notify_connection_failed (CNS_SOCKET (socket_of (app)));
  ck_assert_str_eq (app->log->str, "opened(bound=1 listening=0 connected=0) "
                                   "succeeded(1) ");
  /* the receive callback socket_opened set works */
  inject (socket_of (app), 100);
  ck_assert_uint_eq (app->n_reads, 1);
}
END_TEST

/* Without Local the socket is bound to any address and an ephemeral
 * port (the socket double's first is 49153). */
START_TEST (test_source_connect_without_local)
{
  TestSource *app = source_new ("Remote", "10.1.1.2:9", NULL);
  g_autofree gchar *local = NULL;
  CnsAddress a;

  g_object_set (app, "local", NULL, NULL);
  ck_assert_ptr_null (cns_source_application_get_local (base (app)));
  ck_assert (cns_source_application_connect (base (app)));
  test_socket_get_local (socket_of (app), &a);
  local = address_text (&a);
  ck_assert_str_eq (local, "0.0.0.0:49153");
}
END_TEST

/* A failed connection: by default a warning that names the application,
 * its node, Remote and the socket's errno; nothing else is called. */
START_TEST (test_source_connection_failed)
{
  TestSource *app = source_new ("Remote", "10.1.1.2:9", NULL);

  test_socket_factory_set_fail_connect (factory, TRUE);
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "TestSource on node 0 cannot connect to 10.1.1.2 "
                           "port 9: no route to host");
  ck_assert (cns_source_application_connect (base (app)));
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  ck_assert_str_eq (app->log->str, "opened(bound=1 listening=0 connected=0) ");
}
END_TEST

/* listen: bound to Local, listening before socket_opened; each accepted
 * connection reaches new_connection with its peer. */
START_TEST (test_source_listen)
{
  TestSource *app = source_new ("Local", "0.0.0.0:9", NULL);
  CnsAddress from;
  TestSocket *connection;

  ck_assert (cns_source_application_listen (base (app)));
  ck_assert_str_eq (app->log->str, "opened(bound=1 listening=1 connected=0) ");
  test_inet_address ("10.1.1.1:49153", &from);
  connection = test_socket_inject_connection (socket_of (app), &from);
  ck_assert_ptr_nonnull (connection);
  ck_assert_ptr_eq (app->connection, CNS_SOCKET (connection));
  ck_assert_str_eq (app->log->str, "opened(bound=1 listening=1 connected=0) "
                                   "accepted(10.1.1.1:49153) ");
  ck_assert (!test_socket_is_connected (socket_of (app)));
}
END_TEST

/* bind: bound to Local (its default here, 0.0.0.0:7), neither listening
 * nor connected. */
START_TEST (test_source_bind)
{
  TestSource *app = source_new (NULL);
  g_autofree gchar *local = NULL;
  CnsAddress a;

  ck_assert (cns_source_application_bind (base (app)));
  ck_assert_str_eq (app->log->str, "opened(bound=1 listening=0 connected=0) ");
  test_socket_get_local (socket_of (app), &a);
  local = address_text (&a);
  ck_assert_str_eq (local, "0.0.0.0:7");
}
END_TEST

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(guint *) user_data)++;
}

/* The attributes are the subclass's, with its blurbs and defaults, and
 * the base keeps their values: as text, as properties, through the
 * base's API. */
START_TEST (test_source_attributes)
{
  g_autoptr (GObject) object = cns_object_new (test_source_get_type (), NULL);
  TestSource *app = TEST_SOURCE (object);
  GParamSpec *remote = cns_attribute_find (test_source_get_type (), "Remote");
  GParamSpec *protocol
      = cns_attribute_find (test_source_get_type (), "Protocol");
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  g_autofree gchar *local = NULL;
  g_autofree gchar *proto = NULL;
  CnsInetSocketAddress inet
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 3), 80);
  CnsAddress a;
  guint notified = 0;

  ck_assert_ptr_nonnull (remote);
  ck_assert (remote->owner_type == test_source_get_type ());
  ck_assert_str_eq (g_param_spec_get_blurb (remote), "Where to connect");
  ck_assert (G_PARAM_SPEC_GTYPE (protocol)->is_a_type
             == CNS_TYPE_SOCKET_FACTORY);
  /* none on the base itself: each subclass lists its own */
  ck_assert_ptr_null (
      cns_attribute_find (CNS_TYPE_SOURCE_APPLICATION, "Remote"));

  /* defaults */
  ck_assert_ptr_null (cns_source_application_get_remote (base (app)));
  local = cns_attribute_get (app, "Local", &error);
  ck_assert_str_eq (local, "0.0.0.0:7");
  proto = cns_attribute_get (app, "Protocol", &error);
  ck_assert_str_eq (proto, "TestSocketFactory");
  ck_assert (cns_source_application_get_protocol (base (app))
             == TEST_TYPE_SOCKET_FACTORY);

  /* text in, the base's getter out, and back */
  ck_assert (cns_attribute_set (app, "Remote", "10.1.1.2:9", &error));
  ck_assert_uint_eq (cns_source_application_get_remote (base (app))->port, 9);
  text = cns_attribute_get (app, "Remote", &error);
  ck_assert_str_eq (text, "10.1.1.2:9");
  ck_assert (
      cns_attribute_set (app, "Protocol", "CnsUdpSocketFactory", &error));
  ck_assert (cns_source_application_get_protocol (base (app))
             == CNS_TYPE_UDP_SOCKET_FACTORY);

  /* the base's setters notify the subclass's properties */
  g_signal_connect (app, "notify", G_CALLBACK (count_notify), &notified);
  cns_inet_socket_address_to_address (&inet, &a);
  cns_source_application_set_remote (base (app), &a);
  cns_source_application_set_local (base (app), &a);
  cns_source_application_set_protocol (base (app), TEST_TYPE_SOCKET_FACTORY);
  ck_assert_uint_eq (notified, 3);
  g_clear_pointer (&text, g_free);
  text = cns_attribute_get (app, "Remote", &error);
  ck_assert_str_eq (text, "10.1.1.3:80");
  g_clear_pointer (&text, g_free);
  text = cns_attribute_get (app, "Local", &error);
  ck_assert_str_eq (text, "10.1.1.3:80");

  /* a Protocol that is no socket factory is refused, naming it */
  ck_assert (!cns_attribute_set (app, "Protocol", "CnsNode", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "CnsNode"));
}
END_TEST

/* What cannot work is reported, naming the application, its node and
 * the value at fault. */
START_TEST (test_source_errors)
{
  TestSource *app = source_new (NULL);
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  CnsNode *bare;
  TestSource *on_bare;
  CnsAddress mac;
  const guint8 bytes[6] = { 0, 0, 0, 0, 0, 1 };

  /* no Remote */
  CNS_TEST_EXPECT_CRITICAL (
      "TestSource on node 0: its Remote attribute is "
      "not set; it sends nothing",
      ck_assert (!cns_source_application_connect (base (app))));
  ck_assert_uint_eq (test_socket_factory_get_n_sockets (factory), 0);

  /* an address of another kind, named, and nothing changed */
  cns_address_init (&mac, CNS_ADDRESS_TYPE_MAC48, bytes, 6);
  CNS_TEST_EXPECT_CRITICAL (
      "TestSource: its Remote attribute must be an inet socket address "
      "(\"10.1.1.2:9\"), not 01-06-00:00:00:00:00:01",
      cns_source_application_set_remote (base (app), &mac));
  ck_assert_ptr_null (cns_source_application_get_remote (base (app)));
  CNS_TEST_EXPECT_CRITICAL (
      "TestSource: its Local attribute must be an inet "
      "socket address*01-06-00:00:00:00:00:01",
      cns_source_application_set_local (base (app), &mac));
  text = cns_attribute_get (app, "Local", &error);
  ck_assert_str_eq (text, "0.0.0.0:7");
  ck_assert (!cns_attribute_set (app, "Remote", "10.1.1.2", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "10.1.1.2"));
  g_clear_error (&error);

  /* a Local the node does not have: the socket's error, no socket kept */
  bare = cns_node_new ();
  g_object_unref (bare);
  ck_assert (cns_internet_stack_helper_install (stack, bare, &error));
  on_bare = cns_object_new (test_source_get_type (), NULL);
  ck_assert (
      cns_attribute_set (on_bare, "Protocol", "CnsUdpSocketFactory", &error));
  ck_assert (cns_attribute_set (on_bare, "Local", "10.9.9.9:5000", &error));
  ck_assert (cns_attribute_set (on_bare, "Remote", "10.1.1.2:9", &error));
  cns_application_install (CNS_APPLICATION (on_bare), bare);
  g_object_unref (on_bare);
  CNS_TEST_EXPECT_CRITICAL (
      "TestSource on node 1 cannot bind its socket: "
      "CnsUdpSocket on node 1 cannot bind to "
      "10.9.9.9:5000: address not available",
      ck_assert (!cns_source_application_connect (base (on_bare))));
  ck_assert_ptr_null (cns_source_application_get_socket (base (on_bare)));

  /* misuse */
  CNS_TEST_EXPECT_CRITICAL (
      "*g_type_is_a*",
      cns_source_application_set_protocol (base (app), CNS_TYPE_NODE));
}
END_TEST

/* close_socket closes once and silences the socket; release_socket lets
 * go of it, and the next open makes another. */
START_TEST (test_source_close_and_release)
{
  TestSource *app = source_new ("Remote", "10.1.1.2:9", NULL);
  TestSocket *first;

  ck_assert (cns_source_application_connect (base (app)));
  first = socket_of (app);
  cns_source_application_close_socket (base (app));
  ck_assert (test_socket_is_closed (first));
  inject (first, 100);
  ck_assert_uint_eq (app->n_reads, 0);
  /* once: a second close would set the errno to BADF */
  cns_source_application_close_socket (base (app));
  ck_assert_int_eq (cns_socket_get_errno (CNS_SOCKET (first)),
                    CNS_SOCKET_ERROR_NOTERROR);
  ck_assert_ptr_eq (socket_of (app), first);

  cns_source_application_release_socket (base (app));
  ck_assert_ptr_null (socket_of (app));
  ck_assert (cns_source_application_connect (base (app)));
  ck_assert_uint_eq (test_socket_factory_get_n_sockets (factory), 2);
  ck_assert_ptr_ne (socket_of (app), first);
}
END_TEST

/* The applications of the module are its subclasses, each with its own
 * Remote, Local and Protocol, or none of them. */
START_TEST (test_source_subclasses)
{
  struct
  {
    GType type;
    const gchar *remote, *local, *protocol;
  } cases[] = {
    { CNS_TYPE_ON_OFF_APPLICATION, "none", NULL, "CnsUdpSocketFactory" },
    { CNS_TYPE_BULK_SEND_APPLICATION, "none", "none", "CnsTcpSocketFactory" },
    { CNS_TYPE_PACKET_SINK, NULL, "0.0.0.0:0", "CnsUdpSocketFactory" },
    { CNS_TYPE_UDP_ECHO_CLIENT, "none", NULL, "CnsUdpSocketFactory" },
    { CNS_TYPE_UDP_ECHO_SERVER, NULL, NULL, "CnsUdpSocketFactory" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GObject) app = cns_object_new (cases[i].type, NULL);
      const gchar *names[] = { "Remote", "Local", "Protocol" };
      const gchar *values[]
          = { cases[i].remote, cases[i].local, cases[i].protocol };

      ck_assert (g_type_is_a (cases[i].type, CNS_TYPE_SOURCE_APPLICATION));
      for (gsize n = 0; n < G_N_ELEMENTS (names); n++)
        {
          GParamSpec *pspec = cns_attribute_find (cases[i].type, names[n]);
          g_autoptr (GError) error = NULL;
          g_autofree gchar *text = NULL;

          if (values[n] == NULL)
            {
              ck_assert_ptr_null (pspec);
              continue;
            }
          ck_assert (pspec->owner_type == cases[i].type);
          text = cns_attribute_get (app, names[n], &error);
          ck_assert_str_eq (text, values[n]);
        }
    }
}
END_TEST

Suite *
test_source_application_suite (void)
{
  Suite *s = suite_create ("source-application");
  TCase *tc = tcase_create ("source-application");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_source_connect);
  tcase_add_test (tc, test_source_connect_without_local);
  tcase_add_test (tc, test_source_connection_failed);
  tcase_add_test (tc, test_source_listen);
  tcase_add_test (tc, test_source_bind);
  tcase_add_test (tc, test_source_attributes);
  tcase_add_test (tc, test_source_errors);
  tcase_add_test (tc, test_source_close_and_release);
  tcase_add_test (tc, test_source_subclasses);
  suite_add_tcase (s, tc);
  return s;
}
