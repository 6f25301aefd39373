/* cns — TCP congestion control algorithms: Reno, NewReno, Cubic.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each algorithm is a static table of functions (CnsTcpCongestionOps)
 * that sizes the window of a CnsTcpSocketState; the socket detects losses,
 * runs recovery and calls them. All window arithmetic is in whole bytes
 * with integer remainders carried from one ACK to the next, so that a
 * run gives the same windows wherever it is repeated:
 *
 * - Reno: the 4.3BSD Reno sender: one segment per ACK in slow start, one
 *   segment per window in congestion avoidance, counted per ACK, whatever
 *   an ACK covers (RFC 5681 section 3.1, equation 3).
 * - NewReno: RFC 5681 with RFC 3465 byte counting: each acknowledged
 *   segment counts, in slow start and in congestion avoidance; recovery
 *   goes on after partial ACKs (RFC 6582).
 * - Cubic: RFC 9438 with fast convergence and the Reno-friendly region and
 *   without HyStart. Only the cube root and the cubic curve use doubles;
 *   the constants beta_cubic = 7/10 and alpha_cubic = 3 (1 - beta_cubic) /
 *   (1 + beta_cubic) = 9/17 are applied as integer ratios.
 *
 * A call to increase_window() with @segments_acked 0 (an ACK of less than
 * a whole segment) changes nothing, for every algorithm.
 *
 * The registry knows the three built-in tables by name and those a
 * program registers; it is guarded by a lock, but lookups are meant for
 * socket set-up, not for each packet.
 */
#include "internet/cns-tcp-congestion-ops.h"

#include "core/cns-simulator.h"

#include <math.h>
#include <string.h>

/* RFC 9438 section 5: the constants of the cubic function. */
#define CUBIC_C         0.4 /* segments / second^3 */
#define CUBIC_BETA_NUM  7   /* beta_cubic = 7/10 */
#define CUBIC_BETA_DEN  10
#define CUBIC_ALPHA_NUM 9 /* alpha_cubic = 3 * 0.3 / 1.7 = 9/17 */
#define CUBIC_ALPHA_DEN 17

/* The sum of @cwnd and @increase, held at G_MAXUINT32 rather than
 * wrapping. */
static inline guint32
window_add (guint32 cwnd, guint64 increase)
{
  guint64 sum = (guint64) cwnd + increase;

  return sum > G_MAXUINT32 ? G_MAXUINT32 : (guint32) sum;
}

/* ---- Reno ------------------------------------------------------------ */

/* RFC 5681 section 3.1: slow start adds one SMSS per ACK (equation 2),
 * congestion avoidance SMSS * SMSS / cwnd, at least one byte (equation
 * 3). 4.3BSD Reno counts ACKs, not the segments an ACK covers. */
static void
reno_increase_window (CnsTcpSocketState *tcb, guint32 segments_acked)
{
  guint64 increase;

  if (segments_acked == 0)
    return;
  if (tcb->cwnd < tcb->ssthresh)
    increase = tcb->segment_size;
  else
    increase = MAX (1, (guint64) tcb->segment_size * tcb->segment_size
                           / MAX (tcb->cwnd, 1));
  tcb->cwnd = window_add (tcb->cwnd, increase);
}

/* RFC 5681 section 3.1, equation 4: ssthresh = max (FlightSize / 2,
 * 2 * SMSS). Reno and NewReno share it. */
static guint32
reno_get_ssthresh (CnsTcpSocketState *tcb, guint32 bytes_in_flight)
{
  return MAX (2 * tcb->segment_size, bytes_in_flight / 2);
}

const CnsTcpCongestionOps cns_tcp_reno = {
  .name = "Reno",
  .partial_ack_recovery = FALSE,
  .init = NULL,
  .get_ssthresh = reno_get_ssthresh,
  .increase_window = reno_increase_window,
  .pkts_acked = NULL,
  .set_state = NULL,
};

/* ---- NewReno --------------------------------------------------------- */

/* NewReno keeps one number in data[0]: the segments acknowledged in
 * congestion avoidance since cwnd last grew. data[] is an array of
 * guint64, so it is read and written as such. */

