/* cns — tests of the ATM traffic generators (CBR, square wave, trace, MPEG).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm-cell.h"
#include "atm/cns-atm-traffic.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

#include <math.h>

#define S  CNS_TIME_PS_PER_S
#define MS CNS_TIME_PS_PER_MS
#define US CNS_TIME_PS_PER_US

/* One generator seen through its next/count/cell_time queries. */
typedef struct
{
  CnsTime (*next) (gconstpointer src, CnsTime t);
  guint64 (*count) (gconstpointer src, CnsTime from, CnsTime to);
  CnsTime (*cell_time) (gconstpointer src, guint64 k);
} Queries;

#define DEFINE_QUERIES(name, Type, prefix)                            \
  static CnsTime name##_next (gconstpointer s, CnsTime t)             \
  {                                                                   \
    return prefix##_next ((const Type *) s, t);                       \
  }                                                                   \
  static guint64 name##_count (gconstpointer s, CnsTime a, CnsTime b) \
  {                                                                   \
    return prefix##_count ((const Type *) s, a, b);                   \
  }                                                                   \
  static CnsTime name##_cell_time (gconstpointer s, guint64 k)        \
  {                                                                   \
    return prefix##_cell_time ((const Type *) s, k);                  \
  }                                                                   \
  static const Queries name##_queries                                 \
      = { name##_next, name##_count, name##_cell_time };

DEFINE_QUERIES (cbr, CnsAtmCbrSource, cns_atm_cbr_source)
DEFINE_QUERIES (square, CnsAtmVbrSquareSource, cns_atm_vbr_square_source)
DEFINE_QUERIES (trace, CnsAtmVbrTraceSource, cns_atm_vbr_trace_source)
DEFINE_QUERIES (mpeg, CnsAtmMpegSource, cns_atm_mpeg_source)

/* Walks every cell in [0, @end) with next (t + 1) and checks that the times
 * increase, that cell k is cell_time (k), that count (0, t) = k and that
 * next (t - 1) = t when the previous cell is before t - 1. Returns the
 * number of cells. */
static guint64
walk (const Queries *q, gconstpointer src, CnsTime end)
{
  guint64 k = 0;
  CnsTime prev = -1;

  for (CnsTime t = q->next (src, 0); t < end; t = q->next (src, t + 1))
    {
      ck_assert_int_gt (t, prev);
      ck_assert_int_eq (t, q->cell_time (src, k));
      ck_assert_uint_eq (q->count (src, 0, t), k);
      ck_assert_uint_eq (q->count (src, 0, t + 1), k + 1);
      if (t - 1 > prev)
        ck_assert_int_eq (q->next (src, t - 1), t);
      prev = t;
      k++;
    }
  ck_assert_uint_eq (q->count (src, 0, end), k);
  return k;
}

START_TEST (test_cbr_exact)
{
  CnsAtmCbrSource cbr;

  cns_atm_cbr_source_init (&cbr, 0, 8000);
  ck_assert (cns_atm_cbr_source_mean_rate (&cbr) == 8000.0);
  ck_assert_uint_eq (cns_atm_cbr_source_count (&cbr, 0, S), 8000);
  ck_assert_uint_eq (walk (&cbr_queries, &cbr, S), 8000);
  for (guint64 k = 0; k < 8000; k++)
    ck_assert_int_eq (cns_atm_cbr_source_cell_time (&cbr, k), k * 125 * US);
  ck_assert_int_eq (cns_atm_cbr_source_next (&cbr, 125 * US + 1), 250 * US);
  /* No drift after 10^6 s worth of cells. */
  ck_assert_int_eq (cns_atm_cbr_source_cell_time (&cbr, 8000000000),
                    1000000 * S);
  ck_assert_uint_eq (cns_atm_cbr_source_count (&cbr, 3 * S, 5 * S), 16000);

  /* A period that is not a whole number of picoseconds: 3 cells/s. */
  cns_atm_cbr_source_init (&cbr, 7 * MS, 3);
  ck_assert_int_eq (cns_atm_cbr_source_cell_time (&cbr, 0), 7 * MS);
  ck_assert_int_eq (cns_atm_cbr_source_cell_time (&cbr, 1),
                    7 * MS + 333333333333);
  ck_assert_int_eq (cns_atm_cbr_source_cell_time (&cbr, 2),
                    7 * MS + 666666666666);
  ck_assert_int_eq (cns_atm_cbr_source_cell_time (&cbr, 3000000),
                    7 * MS + 1000000 * S);
  ck_assert_int_eq (cns_atm_cbr_source_next (&cbr, 0), 7 * MS);
  ck_assert_uint_eq (cns_atm_cbr_source_count (&cbr, 0, 7 * MS), 0);
  ck_assert_uint_eq (cns_atm_cbr_source_count (&cbr, 0, 7 * MS + S), 3);
  ck_assert_uint_eq (cns_atm_cbr_source_count (&cbr, 0, 7 * MS + S + 1), 4);
  ck_assert_uint_eq (cns_atm_cbr_source_count (&cbr, 5 * S, 2 * S), 0);
}
END_TEST

START_TEST (test_square_halves)
{
  CnsAtmVbrSquareSource sq;

  cns_atm_vbr_square_source_init (&sq, 0, 15000, 10000, 100 * MS, 0.5);
  ck_assert_uint_eq (cns_atm_vbr_square_source_cells_per_period (&sq), 1250);
  ck_assert (cns_atm_vbr_square_source_mean_rate (&sq) == 12500.0);

  /* Each 50 ms half has exactly 750 (high) and 500 (low) cells. */
  for (guint h = 0; h < 200; h++)
    {
      CnsTime a = h * 50 * MS;

      ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, a, a + 50 * MS),
                         h % 2 == 0 ? 750 : 500);
    }
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 0, 10 * S), 125000);
  ck_assert (fabs (125000 / 10.0 - 12500) <= 12.5);
  ck_assert_uint_eq (walk (&square_queries, &sq, 10 * S), 125000);

  /* High phase: j / 15000 s; the last one (749) before the boundary, the
   * low phase restarting on it at 50 ms with 100 us spacing. */
  ck_assert_int_eq (cns_atm_vbr_square_source_cell_time (&sq, 1), 66666666);
  ck_assert_int_eq (cns_atm_vbr_square_source_cell_time (&sq, 749),
                    49933333333);
  ck_assert_int_eq (cns_atm_vbr_square_source_next (&sq, 49933333334), 50 * MS);
  ck_assert_int_eq (cns_atm_vbr_square_source_cell_time (&sq, 750), 50 * MS);
  ck_assert_int_eq (cns_atm_vbr_square_source_cell_time (&sq, 751),
                    50 * MS + 100 * US);
  ck_assert_int_eq (cns_atm_vbr_square_source_cell_time (&sq, 1249),
                    99900 * US);
  ck_assert_int_eq (cns_atm_vbr_square_source_cell_time (&sq, 1250), 100 * MS);
  ck_assert_int_eq (cns_atm_vbr_square_source_next (&sq, 99900 * US + 1),
                    100 * MS);
}
END_TEST

