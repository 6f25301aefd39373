/* cns — log-normally distributed values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's LogNormalRandomVariable: exp (Mu + Sigma z) for a standard
 * normal z, so that ln X is normal with mean Mu and standard deviation
 * Sigma. The mean of X is exp (Mu + Sigma^2 / 2).
 */
#include "core/cns-log-normal-random-variable.h"

#include <math.h>

#define DEFAULT_MU    0.0
#define DEFAULT_SIGMA 1.0

enum
{
  PROP_0,
  PROP_MU,
  PROP_SIGMA,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsLogNormalRandomVariable
{
  CnsRandomVariable parent;

  gdouble mu;
  gdouble sigma;
};

G_DEFINE_FINAL_TYPE (CnsLogNormalRandomVariable, cns_log_normal_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_log_normal_random_variable_set_property (GObject *object,
                                                         guint prop_id,
                                                         const GValue *value,
                                                         GParamSpec *pspec);
static void cns_log_normal_random_variable_get_property (GObject *object,
                                                         guint prop_id,
                                                         GValue *value,
                                                         GParamSpec *pspec);
static gdouble cns_log_normal_random_variable_get_value (CnsRandomVariable *rv);

static void
cns_log_normal_random_variable_class_init (
    CnsLogNormalRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_log_normal_random_variable_set_property;
  object_class->get_property = cns_log_normal_random_variable_get_property;
  rv_class->get_value = cns_log_normal_random_variable_get_value;

  properties[PROP_MU] = g_param_spec_double (
      "mu", "Mu",
      "The mean of the logarithm of the values; exp (Mu) is their median",
      -G_MAXDOUBLE, G_MAXDOUBLE, DEFAULT_MU,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIGMA] = g_param_spec_double (
      "sigma", "Sigma", "The standard deviation of the logarithm of the values",
      0.0, G_MAXDOUBLE, DEFAULT_SIGMA,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_log_normal_random_variable_init (CnsLogNormalRandomVariable *self)
{
  self->mu = DEFAULT_MU;
  self->sigma = DEFAULT_SIGMA;
}

static gdouble
cns_log_normal_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsLogNormalRandomVariable *self = (CnsLogNormalRandomVariable *) rv;

  return exp (self->sigma * cns_random_variable_normal (rv) + self->mu);
}

/**
 * cns_log_normal_random_variable_new:
 * @mu: the mean of the logarithm
 * @sigma: the standard deviation of the logarithm, at least 0
 *
 * Returns: (transfer full): a log-normal variable.
 */
CnsRandomVariable *
cns_log_normal_random_variable_new (gdouble mu, gdouble sigma)
{
  return cns_object_new (CNS_TYPE_LOG_NORMAL_RANDOM_VARIABLE, "mu", mu, "sigma",
                         sigma, NULL);
}

static void
cns_log_normal_random_variable_set_property (GObject *object, guint prop_id,
                                             const GValue *value,
                                             GParamSpec *pspec)
{
  CnsLogNormalRandomVariable *self = CNS_LOG_NORMAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MU:
      self->mu = g_value_get_double (value);
      break;
    case PROP_SIGMA:
      self->sigma = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_log_normal_random_variable_get_property (GObject *object, guint prop_id,
                                             GValue *value, GParamSpec *pspec)
{
  CnsLogNormalRandomVariable *self = CNS_LOG_NORMAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MU:
      g_value_set_double (value, self->mu);
      break;
    case PROP_SIGMA:
      g_value_set_double (value, self->sigma);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
