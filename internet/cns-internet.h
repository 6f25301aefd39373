/* cns — the internet module: IPv4, ICMP, UDP, sockets, routing, helpers
 * and applications. Like ns-3's internet-module.h: include this one
 * header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-network.h"

#include "internet/cns-application-container.h"
#include "internet/cns-application-helper.h"
#include "internet/cns-application.h"
#include "internet/cns-icmpv4-header.h"
#include "internet/cns-icmpv4-l4-protocol.h"
#include "internet/cns-internet-error.h"
#include "internet/cns-ipv4-address.h"
#include "internet/cns-ipv4-header.h"
#include "internet/cns-ipv4-interface-address.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "internet/cns-ipv4-l4-protocol.h"
#include "internet/cns-ipv4-list-routing.h"
#include "internet/cns-ipv4-route.h"
#include "internet/cns-ipv4-routing-protocol.h"
#include "internet/cns-ipv4-routing-table-entry.h"
#include "internet/cns-ipv4-static-routing.h"
#include "internet/cns-loopback-net-device.h"
#include "internet/cns-on-off-application.h"
#include "internet/cns-on-off-helper.h"
#include "internet/cns-packet-sink-helper.h"
#include "internet/cns-packet-sink.h"
#include "internet/cns-socket-factory.h"
#include "internet/cns-socket.h"
#include "internet/cns-udp-echo-client-helper.h"
#include "internet/cns-udp-echo-client.h"
#include "internet/cns-udp-echo-server-helper.h"
#include "internet/cns-udp-echo-server.h"
#include "internet/cns-udp-header.h"
#include "internet/cns-udp-l4-protocol.h"
#include "internet/cns-udp-socket-factory.h"
#include "internet/cns-udp-socket.h"
