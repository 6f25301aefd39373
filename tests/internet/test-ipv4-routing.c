/* cns — tests of static and list routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/ipv4-fixtures.h"
#include "internet/suites.h"

#include <string.h>

#define A(text) cns_ipv4_address_from_string (text)
#define M(len)  cns_ipv4_mask_from_prefix_length (len)

static Pair pair;

static void
teardown (void)
{
  pair_clear (&pair);
  fixtures_teardown ();
}

static CnsIpv4RoutingTableEntry
lookup (CnsIpv4StaticRouting *routing, const gchar *destination)
{
  CnsIpv4RoutingTableEntry e;

  ck_assert_msg (cns_ipv4_static_routing_lookup (routing, A (destination), &e),
                 "no route to %s", destination);
  return e;
}

START_TEST (test_static_longest_prefix)
{
  g_autoptr (CnsIpv4StaticRouting) r = cns_ipv4_static_routing_new ();
  CnsIpv4RoutingTableEntry e;

  ck_assert (!cns_ipv4_static_routing_lookup (r, A ("10.1.1.5"), &e));
  cns_ipv4_static_routing_set_default_route (r, A ("192.168.0.1"), 1, 0);
  cns_ipv4_static_routing_add_network_route (r, A ("10.1.0.0"), M (16),
                                             A ("192.168.0.2"), 2, 0);
  /* host bits in the network are ignored */
  cns_ipv4_static_routing_add_network_route (r, A ("10.1.1.77"), M (24),
                                             A ("192.168.0.3"), 3, 0);
  cns_ipv4_static_routing_add_host_route (r, A ("10.1.1.5"), A ("192.168.0.4"),
                                          4, 0);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (r), 4);

  e = lookup (r, "10.1.1.5");
  ck_assert_uint_eq (e.interface, 4);
  ck_assert_uint_eq (e.gateway.value, A ("192.168.0.4").value);
  ck_assert (cns_ipv4_routing_table_entry_is_host (&e));
  e = lookup (r, "10.1.1.6");
  ck_assert_uint_eq (e.interface, 3);
  ck_assert_uint_eq (e.destination.value, A ("10.1.1.0").value);
  ck_assert (cns_ipv4_routing_table_entry_is_gateway (&e));
  ck_assert_uint_eq (lookup (r, "10.1.2.3").interface, 2);
  ck_assert_uint_eq (lookup (r, "10.2.0.1").interface, 1);
  e = lookup (r, "11.0.0.1");
  ck_assert_uint_eq (e.interface, 1);
  ck_assert (cns_ipv4_routing_table_entry_is_default (&e));

  /* without the default route, no route off the known prefixes */
  ck_assert (cns_ipv4_static_routing_remove_route (r, 0));
  ck_assert (!cns_ipv4_static_routing_remove_route (r, 3));
  ck_assert (!cns_ipv4_static_routing_lookup (r, A ("11.0.0.1"), &e));
  ck_assert_uint_eq (lookup (r, "10.1.1.5").interface, 4);
  ck_assert (cns_ipv4_static_routing_get_route (r, 0, &e));
  ck_assert_uint_eq (e.interface, 2);
  ck_assert (!cns_ipv4_static_routing_get_route (r, 3, &e));
}
END_TEST

/* The same choices whether the table is scanned (few routes) or indexed
 * (@n_filler unrelated routes first). */
