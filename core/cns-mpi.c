/* cns — the MPI interface: ranks, remote packets and statistics.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Everything cns does with MPI is here; models and scenarios call the
 * functions of cns-mpi.h, which exist in every build and report that MPI is
 * not available when cns was built without it.
 *
 * Remote packets are buffered per destination rank and leave as one MPI
 * message per rank when the simulator implementation flushes (at the end
 * of each granted window), so that a window costs one send per neighbour
 * rank however many packets cross. A message is a sequence of records:
 *
 *   u32 payload size, u64 receive time, u64 ordering key,
 *   u32 node, u32 interface, payload
 *
 * in host byte order (every rank runs the same build). Messages have any
 * size: the receiver probes for it.
 */
#include "core/cns-mpi-private.h"

#include "cns-build-config.h"
#include "core/cns-log.h"
#include "core/cns-simulator-private.h"

#include <string.h>

#ifdef CNS_HAVE_MPI
#include <mpi.h>
#endif

#define RECORD_HEADER (4 + 8 + 8 + 4 + 4)

CNS_LOG_COMPONENT_DEFINE ("cns-mpi");

/* The statistics every implementation shares. */
static CnsMpiStats stats;

#ifdef CNS_HAVE_MPI

/* A rank may send the next window's messages while another still receives
 * this window's, which must not count them: windows alternate tags. */
static int
mpi_data_tag (guint64 flushes)
{
  return 1 + (int) (flushes % 2);
}

typedef struct
{
  MPI_Request request;
  GByteArray *bytes;
} PendingSend;

static struct
{
  gboolean enabled;
  gboolean called_init; /* MPI_Finalize is ours to call */
  MPI_Comm comm;
  guint32 rank, size;
  CnsMpiReceiveFn receive_fn;
  CnsTime lookahead;
  GByteArray **out;  /* per destination rank */
  guint64 *reduce;   /* [0] next time, then messages sent to each rank */
  guint64 received;  /* messages received in all */
  guint64 flushes;   /* windows sent, which picks the tag */
  CnsTime min_sent;  /* earliest receive time buffered since the flush */
  GArray *pending;   /* of PendingSend */
  GByteArray *inbox; /* reused for each message received */
  MPI_Op window_op;
} mpi = { .size = 1, .lookahead = CNS_TIME_MAX, .min_sent = CNS_TIME_MAX };

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

/* A rank that ends with cns_fatal() takes the others down with it instead
 * of leaving them waiting for its messages. */
static void
mpi_fatal_hook (gint status)
{
  if (mpi.enabled)
    MPI_Abort (mpi.comm, status);
}

/* The window reduction: the smallest next time, the sum of the rest. */
static void
mpi_window_op (void *in, void *inout, int *len, MPI_Datatype *type)
{
  const guint64 *a = in;
  guint64 *b = inout;

  b[0] = MIN (a[0], b[0]);
  for (int i = 1; i < *len; i++)
    b[i] += a[i];
}

static gboolean
mpi_enable_comm (MPI_Comm comm)
{
  int rank, size;

  mpi_check (MPI_Comm_dup (comm, &mpi.comm), "MPI_Comm_dup");
  MPI_Comm_set_errhandler (mpi.comm, MPI_ERRORS_RETURN);
  mpi_check (MPI_Comm_rank (mpi.comm, &rank), "MPI_Comm_rank");
  mpi_check (MPI_Comm_size (mpi.comm, &size), "MPI_Comm_size");
  mpi.rank = rank;
  mpi.size = size;
  mpi.enabled = TRUE;
  mpi.out = g_new0 (GByteArray *, size);
  mpi.reduce = g_new0 (guint64, size + 1);
  mpi.pending = g_array_new (FALSE, FALSE, sizeof (PendingSend));
  mpi.inbox = g_byte_array_new ();
  mpi_check (MPI_Op_create (mpi_window_op, TRUE, &mpi.window_op),
             "MPI_Op_create");
  cns_fatal_set_hook (mpi_fatal_hook);
  return TRUE;
}

