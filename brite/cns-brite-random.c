/* cns — BRITE's random number generators.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * BRITE draws every value with erand48 on one of six static seeds. The
 * recurrence is X(n+1) = (0x5DEECE66D X(n) + 0xB) mod 2^48 and the value
 * returned is the new state over 2^48, exactly (48 bits fit in a double's
 * mantissa), so this gives the same numbers as the C library's erand48
 * without depending on it (Windows has none).
 */
#include "brite/cns-brite-random-private.h"

#include <math.h>

#define LCG_A    G_GUINT64_CONSTANT (0x5DEECE66D)
#define LCG_C    G_GUINT64_CONSTANT (0xB)
#define LCG_MASK ((G_GUINT64_CONSTANT (1) << 48) - 1)

gdouble
cns_brite_random_uniform (CnsBriteRandom *self)
{
  guint64 x = (guint64) self->x[0] | (guint64) self->x[1] << 16
              | (guint64) self->x[2] << 32;

  x = (LCG_A * x + LCG_C) & LCG_MASK;
  self->x[0] = (guint16) x;
  self->x[1] = (guint16) (x >> 16);
  self->x[2] = (guint16) (x >> 32);
  return ldexp ((gdouble) x, -48);
}

guint32
cns_brite_random_index (CnsBriteRandom *self, guint32 n)
{
  guint32 i;

  if (n == 0)
    return 0;
  i = (guint32) floor (cns_brite_random_uniform (self) * n);
  return MIN (i, n - 1);
}

gdouble
cns_brite_random_exponential (CnsBriteRandom *self, gdouble mean)
{
  gdouble u = cns_brite_random_uniform (self);

  return -mean * log (u > 0.0 ? u : ldexp (1.0, -49));
}

gdouble
cns_brite_random_bounded_pareto (CnsBriteRandom *self, gdouble high,
                                 gdouble shape)
{
  gdouble u = cns_brite_random_uniform (self);

  return 1.0 / pow (1.0 - u + u * pow (1.0 / high, shape), 1.0 / shape);
}
