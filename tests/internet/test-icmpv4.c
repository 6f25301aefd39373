/* cns — tests of ICMPv4: message formats, echo, errors and the rules of
 * RFC 1122 about when not to send them.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/ipv4-fixtures.h"
#include "internet/suites.h"

#include <string.h>

#define A(text) cns_ipv4_address_from_string (text)

static Pair pair;
static Line line;

static void
teardown (void)
{
  pair_clear (&pair);
  line_clear (&line);
  fixtures_teardown ();
}

/* ---- message formats ---- */

/* Echo request, identifier 1, sequence 1, data "abcd": the checksum is
 * ~(0x0800 + 0x0001 + 0x0001 + 0x6162 + 0x6364) = 0x3337. */
START_TEST (test_icmpv4_echo_vector)
{
  static const guint8 expected[] = { 0x08, 0x00, 0x33, 0x37, 0x00, 0x01,
                                     0x00, 0x01, 0x61, 0x62, 0x63, 0x64 };
  g_autoptr (CnsPacket) p
      = cns_packet_new_from_data ((const guint8 *) "abcd", 4);
  CnsIcmpv4Echo echo = { 1, 1 };
  CnsIcmpv4Header h;
  guint8 bytes[sizeof expected];

  cns_packet_add_header (p, &cns_icmpv4_echo_class, &echo);
  cns_icmpv4_header_init (&h, CNS_ICMPV4_ECHO, 0, p);
  cns_packet_add_header (p, &cns_icmpv4_header_class, &h);
  ck_assert_uint_eq (cns_packet_copy_data (p, 0, bytes, sizeof bytes),
                     sizeof bytes);
  ck_assert_mem_eq (bytes, expected, sizeof expected);
  ck_assert (cns_icmpv4_checksum_ok (p));

  memset (&h, 0, sizeof h);
  memset (&echo, 0, sizeof echo);
  ck_assert_uint_eq (cns_packet_remove_header (p, &cns_icmpv4_header_class, &h),
                     4);
  ck_assert_uint_eq (h.type, 8);
  ck_assert_uint_eq (h.code, 0);
  ck_assert_uint_eq (h.checksum, 0x3337);
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &cns_icmpv4_echo_class, &echo), 4);
  ck_assert_uint_eq (echo.identifier, 1);
  ck_assert_uint_eq (echo.sequence, 1);
  ck_assert_uint_eq (cns_packet_get_size (p), 4);

  /* a bad byte anywhere in the message fails the check */
  {
    guint8 corrupt[sizeof expected];
    g_autoptr (CnsPacket) q = NULL;

    memcpy (corrupt, expected, sizeof corrupt);
    corrupt[10] ^= 0x01;
    q = cns_packet_new_from_data (corrupt, sizeof corrupt);
    ck_assert (!cns_icmpv4_checksum_ok (q));
  }
  /* zero-filled data counts as zeros */
  {
    g_autoptr (CnsPacket) z = cns_packet_new (1000);

    cns_packet_add_header (z, &cns_icmpv4_echo_class, &echo);
    cns_icmpv4_header_init (&h, CNS_ICMPV4_ECHO_REPLY, 0, z);
    cns_packet_add_header (z, &cns_icmpv4_header_class, &h);
    ck_assert (cns_icmpv4_checksum_ok (z));
  }
}
END_TEST

