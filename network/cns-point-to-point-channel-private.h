/* cns — point-to-point channel calls without type checks, for the devices
 * at its ends.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A device calls its channel on every frame it sends or receives; it
 * attached to a checked channel, so it uses these instead of the public
 * calls, whose checks cost more than the work.
 */
#pragma once

#include "network/cns-point-to-point-channel.h"

G_BEGIN_DECLS

/* cns_point_to_point_channel_get_peer() for a channel @device is
 * attached to. */
G_GNUC_INTERNAL CnsPointToPointNetDevice *
cns_point_to_point_channel_peek_peer (CnsPointToPointChannel *self,
                                      CnsPointToPointNetDevice *device);

/* cns_point_to_point_channel_transmit() by a device of a channel with
 * both ends attached. */
G_GNUC_INTERNAL void
cns_point_to_point_channel_send (CnsPointToPointChannel *self,
                                 CnsPointToPointNetDevice *sender,
                                 CnsPacket *packet, CnsTime tx_time);

G_END_DECLS
