/* cns — static routing for the internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-helper.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_STATIC_ROUTING_HELPER \
  (cns_ipv4_static_routing_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4StaticRoutingHelper,
                      cns_ipv4_static_routing_helper, CNS,
                      IPV4_STATIC_ROUTING_HELPER, CnsIpv4RoutingHelper)

CnsIpv4StaticRoutingHelper *cns_ipv4_static_routing_helper_new (void);

G_END_DECLS
