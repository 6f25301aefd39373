/* cns — installing on-off sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-data-rate.h"
#include "network/cns-application-helper.h"
#include "internet/cns-ipv4-address.h"

G_BEGIN_DECLS

#define CNS_TYPE_ON_OFF_HELPER (cns_on_off_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsOnOffHelper, cns_on_off_helper, CNS, ON_OFF_HELPER,
                      CnsApplicationHelper)

CnsOnOffHelper *cns_on_off_helper_new (GType protocol,
                                       const CnsInetSocketAddress *remote);
void cns_on_off_helper_set_constant_rate (CnsOnOffHelper *self,
                                          CnsDataRate rate,
                                          guint32 packet_size);

G_END_DECLS
