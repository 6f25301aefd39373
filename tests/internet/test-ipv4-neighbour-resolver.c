/* cns — tests of IPv4's neighbour-resolution hook.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A node H with an IPv4 stack has a test device that needs ARP
 * (interface 1, 10.1.1.1/24) and a point-to-point link to a peer P
 * (interface 2, 10.2.2.2/24; P is 10.2.2.1/24 and routes by default
 * through H). A test resolver on interface 1 knows the link addresses of
 * 10.1.1.7 and of the gateway 10.1.1.254, and records what it is asked.
 */
#include "internet/ipv4-fixtures.h"
#include "internet/suites.h"

#include <string.h>

#define A(text) cns_ipv4_address_from_string (text)

/* ---- a device that needs ARP and records what it is given ---- */

typedef struct
{
  CnsAddress dest;
  guint16 protocol;
  GBytes *bytes;
} TestFrame;

#define TEST_TYPE_ARP_DEVICE (test_arp_device_get_type ())
G_DECLARE_FINAL_TYPE (TestArpDevice, test_arp_device, TEST, ARP_DEVICE,
                      CnsNetDevice)

struct _TestArpDevice
{
  CnsNetDevice parent_instance;

  GArray *frames; /* TestFrame */
};

G_DEFINE_FINAL_TYPE (TestArpDevice, test_arp_device, CNS_TYPE_NET_DEVICE)

static gboolean
test_arp_device_send (CnsNetDevice *device, CnsPacket *packet,
                      const CnsAddress *dest, guint16 protocol)
{
  TestArpDevice *self = TEST_ARP_DEVICE (device);
  guint32 size = cns_packet_get_size (packet);
  guint8 *bytes = g_malloc (size);
  TestFrame frame = { *dest, protocol, NULL };

  cns_packet_copy_data (packet, 0, bytes, size);
  frame.bytes = g_bytes_new_take (bytes, size);
  g_array_append_val (self->frames, frame);
  cns_packet_unref (packet);
  return TRUE;
}

static CnsChannel *
test_arp_device_get_channel (CnsNetDevice *device)
{
  return NULL;
}

static void
test_arp_device_get_broadcast (CnsNetDevice *device, CnsAddress *out)
{
  CnsMac48Address broadcast = cns_mac48_address_get_broadcast ();

  cns_mac48_address_to_address (&broadcast, out);
}

static void
test_frame_clear (gpointer data)
{
  g_bytes_unref (((TestFrame *) data)->bytes);
}

static void
test_arp_device_finalize (GObject *object)
{
  g_array_unref (TEST_ARP_DEVICE (object)->frames);
  G_OBJECT_CLASS (test_arp_device_parent_class)->finalize (object);
}

static void
test_arp_device_class_init (TestArpDeviceClass *klass)
{
  CnsNetDeviceClass *device_class = CNS_NET_DEVICE_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = test_arp_device_finalize;
  device_class->send = test_arp_device_send;
  device_class->get_channel = test_arp_device_get_channel;
  device_class->get_broadcast = test_arp_device_get_broadcast;
}

static void
test_arp_device_init (TestArpDevice *self)
{
  CnsNetDevice *device = CNS_NET_DEVICE (self);

  self->frames = g_array_new (FALSE, FALSE, sizeof (TestFrame));
  g_array_set_clear_func (self->frames, test_frame_clear);
  cns_net_device_set_flags (device, CNS_NET_DEVICE_BROADCAST
                                        | CNS_NET_DEVICE_MULTICAST
                                        | CNS_NET_DEVICE_NEEDS_ARP);
  cns_net_device_set_mtu (device, 1500);
  cns_net_device_set_link_up (device, TRUE);
}

static const TestFrame *
frame_at (TestArpDevice *device, guint i)
{
  ck_assert_uint_gt (device->frames->len, i);
  return &g_array_index (device->frames, TestFrame, i);
}

static const guint8 *
frame_bytes (const TestFrame *frame)
{
  return g_bytes_get_data (frame->bytes, NULL);
}

/* ---- a resolver with a small table ---- */

