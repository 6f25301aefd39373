/* cns — tests of the IPv4 layer: delivery, forwarding, traces, drops,
 * fragmentation and reassembly.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/ipv4-fixtures.h"
#include "internet/suites.h"

#include <string.h>

static Line line;
static Pair pair;

static void
teardown (void)
{
  line_clear (&line);
  pair_clear (&pair);
  fixtures_teardown ();
}

static const TestRx *
rx_at (Stack *stack, guint i)
{
  ck_assert_uint_gt (stack->l4->rx->len, i);
  return &g_array_index (stack->l4->rx, TestRx, i);
}

/* Whether @rx carries exactly pattern_packet (@size, @seed). */
static void
assert_pattern (const TestRx *rx, guint32 size, guint8 seed)
{
  gsize n;
  const guint8 *bytes = g_bytes_get_data (rx->payload, &n);

  ck_assert_uint_eq (n, size);
  for (guint32 i = 0; i < size; i++)
    ck_assert_uint_eq (bytes[i], (guint8) (seed + i));
}

START_TEST (test_ipv4_line_delivery)
{
  L3Counts ca, cr, cb;
  const TestRx *rx;

  line_build (&line, "8Mbps", "2ms", "4Mbps", "3ms");
  l3_counts_connect (&ca, line.a.ipv4);
  l3_counts_connect (&cr, line.r.ipv4);
  l3_counts_connect (&cb, line.b.ipv4);
  send_at (&line.a, cns_seconds (1), pattern_packet (1000, 7), "10.1.2.2", 0);
  cns_simulator_run ();

  /* 1000 + 20 (IPv4) + 2 (PPP) = 1022 bytes: 1.022 ms at 8 Mb/s plus 2 ms
   * to R, then 2.044 ms at 4 Mb/s plus 3 ms to B */
  rx = rx_at (&line.b, 0);
  ck_assert_uint_eq (line.b.l4->rx->len, 1);
  ck_assert_int_eq (rx->time, cns_seconds (1) + cns_micro_seconds (1022)
                                  + cns_milli_seconds (2)
                                  + cns_micro_seconds (2044)
                                  + cns_milli_seconds (3));
  assert_pattern (rx, 1000, 7);
  ck_assert_uint_eq (rx->interface, 1);
  ck_assert_uint_eq (rx->header.source.value,
                     CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1).value);
  ck_assert_uint_eq (rx->header.destination.value,
                     CNS_IPV4_ADDRESS_INIT (10, 1, 2, 2).value);
  ck_assert_uint_eq (rx->header.ttl, 63);
  ck_assert_uint_eq (rx->header.protocol, TEST_PROTOCOL);
  ck_assert_uint_eq (rx->header.payload_size, 1000);
  ck_assert_uint_eq (rx->header.identification, 0);
  ck_assert (rx->header.checksum_ok);

  /* every trace source fired where it should, once */
  ck_assert_uint_eq (ca.send_outgoing, 1);
  ck_assert_uint_eq (ca.tx, 1);
  ck_assert_uint_eq (ca.rx + ca.unicast_forward + ca.local_deliver, 0);
  ck_assert_uint_eq (cr.rx, 1);
  ck_assert_uint_eq (cr.unicast_forward, 1);
  ck_assert_uint_eq (cr.tx, 1);
  ck_assert_uint_eq (cr.send_outgoing + cr.local_deliver, 0);
  ck_assert_uint_eq (cb.rx, 1);
  ck_assert_uint_eq (cb.local_deliver, 1);
  ck_assert_uint_eq (cb.tx + cb.send_outgoing + cb.unicast_forward, 0);
  ck_assert_uint_eq (ca.drops->len + cr.drops->len + cb.drops->len, 0);
  ck_assert_uint_eq (line.a.l4->rx->len + line.r.l4->rx->len, 0);
  l3_counts_clear (&ca);
  l3_counts_clear (&cr);
  l3_counts_clear (&cb);
}
END_TEST

/* ---- helpers ---- */

#define A(text) cns_ipv4_address_from_string (text)

/* Packets seen on a trace source, copied, with their time. */
typedef struct
{
  GPtrArray *packets; /* CnsPacket */
  GArray *times;      /* CnsTime */
  GArray *headers;    /* CnsIpv4Header, for the L3 sources */
} Seen;

static void
packet_free (gpointer packet)
{
  cns_packet_unref (packet);
}

static void
seen_init (Seen *seen)
{
  seen->packets = g_ptr_array_new_with_free_func (packet_free);
  seen->times = g_array_new (FALSE, FALSE, sizeof (CnsTime));
  seen->headers = g_array_new (FALSE, FALSE, sizeof (CnsIpv4Header));
}

static void
seen_clear (Seen *seen)
{
  g_ptr_array_unref (seen->packets);
  g_array_unref (seen->times);
  g_array_unref (seen->headers);
}

static void
seen_add (Seen *seen, const CnsIpv4Header *header, CnsPacket *packet)
{
  CnsTime now = cns_simulator_now ();
  CnsIpv4Header h = { 0 };

  if (header != NULL)
    h = *header;
  g_ptr_array_add (seen->packets, cns_packet_copy (packet));
  g_array_append_val (seen->times, now);
  g_array_append_val (seen->headers, h);
}

static void
on_frame (gpointer source, CnsPacket *packet, gpointer user_data)
{
  seen_add (user_data, NULL, packet);
}

static void
on_deliver (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
            guint32 interface, gpointer user_data)
{
  seen_add (user_data, header, packet);
}

static void
watch_mac_tx (CnsNetDevice *device, Seen *seen)
{
  g_autoptr (GError) error = NULL;

  ck_assert (
      cns_trace_connect (device, "MacTx", G_CALLBACK (on_frame), seen, &error));
}

static void
watch_local_deliver (CnsIpv4L3Protocol *ipv4, Seen *seen)
{
  g_autoptr (GError) error = NULL;

  ck_assert (cns_trace_connect (ipv4, "LocalDeliver", G_CALLBACK (on_deliver),
                                seen, &error));
}

static const TestDrop *
drop_at (const L3Counts *counts, guint i)
{
  ck_assert_uint_gt (counts->drops->len, i);
  return &g_array_index (counts->drops, TestDrop, i);
}

static const TestIcmp *
icmp_at (Stack *stack, guint i)
{
  ck_assert_uint_gt (stack->l4->icmp->len, i);
  return &g_array_index (stack->l4->icmp, TestIcmp, i);
}

/* Frames and datagrams written by hand, sent from a device directly. */
typedef struct
{
  CnsNetDevice *device;
  CnsPacket *packet;
} Injection;

static void
inject_run (gpointer obj, gpointer data)
{
  Injection *job = data;
  CnsAddress dest;

  cns_net_device_get_broadcast (job->device, &dest);
  cns_net_device_send (job->device, g_steal_pointer (&job->packet), &dest,
                       CNS_ETHER_TYPE_IPV4);
}

static void
inject_free (gpointer data)
{
  Injection *job = data;

  g_clear_pointer (&job->packet, cns_packet_unref);
  g_free (job);
}

static void
inject_at (CnsNetDevice *device, CnsTime when, CnsPacket *packet)
{
  Injection *job = g_new0 (Injection, 1);

  job->device = device;
  job->packet = packet;
  cns_simulator_schedule_with_context_full (
      cns_node_get_id (cns_net_device_get_node (device)), when, inject_run,
      NULL, job, inject_free);
}

/* Bytes [@offset, @offset + @size) of pattern_packet (@total, @seed) as a
 * fragment of datagram @id from 10.1.1.1 to 10.1.1.2. */
static CnsPacket *
fragment_packet (guint32 total, guint8 seed, guint16 id, guint32 offset,
                 guint32 size, gboolean more)
{
  g_autoptr (CnsPacket) whole = pattern_packet (total, seed);
  CnsPacket *fragment = cns_packet_create_fragment (whole, offset, size);
  CnsIpv4Header h;

  cns_ipv4_header_init (&h);
  h.protocol = TEST_PROTOCOL;
  h.identification = id;
  h.fragment_offset = (guint16) offset;
  h.more_fragments = more;
  h.payload_size = (guint16) size;
  h.source = A ("10.1.1.1");
  h.destination = A ("10.1.1.2");
  cns_packet_add_header (fragment, &cns_ipv4_header_class, &h);
  return fragment;
}

/* ---- tests ---- */

