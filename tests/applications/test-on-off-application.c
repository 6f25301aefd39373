/* cns — tests of the on-off source.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The source runs over the recording socket of socket-double.c, so every
 * packet's time is checked against times worked out by hand from ns-3's
 * OnOffApplication rules.
 */
#include "applications/cns-applications.h"
#include "internet/ipv4-fixtures.h"
#include "internet/socket-double.h"
#include "applications/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define MS(x) cns_micro_seconds ((gint64) ((x) *1000))
#define US(x) cns_nano_seconds ((gint64) ((x) *1000))

static CnsNode *node;
static TestSocketFactory *factory;

static void
setup (void)
{
  cns_test_reset ();
  node = cns_node_new ();
  g_object_unref (node); /* the node list keeps it */
  factory = test_socket_factory_install (node);
  g_type_ensure (TEST_TYPE_OTHER_SOCKET_FACTORY);
}

/* An on-off source on the test node sending to 10.1.1.2:9 through the
 * recording socket, with the attributes given as name, text pairs. The
 * node holds it. */
static CnsOnOffApplication *
on_off_new (const gchar *first_name, ...)
{
  g_autoptr (GError) error = NULL;
  CnsOnOffApplication *app = cns_on_off_application_new ();
  va_list args;

  ck_assert (cns_attribute_set (app, "Remote", "10.1.1.2:9", &error));
  ck_assert (cns_attribute_set (app, "Protocol", "TestSocketFactory", &error));
  va_start (args, first_name);
  for (const gchar *name = first_name; name != NULL;
       name = va_arg (args, const gchar *))
    {
      const gchar *value = va_arg (args, const gchar *);

      ck_assert_msg (cns_attribute_set (app, name, value, &error), "%s=%s: %s",
                     name, value, error ? error->message : "");
    }
  va_end (args);
  cns_application_install (CNS_APPLICATION (app), node);
  g_object_unref (app);
  return app;
}

static void
run_until (CnsTime t)
{
  cns_simulator_stop_at (t);
  cns_simulator_run ();
}

static const GArray *
sent (void)
{
  TestSocket *s = test_socket_factory_get_socket (factory, 0);

  ck_assert_ptr_nonnull (s);
  return test_socket_get_sent (s);
}

static CnsTime
sent_time (guint i)
{
  const GArray *a = sent ();

  ck_assert_uint_lt (i, a->len);
  return g_array_index (a, TestSent, i).time;
}

/* Always on (OffTime 0, OnTime 1000 s): the first packet one interval
 * after the start, 512 * 8 / 500000 = 8.192 ms, then every 8.192 ms. */
START_TEST (test_on_off_constant_rate)
{
  CnsAddress remote;
  const GArray *a;

  on_off_new ("OnTime", "Constant(Constant=1000)", "OffTime",
              "Constant(Constant=0)", NULL);
  test_inet_address ("10.1.1.2:9", &remote);
  run_until (MS (100));

  a = sent ();
  ck_assert_uint_eq (a->len, 12); /* 12 * 8.192 = 98.304 ms */
  for (guint i = 0; i < a->len; i++)
    {
      const TestSent *s = &g_array_index (a, TestSent, i);

      ck_assert_int_eq (s->time, (i + 1) * cns_nano_seconds (8192000));
      ck_assert_uint_eq (s->size, 512);
      ck_assert (cns_address_equal (&s->to, &remote));
      ck_assert_uint_eq (s->context, cns_node_get_id (node));
    }
}
END_TEST

/* Checks the times of the packets sent, in picoseconds. */
static void
check_sent_times (const CnsTime *times, guint n)
{
  ck_assert_uint_eq (sent ()->len, n);
  for (guint i = 0; i < n; i++)
    ck_assert_int_eq (sent_time (i), times[i]);
}

/* A DataRate above 2^48 b/s, 2^50, with 1000-byte packets: an interval is
 * 8000 bits / 2^50 b/s = 7.105 ps, 7 ps. OffTime 5 ps, OnTime 10 ps: on
 * at 5 ps, a packet at 12, off at 15 owing 3 ps * 2^50 b/s = 3377.7, 3377
 * bits; on at 20, the rest, 4623 bits, take 4 ps: a packet at 24; off at
 * 30 owing 6755 bits; on at 35, 1245 bits take 1 ps: packets at 36 and
 * 43; off at 45 owing 2251 bits; on at 50, 5749 bits take 5 ps: 55. */
