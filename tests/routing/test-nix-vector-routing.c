/* cns — tests of nix-vector routing: encoding, caches, epochs, transit,
 * equality with global routing, search cost, pcaps equal to global
 * routing's, and lookups from nodes of several threads at once.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/cns-applications.h"
#include "routing/cns-nix-vector-routing-private.h"
#include "routing/routing-fixtures.h"
#include "routing/suites.h"

#include <glib/gstdio.h>
#include <string.h>

#define A(s) cns_ipv4_address_from_string (s)

/* The small topology of most tests, links made in this order (link k is
 * 10.0.0.4k+1 on u, +2 on v):
 *
 *      1 ------ 4
 *      |        |
 *      0 ------ 2 ------ 3
 *
 * Node 0: 1 bit per hop (links to 1, 2); node 2: 2 bits (0, 3, 4); node
 * 3 is a host. 0 -> 4 has two paths of two hops: the tie rule takes the
 * one through the lower neighbour, 1. */
static const RoutingEdge simple_edges[] = {
  { 0, 1, 1, 1 }, { 0, 2, 1, 1 }, { 1, 4, 1, 1 },
  { 2, 3, 1, 1 }, { 2, 4, 1, 1 },
};

static gchar *tmp_dir;

static void
setup (void)
{
  tmp_dir = cns_test_make_tmp_dir ("nix");
}

static void
teardown (void)
{
  cns_test_remove_tmp_dir (&tmp_dir);
  cns_test_reset ();
}

/* ns-3's usual nix setup: static routing first (priority 0), nix-vector
 * routing after it. */
static CnsIpv4RoutingHelper *
nix_list_helper_new (void)
{
  CnsIpv4ListRoutingHelper *list = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsNixVectorHelper) nix = cns_nix_vector_helper_new ();

  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (nix), -10);
  return CNS_IPV4_ROUTING_HELPER (list);
}

static void
build_simple (RoutingTopology *t)
{
  g_autoptr (CnsNixVectorHelper) nix = cns_nix_vector_helper_new ();

  routing_topology_build (t, 5, simple_edges, G_N_ELEMENTS (simple_edges),
                          CNS_IPV4_ROUTING_HELPER (nix), "10Mbps", "1ms");
}

static CnsNode *
node_of (const RoutingTopology *t, guint32 i)
{
  return cns_node_container_get (t->nodes, i);
}

/* The node's nix-vector routing, alone or in a list. */
static CnsIpv4RoutingProtocol *
nix_of (const RoutingTopology *t, guint32 i)
{
  CnsIpv4RoutingProtocol *p = cns_ipv4_l3_protocol_get_routing_protocol (
      routing_topology_get_ipv4 (t, i));

  if (CNS_IS_IPV4_LIST_ROUTING (p))
    {
      CnsIpv4ListRouting *list = CNS_IPV4_LIST_ROUTING (p);

      for (guint k = 0;
           k < cns_ipv4_list_routing_get_n_routing_protocols (list); k++)
        {
          gint16 priority;
          CnsIpv4RoutingProtocol *q
              = cns_ipv4_list_routing_get_routing_protocol (list, k, &priority);

          if (CNS_IS_NIX_VECTOR_ROUTING (q))
            return q;
        }
      return NULL;
    }
  return CNS_IS_NIX_VECTOR_ROUTING (p) ? p : NULL;
}

static gchar *
nix_string (const CnsNixVector *nix)
{
  GString *s = g_string_new (NULL);

  cns_nix_vector_print (nix, s);
  return g_string_free (s, FALSE);
}

static void
assert_path (CnsNode *source, CnsIpv4Address destination, const gchar *bits,
             const guint32 *nodes, guint n_nodes)
{
  g_autoptr (CnsNixVector) nix
      = cns_nix_vector_routing_get_path (source, destination);
  g_autoptr (GArray) path
      = cns_nix_vector_routing_get_path_nodes (source, destination);
  g_autofree gchar *text = NULL;

  ck_assert_ptr_nonnull (nix);
  ck_assert_ptr_nonnull (path);
  text = nix_string (nix);
  ck_assert_str_eq (text, bits);
  ck_assert_uint_eq (cns_nix_vector_get_epoch (nix),
                     cns_nix_vector_routing_get_epoch ());
  ck_assert_uint_eq (path->len, n_nodes);
  for (guint i = 0; i < n_nodes; i++)
    ck_assert_uint_eq (g_array_index (path, guint32, i), nodes[i]);
}

/* Calls route_output of node @i's routing for a packet to @destination. */
static gboolean
route_output (const RoutingTopology *t, guint32 i, CnsPacket *packet,
              CnsIpv4Address destination, CnsNetDevice *device,
              CnsIpv4Route *route)
{
  CnsIpv4Header header;

  cns_ipv4_header_init (&header);
  header.destination = destination;
  header.protocol = 17;
  return cns_ipv4_routing_protocol_route_output (nix_of (t, i), packet, &header,
                                                 device, route);
}

static gboolean
route_input (const RoutingTopology *t, guint32 i, CnsPacket *packet,
             CnsIpv4Address destination, CnsIpv4Route *route)
{
  CnsIpv4Header header;

  cns_ipv4_header_init (&header);
  header.destination = destination;
  header.protocol = 17;
  return cns_ipv4_routing_protocol_route_input (nix_of (t, i), packet, &header,
                                                1, route);
}

static CnsNetDevice *
device_of (const RoutingTopology *t, guint edge, guint end)
{
  return cns_net_device_container_get (t->devices->pdata[edge], end);
}

/* ---- encoding ---- */

START_TEST (test_simple_paths)
{
  RoutingTopology t;
  static const guint32 to3[] = { 0, 2, 3 }, to4[] = { 0, 1, 4 },
                       from3[] = { 3, 2, 0, 1 }, self[] = { 0 };

  build_simple (&t);
  /* 0: link 1 of [1, 2] in 1 bit; 2: link 1 of [0, 3, 4] in 2 bits */
  assert_path (node_of (&t, 0), A ("10.0.0.14"), "101", to3, 3);
  /* the tie between 0-1-4 and 0-2-4 goes to neighbour 1 */
  assert_path (node_of (&t, 0), A ("10.0.0.18"), "01", to4, 3);
  assert_path (node_of (&t, 0), A ("10.0.0.10"), "01", to4, 3);
  /* the host takes 0 bits; at 2 the tie between 0 and 4 goes to 0 */
  assert_path (node_of (&t, 3), A ("10.0.0.2"), "000", from3, 4);
  /* a node's own address: the empty path */
  assert_path (node_of (&t, 0), A ("10.0.0.5"), "", self, 1);
  /* an address no node has */
  ck_assert_ptr_null (
      cns_nix_vector_routing_get_path (node_of (&t, 0), A ("10.9.9.9")));
  ck_assert_ptr_null (
      cns_nix_vector_routing_get_path_nodes (node_of (&t, 0), A ("10.9.9.9")));
  routing_topology_clear (&t);
}
END_TEST

