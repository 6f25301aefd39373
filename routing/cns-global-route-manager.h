/* cns — the shared state of global routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "routing/cns-route-table.h"

G_BEGIN_DECLS

#define CNS_TYPE_GLOBAL_ROUTE_MANAGER (cns_global_route_manager_get_type ())
G_DECLARE_FINAL_TYPE (CnsGlobalRouteManager, cns_global_route_manager, CNS,
                      GLOBAL_ROUTE_MANAGER, CnsObject)

CnsGlobalRouteManager *cns_global_route_manager_get_default (void);
gboolean cns_global_route_manager_populate (CnsGlobalRouteManager *self,
                                            GError **error);
CnsRouteTable *cns_global_route_manager_get_table (CnsGlobalRouteManager *self);
gboolean cns_global_route_manager_is_stale (CnsGlobalRouteManager *self);
void cns_global_route_manager_mark_stale (CnsGlobalRouteManager *self);

G_END_DECLS
