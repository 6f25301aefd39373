/* cns — prefetch hints: the memory a context's events touch.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * In a large topology each event lands on a node whose objects no cache
 * holds, and walks them one after the other (application, socket, UDP,
 * IPv4, device, queue, channel), each a miss found through the one
 * before. The scheduler knows which events come next; these hints tell it
 * where their node's objects lie.
 *
 * Structure: each context (node) has a CnsPrefetchHints, two cache lines
 * holding up to CNS_PREFETCH_LINES_MAX line numbers, kept as 32-bit
 * distances from the first line ever hinted, in chunks of 256 contexts
 * made as contexts get hints. The node hints its objects as a whole
 * allocation each (cns_prefetch_hint_add_object()); a module hints the
 * blocks it owns on its own hot path (cns_prefetch_hint_add()). The heap
 * scheduler fetches the hints of the event a few places ahead and
 * prefetches their lines for the one nearer (cns-prefetch-private.h).
 *
 * Hints only cause prefetches, which neither fault nor change results:
 * a line left from a freed block costs a useless fetch. So the rules stay
 * simple: no line twice, later lines dropped past the budget, a block
 * gives at most its first BLOCK_LINES_MAX lines, and removing a block
 * takes its lines out, those shared with a neighbour too. Prefetching
 * costs instructions and pays only once the memory hinted is far past
 * the caches: the schedulers use the hints only while they name
 * CNS_PREFETCH_ACTIVE_BYTES or more, all contexts together.
 */
#include "core/cns-prefetch-private.h"

#include "core/cns-event.h"
#include "core/cns-memory-private.h"

#include <string.h>

#define LINE_MASK  ((guintptr) (CNS_PREFETCH_LINE - 1))
#define CHUNK_SIZE (1u << CNS_PREFETCH_CHUNK_BITS)
/* the most lines one block gives: its start, where objects keep what
 * they read most */
#define BLOCK_LINES_MAX 8
/* the memory hinted from which the schedulers prefetch: between the 2 and
 * 20 MB where prefetching went from a loss to a large gain */
#define CNS_PREFETCH_ACTIVE_BYTES (8 * 1024 * 1024)

G_STATIC_ASSERT (sizeof (CnsPrefetchHints) == 2 * CNS_PREFETCH_LINE);

CnsPrefetchHints **cns_prefetch_chunks;
guint32 cns_prefetch_n_chunks;
const guint8 *cns_prefetch_base;
gboolean cns_prefetch_active;
/* while threads run events: hints stay as they are (see below) */
gboolean cns_prefetch_frozen;
static guint64 total_lines;

static void
total_lines_add (gint64 delta)
{
  total_lines += (guint64) delta;
  cns_prefetch_active
      = total_lines * CNS_PREFETCH_LINE >= CNS_PREFETCH_ACTIVE_BYTES;
}

/* @context's hints, their chunk made when @create. */
static CnsPrefetchHints *
hints_get (guint32 context, gboolean create)
{
  guint32 chunk = context >> CNS_PREFETCH_CHUNK_BITS;

  if (chunk >= cns_prefetch_n_chunks)
    {
      guint32 n = MAX (chunk + 1, 2 * cns_prefetch_n_chunks);

      if (!create)
        return NULL;
      cns_prefetch_chunks
          = g_renew (CnsPrefetchHints *, cns_prefetch_chunks, n);
      memset (cns_prefetch_chunks + cns_prefetch_n_chunks, 0,
              (n - cns_prefetch_n_chunks) * sizeof (CnsPrefetchHints *));
      cns_prefetch_n_chunks = n;
    }
  if (cns_prefetch_chunks[chunk] == NULL)
    {
      if (!create)
        return NULL;
      cns_prefetch_chunks[chunk] = cns_memory_alloc (
          CHUNK_SIZE * sizeof (CnsPrefetchHints), CNS_PREFETCH_LINE);
      memset (cns_prefetch_chunks[chunk], 0,
              CHUNK_SIZE * sizeof (CnsPrefetchHints));
    }
  return &cns_prefetch_chunks[chunk][context & (CHUNK_SIZE - 1)];
}

