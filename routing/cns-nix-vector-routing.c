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
 * link lists are in the tie rule's order); each thread searches it with a
 * workspace of its own, so that the nodes of a parallel run find paths
 * at once. Any change to a node's interfaces or addresses bumps the
 * shared epoch; the snapshot is rebuilt on the next lookup, each node
 * drops its cache when it sees the epoch moved, and a transit node that
 * receives a vector of an older epoch computes a fresh path from itself.
 * In a parallel run the epoch may move only between windows (in events
 * of no node): a node's event that changes the topology stops the run.
 *
 * The path search is a #CnsRouteSearch on the snapshot: it follows the
 * tie rule, so nix paths are global routing's paths.
 */
#include "routing/cns-nix-vector-routing.h"

#include "core/cns-log.h"
#include "core/cns-parallel.h"
#include "core/cns-simulator.h"
#include "routing/cns-routing-private.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "routing/cns-nix-vector-routing-private.h"
#include "routing/cns-route-graph.h"
#include "routing/cns-route-search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-nix-vector-routing");

/* The bits a hop takes at a node with @n_links links. */
static inline guint32
index_width (guint32 n_links)
{
  return n_links <= 1 ? 0 : 32 - (guint32) __builtin_clz (n_links - 1);
}

/* ---- what all nodes share ---- */

/* The most threads a run may have: the Threads global value's range. */
#define MAX_THREADS 4096

/* What one thread searches with: a workspace of its own on the snapshot
 * (sharing the snapshot's packed links), and what its searches settled.
 * Each on cache lines of its own: threads write theirs at once. */
typedef struct
{
  CnsRouteSearch *search; /* on the current snapshot, NULL until used */
  guint64 n_settled;      /* by its searches on the snapshot */
} NixThread;

static struct
{
  /* Starts at 1, so that a vector never stamped (epoch 0) is always
   * stale; only grows, even across simulations. Changes outside the
   * windows of a parallel run only (cns_routing_check_shared_change()). */
  guint32 epoch;
  /* The snapshot's epoch, published last (release) once the snapshot is
   * made: a thread that reads it equal to epoch (acquire) sees the rest. */
  guint32 graph_epoch;
  CnsRouteGraph *graph;   /* the snapshot */
  guint32 n_nodes;        /* the graph's */
  CnsRouteSearch *search; /* the first on it, whose links the others share */
  gboolean destroy_scheduled;
  /* while a thread makes the snapshot; a pthread lock, not a GMutex:
   * ThreadSanitizer sees it */
  pthread_mutex_t lock;
  NixThread *threads[MAX_THREADS]; /* by thread index, made on first use */
} shared = { .epoch = 1, .lock = PTHREAD_MUTEX_INITIALIZER };

static void
shared_forget (void)
{
  for (guint i = 0; i < MAX_THREADS; i++)
    if (shared.threads[i] != NULL)
      {
        g_clear_pointer (&shared.threads[i]->search, cns_route_search_free);
        shared.threads[i]->n_settled = 0;
      }
  shared.search = NULL;
  shared.graph = NULL;
  shared.n_nodes = 0;
  __atomic_store_n (&shared.graph_epoch, 0, __ATOMIC_RELEASE);
}

static void
shared_simulation_destroyed (gpointer obj, gpointer data)
{
  shared_forget ();
  shared.destroy_scheduled = FALSE;
}

/* Frees the snapshot with the simulation. Called while a node gets nix
 * routing, as the program builds the topology: the simulator takes no
 * destroy functions during a run. */
static void
shared_schedule_destroy (void)
{
  if (shared.destroy_scheduled)
    return;
  cns_simulator_schedule_destroy (shared_simulation_destroyed, NULL, NULL);
  shared.destroy_scheduled = TRUE;
}

static void
shared_bump_epoch (void)
{
  cns_routing_check_shared_change ("the topology of nix-vector routing");
  if (G_UNLIKELY (++shared.epoch == 0))
    shared.epoch = 1;
}

