/* cns — benchmark of packets and point-to-point links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Prints one JSON line per case:
 *
 *   packet_ops  make a 1000-byte packet, add three headers (2, 20 and 8
 *               bytes, as PPP, IPv4 and UDP), copy it, remove the headers
 *               from the copy, free both: operations per second
 *   ping_pong   two nodes joined by a point-to-point link bounce one
 *               packet back and forth: simulator events per second
 *   memory      heap bytes per node of a ring of nodes, each with two
 *               point-to-point devices, their queues and (half of each of)
 *               two channels; and per in-flight packet: 1000 unwritten
 *               payload bytes with the three headers
 *
 *   bench-packet [--quick]
 */
#include "utils/bench/bench-util.h"
#include "network/cns-network.h"

#include <stdio.h>
#include <string.h>

/* Headers of the sizes of IPv4 and UDP, with a few fields to write. */
typedef struct
{
  guint8 bytes[20];
} Blob20;

typedef struct
{
  guint8 bytes[8];
} Blob8;

static gsize
blob20_size (gconstpointer header)
{
  return 20;
}

static void
blob20_serialize (gconstpointer header, guint8 *start)
{
  memcpy (start, ((const Blob20 *) header)->bytes, 20);
}

static gsize
blob20_deserialize (gpointer header, const guint8 *data, gsize available)
{
  if (available < 20)
    return 0;
  memcpy (((Blob20 *) header)->bytes, data, 20);
  return 20;
}

static gsize
blob8_size (gconstpointer header)
{
  return 8;
}

static void
blob8_serialize (gconstpointer header, guint8 *start)
{
  memcpy (start, ((const Blob8 *) header)->bytes, 8);
}

static gsize
blob8_deserialize (gpointer header, const guint8 *data, gsize available)
{
  if (available < 8)
    return 0;
  memcpy (((Blob8 *) header)->bytes, data, 8);
  return 8;
}

static void
blob_print (gconstpointer header, GString *out)
{
}

static const CnsHeaderClass blob20_class = {
  "Bench20", blob20_size, blob20_serialize, blob20_deserialize, blob_print,
};

static const CnsHeaderClass blob8_class = {
  "Bench8", blob8_size, blob8_serialize, blob8_deserialize, blob_print,
};

static CnsPacket *
make_packet (void)
{
  static const CnsPppHeader ppp = { CNS_PPP_PROTOCOL_IPV4 };
  static const Blob20 ip = { { 0x45, 0, 0x04, 0x04 } };
  static const Blob8 udp = { { 0x13, 0x88, 0x00, 0x09 } };
  CnsPacket *p = cns_packet_new (1000);

  cns_packet_add_header (p, &blob8_class, &udp);
  cns_packet_add_header (p, &blob20_class, &ip);
  cns_packet_add_header (p, &cns_ppp_header_class, &ppp);
  return p;
}

static void
bench_packet_ops (guint64 n)
{
  gdouble t0, wall;
  CnsPppHeader ppp;
  Blob20 ip;
  Blob8 udp;

  t0 = bench_now_s ();
  for (guint64 i = 0; i < n; i++)
    {
      CnsPacket *p = make_packet ();
      CnsPacket *q = cns_packet_copy (p);

      cns_packet_remove_header (q, &cns_ppp_header_class, &ppp);
      cns_packet_remove_header (q, &blob20_class, &ip);
      cns_packet_remove_header (q, &blob8_class, &udp);
      cns_packet_unref (p);
      cns_packet_unref (q);
    }
  wall = bench_now_s () - t0;
  printf (
      "{\"bench\":\"packet\",\"case\":\"packet_ops\",\"ops\":%" G_GUINT64_FORMAT
      ",\"wall_s\":%.3f,\"ops_per_s\":%.0f}\n",
      n, wall, (gdouble) n / wall);
  fflush (stdout);
}

/* Each node sends back what it receives, until the budget is spent. */
static guint64 bounces_left;

static void
bounce (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
        const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
        gpointer user_data)
{
  if (bounces_left == 0)
    {
      cns_packet_unref (packet);
      return;
    }
  bounces_left--;
  cns_net_device_send (device, packet, from, protocol);
}

