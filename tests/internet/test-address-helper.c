/* cns — tests of the IPv4 address helper, the interface container and the
 * internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

/* The addresses of @n consecutive new_address() calls, as text. */
static gchar *
hand_out (CnsIpv4AddressHelper *helper, guint n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      CnsIpv4Address a;
      gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE];

      ck_assert (cns_ipv4_address_helper_new_address (helper, &a, NULL));
      cns_ipv4_address_format (a, buf);
      g_string_append_printf (out, "%s%s", i ? " " : "", buf);
    }
  return g_string_free (out, FALSE);
}

START_TEST (test_address_helper_sequence)
{
  g_autoptr (CnsIpv4AddressHelper) h = cns_ipv4_address_helper_new ();
  g_autofree gchar *first = NULL;
  g_autofree gchar *second = NULL;
  g_autofree gchar *based = NULL;

  ck_assert (cns_ipv4_address_helper_set_base (h, "10.1.1.0", "255.255.255.0",
                                               NULL, NULL));
  first = hand_out (h, 3);
  ck_assert_str_eq (first, "10.1.1.1 10.1.1.2 10.1.1.3");
  cns_ipv4_address_helper_new_network (h);
  second = hand_out (h, 2);
  ck_assert_str_eq (second, "10.1.2.1 10.1.2.2");
  ck_assert (cns_ipv4_address_helper_set_base (h, "192.168.0.0", "/16",
                                               "0.0.1.250", NULL));
  based = hand_out (h, 8);
  ck_assert_str_eq (based, "192.168.1.250 192.168.1.251 192.168.1.252 "
                           "192.168.1.253 192.168.1.254 192.168.1.255 "
                           "192.168.2.0 192.168.2.1");
}
END_TEST

