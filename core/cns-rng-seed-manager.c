/* cns — the global seed, run number and automatic stream numbers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RngSeed and RngRun are global values, so they can be set from the command
 * line (--RngRun=3) or the environment (CNS_GLOBAL_VALUE="RngRun=3"). As in
 * ns-3, changing the run number rather than the seed is the way to get
 * independent replications: runs select substreams of the same streams.
 */
#include "core/cns-rng-seed-manager.h"

#include "core/cns-global-value.h"
#include "core/cns-log.h"
#include "core/cns-rng-seed-manager-private.h"

/* MRG32k3a's second component needs a seed below m2 = 4294944443. */
#define RNG_SEED_MAX G_GUINT64_CONSTANT (4294944442)
/* Substreams are 2^76 values apart inside a stream of 2^127. */
#define RNG_RUN_MAX ((G_GUINT64_CONSTANT (1) << 51) - 1)

static guint64 next_stream;

/**
 * cns_rng_seed_manager_get_seed:
 *
 * Returns: the RngSeed global value.
 */
guint32
cns_rng_seed_manager_get_seed (void)
{
  return (guint32) cns_global_value_get_uint64 ("RngSeed");
}

/**
 * cns_rng_seed_manager_set_seed:
 *
 * Sets RngSeed (1 to 4294944442).
 */
void
cns_rng_seed_manager_set_seed (guint32 seed)
{
  g_auto (GValue) v = G_VALUE_INIT;
  g_autoptr (GError) error = NULL;

  g_value_init (&v, G_TYPE_UINT);
  g_value_set_uint (&v, seed);
  if (!cns_global_value_set_value ("RngSeed", &v, &error))
    g_critical ("%s: %s", G_STRFUNC, error->message);
}

/**
 * cns_rng_seed_manager_get_run:
 *
 * Returns: the RngRun global value.
 */
guint64
cns_rng_seed_manager_get_run (void)
{
  return cns_global_value_get_uint64 ("RngRun");
}

/**
 * cns_rng_seed_manager_set_run:
 *
 * Sets RngRun (0 to 2^51 - 1).
 */
void
cns_rng_seed_manager_set_run (guint64 run)
{
  g_auto (GValue) v = G_VALUE_INIT;
  g_autoptr (GError) error = NULL;

  g_value_init (&v, G_TYPE_UINT64);
  g_value_set_uint64 (&v, run);
  if (!cns_global_value_set_value ("RngRun", &v, &error))
    g_critical ("%s: %s", G_STRFUNC, error->message);
}

/**
 * cns_rng_seed_manager_next_stream:
 *
 * Returns: a stream number for an object that was not given one, counting
 * up from 0 in creation order.
 */
guint64
cns_rng_seed_manager_next_stream (void)
{
  if (G_UNLIKELY (next_stream == CNS_RNG_ASSIGNED_STREAM_BASE))
    cns_fatal ("more than 2^63 automatic random streams were handed out");
  return next_stream++;
}

/**
 * cns_rng_seed_manager_reset_next_stream:
 *
 * Starts automatic stream numbers over; cns_simulator_destroy() calls it so
 * that consecutive simulations in one program are reproducible.
 */
void
cns_rng_seed_manager_reset_next_stream (void)
{
  next_stream = 0;
}

/* Installs RngSeed and RngRun. */
void
cns_rng_seed_manager_install_global_values (void)
{
  cns_global_value_install (
      g_param_spec_uint ("RngSeed", "Random seed",
                         "The seed of every random stream (1 to 4294944442)", 1,
                         (guint) RNG_SEED_MAX, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS),
      NULL);
  cns_global_value_install (
      g_param_spec_uint64 ("RngRun", "Run number",
                           "The run number: selects the substream of every "
                           "random stream, for independent replications",
                           0, RNG_RUN_MAX, 1,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS),
      NULL);
}
