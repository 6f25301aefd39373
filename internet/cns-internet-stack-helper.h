/* cns — installing IPv4, ICMP and UDP on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-routing-helper.h"
#include "network/cns-node-container.h"

G_BEGIN_DECLS

#define CNS_TYPE_INTERNET_STACK_HELPER (cns_internet_stack_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsInternetStackHelper, cns_internet_stack_helper, CNS,
                      INTERNET_STACK_HELPER, GObject)

CnsInternetStackHelper *cns_internet_stack_helper_new (void);
void
cns_internet_stack_helper_set_routing_helper (CnsInternetStackHelper *self,
                                              CnsIpv4RoutingHelper *routing);
gboolean cns_internet_stack_helper_install (CnsInternetStackHelper *self,
                                            CnsNode *node, GError **error);
gboolean cns_internet_stack_helper_install_container (
    CnsInternetStackHelper *self, CnsNodeContainer *nodes, GError **error);
gboolean cns_internet_stack_helper_install_all (CnsInternetStackHelper *self,
                                                GError **error);

G_END_DECLS
