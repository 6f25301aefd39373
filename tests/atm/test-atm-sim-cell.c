/* cns — tests of the runtime ATM cell: its serialization for other MPI
 * ranks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

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

Suite *
test_atm_sim_cell_suite (void)
{
  Suite *s = suite_create ("atm-sim-cell");
  TCase *tc = tcase_create ("serialize");

  tcase_add_test (tc, test_sim_cell_round_trip_data);
  tcase_add_test (tc, test_sim_cell_round_trip_rm);
  tcase_add_test (tc, test_sim_cell_bad_bytes);
  suite_add_tcase (s, tc);
  return s;
}
