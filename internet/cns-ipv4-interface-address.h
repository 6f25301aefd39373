/* cns — an address of an IPv4 interface.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"

G_BEGIN_DECLS

/**
 * CnsIpv4InterfaceAddressScope:
 * @CNS_IPV4_SCOPE_HOST: valid on this host only (loopback)
 * @CNS_IPV4_SCOPE_LINK: valid on the link only
 * @CNS_IPV4_SCOPE_GLOBAL: valid everywhere
 */
typedef enum
{
  CNS_IPV4_SCOPE_HOST,
  CNS_IPV4_SCOPE_LINK,
  CNS_IPV4_SCOPE_GLOBAL,
} CnsIpv4InterfaceAddressScope;

/**
 * CnsIpv4InterfaceAddress:
 * @local: the interface's address
 * @mask: its network mask
 * @broadcast: the subnet's directed broadcast address
 * @scope: where the address is valid, a #CnsIpv4InterfaceAddressScope
 * @secondary: whether it is a secondary address
 *
 * As ns-3's Ipv4InterfaceAddress; passed by value. 16 bytes: every node
 * stores one per interface.
 */
typedef struct
{
  CnsIpv4Address local;
  CnsIpv4Mask mask;
  CnsIpv4Address broadcast;
  guint8 scope;
  guint8 secondary;
} CnsIpv4InterfaceAddress;

/* Hidden from g-ir-scanner, whose parser takes no compound literal. */
#ifndef __GI_SCANNER__
/* An address with global scope whose broadcast is derived from @mask. */
static inline CnsIpv4InterfaceAddress
cns_ipv4_interface_address_init (CnsIpv4Address local, CnsIpv4Mask mask)
{
  return (CnsIpv4InterfaceAddress){
    local, mask, cns_ipv4_address_get_subnet_directed_broadcast (local, mask),
    CNS_IPV4_SCOPE_GLOBAL, FALSE
  };
}
#endif

G_END_DECLS
