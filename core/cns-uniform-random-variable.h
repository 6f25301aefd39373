/* cns — values spread evenly between a minimum and a maximum.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_UNIFORM_RANDOM_VARIABLE \
  (cns_uniform_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsUniformRandomVariable, cns_uniform_random_variable,
                      CNS, UNIFORM_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_uniform_random_variable_new (gdouble min, gdouble max);
gdouble
cns_uniform_random_variable_get_value_in (CnsUniformRandomVariable *self,
                                          gdouble min, gdouble max);
guint32
cns_uniform_random_variable_get_integer_in (CnsUniformRandomVariable *self,
                                            guint32 min, guint32 max);

G_END_DECLS
