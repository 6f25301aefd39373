/* cns — shared fixtures of the routing tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Topologies are built as ns-3's routing benchmark builds them: the stack
 * on every node first, then one point-to-point link and one /30 per
 * edge, so that the graph the routing module reads back from the nodes
 * is the edge list's graph, interface numbers included.
 *
 * The route-table tests (test-route-table.c, test-fw-route-backend.c and
 * the separate test-cuda-route-backend.c) build route graphs from edge
 * lists, random ones among them, and check tables against a naive
 * Floyd-Warshall reference with the tie rule.
 */
#include "routing/routing-fixtures.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* cns_net_device_container_unref() and cns_ipv4_interface_container_unref()
 * as GDestroyNotify. */
static void
unref_devices (gpointer devices)
{
  cns_net_device_container_unref (devices);
}

static void
unref_interfaces (gpointer interfaces)
{
  cns_ipv4_interface_container_unref (interfaces);
}

/**
 * routing_global_list_helper_new:
 *
 * Returns: (transfer full): ns-3's default routing with global routing:
 * a list routing of static routing at priority 0 and global routing at
 * -10.
 */
CnsIpv4RoutingHelper *
routing_global_list_helper_new (void)
{
  CnsIpv4ListRoutingHelper *list = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4GlobalRoutingHelper) global
      = cns_ipv4_global_routing_helper_new ();

  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  return CNS_IPV4_ROUTING_HELPER (list);
}

/**
 * routing_topology_build:
 * @n_nodes: the nodes to create; no node may exist yet, so that node i has
 *   id i
 * @edges: (array length=n_edges): the links, made in this order
 * @routing: the routing helper of every node's stack
 * @rate: the DataRate of every device
 * @delay: the Delay of every channel
 *
 * Builds the topology into @topology; free it with
 * routing_topology_clear() before the simulator is destroyed.
 */
void
routing_topology_build (RoutingTopology *topology, guint32 n_nodes,
                        const RoutingEdge *edges, guint n_edges,
                        CnsIpv4RoutingHelper *routing, const gchar *rate,
                        const gchar *delay)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address_helper
      = cns_ipv4_address_helper_new ();

  ck_assert_uint_eq (cns_node_list_get_n_nodes (), 0);
  *topology = (RoutingTopology){
    .nodes = cns_node_container_new (),
    .addresses = g_new0 (CnsIpv4Address, MAX (n_nodes, 1)),
    .devices = g_ptr_array_new_with_free_func (unref_devices),
    .interfaces = g_ptr_array_new_with_free_func (unref_interfaces),
    .edges = g_array_sized_new (FALSE, FALSE, sizeof (RoutingEdge), n_edges),
  };
  cns_node_container_create (topology->nodes, n_nodes);
  cns_internet_stack_helper_set_routing_helper (stack, routing);
  ck_assert (cns_internet_stack_helper_install_container (
      stack, topology->nodes, &error));
  ck_assert (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                             rate, &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                              delay, &error));
  ck_assert (cns_ipv4_address_helper_set_base (
      address_helper, "10.0.0.0", "255.255.255.252", NULL, &error));
  for (guint k = 0; k < n_edges; k++)
    {
      RoutingEdge e = edges[k];
      CnsNetDeviceContainer *devices;
      CnsIpv4InterfaceContainer *interfaces;

      ck_assert (e.u < n_nodes && e.v < n_nodes && e.u != e.v);
      e.metric_uv = MAX (e.metric_uv, 1);
      e.metric_vu = MAX (e.metric_vu, 1);
      devices = cns_point_to_point_helper_install (
          p2p, cns_node_container_get (topology->nodes, e.u),
          cns_node_container_get (topology->nodes, e.v));
      interfaces
          = cns_ipv4_address_helper_assign (address_helper, devices, &error);
      ck_assert_msg (interfaces != NULL, "edge %u: %s", k, error->message);
      cns_ipv4_address_helper_new_network (address_helper);
      cns_ipv4_interface_container_set_metric (interfaces, 0, e.metric_uv);
      cns_ipv4_interface_container_set_metric (interfaces, 1, e.metric_vu);
      g_ptr_array_add (topology->devices, devices);
      g_ptr_array_add (topology->interfaces, interfaces);
      g_array_append_val (topology->edges, e);
    }
  for (guint32 i = 0; i < n_nodes; i++)
    {
      CnsIpv4L3Protocol *ipv4 = routing_topology_get_ipv4 (topology, i);

      ck_assert_uint_eq (
          cns_node_get_id (cns_node_container_get (topology->nodes, i)), i);
      if (cns_ipv4_l3_protocol_get_n_interfaces (ipv4) > 1)
        topology->addresses[i]
            = cns_ipv4_l3_protocol_get_address (ipv4, 1, 0).local;
    }
}

