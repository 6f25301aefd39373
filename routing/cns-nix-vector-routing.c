/* cns — nix-vector routing: on-demand source routes carried in packets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's NixVectorRouting. A node sending to a destination finds the
 * whole path once, encodes it as a nix vector (at each hop, the index of
 * the link to leave by in that node's list of links, in just enough bits
 * for the node's number of links), caches it by destination and attaches
 * it to each packet; transit nodes read their index from the packet and
 * forward without a table.
 *
 * All nodes share one snapshot of the topology (a #CnsRouteGraph, whose
 * link lists are in the tie rule's order) and one search workspace. Any
 * change to a node's interfaces or addresses bumps the shared epoch;
 * the snapshot is rebuilt on the next lookup, each node drops its cache
 * when it sees the epoch moved, and a transit node that receives a
 * vector of an older epoch computes a fresh path from itself.
 *
 * The search runs backwards from the destination t, so that distances
 * d(., t) decide the next hop by the tie rule as global routing does,
 * and stops once the source s is settled. Every node with d < d(s) is
 * settled by then, and every unsettled node's tentative distance is at
 * least d(s), so at a node x of the path (d(x) <= d(s)) the first link
 * with w(x, n) + d(n) = d(x) in x's sorted list is the tie rule's next
 * hop: unsettled neighbours can never match. Nodes with a single link
 * are not expanded (they lead nowhere but back), except t. Breadth-first
 * search replaces Dijkstra when all metrics are equal, as in the spf
 * backend. Stamps per search mark which distances are current, so the
 * workspace is never cleared.
 */
#include "routing/cns-nix-vector-routing.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "routing/cns-nix-vector-routing-private.h"
#include "routing/cns-route-graph.h"

#include <stdlib.h>
#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-nix-vector-routing");

#define NO_LINK G_MAXUINT32

/* ---- the search ---- */

typedef struct
{
  guint64 distance;
  guint32 node;
} HeapItem;

struct _CnsNixSearch
{
  CnsRouteGraph *graph;
  guint32 n_nodes;
  gboolean unit;
  /* the graph's links in its order, packed for the search loops */
  guint32 *offsets;     /* n_nodes + 1 */
  guint32 *neighbor;    /* by link */
  guint16 *metric;      /* w(node, neighbour) */
  guint16 *peer_metric; /* w(neighbour, node) */
  guint32 stamp;        /* of the current search, never 0 */
  guint32 *seen;        /* stamp: distance[] holds a (tentative) distance */
  guint32 *settled;     /* stamp: distance[] is final */
  guint64 *distance;    /* d(., t) */
  guint32 *queue;       /* breadth-first search */
  HeapItem *heap;       /* Dijkstra */
  guint64 heap_size, heap_capacity;
  guint64 n_settled;
};

/**
 * cns_nix_search_new:
 * @graph: a sealed graph
 *
 * Returns: (transfer full): a search workspace for @graph, holding a
 * reference to it.
 */
CnsNixSearch *
cns_nix_search_new (CnsRouteGraph *graph)
{
  CnsNixSearch *self;
  guint64 total;
  guint32 n;

  g_return_val_if_fail (graph != NULL, NULL);
  n = cns_route_graph_get_n_nodes (graph);
  total = cns_route_graph_get_n_links (graph);
  g_return_val_if_fail (total < G_MAXUINT32, NULL);
  self = g_new0 (CnsNixSearch, 1);
  self->graph = cns_route_graph_ref (graph);
  self->n_nodes = n;
  self->unit = cns_route_graph_has_unit_metrics (graph);
  self->offsets = g_new (guint32, n + 1);
  self->neighbor = g_new (guint32, MAX (total, 1));
  self->metric = g_new (guint16, MAX (total, 1));
  self->peer_metric = g_new (guint16, MAX (total, 1));
  for (guint32 x = 0, k = 0; x < n; x++)
    {
      guint32 n_links;
      const CnsRouteLink *links
          = cns_route_graph_get_links (graph, x, &n_links);

      self->offsets[x] = k;
      for (guint32 l = 0; l < n_links; l++, k++)
        {
          self->neighbor[k] = links[l].neighbor;
          self->metric[k] = links[l].metric;
          self->peer_metric[k] = links[l].peer_metric;
        }
    }
  self->offsets[n] = (guint32) total;
  self->seen = g_new0 (guint32, MAX (n, 1));
  self->settled = g_new0 (guint32, MAX (n, 1));
  self->distance = g_new (guint64, MAX (n, 1));
  if (self->unit)
    self->queue = g_new (guint32, MAX (n, 1));
  return self;
}

