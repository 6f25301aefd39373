/* cns — Pareto-distributed (power-law tail) values, optionally bounded.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_PARETO_RANDOM_VARIABLE (cns_pareto_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsParetoRandomVariable, cns_pareto_random_variable, CNS,
                      PARETO_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_pareto_random_variable_new (gdouble scale, gdouble shape,
                                                   gdouble bound);

G_END_DECLS