START_TEST (test_ipv4_ttl_expiry)
{
  L3Counts cr;
  Seen at_a;
  const TestIcmp *icmp;
  const TestDrop *drop;
  CnsIpv4Header ip;
  CnsIcmpv4Header h;
  CnsIcmpv4Error body;
  CnsPacket *message;

  line_build (&line, "8Mbps", "2ms", "8Mbps", "2ms");
  l3_counts_connect (&cr, line.r.ipv4);
  seen_init (&at_a);
  watch_local_deliver (line.a.ipv4, &at_a);
  send_at (&line.a, cns_seconds (1), pattern_packet (100, 40), "10.1.2.2", 1);
  cns_simulator_run ();

  /* R dropped it, TTL_EXPIRED, on its way out of interface 2 */
  ck_assert_uint_eq (cr.drops->len, 1);
  drop = drop_at (&cr, 0);
  ck_assert_int_eq (drop->reason, CNS_IPV4_DROP_TTL_EXPIRED);
  ck_assert_uint_eq (drop->interface, 2);
  ck_assert_uint_eq (drop->size, 100);
  ck_assert_int_eq (drop->time, cns_seconds (1) + cns_micro_seconds (122)
                                    + cns_milli_seconds (2));
  ck_assert_uint_eq (cr.unicast_forward, 0);
  ck_assert_uint_eq (cr.tx, 1); /* the ICMP error */
  ck_assert_uint_eq (line.b.l4->rx->len, 0);

  /* A's transport heard of it: time exceeded in transit, from R */
  ck_assert_uint_eq (line.a.l4->icmp->len, 1);
  icmp = icmp_at (&line.a, 0);
  ck_assert_uint_eq (icmp->type, 11);
  ck_assert_uint_eq (icmp->code, 0);
  ck_assert_uint_eq (icmp->info, 0);
  ck_assert_uint_eq (icmp->icmp_source.value, A ("10.1.1.2").value);
  ck_assert_uint_eq (icmp->payload_source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (icmp->payload_destination.value, A ("10.1.2.2").value);
  for (guint i = 0; i < 8; i++)
    ck_assert_uint_eq (icmp->payload[i], 40 + i);
  /* 4 + 32 bytes of ICMP, 20 of IPv4, 2 of PPP: 58 us, then 2 ms */
  ck_assert_int_eq (icmp->time, drop->time + cns_micro_seconds (58)
                                    + cns_milli_seconds (2));

  /* the message itself, as it reached A's ICMP */
  ck_assert_uint_eq (at_a.packets->len, 1);
  ip = g_array_index (at_a.headers, CnsIpv4Header, 0);
  ck_assert_uint_eq (ip.protocol, CNS_IP_PROTOCOL_ICMP);
  ck_assert_uint_eq (ip.source.value, A ("10.1.1.2").value);
  ck_assert_uint_eq (ip.destination.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (ip.ttl, 64);
  ck_assert_uint_eq (ip.payload_size, 36);
  message = g_ptr_array_index (at_a.packets, 0);
  ck_assert (cns_icmpv4_checksum_ok (message));
  ck_assert_uint_eq (
      cns_packet_remove_header (message, &cns_icmpv4_header_class, &h), 4);
  ck_assert_uint_eq (h.type, CNS_ICMPV4_TIME_EXCEEDED);
  ck_assert_uint_eq (h.code, CNS_ICMPV4_TIME_TO_LIVE);
  ck_assert_uint_eq (
      cns_packet_remove_header (message, &cns_icmpv4_error_class, &body), 32);
  ck_assert_uint_eq (cns_packet_get_size (message), 0);
  ck_assert_uint_eq (body.next_hop_mtu, 0);
  /* the header as A sent it */
  ck_assert (body.header.checksum_ok);
  ck_assert_uint_eq (body.header.ttl, 1);
  ck_assert_uint_eq (body.header.protocol, TEST_PROTOCOL);
  ck_assert_uint_eq (body.header.payload_size, 100);
  ck_assert_uint_eq (body.header.identification, 0);
  ck_assert_uint_eq (body.header.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (body.header.destination.value, A ("10.1.2.2").value);
  for (guint i = 0; i < 8; i++)
    ck_assert_uint_eq (body.data[i], 40 + i);
  l3_counts_clear (&cr);
  seen_clear (&at_a);
}
END_TEST

START_TEST (test_ipv4_fragmentation)
{
  static const guint32 offsets[] = { 0, 1480, 2960 };
  static const guint32 sizes[] = { 1500, 1500, 1060 };
  L3Counts ca, cb;
  Seen frames;
  const TestRx *rx;

  pair_build (&pair, "8Mbps", "1ms");
  l3_counts_connect (&ca, pair.a.ipv4);
  l3_counts_connect (&cb, pair.b.ipv4);
  seen_init (&frames);
  watch_mac_tx (cns_net_device_container_get (pair.ab, 0), &frames);
  send_at (&pair.a, cns_seconds (2), pattern_packet (4000, 3), "10.1.1.2", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (frames.packets->len, 3);
  for (guint i = 0; i < 3; i++)
    {
      CnsPacket *frame = g_ptr_array_index (frames.packets, i);
      CnsPppHeader ppp;
      CnsIpv4Header h;

      ck_assert_uint_eq (cns_packet_get_size (frame), sizes[i] + 2);
      ck_assert_uint_eq (
          cns_packet_remove_header (frame, &cns_ppp_header_class, &ppp), 2);
      ck_assert_uint_eq (ppp.protocol, CNS_PPP_PROTOCOL_IPV4);
      ck_assert_uint_eq (
          cns_packet_remove_header (frame, &cns_ipv4_header_class, &h), 20);
      ck_assert (h.checksum_ok);
      ck_assert_uint_eq (h.fragment_offset, offsets[i]);
      ck_assert_uint_eq (h.payload_size, sizes[i] - 20);
      ck_assert (h.more_fragments == (i < 2));
      ck_assert (!h.dont_fragment);
      ck_assert_uint_eq (h.identification, 0);
      ck_assert_uint_eq (h.protocol, TEST_PROTOCOL);
    }

  /* delivered once, whole, when the last bit of the third arrives:
   * (1502 + 1502 + 1062) * 8 bits at 8 Mb/s, plus 1 ms */
  ck_assert_uint_eq (pair.b.l4->rx->len, 1);
  rx = rx_at (&pair.b, 0);
  assert_pattern (rx, 4000, 3);
  ck_assert_int_eq (rx->time, cns_seconds (2) + cns_micro_seconds (4066)
                                  + cns_milli_seconds (1));
  ck_assert_uint_eq (rx->header.payload_size, 4000);
  ck_assert_uint_eq (rx->header.fragment_offset, 0);
  ck_assert (!rx->header.more_fragments);
  ck_assert_uint_eq (ca.send_outgoing, 1);
  ck_assert_uint_eq (ca.tx, 3);
  ck_assert_uint_eq (cb.rx, 3);
  ck_assert_uint_eq (cb.local_deliver, 1);
  ck_assert_uint_eq (ca.drops->len + cb.drops->len, 0);
  l3_counts_clear (&ca);
  l3_counts_clear (&cb);
  seen_clear (&frames);
}
END_TEST

/* Fragments arriving out of order, one twice and one overlapping two
 * others, still make one datagram. */
START_TEST (test_ipv4_reassembly_disorder)
{
  CnsNetDevice *dev = NULL;
  L3Counts cb;
  const TestRx *rx;
  CnsTime t = cns_seconds (1);

  pair_build (&pair, "8Mbps", "1ms");
  dev = cns_net_device_container_get (pair.ab, 0);
  l3_counts_connect (&cb, pair.b.ipv4);
  inject_at (dev, t, fragment_packet (3000, 9, 42, 2000, 1000, FALSE));
  inject_at (dev, t, fragment_packet (3000, 9, 42, 0, 1000, TRUE));
  inject_at (dev, t, fragment_packet (3000, 9, 42, 0, 1000, TRUE));
  inject_at (dev, t, fragment_packet (3000, 9, 42, 800, 400, TRUE));
  /* another datagram's fragment, same addresses, another id */
  inject_at (dev, t, fragment_packet (3000, 9, 43, 1000, 1000, TRUE));
  inject_at (dev, t, fragment_packet (3000, 9, 42, 1000, 1000, TRUE));
  cns_simulator_stop_at (cns_seconds (100));
  cns_simulator_run ();

  ck_assert_uint_eq (pair.b.l4->rx->len, 1);
  rx = rx_at (&pair.b, 0);
  assert_pattern (rx, 3000, 9);
  ck_assert_uint_eq (rx->header.identification, 42);
  ck_assert_uint_eq (rx->header.payload_size, 3000);
  /* four frames of 1022 bytes and one of 422 before the last one */
  ck_assert_int_eq (rx->time, t + cns_micro_seconds (4 * 1022 + 422 + 1022)
                                  + cns_milli_seconds (1));
  ck_assert_uint_eq (cb.rx, 6);
  ck_assert_uint_eq (cb.local_deliver, 1);
  /* the duplicate, then, 30 s after it came, datagram 43 timed out; 42
   * did not */
  ck_assert_uint_eq (cb.drops->len, 2);
  ck_assert_int_eq (drop_at (&cb, 0)->reason, CNS_IPV4_DROP_DUPLICATE);
  ck_assert_int_eq (drop_at (&cb, 1)->reason, CNS_IPV4_DROP_FRAGMENT_TIMEOUT);
  ck_assert_uint_eq (drop_at (&cb, 1)->header.identification, 43);
  ck_assert_int_eq (drop_at (&cb, 1)->time,
                    t + cns_micro_seconds (4 * 1022 + 422)
                        + cns_milli_seconds (1) + cns_seconds (30));
  /* without its first fragment, datagram 43 earned no ICMP */
  ck_assert_uint_eq (pair.a.l4->icmp->len, 0);
  l3_counts_clear (&cb);
}
END_TEST

START_TEST (test_ipv4_fragment_timeout)
{
  CnsNetDevice *dev = NULL;
  L3Counts cb;
  const TestDrop *drop;
  const TestIcmp *icmp;
  CnsTime t = cns_seconds (1);
  CnsTime arrival = t + cns_micro_seconds (1022) + cns_milli_seconds (1);

  pair_build (&pair, "8Mbps", "1ms");
  dev = cns_net_device_container_get (pair.ab, 0);
  l3_counts_connect (&cb, pair.b.ipv4);
  inject_at (dev, t, fragment_packet (3000, 5, 7, 0, 1000, TRUE));
  inject_at (dev, t, fragment_packet (3000, 5, 7, 2000, 1000, FALSE));
  cns_simulator_run ();

  ck_assert_uint_eq (pair.b.l4->rx->len, 0);
  ck_assert_uint_eq (cb.drops->len, 1);
  drop = drop_at (&cb, 0);
  ck_assert_int_eq (drop->reason, CNS_IPV4_DROP_FRAGMENT_TIMEOUT);
  ck_assert_int_eq (drop->time, arrival + cns_seconds (30));
  ck_assert_uint_eq (drop->interface, 1);
  ck_assert_uint_eq (drop->header.fragment_offset, 0);
  ck_assert_uint_eq (drop->header.identification, 7);
  ck_assert_uint_eq (drop->size, 1000);
  /* the first fragment came, so A hears: reassembly time exceeded */
  ck_assert_uint_eq (pair.a.l4->icmp->len, 1);
  icmp = icmp_at (&pair.a, 0);
  ck_assert_uint_eq (icmp->type, 11);
  ck_assert_uint_eq (icmp->code, 1);
  ck_assert_uint_eq (icmp->icmp_source.value, A ("10.1.1.2").value);
  for (guint i = 0; i < 8; i++)
    ck_assert_uint_eq (icmp->payload[i], 5 + i);
  ck_assert_int_eq (icmp->time, drop->time + cns_micro_seconds (58)
                                    + cns_milli_seconds (1));
  l3_counts_clear (&cb);
}
END_TEST

START_TEST (test_ipv4_fragment_timeout_attribute)
{
  CnsNetDevice *dev = NULL;
  g_autoptr (GError) error = NULL;
  L3Counts cb;
  CnsTime timeout = 0;

  ck_assert (cns_config_set_default (
      "CnsIpv4L3Protocol::FragmentExpirationTimeout", "2s", &error));
  pair_build (&pair, "8Mbps", "1ms");
  g_object_get (pair.b.ipv4, "fragment-expiration-timeout", &timeout, NULL);
  ck_assert_int_eq (timeout, cns_seconds (2));
  dev = cns_net_device_container_get (pair.ab, 0);
  l3_counts_connect (&cb, pair.b.ipv4);
  inject_at (dev, 0, fragment_packet (3000, 5, 7, 1000, 1000, TRUE));
  cns_simulator_run ();
  ck_assert_uint_eq (cb.drops->len, 1);
  ck_assert_int_eq (drop_at (&cb, 0)->time, cns_micro_seconds (1022)
                                                + cns_milli_seconds (1)
                                                + cns_seconds (2));
  ck_assert_uint_eq (pair.a.l4->icmp->len, 0);
  l3_counts_clear (&cb);
}
END_TEST

static void
send_df_event (gpointer obj, gpointer data)
{
  Stack *from = obj;
  CnsIpv4Header h;

  cns_ipv4_header_init (&h);
  h.dont_fragment = TRUE;
  h.protocol = TEST_PROTOCOL;
  h.destination = A (data);
  h.identification = 99;
  h.ttl = 0;
  cns_ipv4_l3_protocol_send_with_header (from->ipv4, pattern_packet (1200, 1),
                                         &h, NULL);
}

START_TEST (test_ipv4_dont_fragment)
{
  L3Counts ca, cr;
  const TestIcmp *icmp;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  ck_assert (
      cns_net_device_set_mtu (cns_net_device_container_get (line.rb, 0), 1000));
  ck_assert (
      cns_net_device_set_mtu (cns_net_device_container_get (line.rb, 1), 1000));
  ck_assert (
      cns_net_device_set_mtu (cns_net_device_container_get (line.ar, 0), 1100));
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_mtu (line.r.ipv4, 2), 1000);
  l3_counts_connect (&ca, line.a.ipv4);
  l3_counts_connect (&cr, line.r.ipv4);

  /* too big for A's own link: dropped at A, no ICMP */
  cns_simulator_schedule_with_context (cns_node_get_id (line.a.node), 0,
                                       send_df_event, &line.a, "10.1.2.2");
  cns_simulator_run ();
  ck_assert_uint_eq (ca.drops->len, 1);
  ck_assert_int_eq (drop_at (&ca, 0)->reason,
                    CNS_IPV4_DROP_FRAGMENTATION_NEEDED);
  ck_assert_uint_eq (drop_at (&ca, 0)->interface, 1);
  ck_assert_uint_eq (drop_at (&ca, 0)->header.identification, 99);
  ck_assert (drop_at (&ca, 0)->header.dont_fragment);
  ck_assert_uint_eq (ca.tx, 0);
  ck_assert_uint_eq (line.a.l4->icmp->len, 0);

  /* fits A's link, not R's: R drops it and tells A the MTU */
  ck_assert (
      cns_net_device_set_mtu (cns_net_device_container_get (line.ar, 0), 1500));
  cns_simulator_schedule_with_context (cns_node_get_id (line.a.node), 0,
                                       send_df_event, &line.a, "10.1.2.2");
  cns_simulator_run ();
  ck_assert_uint_eq (cr.drops->len, 1);
  ck_assert_int_eq (drop_at (&cr, 0)->reason,
                    CNS_IPV4_DROP_FRAGMENTATION_NEEDED);
  ck_assert_uint_eq (drop_at (&cr, 0)->interface, 2);
  ck_assert_uint_eq (line.a.l4->icmp->len, 1);
  icmp = icmp_at (&line.a, 0);
  ck_assert_uint_eq (icmp->type, 3);
  ck_assert_uint_eq (icmp->code, 4);
  ck_assert_uint_eq (icmp->info, 1000);
  ck_assert_uint_eq (icmp->payload_destination.value, A ("10.1.2.2").value);
  ck_assert_uint_eq (line.b.l4->rx->len, 0);

  /* without DF, R cuts it in two: 976 + 224 bytes */
  send_at (&line.a, 0, pattern_packet (1200, 1), "10.1.2.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (line.b.l4->rx->len, 1);
  assert_pattern (rx_at (&line.b, 0), 1200, 1);
  ck_assert_uint_eq (cr.unicast_forward, 2);
  ck_assert_uint_eq (cr.tx, 1 + 2);
  l3_counts_clear (&ca);
  l3_counts_clear (&cr);
}
END_TEST

static void
send_routed_event (gpointer obj, gpointer data)
{
  Stack *from = obj;
  CnsIpv4Route route
      = { A ("10.1.1.2"), A ("10.1.1.1"), A ("0.0.0.0"),
          cns_ipv4_l3_protocol_get_net_device (from->ipv4, 1), 1 };

  cns_ipv4_l3_protocol_send (from->ipv4, pattern_packet (10, 0),
                             cns_ipv4_address_any (), A ("10.1.1.2"),
                             TEST_PROTOCOL, 0, 0, &route);
}

START_TEST (test_ipv4_interface_down)
{
  L3Counts ca, cb;

  pair_build (&pair, "8Mbps", "1ms");
  l3_counts_connect (&ca, pair.a.ipv4);
  l3_counts_connect (&cb, pair.b.ipv4);
  cns_ipv4_l3_protocol_set_down (pair.b.ipv4, 1);
  ck_assert (!cns_ipv4_l3_protocol_is_up (pair.b.ipv4, 1));
  send_at (&pair.a, 0, pattern_packet (10, 0), "10.1.1.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (ca.tx, 1);
  ck_assert_uint_eq (cb.rx, 0);
  ck_assert_uint_eq (cb.local_deliver, 0);
  ck_assert_uint_eq (cb.drops->len, 1);
  ck_assert_int_eq (drop_at (&cb, 0)->reason, CNS_IPV4_DROP_INTERFACE_DOWN);
  ck_assert_uint_eq (drop_at (&cb, 0)->interface, 1);
  ck_assert_uint_eq (drop_at (&cb, 0)->header.destination.value,
                     A ("10.1.1.2").value);
  ck_assert_uint_eq (pair.b.l4->rx->len, 0);

  /* sending: down, A's routes through the interface are gone; a route
   * given anyway meets the interface down */
  cns_ipv4_l3_protocol_set_down (pair.a.ipv4, 1);
  send_at (&pair.a, 0, pattern_packet (10, 0), "10.1.1.2", 0);
  cns_simulator_schedule_with_context (cns_node_get_id (pair.a.node), 0,
                                       send_routed_event, &pair.a, NULL);
  cns_simulator_run ();
  ck_assert_uint_eq (ca.drops->len, 2);
  ck_assert_int_eq (drop_at (&ca, 0)->reason, CNS_IPV4_DROP_NO_ROUTE);
  ck_assert_int_eq (drop_at (&ca, 1)->reason, CNS_IPV4_DROP_INTERFACE_DOWN);
  ck_assert_uint_eq (drop_at (&ca, 1)->interface, 1);
  ck_assert_uint_eq (ca.tx, 1);

  /* up again, both ways */
  cns_ipv4_l3_protocol_set_up (pair.a.ipv4, 1);
  cns_ipv4_l3_protocol_set_up (pair.b.ipv4, 1);
  cns_simulator_schedule_with_context (cns_node_get_id (pair.a.node), 0,
                                       send_routed_event, &pair.a, NULL);
  cns_simulator_run ();
  ck_assert_uint_eq (pair.b.l4->rx->len, 1);
  ck_assert_uint_eq (rx_at (&pair.b, 0)->header.source.value,
                     A ("10.1.1.1").value);
  l3_counts_clear (&ca);
  l3_counts_clear (&cb);
}
END_TEST

START_TEST (test_ipv4_local_delivery)
{
  L3Counts ca;
  const TestRx *rx;

  pair_build (&pair, "8Mbps", "1ms");
  l3_counts_connect (&ca, pair.a.ipv4);
  send_at (&pair.a, cns_seconds (3), pattern_packet (2000, 1), "10.1.1.1", 0);
  send_at (&pair.a, cns_seconds (4), pattern_packet (5000, 2), "127.0.0.1", 0);
  send_at (&pair.a, cns_seconds (5), pattern_packet (10, 3), "127.0.0.5", 0);
  cns_simulator_run ();

  /* round the loopback, at once, unfragmented */
  ck_assert_uint_eq (pair.a.l4->rx->len, 3);
  rx = rx_at (&pair.a, 0);
  ck_assert_int_eq (rx->time, cns_seconds (3));
  ck_assert_uint_eq (rx->interface, 0);
  ck_assert_uint_eq (rx->header.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (rx->header.destination.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (rx->header.ttl, 64);
  assert_pattern (rx, 2000, 1);
  rx = rx_at (&pair.a, 1);
  ck_assert_int_eq (rx->time, cns_seconds (4));
  ck_assert_uint_eq (rx->header.source.value, A ("127.0.0.1").value);
  assert_pattern (rx, 5000, 2);
  /* all of 127.0.0.0/8 is the node's */
  rx = rx_at (&pair.a, 2);
  ck_assert_int_eq (rx->time, cns_seconds (5));
  ck_assert_uint_eq (rx->header.destination.value, A ("127.0.0.5").value);
  ck_assert_uint_eq (ca.send_outgoing, 3);
  ck_assert_uint_eq (ca.tx, 3);
  ck_assert_uint_eq (ca.rx, 3);
  ck_assert_uint_eq (ca.local_deliver, 3);
  ck_assert_uint_eq (ca.drops->len, 0);
  ck_assert_uint_eq (pair.b.l4->rx->len, 0);
  l3_counts_clear (&ca);
}
END_TEST

/* A router of 40 links keeps its addresses in a set (past 32
 * interfaces): a datagram from the host on its first link to the address
 * of its 40th is its own; one to the host beyond that link is forwarded;
 * once that address is removed, it is no longer the router's. */
START_TEST (test_ipv4_many_interfaces)
{
  g_autoptr (CnsNode) r = cns_node_new ();
  g_autoptr (CnsNode) h = cns_node_new ();
  g_autoptr (CnsNetDeviceContainer) first = link_nodes (h, r, "10Mbps", "1ms");
  Stack router, host;
  L3Counts counts;
  guint32 last = 0;

  stack_install (&router, r);
  stack_install (&host, h);
  stack_add_interface (&host, cns_net_device_container_get (first, 0),
                       "10.0.0.2", 24);
  stack_add_interface (&router, cns_net_device_container_get (first, 1),
                       "10.0.0.1", 24);
  for (guint i = 1; i < 40; i++)
    {
      g_autoptr (CnsNode) other = cns_node_new ();
      g_autoptr (CnsNetDeviceContainer) link
          = link_nodes (other, r, "10Mbps", "1ms");
      g_autofree gchar *address = g_strdup_printf ("10.0.%u.1", i);

      last = stack_add_interface (
          &router, cns_net_device_container_get (link, 1), address, 24);
    }
  ck_assert_uint_eq (last, 40);
  cns_ipv4_static_routing_set_default_route (host.routing, A ("10.0.0.1"), 1,
                                             0);
  l3_counts_connect (&counts, router.ipv4);
  send_at (&host, cns_seconds (1), pattern_packet (100, 1), "10.0.39.1", 0);
  send_at (&host, cns_seconds (2), pattern_packet (100, 2), "10.0.39.2", 0);
  cns_simulator_stop_at (cns_seconds (3));
  cns_simulator_run ();
  ck_assert_uint_eq (router.l4->rx->len, 1);
  ck_assert_uint_eq (rx_at (&router, 0)->header.destination.value,
                     A ("10.0.39.1").value);
  ck_assert_uint_eq (counts.local_deliver, 1);
  ck_assert_uint_eq (counts.unicast_forward, 1);

  ck_assert (
      cns_ipv4_l3_protocol_remove_address (router.ipv4, last, A ("10.0.39.1")));
  send_at (&host, cns_seconds (4), pattern_packet (100, 3), "10.0.39.1", 0);
  cns_simulator_stop_at (cns_seconds (5));
  cns_simulator_run ();
  ck_assert_uint_eq (router.l4->rx->len, 1);
  ck_assert_uint_eq (counts.local_deliver, 1);
  l3_counts_clear (&counts);
}
END_TEST

START_TEST (test_ipv4_broadcast)
{
  L3Counts ca, cb;
  const TestRx *rx;

  pair_build (&pair, "8Mbps", "1ms");
  l3_counts_connect (&ca, pair.a.ipv4);
  l3_counts_connect (&cb, pair.b.ipv4);
  /* nobody listens: still no ICMP about a broadcast */
  pair.a.l4->status = CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE;
  pair.b.l4->status = CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE;
  send_at (&pair.a, 0, pattern_packet (100, 0), "255.255.255.255", 0);
  send_at (&pair.a, cns_seconds (1), pattern_packet (100, 0), "10.1.1.255", 0);
  cns_simulator_run ();

  /* the limited broadcast left by both interfaces, loopback included */
  ck_assert_uint_eq (pair.a.l4->rx->len, 1);
  rx = rx_at (&pair.a, 0);
  ck_assert_uint_eq (rx->interface, 0);
  ck_assert_uint_eq (rx->header.source.value, A ("127.0.0.1").value);
  ck_assert_uint_eq (pair.b.l4->rx->len, 2);
  rx = rx_at (&pair.b, 0);
  ck_assert_uint_eq (rx->header.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (rx->header.destination.value, 0xffffffffu);
  ck_assert_uint_eq (rx->interface, 1);
  /* the directed broadcast only by its own interface */
  rx = rx_at (&pair.b, 1);
  ck_assert_uint_eq (rx->header.destination.value, A ("10.1.1.255").value);
  ck_assert_uint_eq (rx->header.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (ca.send_outgoing, 3);
  ck_assert_uint_eq (ca.tx, 3);
  ck_assert_uint_eq (cb.tx, 0);
  ck_assert_uint_eq (pair.a.l4->icmp->len, 0);
  l3_counts_clear (&ca);
  l3_counts_clear (&cb);
}
END_TEST

START_TEST (test_ipv4_no_route)
{
  L3Counts ca, cr;
  const TestIcmp *icmp;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  l3_counts_connect (&ca, line.a.ipv4);
  l3_counts_connect (&cr, line.r.ipv4);
  /* R knows no 10.7.0.0: drops, and tells A the host is unreachable */
  send_at (&line.a, 0, pattern_packet (30, 0), "10.7.0.1", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (cr.drops->len, 1);
  ck_assert_int_eq (drop_at (&cr, 0)->reason, CNS_IPV4_DROP_NO_ROUTE);
  ck_assert_uint_eq (drop_at (&cr, 0)->interface, 1);
  ck_assert_uint_eq (line.a.l4->icmp->len, 1);
  icmp = icmp_at (&line.a, 0);
  ck_assert_uint_eq (icmp->type, 3);
  ck_assert_uint_eq (icmp->code, 1);
  ck_assert_uint_eq (icmp->payload_destination.value, A ("10.7.0.1").value);

  /* multicast and loopback destinations are not forwarded, silently */
  send_at (&line.a, 0, pattern_packet (30, 0), "224.1.2.3", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (cr.drops->len, 2);
  ck_assert_int_eq (drop_at (&cr, 1)->reason, CNS_IPV4_DROP_NO_ROUTE);
  ck_assert_uint_eq (line.a.l4->icmp->len, 1);
  ck_assert_uint_eq (cr.tx, 1);

  /* A without its default route has none itself */
  ck_assert (cns_ipv4_static_routing_remove_route (line.a.routing, 2));
  send_at (&line.a, 0, pattern_packet (30, 0), "10.7.0.1", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (ca.drops->len, 1);
  ck_assert_int_eq (drop_at (&ca, 0)->reason, CNS_IPV4_DROP_NO_ROUTE);
  ck_assert_uint_eq (ca.tx, 2);
  l3_counts_clear (&ca);
  l3_counts_clear (&cr);
}
END_TEST

START_TEST (test_ipv4_bad_datagrams)
{
  CnsNetDevice *dev = NULL;
  L3Counts cb;
  guint8 bytes[CNS_IPV4_HEADER_SIZE];
  CnsPacket *p;

  pair_build (&pair, "8Mbps", "1ms");
  dev = cns_net_device_container_get (pair.ab, 0);
  l3_counts_connect (&cb, pair.b.ipv4);

  /* a wrong header checksum */
  p = fragment_packet (100, 0, 1, 0, 100, FALSE);
  cns_packet_copy_data (p, 0, bytes, sizeof bytes);
  cns_packet_remove_at_start (p, sizeof bytes);
  bytes[11] ^= 0xff;
  {
    g_autoptr (CnsPacket) h = cns_packet_new_from_data (bytes, sizeof bytes);

    cns_packet_add_at_end (h, p);
    cns_packet_unref (p);
    inject_at (dev, 0, g_steal_pointer (&h));
  }
  /* not IPv4 */
  bytes[0] = 0x60;
  inject_at (dev, 0, cns_packet_new_from_data (bytes, sizeof bytes));
  /* shorter than its total length */
  p = fragment_packet (100, 0, 2, 0, 100, FALSE);
  cns_packet_remove_at_end (p, 1);
  inject_at (dev, 0, p);
  /* longer: link padding, cut off */
  p = fragment_packet (100, 6, 3, 0, 100, FALSE);
  cns_packet_add_padding (p, 17);
  inject_at (dev, 0, p);
  /* a fragment reaching beyond 65535 bytes */
  p = fragment_packet (100, 0, 4, 0, 100, TRUE);
  {
    CnsIpv4Header h;

    cns_packet_remove_header (p, &cns_ipv4_header_class, &h);
    h.fragment_offset = 65440;
    cns_packet_add_header (p, &cns_ipv4_header_class, &h);
  }
  inject_at (dev, 0, p);
  /* and a good one */
  cns_simulator_schedule_with_context (cns_node_get_id (pair.a.node), 0,
                                       send_routed_event, &pair.a, NULL);
  cns_simulator_run ();

  ck_assert_uint_eq (cb.rx, 6);
  ck_assert_uint_eq (cb.drops->len, 4);
  ck_assert_int_eq (drop_at (&cb, 0)->reason, CNS_IPV4_DROP_BAD_CHECKSUM);
  ck_assert_uint_eq (drop_at (&cb, 0)->size, 100);
  ck_assert_int_eq (drop_at (&cb, 1)->reason, CNS_IPV4_DROP_MALFORMED);
  ck_assert_int_eq (drop_at (&cb, 2)->reason, CNS_IPV4_DROP_MALFORMED);
  ck_assert_uint_eq (drop_at (&cb, 2)->header.identification, 2);
  ck_assert_int_eq (drop_at (&cb, 3)->reason, CNS_IPV4_DROP_MALFORMED);
  ck_assert_uint_eq (drop_at (&cb, 3)->header.fragment_offset, 65440);
  ck_assert_uint_eq (pair.b.l4->rx->len, 2);
  assert_pattern (rx_at (&pair.b, 0), 100, 6);
  assert_pattern (rx_at (&pair.b, 1), 10, 0);
  l3_counts_clear (&cb);
}
END_TEST

static void
send_protocol_99 (gpointer obj, gpointer data)
{
  Stack *from = obj;

  cns_ipv4_l3_protocol_send (from->ipv4, cns_packet_new (8),
                             cns_ipv4_address_any (), A ("10.1.1.2"), 99, 0, 0,
                             NULL);
}

START_TEST (test_ipv4_no_protocol)
{
  L3Counts cb;

  pair_build (&pair, "8Mbps", "1ms");
  l3_counts_connect (&cb, pair.b.ipv4);
  cns_simulator_schedule_with_context (cns_node_get_id (pair.a.node), 0,
                                       send_protocol_99, &pair.a, NULL);
  cns_simulator_run ();
  ck_assert_uint_eq (cb.local_deliver, 1);
  ck_assert_uint_eq (cb.drops->len, 1);
  ck_assert_int_eq (drop_at (&cb, 0)->reason, CNS_IPV4_DROP_NO_PROTOCOL);
  ck_assert_uint_eq (drop_at (&cb, 0)->header.protocol, 99);
  l3_counts_clear (&cb);
}
END_TEST

START_TEST (test_ipv4_forwarding_switch)
{
  L3Counts cr;
  gboolean forward = TRUE;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  l3_counts_connect (&cr, line.r.ipv4);
  g_object_set (line.r.ipv4, "ip-forward", FALSE, NULL);
  g_object_get (line.r.ipv4, "ip-forward", &forward, NULL);
  ck_assert (!forward);
  for (guint32 i = 0; i < 3; i++)
    ck_assert (!cns_ipv4_l3_protocol_is_forwarding (line.r.ipv4, i));
  send_at (&line.a, 0, pattern_packet (30, 0), "10.1.2.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (cr.drops->len, 1);
  ck_assert_int_eq (drop_at (&cr, 0)->reason, CNS_IPV4_DROP_ROUTE_ERROR);
  ck_assert_uint_eq (line.b.l4->rx->len, 0);
  /* forwarding is per input interface: on for packets from A */
  cns_ipv4_l3_protocol_set_forwarding (line.r.ipv4, 1, TRUE);
  ck_assert (cns_ipv4_l3_protocol_is_forwarding (line.r.ipv4, 1));
  send_at (&line.a, 0, pattern_packet (30, 0), "10.1.2.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (line.b.l4->rx->len, 1);
  ck_assert_uint_eq (cr.unicast_forward, 1);
  l3_counts_clear (&cr);
}
END_TEST

START_TEST (test_ipv4_default_ttl)
{
  g_autoptr (GError) error = NULL;
  guint ttl = 0;

  ck_assert (
      cns_config_set_default ("CnsIpv4L3Protocol::DefaultTtl", "10", &error));
  pair_build (&pair, "8Mbps", "1ms");
  g_object_get (pair.a.ipv4, "default-ttl", &ttl, NULL);
  ck_assert_uint_eq (ttl, 10);
  send_at (&pair.a, 0, pattern_packet (30, 0), "10.1.1.2", 0);
  send_at (&pair.a, 0, pattern_packet (30, 0), "10.1.1.2", 200);
  cns_simulator_run ();
  ck_assert_uint_eq (pair.b.l4->rx->len, 2);
  ck_assert_uint_eq (rx_at (&pair.b, 0)->header.ttl, 10);
  ck_assert_uint_eq (rx_at (&pair.b, 1)->header.ttl, 200);
  /* one identification counter per layer */
  ck_assert_uint_eq (rx_at (&pair.b, 0)->header.identification, 0);
  ck_assert_uint_eq (rx_at (&pair.b, 1)->header.identification, 1);
}
END_TEST

START_TEST (test_ipv4_interfaces)
{
  g_autoptr (GError) error = NULL;
  CnsIpv4L3Protocol *ipv4;
  CnsNetDevice *lo, *dev;
  CnsIpv4InterfaceAddress a;
  g_autoptr (TestL4) other = g_object_new (TEST_TYPE_L4, NULL);

  pair_build (&pair, "8Mbps", "1ms");
  ipv4 = pair.a.ipv4;
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_node (ipv4), pair.a.node);
  ck_assert_ptr_eq (cns_object_get (pair.a.node, CNS_TYPE_IPV4_L3_PROTOCOL),
                    ipv4);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_interfaces (ipv4), 2);
  lo = cns_ipv4_l3_protocol_get_net_device (ipv4, 0);
  dev = cns_ipv4_l3_protocol_get_net_device (ipv4, 1);
  ck_assert (CNS_IS_LOOPBACK_NET_DEVICE (lo));
  ck_assert_ptr_eq (dev, cns_net_device_container_get (pair.ab, 0));
  /* the loopback joined the node's devices after the link */
  ck_assert_ptr_eq (cns_node_get_device (pair.a.node, 1), lo);
  ck_assert_int_eq (cns_ipv4_l3_protocol_get_interface_for_device (ipv4, lo),
                    0);
  ck_assert_int_eq (cns_ipv4_l3_protocol_get_interface_for_device (ipv4, dev),
                    1);
  ck_assert_int_eq (cns_ipv4_l3_protocol_get_interface_for_device (
                        ipv4, cns_net_device_container_get (pair.ab, 1)),
                    -1);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_mtu (ipv4, 0), 65535);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_mtu (ipv4, 1), 1500);
  ck_assert (cns_ipv4_l3_protocol_is_up (ipv4, 0));
  ck_assert (cns_net_device_is_link_up (lo));
  ck_assert_ptr_null (cns_net_device_get_channel (lo));

  a = cns_ipv4_l3_protocol_get_address (ipv4, 0, 0);
  ck_assert_uint_eq (a.local.value, A ("127.0.0.1").value);
  ck_assert_int_eq (a.scope, CNS_IPV4_SCOPE_HOST);
  a = cns_ipv4_l3_protocol_get_address (ipv4, 1, 0);
  ck_assert_uint_eq (a.local.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (a.mask.value, 0xffffff00u);
  ck_assert_uint_eq (a.broadcast.value, A ("10.1.1.255").value);
  ck_assert (!a.secondary);

  /* a second address in the same subnet is secondary */
  a = cns_ipv4_interface_address_init (A ("10.1.1.9"),
                                       cns_ipv4_mask_from_prefix_length (24));
  ck_assert (cns_ipv4_l3_protocol_add_address (ipv4, 1, &a, &error));
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (ipv4, 1), 2);
  ck_assert (cns_ipv4_l3_protocol_get_address (ipv4, 1, 1).secondary);
  /* the usual single address is stored apart from further ones: going
   * from three to one and back keeps each in its place */
  a = cns_ipv4_interface_address_init (A ("10.9.0.1"),
                                       cns_ipv4_mask_from_prefix_length (16));
  ck_assert (cns_ipv4_l3_protocol_add_address (ipv4, 1, &a, &error));
  ck_assert (cns_ipv4_l3_protocol_remove_address (ipv4, 1, A ("10.1.1.1")));
  ck_assert (cns_ipv4_l3_protocol_remove_address (ipv4, 1, A ("10.1.1.9")));
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (ipv4, 1), 1);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_address (ipv4, 1, 0).local.value,
                     A ("10.9.0.1").value);
  ck_assert (cns_ipv4_l3_protocol_remove_address (ipv4, 1, A ("10.9.0.1")));
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (ipv4, 1), 0);
  a = cns_ipv4_interface_address_init (A ("10.1.1.1"),
                                       cns_ipv4_mask_from_prefix_length (24));
  ck_assert (cns_ipv4_l3_protocol_add_address (ipv4, 1, &a, &error));
  a = cns_ipv4_interface_address_init (A ("10.1.1.9"),
                                       cns_ipv4_mask_from_prefix_length (24));
  ck_assert (cns_ipv4_l3_protocol_add_address (ipv4, 1, &a, &error));
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_address (ipv4, 1, 0).local.value,
                     A ("10.1.1.1").value);
  ck_assert (cns_ipv4_l3_protocol_get_address (ipv4, 1, 1).secondary);
  ck_assert_int_eq (
      cns_ipv4_l3_protocol_get_interface_for_address (ipv4, A ("10.1.1.9")), 1);
  ck_assert_int_eq (
      cns_ipv4_l3_protocol_get_interface_for_address (ipv4, A ("10.1.1.2")),
      -1);
  ck_assert_int_eq (
      cns_ipv4_l3_protocol_get_interface_for_prefix (
          ipv4, A ("10.1.0.0"), cns_ipv4_mask_from_prefix_length (16)),
      1);
  ck_assert_int_eq (
      cns_ipv4_l3_protocol_get_interface_for_prefix (
          ipv4, A ("127.5.5.5"), cns_ipv4_mask_from_prefix_length (8)),
      0);
  ck_assert_int_eq (
      cns_ipv4_l3_protocol_get_interface_for_prefix (
          ipv4, A ("10.2.0.0"), cns_ipv4_mask_from_prefix_length (16)),
      -1);

  /* sources */
  ck_assert_uint_eq (
      cns_ipv4_l3_protocol_select_source_address (ipv4, dev, A ("8.8.8.8"))
          .value,
      A ("10.1.1.1").value);
  ck_assert_uint_eq (
      cns_ipv4_l3_protocol_select_source_address (ipv4, NULL, A ("8.8.8.8"))
          .value,
      A ("10.1.1.1").value);
  ck_assert_uint_eq (
      cns_ipv4_l3_protocol_select_source_address (ipv4, NULL, A ("127.1.2.3"))
          .value,
      A ("127.0.0.1").value);

  /* who a datagram is for */
  ck_assert (
      cns_ipv4_l3_protocol_is_destination_address (ipv4, A ("10.1.1.9"), 1));
  ck_assert (
      cns_ipv4_l3_protocol_is_destination_address (ipv4, A ("127.0.0.1"), 1));
  ck_assert (
      cns_ipv4_l3_protocol_is_destination_address (ipv4, A ("10.1.1.255"), 1));
  ck_assert (
      !cns_ipv4_l3_protocol_is_destination_address (ipv4, A ("10.1.1.255"), 0));
  ck_assert (cns_ipv4_l3_protocol_is_destination_address (
      ipv4, A ("255.255.255.255"), 0));
  ck_assert (
      !cns_ipv4_l3_protocol_is_destination_address (ipv4, A ("10.1.1.2"), 1));

  /* metrics */
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_metric (ipv4, 1), 1);
  cns_ipv4_l3_protocol_set_metric (ipv4, 1, 7);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_metric (ipv4, 1), 7);

  /* transports: by number; a second of the same number replaces */
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, TEST_PROTOCOL),
                    pair.a.l4);
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, 1),
                    pair.a.icmp);
  ck_assert_ptr_null (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, 17));
  ck_assert_ptr_eq (
      cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (pair.a.icmp)), ipv4);
  cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, CNS_IPV4_L4_PROTOCOL (other));
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, TEST_PROTOCOL),
                    other);
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, 1),
                    pair.a.icmp);
  ck_assert_uint_eq (
      cns_ipv4_l4_protocol_get_protocol_number (CNS_IPV4_L4_PROTOCOL (other)),
      TEST_PROTOCOL);
  /* inserting again changes nothing; a protocol serves one layer */
  cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, CNS_IPV4_L4_PROTOCOL (other));
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_l4_protocol (ipv4, TEST_PROTOCOL),
                    other);
  CNS_TEST_EXPECT_CRITICAL (
      "*in another IPv4 layer*",
      cns_ipv4_l3_protocol_insert_l4_protocol (
          cns_object_get (pair.b.node, CNS_TYPE_IPV4_L3_PROTOCOL),
          CNS_IPV4_L4_PROTOCOL (other)));
}
END_TEST