START_TEST (test_on_off_data_rate_above_2_48)
{
  static const CnsTime times[] = { 12, 24, 36, 43, 55 };

  on_off_new ("DataRate", "1125899906842624bps", "PacketSize", "1000", "OnTime",
              "1e-11", "OffTime", "5e-12", NULL);
  run_until (56);
  check_sent_times (times, G_N_ELEMENTS (times));
}
END_TEST

/* The residual computed exactly where time * rate passes 64 bits: 2^50
 * b/s and 4,000,000-byte packets (32e6 bits, 28421.7 ps, 28422 ps).
 * OffTime 10 ns, OnTime 48.422 ns: on at 10000 ps, a packet at 38422,
 * off at 58422 owing 20000 ps * 2^50 b/s = 22517998.1 bits (the product,
 * 2.25e19, is over 2^64); on at 68422, the other 9482002 bits take 8422
 * ps: a packet at 76844, then at 105266. */
START_TEST (test_on_off_residual_past_64_bits)
{
  static const CnsTime times[] = { 38422, 76844, 105266 };

  on_off_new ("DataRate", "1125899906842624bps", "PacketSize", "4000000",
              "OnTime", "4.8422e-8", "OffTime", "1e-8", NULL);
  run_until (110000);
  check_sent_times (times, G_N_ELEMENTS (times));
}
END_TEST

static void
count_tx_drop (gpointer source, CnsPacket *packet, gpointer user_data)
{
  guint *n = user_data;

  ck_assert_uint_eq (cns_packet_get_size (packet), 65508);
  (*n)++;
}

/* Over UDP a PacketSize above 65,507 bytes never goes: the socket refuses
 * every packet and fires TxDrop, and the first refusal gives a warning
 * naming the node and the size. */
START_TEST (test_on_off_packet_too_big_for_udp)
{
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;
  guint n_dropped = 0;
  Pair pair;

  pair_build (&pair, "1Gbps", "1ms");
  {
    g_autoptr (CnsUdpL4Protocol) udp = cns_udp_l4_protocol_new ();

    cns_object_aggregate (CNS_OBJECT (pair.a.node), CNS_OBJECT (udp));
  }
  ck_assert (cns_attribute_set (app, "Remote", "10.1.1.2:9", &error));
  ck_assert (cns_attribute_set (app, "PacketSize", "65508", &error));
  ck_assert (cns_attribute_set (app, "OffTime", "0", &error));
  ck_assert (cns_attribute_set (app, "OnTime", "1000", &error));
  cns_application_install (CNS_APPLICATION (app), pair.a.node);
  run_until (1);
  ck_assert (cns_trace_connect (cns_on_off_application_get_socket (app),
                                "TxDrop", G_CALLBACK (count_tx_drop),
                                &n_dropped, &error));
  /* 65508 bytes at 500 kb/s: one every 1.048128 s */
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "OnOffApplication on node 1: its socket refuses "
                           "packets of 65508 bytes (PacketSize) as too big*");
  run_until (cns_seconds (3));
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  ck_assert_uint_eq (n_dropped, 2);
  pair_clear (&pair);
}
END_TEST

/* What the start does to the socket: bound to an ephemeral port,
 * connected to Remote, broadcast allowed, receiving shut down. */
