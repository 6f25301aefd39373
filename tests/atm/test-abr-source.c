/* cns — tests of the ABR source and destination rules.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-abr-destination.h"
#include "atm/cns-abr-source.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

#include <math.h>

#define MS CNS_TIME_PS_PER_MS
#define US CNS_TIME_PS_PER_US

/* Relative comparison for rates computed by repeated multiplication. */
#define ASSERT_RATE(got, want)                                           \
  ck_assert_msg (fabs ((got) - (want)) <= 1e-9 * MAX (1.0, fabs (want)), \
                 "rate %.12g, expected %.12g", (gdouble) (got),          \
                 (gdouble) (want))

static CnsAbrRmFields
make_brm (gboolean ci, gboolean ni, gdouble er)
{
  CnsAbrRmFields brm = { 0 };

  brm.dir_backward = TRUE;
  brm.ci = ci;
  brm.ni = ni;
  brm.er = er;
  return brm;
}

static void
init_source (CnsAbrSource *src, gdouble pcr, gdouble icr)
{
  CnsAbrParams params;

  cns_abr_params_init_defaults (&params, pcr);
  params.icr = icr;
  cns_abr_source_init (src, &params, 0);
}

START_TEST (test_abr_params_defaults)
{
  CnsAbrParams p;

  cns_abr_params_init_defaults (&p, 8000);
  ck_assert (p.pcr == 8000 && p.icr == 8000 && p.mcr == 0);
  ck_assert_uint_eq (p.nrm, 32);
  ck_assert_uint_eq (p.mrm, 2);
  ck_assert_int_eq (p.trm, 100 * MS);
  ck_assert_int_eq (p.adtf, 500 * MS);
  ck_assert (p.rif == 1.0 / 16 && p.rdf == 1.0 / 16 && p.cdf == 1.0 / 16);
  ck_assert_uint_eq (p.tbe, 16777215);
  ck_assert (!p.multiplicative_increase);
  /* CRM = ceil (16777215 / 32) = ceil (524287.97) = 524288. */
  ck_assert_uint_eq (cns_abr_params_get_crm (&p), 524288);
  p.tbe = 64;
  ck_assert_uint_eq (cns_abr_params_get_crm (&p), 2);
  p.tbe = 65;
  ck_assert_uint_eq (cns_abr_params_get_crm (&p), 3);
  p.crm = 7;
  ck_assert_uint_eq (cns_abr_params_get_crm (&p), 7);
}
END_TEST

/* Clean BRMs add RIF * PCR = 500: 1000 -> 8000 in exactly 14 steps. */
START_TEST (test_abr_source_additive_increase)
{
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (FALSE, FALSE, 8000);
  guint i;

  init_source (&src, 8000, 1000);
  ck_assert (cns_abr_source_get_acr (&src) == 1000);
  for (i = 1; i <= 14; i++)
    {
      cns_abr_source_receive_brm (&src, &brm, 0);
      ck_assert_msg (cns_abr_source_get_acr (&src) == 1000 + 500.0 * i,
                     "after %u BRMs: %g", i, cns_abr_source_get_acr (&src));
    }
  ck_assert (cns_abr_source_get_acr (&src) == 8000);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 8000);
}
END_TEST

/* CI BRMs multiply by 15/16: 8000 (15/16)^32 = 1015.9 > 1000, and
 * 8000 (15/16)^33 = 950.92 <= 1000. */
START_TEST (test_abr_source_ci_decrease)
{
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (TRUE, FALSE, 8000);
  guint i;

  init_source (&src, 8000, 8000);
  for (i = 1; i <= 33; i++)
    {
      cns_abr_source_receive_brm (&src, &brm, 0);
      ASSERT_RATE (cns_abr_source_get_acr (&src), 8000 * pow (15.0 / 16.0, i));
      if (i == 32)
        ck_assert (cns_abr_source_get_acr (&src) > 1000);
    }
  ck_assert (cns_abr_source_get_acr (&src) <= 1000);
  ck_assert (fabs (cns_abr_source_get_acr (&src) - 950.9159) < 1e-4);

  /* NI does not matter once CI is set. */
  init_source (&src, 8000, 1000);
  brm.ni = TRUE;
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 937.5);
}
END_TEST

