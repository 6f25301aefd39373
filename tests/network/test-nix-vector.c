/* cns — tests of nix vectors and of packets that carry them.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/cns-packet-pool-private.h"
#include "network/packet-classes.h"
#include "network/suites.h"

#include <string.h>

typedef struct
{
  guint32 index;
  guint32 n_bits;
} Hop;

static gchar *
nix_to_string (const CnsNixVector *nix)
{
  GString *out = g_string_new (NULL);

  cns_nix_vector_print (nix, out);
  return g_string_free (out, FALSE);
}

/* Appends @hop's index in binary, most significant bit first. */
static void
append_binary (GString *out, const Hop *hop)
{
  for (guint32 b = hop->n_bits; b > 0; b--)
    g_string_append_c (out, '0' + ((hop->index >> (b - 1)) & 1));
}

static CnsNixVector *
nix_from_hops (const Hop *hops, guint n)
{
  CnsNixVector *nix = cns_nix_vector_new ();

  for (guint i = 0; i < n; i++)
    cns_nix_vector_add_neighbor_index (nix, hops[i].index, hops[i].n_bits);
  return nix;
}

/* Whether @nix is held by anyone else: adding to a shared vector is
 * refused with a critical. Adds a zero-bit hop, which changes nothing. */
static gboolean
nix_is_shared (CnsNixVector *nix)
{
  gboolean shared;

  cns_test_expect_message (G_LOG_LEVEL_CRITICAL, "*ref_count*");
  cns_nix_vector_add_neighbor_index (nix, 0, 0);
  shared = cns_test_expect_end () > 0;
  return shared;
}

/* ---- the vector ---- */

START_TEST (test_nix_vector_widths)
{
  /* 30 + 30 bits, then 32 bits across the first word boundary (60..92),
   * a 0-bit hop, 32 bits inside the second word, 4 bits up to exactly
   * 128, then past the inline words */
  static const Hop hops[] = {
    { 0x3fffffff, 30 }, { 0, 30 },  { 0xdeadbeef, 32 }, { 0, 0 },
    { 0xffffffff, 32 }, { 0x5, 4 }, { 1, 2 },           { 0x12345678, 32 },
    { 0, 3 },           { 6, 3 },   { 0x80000001, 32 },
  };
  g_autoptr (CnsNixVector) nix = nix_from_hops (hops, G_N_ELEMENTS (hops));
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autofree gchar *text = NULL;
  guint32 pos = 0, total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (hops); i++)
    {
      total += hops[i].n_bits;
      append_binary (expected, &hops[i]);
    }
  ck_assert_uint_eq (total, 200);
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 200);
  text = nix_to_string (nix);
  ck_assert_str_eq (text, expected->str);

  for (guint i = 0; i < G_N_ELEMENTS (hops); i++)
    {
      guint32 before = pos;

      ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, hops[i].n_bits),
                         hops[i].index);
      ck_assert_uint_eq (pos, before + hops[i].n_bits);
    }
  ck_assert_uint_eq (pos, 200);
  /* 0 bits at the very end read 0 and stay there */
  ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 0), 0);
  ck_assert_uint_eq (pos, 200);

  /* bits can be read in other widths than they were written */
  pos = 0;
  ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 32), 0xfffffffc);
  ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 32), 0x0000000d);
  pos = 56;
  ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 16), 0x0dea);
  ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 8), 0xdb);
}
END_TEST

START_TEST (test_nix_vector_print)
{
  g_autoptr (CnsNixVector) nix = cns_nix_vector_new ();
  g_autoptr (GString) out = g_string_new ("path ");

  cns_nix_vector_print (nix, out);
  ck_assert_str_eq (out->str, "path ");
  cns_nix_vector_add_neighbor_index (nix, 1, 1);
  cns_nix_vector_add_neighbor_index (nix, 1, 2);
  cns_nix_vector_add_neighbor_index (nix, 0, 0);
  cns_nix_vector_print (nix, out);
  ck_assert_str_eq (out->str, "path 101");
  cns_nix_vector_add_neighbor_index (nix, 4, 3);
  g_string_truncate (out, 0);
  cns_nix_vector_print (nix, out);
  ck_assert_str_eq (out->str, "101100");
}
END_TEST