START_TEST (test_on_off_socket_setup)
{
  CnsOnOffApplication *app = on_off_new ("StartTime", "1s", NULL);
  TestSocket *s;
  CnsAddress a, expected;

  run_until (MS (999));
  ck_assert_uint_eq (test_socket_factory_get_n_sockets (factory), 0);
  ck_assert_ptr_null (cns_on_off_application_get_socket (app));
  run_until (MS (1001));
  s = test_socket_factory_get_socket (factory, 0);
  ck_assert_ptr_eq (cns_on_off_application_get_socket (app), CNS_SOCKET (s));
  ck_assert_ptr_eq (cns_socket_get_node (CNS_SOCKET (s)), node);
  ck_assert (test_socket_is_bound (s));
  test_socket_get_local (s, &a);
  test_inet_address ("0.0.0.0:49153", &expected);
  ck_assert (cns_address_equal (&a, &expected));
  ck_assert (test_socket_is_connected (s));
  test_socket_get_peer (s, &a);
  test_inet_address ("10.1.1.2:9", &expected);
  ck_assert (cns_address_equal (&a, &expected));
  ck_assert (test_socket_get_allow_broadcast (s));
  ck_assert (test_socket_is_recv_shut_down (s));
  ck_assert (!test_socket_is_closed (s));
}
END_TEST

/* The defaults, OnTime = OffTime = 1 s, at 500 kb/s and 512 bytes. Off
 * 0..1 s, on 1..2 s: packets at 1 s + k * 8.192 ms, k = 1..122 (the last
 * at 1.999424 s). The switch off at 2 s keeps the residual: (2 - 1.999424)
 * s * 500000 b/s = 288 bits. On again at 3 s, the first packet needs only
 * 4096 - 288 = 3808 bits: 7.616 ms, at 3.007616 s; then every 8.192 ms to
 * 3.998848 s (122 packets). At 4 s the residual is 0.001152 * 500000 = 576
 * bits, so the third on-period starts with a packet at 5 s + 3520 bits =
 * 5.00704 s. */
START_TEST (test_on_off_residual_bits)
{
  const GArray *a;

  on_off_new (NULL);
  run_until (MS (5100));
  a = sent ();

  ck_assert_int_eq (sent_time (0), MS (1008.192));
  for (guint i = 1; i < 122; i++)
    ck_assert_int_eq (sent_time (i) - sent_time (i - 1), MS (8.192));
  ck_assert_int_eq (sent_time (121), MS (1999.424));

  ck_assert_int_eq (sent_time (122), MS (3007.616));
  for (guint i = 123; i < 244; i++)
    ck_assert_int_eq (sent_time (i) - sent_time (i - 1), MS (8.192));
  ck_assert_int_eq (sent_time (243), MS (3998.848));

  ck_assert_int_eq (sent_time (244), MS (5007.04));
  /* 5.00704 + k * 8.192 ms <= 5.1 s: k = 0..11 */
  ck_assert_uint_eq (a->len, 244 + 12);
  ck_assert_int_eq (sent_time (a->len - 1), MS (5007.04) + 11 * MS (8.192));
}
END_TEST

/* At 512 kb/s the interval, 8 ms, divides the 1 s on-period: the 125th
 * send falls on the switch off at 2 s. The switch was scheduled first (at
 * 1 s, the send at 1.992 s), so it runs first, as in ns-3: it cancels the
 * send and keeps a whole packet's 4096 bits, which go out at once when
 * the next on-period starts at 3 s. */
START_TEST (test_on_off_interval_divides_on_time)
{
  const GArray *a;

  on_off_new ("DataRate", "512kbps", NULL);
  run_until (MS (3020));
  a = sent ();

  ck_assert_uint_eq (a->len, 124 + 3);
  ck_assert_int_eq (sent_time (0), MS (1008));
  ck_assert_int_eq (sent_time (123), MS (1992));
  ck_assert_int_eq (sent_time (124), MS (3000));
  ck_assert_int_eq (sent_time (125), MS (3008));
  ck_assert_int_eq (sent_time (126), MS (3016));
}
END_TEST

/* MaxBytes: sending stops for good once the total reaches it, and the
 * socket is closed then. 2048 bytes are four packets; 1000 bytes take
 * two (512 < 1000 still sends). */
