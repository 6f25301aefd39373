/* cns — the 3-switch, 5-host ABR/EPRCA validation (V1).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two ABR and two VBR connections share one bottleneck port:
 *
 *   ABR1, VBR1 -- E1 --link A-- C --link B-- E2 -- ABR2, VBR2
 *                               |
 *                              sink
 *
 * Every port runs at 8000 cells/s (125 us a cell). Switch ports serve RM
 * cells first, then VBR and ABR by weighted round robin 200:1; switches
 * run EPRCA (LOW 200, HIGH 300 cells, ER capped at 7/8 MACR while the ABR
 * queue is above LOW, MACR starting at the ICR). The ABR sources are
 * greedy, PCR 8000, ICR 1000, MCR 0 cells/s, the other parameters TM 4.0's
 * defaults; each VBR source is MPEG-like video (GOP IBBPBBPBBPBB at 30
 * frames/s, I:P:B = 300:120:70) of mean 3000 cells/s, the second starting
 * --vbrOffset later (100 ms); --vbr=square makes each a square wave instead
 * (4500 cells/s for 50 ms, 1500 for 50 ms: the same mean, no burst above
 * the line rate), the second likewise offset.
 *
 * The offset sets where the two streams' I frames fall. Those of
 * independent streams are a random distance apart, uniform on 0 to 200 ms
 * (half the 400 ms GOP) with median 100 ms, three frames: the default.
 * Close together they coincide each GOP: up to 16,000 cells/s of VBR
 * reach the 8000 cells/s bottleneck for ~25 ms, and ABR waits that out.
 * At 12.3 ms the mean ABR delay at (20, 5) is 0.27 s instead of 0.18 s.
 *
 * Links A and B have --delayA and --delayB ms (5 and 20); the host links
 * add 10 ms on E1's side and 5 ms on E2's, and the sink's link none. The
 * run lasts --simTime (50 s).
 *
 * It prints the utilisation of links A and B (cells sent toward C per
 * second over 8000), the mean time ABR cells of each source waited in the
 * ABR queue of C's port toward the sink, each ABR source's time-average
 * ACR and throughput (its in-rate cells, data and FRMs, that reached the
 * sink, per second), and the mean (time average) and largest ABR queue at
 * that port. --json prints the same as one line.
 *
 *   build/examples/atm-validation --delayA=15 --delayB=15 --json
 */
#include "atm/cns-atm.h"
#include "core/cns-core.h"

#include <stdio.h>

#define RATE        8000.0
#define PCR         8000.0
#define ICR         1000.0
#define VBR_MEAN    3000.0
#define VBR_FPS     30.0
#define VBR2_OFFSET cns_milli_seconds (100)
#define ACCESS1     cns_milli_seconds (10)
#define ACCESS2     cns_milli_seconds (5)
#define LOW         200u /* EPRCA's queue thresholds, cells */
#define HIGH        300u

typedef struct
{
  gdouble delay_a_ms;
  gdouble delay_b_ms;
  CnsTime sim_time;
  CnsTime vbr_offset;
  gboolean json;
} Options;

/* ABR cells' waits at the bottleneck, per source, and the queue's
 * cycles in the first 10 s: each time it climbed from LOW or below to
 * HIGH or above (sampled at each ABR departure). */
typedef struct
{
  guint32 flow[2];
  gdouble wait_s[2];
  guint64 cells[2];
  guint cycles;
  gboolean was_low;
} Waits;

static void
on_dequeue (CnsAtmNetDevice *device, const CnsAtmCell *cell,
            CnsAtmServiceClass service_class, CnsTime waited,
            gpointer user_data)
{
  Waits *w = user_data;

  if (service_class != CNS_ATM_SERVICE_ABR)
    return;
  if (cns_simulator_now () < cns_seconds (10))
    {
      guint queue
          = cns_atm_net_device_get_queue_length (device, CNS_ATM_SERVICE_ABR);

      if (queue <= LOW)
        w->was_low = TRUE;
      else if (queue >= HIGH && w->was_low)
        {
          w->cycles++;
          w->was_low = FALSE;
        }
    }
  for (guint i = 0; i < 2; i++)
    if (cell->flow == w->flow[i])
      {
        w->wait_s[i] += cns_time_to_seconds (waited);
        w->cells[i]++;
      }
}