static void
check_tie_break (guint n_filler)
{
  g_autoptr (CnsIpv4StaticRouting) r = cns_ipv4_static_routing_new ();
  CnsIpv4RoutingTableEntry e;

  for (guint i = 0; i < n_filler; i++)
    cns_ipv4_static_routing_add_network_route_to_interface (
        r, CNS_IPV4_ADDRESS_INIT (172, 16, i, 0), M (24), 9, 0);
  cns_ipv4_static_routing_add_network_route_to_interface (r, A ("10.2.2.0"),
                                                          M (24), 1, 5);
  cns_ipv4_static_routing_add_network_route_to_interface (r, A ("10.2.2.0"),
                                                          M (24), 2, 3);
  cns_ipv4_static_routing_add_network_route_to_interface (r, A ("10.2.2.0"),
                                                          M (24), 3, 3);
  cns_ipv4_static_routing_add_network_route_to_interface (r, A ("10.2.2.0"),
                                                          M (24), 4, 1);
  /* lowest metric */
  ck_assert_uint_eq (lookup (r, "10.2.2.9").interface, 4);
  /* equal metrics: the first added */
  ck_assert (cns_ipv4_static_routing_remove_route (r, n_filler + 3));
  ck_assert_uint_eq (lookup (r, "10.2.2.9").interface, 2);
  ck_assert (cns_ipv4_static_routing_remove_route (r, n_filler + 1));
  ck_assert_uint_eq (lookup (r, "10.2.2.9").interface, 3);
  ck_assert (cns_ipv4_static_routing_remove_route (r, n_filler + 1));
  ck_assert_uint_eq (lookup (r, "10.2.2.9").interface, 1);
  /* a longer prefix beats a lower metric */
  cns_ipv4_static_routing_add_host_route_to_interface (r, A ("10.2.2.9"), 7,
                                                       100);
  e = lookup (r, "10.2.2.9");
  ck_assert_uint_eq (e.interface, 7);
  ck_assert (cns_ipv4_routing_table_entry_is_host (&e));
  ck_assert (!cns_ipv4_routing_table_entry_is_gateway (&e));
  ck_assert_uint_eq (lookup (r, "10.2.2.10").interface, 1);
  cns_ipv4_static_routing_set_default_route (r, A ("10.0.0.1"), 8, 0);
  ck_assert_uint_eq (lookup (r, "10.2.2.10").interface, 1);
  ck_assert_uint_eq (lookup (r, "10.2.3.10").interface, 8);
  if (n_filler > 0)
    ck_assert_uint_eq (lookup (r, "172.16.3.1").interface, 9);
}

START_TEST (test_static_metric_tie_break)
{
  check_tie_break (0);
  check_tie_break (20);
}
END_TEST

/* Thousands of routes: the index grows and is rebuilt after removals. */
START_TEST (test_static_many_routes)
{
  g_autoptr (CnsIpv4StaticRouting) r = cns_ipv4_static_routing_new ();
  CnsIpv4RoutingTableEntry e;

  for (guint i = 0; i < 2000; i++)
    {
      CnsIpv4Address net = CNS_IPV4_ADDRESS_INIT (10, i >> 8, i & 255, 0);
      CnsIpv4Address host = CNS_IPV4_ADDRESS_INIT (10, i >> 8, i & 255, 9);

      cns_ipv4_static_routing_add_network_route_to_interface (r, net, M (24),
                                                              i % 7, 0);
      if (i % 3 == 0)
        cns_ipv4_static_routing_add_host_route_to_interface (r, host, 100 + i,
                                                             0);
    }
  for (guint i = 0; i < 2000; i++)
    {
      CnsIpv4Address host = CNS_IPV4_ADDRESS_INIT (10, i >> 8, i & 255, 9);
      CnsIpv4Address other = CNS_IPV4_ADDRESS_INIT (10, i >> 8, i & 255, 10);

      ck_assert (cns_ipv4_static_routing_lookup (r, host, &e));
      ck_assert_uint_eq (e.interface, i % 3 == 0 ? 100 + i : i % 7);
      ck_assert (cns_ipv4_static_routing_lookup (r, other, &e));
      ck_assert_uint_eq (e.interface, i % 7);
    }
  ck_assert (!cns_ipv4_static_routing_lookup (r, A ("10.7.208.1"), &e));
  /* route 0 is 10.0.0.0/24, route 1 the host 10.0.0.9 */
  ck_assert (cns_ipv4_static_routing_remove_route (r, 1));
  ck_assert (cns_ipv4_static_routing_lookup (r, A ("10.0.0.9"), &e));
  ck_assert_uint_eq (e.interface, 0);
  ck_assert (cns_ipv4_static_routing_lookup (r, A ("10.0.3.9"), &e));
  ck_assert_uint_eq (e.interface, 103);
}
END_TEST