/** cns_nix_search_free: Frees @self and drops its graph. */
void
cns_nix_search_free (CnsNixSearch *self)
{
  if (self == NULL)
    return;
  cns_route_graph_unref (self->graph);
  g_free (self->offsets);
  g_free (self->neighbor);
  g_free (self->metric);
  g_free (self->peer_metric);
  g_free (self->seen);
  g_free (self->settled);
  g_free (self->distance);
  g_free (self->queue);
  g_free (self->heap);
  g_free (self);
}

/** cns_nix_search_get_n_settled: Returns: how many nodes the searches of
 * @self settled in all, a measure of the work they did. */
guint64
cns_nix_search_get_n_settled (const CnsNixSearch *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_settled;
}

static inline void
heap_push (CnsNixSearch *self, guint64 distance, guint32 node)
{
  HeapItem *h;
  guint64 i;

  if (G_UNLIKELY (self->heap_size == self->heap_capacity))
    {
      self->heap_capacity = MAX (64, 2 * self->heap_capacity);
      self->heap = g_renew (HeapItem, self->heap, self->heap_capacity);
    }
  h = self->heap;
  for (i = self->heap_size++; i > 0 && h[(i - 1) / 2].distance > distance;
       i = (i - 1) / 2)
    h[i] = h[(i - 1) / 2];
  h[i] = (HeapItem){ distance, node };
}

