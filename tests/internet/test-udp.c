/* cns — tests of UDP: the protocol, its sockets and their factory.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/ipv4-fixtures.h"
#include "internet/suites.h"

#include <string.h>

#define A_ADDR CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1)
#define B_ADDR CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2)

/* Two nodes, 10.1.1.1 and 10.1.1.2, on an 8 Mb/s link (a byte takes a
 * microsecond) with a 2 ms delay; each with IPv4, ICMP, static routing and
 * UDP. */
static Pair pair;
static CnsUdpL4Protocol *udp_a, *udp_b;

static CnsUdpL4Protocol *
udp_install (CnsNode *node)
{
  g_autoptr (CnsUdpL4Protocol) udp = cns_udp_l4_protocol_new ();

  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (udp));
  return udp;
}

static void
setup (void)
{
  pair_build (&pair, "8Mbps", "2ms");
  udp_a = udp_install (pair.a.node);
  udp_b = udp_install (pair.b.node);
}

static void
teardown (void)
{
  pair_clear (&pair);
  udp_a = udp_b = NULL;
  fixtures_teardown ();
}

static CnsSocket *
udp_socket (Stack *stack)
{
  CnsSocket *socket
      = cns_socket_create (stack->node, CNS_TYPE_UDP_SOCKET_FACTORY);

  ck_assert (CNS_IS_UDP_SOCKET (socket));
  return socket;
}

static void
inet (const gchar *text, CnsAddress *out)
{
  CnsInetSocketAddress a;

  ck_assert (cns_inet_socket_address_parse (text, &a, NULL));
  cns_inet_socket_address_to_address (&a, out);
}

static gboolean
bind_to (CnsSocket *socket, const gchar *text, GError **error)
{
  CnsAddress address;

  inet (text, &address);
  return cns_socket_bind (socket, &address, error);
}

static gchar *
address_text (const CnsAddress *address)
{
  CnsInetSocketAddress a;

  ck_assert (cns_inet_socket_address_from_address (address, &a));
  return cns_inet_socket_address_to_string (&a);
}

/* A MAC-48 address: an address that is not an inet socket address. */
static void
mac48 (CnsAddress *out)
{
  CnsMac48Address mac;

  ck_assert (cns_mac48_address_parse ("00:00:00:00:00:01", &mac, NULL));
  cns_mac48_address_to_address (&mac, out);
}

/* ---- what sockets receive ---- */

typedef struct
{
  CnsTime time;
  guint32 size;
  guint8 first; /* the payload's first byte, 0 when empty */
  gchar *from;
} Got;

typedef struct
{
  GArray *got; /* Got */
  gboolean read;
  /* when set, each datagram is answered with this many bytes */
  guint32 reply_size;
} Sink;

static void
got_clear (gpointer data)
{
  g_free (((Got *) data)->from);
}

static void
sink_init (Sink *sink, CnsSocket *socket)
{
  memset (sink, 0, sizeof *sink);
  sink->got = g_array_new (FALSE, FALSE, sizeof (Got));
  g_array_set_clear_func (sink->got, got_clear);
  sink->read = TRUE;
}

static void
sink_clear (Sink *sink)
{
  g_clear_pointer (&sink->got, g_array_unref);
}

static const Got *
got_at (Sink *sink, guint i)
{
  ck_assert_uint_gt (sink->got->len, i);
  return &g_array_index (sink->got, Got, i);
}

static void
on_recv (CnsSocket *socket, gpointer user_data)
{
  Sink *sink = user_data;
  CnsAddress from;
  CnsPacket *packet;

  if (!sink->read)
    return;
  while ((packet = cns_socket_recv_from (socket, G_MAXUINT32, 0, &from))
         != NULL)
    {
      Got got = { cns_simulator_now (), cns_packet_get_size (packet), 0,
                  address_text (&from) };

      if (got.size > 0)
        cns_packet_copy_data (packet, 0, &got.first, 1);
      g_array_append_val (sink->got, got);
      cns_packet_unref (packet);
      if (sink->reply_size > 0)
        ck_assert_int_eq (cns_socket_send_to (socket,
                                              cns_packet_new (sink->reply_size),
                                              0, &from),
                          sink->reply_size);
    }
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_AGAIN);
}

static void
sink_attach (Sink *sink, CnsSocket *socket)
{
  sink_init (sink, socket);
  cns_socket_set_recv_callback (socket, on_recv, sink);
}

/* ---- sending at a time ---- */

typedef struct
{
  CnsSocket *socket;
  CnsPacket *packet;
  CnsAddress to;
  gboolean connected;
  gint expect;
} SendJob;

static void
send_job_run (gpointer obj, gpointer data)
{
  SendJob *job = data;
  gint sent
      = job->connected
            ? cns_socket_send (job->socket, g_steal_pointer (&job->packet), 0)
            : cns_socket_send_to (job->socket, g_steal_pointer (&job->packet),
                                  0, &job->to);

  ck_assert_int_eq (sent, job->expect);
}

static void
send_job_free (gpointer data)
{
  SendJob *job = data;

  g_clear_pointer (&job->packet, cns_packet_unref);
  g_object_unref (job->socket);
  g_free (job);
}

/* Schedules @socket to send @packet (transfer full) to @to, or to its peer
 * when @to is NULL, at @when, in its node's context. */
static void
send_at_time (CnsSocket *socket, CnsTime when, CnsPacket *packet,
              const gchar *to)
{
  SendJob *job = g_new0 (SendJob, 1);

  job->socket = g_object_ref (socket);
  job->packet = packet;
  job->expect = (gint) cns_packet_get_size (packet);
  job->connected = to == NULL;
  if (to != NULL)
    inet (to, &job->to);
  cns_simulator_schedule_with_context_full (
      cns_node_get_id (cns_socket_get_node (socket)), when, send_job_run, NULL,
      job, send_job_free);
}

