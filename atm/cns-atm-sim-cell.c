/* cns — the runtime ATM cell that travels through simulated devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Cells come from a free list: the simulator's hot path allocates no
 * memory per cell once the list holds as many cells as are ever in flight
 * at once. Each thread has a list of its own and takes no lock to use it.
 * In a parallel run a cell made on one thread is often freed on another
 * (it crossed a link to a node of another LP), so a thread that holds
 * more than LIMIT free cells gives a batch of them to a depot that every
 * thread refills from, under a lock, a batch at a time; a thread that
 * ends frees its own. Cells on the free lists stay allocated (reachable)
 * until cns_atm_cell_trim_free_list(); nothing releases them at
 * cns_simulator_destroy(), so that the next simulation in the same
 * process reuses them.
 *
 * A cell that crosses MPI ranks travels serialized, every field the
 * struct carries, integers little-endian and rates as their IEEE 754 bits
 * (all ranks run the same build, so the format needs no version):
 *
 *    0  u8   GFC
 *    1  u16  VPI
 *    3  u16  VCI
 *    5  u8   PTI
 *    6  u8   flags: bit 0 CLP, 1 rm, 2 DIR (backward), 3 BN, 4 CI, 5 NI
 *    7  f64  ER, then CCR at 15 and MCR at 23
 *   31  48 payload bytes
 *   79  u32  flow
 *   83  i64  enqueued
 */
#include "atm/cns-atm-sim-cell.h"

#include "network/cns-byte-reader.h"
#include "network/cns-byte-writer.h"

#include <pthread.h>
#include <string.h>

enum
{
  FLAG_CLP = 1 << 0,
  FLAG_RM = 1 << 1,
  FLAG_DIR = 1 << 2,
  FLAG_BN = 1 << 3,
  FLAG_CI = 1 << 4,
  FLAG_NI = 1 << 5,
  FLAGS_ALL = (1 << 6) - 1,
};

/* Cells moved between a thread and the depot at a time, and how many
 * free ones a thread keeps before it puts more aside for the depot. */
#define BATCH 256
#define LIMIT (4 * BATCH)

/* A thread's free cells and its count of cells made minus cells freed
 * (negative on a thread that frees what others made). */
typedef struct
{
  CnsAtmCell *free_cells;
  gsize n_free;
  CnsAtmCell *batch; /* freed past LIMIT: a batch for the depot */
  gsize n_batch;
  gint64 n_live;
  /* 0 until the thread registers, on its first refill or free, to be
   * counted by cns_atm_cell_get_n_live() when it ends; then LIMIT */
  gsize limit;
} CellThread;

/* Of the initial-exec model: as cheap as a global. */
static __thread CellThread cells __attribute__ ((tls_model ("initial-exec")));

/* Shared, under the lock (a pthread lock, not a GMutex: ThreadSanitizer
 * sees it): the depot's batches (linked through the first cell's
 * payload), the threads' counts, and what ended threads left. A thread
 * glances at the depot without the lock, so it is read and written
 * atomically too. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static CnsAtmCell *depot;
static GPtrArray *threads; /* CellThread *, of the registered threads */
static gint64 retired_live;
static void cells_thread_exit (gpointer data);
static GPrivate thread_exit = G_PRIVATE_INIT (cells_thread_exit);

G_DEFINE_BOXED_TYPE (CnsAtmCell, cns_atm_cell, cns_atm_cell_copy,
                     cns_atm_cell_free)

/* The batch after @cell's in the depot, kept in its payload. */
static inline CnsAtmCell *
batch_next (const CnsAtmCell *cell)
{
  CnsAtmCell *next;

  memcpy (&next, cell->payload, sizeof next);
  return next;
}

static inline void
batch_set_next (CnsAtmCell *cell, CnsAtmCell *next)
{
  memcpy (cell->payload, &next, sizeof next);
}

static void
free_chain (CnsAtmCell *cell)
{
  while (cell != NULL)
    {
      CnsAtmCell *next = cell->next;

      g_free (cell);
      cell = next;
    }
}

static void
cells_register (CellThread *t)
{
  if (G_LIKELY (t->limit != 0))
    return;
  pthread_mutex_lock (&lock);
  if (threads == NULL)
    threads = g_ptr_array_new ();
  g_ptr_array_add (threads, t);
  pthread_mutex_unlock (&lock);
  g_private_set (&thread_exit, t);
  t->limit = LIMIT;
}

/* The free list is empty: the batch put aside, one from the depot, or
 * a new cell. */
static G_GNUC_NO_INLINE CnsAtmCell *
cells_refill (CellThread *t)
{
  CnsAtmCell *cell;

  cells_register (t);
  if (t->batch != NULL)
    {
      cell = t->batch;
      t->n_free = t->n_batch - 1;
      t->batch = NULL;
      t->n_batch = 0;
    }
  else
    {
      /* a glance without the lock: while cells are first made, as many
       * as are ever in flight, the depot is empty */
      cell = NULL;
      if (__atomic_load_n (&depot, __ATOMIC_RELAXED) != NULL)
        {
          pthread_mutex_lock (&lock);
          cell = __atomic_load_n (&depot, __ATOMIC_RELAXED);
          if (cell != NULL)
            __atomic_store_n (&depot, batch_next (cell), __ATOMIC_RELAXED);
          pthread_mutex_unlock (&lock);
        }
      if (cell == NULL)
        return g_new0 (CnsAtmCell, 1);
      t->n_free = BATCH - 1;
    }
  t->free_cells = cell->next;
  memset (cell, 0, sizeof *cell);
  return cell;
}

