/* cns — Zipf-distributed integers 1 .. N.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ZipfRandomVariable: P(k) = k^-Alpha / H(N, Alpha) for k = 1 .. N,
 * with H(N, Alpha) the sum of i^-Alpha over i = 1 .. N; Alpha 0 is uniform.
 * A draw returns the first k whose cumulative probability exceeds a
 * uniform u. ns-3 sums the probabilities anew for every draw; here they
 * are summed the same way, in the same order, once per change of N or
 * Alpha, and searched by bisection, so a draw costs O(log N) and gives
 * the value ns-3 gives for the same u.
 */
#include "core/cns-zipf-random-variable.h"

#include <math.h>

#define DEFAULT_N     1
#define DEFAULT_ALPHA 0.0

enum
{
  PROP_0,
  PROP_N,
  PROP_ALPHA,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsZipfRandomVariable
{
  CnsRandomVariable parent;

  guint n;
  gdouble alpha;
  gdouble *cumulative; /* P(X <= k + 1); NULL until the next draw */
};

G_DEFINE_FINAL_TYPE (CnsZipfRandomVariable, cns_zipf_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_zipf_random_variable_set_property (GObject *object,
                                                   guint prop_id,
                                                   const GValue *value,
                                                   GParamSpec *pspec);
static void cns_zipf_random_variable_get_property (GObject *object,
                                                   guint prop_id, GValue *value,
                                                   GParamSpec *pspec);
static void cns_zipf_random_variable_finalize (GObject *object);
static gdouble cns_zipf_random_variable_get_value (CnsRandomVariable *rv);

static void
cns_zipf_random_variable_class_init (CnsZipfRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_zipf_random_variable_set_property;
  object_class->get_property = cns_zipf_random_variable_get_property;
  object_class->finalize = cns_zipf_random_variable_finalize;
  rv_class->get_value = cns_zipf_random_variable_get_value;

  properties[PROP_N] = g_param_spec_uint (
      "n", "N",
      "The number of values: draws are integers from 1 to N (the sampler "
      "keeps a table of N probabilities)",
      1, CNS_ZIPF_RANDOM_VARIABLE_MAX_N, DEFAULT_N,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ALPHA] = g_param_spec_double (
      "alpha", "Alpha",
      "The exponent: the probability of k is proportional to k^-Alpha; 0 "
      "makes all values equally likely",
      0.0, G_MAXDOUBLE, DEFAULT_ALPHA,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_zipf_random_variable_init (CnsZipfRandomVariable *self)
{
  self->n = DEFAULT_N;
  self->alpha = DEFAULT_ALPHA;
}

static void
cns_zipf_random_variable_finalize (GObject *object)
{
  g_free (CNS_ZIPF_RANDOM_VARIABLE (object)->cumulative);
  G_OBJECT_CLASS (cns_zipf_random_variable_parent_class)->finalize (object);
}

static void
zipf_build_table (CnsZipfRandomVariable *self)
{
  gdouble c = 0.0, sum = 0.0;

  self->cumulative = g_new (gdouble, self->n);
  for (guint i = 1; i <= self->n; i++)
    c += 1.0 / pow ((gdouble) i, self->alpha);
  c = 1.0 / c;
  for (guint i = 1; i <= self->n; i++)
    {
      sum += c / pow ((gdouble) i, self->alpha);
      self->cumulative[i - 1] = sum;
    }
}

static gdouble
cns_zipf_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsZipfRandomVariable *self = (CnsZipfRandomVariable *) rv;
  gdouble u = cns_random_variable_uniform (rv);
  guint lo = 0, hi;

  if (self->cumulative == NULL)
    zipf_build_table (self);
  /* The first k with cumulative[k] > u. Rounding can leave the last sum a
   * little below 1; a u above it belongs to N. */
  hi = self->n - 1;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->cumulative[mid] > u)
        hi = mid;
      else
        lo = mid + 1;
    }
  return (gdouble) lo + 1.0;
}

/**
 * cns_zipf_random_variable_new:
 * @n: the number of values, 1 to %CNS_ZIPF_RANDOM_VARIABLE_MAX_N
 * @alpha: the exponent, at least 0
 *
 * Returns: (transfer full): a Zipf variable over 1 .. @n.
 */
CnsRandomVariable *
cns_zipf_random_variable_new (guint n, gdouble alpha)
{
  return cns_object_new (CNS_TYPE_ZIPF_RANDOM_VARIABLE, "n", n, "alpha", alpha,
                         NULL);
}

static void
cns_zipf_random_variable_set_property (GObject *object, guint prop_id,
                                       const GValue *value, GParamSpec *pspec)
{
  CnsZipfRandomVariable *self = CNS_ZIPF_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_N:
      self->n = g_value_get_uint (value);
      break;
    case PROP_ALPHA:
      self->alpha = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_clear_pointer (&self->cumulative, g_free);
}

static void
cns_zipf_random_variable_get_property (GObject *object, guint prop_id,
                                       GValue *value, GParamSpec *pspec)
{
  CnsZipfRandomVariable *self = CNS_ZIPF_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_N:
      g_value_set_uint (value, self->n);
      break;
    case PROP_ALPHA:
      g_value_set_double (value, self->alpha);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
