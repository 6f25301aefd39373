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
 *   u32 node, u32 interface, u32 receiver, payload
 *
 * in host byte order (every rank runs the same build). Messages have any
 * size: the receiver probes for it.
 */
#include "core/cns-mpi-private.h"

#include "cns-build-config.h"
#include "core/cns-core-error.h"
#include "core/cns-log-private.h"
#include "core/cns-log.h"
#include "core/cns-simulator-private.h"

#include <string.h>

#ifdef CNS_HAVE_MPI
#include <mpi.h>
#endif

#define RECORD_HEADER (4 + 8 + 8 + 4 + 4 + 4)

CNS_LOG_COMPONENT_DEFINE ("cns-mpi");

/* The statistics every implementation shares. */
static CnsMpiStats stats;

/* Whether a launcher (mpirun, mpiexec, srun) started the program: a
 * program run directly stays out of MPI, whose start alone costs 0.4 s and
 * 10 MB. */
static gboolean
mpi_launched (void)
{
  return g_getenv ("OMPI_COMM_WORLD_SIZE") != NULL
         || g_getenv ("PMIX_RANK") != NULL || g_getenv ("PMI_SIZE") != NULL;
}

#ifdef CNS_HAVE_MPI

/* Null-message traffic is one FIFO stream per pair of ranks. Granted
 * windows alternate two tags: a rank that already sent the next window's
 * messages must not have them counted among this window's by a slower
 * rank, and no rank is ever more than one window ahead. */
#define TAG_DATA     1
#define TAG_WINDOW   2 /* and 3 */
#define GUARANTEE    8 /* bytes of the guarantee that starts a message */
#define NO_LINK      G_MAXUINT32
#define NM_POLL_MASK 15 /* receive every 16 events */

typedef struct
{
  MPI_Request request;
  GByteArray *bytes;
} PendingSend;

/* A link between two ranks; @peer is the other end's rank when this rank
 * is one end, NO_LINK otherwise. */
typedef struct
{
  guint32 peer;
  gboolean fifo; /* a message sent after another arrives after it */
  CnsTime delay;
  CnsTime last_arrival; /* of the last record this rank sent on it */
} Link;

typedef struct
{
  CnsMpiReceiveFn fn;
  gpointer user_data;
} Receiver;

/* A rank this one shares links with (null-message simulator). */
typedef struct
{
  guint32 rank;
  CnsTime lookahead;    /* the smallest delay of the links to it */
  CnsTime guarantee_in; /* nothing more from it arrives earlier */
  CnsTime promised;     /* the last guarantee sent to it */
  GArray *links;        /* of guint32, the links to it */
} Neighbour;

static struct
{
  gboolean enabled;
  gboolean called_init; /* MPI_Finalize is ours to call */
  MPI_Comm comm;
  guint32 rank, size;
  GArray *receivers; /* of Receiver, the same on every rank */
  GArray *links;     /* of Link */
  CnsTime lookahead; /* the smallest delay of any link */
  GByteArray **out;  /* per destination rank, NULL when empty */
  guint64 *reduce;   /* [0] next time, then messages sent to each rank */
  guint64 received;  /* messages received in all */
  guint64 windows;   /* flushes of granted windows */
  CnsTime min_sent;  /* earliest receive time buffered since the flush */
  GArray *pending;   /* of PendingSend */
  GPtrArray *spare;  /* buffers of completed sends, kept at their size */
  GByteArray *inbox; /* reused for each message received */
  MPI_Op window_op;