/* The undirected edges of @graph in an order that gives every node its
 * links on the interfaces the graph has them on: each edge is made once
 * both its ends have made all their lower interfaces (Kahn's algorithm
 * over the per-node interface orders). */
static GArray *
graph_edges_in_interface_order (const CnsRouteGraph *graph)
{
  typedef struct
  {
    guint32 u, v;
    guint16 iu, iv, muv, mvu;
    gboolean queued;
  } GraphEdge;
  guint32 n = cns_route_graph_get_n_nodes (graph);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (GraphEdge));
  g_autofree GPtrArray **by_node = g_new0 (GPtrArray *, MAX (n, 1));
  g_autofree guint32 *next = g_new0 (guint32, MAX (n, 1));
  g_autoptr (GQueue) ready = g_queue_new ();
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));

  for (guint32 u = 0; u < n; u++)
    {
      guint32 n_links;
      const CnsRouteLink *links
          = cns_route_graph_get_links (graph, u, &n_links);

      for (guint32 l = 0; l < n_links; l++)
        if (u < links[l].neighbor)
          {
            GraphEdge e = { u,
                            links[l].neighbor,
                            links[l].interface,
                            links[l].peer_interface,
                            links[l].metric,
                            links[l].peer_metric,
                            FALSE };

            g_array_append_val (all, e);
          }
    }
  for (guint32 u = 0; u < n; u++)
    by_node[u] = g_ptr_array_new ();
  /* by interface: the position on a node is interface - 1 */
  for (guint k = 0; k < all->len; k++)
    {
      GraphEdge *e = &g_array_index (all, GraphEdge, k);

      for (guint end = 0; end < 2; end++)
        {
          guint32 node = end == 0 ? e->u : e->v;
          guint16 interface = end == 0 ? e->iu : e->iv;

          ck_assert_msg (interface >= 1, "node %u: interface 0", node);
          if (by_node[node]->len < interface)
            g_ptr_array_set_size (by_node[node], interface);
          ck_assert_msg (by_node[node]->pdata[interface - 1] == NULL,
                         "node %u has two links on interface %u", node,
                         interface);
          by_node[node]->pdata[interface - 1] = e;
        }
    }
  for (guint32 u = 0; u < n; u++)
    for (guint i = 0; i < by_node[u]->len; i++)
      ck_assert_msg (by_node[u]->pdata[i] != NULL,
                     "node %u has no link on interface %u: a real node "
                     "numbers its interfaces without gaps",
                     u, i + 1);
  for (guint k = 0; k < all->len; k++)
    {
      GraphEdge *e = &g_array_index (all, GraphEdge, k);

      if (e->iu == 1 && e->iv == 1)
        {
          e->queued = TRUE;
          g_queue_push_tail (ready, e);
        }
    }
  while (!g_queue_is_empty (ready))
    {
      GraphEdge *e = g_queue_pop_head (ready);
      RoutingEdge r = { e->u, e->v, e->muv, e->mvu };

      g_array_append_val (out, r);
      next[e->u]++;
      next[e->v]++;
      for (guint end = 0; end < 2; end++)
        {
          guint32 node = end == 0 ? e->u : e->v;
          GraphEdge *f;
          guint32 other;
          guint16 other_interface;

          if (next[node] >= by_node[node]->len)
            continue;
          f = by_node[node]->pdata[next[node]];
          other = f->u == node ? f->v : f->u;
          other_interface = f->u == node ? f->iv : f->iu;
          if (!f->queued && next[other] == other_interface - 1u)
            {
              f->queued = TRUE;
              g_queue_push_tail (ready, f);
            }
        }
    }
  ck_assert_msg (out->len == all->len,
                 "no order of the links gives every node the graph's "
                 "interface numbers (%u of %u links placed)",
                 out->len, all->len);
  for (guint32 u = 0; u < n; u++)
    g_ptr_array_unref (by_node[u]);
  return out;
}

/**
 * routing_topology_build_from_graph:
 * @graph: a sealed graph whose nodes number their interfaces 1, 2, ...
 *   (as graphs read from edge lists do)
 *
 * routing_topology_build() with @graph's links and metrics, made in an
 * order that gives each link the interfaces it has in @graph.
 */