START_TEST (test_square_means)
{
  CnsAtmVbrSquareSource sq;
  guint64 n;

  cns_atm_vbr_square_source_init (&sq, 0, 36000, 10000, 100 * MS, 0.5);
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 0, 50 * MS), 1800);
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 50 * MS, 100 * MS),
                     500);
  n = cns_atm_vbr_square_source_count (&sq, 0, 10 * S);
  ck_assert_uint_eq (n, 230000);
  ck_assert (fabs (n / 10.0 - 23000) <= 23.0);
  ck_assert (cns_atm_vbr_square_source_mean_rate (&sq) == 23000.0);

  /* The [chk] wave of V1: 4500/1500, 100 ms: 225 + 75 cells, 3000 cells/s. */
  cns_atm_vbr_square_source_init (&sq, 12300 * US, 4500, 1500, 100 * MS, 0.5);
  ck_assert_uint_eq (cns_atm_vbr_square_source_cells_per_period (&sq), 300);
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 0, 12300 * US), 0);
  ck_assert_int_eq (cns_atm_vbr_square_source_next (&sq, 0), 12300 * US);
  ck_assert_uint_eq (
      cns_atm_vbr_square_source_count (&sq, 12300 * US, 12300 * US + 50 * S),
      150000);

  /* Duty 0.3: 30 ms at 15000 (450) and 70 ms at 10000 (700). */
  cns_atm_vbr_square_source_init (&sq, 0, 15000, 10000, 100 * MS, 0.3);
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 0, 30 * MS), 450);
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 30 * MS, 100 * MS),
                     700);
  ck_assert_uint_eq (walk (&square_queries, &sq, 1 * S), 11500);

  /* A phase that is not a whole number of cells rounds up: 1.5 ms at
   * 1000 cells/s has 2 cells (at 0 and 1 ms), the low phase 1.5 ms at 0
   * cells/s none. */
  cns_atm_vbr_square_source_init (&sq, 0, 1000, 0, 3 * MS, 0.5);
  ck_assert_uint_eq (cns_atm_vbr_square_source_cells_per_period (&sq), 2);
  ck_assert_int_eq (cns_atm_vbr_square_source_next (&sq, 1 * MS + 1), 3 * MS);
  ck_assert_uint_eq (walk (&square_queries, &sq, 3 * S), 2000);

  /* Nothing to send. */
  cns_atm_vbr_square_source_init (&sq, 0, 1000, 0, 3 * MS, 0);
  ck_assert_int_eq (cns_atm_vbr_square_source_next (&sq, 0), CNS_TIME_MAX);
  ck_assert_uint_eq (cns_atm_vbr_square_source_count (&sq, 0, S), 0);
}
END_TEST