static inline HeapItem
heap_pop (CnsNixSearch *self)
{
  HeapItem *h = self->heap;
  HeapItem top = h[0], last = h[self->heap_size - 1];
  guint64 n = --self->heap_size, i = 0;

  for (;;)
    {
      guint64 c = 2 * i + 1;

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

/* Breadth-first from @target until @source has its distance, which is
 * final once seen. */
static gboolean
search_bfs (CnsNixSearch *self, guint32 source, guint32 target)
{
  guint32 stamp = self->stamp, head = 0, tail = 0;
  guint32 *seen = self->seen, *queue = self->queue;
  guint64 *distance = self->distance;

  seen[target] = stamp;
  distance[target] = 0;
  if (source == target)
    return TRUE;
  queue[tail++] = target;
  while (head < tail)
    {
      guint32 x = queue[head++];
      guint32 first = self->offsets[x], end = self->offsets[x + 1];
      guint64 next = distance[x] + 1;

      self->n_settled++;
      if (end - first == 1 && x != target)
        continue;
      for (guint32 l = first; l < end; l++)
        {
          guint32 i = self->neighbor[l];

          if (seen[i] == stamp)
            continue;
          seen[i] = stamp;
          distance[i] = next;
          if (i == source)
            return TRUE;
          queue[tail++] = i;
        }
    }
  return FALSE;
}

/* Dijkstra from @target until @source is settled; a link x -> i seen
 * from x is crossed from i, at i's cost w(i, x). */
static gboolean
search_dijkstra (CnsNixSearch *self, guint32 source, guint32 target)
{
  guint32 stamp = self->stamp;
  guint32 *seen = self->seen, *settled = self->settled;
  guint64 *distance = self->distance;

  seen[target] = stamp;
  distance[target] = 0;
  self->heap_size = 0;
  heap_push (self, 0, target);
  while (self->heap_size > 0)
    {
      HeapItem top = heap_pop (self);
      guint32 x = top.node, first, end;

      if (settled[x] == stamp || top.distance != distance[x])
        continue;
      settled[x] = stamp;
      self->n_settled++;
      if (x == source)
        return TRUE;
      first = self->offsets[x];
      end = self->offsets[x + 1];
      if (end - first == 1 && x != target)
        continue;
      for (guint32 l = first; l < end; l++)
        {
          guint32 i = self->neighbor[l];
          guint64 through = top.distance + self->peer_metric[l];

          if (settled[i] == stamp
              || (seen[i] == stamp && distance[i] <= through))
            continue;
          seen[i] = stamp;
          distance[i] = through;
          heap_push (self, through, i);
        }
    }
  return FALSE;
}

/* The bits a hop takes at a node with @n_links links. */
static inline guint32
index_width (guint32 n_links)
{
  return n_links <= 1 ? 0 : 32 - (guint32) __builtin_clz (n_links - 1);
}

/**
 * cns_nix_search_find:
 * @source: the node the path starts at
 * @target: the node it ends at
 * @epoch: the epoch to stamp the vector with
 * @nodes: (nullable): where to append the nodes of the path, @source and
 *   @target included (guint32 node ids)
 * @first_link: (out) (optional): the index of the first hop's link in
 *   @source's list, %G_MAXUINT32 for an empty path
 *
 * Finds the path from @source to @target that the tie rule picks.
 *
 * Returns: (transfer full) (nullable): the path as a nix vector (empty
 * when @source is @target), or %NULL when @target cannot be reached.
 */
CnsNixVector *
cns_nix_search_find (CnsNixSearch *self, guint32 source, guint32 target,
                     guint32 epoch, GArray *nodes, guint32 *first_link)
{
  CnsNixVector *nix;
  guint32 x;
  gboolean found;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (source < self->n_nodes && target < self->n_nodes, NULL);
  if (first_link != NULL)
    *first_link = NO_LINK;
  if (G_UNLIKELY (++self->stamp == 0))
    {
      memset (self->seen, 0, self->n_nodes * sizeof (guint32));
      memset (self->settled, 0, self->n_nodes * sizeof (guint32));
      self->stamp = 1;
    }
  found = self->unit ? search_bfs (self, source, target)
                     : search_dijkstra (self, source, target);
  if (!found)
    return NULL;

  nix = cns_nix_vector_new ();
  cns_nix_vector_set_epoch (nix, epoch);
  if (nodes != NULL)
    g_array_append_val (nodes, source);
  for (x = source; x != target;)
    {
      guint32 first = self->offsets[x], end = self->offsets[x + 1], l;
      guint64 d = self->distance[x];

      for (l = first; l < end; l++)
        {
          guint32 n = self->neighbor[l];
          guint64 cost = self->unit ? 1 : self->metric[l];

          if (self->seen[n] == self->stamp && self->distance[n] + cost == d)
            break;
        }
      if (G_UNLIKELY (l == end))
        {
          /* only a graph with a link missing its other direction */
          cns_nix_vector_unref (nix);
          return NULL;
        }
      if (x == source && first_link != NULL)
        *first_link = l - first;
      cns_nix_vector_add_neighbor_index (nix, l - first,
                                         index_width (end - first));
      x = self->neighbor[l];
      if (nodes != NULL)
        g_array_append_val (nodes, x);
    }
  return nix;
}

/* ---- what all nodes share ---- */

/* The epoch starts at 1, so that a vector never stamped (epoch 0) is
 * always stale; it only grows, even across simulations. */
static guint32 shared_epoch = 1;
static guint32 shared_graph_epoch;
static CnsNixSearch *shared_search; /* of the current graph, or NULL */

static void
shared_simulation_destroyed (gpointer obj, gpointer data)
{
  g_clear_pointer (&shared_search, cns_nix_search_free);
}

static void
shared_bump_epoch (void)
{
  if (G_UNLIKELY (++shared_epoch == 0))
    shared_epoch = 1;
}

/* The search on the topology of the current epoch, built on first use. */
static CnsNixSearch *
shared_get_search (void)
{
  if (G_LIKELY (shared_search != NULL && shared_graph_epoch == shared_epoch))
    return shared_search;
  if (shared_search == NULL)
    cns_simulator_schedule_destroy (shared_simulation_destroyed, NULL, NULL);
  else
    cns_nix_search_free (shared_search);
  {
    g_autoptr (CnsRouteGraph) graph = cns_route_graph_new_from_nodes ();

    shared_search = cns_nix_search_new (graph);
  }
  shared_graph_epoch = shared_epoch;
  CNS_LOG_DEBUG ("topology of epoch %u: %u nodes", shared_epoch,
                 shared_search->n_nodes);
  return shared_search;
}

/** cns_nix_vector_routing_get_n_settled: Returns: the nodes settled by
 * the searches on the current topology snapshot, 0 when there is none. */
guint64
cns_nix_vector_routing_get_n_settled (void)
{
  return shared_search != NULL ? shared_search->n_settled : 0;
}

/** cns_nix_vector_routing_get_epoch: Returns: the current routing epoch,
 * which every change to any node's interfaces or addresses moves. */
guint32
cns_nix_vector_routing_get_epoch (void)
{
  return shared_epoch;
}

/* ---- the protocol ---- */

typedef struct
{
  CnsNetDevice *device;
  CnsIpv4Address source;
} Interface;

/* A destination's path from this node; @nix is NULL for one that cannot
 * be reached. */
typedef struct
{
  CnsNixVector *nix;
  guint32 link;  /* the first hop, in this node's list of links */
  guint32 width; /* its bits in @nix */
} CacheEntry;

struct _CnsNixVectorRouting
{
  CnsIpv4RoutingProtocol parent_instance;

  CnsIpv4L3Protocol *ipv4;
  guint32 node;
  guint32 epoch;         /* of the cache and the interfaces */
  GHashTable *cache;     /* address value -> CacheEntry */
  Interface *interfaces; /* NULL until used in this epoch */
  guint32 n_interfaces;
};

G_DEFINE_FINAL_TYPE (CnsNixVectorRouting, cns_nix_vector_routing,
                     CNS_TYPE_IPV4_ROUTING_PROTOCOL)

static void
cache_entry_free (gpointer data)
{
  CacheEntry *entry = data;

  if (entry->nix != NULL)
    cns_nix_vector_unref (entry->nix);
  g_free (entry);
}

static void
nix_forget (CnsNixVectorRouting *self)
{
  g_hash_table_remove_all (self->cache);
  g_clear_pointer (&self->interfaces, g_free);
  self->n_interfaces = 0;
}

static void
cns_nix_vector_routing_dispose (GObject *object)
{
  CnsNixVectorRouting *self = CNS_NIX_VECTOR_ROUTING (object);

  nix_forget (self);
  self->ipv4 = NULL;
  G_OBJECT_CLASS (cns_nix_vector_routing_parent_class)->dispose (object);
}

static void
cns_nix_vector_routing_finalize (GObject *object)
{
  CnsNixVectorRouting *self = CNS_NIX_VECTOR_ROUTING (object);

  g_hash_table_unref (self->cache);
  G_OBJECT_CLASS (cns_nix_vector_routing_parent_class)->finalize (object);
}

static void
nix_learn_interfaces (CnsNixVectorRouting *self)
{
  guint32 n = cns_ipv4_l3_protocol_get_n_interfaces (self->ipv4);

  self->interfaces = g_new0 (Interface, n);
  self->n_interfaces = n;
  for (guint32 i = 0; i < n; i++)
    {
      self->interfaces[i].device
          = cns_ipv4_l3_protocol_get_net_device (self->ipv4, i);
      if (cns_ipv4_l3_protocol_get_n_addresses (self->ipv4, i) > 0)
        self->interfaces[i].source
            = cns_ipv4_l3_protocol_get_address (self->ipv4, i, 0).local;
    }
}

/* The current topology, with this node's cache and interfaces brought to
 * its epoch; NULL when the node is not part of it. */
static CnsNixSearch *
nix_prepare (CnsNixVectorRouting *self)
{
  CnsNixSearch *search;

  if (G_UNLIKELY (self->ipv4 == NULL))
    return NULL;
  search = shared_get_search ();
  if (G_UNLIKELY (self->epoch != shared_epoch))
    {
      nix_forget (self);
      self->epoch = shared_epoch;
    }
  if (G_UNLIKELY (self->interfaces == NULL))
    nix_learn_interfaces (self);
  return self->node < search->n_nodes ? search : NULL;
}

/* This node's path to @destination, from the cache or found now; NULL
 * when there is none. */
static const CacheEntry *
nix_lookup (CnsNixVectorRouting *self, CnsNixSearch *search,
            CnsIpv4Address destination)
{
  CacheEntry *entry
      = g_hash_table_lookup (self->cache, GUINT_TO_POINTER (destination.value));
  guint32 target, n_links;

  if (G_LIKELY (entry != NULL))
    return entry->nix != NULL ? entry : NULL;
  target = cns_route_graph_lookup_address (search->graph, destination);
  if (target == CNS_ROUTE_GRAPH_NO_NODE || target == self->node)
    return NULL;
  entry = g_new0 (CacheEntry, 1);
  entry->nix = cns_nix_search_find (search, self->node, target, shared_epoch,
                                    NULL, &entry->link);
  cns_route_graph_get_links (search->graph, self->node, &n_links);
  entry->width = index_width (n_links);
  g_hash_table_insert (self->cache, GUINT_TO_POINTER (destination.value),
                       entry);
  CNS_LOG_LOGIC ("node %u: path to node %u: %u bits", self->node, target,
                 entry->nix != NULL ? cns_nix_vector_get_n_bits (entry->nix)
                                    : 0);
  return entry->nix != NULL ? entry : NULL;
}

/* Fills @route for leaving by @link; FALSE when @output_device forbids
 * it. */
static gboolean
nix_fill_route (CnsNixVectorRouting *self, const CnsRouteLink *link,
                CnsIpv4Address destination, CnsNetDevice *output_device,
                CnsIpv4Route *route)
{
  const Interface *iface;

  if (G_UNLIKELY (link->interface >= self->n_interfaces))
    return FALSE;
  iface = &self->interfaces[link->interface];
  if (output_device != NULL && output_device != iface->device)
    return FALSE;
  route->destination = destination;
  route->gateway = link->peer_address;
  route->interface = link->interface;
  route->output_device = iface->device;
  route->source = iface->source;
  return TRUE;
}

static gboolean
nix_route_output (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                  const CnsIpv4Header *header, CnsNetDevice *output_device,
                  CnsIpv4Route *route)
{
  /* per packet: the class guarantees the type, skip the checked cast */
  CnsNixVectorRouting *self = (CnsNixVectorRouting *) protocol;
  CnsNixSearch *search = nix_prepare (self);
  const CacheEntry *entry;
  guint32 n_links;
  const CnsRouteLink *links;

  if (G_UNLIKELY (search == NULL))
    return FALSE;
  entry = nix_lookup (self, search, header->destination);
  if (entry == NULL)
    return FALSE;
  links = cns_route_graph_get_links (search->graph, self->node, &n_links);
  if (!nix_fill_route (self, &links[entry->link], header->destination,
                       output_device, route))
    return FALSE;
  /* a packet others hold cannot take the path: the next node finds the
   * same one from where it is */
  if (packet != NULL && cns_packet_is_writable (packet))
    {
      cns_packet_set_nix_vector (packet, entry->nix);
      cns_packet_extract_nix_index (packet, entry->width);
    }
  return TRUE;
}

static gboolean
nix_route_input (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                 const CnsIpv4Header *header, guint32 input_interface,
                 CnsIpv4Route *route)
{
  CnsNixVectorRouting *self = (CnsNixVectorRouting *) protocol;
  CnsNixSearch *search = nix_prepare (self);
  CnsNixVector *nix;
  const CnsRouteLink *links;
  guint32 n_links, width, index;

  if (G_UNLIKELY (search == NULL))
    return FALSE;
  links = cns_route_graph_get_links (search->graph, self->node, &n_links);
  width = index_width (n_links);
  nix = cns_packet_get_nix_vector (packet);
  if (G_LIKELY (nix != NULL && cns_nix_vector_get_epoch (nix) == shared_epoch
                && cns_nix_vector_get_n_bits (nix)
                           - cns_packet_get_nix_position (packet)
                       >= width))
    index = cns_packet_extract_nix_index (packet, width);
  else
    {
      /* no path, or one from an older topology: a new one from here */
      const CacheEntry *entry = nix_lookup (self, search, header->destination);

      if (entry == NULL)
        return FALSE;
      cns_packet_set_nix_vector (packet, entry->nix);
      index = cns_packet_extract_nix_index (packet, width);
    }
  if (G_UNLIKELY (index >= n_links))
    return FALSE;
  return nix_fill_route (self, &links[index], header->destination, NULL, route);
}

/* Any change to any node's interfaces or addresses: every path may have
 * changed. */
static void
nix_notify_interface_up (CnsIpv4RoutingProtocol *protocol, guint32 interface)
{
  shared_bump_epoch ();
}

static void
nix_notify_interface_down (CnsIpv4RoutingProtocol *protocol, guint32 interface)
{
  shared_bump_epoch ();
}

static void
nix_notify_address (CnsIpv4RoutingProtocol *protocol, guint32 interface,
                    const CnsIpv4InterfaceAddress *address)
{
  shared_bump_epoch ();
}

static void
nix_set_ipv4 (CnsIpv4RoutingProtocol *protocol, CnsIpv4L3Protocol *ipv4)
{
  CnsNixVectorRouting *self = CNS_NIX_VECTOR_ROUTING (protocol);

  CNS_IPV4_ROUTING_PROTOCOL_CLASS (cns_nix_vector_routing_parent_class)
      ->set_ipv4 (protocol, ipv4);
  nix_forget (self);
  self->ipv4 = ipv4;
  if (ipv4 != NULL)
    self->node = cns_node_get_id (cns_ipv4_l3_protocol_get_node (ipv4));
  shared_bump_epoch ();
}

static int
compare_addresses (const void *a, const void *b)
{
  guint32 x = GPOINTER_TO_UINT (*(gpointer const *) a);
  guint32 y = GPOINTER_TO_UINT (*(gpointer const *) b);

  return x < y ? -1 : x > y;
}

/* The node's cache, by destination address: the gateway and interface
 * of the first hop and the whole nix vector. */
static void
nix_print_routing_table (CnsIpv4RoutingProtocol *protocol, GString *out)
{
  CnsNixVectorRouting *self = CNS_NIX_VECTOR_ROUTING (protocol);
  CnsNixSearch *search = nix_prepare (self);
  g_autofree gpointer *keys = NULL;
  guint n_keys;

  g_string_append_printf (out, "Node: %u, Nix routing cache\n", self->node);
  if (search == NULL)
    {
      g_string_append (out, "(no IPv4)\n");
      return;
    }
  g_string_append (out,
                   "Destination      Gateway          Iface  Nix vector\n");
  keys = g_hash_table_get_keys_as_array (self->cache, &n_keys);
  qsort (keys, n_keys, sizeof (gpointer), compare_addresses);
  for (guint k = 0; k < n_keys; k++)
    {
      gpointer key = keys[k];
      const CacheEntry *entry = g_hash_table_lookup (self->cache, key);
      CnsIpv4Address destination = { GPOINTER_TO_UINT (key) };
      gchar dst[CNS_IPV4_ADDRESS_STRING_SIZE], gw[CNS_IPV4_ADDRESS_STRING_SIZE];
      const CnsRouteLink *links;
      guint32 n_links;

      cns_ipv4_address_format (destination, dst);
      if (entry->nix == NULL)
        {
          g_string_append_printf (out, "%-16s (unreachable)\n", dst);
          continue;
        }
      links = cns_route_graph_get_links (search->graph, self->node, &n_links);
      cns_ipv4_address_format (links[entry->link].peer_address, gw);
      g_string_append_printf (out, "%-16s %-16s %-6u ", dst, gw,
                              links[entry->link].interface);
      cns_nix_vector_print (entry->nix, out);
      g_string_append_c (out, '\n');
    }
}

static void
cns_nix_vector_routing_class_init (CnsNixVectorRoutingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsIpv4RoutingProtocolClass *routing_class
      = CNS_IPV4_ROUTING_PROTOCOL_CLASS (klass);

  object_class->dispose = cns_nix_vector_routing_dispose;
  object_class->finalize = cns_nix_vector_routing_finalize;
  routing_class->route_output = nix_route_output;
  routing_class->route_input = nix_route_input;
  routing_class->notify_interface_up = nix_notify_interface_up;
  routing_class->notify_interface_down = nix_notify_interface_down;
  routing_class->notify_add_address = nix_notify_address;
  routing_class->notify_remove_address = nix_notify_address;
  routing_class->set_ipv4 = nix_set_ipv4;
  routing_class->print_routing_table = nix_print_routing_table;
}

static void
cns_nix_vector_routing_init (CnsNixVectorRouting *self)
{
  self->cache = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                       cache_entry_free);
}

/** cns_nix_vector_routing_new: Returns: (transfer full): nix-vector
 * routing for one node. */
CnsNixVectorRouting *
cns_nix_vector_routing_new (void)
{
  return cns_object_new (CNS_TYPE_NIX_VECTOR_ROUTING, NULL);
}

/* The path from @source to the node of @destination on the current
 * topology, or NULL; its nodes appended to @nodes when not NULL. */
static CnsNixVector *
nix_find (CnsNode *source, CnsIpv4Address destination, GArray *nodes)
{
  CnsNixSearch *search = shared_get_search ();
  guint32 s = cns_node_get_id (source);
  guint32 t = cns_route_graph_lookup_address (search->graph, destination);

  if (s >= search->n_nodes || t == CNS_ROUTE_GRAPH_NO_NODE)
    return NULL;
  return cns_nix_search_find (search, s, t, shared_epoch, nodes, NULL);
}

/**
 * cns_nix_vector_routing_get_path:
 * @source: the node the path starts at
 * @destination: an address of the node it ends at
 *
 * The path nix-vector routing takes from @source to @destination on the
 * topology as it saw it last (nodes' nix-vector routing report every
 * change): the shortest by interface metrics, the tie rule choosing
 * among equals, so the same as global routing's.
 *
 * Returns: (transfer full) (nullable): the path, empty when @destination
 * is @source's own, or %NULL when no node has @destination or it cannot
 * be reached.
 */
CnsNixVector *
cns_nix_vector_routing_get_path (CnsNode *source, CnsIpv4Address destination)
{
  g_return_val_if_fail (CNS_IS_NODE (source), NULL);
  return nix_find (source, destination, NULL);
}

/**
 * cns_nix_vector_routing_get_path_nodes:
 * @source: the node the path starts at
 * @destination: an address of the node it ends at
 *
 * Returns: (transfer full) (nullable) (element-type guint32): the ids of
 * the nodes on the path of cns_nix_vector_routing_get_path(), @source
 * first and the destination's node last, or %NULL when there is no path.
 */
GArray *
cns_nix_vector_routing_get_path_nodes (CnsNode *source,
                                       CnsIpv4Address destination)
{
  GArray *nodes;
  g_autoptr (CnsNixVector) nix = NULL;

  g_return_val_if_fail (CNS_IS_NODE (source), NULL);
  nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  nix = nix_find (source, destination, nodes);
  if (nix == NULL)
    g_clear_pointer (&nodes, g_array_unref);
  return nodes;
}

/**
 * cns_nix_vector_routing_print_routing_path:
 * @source: the node the path starts at
 * @destination: an address of the node it ends at
 * @out: where to append
 *
 * Appends the path as ns-3's PrintRoutingPath does: a line "Route path
 * from Node S to Node T, Nix Vector: BITS (N bits left)", then one line
 * per hop with the addresses of both ends of the link crossed, or a line
 * saying there is no route.
 */
void
cns_nix_vector_routing_print_routing_path (CnsNode *source,
                                           CnsIpv4Address destination,
                                           GString *out)
{
  g_autoptr (GArray) nodes = NULL;
  g_autoptr (CnsNixVector) nix = NULL;
  CnsNixSearch *search;
  gchar address[CNS_IPV4_ADDRESS_STRING_SIZE];
  guint32 position = 0;

  g_return_if_fail (CNS_IS_NODE (source));
  g_return_if_fail (out != NULL);
  nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  nix = nix_find (source, destination, nodes);
  if (nix == NULL)
    {
      cns_ipv4_address_format (destination, address);
      g_string_append_printf (out, "No route from Node %u to %s\n",
                              cns_node_get_id (source), address);
      return;
    }
  search = shared_search;
  g_string_append_printf (
      out, "Route path from Node %u to Node %u, Nix Vector: ",
      cns_node_get_id (source), g_array_index (nodes, guint32, nodes->len - 1));
  cns_nix_vector_print (nix, out);
  g_string_append_printf (out, " (%u bits left)\n",
                          cns_nix_vector_get_n_bits (nix));
  for (guint h = 0; h + 1 < nodes->len; h++)
    {
      guint32 x = g_array_index (nodes, guint32, h), n_links;
      const CnsRouteLink *links
          = cns_route_graph_get_links (search->graph, x, &n_links);
      const CnsRouteLink *link = &links[cns_nix_vector_extract (
          nix, &position, index_width (n_links))];
      const CnsRouteLink *back = cns_route_graph_get_link_for_interface (
          search->graph, link->neighbor, link->peer_interface);
      gchar from[CNS_IPV4_ADDRESS_STRING_SIZE];

      cns_ipv4_address_format (
          back != NULL ? back->peer_address : cns_ipv4_address_any (), from);
      cns_ipv4_address_format (link->peer_address, address);
      g_string_append_printf (out, "%-16s (Node %u)   ----> %-16s (Node %u)\n",
                              from, x, address, link->neighbor);
    }
}