START_TEST (test_ipv4_bad_input)
{
  CnsIpv4L3Protocol *ipv4;
  CnsIpv4InterfaceAddress a = cns_ipv4_interface_address_init (
      A ("10.2.2.2"), cns_ipv4_mask_from_prefix_length (24));
  g_autoptr (CnsIpv4L3Protocol) loose = cns_ipv4_l3_protocol_new ();

  pair_build (&pair, "8Mbps", "1ms");
  ipv4 = pair.a.ipv4;
  {
    g_autoptr (GError) error = NULL;

    ck_assert (!cns_ipv4_l3_protocol_add_address (ipv4, 5, &a, &error));
    CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_NOT_FOUND);
    ck_assert_ptr_nonnull (strstr (error->message, "10.2.2.2"));
  }
  {
    g_autoptr (GError) error = NULL;
    CnsIpv4InterfaceAddress any = a;

    any.local = cns_ipv4_address_any ();
    ck_assert (!cns_ipv4_l3_protocol_add_address (ipv4, 1, &any, &error));
    CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  }
  {
    g_autoptr (GError) error = NULL;
    CnsIpv4InterfaceAddress holes = a;

    holes.mask.value = 0xff00ff00u;
    ck_assert (!cns_ipv4_l3_protocol_add_address (ipv4, 1, &holes, &error));
    CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  }
  {
    g_autoptr (GError) error = NULL;

    a.local = A ("10.1.1.1");
    ck_assert (!cns_ipv4_l3_protocol_add_address (ipv4, 1, &a, &error));
    CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_IN_USE);
    ck_assert_str_eq (error->message,
                      "10.1.1.1 is already assigned to node 0 interface 1; "
                      "cannot assign it to node 0 interface 1 again");
  }
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (ipv4, 1), 1);

  CNS_TEST_EXPECT_CRITICAL ("*no interface 2*",
                            cns_ipv4_l3_protocol_set_up (ipv4, 2));
  CNS_TEST_EXPECT_CRITICAL (
      "*no interface 9*",
      ck_assert_ptr_null (cns_ipv4_l3_protocol_get_net_device (ipv4, 9)));
  /* a device already an interface, a device of another node */
  CNS_TEST_EXPECT_CRITICAL (
      "*get_interface_for_device*",
      cns_ipv4_l3_protocol_add_interface (
          ipv4, cns_net_device_container_get (pair.ab, 0)));
  CNS_TEST_EXPECT_CRITICAL (
      "*get_node*", cns_ipv4_l3_protocol_add_interface (
                        ipv4, cns_net_device_container_get (pair.ab, 1)));
  /* a layer not on a node has no interfaces to add to */
  CNS_TEST_EXPECT_CRITICAL (
      "*node != NULL*", cns_ipv4_l3_protocol_add_interface (
                            loose, cns_net_device_container_get (pair.ab, 1)));
  ck_assert_ptr_null (cns_ipv4_l3_protocol_get_node (loose));
  ck_assert_ptr_null (cns_ipv4_l3_protocol_get_routing_protocol (loose));
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_interfaces (ipv4), 2);
}
END_TEST

