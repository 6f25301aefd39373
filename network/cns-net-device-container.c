/* cns — ordered sets of net devices, returned by helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "network/cns-net-device-container.h"

struct _CnsNetDeviceContainer
{
  gint ref_count;
  GPtrArray *devices; /* CnsNetDevice, referenced */
};

G_DEFINE_BOXED_TYPE (CnsNetDeviceContainer, cns_net_device_container,
                     cns_net_device_container_ref,
                     cns_net_device_container_unref)

/**
 * cns_net_device_container_new:
 *
 * Returns: (transfer full): an empty one.
 */
CnsNetDeviceContainer *
cns_net_device_container_new (void)
{
  CnsNetDeviceContainer *self = g_new (CnsNetDeviceContainer, 1);

  self->ref_count = 1;
  self->devices = g_ptr_array_new_with_free_func (g_object_unref);
  return self;
}

/**
 * cns_net_device_container_ref:
 *
 * Returns: (transfer full): @self.
 */
CnsNetDeviceContainer *
cns_net_device_container_ref (CnsNetDeviceContainer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_net_device_container_unref:
 *
 * Drops a reference.
 */
void
cns_net_device_container_unref (CnsNetDeviceContainer *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_ptr_array_unref (self->devices);
  g_free (self);
}

/**
 * cns_net_device_container_add:
 *
 * Appends @device.
 */
void
cns_net_device_container_add (CnsNetDeviceContainer *self, CnsNetDevice *device)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (CNS_IS_NET_DEVICE (device));
  g_ptr_array_add (self->devices, g_object_ref (device));
}

/**
 * cns_net_device_container_add_container:
 *
 * Appends @other's devices.
 */
void
cns_net_device_container_add_container (CnsNetDeviceContainer *self,
                                        const CnsNetDeviceContainer *other)
{
  g_return_if_fail (self != NULL && other != NULL);
  for (guint i = 0; i < other->devices->len; i++)
    cns_net_device_container_add (self, other->devices->pdata[i]);
}

/**
 * cns_net_device_container_get_n:
 *
 * Returns: the number of devices.
 */
guint32
cns_net_device_container_get_n (const CnsNetDeviceContainer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->devices->len;
}

/**
 * cns_net_device_container_get:
 *
 * Returns: (transfer none): device @index.
 */
CnsNetDevice *
cns_net_device_container_get (const CnsNetDeviceContainer *self, guint32 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->devices->len, NULL);
  return self->devices->pdata[index];
}
