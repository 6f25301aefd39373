/* cns — error domain of the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core-error.h"

G_DEFINE_QUARK (cns - core - error - quark, cns_core_error)
