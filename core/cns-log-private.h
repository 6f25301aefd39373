/* cns — start-up of logging, for the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_log_init (void);
G_GNUC_INTERNAL void cns_log_start (void);

G_END_DECLS
