/* cns — tests of the TCP congestion control algorithms and their registry.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every expected window below was worked out by hand (the arithmetic is
 * in the comments) or, for Cubic's longer runs, with a separate model of
 * RFC 9438's formulas; none comes from the code under test. Cubic reads
 * the simulator's clock, so its ACKs are events run at given times.
 */
#include "internet/cns-tcp-congestion-ops.h"

#include "core/cns-simulator.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <math.h>
#include <string.h>

#define MS CNS_TIME_PS_PER_MS
#define S  CNS_TIME_PS_PER_S

/* A connection as the socket hands it to an algorithm: data[] zeroed,
 * then init(); no RTT measured. */
static void
tcb_setup (CnsTcpSocketState *tcb, const CnsTcpCongestionOps *ops,
           guint32 segment_size, guint32 cwnd, guint32 ssthresh)
{
  memset (tcb, 0, sizeof *tcb);
  tcb->segment_size = segment_size;
  tcb->cwnd = cwnd;
  tcb->ssthresh = ssthresh;
  tcb->ca_state = CNS_TCP_CA_OPEN;
  tcb->min_rtt = CNS_TIME_MAX;
  tcb->last_rtt = 0;
  if (ops->init != NULL)
    ops->init (tcb);
}

/* Returns cwnd after an ACK of @segments. */
static guint32
ack (const CnsTcpCongestionOps *ops, CnsTcpSocketState *tcb, guint32 segments)
{
  ops->increase_window (tcb, segments);
  return tcb->cwnd;
}

typedef struct
{
  const CnsTcpCongestionOps *ops;
  CnsTcpSocketState *tcb;
  guint32 segments;
} AckEvent;

static void
ack_event (gpointer obj, gpointer data)
{
  AckEvent *a = data;

  a->ops->increase_window (a->tcb, a->segments);
}

/* Runs an ACK of @segments at simulated time @at; returns cwnd after. */
static guint32
ack_at (const CnsTcpCongestionOps *ops, CnsTcpSocketState *tcb, CnsTime at,
        guint32 segments)
{
  AckEvent a = { ops, tcb, segments };

  ck_assert_int_ge (at, cns_simulator_now ());
  cns_simulator_schedule (at - cns_simulator_now (), ack_event, NULL, &a);
  cns_simulator_run ();
  ck_assert_int_eq (cns_simulator_now (), at);
  return tcb->cwnd;
}

/* A loss found by duplicate ACKs, as the socket handles it: ssthresh from
 * the algorithm, and cwnd = ssthresh once recovery is over. */
static void
fast_retransmit_loss (const CnsTcpCongestionOps *ops, CnsTcpSocketState *tcb)
{
  tcb->bytes_in_flight = tcb->cwnd;
  tcb->ssthresh = ops->get_ssthresh (tcb, tcb->bytes_in_flight);
  if (ops->set_state != NULL)
    ops->set_state (tcb, CNS_TCP_CA_RECOVERY);
  tcb->ca_state = CNS_TCP_CA_RECOVERY;
  tcb->cwnd = tcb->ssthresh;
  if (ops->set_state != NULL)
    ops->set_state (tcb, CNS_TCP_CA_OPEN);
  tcb->ca_state = CNS_TCP_CA_OPEN;
}

/* ---- Reno ------------------------------------------------------------ */

/* SMSS 536, cwnd 2 * 536 = 1072, ssthresh 4000. Slow start adds 536 per
 * ACK whether it acks one segment or two: 1072 -> 1608 -> 2144 -> 2680
 * -> 3216 -> 3752, and 3752 < 4000 still, so the sixth ACK gives 4288,
 * past ssthresh. Then congestion avoidance adds 536 * 536 / cwnd = 287296
 * / cwnd, integer: 287296 / 4288 = 67 exactly -> 4355; 287296 / 4355 =
 * 65.97 -> 65 -> 4420 (even for two segments); 287296 / 4420 = 64.999
 * (4420 * 65 = 287300) -> 64 -> 4484. */
START_TEST (test_reno_slow_start_into_avoidance)
{
  static const guint32 segments[] = { 1, 2, 1, 2, 1, 2, 1, 2, 1 };
  static const guint32 expected[]
      = { 1608, 2144, 2680, 3216, 3752, 4288, 4355, 4420, 4484 };
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_reno, 536, 2 * 536, 4000);
  for (guint i = 0; i < G_N_ELEMENTS (segments); i++)
    ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, segments[i]), expected[i]);
  ck_assert_uint_eq (tcb.ssthresh, 4000);
}
END_TEST

