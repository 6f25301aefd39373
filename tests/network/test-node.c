/* cns — tests of nodes, the node list, containers and handler dispatch.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-prefetch.h"
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

START_TEST (test_node_ids_and_list)
{
  g_autoptr (CnsNodeContainer) c = cns_node_container_new ();
  g_autoptr (CnsNodeContainer) all = NULL;
  g_autoptr (CnsNode) extra = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) found = NULL;

  cns_node_container_create (c, 3);
  cns_node_container_create_with_system_id (c, 2, 7);
  ck_assert_uint_eq (cns_node_container_get_n (c), 5);
  for (guint32 i = 0; i < 5; i++)
    {
      CnsNode *n = cns_node_container_get (c, i);

      ck_assert_uint_eq (cns_node_get_id (n), i);
      ck_assert_uint_eq (cns_node_get_system_id (n), i < 3 ? 0 : 7);
      ck_assert_ptr_eq (cns_node_list_get_node (i), n);
    }
  extra = cns_node_new ();
  ck_assert_uint_eq (cns_node_get_id (extra), 5);
  ck_assert_uint_eq (cns_node_list_get_n_nodes (), 6);
  ck_assert_ptr_null (cns_node_list_get_node (6));

  all = cns_node_container_new_global ();
  ck_assert_uint_eq (cns_node_container_get_n (all), 6);
  cns_node_container_add_container (all, c);
  ck_assert_uint_eq (cns_node_container_get_n (all), 11);

  found = cns_config_lookup ("/NodeList/[3-4]", &error);
  ck_assert_uint_eq (found->len, 2);
  ck_assert (cns_config_set ("/NodeList/1/SystemId", "3", &error) == FALSE);
  ck_assert_str_eq (error->message,
                    "config path '/NodeList/1/SystemId': CnsNode::SystemId "
                    "can only be set when the object is made (use "
                    "cns_config_set_default or an object factory)");
}
END_TEST

START_TEST (test_node_list_reset_by_destroy)
{
  g_autoptr (CnsNode) first = cns_node_new ();
  gpointer alive = first;

  g_object_add_weak_pointer (G_OBJECT (first), &alive);
  ck_assert_uint_eq (cns_node_get_id (first), 0);
  cns_simulator_destroy ();
  /* the list let go of it and disposed it; ours keeps it allocated */
  ck_assert_uint_eq (cns_node_list_get_n_nodes (), 0);
  {
    g_autoptr (CnsNode) next = cns_node_new ();

    ck_assert_uint_eq (cns_node_get_id (next), 0);
  }
}
END_TEST

/* Initialization: nodes initialize their devices at the start of the run,
 * in their own context. */
static guint32 initialized_context;

static void
on_probe (gpointer obj, gpointer data)
{
  initialized_context = cns_simulator_get_context ();
}

START_TEST (test_node_initialized_at_start)
{
  g_autoptr (CnsNode) a = cns_node_new ();
  g_autoptr (CnsNode) b = cns_node_new ();

  ck_assert (!cns_object_is_initialized (CNS_OBJECT (b)));
  initialized_context = CNS_CONTEXT_NONE;
  cns_simulator_schedule_with_context (1, 0, on_probe, NULL, NULL);
  cns_simulator_run ();
  ck_assert (cns_object_is_initialized (CNS_OBJECT (a)));
  ck_assert (cns_object_is_initialized (CNS_OBJECT (b)));
  ck_assert_uint_eq (initialized_context, 1);
}
END_TEST

/* A node hints its protocols (its aggregate) when it starts: a node with
 * a few devices after them, a hub with many devices before them, which
 * would otherwise fill its hint budget. */
static void
check_aggregate_hinted (guint n_links)
{
  g_autoptr (CnsNode) hub = cns_node_new ();
  g_autoptr (CnsQueue) protocol = cns_drop_tail_queue_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (GPtrArray) leaves
      = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) links = g_ptr_array_new_with_free_func (
      (GDestroyNotify) cns_net_device_container_unref);

  cns_object_aggregate (CNS_OBJECT (hub), CNS_OBJECT (protocol));
  for (guint i = 0; i < n_links; i++)
    {
      CnsNode *leaf = cns_node_new ();

      g_ptr_array_add (leaves, leaf);
      g_ptr_array_add (links,
                       cns_point_to_point_helper_install (p2p, hub, leaf));
    }
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();
  ck_assert_uint_eq (cns_node_get_n_devices (hub), n_links);
  ck_assert (cns_prefetch_hint_contains (cns_node_get_id (hub), protocol));
  ck_assert (cns_prefetch_hint_contains (cns_node_get_id (hub),
                                         cns_node_get_device (hub, 0)));
}

START_TEST (test_node_hints_protocols)
{
  check_aggregate_hinted (2);
  cns_simulator_destroy ();
  check_aggregate_hinted (40);
}
END_TEST

/* Dispatch: node 1 has two links, to node 0 and node 2. */
typedef struct
{
  guint any, ipv4_only, from_first, promisc;
  guint promisc_types;
} Seen;

static void
on_any (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
        const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
        gpointer user_data)
{
  ((Seen *) user_data)->any++;
  cns_packet_unref (packet);
}

static void
on_ipv4 (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
         const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
         gpointer user_data)
{
  ck_assert_uint_eq (protocol, 0x0800);
  ((Seen *) user_data)->ipv4_only++;
  cns_packet_unref (packet);
}

static void
on_first_device (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
                 const CnsAddress *from, const CnsAddress *to,
                 CnsPacketType type, gpointer user_data)
{
  ck_assert_uint_eq (cns_net_device_get_ifindex (device), 0);
  ((Seen *) user_data)->from_first++;
  cns_packet_unref (packet);
}