/* ---- installation ---- */

START_TEST (test_udp_install)
{
  g_autoptr (CnsSocket) socket = NULL;
  g_autoptr (CnsNode) node = cns_node_new ();
  g_autoptr (CnsUdpL4Protocol) udp = cns_udp_l4_protocol_new ();
  g_autoptr (CnsIpv4L3Protocol) ipv4 = cns_ipv4_l3_protocol_new ();

  /* after the IPv4 layer */
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (pair.a.ipv4, 17),
                    udp_a);
  ck_assert_ptr_eq (
      cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (udp_a)),
      pair.a.ipv4);
  ck_assert_uint_eq (
      cns_ipv4_l4_protocol_get_protocol_number (CNS_IPV4_L4_PROTOCOL (udp_a)),
      17);
  /* no factory object: the factory class asks the node's UDP */
  ck_assert_ptr_null (
      cns_object_get (pair.a.node, CNS_TYPE_UDP_SOCKET_FACTORY));
  socket = udp_socket (&pair.a);
  ck_assert_ptr_eq (cns_socket_get_node (socket), pair.a.node);
  g_clear_object (&socket);

  /* before it: nothing happens until the layer joins */
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (udp));
  ck_assert_ptr_null (
      cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (udp)));
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (ipv4));
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, 17), udp);
  socket = cns_socket_create (node, CNS_TYPE_UDP_SOCKET_FACTORY);
  ck_assert (CNS_IS_UDP_SOCKET (socket));
  ck_assert_ptr_eq (cns_socket_get_node (socket), node);
  g_clear_object (&socket);
  socket = cns_udp_l4_protocol_create_socket (udp);
  ck_assert (CNS_IS_UDP_SOCKET (socket));
  ck_assert_uint_eq (cns_socket_get_tx_available (socket), 65507);
  ck_assert_uint_eq (cns_socket_get_rx_available (socket), 0);
}
END_TEST

/* Lines from the one holding @mem to the one holding @mem + @size - 1. */
typedef struct
{
  guintptr first, last;
} LineSpan;

/* The lines of @object's allocation: its classes' private data, before
 * the instance, and the instance. */
static LineSpan
object_lines (gpointer object)
{
  GTypeQuery query;
  guintptr start
      = (guintptr) g_type_instance_get_private (object, G_OBJECT_TYPE (object));

  g_type_query (G_OBJECT_TYPE (object), &query);
  return (LineSpan){ start / 64,
                     ((guintptr) object + query.instance_size - 1) / 64 };
}

static void
add_object_lines (gpointer object, gpointer user_data)
{
  LineSpan span = object_lines (object);

  for (guintptr line = span.first; line <= span.last; line++)
    g_hash_table_add (user_data, GSIZE_TO_POINTER (line * 64));
}

static gboolean
all_hinted (guint32 context, gpointer object)
{
  LineSpan span = object_lines (object);

  for (guintptr line = span.first; line <= span.last; line++)
    if (!cns_prefetch_hint_contains (context, GSIZE_TO_POINTER (line * 64)))
      return FALSE;
  return TRUE;
}

static gboolean
none_hinted (guint32 context, gpointer object)
{
  LineSpan span = object_lines (object);

  for (guintptr line = span.first; line <= span.last; line++)
    if (cns_prefetch_hint_contains (context, GSIZE_TO_POINTER (line * 64)))
      return FALSE;
  return TRUE;
}

/* When a node starts, it hints the objects it holds: its aggregate, each
 * device that has a channel with its queue and channel. IPv4 hints its
 * routing protocol (and its interfaces) itself, UDP each socket while it
 * is open. */
START_TEST (test_udp_prefetch_hints)
{
  CnsNode *node = pair.a.node;
  guint32 id = cns_node_get_id (node), other = cns_node_get_id (pair.b.node);
  CnsPointToPointNetDevice *device = CNS_POINT_TO_POINT_NET_DEVICE (
      cns_net_device_container_get (pair.ab, 0));
  g_autoptr (GHashTable) held = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer line;
  guint n_before, n_new = 0, n_started, n_open, n_other;
  g_autoptr (CnsSocket) socket = NULL;
  LineSpan span;

  cns_object_foreach_aggregate (CNS_OBJECT (node), add_object_lines, held);
  add_object_lines (device, held);
  add_object_lines (cns_point_to_point_net_device_get_queue (device), held);
  add_object_lines (cns_net_device_get_channel (CNS_NET_DEVICE (device)), held);
  ck_assert (all_hinted (id, pair.a.routing));
  n_before = cns_prefetch_hint_get_n_lines (id);
  g_hash_table_iter_init (&iter, held);
  while (g_hash_table_iter_next (&iter, &line, NULL))
    n_new += !cns_prefetch_hint_contains (id, line);

  /* the start adds exactly the lines of those objects not hinted yet:
   * the loopback device adds none of its own */
  cns_simulator_run ();
  n_started = cns_prefetch_hint_get_n_lines (id);
  ck_assert_uint_eq (n_started, n_before + n_new);
  g_hash_table_iter_init (&iter, held);
  while (g_hash_table_iter_next (&iter, &line, NULL))
    ck_assert (cns_prefetch_hint_contains (id, line));

  /* a socket adds its lines while it is open; closing takes them all out,
   * those it shares with a neighbour too, and nothing else */
  n_other = cns_prefetch_hint_get_n_lines (other);
  socket = udp_socket (&pair.a);
  span = object_lines (socket);
  /* room for all of it */
  ck_assert_uint_le (n_started + (span.last - span.first + 1),
                     CNS_PREFETCH_LINES_MAX);
  ck_assert (all_hinted (id, socket));
  n_open = cns_prefetch_hint_get_n_lines (id);
  ck_assert_int_eq (cns_socket_close (socket), 0);
  ck_assert (none_hinted (id, socket));
  ck_assert_uint_eq (n_open - cns_prefetch_hint_get_n_lines (id),
                     span.last - span.first + 1);
  ck_assert_uint_eq (cns_prefetch_hint_get_n_lines (other), n_other);
}
END_TEST

