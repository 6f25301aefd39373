/* cns — the MPI interface: ranks, remote packets and statistics.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"

G_BEGIN_DECLS

gboolean cns_mpi_is_available (void);
gboolean cns_mpi_enable (int *argc, char ***argv);
gboolean cns_mpi_enable_comm (gconstpointer comm);
void cns_mpi_disable (void);
gboolean cns_mpi_is_enabled (void);
guint32 cns_mpi_get_rank (void);
guint32 cns_mpi_get_size (void);

/* ---- for channels and models that cross ranks ---- */

/**
 * CnsMpiReceiveFn:
 * @time: the absolute time the message's event runs at
 * @key: the ordering key the sending event drew for it
 * @node: the id of the receiving node (context), on this rank
 * @interface: what the sender put there: the receiving device's index on
 *   @node for a channel
 * @bytes: the payload, valid during the call only
 * @size: its length
 * @user_data: as given to cns_mpi_add_receiver()
 *
 * Called for each remote message for this receiver that reaches this
 * rank. The function schedules the arrival with
 * cns_simulator_schedule_remote() under @key and @time, in @node's
 * context.
 */
typedef void (*CnsMpiReceiveFn) (CnsTime time, guint64 key, guint32 node,
                                 guint32 interface, const guint8 *bytes,
                                 gsize size, gpointer user_data);

guint32 cns_mpi_add_receiver (CnsMpiReceiveFn fn, gpointer user_data);
guint32 cns_mpi_add_remote_link (guint32 rank_a, guint32 rank_b, CnsTime delay);
guint32 cns_mpi_add_remote_route (guint32 rank_a, guint32 rank_b,
                                  CnsTime delay);
void cns_mpi_set_link_delay (guint32 link, CnsTime delay);
void cns_mpi_send (guint32 link, guint32 receiver, CnsTime time, guint32 node,
                   guint32 interface, const guint8 *bytes, gsize size);

/* ---- for scenario statistics: collective, every rank calls them in the
 * same order ---- */

void cns_mpi_sum (guint64 *values, gsize n);
void cns_mpi_max (guint64 *values, gsize n);
void cns_mpi_min (guint64 *values, gsize n);
void cns_mpi_gather (const guint64 *values, gsize n, guint64 *out);
GPtrArray *cns_mpi_gather_bytes (const guint8 *data, gsize size);
void cns_mpi_barrier (void);

/**
 * CnsMpiStats:
 * @messages_sent: MPI messages this rank sent (a message carries every
 *   remote packet of a window or bundle to one rank)
 * @messages_received: MPI messages it received
 * @packets_sent: remote packets it sent
 * @packets_received: remote packets it received
 * @null_messages: null messages it sent (null-message simulator)
 * @windows: time windows granted (granted-time-window simulator)
 * @blocked_s: wall time spent waiting for other ranks, in seconds
 * @events: the events the rank ran: cns_simulator_get_event_count() from
 *   cns_mpi_get_stats(), the caller's count from cns_mpi_gather_stats()
 *
 * One rank's distributed statistics since cns_mpi_enable().
 */
typedef struct
{
  guint64 events;
  guint64 messages_sent;
  guint64 messages_received;
  guint64 packets_sent;
  guint64 packets_received;
  guint64 null_messages;
  guint64 windows;
  gdouble blocked_s;
} CnsMpiStats;

void cns_mpi_get_stats (CnsMpiStats *out);
CnsMpiStats *cns_mpi_gather_stats (guint64 events);
gchar *cns_mpi_stats_to_json (const CnsMpiStats *ranks, guint32 n_ranks);

G_END_DECLS
