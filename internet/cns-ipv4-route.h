/* cns — the answer of a routing protocol.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-net-device.h"

G_BEGIN_DECLS

/**
 * CnsIpv4Route:
 * @destination: the packet's destination
 * @source: the source address to use (for locally sent packets)
 * @gateway: the next hop, or 0.0.0.0 when the destination is on the link
 * @output_device: (transfer none): the device to send on
 * @interface: the index of the IPv4 interface of @output_device
 *
 * ns-3's Ipv4Route, as a plain struct the caller provides: a routing
 * protocol fills it in, so that routing a packet allocates nothing.
 */
typedef struct
{
  CnsIpv4Address destination;
  CnsIpv4Address source;
  CnsIpv4Address gateway;
  CnsNetDevice *output_device;
  guint32 interface;
} CnsIpv4Route;

G_END_DECLS