/* The calling thread's slot; slots are made by their threads. */
static NixThread *
shared_thread (void)
{
  guint index = cns_simulator_get_thread_index ();

  g_assert (index < MAX_THREADS);
  if (G_UNLIKELY (shared.threads[index] == NULL))
    {
      /* whole cache lines: no other thread writes into them */
      gsize size = (sizeof (NixThread) + 63) & ~(gsize) 63;

      shared.threads[index] = g_aligned_alloc0 (1, size, 64);
    }
  return shared.threads[index];
}

/* Makes the snapshot of the current epoch, under the lock: during a
 * parallel run the first lookups after a change come from several
 * threads at once. No other thread searches meanwhile (the epoch moved
 * outside the window, and each thread's first lookup since waits here),
 * so the threads' old searches can go. */
static G_GNUC_NO_INLINE void
shared_make_snapshot (void)
{
  g_autoptr (CnsRouteGraph) graph = NULL;
  NixThread *mine;

  pthread_mutex_lock (&shared.lock);
  if (__atomic_load_n (&shared.graph_epoch, __ATOMIC_ACQUIRE) == shared.epoch)
    {
      pthread_mutex_unlock (&shared.lock);
      return;
    }
  shared_schedule_destroy ();
  shared_forget ();
  graph = cns_route_graph_new_from_nodes ();
  mine = shared_thread ();
  mine->search = shared.search = cns_route_search_new (graph);
  shared.graph = cns_route_search_get_graph (mine->search);
  shared.n_nodes = cns_route_graph_get_n_nodes (shared.graph);
  CNS_LOG_DEBUG ("topology of epoch %u: %u nodes", shared.epoch,
                 shared.n_nodes);
  __atomic_store_n (&shared.graph_epoch, shared.epoch, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&shared.lock);
}

/* Makes the snapshot of the topology of the current epoch, on first
 * use. */
static inline void
shared_prepare (void)
{
  if (G_UNLIKELY (__atomic_load_n (&shared.graph_epoch, __ATOMIC_ACQUIRE)
                  != shared.epoch))
    shared_make_snapshot ();
}

/* The path from @s to @t on the current snapshot, stamped with its
 * epoch, or NULL; found with the calling thread's search. */
static CnsNixVector *
shared_find (guint32 s, guint32 t, GArray *nodes)
{
  NixThread *mine = shared_thread ();
  CnsNixVector *nix;

  if (G_UNLIKELY (mine->search == NULL))
    mine->search = cns_route_search_new_sharing (shared.search);
  cns_route_search_find (mine->search, s, t, nodes, &nix);
  mine->n_settled += cns_route_search_get_n_settled (mine->search);
  if (nix != NULL)
    cns_nix_vector_set_epoch (nix, shared.epoch);
  return nix;
}

/**
 * cns_nix_vector_routing_get_n_settled:
 *
 * Returns: the nodes settled by the searches on the current topology
 * snapshot, on every thread; 0 when there is none.
 */
guint64
cns_nix_vector_routing_get_n_settled (void)
{
  guint64 n = 0;

  if (shared.graph == NULL)
    return 0;
  for (guint i = 0; i < MAX_THREADS; i++)
    if (shared.threads[i] != NULL)
      n += shared.threads[i]->n_settled;
  return n;
}

/**
 * cns_nix_vector_routing_get_epoch:
 *
 * Returns: the current routing epoch,
 * which every change to any node's interfaces or addresses moves.
 */
guint32
cns_nix_vector_routing_get_epoch (void)
{
  return shared.epoch;
}

/* ---- the protocol ---- */

/* A destination's path from this node; @nix is NULL for one that cannot
 * be reached. */
typedef struct
{
  CnsNixVector *nix;
  guint32 link;  /* the first hop, in this node's list of links */
  guint32 width; /* its bits in @nix */
} CacheEntry;

/* Leaving by one of the node's links, in the graph's order of its links,
 * which is what a nix vector's index counts: a hop reads this one entry
 * instead of the graph's offsets, its link and the interface (three
 * misses per hop in a large topology). */
typedef struct
{
  CnsNetDevice *device; /* NULL when the interface is not the node's */
  CnsIpv4Address gateway;
  CnsIpv4Address source;
  guint32 interface;
} NixHop;

