/* cns — the core module: time, events, the simulator, objects,
 * attributes, configuration, command line, logging and randomness.
 * Like ns-3's core-module.h: include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-attribute.h"
#include "core/cns-command-line.h"
#include "core/cns-config.h"
#include "core/cns-constant-random-variable.h"
#include "core/cns-core-error.h"
#include "core/cns-data-rate.h"
#include "core/cns-empirical-random-variable.h"
#include "core/cns-erlang-random-variable.h"
#include "core/cns-event.h"
#include "core/cns-exponential-random-variable.h"
#include "core/cns-gamma-random-variable.h"
#include "core/cns-global-value.h"
#include "core/cns-log-normal-random-variable.h"
#include "core/cns-log.h"
#include "core/cns-normal-random-variable.h"
#include "core/cns-object-factory.h"
#include "core/cns-object.h"
#include "core/cns-pareto-random-variable.h"
#include "core/cns-prefetch.h"
#include "core/cns-queue-size.h"
#include "core/cns-random-variable.h"
#include "core/cns-rng-seed-manager.h"
#include "core/cns-rng-stream.h"
#include "core/cns-scheduler.h"
#include "core/cns-sequential-random-variable.h"
#include "core/cns-simulator-impl.h"
#include "core/cns-simulator.h"
#include "core/cns-time.h"
#include "core/cns-trace-source.h"
#include "core/cns-uniform-random-variable.h"
#include "core/cns-weibull-random-variable.h"
#include "core/cns-zipf-random-variable.h"