START_TEST (test_abr_source_mcr_floor)
{
  CnsAbrParams params;
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (TRUE, FALSE, 8000);
  guint i;

  cns_abr_params_init_defaults (&params, 8000);
  params.mcr = 2000;
  cns_abr_source_init (&src, &params, 0);
  for (i = 0; i < 100; i++)
    cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 2000);

  /* An ER below MCR does not take ACR below MCR either. */
  brm = make_brm (FALSE, FALSE, 500);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 2000);

  /* An ICR below MCR starts at MCR. */
  params.icr = 100;
  cns_abr_source_init (&src, &params, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 2000);
}
END_TEST

START_TEST (test_abr_source_er_cap)
{
  CnsAbrSource src;
  CnsAbrRmFields brm;

  init_source (&src, 8000, 1000);
  /* An ER above ACR + RIF * PCR does not matter... */
  brm = make_brm (FALSE, FALSE, 3000);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 1500);
  /* ...one below it caps the increase... */
  brm = make_brm (FALSE, FALSE, 1700);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 1700);
  /* ...and one below ACR lowers ACR, with CI or NI too. */
  brm = make_brm (FALSE, TRUE, 1200);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 1200);
  brm = make_brm (TRUE, FALSE, 500);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 500);
}
END_TEST

START_TEST (test_abr_source_ni_holds)
{
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (FALSE, TRUE, 8000);
  guint i;

  init_source (&src, 8000, 1000);
  for (i = 0; i < 10; i++)
    {
      cns_abr_source_receive_brm (&src, &brm, 0);
      ck_assert (cns_abr_source_get_acr (&src) == 1000);
    }
  brm.er = 700;
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 700);
}
END_TEST

START_TEST (test_abr_source_multiplicative_increase)
{
  CnsAbrParams params;
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (FALSE, FALSE, 8000);
  guint i;

  cns_abr_params_init_defaults (&params, 8000);
  params.icr = 1000;
  params.multiplicative_increase = TRUE;
  cns_abr_source_init (&src, &params, 0);
  /* ACR (17/16)^n: 1000 (17/16)^34 = 7858.6 < 8000 <= 1000 (17/16)^35. */
  for (i = 1; i <= 34; i++)
    {
      cns_abr_source_receive_brm (&src, &brm, 0);
      ASSERT_RATE (cns_abr_source_get_acr (&src), 1000 * pow (17.0 / 16.0, i));
    }
  ck_assert (cns_abr_source_get_acr (&src) < 8000);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 8000);
  /* Decrease is unchanged. */
  brm.ci = TRUE;
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 7500);
}
END_TEST

/* At 8000 cells/s (a cell every 125 us, 32 cells = 4 ms << Trm) the Nrm
 * rule alone applies: cells 0, 32, 64, 96 are FRMs, the rest data. */
START_TEST (test_abr_source_nrm_cadence)
{
  CnsAbrSource src;
  CnsAbrRmFields frm;
  guint i;

  init_source (&src, 8000, 8000);
  for (i = 0; i < 128; i++)
    {
      CnsAbrCellKind kind = cns_abr_source_next_cell (&src, i * 125 * US, TRUE);
      ck_assert_msg (
          kind == (i % 32 == 0 ? CNS_ABR_CELL_FRM : CNS_ABR_CELL_DATA),
          "cell %u: kind %d", i, kind);
    }
  ck_assert_uint_eq (cns_abr_source_get_frms_since_brm (&src), 4);
  ck_assert (cns_abr_source_get_acr (&src) == 8000);

  cns_abr_source_fill_frm (&src, &frm);
  ck_assert (!frm.dir_backward && !frm.bn && !frm.ci && !frm.ni);
  ck_assert (frm.ccr == 8000 && frm.er == 8000 && frm.mcr == 0);
}
END_TEST

/* At 10 cells/s, one cell every 100 ms: FRM at 0 ms; data at 100 and 200
 * (1 and 2 cells since the FRM: under Mrm = 2); at 300 ms 2 cells have gone
 * and 300 ms >= Trm: FRM. So FRM D D, repeated: an FRM every 300 ms, at
 * cells 0, 3, 6, 9. */
