/* cns — ATM channels: a full-duplex cell link between two ATM devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The wire of an ATM link: two ends, each direction independent, and a
 * propagation Delay. The devices schedule the arrivals themselves (a cell
 * that starts at t arrives at t + slot + Delay); the channel only joins
 * them and holds the delay.
 */
#include "atm/cns-atm-channel.h"

#include "atm/cns-atm-private.h"

#include "atm/cns-atm-net-device.h"

#define DEFAULT_DELAY 0

enum
{
  PROP_0,
  PROP_DELAY,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsAtmChannel
{
  CnsChannel parent_instance;

  CnsAtmNetDevice *devices[2]; /* referenced */
  guint32 n_devices;
  CnsTime delay;
};

G_DEFINE_FINAL_TYPE (CnsAtmChannel, cns_atm_channel, CNS_TYPE_CHANNEL)

static void atm_channel_set_property (GObject *object, guint prop_id,
                                      const GValue *value, GParamSpec *pspec);
static void atm_channel_get_property (GObject *object, guint prop_id,
                                      GValue *value, GParamSpec *pspec);

static void
atm_channel_dispose (GObject *object)
{
  CnsAtmChannel *self = CNS_ATM_CHANNEL (object);

  for (guint32 i = 0; i < self->n_devices; i++)
    g_clear_object (&self->devices[i]);
  self->n_devices = 0;
  G_OBJECT_CLASS (cns_atm_channel_parent_class)->dispose (object);
}

static guint32
atm_channel_get_n_devices (CnsChannel *channel)
{
  return CNS_ATM_CHANNEL (channel)->n_devices;
}

static CnsNetDevice *
atm_channel_get_device (CnsChannel *channel, guint32 index)
{
  CnsAtmChannel *self = CNS_ATM_CHANNEL (channel);

  return index < self->n_devices ? CNS_NET_DEVICE (self->devices[index]) : NULL;
}

static void
cns_atm_channel_class_init (CnsAtmChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsChannelClass *channel_class = CNS_CHANNEL_CLASS (klass);

  object_class->dispose = atm_channel_dispose;
  object_class->set_property = atm_channel_set_property;
  object_class->get_property = atm_channel_get_property;
  channel_class->get_n_devices = atm_channel_get_n_devices;
  channel_class->get_device = atm_channel_get_device;

  properties[PROP_DELAY] = cns_param_spec_time (
      "delay", "Delay",
      "The propagation delay: a cell whose transmission starts at t "
      "arrives whole at t + one slot + Delay",
      0, CNS_TIME_MAX, DEFAULT_DELAY,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_atm_channel_init (CnsAtmChannel *self)
{
  self->delay = DEFAULT_DELAY;
}

/**
 * cns_atm_channel_new:
 *
 * Returns: (transfer full): a channel with the configured default Delay.
 */
CnsAtmChannel *
cns_atm_channel_new (void)
{
  return cns_object_new (CNS_TYPE_ATM_CHANNEL, NULL);
}

/** cns_atm_channel_get_delay: Returns: the propagation delay. */
CnsTime
cns_atm_channel_get_delay (CnsAtmChannel *self)
{
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (self), 0);
  return self->delay;
}

CnsTime
cns_atm_channel_peek_delay (CnsAtmChannel *self)
{
  return self->delay;
}

/** cns_atm_channel_set_delay: Sets the propagation delay (>= 0). */
void
cns_atm_channel_set_delay (CnsAtmChannel *self, CnsTime delay)
{
  g_return_if_fail (CNS_IS_ATM_CHANNEL (self));
  g_return_if_fail (delay >= 0);
  self->delay = delay;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

/**
 * cns_atm_channel_attach:
 *
 * Connects @device to one end; the channel references it. Devices call
 * this from cns_atm_net_device_attach().
 *
 * Returns: %FALSE when both ends are taken.
 */
gboolean
cns_atm_channel_attach (CnsAtmChannel *self, CnsAtmNetDevice *device)
{
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (self), FALSE);
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (device), FALSE);
  if (self->n_devices == 2)
    return FALSE;
  self->devices[self->n_devices++] = g_object_ref (device);
  return TRUE;
}

/**
 * cns_atm_channel_get_peer:
 *
 * Returns: (transfer none) (nullable): the device at the other end from
 * @device.
 */
CnsAtmNetDevice *
cns_atm_channel_get_peer (CnsAtmChannel *self, CnsAtmNetDevice *device)
{
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (self), NULL);
  if (self->n_devices < 2)
    return NULL;
  return self->devices[0] == device ? self->devices[1] : self->devices[0];
}

static void
atm_channel_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DELAY:
      cns_atm_channel_set_delay (CNS_ATM_CHANNEL (object),
                                 cns_value_get_time (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
atm_channel_get_property (GObject *object, guint prop_id, GValue *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DELAY:
      cns_value_set_time (value, CNS_ATM_CHANNEL (object)->delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
