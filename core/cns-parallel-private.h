/* cns — running LPs on several threads of one process.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-simulator-private.h"

G_BEGIN_DECLS

/* The parallel run's side of the simulator, for the core's start-up to
 * register. */
G_GNUC_INTERNAL extern const CnsSimulatorParallelOps cns_parallel_ops;

G_END_DECLS
