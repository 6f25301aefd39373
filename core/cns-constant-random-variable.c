/* cns — a random variable that always gives the same value.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ConstantRandomVariable. It lets an attribute that takes a
 * random variable (an application's OnTime) hold a fixed value; a bare
 * number in the text form of such an attribute means one of these.
 */
#include "core/cns-constant-random-variable.h"

#include "core/cns-random-variable-private.h"

#define DEFAULT_CONSTANT 0.0

enum
{
  PROP_0,
  PROP_CONSTANT,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsConstantRandomVariable
{
  CnsRandomVariable parent;

  gdouble constant;
};

G_DEFINE_FINAL_TYPE (CnsConstantRandomVariable, cns_constant_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_constant_random_variable_set_property (GObject *object,
                                                       guint prop_id,
                                                       const GValue *value,
                                                       GParamSpec *pspec);
static void cns_constant_random_variable_get_property (GObject *object,
                                                       guint prop_id,
                                                       GValue *value,
                                                       GParamSpec *pspec);
static gdouble cns_constant_random_variable_get_value (CnsRandomVariable *rv);

static void
cns_constant_random_variable_class_init (CnsConstantRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_constant_random_variable_set_property;
  object_class->get_property = cns_constant_random_variable_get_property;
  rv_class->get_value = cns_constant_random_variable_get_value;

  properties[PROP_CONSTANT] = g_param_spec_double (
      "constant", "Constant", "The value every draw gives", -G_MAXDOUBLE,
      G_MAXDOUBLE, DEFAULT_CONSTANT,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_constant_random_variable_init (CnsConstantRandomVariable *self)
{
  self->constant = DEFAULT_CONSTANT;
}

static gdouble
cns_constant_random_variable_get_value (CnsRandomVariable *rv)
{
  return ((CnsConstantRandomVariable *) rv)->constant;
}

/**
 * cns_constant_random_variable_new:
 * @constant: the value every draw gives
 *
 * Returns: (transfer full): a variable that always gives @constant.
 */
CnsRandomVariable *
cns_constant_random_variable_new (gdouble constant)
{
  return cns_object_new (CNS_TYPE_CONSTANT_RANDOM_VARIABLE, "constant",
                         constant, NULL);
}

/**
 * cns_constant_random_variable_new_unnumbered:
 * @constant: the value every draw gives
 *
 * Like cns_constant_random_variable_new(), but the variable takes no
 * automatic stream number (a constant never draws; its Stream reads -1
 * all the same). For an object that keeps a constant attribute as its
 * value and makes the variable only when the attribute is read: reading
 * it then does not change the streams that later variables get.
 *
 * Returns: (transfer full): a variable that always gives @constant.
 */
CnsRandomVariable *
cns_constant_random_variable_new_unnumbered (gdouble constant)
{
  CnsRandomVariable *self
      = cns_object_new (CNS_TYPE_CONSTANT_RANDOM_VARIABLE, "constant", constant,
                        "stream", (gint64) 0, NULL);

  cns_random_variable_set_unnumbered (self);
  return self;
}

/**
 * cns_constant_random_variable_get_constant:
 *
 * Returns: the Constant attribute, the value every draw gives.
 */
gdouble
cns_constant_random_variable_get_constant (CnsConstantRandomVariable *self)
{
  g_return_val_if_fail (CNS_IS_CONSTANT_RANDOM_VARIABLE (self), 0.0);
  return self->constant;
}

static void
cns_constant_random_variable_set_property (GObject *object, guint prop_id,
                                           const GValue *value,
                                           GParamSpec *pspec)
{
  CnsConstantRandomVariable *self = CNS_CONSTANT_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_CONSTANT:
      self->constant = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_constant_random_variable_get_property (GObject *object, guint prop_id,
                                           GValue *value, GParamSpec *pspec)
{
  CnsConstantRandomVariable *self = CNS_CONSTANT_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_CONSTANT:
      g_value_set_double (value, self->constant);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