START_TEST (test_static_connected_routes)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsNode) node = cns_node_new ();
  g_autoptr (CnsNode) peer = cns_node_new ();
  g_autoptr (CnsNetDeviceContainer) devices
      = link_nodes (node, peer, "1Mbps", "1ms");
  CnsIpv4InterfaceAddress a
      = cns_ipv4_interface_address_init (A ("10.3.3.1"), M (24));
  CnsIpv4InterfaceAddress b
      = cns_ipv4_interface_address_init (A ("10.4.0.1"), M (16));
  CnsIpv4RoutingTableEntry e;
  Stack s;
  guint32 i;

  stack_install (&s, node);
  /* the loopback's 127.0.0.0/8 is there from the start */
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 1);
  ck_assert (cns_ipv4_static_routing_get_route (s.routing, 0, &e));
  ck_assert_uint_eq (e.destination.value, A ("127.0.0.0").value);
  ck_assert_uint_eq (e.mask.value, M (8).value);
  ck_assert_uint_eq (e.interface, 0);

  i = cns_ipv4_l3_protocol_add_interface (
      s.ipv4, cns_net_device_container_get (devices, 0));
  ck_assert_uint_eq (i, 1);
  /* down: the address brings no route yet */
  ck_assert (cns_ipv4_l3_protocol_add_address (s.ipv4, i, &a, &error));
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 1);
  cns_ipv4_l3_protocol_set_up (s.ipv4, i);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 2);
  ck_assert (cns_ipv4_l3_protocol_add_address (s.ipv4, i, &b, &error));
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 3);
  e = lookup (s.routing, "10.3.3.200");
  ck_assert_uint_eq (e.interface, 1);
  ck_assert_uint_eq (e.gateway.value, 0);
  ck_assert_uint_eq (e.metric, 0);
  ck_assert_uint_eq (lookup (s.routing, "10.4.99.1").interface, 1);

  /* a static route through the interface, then the address goes */
  cns_ipv4_static_routing_add_network_route (s.routing, A ("172.16.0.0"),
                                             M (12), A ("10.3.3.2"), 1, 0);
  ck_assert (cns_ipv4_l3_protocol_remove_address (s.ipv4, i, a.local));
  ck_assert (!cns_ipv4_l3_protocol_remove_address (s.ipv4, i, a.local));
  ck_assert (!cns_ipv4_static_routing_lookup (s.routing, A ("10.3.3.200"), &e));
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 3);

  /* down removes every route through the interface; up brings back the
   * connected ones */
  cns_ipv4_l3_protocol_set_down (s.ipv4, i);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 1);
  cns_ipv4_l3_protocol_set_up (s.ipv4, i);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (s.routing), 2);
  ck_assert_uint_eq (lookup (s.routing, "10.4.99.1").interface, 1);
  ck_assert (!cns_ipv4_static_routing_lookup (s.routing, A ("172.16.0.1"), &e));
}
END_TEST

/* A routing protocol set late learns the interfaces already up. */
START_TEST (test_static_set_late)
{
  g_autoptr (CnsIpv4StaticRouting) late = cns_ipv4_static_routing_new ();
  g_autoptr (CnsIpv4StaticRouting) early = NULL;
  CnsIpv4RoutingTableEntry e;

  pair_build (&pair, "1Mbps", "1ms");
  early = g_object_ref (pair.a.routing);
  cns_ipv4_l3_protocol_set_routing_protocol (pair.a.ipv4,
                                             CNS_IPV4_ROUTING_PROTOCOL (late));
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_routing_protocol (pair.a.ipv4),
                    late);
  ck_assert_ptr_eq (cns_ipv4_static_routing_find (pair.a.ipv4), late);
  /* the one replaced forgets the layer */
  ck_assert_ptr_eq (
      cns_ipv4_routing_protocol_get_ipv4 (CNS_IPV4_ROUTING_PROTOCOL (early)),
      NULL);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (late), 2);
  ck_assert (cns_ipv4_static_routing_get_route (late, 1, &e));
  ck_assert_uint_eq (e.destination.value, A ("10.1.1.0").value);
  ck_assert_uint_eq (e.interface, 1);
}
END_TEST

