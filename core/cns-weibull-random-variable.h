/* cns — Weibull-distributed values, optionally bounded.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_WEIBULL_RANDOM_VARIABLE \
  (cns_weibull_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsWeibullRandomVariable, cns_weibull_random_variable,
                      CNS, WEIBULL_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *
cns_weibull_random_variable_new (gdouble scale, gdouble shape, gdouble bound);

G_END_DECLS