void
routing_topology_build_from_graph (RoutingTopology *topology,
                                   const CnsRouteGraph *graph,
                                   CnsIpv4RoutingHelper *routing,
                                   const gchar *rate, const gchar *delay)
{
  g_autoptr (GArray) edges = graph_edges_in_interface_order (graph);

  routing_topology_build (topology, cns_route_graph_get_n_nodes (graph),
                          (const RoutingEdge *) edges->data, edges->len,
                          routing, rate, delay);
  for (guint k = 0; k < edges->len; k++)
    {
      const RoutingEdge *e = &g_array_index (edges, RoutingEdge, k);
      CnsIpv4InterfaceContainer *interfaces = topology->interfaces->pdata[k];
      const CnsRouteLink *link = cns_route_graph_get_link_for_interface (
          graph, e->u,
          cns_ipv4_interface_container_get_interface (interfaces, 0));

      ck_assert_msg (link != NULL && link->neighbor == e->v
                         && link->peer_interface
                                == cns_ipv4_interface_container_get_interface (
                                    interfaces, 1),
                     "link %u-%u is not on the graph's interfaces", e->u, e->v);
    }
}

/** routing_topology_clear: Frees what the topology holds (the nodes stay
 * in the node list until the simulator is destroyed). */
void
routing_topology_clear (RoutingTopology *topology)
{
  g_clear_pointer (&topology->nodes, cns_node_container_unref);
  g_clear_pointer (&topology->addresses, g_free);
  g_clear_pointer (&topology->devices, g_ptr_array_unref);
  g_clear_pointer (&topology->interfaces, g_ptr_array_unref);
  g_clear_pointer (&topology->edges, g_array_unref);
}

/** routing_topology_get_ipv4: Returns: (transfer none): @node's IPv4
 * layer. */
CnsIpv4L3Protocol *
routing_topology_get_ipv4 (const RoutingTopology *topology, guint32 node)
{
  return cns_object_get (cns_node_container_get (topology->nodes, node),
                         CNS_TYPE_IPV4_L3_PROTOCOL);
}

/** routing_topology_get_link_address: Returns: the address of end @end
 * (0: u, 1: v) of link @edge. */
CnsIpv4Address
routing_topology_get_link_address (const RoutingTopology *topology, guint edge,
                                   guint end)
{
  return cns_ipv4_interface_container_get_address (
      topology->interfaces->pdata[edge], end, 0);
}

/* ---- route graphs and tables from edge lists ---- */

/**
 * routing_graph_new:
 * @edges: (array length=n_edges): the links, added in this order, so that
 *   each node numbers its interfaces 1, 2, ... in edge order
 *
 * Returns: (transfer full): a sealed route graph of @n_nodes nodes.
 */
CnsRouteGraph *
routing_graph_new (guint32 n_nodes, const RoutingEdge *edges, guint n_edges)
{
  CnsRouteGraph *g = cns_route_graph_new (n_nodes);

  for (guint k = 0; k < n_edges; k++)
    cns_route_graph_add_edge (g, edges[k].u, edges[k].v, edges[k].metric_uv,
                              edges[k].metric_vu);
  cns_route_graph_seal (g);
  return g;
}

/**
 * routing_table_new_filled:
 * @n_threads: 0 for one per processor
 *
 * Returns: (transfer full): a table of @graph without a memory budget,
 * filled by @backend; fails the test where either step fails.
 */
CnsRouteTable *
routing_table_new_filled (CnsRouteGraph *graph, const gchar *backend,
                          guint n_threads)
{
  g_autoptr (GError) error = NULL;
  CnsRouteTable *table = cns_route_table_new (graph, G_MAXUINT64, &error);

  ck_assert_msg (table != NULL, "%s", error ? error->message : "");
  ck_assert_msg (cns_route_table_fill (table, backend, n_threads, &error),
                 "backend %s: %s", backend, error ? error->message : "");
  return table;
}

/* Whether the packed matrix of @graph takes 64-bit entries: the rule of
 * routing/cuda/cns-route-cuda-plugin.h, worked out here from the graph,
 * to know that a case covers that path. */