/* ---- errors ---- */

START_TEST (test_udp_bind_errors)
{
  g_autoptr (CnsSocket) s1 = udp_socket (&pair.b);
  g_autoptr (CnsSocket) s2 = udp_socket (&pair.b);
  g_autoptr (CnsSocket) s3 = udp_socket (&pair.b);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *message = NULL;
  CnsAddress name;
  CnsAddress mac;
  guint32 node_id = cns_node_get_id (pair.b.node);

  ck_assert (!cns_socket_get_sock_name (s1, &name));
  ck_assert (bind_to (s1, "10.1.1.2:9", &error));
  ck_assert (cns_socket_get_sock_name (s1, &name));
  message = address_text (&name);
  ck_assert_str_eq (message, "10.1.1.2:9");
  g_clear_pointer (&message, g_free);

  /* the same port and address again, from another socket */
  ck_assert (!bind_to (s2, "10.1.1.2:9", &error));
  ck_assert_int_eq (cns_socket_get_errno (s2), CNS_SOCKET_ERROR_ADDRINUSE);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_IN_USE);
  message = g_strdup_printf ("CnsUdpSocket on node %u cannot bind to "
                             "10.1.1.2:9: address already in use",
                             node_id);
  ck_assert_str_eq (error->message, message);
  g_clear_pointer (&message, g_free);
  g_clear_error (&error);

  /* the same socket twice */
  ck_assert (!bind_to (s1, "10.1.1.2:10", &error));
  ck_assert_int_eq (cns_socket_get_errno (s1), CNS_SOCKET_ERROR_INVAL);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  message = g_strdup_printf (
      "CnsUdpSocket on node %u cannot bind to 10.1.1.2:10: invalid argument",
      node_id);
  ck_assert_str_eq (error->message, message);
  g_clear_pointer (&message, g_free);
  g_clear_error (&error);

  /* an address the node does not have */
  ck_assert (!bind_to (s2, "10.1.1.1:9", &error));
  ck_assert_int_eq (cns_socket_get_errno (s2), CNS_SOCKET_ERROR_ADDRNOTAVAIL);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_NOT_AVAILABLE);
  message = g_strdup_printf ("CnsUdpSocket on node %u cannot bind to "
                             "10.1.1.1:9: address not available",
                             node_id);
  ck_assert_str_eq (error->message, message);
  g_clear_pointer (&message, g_free);
  g_clear_error (&error);

  /* not an inet socket address */
  mac48 (&mac);
  ck_assert (!cns_socket_bind (s2, &mac, &error));
  ck_assert_int_eq (cns_socket_get_errno (s2), CNS_SOCKET_ERROR_INVAL);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  ck_assert_ptr_nonnull (strstr (error->message, "not an inet socket address"));
  g_clear_error (&error);

  /* any address and the node's own are different bindings; the subnet
   * broadcast address can be bound too */
  ck_assert (bind_to (s2, "0.0.0.0:9", &error));
  ck_assert (bind_to (s3, "10.1.1.255:9", &error));

  /* no address: any address and the first ephemeral port */
  {
    g_autoptr (CnsSocket) s4 = udp_socket (&pair.b);

    ck_assert (cns_socket_bind (s4, NULL, &error));
    ck_assert (cns_socket_get_sock_name (s4, &name));
    message = address_text (&name);
    ck_assert_str_eq (message, "0.0.0.0:49153");
  }
}
END_TEST

START_TEST (test_udp_send_errors)
{
  g_autoptr (CnsSocket) socket = udp_socket (&pair.a);
  g_autoptr (GError) error = NULL;
  CnsAddress to;
  CnsAddress mac;

  /* send without a peer */
  ck_assert_int_eq (cns_socket_send (socket, cns_packet_new (10), 0), -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_NOTCONN);
  ck_assert (!cns_socket_get_peer_name (socket, &to));
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_NOTCONN);

  /* too big: at most 65535 - 20 - 8 bytes */
  inet ("10.1.1.2:9", &to);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (65508), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_MSGSIZE);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (65507), 0, &to),
                    65507);

  /* no route */
  inet ("192.168.7.7:9", &to);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (10), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket),
                    CNS_SOCKET_ERROR_NOROUTETOHOST);

  /* broadcasts need permission */
  inet ("255.255.255.255:9", &to);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (10), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_OPNOTSUPP);
  inet ("10.1.1.255:9", &to);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (10), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_OPNOTSUPP);

  /* not an inet socket address */
  mac48 (&mac);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (10), 0, &mac),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket),
                    CNS_SOCKET_ERROR_AFNOSUPPORT);
  ck_assert (!cns_socket_connect (socket, &mac, &error));
  ck_assert_int_eq (cns_socket_get_errno (socket),
                    CNS_SOCKET_ERROR_AFNOSUPPORT);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  ck_assert_ptr_nonnull (strstr (error->message,
                                 "(not an inet socket address): address "
                                 "family not supported"));
  g_clear_error (&error);

  /* UDP has no connections to listen for */
  ck_assert (!cns_socket_listen (socket, &error));
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_OPNOTSUPP);
  g_clear_error (&error);

  /* shut down for sending */
  inet ("10.1.1.2:9", &to);
  ck_assert_int_eq (cns_socket_shutdown_send (socket), 0);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (10), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_SHUTDOWN);
}
END_TEST

