/* cns — start-up of the applications module, called by the library's.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_applications_init (void);

G_END_DECLS
