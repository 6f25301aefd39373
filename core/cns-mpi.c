/* cns — the MPI interface: ranks, remote packets and collectives.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Models and scenarios call the functions of cns-mpi.h, which exist in
 * every build: without MPI (or outside mpirun) they act as on one rank.
 * Underneath is a #CnsTransport (cns-transport-private.h): MPI's, or none.
 *
 * Remote packets are buffered per destination rank and leave as one
 * message per rank when a simulator implementation posts them (at the end
 * of each granted window, say), so that a window costs one send per
 * neighbour rank however many packets cross. A message is the sender's
 * guarantee (u64, 0 for granted windows) and a sequence of records:
 *
 *   u32 payload size, u64 receive time, u64 ordering key,
 *   u32 node, u32 interface, u32 receiver, payload
 *
 * in host byte order (every rank runs the same build).
 */
#include "core/cns-mpi-private.h"

#include "core/cns-core-error.h"
#include "core/cns-log-private.h"
#include "core/cns-log.h"
#include "core/cns-simulator-private.h"
#include "core/cns-transport-private.h"

#include <string.h>

#define RECORD_HEADER (4 + 8 + 8 + 4 + 4 + 4)
#define GUARANTEE     8 /* bytes of the guarantee that starts a message */

CnsMpiStats cns_mpi_stats;

typedef struct
{
  CnsMpiReceiveFn fn;
  gpointer user_data;
} Receiver;

static struct
{
  CnsTransport *transport; /* NULL unless enabled */
  guint32 rank, size;
  GArray *receivers; /* of Receiver, the same on every rank */
  GArray *links;     /* of CnsMpiLink */
  guint links_changed;
  CnsTime lookahead; /* the smallest delay of any link */
  GByteArray **out;  /* per destination rank, NULL when empty */
  guint64 *reduce;   /* [0] next time, then messages sent to each rank */
  guint64 received;  /* messages received in all */
  CnsTime min_sent;  /* earliest receive time buffered since the post */
  GByteArray **staged; /* per thread of a parallel run, its window's sends */
  guint n_staged;
} mpi = { .size = 1, .lookahead = CNS_TIME_MAX, .min_sent = CNS_TIME_MAX };

/* Whether a launcher (mpirun, mpiexec, srun) started the program: a
 * program run directly stays out of MPI, whose start alone costs 0.4 s and
 * 10 MB. */
static gboolean
mpi_launched (void)
{
  return g_getenv ("OMPI_COMM_WORLD_SIZE") != NULL
         || g_getenv ("PMIX_RANK") != NULL || g_getenv ("PMI_SIZE") != NULL;
}

/* A rank that ends with cns_fatal() takes the others down with it instead
 * of leaving them waiting for its messages. */
static void
mpi_fatal_hook (gint status)
{
  if (mpi.transport != NULL)
    mpi.transport->abort (mpi.transport, status);
}

static gboolean
mpi_reporter (void)
{
  return mpi.rank == 0;
}

static gboolean
mpi_start (CnsTransport *transport)
{
  if (transport == NULL)
    return FALSE;
  mpi.transport = transport;
  mpi.rank = transport->rank;
  mpi.size = transport->size;
  mpi.links = g_array_new (FALSE, FALSE, sizeof (CnsMpiLink));
  mpi.receivers = g_array_new (FALSE, FALSE, sizeof (Receiver));
  mpi.out = g_new0 (GByteArray *, mpi.size);
  mpi.reduce = g_new0 (guint64, mpi.size + 1);
  cns_fatal_set_hook (mpi_fatal_hook);
  cns_log_set_collective_exit (cns_mpi_disable, mpi_reporter);
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
 * Returns: %FALSE when the program was not started by an MPI launcher
 * (mpirun, mpiexec or srun), or, with a message on standard error, when
 * cns was built without MPI; the program then runs alone, as rank 0 of 1.
 */
gboolean
cns_mpi_enable (int *argc, char ***argv)
{
  g_return_val_if_fail (mpi.transport == NULL, FALSE);
  return mpi_start (cns_mpi_transport_open (argc, argv, NULL, mpi_launched ()));
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
  g_return_val_if_fail (comm != NULL, FALSE);
  g_return_val_if_fail (mpi.transport == NULL, FALSE);
  return mpi_start (cns_mpi_transport_open (NULL, NULL, comm, mpi_launched ()));
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
  if (mpi.transport == NULL)
    return;
  cns_fatal_set_hook (NULL);
  cns_log_set_collective_exit (NULL, NULL);
  for (guint32 r = 0; r < mpi.size; r++)
    if (mpi.out[r] != NULL)
      g_byte_array_unref (mpi.out[r]);
  g_free (mpi.out);
  g_free (mpi.reduce);
  g_array_unref (mpi.links);
  g_array_unref (mpi.receivers);
  mpi.transport->close (mpi.transport);
  memset (&mpi, 0, sizeof mpi);
  mpi.size = 1;
  mpi.lookahead = CNS_TIME_MAX;
  mpi.min_sent = CNS_TIME_MAX;
  memset (&cns_mpi_stats, 0, sizeof cns_mpi_stats);
}

/* The setup of the distributed simulators: MPI must be running. */
gboolean
cns_mpi_check_ready (GError **error)
{
  if (mpi.transport != NULL)
    return TRUE;
  g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                       cns_mpi_transport_is_available ()
                           ? "it needs MPI ranks: start the program with "
                             "mpirun, after cns_mpi_enable() in its main()"
                           : "it needs MPI, which this build of cns does "
                             "not have");
  return FALSE;
}