START_TEST (test_udp_closed_socket)
{
  g_autoptr (CnsSocket) socket = udp_socket (&pair.a);
  g_autoptr (CnsSocket) other = udp_socket (&pair.a);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *message = NULL;
  CnsAddress to;

  ck_assert (bind_to (socket, "10.1.1.1:7", NULL));
  ck_assert (
      cns_socket_connect (socket, (inet ("10.1.1.2:9", &to), &to), NULL));
  ck_assert_int_eq (cns_socket_close (socket), 0);
  /* the port is free again */
  ck_assert (bind_to (other, "10.1.1.1:7", NULL));

  ck_assert_int_eq (cns_socket_send (socket, cns_packet_new (10), 0), -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_BADF);
  ck_assert_int_eq (cns_socket_send_to (socket, cns_packet_new (10), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_BADF);
  cns_socket_set_errno (socket, CNS_SOCKET_ERROR_NOTERROR);
  ck_assert_int_eq (cns_socket_close (socket), -1);
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_BADF);
  ck_assert (!bind_to (socket, "10.1.1.1:8", &error));
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_BADF);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  message = g_strdup_printf (
      "CnsUdpSocket on node %u cannot bind to 10.1.1.1:8: socket closed",
      cns_node_get_id (pair.a.node));
  ck_assert_str_eq (error->message, message);
  g_clear_error (&error);
  ck_assert (!cns_socket_connect (socket, &to, &error));
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_BADF);
  g_clear_error (&error);
  ck_assert_ptr_null (cns_socket_recv (socket, 100, 0));
  ck_assert_int_eq (cns_socket_get_errno (socket), CNS_SOCKET_ERROR_BADF);
  ck_assert (!cns_socket_get_sock_name (socket, &to));
  ck_assert (!cns_socket_get_peer_name (socket, &to));
  ck_assert_int_eq (cns_socket_shutdown_recv (socket), -1);
}
END_TEST

/* ---- exchanging datagrams ---- */

typedef struct
{
  guint n;
  guint32 bytes;
} Counted;

static void
on_data_sent (CnsSocket *socket, guint32 size, gpointer user_data)
{
  Counted *sent = user_data;

  sent->n++;
  sent->bytes += size;
}

static GPtrArray *wire; /* GBytes: the UDP datagrams B's IPv4 layer delivered */

static void
on_local_deliver (gpointer source, const CnsIpv4Header *header,
                  CnsPacket *packet, guint32 interface, gpointer user_data)
{
  guint32 size = cns_packet_get_size (packet);
  GBytes *bytes;
  guint8 *data = g_malloc (size);

  cns_packet_copy_data (packet, 0, data, size);
  bytes = g_bytes_new_take (data, size);
  g_ptr_array_add (wire, bytes);
  ck_assert (cns_udp_header_verify_checksum (packet, header->source,
                                             header->destination));
  ck_assert_uint_eq (header->ttl, GPOINTER_TO_UINT (user_data));
}

START_TEST (test_udp_exchange)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) server = udp_socket (&pair.b);
  Sink at_client, at_server;
  Counted sent = { 0, 0 };
  const Got *got;
  const guint8 *bytes;
  gsize n;

  ck_assert (bind_to (server, "0.0.0.0:9", NULL));
  sink_attach (&at_server, server);
  sink_attach (&at_client, client);
  at_server.reply_size = 50;
  cns_socket_set_data_sent_callback (client, on_data_sent, &sent);
  wire = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  ck_assert (cns_trace_connect (pair.b.ipv4, "LocalDeliver",
                                G_CALLBACK (on_local_deliver),
                                GUINT_TO_POINTER (64), NULL));

  send_at_time (client, cns_seconds (1), pattern_packet (100, 1), "10.1.1.2:9");
  send_at_time (client, cns_seconds (1), pattern_packet (200, 2), "10.1.1.2:9");
  cns_simulator_run ();

  /* 2 (PPP) + 20 (IPv4) + 8 (UDP) + 100 bytes at a microsecond each, plus
   * 2 ms; the second waits for the first to be sent */
  ck_assert_uint_eq (at_server.got->len, 2);
  got = got_at (&at_server, 0);
  ck_assert_int_eq (got->time, cns_seconds (1) + cns_micro_seconds (130)
                                   + cns_milli_seconds (2));
  ck_assert_uint_eq (got->size, 100);
  ck_assert_uint_eq (got->first, 1);
  ck_assert_str_eq (got->from, "10.1.1.1:49153");
  got = got_at (&at_server, 1);
  ck_assert_int_eq (got->time, cns_seconds (1) + cns_micro_seconds (130 + 230)
                                   + cns_milli_seconds (2));
  ck_assert_uint_eq (got->size, 200);
  ck_assert_uint_eq (got->first, 2);
  ck_assert_str_eq (got->from, "10.1.1.1:49153");
  ck_assert_uint_eq (sent.n, 2);
  ck_assert_uint_eq (sent.bytes, 300);

  /* the replies: 2 + 20 + 8 + 50 bytes, sent when each datagram arrived */
  ck_assert_uint_eq (at_client.got->len, 2);
  got = got_at (&at_client, 0);
  ck_assert_int_eq (got->time, cns_seconds (1) + cns_micro_seconds (130 + 80)
                                   + cns_milli_seconds (4));
  ck_assert_uint_eq (got->size, 50);
  ck_assert_str_eq (got->from, "10.1.1.2:9");
  got = got_at (&at_client, 1);
  ck_assert_int_eq (got->time, cns_seconds (1)
                                   + cns_micro_seconds (130 + 230 + 80)
                                   + cns_milli_seconds (4));

  /* the first datagram on the wire: ports 49153 and 9, length 108, a
   * checksum that checks out (verified as it was delivered) */
  ck_assert_uint_eq (wire->len, 2);
  bytes = g_bytes_get_data (g_ptr_array_index (wire, 0), &n);
  ck_assert_uint_eq (n, 108);
  ck_assert_mem_eq (bytes,
                    ((const guint8[]){ 0xc0, 0x01, 0x00, 0x09, 0x00, 108 }), 6);
  ck_assert (bytes[6] != 0 || bytes[7] != 0);
  ck_assert_uint_eq (bytes[8], 1);
  ck_assert_uint_eq (bytes[107], 100);

  g_clear_pointer (&wire, g_ptr_array_unref);
  sink_clear (&at_client);
  sink_clear (&at_server);
}
END_TEST

