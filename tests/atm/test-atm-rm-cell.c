/* cns — tests of the RM cell payload: the 16-bit rate format (exact codes,
 * every code, random rates), the TM 4.0 byte layout, the CRC-10 against a
 * bit-serial reference, round trips and corruption.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm-rm-cell.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

#include <math.h>
#include <string.h>

#define SEED 20240602

static void
teardown (void)
{
  cns_test_reset ();
}

/* The CRC of I.610 computed the other usual way: the message bits (the
 * payload before the CRC field, i.e. 46 bytes and the 6 reserved bits)
 * shifted through a feedback register, which yields M(x) x^10 mod G(x). */
static guint
ref_crc10 (const guint8 payload[48])
{
  guint reg = 0;

  for (guint n = 0; n < 46 * 8 + 6; n++)
    {
      guint bit = (payload[n / 8] >> (7 - n % 8)) & 1;
      guint fb = ((reg >> 9) & 1) ^ bit;

      reg = (reg << 1) & 0x3ff;
      if (fb)
        reg ^= 0x233;
    }
  return reg;
}

START_TEST (test_rate_known)
{
  /* 8000 = 2^12 * (1 + 488/512). */
  ck_assert_uint_eq (cns_atm_rate_encode (8000.0), 0x4000 | (12 << 9) | 488);
  ck_assert_uint_eq (cns_atm_rate_encode (8000.0), 0x59e8);
  ck_assert (cns_atm_rate_decode (0x59e8) == 8000.0);

  ck_assert_uint_eq (cns_atm_rate_encode (0.0), 0);
  ck_assert (cns_atm_rate_decode (0) == 0.0);
  ck_assert_uint_eq (cns_atm_rate_encode (-5.0), 0);
  ck_assert_uint_eq (cns_atm_rate_encode (NAN), 0);
  ck_assert_uint_eq (cns_atm_rate_encode (0.49), 0);
  ck_assert_uint_eq (cns_atm_rate_encode (0.5), 0x4000);
  ck_assert_uint_eq (cns_atm_rate_encode (1.0), 0x4000);
  ck_assert (cns_atm_rate_decode (0x4000) == 1.0);
  /* Without nz the rate is 0 whatever e and m say. */
  ck_assert (cns_atm_rate_decode (0x3fff) == 0.0);

  ck_assert (cns_atm_rate_decode (0x7fff) == CNS_ATM_RATE_MAX);
  ck_assert (CNS_ATM_RATE_MAX == ldexp (1.0 + 511.0 / 512.0, 31));
  ck_assert_uint_eq (cns_atm_rate_encode (CNS_ATM_RATE_MAX), 0x7fff);
  ck_assert_uint_eq (cns_atm_rate_encode (1e12), 0x7fff);
  ck_assert_uint_eq (cns_atm_rate_encode (INFINITY), 0x7fff);

  /* Rounding to nearest, the carry into the exponent. */
  ck_assert_uint_eq (cns_atm_rate_encode (1.0 + 1.0 / 1024 - 1e-9), 0x4000);
  ck_assert_uint_eq (cns_atm_rate_encode (1.0 + 1.0 / 1024 + 1e-9), 0x4001);
  ck_assert_uint_eq (cns_atm_rate_encode (2.0 - 1e-6), 0x4000 | (1 << 9));
  /* 353207.5 cells/s, OC-3's cell rate: 2^18 * (1 + 177.86/512). */
  ck_assert_uint_eq (cns_atm_rate_encode (353207.5), 0x4000 | (18 << 9) | 178);
}
END_TEST

START_TEST (test_rate_every_code)
{
  gdouble prev = 0.0;

  for (guint code = 0x4000; code <= 0x7fff; code++)
    {
      gdouble r = cns_atm_rate_decode ((guint16) code);

      ck_assert_uint_eq (cns_atm_rate_encode (r), code);
      ck_assert (r > prev); /* strictly increasing */
      prev = r;
    }
  for (guint code = 1; code < 0x4000; code++)
    ck_assert (cns_atm_rate_decode ((guint16) code) == 0.0);
}
END_TEST

