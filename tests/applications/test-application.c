/* cns — tests of the application base class, application containers and
 * application helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/cns-applications.h"
#include "internet/socket-double.h"
#include "applications/suites.h"
#include "lib/cns-test.h"

#include <string.h>

/* An application that records when, and in which context, it starts and
 * stops; as a user's own application would, it has a Protocol attribute
 * and a per-packet trace source, "Tx", fired with a packet at the start. */
typedef struct
{
  CnsApplication parent_instance;
  guint n_starts, n_stops, n_installed;
  CnsNode *installed_on; /* the node when installed was called */
  CnsTime start_time, stop_time;
  guint32 start_context, stop_context;
  GType protocol;
  CnsTraceSource tx;
} TestApp;

typedef CnsApplicationClass TestAppClass;
GType test_app_get_type (void);
G_DEFINE_TYPE (TestApp, test_app, CNS_TYPE_APPLICATION)

enum
{
  TEST_APP_PROP_0,
  TEST_APP_PROP_PROTOCOL
};

static void
test_app_start (CnsApplication *app)
{
  TestApp *self = (TestApp *) app;

  self->n_starts++;
  self->start_time = cns_simulator_now ();
  self->start_context = cns_simulator_get_context ();
  if (cns_trace_source_is_connected (&self->tx))
    {
      CnsPacket *packet = cns_packet_new (10);

      CNS_TRACE_SOURCE_FIRE (&self->tx, CnsPacketTraceFn, self, packet);
      cns_packet_unref (packet);
    }
}

static void
test_app_stop (CnsApplication *app)
{
  TestApp *self = (TestApp *) app;

  self->n_stops++;
  self->stop_time = cns_simulator_now ();
  self->stop_context = cns_simulator_get_context ();
}

static void
test_app_installed (CnsApplication *app)
{
  TestApp *self = (TestApp *) app;

  self->n_installed++;
  self->installed_on = cns_application_get_node (app);
}

static void
test_app_set_property (GObject *object, guint prop_id, const GValue *value,
                       GParamSpec *pspec)
{
  ck_assert_uint_eq (prop_id, TEST_APP_PROP_PROTOCOL);
  ((TestApp *) object)->protocol = g_value_get_gtype (value);
}

static void
test_app_get_property (GObject *object, guint prop_id, GValue *value,
                       GParamSpec *pspec)
{
  ck_assert_uint_eq (prop_id, TEST_APP_PROP_PROTOCOL);
  g_value_set_gtype (value, ((TestApp *) object)->protocol);
}

static void
test_app_class_init (TestAppClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamSpec *protocol = cns_application_param_spec_protocol ();

  object_class->set_property = test_app_set_property;
  object_class->get_property = test_app_get_property;
  klass->start_application = test_app_start;
  klass->stop_application = test_app_stop;
  klass->installed = test_app_installed;
  g_object_class_install_property (object_class, TEST_APP_PROP_PROTOCOL,
                                   protocol);
  cns_attribute_install_default (protocol, "CnsUdpSocketFactory");
  cns_application_class_install_trace_source (
      klass, "Tx", "A packet, fired at the start", "CnsPacketTraceFn",
      G_STRUCT_OFFSET (TestApp, tx));
}

static void
test_app_init (TestApp *self)
{
}

static void
setup (void)
{
  cns_test_reset ();
}

static CnsNode *
node_new (void)
{
  CnsNode *node = cns_node_new ();

  g_object_unref (node); /* the node list keeps it */
  return node;
}

