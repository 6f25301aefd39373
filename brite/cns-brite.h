/* cns — everything of the BRITE module: configuration files, generators,
 * the .brite format and the topology helper. Include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "routing/cns-routing.h"

#include "brite/cns-brite-config.h"
#include "brite/cns-brite-error.h"
#include "brite/cns-brite-generator.h"
#include "brite/cns-brite-topology-helper.h"
#include "brite/cns-brite-topology.h"
