/* cns — normally distributed values, optionally bounded around the mean.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's NormalRandomVariable: Mean + z sqrt (Variance) for a standard
 * normal z from the polar method, which makes values in pairs; the second
 * of a pair is kept for the next draw. Values farther than Bound from the
 * mean are drawn again.
 */
#include "core/cns-normal-random-variable.h"

#include "core/cns-random-variable-private.h"

#include <math.h>

#define DEFAULT_MEAN     0.0
#define DEFAULT_VARIANCE 1.0
#define DEFAULT_BOUND    CNS_NORMAL_RANDOM_VARIABLE_NO_BOUND

enum
{
  PROP_0,
  PROP_MEAN,
  PROP_VARIANCE,
  PROP_BOUND,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsNormalRandomVariable
{
  CnsRandomVariable parent;

  gdouble mean;
  gdouble variance;
  gdouble bound;
};

G_DEFINE_FINAL_TYPE (CnsNormalRandomVariable, cns_normal_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_normal_random_variable_set_property (GObject *object,
                                                     guint prop_id,
                                                     const GValue *value,
                                                     GParamSpec *pspec);
static void cns_normal_random_variable_get_property (GObject *object,
                                                     guint prop_id,
                                                     GValue *value,
                                                     GParamSpec *pspec);
static gdouble cns_normal_random_variable_get_value (CnsRandomVariable *rv);
static gboolean cns_normal_random_variable_validate (CnsRandomVariable *rv,
                                                     GError **error);

static void
cns_normal_random_variable_class_init (CnsNormalRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_normal_random_variable_set_property;
  object_class->get_property = cns_normal_random_variable_get_property;
  rv_class->get_value = cns_normal_random_variable_get_value;
  rv_class->validate = cns_normal_random_variable_validate;

  properties[PROP_MEAN] = g_param_spec_double (
      "mean", "Mean", "The mean of the distribution", -G_MAXDOUBLE, G_MAXDOUBLE,
      DEFAULT_MEAN, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VARIANCE] = g_param_spec_double (
      "variance", "Variance",
      "The variance of the unbounded distribution (the square of the "
      "standard deviation)",
      0.0, G_MAXDOUBLE, DEFAULT_VARIANCE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_BOUND] = g_param_spec_double (
      "bound", "Bound",
      "The largest distance from the mean: values farther away are drawn "
      "again. The default, 1e307, means no bound",
      0.0, G_MAXDOUBLE, DEFAULT_BOUND,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_normal_random_variable_init (CnsNormalRandomVariable *self)
{
  self->mean = DEFAULT_MEAN;
  self->variance = DEFAULT_VARIANCE;
  self->bound = DEFAULT_BOUND;
}

static gdouble
cns_normal_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsNormalRandomVariable *self = (CnsNormalRandomVariable *) rv;

  for (;;)
    {
      gdouble x = self->mean
                  + cns_random_variable_normal (rv) * sqrt (self->variance);

      if (fabs (x - self->mean) <= self->bound)
        return x;
    }
}

static gboolean
cns_normal_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsNormalRandomVariable *self = CNS_NORMAL_RANDOM_VARIABLE (rv);

  if (self->variance == 0.0)
    return TRUE;
  /* P(|X - mean| <= bound) = erf (bound / sqrt (2 variance)) */
  return cns_random_variable_check_bound (
      self->bound, erf (self->bound / sqrt (2.0 * self->variance)), error);
}

/**
 * cns_normal_random_variable_new:
 * @mean: the mean
 * @variance: the variance, at least 0
 * @bound: the largest distance from @mean returned;
 *   %CNS_NORMAL_RANDOM_VARIABLE_NO_BOUND for none
 *
 * Returns: (transfer full): a normal variable.
 */
CnsRandomVariable *
cns_normal_random_variable_new (gdouble mean, gdouble variance, gdouble bound)
{
  return cns_object_new (CNS_TYPE_NORMAL_RANDOM_VARIABLE, "mean", mean,
                         "variance", variance, "bound", bound, NULL);
}

static void
cns_normal_random_variable_set_property (GObject *object, guint prop_id,
                                         const GValue *value, GParamSpec *pspec)
{
  CnsNormalRandomVariable *self = CNS_NORMAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MEAN:
      self->mean = g_value_get_double (value);
      break;
    case PROP_VARIANCE:
      self->variance = g_value_get_double (value);
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
cns_normal_random_variable_get_property (GObject *object, guint prop_id,
                                         GValue *value, GParamSpec *pspec)
{
  CnsNormalRandomVariable *self = CNS_NORMAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MEAN:
      g_value_set_double (value, self->mean);
      break;
    case PROP_VARIANCE:
      g_value_set_double (value, self->variance);
      break;
    case PROP_BOUND:
      g_value_set_double (value, self->bound);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
