/* cns — helpers shared by the random variable types.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-random-variable.h"

G_BEGIN_DECLS

G_GNUC_INTERNAL guint32 cns_random_variable_clamp_integer (gdouble value);
G_GNUC_INTERNAL void
cns_random_variable_set_unnumbered (CnsRandomVariable *self);
G_GNUC_INTERNAL gboolean cns_random_variable_check_bound (gdouble bound,
                                                          gdouble kept,
                                                          GError **error);

G_END_DECLS