START_TEST (test_print_routing_path)
{
  RoutingTopology t;
  g_autoptr (GString) out = g_string_new (NULL);

  build_simple (&t);
  cns_nix_vector_routing_print_routing_path (node_of (&t, 0), A ("10.0.0.14"),
                                             out);
  ck_assert_str_eq (
      out->str, "Route path from Node 0 to Node 3, Nix Vector: 101 (3 "
                "bits left)\n"
                "10.0.0.5         (Node 0)   ----> 10.0.0.6         (Node 2)\n"
                "10.0.0.13        (Node 2)   ----> 10.0.0.14        (Node "
                "3)\n");
  g_string_truncate (out, 0);
  cns_nix_vector_routing_print_routing_path (node_of (&t, 3), A ("10.0.0.2"),
                                             out);
  ck_assert_str_eq (
      out->str, "Route path from Node 3 to Node 1, Nix Vector: 000 (3 "
                "bits left)\n"
                "10.0.0.14        (Node 3)   ----> 10.0.0.13        (Node 2)\n"
                "10.0.0.6         (Node 2)   ----> 10.0.0.5         (Node 0)\n"
                "10.0.0.1         (Node 0)   ----> 10.0.0.2         (Node "
                "1)\n");
  g_string_truncate (out, 0);
  cns_nix_vector_routing_print_routing_path (node_of (&t, 3), A ("10.9.9.9"),
                                             out);
  ck_assert_str_eq (out->str, "No route from Node 3 to 10.9.9.9\n");
  routing_topology_clear (&t);
}
END_TEST

/* A star of @n leaves: from leaf 1 to leaf @n, the hub's index n - 1 in
 * ceil(log2 n) bits, the leaves' 0 bits. */
START_TEST (test_bit_widths)
{
  static const guint32 widths[] = { 0, 0, 1, 2, 2, 3, 3, 3, 3, 4, 4 };

  for (guint32 n = 2; n <= 10; n++)
    {
      g_autoptr (CnsRouteGraph) g = cns_route_graph_new (n + 1);
      g_autoptr (CnsRouteSearch) search = NULL;
      g_autoptr (CnsNixVector) nix = NULL;
      g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
      guint32 position = 0;

      for (guint32 leaf = 1; leaf <= n; leaf++)
        cns_route_graph_add_edge (g, 0, leaf, 1, 1);
      cns_route_graph_seal (g);
      search = cns_route_search_new (g);
      ck_assert (cns_route_search_find (search, 1, n, nodes, &nix));
      ck_assert_ptr_nonnull (nix);
      ck_assert_uint_eq (cns_nix_vector_get_epoch (nix), 0);
      ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), widths[n]);
      ck_assert_uint_eq (cns_nix_vector_extract (nix, &position, widths[n]),
                         n - 1);
      ck_assert_uint_eq (nodes->len, 3);
      ck_assert_uint_eq (g_array_index (nodes, guint32, 1), 0);
      g_clear_pointer (&nix, cns_nix_vector_unref);
      /* back to leaf 1: index 0 */
      ck_assert (cns_route_search_find (search, n, 1, NULL, &nix));
      ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), widths[n]);
      position = 0;
      ck_assert_uint_eq (cns_nix_vector_extract (nix, &position, widths[n]), 0);
    }
}
END_TEST

/* ---- the protocol ---- */

START_TEST (test_route_output_and_cache)
{
  RoutingTopology t;
  CnsIpv4Route route;
  g_autoptr (CnsPacket) p1 = cns_packet_new (10);
  g_autoptr (CnsPacket) p2 = cns_packet_new (10);
  g_autoptr (CnsPacket) shared = cns_packet_new (10);
  g_autoptr (CnsPacket) other = NULL;
  CnsNixVector *nix;
  g_autofree gchar *text = NULL;

  build_simple (&t);
  ck_assert (route_output (&t, 0, p1, A ("10.0.0.14"), NULL, &route));
  ck_assert_uint_eq (route.destination.value, A ("10.0.0.14").value);
  ck_assert_uint_eq (route.gateway.value, A ("10.0.0.6").value);
  ck_assert_uint_eq (route.source.value, A ("10.0.0.5").value);
  ck_assert_uint_eq (route.interface, 2);
  ck_assert_ptr_eq (route.output_device, device_of (&t, 1, 0));
  nix = cns_packet_get_nix_vector (p1);
  ck_assert_ptr_nonnull (nix);
  text = nix_string (nix);
  ck_assert_str_eq (text, "101");
  /* node 0's bit is read: transit nodes read theirs */
  ck_assert_uint_eq (cns_packet_get_nix_position (p1), 1);

  /* a cache hit: the same vector, shared */
  ck_assert (route_output (&t, 0, p2, A ("10.0.0.14"), NULL, &route));
  ck_assert_ptr_eq (cns_packet_get_nix_vector (p2), nix);
  ck_assert_uint_eq (cns_nix_vector_routing_get_n_settled (),
                     cns_nix_vector_routing_get_n_settled ());
  /* without a packet, or with one others hold: a route, no vector */
  ck_assert (route_output (&t, 0, NULL, A ("10.0.0.14"), NULL, &route));
  other = cns_packet_ref (shared);
  ck_assert (route_output (&t, 0, shared, A ("10.0.0.14"), NULL, &route));
  ck_assert_ptr_null (cns_packet_get_nix_vector (shared));

  /* the device restriction */
  ck_assert (route_output (&t, 0, NULL, A ("10.0.0.14"), device_of (&t, 1, 0),
                           &route));
  ck_assert (!route_output (&t, 0, NULL, A ("10.0.0.14"), device_of (&t, 0, 0),
                            &route));
  /* no route to the node itself, nor to addresses no node has */
  ck_assert (!route_output (&t, 0, NULL, A ("10.0.0.1"), NULL, &route));
  ck_assert (!route_output (&t, 0, NULL, A ("10.0.0.5"), NULL, &route));
  ck_assert (!route_output (&t, 0, NULL, A ("10.0.0.255"), NULL, &route));
  ck_assert (!route_output (&t, 0, NULL, A ("192.168.1.1"), NULL, &route));
  /* a neighbour: 1 bit */
  ck_assert (route_output (&t, 0, NULL, A ("10.0.0.2"), NULL, &route));
  ck_assert_uint_eq (route.interface, 1);
  ck_assert_uint_eq (route.gateway.value, A ("10.0.0.2").value);
  routing_topology_clear (&t);
}
END_TEST

