/* cns — tests of the runtime ATM cell: its serialization for other MPI
 * ranks, and the free lists of the threads that make and free cells.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

#include <stdlib.h>
#include <string.h>

/* Every field a cell carries equals in @a and @b. */
static void
assert_cells_equal (const CnsAtmCell *a, const CnsAtmCell *b)
{
  ck_assert_uint_eq (a->header.gfc, b->header.gfc);
  ck_assert_uint_eq (a->header.vpi, b->header.vpi);
  ck_assert_uint_eq (a->header.vci, b->header.vci);
  ck_assert_uint_eq (a->header.pti, b->header.pti);
  ck_assert_int_eq (a->header.clp, b->header.clp);
  ck_assert_int_eq (a->rm, b->rm);
  ck_assert_int_eq (a->rm_fields.dir_backward, b->rm_fields.dir_backward);
  ck_assert_int_eq (a->rm_fields.bn, b->rm_fields.bn);
  ck_assert_int_eq (a->rm_fields.ci, b->rm_fields.ci);
  ck_assert_int_eq (a->rm_fields.ni, b->rm_fields.ni);
  /* the rates' bits, not merely close values */
  ck_assert_mem_eq (&a->rm_fields.er, &b->rm_fields.er, sizeof (gdouble));
  ck_assert_mem_eq (&a->rm_fields.ccr, &b->rm_fields.ccr, sizeof (gdouble));
  ck_assert_mem_eq (&a->rm_fields.mcr, &b->rm_fields.mcr, sizeof (gdouble));
  ck_assert_mem_eq (a->payload, b->payload, CNS_ATM_PAYLOAD_SIZE);
  ck_assert_uint_eq (a->flow, b->flow);
  ck_assert_int_eq (a->enqueued, b->enqueued);
}

/* @cell serialized and read back into a cell full of other values. */
static void
assert_round_trip (const CnsAtmCell *cell)
{
  guint8 bytes[CNS_ATM_CELL_SERIALIZED_SIZE], again[sizeof bytes];
  CnsAtmCell *back = cns_atm_cell_new ();
  GError *error = NULL;

  memset (back, 0xa5, sizeof *back);
  cns_atm_cell_serialize (cell, bytes);
  ck_assert (cns_atm_cell_deserialize (back, bytes, sizeof bytes, &error));
  ck_assert_ptr_null (error);
  assert_cells_equal (cell, back);
  cns_atm_cell_serialize (back, again);
  ck_assert_mem_eq (bytes, again, sizeof bytes);
  cns_atm_cell_free (back);
}

START_TEST (test_sim_cell_round_trip_data)
{
  CnsAtmCell *cell = cns_atm_cell_new ();

  cell->header = (CnsAtmCellHeader){
    .gfc = 0xf, .vpi = 0xfff, .vci = 0xffff, .pti = 0x3, .clp = TRUE
  };
  for (guint i = 0; i < CNS_ATM_PAYLOAD_SIZE; i++)
    cell->payload[i] = (guint8) (i * 37 + 1);
  cell->flow = 0xdeadbeef;
  cell->enqueued = G_GINT64_CONSTANT (123456789012345);
  assert_round_trip (cell);
  cns_atm_cell_free (cell);
}
END_TEST

START_TEST (test_sim_cell_round_trip_rm)
{
  CnsAtmCell *cell = cns_atm_cell_new ();

  cell->header = (CnsAtmCellHeader){ .vpi = 1, .vci = 33, .pti = 0x6 };
  cell->rm = TRUE;
  cell->rm_fields = (CnsAbrRmFields){ .dir_backward = TRUE,
                                      .bn = FALSE,
                                      .ci = TRUE,
                                      .ni = TRUE,
                                      .er = 1.0 / 3.0 * 21000,
                                      .ccr = 5250.125,
                                      .mcr = 1e-300 };
  cell->flow = (7u << 16) | 33;
  cell->enqueued = 0;
  assert_round_trip (cell);
  /* each flag on its own */
  cell->rm_fields = (CnsAbrRmFields){ .bn = TRUE, .er = -0.0 };
  assert_round_trip (cell);
  cell->rm = FALSE;
  cell->rm_fields = (CnsAbrRmFields){ .ni = TRUE };
  assert_round_trip (cell);
  cns_atm_cell_free (cell);
}
END_TEST