/* Thousands of hops of every width, as on a long ring path. */
START_TEST (test_nix_vector_long)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1234);
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autoptr (CnsNixVector) nix = cns_nix_vector_new ();
  g_autofree Hop *hops = g_new (Hop, 5000);
  g_autofree gchar *text = NULL;
  guint32 pos = 0, total = 0;

  for (guint i = 0; i < 5000; i++)
    {
      guint32 n_bits = g_rand_int_range (rand, 0, 33);
      guint32 index = g_rand_int (rand);

      if (n_bits < 32)
        index &= (1u << n_bits) - 1;
      hops[i] = (Hop){ index, n_bits };
      cns_nix_vector_add_neighbor_index (nix, index, n_bits);
      append_binary (expected, &hops[i]);
      total += n_bits;
    }
  ck_assert_uint_gt (total, 64 * 1000);
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), total);
  text = nix_to_string (nix);
  ck_assert_str_eq (text, expected->str);
  for (guint i = 0; i < 5000; i++)
    ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, hops[i].n_bits),
                       hops[i].index);
  ck_assert_uint_eq (pos, total);
}
END_TEST

START_TEST (test_nix_vector_equal)
{
  static const Hop split[] = { { 1, 1 }, { 0, 1 }, { 0, 0 } };
  static const Hop whole[] = { { 2, 2 } };
  static const Hop longer[] = { { 2, 3 } };
  g_autoptr (CnsNixVector) a = nix_from_hops (split, G_N_ELEMENTS (split));
  g_autoptr (CnsNixVector) b = nix_from_hops (whole, G_N_ELEMENTS (whole));
  g_autoptr (CnsNixVector) c = nix_from_hops (longer, G_N_ELEMENTS (longer));
  g_autoptr (CnsNixVector) e1 = cns_nix_vector_new ();
  g_autoptr (CnsNixVector) e2 = cns_nix_vector_new ();
  g_autoptr (CnsNixVector) l1 = cns_nix_vector_new ();
  g_autoptr (CnsNixVector) l2 = cns_nix_vector_new ();

  /* same bits however the hops split them; the epoch does not count */
  cns_nix_vector_set_epoch (b, 9);
  ck_assert (cns_nix_vector_equal (a, b));
  ck_assert (cns_nix_vector_equal (a, a));
  ck_assert (!cns_nix_vector_equal (a, c)); /* "10" and "010" */
  ck_assert (cns_nix_vector_equal (e1, e2));
  ck_assert (!cns_nix_vector_equal (e1, a));

  /* long vectors differing only in their last bit, or only in length */
  for (guint i = 0; i < 100; i++)
    {
      cns_nix_vector_add_neighbor_index (l1, i, 7);
      cns_nix_vector_add_neighbor_index (l2, i, 7);
    }
  ck_assert (cns_nix_vector_equal (l1, l2));
  cns_nix_vector_add_neighbor_index (l1, 0, 1);
  ck_assert (!cns_nix_vector_equal (l1, l2));
  cns_nix_vector_add_neighbor_index (l2, 1, 1);
  ck_assert (!cns_nix_vector_equal (l1, l2));
}
END_TEST

START_TEST (test_nix_vector_epoch_and_refs)
{
  CnsNixVector *nix = cns_nix_vector_new ();
  CnsNixVector *copy;

  ck_assert_uint_eq (cns_nix_vector_get_epoch (nix), 0);
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 0);
  cns_nix_vector_set_epoch (nix, G_MAXUINT32);
  ck_assert_uint_eq (cns_nix_vector_get_epoch (nix), G_MAXUINT32);
  ck_assert (!nix_is_shared (nix));

  /* a boxed copy is a reference: the vector is read-only once shared */
  ck_assert (G_TYPE_IS_BOXED (CNS_TYPE_NIX_VECTOR));
  copy = g_boxed_copy (CNS_TYPE_NIX_VECTOR, nix);
  ck_assert_ptr_eq (copy, nix);
  ck_assert (nix_is_shared (nix));
  CNS_TEST_EXPECT_CRITICAL ("*ref_count*", cns_nix_vector_set_epoch (nix, 1));
  ck_assert_uint_eq (cns_nix_vector_get_epoch (nix), G_MAXUINT32);
  g_boxed_free (CNS_TYPE_NIX_VECTOR, copy);
  ck_assert (!nix_is_shared (nix));
  cns_nix_vector_ref (nix);
  cns_nix_vector_unref (nix);
  cns_nix_vector_unref (nix);
}
END_TEST

