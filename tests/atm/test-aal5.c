/* cns — tests of AAL5: cell counts, the CRC-32 against a bit-serial
 * reference and known vectors, the CPCS-PDU layout, round trips of many
 * lengths, and each way a frame is lost: a flipped bit, a lost middle or
 * last cell, oversize frames, aborts.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-aal5.h"
#include "atm/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define SEED 20240603

static void
teardown (void)
{
  cns_test_reset ();
}

/* Bit by bit, MSB first, generator 0x04C11DB7, register all ones,
 * complemented at the end. */
static guint32
ref_crc32 (const guint8 *data, gsize len)
{
  guint32 reg = 0xffffffffu;

  for (gsize i = 0; i < len; i++)
    for (gint b = 7; b >= 0; b--)
      {
        guint32 fb = (reg >> 31) ^ ((data[i] >> b) & 1u);

        reg <<= 1;
        if (fb)
          reg ^= 0x04c11db7u;
      }
  return ~reg;
}

static guint8 *
random_bytes (GRand *rand, gsize len)
{
  guint8 *b = g_malloc (len);

  for (gsize i = 0; i < len; i++)
    b[i] = (guint8) g_rand_int (rand);
  return b;
}

/* Segments @sdu and returns its cells (48 bytes each). */
static GByteArray *
segment (const guint8 *sdu, gsize len, guint8 uu, guint8 cpi, guint *n_cells)
{
  GByteArray *cells = g_byte_array_new ();

  *n_cells = cns_aal5_segment (sdu, len, uu, cpi, cells);
  ck_assert_uint_eq (*n_cells, cns_aal5_n_cells (len));
  ck_assert_uint_eq (cells->len, *n_cells * 48);
  return cells;
}

/* Pushes cells [first, last] of @cells, AUU on cell @n_cells - 1 only,
 * and returns the result of the last push. */
static CnsAal5RxResult
push_cells (CnsAal5Reassembler *r, GByteArray *cells, guint n_cells,
            guint first, guint last, GBytes **sdu)
{
  CnsAal5RxResult res = CNS_AAL5_RX_MORE;

  for (guint i = first; i <= last; i++)
    {
      if (sdu != NULL && *sdu != NULL)
        g_clear_pointer (sdu, g_bytes_unref);
      res = cns_aal5_reassembler_push (r, cells->data + i * 48,
                                       i == n_cells - 1, sdu, NULL);
      if (i < last)
        ck_assert_int_eq (res, CNS_AAL5_RX_MORE);
    }
  return res;
}

START_TEST (test_n_cells)
{
  ck_assert_uint_eq (cns_aal5_n_cells (0), 1);
  ck_assert_uint_eq (cns_aal5_n_cells (1), 1);
  ck_assert_uint_eq (cns_aal5_n_cells (40), 1);
  ck_assert_uint_eq (cns_aal5_n_cells (41), 2);
  ck_assert_uint_eq (cns_aal5_n_cells (88), 2);
  ck_assert_uint_eq (cns_aal5_n_cells (89), 3);
  ck_assert_uint_eq (cns_aal5_n_cells (1500), 32);
  ck_assert_uint_eq (cns_aal5_n_cells (9180), 192);
  ck_assert_uint_eq (cns_aal5_n_cells (65535), 1366);
}
END_TEST

START_TEST (test_crc32)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  static const guint8 zeros[44] = { 0 };

  /* The check value of CRC-32/BZIP2, the same parameters. */
  ck_assert_uint_eq (cns_aal5_crc32 ((const guint8 *) "123456789", 9),
                     0xfc891918u);
  ck_assert_uint_eq (ref_crc32 ((const guint8 *) "123456789", 9), 0xfc891918u);
  ck_assert_uint_eq (cns_aal5_crc32 (NULL, 0), 0);
  /* I.363.5's example: 40 zero bytes, UU = CPI = 0, Length 40. */
  {
    guint8 pdu[44] = { 0 };

    pdu[43] = 40;
    ck_assert_uint_eq (cns_aal5_crc32 (pdu, 44), 0x864d7f99u);
    ck_assert_uint_eq (ref_crc32 (pdu, 44), 0x864d7f99u);
  }
  ck_assert_uint_eq (cns_aal5_crc32 (zeros, 44), ref_crc32 (zeros, 44));

  for (guint i = 0; i < 500; i++)
    {
      gsize len = g_rand_int_range (rand, 0, 300);
      g_autofree guint8 *b = random_bytes (rand, len);

      ck_assert_uint_eq (cns_aal5_crc32 (b, len), ref_crc32 (b, len));
    }
}
END_TEST

