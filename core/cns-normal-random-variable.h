/* cns — normally distributed values, optionally bounded around the mean.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_NORMAL_RANDOM_VARIABLE (cns_normal_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsNormalRandomVariable, cns_normal_random_variable, CNS,
                      NORMAL_RANDOM_VARIABLE, CnsRandomVariable)

/* ns-3's INFINITE_VALUE: the default Bound, in effect none. */
#define CNS_NORMAL_RANDOM_VARIABLE_NO_BOUND 1e307

CnsRandomVariable *
cns_normal_random_variable_new (gdouble mean, gdouble variance, gdouble bound);

G_END_DECLS