typedef struct
{
  CnsIpv4Address next_hop;
  CnsAddress address;
} TestNeighbour;

typedef struct
{
  CnsNetDevice *device;
  CnsIpv4Address next_hop;
  CnsPacket *packet;
} TestPending;

typedef struct
{
  CnsNetDevice *device;
  CnsIpv4Address next_hop;
} TestAsked;

#define TEST_TYPE_RESOLVER (test_resolver_get_type ())
G_DECLARE_FINAL_TYPE (TestResolver, test_resolver, TEST, RESOLVER, GObject)

struct _TestResolver
{
  GObject parent_instance;

  GArray *table;    /* TestNeighbour */
  gboolean pending; /* queue everything, to send on test_resolver_flush() */
  GArray *queue;    /* TestPending */
  GArray *asked;    /* TestAsked, one per call */
};

static void test_resolver_iface_init (CnsIpv4NeighbourResolverInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (
    TestResolver, test_resolver, G_TYPE_OBJECT,
    G_IMPLEMENT_INTERFACE (CNS_TYPE_IPV4_NEIGHBOUR_RESOLVER,
                           test_resolver_iface_init))

static const CnsAddress *
test_resolver_lookup (TestResolver *self, CnsIpv4Address next_hop)
{
  for (guint i = 0; i < self->table->len; i++)
    {
      TestNeighbour *n = &g_array_index (self->table, TestNeighbour, i);

      if (n->next_hop.value == next_hop.value)
        return &n->address;
    }
  return NULL;
}

static CnsIpv4NeighbourResult
test_resolver_resolve (CnsIpv4NeighbourResolver *resolver, CnsNetDevice *device,
                       CnsIpv4Address next_hop, CnsPacket *packet,
                       CnsAddress *out)
{
  TestResolver *self = TEST_RESOLVER (resolver);
  TestAsked asked = { device, next_hop };
  const CnsAddress *address;

  g_array_append_val (self->asked, asked);
  if (self->pending)
    {
      TestPending p = { g_object_ref (device), next_hop, packet };

      g_array_append_val (self->queue, p);
      return CNS_IPV4_NEIGHBOUR_PENDING;
    }
  address = test_resolver_lookup (self, next_hop);
  if (address == NULL)
    return CNS_IPV4_NEIGHBOUR_UNREACHABLE;
  *out = *address;
  return CNS_IPV4_NEIGHBOUR_RESOLVED;
}

static void
test_resolver_iface_init (CnsIpv4NeighbourResolverInterface *iface)
{
  iface->resolve = test_resolver_resolve;
}

static void
test_pending_clear (gpointer data)
{
  TestPending *p = data;

  g_clear_object (&p->device);
  g_clear_pointer (&p->packet, cns_packet_unref);
}

static void
test_resolver_finalize (GObject *object)
{
  TestResolver *self = TEST_RESOLVER (object);

  g_array_unref (self->table);
  g_array_unref (self->queue);
  g_array_unref (self->asked);
  G_OBJECT_CLASS (test_resolver_parent_class)->finalize (object);
}

static void
test_resolver_class_init (TestResolverClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_resolver_finalize;
}

static void
test_resolver_init (TestResolver *self)
{
  self->table = g_array_new (FALSE, FALSE, sizeof (TestNeighbour));
  self->queue = g_array_new (FALSE, FALSE, sizeof (TestPending));
  g_array_set_clear_func (self->queue, test_pending_clear);
  self->asked = g_array_new (FALSE, FALSE, sizeof (TestAsked));
}

/* 02:00:00:00:00:@last, a locally administered unicast address. */
static CnsAddress
mac (guint8 last)
{
  CnsMac48Address m = { { 0x02, 0, 0, 0, 0, last } };
  CnsAddress out;

  cns_mac48_address_to_address (&m, &out);
  return out;
}

static void
test_resolver_add (TestResolver *self, const gchar *next_hop, guint8 last)
{
  TestNeighbour n = { A (next_hop), mac (last) };

  g_array_append_val (self->table, n);
}

/* Sends what was queued, in order, to the addresses the table now gives;
 * drops what it still cannot resolve. Returns: how many were sent. */
static guint
test_resolver_flush (TestResolver *self)
{
  guint sent = 0;

  for (guint i = 0; i < self->queue->len; i++)
    {
      TestPending *p = &g_array_index (self->queue, TestPending, i);
      const CnsAddress *address = test_resolver_lookup (self, p->next_hop);

      if (address == NULL)
        continue;
      ck_assert (cns_net_device_send (p->device, g_steal_pointer (&p->packet),
                                      address, CNS_ETHER_TYPE_IPV4));
      sent++;
    }
  g_array_set_size (self->queue, 0);
  return sent;
}

static const TestAsked *
asked_at (TestResolver *resolver, guint i)
{
  ck_assert_uint_gt (resolver->asked->len, i);
  return &g_array_index (resolver->asked, TestAsked, i);
}

/* ---- the network ---- */

typedef struct
{
  Stack h, p;
  CnsNetDeviceContainer *hp;
  TestArpDevice *device; /* interface 1 of H */
  TestResolver *resolver;
  L3Counts counts; /* of H */
} Net;

static Net net;

/* Builds the network and sets the resolver on interface 1. */
static void
net_build (void)
{
  g_autoptr (CnsNode) h = cns_node_new ();
  g_autoptr (CnsNode) p = cns_node_new ();

  net.hp = link_nodes (h, p, "8Mbps", "1ms");
  stack_install (&net.h, h);
  stack_install (&net.p, p);
  net.device = g_object_new (TEST_TYPE_ARP_DEVICE, NULL);
  cns_node_add_device (h, CNS_NET_DEVICE (net.device));
  ck_assert_uint_eq (
      stack_add_interface (&net.h, CNS_NET_DEVICE (net.device), "10.1.1.1", 24),
      1);
  ck_assert_uint_eq (
      stack_add_interface (&net.h, cns_net_device_container_get (net.hp, 0),
                           "10.2.2.2", 24),
      2);
  ck_assert_uint_eq (
      stack_add_interface (&net.p, cns_net_device_container_get (net.hp, 1),
                           "10.2.2.1", 24),
      1);
  cns_ipv4_static_routing_set_default_route (net.p.routing, A ("10.2.2.2"), 1,
                                             0);
  cns_ipv4_static_routing_add_network_route (
      net.h.routing, A ("10.9.0.0"), cns_ipv4_mask_from_prefix_length (16),
      A ("10.1.1.254"), 1, 0);

  net.resolver = g_object_new (TEST_TYPE_RESOLVER, NULL);
  test_resolver_add (net.resolver, "10.1.1.7", 0x07);
  test_resolver_add (net.resolver, "10.1.1.254", 0xfe);
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (
      net.h.ipv4, 1, CNS_IPV4_NEIGHBOUR_RESOLVER (net.resolver)));
  l3_counts_connect (&net.counts, net.h.ipv4);
}

