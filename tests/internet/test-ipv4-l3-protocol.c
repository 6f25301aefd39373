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

Suite *
test_ipv4_l3_protocol_suite (void)
{
  Suite *s = suite_create ("ipv4-l3-protocol");
  TCase *tc = tcase_create ("l3");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_ipv4_line_delivery);
  suite_add_tcase (s, tc);
  return s;
}
