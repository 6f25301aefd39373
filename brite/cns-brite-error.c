/* cns — error domain of the BRITE module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "brite/cns-brite-error.h"

GQuark
cns_brite_error_quark (void)
{
  return g_quark_from_static_string ("cns-brite-error-quark");
}