/* RFC 5681 section 3.1 with RFC 3465 section 2.2: slow start grows cwnd by
 * one SMSS for each segment acknowledged, but not beyond ssthresh.
 * Returns how many of @segments_acked are left once cwnd reaches
 * ssthresh, for congestion avoidance; the segment that crosses ssthresh
 * counts as used. Needs cwnd < ssthresh. Cubic slow-starts the same way
 * (RFC 9438 section 4.10). */
static guint32
slow_start (CnsTcpSocketState *tcb, guint32 segments_acked)
{
  guint32 gap = tcb->ssthresh - tcb->cwnd;
  guint32 needed = gap / tcb->segment_size + (gap % tcb->segment_size != 0);

  if (segments_acked < needed)
    {
      tcb->cwnd += segments_acked * tcb->segment_size;
      return 0;
    }
  tcb->cwnd = tcb->ssthresh;
  return segments_acked - needed;
}

/* RFC 5681 section 3.1 congestion avoidance with RFC 3465 section 2.1
 * byte counting, in whole segments: cwnd grows by one SMSS each time the
 * segments acknowledged add up to cwnd / SMSS (at least 1); the
 * remainder carries over. */
static void
new_reno_congestion_avoidance (CnsTcpSocketState *tcb, guint32 segments_acked)
{
  guint64 window = MAX (1, tcb->cwnd / tcb->segment_size);
  guint64 acked = tcb->data[0] + segments_acked;

  if (acked >= window)
    {
      /* held to 2^32 - 1 windows, so that the product fits */
      guint64 windows = MIN (acked / window, (guint64) G_MAXUINT32);

      tcb->cwnd = window_add (tcb->cwnd, windows * tcb->segment_size);
      acked %= window;
    }
  tcb->data[0] = acked;
}

/* RFC 5681 section 3.1: slow start while cwnd < ssthresh, then congestion
 * avoidance; an ACK that reaches ssthresh spends its remaining segments
 * in congestion avoidance. */
static void
new_reno_increase_window (CnsTcpSocketState *tcb, guint32 segments_acked)
{
  g_return_if_fail (tcb->segment_size > 0);

  if (segments_acked == 0)
    return;
  if (tcb->cwnd < tcb->ssthresh)
    segments_acked = slow_start (tcb, segments_acked);
  if (segments_acked > 0)
    new_reno_congestion_avoidance (tcb, segments_acked);
}

/* A new connection has acknowledged nothing yet. */
static void
new_reno_init (CnsTcpSocketState *tcb)
{
  tcb->data[0] = 0;
}

/* A window cut (fast recovery, timeout, ECN) starts the count towards the
 * next increase again: segments counted against the old window do not
 * carry over to the reduced one. */
static void
new_reno_set_state (CnsTcpSocketState *tcb, CnsTcpCaState state)
{
  if (state == CNS_TCP_CA_RECOVERY || state == CNS_TCP_CA_LOSS
      || state == CNS_TCP_CA_CWR)
    tcb->data[0] = 0;
}

const CnsTcpCongestionOps cns_tcp_new_reno = {
  .name = "NewReno",
  .partial_ack_recovery = TRUE,
  .init = new_reno_init,
  .get_ssthresh = reno_get_ssthresh,
  .increase_window = new_reno_increase_window,
  .pkts_acked = NULL,
  .set_state = new_reno_set_state,
};

/* ---- Cubic ----------------------------------------------------------- */

/* CubicState.flags */
#define CUBIC_EPOCH_STARTED (1u << 0) /* epoch_start and what follows hold */
#define CUBIC_AFTER_TIMEOUT (1u << 1) /* next epoch: K = 0 (RFC 9438 4.8) */

/* Cubic's state in data[]. Windows are bytes. */
typedef struct
{
  CnsTime epoch_start; /* when the congestion avoidance stage began */
  gdouble k;           /* seconds from epoch_start to the plateau */
  guint64 cubic_rem;   /* increase not yet applied, bytes * cwnd */
  guint64 est_rem;     /* W_est increase not yet applied, bytes * 17 cwnd */
  guint32 w_max;       /* the plateau of the curve, W_max */
  guint32 cwnd_epoch;  /* cwnd when the stage began */
  guint32 w_est;       /* the Reno-friendly estimate, W_est */
  guint32 cwnd_prior;  /* cwnd before the last reduction */
  guint32 flags;
} CubicState;

