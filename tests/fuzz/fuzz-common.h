/* cns — what the fuzz harnesses share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Bad input is reported with a GError: a critical (the library misused,
 * by itself here) or a warning (GLib's "GError set over the top of a
 * previous GError" among them) is a bug. abort() rather than GLib's fatal
 * mask, whose breakpoint trap libFuzzer would not catch. Install with
 * g_log_set_default_handler (fuzz_abort_on_warning, NULL). */
static inline void
fuzz_abort_on_warning (const gchar *domain, GLogLevelFlags level,
                       const gchar *message, gpointer user_data)
{
  g_log_default_handler (domain, level, message, user_data);
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
}
