#!/usr/bin/env python3
# cns — the library seen from Python through GObject Introspection:
# attributes and their defaults, config paths, trace sources, scheduling,
# the command line and the flow monitor, with the values computed by hand
# for examples/first.c's scenario.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run it with the build tree's typelib and library:
#
#   GI_TYPELIB_PATH=build LD_LIBRARY_PATH=build/.libs \
#     /usr/bin/python3 tests/python/test_cns.py
#
# With --tap it reports TAP test lines (no plan) for
# tests/python/python-unittest.sh.
#
# The scenario of examples/first.c: two nodes on a 5 Mbps, 2 ms
# point-to-point link, an echo server on node 1 and a client on node 0
# sending 1024-byte packets from 2 s, one a second. A packet on the wire
# is 1024 + 8 (UDP) + 20 (IPv4) + 2 (PPP) = 1054 bytes, which take
# 1054 * 8 / 5e6 s = 1.6864 ms to send, plus 2 ms of delay: each way takes
# 3.6864 ms. Times are CnsTime, int64 picoseconds.
import subprocess
import sys
import textwrap
import unittest

import gi

gi.require_version("Cns", "1.0")
from gi.repository import Cns, GLib  # noqa: E402

PS_PER_S = 1000000000000
PAYLOAD = 1024
IP_BYTES = PAYLOAD + 8 + 20  # what the flow monitor counts
FRAME_BYTES = IP_BYTES + 2  # what the devices' MacTx and MacRx see
ONE_WAY = 3686400000  # ps: 1.6864 ms on the wire plus 2 ms of delay
CLIENT_START = 2 * PS_PER_S
CONTEXT_NONE = 0xFFFFFFFF  # CNS_CONTEXT_NONE, a macro the GIR lacks
CORE_ERROR = "cns-core-error-quark"


def first_scenario(max_packets=1, stack=True, apps=True):
    """Builds examples/first.c's topology; returns its objects by name.

    Optionally stops after the devices (stack=False) or after the
    addresses (apps=False)."""
    s = {}
    s["nodes"] = Cns.NodeContainer.new()
    s["nodes"].create(2)
    p2p = Cns.PointToPointHelper.new()
    p2p.set_device_attribute("DataRate", "5Mbps")
    p2p.set_channel_attribute("Delay", "2ms")
    s["p2p"] = p2p
    s["devices"] = p2p.install_container(s["nodes"])
    if not stack:
        return s
    s["stack"] = Cns.InternetStackHelper.new()
    s["stack"].install_container(s["nodes"])
    address = Cns.Ipv4AddressHelper.new()
    address.set_base("10.1.1.0", "255.255.255.0", None)
    s["address"] = address
    s["interfaces"] = address.assign(s["devices"])
    if not apps:
        return s
    server = Cns.UdpEchoServerHelper.new(9)
    s["server_apps"] = server.install(s["nodes"].get(1))
    s["server_apps"].start(Cns.seconds(1))
    s["server_apps"].stop(Cns.seconds(10))
    client = Cns.UdpEchoClientHelper.new(s["interfaces"].get_address(1, 0), 9)
    client.set_attribute("MaxPackets", str(max_packets))
    client.set_attribute("Interval", "1s")
    client.set_attribute("PacketSize", str(PAYLOAD))
    s["client"] = client
    s["client_apps"] = client.install(s["nodes"].get(0))
    s["client_apps"].start(Cns.seconds(2))
    s["client_apps"].stop(Cns.seconds(10))
    return s