G_STATIC_ASSERT (sizeof (CubicState) <= CNS_TCP_CONGESTION_DATA_SIZE);

static inline void
cubic_load (const CnsTcpSocketState *tcb, CubicState *st)
{
  memcpy (st, tcb->data, sizeof *st);
}

static inline void
cubic_store (CnsTcpSocketState *tcb, const CubicState *st)
{
  memcpy (tcb->data, st, sizeof *st);
}

/* RFC 9438 section 4.2, equation 1: W_cubic(t) = C (t - K)^3 + W_max, in
 * bytes for @t seconds into the epoch. */
static gdouble
cubic_window (const CubicState *st, guint32 segment_size, gdouble t)
{
  gdouble d = t - st->k;

  return CUBIC_C * (gdouble) segment_size * d * d * d + (gdouble) st->w_max;
}

/* RFC 9438 sections 4.2, 4.3, 4.8 and 4.10: a congestion avoidance stage
 * begins. K = cbrt ((W_max - cwnd_epoch) / C) (equation 2), W_est =
 * cwnd_epoch. After a timeout, or with no plateau above the window (no
 * loss yet, or the window already past W_max), the curve starts flat at
 * cwnd_epoch: K = 0 and W_max = cwnd_epoch. */
static void
cubic_start_epoch (CubicState *st, const CnsTcpSocketState *tcb)
{
  st->epoch_start = cns_simulator_now ();
  st->cwnd_epoch = tcb->cwnd;
  st->w_est = tcb->cwnd;
  st->cubic_rem = 0;
  st->est_rem = 0;
  if ((st->flags & CUBIC_AFTER_TIMEOUT) || st->w_max <= tcb->cwnd)
    {
      st->w_max = tcb->cwnd;
      st->k = 0.0;
    }
  else
    st->k = cbrt ((gdouble) (st->w_max - tcb->cwnd)
                  / (gdouble) tcb->segment_size / CUBIC_C);
  st->flags = CUBIC_EPOCH_STARTED;
}

/* The RTT that W_cubic looks ahead by (RFC 9438 section 4.2): the
 * smallest measured, the latest before there is one, 0 without any. */
static CnsTime
cubic_rtt (const CnsTcpSocketState *tcb)
{
  if (tcb->min_rtt != CNS_TIME_MAX)
    return tcb->min_rtt;
  return tcb->last_rtt;
}

/* RFC 9438 section 4.3: W_est += alpha_cubic * segments_acked / cwnd
 * segments, alpha_cubic = 9/17 until W_est reaches cwnd_prior, then 1. In
 * bytes: alpha_num * bytes_acked * SMSS / (17 * cwnd), remainder kept. */
static void
cubic_update_w_est (CubicState *st, const CnsTcpSocketState *tcb,
                    guint64 bytes_acked)
{
  guint64 alpha_num
      = st->w_est >= st->cwnd_prior ? CUBIC_ALPHA_DEN : CUBIC_ALPHA_NUM;
  guint64 den = (guint64) CUBIC_ALPHA_DEN * MAX (tcb->cwnd, 1);
  guint64 num = st->est_rem + alpha_num * bytes_acked * tcb->segment_size;

  st->w_est = window_add (st->w_est, num / den);
  st->est_rem = num % den;
}

/* RFC 9438 sections 4.2 to 4.5, one ACK in congestion avoidance: in the
 * Reno-friendly region (W_est > W_cubic(t)) cwnd follows W_est; otherwise
 * target = W_cubic(t + RTT) held within [cwnd, 1.5 cwnd], and cwnd grows
 * by (target - cwnd) / cwnd for each segment acknowledged: in bytes,
 * bytes_acked * (target - cwnd) / cwnd, remainder kept. */