static void
keep_rx (gpointer source, CnsPacket *packet, CnsIpv4L3Protocol *ipv4,
         guint32 interface, gpointer user_data)
{
  g_ptr_array_add (user_data, cns_packet_ref (packet));
}

static void
keep_sent (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
           guint32 interface, gpointer user_data)
{
  g_ptr_array_add (user_data, cns_packet_ref (packet));
}

/* Sinks that keep references to the packets they see change nothing: the
 * layer copies before it writes. */
START_TEST (test_ipv4_sinks_keep_packets)
{
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (packet_free);
  g_autoptr (GError) error = NULL;
  CnsIpv4Header h;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  ck_assert (cns_trace_connect (line.r.ipv4, "Rx", G_CALLBACK (keep_rx), kept,
                                &error));
  ck_assert (cns_trace_connect (line.r.ipv4, "UnicastForward",
                                G_CALLBACK (keep_sent), kept, &error));
  ck_assert (cns_trace_connect (line.b.ipv4, "LocalDeliver",
                                G_CALLBACK (keep_sent), kept, &error));
  send_at (&line.a, 0, pattern_packet (1000, 11), "10.1.2.2", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (line.b.l4->rx->len, 1);
  assert_pattern (rx_at (&line.b, 0), 1000, 11);
  ck_assert_uint_eq (kept->len, 3);
  /* what R received, header and all, TTL still 64 */
  ck_assert_uint_eq (cns_packet_get_size (kept->pdata[0]), 1020);
  ck_assert_uint_eq (
      cns_packet_peek_header (kept->pdata[0], &cns_ipv4_header_class, &h), 20);
  ck_assert_uint_eq (h.ttl, 64);
  ck_assert (h.checksum_ok);
  /* what R forwarded and B delivered: the payload alone */
  ck_assert_uint_eq (cns_packet_get_size (kept->pdata[1]), 1000);
  ck_assert_uint_eq (cns_packet_get_size (kept->pdata[2]), 1000);
}
END_TEST

static void
count_drop (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
            CnsIpv4DropReason reason, CnsIpv4L3Protocol *ipv4,
            guint32 interface, gpointer user_data)
{
  ck_assert_int_eq (reason, CNS_IPV4_DROP_ROUTE_ERROR);
  (*(guint *) user_data)++;
}

/* The layer's attributes and trace sources by config path, through the
 * node's aggregate. */
START_TEST (test_ipv4_config_paths)
{
  g_autoptr (GError) error = NULL;
  guint drops = 0;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  ck_assert (cns_config_connect ("/NodeList/*/$CnsIpv4L3Protocol/Drop",
                                 G_CALLBACK (count_drop), &drops, &error));
  ck_assert (cns_config_set ("/NodeList/1/$CnsIpv4L3Protocol/IpForward",
                             "false", &error));
  ck_assert (!cns_ipv4_l3_protocol_is_forwarding (line.r.ipv4, 2));
  send_at (&line.a, 0, pattern_packet (10, 0), "10.1.2.2", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (drops, 1);
  ck_assert_uint_eq (line.b.l4->rx->len, 0);
}
END_TEST

/* An address belongs to one interface of one node in a simulation; the
 * loopback addresses, which never leave a node, are every node's. */
START_TEST (test_ipv4_address_collision)
{
  g_autoptr (GError) error = NULL;
  CnsIpv4InterfaceAddress a = cns_ipv4_interface_address_init (
      A ("10.1.1.2"), cns_ipv4_mask_from_prefix_length (24));
  CnsIpv4InterfaceAddress lo = cns_ipv4_interface_address_init (
      A ("127.0.0.2"), cns_ipv4_mask_from_prefix_length (8));

  pair_build (&pair, "8Mbps", "1ms");
  ck_assert_uint_eq (cns_node_get_id (pair.a.node), 0);
  ck_assert_uint_eq (cns_node_get_id (pair.b.node), 1);

  /* B's address, on A */
  ck_assert (!cns_ipv4_l3_protocol_add_address (pair.a.ipv4, 1, &a, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_IN_USE);
  ck_assert_str_eq (error->message,
                    "10.1.1.2 is already assigned to node 1 interface 1; "
                    "cannot assign it to node 0 interface 1");
  g_clear_error (&error);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (pair.a.ipv4, 1), 1);

  /* A's address on another of A's interfaces */
  a.local = A ("10.1.1.1");
  ck_assert (!cns_ipv4_l3_protocol_add_address (pair.a.ipv4, 0, &a, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_IN_USE);
  ck_assert_str_eq (error->message,
                    "10.1.1.1 is already assigned to node 0 interface 1; "
                    "cannot assign it to node 0 interface 0 as well (an "
                    "address belongs to one interface)");
  g_clear_error (&error);

  /* removed from B, it is free for A, and then taken for B */
  ck_assert (
      cns_ipv4_l3_protocol_remove_address (pair.b.ipv4, 1, A ("10.1.1.2")));
  a.local = A ("10.1.1.2");
  ck_assert (cns_ipv4_l3_protocol_add_address (pair.a.ipv4, 1, &a, &error));
  ck_assert (!cns_ipv4_l3_protocol_add_address (pair.b.ipv4, 1, &a, &error));
  ck_assert_str_eq (error->message,
                    "10.1.1.2 is already assigned to node 0 interface 1; "
                    "cannot assign it to node 1 interface 1");
  g_clear_error (&error);

  /* loopback addresses: on every node, but once per interface */
  ck_assert_uint_eq (
      cns_ipv4_l3_protocol_get_address (pair.b.ipv4, 0, 0).local.value,
      A ("127.0.0.1").value);
  ck_assert (cns_ipv4_l3_protocol_add_address (pair.a.ipv4, 0, &lo, &error));
  ck_assert (cns_ipv4_l3_protocol_add_address (pair.b.ipv4, 0, &lo, &error));
  ck_assert (!cns_ipv4_l3_protocol_add_address (pair.b.ipv4, 0, &lo, &error));
  ck_assert_str_eq (error->message,
                    "127.0.0.2 is already assigned to node 1 interface 0; "
                    "cannot assign it to node 1 interface 0 again");
  g_clear_error (&error);

  /* a disposed layer lets go of its addresses */
  cns_object_dispose (CNS_OBJECT (pair.a.node));
  ck_assert (cns_ipv4_l3_protocol_add_address (pair.b.ipv4, 1, &a, &error));
  a.local = A ("10.1.1.1");
  ck_assert (cns_ipv4_l3_protocol_add_address (pair.b.ipv4, 1, &a, &error));
}
END_TEST

/* Each simulation starts with no addresses taken. */
START_TEST (test_ipv4_address_collision_new_simulation)
{
  for (guint round = 0; round < 2; round++)
    {
      pair_build (&pair, "8Mbps", "1ms");
      ck_assert_uint_eq (
          cns_ipv4_l3_protocol_get_address (pair.b.ipv4, 1, 0).local.value,
          A ("10.1.1.2").value);
      pair_clear (&pair);
      cns_simulator_destroy ();
    }
}
END_TEST

/* ---- addresses changed by nodes of several threads ---- */

#define N_THREAD_ADDRESSES 2000

typedef struct
{
  CnsIpv4L3Protocol *ipv4;  /* the thread's node's: no other thread's */
  guint32 base;             /* its own addresses: base + 1 .. */
  guint32 shared_base;      /* addresses the other thread wants too */
  gboolean own_ok;          /* every own address added, half removed */
  gboolean won[N_THREAD_ADDRESSES]; /* which shared ones it got */
  gboolean lost_right;      /* each one lost named the other node */
} AddressJob;

static CnsIpv4InterfaceAddress
address_at (guint32 value)
{
  return cns_ipv4_interface_address_init ((CnsIpv4Address){ value },
                                          cns_ipv4_mask_from_prefix_length (8));
}

static gpointer
address_job_run (gpointer data)
{
  AddressJob *job = data;
  guint32 other = cns_node_get_id (cns_ipv4_l3_protocol_get_node (job->ipv4))
                  ^ 1;
  g_autofree gchar *other_text
      = g_strdup_printf ("assigned to node %u interface 1", other);

  job->own_ok = TRUE;
  job->lost_right = TRUE;
  for (guint32 k = 1; k <= N_THREAD_ADDRESSES; k++)
    {
      CnsIpv4InterfaceAddress a = address_at (job->base + k);

      job->own_ok &= cns_ipv4_l3_protocol_add_address (job->ipv4, 1, &a, NULL);
    }
  for (guint32 k = 1; k <= N_THREAD_ADDRESSES; k += 2)
    job->own_ok &= cns_ipv4_l3_protocol_remove_address (
        job->ipv4, 1, (CnsIpv4Address){ job->base + k });
  for (guint32 k = 0; k < N_THREAD_ADDRESSES; k++)
    {
      CnsIpv4InterfaceAddress a = address_at (job->shared_base + k);
      g_autoptr (GError) error = NULL;

      job->won[k] = cns_ipv4_l3_protocol_add_address (job->ipv4, 1, &a, &error);
      if (!job->won[k])
        job->lost_right &= error->code == CNS_INTERNET_ERROR_ADDRESS_IN_USE
                           && strstr (error->message, other_text) != NULL;
    }
  return NULL;
}

/* Nodes of two threads adding and removing addresses at once (as events
 * of a parallel run may): each keeps its own, the process-wide set stays
 * whole, and of two nodes taking one address exactly one gets it, the
 * other told which node has it. */
START_TEST (test_ipv4_addresses_from_threads)
{
  AddressJob jobs[2] = {
    { .base = A ("10.64.0.0").value, .shared_base = A ("10.96.0.0").value },
    { .base = A ("10.80.0.0").value, .shared_base = A ("10.96.0.0").value },
  };
  GThread *threads[2];
  guint n_won = 0;

  pair_build (&pair, "8Mbps", "1ms");
  jobs[0].ipv4 = pair.a.ipv4;
  jobs[1].ipv4 = pair.b.ipv4;
  for (guint j = 0; j < 2; j++)
    threads[j] = g_thread_new ("addresses", address_job_run, &jobs[j]);
  for (guint j = 0; j < 2; j++)
    g_thread_join (threads[j]);
  for (guint j = 0; j < 2; j++)
    {
      ck_assert (jobs[j].own_ok);
      ck_assert (jobs[j].lost_right);
    }
  for (guint32 k = 0; k < N_THREAD_ADDRESSES; k++)
    {
      ck_assert_msg (jobs[0].won[k] != jobs[1].won[k], "shared address %u", k);
      n_won += jobs[0].won[k];
    }
  /* 10.1.1.x, half the own ones, and the shared ones each node won */
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (pair.a.ipv4, 1),
                     1 + N_THREAD_ADDRESSES / 2 + n_won);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_addresses (pair.b.ipv4, 1),
                     1 + N_THREAD_ADDRESSES / 2 + N_THREAD_ADDRESSES - n_won);
  /* the set knows exactly the addresses kept */
  for (guint j = 0; j < 2; j++)
    for (guint32 k = 1; k <= N_THREAD_ADDRESSES; k++)
      {
        CnsIpv4InterfaceAddress a = address_at (jobs[j].base + k);
        g_autoptr (GError) error = NULL;
        gboolean added = cns_ipv4_l3_protocol_add_address (jobs[j ^ 1].ipv4,
                                                           1, &a, &error);

        ck_assert_msg (added == (k % 2 == 1), "node %u, address %u", j, k);
      }
}
END_TEST

/* A device kept past its node: once the simulation is destroyed the
 * device has no node, so that nothing reaches a dead node or its IPv4
 * layer through it (the layer hears of link changes through it). */
START_TEST (test_ipv4_device_outlives_node)
{
  g_autoptr (CnsNetDevice) device = NULL;

  pair_build (&pair, "8Mbps", "1ms");
  device = g_object_ref (cns_node_get_device (pair.a.node, 1));
  ck_assert_ptr_eq (cns_net_device_get_node (device), pair.a.node);
  pair_clear (&pair);
  cns_simulator_destroy ();
  ck_assert_ptr_null (cns_net_device_get_node (device));
}
END_TEST

/* ---- trace marshals for bindings (cns_trace_connect_closure()) ---- */

#define CLOSURE_OBJECT(call, i) g_value_get_pointer (&(call)->values[i])
#define CLOSURE_PACKET(call, i) \
  ((CnsPacket *) g_value_get_boxed (&(call)->values[i]))
#define CLOSURE_HEADER(call, i) \
  ((const CnsIpv4Header *) g_value_get_boxed (&(call)->values[i]))

/* A 100-byte datagram from A to B over R: A's Tx and B's Rx call their
 * closures with the layer, the packet with its IPv4 header (120 bytes),
 * the layer again and the interface index, as CnsIpv4TxRxTraceFn has
 * them. */
START_TEST (test_ipv4_closure_tx_rx)
{
  GArray *tx = closure_calls_new ();
  GArray *rx = closure_calls_new ();
  const ClosureCall *call;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  closure_calls_connect (tx, line.a.ipv4, "Tx");
  closure_calls_connect (rx, line.b.ipv4, "Rx");
  send_at (&line.a, cns_seconds (1), pattern_packet (100, 0), "10.1.2.2", 64);
  cns_simulator_run ();

  ck_assert_uint_eq (tx->len, 1);
  ck_assert_uint_eq (rx->len, 1);
  for (guint k = 0; k < 2; k++)
    {
      Stack *stack = k == 0 ? &line.a : &line.b;

      call = closure_calls_get (k == 0 ? tx : rx, 0, 4);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == CNS_TYPE_PACKET);
      ck_assert (call->types[2] == CNS_TYPE_IPV4_L3_PROTOCOL);
      ck_assert (call->types[3] == G_TYPE_UINT);
      ck_assert_ptr_eq (CLOSURE_OBJECT (call, 0), stack->ipv4);
      ck_assert_uint_eq (cns_packet_get_size (CLOSURE_PACKET (call, 1)), 120);
      ck_assert_ptr_eq (CLOSURE_OBJECT (call, 2), stack->ipv4);
      ck_assert_uint_eq (g_value_get_uint (&call->values[3]), 1);
    }
  closure_calls_free (tx);
  closure_calls_free (rx);
}
END_TEST

