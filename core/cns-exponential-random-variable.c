/* cns — exponentially distributed values, optionally bounded.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ExponentialRandomVariable: -Mean ln u by inversion. With a
 * nonzero Bound, values above it are drawn again, which gives the
 * exponential distribution conditioned on not exceeding the bound.
 */
#include "core/cns-exponential-random-variable.h"

#include "core/cns-random-variable-private.h"

#include <math.h>

#define DEFAULT_MEAN  1.0
#define DEFAULT_BOUND 0.0

enum
{
  PROP_0,
  PROP_MEAN,
  PROP_BOUND,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsExponentialRandomVariable
{
  CnsRandomVariable parent;

  gdouble mean;
  gdouble bound;
};

G_DEFINE_FINAL_TYPE (CnsExponentialRandomVariable,
                     cns_exponential_random_variable, CNS_TYPE_RANDOM_VARIABLE)

static void cns_exponential_random_variable_set_property (GObject *object,
                                                          guint prop_id,
                                                          const GValue *value,
                                                          GParamSpec *pspec);
static void cns_exponential_random_variable_get_property (GObject *object,
                                                          guint prop_id,
                                                          GValue *value,
                                                          GParamSpec *pspec);
static gdouble
cns_exponential_random_variable_get_value (CnsRandomVariable *rv);
static gboolean cns_exponential_random_variable_validate (CnsRandomVariable *rv,
                                                          GError **error);

static void
cns_exponential_random_variable_class_init (
    CnsExponentialRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_exponential_random_variable_set_property;
  object_class->get_property = cns_exponential_random_variable_get_property;
  rv_class->get_value = cns_exponential_random_variable_get_value;
  rv_class->validate = cns_exponential_random_variable_validate;

  properties[PROP_MEAN] = g_param_spec_double (
      "mean", "Mean",
      "The mean of the unbounded distribution (the inverse of the rate)",
      G_MINDOUBLE, G_MAXDOUBLE, DEFAULT_MEAN,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_BOUND] = g_param_spec_double (
      "bound", "Bound",
      "The largest value returned; values above it are drawn again. 0 "
      "means no bound",
      0.0, G_MAXDOUBLE, DEFAULT_BOUND,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_exponential_random_variable_init (CnsExponentialRandomVariable *self)
{
  self->mean = DEFAULT_MEAN;
  self->bound = DEFAULT_BOUND;
}

static gdouble
cns_exponential_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsExponentialRandomVariable *self = (CnsExponentialRandomVariable *) rv;

  for (;;)
    {
      gdouble r = -self->mean * log (cns_random_variable_uniform (rv));

      if (self->bound == 0.0 || r <= self->bound)
        return r;
    }
}

static gboolean
cns_exponential_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsExponentialRandomVariable *self = CNS_EXPONENTIAL_RANDOM_VARIABLE (rv);

  if (self->bound == 0.0)
    return TRUE;
  /* P(X <= bound) = 1 - exp (-bound / mean) */
  return cns_random_variable_check_bound (
      self->bound, -expm1 (-self->bound / self->mean), error);
}

/**
 * cns_exponential_random_variable_new:
 * @mean: the mean, above 0
 * @bound: the largest value returned, or 0 for no bound
 *
 * Returns: (transfer full): an exponential variable.
 */
CnsRandomVariable *
cns_exponential_random_variable_new (gdouble mean, gdouble bound)
{
  return cns_object_new (CNS_TYPE_EXPONENTIAL_RANDOM_VARIABLE, "mean", mean,
                         "bound", bound, NULL);
}

static void
cns_exponential_random_variable_set_property (GObject *object, guint prop_id,
                                              const GValue *value,
                                              GParamSpec *pspec)
{
  CnsExponentialRandomVariable *self = CNS_EXPONENTIAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MEAN:
      self->mean = g_value_get_double (value);
      break;
    case PROP_BOUND:
      self->bound = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_exponential_random_variable_get_property (GObject *object, guint prop_id,
                                              GValue *value, GParamSpec *pspec)
{
  CnsExponentialRandomVariable *self = CNS_EXPONENTIAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MEAN:
      g_value_set_double (value, self->mean);
      break;
    case PROP_BOUND:
      g_value_set_double (value, self->bound);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