static TestApp *
app_on (CnsNode *node, const gchar *start, const gchar *stop)
{
  TestApp *app = cns_object_new (test_app_get_type (), NULL);
  g_autoptr (GError) error = NULL;

  if (start != NULL)
    ck_assert (cns_attribute_set (app, "StartTime", start, &error));
  if (stop != NULL)
    ck_assert (cns_attribute_set (app, "StopTime", stop, &error));
  ck_assert_uint_eq (cns_application_install (CNS_APPLICATION (app), node),
                     cns_node_get_n_applications (node) - 1);
  g_object_unref (app); /* the node keeps it */
  return app;
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

/* Start and stop at their times, in the node's context; StopTime 0 is
 * never. */
START_TEST (test_application_start_stop)
{
  CnsNode *n0 = node_new ();
  CnsNode *n1 = node_new ();
  TestApp *a = app_on (n0, "1.5s", "3s");
  TestApp *b = app_on (n1, NULL, NULL);

  ck_assert_ptr_eq (cns_application_get_node (CNS_APPLICATION (a)), n0);
  ck_assert_ptr_eq (cns_node_get_application (n1, 0), CNS_OBJECT (b));
  /* installed is called once, with the node set */
  ck_assert_uint_eq (a->n_installed, 1);
  ck_assert_ptr_eq (a->installed_on, n0);
  ck_assert_int_eq (cns_application_get_start_time (CNS_APPLICATION (a)),
                    cns_milli_seconds (1500));
  ck_assert_int_eq (cns_application_get_stop_time (CNS_APPLICATION (a)),
                    cns_seconds (3));

  run_until (cns_milli_seconds (1499));
  ck_assert_uint_eq (a->n_starts, 0);
  ck_assert_uint_eq (b->n_starts, 1);
  ck_assert_int_eq (b->start_time, 0);
  ck_assert_uint_eq (b->start_context, 1);
  run_until (cns_seconds (100));
  ck_assert_uint_eq (a->n_starts, 1);
  ck_assert_int_eq (a->start_time, cns_milli_seconds (1500));
  ck_assert_uint_eq (a->start_context, 0);
  ck_assert_uint_eq (a->n_stops, 1);
  ck_assert_int_eq (a->stop_time, cns_seconds (3));
  ck_assert_uint_eq (a->stop_context, 0);
  ck_assert_uint_eq (b->n_stops, 0);
}
END_TEST

/* The times can be set and cleared in any order, before or after the
 * installation, and the node stays (the base keeps the times aside only
 * while one is not 0). */
START_TEST (test_application_times_set_and_cleared)
{
  CnsNode *node = node_new ();
  TestApp *a = app_on (node, "2s", NULL);
  CnsApplication *app = CNS_APPLICATION (a);

  cns_application_set_start_time (app, 0);
  ck_assert_int_eq (cns_application_get_start_time (app), 0);
  ck_assert_int_eq (cns_application_get_stop_time (app), 0);
  ck_assert_ptr_eq (cns_application_get_node (app), node);
  cns_application_set_stop_time (app, cns_seconds (4));
  cns_application_set_start_time (app, cns_seconds (1));
  ck_assert_int_eq (cns_application_get_start_time (app), cns_seconds (1));
  ck_assert_int_eq (cns_application_get_stop_time (app), cns_seconds (4));
  ck_assert_ptr_eq (cns_application_get_node (app), node);

  run_until (cns_seconds (10));
  ck_assert_int_eq (a->start_time, cns_seconds (1));
  ck_assert_int_eq (a->stop_time, cns_seconds (4));
}
END_TEST

static void
install_late (gpointer obj, gpointer data)
{
  app_on (obj, "1s", "2s");
}

/* An application installed on a running node counts its times from its
 * installation, as ns-3's Node::AddApplication initializes it then. */
START_TEST (test_application_installed_while_running)
{
  CnsNode *node = node_new ();
  TestApp *app;

  cns_simulator_schedule (cns_seconds (5), install_late, node, NULL);
  run_until (cns_seconds (10));
  app = (TestApp *) cns_node_get_application (node, 0);
  ck_assert_uint_eq (app->n_starts, 1);
  ck_assert_int_eq (app->start_time, cns_seconds (6));
  ck_assert_uint_eq (app->start_context, 0);
  ck_assert_int_eq (app->stop_time, cns_seconds (7));
}
END_TEST

static void
dispose_app (gpointer obj, gpointer data)
{
  cns_object_dispose (obj);
}

/* A disposed application ignores its pending start and stop, and stays
 * valid until the simulator lets go of them (valgrind checks). */
START_TEST (test_application_disposed_before_start)
{
  CnsNode *node = node_new ();
  TestApp *app = app_on (node, "2s", "3s");

  cns_simulator_schedule (cns_seconds (1), dispose_app, app, NULL);
  run_until (cns_seconds (10));
  ck_assert_uint_eq (app->n_starts, 0);
  ck_assert_uint_eq (app->n_stops, 0);
  ck_assert_ptr_null (cns_application_get_node (CNS_APPLICATION (app)));
}
END_TEST

START_TEST (test_application_misuse)
{
  CnsNode *node = node_new ();
  g_autoptr (CnsApplication) loose
      = cns_object_new (test_app_get_type (), NULL);
  TestApp *app = app_on (node, NULL, NULL);
  guint32 index = 99;

  /* added to a node behind the application's back: it has no node */
  cns_node_add_application (node, loose);
  CNS_TEST_EXPECT_CRITICAL ("TestApp was never installed on a node*",
                            run_until (cns_seconds (1)));
  CNS_TEST_EXPECT_CRITICAL (
      "*application_peek_node (priv) == NULL*",
      index = cns_application_install (CNS_APPLICATION (app), node));
  ck_assert_uint_eq (index, 0);
  CNS_TEST_EXPECT_CRITICAL ("*start >= 0*", cns_application_set_start_time (
                                                CNS_APPLICATION (app), -1));
}
END_TEST

START_TEST (test_application_container)
{
  CnsNode *node = node_new ();
  g_autoptr (CnsApplicationContainer) c = cns_application_container_new ();
  g_autoptr (CnsApplicationContainer) d = cns_application_container_new ();
  TestApp *a = app_on (node, NULL, NULL);
  TestApp *b = app_on (node, NULL, NULL);

  cns_application_container_add (c, CNS_APPLICATION (a));
  cns_application_container_add (d, CNS_APPLICATION (b));
  cns_application_container_add_container (c, d);
  ck_assert_uint_eq (cns_application_container_get_n (c), 2);
  ck_assert_ptr_eq (cns_application_container_get (c, 0), a);
  ck_assert_ptr_eq (cns_application_container_get (c, 1), b);
  cns_application_container_start (c, cns_seconds (2));
  cns_application_container_stop (c, cns_seconds (4));
  run_until (cns_seconds (10));
  ck_assert_int_eq (a->start_time, cns_seconds (2));
  ck_assert_int_eq (b->start_time, cns_seconds (2));
  ck_assert_int_eq (a->stop_time, cns_seconds (4));
  ck_assert_int_eq (b->stop_time, cns_seconds (4));
}
END_TEST

/* A helper installs one application per node, with its attributes. */
START_TEST (test_application_helper)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsApplicationHelper) helper = NULL;
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (CnsApplicationContainer) one = NULL;
  g_autoptr (GError) error = NULL;

  cns_node_container_create (nodes, 3);
  helper = cns_application_helper_new (test_app_get_type ());
  ck_assert (
      cns_application_helper_set_attribute (helper, "StartTime", "2s", &error));
  ck_assert (
      cns_application_helper_set_attribute (helper, "stop-time", "5s", &error));

  ck_assert (
      !cns_application_helper_set_attribute (helper, "Rate", "1", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  ck_assert_ptr_nonnull (strstr (error->message, "'Rate'"));
  g_clear_error (&error);
  ck_assert (!cns_application_helper_set_attribute (helper, "StartTime", "soon",
                                                    &error));
  ck_assert_ptr_nonnull (strstr (error->message, "soon"));
  g_clear_error (&error);

  apps = cns_application_helper_install_container (helper, nodes);
  ck_assert_uint_eq (cns_application_container_get_n (apps), 3);
  one = cns_application_helper_install (helper,
                                        cns_node_container_get (nodes, 1));
  ck_assert_uint_eq (cns_application_container_get_n (one), 1);
  for (guint i = 0; i < 3; i++)
    {
      CnsApplication *app = cns_application_container_get (apps, i);

      ck_assert_ptr_eq (cns_application_get_node (app),
                        cns_node_container_get (nodes, i));
    }
  ck_assert_uint_eq (
      cns_node_get_n_applications (cns_node_container_get (nodes, 1)), 2);
  run_until (cns_seconds (10));
  for (guint i = 0; i < 3; i++)
    {
      TestApp *app = (TestApp *) cns_application_container_get (apps, i);

      ck_assert_int_eq (app->start_time, cns_seconds (2));
      ck_assert_int_eq (app->stop_time, cns_seconds (5));
      ck_assert_uint_eq (app->start_context, i);
    }
  CNS_TEST_EXPECT_CRITICAL (
      "*G_TYPE_IS_ABSTRACT*",
      ck_assert_ptr_null (cns_application_helper_new (CNS_TYPE_APPLICATION)));
}
END_TEST

/* Object-valued attributes given as text are made for each application:
 * two sources do not share one random variable. */
START_TEST (test_application_helper_object_attributes)
{
  CnsInetSocketAddress remote
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2), 9);
  g_autoptr (CnsOnOffHelper) helper
      = cns_on_off_helper_new (TEST_TYPE_SOCKET_FACTORY, &remote);
  g_autoptr (CnsApplicationContainer) apps = NULL;
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRandomVariable) on0 = NULL;
  g_autoptr (CnsRandomVariable) on1 = NULL;
  CnsApplicationHelper *h = CNS_APPLICATION_HELPER (helper);

  cns_node_container_create (nodes, 2);
  ck_assert (
      cns_application_helper_set_attribute (h, "OnTime", "Normal", &error));
  ck_assert (cns_application_helper_set_attribute (
      h, "OnTime", "Exponential(Mean=2)", &error));
  ck_assert (!cns_application_helper_set_attribute (
      h, "OffTime", "Exponential(Mean=-2)", &error));
  ck_assert_ptr_nonnull (
      strstr (error->message, "CnsOnOffApplication::OffTime"));
  apps = cns_application_helper_install_container (h, nodes);
  g_object_get (cns_application_container_get (apps, 0), "on-time", &on0, NULL);
  g_object_get (cns_application_container_get (apps, 1), "on-time", &on1, NULL);
  ck_assert (CNS_IS_EXPONENTIAL_RANDOM_VARIABLE (on0));
  ck_assert (CNS_IS_EXPONENTIAL_RANDOM_VARIABLE (on1));
  ck_assert_ptr_ne (on0, on1);
}
END_TEST

