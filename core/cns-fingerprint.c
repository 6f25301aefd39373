/* cns — a fingerprint of the events a run executed, the same on any
 * number of MPI ranks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each node's events run on one rank in the same order whatever the
 * split, so each node (context) keeps a hash chain over its events in
 * execution order: the time and the context that created the event (the
 * top of its ordering key; the rest of a key made outside any node
 * depends on the rank). At the end the chains and counts of all nodes are
 * summed over ranks, each node's being non-zero on one rank only, and
 * SHA-256 runs over (node, count, chain) in node order. Events outside
 * any node run on every rank and are left out.
 */
#include "core/cns-fingerprint-private.h"

#include "core/cns-mpi.h"
#include "core/cns-simulator-private.h"

#include <string.h>

static struct
{
  gboolean enabled;
  guint64 *chains; /* by context */
  guint64 *counts;
  gsize n;
} fp;

static inline guint64
fingerprint_mix (guint64 x)
{
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/**
 * cns_simulator_enable_fingerprint:
 *
 * Makes the simulator keep a fingerprint of the events it runs, for
 * cns_simulator_get_fingerprint(). Call it before cns_simulator_run(); it
 * costs a little time per event.
 */
void
cns_simulator_enable_fingerprint (void)
{
  fp.enabled = TRUE;
}

/* A run records each event when the fingerprint is on. */
void
cns_fingerprint_run_hook (guint32 epoch)
{
  cns_simulator_thread.fingerprint = fp.enabled;
}

static void
fingerprint_grow (gsize needed)
{
  gsize n = MAX (needed, 2 * fp.n);

  fp.chains = g_renew (guint64, fp.chains, n);
  fp.counts = g_renew (guint64, fp.counts, n);
  memset (fp.chains + fp.n, 0, (n - fp.n) * sizeof (guint64));
  memset (fp.counts + fp.n, 0, (n - fp.n) * sizeof (guint64));
  fp.n = n;
}

void
cns_fingerprint_reserve (guint32 n_contexts)
{
  if (n_contexts > fp.n)
    fingerprint_grow (n_contexts);
}

void
cns_fingerprint_record (guint32 context, CnsTime time, guint64 key)
{
  guint64 creator = key >> CNS_EVENT_KEY_SEQ_BITS;

  if (context == CNS_CONTEXT_NONE)
    return;
  if (context >= fp.n)
    fingerprint_grow ((gsize) context + 1);
  fp.chains[context] = fingerprint_mix (
      fp.chains[context] ^ fingerprint_mix ((guint64) time) ^ (creator << 1));
  fp.counts[context]++;
}

/**
 * cns_simulator_get_fingerprint:
 *
 * The SHA-256, in hex, of the events run so far in every node's context:
 * their times and creating contexts, node by node in execution order. A
 * distributed run gives the same value as a sequential one. Collective
 * under MPI: every rank calls it, and every rank gets the value.
 *
 * Returns: (transfer full) (nullable): the fingerprint, %NULL unless
 * cns_simulator_enable_fingerprint() was called.
 */
gchar *
cns_simulator_get_fingerprint (void)
{
  g_autoptr (GChecksum) sha = NULL;
  g_autofree guint64 *chains = NULL;
  g_autofree guint64 *counts = NULL;
  guint64 n = fp.n;

  if (!fp.enabled)
    return NULL;
  cns_mpi_max (&n, 1);
  chains = g_new0 (guint64, n);
  counts = g_new0 (guint64, n);
  if (fp.n > 0)
    {
      memcpy (chains, fp.chains, fp.n * sizeof (guint64));
      memcpy (counts, fp.counts, fp.n * sizeof (guint64));
    }
  cns_mpi_sum (chains, n);
  cns_mpi_sum (counts, n);
  sha = g_checksum_new (G_CHECKSUM_SHA256);
  for (guint64 c = 0; c < n; c++)
    {
      guint64 record[3];

      if (counts[c] == 0)
        continue;
      record[0] = GUINT64_TO_LE (c);
      record[1] = GUINT64_TO_LE (counts[c]);
      record[2] = GUINT64_TO_LE (chains[c]);
      g_checksum_update (sha, (const guchar *) record, sizeof record);
    }
  return g_strdup (g_checksum_get_string (sha));
}

void
cns_fingerprint_destroy_hook (guint32 epoch)
{
  g_clear_pointer (&fp.chains, g_free);
  g_clear_pointer (&fp.counts, g_free);
  fp.n = 0;
  fp.enabled = FALSE;
}
