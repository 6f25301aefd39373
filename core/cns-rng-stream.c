/* cns — MRG32k3a random number streams.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * MRG32k3a combines two multiple recursive generators of order 3:
 *
 *   x1[n] = (1403580 x1[n-2] - 810728 x1[n-3]) mod m1,  m1 = 2^32 - 209
 *   x2[n] = (527612 x2[n-1] - 1370589 x2[n-3]) mod m2,  m2 = 2^32 - 22853
 *   u[n]  = ((x1[n] - x2[n]) mod m1) / (m1 + 1), with 0 read as m1
 *
 * so every output is strictly inside (0, 1). Each component's step is a
 * 3x3 matrix A acting on its last three values, and advancing by k steps
 * is a product with A^k mod m. The powers A^(2^j), j = 0 .. 190, are
 * computed once by repeated squaring; any jump is then one matrix-vector
 * product per set bit of its length. Stream s, substream r of seed x
 * starts at A^(2^127 s + 2^76 r) (x, x, x, x, x, x), as in L'Ecuyer's
 * RngStreams package and ns-3, so the same numbers give the same values.
 *
 * The state is kept in integers: all products of two residues fit in 64
 * bits, so the arithmetic is exact and the same on every platform.
 */
#include "core/cns-rng-stream.h"

#define MRG_M1   G_GUINT64_CONSTANT (4294967087)
#define MRG_M2   G_GUINT64_CONSTANT (4294944443)
#define MRG_A12  G_GUINT64_CONSTANT (1403580)
#define MRG_A13N G_GUINT64_CONSTANT (810728)
#define MRG_A21  G_GUINT64_CONSTANT (527612)
#define MRG_A23N G_GUINT64_CONSTANT (1370589)
/* 1 / (m1 + 1): maps 1 .. m1 into (0, 1). */
#define MRG_NORM 2.328306549295728e-10

/* Streams are 2^127 values apart, substreams 2^76. Stream and substream
 * numbers have up to 64 bits, so jumps go up to 2^(127 + 63). */
#define STREAM_LOG2    127
#define SUBSTREAM_LOG2 76
#define N_POWERS       (STREAM_LOG2 + 64)

typedef struct
{
  guint64 a[3][3];
} Matrix;

/* powers[c][j] = A_c^(2^j) mod m_c for component c. */
static Matrix powers[2][N_POWERS];

static inline guint64
mul_mod (guint64 a, guint64 b, guint64 m)
{
  /* a, b < m < 2^32, so the product fits in 64 bits. */
  return a * b % m;
}

static Matrix
matrix_multiply (const Matrix *x, const Matrix *y, guint64 m)
{
  Matrix r;

  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      r.a[i][j] = (mul_mod (x->a[i][0], y->a[0][j], m)
                   + mul_mod (x->a[i][1], y->a[1][j], m)
                   + mul_mod (x->a[i][2], y->a[2][j], m))
                  % m;
  return r;
}

/* Inlined with a constant @m, so that the divisions become
 * multiplications: stream set-up is on the path that makes objects. */
static inline void
matrix_apply (const Matrix *x, guint64 v[3], guint64 m)
{
  guint64 r[3];

  for (int i = 0; i < 3; i++)
    r[i] = (mul_mod (x->a[i][0], v[0], m) + mul_mod (x->a[i][1], v[1], m)
            + mul_mod (x->a[i][2], v[2], m))
           % m;
  v[0] = r[0];
  v[1] = r[1];
  v[2] = r[2];
}

static void
powers_ensure (void)
{
  static gsize ready = 0;

  if (g_once_init_enter (&ready))
    {
      const Matrix a1
          = { { { 0, 1, 0 }, { 0, 0, 1 }, { MRG_M1 - MRG_A13N, MRG_A12, 0 } } };
      const Matrix a2
          = { { { 0, 1, 0 }, { 0, 0, 1 }, { MRG_M2 - MRG_A23N, 0, MRG_A21 } } };

      powers[0][0] = a1;
      powers[1][0] = a2;
      for (int j = 1; j < N_POWERS; j++)
        {
          powers[0][j]
              = matrix_multiply (&powers[0][j - 1], &powers[0][j - 1], MRG_M1);
          powers[1][j]
              = matrix_multiply (&powers[1][j - 1], &powers[1][j - 1], MRG_M2);
        }
      g_once_init_leave (&ready, 1);
    }
}

