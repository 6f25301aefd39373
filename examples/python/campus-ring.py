#!/usr/bin/env python3
# cns — examples/campus-ring.c in Python: the DARPA NMS campus networks
# in a ring, with a flow from a server of the next campus to every LAN
# client. Set up in Python, run in C: the per-packet work (forwarding,
# the delay monitor's tags and histogram) never calls back into Python,
# so the run goes as fast as the C program's.
#
# It takes the C program's options but --pcap, --flowmon, --plot and
# --PrintDistributedStats, runs sequentially, and prints the same table
# or --json line, draw for draw: every figure but the wall-clock ones and
# the peak RSS equals the C program's. The topology, address plan and
# order of the random draws are described at the top of
# examples/campus-ring.c.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   ./waf --pyrun "examples/python/campus-ring.py --nCampus=8 --json"
import math
import resource
import sys
import time

import gi

gi.require_version("Cns", "1.0")
from gi.repository import Cns, GLib  # noqa: E402

SINK_PORT = 9999
DEFAULT_BYTES_PER_FLOW = 51200  # 100 packets of 512 bytes

# A campus's nodes, by their index in its container: the routers of
# each network, then the clients, LAN by LAN.
NET0, NET1, LR, NET2, NET3 = 0, 3, 9, 11, 25
N_ROUTERS, N_NET2_LANS, N_LANS = 34, 7, 12
NET0_LINKS = [(0, 1), (1, 2), (2, 0)]
NET1_LINKS = [(0, 1), (2, 0), (3, 0), (4, 1), (5, 1)]
LONE_LINKS = [(LR + 0, LR + 1), (LR + 0, NET0 + 0), (LR + 1, NET0 + 1),
              (LR + 0, NET2 + 0), (LR + 1, NET2 + 1), (LR + 1, NET3 + 0),
              (LR + 1, NET3 + 1)]
NET2_LINKS = [(0, 1), (2, 0), (1, 3), (3, 2), (4, 2), (5, 3), (6, 5),
              (7, 2), (8, 3), (9, 4), (10, 5), (11, 6), (12, 6), (13, 6)]
NET3_LINKS = [(0, 1), (1, 2), (2, 3), (3, 1), (4, 0), (5, 0), (6, 2),
              (7, 3), (8, 3)]

MASK64 = (1 << 64) - 1


def mix64(x):
    """splitmix64's finaliser, as campus-ring.c sums the start times."""
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def die(what, error):
    print(f"campus-ring: {what}: {error.message}", file=sys.stderr)
    sys.exit(1)


def bad_option(option, expected):
    print(f"campus-ring: --{option}: expected {expected}", file=sys.stderr)
    return 2