/* The free list is full, or the thread not registered yet: @cell goes
 * into the batch put aside, which goes to the depot once whole. */
static G_GNUC_NO_INLINE void
cells_spill (CellThread *t, CnsAtmCell *cell)
{
  cells_register (t);
  if (t->n_free < t->limit)
    {
      cell->next = t->free_cells;
      t->free_cells = cell;
      t->n_free++;
      return;
    }
  cell->next = t->batch;
  t->batch = cell;
  if (++t->n_batch < BATCH)
    return;
  pthread_mutex_lock (&lock);
  batch_set_next (t->batch, __atomic_load_n (&depot, __ATOMIC_RELAXED));
  __atomic_store_n (&depot, t->batch, __ATOMIC_RELAXED);
  pthread_mutex_unlock (&lock);
  t->batch = NULL;
  t->n_batch = 0;
}

/* A thread ends: its free cells go, and its count to the retired one. */
static void
cells_thread_exit (gpointer data)
{
  CellThread *t = data;

  free_chain (t->free_cells);
  free_chain (t->batch);
  pthread_mutex_lock (&lock);
  g_ptr_array_remove_fast (threads, t);
  retired_live += t->n_live;
  pthread_mutex_unlock (&lock);
  memset (t, 0, sizeof *t);
}

/**
 * cns_atm_cell_new: (skip)
 *
 * Returns: (transfer full): a zeroed cell, from the free list when it has
 * one. Free it with cns_atm_cell_free().
 */
CnsAtmCell *
cns_atm_cell_new (void)
{
  CellThread *t = &cells;
  CnsAtmCell *cell = t->free_cells;

  if (G_LIKELY (cell != NULL))
    {
      t->free_cells = cell->next;
      t->n_free--;
      memset (cell, 0, sizeof *cell);
    }
  else
    cell = cells_refill (t);
  t->n_live++;
  return cell;
}

/**
 * cns_atm_cell_copy:
 * @cell: a cell
 *
 * Copies @cell into a cell from the free list: every field but the link
 * of the queue @cell is on, which the copy does not share.
 *
 * Returns: (transfer full): a copy of @cell, on no queue. Free it with
 * cns_atm_cell_free().
 */
CnsAtmCell *
cns_atm_cell_copy (const CnsAtmCell *cell)
{
  CnsAtmCell *copy;

  g_return_val_if_fail (cell != NULL, NULL);
  copy = cns_atm_cell_new ();
  *copy = *cell;
  copy->next = NULL;
  return copy;
}

/**
 * cns_atm_cell_free:
 * @cell: (transfer full) (nullable): a cell from cns_atm_cell_new()
 *
 * Puts @cell back on the free list.
 */
void
cns_atm_cell_free (CnsAtmCell *cell)
{
  CellThread *t = &cells;

  if (cell == NULL)
    return;
  t->n_live--;
  if (G_UNLIKELY (t->n_free >= t->limit))
    {
      cells_spill (t, cell);
      return;
    }
  cell->next = t->free_cells;
  t->free_cells = cell;
  t->n_free++;
}

/**
 * cns_atm_cell_free_notify:
 * @cell: (transfer full): a #CnsAtmCell
 *
 * cns_atm_cell_free() as a #GDestroyNotify, for event data.
 */
void
cns_atm_cell_free_notify (gpointer cell)
{
  cns_atm_cell_free (cell);
}

/**
 * cns_atm_cell_get_n_live:
 *
 * Returns: the number of cells allocated and not yet freed in this
 * process, by every thread: 0 once a simulation is destroyed, unless a
 * caller still holds cells. Outside parallel runs.
 */
guint64
cns_atm_cell_get_n_live (void)
{
  gint64 live;

  pthread_mutex_lock (&lock);
  live = retired_live;
  for (guint i = 0; threads != NULL && i < threads->len; i++)
    live += ((CellThread *) threads->pdata[i])->n_live;
  pthread_mutex_unlock (&lock);
  /* this thread's, before it registered */
  if (cells.limit == 0)
    live += cells.n_live;
  return (guint64) live;
}

/**
 * cns_atm_cell_trim_free_list:
 *
 * Releases the memory of the calling thread's free cells and of the
 * depot's, outside parallel runs.
 */
void
cns_atm_cell_trim_free_list (void)
{
  CnsAtmCell *batches;

  free_chain (cells.free_cells);
  free_chain (cells.batch);
  cells.free_cells = cells.batch = NULL;
  cells.n_free = cells.n_batch = 0;
  pthread_mutex_lock (&lock);
  batches = depot;
  depot = NULL;
  pthread_mutex_unlock (&lock);
  while (batches != NULL)
    {
      CnsAtmCell *next = batch_next (batches);

      free_chain (batches);
      batches = next;
    }
}

