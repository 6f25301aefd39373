/* cns — nix vectors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The bits are one string in path order, packed into 64-bit words most
 * significant bit first: bit i of the string is bit 63 - i % 64 of word
 * i / 64, and each hop's index sits in it most significant bit first. So
 * the string reads left to right as cns_nix_vector_print() writes it, and
 * reading a hop is a shift of one word, or of two when the hop straddles
 * a word boundary. Bits past the end are always zero, which lets
 * cns_nix_vector_equal() compare whole words.
 *
 * Paths of up to 128 bits (a few dozen hops) live in the struct itself;
 * longer ones, thousands of bits on a ring of campuses, in one heap array
 * that doubles as it fills. Vectors are built once per route and cached,
 * so they come from malloc rather than the packet pool.
 */
#include "network/cns-nix-vector.h"

#include <string.h>

#define WORD_BITS    64
#define INLINE_WORDS 2

struct _CnsNixVector
{
  gatomicrefcount ref_count;
  guint32 n_bits;
  guint32 epoch;
  guint32 n_words; /* the capacity of words */
  guint64 *words;  /* inline_words, or a heap array when longer */
  guint64 inline_words[INLINE_WORDS];
};

G_DEFINE_BOXED_TYPE (CnsNixVector, cns_nix_vector, cns_nix_vector_ref,
                     cns_nix_vector_unref)

/**
 * cns_nix_vector_new:
 *
 * Returns: (transfer full): an empty nix vector of epoch 0.
 */
