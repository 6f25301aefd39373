/* cns — error domain of the internet module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet-error.h"

/* Written out rather than with G_DEFINE_QUARK, whose dashed argument
 * clang-format would split. */
GQuark
cns_internet_error_quark (void)
{
  return g_quark_from_static_string ("cns-internet-error-quark");
}