START_TEST (test_udp_connected_and_ttl)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) server = udp_socket (&pair.b);
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = NULL;
  Sink at_server;
  CnsAddress peer;
  guint ttl = 0;

  ck_assert (bind_to (server, "10.1.1.2:9", NULL));
  sink_attach (&at_server, server);
  g_object_set (client, "ip-ttl", 7, NULL);
  g_object_get (client, "ip-ttl", &ttl, NULL);
  ck_assert_uint_eq (ttl, 7);
  inet ("10.1.1.2:9", &peer);
  ck_assert (cns_socket_connect (client, &peer, &error));
  /* connecting binds: any address, an ephemeral port */
  ck_assert (cns_socket_get_sock_name (client, &peer));
  text = address_text (&peer);
  ck_assert_str_eq (text, "0.0.0.0:49153");
  g_clear_pointer (&text, g_free);
  ck_assert (cns_socket_get_peer_name (client, &peer));
  text = address_text (&peer);
  ck_assert_str_eq (text, "10.1.1.2:9");

  wire = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  ck_assert (cns_trace_connect (pair.b.ipv4, "LocalDeliver",
                                G_CALLBACK (on_local_deliver),
                                GUINT_TO_POINTER (7), NULL));
  send_at_time (client, cns_seconds (2), cns_packet_new (20), NULL);
  cns_simulator_run ();

  ck_assert_uint_eq (at_server.got->len, 1);
  ck_assert_int_eq (got_at (&at_server, 0)->time, cns_seconds (2)
                                                      + cns_micro_seconds (50)
                                                      + cns_milli_seconds (2));
  ck_assert_str_eq (got_at (&at_server, 0)->from, "10.1.1.1:49153");
  ck_assert_uint_eq (wire->len, 1);
  g_clear_pointer (&wire, g_ptr_array_unref);
  sink_clear (&at_server);
}
END_TEST

/* ---- ICMP errors ---- */

typedef struct
{
  guint n;
  CnsTime time;
  CnsIpv4Address source;
  guint8 type, code;
} IcmpSeen;

static void
on_icmp (CnsUdpSocket *socket, CnsIpv4Address icmp_source, guint8 icmp_ttl,
         guint8 icmp_type, guint8 icmp_code, guint32 icmp_info,
         gpointer user_data)
{
  IcmpSeen *seen = user_data;

  seen->n++;
  seen->time = cns_simulator_now ();
  seen->source = icmp_source;
  seen->type = icmp_type;
  seen->code = icmp_code;
  ck_assert_uint_eq (icmp_info, 0);
  ck_assert_uint_eq (icmp_ttl, 64);
}

START_TEST (test_udp_port_unreachable)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) bystander = udp_socket (&pair.a);
  IcmpSeen seen = { 0 }, other = { 0 };
  L3Counts counts;

  cns_udp_socket_set_icmp_callback (CNS_UDP_SOCKET (client), on_icmp, &seen);
  ck_assert (bind_to (bystander, "0.0.0.0:5000", NULL));
  cns_udp_socket_set_icmp_callback (CNS_UDP_SOCKET (bystander), on_icmp,
                                    &other);
  l3_counts_connect (&counts, pair.b.ipv4);
  send_at_time (client, cns_seconds (1), cns_packet_new (100), "10.1.1.2:99");
  cns_simulator_run ();

  /* the datagram arrives at 1.00213 s; the error (20 IPv4 + 8 ICMP + the
   * quoted 20-byte header and 8 bytes, plus 2 PPP = 58 bytes) goes back
   * at once */
  ck_assert_uint_eq (seen.n, 1);
  ck_assert_int_eq (seen.time, cns_seconds (1) + cns_micro_seconds (130 + 58)
                                   + cns_milli_seconds (4));
  ck_assert_uint_eq (seen.source.value, B_ADDR.value);
  ck_assert_uint_eq (seen.type, 3);
  ck_assert_uint_eq (seen.code, 3);
  ck_assert_uint_eq (other.n, 0);
  ck_assert_uint_eq (counts.local_deliver, 1);
  ck_assert_uint_eq (counts.drops->len, 0);
  l3_counts_clear (&counts);
}
END_TEST

/* ---- checksums on receive ---- */

typedef struct
{
  CnsPacket *packet;
} RawJob;

static void
raw_job_run (gpointer obj, gpointer data)
{
  RawJob *job = data;

  cns_ipv4_l3_protocol_send (pair.a.ipv4, g_steal_pointer (&job->packet),
                             A_ADDR, B_ADDR, CNS_IP_PROTOCOL_UDP, 0, 0, NULL);
}

static void
raw_job_free (gpointer data)
{
  RawJob *job = data;

  g_clear_pointer (&job->packet, cns_packet_unref);
  g_free (job);
}

/* A sends @bytes as a UDP datagram to B, header and all, as given. */
static void
send_raw_at (CnsTime when, const guint8 *bytes, gsize size)
{
  RawJob *job = g_new0 (RawJob, 1);

  job->packet = cns_packet_new_from_data (bytes, size);
  cns_simulator_schedule_with_context_full (cns_node_get_id (pair.a.node), when,
                                            raw_job_run, NULL, job,
                                            raw_job_free);
}

