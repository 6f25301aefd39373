/* cns — the global seed, run number and automatic stream numbers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Streams below this number are for explicit assignment (assign_streams);
 * automatic ones are handed out from here upwards, as in ns-3. */
#define CNS_RNG_AUTOMATIC_STREAM_BASE (G_GUINT64_CONSTANT (1) << 63)

guint32 cns_rng_seed_manager_get_seed (void);
void cns_rng_seed_manager_set_seed (guint32 seed);
guint64 cns_rng_seed_manager_get_run (void);
void cns_rng_seed_manager_set_run (guint64 run);
guint64 cns_rng_seed_manager_next_stream (void);
void cns_rng_seed_manager_reset_next_stream (void);

G_END_DECLS