START_TEST (test_abr_source_trm_rule)
{
  static const CnsAbrCellKind pattern[] = {
    CNS_ABR_CELL_FRM,  CNS_ABR_CELL_DATA, CNS_ABR_CELL_DATA, CNS_ABR_CELL_FRM,
    CNS_ABR_CELL_DATA, CNS_ABR_CELL_DATA, CNS_ABR_CELL_FRM,  CNS_ABR_CELL_DATA,
    CNS_ABR_CELL_DATA, CNS_ABR_CELL_FRM,  CNS_ABR_CELL_DATA, CNS_ABR_CELL_DATA,
  };
  CnsAbrSource src;
  guint i;

  init_source (&src, 10, 10);
  for (i = 0; i < G_N_ELEMENTS (pattern); i++)
    ck_assert_int_eq (cns_abr_source_next_cell (&src, i * 100 * MS, TRUE),
                      pattern[i]);
  ck_assert (cns_abr_source_get_acr (&src) == 10);

  /* The boundary: "at least Trm" elapsed, and Mrm cells needed. */
  init_source (&src, 8000, 8000);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 0, TRUE), CNS_ABR_CELL_FRM);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 40 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 80 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 100 * MS - 1, TRUE),
                    CNS_ABR_CELL_DATA);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 100 * MS, TRUE),
                    CNS_ABR_CELL_FRM);
  /* 150 ms after that FRM but no cell since: data, data, then FRM. */
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 250 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 260 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 270 * MS, TRUE),
                    CNS_ABR_CELL_FRM);
}
END_TEST

START_TEST (test_abr_source_adtf)
{
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (FALSE, FALSE, 8000);
  guint i;

  /* Raise ACR to 3000, send FRM (0 ms) + 2 data cells (1, 2 ms). */
  init_source (&src, 8000, 1000);
  for (i = 0; i < 4; i++)
    cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 3000);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 0, TRUE), CNS_ABR_CELL_FRM);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 1 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  /* After 600 ms of silence: FRM, ACR = min (3000, ICR) = 1000. A single
   * data cell since the FRM: only the ADTF rule makes it an FRM. */
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 601 * MS, TRUE),
                    CNS_ABR_CELL_FRM);
  ck_assert (cns_abr_source_get_acr (&src) == 1000);

  /* Exactly ADTF is not "more than ADTF": the Trm rule sends the FRM and
   * ACR stays. */
  init_source (&src, 8000, 1000);
  for (i = 0; i < 4; i++)
    cns_abr_source_receive_brm (&src, &brm, 0);
  cns_abr_source_next_cell (&src, 0, TRUE);
  cns_abr_source_next_cell (&src, 1 * MS, TRUE);
  cns_abr_source_next_cell (&src, 2 * MS, TRUE);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 500 * MS, TRUE),
                    CNS_ABR_CELL_FRM);
  ck_assert (cns_abr_source_get_acr (&src) == 3000);

  /* Below ICR, ADTF does not raise ACR. */
  brm = make_brm (TRUE, FALSE, 8000);
  for (i = 0; i < 20; i++)
    cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) < 1000);
  {
    gdouble before = cns_abr_source_get_acr (&src);

    ck_assert_int_eq (cns_abr_source_next_cell (&src, 2000 * MS, TRUE),
                      CNS_ABR_CELL_FRM);
    ck_assert (cns_abr_source_get_acr (&src) == before);
  }
}
END_TEST

/* An idle source sends nothing, except the one trailing FRM that the Trm
 * rule makes due (see cns-abr-source.c). */
