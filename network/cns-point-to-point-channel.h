/* cns — point-to-point channels: a full-duplex wire between two devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "network/cns-channel.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

#define CNS_TYPE_POINT_TO_POINT_CHANNEL (cns_point_to_point_channel_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsPointToPointChannel, cns_point_to_point_channel,
                          CNS, POINT_TO_POINT_CHANNEL, CnsChannel)

typedef struct _CnsPointToPointNetDevice CnsPointToPointNetDevice;

/**
 * CnsPointToPointChannelClass:
 * @transmit: carries @packet (transfer full), whose transmission by
 *   @sender has just started and takes @tx_time, to the other end; the
 *   default schedules its delivery there when its last bit arrives
 *
 * A subclass overrides @transmit only: the remote channel sends the
 * packet to the rank that simulates the other end.
 */
struct _CnsPointToPointChannelClass
{
  CnsChannelClass parent_class;

  void (*transmit) (CnsPointToPointChannel *self,
                    CnsPointToPointNetDevice *sender, CnsPacket *packet,
                    CnsTime tx_time);

  /*< private >*/
  gpointer padding[4];
};

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