/* Advances @s by 2^(@log2 + i) steps for every bit i set in @bits. */
static void
advance (guint64 s[6], guint64 bits, guint log2)
{
  powers_ensure ();
  for (guint i = log2; bits != 0; i++, bits >>= 1)
    if (bits & 1)
      {
        matrix_apply (&powers[0][i], s, MRG_M1);
        matrix_apply (&powers[1][i], s + 3, MRG_M2);
      }
}

/**
 * cns_rng_stream_init:
 * @self: the stream to set up
 * @seed: the seed of all six state words, 1 to 4294944442 (RngSeed)
 * @stream: the stream number
 * @substream: the substream number inside @stream (RngRun)
 *
 * Places @self at the start of substream @substream of stream @stream of
 * the generator seeded with @seed. Costs one matrix-vector product per set
 * bit of @stream and @substream.
 */
void
cns_rng_stream_init (CnsRngStream *self, guint32 seed, guint64 stream,
                     guint64 substream)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (seed != 0 && seed < MRG_M2);

  for (int i = 0; i < 6; i++)
    self->s[i] = seed;
  advance (self->s, stream, STREAM_LOG2);
  advance (self->s, substream, SUBSTREAM_LOG2);
}

/**
 * cns_rng_stream_set_state:
 * @state: the six state words: the last three values of the first
 *   component, then of the second
 *
 * Sets the state directly, as RngStreams' SetSeed does. A valid state has
 * its first three words below m1 = 4294967087, its last three below
 * m2 = 4294944443, and neither triple all zero.
 *
 * Returns: %TRUE on success; %FALSE, leaving @self unchanged, when @state
 * is not a valid state.
 */
gboolean
cns_rng_stream_set_state (CnsRngStream *self, const guint32 state[6])
{
  g_return_val_if_fail (self != NULL && state != NULL, FALSE);

  for (int i = 0; i < 6; i++)
    if (state[i] >= (i < 3 ? MRG_M1 : MRG_M2))
      return FALSE;
  if ((state[0] | state[1] | state[2]) == 0
      || (state[3] | state[4] | state[5]) == 0)
    return FALSE;
  for (int i = 0; i < 6; i++)
    self->s[i] = state[i];
  return TRUE;
}

/**
 * cns_rng_stream_get_state:
 * @state: (out caller-allocates) (array fixed-size=6): the state words
 */
void
cns_rng_stream_get_state (const CnsRngStream *self, guint32 state[6])
{
  g_return_if_fail (self != NULL && state != NULL);

  for (int i = 0; i < 6; i++)
    state[i] = (guint32) self->s[i];
}

/**
 * cns_rng_stream_uniform:
 *
 * Advances @self by one step.
 *
 * Returns: the next value, uniform in the open interval (0, 1): the
 * smallest is 1 / (m1 + 1), the largest m1 / (m1 + 1).
 */
gdouble
cns_rng_stream_uniform (CnsRngStream *self)
{
  guint64 *s = self->s;
  /* a x - b y = a x + b (m - y) mod m keeps the sums unsigned; each is
   * below 2^54, and unsigned remainders by constants are cheap. */
  guint64 p1 = (MRG_A12 * s[1] + MRG_A13N * (MRG_M1 - s[0])) % MRG_M1;
  guint64 p2 = (MRG_A21 * s[5] + MRG_A23N * (MRG_M2 - s[3])) % MRG_M2;

  s[0] = s[1];
  s[1] = s[2];
  s[2] = p1;
  s[3] = s[4];
  s[4] = s[5];
  s[5] = p2;
  return (gdouble) (p1 > p2 ? p1 - p2 : p1 + MRG_M1 - p2) * MRG_NORM;
}

/**
 * cns_rng_stream_skip:
 * @steps: how many values to skip
 *
 * Advances @self by @steps values at the cost of one matrix-vector
 * product per set bit of @steps, as if cns_rng_stream_uniform() had been
 * called @steps times.
 */
void
cns_rng_stream_skip (CnsRngStream *self, guint64 steps)
{
  g_return_if_fail (self != NULL);

  advance (self->s, steps, 0);
}

/**
 * cns_rng_stream_jump:
 * @log2_steps: the base-2 logarithm of the number of values to skip, at
 *   most 190; 76 moves to the next substream, 127 to the next stream
 *
 * Advances @self by 2^@log2_steps values.
 */
void
cns_rng_stream_jump (CnsRngStream *self, guint log2_steps)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (log2_steps < N_POWERS);

  advance (self->s, 1, log2_steps);
}
