/* cns — the internet module: IPv4, ICMP, UDP, TCP, sockets, static and
 * list routing, stack and address helpers. Like ns-3's internet-module.h:
 * include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-network.h"

#include "internet/cns-icmpv4-header.h"
#include "internet/cns-icmpv4-l4-protocol.h"
#include "internet/cns-internet-error.h"
#include "internet/cns-internet-stack-helper.h"
#include "internet/cns-ipv4-address-helper.h"
#include "internet/cns-ipv4-address.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-interface-address.h"
#include "internet/cns-ipv4-interface-container.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "internet/cns-ipv4-l4-protocol.h"
#include "internet/cns-ipv4-neighbour-resolver.h"
#include "internet/cns-ipv4-list-routing-helper.h"
#include "internet/cns-ipv4-list-routing.h"
#include "internet/cns-ipv4-route.h"
#include "internet/cns-ipv4-routing-helper.h"
#include "internet/cns-ipv4-routing-protocol.h"
#include "internet/cns-ipv4-routing-table-entry.h"
#include "internet/cns-ipv4-static-routing-helper.h"
#include "internet/cns-ipv4-static-routing.h"
#include "internet/cns-loopback-net-device.h"
#include "internet/cns-tcp-congestion-ops.h"
#include "internet/cns-tcp-header.h"
#include "internet/cns-tcp-l4-protocol.h"
#include "internet/cns-tcp-socket-factory.h"
#include "internet/cns-tcp-socket.h"
#include "internet/cns-udp-header.h"
#include "internet/cns-udp-l4-protocol.h"
#include "internet/cns-udp-socket-factory.h"
#include "internet/cns-udp-socket.h"