START_TEST (test_cache_searches_once)
{
  RoutingTopology t;
  CnsIpv4Route route;
  guint64 settled;

  build_simple (&t);
  ck_assert (route_output (&t, 3, NULL, A ("10.0.0.2"), NULL, &route));
  settled = cns_nix_vector_routing_get_n_settled ();
  ck_assert_uint_gt (settled, 0);
  for (guint i = 0; i < 10; i++)
    ck_assert (route_output (&t, 3, NULL, A ("10.0.0.2"), NULL, &route));
  ck_assert_uint_eq (cns_nix_vector_routing_get_n_settled (), settled);
  /* another address of the same node is another cache entry */
  ck_assert (route_output (&t, 3, NULL, A ("10.0.0.9"), NULL, &route));
  ck_assert_uint_gt (cns_nix_vector_routing_get_n_settled (), settled);
  routing_topology_clear (&t);
}
END_TEST

START_TEST (test_print_routing_table)
{
  RoutingTopology t;
  CnsIpv4Route route;
  g_autoptr (GString) out = g_string_new (NULL);

  build_simple (&t);
  ck_assert (route_output (&t, 0, NULL, A ("10.0.0.18"), NULL, &route));
  ck_assert (route_output (&t, 0, NULL, A ("10.0.0.14"), NULL, &route));
  cns_ipv4_routing_protocol_print_routing_table (nix_of (&t, 0), out);
  ck_assert_str_eq (out->str,
                    "Node: 0, Nix routing cache\n"
                    "Destination      Gateway          Iface  Nix vector\n"
                    "10.0.0.14        10.0.0.6         2      101\n"
                    "10.0.0.18        10.0.0.2         1      01\n");
  routing_topology_clear (&t);
}
END_TEST

/* Interface down moves the epoch: caches flush and the new path avoids
 * the link; up brings the old path back. */
START_TEST (test_epoch_flush_on_interface_down)
{
  RoutingTopology t;
  CnsIpv4Route route;
  g_autoptr (CnsPacket) before = cns_packet_new (10);
  g_autoptr (CnsPacket) down = cns_packet_new (10);
  g_autoptr (CnsPacket) up = cns_packet_new (10);
  CnsIpv4L3Protocol *ipv4;
  static const guint32 around[] = { 0, 1, 4, 2, 3 }, direct[] = { 0, 2, 3 };
  guint32 epoch;
  g_autofree gchar *text = NULL;

  build_simple (&t);
  ipv4 = routing_topology_get_ipv4 (&t, 0);
  ck_assert (route_output (&t, 0, before, A ("10.0.0.14"), NULL, &route));
  epoch = cns_nix_vector_routing_get_epoch ();
  ck_assert_uint_eq (
      cns_nix_vector_get_epoch (cns_packet_get_nix_vector (before)), epoch);

  cns_ipv4_l3_protocol_set_down (ipv4, 2);
  ck_assert_uint_ne (cns_nix_vector_routing_get_epoch (), epoch);
  ck_assert (route_output (&t, 0, down, A ("10.0.0.14"), NULL, &route));
  ck_assert_ptr_ne (cns_packet_get_nix_vector (down),
                    cns_packet_get_nix_vector (before));
  /* 0 has one link left (0 bits); 1: 4 of [0, 4]; 4: 2 of [1, 2]; 2: 3
   * of [3, 4] */
  text = nix_string (cns_packet_get_nix_vector (down));
  ck_assert_str_eq (text, "110");
  ck_assert_uint_eq (route.interface, 1);
  ck_assert_uint_eq (route.gateway.value, A ("10.0.0.2").value);
  assert_path (node_of (&t, 0), A ("10.0.0.14"), "110", around, 5);

  cns_ipv4_l3_protocol_set_up (ipv4, 2);
  ck_assert (route_output (&t, 0, up, A ("10.0.0.14"), NULL, &route));
  ck_assert_uint_eq (route.interface, 2);
  g_clear_pointer (&text, g_free);
  text = nix_string (cns_packet_get_nix_vector (up));
  ck_assert_str_eq (text, "101");
  assert_path (node_of (&t, 0), A ("10.0.0.14"), "101", direct, 3);
  routing_topology_clear (&t);
}
END_TEST

/* Transit nodes follow the bits of a current vector, and replace a stale
 * or missing one with their own path. */
START_TEST (test_transit)
{
  RoutingTopology t;
  CnsIpv4Route route;
  g_autoptr (CnsPacket) follow = cns_packet_new (10);
  g_autoptr (CnsPacket) stale = cns_packet_new (10);
  g_autoptr (CnsPacket) none = cns_packet_new (10);
  g_autoptr (CnsNixVector) to4 = cns_nix_vector_new ();
  g_autoptr (CnsNixVector) old = cns_nix_vector_new ();
  CnsNixVector *fresh;
  g_autofree gchar *text = NULL;

  build_simple (&t);
  /* at node 2, "10" is link 2 of [0, 3, 4]: to node 4, whatever the
   * destination says */
  cns_nix_vector_add_neighbor_index (to4, 2, 2);
  cns_nix_vector_set_epoch (to4, cns_nix_vector_routing_get_epoch ());
  cns_packet_set_nix_vector (follow, to4);
  ck_assert (route_input (&t, 2, follow, A ("10.0.0.14"), &route));
  ck_assert_uint_eq (route.interface, 3);
  ck_assert_uint_eq (route.gateway.value, A ("10.0.0.18").value);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (follow), to4);
  ck_assert_uint_eq (cns_packet_get_nix_position (follow), 2);

  /* the same bits from an older epoch: node 2 finds its own path to 3 */
  cns_nix_vector_add_neighbor_index (old, 2, 2);
  cns_nix_vector_set_epoch (old, cns_nix_vector_routing_get_epoch () - 1);
  cns_packet_set_nix_vector (stale, old);
  ck_assert (route_input (&t, 2, stale, A ("10.0.0.14"), &route));
  ck_assert_uint_eq (route.interface, 2);
  ck_assert_uint_eq (route.gateway.value, A ("10.0.0.14").value);
  fresh = cns_packet_get_nix_vector (stale);
  ck_assert_ptr_ne (fresh, old);
  ck_assert_uint_eq (cns_nix_vector_get_epoch (fresh),
                     cns_nix_vector_routing_get_epoch ());
  text = nix_string (fresh);
  ck_assert_str_eq (text, "01");
  ck_assert_uint_eq (cns_packet_get_nix_position (stale), 2);

  /* no vector: the same, from node 2's cache */
  ck_assert (route_input (&t, 2, none, A ("10.0.0.14"), &route));
  ck_assert_uint_eq (route.interface, 2);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (none), fresh);

  /* a current vector with too few bits left is treated as stale */
  ck_assert (route_input (&t, 2, follow, A ("10.0.0.14"), &route));
  ck_assert_uint_eq (route.interface, 2);
  ck_assert_ptr_eq (cns_packet_get_nix_vector (follow), fresh);

  /* no route to an address no node has */
  g_clear_pointer (&none, cns_packet_unref);
  none = cns_packet_new (10);
  ck_assert (!route_input (&t, 2, none, A ("10.9.9.9"), &route));
  routing_topology_clear (&t);
}
END_TEST

