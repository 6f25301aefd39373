/* cns — start-up of the core module, called by the library's.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_core_init (void);
G_GNUC_INTERNAL void cns_core_random_init (void);

/* The config store's hooks (cns-config-store.c): every program gets
 * --ConfigStore::Mode without calling the store itself. */
G_GNUC_INTERNAL gboolean cns_config_store_apply_command_line (GError **error);
G_GNUC_INTERNAL void cns_config_store_run_hook (guint32 epoch);

G_END_DECLS