START_TEST (test_static_route_output)
{
  CnsIpv4Header h;
  CnsIpv4Route route;
  CnsIpv4RoutingProtocol *r;
  CnsNetDevice *dev;
  g_autoptr (GError) error = NULL;
  CnsIpv4InterfaceAddress second
      = cns_ipv4_interface_address_init (A ("10.9.0.1"), M (16));

  pair_build (&pair, "1Mbps", "1ms");
  r = CNS_IPV4_ROUTING_PROTOCOL (pair.a.routing);
  dev = cns_ipv4_l3_protocol_get_net_device (pair.a.ipv4, 1);
  ck_assert (
      cns_ipv4_l3_protocol_add_address (pair.a.ipv4, 1, &second, &error));
  cns_ipv4_static_routing_add_network_route (pair.a.routing, A ("10.200.0.0"),
                                             M (16), A ("10.9.0.2"), 1, 0);
  cns_ipv4_header_init (&h);

  /* on the link: the interface's address in the destination's subnet */
  h.destination = A ("10.1.1.2");
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.interface, 1);
  ck_assert_ptr_eq (route.output_device, dev);
  ck_assert_uint_eq (route.gateway.value, 0);
  ck_assert_uint_eq (route.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (route.destination.value, h.destination.value);
  /* through a gateway: the address in the gateway's subnet */
  h.destination = A ("10.200.3.4");
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.gateway.value, A ("10.9.0.2").value);
  ck_assert_uint_eq (route.source.value, A ("10.9.0.1").value);
  /* restricted to a device: the loopback has no route there */
  ck_assert (cns_ipv4_routing_protocol_route_output (r, NULL, &h, dev, &route));
  ck_assert (!cns_ipv4_routing_protocol_route_output (
      r, NULL, &h, cns_ipv4_l3_protocol_get_net_device (pair.a.ipv4, 0),
      &route));
  h.destination = A ("127.0.0.5");
  ck_assert (cns_ipv4_routing_protocol_route_output (
      r, NULL, &h, cns_ipv4_l3_protocol_get_net_device (pair.a.ipv4, 0),
      &route));
  ck_assert_uint_eq (route.interface, 0);
  ck_assert_uint_eq (route.source.value, A ("127.0.0.1").value);
  /* no route */
  h.destination = A ("192.0.2.1");
  ck_assert (
      !cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert (!cns_ipv4_routing_protocol_route_input (r, NULL, &h, 1, &route));
  h.destination = A ("10.200.3.4");
  ck_assert (cns_ipv4_routing_protocol_route_input (r, NULL, &h, 1, &route));
  ck_assert_uint_eq (route.interface, 1);
  ck_assert_uint_eq (route.gateway.value, A ("10.9.0.2").value);
}
END_TEST

/* Every change to the routes, addresses or interfaces shows in the next
 * answer of route_output for the same destination (a cache of answers
 * would have to forget on each). */
START_TEST (test_static_route_output_follows_changes)
{
  CnsIpv4Header h;
  CnsIpv4Route route;
  CnsIpv4RoutingProtocol *r;
  g_autoptr (GError) error = NULL;
  CnsIpv4InterfaceAddress second
      = cns_ipv4_interface_address_init (A ("10.9.0.1"), M (16));

  pair_build (&pair, "1Mbps", "1ms");
  r = CNS_IPV4_ROUTING_PROTOCOL (pair.a.routing);
  cns_ipv4_header_init (&h);
  h.destination = A ("10.9.3.4");
  /* no route yet; an address brings its subnet's */
  ck_assert (
      !cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert (
      cns_ipv4_l3_protocol_add_address (pair.a.ipv4, 1, &second, &error));
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.gateway.value, 0);
  ck_assert_uint_eq (route.source.value, A ("10.9.0.1").value);
  /* a longer prefix added wins at once */
  cns_ipv4_static_routing_add_host_route (pair.a.routing, A ("10.9.3.4"),
                                          A ("10.1.1.2"), 1, 0);
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.gateway.value, A ("10.1.1.2").value);
  ck_assert_uint_eq (route.source.value, A ("10.1.1.1").value);
  /* removed, the subnet's route is back */
  cns_ipv4_static_routing_remove_route (
      pair.a.routing,
      cns_ipv4_static_routing_get_n_routes (pair.a.routing) - 1);
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.gateway.value, 0);
  /* the address removed, no route; the interface down, none either */
  ck_assert (
      cns_ipv4_l3_protocol_remove_address (pair.a.ipv4, 1, A ("10.9.0.1")));
  ck_assert (
      !cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  h.destination = A ("10.1.1.2");
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  cns_ipv4_l3_protocol_set_down (pair.a.ipv4, 1);
  ck_assert (
      !cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  cns_ipv4_l3_protocol_set_up (pair.a.ipv4, 1);
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.interface, 1);
  /* restricted to the loopback, the kept answer does not count */
  ck_assert (!cns_ipv4_routing_protocol_route_output (
      r, NULL, &h, cns_ipv4_l3_protocol_get_net_device (pair.a.ipv4, 0),
      &route));
}
END_TEST