/* A stale vector from an earlier epoch, still in a packet in flight when
 * a link goes down, is recomputed at the transit node. */
START_TEST (test_stale_vector_in_flight)
{
  RoutingTopology t;
  CnsIpv4Route route;
  g_autoptr (CnsPacket) p = cns_packet_new (10);
  g_autofree gchar *text = NULL;

  build_simple (&t);
  /* 3 -> 1 goes 3, 2, 0, 1 */
  ck_assert (route_output (&t, 3, p, A ("10.0.0.2"), NULL, &route));
  ck_assert_uint_eq (cns_packet_get_nix_position (p), 0);
  /* the packet is at 2 when 2's link to 0 goes down */
  cns_ipv4_l3_protocol_set_down (routing_topology_get_ipv4 (&t, 2), 1);
  ck_assert (route_input (&t, 2, p, A ("10.0.0.2"), &route));
  /* now 2 -> 4 -> 1: 4 is link 1 of [3, 4] */
  ck_assert_uint_eq (route.interface, 3);
  ck_assert_uint_eq (route.gateway.value, A ("10.0.0.18").value);
  text = nix_string (cns_packet_get_nix_vector (p));
  ck_assert_str_eq (text, "10");
  routing_topology_clear (&t);
}
END_TEST

static void
count_nix_at_sink (gpointer source, CnsPacket *packet, const CnsAddress *from,
                   gpointer user_data)
{
  guint *counts = user_data;

  counts[0]++;
  if (cns_packet_get_nix_vector (packet) != NULL)
    counts[1]++;
}

/* Datagrams cross the network on their vectors, and arrive without
 * them: IPv4 drops the vector at local delivery. */
START_TEST (test_udp_delivery_drops_vector)
{
  RoutingTopology t;
  g_autoptr (CnsIpv4RoutingHelper) routing = nix_list_helper_new ();
  g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);
  CnsInetSocketAddress remote
      = cns_inet_socket_address_init (A ("10.0.0.14"), 9);
  guint counts[2] = { 0, 0 };

  routing_topology_build (&t, 5, simple_edges, G_N_ELEMENTS (simple_edges),
                          routing, "10Mbps", "1ms");
  cns_packet_sink_set_local (sink, &local);
  cns_application_install (CNS_APPLICATION (sink), node_of (&t, 3));
  ck_assert (cns_trace_connect (sink, "Rx", G_CALLBACK (count_nix_at_sink),
                                counts, &error));
  ck_assert (cns_attribute_set (app, "DataRate", "1Mbps", &error));
  ck_assert (cns_attribute_set (app, "PacketSize", "500", &error));
  ck_assert (
      cns_attribute_set (app, "OnTime", "Constant(Constant=100)", &error));
  ck_assert (
      cns_attribute_set (app, "OffTime", "Constant(Constant=0)", &error));
  cns_on_off_application_set_remote (app, &remote);
  cns_on_off_application_set_max_bytes (app, 5000);
  cns_application_install (CNS_APPLICATION (app), node_of (&t, 1));
  cns_simulator_stop_at (cns_seconds (2));
  cns_simulator_run ();
  ck_assert_uint_eq (cns_packet_sink_get_total_packets (sink), 10);
  ck_assert_uint_eq (counts[0], 10);
  ck_assert_uint_eq (counts[1], 0);
  routing_topology_clear (&t);
}
END_TEST

static void
interface_down (gpointer obj, gpointer data)
{
  cns_ipv4_l3_protocol_set_down (obj, GPOINTER_TO_UINT (data));
}

/* The path printed is the one at the time of printing. */
START_TEST (test_helper_print_at)
{
  RoutingTopology t;
  g_autoptr (CnsNixVectorHelper) helper = cns_nix_vector_helper_new ();
  g_autoptr (GString) out = g_string_new (NULL);

  build_simple (&t);
  cns_nix_vector_helper_print_routing_path_at (
      helper, cns_milli_seconds (500), node_of (&t, 0), A ("10.0.0.14"), out);
  cns_nix_vector_helper_print_routing_path_at (
      helper, cns_milli_seconds (1500), node_of (&t, 0), A ("10.0.0.14"), out);
  cns_simulator_schedule (cns_seconds (1), interface_down,
                          routing_topology_get_ipv4 (&t, 0),
                          GUINT_TO_POINTER (2));
  ck_assert_str_eq (out->str, "");
  cns_simulator_stop_at (cns_seconds (2));
  cns_simulator_run ();
  ck_assert_str_eq (
      out->str,
      "Time: 500ms, Nix routing\n"
      "Route path from Node 0 to Node 3, Nix Vector: 101 (3 bits left)\n"
      "10.0.0.5         (Node 0)   ----> 10.0.0.6         (Node 2)\n"
      "10.0.0.13        (Node 2)   ----> 10.0.0.14        (Node 3)\n"
      "Time: 1.5s, Nix routing\n"
      "Route path from Node 0 to Node 3, Nix Vector: 110 (3 bits left)\n"
      "10.0.0.1         (Node 0)   ----> 10.0.0.2         (Node 1)\n"
      "10.0.0.9         (Node 1)   ----> 10.0.0.10        (Node 4)\n"
      "10.0.0.18        (Node 4)   ----> 10.0.0.17        (Node 2)\n"
      "10.0.0.13        (Node 2)   ----> 10.0.0.14        (Node 3)\n");
  routing_topology_clear (&t);
}
END_TEST

START_TEST (test_misuse)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (CnsNixVectorHelper) helper = cns_nix_vector_helper_new ();

  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_NODE*", ck_assert_ptr_null (cns_nix_vector_routing_get_path (
                           NULL, A ("1.2.3.4"))));
  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_NODE*",
      ck_assert_ptr_null (
          cns_nix_vector_routing_get_path_nodes (NULL, A ("1.2.3.4"))));
  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_NODE*",
      cns_nix_vector_routing_print_routing_path (NULL, A ("1.2.3.4"), out));
  CNS_TEST_EXPECT_CRITICAL ("*CNS_IS_NODE*",
                            cns_nix_vector_helper_print_routing_path_at (
                                helper, 0, NULL, A ("1.2.3.4"), out));
  ck_assert_str_eq (out->str, "");
}
END_TEST

/* ---- the same paths as global routing ---- */

/* A connected random topology of @n nodes: a fifth are hosts hanging off
 * one router, the rest a random tree with n / 2 more links (some
 * parallel); metrics 1, or 1 to 8 each way independently. Node ids and
 * the order of the links, which numbers the interfaces, are shuffled. */
