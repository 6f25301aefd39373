/* cns — everything of the routing module: global all-pairs routing and
 * nix-vector routing. Like ns-3's module headers: include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-internet.h"

#include "routing/cns-cuda-route-backend.h"
#include "routing/cns-global-route-manager.h"
#include "routing/cns-ipv4-global-routing-helper.h"
#include "routing/cns-ipv4-global-routing.h"
#include "routing/cns-nix-vector-helper.h"
#include "routing/cns-nix-vector-routing.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-route-graph.h"
#include "routing/cns-route-search.h"
#include "routing/cns-route-table.h"
#include "routing/cns-routing-error.h"
