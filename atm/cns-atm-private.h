/* cns — start-up of the ATM module, called by the library's.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-atm-channel.h"

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_atm_init (void);

/* cns_atm_channel_get_delay() without the type check, for the devices'
 * per-cell path. */
G_GNUC_INTERNAL CnsTime cns_atm_channel_peek_delay (CnsAtmChannel *self);

G_END_DECLS
