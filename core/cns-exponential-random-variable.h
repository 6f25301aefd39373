/* cns — exponentially distributed values, optionally bounded.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_EXPONENTIAL_RANDOM_VARIABLE \
  (cns_exponential_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsExponentialRandomVariable,
                      cns_exponential_random_variable, CNS,
                      EXPONENTIAL_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_exponential_random_variable_new (gdouble mean,
                                                        gdouble bound);

G_END_DECLS
