/* cns — all-pairs next hops between the routers of a graph.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One anonymous mapping of routers x routers entries: the kernel hands it
 * out zero-filled and untouched, so the fill is the first write and an
 * unreachable part of the table costs nothing. It is aligned to 2 MiB and
 * marked for transparent huge pages: backends write a part of every row
 * for each batch of destinations, rows a table width apart, and with
 * 4 KiB pages each of those rows is a page of its own for the TLB; the
 * profile of the fill showed its time in those writes. Entries are
 * interface indices, 0 meaning none, since interface 0 is the loopback.
 */
#include "routing/cns-route-table.h"

#include "core/cns-log.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-routing-error.h"

#include <sys/mman.h>

CNS_LOG_COMPONENT_DEFINE ("cns-route-table");

struct _CnsRouteTable
{
  gint ref_count;
  CnsRouteGraph *graph;
  guint32 n_routers;
  guint64 stride; /* entries per row: n_routers rounded up to ROW_ALIGN */
  guint entry_size;
  gpointer entries;
  gpointer mapping;
  gsize mapping_size;
};

#define HUGE_PAGE (2 * 1024 * 1024)
/* Rows start on a cache line, so that backends can write whole lines. */
#define ROW_ALIGN 64

G_DEFINE_BOXED_TYPE (CnsRouteTable, cns_route_table, cns_route_table_ref,
                     cns_route_table_unref)

static guint
entry_size_for (const CnsRouteGraph *graph)
{
  return cns_route_graph_get_max_interface (graph) < G_MAXUINT8 ? 1 : 2;
}

/**
 * cns_route_table_bytes_needed:
 *
 * Returns: the bytes of the entries of a table for @graph (sealed).
 */
