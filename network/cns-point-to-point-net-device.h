/* cns — point-to-point net devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-data-rate.h"
#include "network/cns-error-model.h"
#include "network/cns-net-device.h"
#include "network/cns-point-to-point-channel.h"
#include "network/cns-queue.h"

G_BEGIN_DECLS

#define CNS_TYPE_POINT_TO_POINT_NET_DEVICE \
  (cns_point_to_point_net_device_get_type ())
G_DECLARE_FINAL_TYPE (CnsPointToPointNetDevice, cns_point_to_point_net_device,
                      CNS, POINT_TO_POINT_NET_DEVICE, CnsNetDevice)

CnsPointToPointNetDevice *cns_point_to_point_net_device_new (void);

CnsDataRate
cns_point_to_point_net_device_get_data_rate (CnsPointToPointNetDevice *self);
void
cns_point_to_point_net_device_set_data_rate (CnsPointToPointNetDevice *self,
                                             CnsDataRate rate);
CnsTime cns_point_to_point_net_device_get_interframe_gap (
    CnsPointToPointNetDevice *self);
void cns_point_to_point_net_device_set_interframe_gap (
    CnsPointToPointNetDevice *self, CnsTime gap);
CnsQueue *
cns_point_to_point_net_device_get_queue (CnsPointToPointNetDevice *self);
void cns_point_to_point_net_device_set_queue (CnsPointToPointNetDevice *self,
                                              CnsQueue *queue);
CnsErrorModel *cns_point_to_point_net_device_get_receive_error_model (
    CnsPointToPointNetDevice *self);
void cns_point_to_point_net_device_set_receive_error_model (
    CnsPointToPointNetDevice *self, CnsErrorModel *model);

gboolean cns_point_to_point_net_device_attach (CnsPointToPointNetDevice *self,
                                               CnsPointToPointChannel *channel);
void cns_point_to_point_net_device_receive (CnsPointToPointNetDevice *self,
                                            CnsPacket *packet);

G_END_DECLS