static void
teardown (void)
{
  fixtures_teardown ();
  g_clear_pointer (&net.hp, cns_net_device_container_unref);
  g_clear_object (&net.device);
  g_clear_object (&net.resolver);
  l3_counts_clear (&net.counts);
  memset (&net, 0, sizeof net);
}

/* ---- checking frames ---- */

static guint16
get16 (const guint8 *bytes)
{
  return (guint16) (bytes[0] << 8 | bytes[1]);
}

static guint32
get32 (const guint8 *bytes)
{
  return (guint32) bytes[0] << 24 | (guint32) bytes[1] << 16
         | (guint32) bytes[2] << 8 | bytes[3];
}

/* Checks that @frame went to @dest as IPv4 and carries a datagram (or
 * fragment) from @source to @destination with @ttl, @size bytes of
 * payload at 8-byte @offset, with @more_fragments; returns its payload. */
static const guint8 *
assert_datagram (const TestFrame *frame, const CnsAddress *dest,
                 const gchar *source, const gchar *destination, guint8 ttl,
                 guint32 size, guint16 offset, gboolean more_fragments)
{
  gsize n;
  const guint8 *bytes = g_bytes_get_data (frame->bytes, &n);

  ck_assert (cns_address_equal (&frame->dest, dest));
  ck_assert_uint_eq (frame->protocol, 0x0800);
  ck_assert_uint_eq (n, 20 + size);
  ck_assert_uint_eq (bytes[0], 0x45);
  ck_assert_uint_eq (get16 (bytes + 2), 20 + size);
  ck_assert_uint_eq (get16 (bytes + 6) & 0x1fff, offset);
  ck_assert_uint_eq ((get16 (bytes + 6) & 0x2000) != 0, more_fragments);
  ck_assert_uint_eq (bytes[8], ttl);
  ck_assert_uint_eq (bytes[9], TEST_PROTOCOL);
  ck_assert_uint_eq (get32 (bytes + 12), A (source).value);
  ck_assert_uint_eq (get32 (bytes + 16), A (destination).value);
  return bytes + 20;
}