START_TEST (test_nix_vector_bad_calls)
{
  g_autoptr (CnsNixVector) nix = cns_nix_vector_new ();
  g_autoptr (GString) out = g_string_new (NULL);
  guint32 pos = 0;

  cns_nix_vector_add_neighbor_index (nix, 3, 2);
  CNS_TEST_EXPECT_CRITICAL ("*index >> n_bits*",
                            cns_nix_vector_add_neighbor_index (nix, 4, 2));
  CNS_TEST_EXPECT_CRITICAL ("*index >> n_bits*",
                            cns_nix_vector_add_neighbor_index (nix, 1, 0));
  CNS_TEST_EXPECT_CRITICAL ("*n_bits <= 32*",
                            cns_nix_vector_add_neighbor_index (nix, 0, 33));
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 2);

  /* reading past the end leaves the position alone */
  pos = 1;
  CNS_TEST_EXPECT_CRITICAL (
      "*n_bits <= self->n_bits - *position*",
      ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 2), G_MAXUINT32));
  ck_assert_uint_eq (pos, 1);
  pos = 3;
  CNS_TEST_EXPECT_CRITICAL (
      "*position <= self->n_bits*",
      ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 0), G_MAXUINT32));
  pos = 0;
  CNS_TEST_EXPECT_CRITICAL (
      "*n_bits <= 32*",
      ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 33), G_MAXUINT32));
  CNS_TEST_EXPECT_CRITICAL (
      "*position != NULL*",
      ck_assert_uint_eq (cns_nix_vector_extract (nix, NULL, 1), G_MAXUINT32));
  ck_assert_uint_eq (cns_nix_vector_extract (nix, &pos, 2), 3);

  CNS_TEST_EXPECT_CRITICAL ("*self != NULL*",
                            ck_assert_ptr_null (cns_nix_vector_ref (NULL)));
  CNS_TEST_EXPECT_CRITICAL ("*self != NULL*", cns_nix_vector_unref (NULL));
  CNS_TEST_EXPECT_CRITICAL ("*self != NULL*",
                            cns_nix_vector_add_neighbor_index (NULL, 0, 1));
  CNS_TEST_EXPECT_CRITICAL ("*self != NULL*", cns_nix_vector_print (NULL, out));
  CNS_TEST_EXPECT_CRITICAL ("*out != NULL*", cns_nix_vector_print (nix, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*b != NULL*",
                            ck_assert (!cns_nix_vector_equal (nix, NULL)));
}
END_TEST

/* ---- packets carrying one ---- */

/* hops 1/2, 5/3, 0/0, 200/8, 1/1: "01" "101" "" "11001000" "1" */
static CnsNixVector *
make_path (void)
{
  static const Hop hops[]
      = { { 1, 2 }, { 5, 3 }, { 0, 0 }, { 200, 8 }, { 1, 1 } };

  return nix_from_hops (hops, G_N_ELEMENTS (hops));
}

