/* cns — a source that sends as fast as its connection takes the bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "applications/cns-source-application.h"

G_BEGIN_DECLS

#define CNS_TYPE_BULK_SEND_APPLICATION (cns_bulk_send_application_get_type ())
G_DECLARE_FINAL_TYPE (CnsBulkSendApplication, cns_bulk_send_application, CNS,
                      BULK_SEND_APPLICATION, CnsSourceApplication)

CnsBulkSendApplication *cns_bulk_send_application_new (void);
void cns_bulk_send_application_set_remote (CnsBulkSendApplication *self,
                                           const CnsInetSocketAddress *remote);
void cns_bulk_send_application_set_max_bytes (CnsBulkSendApplication *self,
                                              guint64 max_bytes);
guint64
cns_bulk_send_application_get_total_bytes (CnsBulkSendApplication *self);
CnsSocket *cns_bulk_send_application_get_socket (CnsBulkSendApplication *self);

G_END_DECLS
