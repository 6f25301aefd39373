/* cns — MRG32k3a random number streams.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsRngStream:
 *
 * One stream of L'Ecuyer's MRG32k3a combined multiple recursive generator
 * (period about 2^191), split into 2^64 streams of 2^127 values, each split
 * into substreams of 2^76 values, as in L'Ecuyer, Simard, Chen and Kelton,
 * "An object-oriented random-number package with many long streams and
 * substreams" (Operations Research 50(6), 2002). A plain struct: embed it.
 *
 * cns uses the stream number to tell objects apart and the substream for
 * the run number (RngRun), as ns-3 does: the same RngSeed, RngRun and
 * stream give the same values on every platform.
 */
typedef struct
{
  /*< private >*/
  guint64 s[6];
} CnsRngStream;

void cns_rng_stream_init (CnsRngStream *self, guint32 seed, guint64 stream,
                          guint64 substream);
gboolean cns_rng_stream_set_state (CnsRngStream *self, const guint32 state[6]);
void cns_rng_stream_get_state (const CnsRngStream *self, guint32 state[6]);
gdouble cns_rng_stream_uniform (CnsRngStream *self);
void cns_rng_stream_skip (CnsRngStream *self, guint64 steps);
void cns_rng_stream_jump (CnsRngStream *self, guint log2_steps);

G_END_DECLS
