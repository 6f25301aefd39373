/* cns — installing nix-vector routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "internet/cns-ipv4-address.h"
#include "internet/cns-ipv4-routing-helper.h"

G_BEGIN_DECLS

#define CNS_TYPE_NIX_VECTOR_HELPER (cns_nix_vector_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsNixVectorHelper, cns_nix_vector_helper, CNS,
                      NIX_VECTOR_HELPER, CnsIpv4RoutingHelper)

CnsNixVectorHelper *cns_nix_vector_helper_new (void);
void cns_nix_vector_helper_print_routing_path_at (CnsNixVectorHelper *self,
                                                  CnsTime at, CnsNode *source,
                                                  CnsIpv4Address destination,
                                                  GString *out);

G_END_DECLS