/* A device's link going down takes its interface out of routing (the
 * connected route goes), while IPv4 keeps the interface up; the link
 * back brings the route back. */
START_TEST (test_link_changes_reach_routing)
{
  CnsIpv4Header h;
  CnsIpv4Route route;
  CnsIpv4RoutingProtocol *r;
  CnsNetDevice *device;

  pair_build (&pair, "1Mbps", "1ms");
  r = CNS_IPV4_ROUTING_PROTOCOL (pair.a.routing);
  device = cns_ipv4_l3_protocol_get_net_device (pair.a.ipv4, 1);
  cns_ipv4_header_init (&h);
  h.destination = A ("10.1.1.2");
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  cns_net_device_set_link_up (device, FALSE);
  ck_assert (
      !cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert (cns_ipv4_l3_protocol_is_up (pair.a.ipv4, 1));
  cns_net_device_set_link_up (device, TRUE);
  ck_assert (
      cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.interface, 1);
  /* administratively down, a link coming back does not bring it back */
  cns_ipv4_l3_protocol_set_down (pair.a.ipv4, 1);
  cns_net_device_set_link_up (device, FALSE);
  cns_net_device_set_link_up (device, TRUE);
  ck_assert (
      !cns_ipv4_routing_protocol_route_output (r, NULL, &h, NULL, &route));
}
END_TEST

START_TEST (test_static_print)
{
  g_autoptr (GString) out = g_string_new (NULL);

  pair_build (&pair, "1Mbps", "1ms");
  cns_ipv4_static_routing_add_host_route (pair.a.routing, A ("10.5.5.5"),
                                          A ("10.1.1.2"), 1, 3);
  cns_ipv4_static_routing_set_default_route (pair.a.routing, A ("10.1.1.2"), 1,
                                             10);
  cns_ipv4_routing_protocol_print_routing_table (
      CNS_IPV4_ROUTING_PROTOCOL (pair.a.routing), out);
  ck_assert_str_eq (
      out->str,
      "Node: 0, Time: +0s, Local time: +0s, Ipv4StaticRouting table\n"
      "Destination     Gateway         Genmask         Flags Metric Ref    "
      "Use Iface\n"
      "127.0.0.0       0.0.0.0         255.0.0.0       U     0      -      -"
      "   0\n"
      "10.1.1.0        0.0.0.0         255.255.255.0   U     0      -      -"
      "   1\n"
      "10.5.5.5        10.1.1.2        255.255.255.255 UH    3      -      -"
      "   1\n"
      "0.0.0.0         10.1.1.2        0.0.0.0         UG    10     -      -"
      "   1\n"
      "\n");
}
END_TEST

START_TEST (test_list_priorities)
{
  g_autoptr (CnsIpv4ListRouting) list = cns_ipv4_list_routing_new ();
  g_autoptr (CnsIpv4StaticRouting) low = cns_ipv4_static_routing_new ();
  g_autoptr (CnsIpv4StaticRouting) high = cns_ipv4_static_routing_new ();
  g_autoptr (CnsIpv4StaticRouting) also_low = cns_ipv4_static_routing_new ();
  g_autoptr (GString) out = g_string_new (NULL);
  CnsIpv4RoutingProtocol *p;
  CnsIpv4Header h;
  CnsIpv4Route route;
  gint16 priority = 0;

  pair_build (&pair, "1Mbps", "1ms");
  cns_ipv4_list_routing_add_routing_protocol (
      list, CNS_IPV4_ROUTING_PROTOCOL (low), -5);
  cns_ipv4_list_routing_add_routing_protocol (
      list, CNS_IPV4_ROUTING_PROTOCOL (high), 10);
  ck_assert_uint_eq (cns_ipv4_list_routing_get_n_routing_protocols (list), 2);
  p = cns_ipv4_list_routing_get_routing_protocol (list, 0, &priority);
  ck_assert_ptr_eq (p, high);
  ck_assert_int_eq (priority, 10);
  ck_assert_ptr_eq (cns_ipv4_list_routing_get_routing_protocol (list, 1, NULL),
                    low);
  ck_assert_ptr_null (
      cns_ipv4_list_routing_get_routing_protocol (list, 2, &priority));

  cns_ipv4_static_routing_add_network_route (low, A ("10.8.0.0"), M (16),
                                             A ("10.1.1.2"), 1, 0);
  cns_ipv4_static_routing_add_host_route (low, A ("10.8.8.8"), A ("10.1.1.2"),
                                          1, 0);
  cns_ipv4_static_routing_add_network_route (high, A ("10.8.0.0"), M (16),
                                             A ("10.1.1.3"), 1, 0);
  cns_ipv4_l3_protocol_set_routing_protocol (pair.a.ipv4,
                                             CNS_IPV4_ROUTING_PROTOCOL (list));
  /* the list passed the layer on: both got the connected routes */
  ck_assert_ptr_eq (
      cns_ipv4_routing_protocol_get_ipv4 (CNS_IPV4_ROUTING_PROTOCOL (low)),
      pair.a.ipv4);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (high), 3);
  ck_assert_ptr_eq (cns_ipv4_static_routing_find (pair.a.ipv4), high);

  cns_ipv4_header_init (&h);
  /* the higher priority answers first, even with a shorter prefix */
  h.destination = A ("10.8.8.8");
  ck_assert (cns_ipv4_routing_protocol_route_output (
      CNS_IPV4_ROUTING_PROTOCOL (list), NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.gateway.value, A ("10.1.1.3").value);
  ck_assert (cns_ipv4_routing_protocol_route_input (
      CNS_IPV4_ROUTING_PROTOCOL (list), NULL, &h, 1, &route));
  ck_assert_uint_eq (route.gateway.value, A ("10.1.1.3").value);
  /* what it does not know, the next one answers */
  cns_ipv4_static_routing_add_host_route (low, A ("10.9.9.9"), A ("10.1.1.4"),
                                          1, 0);
  h.destination = A ("10.9.9.9");
  ck_assert (cns_ipv4_routing_protocol_route_output (
      CNS_IPV4_ROUTING_PROTOCOL (list), NULL, &h, NULL, &route));
  ck_assert_uint_eq (route.gateway.value, A ("10.1.1.4").value);
  h.destination = A ("192.0.2.1");
  ck_assert (!cns_ipv4_routing_protocol_route_output (
      CNS_IPV4_ROUTING_PROTOCOL (list), NULL, &h, NULL, &route));
  ck_assert (!cns_ipv4_routing_protocol_route_input (
      CNS_IPV4_ROUTING_PROTOCOL (list), NULL, &h, 1, &route));

  /* equal priorities keep the order they were added in; a protocol added
   * late learns the layer and its routes */
  cns_ipv4_list_routing_add_routing_protocol (
      list, CNS_IPV4_ROUTING_PROTOCOL (also_low), -5);
  ck_assert_ptr_eq (cns_ipv4_list_routing_get_routing_protocol (list, 2, NULL),
                    also_low);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (also_low), 2);

  /* notifications reach every protocol */
  cns_ipv4_l3_protocol_set_down (pair.a.ipv4, 1);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (high), 1);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (low), 1);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (also_low), 1);
  cns_ipv4_l3_protocol_set_up (pair.a.ipv4, 1);
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (also_low), 2);

  /* each table, highest priority first */
  cns_ipv4_routing_protocol_print_routing_table (
      CNS_IPV4_ROUTING_PROTOCOL (list), out);
  {
    g_auto (GStrv) tables = g_strsplit (out->str, "Node: 0", -1);

    ck_assert_uint_eq (g_strv_length (tables), 4);
  }
}
END_TEST