/**
 * cns_mpi_is_available:
 *
 * Returns: whether cns was built with MPI.
 */
gboolean
cns_mpi_is_available (void)
{
  return cns_mpi_transport_is_available ();
}

/**
 * cns_mpi_is_enabled:
 *
 * Returns: whether cns_mpi_enable() succeeded.
 */
gboolean
cns_mpi_is_enabled (void)
{
  return mpi.transport != NULL;
}

/**
 * cns_mpi_get_rank:
 *
 * Returns: this process's rank, 0 when not enabled.
 */
guint32
cns_mpi_get_rank (void)
{
  return mpi.rank;
}

/**
 * cns_mpi_get_size:
 *
 * Returns: the number of ranks, 1 when not enabled.
 */
guint32
cns_mpi_get_size (void)
{
  return mpi.size;
}

/**
 * cns_mpi_add_receiver: (skip)
 * @fn: the function this kind of remote message goes to
 * @user_data: passed to @fn
 *
 * Registers a kind of remote message, such as the frames of remote
 * channels. Every rank registers the same kinds in the same order.
 *
 * Returns: the receiver's id, for cns_mpi_send().
 */
guint32
cns_mpi_add_receiver (CnsMpiReceiveFn fn, gpointer user_data)
{
  Receiver r = { fn, user_data };

  g_return_val_if_fail (mpi.transport != NULL, G_MAXUINT32);
  g_return_val_if_fail (fn != NULL, G_MAXUINT32);
  g_array_append_val (mpi.receivers, r);
  return mpi.receivers->len - 1;
}

static void
mpi_check_delay (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  if (delay <= 0)
    cns_fatal ("a link between ranks %u and %u has no delay: links between "
               "ranks need a positive delay, the time the ranks may run "
               "apart",
               rank_a, rank_b);
}

static guint32
mpi_add_link (guint32 rank_a, guint32 rank_b, CnsTime delay, gboolean fifo)
{
  CnsMpiLink link = { CNS_MPI_NO_PEER, fifo, delay, 0 };

  g_return_val_if_fail (mpi.transport != NULL, CNS_MPI_NO_PEER);
  g_return_val_if_fail (rank_a < mpi.size && rank_b < mpi.size,
                        CNS_MPI_NO_PEER);
  g_return_val_if_fail (rank_a != rank_b, CNS_MPI_NO_PEER);
  mpi_check_delay (rank_a, rank_b, delay);
  if (rank_a == mpi.rank)
    link.peer = rank_b;
  else if (rank_b == mpi.rank)
    link.peer = rank_a;
  g_array_append_val (mpi.links, link);
  mpi.lookahead = MIN (mpi.lookahead, delay);
  mpi.links_changed++;
  return mpi.links->len - 1;
}

/**
 * cns_mpi_add_remote_link:
 * @rank_a: the rank of one end
 * @rank_b: the rank of the other
 * @delay: the link's propagation delay, positive
 *
 * Tells the simulator about a link between two ranks, which carries one
 * frame at a time in each direction (a frame sent after another arrives
 * after it). The smallest delay of such links bounds how far the ranks
 * may run apart. Every rank makes the same calls, since every rank builds
 * the whole topology.
 *
 * Returns: the link's id, for cns_mpi_send().
 */
guint32
cns_mpi_add_remote_link (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  return mpi_add_link (rank_a, rank_b, delay, TRUE);
}