START_TEST (test_address_helper_rfc3021)
{
  g_autoptr (CnsIpv4AddressHelper) h = cns_ipv4_address_helper_new ();
  g_autoptr (GError) error = NULL;
  g_autofree gchar *links = NULL;
  CnsIpv4Address a;

  /* A /31 gives both of its addresses; each new network is the next /31. */
  ck_assert (
      cns_ipv4_address_helper_set_base (h, "10.0.0.0", "/31", NULL, NULL));
  links = hand_out (h, 2);
  ck_assert_str_eq (links, "10.0.0.0 10.0.0.1");
  ck_assert (!cns_ipv4_address_helper_new_address (h, &a, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_EXHAUSTED);
  ck_assert_ptr_nonnull (strstr (error->message, "10.0.0.0/31"));
  cns_ipv4_address_helper_new_network (h);
  g_clear_pointer (&links, g_free);
  links = hand_out (h, 2);
  ck_assert_str_eq (links, "10.0.0.2 10.0.0.3");
  /* A /32 has its one address. */
  ck_assert (
      cns_ipv4_address_helper_set_base (h, "10.9.9.9", "/32", NULL, NULL));
  ck_assert (cns_ipv4_address_helper_new_address (h, &a, NULL));
  ck_assert_uint_eq (a.value, 0x0a090909);
}
END_TEST

START_TEST (test_address_helper_errors)
{
  g_autoptr (CnsIpv4AddressHelper) h = cns_ipv4_address_helper_new ();
  g_autoptr (GError) error = NULL;
  CnsIpv4Address a;
  g_autofree gchar *all = NULL;

  ck_assert (!cns_ipv4_address_helper_new_address (h, &a, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert (
      !cns_ipv4_address_helper_set_base (h, "10.1.1.7", "/24", NULL, &error));
  ck_assert_str_eq (error->message,
                    "network 10.1.1.7 has host bits set under mask /24");
  g_clear_error (&error);
  ck_assert (
      !cns_ipv4_address_helper_set_base (h, "10.1.1", "/24", NULL, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_PARSE);
  g_clear_error (&error);
  ck_assert (!cns_ipv4_address_helper_set_base (h, "10.1.1.0", "/24",
                                                "0.0.0.255", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_INVALID);
  g_clear_error (&error);

  /* A /30 has hosts .1 and .2; the third request fails and names it. */
  ck_assert (
      cns_ipv4_address_helper_set_base (h, "10.1.1.4", "/30", NULL, NULL));
  all = hand_out (h, 2);
  ck_assert_str_eq (all, "10.1.1.5 10.1.1.6");
  ck_assert (!cns_ipv4_address_helper_new_address (h, &a, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_EXHAUSTED);
  ck_assert_str_eq (error->message,
                    "network 10.1.1.4/30 has no addresses left (2 handed "
                    "out); call cns_ipv4_address_helper_new_network() or set "
                    "a new base");
  g_clear_error (&error);
  /* new_network() past the end of the address space stops there. */
  ck_assert (
      cns_ipv4_address_helper_set_base (h, "255.255.255.0", "/24", NULL, NULL));
  cns_ipv4_address_helper_new_network (h);
  ck_assert (!cns_ipv4_address_helper_new_address (h, &a, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_EXHAUSTED);
}
END_TEST

START_TEST (test_address_helper_assign)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) ab = NULL;
  g_autoptr (CnsNetDeviceContainer) bc = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_ab = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_bc = NULL;
  g_autoptr (GError) error = NULL;
  CnsIpv4L3Protocol *ipv4_b;
  CnsIpv4InterfaceAddress ia;

  cns_node_container_create (nodes, 3);
  ab = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 0),
                                          cns_node_container_get (nodes, 1));
  bc = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 1),
                                          cns_node_container_get (nodes, 2));

  /* Devices of nodes without a stack are refused, naming the node. */
  ck_assert (cns_ipv4_address_helper_set_base (address, "10.1.1.0", "/24", NULL,
                                               NULL));
  ck_assert_ptr_null (cns_ipv4_address_helper_assign (address, ab, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_NOT_FOUND);
  ck_assert_ptr_nonnull (strstr (error->message, "node 0"));
  g_clear_error (&error);

  ck_assert (cns_internet_stack_helper_install_container (stack, nodes, NULL));
  ck_assert (!cns_internet_stack_helper_install (
      stack, cns_node_container_get (nodes, 2), &error));
  ck_assert_str_eq (error->message,
                    "node 2 already has an IPv4 stack; install it once");
  g_clear_error (&error);

  ck_assert (cns_ipv4_address_helper_set_base (address, "10.1.1.0", "/24", NULL,
                                               NULL));
  i_ab = cns_ipv4_address_helper_assign (address, ab, &error);
  ck_assert_ptr_nonnull (i_ab);
  cns_ipv4_address_helper_new_network (address);
  i_bc = cns_ipv4_address_helper_assign (address, bc, &error);
  ck_assert_ptr_nonnull (i_bc);

  ck_assert_uint_eq (cns_ipv4_interface_container_get_n (i_ab), 2);
  ck_assert_uint_eq (
      cns_ipv4_interface_container_get_address (i_ab, 0, 0).value, 0x0a010101);
  ck_assert_uint_eq (
      cns_ipv4_interface_container_get_address (i_ab, 1, 0).value, 0x0a010102);
  ck_assert_uint_eq (
      cns_ipv4_interface_container_get_address (i_bc, 0, 0).value, 0x0a010201);
  ck_assert_uint_eq (
      cns_ipv4_interface_container_get_address (i_bc, 1, 0).value, 0x0a010202);

  /* Node 1 has the loopback and one interface per device, each up with its
   * address, mask and metric 1. */
  ipv4_b = cns_object_get (cns_node_container_get (nodes, 1),
                           CNS_TYPE_IPV4_L3_PROTOCOL);
  ck_assert_ptr_eq (cns_ipv4_interface_container_get_ipv4 (i_ab, 1), ipv4_b);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_interfaces (ipv4_b), 3);
  ck_assert_uint_eq (cns_ipv4_interface_container_get_interface (i_bc, 0),
                     cns_ipv4_l3_protocol_get_interface_for_device (
                         ipv4_b, cns_net_device_container_get (bc, 0)));
  ia = cns_ipv4_l3_protocol_get_address (
      ipv4_b, cns_ipv4_interface_container_get_interface (i_bc, 0), 0);
  ck_assert_uint_eq (ia.local.value, 0x0a010201);
  ck_assert_uint_eq (ia.mask.value, 0xffffff00);
  ck_assert_uint_eq (ia.broadcast.value, 0x0a0102ff);
  ck_assert (cns_ipv4_l3_protocol_is_up (
      ipv4_b, cns_ipv4_interface_container_get_interface (i_bc, 0)));
  ck_assert_uint_eq (
      cns_ipv4_l3_protocol_get_metric (
          ipv4_b, cns_ipv4_interface_container_get_interface (i_bc, 0)),
      1);
  cns_ipv4_interface_container_set_metric (i_bc, 0, 7);
  ck_assert_uint_eq (
      cns_ipv4_l3_protocol_get_metric (
          ipv4_b, cns_ipv4_interface_container_get_interface (i_bc, 0)),
      7);

  /* The stack put ICMP and UDP next to IPv4, and a static routing inside
   * the default list routing. */
  ck_assert_ptr_nonnull (cns_ipv4_l3_protocol_get_l4_protocol (ipv4_b, 1));
  ck_assert_ptr_nonnull (cns_ipv4_l3_protocol_get_l4_protocol (ipv4_b, 17));
  ck_assert (CNS_IS_IPV4_LIST_ROUTING (
      cns_ipv4_l3_protocol_get_routing_protocol (ipv4_b)));
  ck_assert_ptr_nonnull (cns_ipv4_static_routing_find (ipv4_b));

  /* Containers join; one joined to itself doubles. */
  {
    g_autoptr (CnsIpv4InterfaceContainer) all
        = cns_ipv4_interface_container_new ();

    cns_ipv4_interface_container_add_container (all, i_ab);
    cns_ipv4_interface_container_add_container (all, i_bc);
    cns_ipv4_interface_container_add_container (all, all);
    ck_assert_uint_eq (cns_ipv4_interface_container_get_n (all), 8);
    for (guint32 i = 0; i < 8; i++)
      ck_assert_uint_eq (
          cns_ipv4_interface_container_get_address (all, i, 0).value,
          cns_ipv4_interface_container_get_address (
              i < 2 || (i >= 4 && i < 6) ? i_ab : i_bc, i % 2, 0)
              .value);
  }

  /* Out-of-range entries are programmer errors. */
  CNS_TEST_EXPECT_CRITICAL (
      "*index 2 is out of range*",
      ck_assert_uint_eq (
          cns_ipv4_interface_container_get_address (i_ab, 2, 0).value, 0));
  CNS_TEST_EXPECT_CRITICAL (
      "*has no address 1*",
      ck_assert_uint_eq (
          cns_ipv4_interface_container_get_address (i_ab, 0, 1).value, 0));
}
END_TEST

/* Two helpers with the same base on different links would give two nodes
 * the same address: the second assignment fails, naming the address and
 * both nodes, and leaves the device it failed on as it was. */
START_TEST (test_address_helper_collision)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) first = cns_ipv4_address_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) second = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) ab = NULL;
  g_autoptr (CnsNetDeviceContainer) ab2 = NULL;
  g_autoptr (CnsNetDeviceContainer) cd = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_ab = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_cd = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) none = NULL;
  g_autoptr (GError) error = NULL;
  CnsIpv4L3Protocol *ipv4_c;

  cns_node_container_create (nodes, 4);
  ck_assert (cns_internet_stack_helper_install_container (stack, nodes, NULL));
  ab = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 0),
                                          cns_node_container_get (nodes, 1));
  ab2 = cns_point_to_point_helper_install (p2p,
                                           cns_node_container_get (nodes, 0),
                                           cns_node_container_get (nodes, 1));
  cd = cns_point_to_point_helper_install (p2p,
                                          cns_node_container_get (nodes, 2),
                                          cns_node_container_get (nodes, 3));
  ck_assert (
      cns_ipv4_address_helper_set_base (first, "10.1.1.0", "/24", NULL, NULL));
  ck_assert (
      cns_ipv4_address_helper_set_base (second, "10.1.1.0", "/24", NULL, NULL));
  i_ab = cns_ipv4_address_helper_assign (first, ab, &error);
  ck_assert_ptr_nonnull (i_ab);

  none = cns_ipv4_address_helper_assign (second, cd, &error);
  ck_assert_ptr_null (none);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_IN_USE);
  ck_assert_str_eq (error->message,
                    "10.1.1.1 is already assigned to node 0 interface 1; "
                    "cannot assign it to node 2 interface 1");
  g_clear_error (&error);
  ipv4_c = cns_object_get (cns_node_container_get (nodes, 2),
                           CNS_TYPE_IPV4_L3_PROTOCOL);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_interfaces (ipv4_c), 1);

  /* the same addresses on a second link between the same nodes */
  ck_assert (
      cns_ipv4_address_helper_set_base (second, "10.1.1.0", "/24", NULL, NULL));
  none = cns_ipv4_address_helper_assign (second, ab2, &error);
  ck_assert_ptr_null (none);
  CNS_TEST_ASSERT_ERROR (error, CNS_INTERNET_ERROR_ADDRESS_IN_USE);
  ck_assert_str_eq (error->message,
                    "10.1.1.1 is already assigned to node 0 interface 1; "
                    "cannot assign it to node 0 interface 2 as well (an "
                    "address belongs to one interface)");
  g_clear_error (&error);

  /* the next network is free */
  cns_ipv4_address_helper_new_network (second);
  i_cd = cns_ipv4_address_helper_assign (second, cd, &error);
  ck_assert_ptr_nonnull (i_cd);
  ck_assert_uint_eq (
      cns_ipv4_interface_container_get_address (i_cd, 0, 0).value, 0x0a010201);
  ck_assert_uint_eq (cns_ipv4_l3_protocol_get_n_interfaces (ipv4_c), 2);
}
END_TEST

