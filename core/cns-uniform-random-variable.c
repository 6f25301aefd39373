/* cns — values spread evenly between a minimum and a maximum.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's UniformRandomVariable: Min + u (Max - Min) for a uniform u in
 * (0, 1). Integers are drawn from Min .. Max inclusive, each with the same
 * probability, by rounding Min + u (Max + 1 - Min) down.
 */
#include "core/cns-uniform-random-variable.h"

#include "core/cns-core-error.h"
#include "core/cns-random-variable-private.h"

#include <math.h>

#define DEFAULT_MIN 0.0
#define DEFAULT_MAX 1.0

enum
{
  PROP_0,
  PROP_MIN,
  PROP_MAX,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsUniformRandomVariable
{
  CnsRandomVariable parent;

  gdouble min;
  gdouble max;
};

G_DEFINE_FINAL_TYPE (CnsUniformRandomVariable, cns_uniform_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_uniform_random_variable_set_property (GObject *object,
                                                      guint prop_id,
                                                      const GValue *value,
                                                      GParamSpec *pspec);
static void cns_uniform_random_variable_get_property (GObject *object,
                                                      guint prop_id,
                                                      GValue *value,
                                                      GParamSpec *pspec);
static gdouble cns_uniform_random_variable_get_value (CnsRandomVariable *rv);
static guint32 cns_uniform_random_variable_get_integer (CnsRandomVariable *rv);
static gboolean cns_uniform_random_variable_validate (CnsRandomVariable *rv,
                                                      GError **error);

static void
cns_uniform_random_variable_class_init (CnsUniformRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_uniform_random_variable_set_property;
  object_class->get_property = cns_uniform_random_variable_get_property;
  rv_class->get_value = cns_uniform_random_variable_get_value;
  rv_class->get_integer = cns_uniform_random_variable_get_integer;
  rv_class->validate = cns_uniform_random_variable_validate;

  properties[PROP_MIN] = g_param_spec_double (
      "min", "Min", "The lowest value; must not be above Max", -G_MAXDOUBLE,
      G_MAXDOUBLE, DEFAULT_MIN, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX] = g_param_spec_double (
      "max", "Max",
      "The upper end: values stay below it, integer draws include it",
      -G_MAXDOUBLE, G_MAXDOUBLE, DEFAULT_MAX,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_uniform_random_variable_init (CnsUniformRandomVariable *self)
{
  self->min = DEFAULT_MIN;
  self->max = DEFAULT_MAX;
}

static gdouble
cns_uniform_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsUniformRandomVariable *self = (CnsUniformRandomVariable *) rv;

  return self->min + cns_random_variable_uniform (rv) * (self->max - self->min);
}

static guint32
cns_uniform_random_variable_get_integer (CnsRandomVariable *rv)
{
  CnsUniformRandomVariable *self = (CnsUniformRandomVariable *) rv;

  return cns_random_variable_clamp_integer (
      self->min
      + cns_random_variable_uniform (rv) * (self->max + 1.0 - self->min));
}

static gboolean
cns_uniform_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsUniformRandomVariable *self = CNS_UNIFORM_RANDOM_VARIABLE (rv);

  if (self->min <= self->max)
    return TRUE;
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
               "Min (%g) is greater than Max (%g)", self->min, self->max);
  return FALSE;
}

/**
 * cns_uniform_random_variable_new:
 * @min: the lowest value
 * @max: the upper end, not below @min
 *
 * Returns: (transfer full): a variable uniform in [@min, @max).
 */
CnsRandomVariable *
cns_uniform_random_variable_new (gdouble min, gdouble max)
{
  return cns_object_new (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, "min", min, "max",
                         max, NULL);
}

/**
 * cns_uniform_random_variable_get_value_in:
 * @min: the lowest value
 * @max: the upper end, not below @min
 *
 * Draws from @self's stream a value uniform in [@min, @max), ignoring the
 * Min and Max attributes, like ns-3's GetValue (min, max).
 *
 * Returns: the value.
 */
gdouble
cns_uniform_random_variable_get_value_in (CnsUniformRandomVariable *self,
                                          gdouble min, gdouble max)
{
  g_return_val_if_fail (CNS_IS_UNIFORM_RANDOM_VARIABLE (self), NAN);
  g_return_val_if_fail (min <= max, NAN);

  return min
         + cns_random_variable_uniform ((CnsRandomVariable *) self)
               * (max - min);
}

/**
 * cns_uniform_random_variable_get_integer_in:
 * @min: the lowest value
 * @max: the highest value, not below @min
 *
 * Draws from @self's stream an integer from @min to @max inclusive, each
 * equally likely, like ns-3's GetInteger (min, max).
 *
 * Returns: the value.
 */
guint32
cns_uniform_random_variable_get_integer_in (CnsUniformRandomVariable *self,
                                            guint32 min, guint32 max)
{
  guint32 v;

  g_return_val_if_fail (CNS_IS_UNIFORM_RANDOM_VARIABLE (self), min);
  g_return_val_if_fail (min <= max, min);

  v = cns_random_variable_clamp_integer (
      min
      + cns_random_variable_uniform ((CnsRandomVariable *) self)
            * ((gdouble) max + 1.0 - min));
  /* Rounding in the product must not reach max + 1. */
  return MIN (v, max);
}

static void
cns_uniform_random_variable_set_property (GObject *object, guint prop_id,
                                          const GValue *value,
                                          GParamSpec *pspec)
{
  CnsUniformRandomVariable *self = CNS_UNIFORM_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MIN:
      self->min = g_value_get_double (value);
      break;
    case PROP_MAX:
      self->max = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_uniform_random_variable_get_property (GObject *object, guint prop_id,
                                          GValue *value, GParamSpec *pspec)
{
  CnsUniformRandomVariable *self = CNS_UNIFORM_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MIN:
      g_value_set_double (value, self->min);
      break;
    case PROP_MAX:
      g_value_set_double (value, self->max);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
