/* cns — what the distributed algorithms need of a transport between ranks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The granted-time-window and null-message algorithms, and the remote
 * packets of cns-mpi.c, are written once over this table; MPI
 * (cns-mpi-transport.c) is one transport, an in-process one over threads
 * can be another. Nothing here names a type of the transport's library.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CnsTransport CnsTransport;

/* The FIFO streams between two ranks: the null-message algorithm's, and
 * the two that granted windows alternate (no rank is ever more than one
 * window ahead, so a window's messages are never counted among another's). */
typedef enum
{
  CNS_TRANSPORT_STREAM_DATA,
  CNS_TRANSPORT_STREAM_WINDOW, /* and CNS_TRANSPORT_STREAM_WINDOW + 1 */
} CnsTransportStream;

/* How a reduction combines the ranks' values: MIN_SUM takes the smallest
 * first value and sums the others (a window's next time and message
 * counts). */
typedef enum
{
  CNS_TRANSPORT_SUM,
  CNS_TRANSPORT_MAX,
  CNS_TRANSPORT_MIN,
  CNS_TRANSPORT_MIN_SUM,
} CnsTransportOp;

/**
 * CnsTransport:
 * @rank: this rank
 * @size: the number of ranks
 * @take_buffer: an empty buffer for a message, one a completed send gave
 *   back when there is one (a window's message grows to megabytes)
 * @send: sends @bytes (transfer full) to @peer on @stream, without waiting
 * @receive: the next message on @stream from any rank, waiting for one when
 *   @wait, otherwise %NULL when none has arrived; the bytes are the
 *   transport's until the next call, *@source is the sender
 * @reduce: combines @n @values of every rank by @op, in place; collective
 * @start_reduce: starts a reduction of @in into @out that completes in the
 *   background; both stay untouched until @test_reduce says it completed.
 *   One at a time.
 * @test_reduce: whether the reduction started last has completed
 * @gather: every rank's @size bytes, on rank 0 (an array of #GBytes in rank
 *   order); %NULL elsewhere. Collective.
 * @barrier: waits until every rank calls it
 * @abort: ends every rank at once, after an error this one met alone
 * @close: waits for the sends and the reduction in flight, then frees the
 *   transport; the last thing it is called for
 */
struct _CnsTransport
{
  guint32 rank;
  guint32 size;
  GByteArray *(*take_buffer) (CnsTransport *self);
  void (*send) (CnsTransport *self, guint32 peer, CnsTransportStream stream,
                GByteArray *bytes);
  const GByteArray *(*receive) (CnsTransport *self, CnsTransportStream stream,
                                gboolean wait, guint32 *source);
  void (*reduce) (CnsTransport *self, guint64 *values, gsize n,
                  CnsTransportOp op);
  void (*start_reduce) (CnsTransport *self, const guint64 *in, guint64 *out,
                        gsize n, CnsTransportOp op);
  gboolean (*test_reduce) (CnsTransport *self);
  GPtrArray *(*gather) (CnsTransport *self, const guint8 *data, gsize size);
  void (*barrier) (CnsTransport *self);
  void (*abort) (CnsTransport *self, gint status);
  void (*close) (CnsTransport *self);
};

/* The MPI transport: on (a duplicate of) *@comm, an MPI_Comm of a program
 * that initialised MPI itself, or else on every rank a launcher started,
 * initialising MPI (and finalising it in close()) when @launched. NULL when
 * not launched; in a build without MPI, NULL after saying so when
 * @launched (cns-mpi-transport-stub.c). */
G_GNUC_INTERNAL CnsTransport *cns_mpi_transport_open (int *argc, char ***argv,
                                                      gconstpointer comm,
                                                      gboolean launched);
G_GNUC_INTERNAL gboolean cns_mpi_transport_is_available (void);

G_END_DECLS