  /* null-message state */
  Neighbour *neighbours; /* n_neighbours of them, by rank */
  guint32 n_neighbours;
  Neighbour **by_rank; /* size entries, NULL for ranks that are not */
  CnsTime jump_floor;  /* safe for every rank, from a quiet wave */
  CnsTime safe;        /* what cns_mpi_nm_safe_time() returns */
  guint64 data_sent, data_received;
  MPI_Request wave;     /* MPI_REQUEST_NULL when none is running */
  guint64 wave_in[4];   /* next time, data sent, received, events run */
  guint64 wave_out[4];  /* the result */
  guint64 last_wave[4]; /* the previous result */
  gboolean have_last_wave;
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

static gboolean
mpi_reporter (void)
{
  return mpi.rank == 0;
}

/* The window and wave reduction: the smallest time, the sum of the rest. */
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
  mpi.links = g_array_new (FALSE, FALSE, sizeof (Link));
  mpi.receivers = g_array_new (FALSE, FALSE, sizeof (Receiver));
  mpi.out = g_new0 (GByteArray *, size);
  mpi.reduce = g_new0 (guint64, size + 1);
  mpi.pending = g_array_new (FALSE, FALSE, sizeof (PendingSend));
  mpi.spare
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  mpi.inbox = g_byte_array_new ();
  mpi.wave = MPI_REQUEST_NULL;
  mpi_check (MPI_Op_create (mpi_window_op, TRUE, &mpi.window_op),
             "MPI_Op_create");
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
  int provided, initialized;

  g_return_val_if_fail (!mpi.enabled, FALSE);
  MPI_Initialized (&initialized);
  if (!initialized && !mpi_launched ())
    return FALSE;
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

static void
mpi_free_neighbours (void)
{
  for (guint32 i = 0; i < mpi.n_neighbours; i++)
    g_array_unref (mpi.neighbours[i].links);
  g_clear_pointer (&mpi.neighbours, g_free);
  g_clear_pointer (&mpi.by_rank, g_free);
  mpi.n_neighbours = 0;
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
  if (mpi.wave != MPI_REQUEST_NULL)
    MPI_Wait (&mpi.wave, MPI_STATUS_IGNORE);
  g_array_unref (mpi.pending);
  g_ptr_array_unref (mpi.spare);
  for (guint32 r = 0; r < mpi.size; r++)
    if (mpi.out[r] != NULL)
      g_byte_array_unref (mpi.out[r]);
  g_free (mpi.out);
  g_free (mpi.reduce);
  g_array_unref (mpi.links);
  g_array_unref (mpi.receivers);
  mpi_free_neighbours ();
  g_byte_array_unref (mpi.inbox);
  MPI_Op_free (&mpi.window_op);
  MPI_Comm_free (&mpi.comm);
  cns_fatal_set_hook (NULL);
  cns_log_set_collective_exit (NULL, NULL);
  if (mpi.called_init)
    MPI_Finalize ();
  memset (&mpi, 0, sizeof mpi);
  mpi.size = 1;
  mpi.lookahead = CNS_TIME_MAX;
  mpi.min_sent = CNS_TIME_MAX;
  memset (&stats, 0, sizeof stats);
}

/* The setup of the distributed simulators: MPI must be running. */
gboolean
cns_mpi_check_ready (GError **error)
{
  if (mpi.enabled)
    return TRUE;
  g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                       "it needs MPI ranks: start the program with mpirun, "
                       "after cns_mpi_enable() in its main()");
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
  return TRUE;
}

/**
 * cns_mpi_is_enabled:
 *
 * Returns: whether cns_mpi_enable() succeeded.
 */
gboolean
cns_mpi_is_enabled (void)
{
  return mpi.enabled;
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

  g_return_val_if_fail (mpi.enabled, G_MAXUINT32);
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
  Link link = { NO_LINK, fifo, delay, 0 };

  g_return_val_if_fail (mpi.enabled, NO_LINK);
  g_return_val_if_fail (rank_a < mpi.size && rank_b < mpi.size, NO_LINK);
  g_return_val_if_fail (rank_a != rank_b, NO_LINK);
  mpi_check_delay (rank_a, rank_b, delay);
  if (rank_a == mpi.rank)
    link.peer = rank_b;
  else if (rank_b == mpi.rank)
    link.peer = rank_a;
  g_array_append_val (mpi.links, link);
  mpi.lookahead = MIN (mpi.lookahead, delay);
  mpi_free_neighbours (); /* made again at the next run */
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
  g_return_if_fail (mpi.enabled && link < mpi.links->len);
  mpi_check_delay (mpi.rank, g_array_index (mpi.links, Link, link).peer, delay);
  g_array_index (mpi.links, Link, link).delay = delay;
  mpi.lookahead = CNS_TIME_MAX;
  for (guint i = 0; i < mpi.links->len; i++)
    mpi.lookahead
        = MIN (mpi.lookahead, g_array_index (mpi.links, Link, i).delay);
}