START_TEST (test_udp_receive_checksums)
{
  g_autoptr (CnsSocket) server = udp_socket (&pair.b);
  /* 10.1.1.1:49153 -> 10.1.1.2:9, payload 01 02 03 04 05: checksum 20bf
   * (see test-udp-header.c) */
  guint8 good[] = { 0xc0, 0x01, 0x00, 0x09, 0x00, 0x0d, 0x20,
                    0xbf, 0x01, 0x02, 0x03, 0x04, 0x05 };
  guint8 corrupt[sizeof good];
  guint8 none[sizeof good];
  guint8 short_length[sizeof good];
  Sink at_server;
  L3Counts counts;

  memcpy (corrupt, good, sizeof good);
  corrupt[10] ^= 0x40;
  memcpy (none, corrupt, sizeof good);
  none[6] = none[7] = 0;
  memcpy (short_length, good, sizeof good);
  short_length[5] = 12;

  ck_assert (bind_to (server, "0.0.0.0:9", NULL));
  sink_attach (&at_server, server);
  l3_counts_connect (&counts, pair.b.ipv4);
  send_raw_at (cns_seconds (1), good, sizeof good);
  send_raw_at (cns_seconds (2), corrupt, sizeof corrupt);
  send_raw_at (cns_seconds (3), none, sizeof none);
  send_raw_at (cns_seconds (4), short_length, sizeof short_length);
  cns_simulator_run ();

  /* the good one and the one without a checksum arrive; the corrupt one
   * and the one whose length field lies are dropped, without ICMP */
  ck_assert_uint_eq (at_server.got->len, 2);
  ck_assert_int_eq (got_at (&at_server, 0)->time, cns_seconds (1)
                                                      + cns_micro_seconds (35)
                                                      + cns_milli_seconds (2));
  ck_assert_uint_eq (got_at (&at_server, 0)->size, 5);
  ck_assert_uint_eq (got_at (&at_server, 0)->first, 1);
  ck_assert_int_eq (got_at (&at_server, 1)->time, cns_seconds (3)
                                                      + cns_micro_seconds (35)
                                                      + cns_milli_seconds (2));
  ck_assert_uint_eq (got_at (&at_server, 1)->size, 5);
  ck_assert_uint_eq (counts.local_deliver, 4);
  ck_assert_uint_eq (counts.tx, 0);
  l3_counts_clear (&counts);
  sink_clear (&at_server);
}
END_TEST

/* ---- broadcasts and the most specific end point ---- */

START_TEST (test_udp_broadcast_to_all)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) any = udp_socket (&pair.b);
  g_autoptr (CnsSocket) own = udp_socket (&pair.b);
  Sink at_any, at_own;
  const Got *got;

  ck_assert (bind_to (any, "0.0.0.0:9", NULL));
  ck_assert (bind_to (own, "10.1.1.2:9", NULL));
  sink_attach (&at_any, any);
  sink_attach (&at_own, own);
  ck_assert (cns_socket_set_allow_broadcast (client, TRUE));
  send_at_time (client, cns_seconds (1), pattern_packet (10, 1),
                "255.255.255.255:9");
  send_at_time (client, cns_seconds (2), pattern_packet (10, 2),
                "10.1.1.255:9");
  send_at_time (client, cns_seconds (3), pattern_packet (10, 3), "10.1.1.2:9");
  cns_simulator_run ();

  /* both broadcasts reach both sockets, from A's address on the link; the
   * unicast only the socket bound to the address */
  ck_assert_uint_eq (at_any.got->len, 2);
  ck_assert_uint_eq (at_own.got->len, 3);
  for (guint i = 0; i < 2; i++)
    {
      CnsTime when = cns_seconds (i + 1) + cns_micro_seconds (40)
                     + cns_milli_seconds (2);

      got = got_at (&at_any, i);
      ck_assert_int_eq (got->time, when);
      ck_assert_uint_eq (got->first, i + 1);
      ck_assert_str_eq (got->from, "10.1.1.1:49153");
      got = got_at (&at_own, i);
      ck_assert_int_eq (got->time, when);
      ck_assert_uint_eq (got->first, i + 1);
    }
  got = got_at (&at_own, 2);
  ck_assert_uint_eq (got->first, 3);
  sink_clear (&at_any);
  sink_clear (&at_own);
}
END_TEST

/* A socket connected to the broadcast address sends there with
 * cns_socket_send() and still hears the unicast replies. */
START_TEST (test_udp_connected_to_broadcast)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) server = udp_socket (&pair.b);
  Sink at_client, at_server;
  CnsAddress peer;

  ck_assert (bind_to (server, "0.0.0.0:9", NULL));
  sink_attach (&at_server, server);
  at_server.reply_size = 5;
  sink_attach (&at_client, client);
  ck_assert (cns_socket_set_allow_broadcast (client, TRUE));
  inet ("255.255.255.255:9", &peer);
  ck_assert (cns_socket_connect (client, &peer, NULL));
  send_at_time (client, cns_seconds (1), cns_packet_new (10), NULL);
  cns_simulator_run ();

  ck_assert_uint_eq (at_server.got->len, 1);
  ck_assert_str_eq (got_at (&at_server, 0)->from, "10.1.1.1:49153");
  ck_assert_uint_eq (at_client.got->len, 1);
  ck_assert_str_eq (got_at (&at_client, 0)->from, "10.1.1.2:9");
  /* 40 bytes out, 35 back, 2 ms each way */
  ck_assert_int_eq (got_at (&at_client, 0)->time,
                    cns_seconds (1) + cns_micro_seconds (40 + 35)
                        + cns_milli_seconds (4));
  sink_clear (&at_client);
  sink_clear (&at_server);
}
END_TEST

