/* cns — a repeating sequence of increasing values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's SequentialRandomVariable: Min, Min + i1, Min + i1 + i2, ... with
 * increments drawn from the Increment variable (the constant 1 unless set),
 * each value given Consecutive times. When the sum reaches Max it wraps
 * around to Min plus what went past Max, so values stay in [Min, Max).
 * Its values come from Increment's stream, not its own. Changing Min, Max
 * or Consecutive starts the sequence over.
 */
#include "core/cns-sequential-random-variable.h"

#include "core/cns-attribute.h"
#include "core/cns-core-error.h"

#include <math.h>

#define DEFAULT_MIN         0.0
#define DEFAULT_MAX         0.0
#define DEFAULT_INCREMENT   "Constant(Constant=1)"
#define DEFAULT_CONSECUTIVE 1

enum
{
  PROP_0,
  PROP_MIN,
  PROP_MAX,
  PROP_INCREMENT,
  PROP_CONSECUTIVE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsSequentialRandomVariable
{
  CnsRandomVariable parent;

  gdouble min;
  gdouble max;
  CnsRandomVariable *increment;
  guint consecutive;

  gboolean started; /* current holds the next value */
  gdouble current;
  guint repeated; /* times current has been given */
};

G_DEFINE_FINAL_TYPE (CnsSequentialRandomVariable,
                     cns_sequential_random_variable, CNS_TYPE_RANDOM_VARIABLE)

static void cns_sequential_random_variable_set_property (GObject *object,
                                                         guint prop_id,
                                                         const GValue *value,
                                                         GParamSpec *pspec);
static void cns_sequential_random_variable_get_property (GObject *object,
                                                         guint prop_id,
                                                         GValue *value,
                                                         GParamSpec *pspec);
static void cns_sequential_random_variable_dispose (GObject *object);
static gdouble cns_sequential_random_variable_get_value (CnsRandomVariable *rv);
static gboolean cns_sequential_random_variable_validate (CnsRandomVariable *rv,
                                                         GError **error);

static void
cns_sequential_random_variable_class_init (
    CnsSequentialRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_sequential_random_variable_set_property;
  object_class->get_property = cns_sequential_random_variable_get_property;
  object_class->dispose = cns_sequential_random_variable_dispose;
  rv_class->get_value = cns_sequential_random_variable_get_value;
  rv_class->validate = cns_sequential_random_variable_validate;

  properties[PROP_MIN] = g_param_spec_double (
      "min", "Min", "The first value of the sequence", -G_MAXDOUBLE,
      G_MAXDOUBLE, DEFAULT_MIN, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX] = g_param_spec_double (
      "max", "Max",
      "The end of the sequence, above Min: values reaching it wrap around "
      "to Min",
      -G_MAXDOUBLE, G_MAXDOUBLE, DEFAULT_MAX,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INCREMENT] = g_param_spec_object (
      "increment", "Increment",
      "The random variable giving the step from one value to the next; the "
      "constant 1 unless set",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONSECUTIVE] = g_param_spec_uint (
      "consecutive", "Consecutive", "How many times each value is repeated", 1,
      G_MAXUINT, DEFAULT_CONSECUTIVE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_attribute_install_default (properties[PROP_INCREMENT], DEFAULT_INCREMENT);
}

static void
cns_sequential_random_variable_init (CnsSequentialRandomVariable *self)
{
  self->min = DEFAULT_MIN;
  self->max = DEFAULT_MAX;
  self->consecutive = DEFAULT_CONSECUTIVE;
}

static void
cns_sequential_random_variable_dispose (GObject *object)
{
  g_clear_object (&CNS_SEQUENTIAL_RANDOM_VARIABLE (object)->increment);
  G_OBJECT_CLASS (cns_sequential_random_variable_parent_class)
      ->dispose (object);
}

static gdouble
cns_sequential_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsSequentialRandomVariable *self = (CnsSequentialRandomVariable *) rv;
  gdouble value;

  if (!self->started)
    {
      self->current = self->min;
      self->repeated = 0;
      self->started = TRUE;
    }
  value = self->current;
  if (++self->repeated == self->consecutive)
    {
      self->repeated = 0;
      self->current += cns_random_variable_get_value (self->increment);
      /* ns-3 subtracts the width once; the remainder also keeps large
       * and negative increments inside [min, max). */
      if (self->current >= self->max || self->current < self->min)
        {
          gdouble width = self->max - self->min;
          gdouble offset = fmod (self->current - self->min, width);

          if (offset < 0.0)
            offset += width;
          self->current = self->min + offset;
          if (self->current >= self->max)
            self->current = self->min;
        }
    }
  return value;
}

static gboolean
cns_sequential_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsSequentialRandomVariable *self = CNS_SEQUENTIAL_RANDOM_VARIABLE (rv);

  if (!(self->min < self->max))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "Max (%g) must be greater than Min (%g)", self->max,
                   self->min);
      return FALSE;
    }
  if (self->increment == NULL)
    {
      g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                           "Increment is not set");
      return FALSE;
    }
  if (!cns_random_variable_validate (self->increment, error))
    {
      g_prefix_error (error, "Increment: ");
      return FALSE;
    }
  return TRUE;
}

/**
 * cns_sequential_random_variable_new:
 * @min: the first value
 * @max: the end of the sequence, above @min
 * @increment: (nullable) (transfer none): the step, or %NULL for the
 *   constant 1
 * @consecutive: how many times each value is repeated, at least 1
 *
 * Returns: (transfer full): a sequential variable.
 */
CnsRandomVariable *
cns_sequential_random_variable_new (gdouble min, gdouble max,
                                    CnsRandomVariable *increment,
                                    guint consecutive)
{
  g_return_val_if_fail (increment == NULL || CNS_IS_RANDOM_VARIABLE (increment),
                        NULL);

  if (increment == NULL)
    return cns_object_new (CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE, "min", min,
                           "max", max, "consecutive", consecutive, NULL);
  return cns_object_new (CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE, "min", min, "max",
                         max, "increment", increment, "consecutive",
                         consecutive, NULL);
}

static void
cns_sequential_random_variable_set_property (GObject *object, guint prop_id,
                                             const GValue *value,
                                             GParamSpec *pspec)
{
  CnsSequentialRandomVariable *self = CNS_SEQUENTIAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MIN:
      self->min = g_value_get_double (value);
      self->started = FALSE;
      break;
    case PROP_MAX:
      self->max = g_value_get_double (value);
      self->started = FALSE;
      break;
    case PROP_INCREMENT:
      g_set_object (&self->increment, g_value_get_object (value));
      break;
    case PROP_CONSECUTIVE:
      self->consecutive = g_value_get_uint (value);
      self->started = FALSE;
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_sequential_random_variable_get_property (GObject *object, guint prop_id,
                                             GValue *value, GParamSpec *pspec)
{
  CnsSequentialRandomVariable *self = CNS_SEQUENTIAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_MIN:
      g_value_set_double (value, self->min);
      break;
    case PROP_MAX:
      g_value_set_double (value, self->max);
      break;
    case PROP_INCREMENT:
      g_value_set_object (value, self->increment);
      break;
    case PROP_CONSECUTIVE:
      g_value_set_uint (value, self->consecutive);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
