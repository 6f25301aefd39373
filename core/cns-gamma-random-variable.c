/* cns — gamma-distributed values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's GammaRandomVariable, with shape Alpha and scale Beta (mean
 * Alpha Beta, variance Alpha Beta^2), drawn by Marsaglia and Tsang's
 * method ("A simple method for generating gamma variables", ACM TOMS
 * 26(3), 2000): for Alpha >= 1, with d = Alpha - 1/3 and c = 1 / (3
 * sqrt (d)), take a standard normal z with v = (1 + c z)^3 > 0 and accept
 * d v when a uniform u passes the squeeze u < 1 - 0.0331 z^4 or
 * ln u < z^2 / 2 + d (1 - v + ln v). For Alpha < 1 a draw for Alpha + 1
 * is scaled by u^(1 / Alpha).
 */
#include "core/cns-gamma-random-variable.h"

#include <math.h>

#define DEFAULT_ALPHA 1.0
#define DEFAULT_BETA  1.0

enum
{
  PROP_0,
  PROP_ALPHA,
  PROP_BETA,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsGammaRandomVariable
{
  CnsRandomVariable parent;

  gdouble alpha;
  gdouble beta;
};

G_DEFINE_FINAL_TYPE (CnsGammaRandomVariable, cns_gamma_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_gamma_random_variable_set_property (GObject *object,
                                                    guint prop_id,
                                                    const GValue *value,
                                                    GParamSpec *pspec);
static void cns_gamma_random_variable_get_property (GObject *object,
                                                    guint prop_id,
                                                    GValue *value,
                                                    GParamSpec *pspec);
static gdouble cns_gamma_random_variable_get_value (CnsRandomVariable *rv);

static void
cns_gamma_random_variable_class_init (CnsGammaRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_gamma_random_variable_set_property;
  object_class->get_property = cns_gamma_random_variable_get_property;
  rv_class->get_value = cns_gamma_random_variable_get_value;

  properties[PROP_ALPHA] = g_param_spec_double (
      "alpha", "Alpha",
      "The shape (k): 1 gives the exponential distribution, larger values "
      "a peak that moves away from 0",
      G_MINDOUBLE, G_MAXDOUBLE, DEFAULT_ALPHA,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_BETA] = g_param_spec_double (
      "beta", "Beta",
      "The scale (theta): the mean is Alpha * Beta, the variance Alpha * "
      "Beta^2",
      G_MINDOUBLE, G_MAXDOUBLE, DEFAULT_BETA,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_gamma_random_variable_init (CnsGammaRandomVariable *self)
{
  self->alpha = DEFAULT_ALPHA;
  self->beta = DEFAULT_BETA;
}

static gdouble
gamma_draw (CnsRandomVariable *rv, gdouble alpha, gdouble beta)
{
  gdouble d, c, x, v, u;

  if (alpha < 1.0)
    {
      u = cns_random_variable_uniform (rv);
      return gamma_draw (rv, 1.0 + alpha, beta) * pow (u, 1.0 / alpha);
    }
  d = alpha - 1.0 / 3.0;
  c = (1.0 / 3.0) / sqrt (d);
  for (;;)
    {
      do
        {
          x = cns_random_variable_normal (rv);
          v = 1.0 + c * x;
        }
      while (v <= 0.0);
      v = v * v * v;
      u = cns_random_variable_uniform (rv);
      if (u < 1.0 - 0.0331 * x * x * x * x)
        break;
      if (log (u) < 0.5 * x * x + d * (1.0 - v + log (v)))
        break;
    }
  return beta * d * v;
}

static gdouble
cns_gamma_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsGammaRandomVariable *self = (CnsGammaRandomVariable *) rv;

  return gamma_draw (rv, self->alpha, self->beta);
}

/**
 * cns_gamma_random_variable_new:
 * @alpha: the shape, above 0
 * @beta: the scale, above 0
 *
 * Returns: (transfer full): a gamma variable.
 */
CnsRandomVariable *
cns_gamma_random_variable_new (gdouble alpha, gdouble beta)
{
  return cns_object_new (CNS_TYPE_GAMMA_RANDOM_VARIABLE, "alpha", alpha, "beta",
                         beta, NULL);
}

static void
cns_gamma_random_variable_set_property (GObject *object, guint prop_id,
                                        const GValue *value, GParamSpec *pspec)
{
  CnsGammaRandomVariable *self = CNS_GAMMA_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_ALPHA:
      self->alpha = g_value_get_double (value);
      break;
    case PROP_BETA:
      self->beta = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_gamma_random_variable_get_property (GObject *object, guint prop_id,
                                        GValue *value, GParamSpec *pspec)
{
  CnsGammaRandomVariable *self = CNS_GAMMA_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_ALPHA:
      g_value_set_double (value, self->alpha);
      break;
    case PROP_BETA:
      g_value_set_double (value, self->beta);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