/* The helpers' constructors and SetConstantRate set the attributes. */
START_TEST (test_application_helpers_of_applications)
{
  CnsInetSocketAddress remote
      = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2), 9);
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 5001);
  CnsNode *node = node_new ();
  g_autoptr (CnsOnOffHelper) on_off
      = cns_on_off_helper_new (TEST_TYPE_SOCKET_FACTORY, &remote);
  g_autoptr (CnsPacketSinkHelper) sink
      = cns_packet_sink_helper_new (G_TYPE_INVALID, &local);
  g_autoptr (CnsUdpEchoServerHelper) server
      = cns_udp_echo_server_helper_new (7);
  g_autoptr (CnsUdpEchoClientHelper) client
      = cns_udp_echo_client_helper_new (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 3), 7);
  g_autoptr (CnsApplicationContainer) apps = cns_application_container_new ();
  g_autoptr (CnsApplicationContainer) c1 = NULL;
  g_autoptr (CnsApplicationContainer) c2 = NULL;
  g_autoptr (CnsApplicationContainer) c3 = NULL;
  g_autoptr (CnsApplicationContainer) c4 = NULL;
  g_autoptr (GError) error = NULL;
  GType udp = g_type_from_name ("CnsUdpSocketFactory");

#define CHECK_TEXT(app, name, expected)                               \
  G_STMT_START                                                        \
    {                                                                 \
      g_autofree gchar *text = cns_attribute_get (app, name, &error); \
      ck_assert_str_eq (text, expected);                              \
    }                                                                 \
  G_STMT_END

  cns_on_off_helper_set_constant_rate (on_off, 2000000, 1000);
  c1 = cns_application_helper_install (CNS_APPLICATION_HELPER (on_off), node);
  c2 = cns_application_helper_install (CNS_APPLICATION_HELPER (sink), node);
  c3 = cns_application_helper_install (CNS_APPLICATION_HELPER (server), node);
  c4 = cns_application_helper_install (CNS_APPLICATION_HELPER (client), node);
  cns_application_container_add_container (apps, c1);
  cns_application_container_add_container (apps, c2);
  cns_application_container_add_container (apps, c3);
  cns_application_container_add_container (apps, c4);

  ck_assert (
      CNS_IS_ON_OFF_APPLICATION (cns_application_container_get (apps, 0)));
  CHECK_TEXT (cns_application_container_get (apps, 0), "Remote", "10.1.1.2:9");
  CHECK_TEXT (cns_application_container_get (apps, 0), "Protocol",
              "TestSocketFactory");
  CHECK_TEXT (cns_application_container_get (apps, 0), "DataRate", "2Mbps");
  CHECK_TEXT (cns_application_container_get (apps, 0), "PacketSize", "1000");
  {
    g_autoptr (CnsRandomVariable) on = NULL;
    g_autoptr (CnsRandomVariable) off = NULL;

    g_object_get (cns_application_container_get (apps, 0), "on-time", &on,
                  "off-time", &off, NULL);
    ck_assert (cns_random_variable_get_value (on) == 1000.0);
    ck_assert (cns_random_variable_get_value (off) == 0.0);
  }

  ck_assert (CNS_IS_PACKET_SINK (cns_application_container_get (apps, 1)));
  CHECK_TEXT (cns_application_container_get (apps, 1), "Local", "0.0.0.0:5001");
  CHECK_TEXT (cns_application_container_get (apps, 1), "Protocol",
              udp != G_TYPE_INVALID ? "CnsUdpSocketFactory"
                                    : "CnsSocketFactory");

  ck_assert (CNS_IS_UDP_ECHO_SERVER (cns_application_container_get (apps, 2)));
  CHECK_TEXT (cns_application_container_get (apps, 2), "Port", "7");

  ck_assert (CNS_IS_UDP_ECHO_CLIENT (cns_application_container_get (apps, 3)));
  CHECK_TEXT (cns_application_container_get (apps, 3), "Remote", "10.1.1.3:7");
  CHECK_TEXT (cns_application_container_get (apps, 3), "MaxPackets", "100");
  CHECK_TEXT (cns_application_container_get (apps, 3), "Interval", "1s");
  CHECK_TEXT (cns_application_container_get (apps, 3), "PacketSize", "100");