/* Whether @payload holds pattern_packet (...,@seed)'s bytes from @from on,
 * @size of them. */
static void
assert_pattern (const guint8 *payload, guint32 from, guint32 size, guint8 seed)
{
  for (guint32 i = 0; i < size; i++)
    ck_assert_uint_eq (payload[i], (guint8) (seed + from + i));
}

static const TestDrop *
drop_at (guint i)
{
  ck_assert_uint_gt (net.counts.drops->len, i);
  return &g_array_index (net.counts.drops, TestDrop, i);
}

/* ---- tests ---- */

/* On a direct route the next hop is the destination itself. */
START_TEST (test_resolver_direct)
{
  CnsAddress to = mac (0x07);
  const guint8 *payload;

  net_build ();
  send_at (&net.h, cns_seconds (1), pattern_packet (100, 3), "10.1.1.7", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 1);
  ck_assert_uint_eq (asked_at (net.resolver, 0)->next_hop.value,
                     A ("10.1.1.7").value);
  ck_assert_ptr_eq (asked_at (net.resolver, 0)->device, net.device);
  ck_assert_uint_eq (net.device->frames->len, 1);
  payload = assert_datagram (frame_at (net.device, 0), &to, "10.1.1.1",
                             "10.1.1.7", 64, 100, 0, FALSE);
  assert_pattern (payload, 0, 100, 3);
  ck_assert_uint_eq (net.counts.send_outgoing, 1);
  ck_assert_uint_eq (net.counts.tx, 1);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

/* Broadcasts leaving an ARP interface go to the device's broadcast
 * address without asking the resolver, as in ns-3's Ipv4Interface. */
START_TEST (test_resolver_broadcast)
{
  CnsAddress broadcast;

  net_build ();
  send_at (&net.h, cns_seconds (1), pattern_packet (30, 1), "10.1.1.255", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 0);
  ck_assert_uint_eq (net.device->frames->len, 1);
  cns_net_device_get_broadcast (CNS_NET_DEVICE (net.device), &broadcast);
  assert_datagram (frame_at (net.device, 0), &broadcast, "10.1.1.1",
                   "10.1.1.255", 64, 30, 0, FALSE);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

/* On a gatewayed route the resolver is asked for the gateway. */
START_TEST (test_resolver_gateway)
{
  CnsAddress to = mac (0xfe);
  const guint8 *payload;

  net_build ();
  send_at (&net.h, cns_seconds (1), pattern_packet (40, 9), "10.9.3.4", 17);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 1);
  ck_assert_uint_eq (asked_at (net.resolver, 0)->next_hop.value,
                     A ("10.1.1.254").value);
  ck_assert_uint_eq (net.device->frames->len, 1);
  payload = assert_datagram (frame_at (net.device, 0), &to, "10.1.1.1",
                             "10.9.3.4", 17, 40, 0, FALSE);
  assert_pattern (payload, 0, 40, 9);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

/* What H forwards from P out of the test device is resolved for the
 * forwarding route's next hop, its TTL one lower. */
START_TEST (test_resolver_forwarding)
{
  CnsAddress gateway = mac (0xfe), direct = mac (0x07);
  const guint8 *payload;

  net_build ();
  send_at (&net.p, cns_seconds (1), pattern_packet (200, 1), "10.9.3.4", 10);
  send_at (&net.p, cns_seconds (2), pattern_packet (30, 5), "10.1.1.7", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 2);
  ck_assert_uint_eq (asked_at (net.resolver, 0)->next_hop.value,
                     A ("10.1.1.254").value);
  ck_assert_uint_eq (asked_at (net.resolver, 1)->next_hop.value,
                     A ("10.1.1.7").value);
  ck_assert_ptr_eq (asked_at (net.resolver, 1)->device, net.device);
  ck_assert_uint_eq (net.device->frames->len, 2);
  payload = assert_datagram (frame_at (net.device, 0), &gateway, "10.2.2.1",
                             "10.9.3.4", 9, 200, 0, FALSE);
  assert_pattern (payload, 0, 200, 1);
  payload = assert_datagram (frame_at (net.device, 1), &direct, "10.2.2.1",
                             "10.1.1.7", 63, 30, 0, FALSE);
  assert_pattern (payload, 0, 30, 5);
  ck_assert_uint_eq (net.counts.rx, 2);
  ck_assert_uint_eq (net.counts.unicast_forward, 2);
  ck_assert_uint_eq (net.counts.tx, 2);
  ck_assert_uint_eq (net.counts.send_outgoing, 0);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

/* A next hop without a link address: nothing leaves, one drop for the
 * interface, the header off the packet. */
START_TEST (test_resolver_unreachable)
{
  const TestDrop *drop;

  net_build ();
  send_at (&net.h, cns_seconds (1), pattern_packet (100, 0), "10.1.1.99", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 1);
  ck_assert_uint_eq (asked_at (net.resolver, 0)->next_hop.value,
                     A ("10.1.1.99").value);
  ck_assert_uint_eq (net.device->frames->len, 0);
  ck_assert_uint_eq (net.counts.drops->len, 1);
  drop = drop_at (0);
  ck_assert_int_eq (drop->reason, CNS_IPV4_DROP_NO_NEIGHBOUR);
  ck_assert_uint_eq (drop->interface, 1);
  ck_assert_uint_eq (drop->size, 100);
  ck_assert_uint_eq (drop->header.destination.value, A ("10.1.1.99").value);
  ck_assert_uint_eq (drop->header.source.value, A ("10.1.1.1").value);
  ck_assert_uint_eq (drop->header.payload_size, 100);
  ck_assert_int_eq (drop->time, cns_seconds (1));
  /* as in ns-3, Tx fires before the link address is looked for */
  ck_assert_uint_eq (net.counts.tx, 1);
}
END_TEST

/* An interface that needs ARP but has no resolver drops everything. */
START_TEST (test_resolver_none)
{
  net_build ();
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (net.h.ipv4, 1, NULL));
  send_at (&net.h, cns_seconds (1), pattern_packet (64, 0), "10.1.1.7", 0);
  send_at (&net.p, cns_seconds (2), pattern_packet (32, 0), "10.9.3.4", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 0);
  ck_assert_uint_eq (net.device->frames->len, 0);
  ck_assert_uint_eq (net.counts.drops->len, 2);
  ck_assert_uint_eq (l3_counts_drops (&net.counts, CNS_IPV4_DROP_NO_NEIGHBOUR),
                     2);
  ck_assert_uint_eq (drop_at (0)->interface, 1);
  ck_assert_uint_eq (drop_at (0)->size, 64);
  ck_assert_uint_eq (drop_at (0)->header.destination.value,
                     A ("10.1.1.7").value);
  ck_assert_uint_eq (drop_at (1)->interface, 1);
  ck_assert_uint_eq (drop_at (1)->size, 32);
  ck_assert_uint_eq (drop_at (1)->header.destination.value,
                     A ("10.9.3.4").value);
  ck_assert_uint_eq (drop_at (1)->header.ttl, 63);
}
END_TEST

/* PENDING: the resolver keeps the datagrams and sends them whole later. */
START_TEST (test_resolver_pending)
{
  CnsAddress direct = mac (0x07), gateway = mac (0xfe);
  const guint8 *payload;

  net_build ();
  net.resolver->pending = TRUE;
  send_at (&net.h, cns_seconds (1), pattern_packet (100, 2), "10.1.1.7", 0);
  send_at (&net.h, cns_seconds (2), pattern_packet (50, 4), "10.9.3.4", 0);
  cns_simulator_run ();

  ck_assert_uint_eq (net.resolver->asked->len, 2);
  ck_assert_uint_eq (asked_at (net.resolver, 0)->next_hop.value,
                     A ("10.1.1.7").value);
  ck_assert_uint_eq (asked_at (net.resolver, 1)->next_hop.value,
                     A ("10.1.1.254").value);
  ck_assert_uint_eq (net.resolver->queue->len, 2);
  ck_assert_uint_eq (net.device->frames->len, 0);
  ck_assert_uint_eq (net.counts.drops->len, 0);

  ck_assert_uint_eq (test_resolver_flush (net.resolver), 2);
  ck_assert_uint_eq (net.device->frames->len, 2);
  payload = assert_datagram (frame_at (net.device, 0), &direct, "10.1.1.1",
                             "10.1.1.7", 64, 100, 0, FALSE);
  assert_pattern (payload, 0, 100, 2);
  payload = assert_datagram (frame_at (net.device, 1), &gateway, "10.1.1.1",
                             "10.9.3.4", 64, 50, 0, FALSE);
  assert_pattern (payload, 0, 50, 4);
  ck_assert_uint_eq (net.resolver->asked->len, 2);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

static void
weak_notify_count (gpointer data, GObject *where_the_object_was)
{
  (*(guint *) data)++;
}

/* Setting, getting, refusing and removing resolvers; the layer's
 * reference. */
START_TEST (test_resolver_set_get)
{
  TestResolver *other = g_object_new (TEST_TYPE_RESOLVER, NULL);
  g_autoptr (TestArpDevice) second = g_object_new (TEST_TYPE_ARP_DEVICE, NULL);
  gpointer weak = other;
  guint finalized = 0;

  net_build ();
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 1),
                    net.resolver);
  /* the point-to-point device and the loopback need no resolution */
  CNS_TEST_EXPECT_CRITICAL (
      "*interface 2*needs no neighbour resolution*",
      ck_assert (!cns_ipv4_l3_protocol_set_neighbour_resolver (
          net.h.ipv4, 2, CNS_IPV4_NEIGHBOUR_RESOLVER (other))));
  CNS_TEST_EXPECT_CRITICAL (
      "*interface 0*needs no neighbour resolution*",
      ck_assert (!cns_ipv4_l3_protocol_set_neighbour_resolver (
          net.h.ipv4, 0, CNS_IPV4_NEIGHBOUR_RESOLVER (other))));
  CNS_TEST_EXPECT_CRITICAL (
      "*no interface 9 (the layer has 3)*",
      ck_assert (!cns_ipv4_l3_protocol_set_neighbour_resolver (
          net.h.ipv4, 9, CNS_IPV4_NEIGHBOUR_RESOLVER (other))));
  CNS_TEST_EXPECT_CRITICAL (
      "*CNS_IS_IPV4_NEIGHBOUR_RESOLVER*",
      ck_assert (!cns_ipv4_l3_protocol_set_neighbour_resolver (
          net.h.ipv4, 1, (CnsIpv4NeighbourResolver *) net.h.l4)));
  CNS_TEST_EXPECT_CRITICAL (
      "*no interface 9*",
      ck_assert_ptr_null (
          cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 9)));
  ck_assert_ptr_null (
      cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 0));
  ck_assert_ptr_null (
      cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 2));
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 1),
                    net.resolver);
  ck_assert_int_eq (G_OBJECT (other)->ref_count, 1);

  /* an interface added after the first resolver was set has none */
  cns_node_add_device (net.h.node, CNS_NET_DEVICE (second));
  ck_assert_uint_eq (
      stack_add_interface (&net.h, CNS_NET_DEVICE (second), "10.3.3.1", 24), 3);
  ck_assert_ptr_null (
      cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 3));
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (
      net.h.ipv4, 3, CNS_IPV4_NEIGHBOUR_RESOLVER (other)));
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 3),
                    other);
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 1),
                    net.resolver);

  /* replacing lets go of the old one; setting it again keeps one ref */
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (
      net.h.ipv4, 1, CNS_IPV4_NEIGHBOUR_RESOLVER (other)));
  ck_assert_int_eq (G_OBJECT (net.resolver)->ref_count, 1);
  ck_assert_int_eq (G_OBJECT (other)->ref_count, 3);
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (
      net.h.ipv4, 1, CNS_IPV4_NEIGHBOUR_RESOLVER (other)));
  ck_assert_int_eq (G_OBJECT (other)->ref_count, 3);
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (
      net.h.ipv4, 1, CNS_IPV4_NEIGHBOUR_RESOLVER (net.resolver)));
  ck_assert_int_eq (G_OBJECT (other)->ref_count, 2);

  /* NULL removes it: then NO_NEIGHBOUR */
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (net.h.ipv4, 3, NULL));
  ck_assert_ptr_null (
      cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 3));
  ck_assert_int_eq (G_OBJECT (other)->ref_count, 1);
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (net.h.ipv4, 1, NULL));
  ck_assert_ptr_null (
      cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 1));
  ck_assert_int_eq (G_OBJECT (net.resolver)->ref_count, 1);
  send_at (&net.h, cns_seconds (1), pattern_packet (10, 0), "10.1.1.7", 0);
  cns_simulator_run ();
  ck_assert_uint_eq (net.device->frames->len, 0);
  ck_assert_uint_eq (net.resolver->asked->len, 0);
  ck_assert_uint_eq (net.counts.drops->len, 1);
  ck_assert_int_eq (drop_at (0)->reason, CNS_IPV4_DROP_NO_NEIGHBOUR);
  ck_assert_uint_eq (drop_at (0)->interface, 1);
  ck_assert_uint_eq (drop_at (0)->size, 10);

  /* the layer keeps its resolver alive until the node goes */
  ck_assert (cns_ipv4_l3_protocol_set_neighbour_resolver (
      net.h.ipv4, 3, CNS_IPV4_NEIGHBOUR_RESOLVER (other)));
  g_object_add_weak_pointer (G_OBJECT (other), &weak);
  g_object_weak_ref (G_OBJECT (other), weak_notify_count, &finalized);
  g_object_unref (other);
  ck_assert_ptr_nonnull (weak);
  ck_assert_uint_eq (finalized, 0);
  ck_assert_ptr_eq (cns_ipv4_l3_protocol_get_neighbour_resolver (net.h.ipv4, 3),
                    weak);
  cns_simulator_destroy ();
  ck_assert_ptr_null (weak);
  ck_assert_uint_eq (finalized, 1);
}
END_TEST

