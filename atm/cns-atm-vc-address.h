/* cns — ATM virtual channels as link addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-address.h"

G_BEGIN_DECLS

#define CNS_ATM_VC_ADDRESS_SIZE 4

void cns_atm_vc_address_init (CnsAddress *address, guint16 vpi, guint16 vci);
gboolean cns_atm_vc_address_get (const CnsAddress *address, guint16 *vpi,
                                 guint16 *vci);

G_END_DECLS