START_TEST (test_mpeg_3000)
{
  static const guint want[12]
      = { 294, 69, 69, 118, 69, 69, 118, 69, 69, 118, 69, 69 };
  static const gchar pattern[] = "IBBPBBPBBPBB";
  CnsAtmMpegSource mp;
  const CnsTime gop = 400 * MS;

  cns_atm_mpeg_source_init (&mp, 0, 3000, CNS_ATM_MPEG_DEFAULT_FPS);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_cells_per_gop (&mp), 1200);
  ck_assert (cns_atm_mpeg_source_mean_rate (&mp) == 3000.0);
  for (guint i = 0; i < 12; i++)
    {
      CnsAtmMpegFrameType type = cns_atm_mpeg_frame_type (i);
      gchar c = type == CNS_ATM_MPEG_FRAME_I   ? 'I'
                : type == CNS_ATM_MPEG_FRAME_P ? 'P'
                                               : 'B';
      /* Frame i covers [floor (i * 10^12 / 30), floor ((i + 1) ...)). */
      CnsTime a = i * S / 30, b = (i + 1) * S / 30;

      ck_assert_int_eq (c, pattern[i]);
      ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, i), want[i]);
      ck_assert_uint_eq (cns_atm_mpeg_source_count (&mp, a, b), want[i]);
      ck_assert_uint_eq (cns_atm_mpeg_source_count (&mp, gop + a, gop + b),
                         want[i]);
    }
  /* I : P : B close to 300 : 120 : 70. */
  ck_assert (fabs (294.0 / 118 / (300.0 / 120) - 1) < 0.01);
  ck_assert (fabs (118.0 / 69 / (120.0 / 70) - 1) < 0.01);

  /* Exactly 1200 cells per GOP, so 3000 * 0.4 k over k GOPs. */
  for (guint k = 1; k <= 125; k++)
    {
      ck_assert_uint_eq (cns_atm_mpeg_source_count (&mp, 0, k * gop), 1200 * k);
      ck_assert_uint_eq (
          cns_atm_mpeg_source_count (&mp, (k - 1) * gop, k * gop), 1200);
    }
  ck_assert_uint_eq (walk (&mpeg_queries, &mp, 50 * S), 150000);

  /* Evenly spaced within a frame: the I frame is 33333333333 ps long. */
  ck_assert_int_eq (cns_atm_mpeg_source_cell_time (&mp, 0), 0);
  ck_assert_int_eq (cns_atm_mpeg_source_cell_time (&mp, 1), 33333333333 / 294);
  ck_assert_int_eq (cns_atm_mpeg_source_cell_time (&mp, 293),
                    33333333333 * 293 / 294);
  ck_assert_int_eq (cns_atm_mpeg_source_cell_time (&mp, 294), 33333333333);
  ck_assert_int_eq (cns_atm_mpeg_source_cell_time (&mp, 1200), gop);

  /* The second VBR source of V1 is offset by 12.3 ms. */
  cns_atm_mpeg_source_init (&mp, 12300 * US, 3000, 30);
  ck_assert_int_eq (cns_atm_mpeg_source_next (&mp, 0), 12300 * US);
  ck_assert_uint_eq (
      cns_atm_mpeg_source_count (&mp, 12300 * US, 12300 * US + 50 * S), 150000);
}
END_TEST