START_TEST (test_on_off_max_bytes)
{
  CnsOnOffApplication *app
      = on_off_new ("OffTime", "0", "OnTime", "1000", "MaxBytes", "2048", NULL);
  TestSocket *s;

  run_until (MS (32.767));
  s = test_socket_factory_get_socket (factory, 0);
  ck_assert_uint_eq (sent ()->len, 3);
  ck_assert (!test_socket_is_closed (s));
  run_until (MS (32.769));
  ck_assert_uint_eq (sent ()->len, 4);
  ck_assert_int_eq (sent_time (3), MS (32.768));
  ck_assert (test_socket_is_closed (s));
  run_until (cns_seconds (10));
  ck_assert_uint_eq (sent ()->len, 4);

  cns_test_reset ();
  setup ();
  app = on_off_new ("OffTime", "0", "OnTime", "1000", "MaxBytes", "1000", NULL);
  run_until (cns_seconds (1));
  ck_assert_uint_eq (sent ()->len, 2);
  ck_assert (
      test_socket_is_closed (test_socket_factory_get_socket (factory, 0)));
  (void) app;
}
END_TEST

/* Nothing before StartTime, nothing after StopTime, and the socket is
 * closed at StopTime: start 1 s, stop 1.05 s, always on: packets at
 * 1.008192 .. 1.049152 s (6). */
START_TEST (test_on_off_start_stop)
{
  on_off_new ("OffTime", "0", "OnTime", "1000", "StartTime", "1s", "StopTime",
              "1.05s", NULL);
  run_until (MS (1049));
  ck_assert_uint_eq (sent ()->len, 5);
  ck_assert (
      !test_socket_is_closed (test_socket_factory_get_socket (factory, 0)));
  run_until (cns_seconds (5));
  ck_assert_uint_eq (sent ()->len, 6);
  ck_assert_int_eq (sent_time (0), MS (1008.192));
  ck_assert_int_eq (sent_time (5), MS (1049.152));
  ck_assert (
      test_socket_is_closed (test_socket_factory_get_socket (factory, 0)));
}
END_TEST

/* As in ns-3, the connection (immediate for a datagram socket) draws an
 * OffTime and the start then cancels it and draws again: with a
 * sequential OffTime of 0.25, 0.5, 0.75, ... the first switch on is at
 * 0.5 s; the next off-period draws 0.75 s. */
START_TEST (test_on_off_off_time_drawn_twice)
{
  on_off_new ("OffTime", "Sequential(Min=0.25,Max=10,Increment=0.25)", "OnTime",
              "Constant(Constant=0.1)", NULL);
  run_until (cns_seconds (2));

  ck_assert_int_eq (sent_time (0), MS (508.192));
  /* on 0.5..0.6 s: 12 packets (12 * 8.192 = 98.304 ms); residual
   * (0.1 - 0.098304) * 500000 = 848 bits; on again at 0.6 + 0.75 s, the
   * first packet after 4096 - 848 = 3248 bits = 6.496 ms */
  ck_assert_int_eq (sent_time (11), MS (598.304));
  ck_assert_int_eq (sent_time (12), MS (1356.496));
}
END_TEST

typedef struct
{
  guint n;
  guint64 bytes;
  CnsTime last;
} TxCounts;

static void
on_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  TxCounts *c = user_data;

  c->n++;
  c->bytes += cns_packet_get_size (packet);
  c->last = cns_simulator_now ();
}

static void
refuse (gpointer obj, gpointer data)
{
  test_socket_set_refuse_sends (test_socket_factory_get_socket (factory, 0),
                                GPOINTER_TO_INT (data));
}

/* Tx fires for each packet the socket took, and only for those: a refused
 * packet is neither traced nor counted toward MaxBytes, and sending goes
 * on one interval later. */
START_TEST (test_on_off_tx_trace_and_refused_sends)
{
  g_autoptr (GError) error = NULL;
  CnsOnOffApplication *app
      = on_off_new ("OffTime", "0", "OnTime", "1000", "MaxBytes", "1536", NULL);
  TxCounts c = { 0 };

  ck_assert (cns_trace_connect (app, "Tx", G_CALLBACK (on_tx), &c, &error));
  cns_simulator_schedule (MS (1), refuse, NULL, GINT_TO_POINTER (TRUE));
  cns_simulator_schedule (MS (20), refuse, NULL, GINT_TO_POINTER (FALSE));
  run_until (cns_seconds (1));

  /* 8.192 and 16.384 ms refused; 24.576, 32.768 and 40.96 ms sent */
  ck_assert_uint_eq (sent ()->len, 3);
  ck_assert_int_eq (sent_time (0), MS (24.576));
  ck_assert_int_eq (sent_time (2), MS (40.96));
  ck_assert_uint_eq (c.n, 3);
  ck_assert_uint_eq (c.bytes, 1536);
  ck_assert_int_eq (c.last, MS (40.96));
}
END_TEST

