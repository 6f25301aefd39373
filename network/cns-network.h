/* cns — the network module: packets, addresses, nodes, net devices,
 * channels, queues, point-to-point links, error models and tracing.
 * Like ns-3's network-module.h: include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-core.h"

#include "network/cns-address.h"
#include "network/cns-error-model.h"
#include "network/cns-header.h"
#include "network/cns-list-error-model.h"
#include "network/cns-mac48-address.h"
#include "network/cns-network-error.h"
#include "network/cns-packet.h"
#include "network/cns-pcap-file.h"
#include "network/cns-rate-error-model.h"
#include "network/cns-tag.h"