START_TEST (test_sim_cell_bad_bytes)
{
  guint8 bytes[CNS_ATM_CELL_SERIALIZED_SIZE + 1];
  CnsAtmCell *cell = cns_atm_cell_new ();
  CnsAtmCell *before = cns_atm_cell_new ();
  GError *error = NULL;

  cell->flow = 42;
  cns_atm_cell_serialize (cell, bytes);
  *before = *cell;

  /* a size that is not a cell's, named in the message */
  ck_assert (!cns_atm_cell_deserialize (cell, bytes, sizeof bytes, &error));
  ck_assert (g_error_matches (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE));
  ck_assert_ptr_nonnull (strstr (error->message, "not 92"));
  g_clear_error (&error);
  ck_assert (!cns_atm_cell_deserialize (cell, bytes, 0, &error));
  ck_assert_ptr_nonnull (strstr (error->message, "not 0"));
  g_clear_error (&error);

  /* flags the format does not have, named in the message */
  bytes[6] |= 0x80;
  ck_assert (!cns_atm_cell_deserialize (cell, bytes,
                                        CNS_ATM_CELL_SERIALIZED_SIZE, &error));
  ck_assert (g_error_matches (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE));
  ck_assert_ptr_nonnull (strstr (error->message, "0x80"));
  g_clear_error (&error);

  /* the cell is unchanged */
  assert_cells_equal (cell, before);
  cns_atm_cell_free (before);
  cns_atm_cell_free (cell);
}
END_TEST

/* ---- the free lists of several threads ---- */

#define N_MOVED 10000
/* What a thread gives to the depot of N_MOVED cells it frees: whole
 * batches of 256 past the 1024 it keeps (cns-atm-sim-cell.c). */
#define N_DEPOT ((N_MOVED - 1024) / 256 * 256)

typedef struct
{
  CnsAtmCell **cells;
  guint n;
} CellJob;

static gpointer
make_cells (gpointer data)
{
  CellJob *job = data;

  for (guint i = 0; i < job->n; i++)
    job->cells[i] = cns_atm_cell_new ();
  return NULL;
}

static gpointer
free_cells (gpointer data)
{
  CellJob *job = data;

  for (guint i = 0; i < job->n; i++)
    cns_atm_cell_free (job->cells[i]);
  return NULL;
}

static void
run_on_thread (GThreadFunc fn, CellJob *job)
{
  g_thread_join (g_thread_new ("cells", fn, job));
}

static gint
compare_pointers (gconstpointer a, gconstpointer b)
{
  gconstpointer x = *(gconstpointer const *) a, y = *(gconstpointer const *) b;

  return x < y ? -1 : x > y;
}

/* Cells made on one thread and freed on another (they crossed to a node
 * another thread runs): the count of live cells sums over the threads,
 * ended ones included, and a third thread reuses what the second could
 * not keep, through the depot, before it makes new cells. */
START_TEST (test_sim_cell_threads)
{
  g_autofree CnsAtmCell **made = g_new0 (CnsAtmCell *, N_MOVED);
  g_autofree CnsAtmCell **again = g_new0 (CnsAtmCell *, N_DEPOT);
  CellJob a = { made, N_MOVED }, c = { again, N_DEPOT };
  guint64 live = cns_atm_cell_get_n_live ();

  cns_atm_cell_trim_free_list ();
  run_on_thread (make_cells, &a);
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), live + N_MOVED);
  run_on_thread (free_cells, &a);
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), live);
  run_on_thread (make_cells, &c);
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), live + N_DEPOT);
  /* every one of them is one of the first thread's, zeroed */
  qsort (made, N_MOVED, sizeof (gpointer), compare_pointers);
  for (guint i = 0; i < N_DEPOT; i++)
    {
      static const CnsAtmCell zero;

      ck_assert_ptr_nonnull (bsearch (&again[i], made, N_MOVED,
                                      sizeof (gpointer), compare_pointers));
      ck_assert_mem_eq (again[i], &zero, sizeof zero);
    }
  /* freed here, the first 1024 are this thread's to reuse, the last of
   * them first */
  for (guint i = 0; i < N_DEPOT; i++)
    cns_atm_cell_free (again[i]);
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), live);
  ck_assert_ptr_eq (cns_atm_cell_new (), again[1023]);
  cns_atm_cell_free (again[1023]);
  cns_atm_cell_trim_free_list ();
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), live);
}
END_TEST

Suite *
test_atm_sim_cell_suite (void)
{
  Suite *s = suite_create ("atm-sim-cell");
  TCase *tc = tcase_create ("serialize");
  TCase *threads;

  tcase_add_test (tc, test_sim_cell_round_trip_data);
  tcase_add_test (tc, test_sim_cell_round_trip_rm);
  tcase_add_test (tc, test_sim_cell_bad_bytes);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_test (threads, test_sim_cell_threads);
  suite_add_tcase (s, threads);
  return s;
}