struct _CnsNixVectorRouting
{
  CnsIpv4RoutingProtocol parent_instance;

  CnsIpv4L3Protocol *ipv4;
  guint32 node;
  guint32 epoch;     /* of the cache and the interfaces */
  GHashTable *cache; /* address value -> CacheEntry */
  NixHop *hops;      /* NULL until used in this epoch */
  guint32 n_hops;
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
  if (self->cache != NULL)
    g_hash_table_remove_all (self->cache);
  g_clear_pointer (&self->hops, g_free);
  self->n_hops = 0;
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

  g_clear_pointer (&self->cache, g_hash_table_unref);
  G_OBJECT_CLASS (cns_nix_vector_routing_parent_class)->finalize (object);
}

/* Fills the node's hops from the shared graph and its interfaces. */
static void
nix_learn_hops (CnsNixVectorRouting *self)
{
  guint32 n_interfaces, n_links;
  g_autofree CnsRoutingInterface *interfaces
      = cns_routing_interfaces_learn (self->ipv4, &n_interfaces);
  const CnsRouteLink *links
      = cns_route_graph_get_links (shared.graph, self->node, &n_links);

  self->hops = g_new0 (NixHop, MAX (n_links, 1));
  self->n_hops = n_links;
  for (guint32 l = 0; l < n_links; l++)
    {
      NixHop *hop = &self->hops[l];

      hop->gateway = links[l].peer_address;
      hop->interface = links[l].interface;
      if (links[l].interface < n_interfaces)
        {
          hop->device = interfaces[links[l].interface].device;
          hop->source = interfaces[links[l].interface].source;
        }
    }
}

/* Brings the shared topology, and this node's cache and hops, to the
 * current epoch; FALSE when the node is not part of the topology. */
static gboolean
nix_prepare (CnsNixVectorRouting *self)
{
  if (G_UNLIKELY (self->ipv4 == NULL))
    return FALSE;
  shared_prepare ();
  if (G_UNLIKELY (self->epoch != shared.epoch))
    {
      nix_forget (self);
      self->epoch = shared.epoch;
    }
  if (G_UNLIKELY (self->node >= shared.n_nodes))
    return FALSE;
  if (G_UNLIKELY (self->hops == NULL))
    nix_learn_hops (self);
  return TRUE;
}

/* This node's path to @destination, from the cache or found now; NULL
 * when there is none. */
static const CacheEntry *
nix_lookup (CnsNixVectorRouting *self, CnsIpv4Address destination)
{
  CacheEntry *entry = NULL;
  guint32 target, position = 0;

  if (G_LIKELY (self->cache != NULL))
    entry = g_hash_table_lookup (self->cache,
                                 GUINT_TO_POINTER (destination.value));
  if (G_LIKELY (entry != NULL))
    return entry->nix != NULL ? entry : NULL;
  target = cns_route_graph_lookup_address (shared.graph, destination);
  if (target == CNS_ROUTE_GRAPH_NO_NODE || target == self->node)
    return NULL;
  entry = g_new0 (CacheEntry, 1);
  entry->nix = shared_find (self->node, target, NULL);
  entry->width = index_width (self->n_hops);
  if (entry->nix != NULL)
    entry->link = cns_nix_vector_extract (entry->nix, &position, entry->width);
  /* made on first use: most nodes of a large topology never send */
  if (self->cache == NULL)
    self->cache = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                         cache_entry_free);
  g_hash_table_insert (self->cache, GUINT_TO_POINTER (destination.value),
                       entry);
  CNS_LOG_LOGIC ("node %u: path to node %u: %u bits", self->node, target,
                 entry->nix != NULL ? cns_nix_vector_get_n_bits (entry->nix)
                                    : 0);
  return entry->nix != NULL ? entry : NULL;
}

/* Fills @route for leaving by hop @index; FALSE when @output_device
 * forbids it. */