START_TEST (test_nix_vector_packet_attach)
{
  CnsNixVector *nix = make_path ();
  CnsPacket *p = cns_packet_new (1000);
  gsize live = cns_packet_pool_live_blocks ();
  guint64 allocations;

  ck_assert_ptr_null (cns_packet_get_nix_vector (p));
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 0);

  /* metadata, not bytes: one small block, the size unchanged */
  cns_packet_set_nix_vector (p, nix);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);
  ck_assert_uint_eq (cns_packet_get_size (p), 1000);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  ck_assert (nix_is_shared (nix));

  /* reading hops moves the packet's position, allocating nothing */
  allocations = cns_packet_pool_allocations ();
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 2), 1);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 3), 5);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 0), 0);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 5);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 8), 200);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 1), 1);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 14);
  ck_assert_uint_eq (cns_packet_pool_allocations (), allocations);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 14);

  /* attaching again, even the same vector, starts it over */
  cns_packet_set_nix_vector (p, nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 0);
  ck_assert_uint_eq (cns_packet_get_size (p), 1000);

  /* detaching frees the block and drops the packet's reference */
  cns_packet_set_nix_vector (p, NULL);
  ck_assert_ptr_null (cns_packet_get_nix_vector (p));
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 0);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);
  ck_assert (!nix_is_shared (nix));
  cns_packet_set_nix_vector (p, NULL);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);

  /* a packet holds its reference until it goes */
  cns_packet_set_nix_vector (p, nix);
  cns_packet_unref (p);
  ck_assert (!nix_is_shared (nix));
  cns_nix_vector_unref (nix);
}
END_TEST

START_TEST (test_nix_vector_packet_copy_on_write)
{
  g_autoptr (CnsNixVector) nix = make_path ();
  CnsPacket *p = cns_packet_new (10);
  CnsPacket *c;
  gsize live;

  cns_packet_set_nix_vector (p, nix);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 2), 1);

  /* the copy shares the block: one more block, the packet struct */
  live = cns_packet_pool_live_blocks ();
  c = cns_packet_copy (p);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (c), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (c), 2);

  /* reading on in the copy copies the block once; p stays where it was */
  ck_assert_uint_eq (cns_packet_extract_nix_index (c, 3), 5);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 2);
  ck_assert_uint_eq (cns_packet_get_nix_position (c), 5);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 2);
  ck_assert_uint_eq (cns_packet_extract_nix_index (c, 8), 200);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 2);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (c), nix);

  /* p's block is its own again */
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 3), 5);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 2);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 5);
  ck_assert_uint_eq (cns_packet_get_nix_position (c), 13);

  /* detaching in one leaves the other's */
  cns_packet_set_nix_vector (c, NULL);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  cns_packet_unref (c);

  /* and a shared block is copied before detaching with tags in it */
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &(TestFlowTag){ 4 });
  c = cns_packet_copy (p);
  cns_packet_set_nix_vector (c, NULL);
  ck_assert_ptr_null (cns_packet_get_nix_vector (c));
  ck_assert (cns_packet_peek_packet_tag (c, &test_flow_tag_class, NULL));
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 5);
  cns_packet_unref (c);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_nix_vector_packet_tags_independent)
{
  g_autoptr (CnsNixVector) nix = make_path ();
  CnsPacket *p = cns_packet_new (10);
  CnsPacket *c;
  TestFlowTag flow = { 0 };
  gsize live = cns_packet_pool_live_blocks ();

  /* tags first, then the nix vector: one block */
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &(TestFlowTag){ 7 });
  cns_packet_set_nix_vector (p, nix);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  cns_packet_extract_nix_index (p, 2);

  /* removing the tags keeps the nix vector and the position */
  ck_assert (cns_packet_remove_packet_tag (p, &test_flow_tag_class, &flow));
  ck_assert_uint_eq (flow.flow, 7);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 2);
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &(TestFlowTag){ 8 });
  cns_packet_add_packet_tag (p, &test_mark_tag_class, NULL);
  cns_packet_remove_all_packet_tags (p);
  ck_assert (!cns_packet_peek_packet_tag (p, &test_flow_tag_class, NULL));
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 2);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 3), 5);

  /* the same on a copy that shares the block */
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &(TestFlowTag){ 9 });
  c = cns_packet_copy (p);
  cns_packet_remove_all_packet_tags (c);
  ck_assert (!cns_packet_peek_packet_tag (c, &test_flow_tag_class, NULL));
  ck_assert_ptr_eq (cns_packet_get_nix_vector (c), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (c), 5);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &flow));
  ck_assert_uint_eq (flow.flow, 9);
  cns_packet_unref (c);

  /* removing the nix vector keeps the tags */
  cns_packet_set_nix_vector (p, NULL);
  ck_assert (cns_packet_peek_packet_tag (p, &test_flow_tag_class, &flow));
  ck_assert_uint_eq (flow.flow, 9);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  ck_assert (!nix_is_shared (nix));

  /* and with neither, no block */
  cns_packet_set_nix_vector (p, nix);
  cns_packet_remove_all_packet_tags (p);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live + 1);
  cns_packet_set_nix_vector (p, NULL);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);
  cns_packet_add_packet_tag (p, &test_flow_tag_class, &(TestFlowTag){ 1 });
  cns_packet_remove_all_packet_tags (p);
  ck_assert_uint_eq (cns_packet_pool_live_blocks (), live);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_nix_vector_packet_fragment_and_join)
{
  g_autoptr (CnsNixVector) nix = make_path ();
  g_autoptr (CnsNixVector) other = make_path ();
  CnsPacket *p = cns_packet_new (100);
  CnsPacket *q = cns_packet_new (50);
  CnsPacket *f;

  cns_packet_set_nix_vector (p, nix);
  cns_packet_extract_nix_index (p, 2);

  f = cns_packet_create_fragment (p, 10, 20);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (f), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (f), 2);
  ck_assert_uint_eq (cns_packet_extract_nix_index (f, 3), 5);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 2);
  cns_packet_unref (f);

  /* joining keeps the nix vector of the packet appended to */
  cns_packet_set_nix_vector (q, other);
  cns_packet_add_at_end (p, q);
  ck_assert_uint_eq (cns_packet_get_size (p), 150);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 2);
  cns_packet_add_at_end (q, p);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (q), other);
  ck_assert_uint_eq (cns_packet_get_nix_position (q), 0);
  cns_packet_set_nix_vector (q, NULL);
  cns_packet_add_at_end (q, p);
  ck_assert_ptr_null (cns_packet_get_nix_vector (q));
  cns_packet_unref (q);
  cns_packet_unref (p);
}
END_TEST

