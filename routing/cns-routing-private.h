/* cns — start-up of the routing module, called by the library's, and
 * what its files share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_routing_init (void);
G_GNUC_INTERNAL void cns_spf_route_backend_register (void);

G_END_DECLS