/* Attributes: their defaults, and setting and reading them as text. */
START_TEST (test_on_off_attributes)
{
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRandomVariable) on = NULL;
  g_autoptr (CnsRandomVariable) again = NULL;
  CnsInetSocketAddress *remote = NULL;
  GType protocol;

#define CHECK_TEXT(name, expected)                                    \
  G_STMT_START                                                        \
    {                                                                 \
      g_autofree gchar *text = cns_attribute_get (app, name, &error); \
      ck_assert_str_eq (text, expected);                              \
    }                                                                 \
  G_STMT_END

  CHECK_TEXT ("DataRate", "500kbps");
  CHECK_TEXT ("PacketSize", "512");
  CHECK_TEXT ("MaxBytes", "0");
  CHECK_TEXT ("StartTime", "0s");
  CHECK_TEXT ("StopTime", "0s");
  g_object_get (app, "remote", &remote, "protocol", &protocol, "on-time", &on,
                NULL);
  ck_assert_ptr_null (remote);
  ck_assert (protocol == CNS_TYPE_UDP_SOCKET_FACTORY);
  ck_assert (CNS_IS_CONSTANT_RANDOM_VARIABLE (on));
  ck_assert (cns_random_variable_get_value (on) == 1.0);
  /* a constant is kept as its value: each read makes a variable */
  g_object_get (app, "on-time", &again, NULL);
  ck_assert_ptr_ne (on, again);
  ck_assert (cns_random_variable_get_value (again) == 1.0);
  g_clear_object (&on);

  ck_assert (cns_attribute_set (app, "DataRate", "1Mbps", &error));
  ck_assert (cns_attribute_set (app, "PacketSize", "1000", &error));
  ck_assert (cns_attribute_set (app, "MaxBytes", "50000", &error));
  ck_assert (cns_attribute_set (app, "Remote", "10.0.0.7:5001", &error));
  ck_assert (cns_attribute_set (app, "Protocol", "TestSocketFactory", &error));
  ck_assert (
      cns_attribute_set (app, "OffTime", "Exponential(Mean=0.5)", &error));
  ck_assert (cns_attribute_set (app, "StopTime", "10s", &error));
  CHECK_TEXT ("DataRate", "1Mbps");
  CHECK_TEXT ("PacketSize", "1000");
  CHECK_TEXT ("MaxBytes", "50000");
  CHECK_TEXT ("Remote", "10.0.0.7:5001");
  CHECK_TEXT ("Protocol", "TestSocketFactory");
  CHECK_TEXT ("OffTime", "CnsExponentialRandomVariable(Mean=0.5)");
  CHECK_TEXT ("StopTime", "10s");
#undef CHECK_TEXT

  /* bad text is refused, naming the attribute */
  ck_assert (!cns_attribute_set (app, "PacketSize", "0", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "PacketSize"));
  g_clear_error (&error);
  ck_assert (!cns_attribute_set (app, "Protocol", "CnsNode", &error));
  g_clear_error (&error);
  ck_assert (!cns_attribute_set (app, "DataRate", "0bps", &error));
  g_clear_error (&error);
  /* PacketSize is a guint32 and DataRate any 64-bit rate, as in ns-3 */
  ck_assert (cns_attribute_set (app, "PacketSize", "4294967295", &error));
  ck_assert (!cns_attribute_set (app, "PacketSize", "4294967296", &error));
  ck_assert_ptr_nonnull (strstr (error->message, "PacketSize"));
  g_clear_error (&error);
  ck_assert (cns_attribute_set (app, "DataRate", "281474976710656bps", &error));
  ck_assert (
      cns_attribute_set (app, "DataRate", "9223372036854775807bps", &error));
  {
    CnsDataRate rate = 0;

    g_object_set (app, "data-rate", G_MAXUINT64, NULL);
    g_object_get (app, "data-rate", &rate, NULL);
    ck_assert_uint_eq (rate, G_MAXUINT64);
  }
  ck_assert (!cns_attribute_set (app, "Remote", "10.0.0.7", &error));
  g_clear_error (&error);

  /* AssignStreams takes two streams, as in ns-3 */
  ck_assert (cns_attribute_set (app, "OnTime", "Uniform(Min=1,Max=2)", &error));
  ck_assert_int_eq (cns_on_off_application_assign_streams (app, 7), 2);
  g_object_get (app, "on-time", &on, NULL);
  ck_assert_int_eq (cns_random_variable_get_stream (on), 7);
  g_clear_object (&again);
  g_object_get (app, "off-time", &again, NULL);
  ck_assert_int_eq (cns_random_variable_get_stream (again), 8);
}
END_TEST

