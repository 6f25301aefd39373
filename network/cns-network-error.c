/* cns — error domain of the network module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "network/cns-network-error.h"

/* Written out rather than with G_DEFINE_QUARK, whose dashed argument
 * clang-format would split. */
GQuark
cns_network_error_quark (void)
{
  return g_quark_from_static_string ("cns-network-error-quark");
}
