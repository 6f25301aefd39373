/* cns — point-to-point channels whose ends are on different MPI ranks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-point-to-point-channel.h"

G_BEGIN_DECLS

#define CNS_TYPE_POINT_TO_POINT_REMOTE_CHANNEL \
  (cns_point_to_point_remote_channel_get_type ())
G_DECLARE_FINAL_TYPE (CnsPointToPointRemoteChannel,
                      cns_point_to_point_remote_channel, CNS,
                      POINT_TO_POINT_REMOTE_CHANNEL, CnsPointToPointChannel)

CnsPointToPointRemoteChannel *cns_point_to_point_remote_channel_new (void);
void cns_point_to_point_remote_channel_note_link (
    CnsPointToPointRemoteChannel *self);

G_END_DECLS