/**
 * cns_mpi_add_remote_route:
 * @rank_a: the rank of one end
 * @rank_b: the rank of the other
 * @delay: the least delay of its messages, positive
 *
 * Like cns_mpi_add_remote_link() for a path whose messages arrive at least
 * @delay after they are sent, in any order: events a model sends straight
 * to another rank, as PHOLD does.
 *
 * Returns: the route's id, for cns_mpi_send().
 */
guint32
cns_mpi_add_remote_route (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  return mpi_add_link (rank_a, rank_b, delay, FALSE);
}

/**
 * cns_mpi_set_link_delay:
 * @link: a link's id
 * @delay: its new delay, positive
 *
 * For a link whose delay changed before the run.
 */
void
cns_mpi_set_link_delay (guint32 link, CnsTime delay)
{
  g_return_if_fail (mpi.transport != NULL && link < mpi.links->len);
  mpi_check_delay (mpi.rank, g_array_index (mpi.links, CnsMpiLink, link).peer,
                   delay);
  g_array_index (mpi.links, CnsMpiLink, link).delay = delay;
  mpi.lookahead = CNS_TIME_MAX;
  for (guint i = 0; i < mpi.links->len; i++)
    mpi.lookahead
        = MIN (mpi.lookahead, g_array_index (mpi.links, CnsMpiLink, i).delay);
}

CnsTime
cns_mpi_get_lookahead (void)
{
  return mpi.lookahead;
}

const CnsMpiLink *
cns_mpi_get_links (guint *n_links, guint *changes)
{
  *n_links = mpi.links->len;
  *changes = mpi.links_changed;
  return (const CnsMpiLink *) mpi.links->data;
}

/* An empty message: room for the guarantee. */
static GByteArray *
mpi_new_message (void)
{
  GByteArray *bytes = mpi.transport->take_buffer (mpi.transport);

  g_byte_array_set_size (bytes, GUARANTEE);
  return bytes;
}

/* Appends a record to the message for the peer of @l. */
static void
mpi_send_record (CnsMpiLink *l, guint32 receiver, CnsTime time, guint64 key,
                 guint32 node, guint32 interface, const guint8 *bytes,
                 guint32 size)
{
  guint8 header[RECORD_HEADER];
  GByteArray *out;

  l->last_arrival = MAX (l->last_arrival, time);
  if (mpi.out[l->peer] == NULL)
    mpi.out[l->peer] = mpi_new_message ();
  out = mpi.out[l->peer];
  memcpy (header, &size, 4);
  memcpy (header + 4, &time, 8);
  memcpy (header + 12, &key, 8);
  memcpy (header + 20, &node, 4);
  memcpy (header + 24, &interface, 4);
  memcpy (header + 28, &receiver, 4);
  g_byte_array_append (out, header, RECORD_HEADER);
  g_byte_array_append (out, bytes, size);
  mpi.min_sent = MIN (mpi.min_sent, time);
  cns_mpi_stats.packets_sent++;
}

/* A thread of a parallel run inside a rank keeps its records, (link, the
 * record's header, bytes), until the window ends: the messages are the
 * rank's. */
static void
mpi_stage_record (guint32 link, guint32 receiver, CnsTime time, guint64 key,
                  guint32 node, guint32 interface, const guint8 *bytes,
                  guint32 size)
{
  guint thread = cns_simulator_thread.thread_index;
  GByteArray *out;
  guint8 header[4 + RECORD_HEADER];

  if (G_UNLIKELY (thread >= mpi.n_staged))
    cns_fatal ("MPI: thread %u sends, but the run staged %u threads", thread,
               mpi.n_staged);
  out = mpi.staged[thread];
  memcpy (header, &link, 4);
  memcpy (header + 4, &size, 4);
  memcpy (header + 8, &time, 8);
  memcpy (header + 16, &key, 8);
  memcpy (header + 24, &node, 4);
  memcpy (header + 28, &interface, 4);
  memcpy (header + 32, &receiver, 4);
  g_byte_array_append (out, header, sizeof header);
  g_byte_array_append (out, bytes, size);
}

void
cns_mpi_stage_threads (guint n_threads)
{
  for (guint i = 0; i < mpi.n_staged; i++)
    g_byte_array_unref (mpi.staged[i]);
  g_clear_pointer (&mpi.staged, g_free);
  mpi.n_staged = n_threads;
  if (n_threads == 0)
    return;
  mpi.staged = g_new (GByteArray *, n_threads);
  for (guint i = 0; i < n_threads; i++)
    mpi.staged[i] = g_byte_array_new ();
}