/* The same datagram: SendOutgoing (A), UnicastForward (R, out of its
 * interface 2, TTL 63 by then) and LocalDeliver (B) call their closures
 * with the layer, a copy of the IPv4 header, the 100-byte payload and the
 * interface index, as CnsIpv4SentTraceFn has them. */
START_TEST (test_ipv4_closure_sent)
{
  GArray *calls[3];
  static const gchar *const names[3]
      = { "SendOutgoing", "UnicastForward", "LocalDeliver" };
  static const guint8 ttls[3] = { 64, 63, 63 };
  static const guint32 interfaces[3] = { 1, 2, 1 };
  Stack *stacks[3];

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  stacks[0] = &line.a;
  stacks[1] = &line.r;
  stacks[2] = &line.b;
  for (guint k = 0; k < 3; k++)
    {
      calls[k] = closure_calls_new ();
      closure_calls_connect (calls[k], stacks[k]->ipv4, names[k]);
    }
  send_at (&line.a, cns_seconds (1), pattern_packet (100, 0), "10.1.2.2", 64);
  cns_simulator_run ();

  for (guint k = 0; k < 3; k++)
    {
      const ClosureCall *call;
      const CnsIpv4Header *h;

      ck_assert_msg (calls[k]->len == 1, "%s: %u calls", names[k],
                     calls[k]->len);
      call = closure_calls_get (calls[k], 0, 4);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == CNS_TYPE_IPV4_HEADER);
      ck_assert (call->types[2] == CNS_TYPE_PACKET);
      ck_assert (call->types[3] == G_TYPE_UINT);
      ck_assert_ptr_eq (CLOSURE_OBJECT (call, 0), stacks[k]->ipv4);
      h = CLOSURE_HEADER (call, 1);
      ck_assert_uint_eq (h->source.value,
                         cns_ipv4_address_from_string ("10.1.1.1").value);
      ck_assert_uint_eq (h->destination.value,
                         cns_ipv4_address_from_string ("10.1.2.2").value);
      ck_assert_uint_eq (h->protocol, TEST_PROTOCOL);
      ck_assert_uint_eq (h->payload_size, 100);
      ck_assert_uint_eq (h->ttl, ttls[k]);
      ck_assert_uint_eq (cns_packet_get_size (CLOSURE_PACKET (call, 2)), 100);
      ck_assert_uint_eq (g_value_get_uint (&call->values[3]), interfaces[k]);
      closure_calls_free (calls[k]);
    }
}
END_TEST

