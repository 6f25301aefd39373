/* cns — what tests read of nix-vector routing's shared state.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint64 cns_nix_vector_routing_get_n_settled (void);
guint32 cns_nix_vector_routing_get_epoch (void);

G_END_DECLS