/* A packet crossing ranks reads on where the sender stopped. */
START_TEST (test_nix_vector_packet_serialize)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  g_autoptr (CnsNixVector) nix = cns_nix_vector_new ();
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (GByteArray) again = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree Hop *hops = g_new (Hop, 1000);
  CnsPacket *p = cns_packet_new (500);
  CnsPacket *q;
  CnsNixVector *received;
  guint32 position = 0;

  for (guint i = 0; i < 1000; i++)
    {
      guint32 n_bits = g_rand_int_range (rand, 0, 12);

      hops[i] = (Hop){ g_rand_int (rand) & ((1u << n_bits) - 1), n_bits };
      cns_nix_vector_add_neighbor_index (nix, hops[i].index, n_bits);
    }
  cns_nix_vector_add_neighbor_index (nix, 1, 1); /* an odd length */
  cns_nix_vector_set_epoch (nix, 42);
  cns_packet_set_nix_vector (p, nix);
  for (guint i = 0; i < 400; i++)
    cns_packet_extract_nix_index (p, hops[i].n_bits);
  position = cns_packet_get_nix_position (p);
  ck_assert_uint_gt (position, 0);

  cns_packet_serialize (p, bytes);
  q = cns_packet_deserialize (bytes->data, bytes->len, NULL, &error);
  ck_assert_msg (q != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (cns_packet_get_size (q), 500);
  received = cns_packet_get_nix_vector (q);
  ck_assert_ptr_nonnull (received);
  ck_assert_ptr_ne (received, nix);
  ck_assert (cns_nix_vector_equal (received, nix));
  ck_assert_uint_eq (cns_nix_vector_get_n_bits (received),
                     cns_nix_vector_get_n_bits (nix));
  ck_assert_uint_eq (cns_nix_vector_get_epoch (received), 42);
  ck_assert_uint_eq (cns_packet_get_nix_position (q), position);
  cns_packet_serialize (q, again);
  ck_assert_uint_eq (again->len, bytes->len);
  ck_assert_mem_eq (again->data, bytes->data, bytes->len);
  for (guint i = 400; i < 1000; i++)
    ck_assert_uint_eq (cns_packet_extract_nix_index (q, hops[i].n_bits),
                       hops[i].index);
  ck_assert_uint_eq (cns_packet_extract_nix_index (q, 1), 1);
  ck_assert_uint_eq (cns_packet_get_nix_position (q),
                     cns_nix_vector_get_n_bits (nix));
  ck_assert_uint_eq (cns_packet_get_nix_position (p), position);
  cns_packet_unref (q);
  cns_packet_unref (p);
}
END_TEST

