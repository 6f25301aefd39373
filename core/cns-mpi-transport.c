/* cns — the MPI transport.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The one file that includes <mpi.h>: a #CnsTransport over a duplicate of
 * MPI_COMM_WORLD (or of the program's own communicator). Sends are
 * non-blocking and their buffers come back for later messages once they
 * complete; a stream is a tag, received by probing for a message of any
 * size from any rank; reductions are MPI_Allreduce and MPI_Iallreduce with
 * an operation of our own for CNS_TRANSPORT_MIN_SUM.
 */
#include "core/cns-transport-private.h"

#include "core/cns-log.h"

#include <mpi.h>

/* A stream's tag: data is 1, windows 2 and 3. */
#define STREAM_TAG(stream) (1 + (int) (stream))

typedef struct
{
  MPI_Request request;
  GByteArray *bytes;
} PendingSend;

typedef struct
{
  CnsTransport parent;
  gboolean called_init; /* MPI_Finalize is ours to call */
  MPI_Comm comm;
  MPI_Op min_sum;
  GArray *pending;       /* of PendingSend */
  GPtrArray *spare;      /* buffers of completed sends, kept at their size */
  GByteArray *inbox;     /* reused for each message received */
  MPI_Request reduction; /* MPI_REQUEST_NULL when none is running */
} MpiTransport;

static void
mpi_check (int status, const gchar *what)
{
  if (G_UNLIKELY (status != MPI_SUCCESS))
    {
      gchar text[MPI_MAX_ERROR_STRING];
      int length = 0;

      MPI_Error_string (status, text, &length);
      cns_fatal ("MPI: %s failed: %.*s", what, length, text);
    }
}

/* CNS_TRANSPORT_MIN_SUM: the smallest time, the sum of the rest. */
static void
mpi_min_sum (void *in, void *inout, int *len, MPI_Datatype *type)
{
  const guint64 *a = in;
  guint64 *b = inout;

  b[0] = MIN (a[0], b[0]);
  for (int i = 1; i < *len; i++)
    b[i] += a[i];
}

static MPI_Op
mpi_op (MpiTransport *self, CnsTransportOp op)
{
  switch (op)
    {
    case CNS_TRANSPORT_SUM:
      return MPI_SUM;
    case CNS_TRANSPORT_MAX:
      return MPI_MAX;
    case CNS_TRANSPORT_MIN:
      return MPI_MIN;
    default:
      return self->min_sum;
    }
}

/* Keeps the buffers of sends that completed for the next messages: growing
 * a new one each time costs more than the packets' serialization
 * (reallocation, page faults). */