static GArray *
random_edges (guint32 n, guint32 seed, gboolean unit)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree guint32 *label = g_new (guint32, n);
  guint32 n_routers = n - n / 5;
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (RoutingEdge));

  for (guint32 i = 0; i < n; i++)
    label[i] = i;
  for (guint32 i = n - 1; i > 0; i--)
    {
      guint32 j = g_rand_int_range (rand, 0, (gint32) i + 1), x = label[i];

      label[i] = label[j];
      label[j] = x;
    }
  for (guint32 i = 1; i < n; i++)
    {
      guint32 r
          = i < n_routers
                ? i
                : (guint32) g_rand_int_range (rand, 0, (gint32) n_routers);
      guint32 q = i < n_routers
                      ? (guint32) g_rand_int_range (rand, 0, (gint32) i)
                      : i;
      RoutingEdge e = { label[r], label[q], 1, 1 };

      g_array_append_val (edges, e);
    }
  for (guint32 k = 0; k < n_routers / 2; k++)
    {
      guint32 a = g_rand_int_range (rand, 0, (gint32) n_routers);
      guint32 b = g_rand_int_range (rand, 0, (gint32) n_routers);
      RoutingEdge e = { label[a], label[b], 1, 1 };

      if (a != b)
        g_array_append_val (edges, e);
    }
  for (guint k = edges->len - 1; k > 0; k--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32) k + 1);
      RoutingEdge x = g_array_index (edges, RoutingEdge, k);

      g_array_index (edges, RoutingEdge, k)
          = g_array_index (edges, RoutingEdge, j);
      g_array_index (edges, RoutingEdge, j) = x;
    }
  for (guint k = 0; !unit && k < edges->len; k++)
    {
      g_array_index (edges, RoutingEdge, k).metric_uv
          = g_rand_int_range (rand, 1, 9);
      g_array_index (edges, RoutingEdge, k).metric_vu
          = g_rand_int_range (rand, 1, 9);
    }
  return edges;
}

static CnsRouteGraph *
graph_from_edges (guint32 n, const GArray *edges)
{
  CnsRouteGraph *g = cns_route_graph_new (n);

  for (guint k = 0; k < edges->len; k++)
    {
      const RoutingEdge *e = &g_array_index (edges, RoutingEdge, k);

      cns_route_graph_add_edge (g, e->u, e->v, e->metric_uv, e->metric_vu);
    }
  cns_route_graph_seal (g);
  return g;
}

/* Global routing's path from @s to @t, walked through its table. */
static GArray *
global_path (CnsRouteTable *table, guint32 s, guint32 t)
{
  CnsRouteGraph *g = cns_route_table_get_graph (table);
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 x = s;

  g_array_append_val (nodes, x);
  while (x != t)
    {
      guint32 interface = cns_route_table_lookup (table, x, t);
      const CnsRouteLink *link;

      link = cns_route_graph_get_link_for_interface (g, x, interface);
      if (interface == CNS_ROUTE_TABLE_NO_ROUTE || link == NULL
          || nodes->len > cns_route_graph_get_n_nodes (g))
        ck_abort_msg ("no global route from %u to %u", x, t);
      x = link->neighbor;
      g_array_append_val (nodes, x);
    }
  return nodes;
}

static void
assert_same_nodes (const GArray *a, const GArray *b, guint32 s, guint32 t)
{
  /* per pair: Check reports each assertion, so test first */
  if (a->len != b->len)
    ck_abort_msg ("%u -> %u: %u nodes, global %u", s, t, a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint32, i) != g_array_index (b, guint32, i))
      ck_abort_msg ("%u -> %u: hop %u differs", s, t, i);
}

/* The nodes a vector leads to from @s to @t, read back through the
 * graph; every bit is used. */
static GArray *
decode (const CnsRouteGraph *g, const CnsNixVector *nix, guint32 s, guint32 t)
{
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 position = 0, x = s;

  g_array_append_val (nodes, x);
  while (x != t)
    {
      guint32 n_links, width, index;
      const CnsRouteLink *links = cns_route_graph_get_links (g, x, &n_links);

      width = n_links <= 1 ? 0 : g_bit_storage (n_links - 1);
      index = cns_nix_vector_extract (nix, &position, width);
      if (index >= n_links || nodes->len > cns_route_graph_get_n_nodes (g))
        ck_abort_msg ("%u -> %u: bad index %u", s, t, index);
      x = links[index].neighbor;
      g_array_append_val (nodes, x);
    }
  if (position != cns_nix_vector_get_n_bits (nix))
    ck_abort_msg ("%u -> %u: %u bits left", s, t,
                  cns_nix_vector_get_n_bits (nix) - position);
  return nodes;
}

/* On route graphs: every pair, or @n_pairs random ones, the path found by
 * the search is the one the spf table gives, and its vector decodes to
 * it. */
static void
check_graph_against_table (guint32 n, guint32 seed, gboolean unit,
                           guint n_pairs)
{
  g_autoptr (GArray) edges = random_edges (n, seed, unit);
  g_autoptr (CnsRouteGraph) g = graph_from_edges (n, edges);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsRouteTable) table
      = cns_route_table_new (g, G_MAXUINT64, &error);
  g_autoptr (CnsRouteSearch) search = cns_route_search_new (g);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed + 1);
  guint total = n_pairs > 0 ? n_pairs : n * n;

  ck_assert_msg (table != NULL, "%s", error ? error->message : "");
  ck_assert (cns_route_table_fill (table, "spf", 0, &error));
  ck_assert (cns_route_graph_has_unit_metrics (g) == unit);
  for (guint k = 0; k < total; k++)
    {
      guint32 s = n_pairs > 0 ? (guint32) g_rand_int_range (rand, 0, n) : k / n;
      guint32 t = n_pairs > 0 ? (guint32) g_rand_int_range (rand, 0, n) : k % n;
      g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autoptr (GArray) expected = NULL;
      g_autoptr (GArray) decoded = NULL;
      g_autoptr (CnsNixVector) nix = NULL;

      if (s == t)
        continue;
      if (!cns_route_search_find (search, s, t, nodes, &nix))
        ck_abort_msg ("no path %u -> %u", s, t);
      expected = global_path (table, s, t);
      assert_same_nodes (nodes, expected, s, t);
      decoded = decode (g, nix, s, t);
      assert_same_nodes (decoded, expected, s, t);
    }
}

START_TEST (test_graphs_equal_global_unit)
{
  check_graph_against_table (200, 11, TRUE, 0);
  check_graph_against_table (600, 12, TRUE, 20000);
  check_graph_against_table (2000, 13, TRUE, 20000);
}
END_TEST

START_TEST (test_graphs_equal_global_metrics)
{
  check_graph_against_table (200, 21, FALSE, 0);
  check_graph_against_table (600, 22, FALSE, 20000);
  check_graph_against_table (2000, 23, FALSE, 20000);
}
END_TEST

/* Real nodes with global routing: the nix path to each destination
 * address is the global path, hop for hop. */
