/* cns — error models: decide which received packets are corrupt.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ErrorModel: a device asks its receive error model about each
 * packet and drops the ones called corrupt. The base class holds the
 * Enabled switch, so a disabled model answers without reaching the
 * subclass (and without drawing random numbers); subclasses implement
 * is_corrupt and, if they keep state, reset.
 *
 * cns_error_model_is_corrupt() is on the per-packet path: it checks its
 * argument once and calls the subclass directly.
 */
#include "network/cns-error-model.h"

#define DEFAULT_ENABLED TRUE

enum
{
  PROP_0,
  PROP_ENABLED,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

typedef struct
{
  gboolean enabled;
} CnsErrorModelPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsErrorModel, cns_error_model,
                                     CNS_TYPE_OBJECT)

static void cns_error_model_set_property (GObject *object, guint prop_id,
                                          const GValue *value,
                                          GParamSpec *pspec);
static void cns_error_model_get_property (GObject *object, guint prop_id,
                                          GValue *value, GParamSpec *pspec);

static void
cns_error_model_class_init (CnsErrorModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = cns_error_model_set_property;
  object_class->get_property = cns_error_model_get_property;

  properties[PROP_ENABLED] = g_param_spec_boolean (
      "enabled", "Enabled",
      "Whether the model corrupts packets at all; a disabled model lets "
      "every packet through and draws no random numbers",
      DEFAULT_ENABLED, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_error_model_init (CnsErrorModel *self)
{
  CnsErrorModelPrivate *priv = cns_error_model_get_instance_private (self);

  priv->enabled = DEFAULT_ENABLED;
}

/**
 * cns_error_model_is_corrupt:
 * @packet: (transfer none): a received packet
 *
 * Decides whether @packet arrived corrupt. The packet is not changed.
 *
 * Returns: %TRUE when @packet should be dropped as corrupt; always %FALSE
 * while the model is disabled.
 */
gboolean
cns_error_model_is_corrupt (CnsErrorModel *self, CnsPacket *packet)
{
  CnsErrorModelPrivate *priv;
  CnsErrorModelClass *klass;

  g_return_val_if_fail (CNS_IS_ERROR_MODEL (self), FALSE);
  g_return_val_if_fail (packet != NULL, FALSE);

  priv = cns_error_model_get_instance_private (self);
  if (!priv->enabled)
    return FALSE;
  klass = CNS_ERROR_MODEL_GET_CLASS (self);
  g_return_val_if_fail (klass->is_corrupt != NULL, FALSE);
  return klass->is_corrupt (self, packet);
}

/**
 * cns_error_model_reset:
 *
 * Makes the model forget any state it keeps between packets, whether or
 * not it is enabled.
 */
void
cns_error_model_reset (CnsErrorModel *self)
{
  CnsErrorModelClass *klass;

  g_return_if_fail (CNS_IS_ERROR_MODEL (self));
  klass = CNS_ERROR_MODEL_GET_CLASS (self);
  if (klass->reset != NULL)
    klass->reset (self);
}

/**
 * cns_error_model_set_enabled:
 * @enabled: %FALSE to let every packet through
 *
 * Sets the Enabled attribute.
 */
void
cns_error_model_set_enabled (CnsErrorModel *self, gboolean enabled)
{
  g_return_if_fail (CNS_IS_ERROR_MODEL (self));
  g_object_set (self, "enabled", enabled, NULL);
}

/**
 * cns_error_model_is_enabled:
 *
 * Returns: the Enabled attribute.
 */
gboolean
cns_error_model_is_enabled (CnsErrorModel *self)
{
  CnsErrorModelPrivate *priv;

  g_return_val_if_fail (CNS_IS_ERROR_MODEL (self), FALSE);
  priv = cns_error_model_get_instance_private (self);
  return priv->enabled;
}

static void
cns_error_model_set_property (GObject *object, guint prop_id,
                              const GValue *value, GParamSpec *pspec)
{
  CnsErrorModelPrivate *priv
      = cns_error_model_get_instance_private (CNS_ERROR_MODEL (object));

  switch (prop_id)
    {
    case PROP_ENABLED:
      priv->enabled = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_error_model_get_property (GObject *object, guint prop_id, GValue *value,
                              GParamSpec *pspec)
{
  CnsErrorModelPrivate *priv
      = cns_error_model_get_instance_private (CNS_ERROR_MODEL (object));

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, priv->enabled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