static void
cubic_congestion_avoidance (CnsTcpSocketState *tcb, guint32 segments_acked)
{
  CubicState st;
  guint64 bytes_acked;
  gdouble t;

  cubic_load (tcb, &st);
  if (!(st.flags & CUBIC_EPOCH_STARTED))
    cubic_start_epoch (&st, tcb);

  /* more than 4 GB in one ACK cannot grow a 32-bit window further */
  bytes_acked = MIN ((guint64) segments_acked * tcb->segment_size,
                     (guint64) G_MAXUINT32);
  cubic_update_w_est (&st, tcb, bytes_acked);

  t = (gdouble) (cns_simulator_now () - st.epoch_start)
      / (gdouble) CNS_TIME_PS_PER_S;
  if ((gdouble) st.w_est > cubic_window (&st, tcb->segment_size, t))
    {
      /* section 4.3: Reno-friendly region; never shrink the window */
      if (st.w_est > tcb->cwnd)
        tcb->cwnd = st.w_est;
    }
  else
    {
      gdouble rtt = (gdouble) cubic_rtt (tcb) / (gdouble) CNS_TIME_PS_PER_S;
      gdouble w = cubic_window (&st, tcb->segment_size, t + rtt);
      guint64 cwnd = MAX (tcb->cwnd, 1);
      guint64 target;
      guint64 num;

      /* sections 4.4 and 4.5: concave and convex regions alike */
      if (w <= (gdouble) cwnd)
        target = cwnd;
      else if (w >= (gdouble) (cwnd + cwnd / 2))
        target = cwnd + cwnd / 2;
      else
        target = (guint64) w;
      num = st.cubic_rem + bytes_acked * (target - cwnd);
      tcb->cwnd = window_add (tcb->cwnd, num / cwnd);
      st.cubic_rem = num % cwnd;
    }
  cubic_store (tcb, &st);
}

/* RFC 9438 section 4.10: slow start as NewReno (no HyStart), then
 * congestion avoidance. A slow start ends the congestion avoidance
 * stage: the next one starts a new epoch. */
static void
cubic_increase_window (CnsTcpSocketState *tcb, guint32 segments_acked)
{
  g_return_if_fail (tcb->segment_size > 0);

  if (segments_acked == 0)
    return;
  if (tcb->cwnd < tcb->ssthresh)
    {
      CubicState st;

      cubic_load (tcb, &st);
      st.flags &= ~CUBIC_EPOCH_STARTED;
      cubic_store (tcb, &st);
      segments_acked = slow_start (tcb, segments_acked);
    }
  if (segments_acked > 0)
    cubic_congestion_avoidance (tcb, segments_acked);
}

/* RFC 9438 sections 4.6 and 4.7: on a loss, cwnd_prior = cwnd; with fast
 * convergence W_max = cwnd * (1 + beta_cubic) / 2 = 17/20 cwnd if cwnd
 * did not regain the last W_max, else W_max = cwnd; ssthresh = max (cwnd
 * * beta_cubic, 2 * SMSS). The epoch ends. */
static guint32
cubic_get_ssthresh (CnsTcpSocketState *tcb, guint32 bytes_in_flight)
{
  CubicState st;
  guint64 cwnd = tcb->cwnd;

  cubic_load (tcb, &st);
  st.cwnd_prior = tcb->cwnd;
  if (tcb->cwnd < st.w_max)
    st.w_max = (guint32) (cwnd * (CUBIC_BETA_DEN + CUBIC_BETA_NUM)
                          / (2 * CUBIC_BETA_DEN));
  else
    st.w_max = tcb->cwnd;
  st.flags &= ~CUBIC_EPOCH_STARTED;
  cubic_store (tcb, &st);
  return (guint32) MAX (cwnd * CUBIC_BETA_NUM / CUBIC_BETA_DEN,
                        2 * (guint64) tcb->segment_size);
}

/* RFC 9438 section 4.8: after a timeout the epoch ends, and the first
 * congestion avoidance stage that follows starts the curve flat at its
 * window (K = 0, W_max = cwnd_epoch). */
static void
cubic_set_state (CnsTcpSocketState *tcb, CnsTcpCaState state)
{
  CubicState st;

  if (state != CNS_TCP_CA_LOSS)
    return;
  cubic_load (tcb, &st);
  st.flags = (st.flags & ~CUBIC_EPOCH_STARTED) | CUBIC_AFTER_TIMEOUT;
  cubic_store (tcb, &st);
}