START_TEST (test_pdu_layout)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 1);

  for (gsize len = 1; len <= 300; len++)
    {
      g_autofree guint8 *sdu = random_bytes (rand, len);
      guint8 uu = (guint8) g_rand_int (rand), cpi = 0;
      guint n;
      g_autoptr (GByteArray) cells = segment (sdu, len, uu, cpi, &n);
      const guint8 *t = cells->data + cells->len - 8;
      guint32 crc = ((guint32) t[4] << 24) | ((guint32) t[5] << 16)
                    | ((guint32) t[6] << 8) | t[7];
      CnsAal5Segmenter seg;
      guint8 payload[48];
      gboolean auu;
      guint k = 0;

      ck_assert_mem_eq (cells->data, sdu, len);
      for (gsize i = len; i < cells->len - 8; i++)
        ck_assert_uint_eq (cells->data[i], 0); /* pad */
      ck_assert_uint_lt (cells->len - 8 - len, 48);
      ck_assert_uint_eq (t[0], uu);
      ck_assert_uint_eq (t[1], cpi);
      ck_assert_uint_eq ((t[2] << 8) | t[3], len);
      ck_assert_uint_eq (crc, ref_crc32 (cells->data, cells->len - 4));

      /* The iterator gives the same cells, AUU on the last only. */
      cns_aal5_segmenter_init (&seg, sdu, len, uu, cpi);
      ck_assert_uint_eq (cns_aal5_segmenter_get_n_cells (&seg), n);
      while (cns_aal5_segmenter_next (&seg, payload, &auu))
        {
          ck_assert_mem_eq (payload, cells->data + k * 48, 48);
          ck_assert_int_eq (auu, k == n - 1);
          k++;
        }
      ck_assert_uint_eq (k, n);
      ck_assert (!cns_aal5_segmenter_next (&seg, payload, &auu));
    }

  /* Appending keeps what the array held. */
  {
    g_autoptr (GByteArray) out = g_byte_array_new ();
    guint8 sdu[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

    g_byte_array_append (out, (const guint8 *) "xyz", 3);
    ck_assert_uint_eq (cns_aal5_segment (sdu, 10, 0, 0, out), 1);
    ck_assert_uint_eq (out->len, 51);
    ck_assert_mem_eq (out->data, "xyz", 3);
    ck_assert_mem_eq (out->data + 3, sdu, 10);
  }
}
END_TEST

static void
check_round_trip (CnsAal5Reassembler *r, GRand *rand, gsize len)
{
  g_autofree guint8 *sdu = random_bytes (rand, len);
  guint8 uu = (guint8) g_rand_int (rand), cpi = 0;
  guint n;
  g_autoptr (GByteArray) cells = segment (sdu, len, uu, cpi, &n);
  g_autoptr (GBytes) out = NULL;
  CnsAal5Trailer t;
  CnsAal5RxResult res = CNS_AAL5_RX_MORE;

  for (guint i = 0; i < n; i++)
    {
      res = cns_aal5_reassembler_push (r, cells->data + i * 48, i == n - 1,
                                       &out, &t);
      if (i < n - 1)
        {
          ck_assert_int_eq (res, CNS_AAL5_RX_MORE);
          ck_assert_ptr_null (out);
        }
    }
  ck_assert_int_eq (res, CNS_AAL5_RX_OK);
  ck_assert_ptr_nonnull (out);
  ck_assert_uint_eq (g_bytes_get_size (out), len);
  ck_assert_mem_eq (g_bytes_get_data (out, NULL), sdu, len);
  ck_assert_uint_eq (t.uu, uu);
  ck_assert_uint_eq (t.cpi, cpi);
  ck_assert_uint_eq (t.length, len);
}