/**
 * cns_atm_cell_serialize:
 * @cell: the cell
 * @out: (out caller-allocates): where its bytes go
 *
 * Writes what @cell carries (header, RM flag and fields, payload, flow,
 * enqueued time) as %CNS_ATM_CELL_SERIALIZED_SIZE bytes, to send it to
 * another MPI rank. cns_atm_cell_deserialize() reads them back.
 */
void
cns_atm_cell_serialize (const CnsAtmCell *cell,
                        guint8 out[CNS_ATM_CELL_SERIALIZED_SIZE])
{
  const CnsAbrRmFields *rm = &cell->rm_fields;

  CnsByteWriter w;

  g_return_if_fail (cell != NULL && out != NULL);
  cns_byte_writer_init_fixed (&w, out, CNS_ATM_CELL_SERIALIZED_SIZE);
  cns_byte_writer_put_u8 (&w, cell->header.gfc);
  cns_byte_writer_put_u16_le (&w, cell->header.vpi);
  cns_byte_writer_put_u16_le (&w, cell->header.vci);
  cns_byte_writer_put_u8 (&w, cell->header.pti);
  cns_byte_writer_put_u8 (
      &w, (cell->header.clp ? FLAG_CLP : 0) | (cell->rm ? FLAG_RM : 0)
              | (rm->dir_backward ? FLAG_DIR : 0) | (rm->bn ? FLAG_BN : 0)
              | (rm->ci ? FLAG_CI : 0) | (rm->ni ? FLAG_NI : 0));
  cns_byte_writer_put_f64_le (&w, rm->er);
  cns_byte_writer_put_f64_le (&w, rm->ccr);
  cns_byte_writer_put_f64_le (&w, rm->mcr);
  cns_byte_writer_put_bytes (&w, cell->payload, CNS_ATM_PAYLOAD_SIZE);
  cns_byte_writer_put_u32_le (&w, cell->flow);
  cns_byte_writer_put_u64_le (&w, (guint64) cell->enqueued);
}

/**
 * cns_atm_cell_deserialize:
 * @cell: the cell to fill, every field it carries overwritten
 * @bytes: (array length=size): what cns_atm_cell_serialize() wrote
 * @size: their length
 * @error: return location for a #CNS_ATM_ERROR_PARSE error
 *
 * Returns: %FALSE with @error set, naming the size or flags at fault, when
 * @bytes are not a serialized cell; @cell is then unchanged.
 */
gboolean
cns_atm_cell_deserialize (CnsAtmCell *cell, const guint8 *bytes, gsize size,
                          GError **error)
{
  CnsAbrRmFields *rm = &cell->rm_fields;
  CnsByteReader r;
  const guint8 *payload;
  guint64 enqueued;
  guint8 flags;

  g_return_val_if_fail (cell != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL || size == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (size != CNS_ATM_CELL_SERIALIZED_SIZE)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE,
                   "a serialized ATM cell is %u bytes, not %" G_GSIZE_FORMAT,
                   CNS_ATM_CELL_SERIALIZED_SIZE, size);
      return FALSE;
    }
  flags = bytes[6];
  if ((flags & ~FLAGS_ALL) != 0)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_PARSE,
                   "a serialized ATM cell has unknown flags 0x%02x", flags);
      return FALSE;
    }
  /* the size is right: no read below can fail */
  cns_byte_reader_init (&r, bytes, size, "serialized ATM cell");
  cns_byte_reader_get_u8 (&r, &cell->header.gfc, NULL, NULL);
  cns_byte_reader_get_u16_le (&r, &cell->header.vpi, NULL, NULL);
  cns_byte_reader_get_u16_le (&r, &cell->header.vci, NULL, NULL);
  cns_byte_reader_get_u8 (&r, &cell->header.pti, NULL, NULL);
  cns_byte_reader_get_u8 (&r, &flags, NULL, NULL);
  cell->header.clp = (flags & FLAG_CLP) != 0;
  cell->rm = (flags & FLAG_RM) != 0;
  rm->dir_backward = (flags & FLAG_DIR) != 0;
  rm->bn = (flags & FLAG_BN) != 0;
  rm->ci = (flags & FLAG_CI) != 0;
  rm->ni = (flags & FLAG_NI) != 0;
  cns_byte_reader_get_f64_le (&r, &rm->er, NULL, NULL);
  cns_byte_reader_get_f64_le (&r, &rm->ccr, NULL, NULL);
  cns_byte_reader_get_f64_le (&r, &rm->mcr, NULL, NULL);
  cns_byte_reader_get_bytes (&r, CNS_ATM_PAYLOAD_SIZE, &payload, NULL, NULL);
  memcpy (cell->payload, payload, CNS_ATM_PAYLOAD_SIZE);
  cns_byte_reader_get_u32_le (&r, &cell->flow, NULL, NULL);
  cns_byte_reader_get_u64_le (&r, &enqueued, NULL, NULL);
  cell->enqueued = (CnsTime) enqueued;
  return TRUE;
}