/* A new connection: no epoch, no W_max, no previous window. */
static void
cubic_init (CnsTcpSocketState *tcb)
{
  CubicState st = { 0 };

  cubic_store (tcb, &st);
}

const CnsTcpCongestionOps cns_tcp_cubic = {
  .name = "Cubic",
  .partial_ack_recovery = TRUE,
  .init = cubic_init,
  .get_ssthresh = cubic_get_ssthresh,
  .increase_window = cubic_increase_window,
  .pkts_acked = NULL,
  .set_state = cubic_set_state,
};

/* ---- registry -------------------------------------------------------- */

static const CnsTcpCongestionOps *const builtin_ops[] = {
  &cns_tcp_reno,
  &cns_tcp_new_reno,
  &cns_tcp_cubic,
};

G_LOCK_DEFINE_STATIC (registry);
static GPtrArray *user_ops; /* const CnsTcpCongestionOps *, in order */

/* The algorithm named @name; the lock is held. */
static const CnsTcpCongestionOps *
lookup_locked (const gchar *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (builtin_ops); i++)
    if (strcmp (builtin_ops[i]->name, name) == 0)
      return builtin_ops[i];
  for (guint i = 0; user_ops != NULL && i < user_ops->len; i++)
    {
      const CnsTcpCongestionOps *ops = g_ptr_array_index (user_ops, i);

      if (strcmp (ops->name, name) == 0)
        return ops;
    }
  return NULL;
}

/**
 * cns_tcp_congestion_ops_lookup:
 * @name: an algorithm's name, case-sensitive: "Reno", "NewReno", "Cubic"
 *   or one registered with cns_tcp_congestion_ops_register()
 *
 * Returns: (transfer none) (nullable): the algorithm called @name, or
 *   %NULL if there is none.
 */
const CnsTcpCongestionOps *
cns_tcp_congestion_ops_lookup (const gchar *name)
{
  const CnsTcpCongestionOps *ops;

  g_return_val_if_fail (name != NULL, NULL);

  G_LOCK (registry);
  ops = lookup_locked (name);
  G_UNLOCK (registry);
  return ops;
}

/**
 * cns_tcp_congestion_ops_register:
 * @ops: (transfer none): a table that lives as long as the program (a
 *   static const), with a name and get_ssthresh() and increase_window()
 *
 * Makes @ops known by its name to cns_tcp_congestion_ops_lookup(), and so
 * to sockets. Registering the same table again does nothing; registering
 * another table under a name already taken, a built-in one included, is
 * a programming error.
 */
void
cns_tcp_congestion_ops_register (const CnsTcpCongestionOps *ops)
{
  const CnsTcpCongestionOps *known;

  g_return_if_fail (ops != NULL);
  g_return_if_fail (ops->name != NULL && ops->name[0] != '\0');
  g_return_if_fail (ops->get_ssthresh != NULL);
  g_return_if_fail (ops->increase_window != NULL);

  G_LOCK (registry);
  known = lookup_locked (ops->name);
  if (known == NULL)
    {
      if (user_ops == NULL)
        user_ops = g_ptr_array_new ();
      g_ptr_array_add (user_ops, (gpointer) ops);
    }
  G_UNLOCK (registry);
  if (known != NULL && known != ops)
    g_critical ("a different TCP congestion control algorithm is already "
                "registered as '%s'",
                ops->name);
}

/**
 * cns_tcp_congestion_ops_list_names:
 *
 * The names of the known algorithms, built-in ones first, then in the
 * order registered, separated by '|': "Reno|NewReno|Cubic", for error
 * messages and help texts.
 *
 * Returns: (transfer full): a new string; g_free() it.
 */
gchar *
cns_tcp_congestion_ops_list_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (builtin_ops); i++)
    {
      if (i > 0)
        g_string_append_c (names, '|');
      g_string_append (names, builtin_ops[i]->name);
    }
  G_LOCK (registry);
  for (guint i = 0; user_ops != NULL && i < user_ops->len; i++)
    {
      const CnsTcpCongestionOps *ops = g_ptr_array_index (user_ops, i);

      g_string_append_c (names, '|');
      g_string_append (names, ops->name);
    }
  G_UNLOCK (registry);
  return g_string_free (names, FALSE);
}
