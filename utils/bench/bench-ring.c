/* cns — benchmark of a ring of UDP nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * N nodes in a ring, one point-to-point link (1 Gbps, 1 ms) from each node
 * to the next, each node with the internet stack, an OnOff UDP source at
 * 1 Mb/s sending 1000-byte packets to its neighbour (always on) and a
 * packet sink. Prints one JSON line per ring size:
 *
 *   n                    nodes
 *   tx                   packet transmissions (each datagram crosses one
 *                        link, so this is what the sinks received plus
 *                        what was still in flight, counted at the sources)
 *   run_s                wall-clock seconds of cns_simulator_run()
 *   tx_per_s             tx / run_s
 *   bytes_per_node       heap bytes per node of the topology and stacks:
 *                        node, two devices and queues, a channel, IPv4
 *                        with two interfaces and addresses, routing, ICMP,
 *                        UDP
 *   bytes_per_node_apps  heap bytes per node of the OnOff source and the
 *                        sink, without their sockets: the growth of the
 *                        heap from before they are made until they are
 *                        configured and installed on their node. It
 *                        counts the two objects (their attributes, random
 *                        variables and trace sources inside), what their
 *                        configuration leaves allocated, and the node's
 *                        list of its applications, which grows with them.
 *                        What they allocate when they start is only their
 *                        sockets (their events come from the event pool,
 *                        grown beforehand), so it counts below.
 *   bytes_per_node_sockets  heap bytes per node of the applications' two
 *                        UDP sockets: the growth of the heap while the
 *                        applications start (at 0 s; the run stops at
 *                        1 ms, before any packet), which is the sockets,
 *                        their end points bound in the UDP protocol's
 *                        table and the protocol's list of its sockets.
 *                        It leaves out the receive block a socket makes
 *                        when its first datagram arrives (the sink's: 80
 *                        heap bytes, with room for one datagram), since
 *                        packets then mix in.
 *
 * Neither counts the bench's own instrument, the Tx trace connection it
 * counts transmissions with: it is made after both measurements.
 *
 *   bench-ring [--quick] [--n=N --time=SECONDS]
 *
 * Without --n it runs N = 1,000 for 10 s and N = 10,000 for 2 s of
 * simulated time; --quick runs N = 100 for 1 s (for the test suite).
 */
#include "utils/bench/bench-util.h"
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <stdio.h>
#include <stdlib.h>

static guint64 tx_count;

static void
no_op (gpointer obj, gpointer data)
{
}

/* Grows the event pool and the scheduler's storage, so that the events the
 * applications schedule do not count as theirs: 8 * @n events in eight
 * interleaved streams of decreasing times, which leaves room for @n entries
 * in each of the default scheduler's sorted runs and 4 * @n in its heap. */
static void
warm_event_pool (guint n)
{
  for (guint i = 0; i < n; i++)
    for (guint s = 0; s < 8; s++)
      cns_simulator_schedule (cns_pico_seconds (8 - s), no_op, NULL, NULL);
  cns_simulator_run ();
}

static void
count_tx (gpointer source, CnsPacket *packet, gpointer user_data)
{
  tx_count++;
}

