/* cns — a repeating sequence of increasing values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE \
  (cns_sequential_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsSequentialRandomVariable,
                      cns_sequential_random_variable, CNS,
                      SEQUENTIAL_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_sequential_random_variable_new (
    gdouble min, gdouble max, CnsRandomVariable *increment, guint consecutive);

G_END_DECLS
