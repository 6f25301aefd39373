/* cns — gamma-distributed values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_GAMMA_RANDOM_VARIABLE (cns_gamma_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsGammaRandomVariable, cns_gamma_random_variable, CNS,
                      GAMMA_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_gamma_random_variable_new (gdouble alpha, gdouble beta);

G_END_DECLS