#undef CHECK_TEXT

  ck_assert_uint_eq (cns_node_get_n_applications (node), 4);
}
END_TEST

static void
count_packet (gpointer source, CnsPacket *packet, gpointer user_data)
{
  guint *n = user_data;

  ck_assert (G_TYPE_CHECK_INSTANCE_TYPE (source, test_app_get_type ()));
  ck_assert_uint_eq (cns_packet_get_size (packet), 10);
  (*n)++;
}

/* A subclass's own per-packet trace source: installed by name, listed,
 * connected by name, fired by the subclass. */
START_TEST (test_application_subclass_trace_source)
{
  TestApp *app = app_on (node_new (), "1s", NULL);
  const CnsTraceSourceInfo *info
      = cns_trace_source_find (test_app_get_type (), "Tx");
  g_autoptr (GError) error = NULL;
  guint n = 0;

  ck_assert_ptr_nonnull (info);
  ck_assert_str_eq (info->signature, "CnsPacketTraceFn");
  ck_assert_str_eq (info->blurb, "A packet, fired at the start");
  ck_assert (
      cns_trace_connect (app, "Tx", G_CALLBACK (count_packet), &n, &error));
  run_until (cns_seconds (2));
  ck_assert_uint_eq (n, 1);

  /* misuse: not an application class */
  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_APPLICATION_CLASS*",
      cns_application_class_install_trace_source (
          g_type_class_peek (CNS_TYPE_NODE), "Tx", "b", "CnsPacketTraceFn", 8));
}
END_TEST

