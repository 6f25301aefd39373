/* cns — tests of ATM end systems: ABR sources and destinations over
 * switches, VBR sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm.h"
#include "atm/suites.h"
#include "core/cns-core.h"
#include "lib/cns-test.h"

#include <math.h>
#include <string.h>

#define RATE  8000.0
#define SLOT  cns_micro_seconds (125)
#define DELAY cns_milli_seconds (1)

static GPtrArray *nodes; /* CnsNode, referenced */
static CnsAtmHelper *helper;

static void
host_setup (void)
{
  nodes = g_ptr_array_new_with_free_func (g_object_unref);
  helper = cns_atm_helper_new ();
}

static void
host_teardown (void)
{
  g_clear_object (&helper);
  g_clear_pointer (&nodes, g_ptr_array_unref);
  cns_test_reset ();
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), 0);
}

static CnsNode *
keep (CnsNode *node)
{
  g_ptr_array_add (nodes, node);
  return node;
}

static CnsAtmHost *
install (CnsNode *node)
{
  g_autoptr (GError) error = NULL;
  CnsAtmHost *host = cns_atm_host_install (node, &error);

  g_assert_no_error (error);
  ck_assert_ptr_nonnull (host);
  return host;
}

static void
pvc (CnsNode **path, guint n, CnsAtmServiceClass cls, guint32 *src_vci,
     guint32 *dst_vci)
{
  g_autoptr (GError) error = NULL;

  ck_assert (cns_atm_helper_setup_pvc (helper, path, n, cls, src_vci, dst_vci,
                                       &error));
  g_assert_no_error (error);
}

/* ---- one ABR VC, no competition ---- */

typedef struct
{
  CnsTime time;
  gboolean rm;
} Tx;

typedef struct
{
  CnsAtmHost *src;
  guint16 vci;
  guint64 brms; /* BRMs seen so far by the probe */
  GArray *acr;  /* gdouble: ACR after BRM n (index n - 1) */
  CnsTime until;
} Probe;

static void
on_tx (CnsAtmNetDevice *device, const CnsAtmCell *cell,
       CnsAtmServiceClass service_class, CnsTime waited, gpointer user_data)
{
  Tx tx = { cns_simulator_now (), cell->rm };

  ck_assert_int_eq (waited, 0); /* the shaper, not the NIC, paces */
  g_array_append_val ((GArray *) user_data, tx);
}

/* Every 10 us: the ACR after each new BRM (BRMs are further apart). */
static void
probe (gpointer obj, gpointer data)
{
  Probe *p = data;
  CnsAtmHostVcStats s;

  cns_atm_host_get_vc_stats (p->src, p->vci, &s);
  ck_assert_uint_le (s.rx_rm, p->brms + 1);
  if (s.rx_rm > p->brms)
    {
      p->brms = s.rx_rm;
      g_array_append_val (p->acr, s.acr);
    }
  if (cns_simulator_now () < p->until)
    cns_simulator_schedule (cns_micro_seconds (10), probe, NULL, p);
}

