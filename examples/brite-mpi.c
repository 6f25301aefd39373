/* cns — a BRITE topology across MPI ranks, in the spirit of ns-3's
 * src/brite/examples/brite-MPI-example.cc.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The topology of --confFile (brite/conf/top-down.conf), generated with
 * seeds drawn from random stream 3 (or read from --seedFile), is built on
 * every rank with AS i on rank i % ranks. A client node hangs off the
 * last leaf router of AS 0, on AS 0's rank, and a sink node off the last
 * leaf of AS 1, on AS 1's rank, each by a 5 Mbps / 2 ms link. The client
 * runs an always-on source of 512-byte packets at 1 Mbps over
 * --protocol (tcp) from 1 s to 9 s; the sink, on port 5001, from 0 s to
 * 10 s; the run stops at 20 s.
 *
 * Rank 0 prints the topology, then what the sink received: packets,
 * bytes, the time of the last arrival and a checksum over every
 * (arrival time, size), summed over ranks. These lines are the same
 * sequentially and on any number of ranks under either distributed
 * simulator; the last line names the ranks and the simulator.
 *
 *   ./waf --run brite-mpi
 *   mpirun -np 2 build/examples/brite-mpi
 *   mpirun -np 4 build/examples/brite-mpi
 * --SimulatorImplementationType=null-message
 *     --confFile=brite/conf/bottom-up.conf
 */
#include "applications/cns-applications.h"
#include "brite/cns-brite.h"

#include <stdio.h>
#include <string.h>

enum
{
  SUM_PACKETS,
  SUM_BYTES,
  SUM_CHECKSUM,
  N_SUMS
};

static guint64 sums[N_SUMS];
static CnsTime last_arrival;

/* A 64-bit mix of @x (splitmix64's finaliser), so that the checksum of a
 * set of arrivals does not depend on the order the ranks saw them. */
static guint64
mix (guint64 x)
{
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static void
on_sink_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
            gpointer user_data)
{
  guint32 size = cns_packet_get_size (packet);

  sums[SUM_PACKETS]++;
  sums[SUM_BYTES] += size;
  sums[SUM_CHECKSUM] += mix ((guint64) cns_simulator_now () * 65537 + size);
  last_arrival = cns_simulator_now ();
}

/* Set-up errors are the same on every rank: rank 0 says so and every rank
 * ends cleanly, with status 1. */
static void
die (GError *error)
{
  cns_fatal_collective ("brite-mpi: %s", error->message);
}

static CnsIpv4RoutingHelper *
make_routing_helper (gboolean nix)
{
  g_autoptr (CnsIpv4ListRoutingHelper) list = NULL;
  g_autoptr (CnsIpv4StaticRoutingHelper) static_routing = NULL;
  g_autoptr (CnsIpv4GlobalRoutingHelper) global = NULL;

  if (nix)
    return CNS_IPV4_ROUTING_HELPER (cns_nix_vector_helper_new ());
  list = cns_ipv4_list_routing_helper_new ();
  static_routing = cns_ipv4_static_routing_helper_new ();
  global = cns_ipv4_global_routing_helper_new ();
  cns_ipv4_list_routing_helper_add (
      list, CNS_IPV4_ROUTING_HELPER (static_routing), 0);
  cns_ipv4_list_routing_helper_add (list, CNS_IPV4_ROUTING_HELPER (global),
                                    -10);
  return CNS_IPV4_ROUTING_HELPER (g_steal_pointer (&list));
}

/* The last leaf of @as, or its last node when it has no leaf. */
static CnsNode *
attachment_point (CnsBriteTopologyHelper *brite, guint32 as)
{
  guint32 leaves
      = cns_brite_topology_helper_get_n_leaf_nodes_for_as (brite, as);

  if (leaves > 0)
    return cns_brite_topology_helper_get_leaf_node_for_as (brite, as,
                                                           leaves - 1);
  return cns_brite_topology_helper_get_node_for_as (
      brite, as, cns_brite_topology_helper_get_n_nodes_for_as (brite, as) - 1);
}