CnsTime
cns_mpi_get_lookahead (void)
{
  return mpi.lookahead;
}

/* An empty message: room for the guarantee, in a kept buffer if there is
 * one. */
static GByteArray *
mpi_take_buffer (void)
{
  GByteArray *bytes
      = mpi.spare->len > 0
            ? g_ptr_array_steal_index_fast (mpi.spare, mpi.spare->len - 1)
            : g_byte_array_sized_new (256);

  g_byte_array_set_size (bytes, GUARANTEE);
  return bytes;
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
  guint8 header[RECORD_HEADER];
  guint32 size32 = size;
  guint64 key;
  Link *l;
  GByteArray *out;

  g_return_if_fail (mpi.enabled && link < mpi.links->len);
  g_return_if_fail (receiver < mpi.receivers->len);
  g_return_if_fail (bytes != NULL || size == 0);
  g_return_if_fail (size <= G_MAXUINT32 - RECORD_HEADER);
  l = &g_array_index (mpi.links, Link, link);
  g_return_if_fail (l->peer != NO_LINK);
  if (G_UNLIKELY (time < cns_simulator_now () + l->delay))
    cns_fatal ("a message to rank %u for %" G_GINT64_FORMAT
               " ps comes before the link's delay of %" G_GINT64_FORMAT
               " ps from now",
               l->peer, time, l->delay);
  key = cns_simulator_draw_key ();
  l->last_arrival = MAX (l->last_arrival, time);
  if (mpi.out[l->peer] == NULL)
    mpi.out[l->peer] = mpi_take_buffer ();
  out = mpi.out[l->peer];
  memcpy (header, &size32, 4);
  memcpy (header + 4, &time, 8);
  memcpy (header + 12, &key, 8);
  memcpy (header + 20, &node, 4);
  memcpy (header + 24, &interface, 4);
  memcpy (header + 28, &receiver, 4);
  g_byte_array_append (out, header, RECORD_HEADER);
  g_byte_array_append (out, bytes, size);
  mpi.min_sent = MIN (mpi.min_sent, time);
  stats.packets_sent++;
}

/* Keeps the buffers of sends that completed for the next messages: a
 * window's message grows to megabytes, and growing a new one each time
 * costs more than the packets' serialization (reallocation, page faults). */