static void
on_promisc (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
            const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
            gpointer user_data)
{
  Seen *seen = user_data;
  CnsAddress own;

  seen->promisc++;
  seen->promisc_types |= 1u << type;
  cns_net_device_get_address (device, &own);
  ck_assert (cns_address_equal (to, &own));
  cns_packet_unref (packet);
}

static void
send_one (gpointer obj, gpointer data)
{
  CnsAddress dest;

  cns_net_device_get_broadcast (obj, &dest);
  cns_net_device_send (obj, cns_packet_new (64), &dest,
                       (guint16) GPOINTER_TO_UINT (data));
}

START_TEST (test_node_protocol_dispatch)
{
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsNetDeviceContainer) d01 = NULL;
  g_autoptr (CnsNetDeviceContainer) d21 = NULL;
  CnsNode *hub;
  Seen seen = { 0 };

  cns_node_container_create (nodes, 3);
  hub = cns_node_container_get (nodes, 1);
  d01 = cns_point_to_point_helper_install (helper, hub,
                                           cns_node_container_get (nodes, 0));
  d21 = cns_point_to_point_helper_install (helper, hub,
                                           cns_node_container_get (nodes, 2));
  ck_assert_uint_eq (cns_node_get_n_devices (hub), 2);
  ck_assert_ptr_eq (cns_node_get_device (hub, 1),
                    cns_net_device_container_get (d21, 0));

  cns_node_register_protocol_handler (hub, on_any, &seen, 0, NULL, FALSE);
  cns_node_register_protocol_handler (hub, on_ipv4, &seen, 0x0800, NULL, FALSE);
  cns_node_register_protocol_handler (hub, on_first_device, &seen, 0,
                                      cns_node_get_device (hub, 0), FALSE);
  cns_node_register_protocol_handler (hub, on_promisc, &seen, 0, NULL, TRUE);
  ck_assert (cns_net_device_is_promiscuous (cns_node_get_device (hub, 1)));

  /* node 0 sends IPv4 and another protocol; node 2 sends IPv4 */
  cns_simulator_schedule_with_context (0, 0, send_one,
                                       cns_net_device_container_get (d01, 1),
                                       GUINT_TO_POINTER (0x0800));
  cns_simulator_schedule_with_context (0, 0, send_one,
                                       cns_net_device_container_get (d01, 1),
                                       GUINT_TO_POINTER (0x88b5));
  cns_simulator_schedule_with_context (2, 0, send_one,
                                       cns_net_device_container_get (d21, 1),
                                       GUINT_TO_POINTER (0x0800));
  cns_simulator_run ();
  ck_assert_uint_eq (seen.any, 3);
  ck_assert_uint_eq (seen.ipv4_only, 2);
  ck_assert_uint_eq (seen.from_first, 2);
  ck_assert_uint_eq (seen.promisc, 3);
  ck_assert_uint_eq (seen.promisc_types, 1u << CNS_PACKET_HOST);

  cns_node_unregister_protocol_handler (hub, on_promisc, &seen);
  ck_assert (!cns_net_device_is_promiscuous (cns_node_get_device (hub, 1)));
}
END_TEST

START_TEST (test_node_bad_calls)
{
  g_autoptr (CnsNode) a = cns_node_new ();
  g_autoptr (CnsNode) b = cns_node_new ();
  g_autoptr (CnsPointToPointNetDevice) dev
      = cns_point_to_point_net_device_new ();

  ck_assert_uint_eq (cns_node_add_device (a, CNS_NET_DEVICE (dev)), 0);
  CNS_TEST_EXPECT_CRITICAL ("*get_node (device) == NULL*",
                            cns_node_add_device (b, CNS_NET_DEVICE (dev)));
  CNS_TEST_EXPECT_CRITICAL (
      "*get_node (device) == self*",
      cns_node_register_protocol_handler (b, on_any, NULL, 0,
                                          CNS_NET_DEVICE (dev), FALSE));
  ck_assert_ptr_null (cns_node_get_device (a, 1));
  ck_assert_ptr_null (cns_node_get_application (a, 0));
}
END_TEST

/* The least application: CnsApplication is abstract. */
typedef CnsApplication TestNodeApp;
typedef CnsApplicationClass TestNodeAppClass;
GType test_node_app_get_type (void);
G_DEFINE_TYPE (TestNodeApp, test_node_app, CNS_TYPE_APPLICATION)

static void
test_node_app_class_init (TestNodeAppClass *klass)
{
}

static void
test_node_app_init (TestNodeApp *self)
{
}

START_TEST (test_node_applications)
{
  g_autoptr (CnsNode) n = cns_node_new ();
  g_autoptr (CnsApplication) app
      = cns_object_new (test_node_app_get_type (), NULL);

  /* installing adds it to the node's list */
  ck_assert_uint_eq (cns_application_install (app, n), 0);
  ck_assert_uint_eq (cns_node_get_n_applications (n), 1);
  ck_assert_ptr_eq (cns_node_get_application (n, 0), app);
  cns_simulator_run ();
  /* applications start with their node */
  ck_assert (cns_object_is_initialized (CNS_OBJECT (app)));
}
END_TEST

Suite *
test_node_suite (void)
{
  Suite *s = suite_create ("node");
  TCase *tc = tcase_create ("node");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_node_ids_and_list);
  tcase_add_test (tc, test_node_list_reset_by_destroy);
  tcase_add_test (tc, test_node_initialized_at_start);
  if (CNS_TEST_HEAP_IS_COMPACT)
    tcase_add_test (tc, test_node_hints_protocols);
  tcase_add_test (tc, test_node_protocol_dispatch);
  tcase_add_test (tc, test_node_bad_calls);
  tcase_add_test (tc, test_node_applications);
  suite_add_tcase (s, tc);
  return s;
}