guint64
cns_route_table_bytes_needed (const CnsRouteGraph *graph)
{
  guint64 n;

  g_return_val_if_fail (graph != NULL, 0);
  n = cns_route_graph_get_n_routers (graph);
  return n * ((n + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN)
         * entry_size_for (graph);
}

/**
 * cns_route_table_new:
 * @graph: a sealed graph; the table keeps a reference
 * @memory_budget: the most bytes the entries may take
 *
 * Returns: (transfer full) (nullable): an empty table (no routes), or
 * %NULL with %CNS_ROUTING_ERROR_MEMORY_BUDGET when it would take more
 * than @memory_budget bytes, or %CNS_ROUTING_ERROR_FAILED when the memory
 * cannot be had.
 */
CnsRouteTable *
cns_route_table_new (CnsRouteGraph *graph, guint64 memory_budget,
                     GError **error)
{
  guint64 bytes;
  CnsRouteTable *self;
  gpointer mapping;
  gsize size;

  g_return_val_if_fail (graph != NULL, NULL);
  bytes = cns_route_table_bytes_needed (graph);
  if (bytes > memory_budget)
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_MEMORY_BUDGET,
                   "an all-pairs table for %u routers (%u nodes) needs "
                   "%" G_GUINT64_FORMAT
                   " bytes, over the memory budget of %" G_GUINT64_FORMAT
                   " bytes (CnsGlobalRouteManager::MemoryBudget)",
                   cns_route_graph_get_n_routers (graph),
                   cns_route_graph_get_n_nodes (graph), bytes, memory_budget);
      return NULL;
    }
  size = (gsize) MAX (bytes, 1) + HUGE_PAGE;
  mapping = mmap (NULL, size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapping == MAP_FAILED)
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
                   "cannot allocate %" G_GUINT64_FORMAT
                   " bytes for the all-pairs table of %u routers",
                   bytes, cns_route_graph_get_n_routers (graph));
      return NULL;
    }
  self = g_new0 (CnsRouteTable, 1);
  self->ref_count = 1;
  self->graph = cns_route_graph_ref (graph);
  self->n_routers = cns_route_graph_get_n_routers (graph);
  self->stride
      = ((guint64) self->n_routers + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
  self->entry_size = entry_size_for (graph);
  self->mapping = mapping;
  self->mapping_size = size;
  self->entries = (gpointer) (((guintptr) mapping + HUGE_PAGE - 1)
                              & ~(guintptr) (HUGE_PAGE - 1));
  if (bytes >= HUGE_PAGE)
    madvise (self->entries, bytes / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
  return self;
}

/**
 * cns_route_table_ref:
 *
 * Returns: @self, with one more reference.
 */
CnsRouteTable *
cns_route_table_ref (CnsRouteTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_route_table_unref:
 *
 * Drops a reference, freeing @self with the last.
 */
void
cns_route_table_unref (CnsRouteTable *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  cns_route_graph_unref (self->graph);
  munmap (self->mapping, self->mapping_size);
  g_free (self);
}

/**
 * cns_route_table_fill:
 * @backend: the name of a registered #CnsRouteBackend
 * @n_threads: the most threads to use; 0 for one per processor
 *
 * Computes every entry with @backend.
 *
 * Returns: %TRUE, or %FALSE with %CNS_ROUTING_ERROR_UNKNOWN_BACKEND
 * naming the backends there are, or the backend's error.
 */
gboolean
cns_route_table_fill (CnsRouteTable *self, const gchar *backend,
                      guint n_threads, GError **error)
{
  const CnsRouteBackend *b;

  g_return_val_if_fail (self != NULL && backend != NULL, FALSE);
  b = cns_route_backend_lookup (backend);
  if (b == NULL)
    {
      g_autofree gchar *names = cns_route_backend_list_names ();

      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_UNKNOWN_BACKEND,
                   "no routing backend is called \"%s\" (there are: %s)",
                   backend, names);
      return FALSE;
    }
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  CNS_LOG_INFO ("filling a table of %u routers with backend %s on %u threads",
                self->n_routers, b->name, n_threads);
  return b->fill (self, n_threads, error);
}

/**
 * cns_route_table_get_graph:
 *
 * Returns: (transfer none): the table's
 * graph.
 */
CnsRouteGraph *
cns_route_table_get_graph (CnsRouteTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->graph;
}

/* The entry of router @rs, which is node @source, towards node
 * @destination: an interface index, 0 for none. A host is reached through
 * its neighbour, whose own entry is the host's link. */
static guint32
row_lookup (const CnsRouteTable *self, guint32 rs, guint32 source,
            guint32 destination)
{
  const CnsRouteGraph *g = self->graph;
  guint32 rd = cns_route_graph_get_router_index (g, destination);
  guint64 at;

  if (rd == CNS_ROUTE_GRAPH_NOT_A_ROUTER)
    {
      guint32 n_links;
      const CnsRouteLink *l
          = cns_route_graph_get_links (g, destination, &n_links);

      if (n_links != 1)
        return 0;
      if (l[0].neighbor == source)
        return l[0].peer_interface;
      rd = cns_route_graph_get_router_index (g, l[0].neighbor);
    }
  at = rs * self->stride + rd;
  return self->entry_size == 1 ? ((const guint8 *) self->entries)[at]
                               : ((const guint16 *) self->entries)[at];
}

/**
 * cns_route_table_lookup:
 * @source: a node id
 * @destination: a node id
 *
 * Returns: the interface @source leaves by towards @destination, or
 * %CNS_ROUTE_TABLE_NO_ROUTE (the same node, or unreachable).
 */
guint32
cns_route_table_lookup (const CnsRouteTable *self, guint32 source,
                        guint32 destination)
{
  const CnsRouteGraph *g;
  const CnsRouteLink *links;
  guint32 n, rs, n_links, entry;

  g_return_val_if_fail (self != NULL, CNS_ROUTE_TABLE_NO_ROUTE);
  g = self->graph;
  n = cns_route_graph_get_n_nodes (g);
  g_return_val_if_fail (source < n && destination < n,
                        CNS_ROUTE_TABLE_NO_ROUTE);
  if (source == destination)
    return CNS_ROUTE_TABLE_NO_ROUTE;
  rs = cns_route_graph_get_router_index (g, source);
  if (rs != CNS_ROUTE_GRAPH_NOT_A_ROUTER)
    {
      entry = row_lookup (self, rs, source, destination);
      return entry != 0 ? entry : CNS_ROUTE_TABLE_NO_ROUTE;
    }
  /* a host leaves by its one link for everything its neighbour reaches */
  links = cns_route_graph_get_links (g, source, &n_links);
  if (n_links != 1)
    return CNS_ROUTE_TABLE_NO_ROUTE;
  if (links[0].neighbor == destination
      || row_lookup (self,
                     cns_route_graph_get_router_index (g, links[0].neighbor),
                     links[0].neighbor, destination)
             != 0)
    return links[0].interface;
  return CNS_ROUTE_TABLE_NO_ROUTE;
}

/**
 * cns_route_table_get_entry_size:
 *
 * Returns: the bytes of an entry, 1 or
 * 2.
 */
guint
cns_route_table_get_entry_size (const CnsRouteTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entry_size;
}

/**
 * cns_route_table_get_bytes:
 *
 * Returns: the bytes the entries take.
 */
guint64
cns_route_table_get_bytes (const CnsRouteTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_routers * self->stride * self->entry_size;
}

/**
 * cns_route_table_get_row:
 *
 * For backends: the entries of router @router's row, one per destination
 * router, guint8 or guint16 as cns_route_table_get_entry_size() says.
 * Rows start on a 64-byte boundary (and so do the entries of every
 * 64th destination).
 *
 * Returns: (transfer none): the row.
 */
gpointer
cns_route_table_get_row (CnsRouteTable *self, guint32 router)
{
  g_return_val_if_fail (self != NULL && router < self->n_routers, NULL);
  return (guint8 *) self->entries + router * self->stride * self->entry_size;
}