START_TEST (test_rate_random)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);

  for (guint i = 0; i < 100000; i++)
    {
      gdouble rate = i < 50000 ? exp2 (g_rand_double_range (rand, 0.0, 31.0))
                               : g_rand_double_range (rand, 1.0, 1e6);
      gdouble back = cns_atm_rate_decode (cns_atm_rate_encode (rate));

      ck_assert_msg (fabs (back - rate) <= rate * ldexp (1.0, -10),
                     "%.17g -> %.17g", rate, back);
    }
  /* 2^31 itself is exact. */
  ck_assert (cns_atm_rate_decode (cns_atm_rate_encode (2147483648.0))
             == 2147483648.0);
}
END_TEST

static CnsAtmRmCell
sample_cell (void)
{
  CnsAtmRmCell c = { 0 };

  c.protocol_id = CNS_ATM_RM_PROTOCOL_ABR;
  c.dir = TRUE;
  c.ci = TRUE;
  c.er = 8000.0;
  c.ccr = 1.0;
  c.mcr = 0.0;
  c.ql = 0x01020304;
  c.sn = 0xdeadbeef;
  return c;
}

START_TEST (test_layout)
{
  CnsAtmRmCell c = sample_cell ();
  guint8 p[48];
  static const guint8 head[16]
      = { 0x01, 0xa0, 0x59, 0xe8, 0x40, 0x00, 0x00, 0x00,
          0x01, 0x02, 0x03, 0x04, 0xde, 0xad, 0xbe, 0xef };
  guint crc;

  memset (p, 0xee, sizeof p);
  cns_atm_rm_cell_encode (&c, p);
  ck_assert_mem_eq (p, head, 16);
  for (guint i = 16; i < 46; i++)
    ck_assert_uint_eq (p[i], 0x6a);
  ck_assert_uint_eq (p[46] & 0xfc, 0); /* the 6 reserved bits */
  crc = ((guint) (p[46] & 3) << 8) | p[47];
  ck_assert_uint_eq (crc, ref_crc10 (p));
  ck_assert_uint_eq (cns_atm_crc10 (p), 0);

  /* Each flag in its bit. */
  {
    CnsAtmRmCell f = { 0 };

    f.bn = TRUE;
    cns_atm_rm_cell_encode (&f, p);
    ck_assert_uint_eq (p[1], 0x40);
    f.bn = FALSE;
    f.ni = TRUE;
    cns_atm_rm_cell_encode (&f, p);
    ck_assert_uint_eq (p[1], 0x10);
    f.ni = FALSE;
    f.ra = TRUE;
    cns_atm_rm_cell_encode (&f, p);
    ck_assert_uint_eq (p[1], 0x08);
  }
}
END_TEST

START_TEST (test_crc10_reference)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 1);

  for (guint i = 0; i < 2000; i++)
    {
      guint8 p[48];
      guint16 crc;

      for (guint j = 0; j < 46; j++)
        p[j] = (guint8) g_rand_int (rand);
      p[46] = 0;
      p[47] = 0;
      crc = cns_atm_crc10 (p);
      ck_assert_uint_eq (crc, ref_crc10 (p));
      p[46] = (guint8) (crc >> 8);
      p[47] = (guint8) crc;
      ck_assert_uint_eq (cns_atm_crc10 (p), 0);
    }
}
END_TEST