START_TEST (test_stack_helper_routing_choice)
{
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4StaticRoutingHelper) static_only
      = cns_ipv4_static_routing_helper_new ();
  g_autoptr (CnsIpv4ListRoutingHelper) list
      = cns_ipv4_list_routing_helper_new ();
  g_autoptr (CnsNode) a = cns_node_new ();
  g_autoptr (CnsNode) b = cns_node_new ();
  CnsIpv4L3Protocol *ipv4;
  CnsIpv4ListRouting *installed;
  gint16 priority;

  cns_internet_stack_helper_set_routing_helper (
      stack, CNS_IPV4_ROUTING_HELPER (static_only));
  ck_assert (cns_internet_stack_helper_install (stack, a, NULL));
  ipv4 = cns_object_get (a, CNS_TYPE_IPV4_L3_PROTOCOL);
  ck_assert (CNS_IS_IPV4_STATIC_ROUTING (
      cns_ipv4_l3_protocol_get_routing_protocol (ipv4)));

  /* Two static tables stacked at priorities 5 and -3. */
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (static_only),
                                    -3);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (static_only),
                                    5);
  cns_internet_stack_helper_set_routing_helper (stack,
                                                CNS_IPV4_ROUTING_HELPER (list));
  ck_assert (cns_internet_stack_helper_install (stack, b, NULL));
  ipv4 = cns_object_get (b, CNS_TYPE_IPV4_L3_PROTOCOL);
  installed = CNS_IPV4_LIST_ROUTING (
      cns_ipv4_l3_protocol_get_routing_protocol (ipv4));
  ck_assert_uint_eq (cns_ipv4_list_routing_get_n_routing_protocols (installed),
                     2);
  ck_assert (CNS_IS_IPV4_STATIC_ROUTING (
      cns_ipv4_list_routing_get_routing_protocol (installed, 0, &priority)));
  ck_assert_int_eq (priority, 5);
  cns_ipv4_list_routing_get_routing_protocol (installed, 1, &priority);
  ck_assert_int_eq (priority, -3);
}
END_TEST

Suite *
test_address_helper_suite (void)
{
  Suite *s = suite_create ("address-helper");
  TCase *tc = tcase_create ("address-helper");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_address_helper_sequence);
  tcase_add_test (tc, test_address_helper_rfc3021);
  tcase_add_test (tc, test_address_helper_errors);
  tcase_add_test (tc, test_address_helper_assign);
  tcase_add_test (tc, test_address_helper_collision);
  tcase_add_test (tc, test_stack_helper_routing_choice);
  suite_add_tcase (s, tc);
  return s;
}