START_TEST (test_udp_most_specific_wins)
{
  g_autoptr (CnsSocket) from_5000 = udp_socket (&pair.a);
  g_autoptr (CnsSocket) from_5001 = udp_socket (&pair.a);
  g_autoptr (CnsSocket) any = udp_socket (&pair.b);
  g_autoptr (CnsSocket) connected = udp_socket (&pair.b);
  Sink at_any, at_connected;
  CnsAddress peer;

  ck_assert (bind_to (from_5000, "0.0.0.0:5000", NULL));
  ck_assert (bind_to (from_5001, "0.0.0.0:5001", NULL));
  ck_assert (bind_to (any, "0.0.0.0:9", NULL));
  ck_assert (bind_to (connected, "10.1.1.2:9", NULL));
  inet ("10.1.1.1:5000", &peer);
  ck_assert (cns_socket_connect (connected, &peer, NULL));
  sink_attach (&at_any, any);
  sink_attach (&at_connected, connected);
  send_at_time (from_5000, cns_seconds (1), pattern_packet (10, 1),
                "10.1.1.2:9");
  send_at_time (from_5001, cns_seconds (2), pattern_packet (10, 2),
                "10.1.1.2:9");
  cns_simulator_run ();

  /* the connected socket takes what its peer sends; what others send goes
   * to the socket bound to any address, since a connected socket hears
   * only its peer */
  ck_assert_uint_eq (at_connected.got->len, 1);
  ck_assert_str_eq (got_at (&at_connected, 0)->from, "10.1.1.1:5000");
  ck_assert_uint_eq (at_any.got->len, 1);
  ck_assert_str_eq (got_at (&at_any, 0)->from, "10.1.1.1:5001");
  sink_clear (&at_any);
  sink_clear (&at_connected);
}
END_TEST

/* ---- the receive buffer ---- */

static guint n_dropped;
static guint32 dropped_size;

static void
on_drop (gpointer source, CnsPacket *packet, gpointer user_data)
{
  ck_assert (CNS_IS_UDP_SOCKET (source));
  n_dropped++;
  dropped_size = cns_packet_get_size (packet);
}

START_TEST (test_udp_receive_buffer)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) server = udp_socket (&pair.b);
  g_autoptr (CnsPacket) packet = NULL;
  Sink at_server;
  CnsAddress from;
  guint size = 0;

  g_object_get (server, "rcv-buf-size", &size, NULL);
  ck_assert_uint_eq (size, 131072);
  g_object_set (server, "rcv-buf-size", 250, NULL);
  ck_assert (bind_to (server, "0.0.0.0:9", NULL));
  sink_attach (&at_server, server);
  at_server.read = FALSE;
  n_dropped = 0;
  ck_assert (
      cns_trace_connect (server, "Drop", G_CALLBACK (on_drop), NULL, NULL));
  for (guint i = 0; i < 3; i++)
    send_at_time (client, cns_seconds (1), pattern_packet (100, (guint8) i),
                  "10.1.1.2:9");
  cns_simulator_run ();

  /* two fit in 250 bytes; the third is dropped */
  ck_assert_uint_eq (n_dropped, 1);
  ck_assert_uint_eq (dropped_size, 100);
  ck_assert_uint_eq (cns_socket_get_rx_available (server), 200);
  /* a datagram bigger than the caller takes stays queued */
  ck_assert_ptr_null (cns_socket_recv (server, 99, 0));
  ck_assert_int_eq (cns_socket_get_errno (server), CNS_SOCKET_ERROR_MSGSIZE);
  packet = cns_socket_recv_from (server, 100, 0, &from);
  ck_assert_ptr_nonnull (packet);
  ck_assert_uint_eq (cns_packet_get_size (packet), 100);
  g_clear_pointer (&packet, cns_packet_unref);
  ck_assert_uint_eq (cns_socket_get_rx_available (server), 100);
  packet = cns_socket_recv (server, 1000, 0);
  ck_assert_ptr_nonnull (packet);
  ck_assert_uint_eq (cns_socket_get_rx_available (server), 0);
  ck_assert_ptr_null (cns_socket_recv (server, 1000, 0));
  ck_assert_int_eq (cns_socket_get_errno (server), CNS_SOCKET_ERROR_AGAIN);

  /* shut down for receiving: what arrives is ignored */
  ck_assert_int_eq (cns_socket_shutdown_recv (server), 0);
  at_server.read = TRUE;
  send_at_time (client, cns_seconds (2), pattern_packet (10, 9), "10.1.1.2:9");
  cns_simulator_run ();
  ck_assert_uint_eq (at_server.got->len, 0);
  ck_assert_uint_eq (cns_socket_get_rx_available (server), 0);
  sink_clear (&at_server);
}
END_TEST

/* A datagram over 65,507 bytes (what the 16-bit IPv4 length leaves for a
 * UDP payload) is refused with MSGSIZE and fired at TxDrop, and so is any
 * other datagram the socket refuses; nothing leaves the node. */