class Options:
    """The command line: campus-ring.c's options, read back by name."""

    VALUES = [
        ("nCampus", "Campus networks in the ring", "uint", "4"),
        ("nLANClients", "Clients on each of a campus's 12 LANs", "uint", "42"),
        ("nConCon", "Campuses each campus links to: z+1 .. z+nConCon, each "
         "sending its own flow to every client", "uint", "1"),
        ("remotePct", "Percent of flows from another campus; the rest come "
         "from the client's own", "uint", "100"),
        ("bytesPerFlow", "Bytes each source sends (the OnOff MaxBytes), in "
         "packets of 512 bytes; 0: until --stopTime", "uint64",
         str(DEFAULT_BYTES_PER_FLOW)),
        ("stopTime", "When the simulation stops; 0 s: when the traffic ends",
         "time", "100s"),
        ("routing", "nix: nix-vector routing; global: global routing "
         "tables (nix)", "string", "nix"),
        ("protocol", "udp: OnOff datagrams; tcp: each flow is a TCP "
         "connection (as in ns-3's nms-p2p-nix), the sinks count what they "
         "read (udp)", "string", "udp"),
        ("fingerprint", "Print a SHA-256 of the events every node ran",
         "boolean", None),
        ("json", "Print one JSON line instead of the table", "boolean", None),
        ("seed", "The random seed, RngSeed (1)", "string", None),
        ("run", "The run number, RngRun: another run, other random draws "
         "(1)", "string", None),
    ]

    def __init__(self, argv):
        cmd = Cns.CommandLine.new(
            "The DARPA NMS campus networks in a ring, with UDP flows from "
            "each campus's servers to the next campus's LAN clients")
        for name, help_text, kind, default in self.VALUES:
            cmd.add_value(name, help_text, kind, default)
        cmd.parse(argv)
        get = cmd.get_value
        self.n_campus = get("nCampus")
        self.n_lan_clients = get("nLANClients")
        self.n_con_con = get("nConCon")
        self.remote_pct = get("remotePct")
        self.bytes_per_flow = get("bytesPerFlow")
        self.stop_time = get("stopTime")
        self.routing = get("routing")
        self.protocol = get("protocol")
        self.fingerprint = get("fingerprint")
        self.json = get("json")
        self.seed = get("seed")
        self.run = get("run")

    def check(self):
        """0, or the exit status for a value out of range."""
        if self.routing not in ("nix", "global"):
            return bad_option("routing", f"nix or global, not '{self.routing}'")
        if self.protocol not in ("udp", "tcp"):
            return bad_option("protocol", f"udp or tcp, not '{self.protocol}'")
        for name, value in (("seed", self.seed), ("run", self.run)):
            try:
                if value is not None:
                    Cns.global_value_set("RngSeed" if name == "seed"
                                         else "RngRun", value)
            except GLib.Error as e:
                print(f"campus-ring: --{name}: {e.message}", file=sys.stderr)
                return 2
        if self.n_campus < 2:
            return bad_option("nCampus", "at least 2 campuses")
        if self.n_lan_clients < 1:
            return bad_option("nLANClients", "at least 1 client per LAN")
        if self.n_con_con < 1 or self.n_con_con >= self.n_campus:
            return bad_option("nConCon", "1 to nCampus - 1 connections")
        if self.remote_pct > 100:
            return bad_option("remotePct", "a percentage from 0 to 100")
        if self.stop_time < 0:
            return bad_option("stopTime", "a time after 0 s, or 0 s for none")
        if self.bytes_per_flow == 0 and self.stop_time == 0:
            return bad_option("bytesPerFlow",
                              "at least 1 byte, or 0 with a --stopTime to "
                              "end the endless flows")
        # the option that makes the topology too big, as in C
        def links(n_campus, n_con_con):
            return n_campus * (39 + 12 * self.n_lan_clients + n_con_con)
        if links(2, 1) > 1 << 23:
            return bad_option("nLANClients",
                              "at most 349,522 clients per LAN (2 campuses "
                              "of more need over 2^23 links, 10/8 as /31s)")
        if links(self.n_campus, 1) > 1 << 23:
            return bad_option("nCampus",
                              "a topology of at most 2^23 links (10/8 as "
                              "/31s): fewer campuses or fewer --nLANClients")
        if links(self.n_campus, self.n_con_con) > 1 << 23:
            return bad_option("nConCon",
                              "a topology of at most 2^23 links (10/8 as "
                              "/31s): fewer connections per campus")
        return 0