static void
mpi_reap_sends (MpiTransport *self)
{
  guint kept = 0;

  for (guint i = 0; i < self->pending->len; i++)
    {
      PendingSend *p = &g_array_index (self->pending, PendingSend, i);
      int done = 0;

      mpi_check (MPI_Test (&p->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      if (done && self->spare->len < 2 * self->parent.size)
        g_ptr_array_add (self->spare, p->bytes);
      else if (done)
        g_byte_array_unref (p->bytes);
      else
        g_array_index (self->pending, PendingSend, kept++) = *p;
    }
  g_array_set_size (self->pending, kept);
}

static GByteArray *
mpi_take_buffer (CnsTransport *transport)
{
  MpiTransport *self = (MpiTransport *) transport;
  GByteArray *bytes;

  mpi_reap_sends (self);
  bytes = self->spare->len > 0
              ? g_ptr_array_steal_index_fast (self->spare, self->spare->len - 1)
              : g_byte_array_sized_new (256);
  g_byte_array_set_size (bytes, 0);
  return bytes;
}

static void
mpi_send (CnsTransport *transport, guint32 peer, CnsTransportStream stream,
          GByteArray *bytes)
{
  MpiTransport *self = (MpiTransport *) transport;
  PendingSend p = { MPI_REQUEST_NULL, bytes };

  if (bytes->len > G_MAXINT)
    cns_fatal ("more than 2 GiB of packets for rank %u in one message", peer);
  mpi_check (MPI_Isend (bytes->data, (int) bytes->len, MPI_BYTE, (int) peer,
                        STREAM_TAG (stream), self->comm, &p.request),
             "MPI_Isend");
  g_array_append_val (self->pending, p);
}

static const GByteArray *
mpi_receive (CnsTransport *transport, CnsTransportStream stream, gboolean wait,
             guint32 *source)
{
  MpiTransport *self = (MpiTransport *) transport;
  MPI_Status status;
  int count, flag = 1;

  if (wait)
    mpi_check (
        MPI_Probe (MPI_ANY_SOURCE, STREAM_TAG (stream), self->comm, &status),
        "MPI_Probe");
  else
    mpi_check (MPI_Iprobe (MPI_ANY_SOURCE, STREAM_TAG (stream), self->comm,
                           &flag, &status),
               "MPI_Iprobe");
  if (!flag)
    return NULL;
  mpi_check (MPI_Get_count (&status, MPI_BYTE, &count), "MPI_Get_count");
  g_byte_array_set_size (self->inbox, count);
  mpi_check (MPI_Recv (self->inbox->data, count, MPI_BYTE, status.MPI_SOURCE,
                       status.MPI_TAG, self->comm, MPI_STATUS_IGNORE),
             "MPI_Recv");
  *source = status.MPI_SOURCE;
  return self->inbox;
}

static void
mpi_reduce (CnsTransport *transport, guint64 *values, gsize n,
            CnsTransportOp op)
{
  MpiTransport *self = (MpiTransport *) transport;

  if (n > G_MAXINT)
    cns_fatal ("MPI: a reduction of %" G_GSIZE_FORMAT " values", n);
  mpi_check (MPI_Allreduce (MPI_IN_PLACE, values, (int) n, MPI_UINT64_T,
                            mpi_op (self, op), self->comm),
             "MPI_Allreduce");
}

static void
mpi_start_reduce (CnsTransport *transport, const guint64 *in, guint64 *out,
                  gsize n, CnsTransportOp op)
{
  MpiTransport *self = (MpiTransport *) transport;

  mpi_check (MPI_Iallreduce (in, out, (int) n, MPI_UINT64_T, mpi_op (self, op),
                             self->comm, &self->reduction),
             "MPI_Iallreduce");
}

static gboolean
mpi_test_reduce (CnsTransport *transport)
{
  MpiTransport *self = (MpiTransport *) transport;
  int done = 0;

  mpi_check (MPI_Test (&self->reduction, &done, MPI_STATUS_IGNORE), "MPI_Test");
  return done;
}

static GPtrArray *
mpi_gather (CnsTransport *transport, const guint8 *data, gsize size)
{
  MpiTransport *self = (MpiTransport *) transport;
  guint32 ranks = transport->size;
  g_autofree int *sizes = NULL;
  g_autofree int *offsets = NULL;
  g_autofree guint8 *all = NULL;
  GPtrArray *out;
  int mine = (int) size, total = 0;

  if (transport->rank == 0)
    sizes = g_new (int, ranks);
  mpi_check (MPI_Gather (&mine, 1, MPI_INT, sizes, 1, MPI_INT, 0, self->comm),
             "MPI_Gather");
  if (transport->rank == 0)
    {
      offsets = g_new (int, ranks);
      for (guint32 r = 0; r < ranks; r++)
        {
          if (sizes[r] > G_MAXINT - total)
            cns_fatal ("MPI: more than 2 GiB gathered on rank 0");
          offsets[r] = total;
          total += sizes[r];
        }
      all = g_malloc (MAX (total, 1));
    }
  mpi_check (MPI_Gatherv (data, mine, MPI_BYTE, all, sizes, offsets, MPI_BYTE,
                          0, self->comm),
             "MPI_Gatherv");
  if (transport->rank != 0)
    return NULL;
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint32 r = 0; r < ranks; r++)
    g_ptr_array_add (out, g_bytes_new (all + offsets[r], sizes[r]));
  return out;
}

static void
mpi_barrier (CnsTransport *transport)
{
  mpi_check (MPI_Barrier (((MpiTransport *) transport)->comm), "MPI_Barrier");
}

static void
mpi_abort (CnsTransport *transport, gint status)
{
  MPI_Abort (((MpiTransport *) transport)->comm, status);
}

static void
mpi_close (CnsTransport *transport)
{
  MpiTransport *self = (MpiTransport *) transport;

  for (guint i = 0; i < self->pending->len; i++)
    {
      PendingSend *p = &g_array_index (self->pending, PendingSend, i);

      MPI_Wait (&p->request, MPI_STATUS_IGNORE);
      g_byte_array_unref (p->bytes);
    }
  if (self->reduction != MPI_REQUEST_NULL)
    MPI_Wait (&self->reduction, MPI_STATUS_IGNORE);
  g_array_unref (self->pending);
  g_ptr_array_unref (self->spare);
  g_byte_array_unref (self->inbox);
  MPI_Op_free (&self->min_sum);
  MPI_Comm_free (&self->comm);
  if (self->called_init)
    MPI_Finalize ();
  g_free (self);
}

CnsTransport *
cns_mpi_transport_open (int *argc, char ***argv, gconstpointer comm,
                        gboolean launched)
{
  MpiTransport *self;
  int initialized, provided, rank, size;
  gboolean called_init = FALSE;

  MPI_Initialized (&initialized);
  /* a communicator of the program's means MPI runs already */
  g_return_val_if_fail (comm == NULL || initialized, NULL);
  if (comm == NULL && !initialized && !launched)
    return NULL;
  if (!initialized)
    {
      mpi_check (MPI_Init_thread (argc, argv, MPI_THREAD_SINGLE, &provided),
                 "MPI_Init_thread");
      called_init = TRUE;
    }
  self = g_new0 (MpiTransport, 1);
  self->called_init = called_init;
  mpi_check (
      MPI_Comm_dup (comm != NULL ? *(const MPI_Comm *) comm : MPI_COMM_WORLD,
                    &self->comm),
      "MPI_Comm_dup");
  MPI_Comm_set_errhandler (self->comm, MPI_ERRORS_RETURN);
  mpi_check (MPI_Comm_rank (self->comm, &rank), "MPI_Comm_rank");
  mpi_check (MPI_Comm_size (self->comm, &size), "MPI_Comm_size");
  mpi_check (MPI_Op_create (mpi_min_sum, TRUE, &self->min_sum),
             "MPI_Op_create");
  self->pending = g_array_new (FALSE, FALSE, sizeof (PendingSend));
  self->spare
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  self->inbox = g_byte_array_new ();
  self->reduction = MPI_REQUEST_NULL;
  self->parent = (CnsTransport){
    .rank = rank,
    .size = size,
    .take_buffer = mpi_take_buffer,
    .send = mpi_send,
    .receive = mpi_receive,
    .reduce = mpi_reduce,
    .start_reduce = mpi_start_reduce,
    .test_reduce = mpi_test_reduce,
    .gather = mpi_gather,
    .barrier = mpi_barrier,
    .abort = mpi_abort,
    .close = mpi_close,
  };
  return &self->parent;
}

gboolean
cns_mpi_transport_is_available (void)
{
  return TRUE;
}
