/* cns — error domain of the routing module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "routing/cns-routing-error.h"

GQuark
cns_routing_error_quark (void)
{
  return g_quark_from_static_string ("cns-routing-error-quark");
}
