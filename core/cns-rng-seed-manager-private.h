/* cns — seed manager internals.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_rng_seed_manager_install_global_values (void);

G_END_DECLS
