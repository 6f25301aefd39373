/* cns — Erlang-distributed values: sums of exponential values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_ERLANG_RANDOM_VARIABLE (cns_erlang_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsErlangRandomVariable, cns_erlang_random_variable, CNS,
                      ERLANG_RANDOM_VARIABLE, CnsRandomVariable)

CnsRandomVariable *cns_erlang_random_variable_new (guint k, gdouble lambda);

G_END_DECLS
