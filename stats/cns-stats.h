/* cns — the statistics module: the flow monitor (per-flow counters,
 * delay and jitter histograms, XML in ns-3's format) and the delay
 * monitor. Like ns-3's flow-monitor-module.h and stats-module.h together:
 * include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-internet.h"

#include "stats/cns-delay-monitor.h"
#include "stats/cns-flow-monitor-helper.h"
#include "stats/cns-flow-monitor.h"
