/* cns — installing bulk senders.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application-helper.h"
#include "internet/cns-ipv4-address.h"

G_BEGIN_DECLS

#define CNS_TYPE_BULK_SEND_HELPER (cns_bulk_send_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsBulkSendHelper, cns_bulk_send_helper, CNS,
                      BULK_SEND_HELPER, CnsApplicationHelper)

CnsBulkSendHelper *
cns_bulk_send_helper_new (GType protocol, const CnsInetSocketAddress *remote);

G_END_DECLS
