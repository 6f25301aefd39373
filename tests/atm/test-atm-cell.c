/* cns — tests of the ATM cell header: the HEC against a bit-serial
 * reference and known values, the UNI and NNI layouts, round trips,
 * detection and correction of bit errors, and the PTI codes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm-cell.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define SEED 20240601

static void
teardown (void)
{
  cns_test_reset ();
}

/* Bit-serial long division by x^8 + x^2 + x + 1 of the 32 header bits
 * times x^8, plus the coset: the HEC as I.432.1 defines it. */
static guint8
ref_hec (const guint8 h[4])
{
  guint32 word = ((guint32) h[0] << 24) | ((guint32) h[1] << 16)
                 | ((guint32) h[2] << 8) | h[3];
  guint64 rem = (guint64) word << 8;

  for (gint bit = 39; bit >= 8; bit--)
    if (rem & (G_GUINT64_CONSTANT (1) << bit))
      rem ^= G_GUINT64_CONSTANT (0x107) << (bit - 8);
  return (guint8) rem ^ 0x55;
}

static CnsAtmCellHeader
random_header (GRand *rand, CnsAtmHeaderFormat format)
{
  CnsAtmCellHeader h;

  h.gfc = format == CNS_ATM_HEADER_UNI ? (guint8) g_rand_int_range (rand, 0, 16)
                                       : 0;
  h.vpi = (guint16) g_rand_int_range (
      rand, 0, format == CNS_ATM_HEADER_UNI ? 256 : 4096);
  h.vci = (guint16) g_rand_int_range (rand, 0, 65536);
  h.pti = (guint8) g_rand_int_range (rand, 0, 8);
  h.clp = g_rand_boolean (rand);
  return h;
}

START_TEST (test_hec_known)
{
  static const guint8 zero[4] = { 0, 0, 0, 0 };
  static const guint8 idle[4] = { 0, 0, 0, 1 };

  ck_assert_uint_eq (cns_atm_hec (zero), 0x55);
  ck_assert_uint_eq (cns_atm_hec (idle), 0x52);
  ck_assert_uint_eq (ref_hec (zero), 0x55);
  ck_assert_uint_eq (ref_hec (idle), 0x52);
}
END_TEST

START_TEST (test_hec_matches_reference)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);

  /* Every single byte value in every position, then random headers. */
  for (guint pos = 0; pos < 4; pos++)
    for (guint v = 0; v < 256; v++)
      {
        guint8 h[4] = { 0, 0, 0, 0 };

        h[pos] = (guint8) v;
        ck_assert_uint_eq (cns_atm_hec (h), ref_hec (h));
      }
  for (guint i = 0; i < 10000; i++)
    {
      guint32 w = g_rand_int (rand);
      guint8 h[4] = { (guint8) (w >> 24), (guint8) (w >> 16), (guint8) (w >> 8),
                      (guint8) w };

      ck_assert_uint_eq (cns_atm_hec (h), ref_hec (h));
    }
}
END_TEST

START_TEST (test_layout)
{
  CnsAtmCellHeader uni = { 0xa, 0xbc, 0x1234, 6, TRUE };
  CnsAtmCellHeader nni = { 0, 0xabc, 0x1234, 6, TRUE };
  guint8 b[5];
  static const guint8 expected[4] = { 0xab, 0xc1, 0x23, 0x4d };

  cns_atm_cell_header_encode (&uni, CNS_ATM_HEADER_UNI, b);
  ck_assert_mem_eq (b, expected, 4);
  ck_assert_uint_eq (b[4], ref_hec (expected));

  cns_atm_cell_header_encode (&nni, CNS_ATM_HEADER_NNI, b);
  ck_assert_mem_eq (b, expected, 4);
  ck_assert_uint_eq (b[4], ref_hec (expected));

  /* The same bytes read the other way. */
  {
    CnsAtmCellHeader out;

    ck_assert (cns_atm_cell_header_decode (b, CNS_ATM_HEADER_UNI, &out));
    ck_assert_uint_eq (out.gfc, 0xa);
    ck_assert_uint_eq (out.vpi, 0xbc);
    ck_assert (cns_atm_cell_header_decode (b, CNS_ATM_HEADER_NNI, &out));
    ck_assert_uint_eq (out.gfc, 0);
    ck_assert_uint_eq (out.vpi, 0xabc);
    ck_assert_uint_eq (out.vci, 0x1234);
    ck_assert_uint_eq (out.pti, 6);
    ck_assert (out.clp);
  }

  /* The idle cell. */
  {
    CnsAtmCellHeader idle = { 0, 0, 0, 0, TRUE };
    static const guint8 idle_bytes[5] = { 0, 0, 0, 1, 0x52 };

    cns_atm_cell_header_encode (&idle, CNS_ATM_HEADER_UNI, b);
    ck_assert_mem_eq (b, idle_bytes, 5);
  }
}
END_TEST