/**
 * cns_mpi_enable:
 * @argc: (inout): the program's argument count
 * @argv: (inout): its arguments, which MPI may edit
 *
 * Initialises MPI and joins the run of every rank that mpirun started.
 * Call it first thing in main(), before the command line is parsed and any
 * node is made.
 *
 * Returns: %FALSE, with a message on standard error, when cns was built
 * without MPI; the program then runs alone, as rank 0 of 1.
 */
gboolean
cns_mpi_enable (int *argc, char ***argv)
{
  int provided, initialized;

  g_return_val_if_fail (!mpi.enabled, FALSE);
  MPI_Initialized (&initialized);
  if (!initialized)
    {
      mpi_check (MPI_Init_thread (argc, argv, MPI_THREAD_SINGLE, &provided),
                 "MPI_Init_thread");
      mpi.called_init = TRUE;
    }
  return mpi_enable_comm (MPI_COMM_WORLD);
}

/**
 * cns_mpi_enable_comm:
 * @comm: the address of an MPI_Comm
 *
 * Like cns_mpi_enable() for a program that initialised MPI itself: the
 * simulation runs on (a duplicate of) *@comm. cns does not finalise MPI.
 *
 * Returns: %FALSE when cns was built without MPI.
 */
gboolean
cns_mpi_enable_comm (gconstpointer comm)
{
  int initialized;

  g_return_val_if_fail (comm != NULL, FALSE);
  g_return_val_if_fail (!mpi.enabled, FALSE);
  MPI_Initialized (&initialized);
  g_return_val_if_fail (initialized, FALSE);
  return mpi_enable_comm (*(const MPI_Comm *) comm);
}

/**
 * cns_mpi_disable:
 *
 * Leaves the distributed run: waits for the messages this rank sent, frees
 * the communicator and finalises MPI if cns_mpi_enable() initialised it.
 * Call it after cns_simulator_destroy().
 */
void
cns_mpi_disable (void)
{
  if (!mpi.enabled)
    return;
  for (guint i = 0; i < mpi.pending->len; i++)
    {
      PendingSend *p = &g_array_index (mpi.pending, PendingSend, i);

      MPI_Wait (&p->request, MPI_STATUS_IGNORE);
      g_byte_array_unref (p->bytes);
    }
  g_array_unref (mpi.pending);
  for (guint32 r = 0; r < mpi.size; r++)
    if (mpi.out[r] != NULL)
      g_byte_array_unref (mpi.out[r]);
  g_free (mpi.out);
  g_free (mpi.reduce);
  g_byte_array_unref (mpi.inbox);
  MPI_Op_free (&mpi.window_op);
  MPI_Comm_free (&mpi.comm);
  cns_fatal_set_hook (NULL);
  if (mpi.called_init)
    MPI_Finalize ();
  memset (&mpi, 0, sizeof mpi);
  mpi.size = 1;
  mpi.lookahead = CNS_TIME_MAX;
  mpi.min_sent = CNS_TIME_MAX;
  memset (&stats, 0, sizeof stats);
}

/** cns_mpi_is_available: Returns: whether cns was built with MPI. */
gboolean
cns_mpi_is_available (void)
{
  return TRUE;
}

/** cns_mpi_is_enabled: Returns: whether cns_mpi_enable() succeeded. */
gboolean
cns_mpi_is_enabled (void)
{
  return mpi.enabled;
}

/** cns_mpi_get_rank: Returns: this process's rank, 0 when not enabled. */
guint32
cns_mpi_get_rank (void)
{
  return mpi.rank;
}

/** cns_mpi_get_size: Returns: the number of ranks, 1 when not enabled. */
guint32
cns_mpi_get_size (void)
{
  return mpi.size;
}

/**
 * cns_mpi_set_receive_fn:
 * @fn: the function remote messages go to
 *
 * Set once, by the class of the remote channel.
 */
void
cns_mpi_set_receive_fn (CnsMpiReceiveFn fn)
{
  g_return_if_fail (fn != NULL);
  mpi.receive_fn = fn;
}