START_TEST (test_abr_source_idle)
{
  CnsAbrSource src;
  CnsAbrRmFields brm = make_brm (FALSE, FALSE, 8000);

  init_source (&src, 8000, 1000);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 0, FALSE),
                    CNS_ABR_CELL_NONE);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 1 * MS, TRUE),
                    CNS_ABR_CELL_FRM);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 2 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  /* One cell since the FRM: nothing due, even long after. */
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 200 * MS, FALSE),
                    CNS_ABR_CELL_NONE);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 210 * MS, TRUE),
                    CNS_ABR_CELL_DATA);
  /* Two cells and 209 ms: the Trm rule sends a trailing FRM... */
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 220 * MS, FALSE),
                    CNS_ABR_CELL_FRM);
  /* ...and then nothing. */
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 400 * MS, FALSE),
                    CNS_ABR_CELL_NONE);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 5000 * MS, FALSE),
                    CNS_ABR_CELL_NONE);
  ck_assert_uint_eq (cns_abr_source_get_frms_since_brm (&src), 2);

  /* A trailing FRM later than ADTF lowers ACR to ICR too. */
  init_source (&src, 8000, 1000);
  cns_abr_source_receive_brm (&src, &brm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 1500);
  cns_abr_source_next_cell (&src, 0, TRUE);
  cns_abr_source_next_cell (&src, 1 * MS, TRUE);
  cns_abr_source_next_cell (&src, 2 * MS, TRUE);
  ck_assert_int_eq (cns_abr_source_next_cell (&src, 700 * MS, FALSE),
                    CNS_ABR_CELL_FRM);
  ck_assert (cns_abr_source_get_acr (&src) == 1000);
}
END_TEST

/* TBE 64, Nrm 32: CRM = 2. The 3rd and later FRMs without a BRM cut ACR by
 * CDF = 1/16 each; a BRM with BN = 0 resets the count, a BECN does not. */
START_TEST (test_abr_source_crm_cut)
{
  CnsAbrParams params;
  CnsAbrSource src;
  CnsAbrRmFields brm;
  CnsTime t = 0;
  gdouble acr;
  guint i, frms = 0;

  cns_abr_params_init_defaults (&params, 8000);
  params.tbe = 64;
  cns_abr_source_init (&src, &params, 0);

  for (i = 0; i < 4 * 32; i++, t += 125 * US)
    if (cns_abr_source_next_cell (&src, t, TRUE) == CNS_ABR_CELL_FRM)
      {
        static const gdouble after[] = { 8000, 8000, 7500, 7031.25 };

        ck_assert_msg (cns_abr_source_get_acr (&src) == after[frms],
                       "FRM %u: ACR %g", frms + 1,
                       cns_abr_source_get_acr (&src));
        frms++;
      }
  ck_assert_uint_eq (frms, 4);
  ck_assert_uint_eq (cns_abr_source_get_frms_since_brm (&src), 4);

  /* A BECN cell (BN = 1) lowers ACR but keeps the count. */
  brm = make_brm (TRUE, FALSE, 8000);
  brm.bn = TRUE;
  cns_abr_source_receive_brm (&src, &brm, t);
  ck_assert (cns_abr_source_get_acr (&src) == 7031.25 * 15 / 16);
  ck_assert_uint_eq (cns_abr_source_get_frms_since_brm (&src), 4);

  /* A clean BRM: +500 and the count is back to 0. */
  acr = cns_abr_source_get_acr (&src) + 500;
  brm = make_brm (FALSE, FALSE, 8000);
  cns_abr_source_receive_brm (&src, &brm, t);
  ck_assert (cns_abr_source_get_acr (&src) == acr);
  ck_assert_uint_eq (cns_abr_source_get_frms_since_brm (&src), 0);

  /* FRMs 1 and 2 after it do not cut, FRM 3 does. */
  for (frms = 0; frms < 3; t += 125 * US)
    if (cns_abr_source_next_cell (&src, t, TRUE) == CNS_ABR_CELL_FRM)
      {
        frms++;
        ck_assert (cns_abr_source_get_acr (&src)
                   == (frms < 3 ? acr : acr - acr / 16));
      }
}
END_TEST

START_TEST (test_abr_source_misuse)
{
  CnsAbrSource src;
  CnsAbrRmFields frm;

  init_source (&src, 8000, 1000);
  cns_abr_source_fill_frm (&src, &frm);
  CNS_TEST_EXPECT_CRITICAL ("*dir_backward*",
                            cns_abr_source_receive_brm (&src, &frm, 0));
  ck_assert (cns_abr_source_get_acr (&src) == 1000);
}
END_TEST