/* cwnd 5360 (10 segments): 287296 / 5360 = 53.6 -> +53 -> 5413; 287296 /
 * 5413 = 53.07 -> +53 -> 5466; 287296 / 5466 = 52.56 -> +52 -> 5518; an
 * ACK of 5 segments still adds one increment only: 287296 / 5518 = 52.07
 * -> 5570. A window larger than SMSS^2 still gains one byte: 287296 /
 * 300000 = 0 -> +1. */
START_TEST (test_reno_congestion_avoidance)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_reno, 536, 5360, 4000);
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 1), 5413);
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 1), 5466);
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 1), 5518);
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 5), 5570);
  /* an ACK of less than a segment changes nothing */
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 0), 5570);

  tcb.cwnd = 300000;
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 1), 300001);
  /* at the top, cwnd stays there rather than wrapping */
  tcb.cwnd = G_MAXUINT32;
  ck_assert_uint_eq (ack (&cns_tcp_reno, &tcb, 1), G_MAXUINT32);
}
END_TEST

/* max (FlightSize / 2, 2 * SMSS): 10000 / 2 = 5000 > 1072; 10001 / 2 =
 * 5000; 500 / 2 = 250 < 1072. */
START_TEST (test_reno_ssthresh_and_table)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_reno, 536, 5360, 4000);
  ck_assert_uint_eq (cns_tcp_reno.get_ssthresh (&tcb, 10000), 5000);
  ck_assert_uint_eq (cns_tcp_reno.get_ssthresh (&tcb, 10001), 5000);
  ck_assert_uint_eq (cns_tcp_reno.get_ssthresh (&tcb, 500), 1072);
  ck_assert_uint_eq (cns_tcp_reno.get_ssthresh (&tcb, 0), 1072);
  ck_assert_str_eq (cns_tcp_reno.name, "Reno");
  ck_assert (!cns_tcp_reno.partial_ack_recovery);
  ck_assert_ptr_nonnull (cns_tcp_reno.get_ssthresh);
  ck_assert_ptr_nonnull (cns_tcp_reno.increase_window);
}
END_TEST

/* ---- NewReno --------------------------------------------------------- */

/* SMSS 536, cwnd 1072, ssthresh 3500, ACKs of 2 segments: 1072 + 2 * 536
 * = 2144, then 3216. The next needs ceil ((3500 - 3216) / 536) = 1 of its
 * 2 segments to reach ssthresh: cwnd = 3500 (not 4288), and 1 segment is
 * left for congestion avoidance. There, cwnd / SMSS = 3500 / 536 = 6
 * segments earn one SMSS: with the 1 counted, the 5th single-segment ACK
 * gives 3500 + 536 = 4036, not the 6th. */
START_TEST (test_new_reno_slow_start_reaches_ssthresh)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_new_reno, 536, 1072, 3500);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 2), 2144);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 2), 3216);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 2), 3500);
  for (guint i = 0; i < 4; i++)
    ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 3500);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 4036);

  /* slow start below ssthresh counts every segment: 1072 + 3 * 536 */
  tcb_setup (&tcb, &cns_tcp_new_reno, 536, 1072, 3500);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 3), 2680);
  /* an exact landing leaves nothing over: 2680 + 536 = 3216, then an ACK
   * of 1 segment reaches 3500 with none left, so avoidance needs 6 more */
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 3216);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 3500);
  for (guint i = 0; i < 5; i++)
    ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 3500);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 4036);
}
END_TEST

/* cwnd 5360 = 10 segments, ssthresh 5360 (avoidance): 9 ACKs leave it,
 * the 10th adds 536 -> 5896 (count back to 0). Now 5896 / 536 = 11: an
 * ACK of 25 segments is 2 whole windows, +1072 -> 6968, and keeps 25 -
 * 22 = 3. 6968 / 536 = 13: 3 + 9 = 12 is short; one more reaches 13 ->
 * 7504, count 0. */
START_TEST (test_new_reno_congestion_avoidance_count)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_new_reno, 536, 5360, 5360);
  for (guint i = 0; i < 9; i++)
    ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 5360);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 5896);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 25), 6968);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 9), 6968);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 7504);
  /* count 0 again: 7504 / 536 = 14 segments for the next increase */
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 13), 7504);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 0), 7504);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 8040);

  /* a window below one segment counts as one: every segment adds 536 */
  tcb_setup (&tcb, &cns_tcp_new_reno, 536, 500, 500);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 1036);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 1572);
}
END_TEST