static void
serve (gpointer obj, gpointer data)
{
  CnsAddress dest;

  cns_net_device_get_broadcast (obj, &dest);
  cns_net_device_send (obj, cns_packet_new (1000), &dest, 0x0800);
}

static void
bench_ping_pong (guint64 bounces)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;
  gdouble t0, wall;
  guint64 events;

  cns_node_container_create (nodes, 2);
  if (!cns_point_to_point_helper_set_device_attribute (helper, "DataRate",
                                                       "10Gbps", &error)
      || !cns_point_to_point_helper_set_channel_attribute (helper, "Delay",
                                                           "1us", &error))
    g_error ("%s", error->message);
  devices = cns_point_to_point_helper_install_container (helper, nodes);
  for (guint i = 0; i < 2; i++)
    cns_node_register_protocol_handler (cns_node_container_get (nodes, i),
                                        bounce, NULL, 0, NULL, FALSE);
  bounces_left = bounces;
  cns_simulator_schedule_with_context (
      0, 0, serve, cns_net_device_container_get (devices, 0), NULL);
  t0 = bench_now_s ();
  cns_simulator_run ();
  wall = bench_now_s () - t0;
  events = cns_simulator_get_event_count ();
  cns_simulator_destroy ();
  printf (
      "{\"bench\":\"packet\",\"case\":\"ping_pong\",\"bounces\":"
      "%" G_GUINT64_FORMAT ",\"events\":%" G_GUINT64_FORMAT ",\"wall_s\":%.3f,"
      "\"events_per_s\":%.0f,\"bounces_per_s\":%.0f}\n",
      bounces, events, wall, (gdouble) events / wall, (gdouble) bounces / wall);
  fflush (stdout);
}

static void
bench_memory (guint32 n_nodes, guint32 n_packets)
{
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();
  g_autoptr (CnsNodeContainer) nodes = NULL;
  GPtrArray *packets = g_ptr_array_new_full (n_packets, NULL);
  gsize before, after_nodes, after_packets;

  /* warm up the allocator's and GType's one-time costs */
  {
    g_autoptr (CnsNodeContainer) warm = cns_node_container_new ();
    g_autoptr (CnsNetDeviceContainer) d = NULL;
    CnsPacket *p = make_packet ();

    cns_node_container_create (warm, 2);
    d = cns_point_to_point_helper_install_container (helper, warm);
    cns_packet_unref (p);
  }
  before = bench_heap_bytes ();
  nodes = cns_node_container_new ();
  cns_node_container_create (nodes, n_nodes);
  for (guint32 i = 0; i < n_nodes; i++)
    cns_net_device_container_unref (cns_point_to_point_helper_install (
        helper, cns_node_container_get (nodes, i),
        cns_node_container_get (nodes, (i + 1) % n_nodes)));
  after_nodes = bench_heap_bytes ();
  for (guint32 i = 0; i < n_packets; i++)
    g_ptr_array_add (packets, make_packet ());
  after_packets = bench_heap_bytes ();

  printf ("{\"bench\":\"packet\",\"case\":\"memory\",\"nodes\":%u,"
          "\"packets\":%u,\"bytes_per_node_with_2_p2p_devices\":%.1f,"
          "\"bytes_per_inflight_packet\":%.1f}\n",
          n_nodes, n_packets,
          (gdouble) (after_nodes - before) / (gdouble) n_nodes,
          (gdouble) (after_packets - after_nodes) / (gdouble) n_packets);
  fflush (stdout);
  for (guint32 i = 0; i < n_packets; i++)
    cns_packet_unref (packets->pdata[i]);
  g_ptr_array_unref (packets);
  cns_simulator_destroy ();
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = NULL;
  gboolean quick = FALSE;

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  cmd = cns_command_line_new ("Benchmark of packets and point-to-point "
                              "links; one JSON line per case");
  cns_command_line_add_boolean (
      cmd, "quick", "Small sizes only, to check the program runs", &quick);
  cns_command_line_parse (cmd, &argc, &argv);

  bench_packet_ops (quick ? 100000 : 10000000);
  bench_ping_pong (quick ? 10000 : 5000000);
  bench_memory (quick ? 1000 : 100000, quick ? 10000 : 1000000);
  return 0;
}