/* The lines of @mem and @size as distances from cns_prefetch_base: the
 * first in *@first, and how many (at most BLOCK_LINES_MAX); 0 when they
 * are too far from it, or when a hint for @context and the block is to
 * be ignored (see cns_prefetch_hint_add()). */
static guint
block_lines (guint32 context, gconstpointer mem, gsize size, gint32 *first)
{
  const guint8 *lo = (const guint8 *) ((guintptr) mem & ~LINE_MASK);
  const guint8 *hi
      = (const guint8 *) (((guintptr) mem + size + LINE_MASK) & ~LINE_MASK);
  gint64 distance;

  if (mem == NULL || size == 0 || context > CNS_CONTEXT_MAX)
    return 0;
  if (cns_prefetch_base == NULL)
    cns_prefetch_base = lo;
  distance = (lo - cns_prefetch_base) / CNS_PREFETCH_LINE;
  if (distance < G_MININT32 || distance > G_MAXINT32 - BLOCK_LINES_MAX)
    return 0;
  *first = (gint32) distance;
  return (guint) MIN ((hi - lo) / CNS_PREFETCH_LINE, BLOCK_LINES_MAX);
}

static gint
hints_find (const CnsPrefetchHints *h, gint32 line)
{
  for (gint i = 0; i < h->n_lines; i++)
    if (h->lines[i] == line)
      return i;
  return -1;
}

/**
 * cns_prefetch_hint_add:
 * @context: the context (node id) whose events read @mem; others are
 *   ignored
 * @mem: (nullable): a block of memory, ignored when %NULL
 * @size: its size in bytes
 *
 * Tells the scheduler that events of @context are likely to read the
 * block, so that it prefetches the block's lines (its first eight) a
 * little before running them. A hint only causes prefetches: it never
 * changes results, and one for a block freed since costs no more than a
 * useless fetch. Lines hinted already are not repeated; past
 * %CNS_PREFETCH_LINES_MAX lines, the context's further hints are dropped.
 */
void
cns_prefetch_hint_add (guint32 context, gconstpointer mem, gsize size)
{
  CnsPrefetchHints *h;
  gint32 first, before;
  guint n;

  /* threads running events would race on the shared counts and chunks;
   * a hint missed only costs a prefetch */
  if (cns_prefetch_frozen || (n = block_lines (context, mem, size, &first)) == 0)
    return;
  h = hints_get (context, TRUE);
  before = h->n_lines;
  for (guint i = 0; i < n && h->n_lines < CNS_PREFETCH_LINES_MAX; i++)
    if (hints_find (h, first + (gint32) i) < 0)
      h->lines[h->n_lines++] = first + (gint32) i;
  total_lines_add (h->n_lines - before);
}

/**
 * cns_prefetch_hint_remove:
 * @context: the context the block was hinted for
 * @mem: (nullable): the block, ignored when %NULL
 * @size: its size in bytes, as hinted
 *
 * Takes the lines of a block about to be freed out of @context's hints,
 * those it shares with a neighbour too.
 */
void
cns_prefetch_hint_remove (guint32 context, gconstpointer mem, gsize size)
{
  CnsPrefetchHints *h;
  gint32 first, before;
  guint n;

  /* a line left from a freed block only costs a useless prefetch */
  if (cns_prefetch_frozen || (h = hints_get (context, FALSE)) == NULL
      || (n = block_lines (context, mem, size, &first)) == 0)
    return;
  before = h->n_lines;
  for (guint i = 0; i < n; i++)
    {
      gint at = hints_find (h, first + (gint32) i);

      if (at >= 0)
        h->lines[at] = h->lines[--h->n_lines];
    }
  total_lines_add (h->n_lines - before);
}