gboolean
routing_graph_needs_wide_entries (const CnsRouteGraph *graph)
{
  guint32 routers = cns_route_graph_get_n_routers (graph), longest = 0, b = 1;
  guint64 max_metric = 1;

  for (guint32 r = 0; r < routers; r++)
    {
      guint32 n_links, to_routers = 0;
      const CnsRouteLink *links = cns_route_graph_get_links (
          graph, cns_route_graph_get_router_node (graph, r), &n_links);

      for (guint32 l = 0; l < n_links; l++)
        if (!cns_route_graph_is_host (graph, links[l].neighbor))
          {
            to_routers++;
            max_metric = MAX (max_metric, links[l].metric);
          }
      longest = MAX (longest, to_routers);
    }
  while ((G_GUINT64_CONSTANT (1) << b) <= longest)
    b++;
  return ((guint64) MAX (routers, 1) * max_metric) << b > G_MAXINT32;
}

/* The two tables' sizes and every router-to-router entry (not the
 * padding of the rows). */
void
routing_assert_tables_equal (CnsRouteTable *want, CnsRouteTable *got,
                             const gchar *what)
{
  guint32 routers
      = cns_route_graph_get_n_routers (cns_route_table_get_graph (want));
  guint size = cns_route_table_get_entry_size (want);

  ck_assert_uint_eq (cns_route_table_get_bytes (got),
                     cns_route_table_get_bytes (want));
  for (guint32 r = 0; r < routers; r++)
    {
      const guint8 *a = cns_route_table_get_row (want, r);
      const guint8 *b = cns_route_table_get_row (got, r);

      if (memcmp (a, b, (gsize) routers * size) != 0)
        for (guint32 c = 0; c < routers; c++)
          if (memcmp (a + c * size, b + c * size, size) != 0)
            ck_abort_msg ("%s: router %u to router %u: %u, expected %u", what,
                          r, c, size == 1 ? b[c] : ((guint16 *) b)[c],
                          size == 1 ? a[c] : ((guint16 *) a)[c]);
    }
}

const RoutingEdge routing_example_edges[9] = {
  { 0, 1, 1, 1 }, { 0, 2, 3, 3 }, { 0, 3, 1, 1 },
  { 1, 5, 1, 1 }, { 1, 7, 2, 2 }, { 2, 4, 6, 6 },
  { 3, 5, 5, 5 }, { 3, 6, 1, 1 }, { 4, 5, 4, 4 },
};

const gint routing_example_next_hop[8][8] = {
  { -1, 1, 2, 3, 1, 1, 3, 1 }, { 0, -1, 0, 0, 5, 5, 0, 7 },
  { 0, 0, -1, 0, 4, 0, 0, 0 }, { 0, 0, 0, -1, 0, 0, 6, 0 },
  { 5, 5, 2, 5, -1, 5, 5, 5 }, { 1, 1, 1, 1, 4, -1, 1, 1 },
  { 3, 3, 3, 3, 3, 3, -1, 3 }, { 1, 1, 1, 1, 1, 1, 1, -1 },
};

/* Every lookup of @table, a table of the worked example's graph @graph,
 * sends to the published next-hop node (no route on the diagonal). */
void
routing_assert_example_next_hops (const CnsRouteGraph *graph,
                                  const CnsRouteTable *table)
{
  for (guint32 i = 0; i < 8; i++)
    for (guint32 j = 0; j < 8; j++)
      {
        guint32 interface = cns_route_table_lookup (table, i, j);
        const CnsRouteLink *link;

        if (routing_example_next_hop[i][j] < 0)
          {
            ck_assert_uint_eq (interface, CNS_ROUTE_TABLE_NO_ROUTE);
            continue;
          }
        link = cns_route_graph_get_link_for_interface (graph, i, interface);
        ck_assert_msg (
            link != NULL
                && (gint) link->neighbor == routing_example_next_hop[i][j],
            "next hop %u -> %u: interface %u, node %d, "
            "published node %d",
            i, j, interface, link != NULL ? (gint) link->neighbor : -1,
            routing_example_next_hop[i][j]);
      }
}

/* ---- random graphs ---- */

static guint16
random_metric (GRand *rand, const RoutingRandomGraph *spec)
{
  if (spec->max_metric == 0)
    return MAX (spec->unit, 1);
  return (guint16) g_rand_int_range (rand, 1, spec->max_metric + 1);
}

static void
add_random_edge (GArray *edges, GRand *rand, const RoutingRandomGraph *spec,
                 guint32 u, guint32 v)
{
  RoutingEdge e = { u, v, random_metric (rand, spec), 0 };

  e.metric_vu = spec->asymmetric ? random_metric (rand, spec) : e.metric_uv;
  g_array_append_val (edges, e);
}

