/* cns — EtherTypes: how devices name the protocol of a frame's payload.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Net devices take and hand up payloads tagged with an EtherType whatever
 * their link: PPP maps it to its protocol numbers, LLC/SNAP over AAL5
 * carries it as is.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_ETHER_TYPE_IPV4 0x0800
#define CNS_ETHER_TYPE_ARP  0x0806
#define CNS_ETHER_TYPE_IPV6 0x86DD

G_END_DECLS
