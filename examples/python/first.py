#!/usr/bin/env python3
# cns — examples/first.c in Python: two nodes on a 5 Mbps, 2 ms
# point-to-point link, a UDP echo client on node 0 sending one 1024-byte
# packet to the server on node 1 at 2 s. Prints what examples/first prints.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   ./waf --pyrun examples/python/first.py
import sys

import gi

gi.require_version("Cns", "1.0")
from gi.repository import Cns, GLib  # noqa: E402


def print_message(level, fields, n_fields, user_data):
    """Prints cns's log records without their prefix, as first.c does."""
    line = Cns.log_format_fields(fields)
    if line is None or "] " not in line:
        return Cns.log_writer(level, fields, user_data)
    print(line.split("] ", 1)[1], flush=True)
    return GLib.LogWriterOutput.HANDLED


def main(argv):
    # GLib takes one writer per process: set it before cns sets its own.
    Cns.log_set_install_writer(False)
    GLib.log_set_writer_func(print_message, None)
    cmd = Cns.CommandLine.new("first")
    cmd.parse(argv)

    Cns.log_enable("cns-udp-echo-client", Cns.LogLevel.INFO)
    Cns.log_enable("cns-udp-echo-server", Cns.LogLevel.INFO)

    nodes = Cns.NodeContainer.new()
    nodes.create(2)
    p2p = Cns.PointToPointHelper.new()
    p2p.set_device_attribute("DataRate", "5Mbps")
    p2p.set_channel_attribute("Delay", "2ms")
    devices = p2p.install_container(nodes)

    stack = Cns.InternetStackHelper.new()
    stack.install_container(nodes)
    address = Cns.Ipv4AddressHelper.new()
    address.set_base("10.1.1.0", "255.255.255.0", None)
    interfaces = address.assign(devices)

    server = Cns.UdpEchoServerHelper.new(9)
    server_apps = server.install(nodes.get(1))
    server_apps.start(Cns.seconds(1))
    server_apps.stop(Cns.seconds(10))

    client = Cns.UdpEchoClientHelper.new(interfaces.get_address(1, 0), 9)
    client.set_attribute("MaxPackets", "1")
    client.set_attribute("Interval", "1s")
    client.set_attribute("PacketSize", "1024")
    client_apps = client.install(nodes.get(0))
    client_apps.start(Cns.seconds(2))
    client_apps.stop(Cns.seconds(10))

    Cns.simulator_run()
    Cns.simulator_destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