/* SMSS 1460, cwnd = ssthresh = 14600 (10 segments): 1000003 segments are
 * 100000 windows of 10, +146000000 -> 146014600, and 3 are kept. The next
 * window is 146014600 / 1460 = 100010 segments: 3 + 100006 = 100009 is
 * one short. */
START_TEST (test_new_reno_large_acks)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_new_reno, 1460, 14600, 14600);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1000003), 146014600);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 100006), 146014600);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 146016060);

  /* ssthresh 2^32 - 1, cwnd 2920: 10^7 segments (14.6 GB) overflow 32
   * bits. ceil ((4294967295 - 2920) / 1460) = ceil (2941756.42) = 2941757
   * of them reach ssthresh; the 7058243 left are 2 windows of 4294967295
   * / 1460 = 2941758 segments, +2920 held at 2^32 - 1. */
  tcb_setup (&tcb, &cns_tcp_new_reno, 1460, 2920, G_MAXUINT32);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 10000000), G_MAXUINT32);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, G_MAXUINT32), G_MAXUINT32);
}
END_TEST

/* 9 segments counted towards the 10 of cwnd 5360; a fast retransmit
 * (ssthresh max (5360 / 2, 1072) = 2680, cwnd 2680 after recovery)
 * clears the count: at 2680 / 536 = 5 segments, 4 ACKs leave cwnd, the
 * 5th gives 3216. Had the 9 stayed, the first ACK would add 2 * 536. */
START_TEST (test_new_reno_loss_clears_count)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_new_reno, 536, 5360, 5360);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 9), 5360);
  fast_retransmit_loss (&cns_tcp_new_reno, &tcb);
  ck_assert_uint_eq (tcb.ssthresh, 2680);
  ck_assert_uint_eq (tcb.cwnd, 2680);
  for (guint i = 0; i < 4; i++)
    ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 2680);
  ck_assert_uint_eq (ack (&cns_tcp_new_reno, &tcb, 1), 3216);

  ck_assert_uint_eq (cns_tcp_new_reno.get_ssthresh (&tcb, 10000), 5000);
  ck_assert_uint_eq (cns_tcp_new_reno.get_ssthresh (&tcb, 500), 1072);
  ck_assert_str_eq (cns_tcp_new_reno.name, "NewReno");
  ck_assert (cns_tcp_new_reno.partial_ack_recovery);
}
END_TEST

/* ---- Cubic ----------------------------------------------------------- */

/* Cubic with SMSS 1000 and a first loss at W_max = 100 segments: cwnd
 * 100000 -> ssthresh = 0.7 * 100000 = 70000, W_max = 100000 (no earlier
 * W_max to converge from). */
static void
cubic_setup_after_loss (CnsTcpSocketState *tcb)
{
  tcb_setup (tcb, &cns_tcp_cubic, 1000, 100000, 100000);
  fast_retransmit_loss (&cns_tcp_cubic, tcb);
  ck_assert_uint_eq (tcb->ssthresh, 70000);
  ck_assert_uint_eq (tcb->cwnd, 70000);
}

/* The epoch starts with the first ACK at T0 = 1 s: cwnd_epoch = 70000, K
 * = cbrt ((100 - 70) / 0.4) = cbrt (75) = 4.2171633 s, W_cubic (0) =
 * 100000 - 400 * 75 = 70000 bytes (C * SMSS = 400 bytes/s^3). W_est =
 * 70000 + 9/17 * 1000 * 1000 / 70000 = 70000 + 9000000 / 1190000 (7.56)
 * = 70007 is above it: Reno-friendly, cwnd = 70007 (remainder 670000).
 * Then with no RTT measured (RTT 0), one ACK of 70 segments (70000
 * bytes) at t:
 * - t = 0 again: W_est += (670000 + 630000000) / (17 * 70007 = 1190119)
 *   = 529.9 -> 70536, still above W_cubic (0): cwnd = 70536.
 * - t = 4.2171 s, just before K: W_cubic = 100000 - 400 * (6.33e-5)^3 =
 *   99999.9999999999 -> target 99999; W_est 70536 is below, so cwnd +=
 *   70000 * (99999 - 70007) / 70007 = 2099440000 / 70007 = 29989.001 ->
 *   99996.
 * - t = 4.2172 s, just after K: target 100000 -> 2099510000 / 70007 =
 *   29990.001 -> 99997. So K lies between 4.2171 and 4.2172 s.
 * - t = 8.4343 s, just before 2K = 8.4343267: W_cubic = 100000 + 400 *
 *   4.2171367^3 = 129999.43, but held to 1.5 * 70007 = 70007 + 35003 =
 *   105010: 70000 * 35003 / 70007 = 34999.5 -> 105006. */