static void
run_ring (guint n, gdouble seconds)
{
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (GPtrArray) links
      = g_ptr_array_new_with_free_func (bench_unref_interfaces);
  /* sized now, so that it does not grow while the applications are
   * measured; installed applications live until cns_simulator_destroy() */
  g_autoptr (GPtrArray) sources = g_ptr_array_sized_new (n);
  GError *error = NULL;
  gsize before, after_topology, before_apps, after_apps, after_sockets;
  gdouble start, run_s;

  tx_count = 0;
  before = bench_heap_bytes ();
  cns_node_container_create (nodes, n);
  bench_check ("bench-ring",
               cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                               "1Gbps", &error),
               error);
  bench_check ("bench-ring",
               cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                                "1ms", &error),
               error);
  bench_check (
      "bench-ring",
      cns_internet_stack_helper_install_container (stack, nodes, &error),
      error);
  bench_check ("bench-ring",
               cns_ipv4_address_helper_set_base (addresses, "10.0.0.0", "/30",
                                                 NULL, &error),
               error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (CnsNetDeviceContainer) devices
          = cns_point_to_point_helper_install (
              p2p, cns_node_container_get (nodes, i),
              cns_node_container_get (nodes, (i + 1) % n));
      CnsIpv4InterfaceContainer *interfaces
          = cns_ipv4_address_helper_assign (addresses, devices, &error);

      bench_check ("bench-ring", interfaces != NULL, error);
      g_ptr_array_add (links, interfaces);
      cns_ipv4_address_helper_new_network (addresses);
    }
  after_topology = bench_heap_bytes ();
  /* Per node the applications have a few events pending at a time, and
   * their start events all at once: room for 32. */
  warm_event_pool (4 * n);
  before_apps = bench_heap_bytes ();

  for (guint i = 0; i < n; i++)
    {
      CnsNode *node = cns_node_container_get (nodes, i);
      CnsInetSocketAddress remote = cns_inet_socket_address_init (
          cns_ipv4_interface_container_get_address (links->pdata[i], 1, 0), 9);
      g_autoptr (CnsOnOffApplication) source = cns_on_off_application_new ();
      g_autoptr (CnsPacketSink) sink = cns_packet_sink_new ();
      CnsInetSocketAddress local
          = cns_inet_socket_address_init (cns_ipv4_address_any (), 9);

      bench_check ("bench-ring",
                   cns_attribute_set (source, "DataRate", "1Mbps", &error),
                   error);
      bench_check ("bench-ring",
                   cns_attribute_set (source, "PacketSize", "1000", &error),
                   error);
      bench_check (
          "bench-ring",
          cns_attribute_set (source, "OnTime", "Constant(Constant=1)", &error),
          error);
      bench_check (
          "bench-ring",
          cns_attribute_set (source, "OffTime", "Constant(Constant=0)", &error),
          error);
      cns_on_off_application_set_remote (source, &remote);
      cns_packet_sink_set_local (sink, &local);
      cns_application_install (CNS_APPLICATION (source), node);
      cns_application_install (CNS_APPLICATION (sink), node);
      g_ptr_array_add (sources, source);
    }
  after_apps = bench_heap_bytes ();

  /* The applications start at 0 s, when they make their sockets, and send
   * their first packets at 8 ms: the run stops in between to measure the
   * sockets and to connect the bench's counter, then goes on. */
  cns_simulator_stop_at (cns_seconds (seconds));
  cns_simulator_stop_at (cns_seconds (0.001));
  start = bench_now_s ();
  cns_simulator_run ();
  run_s = bench_now_s () - start;
  after_sockets = bench_heap_bytes ();
  for (guint i = 0; i < n; i++)
    bench_check ("bench-ring",
                 cns_trace_connect (sources->pdata[i], "Tx",
                                    G_CALLBACK (count_tx), NULL, &error)
                     != 0,
                 error);
  start = bench_now_s ();
  cns_simulator_run ();
  run_s += bench_now_s () - start;

  printf ("{\"bench\":\"ring\",\"n\":%u,\"sim_s\":%g,\"tx\":%" G_GUINT64_FORMAT
          ",\"run_s\":%.3f,\"tx_per_s\":%.0f,\"bytes_per_node\":%.1f,"
          "\"bytes_per_node_apps\":%.1f,\"bytes_per_node_sockets\":%.1f}\n",
          n, seconds, tx_count, run_s, (gdouble) tx_count / run_s,
          (gdouble) (after_topology - before) / n,
          (gdouble) (after_apps - before_apps) / n,
          (gdouble) (after_sockets - after_apps) / n);
  fflush (stdout);
  cns_simulator_destroy ();
}

int
main (int argc, char **argv)
{
  guint n = 0;
  gdouble seconds = 0;
  gboolean quick = FALSE;

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--quick"))
        quick = TRUE;
      else if (g_str_has_prefix (argv[i], "--n="))
        {
          guint64 value;

          if (!g_ascii_string_to_unsigned (argv[i] + 4, 10, 2, 1u << 22, &value,
                                           NULL))
            {
              fprintf (stderr,
                       "bench-ring: --n=%s: expected a ring of 2 to 4194304 "
                       "nodes\n",
                       argv[i] + 4);
              return 2;
            }
          n = (guint) value;
        }
      else if (g_str_has_prefix (argv[i], "--time="))
        {
          const gchar *text = argv[i] + 7;
          gchar *end = NULL;

          seconds = g_ascii_strtod (text, &end);
          if (end == text || *end != '\0' || !(seconds > 0 && seconds < 1e6))
            {
              fprintf (stderr,
                       "bench-ring: --time=%s: expected seconds above 0\n",
                       text);
              return 2;
            }
        }
      else
        {
          fprintf (stderr,
                   "bench-ring: unknown argument '%s'; usage: bench-ring "
                   "[--quick] [--n=N --time=S]\n",
                   argv[i]);
          return 2;
        }
    }
  if (n > 0)
    run_ring (n, seconds > 0 ? seconds : 1.0);
  else if (quick)
    run_ring (100, 1.0);
  else
    {
      run_ring (1000, 10.0);
      run_ring (10000, 2.0);
    }
  return 0;
}
