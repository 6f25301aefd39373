// tcp-dumbbell.cc -- ns-3.37 peer of cns's utils/bench/bench-tcp: N parallel
// TCP bulk transfers across a dumbbell, the same topology, TCP settings,
// routing and counting, and the same JSON fields.
//
// N senders, each on its own access link (1 Gbps, 1 ms, DropTail 100p) to
// router L; the bottleneck L-R (1 Gbps, 10 ms, DropTail 1000p); N receivers
// behind R on the same access links. Sender i runs a BulkSend (MaxBytes 0,
// SendSize 1448) to a PacketSink on receiver i, started at 0.1 * i / N s.
// TCP: NewReno with classic (RFC 6582/6675) recovery instead of ns-3.37's
// defaults Cubic and PRR, SegmentSize 1448, InitialCwnd 10, DelAckCount 2,
// SndBuf/RcvBuf 131072, SACK, timestamps and window scaling on (defaults),
// MinRto 1 s (default), ConnTimeout 1 s (ns-3's default is 3 s; cns retries
// a SYN after its initial RTO of 1 s). Differences that remain: ns-3.37's
// NewReno grows cwnd by one segment per ACK in slow start and by
// SegmentSize^2/cwnd per ACK in congestion avoidance, where cns counts the
// segments each ACK covers (RFC 3465), so with delayed ACKs cns's windows
// grow faster and it drops more; after a retransmitted SYN cns starts with a
// one-segment window and a 3 s RTO (RFC 5681 3.1, RFC 6298 5.7), ns-3 does
// not. The traffic-control queue discs that Ipv4AddressHelper::Assign
// installs (FqCoDel) are removed, as cns has none: packets go straight to
// the device queues, and a packet that finds its device queue stopped is
// dropped by the traffic-control layer.
//
// Routing is static: a default route on every end host, one route on L and
// R to the far side's /9 (senders' links are /30s from 10.0.0.0/9,
// receivers' from 10.128.0.0/9, the bottleneck is 192.168.0.0/30). The
// stack is InternetStackHelper's default (list routing: static, then
// global, which is never populated). Note that ns-3's static routing scans
// all its routes for each lookup and Ipv4L3Protocol checks every interface
// for a local address, so on L and R each packet costs O(N).
//
// Segments: TCP segments with payload sent by the senders (first
// transmissions and retransmissions), counted on the senders' Ipv4L3Protocol
// SendOutgoing trace by the data offset in the TCP header's 13th byte.
// Heap bytes come from mallinfo2(), as in bench-tcp: bytes_per_connection_apps
// is the growth across making and installing the two applications of each
// flow; bytes_per_connection the growth from before the applications until
// every sink has received its first bytes (checked every 1 ms from the last
// start; the end of the run if some never did), per flow. drops: packets
// for the bottleneck (L to R) that its device queue did not take. Without a
// queue disc, ns-3's traffic-control layer discards a packet, untraced, when
// the device has stopped its queue (it does so when the queue has no room
// for a full-size packet), so they are counted as the packets L's IPv4 layer
// sent on that interface (its Tx trace) less those the queue received, plus
// the queue's own drops.
//
//   tcp-dumbbell [--flows=N] [--simTime=SECONDS]
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <malloc.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <vector>

using namespace ns3;

namespace
{

const uint16_t kPort = 9;
const double kStartSpread = 0.1;

uint64_t g_segments = 0;

size_t
HeapBytes()
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

double
NowS()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void
CountSegment(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface)
{
    uint8_t bytes[13];

    if (header.GetProtocol() == 6 && packet->CopyData(bytes, sizeof bytes) == sizeof bytes &&
        packet->GetSize() > uint32_t(bytes[12] >> 4) * 4)
    {
        g_segments++;
    }
}

uint32_t g_bottleneckInterface = 0;
uint64_t g_offered = 0;

// Tx of L's IPv4 layer: a packet handed towards the bottleneck device.
void
CountOffered(Ptr<const Packet>, Ptr<Ipv4>, uint32_t interface)
{
    if (interface == g_bottleneckInterface)
    {
        g_offered++;
    }
}

struct Established
{
    std::vector<Ptr<PacketSink>> sinks;
    size_t next = 0;
    bool done = false;
    size_t heap = 0;
    double at = 0;
};

void
CheckEstablished(Established* e)
{
    while (e->next < e->sinks.size() && e->sinks[e->next]->GetTotalRx() > 0)
    {
        e->next++;
    }
    if (e->next < e->sinks.size())
    {
        Simulator::Schedule(MilliSeconds(1), &CheckEstablished, e);
        return;
    }
    e->done = true;
    e->heap = HeapBytes();
    e->at = Simulator::Now().GetSeconds();
}

// One access link from host to router, its /30 from addresses, no queue
// disc; the host's default route points at the router.
Ipv4InterfaceContainer
AddAccessLink(PointToPointHelper& p2p,
              Ipv4AddressHelper& addresses,
              Ptr<Node> host,
              Ptr<Node> router)
{
    NetDeviceContainer devices = p2p.Install(host, router);
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    TrafficControlHelper tch;
    Ipv4StaticRoutingHelper routing;

    tch.Uninstall(devices);
    addresses.NewNetwork();
    routing.GetStaticRouting(host->GetObject<Ipv4>())
        ->SetDefaultRoute(interfaces.GetAddress(1), interfaces.Get(0).second);
    return interfaces;
}

} // namespace

