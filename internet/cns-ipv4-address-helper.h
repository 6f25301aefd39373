/* cns — handing out IPv4 addresses to devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-interface-container.h"
#include "network/cns-net-device-container.h"

G_BEGIN_DECLS

#define CNS_TYPE_IPV4_ADDRESS_HELPER (cns_ipv4_address_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsIpv4AddressHelper, cns_ipv4_address_helper, CNS,
                      IPV4_ADDRESS_HELPER, GObject)

CnsIpv4AddressHelper *cns_ipv4_address_helper_new (void);
gboolean cns_ipv4_address_helper_set_base (CnsIpv4AddressHelper *self,
                                           const gchar *network,
                                           const gchar *mask, const gchar *base,
                                           GError **error);
gboolean cns_ipv4_address_helper_new_address (CnsIpv4AddressHelper *self,
                                              CnsIpv4Address *out,
                                              GError **error);
void cns_ipv4_address_helper_new_network (CnsIpv4AddressHelper *self);
CnsIpv4InterfaceContainer *
cns_ipv4_address_helper_assign (CnsIpv4AddressHelper *self,
                                CnsNetDeviceContainer *devices, GError **error);

G_END_DECLS