/* A datagram with TTL 1 expires at R: Drop calls the closure with the
 * layer, the header (TTL 0), the payload, the reason as a
 * CnsIpv4DropReason, the layer and the interface it was to leave by. */
START_TEST (test_ipv4_closure_drop)
{
  GArray *drops = closure_calls_new ();
  const ClosureCall *call;
  const CnsIpv4Header *h;

  line_build (&line, "8Mbps", "1ms", "8Mbps", "1ms");
  closure_calls_connect (drops, line.r.ipv4, "Drop");
  send_at (&line.a, cns_seconds (1), pattern_packet (100, 0), "10.1.2.2", 1);
  cns_simulator_run ();

  ck_assert_uint_eq (drops->len, 1);
  call = closure_calls_get (drops, 0, 6);
  ck_assert (call->types[0] == G_TYPE_OBJECT);
  ck_assert (call->types[1] == CNS_TYPE_IPV4_HEADER);
  ck_assert (call->types[2] == CNS_TYPE_PACKET);
  ck_assert (call->types[3] == CNS_TYPE_IPV4_DROP_REASON);
  ck_assert (call->types[4] == CNS_TYPE_IPV4_L3_PROTOCOL);
  ck_assert (call->types[5] == G_TYPE_UINT);
  ck_assert_ptr_eq (CLOSURE_OBJECT (call, 0), line.r.ipv4);
  h = CLOSURE_HEADER (call, 1);
  ck_assert_uint_eq (h->source.value,
                     cns_ipv4_address_from_string ("10.1.1.1").value);
  ck_assert_uint_eq (h->destination.value,
                     cns_ipv4_address_from_string ("10.1.2.2").value);
  ck_assert_uint_eq (h->ttl, 0);
  ck_assert_uint_eq (cns_packet_get_size (CLOSURE_PACKET (call, 2)), 100);
  ck_assert_int_eq (g_value_get_enum (&call->values[3]),
                    CNS_IPV4_DROP_TTL_EXPIRED);
  ck_assert_ptr_eq (CLOSURE_OBJECT (call, 4), line.r.ipv4);
  ck_assert_uint_eq (g_value_get_uint (&call->values[5]), 2);
  closure_calls_free (drops);
}
END_TEST