START_TEST (test_nix_vector_packet_bad_calls)
{
  g_autoptr (CnsNixVector) nix = make_path ();
  CnsPacket *p = cns_packet_new (10);

  CNS_TEST_EXPECT_CRITICAL (
      "*nix != NULL*",
      ck_assert_uint_eq (cns_packet_extract_nix_index (p, 1), G_MAXUINT32));
  cns_packet_set_nix_vector (p, nix);
  cns_packet_extract_nix_index (p, 13);
  CNS_TEST_EXPECT_CRITICAL (
      "*n_bits <=*",
      ck_assert_uint_eq (cns_packet_extract_nix_index (p, 2), G_MAXUINT32));
  CNS_TEST_EXPECT_CRITICAL (
      "*n_bits <= 32*",
      ck_assert_uint_eq (cns_packet_extract_nix_index (p, 33), G_MAXUINT32));
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 13);
  ck_assert_uint_eq (cns_packet_extract_nix_index (p, 1), 1);

  /* a packet others hold is read-only */
  cns_packet_ref (p);
  CNS_TEST_EXPECT_CRITICAL ("*writable*", cns_packet_set_nix_vector (p, NULL));
  CNS_TEST_EXPECT_CRITICAL (
      "*writable*",
      ck_assert_uint_eq (cns_packet_extract_nix_index (p, 0), G_MAXUINT32));
  cns_packet_unref (p);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p), nix);

  CNS_TEST_EXPECT_CRITICAL ("*packet != NULL*",
                            cns_packet_set_nix_vector (NULL, nix));
  CNS_TEST_EXPECT_CRITICAL (
      "*packet != NULL*",
      ck_assert_ptr_null (cns_packet_get_nix_vector (NULL)));
  CNS_TEST_EXPECT_CRITICAL (
      "*packet != NULL*",
      ck_assert_uint_eq (cns_packet_get_nix_position (NULL), 0));
  CNS_TEST_EXPECT_CRITICAL (
      "*packet != NULL*",
      ck_assert_uint_eq (cns_packet_extract_nix_index (NULL, 1), G_MAXUINT32));
  cns_packet_unref (p);
}
END_TEST

Suite *
test_nix_vector_suite (void)
{
  Suite *s = suite_create ("nix-vector");
  TCase *tc = tcase_create ("nix-vector");

  tcase_add_checked_fixture (tc, test_packet_setup, test_packet_teardown);
  tcase_add_test (tc, test_nix_vector_widths);
  tcase_add_test (tc, test_nix_vector_print);
  tcase_add_test (tc, test_nix_vector_long);
  tcase_add_test (tc, test_nix_vector_equal);
  tcase_add_test (tc, test_nix_vector_epoch_and_refs);
  tcase_add_test (tc, test_nix_vector_bad_calls);
  tcase_add_test (tc, test_nix_vector_packet_attach);
  tcase_add_test (tc, test_nix_vector_packet_copy_on_write);
  tcase_add_test (tc, test_nix_vector_packet_tags_independent);
  tcase_add_test (tc, test_nix_vector_packet_fragment_and_join);
  tcase_add_test (tc, test_nix_vector_packet_serialize);
  tcase_add_test (tc, test_nix_vector_packet_bad_calls);
  suite_add_tcase (s, tc);
  return s;
}