START_TEST (test_round_trip)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 2);
  CnsAal5Reassembler r;
  guint64 frames = 0;

  cns_aal5_reassembler_init (&r, 0);
  for (gsize len = 1; len <= 500; len++, frames++)
    check_round_trip (&r, rand, len);
  for (guint i = 0; i < 40; i++, frames++)
    check_round_trip (&r, rand, g_rand_int_range (rand, 1, 65536));
  for (gsize len = 65535 - 50; len <= 65535; len++, frames++)
    check_round_trip (&r, rand, len);
  ck_assert_uint_eq (r.frames_ok, frames);
  ck_assert_uint_eq (r.discarded_crc + r.discarded_length + r.discarded_oversize
                         + r.aborted,
                     0);
  cns_aal5_reassembler_clear (&r);
}
END_TEST

START_TEST (test_bit_flip)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 3);
  CnsAal5Reassembler r;
  guint64 flips = 0;

  cns_aal5_reassembler_init (&r, 0);
  for (guint i = 0; i < 300; i++)
    {
      gsize len = g_rand_int_range (rand, 1, 2000);
      g_autofree guint8 *sdu = random_bytes (rand, len);
      guint n;
      g_autoptr (GByteArray) cells = segment (sdu, len, 7, 0, &n);
      g_autoptr (GBytes) out = NULL;
      guint pos;

      /* Any bit but the Length field's (bytes 42..43 of the last cell). */
      do
        pos = g_rand_int_range (rand, 0, cells->len * 8);
      while (pos / 8 == cells->len - 6 || pos / 8 == cells->len - 5);
      cells->data[pos / 8] ^= (guint8) (1u << (pos % 8));
      flips++;

      ck_assert_int_eq (push_cells (&r, cells, n, 0, n - 1, &out),
                        CNS_AAL5_RX_CRC_ERROR);
      ck_assert_ptr_null (out);
      ck_assert_uint_eq (r.discarded_crc, flips);

      /* The next, intact frame is delivered. */
      check_round_trip (&r, rand, len);
    }
  ck_assert_uint_eq (r.frames_ok, 300);
  ck_assert_uint_eq (r.discarded_length, 0);

  /* A wrong Length is caught as a length error (or a CRC error if it
   * happens to give the same number of cells). */
  {
    guint8 sdu[100] = { 0 };
    guint n;
    g_autoptr (GByteArray) cells = segment (sdu, sizeof sdu, 0, 0, &n);

    cells->data[cells->len - 6] ^= 0x01; /* Length 100 -> 356 */
    ck_assert_int_eq (push_cells (&r, cells, n, 0, n - 1, NULL),
                      CNS_AAL5_RX_LENGTH_ERROR);
    cells->data[cells->len - 6] ^= 0x01;
    cells->data[cells->len - 5] ^= 0x01; /* Length 100 -> 101 */
    ck_assert_int_eq (push_cells (&r, cells, n, 0, n - 1, NULL),
                      CNS_AAL5_RX_CRC_ERROR);
  }
  cns_aal5_reassembler_clear (&r);
}
END_TEST

