/* cns — point-to-point channels: a full-duplex wire between two devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "network/cns-channel.h"

G_BEGIN_DECLS

#define CNS_TYPE_POINT_TO_POINT_CHANNEL (cns_point_to_point_channel_get_type ())
G_DECLARE_FINAL_TYPE (CnsPointToPointChannel, cns_point_to_point_channel, CNS,
                      POINT_TO_POINT_CHANNEL, CnsChannel)

typedef struct _CnsPointToPointNetDevice CnsPointToPointNetDevice;

CnsPointToPointChannel *cns_point_to_point_channel_new (void);
CnsTime cns_point_to_point_channel_get_delay (CnsPointToPointChannel *self);
void cns_point_to_point_channel_set_delay (CnsPointToPointChannel *self,
                                           CnsTime delay);
gboolean cns_point_to_point_channel_attach (CnsPointToPointChannel *self,
                                            CnsPointToPointNetDevice *device);
CnsPointToPointNetDevice *
cns_point_to_point_channel_get_peer (CnsPointToPointChannel *self,
                                     CnsPointToPointNetDevice *device);
void cns_point_to_point_channel_transmit (CnsPointToPointChannel *self,
                                          CnsPointToPointNetDevice *sender,
                                          CnsPacket *packet, CnsTime tx_time);

G_END_DECLS
