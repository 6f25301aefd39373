/* cns — Weibull-distributed values, optionally bounded.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's WeibullRandomVariable: Scale (-ln u)^(1 / Shape) by inversion, so
 * P(X > x) = exp (-(x / Scale)^Shape). Shape 1 is the exponential
 * distribution with mean Scale. With a nonzero Bound, values above it are
 * drawn again.
 */
#include "core/cns-weibull-random-variable.h"

#include "core/cns-random-variable-private.h"

#include <math.h>

#define DEFAULT_SCALE 1.0
#define DEFAULT_SHAPE 1.0
#define DEFAULT_BOUND 0.0

enum
{
  PROP_0,
  PROP_SCALE,
  PROP_SHAPE,
  PROP_BOUND,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsWeibullRandomVariable
{
  CnsRandomVariable parent;

  gdouble scale;
  gdouble shape;
  gdouble bound;
};

G_DEFINE_FINAL_TYPE (CnsWeibullRandomVariable, cns_weibull_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_weibull_random_variable_set_property (GObject *object,
                                                      guint prop_id,
                                                      const GValue *value,
                                                      GParamSpec *pspec);
static void cns_weibull_random_variable_get_property (GObject *object,
                                                      guint prop_id,
                                                      GValue *value,
                                                      GParamSpec *pspec);
static gdouble cns_weibull_random_variable_get_value (CnsRandomVariable *rv);
static gboolean cns_weibull_random_variable_validate (CnsRandomVariable *rv,
                                                      GError **error);

static void
cns_weibull_random_variable_class_init (CnsWeibullRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_weibull_random_variable_set_property;
  object_class->get_property = cns_weibull_random_variable_get_property;
  rv_class->get_value = cns_weibull_random_variable_get_value;
  rv_class->validate = cns_weibull_random_variable_validate;

  properties[PROP_SCALE] = g_param_spec_double (
      "scale", "Scale",
      "The scale (lambda): about 63% of the values lie below it", G_MINDOUBLE,
      G_MAXDOUBLE, DEFAULT_SCALE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHAPE] = g_param_spec_double (
      "shape", "Shape",
      "The shape (k): below 1 the density falls from 0 on, 1 is "
      "exponential, above 1 it rises to a peak",
      G_MINDOUBLE, G_MAXDOUBLE, DEFAULT_SHAPE,
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
cns_weibull_random_variable_init (CnsWeibullRandomVariable *self)
{
  self->scale = DEFAULT_SCALE;
  self->shape = DEFAULT_SHAPE;
  self->bound = DEFAULT_BOUND;
}

static gdouble
cns_weibull_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsWeibullRandomVariable *self = (CnsWeibullRandomVariable *) rv;

  for (;;)
    {
      gdouble r
          = self->scale
            * pow (-log (cns_random_variable_uniform (rv)), 1.0 / self->shape);

      if (self->bound == 0.0 || r <= self->bound)
        return r;
    }
}

static gboolean
cns_weibull_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsWeibullRandomVariable *self = CNS_WEIBULL_RANDOM_VARIABLE (rv);

  if (self->bound == 0.0)
    return TRUE;
  /* P(X <= bound) = 1 - exp (-(bound / scale)^shape) */
  return cns_random_variable_check_bound (
      self->bound, -expm1 (-pow (self->bound / self->scale, self->shape)),
      error);
}

/**
 * cns_weibull_random_variable_new:
 * @scale: the scale, above 0
 * @shape: the shape, above 0
 * @bound: the largest value returned, or 0 for no bound
 *
 * Returns: (transfer full): a Weibull variable.
 */
CnsRandomVariable *
cns_weibull_random_variable_new (gdouble scale, gdouble shape, gdouble bound)
{
  return cns_object_new (CNS_TYPE_WEIBULL_RANDOM_VARIABLE, "scale", scale,
                         "shape", shape, "bound", bound, NULL);
}

static void
cns_weibull_random_variable_set_property (GObject *object, guint prop_id,
                                          const GValue *value,
                                          GParamSpec *pspec)
{
  CnsWeibullRandomVariable *self = CNS_WEIBULL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      self->scale = g_value_get_double (value);
      break;
    case PROP_SHAPE:
      self->shape = g_value_get_double (value);
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
cns_weibull_random_variable_get_property (GObject *object, guint prop_id,
                                          GValue *value, GParamSpec *pspec)
{
  CnsWeibullRandomVariable *self = CNS_WEIBULL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      g_value_set_double (value, self->scale);
      break;
    case PROP_SHAPE:
      g_value_set_double (value, self->shape);
      break;
    case PROP_BOUND:
      g_value_set_double (value, self->bound);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