Suite *
test_ipv4_l3_protocol_suite (void)
{
  Suite *s = suite_create ("ipv4-l3-protocol");
  TCase *tc = tcase_create ("l3");
  TCase *threads;

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_ipv4_line_delivery);
  tcase_add_test (tc, test_ipv4_ttl_expiry);
  tcase_add_test (tc, test_ipv4_fragmentation);
  tcase_add_test (tc, test_ipv4_reassembly_disorder);
  tcase_add_test (tc, test_ipv4_fragment_timeout);
  tcase_add_test (tc, test_ipv4_fragment_timeout_attribute);
  tcase_add_test (tc, test_ipv4_dont_fragment);
  tcase_add_test (tc, test_ipv4_interface_down);
  tcase_add_test (tc, test_ipv4_local_delivery);
  tcase_add_test (tc, test_ipv4_many_interfaces);
  tcase_add_test (tc, test_ipv4_closure_tx_rx);
  tcase_add_test (tc, test_ipv4_closure_sent);
  tcase_add_test (tc, test_ipv4_closure_drop);
  tcase_add_test (tc, test_ipv4_broadcast);
  tcase_add_test (tc, test_ipv4_no_route);
  tcase_add_test (tc, test_ipv4_bad_datagrams);
  tcase_add_test (tc, test_ipv4_no_protocol);
  tcase_add_test (tc, test_ipv4_forwarding_switch);
  tcase_add_test (tc, test_ipv4_default_ttl);
  tcase_add_test (tc, test_ipv4_interfaces);
  tcase_add_test (tc, test_ipv4_bad_input);
  tcase_add_test (tc, test_ipv4_address_collision);
  tcase_add_test (tc, test_ipv4_address_collision_new_simulation);
  tcase_add_test (tc, test_ipv4_sinks_keep_packets);
  tcase_add_test (tc, test_ipv4_config_paths);
  tcase_add_test (tc, test_ipv4_device_outlives_node);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_checked_fixture (threads, NULL, teardown);
  tcase_add_test (threads, test_ipv4_addresses_from_threads);
  suite_add_tcase (s, threads);
  return s;
}