START_TEST (test_udp_oversize_datagram_dropped)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  g_autoptr (CnsSocket) server = udp_socket (&pair.b);
  const CnsTraceSourceInfo *info
      = cns_trace_source_find (CNS_TYPE_UDP_SOCKET, "TxDrop");
  Sink at_server;
  CnsAddress to;

  ck_assert_ptr_nonnull (info);
  ck_assert_str_eq (info->signature, "CnsPacketTraceFn");
  ck_assert (bind_to (server, "0.0.0.0:9", NULL));
  sink_attach (&at_server, server);
  n_dropped = 0;
  ck_assert (
      cns_trace_connect (client, "TxDrop", G_CALLBACK (on_drop), NULL, NULL));
  inet ("10.1.1.2:9", &to);
  ck_assert (cns_socket_connect (client, &to, NULL));

  ck_assert_int_eq (cns_socket_send (client, cns_packet_new (65508), 0), -1);
  ck_assert_int_eq (cns_socket_get_errno (client), CNS_SOCKET_ERROR_MSGSIZE);
  ck_assert_uint_eq (n_dropped, 1);
  ck_assert_uint_eq (dropped_size, 65508);
  ck_assert_int_eq (
      cns_socket_send_to (client, cns_packet_new (100000), 0, &to), -1);
  ck_assert_int_eq (cns_socket_get_errno (client), CNS_SOCKET_ERROR_MSGSIZE);
  ck_assert_uint_eq (n_dropped, 2);
  ck_assert_uint_eq (dropped_size, 100000);

  /* the largest datagram goes, and fires nothing */
  ck_assert_int_eq (cns_socket_send (client, cns_packet_new (65507), 0), 65507);
  ck_assert_uint_eq (n_dropped, 2);

  /* other refusals fire it too */
  inet ("192.168.7.7:9", &to);
  ck_assert_int_eq (cns_socket_send_to (client, cns_packet_new (10), 0, &to),
                    -1);
  ck_assert_int_eq (cns_socket_get_errno (client),
                    CNS_SOCKET_ERROR_NOROUTETOHOST);
  ck_assert_uint_eq (n_dropped, 3);
  ck_assert_uint_eq (dropped_size, 10);
  ck_assert_int_eq (cns_socket_shutdown_send (client), 0);
  ck_assert_int_eq (cns_socket_send (client, cns_packet_new (20), 0), -1);
  ck_assert_int_eq (cns_socket_get_errno (client), CNS_SOCKET_ERROR_SHUTDOWN);
  ck_assert_uint_eq (n_dropped, 4);
  ck_assert_uint_eq (dropped_size, 20);

  cns_simulator_run ();
  ck_assert_uint_eq (at_server.got->len, 1);
  ck_assert_uint_eq (got_at (&at_server, 0)->size, 65507);
  sink_clear (&at_server);
}
END_TEST

/* A socket that only the protocol references, closed from its own receive
 * callback, goes away cleanly. */
static void
close_on_recv (CnsSocket *socket, gpointer user_data)
{
  guint *n = user_data;

  (*n)++;
  ck_assert_int_eq (cns_socket_close (socket), 0);
}

START_TEST (test_udp_close_in_callback)
{
  g_autoptr (CnsSocket) client = udp_socket (&pair.a);
  CnsSocket *server = udp_socket (&pair.b);
  GWeakRef weak;
  guint n = 0;

  ck_assert (bind_to (server, "0.0.0.0:9", NULL));
  cns_socket_set_recv_callback (server, close_on_recv, &n);
  g_weak_ref_init (&weak, server);
  g_object_unref (server);
  send_at_time (client, cns_seconds (1), cns_packet_new (10), "10.1.1.2:9");
  send_at_time (client, cns_seconds (2), cns_packet_new (10), "10.1.1.2:9");
  cns_simulator_run ();
  ck_assert_uint_eq (n, 1);
  ck_assert_ptr_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);
}
END_TEST

/* When the nodes go away, the protocol lets go of its sockets: one only
 * it held is freed, one the application holds is left closed. */
START_TEST (test_udp_node_goes_first)
{
  CnsSocket *held_by_udp = udp_socket (&pair.b);
  g_autoptr (CnsSocket) held_by_app = udp_socket (&pair.b);
  g_autoptr (GError) error = NULL;
  CnsAddress to;
  GWeakRef weak;

  ck_assert (bind_to (held_by_udp, "0.0.0.0:9", NULL));
  ck_assert (bind_to (held_by_app, "0.0.0.0:10", NULL));
  g_weak_ref_init (&weak, held_by_udp);
  g_object_unref (held_by_udp);
  {
    g_autoptr (GObject) alive = g_weak_ref_get (&weak);

    ck_assert_ptr_nonnull (alive); /* the protocol holds it */
  }

  pair_clear (&pair);
  cns_test_reset ();
  ck_assert_ptr_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);
  inet ("10.1.1.1:9", &to);
  ck_assert_int_eq (
      cns_socket_send_to (held_by_app, cns_packet_new (1), 0, &to), -1);
  ck_assert_int_eq (cns_socket_get_errno (held_by_app), CNS_SOCKET_ERROR_BADF);
  ck_assert (!cns_socket_get_sock_name (held_by_app, &to));
  ck_assert (!bind_to (held_by_app, "0.0.0.0:11", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  /* its node is gone too */
  ck_assert_str_eq (error->message,
                    "CnsUdpSocket cannot bind to 0.0.0.0:11: socket closed");
  ck_assert_ptr_null (cns_socket_get_node (held_by_app));
}
END_TEST

Suite *
test_udp_suite (void)
{
  Suite *s = suite_create ("udp");
  TCase *tc = tcase_create ("udp");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_udp_install);
  if (CNS_TEST_HEAP_IS_COMPACT)
    tcase_add_test (tc, test_udp_prefetch_hints);
  tcase_add_test (tc, test_udp_bind_errors);
  tcase_add_test (tc, test_udp_send_errors);
  tcase_add_test (tc, test_udp_closed_socket);
  tcase_add_test (tc, test_udp_exchange);
  tcase_add_test (tc, test_udp_connected_and_ttl);
  tcase_add_test (tc, test_udp_port_unreachable);
  tcase_add_test (tc, test_udp_receive_checksums);
  tcase_add_test (tc, test_udp_broadcast_to_all);
  tcase_add_test (tc, test_udp_connected_to_broadcast);
  tcase_add_test (tc, test_udp_most_specific_wins);
  tcase_add_test (tc, test_udp_receive_buffer);
  tcase_add_test (tc, test_udp_oversize_datagram_dropped);
  tcase_add_test (tc, test_udp_close_in_callback);
  tcase_add_test (tc, test_udp_node_goes_first);
  suite_add_tcase (s, tc);
  return s;
}