/* Every fragment of a datagram is resolved for the same next hop. */
START_TEST (test_resolver_fragments)
{
  CnsAddress to = mac (0xfe);
  const guint8 *payload;
  guint16 id;

  net_build ();
  ck_assert (cns_net_device_set_mtu (CNS_NET_DEVICE (net.device), 576));
  send_at (&net.h, cns_seconds (1), pattern_packet (1400, 11), "10.9.3.4", 0);
  send_at (&net.p, cns_seconds (2), pattern_packet (1000, 13), "10.1.1.7", 0);
  cns_simulator_run ();

  /* (576 - 20) & ~7 = 552 bytes a fragment: 552 + 552 + 296 */
  ck_assert_uint_eq (net.resolver->asked->len, 3 + 2);
  for (guint i = 0; i < 3; i++)
    {
      ck_assert_uint_eq (asked_at (net.resolver, i)->next_hop.value,
                         A ("10.1.1.254").value);
      ck_assert_ptr_eq (asked_at (net.resolver, i)->device, net.device);
    }
  ck_assert_uint_eq (net.device->frames->len, 3 + 2);
  payload = assert_datagram (frame_at (net.device, 0), &to, "10.1.1.1",
                             "10.9.3.4", 64, 552, 0, TRUE);
  assert_pattern (payload, 0, 552, 11);
  payload = assert_datagram (frame_at (net.device, 1), &to, "10.1.1.1",
                             "10.9.3.4", 64, 552, 552 / 8, TRUE);
  assert_pattern (payload, 552, 552, 11);
  payload = assert_datagram (frame_at (net.device, 2), &to, "10.1.1.1",
                             "10.9.3.4", 64, 296, 1104 / 8, FALSE);
  assert_pattern (payload, 1104, 296, 11);
  id = get16 (frame_bytes (frame_at (net.device, 0)) + 4);
  for (guint i = 1; i < 3; i++)
    ck_assert_uint_eq (get16 (frame_bytes (frame_at (net.device, i)) + 4), id);

  /* forwarded from P, cut by H: 552 + 448 */
  to = mac (0x07);
  for (guint i = 3; i < 5; i++)
    ck_assert_uint_eq (asked_at (net.resolver, i)->next_hop.value,
                       A ("10.1.1.7").value);
  payload = assert_datagram (frame_at (net.device, 3), &to, "10.2.2.1",
                             "10.1.1.7", 63, 552, 0, TRUE);
  assert_pattern (payload, 0, 552, 13);
  payload = assert_datagram (frame_at (net.device, 4), &to, "10.2.2.1",
                             "10.1.1.7", 63, 448, 552 / 8, FALSE);
  assert_pattern (payload, 552, 448, 13);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

/* Devices that need no ARP are still given their broadcast address, and
 * the resolver is not asked for them. */
START_TEST (test_resolver_no_arp_device)
{
  g_autoptr (TestArpDevice) plain = g_object_new (TEST_TYPE_ARP_DEVICE, NULL);
  CnsAddress broadcast;
  const guint8 *payload;

  net_build ();
  cns_net_device_set_flags (CNS_NET_DEVICE (plain), CNS_NET_DEVICE_BROADCAST);
  cns_node_add_device (net.h.node, CNS_NET_DEVICE (plain));
  ck_assert_uint_eq (
      stack_add_interface (&net.h, CNS_NET_DEVICE (plain), "10.3.3.1", 24), 3);
  send_at (&net.h, cns_seconds (1), pattern_packet (20, 0), "10.3.3.9", 0);
  send_at (&net.h, cns_seconds (2), pattern_packet (30, 1), "10.2.2.1", 0);
  cns_simulator_run ();

  cns_net_device_get_broadcast (CNS_NET_DEVICE (plain), &broadcast);
  ck_assert_uint_eq (plain->frames->len, 1);
  payload = assert_datagram (frame_at (plain, 0), &broadcast, "10.3.3.1",
                             "10.3.3.9", 64, 20, 0, FALSE);
  assert_pattern (payload, 0, 20, 0);
  ck_assert_uint_eq (net.p.l4->rx->len, 1);
  ck_assert_uint_eq (
      g_array_index (net.p.l4->rx, TestRx, 0).header.source.value,
      A ("10.2.2.2").value);
  ck_assert_uint_eq (net.resolver->asked->len, 0);
  ck_assert_uint_eq (net.device->frames->len, 0);
  ck_assert_uint_eq (net.counts.drops->len, 0);
}
END_TEST

Suite *
test_ipv4_neighbour_resolver_suite (void)
{
  Suite *s = suite_create ("ipv4-neighbour-resolver");
  TCase *tc = tcase_create ("resolver");

  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_test (tc, test_resolver_direct);
  tcase_add_test (tc, test_resolver_gateway);
  tcase_add_test (tc, test_resolver_broadcast);
  tcase_add_test (tc, test_resolver_forwarding);
  tcase_add_test (tc, test_resolver_unreachable);
  tcase_add_test (tc, test_resolver_none);
  tcase_add_test (tc, test_resolver_pending);
  tcase_add_test (tc, test_resolver_set_get);
  tcase_add_test (tc, test_resolver_fragments);
  tcase_add_test (tc, test_resolver_no_arp_device);
  suite_add_tcase (s, tc);
  return s;
}