START_TEST (test_cubic_k_and_window_at_0_k_2k)
{
  static const struct
  {
    CnsTime t;
    guint32 cwnd;
  } cases[] = {
    { 0, 70536 },
    { 4217100 * CNS_TIME_PS_PER_US, 99996 },
    { 4217200 * CNS_TIME_PS_PER_US, 99997 },
    { 8434300 * CNS_TIME_PS_PER_US, 105006 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CnsTcpSocketState tcb;

      cns_simulator_destroy ();
      cubic_setup_after_loss (&tcb);
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1), 70007);
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S + cases[i].t, 70),
                         cases[i].cwnd);
    }
}
END_TEST

/* Following the curve to 2K: after the ACK at K + 0.0001 s (cwnd 99997,
 * remainder 70 from 2099510000 - 29990 * 70007), 100 segments at t =
 * 8.4343 s: target floor (129999.43) = 129999 < 1.5 * 99997, so cwnd +=
 * (70 + 100000 * (129999 - 99997)) / 99997 = 3000200070 / 99997 = 30002.9
 * -> 129999: W_cubic (2K) = 2 W_max - cwnd_epoch = 130000 bytes, just
 * before it. */
START_TEST (test_cubic_reaches_2k_plateau_mirror)
{
  CnsTcpSocketState tcb;

  cubic_setup_after_loss (&tcb);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1), 70007);
  ck_assert_uint_eq (
      ack_at (&cns_tcp_cubic, &tcb, 1 * S + 4217200 * CNS_TIME_PS_PER_US, 70),
      99997);
  ck_assert_uint_eq (
      ack_at (&cns_tcp_cubic, &tcb, 1 * S + 8434300 * CNS_TIME_PS_PER_US, 100),
      129999);
}
END_TEST

/* A window's worth of ACKs (cwnd / 1000 segments) every min_rtt = 500 ms
 * after the epoch starts at 1 s (cwnd 70007, as above). Each ACK aims at
 * W_cubic (t + 0.5 s) = 100000 + 400 (t + 0.5 - 4.2171633)^3. First step,
 * t = 0.5 s: W_cubic (1) = 100000 - 400 * 3.2171633^3 = 86680.76 ->
 * target 86680, W_est 70536 below W_cubic (0.5) = 79455.5; 70 segments:
 * cwnd += 70000 * 16673 / 70007 = 16671.67 -> 86678 (remainder 23303).
 * Second, t = 1 s, 86 segments: target floor (W_cubic (1.5) = 91975.70);
 * (23303 + 86000 * 5297) / 86678 = 455565303 / 86678 = 5255.8 -> 91933.
 * The rest from a separate model of the same formulas. The increments
 * shrink while the window climbs towards W_max = 100000 (concave, t + RTT
 * < K), and grow again beyond it (convex). */
START_TEST (test_cubic_concave_then_convex)
{
  static const guint32 expected[] = {
    86678,  91933,  95603,  97959,  99265,  99850,  99994,
    100009, 100191, 100843, 102254, 104751, 108593, 114120,
  };
  CnsTcpSocketState tcb;
  guint32 last_increase = G_MAXUINT32;

  cubic_setup_after_loss (&tcb);
  tcb.min_rtt = 500 * MS;
  tcb.last_rtt = 700 * MS;
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1), 70007);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      guint32 before = tcb.cwnd;
      guint32 increase;

      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S + (i + 1) * S / 2,
                                 tcb.cwnd / 1000),
                         expected[i]);
      increase = tcb.cwnd - before;
      /* concave up to t = 3.5 s (t + RTT = 4 s < K), convex from 4.5 s */
      if (i <= 6)
        ck_assert_uint_lt (increase, last_increase);
      else if (i >= 8)
        ck_assert_uint_gt (increase, last_increase);
      if (i <= 6)
        ck_assert_uint_lt (tcb.cwnd, 100000);
      last_increase = increase;
    }
}
END_TEST

