/* cns — error domain of the routing module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_ROUTING_ERROR (cns_routing_error_quark ())

/**
 * CnsRoutingError:
 * @CNS_ROUTING_ERROR_PARSE: a graph file is malformed
 * @CNS_ROUTING_ERROR_UNKNOWN_BACKEND: no backend has the name asked for
 * @CNS_ROUTING_ERROR_MEMORY_BUDGET: a table would exceed the memory budget
 * @CNS_ROUTING_ERROR_FAILED: a backend could not fill a table
 *
 * Errors of route computation.
 */
typedef enum
{
  CNS_ROUTING_ERROR_PARSE,
  CNS_ROUTING_ERROR_UNKNOWN_BACKEND,
  CNS_ROUTING_ERROR_MEMORY_BUDGET,
  CNS_ROUTING_ERROR_FAILED,
} CnsRoutingError;

GQuark cns_routing_error_quark (void);

G_END_DECLS
