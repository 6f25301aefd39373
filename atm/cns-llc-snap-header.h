/* cns — the LLC/SNAP header of routed PDUs over AAL5 (RFC 2684).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-header.h"

G_BEGIN_DECLS

#define CNS_LLC_SNAP_HEADER_SIZE 8

/**
 * CnsLlcSnapHeader:
 * @ether_type: the EtherType of the payload, 0x0800 for IPv4
 *
 * LLC AA-AA-03, SNAP OUI 00-00-00 and the EtherType: the header RFC 2684
 * puts in front of a routed, non-ISO PDU so that several protocols can
 * share one VC (LLC encapsulation, the default of RFC 2225). Its
 * deserialize refuses any other LLC or OUI.
 */
typedef struct
{
  guint16 ether_type;
} CnsLlcSnapHeader;

extern const CnsHeaderClass cns_llc_snap_header_class;

G_END_DECLS