/* The Protocol attribute holds a socket factory type, UDP by default
 * (the declared default, which listings show), set by type name: any
 * factory, one the library does not know included; nothing else. */
START_TEST (test_application_protocol)
{
  GType types[] = { test_app_get_type (), CNS_TYPE_ON_OFF_APPLICATION,
                    CNS_TYPE_PACKET_SINK, CNS_TYPE_UDP_ECHO_CLIENT,
                    CNS_TYPE_UDP_ECHO_SERVER };
  g_autoptr (GError) error = NULL;

  g_type_ensure (TEST_TYPE_SOCKET_FACTORY);
  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr (GObject) app = cns_object_new (types[i], NULL);
      GParamSpec *pspec = cns_attribute_find (types[i], "Protocol");
      g_auto (GValue) value = G_VALUE_INIT;
      g_autofree gchar *text = NULL;
      GType protocol = G_TYPE_INVALID;

      ck_assert_ptr_nonnull (pspec);
      ck_assert (G_IS_PARAM_SPEC_GTYPE (pspec));
      ck_assert (G_PARAM_SPEC_GTYPE (pspec)->is_a_type
                 == CNS_TYPE_SOCKET_FACTORY);
      cns_attribute_get_default (pspec, &value);
      ck_assert (g_value_get_gtype (&value) == CNS_TYPE_UDP_SOCKET_FACTORY);
      text = cns_attribute_get (app, "Protocol", &error);
      ck_assert_str_eq (text, "CnsUdpSocketFactory");

      ck_assert (
          cns_attribute_set (app, "Protocol", "TestSocketFactory", &error));
      g_object_get (app, "protocol", &protocol, NULL);
      ck_assert (protocol == TEST_TYPE_SOCKET_FACTORY);
      ck_assert (cns_attribute_set (app, "Protocol", "Udp", &error));
      g_object_get (app, "protocol", &protocol, NULL);
      ck_assert (protocol == CNS_TYPE_UDP_SOCKET_FACTORY);

      ck_assert (!cns_attribute_set (app, "Protocol", "CnsUdpSocket", &error));
      ck_assert_ptr_nonnull (strstr (error->message, "Protocol"));
      g_clear_error (&error);
      ck_assert (
          !cns_attribute_set (app, "Protocol", "CnsSocketFactory", &error));
      ck_assert_ptr_nonnull (strstr (error->message, "abstract"));
      g_clear_error (&error);
    }
}
END_TEST

