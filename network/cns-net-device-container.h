/* cns — ordered sets of net devices, returned by helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-net-device.h"

G_BEGIN_DECLS

/**
 * CnsNetDeviceContainer:
 *
 * An ordered list of net devices, as ns-3's NetDeviceContainer: what
 * device helpers return and address helpers take. A refcounted boxed
 * type; it holds a reference to each device.
 */
typedef struct _CnsNetDeviceContainer CnsNetDeviceContainer;

#define CNS_TYPE_NET_DEVICE_CONTAINER (cns_net_device_container_get_type ())
GType cns_net_device_container_get_type (void) G_GNUC_CONST;

CnsNetDeviceContainer *cns_net_device_container_new (void);
CnsNetDeviceContainer *
cns_net_device_container_ref (CnsNetDeviceContainer *self);
void cns_net_device_container_unref (CnsNetDeviceContainer *self);

void cns_net_device_container_add (CnsNetDeviceContainer *self,
                                   CnsNetDevice *device);
void
cns_net_device_container_add_container (CnsNetDeviceContainer *self,
                                        const CnsNetDeviceContainer *other);
guint32 cns_net_device_container_get_n (const CnsNetDeviceContainer *self);
CnsNetDevice *cns_net_device_container_get (const CnsNetDeviceContainer *self,
                                            guint32 index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsNetDeviceContainer,
                               cns_net_device_container_unref)

G_END_DECLS
