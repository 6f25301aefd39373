/* cns — GSlice on malloc, as GLib has done itself since 2.76.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GLib 2.74 (Debian 12's) hands out GObject instances from GSlice, one
 * chain of slab pages per block size, so a node's twenty objects of a
 * dozen sizes lie on a dozen pages shared with every other node's. With
 * malloc they lie side by side in the order they were made, and an event
 * that walks a node's stack stays on a page or two (bench-ring: 20 % more
 * packets per second).
 *
 * This file is no part of libcns, which leaves GLib's allocator alone: a
 * program opts in by linking its object (the examples and benchmarks do,
 * see examples/Makefile.am). G_SLICE=always-malloc in the environment does
 * much the same, but GLib reads it at its own start-up, before main(), and
 * still goes through GSlice's entry points. The definitions here bind
 * before GLib's for every library the program loads, GObject included;
 * GLib's internal calls bind to its own GSlice and GLib frees what it
 * allocates, so each block returns to the allocator it came from. Since
 * GLib 2.76 the real functions are these same wrappers, and this file
 * compiles to nothing.
 */
#include <glib.h>

#include <string.h>

#if !GLIB_CHECK_VERSION(2, 76, 0)

gpointer
g_slice_alloc (gsize block_size)
{
  return g_malloc (block_size);
}

gpointer
g_slice_alloc0 (gsize block_size)
{
  return g_malloc0 (block_size);
}

gpointer
g_slice_copy (gsize block_size, gconstpointer mem_block)
{
  gpointer copy = g_malloc (block_size);

  if (mem_block != NULL)
    memcpy (copy, mem_block, block_size);
  return copy;
}

void
g_slice_free1 (gsize block_size, gpointer mem_block)
{
  g_free (mem_block);
}

void
g_slice_free_chain_with_offset (gsize block_size, gpointer mem_chain,
                                gsize next_offset)
{
  while (mem_chain != NULL)
    {
      gpointer next = *(gpointer *) ((guint8 *) mem_chain + next_offset);

      g_free (mem_chain);
      mem_chain = next;
    }
}

#endif
