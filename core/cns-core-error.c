/* cns — error domain of the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core-error.h"

/* Written out rather than with G_DEFINE_QUARK, whose dashed argument
 * clang-format would split. */
GQuark
cns_core_error_quark (void)
{
  return g_quark_from_static_string ("cns-core-error-quark");
}
