/* cns — the network module: packets, addresses, nodes, net devices,
 * channels, queues, point-to-point links, error models, tracing, and the
 * application and socket base classes.
 * Like ns-3's network-module.h: include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-core.h"

#include "network/cns-address.h"
#include "network/cns-application-container.h"
#include "network/cns-application-helper.h"
#include "network/cns-application.h"
#include "network/cns-ascii-trace-helper.h"
#include "network/cns-byte-reader.h"
#include "network/cns-byte-writer.h"
#include "network/cns-channel.h"
#include "network/cns-drop-tail-queue.h"
#include "network/cns-error-model.h"
#include "network/cns-ether-type.h"
#include "network/cns-header.h"
#include "network/cns-list-error-model.h"
#include "network/cns-mac48-address.h"
#include "network/cns-net-device-container.h"
#include "network/cns-net-device.h"
#include "network/cns-network-error.h"
#include "network/cns-node-container.h"
#include "network/cns-nix-vector.h"
#include "network/cns-node.h"
#include "network/cns-packet.h"
#include "network/cns-pcap-file.h"
#include "network/cns-pcap-helper.h"
#include "network/cns-point-to-point-channel.h"
#include "network/cns-point-to-point-helper.h"
#include "network/cns-point-to-point-remote-channel.h"
#include "network/cns-point-to-point-net-device.h"
#include "network/cns-ppp-header.h"
#include "network/cns-queue.h"
#include "network/cns-rate-error-model.h"
#include "network/cns-socket-factory.h"
#include "network/cns-socket.h"
#include "network/cns-tag.h"