START_TEST (test_lost_cells)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 4);
  CnsAal5Reassembler r;
  guint8 a[1500], b[500];
  guint na, nb;
  g_autoptr (GByteArray) ca = NULL;
  g_autoptr (GByteArray) cb = NULL;
  g_autoptr (GBytes) out = NULL;

  for (guint i = 0; i < sizeof a; i++)
    a[i] = (guint8) g_rand_int (rand);
  for (guint i = 0; i < sizeof b; i++)
    b[i] = (guint8) g_rand_int (rand);
  ca = segment (a, sizeof a, 1, 0, &na);
  cb = segment (b, sizeof b, 2, 0, &nb);
  ck_assert_uint_eq (na, 32);
  ck_assert_uint_eq (nb, 11);

  cns_aal5_reassembler_init (&r, 0);

  /* A middle cell lost. */
  ck_assert_int_eq (push_cells (&r, ca, na, 0, 9, NULL), CNS_AAL5_RX_MORE);
  ck_assert_int_eq (push_cells (&r, ca, na, 11, na - 1, &out),
                    CNS_AAL5_RX_LENGTH_ERROR);
  ck_assert_ptr_null (out);
  ck_assert_uint_eq (r.discarded_length, 1);
  ck_assert_uint_eq (r.cells, na - 1);

  /* A middle cell replaced by a copy of its neighbour: same count, so the
   * CRC catches it. */
  ck_assert_int_eq (push_cells (&r, ca, na, 0, 4, NULL), CNS_AAL5_RX_MORE);
  ck_assert_int_eq (push_cells (&r, ca, na, 4, 4, NULL), CNS_AAL5_RX_MORE);
  ck_assert_int_eq (push_cells (&r, ca, na, 6, na - 1, NULL),
                    CNS_AAL5_RX_CRC_ERROR);
  ck_assert_uint_eq (r.discarded_crc, 1);

  /* The last cell of A lost: A and B merge and both are discarded, as one
   * frame; the frame after is whole again. */
  ck_assert_int_eq (push_cells (&r, ca, na, 0, na - 2, NULL), CNS_AAL5_RX_MORE);
  ck_assert_int_eq (push_cells (&r, cb, nb, 0, nb - 1, &out),
                    CNS_AAL5_RX_LENGTH_ERROR);
  ck_assert_ptr_null (out);
  ck_assert_uint_eq (r.discarded_length, 2);
  ck_assert_int_eq (push_cells (&r, cb, nb, 0, nb - 1, &out), CNS_AAL5_RX_OK);
  ck_assert_ptr_nonnull (out);
  ck_assert_mem_eq (g_bytes_get_data (out, NULL), b, sizeof b);
  ck_assert_uint_eq (r.frames_ok, 1);

  /* A single-cell frame whose last cell is lost merges with the next
   * single-cell frame: 2 cells for a Length of 1 cell. */
  {
    guint8 s[10] = { 0 };
    guint n;
    g_autoptr (GByteArray) cs = segment (s, sizeof s, 0, 0, &n);

    ck_assert_int_eq (
        cns_aal5_reassembler_push (&r, cs->data, FALSE, NULL, NULL),
        CNS_AAL5_RX_MORE);
    ck_assert_int_eq (
        cns_aal5_reassembler_push (&r, cs->data, TRUE, NULL, NULL),
        CNS_AAL5_RX_LENGTH_ERROR);
    ck_assert_uint_eq (r.discarded_length, 3);
  }

  /* reset drops a partial frame without counting it. */
  ck_assert_int_eq (push_cells (&r, ca, na, 0, 3, NULL), CNS_AAL5_RX_MORE);
  cns_aal5_reassembler_reset (&r);
  ck_assert_int_eq (push_cells (&r, cb, nb, 0, nb - 1, NULL), CNS_AAL5_RX_OK);
  ck_assert_uint_eq (r.frames_ok, 2);
  ck_assert_uint_eq (r.discarded_length + r.discarded_crc, 4);

  cns_aal5_reassembler_clear (&r);
}
END_TEST

