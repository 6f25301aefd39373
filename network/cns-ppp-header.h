/* cns — the 2-byte PPP header of point-to-point links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-ether-type.h"
#include "network/cns-header.h"

G_BEGIN_DECLS

#define CNS_PPP_PROTOCOL_IPV4 0x0021
#define CNS_PPP_PROTOCOL_IPV6 0x0057

/**
 * CnsPppHeader:
 * @protocol: the PPP protocol number of the payload, %CNS_PPP_PROTOCOL_IPV4
 *
 * The header point-to-point devices put in front of every frame: only the
 * 2-byte protocol field of RFC 1661, as ns-3 does (no address and control
 * bytes, no flags or FCS), which Wireshark reads as link type PPP.
 */
typedef struct
{
  guint16 protocol;
} CnsPppHeader;

extern const CnsHeaderClass cns_ppp_header_class;

guint16 cns_ppp_header_protocol_from_ether_type (guint16 ether_type);
guint16 cns_ppp_header_protocol_to_ether_type (guint16 protocol);

G_END_DECLS