/* A constant OnTime or OffTime is kept as its value: reading the
 * attribute gives a constant of the same value that took no stream, so
 * later variables draw from the streams they would have had. A constant
 * is read when it is set: changing the variable later changes nothing. */
START_TEST (test_on_off_constant_times)
{
  CnsOnOffApplication *app
      = on_off_new ("OnTime", "Constant(Constant=1000)", "OffTime", "0", NULL);
  g_autoptr (CnsOnOffApplication) other = cns_on_off_application_new ();
  g_autoptr (CnsRandomVariable) held = cns_constant_random_variable_new (5);
  g_autoptr (CnsRandomVariable) on = NULL;
  g_autoptr (CnsRandomVariable) off = NULL;
  g_autoptr (CnsRandomVariable) got = NULL;
  g_autoptr (CnsRandomVariable) u = NULL;
  CnsRngStream ref;

  /* the two constants took streams 0 and 1, the held one 2 */
  g_object_get (app, "on-time", &on, "off-time", &off, NULL);
  ck_assert (CNS_IS_CONSTANT_RANDOM_VARIABLE (on));
  ck_assert (cns_random_variable_get_value (on) == 1000.0);
  ck_assert (cns_random_variable_get_value (off) == 0.0);
  ck_assert_int_eq (cns_random_variable_get_stream (on), -1);
  u = cns_uniform_random_variable_new (0, 1);
  cns_rng_stream_init (&ref, 1, 3, 1);
  ck_assert (cns_random_variable_get_value (u)
             == cns_rng_stream_uniform (&ref));

  g_object_set (other, "on-time", held, NULL);
  cns_application_set_start_time (CNS_APPLICATION (other), cns_seconds (100));
  cns_application_install (CNS_APPLICATION (other), node);
  g_object_set (held, "constant", 7.0, NULL);
  g_object_get (other, "on-time", &got, NULL);
  ck_assert_ptr_ne (got, held);
  ck_assert (cns_random_variable_get_value (got) == 5.0);

  /* the values are the ones drawn: always on, a packet every 8.192 ms */
  run_until (MS (10));
  ck_assert_uint_eq (sent ()->len, 1);
}
END_TEST

/* The value OnTime (or OffTime) reads back, drawn from its variable. */
static gdouble
time_value (CnsOnOffApplication *app, const gchar *name)
{
  g_autoptr (CnsRandomVariable) variable = NULL;

  g_object_get (app, name, &variable, NULL);
  return cns_random_variable_get_value (variable);
}

/* OnTime and OffTime keep their exact values, whether a float holds them
 * (kept in the instance) or not (kept aside), and MaxBytes comes and goes
 * without touching them. */