def dotted(address):
    """An Ipv4Address as a dotted quad, from its value alone."""
    v = address.value
    return "%d.%d.%d.%d" % (v >> 24, (v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)


class SimulationTestCase(unittest.TestCase):
    """Each test starts from an empty simulation and no attribute
    defaults, and leaves it so."""

    def setUp(self):
        Cns.simulator_destroy()
        Cns.config_reset_defaults()

    def tearDown(self):
        Cns.simulator_destroy()
        Cns.config_reset_defaults()

    def assertCnsError(self, fragments, fn, *args, domain=CORE_ERROR):
        """fn(*args) raises a GLib.Error of cns's domain whose message
        names every fragment; returns the error."""
        with self.assertRaises(GLib.Error) as caught:
            fn(*args)
        error = caught.exception
        self.assertEqual(error.domain, domain, error.message)
        for fragment in fragments:
            self.assertIn(fragment, error.message)
        return error


class AttributeTests(SimulationTestCase):
    """Attribute defaults set by name and text apply to the objects made
    afterwards; helpers take attributes by text; a bad name or value
    raises GLib.Error naming it."""

    def test_default_applies_to_objects_made_afterwards(self):
        before = Cns.PointToPointNetDevice.new()
        self.assertEqual(before.get_mtu(), 1500)
        self.assertTrue(Cns.config_set_default("CnsPointToPointNetDevice::Mtu", "1400"))
        after = Cns.PointToPointNetDevice.new()
        self.assertEqual(after.get_mtu(), 1400)
        self.assertEqual(before.get_mtu(), 1500)
        s = first_scenario(stack=False)
        for i in range(2):
            self.assertEqual(s["devices"].get(i).get_mtu(), 1400)

    def test_reset_defaults(self):
        Cns.config_set_default("CnsPointToPointNetDevice::Mtu", "1400")
        Cns.config_reset_defaults()
        self.assertEqual(Cns.PointToPointNetDevice.new().get_mtu(), 1500)

    def test_default_with_a_bad_value_raises(self):
        error = self.assertCnsError(
            ["CnsPointToPointNetDevice::Mtu", "'big'"],
            Cns.config_set_default, "CnsPointToPointNetDevice::Mtu", "big")
        self.assertEqual(error.code, int(Cns.CoreError.PARSE))
        self.assertCnsError(["'70000'"], Cns.config_set_default,
                            "CnsPointToPointNetDevice::Mtu", "70000")
        # Nothing was set.
        self.assertEqual(Cns.PointToPointNetDevice.new().get_mtu(), 1500)

    def test_default_with_a_bad_name_raises(self):
        error = self.assertCnsError(["'Nope'"], Cns.config_set_default,
                                    "CnsPointToPointNetDevice::Nope", "1")
        self.assertEqual(error.code, int(Cns.CoreError.NOT_FOUND))
        self.assertCnsError(["'CnsNoSuchType'"], Cns.config_set_default,
                            "CnsNoSuchType::Mtu", "1")
        self.assertCnsError(["'Mtu'", "TypeName::Attribute"],
                            Cns.config_set_default, "Mtu", "1")

    def test_helper_device_attribute(self):
        p2p = Cns.PointToPointHelper.new()
        self.assertTrue(p2p.set_device_attribute("DataRate", "5Mbps"))
        self.assertTrue(p2p.set_device_attribute("Mtu", "9000"))
        nodes = Cns.NodeContainer.new()
        nodes.create(2)
        devices = p2p.install_container(nodes)
        self.assertEqual(devices.get_n(), 2)
        for i in range(2):
            self.assertEqual(devices.get(i).get_data_rate(), 5000000)
            self.assertEqual(devices.get(i).get_mtu(), 9000)
        p2p.set_device_attribute("DataRate", "1.5Gb/s")
        more = Cns.NodeContainer.new()
        more.create(2)
        self.assertEqual(p2p.install_container(more).get(0).get_data_rate(), 1500000000)

    def test_helper_bad_value_raises_naming_it(self):
        p2p = Cns.PointToPointHelper.new()
        self.assertCnsError(["'fast'", "DataRate"], p2p.set_device_attribute,
                            "DataRate", "fast")
        self.assertCnsError(["'soon'", "Delay"], p2p.set_channel_attribute,
                            "Delay", "soon")
        self.assertCnsError(["'Speed'"], p2p.set_device_attribute, "Speed", "5Mbps")
        client = Cns.UdpEchoClientHelper.new(Cns.Ipv4Address.parse("10.1.1.2")[1], 9)
        self.assertCnsError(["'huge'", "PacketSize"], client.set_attribute,
                            "PacketSize", "huge")


class ConfigPathTests(SimulationTestCase):
    """Config paths find the objects of a topology and set their
    attributes, all or nothing; a bad path, attribute or value raises
    GLib.Error naming the path."""

    def setUp(self):
        super().setUp()
        self.s = first_scenario(apps=False)

    def mtus(self):
        """The MTU of every device, by node: point-to-point device first,
        then the loopback the stack added."""
        nodes = self.s["nodes"]
        return [[nodes.get(i).get_device(j).get_mtu()
                 for j in range(nodes.get(i).get_n_devices())]
                for i in range(nodes.get_n())]

    def test_lookup(self):
        found = Cns.config_lookup("/NodeList/*/DeviceList/*")
        self.assertEqual([type(o).__name__ for o in found],
                         ["PointToPointNetDevice", "LoopbackNetDevice"] * 2)
        self.assertEqual(found[2], self.s["devices"].get(1))
        self.assertEqual(len(Cns.config_lookup("/NodeList/1")), 1)
        ipv4 = Cns.config_lookup("/NodeList/*/$CnsIpv4L3Protocol")
        self.assertEqual([type(o).__name__ for o in ipv4], ["Ipv4L3Protocol"] * 2)

    def test_set_one_device(self):
        self.assertEqual(self.mtus(), [[1500, 65535], [1500, 65535]])
        self.assertTrue(Cns.config_set("/NodeList/0/DeviceList/0/Mtu", "1200"))
        self.assertEqual(self.mtus(), [[1200, 65535], [1500, 65535]])

    def test_set_with_wildcards_and_type_filter(self):
        Cns.config_set("/NodeList/*/DeviceList/*/$CnsPointToPointNetDevice/Mtu", "1300")
        self.assertEqual(self.mtus(), [[1300, 65535], [1300, 65535]])
        Cns.config_set("/NodeList/1/DeviceList/*/Mtu", "1000")
        self.assertEqual(self.mtus(), [[1300, 65535], [1000, 1000]])
        # The loopback has no DataRate: it is skipped, not an error.
        Cns.config_set("/NodeList/*/DeviceList/*/DataRate", "10Mbps")
        for i in range(2):
            self.assertEqual(self.s["devices"].get(i).get_data_rate(), 10000000)

    def test_bad_paths_raise_naming_the_path(self):
        for path in ["/NodeList/5/DeviceList/0/Mtu", "/Bogus/0/Mtu",
                     "/NodeList/0/DeviceList/0/Nope"]:
            self.assertCnsError(["'%s'" % path], Cns.config_set, path, "1200")
        self.assertCnsError(["'/NodeList/0/DeviceList/0/Mtu'", "'huge'"],
                            Cns.config_set, "/NodeList/0/DeviceList/0/Mtu", "huge")
        self.assertCnsError(["'/NodeList/x/DeviceList/0'"],
                            Cns.config_lookup, "/NodeList/x/DeviceList/0")
        self.assertEqual(self.mtus(), [[1500, 65535], [1500, 65535]])

    def test_all_or_nothing(self):
        # 70000 is too big for every device: nothing changes.
        self.assertCnsError(["'70000'"], Cns.config_set,
                            "/NodeList/*/DeviceList/*/Mtu", "70000")
        self.assertEqual(self.mtus(), [[1500, 65535], [1500, 65535]])


class TraceTests(SimulationTestCase):
    """Python callables connected to trace sources, by config path or on
    one object, get (source object, Cns.Packet) at the right times and
    packet sizes; they can be disconnected; a control-plane signal
    (LinkChanged) reaches Python too; unknown sources raise GLib.Error."""

    def record(self, calls):
        """A trace sink appending (time, node id, ifindex, packet size,
        type name) to calls. The packet is read during the call: it is
        the simulation's packet, and changes after (the receiver strips
        its headers)."""
        def sink(device, packet):
            calls.append((Cns.simulator_now(), device.get_node().get_id(),
                          device.get_ifindex(), packet.get_size(),
                          type(packet).__name__))
        return sink

    def test_config_connect_mac_tx_one_echo(self):
        s = first_scenario()
        calls = []
        self.assertTrue(Cns.config_connect("/NodeList/*/DeviceList/*/MacTx",
                                           self.record(calls)))
        Cns.simulator_run()
        self.assertEqual(calls, [
            (CLIENT_START, 0, 0, FRAME_BYTES, "Packet"),
            (CLIENT_START + ONE_WAY, 1, 0, FRAME_BYTES, "Packet"),
        ])
        del s

    def test_config_connect_mac_tx_three_echoes(self):
        s = first_scenario(max_packets=3)
        calls = []
        Cns.config_connect("/NodeList/0/DeviceList/0/MacTx", self.record(calls))
        received = []
        Cns.config_connect("/NodeList/*/DeviceList/*/MacRx", self.record(received))
        Cns.simulator_run()
        self.assertEqual(calls, [(CLIENT_START + k * PS_PER_S, 0, 0, FRAME_BYTES, "Packet")
                                 for k in range(3)])
        expected = []
        for k in range(3):
            sent = CLIENT_START + k * PS_PER_S
            expected.append((sent + ONE_WAY, 1, 0, FRAME_BYTES, "Packet"))
            expected.append((sent + 2 * ONE_WAY, 0, 0, FRAME_BYTES, "Packet"))
        self.assertEqual(received, expected)
        del s

    def test_trace_connect_and_disconnect(self):
        s = first_scenario(max_packets=3)
        client_device = s["devices"].get(0)
        server_device = s["devices"].get(1)
        kept, dropped = [], []
        kept_id = Cns.trace_connect(server_device, "MacTx", self.record(kept))
        dropped_id = Cns.trace_connect(client_device, "MacTx", self.record(dropped))
        self.assertIsInstance(kept_id, int)
        self.assertNotEqual(kept_id, 0)
        self.assertNotEqual(kept_id, dropped_id)
        # Disconnect the client's sink after its first echo has come back.
        results = []
        Cns.simulator_schedule(
            Cns.seconds(2.5),
            lambda: results.append(Cns.trace_disconnect_id(client_device, "MacTx",
                                                           dropped_id)))
        Cns.simulator_run()
        self.assertEqual(results, [True])
        self.assertEqual(dropped, [(CLIENT_START, 0, 0, FRAME_BYTES, "Packet")])
        self.assertEqual([c[0] for c in kept],
                         [CLIENT_START + k * PS_PER_S + ONE_WAY for k in range(3)])
        self.assertFalse(Cns.trace_disconnect_id(client_device, "MacTx", dropped_id))
        self.assertTrue(Cns.trace_disconnect_id(server_device, "MacTx", kept_id))
        self.assertFalse(Cns.trace_disconnect_id(server_device, "MacTx", kept_id))

    def test_source_object_is_the_device(self):
        s = first_scenario()
        sources = []
        Cns.trace_connect(s["devices"].get(1), "MacRx",
                          lambda device, packet: sources.append(device))
        Cns.simulator_run()
        self.assertEqual(len(sources), 1)
        self.assertEqual(sources[0], s["devices"].get(1))

    def test_link_changed_signal(self):
        s = first_scenario(stack=False)
        device = s["devices"].get(0)
        changes = []
        sink_id = Cns.trace_connect(
            device, "LinkChanged",
            lambda source, up: changes.append((Cns.simulator_now(), source, up)))
        by_path = []
        Cns.config_connect("/NodeList/0/DeviceList/0/LinkChanged",
                           lambda source, up: by_path.append(up))
        self.assertTrue(device.is_link_up())
        Cns.simulator_schedule(Cns.seconds(1), lambda: device.set_link_up(False))
        Cns.simulator_schedule(Cns.seconds(2), lambda: device.set_link_up(True))
        # Already up: no change, no signal.
        Cns.simulator_schedule(Cns.seconds(3), lambda: device.set_link_up(True))
        Cns.simulator_run()
        self.assertEqual(changes, [(1 * PS_PER_S, device, False),
                                   (2 * PS_PER_S, device, True)])
        self.assertEqual(by_path, [False, True])
        self.assertTrue(Cns.trace_disconnect_id(device, "LinkChanged", sink_id))

    def test_ipv4_and_application_sources(self):
        s = first_scenario()
        calls = []

        def ipv4_sink(name):
            def sink(source, packet, ipv4, interface):
                calls.append((name, Cns.simulator_now(), type(source).__name__,
                              packet.get_size(), ipv4 == source, interface))
            return sink

        def app_rx(source, packet, sender):
            # Boxed arguments live only during the call: read them now.
            found, address = Cns.Ipv4Address.from_address(sender)
            calls.append(("AppRx", Cns.simulator_now(), type(source).__name__,
                          packet.get_size(), found and dotted(address)))

        try:
            Cns.config_connect("/NodeList/0/$CnsIpv4L3Protocol/Tx", ipv4_sink("Tx"))
        except GLib.Error as error:
            if "no marshal" in error.message:
                self.skipTest(error.message)
            raise
        Cns.config_connect("/NodeList/0/$CnsIpv4L3Protocol/Rx", ipv4_sink("Rx"))
        client = s["nodes"].get(0).get_application(0)
        Cns.trace_connect(client, "Rx", app_rx)
        Cns.trace_connect(client, "Tx", lambda source, packet: calls.append(
            ("AppTx", Cns.simulator_now(), type(source).__name__, packet.get_size())))
        Cns.simulator_run()
        # IPv4 interface 0 is the loopback, 1 the point-to-point device.
        self.assertEqual(calls, [
            ("AppTx", CLIENT_START, "UdpEchoClient", PAYLOAD),
            ("Tx", CLIENT_START, "Ipv4L3Protocol", IP_BYTES, True, 1),
            ("Rx", CLIENT_START + 2 * ONE_WAY, "Ipv4L3Protocol", IP_BYTES, True, 1),
            ("AppRx", CLIENT_START + 2 * ONE_WAY, "UdpEchoClient", PAYLOAD, "10.1.1.2"),
        ])

    def test_packet_copies_outlive_the_call(self):
        s = first_scenario(max_packets=2)
        copies = []
        Cns.trace_connect(s["devices"].get(0), "MacTx",
                          lambda device, packet: copies.append(packet.copy()))
        Cns.simulator_run()
        self.assertEqual([p.get_size() for p in copies], [FRAME_BYTES, FRAME_BYTES])

    def test_unknown_trace_source_raises(self):
        s = first_scenario(stack=False)
        self.assertCnsError(["'Bogus'", "CnsPointToPointNetDevice"],
                            Cns.trace_connect, s["devices"].get(0), "Bogus",
                            lambda *args: None)
        self.assertCnsError(["'/NodeList/*/DeviceList/*/Bogus'", "'Bogus'"],
                            Cns.config_connect, "/NodeList/*/DeviceList/*/Bogus",
                            lambda *args: None)
        self.assertCnsError(["'/NodeList/7/DeviceList/0/MacTx'"],
                            Cns.config_connect, "/NodeList/7/DeviceList/0/MacTx",
                            lambda *args: None)


class SchedulingTests(SimulationTestCase):
    """Python callables scheduled as events run once, at their time, in
    time order and, at equal times, in the order scheduled, with the
    extra arguments given; cancelled events do not run; events scheduled
    with a context run in it."""

    def test_runs_once_at_its_time(self):
        self.assertEqual(Cns.seconds(1.5), 1500000000000)
        self.assertEqual(Cns.simulator_now(), 0)
        runs = []
        event = Cns.simulator_schedule(Cns.seconds(1.5),
                                       lambda arg: runs.append((Cns.simulator_now(), arg)),
                                       "arg")
        self.assertIsInstance(event, Cns.EventId)
        self.assertFalse(Cns.simulator_is_expired(event))
        self.assertEqual(Cns.simulator_get_delay_left(event), 1500000000000)
        Cns.simulator_run()
        self.assertEqual(runs, [(1500000000000, "arg")])
        self.assertEqual(Cns.simulator_now(), 1500000000000)
        self.assertTrue(Cns.simulator_is_expired(event))
        self.assertTrue(Cns.simulator_is_finished())

    def test_extra_arguments(self):
        runs = []
        Cns.simulator_schedule(Cns.seconds(1), lambda *args: runs.append(args))
        Cns.simulator_schedule(Cns.seconds(2), lambda *args: runs.append(args), 42)
        Cns.simulator_schedule(Cns.seconds(3), lambda *args: runs.append(args), "a", [1])
        Cns.simulator_run()
        self.assertEqual(runs, [(), (42,), ("a", [1])])

    def test_order(self):
        runs = []
        for name, t in [("c", 3.0), ("a", 1.0), ("b1", 2.0), ("b2", 2.0), ("b3", 2.0),
                        ("a0", 0.5)]:
            Cns.simulator_schedule(Cns.seconds(t), runs.append, name)
        Cns.simulator_run()
        self.assertEqual(runs, ["a0", "a", "b1", "b2", "b3", "c"])

    def test_schedule_from_an_event(self):
        runs = []

        def outer():
            runs.append(("outer", Cns.simulator_now()))
            Cns.simulator_schedule(Cns.seconds(0.25),
                                   lambda: runs.append(("inner", Cns.simulator_now())))

        Cns.simulator_schedule(Cns.seconds(1), outer)
        Cns.simulator_run()
        self.assertEqual(runs, [("outer", 1000000000000), ("inner", 1250000000000)])

    def test_cancel(self):
        runs = []
        cancelled = Cns.simulator_schedule(Cns.seconds(1), runs.append, "cancelled")
        Cns.simulator_schedule(Cns.seconds(2), runs.append, "kept")
        later = Cns.simulator_schedule(Cns.seconds(3), runs.append, "cancelled by 2.5 s")
        Cns.simulator_schedule(Cns.seconds(2.5), lambda: Cns.simulator_cancel(later))
        Cns.simulator_cancel(cancelled)
        self.assertTrue(Cns.simulator_is_expired(cancelled))
        Cns.simulator_cancel(cancelled)  # harmless twice
        Cns.simulator_run()
        self.assertEqual(runs, ["kept"])
        self.assertEqual(Cns.simulator_now(), 2500000000000)

    def test_stop_at_and_continue(self):
        runs = []
        for t in (1, 2, 3):
            Cns.simulator_schedule(Cns.seconds(t), runs.append, t)
        Cns.simulator_stop_at(Cns.seconds(2.5))
        Cns.simulator_run()
        self.assertEqual((runs, Cns.simulator_now()), ([1, 2], 2500000000000))
        Cns.simulator_run()
        self.assertEqual((runs, Cns.simulator_now()), ([1, 2, 3], 3000000000000))

    def test_destroy_resets_time_and_drops_events(self):
        runs = []
        Cns.simulator_schedule(Cns.seconds(1), runs.append, "first")
        Cns.simulator_run()
        Cns.simulator_schedule(Cns.seconds(1), runs.append, "dropped")
        Cns.simulator_destroy()
        self.assertEqual(Cns.simulator_now(), 0)
        Cns.simulator_run()
        self.assertEqual(runs, ["first"])

    def test_with_context(self):
        # cns_simulator_schedule_with_context_func, renamed for bindings
        schedule = Cns.simulator_schedule_with_context
        runs = []

        def note(label):
            runs.append((label, Cns.simulator_now(), Cns.simulator_get_context()))
            if label == "on node 7":
                Cns.simulator_schedule(Cns.seconds(1), note, "inherits 7")

        schedule(7, Cns.seconds(0.5), note, "on node 7")
        Cns.simulator_schedule(Cns.seconds(1), note, "no context")
        Cns.simulator_run()
        self.assertEqual(runs, [("on node 7", 500000000000, 7),
                                ("no context", 1000000000000, CONTEXT_NONE),
                                ("inherits 7", 1500000000000, 7)])


class CommandLineTests(SimulationTestCase):
    """CommandLine options declared by kind and default text, parsed from
    a Python list; bad kinds, defaults and values raise GLib.Error naming
    the option; parse() exits 2 on a bad value, as in C."""

    def make(self):
        cmd = Cns.CommandLine.new("x")
        self.assertTrue(cmd.add_value("nCampus", "campuses", "uint", "4"))
        cmd.add_value("stop", "when to stop", "time", "10ms")
        cmd.add_value("name", "a name", "string", "abc")
        cmd.add_value("verbose", "say more", "boolean", "false")
        cmd.add_value("ratio", "a ratio", "double", "0.5")
        cmd.add_value("rate", "a rate", "data-rate", "5Mbps")
        cmd.add_value("offset", "an offset", "int64", "-3")
        return cmd

    def value(self, cmd, name):
        """The option's value, as get_value() returns it."""
        return cmd.get_value(name)

    def test_defaults(self):
        cmd = self.make()
        self.assertEqual([self.value(cmd, name) for name in
                          ["nCampus", "stop", "name", "verbose", "ratio", "rate", "offset"]],
                         [4, 10000000000, "abc", False, 0.5, 5000000, -3])

    def test_get_value(self):
        cmd = self.make()
        self.assertEqual(cmd.get_value("nCampus"), 4)
        cmd.parse(["prog", "--nCampus=7"])
        self.assertEqual(cmd.get_value("nCampus"), 7)
        self.assertCnsError(["--nope"], cmd.get_value, "nope")

    def test_parse(self):
        cmd = self.make()
        rest = cmd.parse(["prog", "--nCampus=7", "--stop=1.5s", "--name=zz",
                          "--verbose", "--ratio=2.25", "--rate=1Gbps", "--offset", "-9"])
        self.assertEqual(rest, ["prog"])
        self.assertEqual([self.value(cmd, name) for name in
                          ["nCampus", "stop", "name", "verbose", "ratio", "rate", "offset"]],
                         [7, 1500000000000, "zz", True, 2.25, 1000000000, -9])

    def test_try_parse(self):
        cmd = self.make()
        self.assertEqual(tuple(cmd.try_parse(["prog", "--nCampus", "9"])), (True, ["prog"]))
        self.assertEqual(self.value(cmd, "nCampus"), 9)
        cmd.set_takes_arguments(True)
        self.assertEqual(tuple(cmd.try_parse(["prog", "left", "--nCampus=3", "right"])),
                         (True, ["prog", "left", "right"]))
        self.assertEqual(self.value(cmd, "nCampus"), 3)

    def test_bad_kind_or_default_raises(self):
        cmd = Cns.CommandLine.new("x")
        self.assertCnsError(["--colour", "'bool'"], cmd.add_value, "colour", "h",
                            "bool", "false")
        self.assertCnsError(["--n", "'many'"], cmd.add_value, "n", "h", "uint", "many")
        self.assertCnsError(["--n", "'-1'"], cmd.add_value, "n", "h", "uint", "-1")
        self.assertCnsError(["--stop", "'soon'"], cmd.add_value, "stop", "h", "time", "soon")
        cmd.add_value("n", "h", "uint", "1")
        self.assertCnsError(["'n'"], cmd.add_value, "n", "h", "uint", "2")
        self.assertEqual(self.value(cmd, "n"), 1)

    def test_try_parse_bad_value_raises_naming_the_option(self):
        cmd = self.make()
        self.assertCnsError(["--nCampus", "'lots'"], cmd.try_parse,
                            ["prog", "--nCampus=lots"])
        self.assertCnsError(["--stop", "'later'"], cmd.try_parse, ["prog", "--stop=later"])
        self.assertCnsError(["--bogus"], cmd.try_parse, ["prog", "--bogus=1"])
        self.assertCnsError(["'pos'"], cmd.try_parse, ["prog", "pos"])
        self.assertEqual(self.value(cmd, "nCampus"), 4)

    def test_parse_exits_2_on_a_bad_value(self):
        script = textwrap.dedent("""
            import gi
            gi.require_version("Cns", "1.0")
            from gi.repository import Cns
            cmd = Cns.CommandLine.new("x")
            cmd.add_value("nCampus", "h", "uint", "4")
            cmd.parse(["prog", "--nCampus=lots"])
            print("parse returned")
            """)
        done = subprocess.run([sys.executable, "-c", script], capture_output=True,
                              text=True, timeout=60)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("--nCampus", done.stderr)
        self.assertIn("'lots'", done.stderr)
        self.assertNotIn("parse returned", done.stdout)


class FlowMonitorTests(SimulationTestCase):
    """The flow monitor installed on both nodes of first.c's scenario
    sees the two UDP flows, each way, with the exact packets, bytes and
    delays."""

    def check(self, max_packets, install):
        s = first_scenario(max_packets=max_packets)
        helper = Cns.FlowMonitorHelper.new()
        monitor = install(helper, s["nodes"])
        Cns.simulator_run()
        monitor.check_for_lost_packets()
        self.assertEqual(monitor.get_n_flows(), 2)
        expected = {
            1: ("10.1.1.1", 49153, "10.1.1.2", 9, CLIENT_START),
            2: ("10.1.1.2", 9, "10.1.1.1", 49153, CLIENT_START + ONE_WAY),
        }
        for flow_id, (src, sport, dst, dport, first_tx) in expected.items():
            t = monitor.get_five_tuple(flow_id)
            self.assertEqual((dotted(t.source), t.source_port, dotted(t.destination),
                              t.destination_port, t.protocol),
                             (src, sport, dst, dport, 17))
            st = monitor.get_stats(flow_id)
            last_tx = first_tx + (max_packets - 1) * PS_PER_S
            self.assertEqual(
                (st.tx_packets, st.rx_packets, st.tx_bytes, st.rx_bytes,
                 st.lost_packets, st.times_forwarded),
                (max_packets, max_packets, max_packets * IP_BYTES,
                 max_packets * IP_BYTES, 0, 0))
            self.assertEqual((st.time_first_tx, st.time_first_rx, st.time_last_tx,
                              st.time_last_rx),
                             (first_tx, first_tx + ONE_WAY, last_tx, last_tx + ONE_WAY))
            self.assertEqual((st.delay_sum, st.min_delay, st.max_delay, st.jitter_sum),
                             (max_packets * ONE_WAY, ONE_WAY, ONE_WAY, 0))
            for reason in (Cns.FlowDropReason.DROP_NO_ROUTE, Cns.FlowDropReason.DROP_QUEUE):
                self.assertEqual(monitor.get_packets_dropped(flow_id, reason), 0)
        self.assertIs(helper.get_monitor(), monitor)
        return monitor

    def test_one_echo(self):
        self.check(1, lambda helper, nodes: helper.install(nodes))

    def test_three_echoes_install_all(self):
        self.check(3, lambda helper, nodes: helper.install_all())


class PacketTests(SimulationTestCase):
    """Cns.Packet from Python: sizes, padding, fragments and copies."""

    def test_sizes(self):
        p = Cns.Packet.new(100)
        self.assertEqual(p.get_size(), 100)
        p.add_padding(20)
        self.assertEqual(p.get_size(), 120)
        p.remove_at_start(30)
        p.remove_at_end(10)
        self.assertEqual(p.get_size(), 80)
        self.assertEqual(p.create_fragment(10, 25).get_size(), 25)
        copy = p.copy()
        copy.add_padding(1)
        self.assertEqual((p.get_size(), copy.get_size()), (80, 81))
        self.assertEqual(copy.get_uid(), p.get_uid())
        self.assertNotEqual(Cns.Packet.new(1).get_uid(), p.get_uid())

    def test_bytes(self):
        p = Cns.Packet.new_from_data(b"cns!")
        p.add_padding(3)
        self.assertEqual(p.get_bytes().get_data(), b"cns!\0\0\0")
        self.assertEqual(Cns.Packet.new(0).get_bytes().get_data(), b"")


class SocketTests(SimulationTestCase):
    """A UDP socket read from Python: the receive callback runs as each
    echo request arrives (100 bytes, a 130-byte frame at 5 Mb/s: 208 us,
    plus 2 ms), and None stops it."""

    def test_recv_callback(self):
        nodes = Cns.NodeContainer.new()
        nodes.create(2)
        p2p = Cns.PointToPointHelper.new()
        p2p.set_device_attribute("DataRate", "5Mbps")
        p2p.set_channel_attribute("Delay", "2ms")
        devices = p2p.install_container(nodes)
        Cns.InternetStackHelper.new().install_container(nodes)
        addresses = Cns.Ipv4AddressHelper.new()
        addresses.set_base("10.1.1.0", "255.255.255.0", None)
        interfaces = addresses.assign(devices)
        sock = Cns.Socket.create(nodes.get(1), Cns.UdpSocketFactory)
        _, local = Cns.InetSocketAddress.parse("0.0.0.0:9")
        sock.bind(local.to_address())
        got = []

        def on_recv(socket):
            while True:
                packet = socket.recv(65535, 0)
                if packet is None:
                    break
                got.append((Cns.simulator_now(), packet.get_size()))
            if len(got) == 2:
                socket.set_recv_callback(None)

        sock.set_recv_callback(on_recv)
        client = Cns.UdpEchoClientHelper.new(interfaces.get_address(1, 0), 9)
        client.set_attribute("MaxPackets", "3")
        client.set_attribute("Interval", "1s")
        client.set_attribute("PacketSize", "100")
        apps = client.install(nodes.get(0))
        apps.start(Cns.seconds(1))
        apps.stop(Cns.seconds(10))
        Cns.simulator_run()
        self.assertEqual(got, [(1002208000000, 100), (2002208000000, 100)])
        self.assertEqual(sock.get_rx_available(), 100)


class AggregateTests(SimulationTestCase):
    """CnsObject's aggregate from Python: a node's IPv4 layer by type."""

    def test_node_get_ipv4(self):
        nodes = Cns.NodeContainer.new()
        nodes.create(1)
        node = nodes.get(0)
        self.assertIsNone(node.get(Cns.Ipv4L3Protocol.__gtype__))
        Cns.InternetStackHelper.new().install_container(nodes)
        ipv4 = node.get(Cns.Ipv4L3Protocol.__gtype__)
        self.assertIsInstance(ipv4, Cns.Ipv4L3Protocol)
        self.assertIs(node.get(Cns.Node.__gtype__), node)


class AddressTests(SimulationTestCase):
    """Cns.Ipv4Address from Python: parsing, its value, and its dotted
    text (methods taking the struct by value are shadowed by ones taking
    a pointer, which GI can call)."""

    def test_parse_and_to_string(self):
        found, address = Cns.Ipv4Address.parse("10.1.1.2")
        self.assertTrue(found)
        self.assertEqual(address.value, 0x0A010102)
        self.assertEqual(address.to_string(), "10.1.1.2")
        self.assertCnsError(["'10.1.1'"], Cns.Ipv4Address.parse, "10.1.1",
                            domain="cns-internet-error-quark")

    def test_assigned_addresses(self):
        s = first_scenario(apps=False)
        self.assertEqual([s["interfaces"].get_address(i, 0).to_string() for i in range(2)],
                         ["10.1.1.1", "10.1.1.2"])


class TapResult(unittest.TextTestResult):
    """Reports each test as a TAP line (no plan), its failure as "# "
    comment lines: for tests/python/python-unittest.sh."""

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, 0)
        self.number = 0

    def tap(self, status, test, directive="", detail=None):
        self.number += 1
        line = "%s %d - %s.%s" % (status, self.number, type(test).__name__,
                                   test._testMethodName)
        print(line + directive, flush=True)
        if detail:
            for text in detail.rstrip("\n").split("\n"):
                print("#   " + text, flush=True)

    def addSuccess(self, test):
        super().addSuccess(test)
        self.tap("ok", test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.tap("not ok", test, "", self.failures[-1][1])

    def addError(self, test, err):
        super().addError(test, err)
        self.tap("not ok", test, "", self.errors[-1][1])

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.tap("ok", test, " # SKIP " + reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.tap("not ok", test, " # TODO known gap in the bindings")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.tap("ok", test, " # TODO fixed? remove @expectedFailure")

    def printErrors(self):
        pass


if __name__ == "__main__":
    if "--tap" in sys.argv[1:]:
        sys.argv.remove("--tap")
        runner = unittest.TextTestRunner(stream=sys.stderr, resultclass=TapResult,
                                         verbosity=0)
        unittest.main(testRunner=runner)
    else:
        unittest.main(verbosity=2)