START_TEST (test_atm_host_abr_alone)
{
  CnsNode *a = keep (cns_atm_helper_create_host (helper));
  CnsNode *s = keep (cns_atm_helper_create_switch (helper));
  CnsNode *b = keep (cns_atm_helper_create_host (helper));
  CnsNode *path[3] = { a, s, b };
  CnsAtmNetDevice *dev_a;
  CnsAtmHost *ha, *hb;
  guint32 svci, dvci;
  CnsAbrParams params;
  CnsAtmHostVcStats st, rt;
  g_autoptr (GArray) tx = g_array_new (FALSE, FALSE, sizeof (Tx));
  g_autoptr (GArray) acr = g_array_new (FALSE, FALSE, sizeof (gdouble));
  g_autoptr (GError) error = NULL;
  Probe p = { 0 };
  guint n_at_pcr = 0;

  ck_assert (cns_atm_helper_link (helper, a, s, RATE, DELAY, &dev_a, NULL));
  ck_assert (cns_atm_helper_link (helper, s, b, RATE, DELAY, NULL, NULL));
  pvc (path, 3, CNS_ATM_SERVICE_ABR, &svci, &dvci);
  ha = install (a);
  hb = install (b);
  ck_assert_ptr_eq (cns_atm_host_install (a, NULL), ha);
  ck_assert_ptr_eq (cns_atm_host_get_device (ha), dev_a);
  cns_abr_params_init_defaults (&params, 8000);
  params.icr = 1000;
  params.mcr = 0;
  ck_assert (cns_atm_host_add_abr_source (ha, svci, &params, &error));
  ck_assert (!cns_atm_host_add_abr_source (ha, svci, &params, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_ATM_ERROR_INVALID);
  ck_assert (
      cns_trace_connect (dev_a, "Dequeue", G_CALLBACK (on_tx), tx, NULL));
  p.src = ha;
  p.vci = svci;
  p.acr = acr;
  p.until = cns_seconds (1);
  cns_simulator_schedule_with_context (cns_node_get_id (a),
                                       cns_micro_seconds (5), probe, NULL, &p);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  /* ACR: ICR + n x RIF x PCR after BRM n, PCR from the 14th on */
  ck_assert_uint_ge (acr->len, 20);
  for (guint n = 1; n <= acr->len; n++)
    {
      gdouble want = MIN (1000.0 + 500.0 * n, 8000.0);

      ck_assert_double_eq_tol (g_array_index (acr, gdouble, n - 1), want, 1e-9);
      if (n_at_pcr == 0 && g_array_index (acr, gdouble, n - 1) >= 8000.0)
        n_at_pcr = n;
    }
  ck_assert_uint_eq (n_at_pcr, 14);

  /* the first cell is an FRM, then one in 32 */
  ck_assert_uint_gt (tx->len, 4000);
  for (guint i = 0; i < tx->len; i++)
    ck_assert_msg (g_array_index (tx, Tx, i).rm == (i % 32 == 0),
                   "cell %u: rm %d", i, g_array_index (tx, Tx, i).rm);
  /* the shaper: 1/ICR apart before the first BRM, one slot at PCR */
  ck_assert_int_eq (g_array_index (tx, Tx, 0).time, 0);
  ck_assert_int_eq (g_array_index (tx, Tx, 1).time, cns_milli_seconds (1));
  ck_assert_int_eq (g_array_index (tx, Tx, 2).time, cns_milli_seconds (2));
  for (guint i = tx->len - 100; i < tx->len; i++)
    ck_assert_int_eq (g_array_index (tx, Tx, i).time
                          - g_array_index (tx, Tx, i - 1).time,
                      SLOT);

  /* BRMs come back, all but those in flight; the sink got every cell */
  ck_assert (cns_atm_host_get_vc_stats (ha, svci, &st));
  ck_assert (cns_atm_host_get_vc_stats (hb, dvci, &rt));
  ck_assert_uint_eq (st.tx_cells, tx->len);
  ck_assert_uint_eq (st.tx_frm, (tx->len + 31) / 32);
  ck_assert_uint_le (st.rx_rm, st.tx_frm);
  ck_assert_uint_ge (st.rx_rm + 2, st.tx_frm);
  ck_assert_uint_eq (rt.rx_rm, rt.tx_brm);
  ck_assert_uint_le (rt.rx_cells + rt.rx_rm, st.tx_cells);
  ck_assert_uint_ge (rt.rx_cells + rt.rx_rm + 40, st.tx_cells);
  ck_assert_int_eq (rt.first_rx, 2 * (SLOT + DELAY) + cns_milli_seconds (1));
  ck_assert_double_eq_tol (st.acr, 8000.0, 1e-9);
  ck_assert (st.acr_mean > 7000.0 && st.acr_mean < 8000.0);
}
END_TEST

/* ---- two ABR sources into one port ---- */

START_TEST (test_atm_host_abr_fair_share)
{
  CnsNode *a1 = keep (cns_atm_helper_create_host (helper));
  CnsNode *a2 = keep (cns_atm_helper_create_host (helper));
  CnsNode *s = keep (cns_atm_helper_create_switch (helper));
  CnsNode *b = keep (cns_atm_helper_create_host (helper));
  CnsNode *p1[3] = { a1, s, b }, *p2[3] = { a2, s, b };
  guint32 svci[2], dvci[2];
  CnsAtmHost *h[2], *hb;
  CnsAtmNetDevice *bottleneck;
  CnsAbrParams params;
  CnsAtmHostVcStats st[2], rt[2], mid[2];
  const gdouble t = 20.0;

  ck_assert (cns_atm_helper_link (helper, a1, s, RATE, DELAY, NULL, NULL));
  ck_assert (cns_atm_helper_link (helper, a2, s, RATE, DELAY, NULL, NULL));
  ck_assert (
      cns_atm_helper_link (helper, s, b, RATE, DELAY, &bottleneck, NULL));
  pvc (p1, 3, CNS_ATM_SERVICE_ABR, &svci[0], &dvci[0]);
  pvc (p2, 3, CNS_ATM_SERVICE_ABR, &svci[1], &dvci[1]);
  h[0] = install (a1);
  h[1] = install (a2);
  hb = install (b);
  cns_abr_params_init_defaults (&params, 8000);
  params.icr = 1000;
  params.mcr = 0;
  for (guint i = 0; i < 2; i++)
    ck_assert (cns_atm_host_add_abr_source (h[i], svci[i], &params, NULL));
  /* measure after 5 s of convergence */
  cns_simulator_stop_at (cns_seconds (5));
  cns_simulator_run ();
  for (guint i = 0; i < 2; i++)
    cns_atm_host_get_vc_stats (hb, dvci[i], &mid[i]);
  cns_simulator_stop_at (cns_seconds (t));
  cns_simulator_run ();
  for (guint i = 0; i < 2; i++)
    {
      gdouble thr;

      cns_atm_host_get_vc_stats (h[i], svci[i], &st[i]);
      cns_atm_host_get_vc_stats (hb, dvci[i], &rt[i]);
      thr = (rt[i].rx_cells + rt[i].rx_rm - mid[i].rx_cells - mid[i].rx_rm)
            / (t - 5);
      /* fair share: 4000 cells/s each */
      ck_assert_msg (thr > 3600 && thr < 4400, "source %u: %.0f cells/s", i,
                     thr);
      ck_assert_msg (st[i].acr_mean > 3400 && st[i].acr_mean < 4600,
                     "source %u: mean ACR %.0f", i, st[i].acr_mean);
    }
  /* the bottleneck stays busy */
  ck_assert_uint_ge (cns_atm_net_device_get_tx_cells (bottleneck),
                     (guint64) (0.97 * RATE * t));
  ck_assert_uint_gt (
      cns_atm_net_device_get_max_queue_length (bottleneck, CNS_ATM_SERVICE_ABR),
      200);
}
END_TEST

/* ---- VBR ---- */

START_TEST (test_atm_host_vbr)
{
  CnsNode *a = keep (cns_atm_helper_create_host (helper));
  CnsNode *c = keep (cns_atm_helper_create_host (helper));
  CnsNode *s = keep (cns_atm_helper_create_switch (helper));
  CnsNode *b = keep (cns_atm_helper_create_host (helper));
  CnsNode *p1[3] = { a, s, b }, *p2[3] = { c, s, b };
  guint32 svci[2], dvci[2];
  CnsAtmHost *ha, *hc, *hb;
  CnsAtmHostVcStats st, rt;
  CnsAtmMpegSource mpeg;
  CnsAtmVbrSquareSource square;
  const CnsTime stop = cns_seconds (4);

  ck_assert (cns_atm_helper_link (helper, a, s, RATE, DELAY, NULL, NULL));
  ck_assert (cns_atm_helper_link (helper, c, s, RATE, DELAY, NULL, NULL));
  ck_assert (cns_atm_helper_link (helper, s, b, 4 * RATE, DELAY, NULL, NULL));
  pvc (p1, 3, CNS_ATM_SERVICE_VBR, &svci[0], &dvci[0]);
  pvc (p2, 3, CNS_ATM_SERVICE_VBR, &svci[1], &dvci[1]);
  ha = install (a);
  hc = install (c);
  hb = install (b);
  ck_assert (
      cns_atm_host_add_mpeg_source (ha, svci[0], 3000, 30, 0, stop, NULL));
  ck_assert (cns_atm_host_add_vbr_square_source (
      hc, svci[1], 4500, 1500, cns_milli_seconds (100), 0.5,
      cns_milli_seconds (3), stop, NULL));
  cns_simulator_run (); /* the sources stop: the run ends by itself */

  cns_atm_mpeg_source_init (&mpeg, 0, 3000, 30);
  ck_assert (cns_atm_host_get_vc_stats (ha, svci[0], &st));
  ck_assert (cns_atm_host_get_vc_stats (hb, dvci[0], &rt));
  ck_assert_uint_eq (st.tx_cells, cns_atm_mpeg_source_count (&mpeg, 0, stop));
  ck_assert_uint_eq (rt.rx_cells, st.tx_cells);
  /* 4 s is 10 GOPs: the mean exactly */
  ck_assert_double_eq_tol (st.tx_cells / 4.0, 3000.0, 30.0);

  cns_atm_vbr_square_source_init (&square, cns_milli_seconds (3), 4500, 1500,
                                  cns_milli_seconds (100), 0.5);
  ck_assert (cns_atm_host_get_vc_stats (hc, svci[1], &st));
  ck_assert (cns_atm_host_get_vc_stats (hb, dvci[1], &rt));
  ck_assert_uint_eq (st.tx_cells, cns_atm_vbr_square_source_count (
                                      &square, cns_milli_seconds (3), stop));
  ck_assert_uint_eq (rt.rx_cells, st.tx_cells);
  ck_assert_double_eq_tol (st.tx_cells / 4.0, 3000.0, 60.0);
  /* the first cell: its time, a slot and a delay to the switch, a quarter
   * slot and a delay to the sink, plus at most one cell of the MPEG
   * source's ahead of it at the switch */
  ck_assert_int_ge (cns_atm_vbr_square_source_cell_time (&square, 0),
                    cns_milli_seconds (3));
  ck_assert_int_ge (rt.first_rx,
                    cns_atm_vbr_square_source_cell_time (&square, 0) + 2 * DELAY
                        + SLOT + SLOT / 4);
  ck_assert_int_le (rt.first_rx,
                    cns_atm_vbr_square_source_cell_time (&square, 0) + 2 * DELAY
                        + SLOT + SLOT / 2);
}
END_TEST

/* ---- on threads ---- */

/* What the two-source scenario ends with; no padding, compared whole. */
typedef struct
{
  CnsAtmHostVcStats st[2], rt[2], mid[2];
  guint64 bottleneck_tx;
  guint64 max_queue;
  gdouble mean_queue;
} FairShare;

/* The fair-share scenario for 3 s, looked at after 1 s, on @threads
 * threads; returns its event fingerprint. */
static gchar *
run_fair_share (const gchar *threads, FairShare *out)
{
  CnsNode *a1, *a2, *s, *b;
  CnsNode *p1[3], *p2[3];
  guint32 svci[2], dvci[2];
  CnsAtmHost *h[2], *hb;
  CnsAtmNetDevice *bottleneck;
  CnsAbrParams params;
  CnsPartitionInfo info;
  gchar *fingerprint;

  memset (out, 0, sizeof *out);
  ck_assert (cns_global_value_set ("Threads", threads, NULL));
  a1 = keep (cns_atm_helper_create_host (helper));
  a2 = keep (cns_atm_helper_create_host (helper));
  s = keep (cns_atm_helper_create_switch (helper));
  b = keep (cns_atm_helper_create_host (helper));
  p1[0] = a1, p1[1] = s, p1[2] = b;
  p2[0] = a2, p2[1] = s, p2[2] = b;
  ck_assert (cns_atm_helper_link (helper, a1, s, RATE, DELAY, NULL, NULL));
  ck_assert (cns_atm_helper_link (helper, a2, s, RATE, DELAY, NULL, NULL));
  ck_assert (
      cns_atm_helper_link (helper, s, b, RATE, DELAY, &bottleneck, NULL));
  pvc (p1, 3, CNS_ATM_SERVICE_ABR, &svci[0], &dvci[0]);
  pvc (p2, 3, CNS_ATM_SERVICE_ABR, &svci[1], &dvci[1]);
  h[0] = install (a1);
  h[1] = install (a2);
  hb = install (b);
  cns_abr_params_init_defaults (&params, 8000);
  params.icr = 1000;
  params.mcr = 0;
  for (guint i = 0; i < 2; i++)
    ck_assert (cns_atm_host_add_abr_source (h[i], svci[i], &params, NULL));
  cns_simulator_enable_fingerprint ();
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();
  for (guint i = 0; i < 2; i++)
    cns_atm_host_get_vc_stats (hb, dvci[i], &out->mid[i]);
  cns_simulator_stop_at (cns_seconds (3));
  cns_simulator_run ();
  for (guint i = 0; i < 2; i++)
    {
      cns_atm_host_get_vc_stats (h[i], svci[i], &out->st[i]);
      cns_atm_host_get_vc_stats (hb, dvci[i], &out->rt[i]);
    }
  out->bottleneck_tx = cns_atm_net_device_get_tx_cells (bottleneck);
  out->max_queue = cns_atm_net_device_get_max_queue_length (
      bottleneck, CNS_ATM_SERVICE_ABR);
  out->mean_queue = cns_atm_net_device_get_mean_queue_length (
      bottleneck, CNS_ATM_SERVICE_ABR);
  fingerprint = cns_simulator_get_fingerprint ();
  if (g_strcmp0 (threads, "1") != 0)
    {
      /* the three ATM links are described, each node an LP: cells
       * crossed threads, at least a slot and the delay apart */
      ck_assert (cns_simulator_get_partition_info (&info));
      ck_assert_uint_eq (info.n_links, 3);
      ck_assert_uint_eq (info.n_cut_links, 3);
      ck_assert_uint_eq (info.n_lps, 4);
      ck_assert_int_eq (info.lookahead, DELAY + SLOT);
    }
  cns_test_reset ();
  g_ptr_array_set_size (nodes, 0);
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), 0);
  return fingerprint;
}