/**
 * cns_mpi_add_remote_link:
 * @rank_a: the rank of one end
 * @rank_b: the rank of the other
 * @delay: the link's propagation delay, positive
 *
 * Tells the simulator about a link between two ranks: the smallest delay
 * of such links bounds how far the ranks may run apart. Every rank makes
 * the same calls, since every rank builds the whole topology.
 */
void
cns_mpi_add_remote_link (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  g_return_if_fail (rank_a < mpi.size && rank_b < mpi.size);
  g_return_if_fail (rank_a != rank_b);
  if (delay <= 0)
    cns_fatal ("a link between ranks %u and %u has no delay: links between "
               "ranks need a positive delay, the time the ranks may run "
               "apart",
               rank_a, rank_b);
  mpi.lookahead = MIN (mpi.lookahead, delay);
}

CnsTime
cns_mpi_get_lookahead (void)
{
  return mpi.lookahead;
}

/**
 * cns_mpi_send:
 * @rank: the rank of @node
 * @time: when the message's event runs there, at least the lookahead from
 *   now
 * @node: the receiving node's id
 * @interface: the receiving device's index on @node
 * @bytes: (array length=size): the payload, copied
 * @size: its length
 *
 * Sends a message from the running event to an event on another rank. It
 * draws the ordering key the event would have had in a sequential run,
 * which the receiver schedules it under.
 */
void
cns_mpi_send (guint32 rank, CnsTime time, guint32 node, guint32 interface,
              const guint8 *bytes, gsize size)
{
  guint8 header[RECORD_HEADER];
  guint32 size32 = size;
  guint64 key;
  GByteArray *out;

  g_return_if_fail (mpi.enabled && rank < mpi.size && rank != mpi.rank);
  g_return_if_fail (bytes != NULL || size == 0);
  g_return_if_fail (size <= G_MAXUINT32 - RECORD_HEADER);
  key = cns_simulator_draw_key ();
  if (G_UNLIKELY (time < cns_simulator_now () + mpi.lookahead))
    cns_fatal ("a message to rank %u for %" G_GINT64_FORMAT
               " ps is inside the lookahead of %" G_GINT64_FORMAT " ps",
               rank, time, mpi.lookahead);
  if (mpi.out[rank] == NULL)
    mpi.out[rank] = g_byte_array_new ();
  out = mpi.out[rank];
  memcpy (header, &size32, 4);
  memcpy (header + 4, &time, 8);
  memcpy (header + 12, &key, 8);
  memcpy (header + 20, &node, 4);
  memcpy (header + 24, &interface, 4);
  g_byte_array_append (out, header, RECORD_HEADER);
  g_byte_array_append (out, bytes, size);
  mpi.min_sent = MIN (mpi.min_sent, time);
  stats.packets_sent++;
}

