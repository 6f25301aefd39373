/* cns — the statistics of a distributed run and their JSON.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What each rank counted (cns_mpi_stats, kept by the MPI interface and the
 * distributed simulators), collected on rank 0 and written as the per-rank
 * arrays of an example's --json line.
 */
#include "core/cns-mpi-private.h"

#include "core/cns-simulator.h"

/**
 * cns_mpi_get_stats:
 * @out: (out caller-allocates): this rank's statistics
 */
void
cns_mpi_get_stats (CnsMpiStats *out)
{
  g_return_if_fail (out != NULL);
  *out = cns_mpi_stats;
  out->events = cns_simulator_get_event_count ();
}

/* The fields of CnsMpiStats in the order of --json's per-rank arrays; the
 * blocked time travels in microseconds. */
enum
{
  RANK_EVENTS,
  RANK_MESSAGES_SENT,
  RANK_MESSAGES_RECEIVED,
  RANK_PACKETS_SENT,
  RANK_PACKETS_RECEIVED,
  RANK_NULL_MESSAGES,
  RANK_WINDOWS,
  RANK_BLOCKED_US,
  RANK_N
};

static const gchar *const rank_keys[RANK_N]
    = { "events",       "messages_sent",    "messages_received",
        "packets_sent", "packets_received", "null_messages",
        "windows",      "blocked_s" };

/**
 * cns_mpi_gather_stats: (skip)
 * @events: the events this rank ran, as the program counts them
 *
 * Collects every rank's statistics on rank 0, each with its @events.
 * Collective.
 *
 * Returns: (transfer full) (nullable): on rank 0, one #CnsMpiStats per
 * rank, in rank order (free with g_free()); %NULL on the other ranks.
 */
CnsMpiStats *
cns_mpi_gather_stats (guint64 events)
{
  guint32 size = cns_mpi_get_size ();
  guint64 mine[RANK_N] = {
    [RANK_EVENTS] = events,
    [RANK_MESSAGES_SENT] = cns_mpi_stats.messages_sent,
    [RANK_MESSAGES_RECEIVED] = cns_mpi_stats.messages_received,
    [RANK_PACKETS_SENT] = cns_mpi_stats.packets_sent,
    [RANK_PACKETS_RECEIVED] = cns_mpi_stats.packets_received,
    [RANK_NULL_MESSAGES] = cns_mpi_stats.null_messages,
    [RANK_WINDOWS] = cns_mpi_stats.windows,
    [RANK_BLOCKED_US] = (guint64) (cns_mpi_stats.blocked_s * 1e6 + 0.5),
  };
  g_autofree guint64 *all = NULL;
  CnsMpiStats *out;

  if (cns_mpi_get_rank () == 0)
    all = g_new (guint64, (gsize) RANK_N * size);
  cns_mpi_gather (mine, RANK_N, all);
  if (all == NULL)
    return NULL;
  out = g_new0 (CnsMpiStats, size);
  for (guint32 r = 0; r < size; r++)
    {
      const guint64 *v = all + (gsize) r * RANK_N;

      out[r].events = v[RANK_EVENTS];
      out[r].messages_sent = v[RANK_MESSAGES_SENT];
      out[r].messages_received = v[RANK_MESSAGES_RECEIVED];
      out[r].packets_sent = v[RANK_PACKETS_SENT];
      out[r].packets_received = v[RANK_PACKETS_RECEIVED];
      out[r].null_messages = v[RANK_NULL_MESSAGES];
      out[r].windows = v[RANK_WINDOWS];
      out[r].blocked_s = v[RANK_BLOCKED_US] / 1e6;
    }
  return out;
}

/**
 * cns_mpi_stats_to_json:
 * @ranks: (array length=n_ranks): every rank's statistics
 * @n_ranks: how many
 *
 * The per-rank arrays of an example's --json line:
 * "rank_events":[...],"rank_messages_sent":[...], ... "rank_blocked_s":[...]
 *
 * Returns: (transfer full): the JSON members, without braces.
 */
gchar *
cns_mpi_stats_to_json (const CnsMpiStats *ranks, guint32 n_ranks)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (ranks != NULL || n_ranks == 0, NULL);
  for (guint k = 0; k < RANK_N; k++)
    {
      g_string_append_printf (out, "%s\"rank_%s\":[", k > 0 ? "," : "",
                              rank_keys[k]);
      for (guint32 r = 0; r < n_ranks; r++)
        {
          const CnsMpiStats *st = &ranks[r];
          guint64 v[RANK_N] = {
            st->events,
            st->messages_sent,
            st->messages_received,
            st->packets_sent,
            st->packets_received,
            st->null_messages,
            st->windows,
            0,
          };

          if (r > 0)
            g_string_append_c (out, ',');
          if (k == RANK_BLOCKED_US)
            g_string_append_printf (out, "%.6f", st->blocked_s);
          else
            g_string_append_printf (out, "%" G_GUINT64_FORMAT, v[k]);
        }
      g_string_append_c (out, ']');
    }
  return g_string_free (out, FALSE);
}