/* Which RTT W_cubic looks ahead by: one ACK of 70 segments 0.5 s into the
 * epoch (cwnd 70007, W_est 70536 < W_cubic (0.5) = 79455.53).
 * - none measured: target floor (W_cubic (0.5)) = 79455: 70000 * 9448 /
 *   70007 = 9447.06 -> 79454;
 * - last_rtt 500 ms only: W_cubic (1.0) = 86680.76: 16671.67 -> 86678;
 * - min_rtt 250 ms wins over last_rtt: W_cubic (0.75) = 100000 - 400 *
 *   3.4671633^3 = 83328.18: 70000 * 13321 / 70007 = 13319.67 -> 83326. */
START_TEST (test_cubic_rtt_choice)
{
  static const struct
  {
    CnsTime min_rtt;
    CnsTime last_rtt;
    guint32 cwnd;
  } cases[] = {
    { CNS_TIME_MAX, 0, 79454 },
    { CNS_TIME_MAX, 500 * MS, 86678 },
    { 250 * MS, 500 * MS, 83326 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CnsTcpSocketState tcb;

      cns_simulator_destroy ();
      cubic_setup_after_loss (&tcb);
      tcb.min_rtt = cases[i].min_rtt;
      tcb.last_rtt = cases[i].last_rtt;
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1), 70007);
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1500 * MS, 70),
                         cases[i].cwnd);
    }
}
END_TEST

/* Fast convergence. After the first loss (W_max 100000), a second loss at
 * cwnd 90000 < W_max: W_max = 90000 * (1 + 0.7) / 2 = 76500, ssthresh =
 * 63000, and K = cbrt ((76.5 - 63) / 0.4) = cbrt (33.75) = 3.2316520 s
 * (3.2316 s < K < 3.2317 s). First ACK: W_est = 63000 + 9000000 /
 * (17 * 63000) (8.4) = 63008 > W_cubic (0) = 63000 -> cwnd 63008. Then 63
 * segments at t:
 * - 3.2316 s: target 76499 -> 63000 * 13491 / 63008 = 13489.3 -> 76497;
 * - 3.2317 s: target 76500 -> 63000 * 13492 / 63008 = 13490.3 -> 76498.
 * Without fast convergence the plateau would be 90000, with K =
 * cbrt (67.5) = 4.07 s, and the window far lower at 3.23 s.
 * A second loss above W_max (cwnd 110000 >= 100000) keeps W_max = cwnd:
 * ssthresh 77000, K = cbrt (33 / 0.4) = cbrt (82.5) = 4.3532938 s;
 * cwnd 77006 after the first ACK (9000000 / 1309000 = 6.9), and 77
 * segments at 4.3532 s reach floor (109999.99999999967) = 109999: 77000 *
 * 32993 / 77006 = 32990.4 -> 109996; at 4.3534 s target 110000: 77000 *
 * 32994 / 77006 = 32991.4 -> 109997. */
START_TEST (test_cubic_fast_convergence)
{
  static const struct
  {
    guint32 second_loss_cwnd;
    guint32 ssthresh;
    guint32 first_cwnd;
    guint32 segments;
    CnsTime t;
    guint32 cwnd;
  } cases[] = {
    { 90000, 63000, 63008, 63, 3231600 * CNS_TIME_PS_PER_US, 76497 },
    { 90000, 63000, 63008, 63, 3231700 * CNS_TIME_PS_PER_US, 76498 },
    { 110000, 77000, 77006, 77, 4353200 * CNS_TIME_PS_PER_US, 109996 },
    { 110000, 77000, 77006, 77, 4353400 * CNS_TIME_PS_PER_US, 109997 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CnsTcpSocketState tcb;

      cns_simulator_destroy ();
      cubic_setup_after_loss (&tcb);
      tcb.cwnd = cases[i].second_loss_cwnd;
      fast_retransmit_loss (&cns_tcp_cubic, &tcb);
      ck_assert_uint_eq (tcb.ssthresh, cases[i].ssthresh);
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1),
                         cases[i].first_cwnd);
      ck_assert_uint_eq (
          ack_at (&cns_tcp_cubic, &tcb, 1 * S + cases[i].t, cases[i].segments),
          cases[i].cwnd);
    }
}
END_TEST

