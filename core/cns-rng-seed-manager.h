/* cns — the global seed, run number and automatic stream numbers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* As in ns-3, objects not given a stream take automatic ones counting up
 * from 0, and an explicitly assigned stream s (assign_streams, the Stream
 * attribute) is stream 2^63 + s, so the two never meet and cns draws the
 * same values as ns-3 for the same seed, run and stream. */
#define CNS_RNG_ASSIGNED_STREAM_BASE (G_GUINT64_CONSTANT (1) << 63)

guint32 cns_rng_seed_manager_get_seed (void);
void cns_rng_seed_manager_set_seed (guint32 seed);
guint64 cns_rng_seed_manager_get_run (void);
void cns_rng_seed_manager_set_run (guint64 run);
guint64 cns_rng_seed_manager_next_stream (void);
void cns_rng_seed_manager_reset_next_stream (void);

G_END_DECLS
