/* cns — output files, checked before a run.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean cns_output_check_file (const gchar *path, GError **error);
gboolean cns_output_check_directory (const gchar *path, GError **error);

G_END_DECLS
