/* cns — BRITE's random number generators: 48-bit linear congruential
 * generators (the erand48 recurrence), one per purpose, so that a seed
 * file reproduces a topology.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* X(n+1) = (0x5DEECE66D X(n) + 0xB) mod 2^48, the state kept as three
 * 16-bit words, least significant first, as erand48's xsubi. */
typedef struct
{
  guint16 x[3];
} CnsBriteRandom;

/* The next value, uniform in [0, 1). */
G_GNUC_INTERNAL gdouble cns_brite_random_uniform (CnsBriteRandom *self);

/* floor (uniform * @n), clamped below @n; 0 when @n is 0. */
G_GNUC_INTERNAL guint32 cns_brite_random_index (CnsBriteRandom *self,
                                                guint32 n);

/* -@mean * ln (uniform): exponential of mean @mean (BRITE's
 * GetValExponential (1 / @mean)). A uniform of exactly 0 counts as
 * 2^-49, so the value stays finite. */
G_GNUC_INTERNAL gdouble cns_brite_random_exponential (CnsBriteRandom *self,
                                                      gdouble mean);

/* BRITE's GetValPareto (@high, @shape): a Pareto of shape @shape bounded
 * to [1, @high], by inversion: 1 / (1 - u + u @high^-@shape)^(1/@shape).
 * The lower bound is always 1. */
G_GNUC_INTERNAL gdouble cns_brite_random_bounded_pareto (CnsBriteRandom *self,
                                                         gdouble high,
                                                         gdouble shape);

G_END_DECLS