START_TEST (test_round_trip)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 2);

  for (guint i = 0; i < 5000; i++)
    {
      CnsAtmRmCell c, out;
      guint8 p[48];
      g_autoptr (GError) error = NULL;

      c.protocol_id = (guint8) g_rand_int_range (rand, 0, 256);
      c.dir = g_rand_boolean (rand);
      c.bn = g_rand_boolean (rand);
      c.ci = g_rand_boolean (rand);
      c.ni = g_rand_boolean (rand);
      c.ra = g_rand_boolean (rand);
      c.er = cns_atm_rate_decode (
          (guint16) (0x4000 | g_rand_int_range (rand, 0, 0x4000)));
      c.ccr = cns_atm_rate_decode (
          (guint16) (0x4000 | g_rand_int_range (rand, 0, 0x4000)));
      c.mcr = g_rand_boolean (rand) ? 0.0 : cns_atm_rate_decode (0x4123);
      c.ql = g_rand_int (rand);
      c.sn = g_rand_int (rand);

      cns_atm_rm_cell_encode (&c, p);
      ck_assert (cns_atm_rm_cell_decode (p, &out, &error));
      ck_assert_ptr_null (error);
      ck_assert_uint_eq (out.protocol_id, c.protocol_id);
      ck_assert_int_eq (out.dir, c.dir);
      ck_assert_int_eq (out.bn, c.bn);
      ck_assert_int_eq (out.ci, c.ci);
      ck_assert_int_eq (out.ni, c.ni);
      ck_assert_int_eq (out.ra, c.ra);
      ck_assert (out.er == c.er);
      ck_assert (out.ccr == c.ccr);
      ck_assert (out.mcr == c.mcr);
      ck_assert_uint_eq (out.ql, c.ql);
      ck_assert_uint_eq (out.sn, c.sn);
    }

  /* An unrepresentable rate comes back rounded. */
  {
    CnsAtmRmCell c = sample_cell (), out;
    guint8 p[48];

    c.ccr = 8001.0;
    cns_atm_rm_cell_encode (&c, p);
    ck_assert (cns_atm_rm_cell_decode (p, &out, NULL));
    ck_assert (out.ccr == 8000.0);
  }
}
END_TEST

START_TEST (test_corruption)
{
  CnsAtmRmCell c = sample_cell (), out;
  guint8 good[48], p[48];
  g_autoptr (GError) error = NULL;

  cns_atm_rm_cell_encode (&c, good);

  memcpy (p, good, 48);
  p[3] ^= 0x01;
  memset (&out, 0, sizeof out);
  ck_assert (!cns_atm_rm_cell_decode (p, &out, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_ATM_ERROR_CRC);
  ck_assert (error->domain == CNS_ATM_ERROR);
  ck_assert_uint_eq (out.protocol_id, 0); /* untouched */

  /* Every single and every double bit error: the generator is
   * (x + 1)(x^9 + x^4 + 1), the second factor primitive with period
   * 511 > 384. */
  for (guint b1 = 0; b1 < 384; b1++)
    {
      memcpy (p, good, 48);
      p[b1 / 8] ^= (guint8) (0x80u >> (b1 % 8));
      ck_assert (!cns_atm_rm_cell_decode (p, &out, NULL));
      for (guint b2 = b1 + 1; b2 < 384; b2 += 7)
        {
          p[b2 / 8] ^= (guint8) (0x80u >> (b2 % 8));
          ck_assert (!cns_atm_rm_cell_decode (p, &out, NULL));
          p[b2 / 8] ^= (guint8) (0x80u >> (b2 % 8));
        }
    }

  /* The reserved bytes are covered too, and are otherwise ignored. */
  memcpy (p, good, 48);
  p[20] = 0;
  ck_assert (!cns_atm_rm_cell_decode (p, &out, NULL));
}
END_TEST

Suite *
test_atm_rm_cell_suite (void)
{
  Suite *s = suite_create ("atm-rm-cell");
  TCase *tc = tcase_create ("rm-cell");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_rate_known);
  tcase_add_test (tc, test_rate_every_code);
  tcase_add_test (tc, test_rate_random);
  tcase_add_test (tc, test_layout);
  tcase_add_test (tc, test_crc10_reference);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_corruption);
  suite_add_tcase (s, tc);
  return s;
}