static void
check_nodes_against_global (guint32 n, guint32 seed, gboolean unit,
                            guint n_pairs)
{
  g_autoptr (GArray) edges = random_edges (n, seed, unit);
  g_autoptr (CnsIpv4RoutingHelper) routing = routing_global_list_helper_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed + 1);
  CnsRouteTable *table;
  RoutingTopology t;
  guint total = n_pairs > 0 ? n_pairs : n * n;

  routing_topology_build (&t, n, (const RoutingEdge *) edges->data, edges->len,
                          routing, "10Mbps", "1ms");
  ck_assert (cns_ipv4_global_routing_helper_populate_routing_tables (&error));
  table = cns_global_route_manager_get_table (
      cns_global_route_manager_get_default ());
  for (guint k = 0; k < total; k++)
    {
      guint32 s = n_pairs > 0 ? (guint32) g_rand_int_range (rand, 0, n) : k / n;
      guint32 d = n_pairs > 0 ? (guint32) g_rand_int_range (rand, 0, n) : k % n;
      g_autoptr (GArray) nodes = NULL;
      g_autoptr (GArray) expected = NULL;

      if (s == d)
        continue;
      nodes = cns_nix_vector_routing_get_path_nodes (node_of (&t, s),
                                                     t.addresses[d]);
      if (nodes == NULL)
        ck_abort_msg ("no path %u -> %u", s, d);
      expected = global_path (table, s, d);
      assert_same_nodes (nodes, expected, s, d);
    }
  routing_topology_clear (&t);
}

START_TEST (test_nodes_equal_global)
{
  guint32 n = cns_test_under_valgrind () ? 60 : 200;

  check_nodes_against_global (n, 31, TRUE, 0);
  cns_test_reset ();
  check_nodes_against_global (n, 32, FALSE, 0);
  cns_test_reset ();
  if (!cns_test_under_valgrind ())
    check_nodes_against_global (2000, 33, FALSE, 4000);
}
END_TEST

/* ---- cost ---- */

/* @n_rings rings of @ring nodes; node 0 of each ring is on a backbone
 * ring too. Ring links cost 1, backbone links @backbone. */
static CnsRouteGraph *
ring_of_rings (guint32 n_rings, guint32 ring, guint16 backbone)
{
  CnsRouteGraph *g = cns_route_graph_new (n_rings * ring);

  for (guint32 r = 0; r < n_rings; r++)
    {
      for (guint32 p = 0; p < ring; p++)
        cns_route_graph_add_edge (g, r * ring + p, r * ring + (p + 1) % ring, 1,
                                  1);
      cns_route_graph_add_edge (g, r * ring, ((r + 1) % n_rings) * ring,
                                backbone, backbone);
    }
  cns_route_graph_seal (g);
  return g;
}

/* A lookup settles only the nodes nearer the destination than the
 * source, however large the graph: on rings, at most 2d + 1 nodes for a
 * source d hops away, and no more for the second lookup. */
static void
check_search_cost (guint16 backbone)
{
  guint32 n_rings = cns_test_under_valgrind () ? 100 : 1000, ring = 500;
  g_autoptr (CnsRouteGraph) g = ring_of_rings (n_rings, ring, backbone);
  g_autoptr (CnsRouteSearch) search = cns_route_search_new (g);
  guint32 base = 37 * ring;

  ck_assert (cns_route_graph_has_unit_metrics (g) == (backbone == 1));
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autoptr (CnsNixVector) nix = NULL;
      guint32 position = 0;

      ck_assert (
          cns_route_search_find (search, base + 10, base + 20, nodes, &nix));
      ck_assert_uint_le (cns_route_search_get_n_settled (search), 21);
      ck_assert_uint_eq (nodes->len, 11);
      for (guint i = 0; i < 11; i++)
        ck_assert_uint_eq (g_array_index (nodes, guint32, i), base + 10 + i);
      /* each ring node: 1 bit, index 1 (the higher neighbour) */
      ck_assert_uint_eq (cns_nix_vector_get_n_bits (nix), 10);
      for (guint i = 0; i < 10; i++)
        ck_assert_uint_eq (cns_nix_vector_extract (nix, &position, 1), 1);
    }
  /* across the backbone: 3 hops */
  {
    g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
    g_autoptr (CnsNixVector) nix = NULL;
    ck_assert (
        cns_route_search_find (search, base + 1, base + ring + 1, nodes, &nix));
    ck_assert_uint_eq (nodes->len, 4);
    ck_assert_uint_eq (g_array_index (nodes, guint32, 1), base);
    ck_assert_uint_eq (g_array_index (nodes, guint32, 2), base + ring);
    ck_assert_uint_le (cns_route_search_get_n_settled (search),
                       8 + 2 * backbone);
  }
}

START_TEST (test_search_cost_unit)
{
  check_search_cost (1);
}
END_TEST

START_TEST (test_search_cost_metrics)
{
  check_search_cost (3);
}
END_TEST

/* ---- UDP: global and nix routing write the same pcaps ---- */

/* Two routes of equal cost between most pairs, asymmetric metrics, and
 * hosts 6 (on 0) and 7 (on 5). */
static const RoutingEdge scenario_edges[] = {
  { 0, 1, 1, 1 }, { 0, 2, 1, 1 }, { 1, 3, 1, 1 }, { 2, 3, 1, 1 },
  { 3, 4, 1, 1 }, { 1, 2, 2, 2 }, { 4, 5, 1, 1 }, { 2, 5, 3, 1 },
  { 6, 0, 1, 1 }, { 7, 5, 1, 1 },
};

static void
echo_flow (RoutingTopology *t, guint32 from, guint32 to, guint16 port,
           guint n_packets, gdouble start)
{
  g_autoptr (CnsUdpEchoServerHelper) server
      = cns_udp_echo_server_helper_new (port);
  g_autoptr (CnsUdpEchoClientHelper) client
      = cns_udp_echo_client_helper_new (t->addresses[to], port);
  g_autoptr (CnsApplicationContainer) servers = NULL;
  g_autoptr (CnsApplicationContainer) clients = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *count = g_strdup_printf ("%u", n_packets);
  CnsApplicationHelper *base = CNS_APPLICATION_HELPER (client);

  servers = cns_application_helper_install (CNS_APPLICATION_HELPER (server),
                                            node_of (t, to));
  ck_assert (
      cns_application_helper_set_attribute (base, "MaxPackets", count, &error));
  ck_assert (
      cns_application_helper_set_attribute (base, "Interval", "0.25s", &error));
  ck_assert (
      cns_application_helper_set_attribute (base, "PacketSize", "700", &error));
  clients = cns_application_helper_install (base, node_of (t, from));
  cns_application_container_start (clients, cns_seconds (start));
}