class World:
    """The set-up: helpers, campuses and the delay monitor."""

    def __init__(self, options, monitor):
        self.o = options
        self.monitor = monitor
        self.links = {}
        self.n_links = 0
        self.n_ring_links = 0
        self.campuses = []
        self.client_addresses = []
        self.stack = Cns.InternetStackHelper.new()
        self.stack.set_routing_helper(self.routing_helper())
        for name, rate, delay in (("router", "1Gbps", "5ms"),
                                  ("lan", "100Mbps", "1ms"),
                                  ("ring", "2Gbps", "200ms")):
            helper = Cns.PointToPointHelper.new()
            helper.set_device_attribute("DataRate", rate)
            helper.set_channel_attribute("Delay", delay)
            self.links[name] = helper
        self.addresses = Cns.Ipv4AddressHelper.new()
        self.addresses.set_base("10.0.0.0", "/31", None)

    def routing_helper(self):
        """Nix-vector routing alone, or global behind static routing."""
        if self.o.routing == "nix":
            return Cns.NixVectorHelper.new()
        routing = Cns.Ipv4ListRoutingHelper.new()
        routing.add(Cns.Ipv4StaticRoutingHelper.new(), 0)
        routing.add(Cns.Ipv4GlobalRoutingHelper.new(), -10)
        return routing

    def connect(self, kind, a, b):
        """Joins a and b on their own /31; returns a's address."""
        devices = self.links[kind].install(a, b)
        interfaces = self.addresses.assign(devices)
        self.addresses.new_network()
        self.n_links += 1
        if kind == "ring":
            # count what crosses the ring, to see where traffic goes
            for end in range(2):
                self.monitor.count_transmissions(devices.get(end))
            self.n_ring_links += 1
        return interfaces.get_address(0, 0)

    def connect_routers(self, nodes, base, pairs):
        for a, b in pairs:
            self.connect("router", nodes.get(base + a), nodes.get(base + b))

    def build_campus(self):
        n_clients = self.o.n_lan_clients
        nodes = Cns.NodeContainer.new()
        nodes.create(N_ROUTERS + N_LANS * n_clients)
        self.stack.install_container(nodes)
        self.connect_routers(nodes, NET0, NET0_LINKS)
        self.connect_routers(nodes, NET1, NET1_LINKS)
        self.connect("router", nodes.get(NET0 + 2), nodes.get(NET1 + 0))
        self.connect_routers(nodes, 0, LONE_LINKS)
        self.connect_routers(nodes, NET2, NET2_LINKS)
        self.connect_routers(nodes, NET3, NET3_LINKS)
        addresses = []
        for lan in range(N_LANS):
            switch = (NET2 + 7 + lan if lan < N_NET2_LANS
                      else NET3 + 4 + (lan - N_NET2_LANS))
            for j in range(n_clients):
                client = lan * n_clients + j
                addresses.append(self.connect(
                    "lan", nodes.get(N_ROUTERS + client), nodes.get(switch)))
        self.campuses.append(nodes)
        self.client_addresses.append(addresses)

    def build_ring(self):
        n = self.o.n_campus
        for d in range(1, self.o.n_con_con + 1):
            for z in range(n):
                self.connect("ring", self.campuses[z].get(NET0),
                             self.campuses[(z + d) % n].get(NET0))

    def add_traffic(self, u):
        """Every flow's sink and source, drawing as campus-ring.c does."""
        o = self.o
        k = o.n_con_con
        on = Cns.ConstantRandomVariable.new_unnumbered(1.0 / k)
        off = Cns.ConstantRandomVariable.new_unnumbered(1.0 * (k - 1) / k)
        factory = (Cns.TcpSocketFactory if o.protocol == "tcp"
                   else Cns.UdpSocketFactory)
        n_clients = N_LANS * o.n_lan_clients
        _, any_address = Cns.InetSocketAddress.parse(f"0.0.0.0:{SINK_PORT}")
        start_checksum = 0
        for z in range(o.n_campus):
            nodes = self.campuses[z]
            for i in range(n_clients):
                client = z * n_clients + i
                text = self.client_addresses[z][i].to_string()
                _, remote = Cns.InetSocketAddress.parse(
                    f"{text}:{SINK_PORT}")
                sink = Cns.PacketSink.new()
                sink.set_property("protocol", factory)
                sink.set_local(any_address)
                sink.install(nodes.get(N_ROUTERS + i))
                self.monitor.add_sink(sink, client, z)
                for d in range(1, k + 1):
                    server = NET1 + 2 + math.floor(4 * u.get_value())
                    start = 10 * u.get_value()
                    remote_flow = u.get_value() * 100 < o.remote_pct
                    sender = (z + d) % o.n_campus if remote_flow else z
                    at = Cns.seconds(start) + Cns.seconds(1.0 * (d - 1) / k)
                    start_checksum = (start_checksum + mix64(at)) & MASK64
                    source = Cns.OnOffApplication.new()
                    source.set_property("protocol", factory)
                    source.set_property("on-time", on)
                    source.set_property("off-time", off)
                    source.set_max_bytes(o.bytes_per_flow)
                    source.set_remote(remote)
                    source.set_start_time(at)
                    source.install(self.campuses[sender].get(server))
        # the servers tag what they send with the time
        for z in range(o.n_campus):
            for s in range(2, 6):
                self.monitor.add_source(self.campuses[z].get(NET1 + s))
        return start_checksum