/* The whole allocation of @object: GObject puts the private data of the
 * object's classes, its parents' included, right before the instance,
 * where g_type_instance_get_private() for the object's own type finds
 * its start. */
static gsize
object_block (gpointer object, gconstpointer *mem)
{
  GTypeQuery query;
  const guint8 *start
      = g_type_instance_get_private (object, G_OBJECT_TYPE (object));

  g_type_query (G_OBJECT_TYPE (object), &query);
  *mem = start;
  return (gsize) ((const guint8 *) object + query.instance_size - start);
}

/* Passes @fn the whole allocation of @object, unless it is NULL. */
static void
hint_object (guint32 context, gpointer object, CnsPrefetchHintFn fn)
{
  gconstpointer mem;
  gsize size;

  if (object == NULL)
    return;
  size = object_block (object, &mem);
  fn (context, mem, size);
}

/**
 * cns_prefetch_hint_add_object:
 * @context: the context (node id) whose events use @object
 * @object: (type GObject) (nullable): an object, ignored when %NULL
 *
 * Hints the whole of @object, its classes' private data included, as
 * cns_prefetch_hint_add() hints a block.
 */
void
cns_prefetch_hint_add_object (guint32 context, gpointer object)
{
  g_return_if_fail (object == NULL || G_IS_OBJECT (object));
  hint_object (context, object, cns_prefetch_hint_add);
}

/**
 * cns_prefetch_hint_remove_object:
 * @context: the context @object was hinted for
 * @object: (type GObject) (nullable): the object, ignored when %NULL
 *
 * Takes out the lines cns_prefetch_hint_add_object() added for @object.
 */
void
cns_prefetch_hint_remove_object (guint32 context, gpointer object)
{
  g_return_if_fail (object == NULL || G_IS_OBJECT (object));
  hint_object (context, object, cns_prefetch_hint_remove);
}

/**
 * cns_prefetch_hint_get_n_lines:
 * @context: a context
 *
 * Returns: how many 64-byte lines the scheduler prefetches before each
 * event of @context.
 */
guint
cns_prefetch_hint_get_n_lines (guint32 context)
{
  const CnsPrefetchHints *h = cns_prefetch_hints_peek (context);

  return h != NULL ? (guint) h->n_lines : 0;
}

/**
 * cns_prefetch_hint_contains:
 * @context: a context
 * @mem: an address
 *
 * Returns: whether the 64-byte line holding @mem is among the lines the
 * scheduler prefetches before each event of @context.
 */
gboolean
cns_prefetch_hint_contains (guint32 context, gconstpointer mem)
{
  const CnsPrefetchHints *h = cns_prefetch_hints_peek (context);
  guintptr line = (guintptr) mem & ~LINE_MASK;

  if (h == NULL || cns_prefetch_base == NULL)
    return FALSE;
  for (gint32 i = 0; i < h->n_lines; i++)
    if ((guintptr) cns_prefetch_base
            + (guintptr) ((gintptr) h->lines[i] * CNS_PREFETCH_LINE)
        == line)
      return TRUE;
  return FALSE;
}

/* Forgets every hint; cns_simulator_destroy() calls it. */
void
cns_prefetch_hints_free (void)
{
  for (guint32 i = 0; i < cns_prefetch_n_chunks; i++)
    cns_memory_free (cns_prefetch_chunks[i]);
  g_clear_pointer (&cns_prefetch_chunks, g_free);
  cns_prefetch_n_chunks = 0;
  cns_prefetch_base = NULL;
  total_lines = 0;
  cns_prefetch_active = FALSE;
}

/**
 * cns_prefetch_hint_is_active:
 *
 * Returns: whether the scheduler prefetches what the hints name: once
 * they name 8 MiB or more, all contexts together. Below that a
 * simulation's objects mostly stay in the caches, and prefetching them
 * costs more than it saves.
 */
gboolean
cns_prefetch_hint_is_active (void)
{
  return cns_prefetch_active;
}
