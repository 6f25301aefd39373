/* cns — the loopback device of a node's IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-net-device.h"

G_BEGIN_DECLS

#define CNS_TYPE_LOOPBACK_NET_DEVICE (cns_loopback_net_device_get_type ())
G_DECLARE_FINAL_TYPE (CnsLoopbackNetDevice, cns_loopback_net_device, CNS,
                      LOOPBACK_NET_DEVICE, CnsNetDevice)

CnsLoopbackNetDevice *cns_loopback_net_device_new (void);

G_END_DECLS