/* A small window and a short RTT: W_max = 10 segments, cwnd 7000, K =
 * cbrt (3 / 0.4) = 1.957 s; the curve climbs about 4.6 bytes per ms near
 * t = 0, W_est about 75 bytes per 1-segment ACK (9/17 * 1000000 / cwnd):
 * the Reno-friendly region rules and cwnd = W_est at every ACK. ACKs of 1
 * segment every 1 ms from 1 s, min_rtt 10 ms:
 * - 7000 + 9000000 / 119000 (75.6) = 7075, remainder 75000;
 * - (75000 + 9000000) / (17 * 7075 = 120275) = 75.45 -> 7150, remainder
 *   54375;
 * - (54375 + 9000000) / (17 * 7150 = 121550) = 74.49 -> 7224;
 * then (separate model) 10000 at the 48th ACK: W_est has reached
 * cwnd_prior, the window before the loss, and alpha_cubic becomes 1, as
 * Reno: + 17000000 / (17 * 10000) = +100 exactly at the 49th -> 10100, and
 * 11140 at the 60th. W_cubic is still about 7263 bytes then. */
START_TEST (test_cubic_reno_friendly_region)
{
  static const struct
  {
    guint index;
    guint32 cwnd;
  } checks[] = {
    { 0, 7075 },   { 1, 7150 },   { 2, 7224 },   { 10, 7791 },  { 46, 9947 },
    { 47, 10000 }, { 48, 10100 }, { 49, 10199 }, { 59, 11140 },
  };
  CnsTcpSocketState tcb;
  guint next = 0;

  tcb_setup (&tcb, &cns_tcp_cubic, 1000, 10000, 10000);
  fast_retransmit_loss (&cns_tcp_cubic, &tcb);
  ck_assert_uint_eq (tcb.ssthresh, 7000);
  tcb.min_rtt = 10 * MS;
  for (guint i = 0; i < 60; i++)
    {
      guint32 before = tcb.cwnd;
      guint32 cwnd = ack_at (&cns_tcp_cubic, &tcb, 1 * S + i * MS, 1);

      /* 9/17 * 1000000 / cwnd is 50 to 76 bytes, then 1000000 / cwnd */
      ck_assert_uint_ge (cwnd - before, i <= 47 ? 50 : 89);
      ck_assert_uint_le (cwnd - before, i <= 47 ? 76 : 100);
      if (next < G_N_ELEMENTS (checks) && checks[next].index == i)
        ck_assert_uint_eq (cwnd, checks[next++].cwnd);
    }
  ck_assert_uint_eq (next, G_N_ELEMENTS (checks));
}
END_TEST

/* Slow start as NewReno, and the first epoch with no loss yet: SMSS 536,
 * cwnd 1072, ssthresh 3500, ACKs of 2: 2144, 3216, then 1 segment reaches
 * 3500 and 1 is left for avoidance at t = 0. No W_max: the curve starts
 * flat at 3500 (K = 0), and with no window before a loss alpha_cubic is 1:
 * W_est = 3500 + 17 * 536 * 536 / (17 * 3500) = 3500 + 82.08 = 3582
 * (remainder 287296 - 82 * 3500 = 296) > W_cubic (0) = 3500 -> 3582. 1 s
 * later 6 segments: (296 + 17 * 6 * 287296) / (17 * 3582) = 29304488 /
 * 60894 = 481.2 -> W_est 4063 > W_cubic (1) = 3500 + 0.4 * 536 = 3714.4
 * -> 4063. */
START_TEST (test_cubic_slow_start_and_first_epoch)
{
  CnsTcpSocketState tcb;

  tcb_setup (&tcb, &cns_tcp_cubic, 536, 1072, 3500);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 2), 2144);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 2), 3216);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 2), 3582);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 2 * S, 6), 4063);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 2 * S, 0), 4063);
}
END_TEST

/* A timeout (set_state CA_LOSS, before or after get_ssthresh, whichever
 * order the socket uses): ssthresh 70000 as before, cwnd 1 segment;
 * 69 segments at 0.5 s slow-start it to exactly 70000 (none left over).
 * The first avoidance stage after it starts the curve flat at cwnd_epoch
 * (RFC 9438 section 4.8): K = 0, W_max = 70000; the ACK at 1 s gives
 * 70007 as before (alpha 9/17: W_est is below the 100000 of before the
 * loss). 70 segments at 3.1 s (t = 2.1 s): W_cubic = 70000 + 400 * 2.1^3
 * = 73704.4 > W_est 70536: 70000 * 3697 / 70007 = 3696.6 -> 73703.
 * Without the timeout, the same steps follow the old curve (K = 4.217 s):
 * W_cubic (2.1) = 96204.03, 70000 * 26197 / 70007 = 26194.4 -> 96201. */