/**
 * routing_random_edges:
 *
 * Trees over the core nodes (a node joins a random earlier node of its
 * component), random links inside components, the density and hub links,
 * second links on existing ones, then leaves on random core nodes; then
 * shuffled, so that interface numbers are not in node order. The same
 * spec gives the same edges.
 *
 * Returns: (transfer full): the edges, a #GArray of #RoutingEdge.
 */
GArray *
routing_random_edges (const RoutingRandomGraph *spec)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (spec->seed);
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));
  guint32 core = spec->n - spec->leaves - spec->isolated;
  guint32 size = core / spec->components;

  for (guint32 i = 1; i < core; i++)
    {
      guint32 first = MIN (i / size, spec->components - 1) * size;

      if (i != first)
        add_random_edge (edges, rand, spec, i,
                         (guint32) g_rand_int_range (rand, first, i));
    }
  for (guint32 k = 0; k < spec->extra; k++)
    {
      guint32 u = (guint32) g_rand_int_range (rand, 0, core);
      guint32 first = MIN (u / size, spec->components - 1) * size;
      guint32 last = u / size >= spec->components - 1 ? core : first + size;
      guint32 v = (guint32) g_rand_int_range (rand, first, last);

      if (u != v)
        add_random_edge (edges, rand, spec, u, v);
    }
  if (spec->density > 0)
    for (guint32 u = 0; u < core; u++)
      for (guint32 v = u + 1; v < core; v++)
        if (MIN (u / size, spec->components - 1)
                == MIN (v / size, spec->components - 1)
            && g_rand_double (rand) < spec->density)
          add_random_edge (edges, rand, spec, u, v);
  for (guint32 k = 0; k < spec->hub; k++)
    {
      guint32 v = (guint32) g_rand_int_range (rand, 1, MIN (size, core));

      add_random_edge (edges, rand, spec, 0, v);
    }
  for (guint32 k = 0; k < spec->parallel && edges->len > 0; k++)
    {
      RoutingEdge e = g_array_index (edges, RoutingEdge,
                                     g_rand_int_range (rand, 0, edges->len));

      add_random_edge (edges, rand, spec, e.v, e.u);
    }
  for (guint32 i = core; i < core + spec->leaves; i++)
    add_random_edge (edges, rand, spec, i,
                     (guint32) g_rand_int_range (rand, 0, core));
  for (guint32 k = edges->len; k > 1; k--)
    {
      guint32 s = (guint32) g_rand_int_range (rand, 0, k);
      RoutingEdge t = g_array_index (edges, RoutingEdge, k - 1);

      g_array_index (edges, RoutingEdge, k - 1)
          = g_array_index (edges, RoutingEdge, s);
      g_array_index (edges, RoutingEdge, s) = t;
    }
  return edges;
}

/* ---- the naive reference ---- */

/* One link as the reference sees it, numbered as cns_route_graph_add_edge()
 * numbers interfaces: 1, 2, ... per node in the order edges are added. */
typedef struct
{
  guint32 neighbor;
  guint32 interface;
  guint32 metric;
} RefLink;

static int
ref_link_compare (gconstpointer a, gconstpointer b)
{
  const RefLink *x = a, *y = b;

  if (x->neighbor != y->neighbor)
    return x->neighbor < y->neighbor ? -1 : 1;
  return x->interface < y->interface ? -1 : x->interface > y->interface;
}

/**
 * routing_reference_compute:
 *
 * Distances by Floyd-Warshall over directed link costs, then each next hop
 * by the tie rule: the first link, in (neighbour, interface) order, with
 * w(i,n) + d(n,j) = d(i,j). Free with routing_reference_clear().
 */