/* Rank 0 names the option; every rank refuses it. */
static int
bad_option (const gchar *option, const gchar *value, const gchar *expected)
{
  if (cns_mpi_get_rank () == 0)
    fprintf (stderr, "brite-mpi: --%s=%s: expected %s\n", option, value,
             expected);
  cns_mpi_disable ();
  return 2;
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = NULL;
  g_autoptr (CnsBriteTopologyHelper) brite = NULL;
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4RoutingHelper) routing_helper = NULL;
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsNodeContainer) ends = cns_node_container_new ();
  g_autoptr (CnsNetDeviceContainer) client_link = NULL;
  g_autoptr (CnsNetDeviceContainer) sink_link = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) client_interfaces = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) sink_interfaces = NULL;
  /* string options start NULL: a value given replaces them unfreed */
  g_autofree gchar *conf_file = NULL;
  g_autofree gchar *seed_file = NULL;
  g_autofree gchar *routing = NULL;
  g_autofree gchar *protocol = NULL;
  CnsInetSocketAddress sink_address;
  GType factory;
  guint32 ranks, n_as;
  gboolean force = FALSE;
  gchar last[CNS_TIME_STRING_SIZE];
  GError *error = NULL;

  /* large topologies want malloc tuned; libcns leaves it alone unless asked */
  cns_memory_tune_heap ();

  cns_mpi_enable (&argc, &argv);
  cmd = cns_command_line_new (
      "a flow from AS 0 to AS 1 of a BRITE topology, AS i on MPI rank i % "
      "ranks");
  cns_command_line_add_string (
      cmd, "confFile",
      "BRITE configuration file to generate from (brite/conf/top-down.conf)",
      &conf_file);
  cns_command_line_add_string (
      cmd, "seedFile",
      "BRITE seed file (default: seeds drawn from random stream 3)",
      &seed_file);
  cns_command_line_add_string (cmd, "routing", "nix or global (nix)", &routing);
  cns_command_line_add_string (cmd, "protocol", "tcp or udp (tcp)", &protocol);
  cns_command_line_add_boolean (
      cmd, "force",
      "Build the topology even when its estimated memory exceeds what this "
      "process may use",
      &force);
  cns_command_line_parse (cmd, &argc, &argv);
  if (conf_file == NULL)
    conf_file = g_strdup (CNS_BRITE_CONF_DIR "/top-down.conf");
  if (routing == NULL)
    routing = g_strdup ("nix");
  if (protocol == NULL)
    protocol = g_strdup ("tcp");
  if (strcmp (routing, "nix") != 0 && strcmp (routing, "global") != 0)
    return bad_option ("routing", routing, "nix or global");
  if (strcmp (protocol, "tcp") != 0 && strcmp (protocol, "udp") != 0)
    return bad_option ("protocol", protocol, "tcp or udp");
  factory = strcmp (protocol, "tcp") == 0 ? CNS_TYPE_TCP_SOCKET_FACTORY
                                          : CNS_TYPE_UDP_SOCKET_FACTORY;
  ranks = cns_mpi_get_size ();

  /* ---- the topology: every rank builds all of it ---- */
  brite = cns_brite_topology_helper_new (conf_file, seed_file, &error);
  if (brite == NULL)
    die (error);
  cns_brite_topology_helper_assign_streams (brite, 3);
  cns_brite_topology_helper_set_memory_check (brite, !force);
  routing_helper = make_routing_helper (strcmp (routing, "nix") == 0);
  cns_internet_stack_helper_set_routing_helper (stack, routing_helper);
  if (!cns_brite_topology_helper_build_distributed (brite, stack, ranks,
                                                    &error))
    {
      if (!g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_MEMORY))
        die (error);
      /* every rank estimates the same, from the same file */
      if (cns_mpi_get_rank () == 0)
        fprintf (stderr,
                 "brite-mpi: --confFile=%s: %s; --force builds it anyway\n",
                 conf_file, error->message);
      g_error_free (error);
      cns_mpi_disable ();
      return 2;
    }
  if (!cns_ipv4_address_helper_set_base (address, "10.0.0.0", "255.255.255.252",
                                         NULL, &error)
      || !cns_brite_topology_helper_assign_ipv4_addresses (brite, address,
                                                           &error))
    die (error);
  n_as = cns_brite_topology_helper_get_n_as (brite);
  if (n_as < 2)
    {
      if (cns_mpi_get_rank () == 0)
        fprintf (stderr,
                 "brite-mpi: %s makes %u AS; the flow goes from AS 0 to AS "
                 "1\n",
                 conf_file, n_as);
      cns_mpi_disable ();
      return 1;
    }

  /* ---- the two ends, each on the rank of the AS it hangs off ---- */
  cns_node_container_create_with_system_id (
      ends, 1, cns_brite_topology_helper_get_system_number_for_as (brite, 0));
  cns_node_container_create_with_system_id (
      ends, 1, cns_brite_topology_helper_get_system_number_for_as (brite, 1));
  if (!cns_internet_stack_helper_install_container (stack, ends, &error)
      || !cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                          "5Mbps", &error)
      || !cns_point_to_point_helper_set_channel_attribute (p2p, "Delay", "2ms",
                                                           &error))
    die (error);
  client_link = cns_point_to_point_helper_install (
      p2p, cns_node_container_get (ends, 0), attachment_point (brite, 0));
  sink_link = cns_point_to_point_helper_install (
      p2p, cns_node_container_get (ends, 1), attachment_point (brite, 1));
  client_interfaces
      = cns_ipv4_address_helper_assign (address, client_link, &error);
  if (client_interfaces == NULL)
    die (error);
  cns_ipv4_address_helper_new_network (address);
  sink_interfaces = cns_ipv4_address_helper_assign (address, sink_link, &error);
  if (sink_interfaces == NULL)
    die (error);
  if (strcmp (routing, "global") == 0
      && !cns_ipv4_global_routing_helper_populate_routing_tables (&error))
    die (error);

  /* ---- the traffic, on the ranks that own its nodes ---- */
  sink_address = cns_inet_socket_address_init (
      cns_ipv4_interface_container_get_address (sink_interfaces, 0, 0), 5001);
  if (cns_node_is_local (cns_node_container_get (ends, 1)))
    {
      CnsInetSocketAddress any
          = cns_inet_socket_address_init (cns_ipv4_address_any (), 5001);
      g_autoptr (CnsPacketSinkHelper) sink
          = cns_packet_sink_helper_new (factory, &any);
      g_autoptr (CnsApplicationContainer) apps
          = cns_application_helper_install (CNS_APPLICATION_HELPER (sink),
                                            cns_node_container_get (ends, 1));

      cns_trace_connect (cns_application_container_get (apps, 0), "Rx",
                         G_CALLBACK (on_sink_rx), NULL, NULL);
      cns_application_container_start (apps, 0);
      cns_application_container_stop (apps, cns_seconds (10));
    }
  if (cns_node_is_local (cns_node_container_get (ends, 0)))
    {
      g_autoptr (CnsOnOffHelper) source
          = cns_on_off_helper_new (factory, &sink_address);
      g_autoptr (CnsApplicationContainer) apps = NULL;

      cns_on_off_helper_set_constant_rate (source, 1000000, 512);
      apps = cns_application_helper_install (CNS_APPLICATION_HELPER (source),
                                             cns_node_container_get (ends, 0));
      cns_application_container_start (apps, cns_seconds (1));
      cns_application_container_stop (apps, cns_seconds (9));
    }

  cns_simulator_stop_at (cns_seconds (20));
  cns_simulator_run ();

  cns_mpi_sum (sums, N_SUMS);
  {
    guint64 at = (guint64) last_arrival;

    cns_mpi_max (&at, 1);
    last_arrival = (CnsTime) at;
  }
  cns_time_format (last_arrival, last);
  if (cns_mpi_get_rank () == 0)
    {
      printf ("BRITE topology: %u nodes, %u edges, %u ASes\n",
              cns_brite_topology_helper_get_n_nodes (brite),
              cns_brite_topology_helper_get_n_edges (brite), n_as);
      printf ("Sink received %" G_GUINT64_FORMAT " packets, %" G_GUINT64_FORMAT
              " bytes over %s, the last at +%s, checksum %016" G_GINT64_MODIFIER
              "x\n",
              sums[SUM_PACKETS], sums[SUM_BYTES], protocol, last,
              sums[SUM_CHECKSUM]);
      printf ("Ranks: %u, simulator: %s\n", ranks,
              cns_simulator_get_implementation_name ());
    }
  cns_simulator_destroy ();
  cns_mpi_disable ();
  return 0;
}