static void
mpi_reap_sends (void)
{
  guint kept = 0;

  for (guint i = 0; i < mpi.pending->len; i++)
    {
      PendingSend *p = &g_array_index (mpi.pending, PendingSend, i);
      int done = 0;

      mpi_check (MPI_Test (&p->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      if (done && mpi.spare->len < 2 * mpi.size)
        g_ptr_array_add (mpi.spare, p->bytes);
      else if (done)
        g_byte_array_unref (p->bytes);
      else
        g_array_index (mpi.pending, PendingSend, kept++) = *p;
    }
  g_array_set_size (mpi.pending, kept);
}

/* Sends @bytes (transfer full), which start with room for the guarantee,
 * to @rank. */
static void
mpi_post (guint32 rank, GByteArray *bytes, CnsTime guarantee, int tag)
{
  PendingSend p = { MPI_REQUEST_NULL, bytes };

  if (bytes->len > G_MAXINT)
    cns_fatal ("more than 2 GiB of packets for rank %u in one message", rank);
  memcpy (bytes->data, &guarantee, GUARANTEE);
  mpi_check (MPI_Isend (bytes->data, (int) bytes->len, MPI_BYTE, rank, tag,
                        mpi.comm, &p.request),
             "MPI_Isend");
  g_array_append_val (mpi.pending, p);
  mpi.reduce[1 + rank]++;
  stats.messages_sent++;
}

CnsTime
cns_mpi_flush (void)
{
  CnsTime min_sent = mpi.min_sent;

  if (!mpi.enabled)
    return CNS_TIME_MAX;
  mpi_reap_sends ();
  for (guint32 r = 0; r < mpi.size; r++)
    if (mpi.out[r] != NULL)
      {
        mpi_post (r, mpi.out[r], 0, TAG_WINDOW + (mpi.windows & 1));
        mpi.out[r] = NULL;
      }
  mpi.min_sent = CNS_TIME_MAX;
  mpi.windows++;
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

/* Hands each record of the message in mpi.inbox to the receive function;
 * returns the guarantee it starts with. */
static CnsTime
mpi_dispatch (int source)
{
  const guint8 *p = mpi.inbox->data, *end = p + mpi.inbox->len;
  CnsTime guarantee;

  if (mpi.inbox->len < GUARANTEE)
    cns_fatal ("MPI: a message of %u bytes from rank %d is too short",
               mpi.inbox->len, source);
  memcpy (&guarantee, p, GUARANTEE);
  p += GUARANTEE;
  while (p < end)
    {
      guint32 size, node, interface, receiver;
      const Receiver *r;
      CnsTime time;
      guint64 key;

      if (end - p < RECORD_HEADER)
        cns_fatal ("MPI: a message from rank %d ends inside a record", source);
      memcpy (&size, p, 4);
      memcpy (&time, p + 4, 8);
      memcpy (&key, p + 12, 8);
      memcpy (&node, p + 20, 4);
      memcpy (&interface, p + 24, 4);
      memcpy (&receiver, p + 28, 4);
      p += RECORD_HEADER;
      if ((gsize) (end - p) < size)
        cns_fatal ("MPI: a message from rank %d ends inside a record", source);
      if (receiver >= mpi.receivers->len)
        cns_fatal ("MPI: a message from rank %d for receiver %u, which this "
                   "rank does not have: do all ranks register the same "
                   "receivers?",
                   source, receiver);
      r = &g_array_index (mpi.receivers, Receiver, receiver);
      r->fn (time, key, node, interface, p, size, r->user_data);
      stats.packets_received++;
      p += size;
    }
  return guarantee;
}

/* Receives the message @status announced; returns its guarantee. */
static CnsTime
mpi_receive (const MPI_Status *status)
{
  int count;

  mpi_check (MPI_Get_count (status, MPI_BYTE, &count), "MPI_Get_count");
  g_byte_array_set_size (mpi.inbox, count);
  mpi_check (MPI_Recv (mpi.inbox->data, count, MPI_BYTE, status->MPI_SOURCE,
                       status->MPI_TAG, mpi.comm, MPI_STATUS_IGNORE),
             "MPI_Recv");
  mpi.received++;
  stats.messages_received++;
  if ((gsize) count > GUARANTEE)
    mpi.data_received++;
  return mpi_dispatch (status->MPI_SOURCE);
}

void
cns_mpi_receive_until (guint64 expected)
{
  gint64 start = g_get_monotonic_time ();

  while (mpi.received < expected)
    {
      MPI_Status status;

      /* the window just flushed */
      mpi_check (MPI_Probe (MPI_ANY_SOURCE,
                            TAG_WINDOW + ((mpi.windows - 1) & 1), mpi.comm,
                            &status),
                 "MPI_Probe");
      mpi_receive (&status);
    }
  stats.blocked_s += (g_get_monotonic_time () - start) / 1e6;
}

/* ---- null messages ---- */

/* Recomputes the safe time after a guarantee or the jump floor moved,
 * rather than for every event. */
static void
mpi_nm_update_safe (void)
{
  CnsTime safe = CNS_TIME_MAX;

  for (guint32 i = 0; i < mpi.n_neighbours; i++)
    safe = MIN (safe, mpi.neighbours[i].guarantee_in);
  mpi.safe = MAX (safe, mpi.jump_floor);
}

/* At the start of a run (collective): the neighbours and their lookahead,
 * from the links, made again when links were added; nothing from a
 * neighbour can arrive before now plus the smallest delay of the links to
 * it. And one all-reduce of the ranks' first event times @next: nothing
 * anywhere happens before the earliest, T, so every rank may run up to T
 * plus the lookahead at once, rather than creep there by null messages. */
void
cns_mpi_nm_begin (CnsTime next)
{
  CnsTime now = cns_simulator_now ();

  if (!mpi.enabled)
    return;
  if (mpi.by_rank == NULL)
    {
      mpi.by_rank = g_new0 (Neighbour *, mpi.size);
      mpi.neighbours = g_new0 (Neighbour, mpi.size);
      for (guint i = 0; i < mpi.links->len; i++)
        {
          const Link *l = &g_array_index (mpi.links, Link, i);
          Neighbour *n;
          guint32 id = i;

          if (l->peer == NO_LINK)
            continue;
          n = mpi.by_rank[l->peer];
          if (n == NULL)
            {
              n = mpi.by_rank[l->peer] = &mpi.neighbours[mpi.n_neighbours++];
              n->rank = l->peer;
              n->guarantee_in = CNS_TIME_MAX;
              n->lookahead = CNS_TIME_MAX;
              n->promised = now;
              n->links = g_array_new (FALSE, FALSE, sizeof (guint32));
            }
          n->guarantee_in = MIN (n->guarantee_in, now + l->delay);
          n->lookahead = MIN (n->lookahead, l->delay);
          g_array_append_val (n->links, id);
        }
    }
  cns_mpi_reduce_window (&next);
  if (next != CNS_TIME_MAX)
    mpi.jump_floor = MAX (mpi.jump_floor, next > CNS_TIME_MAX - mpi.lookahead
                                              ? CNS_TIME_MAX
                                              : next + mpi.lookahead);
  for (guint32 i = 0; i < mpi.n_neighbours; i++)
    mpi.neighbours[i].promised
        = MAX (mpi.neighbours[i].promised, mpi.jump_floor);
  mpi_nm_update_safe ();
}

/* Up to when this rank may run: before the earliest guarantee of its
 * neighbours, or what a quiet wave showed. */
CnsTime
cns_mpi_nm_safe_time (void)
{
  return mpi.safe;
}

/* What this rank can promise @n, if nothing it will run is earlier than
 * @floor: on each link a frame sent from @floor on arrives a delay later,
 * and not before the frames already on their way (the link is FIFO), so
 * a busy link promises the arrival of its last frame. */
static CnsTime
mpi_nm_promise (const Neighbour *n, CnsTime floor)
{
  CnsTime promise = CNS_TIME_MAX;

  if (floor == CNS_TIME_MAX)
    return CNS_TIME_MAX;
  for (guint i = 0; i < n->links->len; i++)
    {
      const Link *l = &g_array_index (mpi.links, Link,
                                      g_array_index (n->links, guint32, i));
      CnsTime earliest
          = floor > CNS_TIME_MAX - l->delay ? CNS_TIME_MAX : floor + l->delay;

      promise
          = MIN (promise, l->fifo ? MAX (earliest, l->last_arrival) : earliest);
    }
  return promise;
}

/* Sends the buffered records, each message with a guarantee, and null
 * messages as @nulls says: to each neighbour whose guarantee grew
 * (CNS_MPI_NULLS_ON_GROWTH), or grew by its lookahead since the last one
 * (CNS_MPI_NULLS_ON_LOOKAHEAD: a neighbour then runs a whole lookahead
 * further without waiting), or none. */
void
cns_mpi_nm_flush (CnsTime floor, CnsMpiNulls nulls)
{
  mpi_reap_sends ();
  for (guint32 i = 0; i < mpi.n_neighbours; i++)
    {
      Neighbour *n = &mpi.neighbours[i];
      GByteArray *out = mpi.out[n->rank];
      CnsTime promise;

      if (out == NULL && nulls == CNS_MPI_NULLS_NONE)
        continue;
      promise = mpi_nm_promise (n, floor);
      if (out == NULL)
        {
          if (promise <= n->promised
              || (nulls == CNS_MPI_NULLS_ON_LOOKAHEAD
                  && promise - n->promised < n->lookahead))
            continue;
          out = mpi_take_buffer ();
          stats.null_messages++;
        }
      else
        mpi.data_sent++;
      mpi.out[n->rank] = NULL;
      n->promised = MAX (n->promised, promise);
      mpi_post (n->rank, out, n->promised, TAG_DATA);
    }
  mpi.min_sent = CNS_TIME_MAX;
}

/* Receives the message @status announced and takes its guarantee. */
static void
mpi_nm_take (const MPI_Status *status)
{
  CnsTime guarantee = mpi_receive (status);
  Neighbour *n = mpi.by_rank[status->MPI_SOURCE];

  if (n == NULL)
    cns_fatal ("MPI: a message from rank %d, which shares no link with "
               "rank %u",
               status->MPI_SOURCE, mpi.rank);
  n->guarantee_in = MAX (n->guarantee_in, guarantee);
}

/* Receives every message that has arrived; returns whether there was
 * one. */
gboolean
cns_mpi_nm_receive (void)
{
  gboolean any = FALSE;

  for (;;)
    {
      MPI_Status status;
      int flag;

      mpi_check (
          MPI_Iprobe (MPI_ANY_SOURCE, TAG_DATA, mpi.comm, &flag, &status),
          "MPI_Iprobe");
      if (!flag)
        break;
      any = TRUE;
      mpi_nm_take (&status);
    }
  if (any)
    mpi_nm_update_safe ();
  return any;
}

/* Waves: a rank that cannot run contributes (its next time, the data
 * messages it sent and received, the events it ran) to a non-blocking
 * all-reduce. Counters only grow, so two waves in a row with the same sums
 * mean no rank ran, sent or received anything between its two
 * contributions: at the moment the first wave completed everything stood
 * still and, with as many messages received as sent, nothing was in
 * flight. Then nothing can happen before the smallest next time T, nor
 * reach another rank before T + lookahead: every rank may run up to there
 * (which spares the null messages that would creep towards T one delay
 * at a time), and T infinite means the run is over.
 *
 * Returns TRUE when the run is over. */
gboolean
cns_mpi_nm_wave (CnsTime next, guint64 events)
{
  int done = 0;

  if (mpi.wave == MPI_REQUEST_NULL)
    {
      mpi.wave_in[0] = (guint64) next;
      mpi.wave_in[1] = mpi.data_sent;
      mpi.wave_in[2] = mpi.data_received;
      mpi.wave_in[3] = events;
      mpi_check (MPI_Iallreduce (mpi.wave_in, mpi.wave_out, 4, MPI_UINT64_T,
                                 mpi.window_op, mpi.comm, &mpi.wave),
                 "MPI_Iallreduce");
    }
  mpi_check (MPI_Test (&mpi.wave, &done, MPI_STATUS_IGNORE), "MPI_Test");
  if (!done)
    return FALSE;
  if (mpi.have_last_wave && mpi.wave_out[1] == mpi.wave_out[2]
      && memcmp (mpi.wave_out + 1, mpi.last_wave + 1, 3 * sizeof (guint64))
             == 0)
    {
      CnsTime t = (CnsTime) mpi.wave_out[0];

      if (t == CNS_TIME_MAX)
        return TRUE;
      mpi.jump_floor = MAX (mpi.jump_floor, t > CNS_TIME_MAX - mpi.lookahead
                                                ? CNS_TIME_MAX
                                                : t + mpi.lookahead);
      mpi_nm_update_safe ();
    }
  memcpy (mpi.last_wave, mpi.wave_out, sizeof mpi.last_wave);
  mpi.have_last_wave = TRUE;
  return FALSE;
}

/* The run ended: receives the null messages still on their way (no data
 * is, or the run would not have ended), so that every message sent is
 * received; the next run starts its waves afresh. */
void
cns_mpi_nm_end (void)
{
  CnsTime next = CNS_TIME_MAX;
  guint64 expected = cns_mpi_reduce_window (&next);

  while (mpi.received < expected)
    {
      MPI_Status status;

      mpi_check (MPI_Probe (MPI_ANY_SOURCE, TAG_DATA, mpi.comm, &status),
                 "MPI_Probe");
      mpi_nm_take (&status);
    }
  mpi_nm_update_safe ();
  mpi.have_last_wave = FALSE;
}

void
cns_mpi_add_blocked (gint64 microseconds)
{
  stats.blocked_s += microseconds / 1e6;
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

/**
 * cns_mpi_max:
 *
 * Like cns_mpi_sum(), for the largest value.
 */
void
cns_mpi_max (guint64 *values, gsize n)
{
  mpi_allreduce (values, n, MPI_MAX);
}

/**
 * cns_mpi_min:
 *
 * Like cns_mpi_sum(), for the smallest value.
 */
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
  g_autofree int *sizes = NULL;
  g_autofree int *offsets = NULL;
  g_autofree guint8 *all = NULL;
  GPtrArray *out;
  int mine = (int) size, total = 0;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (size <= G_MAXINT, NULL);
  if (!mpi.enabled)
    {
      out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
      g_ptr_array_add (out, g_bytes_new (data, size));
      return out;
    }
  if (mpi.rank == 0)
    sizes = g_new (int, mpi.size);
  mpi_check (MPI_Gather (&mine, 1, MPI_INT, sizes, 1, MPI_INT, 0, mpi.comm),
             "MPI_Gather");
  if (mpi.rank == 0)
    {
      offsets = g_new (int, mpi.size);
      for (guint32 r = 0; r < mpi.size; r++)
        {
          if (sizes[r] > G_MAXINT - total)
            cns_fatal ("MPI: more than 2 GiB gathered on rank 0");
          offsets[r] = total;
          total += sizes[r];
        }
      all = g_malloc (MAX (total, 1));
    }
  mpi_check (MPI_Gatherv (data, mine, MPI_BYTE, all, sizes, offsets, MPI_BYTE,
                          0, mpi.comm),
             "MPI_Gatherv");
  if (mpi.rank != 0)
    return NULL;
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint32 r = 0; r < mpi.size; r++)
    g_ptr_array_add (out, g_bytes_new (all + offsets[r], sizes[r]));
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
  if (mpi.enabled)
    mpi_check (MPI_Barrier (mpi.comm), "MPI_Barrier");
}

#else /* !CNS_HAVE_MPI */

gboolean
cns_mpi_enable (int *argc, char ***argv)
{
  if (mpi_launched ())
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
cns_mpi_check_ready (GError **error)
{
  g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                       "it needs MPI, which this build of cns does not have");
  return FALSE;
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

/* Links and messages between ranks need ranks: misuse. */
static void
mpi_missing (const gchar *caller)
{
  g_critical ("%s: MPI is not available: this build of cns has no MPI "
              "support",
              caller);
}

guint32
cns_mpi_add_receiver (CnsMpiReceiveFn fn, gpointer user_data)
{
  mpi_missing (G_STRFUNC);
  return G_MAXUINT32;
}

guint32
cns_mpi_add_remote_link (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  mpi_missing (G_STRFUNC);
  return G_MAXUINT32;
}

guint32
cns_mpi_add_remote_route (guint32 rank_a, guint32 rank_b, CnsTime delay)
{
  mpi_missing (G_STRFUNC);
  return G_MAXUINT32;
}

void
cns_mpi_set_link_delay (guint32 link, CnsTime delay)
{
  mpi_missing (G_STRFUNC);
}

CnsTime
cns_mpi_get_lookahead (void)
{
  return CNS_TIME_MAX;
}

void
cns_mpi_send (guint32 link, guint32 receiver, CnsTime time, guint32 node,
              guint32 interface, const guint8 *bytes, gsize size)
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
cns_mpi_nm_begin (CnsTime next)
{
}

CnsTime
cns_mpi_nm_safe_time (void)
{
  return CNS_TIME_MAX;
}

void
cns_mpi_nm_flush (CnsTime floor, CnsMpiNulls nulls)
{
}

gboolean
cns_mpi_nm_receive (void)
{
  return FALSE;
}

gboolean
cns_mpi_nm_wave (CnsTime next, guint64 events)
{
  return next == CNS_TIME_MAX;
}

void
cns_mpi_nm_end (void)
{
}

void
cns_mpi_add_blocked (gint64 microseconds)
{
  stats.blocked_s += microseconds / 1e6;
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

GPtrArray *
cns_mpi_gather_bytes (const guint8 *data, gsize size)
{
  GPtrArray *out;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_ptr_array_add (out, g_bytes_new (data, size));
  return out;
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
    [RANK_MESSAGES_SENT] = stats.messages_sent,
    [RANK_MESSAGES_RECEIVED] = stats.messages_received,
    [RANK_PACKETS_SENT] = stats.packets_sent,
    [RANK_PACKETS_RECEIVED] = stats.packets_received,
    [RANK_NULL_MESSAGES] = stats.null_messages,
    [RANK_WINDOWS] = stats.windows,
    [RANK_BLOCKED_US] = (guint64) (stats.blocked_s * 1e6 + 0.5),
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
