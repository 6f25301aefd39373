/* cns — an error model with a fixed error rate per packet, byte or bit.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's RateErrorModel. For each packet it draws one value u from RanVar
 * (Uniform(0,1) unless set otherwise) and calls the packet corrupt when u
 * is below the probability that the packet holds at least one error:
 *
 *   ErrorUnit packet:  ErrorRate
 *   ErrorUnit byte:    1 - (1 - ErrorRate)^size
 *   ErrorUnit bit:     1 - (1 - ErrorRate)^(8 size)
 *
 * with size the packet's length in bytes. As in ns-3 a value is drawn for
 * every packet while the model is enabled, even at rate 0, so changing the
 * rate does not shift the stream for later packets.
 */
#include "network/cns-rate-error-model.h"

#include "core/cns-attribute.h"
#include "core/cns-random-variable.h"
#include "core/cns-uniform-random-variable.h"

#include <math.h>

#define DEFAULT_ERROR_UNIT CNS_ERROR_UNIT_BYTE
#define DEFAULT_ERROR_RATE 0.0
#define DEFAULT_RAN_VAR    "Uniform(Min=0,Max=1)"

enum
{
  PROP_0,
  PROP_ERROR_UNIT,
  PROP_ERROR_RATE,
  PROP_RAN_VAR,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsRateErrorModel
{
  CnsErrorModel parent;

  CnsErrorUnit unit;
  gdouble rate;
  CnsRandomVariable *ran_var;
};

G_DEFINE_FINAL_TYPE (CnsRateErrorModel, cns_rate_error_model,
                     CNS_TYPE_ERROR_MODEL)

static void cns_rate_error_model_dispose (GObject *object);
static void cns_rate_error_model_set_property (GObject *object, guint prop_id,
                                               const GValue *value,
                                               GParamSpec *pspec);
static void cns_rate_error_model_get_property (GObject *object, guint prop_id,
                                               GValue *value,
                                               GParamSpec *pspec);
static gboolean cns_rate_error_model_is_corrupt (CnsErrorModel *model,
                                                 CnsPacket *packet);

GType
cns_error_unit_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { CNS_ERROR_UNIT_BIT, "CNS_ERROR_UNIT_BIT", "bit" },
    { CNS_ERROR_UNIT_BYTE, "CNS_ERROR_UNIT_BYTE", "byte" },
    { CNS_ERROR_UNIT_PACKET, "CNS_ERROR_UNIT_PACKET", "packet" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (
        &type, g_enum_register_static (g_intern_static_string ("CnsErrorUnit"),
                                       values));
  return type;
}

static void
cns_rate_error_model_class_init (CnsRateErrorModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsErrorModelClass *model_class = CNS_ERROR_MODEL_CLASS (klass);

  object_class->dispose = cns_rate_error_model_dispose;
  object_class->set_property = cns_rate_error_model_set_property;
  object_class->get_property = cns_rate_error_model_get_property;
  model_class->is_corrupt = cns_rate_error_model_is_corrupt;

  properties[PROP_ERROR_UNIT] = g_param_spec_enum (
      "error-unit", "Error unit",
      "What ErrorRate is the probability of: a wrong bit, a wrong byte, or "
      "a corrupt packet",
      CNS_TYPE_ERROR_UNIT, DEFAULT_ERROR_UNIT,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR_RATE] = g_param_spec_double (
      "error-rate", "Error rate",
      "The probability that one unit (see ErrorUnit) is in error, "
      "independently of the others",
      0.0, 1.0, DEFAULT_ERROR_RATE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RAN_VAR] = g_param_spec_object (
      "ran-var", "Random variable",
      "Where the value compared with each packet's error probability comes "
      "from; it should be uniform in [0, 1) (the default, "
      "Uniform(Min=0,Max=1), which none also gives)",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
  cns_attribute_install_default (properties[PROP_RAN_VAR], DEFAULT_RAN_VAR);
}

static void
cns_rate_error_model_init (CnsRateErrorModel *self)
{
  self->unit = DEFAULT_ERROR_UNIT;
  self->rate = DEFAULT_ERROR_RATE;
}

static void
cns_rate_error_model_dispose (GObject *object)
{
  CnsRateErrorModel *self = CNS_RATE_ERROR_MODEL (object);

  g_clear_object (&self->ran_var);
  G_OBJECT_CLASS (cns_rate_error_model_parent_class)->dispose (object);
}

/* Reached only through the class, after the base checked its argument. */
static gboolean
cns_rate_error_model_is_corrupt (CnsErrorModel *model, CnsPacket *packet)
{
  CnsRateErrorModel *self = (CnsRateErrorModel *) model;
  gdouble probability;

  switch (self->unit)
    {
    case CNS_ERROR_UNIT_PACKET:
      probability = self->rate;
      break;
    case CNS_ERROR_UNIT_BYTE:
      probability
          = 1.0
            - pow (1.0 - self->rate, (gdouble) cns_packet_get_size (packet));
      break;
    case CNS_ERROR_UNIT_BIT:
    default:
      probability
          = 1.0 - pow (1.0 - self->rate, 8.0 * cns_packet_get_size (packet));
      break;
    }
  return cns_random_variable_get_value (self->ran_var) < probability;
}

/**
 * cns_rate_error_model_new:
 * @unit: what @rate is the probability of
 * @rate: the probability that one unit is in error, 0 to 1
 *
 * Makes a model drawing from a new Uniform(0,1) variable; other attributes
 * take their configured defaults.
 *
 * Returns: (transfer full): the model.
 */
CnsErrorModel *
cns_rate_error_model_new (CnsErrorUnit unit, gdouble rate)
{
  g_return_val_if_fail (unit <= CNS_ERROR_UNIT_PACKET, NULL);
  g_return_val_if_fail (rate >= 0.0 && rate <= 1.0, NULL);
  return cns_object_new (CNS_TYPE_RATE_ERROR_MODEL, "error-unit", unit,
                         "error-rate", rate, NULL);
}

static void
cns_rate_error_model_set_property (GObject *object, guint prop_id,
                                   const GValue *value, GParamSpec *pspec)
{
  CnsRateErrorModel *self = CNS_RATE_ERROR_MODEL (object);

  switch (prop_id)
    {
    case PROP_ERROR_UNIT:
      self->unit = g_value_get_enum (value);
      break;
    case PROP_ERROR_RATE:
      self->rate = g_value_get_double (value);
      break;
    case PROP_RAN_VAR:
      /* "none" is a string a user may give: it means the default */
      if (g_value_get_object (value) == NULL)
        {
          g_clear_object (&self->ran_var);
          self->ran_var = cns_uniform_random_variable_new (0, 1);
        }
      else
        g_set_object (&self->ran_var, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_rate_error_model_get_property (GObject *object, guint prop_id,
                                   GValue *value, GParamSpec *pspec)
{
  CnsRateErrorModel *self = CNS_RATE_ERROR_MODEL (object);

  switch (prop_id)
    {
    case PROP_ERROR_UNIT:
      g_value_set_enum (value, self->unit);
      break;
    case PROP_ERROR_RATE:
      g_value_set_double (value, self->rate);
      break;
    case PROP_RAN_VAR:
      g_value_set_object (value, self->ran_var);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