void
cns_mpi_flush_staged (void)
{
  for (guint i = 0; i < mpi.n_staged; i++)
    {
      GByteArray *in = mpi.staged[i];
      const guint8 *p = in->data, *end = p + in->len;

      while (p < end)
        {
          guint32 link, size, node, interface, receiver;
          CnsTime time;
          guint64 key;

          memcpy (&link, p, 4);
          memcpy (&size, p + 4, 4);
          memcpy (&time, p + 8, 8);
          memcpy (&key, p + 16, 8);
          memcpy (&node, p + 24, 4);
          memcpy (&interface, p + 28, 4);
          memcpy (&receiver, p + 32, 4);
          p += 4 + RECORD_HEADER;
          mpi_send_record (&g_array_index (mpi.links, CnsMpiLink, link),
                           receiver, time, key, node, interface, p, size);
          p += size;
        }
      g_byte_array_set_size (in, 0);
    }
}

/**
 * cns_mpi_send:
 * @link: the link, one of whose ends is on this rank
 * @time: when the message's event runs at the other end, at least the
 *   link's delay from now
 * @node: the receiving node's id
 * @interface: the receiving device's index on @node
 * @bytes: (array length=size): the payload, copied
 * @size: its length
 *
 * Sends a message from the running event to an event on the rank at the
 * other end of @link. It draws the ordering key the event would have had
 * in a sequential run, which the receiver schedules it under.
 */
void
cns_mpi_send (guint32 link, guint32 receiver, CnsTime time, guint32 node,
              guint32 interface, const guint8 *bytes, gsize size)
{
  CnsMpiLink *l;
  guint64 key;

  g_return_if_fail (mpi.transport != NULL && link < mpi.links->len);
  g_return_if_fail (receiver < mpi.receivers->len);
  g_return_if_fail (bytes != NULL || size == 0);
  g_return_if_fail (size <= G_MAXUINT32 - RECORD_HEADER);
  l = &g_array_index (mpi.links, CnsMpiLink, link);
  g_return_if_fail (l->peer != CNS_MPI_NO_PEER);
  if (G_UNLIKELY (time < cns_simulator_now () + l->delay))
    cns_fatal ("a message to rank %u for %" G_GINT64_FORMAT
               " ps comes before the link's delay of %" G_GINT64_FORMAT
               " ps from now",
               l->peer, time, l->delay);
  key = cns_simulator_draw_key ();
  if (G_UNLIKELY (mpi.staged != NULL
                  && cns_simulator_thread.lp != CNS_SIMULATOR_LP_NONE))
    mpi_stage_record (link, receiver, time, key, node, interface, bytes,
                      (guint32) size);
  else
    mpi_send_record (l, receiver, time, key, node, interface, bytes,
                     (guint32) size);
}

gboolean
cns_mpi_has_packets (guint32 rank)
{
  return mpi.out[rank] != NULL;
}

void
cns_mpi_post (guint32 rank, CnsTransportStream stream, CnsTime guarantee)
{
  GByteArray *bytes = mpi.out[rank];

  if (bytes == NULL)
    bytes = mpi_new_message ();
  mpi.out[rank] = NULL;
  memcpy (bytes->data, &guarantee, GUARANTEE);
  mpi.transport->send (mpi.transport, rank, stream, bytes);
  mpi.reduce[1 + rank]++;
  cns_mpi_stats.messages_sent++;
}

CnsTime
cns_mpi_take_earliest_sent (void)
{
  CnsTime min_sent = mpi.min_sent;

  mpi.min_sent = CNS_TIME_MAX;
  return min_sent;
}

guint64
cns_mpi_reduce_window (CnsTime *next)
{
  g_autofree guint64 *result
      = g_memdup2 (mpi.reduce, (mpi.size + 1) * sizeof (guint64));
  gint64 start = g_get_monotonic_time ();

  result[0] = (guint64) *next;
  mpi.transport->reduce (mpi.transport, result, mpi.size + 1,
                         CNS_TRANSPORT_MIN_SUM);
  cns_mpi_stats.blocked_s += (g_get_monotonic_time () - start) / 1e6;
  *next = (CnsTime) result[0];
  return result[1 + mpi.rank];
}

guint64
cns_mpi_get_received (void)
{
  return mpi.received;
}

/* Hands each record of @message to its receive function; returns the
 * guarantee it starts with. */
