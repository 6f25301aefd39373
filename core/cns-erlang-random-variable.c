/* cns — Erlang-distributed values: sums of exponential values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ErlangRandomVariable: the sum of K independent exponential
 * values, each of mean Lambda (so Lambda is a scale, not a rate, as in
 * ns-3): the mean is K Lambda and the variance K Lambda^2. A draw costs K
 * uniforms.
 */
#include "core/cns-erlang-random-variable.h"

#include <math.h>

#define DEFAULT_K      1
#define DEFAULT_LAMBDA 1.0

enum
{
  PROP_0,
  PROP_K,
  PROP_LAMBDA,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsErlangRandomVariable
{
  CnsRandomVariable parent;

  guint k;
  gdouble lambda;
};

G_DEFINE_FINAL_TYPE (CnsErlangRandomVariable, cns_erlang_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_erlang_random_variable_set_property (GObject *object,
                                                     guint prop_id,
                                                     const GValue *value,
                                                     GParamSpec *pspec);
static void cns_erlang_random_variable_get_property (GObject *object,
                                                     guint prop_id,
                                                     GValue *value,
                                                     GParamSpec *pspec);
static gdouble cns_erlang_random_variable_get_value (CnsRandomVariable *rv);

static void
cns_erlang_random_variable_class_init (CnsErlangRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_erlang_random_variable_set_property;
  object_class->get_property = cns_erlang_random_variable_get_property;
  rv_class->get_value = cns_erlang_random_variable_get_value;

  properties[PROP_K] = g_param_spec_uint (
      "k", "K", "The number of exponential values summed (the shape)", 1,
      G_MAXUINT, DEFAULT_K, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAMBDA] = g_param_spec_double (
      "lambda", "Lambda",
      "The mean of each exponential value summed (a scale, as in ns-3)",
      G_MINDOUBLE, G_MAXDOUBLE, DEFAULT_LAMBDA,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_erlang_random_variable_init (CnsErlangRandomVariable *self)
{
  self->k = DEFAULT_K;
  self->lambda = DEFAULT_LAMBDA;
}

static gdouble
cns_erlang_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsErlangRandomVariable *self = (CnsErlangRandomVariable *) rv;
  gdouble sum = 0.0;

  for (guint i = 0; i < self->k; i++)
    sum += -self->lambda * log (cns_random_variable_uniform (rv));
  return sum;
}

/**
 * cns_erlang_random_variable_new:
 * @k: the number of exponential values summed, at least 1
 * @lambda: the mean of each, above 0
 *
 * Returns: (transfer full): an Erlang variable of mean @k * @lambda.
 */
CnsRandomVariable *
cns_erlang_random_variable_new (guint k, gdouble lambda)
{
  return cns_object_new (CNS_TYPE_ERLANG_RANDOM_VARIABLE, "k", k, "lambda",
                         lambda, NULL);
}

static void
cns_erlang_random_variable_set_property (GObject *object, guint prop_id,
                                         const GValue *value, GParamSpec *pspec)
{
  CnsErlangRandomVariable *self = CNS_ERLANG_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_K:
      self->k = g_value_get_uint (value);
      break;
    case PROP_LAMBDA:
      self->lambda = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_erlang_random_variable_get_property (GObject *object, guint prop_id,
                                         GValue *value, GParamSpec *pspec)
{
  CnsErlangRandomVariable *self = CNS_ERLANG_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_K:
      g_value_set_uint (value, self->k);
      break;
    case PROP_LAMBDA:
      g_value_set_double (value, self->lambda);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