START_TEST (test_cubic_timeout_resets_epoch)
{
  /* 0: a fast retransmit; 1: a timeout, state first; 2: ssthresh first */
  for (guint timeout = 0; timeout <= 2; timeout++)
    {
      CnsTcpSocketState tcb;

      cns_simulator_destroy ();
      tcb_setup (&tcb, &cns_tcp_cubic, 1000, 100000, 100000);
      tcb.bytes_in_flight = 100000;
      if (timeout == 1)
        cns_tcp_cubic.set_state (&tcb, CNS_TCP_CA_LOSS);
      tcb.ssthresh = cns_tcp_cubic.get_ssthresh (&tcb, tcb.bytes_in_flight);
      if (timeout == 2)
        cns_tcp_cubic.set_state (&tcb, CNS_TCP_CA_LOSS);
      if (timeout)
        tcb.ca_state = CNS_TCP_CA_LOSS;
      ck_assert_uint_eq (tcb.ssthresh, 70000);
      tcb.cwnd = 1000;
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 500 * MS, 69), 70000);
      tcb.ca_state = CNS_TCP_CA_OPEN;
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1), 70007);
      ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 3100 * MS, 70),
                         timeout ? 73703 : 96201);
    }
}
END_TEST

/* init() forgets the loss: no W_max (K = 0 at 70000) and no cwnd_prior
 * (alpha 1): W_est = 70000 + 17000000 / (17 * 70000) (14.3) = 70014,
 * remainder 340000; 70 segments at t = 2.1 s: W_est += 1190340000 /
 * 1190238 = 1000.08 -> 71014 < W_cubic = 73704.4, so 70000 * (73704 -
 * 70014) / 70014 = 3689.3 -> 73703. Also, get_ssthresh is never below 2
 * segments: cwnd 2500 -> max (1750, 2000). */
START_TEST (test_cubic_init_clears_state)
{
  CnsTcpSocketState tcb;

  cubic_setup_after_loss (&tcb);
  cns_tcp_cubic.init (&tcb);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 1 * S, 1), 70014);
  ck_assert_uint_eq (ack_at (&cns_tcp_cubic, &tcb, 3100 * MS, 70), 73703);

  tcb.cwnd = 2500;
  ck_assert_uint_eq (cns_tcp_cubic.get_ssthresh (&tcb, 2500), 2000);
  tcb.cwnd = 3000;
  ck_assert_uint_eq (cns_tcp_cubic.get_ssthresh (&tcb, 0), 2100);
  ck_assert_str_eq (cns_tcp_cubic.name, "Cubic");
  ck_assert (cns_tcp_cubic.partial_ack_recovery);
}
END_TEST

/* The same ACKs give the same windows, run after run. */
START_TEST (test_cubic_deterministic)
{
  guint32 runs[2][40];

  for (guint r = 0; r < 2; r++)
    {
      CnsTcpSocketState tcb;

      cns_simulator_destroy ();
      cubic_setup_after_loss (&tcb);
      tcb.min_rtt = 37 * MS;
      for (guint i = 0; i < G_N_ELEMENTS (runs[r]); i++)
        runs[r][i]
            = ack_at (&cns_tcp_cubic, &tcb, 1 * S + i * 173 * MS, 1 + i % 7);
    }
  ck_assert_mem_eq (runs[0], runs[1], sizeof runs[0]);
  ck_assert_uint_gt (runs[0][39], 70000);
}
END_TEST

/* ---- registry -------------------------------------------------------- */

static guint32
fixed_get_ssthresh (CnsTcpSocketState *tcb, guint32 bytes_in_flight)
{
  return 4242;
}

static void
fixed_increase_window (CnsTcpSocketState *tcb, guint32 segments_acked)
{
}

static const CnsTcpCongestionOps test_fixed = {
  .name = "TestFixed",
  .get_ssthresh = fixed_get_ssthresh,
  .increase_window = fixed_increase_window,
};

static const CnsTcpCongestionOps test_fixed_again = {
  .name = "TestFixed",
  .get_ssthresh = fixed_get_ssthresh,
  .increase_window = fixed_increase_window,
};

static const CnsTcpCongestionOps test_fake_reno = {
  .name = "Reno",
  .get_ssthresh = fixed_get_ssthresh,
  .increase_window = fixed_increase_window,
};

static const CnsTcpCongestionOps test_nameless = {
  .get_ssthresh = fixed_get_ssthresh,
  .increase_window = fixed_increase_window,
};