START_TEST (test_mpeg_other_means)
{
  CnsAtmMpegSource mp;

  /* 1000 cells/s: G = 400, s = 400 / 1220: P = 39, B = 23, I = 99. */
  cns_atm_mpeg_source_init (&mp, 0, 1000, 30);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 0), 99);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 3), 39);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 1), 23);
  ck_assert_uint_eq (cns_atm_mpeg_source_count (&mp, 0, 10 * S), 10000);

  /* Unscaled: 3050 cells/s gives 300 : 120 : 70 exactly. */
  cns_atm_mpeg_source_init (&mp, 0, 3050, 30);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 0), 300);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 6), 120);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 11), 70);

  /* A mean that is not a multiple of 2.5: G = round (1234 * 0.4) = 494. */
  cns_atm_mpeg_source_init (&mp, 0, 1234, 30);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_cells_per_gop (&mp), 494);
  ck_assert (cns_atm_mpeg_source_mean_rate (&mp) == 1235.0);

  /* 22.5 cells/s: G = 9; rounding would make I = -2, so P and B round
   * down to 0 and the I frame carries all 9 cells. */
  cns_atm_mpeg_source_init (&mp, 0, 22.5, 30);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 0), 9);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 3), 0);
  ck_assert_uint_eq (cns_atm_mpeg_source_get_frame_size (&mp, 1), 0);
  ck_assert_uint_eq (walk (&mpeg_queries, &mp, 4 * S), 90);
  ck_assert_int_eq (cns_atm_mpeg_source_next (&mp, 40 * MS), 400 * MS);
}
END_TEST

static gchar *
write_trace (const gchar *dir, const gchar *name, const gchar *text)
{
  gchar *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  ck_assert_msg (g_file_set_contents (path, text, -1, &error), "%s",
                 error != NULL ? error->message : "");
  return path;
}

START_TEST (test_trace_file)
{
  g_autofree gchar *dir = cns_test_make_tmp_dir ("atm-trace");
  g_autofree gchar *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsAtmVbrTraceSource) tr = NULL;

  path = write_trace (dir, "ok.txt",
                      "# frame sizes, cells\n10\n\n  20   # P\n0\r\n30\n");
  tr = cns_atm_vbr_trace_source_new_from_file (path, 10, &error);
  ck_assert_msg (tr != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_uint_eq (cns_atm_vbr_trace_source_get_n_frames (tr), 4);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_get_frame_size (tr, 1), 20);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_get_cells_per_loop (tr), 60);
  ck_assert (cns_atm_vbr_trace_source_mean_rate (tr) == 150.0);

  /* Frames of 100 ms: 10 cells 10 ms apart, 20 cells 5 ms apart, none,
   * 30 cells; then the trace loops at 400 ms. */
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 0, 100 * MS), 10);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 100 * MS, 200 * MS),
                     20);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 200 * MS, 300 * MS),
                     0);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 300 * MS, 400 * MS),
                     30);
  ck_assert_int_eq (cns_atm_vbr_trace_source_cell_time (tr, 1), 10 * MS);
  ck_assert_int_eq (cns_atm_vbr_trace_source_cell_time (tr, 11), 105 * MS);
  ck_assert_int_eq (cns_atm_vbr_trace_source_next (tr, 195 * MS + 1), 300 * MS);
  ck_assert_int_eq (cns_atm_vbr_trace_source_cell_time (tr, 60), 400 * MS);
  ck_assert_int_eq (cns_atm_vbr_trace_source_cell_time (tr, 71), 505 * MS);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 0, 40 * S), 6000);
  ck_assert_uint_eq (walk (&trace_queries, tr, 4 * S), 600);

  cns_atm_vbr_trace_source_set_start (tr, 1 * S);
  ck_assert_int_eq (cns_atm_vbr_trace_source_next (tr, 0), 1 * S);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 0, 1400 * MS), 60);
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

