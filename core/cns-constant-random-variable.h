/* cns — a random variable that always gives the same value.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_CONSTANT_RANDOM_VARIABLE \
  (cns_constant_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsConstantRandomVariable, cns_constant_random_variable,
                      CNS, CONSTANT_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_constant_random_variable_new (gdouble constant);
CnsRandomVariable *
cns_constant_random_variable_new_unnumbered (gdouble constant);
gdouble
cns_constant_random_variable_get_constant (CnsConstantRandomVariable *self);

G_END_DECLS