CnsNixVector *
cns_nix_vector_new (void)
{
  CnsNixVector *self = g_new0 (CnsNixVector, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->n_words = INLINE_WORDS;
  self->words = self->inline_words;
  return self;
}

/**
 * cns_nix_vector_ref:
 *
 * Returns: @self, with one more reference.
 */
CnsNixVector *
cns_nix_vector_ref (CnsNixVector *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * cns_nix_vector_unref:
 *
 * Drops a reference; the last one frees the vector.
 */
void
cns_nix_vector_unref (CnsNixVector *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->words != self->inline_words)
    g_free (self->words);
  g_free (self);
}

/* Makes room for @n_words words, zero past the bits held. */
static void
nix_vector_grow (CnsNixVector *self, guint32 n_words)
{
  guint32 n = MAX (n_words, 2 * self->n_words);

  if (self->words == self->inline_words)
    {
      self->words = g_new0 (guint64, n);
      memcpy (self->words, self->inline_words, sizeof self->inline_words);
    }
  else
    {
      self->words = g_renew (guint64, self->words, n);
      memset (self->words + self->n_words, 0,
              (n - self->n_words) * sizeof (guint64));
    }
  self->n_words = n;
}

/**
 * cns_nix_vector_add_neighbor_index:
 * @self: a nix vector no one else holds yet
 * @index: the neighbour to go to at this hop, less than 2^@n_bits
 * @n_bits: 0 to 32: the bits this hop takes, enough for every neighbour
 *   index of its node; 0 for a node with a single neighbour, which adds
 *   nothing
 *
 * Appends one hop. Hops are read back in the order they were added. A
 * vector is built before it is shared: once a packet or a cache holds it,
 * it never changes.
 */
void
cns_nix_vector_add_neighbor_index (CnsNixVector *self, guint32 index,
                                   guint32 n_bits)
{
  guint32 word, offset;

  g_return_if_fail (self != NULL);
  g_return_if_fail (g_atomic_ref_count_compare (&self->ref_count, 1));
  g_return_if_fail (n_bits <= 32);
  g_return_if_fail (n_bits == 32 || index >> n_bits == 0);
  g_return_if_fail (n_bits <= G_MAXUINT32 - self->n_bits);
  if (n_bits == 0)
    return;

  word = self->n_bits / WORD_BITS;
  offset = self->n_bits % WORD_BITS;
  if (((guint64) self->n_bits + n_bits + WORD_BITS - 1) / WORD_BITS
      > self->n_words)
    nix_vector_grow (self, word + 2);
  /* the index's top bit goes to bit 63 - offset; bits that fall off the
   * bottom of this word start the next one */
  self->words[word] |= ((guint64) index << (WORD_BITS - n_bits)) >> offset;
  if (offset + n_bits > WORD_BITS)
    self->words[word + 1] |= (guint64) index
                             << (2 * WORD_BITS - n_bits - offset);
  self->n_bits += n_bits;
}

/**
 * cns_nix_vector_get_n_bits:
 *
 * Returns: the number of bits appended.
 */
guint32
cns_nix_vector_get_n_bits (const CnsNixVector *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_bits;
}

/**
 * cns_nix_vector_extract:
 * @position: (inout): the bit to start at; advanced past the bits read
 * @n_bits: 0 to 32, at most the bits left after *@position
 *
 * Reads the @n_bits bits at *@position as a number, most significant bit
 * first: one hop's neighbour index when the reader knows the hop's width.
 * The vector itself is not changed; readers keep their own positions.
 *
 * Returns: the number read, or %G_MAXUINT32 when the arguments are wrong.
 */
guint32
cns_nix_vector_extract (const CnsNixVector *self, guint32 *position,
                        guint32 n_bits)
{
  guint32 word, offset;
  guint64 bits;

  g_return_val_if_fail (self != NULL, G_MAXUINT32);
  g_return_val_if_fail (position != NULL, G_MAXUINT32);
  g_return_val_if_fail (n_bits <= 32, G_MAXUINT32);
  g_return_val_if_fail (*position <= self->n_bits
                            && n_bits <= self->n_bits - *position,
                        G_MAXUINT32);
  if (n_bits == 0)
    return 0;

  word = *position / WORD_BITS;
  offset = *position % WORD_BITS;
  bits = self->words[word] << offset;
  if (offset + n_bits > WORD_BITS)
    bits |= self->words[word + 1] >> (WORD_BITS - offset);
  *position += n_bits;
  return bits >> (WORD_BITS - n_bits);
}

/**
 * cns_nix_vector_get_epoch:
 *
 * Returns: the routing epoch the path was computed in; see
 * cns_nix_vector_set_epoch().
 */
guint32
cns_nix_vector_get_epoch (const CnsNixVector *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->epoch;
}

/**
 * cns_nix_vector_set_epoch:
 * @self: a nix vector no one else holds yet
 *
 * Records the routing epoch the path was computed in, so that routing can
 * tell a path computed before the topology last changed. Like the bits,
 * set before the vector is shared.
 */
void
cns_nix_vector_set_epoch (CnsNixVector *self, guint32 epoch)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (g_atomic_ref_count_compare (&self->ref_count, 1));
  self->epoch = epoch;
}

/**
 * cns_nix_vector_print:
 * @out: where to append
 *
 * Appends the bits in path order as '0' and '1' characters, each hop most
 * significant bit first: hops 1 in 1 bit and 1 in 2 bits print "101". An
 * empty vector appends nothing.
 */
void
cns_nix_vector_print (const CnsNixVector *self, GString *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);
  for (guint32 i = 0; i < self->n_bits; i++)
    g_string_append_c (out, '0'
                                + ((self->words[i / WORD_BITS]
                                    >> (WORD_BITS - 1 - i % WORD_BITS))
                                   & 1));
}

/**
 * cns_nix_vector_equal:
 *
 * Returns: whether @a and @b hold the same bits; epochs are not compared.
 */
gboolean
cns_nix_vector_equal (const CnsNixVector *a, const CnsNixVector *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);
  if (a->n_bits != b->n_bits)
    return FALSE;
  return memcmp (a->words, b->words,
                 (a->n_bits + (gsize) WORD_BITS - 1) / WORD_BITS
                     * sizeof (guint64))
         == 0;
}