START_TEST (test_round_trip)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 1);

  for (guint f = 0; f < 2; f++)
    for (guint i = 0; i < 20000; i++)
      {
        CnsAtmHeaderFormat format = f ? CNS_ATM_HEADER_NNI : CNS_ATM_HEADER_UNI;
        CnsAtmCellHeader h = random_header (rand, format), out;
        guint8 b[5];

        cns_atm_cell_header_encode (&h, format, b);
        ck_assert_uint_eq (b[4], ref_hec (b));
        memset (&out, 0xff, sizeof out);
        ck_assert (cns_atm_cell_header_decode (b, format, &out));
        ck_assert_uint_eq (out.gfc, h.gfc);
        ck_assert_uint_eq (out.vpi, h.vpi);
        ck_assert_uint_eq (out.vci, h.vci);
        ck_assert_uint_eq (out.pti, h.pti);
        ck_assert_int_eq (out.clp, h.clp);
      }
}
END_TEST

START_TEST (test_bit_errors)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 2);

  for (guint i = 0; i < 200; i++)
    {
      CnsAtmHeaderFormat format
          = i & 1 ? CNS_ATM_HEADER_NNI : CNS_ATM_HEADER_UNI;
      CnsAtmCellHeader h = random_header (rand, format), out;
      guint8 good[5], b[5];

      cns_atm_cell_header_encode (&h, format, good);
      memcpy (b, good, 5);
      ck_assert_int_eq (cns_atm_hec_correct (b), CNS_ATM_HEC_VALID);
      ck_assert_mem_eq (b, good, 5);

      for (guint bit = 0; bit < 40; bit++)
        {
          memcpy (b, good, 5);
          b[bit / 8] ^= (guint8) (1u << (bit % 8));
          ck_assert (!cns_atm_cell_header_decode (b, format, &out));
          ck_assert_int_eq (cns_atm_hec_correct (b), CNS_ATM_HEC_CORRECTED);
          ck_assert_mem_eq (b, good, 5);
          ck_assert (cns_atm_cell_header_decode (b, format, &out));
          ck_assert_uint_eq (out.vci, h.vci);
        }

      /* Two wrong bits are never taken for one: the code's distance is 4
       * over the 40 bits. */
      for (guint b1 = 0; b1 < 40; b1++)
        for (guint b2 = b1 + 1; b2 < 40; b2++)
          {
            memcpy (b, good, 5);
            b[b1 / 8] ^= (guint8) (1u << (b1 % 8));
            b[b2 / 8] ^= (guint8) (1u << (b2 % 8));
            ck_assert (!cns_atm_cell_header_decode (b, format, &out));
            ck_assert_int_eq (cns_atm_hec_correct (b), CNS_ATM_HEC_INVALID);
          }
    }
}
END_TEST

START_TEST (test_pti)
{
  for (guint8 pti = 0; pti < 8; pti++)
    {
      gboolean user = pti < 4;

      ck_assert_int_eq (cns_atm_pti_is_user_data (pti), user);
      ck_assert_int_eq (cns_atm_pti_efci (pti), user && (pti & 2));
      ck_assert_int_eq (cns_atm_pti_auu (pti), user && (pti & 1));
      ck_assert_int_eq (cns_atm_pti_is_oam (pti), pti == 4 || pti == 5);
      ck_assert_int_eq (cns_atm_pti_is_rm (pti), pti == 6);
    }
  ck_assert_uint_eq (cns_atm_pti_user (FALSE, FALSE), 0);
  ck_assert_uint_eq (cns_atm_pti_user (FALSE, TRUE), 1);
  ck_assert_uint_eq (cns_atm_pti_user (TRUE, FALSE), 2);
  ck_assert_uint_eq (cns_atm_pti_user (TRUE, TRUE), 3);
  ck_assert_uint_eq (CNS_ATM_PTI_RM, 6);
  ck_assert_uint_eq (CNS_ATM_PTI_OAM_SEGMENT, 4);
  ck_assert_uint_eq (CNS_ATM_PTI_OAM_END_TO_END, 5);
  ck_assert_uint_eq (CNS_ATM_CELL_SIZE,
                     CNS_ATM_HEADER_SIZE + CNS_ATM_PAYLOAD_SIZE);
}
END_TEST

START_TEST (test_bad_fields)
{
  CnsAtmCellHeader h = { 0, 256, 1, 0, FALSE };
  guint8 b[5] = { 0 };

  CNS_TEST_EXPECT_CRITICAL (
      "*vpi*", cns_atm_cell_header_encode (&h, CNS_ATM_HEADER_UNI, b));
  h.vpi = 4096;
  CNS_TEST_EXPECT_CRITICAL (
      "*vpi*", cns_atm_cell_header_encode (&h, CNS_ATM_HEADER_NNI, b));
  h.vpi = 1;
  h.gfc = 16;
  CNS_TEST_EXPECT_CRITICAL (
      "*gfc*", cns_atm_cell_header_encode (&h, CNS_ATM_HEADER_UNI, b));
  h.gfc = 0;
  h.pti = 8;
  CNS_TEST_EXPECT_CRITICAL (
      "*pti*", cns_atm_cell_header_encode (&h, CNS_ATM_HEADER_UNI, b));
}
END_TEST

Suite *
test_atm_cell_suite (void)
{
  Suite *s = suite_create ("atm-cell");
  TCase *tc = tcase_create ("header");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_hec_known);
  tcase_add_test (tc, test_hec_matches_reference);
  tcase_add_test (tc, test_layout);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_bit_errors);
  tcase_add_test (tc, test_pti);
  tcase_add_test (tc, test_bad_fields);
  suite_add_tcase (s, tc);
  return s;
}