static void
scenario_down (gpointer obj, gpointer data)
{
  g_autoptr (GError) error = NULL;

  /* node 3's link to 4 */
  cns_ipv4_l3_protocol_set_down (obj, 3);
  if (GPOINTER_TO_UINT (data))
    ck_assert (
        cns_ipv4_global_routing_helper_recompute_routing_tables (&error));
}

/* Runs the scenario on @threads threads with pcaps
 * PREFIX-NODE-DEVICE.pcap; returns what the sink received. */
static guint64
run_scenario (gboolean nix, const gchar *prefix, const gchar *threads)
{
  g_autoptr (CnsIpv4RoutingHelper) routing
      = nix ? nix_list_helper_new () : routing_global_list_helper_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
  g_autoptr (CnsOnOffApplication) app = cns_on_off_application_new ();
  g_autoptr (GError) error = NULL;
  CnsInetSocketAddress local
      = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);
  CnsInetSocketAddress remote;
  RoutingTopology t;
  guint64 received;

  ck_assert (cns_global_value_set ("Threads", threads, NULL));
  routing_topology_build (&t, 8, scenario_edges, G_N_ELEMENTS (scenario_edges),
                          routing, "5Mbps", "2ms");
  if (!nix)
    ck_assert (cns_ipv4_global_routing_helper_populate_routing_tables (&error));
  echo_flow (&t, 6, 7, 9000, 16, 1.0);
  echo_flow (&t, 7, 1, 9001, 16, 1.1);
  echo_flow (&t, 4, 6, 9002, 16, 1.2);
  echo_flow (&t, 2, 4, 9003, 16, 1.3);
  cns_packet_sink_set_local (sink, &local);
  cns_application_install (CNS_APPLICATION (sink), node_of (&t, 6));
  remote = cns_inet_socket_address_init (t.addresses[6], 9);
  ck_assert (cns_attribute_set (app, "DataRate", "2Mbps", &error));
  ck_assert (cns_attribute_set (app, "PacketSize", "1200", &error));
  ck_assert (
      cns_attribute_set (app, "OnTime", "Constant(Constant=100)", &error));
  ck_assert (
      cns_attribute_set (app, "OffTime", "Constant(Constant=0)", &error));
  cns_on_off_application_set_remote (app, &remote);
  cns_on_off_application_set_max_bytes (app, 1200 * 300);
  cns_application_set_start_time (CNS_APPLICATION (app), cns_seconds (1.5));
  cns_application_install (CNS_APPLICATION (app), node_of (&t, 4));
  cns_simulator_schedule (cns_seconds (3), scenario_down,
                          routing_topology_get_ipv4 (&t, 3),
                          GUINT_TO_POINTER (!nix));
  ck_assert (cns_point_to_point_helper_enable_pcap_all (p2p, prefix, &error));
  cns_simulator_stop_at (cns_seconds (6));
  cns_simulator_run ();
  received = cns_packet_sink_get_total_packets (sink);
  routing_topology_clear (&t);
  cns_test_reset ();
  return received;
}

/* Checks that the pcaps of prefixes @a and @b are the same files, byte
 * for byte, and returns how many of them hold packets. */
static guint
assert_same_pcaps (const gchar *a_prefix, const gchar *b_prefix)
{
  guint n_files = 0, n_used = 0;

  for (guint32 node = 0; node < 8; node++)
    for (guint32 device = 0; device < 8; device++)
      {
        g_autofree gchar *a
            = g_strdup_printf ("%s-%u-%u.pcap", a_prefix, node, device);
        g_autofree gchar *b
            = g_strdup_printf ("%s-%u-%u.pcap", b_prefix, node, device);
        g_autofree gchar *ca = NULL, *cb = NULL;
        gsize la, lb;

        if (!g_file_test (a, G_FILE_TEST_EXISTS))
          {
            ck_assert (!g_file_test (b, G_FILE_TEST_EXISTS));
            continue;
          }
        ck_assert (g_file_get_contents (a, &ca, &la, NULL));
        ck_assert (g_file_get_contents (b, &cb, &lb, NULL));
        if (la > 24)
          n_used++;
        ck_assert_msg (la == lb && memcmp (ca, cb, la) == 0, "%s and %s differ",
                       a, b);
        n_files++;
      }
  ck_assert_uint_eq (n_files, 2 * G_N_ELEMENTS (scenario_edges));
  return n_used;
}

START_TEST (test_udp_pcaps_equal_global)
{
  g_autofree gchar *global = g_build_filename (tmp_dir, "global", NULL);
  g_autofree gchar *nix = g_build_filename (tmp_dir, "nix", NULL);
  guint64 received_global = run_scenario (FALSE, global, "1");
  guint64 received_nix = run_scenario (TRUE, nix, "1");

  ck_assert_uint_eq (received_global, 300);
  ck_assert_uint_eq (received_nix, 300);
  /* the link 1-2 (metric 2) loses its ties to 1-0-2 and carries
   * nothing */
  ck_assert_uint_eq (assert_same_pcaps (global, nix),
                     2 * G_N_ELEMENTS (scenario_edges) - 2);
}
END_TEST

/* On threads, both routings write the sequential run's pcaps, the link
 * that goes down at 3 s (between windows, in an event of no node) and
 * global routing's recomputed table included. */
START_TEST (test_udp_pcaps_threads)
{
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  g_autofree gchar *global = g_build_filename (tmp_dir, "global", NULL);
  g_autofree gchar *nix = g_build_filename (tmp_dir, "nix", NULL);

  ck_assert_uint_eq (run_scenario (FALSE, global, "1"), 300);
  ck_assert_uint_eq (run_scenario (TRUE, nix, "1"), 300);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    for (guint r = 0; r < 2; r++)
      {
        g_autofree gchar *name = g_strdup_printf ("%s-%s", r ? "nix" : "global",
                                                  threads[i]);
        g_autofree gchar *prefix = g_build_filename (tmp_dir, name, NULL);

        ck_assert_uint_eq (run_scenario (r, prefix, threads[i]), 300);
        ck_assert_uint_eq (assert_same_pcaps (r ? nix : global, prefix),
                           2 * G_N_ELEMENTS (scenario_edges) - 2);
      }
}
END_TEST

/* ---- threads ---- */

/* What every node of a random topology routes by, found in events of
 * the nodes themselves: each writes only its own entry. */
typedef struct
{
  RoutingTopology t;
  guint32 n;
  gchar **paths; /* by node: first hops and vectors to every node */
} Lookups;