START_TEST (test_on_off_times_keep_exact_values)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (CnsRandomVariable) uniform
      = cns_uniform_random_variable_new (2, 3);
  guint64 max_bytes;

  ck_assert (cns_attribute_set (app, "OnTime", "0.1", &error));
  ck_assert (
      cns_attribute_set (app, "OffTime", "Constant(Constant=0.5)", &error));
  cns_application_install (CNS_APPLICATION (app), node);
  ck_assert (time_value (app, "on-time") == 0.1);
  ck_assert (time_value (app, "off-time") == 0.5);

  cns_on_off_application_set_max_bytes (app, 100);
  g_object_get (app, "max-bytes", &max_bytes, NULL);
  ck_assert_uint_eq (max_bytes, 100);
  cns_on_off_application_set_max_bytes (app, 0);
  g_object_get (app, "max-bytes", &max_bytes, NULL);
  ck_assert_uint_eq (max_bytes, 0);
  ck_assert (time_value (app, "on-time") == 0.1);

  g_object_set (app, "on-time", uniform, NULL);
  ck_assert (time_value (app, "on-time") >= 2.0);
  g_object_set (app, "on-time", NULL, "off-time", NULL, NULL);
  ck_assert (time_value (app, "on-time") == 1.0);
  ck_assert (time_value (app, "off-time") == 1.0);
  ck_assert (cns_attribute_set (app, "OnTime", "1e300", &error));
  ck_assert (time_value (app, "on-time") == 1e300);
}
END_TEST

/* Without Remote the source cannot run: a critical names the node. */
START_TEST (test_on_off_without_remote)
{
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;

  ck_assert (cns_attribute_set (app, "Protocol", "TestSocketFactory", &error));
  cns_application_install (CNS_APPLICATION (app), node);
  CNS_TEST_EXPECT_CRITICAL ("*node 0: its Remote attribute is not set*",
                            run_until (cns_seconds (1)));
  ck_assert_uint_eq (test_socket_factory_get_n_sockets (factory), 0);
}
END_TEST

/* A node without the protocol's socket factory: the critical of
 * cns_socket_create(), and nothing else happens. */
START_TEST (test_on_off_node_without_protocol)
{
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;
  CnsNode *bare = cns_node_new ();

  g_object_unref (bare);
  ck_assert (cns_attribute_set (app, "Remote", "10.1.1.2:9", &error));
  ck_assert (
      cns_attribute_set (app, "Protocol", "TestOtherSocketFactory", &error));
  cns_application_install (CNS_APPLICATION (app), bare);
  CNS_TEST_EXPECT_CRITICAL (
      "*node 1 cannot make a socket of TestOtherSocketFactory*",
      run_until (cns_seconds (3)));
  ck_assert_ptr_null (cns_on_off_application_get_socket (app));
}
END_TEST

/* A failed connection (a refused TCP connection) is reported with a
 * warning, and nothing is sent. */
START_TEST (test_on_off_connection_failed)
{
  on_off_new ("OffTime", "0", NULL);
  test_socket_factory_set_fail_connect (factory, TRUE);
  cns_test_expect_message (G_LOG_LEVEL_WARNING,
                           "OnOffApplication on node 0 cannot connect to "
                           "10.1.1.2 port 9*");
  run_until (cns_seconds (1));
  ck_assert_uint_eq (cns_test_expect_end (), 1);
  ck_assert_uint_eq (sent ()->len, 0);
}
END_TEST

Suite *
test_on_off_application_suite (void)
{
  Suite *s = suite_create ("on-off-application");
  TCase *tc = tcase_create ("on-off-application");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_on_off_constant_rate);
  tcase_add_test (tc, test_on_off_socket_setup);
  tcase_add_test (tc, test_on_off_residual_bits);
  tcase_add_test (tc, test_on_off_interval_divides_on_time);
  tcase_add_test (tc, test_on_off_max_bytes);
  tcase_add_test (tc, test_on_off_start_stop);
  tcase_add_test (tc, test_on_off_off_time_drawn_twice);
  tcase_add_test (tc, test_on_off_tx_trace_and_refused_sends);
  tcase_add_test (tc, test_on_off_attributes);
  tcase_add_test (tc, test_on_off_constant_times);
  tcase_add_test (tc, test_on_off_times_keep_exact_values);
  tcase_add_test (tc, test_on_off_without_remote);
  tcase_add_test (tc, test_on_off_node_without_protocol);
  tcase_add_test (tc, test_on_off_connection_failed);
  tcase_add_test (tc, test_on_off_data_rate_above_2_48);
  tcase_add_test (tc, test_on_off_residual_past_64_bits);
  tcase_add_test (tc, test_on_off_packet_too_big_for_udp);
  suite_add_tcase (s, tc);
  return s;
}