START_TEST (test_registry)
{
  g_autofree gchar *before = cns_tcp_congestion_ops_list_names ();
  g_autofree gchar *after = NULL;
  g_autofree gchar *again = NULL;

  ck_assert_str_eq (before, "Reno|NewReno|Cubic");
  ck_assert_ptr_eq (cns_tcp_congestion_ops_lookup ("Reno"), &cns_tcp_reno);
  ck_assert_ptr_eq (cns_tcp_congestion_ops_lookup ("NewReno"),
                    &cns_tcp_new_reno);
  ck_assert_ptr_eq (cns_tcp_congestion_ops_lookup ("Cubic"), &cns_tcp_cubic);
  ck_assert_ptr_null (cns_tcp_congestion_ops_lookup ("reno"));
  ck_assert_ptr_null (cns_tcp_congestion_ops_lookup ("Vegas"));
  ck_assert_ptr_null (cns_tcp_congestion_ops_lookup (""));
  ck_assert_ptr_null (cns_tcp_congestion_ops_lookup ("TestFixed"));
  CNS_TEST_EXPECT_CRITICAL ("*name != NULL*",
                            cns_tcp_congestion_ops_lookup (NULL));

  cns_tcp_congestion_ops_register (&test_fixed);
  ck_assert_ptr_eq (cns_tcp_congestion_ops_lookup ("TestFixed"), &test_fixed);
  after = cns_tcp_congestion_ops_list_names ();
  ck_assert_str_eq (after, "Reno|NewReno|Cubic|TestFixed");

  /* the same table again, or a built-in one, changes nothing */
  cns_tcp_congestion_ops_register (&test_fixed);
  cns_tcp_congestion_ops_register (&cns_tcp_cubic);
  /* another table under a taken name is refused */
  CNS_TEST_EXPECT_CRITICAL (
      "*already registered as 'TestFixed'*",
      cns_tcp_congestion_ops_register (&test_fixed_again));
  CNS_TEST_EXPECT_CRITICAL ("*already registered as 'Reno'*",
                            cns_tcp_congestion_ops_register (&test_fake_reno));
  CNS_TEST_EXPECT_CRITICAL ("*ops != NULL*",
                            cns_tcp_congestion_ops_register (NULL));
  CNS_TEST_EXPECT_CRITICAL ("*name*",
                            cns_tcp_congestion_ops_register (&test_nameless));
  ck_assert_ptr_eq (cns_tcp_congestion_ops_lookup ("TestFixed"), &test_fixed);
  ck_assert_ptr_eq (cns_tcp_congestion_ops_lookup ("Reno"), &cns_tcp_reno);
  again = cns_tcp_congestion_ops_list_names ();
  ck_assert_str_eq (again, "Reno|NewReno|Cubic|TestFixed");
}
END_TEST

Suite *
test_tcp_congestion_ops_suite (void)
{
  Suite *s = suite_create ("tcp-congestion-ops");
  TCase *tc = tcase_create ("core");

  tcase_add_checked_fixture (tc, cns_test_reset, cns_test_reset);
  tcase_add_test (tc, test_reno_slow_start_into_avoidance);
  tcase_add_test (tc, test_reno_congestion_avoidance);
  tcase_add_test (tc, test_reno_ssthresh_and_table);
  tcase_add_test (tc, test_new_reno_slow_start_reaches_ssthresh);
  tcase_add_test (tc, test_new_reno_congestion_avoidance_count);
  tcase_add_test (tc, test_new_reno_large_acks);
  tcase_add_test (tc, test_new_reno_loss_clears_count);
  tcase_add_test (tc, test_cubic_k_and_window_at_0_k_2k);
  tcase_add_test (tc, test_cubic_reaches_2k_plateau_mirror);
  tcase_add_test (tc, test_cubic_concave_then_convex);
  tcase_add_test (tc, test_cubic_rtt_choice);
  tcase_add_test (tc, test_cubic_fast_convergence);
  tcase_add_test (tc, test_cubic_reno_friendly_region);
  tcase_add_test (tc, test_cubic_slow_start_and_first_epoch);
  tcase_add_test (tc, test_cubic_timeout_resets_epoch);
  tcase_add_test (tc, test_cubic_init_clears_state);
  tcase_add_test (tc, test_cubic_deterministic);
  tcase_add_test (tc, test_registry);
  suite_add_tcase (s, tc);
  return s;
}