START_TEST (test_abr_destination_turn_around)
{
  CnsAbrDestination dst;
  CnsAbrRmFields rm = { 0 };

  cns_abr_destination_init (&dst, CNS_ABR_DEFAULT_BECN_INTERVAL);
  ck_assert (!cns_abr_destination_get_efci_state (&dst));

  /* The last data cell's EFCI is the state. */
  cns_abr_destination_receive_data (&dst, TRUE);
  cns_abr_destination_receive_data (&dst, FALSE);
  ck_assert (!cns_abr_destination_get_efci_state (&dst));
  cns_abr_destination_receive_data (&dst, FALSE);
  cns_abr_destination_receive_data (&dst, TRUE);
  ck_assert (cns_abr_destination_get_efci_state (&dst));

  rm.er = 3000;
  rm.ccr = 1234;
  rm.mcr = 10;
  rm.ni = TRUE;
  cns_abr_destination_turn_around (&dst, &rm);
  ck_assert (rm.dir_backward && rm.ci && rm.ni && !rm.bn);
  ck_assert (rm.er == 3000 && rm.ccr == 1234 && rm.mcr == 10);
  /* The state was cleared: the next BRM is clean. */
  ck_assert (!cns_abr_destination_get_efci_state (&dst));
  rm = (CnsAbrRmFields){ 0 };
  cns_abr_destination_turn_around (&dst, &rm);
  ck_assert (rm.dir_backward && !rm.ci && !rm.ni);
  /* CI is only OR-ed in. */
  rm = (CnsAbrRmFields){ 0 };
  rm.ci = TRUE;
  cns_abr_destination_turn_around (&dst, &rm);
  ck_assert (rm.ci);

  CNS_TEST_EXPECT_CRITICAL ("*dir_backward*",
                            cns_abr_destination_turn_around (&dst, &rm));
}
END_TEST

START_TEST (test_abr_destination_becn)
{
  CnsAbrDestination dst;
  CnsAbrRmFields rm = { 0 };
  CnsAbrSource src;

  cns_abr_destination_init (&dst, CNS_ABR_DEFAULT_BECN_INTERVAL);
  ck_assert (cns_abr_destination_make_becn (&dst, 5 * MS, 8000, &rm));
  ck_assert (rm.dir_backward && rm.bn && rm.ci && !rm.ni);
  ck_assert (rm.er == 8000);
  /* At most one per 100 ms (10 cells/s). */
  ck_assert (!cns_abr_destination_make_becn (&dst, 55 * MS, 8000, &rm));
  ck_assert (!cns_abr_destination_make_becn (&dst, 105 * MS - 1, 8000, &rm));
  ck_assert (cns_abr_destination_make_becn (&dst, 105 * MS, 8000, &rm));
  ck_assert (!cns_abr_destination_make_becn (&dst, 150 * MS, 8000, &rm));
  ck_assert (cns_abr_destination_make_becn (&dst, 250 * MS, 8000, &rm));

  /* The source slows down on it. */
  init_source (&src, 8000, 1600);
  cns_abr_source_receive_brm (&src, &rm, 0);
  ck_assert (cns_abr_source_get_acr (&src) == 1500);

  /* Interval 0: no limit. */
  cns_abr_destination_init (&dst, 0);
  ck_assert (cns_abr_destination_make_becn (&dst, 0, 8000, &rm));
  ck_assert (cns_abr_destination_make_becn (&dst, 0, 8000, &rm));
}
END_TEST

Suite *
test_abr_source_suite (void)
{
  Suite *s = suite_create ("abr-source");
  TCase *tc = tcase_create ("abr-source");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_abr_params_defaults);
  tcase_add_test (tc, test_abr_source_additive_increase);
  tcase_add_test (tc, test_abr_source_ci_decrease);
  tcase_add_test (tc, test_abr_source_mcr_floor);
  tcase_add_test (tc, test_abr_source_er_cap);
  tcase_add_test (tc, test_abr_source_ni_holds);
  tcase_add_test (tc, test_abr_source_multiplicative_increase);
  tcase_add_test (tc, test_abr_source_nrm_cadence);
  tcase_add_test (tc, test_abr_source_trm_rule);
  tcase_add_test (tc, test_abr_source_adtf);
  tcase_add_test (tc, test_abr_source_idle);
  tcase_add_test (tc, test_abr_source_crm_cut);
  tcase_add_test (tc, test_abr_source_misuse);
  suite_add_tcase (s, tc);

  tc = tcase_create ("abr-destination");
  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_abr_destination_turn_around);
  tcase_add_test (tc, test_abr_destination_becn);
  suite_add_tcase (s, tc);
  return s;
}
