/* cns — installing global routing, and computing its routes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-helper.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_GLOBAL_ROUTING_HELPER \
  (cns_ipv4_global_routing_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4GlobalRoutingHelper,
                      cns_ipv4_global_routing_helper, CNS,
                      IPV4_GLOBAL_ROUTING_HELPER, CnsIpv4RoutingHelper)

CnsIpv4GlobalRoutingHelper *cns_ipv4_global_routing_helper_new (void);
gboolean
cns_ipv4_global_routing_helper_populate_routing_tables (GError **error);
gboolean
cns_ipv4_global_routing_helper_recompute_routing_tables (GError **error);

G_END_DECLS