static gboolean
nix_fill_route (CnsNixVectorRouting *self, guint32 index,
                CnsIpv4Address destination, CnsNetDevice *output_device,
                CnsIpv4Route *route)
{
  const NixHop *hop = &self->hops[index];

  if (G_UNLIKELY (hop->device == NULL))
    return FALSE;
  if (output_device != NULL && output_device != hop->device)
    return FALSE;
  route->destination = destination;
  route->gateway = hop->gateway;
  route->interface = hop->interface;
  route->output_device = hop->device;
  route->source = hop->source;
  return TRUE;
}

static gboolean
nix_route_output (CnsIpv4RoutingProtocol *protocol, CnsPacket *packet,
                  const CnsIpv4Header *header, CnsNetDevice *output_device,
                  CnsIpv4Route *route)
{
  /* per packet: the class guarantees the type, skip the checked cast */
  CnsNixVectorRouting *self = (CnsNixVectorRouting *) protocol;
  const CacheEntry *entry;

  if (G_UNLIKELY (!nix_prepare (self)))
    return FALSE;
  entry = nix_lookup (self, header->destination);
  if (entry == NULL)
    return FALSE;
  if (!nix_fill_route (self, entry->link, header->destination, output_device,
                       route))
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
  CnsNixVector *nix;
  guint32 width, index;

  if (G_UNLIKELY (!nix_prepare (self)))
    return FALSE;
  width = index_width (self->n_hops);
  nix = cns_packet_get_nix_vector (packet);
  if (G_LIKELY (nix != NULL && cns_nix_vector_get_epoch (nix) == shared.epoch
                && cns_nix_vector_get_n_bits (nix)
                           - cns_packet_get_nix_position (packet)
                       >= width))
    index = cns_packet_extract_nix_index (packet, width);
  else
    {
      /* no path, or one from an older topology: a new one from here */
      const CacheEntry *entry = nix_lookup (self, header->destination);

      if (entry == NULL)
        return FALSE;
      cns_packet_set_nix_vector (packet, entry->nix);
      index = cns_packet_extract_nix_index (packet, width);
    }
  if (G_UNLIKELY (index >= self->n_hops))
    return FALSE;
  return nix_fill_route (self, index, header->destination, NULL, route);
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
    {
      self->node = cns_node_get_id (cns_ipv4_l3_protocol_get_node (ipv4));
      shared_schedule_destroy ();
    }
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
  g_autofree gpointer *keys = NULL;
  guint n_keys;

  g_string_append_printf (out, "Node: %u, Nix routing cache\n", self->node);
  if (!nix_prepare (self))
    {
      g_string_append (out, "(no IPv4)\n");
      return;
    }
  g_string_append (out,
                   "Destination      Gateway          Iface  Nix vector\n");
  if (self->cache == NULL)
    return;
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
      links = cns_route_graph_get_links (shared.graph, self->node, &n_links);
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
}

/**
 * cns_nix_vector_routing_new:
 *
 * Returns: (transfer full): nix-vector
 * routing for one node.
 */
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
  guint32 s = cns_node_get_id (source), t;

  shared_prepare ();
  t = cns_route_graph_lookup_address (shared.graph, destination);
  if (s >= shared.n_nodes || t == CNS_ROUTE_GRAPH_NO_NODE)
    return NULL;
  return shared_find (s, t, nodes);
}

/**
 * cns_nix_vector_routing_get_path: (skip)
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
 * cns_nix_vector_routing_get_path_nodes: (skip)
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
 * cns_nix_vector_routing_print_routing_path: (skip)
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
          = cns_route_graph_get_links (shared.graph, x, &n_links);
      const CnsRouteLink *link = &links[cns_nix_vector_extract (
          nix, &position, index_width (n_links))];
      const CnsRouteLink *back = cns_route_graph_get_link_for_interface (
          shared.graph, link->neighbor, link->peer_interface);
      gchar from[CNS_IPV4_ADDRESS_STRING_SIZE];

      cns_ipv4_address_format (
          back != NULL ? back->peer_address : cns_ipv4_address_any (), from);
      cns_ipv4_address_format (link->peer_address, address);
      g_string_append_printf (out, "%-16s (Node %u)   ----> %-16s (Node %u)\n",
                              from, x, address, link->neighbor);
    }
}