static void
expect_trace_error (const gchar *dir, const gchar *text, const gchar *where)
{
  g_autofree gchar *path = write_trace (dir, "bad.txt", text);
  g_autofree gchar *prefix = g_strconcat (path, where, NULL);
  g_autoptr (GError) error = NULL;
  CnsAtmVbrTraceSource *tr;

  tr = cns_atm_vbr_trace_source_new_from_file (path, 30, &error);
  ck_assert (tr == NULL);
  ck_assert (g_error_matches (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE));
  ck_assert_msg (g_str_has_prefix (error->message, prefix),
                 "'%s' does not start with '%s'", error->message, prefix);
}

START_TEST (test_trace_errors)
{
  g_autofree gchar *dir = cns_test_make_tmp_dir ("atm-trace-bad");
  g_autofree gchar *missing = g_build_filename (dir, "missing.txt", NULL);
  g_autoptr (GError) error = NULL;

  expect_trace_error (dir, "10\n# ok\nabc\n", ":3: ");
  expect_trace_error (dir, "10\n-5\n", ":2: ");
  expect_trace_error (dir, "1.5\n", ":1: ");
  expect_trace_error (dir, "\n\n12 13\n", ":3: ");
  expect_trace_error (dir, "99999999999\n", ":1: ");
  expect_trace_error (dir, "# nothing\n\n", ": the trace has no frames");
  expect_trace_error (dir, "", ": the trace has no frames");

  ck_assert (cns_atm_vbr_trace_source_new_from_file (missing, 30, &error)
             == NULL);
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

START_TEST (test_trace_array)
{
  static const guint sizes[] = { 3, 0, 0, 1 };
  g_autoptr (CnsAtmVbrTraceSource) tr = NULL;
  static const guint zeros[] = { 0, 0 };

  /* 30 fps: frame 3 starts at floor (10^12 / 10) = 100 ms. */
  tr = cns_atm_vbr_trace_source_new (sizes, G_N_ELEMENTS (sizes), 30);
  ck_assert (cns_atm_vbr_trace_source_mean_rate (tr) == 30.0);
  ck_assert_int_eq (cns_atm_vbr_trace_source_cell_time (tr, 1),
                    33333333333 / 3);
  ck_assert_int_eq (cns_atm_vbr_trace_source_next (tr, 33333333333 / 3 * 2 + 1),
                    100 * MS);
  ck_assert_int_eq (cns_atm_vbr_trace_source_cell_time (tr, 4), 133333333333);
  ck_assert_uint_eq (walk (&trace_queries, tr, 10 * S), 300);
  cns_atm_vbr_trace_source_free (g_steal_pointer (&tr));

  tr = cns_atm_vbr_trace_source_new (zeros, 2, 30);
  ck_assert_int_eq (cns_atm_vbr_trace_source_next (tr, 0), CNS_TIME_MAX);
  ck_assert_uint_eq (cns_atm_vbr_trace_source_count (tr, 0, S), 0);
}
END_TEST

START_TEST (test_traffic_misuse)
{
  CnsAtmCbrSource cbr;
  CnsAtmVbrSquareSource sq;

  CNS_TEST_EXPECT_CRITICAL ("*rate*", cns_atm_cbr_source_init (&cbr, 0, 0));
  CNS_TEST_EXPECT_CRITICAL ("*duty_cycle*", cns_atm_vbr_square_source_init (
                                                &sq, 0, 10, 5, 100 * MS, 1.5));
  CNS_TEST_EXPECT_CRITICAL (
      "*period*", cns_atm_vbr_square_source_init (&sq, 0, 10, 5, 0, 0.5));
  CNS_TEST_EXPECT_CRITICAL (
      "*n_frames*",
      ck_assert (cns_atm_vbr_trace_source_new ((const guint[]){ 1 }, 0, 30)
                 == NULL));
}
END_TEST

Suite *
test_atm_traffic_suite (void)
{
  Suite *s = suite_create ("atm-traffic");
  TCase *tc = tcase_create ("atm-traffic");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_cbr_exact);
  tcase_add_test (tc, test_square_halves);
  tcase_add_test (tc, test_square_means);
  tcase_add_test (tc, test_mpeg_3000);
  tcase_add_test (tc, test_mpeg_other_means);
  tcase_add_test (tc, test_trace_file);
  tcase_add_test (tc, test_trace_errors);
  tcase_add_test (tc, test_trace_array);
  tcase_add_test (tc, test_traffic_misuse);
  suite_add_tcase (s, tc);
  return s;
}