void
routing_reference_compute (RoutingReference *ref, guint32 n,
                           const RoutingEdge *edges, guint n_edges)
{
  const guint32 INF = ROUTING_REFERENCE_INF;
  g_autofree guint32 *next_interface = g_new0 (guint32, MAX (n, 1));
  g_autofree GArray **links = g_new (GArray *, MAX (n, 1));
  guint32 max_metric = 1;

  ref->n = n;
  ref->dist = g_new (guint32, (gsize) n * n);
  ref->hop = g_new (guint32, (gsize) n * n);
  for (guint32 i = 0; i < n; i++)
    links[i] = g_array_new (FALSE, FALSE, sizeof (RefLink));
  for (gsize x = 0; x < (gsize) n * n; x++)
    ref->dist[x] = INF;
  for (guint32 i = 0; i < n; i++)
    ref->dist[(gsize) i * n + i] = 0;
  for (guint k = 0; k < n_edges; k++)
    {
      const RoutingEdge *e = &edges[k];
      RefLink a = { e->v, ++next_interface[e->u], e->metric_uv };
      RefLink b = { e->u, ++next_interface[e->v], e->metric_vu };
      guint32 *uv = &ref->dist[(gsize) e->u * n + e->v];
      guint32 *vu = &ref->dist[(gsize) e->v * n + e->u];

      g_array_append_val (links[e->u], a);
      g_array_append_val (links[e->v], b);
      *uv = MIN (*uv, e->metric_uv);
      *vu = MIN (*vu, e->metric_vu);
      max_metric = MAX (max_metric, MAX (e->metric_uv, e->metric_vu));
    }
  /* no path may reach INF */
  ck_assert_uint_lt ((guint64) MAX (n, 1) * max_metric, INF);
  for (guint32 i = 0; i < n; i++)
    g_array_sort (links[i], ref_link_compare);

  /* a node with a single link is never inside a shortest path (it would
   * pass its neighbour twice), so it is no intermediate to try */
  for (guint32 k = 0; k < n; k++)
    {
      const guint32 *row_k = &ref->dist[(gsize) k * n];

      if (links[k]->len < 2)
        continue;

      for (guint32 i = 0; i < n; i++)
        {
          guint32 *row_i = &ref->dist[(gsize) i * n];
          guint32 d_ik = row_i[k];

          if (d_ik == INF)
            continue;
          for (guint32 j = 0; j < n; j++)
            {
              guint32 through = d_ik + row_k[j];

              row_i[j] = through < row_i[j] ? through : row_i[j];
            }
        }
    }

  /* links in tie-rule order, each filling the entries it is the first
   * to satisfy: rows are read in order, not one row per entry */
  for (gsize x = 0; x < (gsize) n * n; x++)
    ref->hop[x] = CNS_ROUTE_TABLE_NO_ROUTE;
  for (guint32 i = 0; i < n; i++)
    {
      const guint32 *row_i = &ref->dist[(gsize) i * n];
      guint32 *hop_i = &ref->hop[(gsize) i * n];

      for (guint l = 0; l < links[i]->len; l++)
        {
          const RefLink *link = &g_array_index (links[i], RefLink, l);
          const guint32 *row_n = &ref->dist[(gsize) link->neighbor * n];

          for (guint32 j = 0; j < n; j++)
            if (hop_i[j] == CNS_ROUTE_TABLE_NO_ROUTE && j != i
                && row_i[j] != INF && link->metric + row_n[j] == row_i[j])
              hop_i[j] = link->interface;
        }
      /* (a passing ck_assert costs a system call: not per entry) */
      for (guint32 j = 0; j < n; j++)
        if ((hop_i[j] == CNS_ROUTE_TABLE_NO_ROUTE)
            != (j == i || row_i[j] == INF))
          ck_abort_msg ("reference: no next hop %u -> %u", i, j);
    }
  for (guint32 i = 0; i < n; i++)
    g_array_unref (links[i]);
}

void
routing_reference_clear (RoutingReference *ref)
{
  g_clear_pointer (&ref->dist, g_free);
  g_clear_pointer (&ref->hop, g_free);
}

/* Every lookup of @table, hosts included, against @ref. */
void
routing_assert_table_matches (const CnsRouteTable *table,
                              const RoutingReference *ref, const gchar *what)
{
  for (guint32 i = 0; i < ref->n; i++)
    for (guint32 j = 0; j < ref->n; j++)
      {
        guint32 got = cns_route_table_lookup (table, i, j);
        guint32 want = ref->hop[(gsize) i * ref->n + j];

        if (got != want)
          ck_abort_msg ("%s: next hop %u -> %u: interface %d, expected %d "
                        "(distance %u)",
                        what, i, j, (gint) got, (gint) want,
                        ref->dist[(gsize) i * ref->n + j]);
      }
}

/* Runs @fn in a child process with its stderr in @err; returns its exit
 * status: for runs that end in cns_fatal(). */
gint
routing_run_in_child (void (*fn) (void), gchar **err)
{
  GString *text = g_string_new (NULL);
  gchar buffer[256];
  gssize got;
  gint fds[2], status;
  pid_t pid;

  ck_assert_int_eq (pipe (fds), 0);
  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      close (fds[0]);
      dup2 (fds[1], STDERR_FILENO);
      close (fds[1]);
      fn ();
      _exit (0);
    }
  close (fds[1]);
  while ((got = read (fds[0], buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, got);
  close (fds[0]);
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  *err = g_string_free (text, FALSE);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}
