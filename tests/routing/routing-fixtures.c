/* cns — shared fixtures of the routing tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Topologies are built as ns-3's routing benchmark builds them: the stack
 * on every node first, then one point-to-point link and one /30 per
 * edge, so that the graph the routing module reads back from the nodes
 * is the edge list's graph, interface numbers included.
 */
#include "routing/routing-fixtures.h"

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
