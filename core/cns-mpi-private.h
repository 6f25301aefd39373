/* cns — what the distributed simulator implementations need of the MPI
 * interface: its links, its batches of remote packets and its transport.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-mpi.h"
#include "core/cns-transport-private.h"

G_BEGIN_DECLS

#define CNS_MPI_NO_PEER G_MAXUINT32

/* A link between two ranks; @peer is the other end's rank when this rank
 * is one end, CNS_MPI_NO_PEER otherwise. */
typedef struct
{
  guint32 peer;
  gboolean fifo; /* a message sent after another arrives after it */
  CnsTime delay;
  CnsTime last_arrival; /* of the last record this rank sent on it */
} CnsMpiLink;

/* A message cns_mpi_receive() took in. */
typedef struct
{
  guint32 source;       /* the sending rank */
  CnsTime guarantee;    /* what the sender promised with it */
  gboolean has_packets; /* FALSE for a null message */
} CnsMpiMessage;

/* This rank's statistics, which the algorithms add to. */
G_GNUC_INTERNAL extern CnsMpiStats cns_mpi_stats;

/* The setup of the distributed simulators: FALSE, with @error set, unless
 * MPI runs. */
G_GNUC_INTERNAL gboolean cns_mpi_check_ready (GError **error);

/* The smallest delay of any link between two ranks (CNS_TIME_MAX when there
 * is none), the same on every rank. */
G_GNUC_INTERNAL CnsTime cns_mpi_get_lookahead (void);

/* The links, and a count that changes whenever one is added. */
G_GNUC_INTERNAL const CnsMpiLink *cns_mpi_get_links (guint *n_links,
                                                     guint *changes);

/* Whether cns_mpi_send() buffered packets for @rank since its last post. */
G_GNUC_INTERNAL gboolean cns_mpi_has_packets (guint32 rank);

/* Sends @rank one message on @stream: @guarantee, then the packets
 * buffered for it (none for a null message). */
G_GNUC_INTERNAL void cns_mpi_post (guint32 rank, CnsTransportStream stream,
                                   CnsTime guarantee);

/* The earliest receive time among the packets buffered since the last
 * call, CNS_TIME_MAX when there were none. */
G_GNUC_INTERNAL CnsTime cns_mpi_take_earliest_sent (void);

/* The window's one collective: *@next becomes the smallest of every rank's
 * *@next, and the result is how many messages this rank must have received
 * in all, counting those other ranks posted up to their call. */
G_GNUC_INTERNAL guint64 cns_mpi_reduce_window (CnsTime *next);

/* The messages this rank received since cns_mpi_enable(). */
G_GNUC_INTERNAL guint64 cns_mpi_get_received (void);

/* Takes the next message on @stream (waiting for one when @wait), hands
 * its packets to their receive functions and fills @message; FALSE when
 * none had arrived. */
G_GNUC_INTERNAL gboolean cns_mpi_receive (CnsTransportStream stream,
                                          gboolean wait,
                                          CnsMpiMessage *message);

/* A parallel run inside ranks: sends from the threads' windows wait in one
 * buffer per thread (@n_threads of them, 0 for none) until the window
 * ends, when cns_mpi_flush_staged() adds them to the messages. */
G_GNUC_INTERNAL void cns_mpi_stage_threads (guint n_threads);
G_GNUC_INTERNAL void cns_mpi_flush_staged (void);

/* One exchange of the granted-time-window algorithm for a rank whose
 * threads ran the window that ended: posts its packets, agrees with the
 * other ranks on the earliest time anywhere, given this rank's @next, and
 * takes in the messages for this rank. Returns that time, CNS_TIME_MAX
 * when the run is over everywhere. */
G_GNUC_INTERNAL CnsTime cns_gtw_exchange (CnsTime next);

/* The transport, for the null-message algorithm's background reduction. */
G_GNUC_INTERNAL CnsTransport *cns_mpi_get_transport (void);

G_END_DECLS
