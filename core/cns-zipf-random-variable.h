/* cns — Zipf-distributed integers 1 .. N.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

#define CNS_TYPE_ZIPF_RANDOM_VARIABLE (cns_zipf_random_variable_get_type ())
G_DECLARE_FINAL_TYPE (CnsZipfRandomVariable, cns_zipf_random_variable, CNS,
                      ZIPF_RANDOM_VARIABLE, CnsRandomVariable)

/* The largest N: a draw searches a table of N probabilities. */
#define CNS_ZIPF_RANDOM_VARIABLE_MAX_N 10000000

CnsRandomVariable *cns_zipf_random_variable_new (guint n, gdouble alpha);

G_END_DECLS
