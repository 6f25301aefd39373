/* cns — an error model that corrupts the packets it is told to.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-error-model.h"

G_BEGIN_DECLS

#define CNS_TYPE_LIST_ERROR_MODEL (cns_list_error_model_get_type ())
G_DECLARE_FINAL_TYPE (CnsListErrorModel, cns_list_error_model, CNS,
                      LIST_ERROR_MODEL, CnsErrorModel)

CnsErrorModel *cns_list_error_model_new (void);
void cns_list_error_model_set_list (CnsListErrorModel *self,
                                    const guint64 *uids, guint n_uids);
void cns_list_error_model_add_uid (CnsListErrorModel *self, guint64 uid);

G_END_DECLS