static void
lookup_event (gpointer obj, gpointer data)
{
  Lookups *l = obj;
  guint32 s = GPOINTER_TO_UINT (data);
  GString *text = g_string_new (NULL);

  for (guint32 d = 0; d < l->n; d++)
    {
      g_autoptr (CnsPacket) packet = cns_packet_new (10);
      g_autoptr (CnsNixVector) path = NULL;
      CnsIpv4Route route;

      if (d == s || cns_ipv4_address_is_any (l->t.addresses[d]))
        continue;
      /* the node's cache, then the path a transit node finds */
      if (route_output (&l->t, s, packet, l->t.addresses[d], NULL, &route))
        {
          g_string_append_printf (text, "%u:%u:", d, route.interface);
          cns_nix_vector_print (cns_packet_get_nix_vector (packet), text);
        }
      path = cns_nix_vector_routing_get_path (node_of (&l->t, s),
                                              l->t.addresses[d]);
      g_string_append_c (text, '/');
      if (path != NULL)
        cns_nix_vector_print (path, text);
      g_string_append_c (text, ' ');
    }
  l->paths[s] = g_string_free (text, FALSE);
}

/* Every node looks up every other one at once (events 0 to 60 us apart,
 * one window on any thread count), on @threads threads; returns the
 * nodes settled, and the lookups in @paths. */
static guint64
run_lookups (const gchar *threads, guint32 n, guint32 seed, gboolean unit,
             gchar ***paths)
{
  g_autoptr (GArray) edges = random_edges (n, seed, unit);
  g_autoptr (CnsNixVectorHelper) nix = cns_nix_vector_helper_new ();
  Lookups l = { .n = n };
  CnsPartitionInfo info;
  guint64 settled;

  ck_assert (cns_global_value_set ("Threads", threads, NULL));
  routing_topology_build (&l.t, n, (const RoutingEdge *) edges->data,
                          edges->len, CNS_IPV4_ROUTING_HELPER (nix), "10Mbps",
                          "1ms");
  l.paths = g_new0 (gchar *, n + 1);
  for (guint32 s = 0; s < n; s++)
    cns_simulator_schedule_with_context (s, cns_micro_seconds (10 * (s % 7)),
                                         lookup_event, &l,
                                         GUINT_TO_POINTER (s));
  cns_simulator_run ();
  if (g_strcmp0 (threads, "1") != 0)
    {
      /* the nodes were spread over LPs, which the threads ran at once */
      ck_assert (cns_simulator_get_partition_info (&info));
      ck_assert_uint_ge (info.n_lps, 16);
      ck_assert_int_eq (info.lookahead, cns_milli_seconds (1));
    }
  settled = cns_nix_vector_routing_get_n_settled ();
  for (guint32 s = 0; s < n; s++)
    ck_assert_ptr_nonnull (l.paths[s]);
  routing_topology_clear (&l.t);
  cns_test_reset ();
  *paths = l.paths;
  return settled;
}

static void
check_lookups_on_threads (guint32 n, guint32 seed, gboolean unit)
{
  static const gchar *const threads[] = { "2", "3", "4", "8" };
  g_auto (GStrv) want = NULL;
  guint64 want_settled = run_lookups ("1", n, seed, unit, &want);

  ck_assert_uint_gt (want_settled, 0);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_auto (GStrv) got = NULL;

      /* the sum over the threads' searches: the same searches ran */
      ck_assert_uint_eq (run_lookups (threads[i], n, seed, unit, &got),
                         want_settled);
      for (guint32 s = 0; s < n; s++)
        ck_assert_msg (g_str_equal (got[s], want[s]),
                       "%s threads, node %u:\n%s\nnot\n%s", threads[i], s,
                       got[s], want[s]);
    }
}

/* Nodes whose events run on different threads find their paths at once,
 * each thread with its own search: the vectors are the sequential
 * run's. */
START_TEST (test_lookups_on_threads)
{
  guint32 n = cns_test_under_valgrind () ? 40 : 150;

  check_lookups_on_threads (n, 41, TRUE);
  check_lookups_on_threads (n, 42, FALSE);
}
END_TEST

static RoutingTopology child_topology;

static void
take_down (gpointer obj, gpointer data)
{
  cns_ipv4_l3_protocol_set_down (obj, 1);
}

/* On two threads, node 2 takes its first link down in one of its own
 * events. */
static void
child_take_down (void)
{
  g_autoptr (CnsNixVectorHelper) nix = cns_nix_vector_helper_new ();

  ck_assert (cns_global_value_set ("Threads", "2", NULL));
  routing_topology_build (&child_topology, 5, simple_edges,
                          G_N_ELEMENTS (simple_edges),
                          CNS_IPV4_ROUTING_HELPER (nix), "10Mbps", "1ms");
  cns_simulator_schedule_with_context (
      2, cns_milli_seconds (1), take_down,
      routing_topology_get_ipv4 (&child_topology, 2), NULL);
  cns_simulator_run ();
}

/* A node's event that changes the topology in a parallel run ends it
 * with a message: the nodes of other threads would see the change at no
 * definite time. */
START_TEST (test_change_in_parallel_event)
{
  g_autofree gchar *err = NULL;

  ck_assert_int_eq (routing_run_in_child (child_take_down, &err), 1);
  ck_assert_str_eq (
      err, "cns: fatal error: the topology of nix-vector routing changed in "
           "an event of node 2 of a run on 2 threads: other threads run "
           "other nodes' events of the same window, which would see the "
           "change at no definite time; change interfaces, addresses and "
           "routes in events of no node (scheduled by the program outside "
           "any event) or run on one thread\n");
}
END_TEST

Suite *
test_nix_vector_routing_suite (void)
{
  Suite *s = suite_create ("nix-vector-routing");
  TCase *tc = tcase_create ("core");
  TCase *threads;

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_simple_paths);
  tcase_add_test (tc, test_print_routing_path);
  tcase_add_test (tc, test_bit_widths);
  tcase_add_test (tc, test_route_output_and_cache);
  tcase_add_test (tc, test_cache_searches_once);
  tcase_add_test (tc, test_print_routing_table);
  tcase_add_test (tc, test_epoch_flush_on_interface_down);
  tcase_add_test (tc, test_transit);
  tcase_add_test (tc, test_stale_vector_in_flight);
  tcase_add_test (tc, test_udp_delivery_drops_vector);
  tcase_add_test (tc, test_helper_print_at);
  tcase_add_test (tc, test_misuse);
  tcase_add_test (tc, test_graphs_equal_global_unit);
  tcase_add_test (tc, test_graphs_equal_global_metrics);
  tcase_add_test (tc, test_nodes_equal_global);
  tcase_add_test (tc, test_search_cost_unit);
  tcase_add_test (tc, test_search_cost_metrics);
  tcase_add_test (tc, test_udp_pcaps_equal_global);
  tcase_add_test (tc, test_change_in_parallel_event);
  suite_add_tcase (s, tc);
  threads = tcase_create ("threads");
  /* the runs on threads, which the ThreadSanitizer pass of .ci/run picks */
  tcase_set_tags (threads, "threads");
  tcase_set_timeout (threads, 120);
  tcase_add_checked_fixture (threads, setup, teardown);
  tcase_add_test (threads, test_udp_pcaps_threads);
  tcase_add_test (threads, test_lookups_on_threads);
  suite_add_tcase (s, threads);
  return s;
}