static CnsTime
mpi_dispatch (const GByteArray *message, guint32 source)
{
  const guint8 *p = message->data, *end = p + message->len;
  CnsTime guarantee;

  if (message->len < GUARANTEE)
    cns_fatal ("MPI: a message of %u bytes from rank %u is too short",
               message->len, source);
  memcpy (&guarantee, p, GUARANTEE);
  p += GUARANTEE;
  while (p < end)
    {
      guint32 size, node, interface, receiver;
      const Receiver *r;
      CnsTime time;
      guint64 key;

      if (end - p < RECORD_HEADER)
        cns_fatal ("MPI: a message from rank %u ends inside a record", source);
      memcpy (&size, p, 4);
      memcpy (&time, p + 4, 8);
      memcpy (&key, p + 12, 8);
      memcpy (&node, p + 20, 4);
      memcpy (&interface, p + 24, 4);
      memcpy (&receiver, p + 28, 4);
      p += RECORD_HEADER;
      if ((gsize) (end - p) < size)
        cns_fatal ("MPI: a message from rank %u ends inside a record", source);
      if (receiver >= mpi.receivers->len)
        cns_fatal ("MPI: a message from rank %u for receiver %u, which this "
                   "rank does not have: do all ranks register the same "
                   "receivers?",
                   source, receiver);
      r = &g_array_index (mpi.receivers, Receiver, receiver);
      r->fn (time, key, node, interface, p, size, r->user_data);
      cns_mpi_stats.packets_received++;
      p += size;
    }
  return guarantee;
}

gboolean
cns_mpi_receive (CnsTransportStream stream, gboolean wait,
                 CnsMpiMessage *message)
{
  const GByteArray *bytes
      = mpi.transport->receive (mpi.transport, stream, wait, &message->source);

  if (bytes == NULL)
    return FALSE;
  mpi.received++;
  cns_mpi_stats.messages_received++;
  message->has_packets = bytes->len > GUARANTEE;
  message->guarantee = mpi_dispatch (bytes, message->source);
  return TRUE;
}

CnsTransport *
cns_mpi_get_transport (void)
{
  return mpi.transport;
}

static void
mpi_reduce (guint64 *values, gsize n, CnsTransportOp op)
{
  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (n <= G_MAXINT);
  if (mpi.transport == NULL || n == 0)
    return;
  mpi.transport->reduce (mpi.transport, values, n, op);
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
  mpi_reduce (values, n, CNS_TRANSPORT_SUM);
}

/**
 * cns_mpi_max:
 *
 * Like cns_mpi_sum(), for the largest value.
 */
void
cns_mpi_max (guint64 *values, gsize n)
{
  mpi_reduce (values, n, CNS_TRANSPORT_MAX);
}

/**
 * cns_mpi_min:
 *
 * Like cns_mpi_sum(), for the smallest value.
 */
void
cns_mpi_min (guint64 *values, gsize n)
{
  mpi_reduce (values, n, CNS_TRANSPORT_MIN);
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
  g_autoptr (GPtrArray) all = NULL;

  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (n <= G_MAXINT / sizeof (guint64));
  g_return_if_fail (mpi.transport == NULL || mpi.rank != 0 || out != NULL);
  all = cns_mpi_gather_bytes ((const guint8 *) values, n * sizeof (guint64));
  for (guint r = 0; all != NULL && out != NULL && r < all->len; r++)
    if (n > 0)
      memcpy (out + (gsize) r * n, g_bytes_get_data (all->pdata[r], NULL),
              n * sizeof (guint64));
}

/**
 * cns_mpi_gather_bytes: (skip)
 * @data: (array length=size) (nullable): this rank's bytes
 * @size: how many
 *
 * Collects every rank's bytes on rank 0, for results that ranks build
 * apart (flow statistics, say). Collective.
 *
 * Returns: (transfer full) (nullable): on rank 0, an array of one #GBytes
 * per rank, in rank order; %NULL on the other ranks.
 */
GPtrArray *
cns_mpi_gather_bytes (const guint8 *data, gsize size)
{
  GPtrArray *out;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (size <= G_MAXINT, NULL);
  if (mpi.transport != NULL)
    return mpi.transport->gather (mpi.transport, data, size);
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_ptr_array_add (out, g_bytes_new (data, size));
  return out;
}

/**
 * cns_mpi_barrier:
 *
 * Waits until every rank calls it.
 */
void
cns_mpi_barrier (void)
{
  if (mpi.transport != NULL)
    mpi.transport->barrier (mpi.transport);
}