/* The layer asks a list of one's protocol directly; adding a second one
 * makes it ask the list again, also when the list was set empty. */
START_TEST (test_list_delegate)
{
  g_autoptr (CnsIpv4ListRouting) list = cns_ipv4_list_routing_new ();
  g_autoptr (CnsIpv4ListRouting) outer = cns_ipv4_list_routing_new ();
  g_autoptr (CnsIpv4StaticRouting) low = cns_ipv4_static_routing_new ();
  g_autoptr (CnsIpv4StaticRouting) high = cns_ipv4_static_routing_new ();
  CnsIpv4RoutingProtocol *as_list = CNS_IPV4_ROUTING_PROTOCOL (list);
  CnsIpv4RoutingProtocol *as_outer = CNS_IPV4_ROUTING_PROTOCOL (outer);
  L3Counts counts = { 0 };

  pair_build (&pair, "1Mbps", "1ms");
  l3_counts_connect (&counts, pair.a.ipv4);
  ck_assert_ptr_eq (cns_ipv4_routing_protocol_get_delegate (as_list), as_list);
  cns_ipv4_l3_protocol_set_routing_protocol (pair.a.ipv4, as_list);

  /* an empty list routes nothing */
  send_at (&pair.a, cns_seconds (1), pattern_packet (100, 1), "10.8.8.8", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (l3_counts_drops (&counts, CNS_IPV4_DROP_NO_ROUTE), 1);

  /* a list of one: its protocol answers */
  cns_ipv4_list_routing_add_routing_protocol (
      list, CNS_IPV4_ROUTING_PROTOCOL (low), 0);
  ck_assert_ptr_eq (cns_ipv4_routing_protocol_get_delegate (as_list), low);
  cns_ipv4_static_routing_add_network_route (low, A ("10.8.0.0"), M (16),
                                             A ("10.1.1.2"), 1, 0);
  send_at (&pair.a, cns_seconds (2), pattern_packet (100, 2), "10.8.8.8", 0);
  send_at (&pair.a, cns_seconds (2), pattern_packet (100, 3), "10.9.9.9", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (counts.tx, 1);
  ck_assert_uint_eq (l3_counts_drops (&counts, CNS_IPV4_DROP_NO_ROUTE), 2);

  /* a second protocol: the list answers again, the new one first */
  cns_ipv4_list_routing_add_routing_protocol (
      list, CNS_IPV4_ROUTING_PROTOCOL (high), 10);
  ck_assert_ptr_eq (cns_ipv4_routing_protocol_get_delegate (as_list), as_list);
  cns_ipv4_static_routing_add_host_route (high, A ("10.9.9.9"), A ("10.1.1.2"),
                                          1, 0);
  send_at (&pair.a, cns_seconds (3), pattern_packet (100, 4), "10.9.9.9", 0);
  send_at (&pair.a, cns_seconds (3), pattern_packet (100, 5), "10.8.8.8", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (counts.tx, 3);
  ck_assert_uint_eq (l3_counts_drops (&counts, CNS_IPV4_DROP_NO_ROUTE), 2);

  /* delegates are followed through nested lists of one */
  cns_ipv4_list_routing_add_routing_protocol (outer, as_list, 0);
  ck_assert_ptr_eq (cns_ipv4_routing_protocol_get_delegate (as_outer), as_list);
  l3_counts_clear (&counts);
}
END_TEST

START_TEST (test_routing_misuse)
{
  g_autoptr (CnsIpv4StaticRouting) r = cns_ipv4_static_routing_new ();
  g_autoptr (CnsIpv4ListRouting) list = cns_ipv4_list_routing_new ();

  CNS_TEST_EXPECT_CRITICAL (
      "*contiguous*",
      cns_ipv4_static_routing_add_network_route_to_interface (
          r, A ("10.0.0.0"), (CnsIpv4Mask){ 0xff00ff00 }, 1, 0));
  ck_assert_uint_eq (cns_ipv4_static_routing_get_n_routes (r), 0);
  CNS_TEST_EXPECT_CRITICAL ("*self*",
                            cns_ipv4_list_routing_add_routing_protocol (
                                list, CNS_IPV4_ROUTING_PROTOCOL (list), 0));
  ck_assert_ptr_null (
      cns_ipv4_routing_protocol_get_ipv4 (CNS_IPV4_ROUTING_PROTOCOL (r)));
}
END_TEST

Suite *
test_ipv4_routing_suite (void)
{
  Suite *s = suite_create ("ipv4-routing");
  TCase *tc = tcase_create ("routing");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_static_longest_prefix);
  tcase_add_test (tc, test_static_metric_tie_break);
  tcase_add_test (tc, test_static_many_routes);
  tcase_add_test (tc, test_static_connected_routes);
  tcase_add_test (tc, test_static_set_late);
  tcase_add_test (tc, test_static_route_output);
  tcase_add_test (tc, test_static_route_output_follows_changes);
  tcase_add_test (tc, test_static_print);
  tcase_add_test (tc, test_link_changes_reach_routing);
  tcase_add_test (tc, test_list_priorities);
  tcase_add_test (tc, test_list_delegate);
  tcase_add_test (tc, test_routing_misuse);
  suite_add_tcase (s, tc);
  return s;
}