/* The log line helpers, as ns-3's applications write them. */
START_TEST (test_application_format)
{
  gchar now[CNS_TIME_STRING_SIZE];
  gchar endpoint[CNS_APPLICATION_ENDPOINT_STRING_SIZE];
  CnsInetSocketAddress inet = cns_inet_socket_address_init (
      CNS_IPV4_ADDRESS_INIT (255, 255, 255, 255), 65535);
  CnsAddress address;

  cns_application_format_now (now);
  ck_assert_str_eq (now, "+0s");
  cns_inet_socket_address_to_address (&inet, &address);
  cns_application_format_endpoint (&address, endpoint);
  ck_assert_str_eq (endpoint, "255.255.255.255 port 65535");
  inet = cns_inet_socket_address_init (CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2), 9);
  cns_application_format_inet_endpoint (&inet, endpoint);
  ck_assert_str_eq (endpoint, "10.1.1.2 port 9");
}
END_TEST

Suite *
test_application_suite (void)
{
  Suite *s = suite_create ("application");
  TCase *tc = tcase_create ("application");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_application_start_stop);
  tcase_add_test (tc, test_application_installed_while_running);
  tcase_add_test (tc, test_application_disposed_before_start);
  tcase_add_test (tc, test_application_times_set_and_cleared);
  tcase_add_test (tc, test_application_misuse);
  tcase_add_test (tc, test_application_container);
  tcase_add_test (tc, test_application_helper);
  tcase_add_test (tc, test_application_helper_object_attributes);
  tcase_add_test (tc, test_application_helpers_of_applications);
  tcase_add_test (tc, test_application_subclass_trace_source);
  tcase_add_test (tc, test_application_protocol);
  tcase_add_test (tc, test_application_format);
  suite_add_tcase (s, tc);
  return s;
}
