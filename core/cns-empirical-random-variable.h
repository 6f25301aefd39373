/* cns — values following a cumulative distribution given as points.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE \
  (cns_empirical_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsEmpiricalRandomVariable, cns_empirical_random_variable,
                      CNS, EMPIRICAL_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_empirical_random_variable_new (void);
void cns_empirical_random_variable_add_point (CnsEmpiricalRandomVariable *self,
                                              gdouble value,
                                              gdouble probability);

G_END_DECLS