static void G_GNUC_NORETURN
die (const gchar *what, GError *error)
{
  fprintf (stderr, "atm-validation: %s: %s\n", what, error->message);
  exit (1);
}

static int
bad_option (const gchar *option, const gchar *expected)
{
  fprintf (stderr, "atm-validation: --%s: expected %s\n", option, expected);
  return 2;
}

/* Like bad_option(), for a word that is not one of the accepted ones. */
static int
bad_word (const gchar *option, const gchar *value, const gchar *expected)
{
  fprintf (stderr, "atm-validation: --%s=%s: expected %s\n", option, value,
           expected);
  return 2;
}

static CnsNode *
pvc (CnsAtmHelper *helper, CnsNode *src, CnsNode *edge, CnsNode *core,
     CnsNode *sink, CnsAtmServiceClass cls, guint32 *src_vci, guint32 *dst_vci)
{
  CnsNode *path[4] = { src, edge, core, sink };
  GError *error = NULL;

  if (!cns_atm_helper_setup_pvc (helper, path, 4, cls, src_vci, dst_vci,
                                 &error))
    die ("PVC", error);
  return src;
}

int
main (int argc, char **argv)
{
  Options o = { .delay_a_ms = 5,
                .delay_b_ms = 20,
                .sim_time = cns_seconds (50),
                .vbr_offset = VBR2_OFFSET };
  g_autoptr (CnsCommandLine) cmd = NULL;
  g_autoptr (CnsAtmHelper) helper = NULL;
  CnsNode *e1, *c, *e2, *abr1, *vbr1, *abr2, *vbr2, *sink;
  CnsNode *all[8];
  CnsAtmNetDevice *dev_a, *dev_b, *bottleneck;
  CnsAtmHost *h_abr1, *h_abr2, *h_vbr1, *h_vbr2, *h_sink;
  guint32 s_vci[4], d_vci[4];
  CnsAbrParams params;
  CnsAtmHostVcStats abr_tx[2], abr_rx[2];
  /* string options start NULL: a value given replaces them unfreed */
  g_autofree gchar *er_cap_name = NULL;
  g_autofree gchar *vbr = NULL;
  gboolean square;
  g_autoptr (GEnumClass) er_caps = g_type_class_ref (CNS_TYPE_EPRCA_ER_CAP);
  GEnumValue *er_cap;
  Waits waits = { 0 };
  GError *error = NULL;
  gdouble t, util_a, util_b, thr[2], delay[2], q_mean;
  guint q_max;

  cmd = cns_command_line_new (
      "The 3-switch, 5-host ATM ABR/EPRCA validation: two ABR and two VBR "
      "connections through one 8000 cells/s bottleneck");
  cns_command_line_add_double (
      cmd, "delayA", "Delay of link A, E1 to C, in ms (5)", &o.delay_a_ms);
  cns_command_line_add_double (
      cmd, "delayB", "Delay of link B, E2 to C, in ms (20)", &o.delay_b_ms);
  cns_command_line_add_time (cmd, "simTime", "Simulated time (50s)",
                             &o.sim_time);
  cns_command_line_add_string (
      cmd, "erCap",
      "When EPRCA caps ER at the fair share: always, above-low (the queue "
      "above LOW) or above-high (above-low)",
      &er_cap_name);
  cns_command_line_add_string (
      cmd, "vbr",
      "The VBR sources: mpeg (MPEG-like video) or square (4500/1500 "
      "cells/s, 100 ms) (mpeg)",
      &vbr);
  cns_command_line_add_time (
      cmd, "vbrOffset",
      "When the second VBR source starts (100ms, a quarter of the MPEG GOP)",
      &o.vbr_offset);
  cns_command_line_add_boolean (
      cmd, "json", "Print one JSON line instead of the summary", &o.json);
  cns_command_line_parse (cmd, &argc, &argv);
  if (er_cap_name == NULL)
    er_cap_name = g_strdup ("above-low");
  if (vbr == NULL)
    vbr = g_strdup ("mpeg");
  if (!(o.delay_a_ms >= 0 && o.delay_a_ms <= 1e6))
    return bad_option ("delayA", "0 to 1e6 ms");
  if (!(o.delay_b_ms >= 0 && o.delay_b_ms <= 1e6))
    return bad_option ("delayB", "0 to 1e6 ms");
  if (o.sim_time <= 0)
    return bad_option ("simTime", "a time after 0 s");
  if (o.vbr_offset < 0 || o.vbr_offset >= o.sim_time)
    return bad_option ("vbrOffset", "a time from 0 s to before --simTime");
  er_cap = g_enum_get_value_by_nick (g_type_class_peek (CNS_TYPE_EPRCA_ER_CAP),
                                     er_cap_name);
  if (er_cap == NULL)
    return bad_word ("erCap", er_cap_name, "always, above-low or above-high");
  if (!g_str_equal (vbr, "mpeg") && !g_str_equal (vbr, "square"))
    return bad_word ("vbr", vbr, "mpeg or square");
  square = g_str_equal (vbr, "square");

  /* ---- topology ---- */
  helper = cns_atm_helper_new ();
  all[0] = e1 = cns_atm_helper_create_switch (helper);
  all[1] = c = cns_atm_helper_create_switch (helper);
  all[2] = e2 = cns_atm_helper_create_switch (helper);
  for (guint i = 0; i < 3; i++)
    g_object_set (cns_object_get (all[i], CNS_TYPE_ATM_SWITCH), "initial-macr",
                  ICR, "eprca-low", LOW, "eprca-high", HIGH, "eprca-er-cap",
                  er_cap->value, NULL);
  all[3] = abr1 = cns_atm_helper_create_host (helper);
  all[4] = vbr1 = cns_atm_helper_create_host (helper);
  all[5] = abr2 = cns_atm_helper_create_host (helper);
  all[6] = vbr2 = cns_atm_helper_create_host (helper);
  all[7] = sink = cns_atm_helper_create_host (helper);
  cns_atm_helper_link (helper, e1, c, RATE,
                       (CnsTime) (o.delay_a_ms * CNS_TIME_PS_PER_MS), &dev_a,
                       NULL);
  cns_atm_helper_link (helper, e2, c, RATE,
                       (CnsTime) (o.delay_b_ms * CNS_TIME_PS_PER_MS), &dev_b,
                       NULL);
  cns_atm_helper_link (helper, c, sink, RATE, 0, &bottleneck, NULL);
  cns_atm_helper_link (helper, abr1, e1, RATE, ACCESS1, NULL, NULL);
  cns_atm_helper_link (helper, vbr1, e1, RATE, ACCESS1, NULL, NULL);
  cns_atm_helper_link (helper, abr2, e2, RATE, ACCESS2, NULL, NULL);
  cns_atm_helper_link (helper, vbr2, e2, RATE, ACCESS2, NULL, NULL);
  pvc (helper, abr1, e1, c, sink, CNS_ATM_SERVICE_ABR, &s_vci[0], &d_vci[0]);
  pvc (helper, abr2, e2, c, sink, CNS_ATM_SERVICE_ABR, &s_vci[1], &d_vci[1]);
  pvc (helper, vbr1, e1, c, sink, CNS_ATM_SERVICE_VBR, &s_vci[2], &d_vci[2]);
  pvc (helper, vbr2, e2, c, sink, CNS_ATM_SERVICE_VBR, &s_vci[3], &d_vci[3]);

  /* ---- end systems and traffic ---- */
  if ((h_abr1 = cns_atm_host_install (abr1, &error)) == NULL
      || (h_abr2 = cns_atm_host_install (abr2, &error)) == NULL
      || (h_vbr1 = cns_atm_host_install (vbr1, &error)) == NULL
      || (h_vbr2 = cns_atm_host_install (vbr2, &error)) == NULL
      || (h_sink = cns_atm_host_install (sink, &error)) == NULL)
    die ("hosts", error);
  cns_abr_params_init_defaults (&params, PCR);
  params.icr = ICR;
  params.mcr = 0;
  if (!cns_atm_host_add_abr_source (h_abr1, s_vci[0], &params, &error)
      || !cns_atm_host_add_abr_source (h_abr2, s_vci[1], &params, &error)
      || (!square
          && (!cns_atm_host_add_mpeg_source (h_vbr1, s_vci[2], VBR_MEAN,
                                             VBR_FPS, 0, o.sim_time, &error)
              || !cns_atm_host_add_mpeg_source (h_vbr2, s_vci[3], VBR_MEAN,
                                                VBR_FPS, o.vbr_offset,
                                                o.sim_time, &error)))
      || (square
          && (!cns_atm_host_add_vbr_square_source (
                  h_vbr1, s_vci[2], 1.5 * VBR_MEAN, 0.5 * VBR_MEAN,
                  cns_milli_seconds (100), 0.5, 0, o.sim_time, &error)
              || !cns_atm_host_add_vbr_square_source (
                  h_vbr2, s_vci[3], 1.5 * VBR_MEAN, 0.5 * VBR_MEAN,
                  cns_milli_seconds (100), 0.5, o.vbr_offset, o.sim_time,
                  &error))))
    die ("sources", error);
  waits.flow[0] = cns_atm_host_get_flow_id (h_abr1, s_vci[0]);
  waits.flow[1] = cns_atm_host_get_flow_id (h_abr2, s_vci[1]);
  if (cns_trace_connect (bottleneck, "Dequeue", G_CALLBACK (on_dequeue), &waits,
                         &error)
      == 0)
    die ("trace", error);

  /* ---- run ---- */
  cns_simulator_stop_at (o.sim_time);
  cns_simulator_run ();

  t = cns_time_to_seconds (o.sim_time);
  util_a = cns_atm_net_device_get_tx_cells (dev_a) / RATE / t;
  util_b = cns_atm_net_device_get_tx_cells (dev_b) / RATE / t;
  cns_atm_host_get_vc_stats (h_abr1, s_vci[0], &abr_tx[0]);
  cns_atm_host_get_vc_stats (h_abr2, s_vci[1], &abr_tx[1]);
  for (guint i = 0; i < 2; i++)
    {
      cns_atm_host_get_vc_stats (h_sink, d_vci[i], &abr_rx[i]);
      thr[i] = (abr_rx[i].rx_cells + abr_rx[i].rx_rm) / t;
      delay[i] = waits.cells[i] > 0 ? waits.wait_s[i] / waits.cells[i] : 0;
    }
  q_mean = cns_atm_net_device_get_mean_queue_length (bottleneck,
                                                     CNS_ATM_SERVICE_ABR);
  q_max = cns_atm_net_device_get_max_queue_length (bottleneck,
                                                   CNS_ATM_SERVICE_ABR);
  if (o.json)
    printf ("{\"delay_a_ms\":%g,\"delay_b_ms\":%g,\"sim_time_s\":%g,"
            "\"util_a\":%.4f,\"util_b\":%.4f,"
            "\"abr1_throughput\":%.1f,\"abr2_throughput\":%.1f,"
            "\"abr1_delay\":%.4f,\"abr2_delay\":%.4f,"
            "\"abr1_acr_mean\":%.1f,\"abr2_acr_mean\":%.1f,"
            "\"abr1_acr_final\":%.1f,\"abr2_acr_final\":%.1f,"
            "\"queue_mean\":%.1f,\"queue_max\":%u,\"cycles_10s\":%u,"
            "\"events\":%" G_GUINT64_FORMAT "}\n",
            o.delay_a_ms, o.delay_b_ms, t, util_a, util_b, thr[0], thr[1],
            delay[0], delay[1], abr_tx[0].acr_mean, abr_tx[1].acr_mean,
            abr_tx[0].acr, abr_tx[1].acr, q_mean, q_max, waits.cycles,
            cns_simulator_get_event_count ());
  else
    {
      printf ("ATM ABR/EPRCA validation: link A %g ms, link B %g ms, %g s\n",
              o.delay_a_ms, o.delay_b_ms, t);
      printf ("  utilisation   link A %.3f  link B %.3f  (sum %.3f)\n", util_a,
              util_b, util_a + util_b);
      for (guint i = 0; i < 2; i++)
        printf ("  ABR%u          mean ACR %.0f cells/s, throughput %.0f "
                "cells/s, mean queueing delay %.3f s\n",
                i + 1, abr_tx[i].acr_mean, thr[i], delay[i]);
      printf ("  bottleneck    ABR queue mean %.1f cells, max %u cells, %u "
              "cycles from LOW to HIGH in the first 10 s\n",
              q_mean, q_max, waits.cycles);
    }
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    g_object_unref (all[i]);
  cns_simulator_destroy ();
  return 0;
}
