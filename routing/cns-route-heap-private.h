/* cns — the binary heap of the routing module's Dijkstra searches.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A min-heap of (distance, node) on a plain array that grows by
 * doubling and is emptied, not freed, between searches. Dijkstra pushes
 * a node again when its distance drops, and skips stale items when it
 * pops them (lazy deletion), so there is no decrease-key.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 distance;
  guint32 node;
} CnsRouteHeapItem;

typedef struct
{
  CnsRouteHeapItem *items;
  gsize size;
  gsize capacity;
} CnsRouteHeap;

/* Frees the items; the heap is empty and usable again. */
static inline void
cns_route_heap_clear (CnsRouteHeap *heap)
{
  g_clear_pointer (&heap->items, g_free);
  heap->size = heap->capacity = 0;
}

static inline void
cns_route_heap_push (CnsRouteHeap *heap, guint64 distance, guint32 node)
{
  CnsRouteHeapItem *h;
  gsize i;

  if (G_UNLIKELY (heap->size == heap->capacity))
    {
      heap->capacity = MAX (64, 2 * heap->capacity);
      heap->items = g_renew (CnsRouteHeapItem, heap->items, heap->capacity);
    }
  h = heap->items;
  for (i = heap->size++; i > 0 && h[(i - 1) / 2].distance > distance;
       i = (i - 1) / 2)
    h[i] = h[(i - 1) / 2];
  h[i] = (CnsRouteHeapItem){ distance, node };
}

/* The item of least distance, removed; the heap must not be empty. */
static inline CnsRouteHeapItem
cns_route_heap_pop (CnsRouteHeap *heap)
{
  CnsRouteHeapItem *h = heap->items;
  CnsRouteHeapItem top = h[0], last = h[heap->size - 1];
  gsize n = --heap->size, i = 0;

  for (;;)
    {
      gsize c = 2 * i + 1;

      if (c >= n)
        break;
      if (c + 1 < n && h[c + 1].distance < h[c].distance)
        c++;
      if (h[c].distance >= last.distance)
        break;
      h[i] = h[c];
      i = c;
    }
  if (n > 0)
    h[i] = last;
  return top;
}

G_END_DECLS