START_TEST (test_icmpv4_error_body)
{
  CnsIcmpv4Error e = { 576, { 0 }, { 1, 2, 3, 4, 5, 6, 7, 8 } };
  CnsIcmpv4Error back;
  g_autoptr (CnsPacket) p = cns_packet_new (0);
  g_autoptr (GString) out = g_string_new (NULL);
  guint8 bytes[CNS_ICMPV4_ERROR_SIZE];

  cns_ipv4_header_init (&e.header);
  e.header.protocol = 17;
  e.header.payload_size = 8;
  e.header.source = A ("10.0.0.1");
  e.header.destination = A ("10.0.0.2");
  cns_packet_add_header (p, &cns_icmpv4_error_class, &e);
  ck_assert_uint_eq (cns_packet_get_size (p), 32);
  cns_packet_copy_data (p, 0, bytes, sizeof bytes);
  /* unused, MTU 576 = 0x0240, then the IPv4 header and the 8 bytes */
  ck_assert_uint_eq (bytes[0] | bytes[1], 0);
  ck_assert_uint_eq (bytes[2], 0x02);
  ck_assert_uint_eq (bytes[3], 0x40);
  ck_assert_uint_eq (bytes[4], 0x45);
  ck_assert_uint_eq (bytes[4 + 9], 17);
  ck_assert_uint_eq (bytes[24], 1);
  ck_assert_uint_eq (bytes[31], 8);
  ck_assert_uint_eq (
      cns_packet_remove_header (p, &cns_icmpv4_error_class, &back), 32);
  ck_assert_uint_eq (back.next_hop_mtu, 576);
  ck_assert (back.header.checksum_ok);
  ck_assert_uint_eq (back.header.payload_size, 8);
  ck_assert_uint_eq (back.header.source.value, A ("10.0.0.1").value);
  ck_assert_mem_eq (back.data, e.data, 8);
  cns_icmpv4_error_class.print (&back, out);
  ck_assert_str_eq (out->str,
                    "next-hop MTU 576, about (tos 0x0 DSCP Default ECN "
                    "Not-ECT ttl 64 id 0 protocol 17 offset (bytes) 0 flags "
                    "[none] length: 28 10.0.0.1 > 10.0.0.2)");
  /* too short, or not an IPv4 header inside */
  bytes[4] = 0x65;
  ck_assert_uint_eq (cns_icmpv4_error_class.deserialize (&back, bytes, 32), 0);
  ck_assert_uint_eq (cns_icmpv4_error_class.deserialize (&back, bytes, 31), 0);
  ck_assert_ptr_eq (cns_header_class_lookup ("Icmpv4Error"),
                    &cns_icmpv4_error_class);
  ck_assert_ptr_eq (cns_header_class_lookup ("Icmpv4Echo"),
                    &cns_icmpv4_echo_class);
  ck_assert_ptr_eq (cns_header_class_lookup ("Icmpv4Header"),
                    &cns_icmpv4_header_class);
}
END_TEST

/* ---- echo ---- */

typedef struct
{
  CnsTime time;
  CnsIpv4Header header;
  guint16 identifier, sequence;
  guint32 size;
} Reply;

static void
on_echo_reply (gpointer source, const CnsIpv4Header *header, guint16 identifier,
               guint16 sequence, CnsPacket *data, gpointer user_data)
{
  Reply r = { cns_simulator_now (), *header, identifier, sequence,
              cns_packet_get_size (data) };

  g_array_append_val (user_data, r);
}

typedef struct
{
  CnsIcmpv4L4Protocol *icmp;
  const gchar *to;
  guint16 sequence;
} Ping;

static void
ping_run (gpointer obj, gpointer data)
{
  Ping *ping = data;

  cns_icmpv4_l4_protocol_send_echo_request (ping->icmp, A (ping->to), 0x77,
                                            ping->sequence, 56);
}

static void
ping_at (Stack *from, CnsTime when, const gchar *to, guint16 sequence)
{
  Ping *ping = g_new (Ping, 1);

  *ping = (Ping){ from->icmp, to, sequence };
  cns_simulator_schedule_with_context_full (cns_node_get_id (from->node), when,
                                            ping_run, NULL, ping, g_free);
}