/* ABR sources, EPRCA and the hosts' destinations on threads: every
 * statistic, the queue's time average included, and the events are the
 * sequential run's. */
START_TEST (test_atm_host_threads)
{
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  FairShare want, got;
  g_autofree gchar *want_fingerprint = run_fair_share ("1", &want);

  ck_assert_uint_gt (want.rt[0].rx_cells, 5000);
  ck_assert_uint_gt (want.rt[1].rx_cells, 5000);
  ck_assert_uint_gt (want.max_queue, 0);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_autofree gchar *fingerprint = run_fair_share (threads[i], &got);

      ck_assert_str_eq (fingerprint, want_fingerprint);
      ck_assert_mem_eq (&got, &want, sizeof want);
    }
}
END_TEST

START_TEST (test_atm_host_errors)
{
  CnsNode *s = keep (cns_atm_helper_create_switch (helper));
  CnsNode *lone = keep (cns_atm_helper_create_host (helper));
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_null (cns_atm_host_install (s, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_ATM_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert_ptr_null (cns_atm_host_install (lone, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_ATM_ERROR_INVALID);
}
END_TEST

Suite *
test_atm_host_suite (void)
{
  Suite *s = suite_create ("atm-host");
  TCase *tc = tcase_create ("host");
  TCase *threads;

  tcase_add_checked_fixture (tc, host_setup, host_teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_atm_host_abr_alone);
  tcase_add_test (tc, test_atm_host_abr_fair_share);
  tcase_add_test (tc, test_atm_host_vbr);
  tcase_add_test (tc, test_atm_host_errors);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_checked_fixture (threads, host_setup, host_teardown);
  tcase_add_test (threads, test_atm_host_threads);
  suite_add_tcase (s, threads);
  return s;
}
