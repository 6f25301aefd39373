/* cns — benchmark of IPv4 forwarding.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A chain: a source host, 64 routers, a sink host, joined by 1 Gbps / 1 us
 * point-to-point links, with static default routes pointing down the
 * chain (with a TTL of 255: the default 64 would expire at the last
 * router). An OnOff UDP source sends 1000-byte datagrams at 900 Mb/s to a
 * packet sink at the far end, so every datagram is forwarded 64 times.
 * Prints one JSON line:
 *
 *   routers          routers in the chain
 *   delivered        datagrams the sink received
 *   forwarded        forwarding decisions taken by the routers (their
 *                    UnicastForward trace)
 *   run_s            wall-clock seconds of cns_simulator_run()
 *   forwarded_per_s  forwarded / run_s
 *
 *   bench-forward [--quick] [--time=SECONDS]   (default 0.5 s simulated)
 */
#include "utils/bench/bench-util.h"
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>
#include <stdlib.h>

#define N_ROUTERS 64

static guint64 forwarded;

static void
count_forward (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
               guint32 interface, gpointer user_data)
{
  forwarded++;
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (GPtrArray) links
      = g_ptr_array_new_with_free_func (bench_unref_interfaces);
  g_autoptr (CnsOnOffApplication) source = cns_on_off_application_new ();
  g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
  CnsInetSocketAddress remote, local;
  GError *error = NULL;
  gdouble seconds = 0.5, start, run_s;
  guint n = N_ROUTERS + 2;

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--quick"))
        seconds = 0.01;
      else if (g_str_has_prefix (argv[i], "--time="))
        {
          const gchar *text = argv[i] + 7;
          gchar *end = NULL;

          seconds = g_ascii_strtod (text, &end);
          if (end == text || *end != '\0' || !(seconds > 0 && seconds < 1e6))
            {
              fprintf (stderr,
                       "bench-forward: --time=%s: expected seconds above 0\n",
                       text);
              return 2;
            }
        }
      else
        {
          fprintf (stderr,
                   "bench-forward: unknown argument '%s'; usage: "
                   "bench-forward [--quick] [--time=S]\n",
                   argv[i]);
          return 2;
        }
    }

  bench_check (
      "bench-forward",
      cns_config_set_default ("CnsIpv4L3Protocol::DefaultTtl", "255", &error),
      error);
  cns_node_container_create (nodes, n);
  bench_check ("bench-forward",
               cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                               "1Gbps", &error),
               error);
  bench_check ("bench-forward",
               cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                                "1us", &error),
               error);
  bench_check (
      "bench-forward",
      cns_internet_stack_helper_install_container (stack, nodes, &error),
      error);
  bench_check ("bench-forward",
               cns_ipv4_address_helper_set_base (addresses, "10.0.0.0", "/24",
                                                 NULL, &error),
               error);
  for (guint k = 0; k + 1 < n; k++)
    {
      g_autoptr (CnsNetDeviceContainer) devices
          = cns_point_to_point_helper_install (
              p2p, cns_node_container_get (nodes, k),
              cns_node_container_get (nodes, k + 1));
      CnsIpv4InterfaceContainer *interfaces
          = cns_ipv4_address_helper_assign (addresses, devices, &error);

      bench_check ("bench-forward", interfaces != NULL, error);
      g_ptr_array_add (links, interfaces);
      cns_ipv4_address_helper_new_network (addresses);
    }

  /* Every node but the sink sends everything it does not know to the next
   * node down the chain. */
  for (guint k = 0; k + 1 < n; k++)
    {
      CnsIpv4InterfaceContainer *link = links->pdata[k];
      CnsIpv4L3Protocol *ipv4 = cns_ipv4_interface_container_get_ipv4 (link, 0);

      cns_ipv4_static_routing_set_default_route (
          cns_ipv4_static_routing_find (ipv4),
          cns_ipv4_interface_container_get_address (link, 1, 0),
          cns_ipv4_interface_container_get_interface (link, 0), 0);
      if (k > 0)
        bench_check ("bench-forward",
                     cns_trace_connect (ipv4, "UnicastForward",
                                        G_CALLBACK (count_forward), NULL,
                                        &error)
                         != 0,
                     error);
    }

  remote = cns_inet_socket_address_init (
      cns_ipv4_interface_container_get_address (links->pdata[n - 2], 1, 0), 9);
  local = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);
  bench_check ("bench-forward",
               cns_attribute_set (source, "DataRate", "900Mbps", &error),
               error);
  bench_check ("bench-forward",
               cns_attribute_set (source, "PacketSize", "1000", &error), error);
  bench_check (
      "bench-forward",
      cns_attribute_set (source, "OnTime", "Constant(Constant=1000)", &error),
      error);
  bench_check (
      "bench-forward",
      cns_attribute_set (source, "OffTime", "Constant(Constant=0)", &error),
      error);
  cns_on_off_application_set_remote (source, &remote);
  cns_packet_sink_set_local (sink, &local);
  cns_application_install (CNS_APPLICATION (source),
                           cns_node_container_get (nodes, 0));
  cns_application_install (CNS_APPLICATION (sink),
                           cns_node_container_get (nodes, n - 1));

  cns_simulator_stop_at (cns_seconds (seconds));
  start = bench_now_s ();
  cns_simulator_run ();
  run_s = bench_now_s () - start;

  printf ("{\"bench\":\"forward\",\"routers\":%u,\"sim_s\":%g,\"delivered\":"
          "%" G_GUINT64_FORMAT ",\"forwarded\":%" G_GUINT64_FORMAT
          ",\"run_s\":%.3f,\"forwarded_per_s\":%.0f}\n",
          N_ROUTERS, seconds, cns_packet_sink_get_total_packets (sink),
          forwarded, run_s, (gdouble) forwarded / run_s);
  cns_simulator_destroy ();
  return 0;
}