START_TEST (test_icmpv4_ping)
{
  g_autoptr (GArray) replies = g_array_new (FALSE, FALSE, sizeof (Reply));
  g_autoptr (GError) error = NULL;
  const Reply *r;

  pair_build (&pair, "8Mbps", "2ms");
  ck_assert (cns_trace_connect (pair.a.icmp, "EchoReply",
                                G_CALLBACK (on_echo_reply), replies, &error));
  ping_at (&pair.a, cns_seconds (1), "10.1.1.2", 3);
  ping_at (&pair.a, cns_seconds (2), "10.1.1.1", 4);
  cns_simulator_run ();

  ck_assert_uint_eq (replies->len, 2);
  r = &g_array_index (replies, Reply, 0);
  /* 56 + 8 (ICMP) + 20 + 2 = 86 bytes: 86 us at 8 Mb/s and 2 ms each way */
  ck_assert_int_eq (r->time,
                    cns_seconds (1)
                        + 2 * (cns_micro_seconds (86) + cns_milli_seconds (2)));
  ck_assert_uint_eq (r->header.source.value, A ("10.1.1.2").value);
  ck_assert_uint_eq (r->header.destination.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (r->header.protocol, CNS_IP_PROTOCOL_ICMP);
  ck_assert_uint_eq (r->header.ttl, 64);
  ck_assert_uint_eq (r->identifier, 0x77);
  ck_assert_uint_eq (r->sequence, 3);
  ck_assert_uint_eq (r->size, 56);
  /* pinging itself goes round the loopback, at once */
  r = &g_array_index (replies, Reply, 1);
  ck_assert_int_eq (r->time, cns_seconds (2));
  ck_assert_uint_eq (r->header.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (r->sequence, 4);
  /* neither transport heard anything */
  ck_assert_uint_eq (pair.a.l4->rx->len + pair.b.l4->rx->len, 0);
}
END_TEST

/* A ping from A to B: EchoReply calls a closure connected as bindings do
 * (cns_trace_connect_closure()) with A's ICMP, a copy of the reply's IPv4
 * header, the identifier and the sequence as guint, and the 56 bytes of
 * data. */
START_TEST (test_icmpv4_closure_echo_reply)
{
  GArray *calls = closure_calls_new ();
  const ClosureCall *call;
  const CnsIpv4Header *h;

  pair_build (&pair, "8Mbps", "2ms");
  closure_calls_connect (calls, pair.a.icmp, "EchoReply");
  ping_at (&pair.a, cns_seconds (1), "10.1.1.2", 3);
  cns_simulator_run ();

  ck_assert_uint_eq (calls->len, 1);
  call = closure_calls_get (calls, 0, 5);
  ck_assert (call->types[0] == G_TYPE_OBJECT);
  ck_assert (call->types[1] == CNS_TYPE_IPV4_HEADER);
  ck_assert (call->types[2] == G_TYPE_UINT);
  ck_assert (call->types[3] == G_TYPE_UINT);
  ck_assert (call->types[4] == CNS_TYPE_PACKET);
  ck_assert_ptr_eq (g_value_get_pointer (&call->values[0]), pair.a.icmp);
  h = g_value_get_boxed (&call->values[1]);
  ck_assert_uint_eq (h->source.value, A ("10.1.1.2").value);
  ck_assert_uint_eq (h->destination.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (h->protocol, CNS_IP_PROTOCOL_ICMP);
  ck_assert_uint_eq (h->ttl, 64);
  ck_assert_uint_eq (g_value_get_uint (&call->values[2]), 0x77);
  ck_assert_uint_eq (g_value_get_uint (&call->values[3]), 3);
  ck_assert_uint_eq (cns_packet_get_size (g_value_get_boxed (&call->values[4])),
                     56);
  closure_calls_free (calls);
}
END_TEST

START_TEST (test_icmpv4_port_unreachable)
{
  const TestIcmp *icmp;

  pair_build (&pair, "8Mbps", "2ms");
  pair.b.l4->status = CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE;
  send_at (&pair.a, 0, pattern_packet (20, 100), "10.1.1.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (pair.b.l4->rx->len, 1);
  ck_assert_uint_eq (pair.a.l4->icmp->len, 1);
  icmp = &g_array_index (pair.a.l4->icmp, TestIcmp, 0);
  ck_assert_uint_eq (icmp->type, 3);
  ck_assert_uint_eq (icmp->code, 3);
  ck_assert_uint_eq (icmp->icmp_source.value, A ("10.1.1.2").value);
  ck_assert_uint_eq (icmp->payload_source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (icmp->payload_destination.value, A ("10.1.1.2").value);
  for (guint i = 0; i < 8; i++)
    ck_assert_uint_eq (icmp->payload[i], 100 + i);
  /* 42 bytes there, 58 back */
  ck_assert_int_eq (icmp->time,
                    cns_micro_seconds (42 + 58) + 2 * cns_milli_seconds (2));
}
END_TEST

/* A datagram shorter than 8 bytes is quoted whole, zero-padded. */
START_TEST (test_icmpv4_short_payload)
{
  const TestIcmp *icmp;

  pair_build (&pair, "8Mbps", "2ms");
  pair.b.l4->status = CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE;
  send_at (&pair.a, 0, pattern_packet (3, 1), "10.1.1.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (pair.a.l4->icmp->len, 1);
  icmp = &g_array_index (pair.a.l4->icmp, TestIcmp, 0);
  ck_assert_uint_eq (icmp->payload[0], 1);
  ck_assert_uint_eq (icmp->payload[2], 3);
  ck_assert_uint_eq (icmp->payload[3], 0);
  ck_assert_uint_eq (icmp->payload[7], 0);
}
END_TEST

/* An ICMP message built by hand, sent by A with TTL 1 towards B. */
typedef struct
{
  Stack *from;
  guint8 type;
} Crafted;

static void
crafted_run (gpointer obj, gpointer data)
{
  Crafted *c = data;
  CnsPacket *body = cns_packet_new (0);
  CnsIcmpv4Header h;

  if (c->type == CNS_ICMPV4_ECHO)
    {
      CnsIcmpv4Echo echo = { 1, 2 };

      cns_packet_add_header (body, &cns_icmpv4_echo_class, &echo);
    }
  else
    {
      CnsIcmpv4Error e = { 0, { 0 }, { 0 } };

      cns_ipv4_header_init (&e.header);
      e.header.protocol = TEST_PROTOCOL;
      e.header.source = A ("10.1.2.2");
      e.header.destination = A ("10.9.9.9");
      cns_packet_add_header (body, &cns_icmpv4_error_class, &e);
    }
  cns_icmpv4_header_init (&h, c->type, 0, body);
  cns_packet_add_header (body, &cns_icmpv4_header_class, &h);
  cns_ipv4_l3_protocol_send (c->from->ipv4, body, cns_ipv4_address_any (),
                             A ("10.1.2.2"), CNS_IP_PROTOCOL_ICMP, 1, 0, NULL);
}

START_TEST (test_icmpv4_no_error_about_error)
{
  Crafted error = { NULL, CNS_ICMPV4_DEST_UNREACH };
  Crafted echo = { NULL, CNS_ICMPV4_ECHO };
  L3Counts ca, cr;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  error.from = echo.from = &line.a;
  l3_counts_connect (&ca, line.a.ipv4);
  l3_counts_connect (&cr, line.r.ipv4);

  /* R's TTL runs out on an ICMP error: it drops it and says nothing */
  cns_simulator_schedule_with_context (cns_node_get_id (line.a.node), 0,
                                       crafted_run, NULL, &error);
  cns_simulator_run ();
  ck_assert_uint_eq (cr.drops->len, 1);
  ck_assert_int_eq (g_array_index (cr.drops, TestDrop, 0).reason,
                    CNS_IPV4_DROP_TTL_EXPIRED);
  ck_assert_uint_eq (cr.tx, 0);
  ck_assert_uint_eq (ca.rx, 0);

  /* on an echo request it does answer */
  cns_simulator_schedule_with_context (cns_node_get_id (line.a.node), 0,
                                       crafted_run, NULL, &echo);
  cns_simulator_run ();
  ck_assert_uint_eq (cr.drops->len, 2);
  ck_assert_uint_eq (cr.tx, 1);
  ck_assert_uint_eq (ca.rx, 1);
  ck_assert_uint_eq (ca.local_deliver, 1);
  /* the error about A's ICMP went to ICMP, not to the test transport */
  ck_assert_uint_eq (line.a.l4->icmp->len, 0);
  l3_counts_clear (&ca);
  l3_counts_clear (&cr);
}
END_TEST

/* RFC 1122: no error about broadcasts, multicasts, later fragments, or
 * datagrams from no single host; errors about queries are fine. */
START_TEST (test_icmpv4_error_rules)
{
  g_autoptr (CnsPacket) payload = pattern_packet (16, 0);
  g_autoptr (CnsPacket) query = NULL;
  g_autoptr (CnsPacket) error = NULL;
  CnsIpv4Header h, bad;
  L3Counts cb;
  guint8 type;

  pair_build (&pair, "8Mbps", "2ms");
  l3_counts_connect (&cb, pair.b.ipv4);
  cns_ipv4_header_init (&h);
  h.protocol = TEST_PROTOCOL;
  h.payload_size = 16;
  h.source = A ("10.1.1.1");
  h.destination = A ("10.1.1.2");

  bad = h;
  bad.destination = cns_ipv4_address_broadcast ();
  cns_icmpv4_l4_protocol_send_dest_unreach_port (pair.b.icmp, &bad, payload);
  bad = h;
  bad.destination = A ("224.0.0.5");
  cns_icmpv4_l4_protocol_send_dest_unreach_host (pair.b.icmp, &bad, payload);
  bad = h;
  bad.fragment_offset = 8;
  cns_icmpv4_l4_protocol_send_time_exceeded (pair.b.icmp, &bad, payload, FALSE);
  bad = h;
  bad.source = cns_ipv4_address_any ();
  cns_icmpv4_l4_protocol_send_dest_unreach_frag_needed (pair.b.icmp, &bad,
                                                        payload, 1000);
  bad = h;
  bad.source = A ("239.1.1.1");
  cns_icmpv4_l4_protocol_send_time_exceeded (pair.b.icmp, &bad, payload, TRUE);
  bad = h;
  bad.protocol = CNS_IP_PROTOCOL_ICMP;
  type = CNS_ICMPV4_TIME_EXCEEDED;
  error = cns_packet_new_from_data (&type, 1);
  cns_icmpv4_l4_protocol_send_dest_unreach_port (pair.b.icmp, &bad, error);
  ck_assert_uint_eq (cb.send_outgoing, 0);

  /* these do go out */
  type = CNS_ICMPV4_ECHO;
  query = cns_packet_new_from_data (&type, 1);
  cns_icmpv4_l4_protocol_send_dest_unreach_port (pair.b.icmp, &bad, query);
  cns_icmpv4_l4_protocol_send_time_exceeded (pair.b.icmp, &h, payload, TRUE);
  cns_icmpv4_l4_protocol_send_dest_unreach_host (pair.b.icmp, &h, payload);
  cns_icmpv4_l4_protocol_send_dest_unreach_frag_needed (pair.b.icmp, &h,
                                                        payload, 1280);
  ck_assert_uint_eq (cb.send_outgoing, 4);
  cns_simulator_run ();
  /* A's transport hears of the three about its datagrams */
  ck_assert_uint_eq (pair.a.l4->icmp->len, 3);
  ck_assert_uint_eq (g_array_index (pair.a.l4->icmp, TestIcmp, 0).code, 1);
  ck_assert_uint_eq (g_array_index (pair.a.l4->icmp, TestIcmp, 1).type, 3);
  ck_assert_uint_eq (g_array_index (pair.a.l4->icmp, TestIcmp, 2).info, 1280);
  l3_counts_clear (&cb);
}
END_TEST

START_TEST (test_icmpv4_receive_checks)
{
  g_autoptr (CnsPacket) p = cns_packet_new (4);
  g_autoptr (CnsPacket) q = NULL;
  CnsIcmpv4Echo echo = { 9, 9 };
  CnsIcmpv4Header h;
  CnsIpv4Header ip;
  L3Counts cb;

  pair_build (&pair, "8Mbps", "2ms");
  l3_counts_connect (&cb, pair.b.ipv4);
  cns_ipv4_header_init (&ip);
  ip.protocol = 1;
  ip.source = A ("10.1.1.1");
  ip.destination = A ("10.1.1.2");
  cns_packet_add_header (p, &cns_icmpv4_echo_class, &echo);
  cns_icmpv4_header_init (&h, CNS_ICMPV4_ECHO, 0, p);
  h.data_sum += 1; /* a wrong checksum */
  cns_packet_add_header (p, &cns_icmpv4_header_class, &h);
  ck_assert_int_eq (cns_ipv4_l4_protocol_receive (
                        CNS_IPV4_L4_PROTOCOL (pair.b.icmp), p, &ip, 1),
                    CNS_IPV4_L4_RX_CHECKSUM_ERROR);
  /* three bytes are no ICMP message */
  q = cns_packet_new_from_data ((const guint8 *) "\xff\xff\xff", 3);
  ck_assert_int_eq (cns_ipv4_l4_protocol_receive (
                        CNS_IPV4_L4_PROTOCOL (pair.b.icmp), q, &ip, 1),
                    CNS_IPV4_L4_RX_CHECKSUM_ERROR);
  cns_simulator_run ();
  ck_assert_uint_eq (cb.send_outgoing, 0);
  ck_assert_uint_eq (cns_ipv4_l4_protocol_get_protocol_number (
                         CNS_IPV4_L4_PROTOCOL (pair.b.icmp)),
                     1);
  l3_counts_clear (&cb);
}
END_TEST

/* Aggregated to the node before the IPv4 layer, ICMP still finds it. */
START_TEST (test_icmpv4_aggregation_order)
{
  g_autoptr (CnsNode) node = cns_node_new ();
  g_autoptr (CnsIcmpv4L4Protocol) icmp = cns_icmpv4_l4_protocol_new ();
  g_autoptr (CnsIpv4L3Protocol) ipv4 = cns_ipv4_l3_protocol_new ();
  g_autoptr (CnsIcmpv4L4Protocol) loose = cns_icmpv4_l4_protocol_new ();

  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (icmp));
  ck_assert_ptr_null (
      cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (icmp)));
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (ipv4));
  ck_assert_ptr_eq (cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (icmp)),
                    ipv4);
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, 1), icmp);
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_node (ipv4), node);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_interfaces (ipv4), 1);
  /* one that is in no layer cannot ping */
  CNS_TEST_EXPECT_CRITICAL ("*get_ipv4*",
                            cns_icmpv4_l4_protocol_send_echo_request (
                                loose, A ("10.0.0.1"), 1, 1, 0));
}
END_TEST

Suite *
test_icmpv4_suite (void)
{
  Suite *s = suite_create ("icmpv4");
  TCase *tc = tcase_create ("icmpv4");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_icmpv4_echo_vector);
  tcase_add_test (tc, test_icmpv4_error_body);
  tcase_add_test (tc, test_icmpv4_ping);
  tcase_add_test (tc, test_icmpv4_closure_echo_reply);
  tcase_add_test (tc, test_icmpv4_port_unreachable);
  tcase_add_test (tc, test_icmpv4_short_payload);
  tcase_add_test (tc, test_icmpv4_no_error_about_error);
  tcase_add_test (tc, test_icmpv4_error_rules);
  tcase_add_test (tc, test_icmpv4_receive_checks);
  tcase_add_test (tc, test_icmpv4_aggregation_order);
  suite_add_tcase (s, tc);
  return s;
}
