/* cns — Pareto-distributed (power-law tail) values, optionally bounded.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ParetoRandomVariable: Scale / u^(1 / Shape) by inversion, so
 * values start at Scale and P(X > x) = (Scale / x)^Shape. The mean is
 * finite for Shape > 1, the variance for Shape > 2. With a nonzero Bound,
 * values above it are drawn again.
 */
#include "core/cns-pareto-random-variable.h"

#include "core/cns-random-variable-private.h"

#include <math.h>

#define DEFAULT_SCALE 1.0
#define DEFAULT_SHAPE 2.0
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

struct _CnsParetoRandomVariable
{
  CnsRandomVariable parent;

  gdouble scale;
  gdouble shape;
  gdouble bound;
};

G_DEFINE_FINAL_TYPE (CnsParetoRandomVariable, cns_pareto_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_pareto_random_variable_set_property (GObject *object,
                                                     guint prop_id,
                                                     const GValue *value,
                                                     GParamSpec *pspec);
static void cns_pareto_random_variable_get_property (GObject *object,
                                                     guint prop_id,
                                                     GValue *value,
                                                     GParamSpec *pspec);
static gdouble cns_pareto_random_variable_get_value (CnsRandomVariable *rv);
static gboolean cns_pareto_random_variable_validate (CnsRandomVariable *rv,
                                                     GError **error);

static void
cns_pareto_random_variable_class_init (CnsParetoRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_pareto_random_variable_set_property;
  object_class->get_property = cns_pareto_random_variable_get_property;
  rv_class->get_value = cns_pareto_random_variable_get_value;
  rv_class->validate = cns_pareto_random_variable_validate;

  properties[PROP_SCALE] = g_param_spec_double (
      "scale", "Scale",
      "The smallest value (x_m): every value is at least Scale", G_MINDOUBLE,
      G_MAXDOUBLE, DEFAULT_SCALE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHAPE] = g_param_spec_double (
      "shape", "Shape",
      "The tail index (alpha): larger values give lighter tails; the "
      "mean is finite above 1, the variance above 2",
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
cns_pareto_random_variable_init (CnsParetoRandomVariable *self)
{
  self->scale = DEFAULT_SCALE;
  self->shape = DEFAULT_SHAPE;
  self->bound = DEFAULT_BOUND;
}

static gdouble
cns_pareto_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsParetoRandomVariable *self = (CnsParetoRandomVariable *) rv;

  for (;;)
    {
      gdouble r
          = self->scale
            * (1.0 / pow (cns_random_variable_uniform (rv), 1.0 / self->shape));

      if (self->bound == 0.0 || r <= self->bound)
        return r;
    }
}

static gboolean
cns_pareto_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsParetoRandomVariable *self = CNS_PARETO_RANDOM_VARIABLE (rv);

  if (self->bound == 0.0)
    return TRUE;
  /* P(X <= bound) = 1 - (scale / bound)^shape, none below scale */
  return cns_random_variable_check_bound (
      self->bound,
      self->bound <= self->scale
          ? 0.0
          : -expm1 (self->shape * log (self->scale / self->bound)),
      error);
}

/**
 * cns_pareto_random_variable_new:
 * @scale: the smallest value, above 0
 * @shape: the tail index, above 0
 * @bound: the largest value returned, or 0 for no bound
 *
 * Returns: (transfer full): a Pareto variable.
 */
CnsRandomVariable *
cns_pareto_random_variable_new (gdouble scale, gdouble shape, gdouble bound)
{
  return cns_object_new (CNS_TYPE_PARETO_RANDOM_VARIABLE, "scale", scale,
                         "shape", shape, "bound", bound, NULL);
}

static void
cns_pareto_random_variable_set_property (GObject *object, guint prop_id,
                                         const GValue *value, GParamSpec *pspec)
{
  CnsParetoRandomVariable *self = CNS_PARETO_RANDOM_VARIABLE (object);

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
cns_pareto_random_variable_get_property (GObject *object, guint prop_id,
                                         GValue *value, GParamSpec *pspec)
{
  CnsParetoRandomVariable *self = CNS_PARETO_RANDOM_VARIABLE (object);

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
