/* cns — a constant-bit-rate source that switches on and off.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"
#include "applications/cns-source-application.h"

G_BEGIN_DECLS

#define CNS_TYPE_ON_OFF_APPLICATION (cns_on_off_application_get_type ())
G_DECLARE_FINAL_TYPE (CnsOnOffApplication, cns_on_off_application, CNS,
                      ON_OFF_APPLICATION, CnsSourceApplication)

CnsOnOffApplication *cns_on_off_application_new (void);
void cns_on_off_application_set_remote (CnsOnOffApplication *self,
                                        const CnsInetSocketAddress *remote);
void cns_on_off_application_set_max_bytes (CnsOnOffApplication *self,
                                           guint64 max_bytes);
CnsSocket *cns_on_off_application_get_socket (CnsOnOffApplication *self);
gint64 cns_on_off_application_assign_streams (CnsOnOffApplication *self,
                                              gint64 stream);

G_END_DECLS
