/* cns — ATM channels: a full-duplex cell link between two ATM devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "network/cns-channel.h"

G_BEGIN_DECLS

#define CNS_TYPE_ATM_CHANNEL (cns_atm_channel_get_type ())
G_DECLARE_FINAL_TYPE (CnsAtmChannel, cns_atm_channel, CNS, ATM_CHANNEL,
                      CnsChannel)

typedef struct _CnsAtmNetDevice CnsAtmNetDevice;

CnsAtmChannel *cns_atm_channel_new (void);
CnsTime cns_atm_channel_get_delay (CnsAtmChannel *self);
void cns_atm_channel_set_delay (CnsAtmChannel *self, CnsTime delay);
gboolean cns_atm_channel_attach (CnsAtmChannel *self, CnsAtmNetDevice *device);
CnsAtmNetDevice *cns_atm_channel_get_peer (CnsAtmChannel *self,
                                           CnsAtmNetDevice *device);

G_END_DECLS