int
main(int argc, char** argv)
{
    uint32_t flows = 1;
    double simTime = 10;
    CommandLine cmd;
    cmd.AddValue("flows", "number of flows", flows);
    cmd.AddValue("simTime", "simulated seconds", simTime);
    cmd.Parse(argc, argv);

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TcpClassicRecovery::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(131072));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(131072));
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(Seconds(1)));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::BulkSendApplication::SendSize", UintegerValue(1448));
    Config::SetDefault("ns3::BulkSendApplication::MaxBytes", UintegerValue(0));
    Config::SetDefault("ns3::PacketSink::Protocol", StringValue("ns3::TcpSocketFactory"));

    double t0 = NowS();
    NodeContainer routers;
    NodeContainer senders;
    NodeContainer receivers;
    routers.Create(2);
    senders.Create(flows);
    receivers.Create(flows);
    Ptr<Node> left = routers.Get(0);
    Ptr<Node> right = routers.Get(1);
    InternetStackHelper stack;
    stack.SetIpv6StackInstall(false);
    stack.Install(routers);
    stack.Install(senders);
    stack.Install(receivers);

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    access.SetChannelAttribute("Delay", StringValue("1ms"));
    access.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("100p"));
    PointToPointHelper bottleneckLink;
    bottleneckLink.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    bottleneckLink.SetChannelAttribute("Delay", StringValue("10ms"));
    bottleneckLink.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1000p"));

    NetDeviceContainer bottleneckDevices = bottleneckLink.Install(left, right);
    Ipv4AddressHelper bottleneckAddresses("192.168.0.0", "255.255.255.252");
    Ipv4InterfaceContainer bottleneck = bottleneckAddresses.Assign(bottleneckDevices);
    TrafficControlHelper tch;
    tch.Uninstall(bottleneckDevices);
    Ipv4StaticRoutingHelper routing;
    routing.GetStaticRouting(left->GetObject<Ipv4>())
        ->AddNetworkRouteTo(Ipv4Address("10.128.0.0"),
                            Ipv4Mask("/9"),
                            bottleneck.GetAddress(1),
                            bottleneck.Get(0).second);
    routing.GetStaticRouting(right->GetObject<Ipv4>())
        ->AddNetworkRouteTo(Ipv4Address("10.0.0.0"),
                            Ipv4Mask("/9"),
                            bottleneck.GetAddress(0),
                            bottleneck.Get(1).second);

    Ipv4AddressHelper senderAddresses("10.0.0.0", "255.255.255.252");
    Ipv4AddressHelper receiverAddresses("10.128.0.0", "255.255.255.252");
    std::vector<Ipv4Address> receiverAddress(flows);
    for (uint32_t i = 0; i < flows; i++)
    {
        AddAccessLink(access, senderAddresses, senders.Get(i), left);
        receiverAddress[i] =
            AddAccessLink(access, receiverAddresses, receivers.Get(i), right).GetAddress(0);
        // the counter, connected before the measurements start
        senders.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "SendOutgoing",
            MakeCallback(&CountSegment));
    }
    Ptr<Queue<Packet>> bottleneckQueue =
        DynamicCast<PointToPointNetDevice>(bottleneckDevices.Get(0))->GetQueue();
    g_bottleneckInterface = bottleneck.Get(0).second;
    left->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext("Tx",
                                                                  MakeCallback(&CountOffered));

    Established established;
    established.sinks.reserve(flows);
    size_t beforeApps = HeapBytes();
    for (uint32_t i = 0; i < flows; i++)
    {
        Ptr<BulkSendApplication> source = CreateObject<BulkSendApplication>();
        Ptr<PacketSink> sink = CreateObject<PacketSink>();

        source->SetAttribute("Remote", AddressValue(InetSocketAddress(receiverAddress[i], kPort)));
        source->SetStartTime(Seconds(kStartSpread * i / flows));
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), kPort)));
        senders.Get(i)->AddApplication(source);
        receivers.Get(i)->AddApplication(sink);
        established.sinks.push_back(sink);
    }
    size_t afterApps = HeapBytes();
    Simulator::Schedule(Seconds(kStartSpread * (flows - 1) / flows), &CheckEstablished, &established);
    double setup = NowS() - t0;

    Simulator::Stop(Seconds(simTime));
    double t1 = NowS();
    Simulator::Run();
    double run = NowS() - t1;

    size_t heapAt = established.done ? established.heap : HeapBytes();
    uint64_t received = 0;
    for (auto& sink : established.sinks)
    {
        received += sink->GetTotalRx();
    }
    // what reached the device queue, and what it or the traffic-control
    // layer (its device queue stopped) refused
    uint64_t drops = g_offered - bottleneckQueue->GetTotalReceivedPackets() +
                     bottleneckQueue->GetTotalDroppedPackets();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("{\"bench\":\"tcp\",\"sim\":\"ns-3.37\",\"flows\":%u,\"sim_s\":%g,\"segments\":%llu,"
           "\"setup_s\":%.3f,\"run_s\":%.3f,\"segments_per_s\":%.0f,\"events\":%llu,"
           "\"goodput_mbps\":%.2f,\"drops\":%llu,",
           flows,
           simTime,
           (unsigned long long)g_segments,
           setup,
           run,
           g_segments / run,
           (unsigned long long)Simulator::GetEventCount(),
           received * 8 / simTime / 1e6,
           (unsigned long long)drops);
    if (established.done)
    {
        printf("\"established_s\":%.3f,", established.at);
    }
    else
    {
        printf("\"established_s\":null,");
    }
    printf("\"bytes_per_connection_apps\":%.1f,\"bytes_per_connection\":%.1f,"
           "\"max_rss_kb\":%ld}\n",
           double(afterApps - beforeApps) / flows,
           double(heapAt - beforeApps) / flows,
           ru.ru_maxrss);
    fflush(stdout);
    Simulator::Destroy();
    return 0;
}