START_TEST (test_oversize)
{
  CnsAal5Reassembler r;
  guint8 sdu[1000];
  guint n;
  g_autoptr (GByteArray) big = NULL;
  g_autoptr (GByteArray) over = NULL;
  g_autoptr (GByteArray) ok = NULL;
  g_autoptr (GBytes) out = NULL;

  memset (sdu, 0xa5, sizeof sdu);
  cns_aal5_reassembler_init (&r, 100); /* 3 cells at most */

  /* 1000 bytes: 21 cells, too many to buffer. */
  big = segment (sdu, 1000, 0, 0, &n);
  ck_assert_int_eq (push_cells (&r, big, n, 0, n - 1, &out),
                    CNS_AAL5_RX_OVERSIZE);
  ck_assert_ptr_null (out);
  ck_assert_uint_eq (r.discarded_oversize, 1);

  /* 130 bytes: 3 cells, which fit, but its Length is over the limit. */
  over = segment (sdu, 130, 0, 0, &n);
  ck_assert_uint_eq (n, 3);
  ck_assert_int_eq (push_cells (&r, over, n, 0, n - 1, &out),
                    CNS_AAL5_RX_OVERSIZE);
  ck_assert_uint_eq (r.discarded_oversize, 2);

  /* 100 bytes pass. */
  ok = segment (sdu, 100, 0, 0, &n);
  ck_assert_int_eq (push_cells (&r, ok, n, 0, n - 1, &out), CNS_AAL5_RX_OK);
  ck_assert_uint_eq (g_bytes_get_size (out), 100);
  ck_assert_uint_eq (r.frames_ok, 1);
  cns_aal5_reassembler_clear (&r);

  /* Without a limit, cells beyond a 65535-byte frame are oversize. */
  cns_aal5_reassembler_init (&r, 0);
  for (guint i = 0; i < 1366; i++)
    ck_assert_int_eq (
        cns_aal5_reassembler_push (&r, big->data, FALSE, NULL, NULL),
        CNS_AAL5_RX_MORE);
  ck_assert_int_eq (cns_aal5_reassembler_push (&r, big->data + big->len - 48,
                                               TRUE, NULL, NULL),
                    CNS_AAL5_RX_OVERSIZE);
  ck_assert_uint_eq (r.discarded_oversize, 1);
  cns_aal5_reassembler_clear (&r);
}
END_TEST

START_TEST (test_abort)
{
  CnsAal5Reassembler r;
  guint8 abort_cell[48] = { 0 };
  guint8 sdu[200] = { 0 };
  guint n;
  g_autoptr (GByteArray) cells = segment (sdu, sizeof sdu, 0, 0, &n);
  CnsAal5Trailer t;
  g_autoptr (GBytes) out = NULL;

  cns_aal5_reassembler_init (&r, 0);

  /* Length 0 ends the frame as an abort, whatever came before. */
  ck_assert_int_eq (push_cells (&r, cells, n, 0, 2, NULL), CNS_AAL5_RX_MORE);
  ck_assert_int_eq (cns_aal5_reassembler_push (&r, abort_cell, TRUE, &out, &t),
                    CNS_AAL5_RX_ABORT);
  ck_assert_ptr_null (out);
  ck_assert_uint_eq (t.length, 0);
  ck_assert_int_eq (
      cns_aal5_reassembler_push (&r, abort_cell, TRUE, NULL, NULL),
      CNS_AAL5_RX_ABORT);
  ck_assert_uint_eq (r.aborted, 2);
  ck_assert_uint_eq (r.frames_ok + r.discarded_crc + r.discarded_length
                         + r.discarded_oversize,
                     0);
  ck_assert_int_eq (push_cells (&r, cells, n, 0, n - 1, NULL), CNS_AAL5_RX_OK);
  cns_aal5_reassembler_clear (&r);
}
END_TEST

START_TEST (test_bad_arguments)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  guint8 b[1] = { 0 };

  CNS_TEST_EXPECT_CRITICAL (
      "*len*", ck_assert_uint_eq (cns_aal5_segment (b, 0, 0, 0, out), 0));
  CNS_TEST_EXPECT_CRITICAL (
      "*len*", ck_assert_uint_eq (cns_aal5_segment (b, 65536, 0, 0, out), 0));
  ck_assert_uint_eq (out->len, 0);
}
END_TEST

Suite *
test_aal5_suite (void)
{
  Suite *s = suite_create ("aal5");
  TCase *tc = tcase_create ("aal5");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_n_cells);
  tcase_add_test (tc, test_crc32);
  tcase_add_test (tc, test_pdu_layout);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_bit_flip);
  tcase_add_test (tc, test_lost_cells);
  tcase_add_test (tc, test_oversize);
  tcase_add_test (tc, test_abort);
  tcase_add_test (tc, test_bad_arguments);
  suite_add_tcase (s, tc);
  return s;
}