/* Frees the buffers of sends that completed. */
static void
mpi_reap_sends (void)
{
  guint kept = 0;

  for (guint i = 0; i < mpi.pending->len; i++)
    {
      PendingSend *p = &g_array_index (mpi.pending, PendingSend, i);
      int done = 0;

      mpi_check (MPI_Test (&p->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      if (done)
        g_byte_array_unref (p->bytes);
      else
        g_array_index (mpi.pending, PendingSend, kept++) = *p;
    }
  g_array_set_size (mpi.pending, kept);
}

CnsTime
cns_mpi_flush (void)
{
  CnsTime min_sent = mpi.min_sent;

  if (!mpi.enabled)
    return CNS_TIME_MAX;
  mpi_reap_sends ();
  for (guint32 r = 0; r < mpi.size; r++)
    {
      PendingSend p;

      if (mpi.out[r] == NULL || mpi.out[r]->len == 0)
        continue;
      if (mpi.out[r]->len > G_MAXINT)
        cns_fatal ("more than 2 GiB of packets for rank %u in one window", r);
      p.bytes = mpi.out[r];
      mpi.out[r] = NULL;
      mpi_check (MPI_Isend (p.bytes->data, (int) p.bytes->len, MPI_BYTE, r,
                            mpi_data_tag (mpi.flushes), mpi.comm, &p.request),
                 "MPI_Isend");
      g_array_append_val (mpi.pending, p);
      mpi.reduce[1 + r]++;
      stats.messages_sent++;
    }
  mpi.flushes++;
  mpi.min_sent = CNS_TIME_MAX;
  return min_sent;
}

guint64
cns_mpi_reduce_window (CnsTime *next)
{
  g_autofree guint64 *result = g_new (guint64, mpi.size + 1);
  gint64 start = g_get_monotonic_time ();

  mpi.reduce[0] = (guint64) *next;
  mpi_check (MPI_Allreduce (mpi.reduce, result, mpi.size + 1, MPI_UINT64_T,
                            mpi.window_op, mpi.comm),
             "MPI_Allreduce");
  stats.blocked_s += (g_get_monotonic_time () - start) / 1e6;
  *next = (CnsTime) result[0];
  return result[1 + mpi.rank];
}

void
cns_mpi_count_window (void)
{
  stats.windows++;
}

/* Hands each record of the message in mpi.inbox to the receive function. */
static void
mpi_dispatch (int source)
{
  const guint8 *p = mpi.inbox->data, *end = p + mpi.inbox->len;

  while (p < end)
    {
      guint32 size, node, interface;
      CnsTime time;
      guint64 key;

      if (end - p < RECORD_HEADER)
        cns_fatal ("MPI: a message from rank %d ends inside a record", source);
      memcpy (&size, p, 4);
      memcpy (&time, p + 4, 8);
      memcpy (&key, p + 12, 8);
      memcpy (&node, p + 20, 4);
      memcpy (&interface, p + 24, 4);
      p += RECORD_HEADER;
      if ((gsize) (end - p) < size)
        cns_fatal ("MPI: a message from rank %d ends inside a record", source);
      if (mpi.receive_fn == NULL)
        cns_fatal ("MPI: a packet from rank %d for node %u, but nothing on "
                   "this rank receives remote packets",
                   source, node);
      mpi.receive_fn (time, key, node, interface, p, size);
      stats.packets_received++;
      p += size;
    }
}

void
cns_mpi_receive_until (guint64 expected)
{
  gint64 start = g_get_monotonic_time ();

  while (mpi.received < expected)
    {
      MPI_Status status;
      int count;

      mpi_check (MPI_Probe (MPI_ANY_SOURCE, mpi_data_tag (mpi.flushes - 1),
                            mpi.comm, &status),
                 "MPI_Probe");
      mpi_check (MPI_Get_count (&status, MPI_BYTE, &count), "MPI_Get_count");
      g_byte_array_set_size (mpi.inbox, count);
      mpi_check (MPI_Recv (mpi.inbox->data, count, MPI_BYTE, status.MPI_SOURCE,
                           mpi_data_tag (mpi.flushes - 1), mpi.comm,
                           MPI_STATUS_IGNORE),
                 "MPI_Recv");
      mpi.received++;
      stats.messages_received++;
      mpi_dispatch (status.MPI_SOURCE);
    }
  stats.blocked_s += (g_get_monotonic_time () - start) / 1e6;
}

static void
mpi_allreduce (guint64 *values, gsize n, MPI_Op op)
{
  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (n <= G_MAXINT);
  if (!mpi.enabled || n == 0)
    return;
  mpi_check (
      MPI_Allreduce (MPI_IN_PLACE, values, (int) n, MPI_UINT64_T, op, mpi.comm),
      "MPI_Allreduce");
}

/**
 * cns_mpi_sum:
 * @values: (array length=n) (inout): this rank's values
 * @n: how many
 *
 * Replaces each of @values by its sum over all ranks. Collective: every
 * rank calls it with the same @n. Without MPI, leaves @values alone.
 */
void
cns_mpi_sum (guint64 *values, gsize n)
{
  mpi_allreduce (values, n, MPI_SUM);
}

/** cns_mpi_max: Like cns_mpi_sum(), for the largest value. */
void
cns_mpi_max (guint64 *values, gsize n)
{
  mpi_allreduce (values, n, MPI_MAX);
}

/** cns_mpi_min: Like cns_mpi_sum(), for the smallest value. */
void
cns_mpi_min (guint64 *values, gsize n)
{
  mpi_allreduce (values, n, MPI_MIN);
}

/**
 * cns_mpi_gather:
 * @values: (array length=n): this rank's values
 * @n: how many
 * @out: (nullable): on rank 0, room for @n values per rank, rank by rank;
 *   ignored on other ranks
 *
 * Collects every rank's @values on rank 0. Collective.
 */
void
cns_mpi_gather (const guint64 *values, gsize n, guint64 *out)
{
  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (n <= G_MAXINT);
  if (!mpi.enabled)
    {
      if (out != NULL && n > 0)
        memcpy (out, values, n * sizeof (guint64));
      return;
    }
  g_return_if_fail (mpi.rank != 0 || out != NULL);
  mpi_check (MPI_Gather (values, (int) n, MPI_UINT64_T, out, (int) n,
                         MPI_UINT64_T, 0, mpi.comm),
             "MPI_Gather");
}

/** cns_mpi_barrier: Waits until every rank calls it. */
void
cns_mpi_barrier (void)
{
  if (mpi.enabled)
    mpi_check (MPI_Barrier (mpi.comm), "MPI_Barrier");
}

#else /* !CNS_HAVE_MPI */

gboolean
cns_mpi_enable (int *argc, char ***argv)
{
  g_printerr ("cns: MPI is not available: this build of cns has no MPI "
              "support, so the program runs alone as rank 0 of 1\n");
  return FALSE;
}

gboolean
cns_mpi_enable_comm (gconstpointer comm)
{
  return cns_mpi_enable (NULL, NULL);
}

void
cns_mpi_disable (void)
{
}

gboolean
cns_mpi_is_available (void)
{
  return FALSE;
}

gboolean
cns_mpi_is_enabled (void)
{
  return FALSE;
}

guint32
cns_mpi_get_rank (void)
{
  return 0;
}

guint32
cns_mpi_get_size (void)
{
  return 1;
}

void
cns_mpi_set_receive_fn (CnsMpiReceiveFn fn)
{
}

/* Links and messages between ranks need ranks: misuse. */
static void
mpi_missing (const gchar *caller)
{
  g_critical ("%s: MPI is not available: this build of cns has no MPI "
              "support",
              caller);
}

void
cns_mpi_add_remote_link (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  mpi_missing (G_STRFUNC);
}

CnsTime
cns_mpi_get_lookahead (void)
{
  return CNS_TIME_MAX;
}

void
cns_mpi_send (guint32 rank, CnsTime time, guint32 node, guint32 interface,
              const guint8 *bytes, gsize size)
{
  mpi_missing (G_STRFUNC);
}

CnsTime
cns_mpi_flush (void)
{
  return CNS_TIME_MAX;
}

guint64
cns_mpi_reduce_window (CnsTime *next)
{
  return 0;
}

void
cns_mpi_receive_until (guint64 expected)
{
}

void
cns_mpi_count_window (void)
{
  stats.windows++;
}

void
cns_mpi_sum (guint64 *values, gsize n)
{
}

void
cns_mpi_max (guint64 *values, gsize n)
{
}

void
cns_mpi_min (guint64 *values, gsize n)
{
}

void
cns_mpi_gather (const guint64 *values, gsize n, guint64 *out)
{
  g_return_if_fail (values != NULL || n == 0);
  if (out != NULL && n > 0)
    memcpy (out, values, n * sizeof (guint64));
}

void
cns_mpi_barrier (void)
{
}

#endif

/**
 * cns_mpi_get_stats:
 * @out: (out caller-allocates): this rank's statistics
 */
void
cns_mpi_get_stats (CnsMpiStats *out)
{
  g_return_if_fail (out != NULL);
  *out = stats;
}
