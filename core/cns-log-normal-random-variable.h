/* cns — log-normally distributed values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_LOG_NORMAL_RANDOM_VARIABLE \
  (cns_log_normal_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsLogNormalRandomVariable,
                      cns_log_normal_random_variable, CNS,
                      LOG_NORMAL_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_log_normal_random_variable_new (gdouble mu,
                                                       gdouble sigma);

G_END_DECLS