def count_queue_drops():
    """Packets the devices' queues dropped."""
    drops = 0
    for n in range(Cns.Node.list_get_n_nodes()):
        node = Cns.Node.list_get_node(n)
        for d in range(node.get_n_devices()):
            device = node.get_device(d)
            if isinstance(device, Cns.PointToPointNetDevice):
                queue = device.get_queue()
                if queue is not None:
                    drops += queue.get_total_dropped_packets()
    return drops


def thousands(v):
    return f"{v:,}"


def main(argv):
    t0 = time.monotonic()
    # large topologies want malloc tuned; libcns leaves it alone unless asked
    Cns.memory_tune_heap()
    try:
        # ns-3's nms-p2p-nix; the command line may set it otherwise
        Cns.config_set_default("CnsTcpSocket::SegmentSize", "512")
    except GLib.Error as e:
        die("defaults", e)
    o = Options(argv)
    status = o.check()
    if status != 0:
        return status

    # first, so that it takes the run's first random stream
    u = Cns.UniformRandomVariable.new(0, 1)
    monitor = Cns.DelayMonitor.new()
    try:
        w = World(o, monitor)
        for _ in range(o.n_campus):
            w.build_campus()
        w.build_ring()
        if o.routing == "global":
            Cns.Ipv4GlobalRoutingHelper.populate_routing_tables()
        start_checksum = w.add_traffic(u)
    except GLib.Error as e:
        die("set-up", e)

    nodes = Cns.Node.list_get_n_nodes()
    flows = o.n_campus * N_LANS * o.n_lan_clients * o.n_con_con
    if o.stop_time > 0:
        Cns.simulator_stop_at(o.stop_time)
    if o.fingerprint:
        Cns.simulator_enable_fingerprint()
    t_run = time.monotonic()
    Cns.simulator_run()
    run_s = time.monotonic() - t_run
    setup_s = t_run - t0
    # the nodes' initialisation at 0 s and, when reached, the stop event:
    # events that belong to no node, as campus-ring.c counts them
    events = Cns.simulator_get_event_count()
    now = Cns.simulator_now()
    simulator = Cns.simulator_get_implementation_name()
    queue_drops = count_queue_drops()
    fingerprint = Cns.simulator_get_fingerprint() if o.fingerprint else None
    Cns.simulator_destroy()
    wall_s = time.monotonic() - t0
    max_rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    m = monitor
    tx_packets, rx_packets = m.get_tx_packets(), m.get_rx_packets()
    dropped = queue_drops if o.protocol == "tcp" else tx_packets - rx_packets
    mean = m.get_delay_mean()
    p99 = m.get_delay_percentile(0.99)
    sim_time_s = now / 1e12
    if o.json:
        line = (
            f'{{"campuses":{o.n_campus},"lan_clients":{o.n_lan_clients},'
            f'"con_con":{o.n_con_con},"remote_pct":{o.remote_pct},'
            f'"bytes_per_flow":{o.bytes_per_flow},"routing":"{o.routing}",'
            f'"protocol":"{o.protocol}",'
            f'"seed":{Cns.rng_seed_manager_get_seed()},'
            f'"run":{Cns.rng_seed_manager_get_run()},'
            f'"nodes":{nodes},"links":{w.n_links},'
            f'"ring_links":{w.n_ring_links},"flows":{flows},'
            f'"tx_packets":{tx_packets},"tx_bytes":{m.get_tx_bytes()},'
            f'"rx_packets":{rx_packets},"rx_bytes":{m.get_rx_bytes()},'
            f'"dropped_packets":{dropped},"queue_drops":{queue_drops},'
            f'"ring_tx_packets":{m.get_transmissions()},'
            f'"delay_samples":{m.get_delay_samples()},'
            f'"delay_mean_s":{mean:.9f},"delay_p99_s":{p99:.9f},'
            f'"delay_checksum":"{m.get_delay_checksum():016x}",'
            f'"start_checksum":"{start_checksum:016x}",'
            f'"sim_time_s":{sim_time_s:.9g},"setup_s":{setup_s:.3f},'
            f'"run_s":{run_s:.3f},"wall_s":{wall_s:.3f},'
            f'"events":{events},'
            f'"events_per_s":{events / run_s if run_s > 0 else 0:.0f},'
            f'"max_rss_kb":{max_rss_kb}')
        if fingerprint is not None:
            line += f',"fingerprint":"{fingerprint}"'
        # one rank: the per-rank arrays of a sequential run
        line += (f',"ranks":1,"simulator":"{simulator}",'
                 f'"rank_events":[{events}],"rank_messages_sent":[0],'
                 f'"rank_messages_received":[0],"rank_packets_sent":[0],'
                 f'"rank_packets_received":[0],"rank_null_messages":[0],'
                 f'"rank_windows":[0],"rank_blocked_s":[0.000000]}}')
        print(line)
        return 0
    print(f"campus-ring: {o.n_campus} campuses of "
          f"{N_ROUTERS + N_LANS * o.n_lan_clients} nodes in a ring, "
          f"{'nix-vector' if o.routing == 'nix' else 'global'} routing, "
          f"{o.protocol.upper()}, seed {Cns.rng_seed_manager_get_seed()} "
          f"run {Cns.rng_seed_manager_get_run()}\n")
    print(f"  topology   {thousands(nodes)} nodes, {thousands(w.n_links)} "
          f"links ({thousands(w.n_ring_links)} ring links)")
    if o.bytes_per_flow == 0:
        print(f"  flows      {thousands(flows)}, each sending until the "
              "stop time")
    else:
        print(f"  flows      {thousands(flows)} of "
              f"{thousands(o.bytes_per_flow)} bytes each")
    print(f"  sent       {thousands(tx_packets)} packets, "
          f"{thousands(m.get_tx_bytes())} bytes")
    print(f"  received   {thousands(rx_packets)} packets, "
          f"{thousands(m.get_rx_bytes())} bytes")
    print(f"  dropped    {thousands(dropped)} packets "
          f"({thousands(queue_drops)} in queues)")
    print(f"  ring       {thousands(m.get_transmissions())} packet "
          "transmissions on ring links")
    print(f"  delay      mean {mean * 1e3:.3f} ms, 99th percentile "
          f"{p99 * 1e3:.3f} ms (one way)")
    print(f"  simulated  {sim_time_s:g} s")
    print(f"  wall time  {wall_s:.3f} s: set-up {setup_s:.3f} s, run "
          f"{run_s:.3f} s")
    print(f"  events     {thousands(events)} "
          f"({events / run_s / 1e6 if run_s > 0 else 0:.2f} M/s)")
    print(f"  peak RSS   {max_rss_kb / 1024:.1f} MB")
    if fingerprint is not None:
        print(f"  events     fingerprint {fingerprint}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
