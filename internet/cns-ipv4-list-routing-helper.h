/* cns — stacked routing protocols for the internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-helper.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_LIST_ROUTING_HELPER \
  (cns_ipv4_list_routing_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4ListRoutingHelper, cns_ipv4_list_routing_helper,
                      CNS, IPV4_LIST_ROUTING_HELPER, CnsIpv4RoutingHelper)

CnsIpv4ListRoutingHelper *cns_ipv4_list_routing_helper_new (void);
void cns_ipv4_list_routing_helper_add (CnsIpv4ListRoutingHelper *self,
                                       CnsIpv4RoutingHelper *helper,
                                       gint16 priority);

G_END_DECLS
