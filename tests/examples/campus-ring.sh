#!/bin/sh
# campus-ring with 2 and 3 campuses of small LANs: the counts of nodes
# (34 + 12 x clients per campus), links (39 + 12 x clients per campus,
# plus nConCon per campus on the ring) and flows; every byte sent is
# received, nothing dropped; --remotePct=0 keeps the ring links silent;
# the same seed gives the same JSON apart from wall-clock figures, another
# --run other start times; nix-vector and global routing give the same
# totals, the same per-flow delays and byte-identical pcap files; the
# flow monitor's XML answers XPath queries (skipped without xmllint); the
# plot files; endless flows (--bytesPerFlow=0) for 20 s and 200 s keep
# the same packets in flight and, outside sanitizer builds, the same peak
# RSS within 5 %; bad options exit 2 naming the option. Reports TAP.
set -u
ring=${top_builddir:-..}/examples/campus-ring
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
}

check () {
  # check NAME CONDITION...: ok when the test command succeeds
  name=$1
  shift
  if "$@"; then ok "$name"; else not_ok "$name"; fi
}

field () {
  # the value of a numeric or string field in a JSON line
  printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

# the JSON line without the fields that depend on the wall clock
deterministic () {
  printf '%s\n' "$1" | sed -e 's/"setup_s":[^,]*,//' -e 's/"run_s":[^,]*,//' \
    -e 's/"wall_s":[^,]*,//' -e 's/"events_per_s":[^,]*,//' \
    -e 's/,"max_rss_kb":[^}]*//'
}

echo "1..53"

small="--nLANClients=2 --bytesPerFlow=5120 --stopTime=20s --json"

# ---- counts, delivery ----
for c in 2 3; do
  out=$("$ring" --nCampus=$c $small 2>"$tmp/err")
  check "$c campuses: exit 0, one JSON line, nothing on stderr" \
    test $? -eq 0 -a "$(printf '%s\n' "$out" | wc -l)" -eq 1 -a ! -s "$tmp/err"
  check "$c campuses: $((c * 58)) nodes, $((c * 63 + c)) links, $((c * 24)) flows" \
    test "$(field "$out" nodes)" = $((c * 58)) \
    -a "$(field "$out" links)" = $((c * 63 + c)) \
    -a "$(field "$out" ring_links)" = $c -a "$(field "$out" flows)" = $((c * 24))
  # 10 packets of 512 bytes per flow
  check "$c campuses: every packet and byte sent is received, none dropped" \
    test "$(field "$out" tx_packets)" = $((c * 240)) \
    -a "$(field "$out" rx_packets)" = $((c * 240)) \
    -a "$(field "$out" rx_bytes)" = $((c * 240 * 512)) \
    -a "$(field "$out" tx_bytes)" = $((c * 240 * 512)) \
    -a "$(field "$out" dropped_packets)" = 0 \
    -a "$(field "$out" queue_drops)" = 0 \
    -a "$(field "$out" delay_samples)" = $((c * 240))
  # each remote packet crosses exactly one ring link
  check "$c campuses: every packet crosses the ring once" \
    test "$(field "$out" ring_tx_packets)" = $((c * 240))
  eval "out$c=\$out"
done

# the shortest path: server, Net1 router(s), Net0[2], Net0[0], the ring,
# then down to the client; at least 200 ms on the ring and 10 router links
delay=$(field "$out2" delay_mean_s)
check "the mean delay is between 0.2 and 0.3 s ($delay)" \
  awk "BEGIN { exit !($delay > 0.2 && $delay < 0.3) }"
p99=$(field "$out2" delay_p99_s)
check "the 99th percentile is above the mean and below 0.3 s ($p99)" \
  awk "BEGIN { exit !($p99 >= $delay && $p99 < 0.3) }"

out=$("$ring" --nCampus=3 --nConCon=2 $small)
check "nConCon=2: 2 x 3 ring links, 2 flows per client, all delivered" \
  test "$(field "$out" links)" = $((3 * 63 + 6)) \
  -a "$(field "$out" flows)" = 144 \
  -a "$(field "$out" rx_packets)" = 1440 \
  -a "$(field "$out" dropped_packets)" = 0

# ---- TCP ----
# each flow a connection: the 10 writes of 512 bytes arrive in as many
# reads at this rate, all bytes delivered, the segments and their ACKs
# (and the hand-shakes) on the ring
out=$("$ring" --nCampus=3 --protocol=tcp $small 2>"$tmp/err")
check "--protocol=tcp: exit 0, one JSON line, nothing on stderr" \
  test $? -eq 0 -a "$(printf '%s\n' "$out" | wc -l)" -eq 1 -a ! -s "$tmp/err"
check "--protocol=tcp: every byte arrives, in 720 segments and reads" \
  test "$(field "$out" protocol)" = tcp \
  -a "$(field "$out" tx_packets)" = 720 -a "$(field "$out" rx_packets)" = 720 \
  -a "$(field "$out" tx_bytes)" = $((720 * 512)) \
  -a "$(field "$out" rx_bytes)" = $((720 * 512)) \
  -a "$(field "$out" dropped_packets)" = 0
check "--protocol=tcp: the same servers and start times as UDP" \
  test "$(field "$out" start_checksum)" = "$(field "$out3" start_checksum)"
check "--protocol=tcp: ACKs and hand-shakes cross the ring too ($(field "$out" ring_tx_packets))" \
  test "$(field "$out" ring_tx_packets)" -gt 720

# ---- where traffic goes ----
out=$("$ring" --nCampus=3 --remotePct=0 $small)
check "--remotePct=0: no packet on the ring, all delivered" \
  test "$(field "$out" ring_tx_packets)" = 0 \
  -a "$(field "$out" rx_packets)" = 720 -a "$(field "$out" dropped_packets)" = 0
# the draws of servers and start times do not depend on remotePct
check "--remotePct=0 keeps the start times" \
  test "$(field "$out" start_checksum)" = "$(field "$out3" start_checksum)"
local=$(field "$out" delay_mean_s)
check "local flows are faster than remote ones ($local s)" \
  awk "BEGIN { exit !($local < 0.1) }"
out=$("$ring" --nCampus=3 --remotePct=50 $small)
ring_tx=$(field "$out" ring_tx_packets)
check "--remotePct=50: some but not all packets cross the ring ($ring_tx)" \
  test "$ring_tx" -gt 0 -a "$ring_tx" -lt 720 -a "$(( ring_tx % 10 ))" = 0

# ---- determinism ----
again=$("$ring" --nCampus=3 $small)
check "the same seed gives the same JSON (wall-clock fields aside)" \
  test "$(deterministic "$again")" = "$(deterministic "$out3")"
other=$("$ring" --nCampus=3 --run=2 $small)
check "--run=2 draws other start times and servers" \
  test "$(field "$other" start_checksum)" != "$(field "$out3" start_checksum)" \
  -a "$(field "$other" delay_checksum)" != "$(field "$out3" delay_checksum)"
check "--run=2 still delivers everything" \
  test "$(field "$other" rx_packets)" = 720 -a "$(field "$other" run)" = 2
seeded=$("$ring" --nCampus=3 --seed=7 $small)
check "--seed=7 draws other start times" \
  test "$(field "$seeded" start_checksum)" != "$(field "$out3" start_checksum)" \
  -a "$(field "$seeded" seed)" = 7

# ---- nix-vector and global routing ----
mkdir "$tmp/nix" "$tmp/global"
nix=$("$ring" --nCampus=2 --pcap="$tmp/nix/" $small)
global=$("$ring" --nCampus=2 --routing=global --pcap="$tmp/global/" $small)
check "global routing: the same received totals" \
  test "$(field "$global" rx_packets)" = "$(field "$nix" rx_packets)" \
  -a "$(field "$global" rx_bytes)" = "$(field "$nix" rx_bytes)" \
  -a "$(field "$global" routing)" = global
check "global routing: the same per-flow delays" \
  test "$(field "$global" delay_checksum)" = "$(field "$nix" delay_checksum)"
files=$(ls "$tmp/nix" | wc -l)
same=0
for f in "$tmp"/nix/*.pcap; do
  cmp -s "$f" "$tmp/global/$(basename "$f")" && same=$((same + 1))
done
# one file per device: two per link
check "global routing: the same $files pcap files, byte for byte" \
  test "$files" -eq $((2 * 128)) -a "$same" -eq "$files"
# each frame is in the files of both ends of its link, 16 bytes of
# record header and 2 + 20 + 8 + 512 of PPP, IPv4, UDP and data; each of
# the 240 packets takes at least 8 links (server to Net0[0], the ring,
# Net0[0] to the client's switch and the client)
bytes=$(cat "$tmp"/nix/*.pcap | wc -c)
check "the pcap files hold the packets ($bytes bytes)" test "$bytes" -gt $((240 * 8 * 2 * 558))

# ---- flow monitor ----
out=$("$ring" --nCampus=2 --flowmon="$tmp/flows.xml" $small)
# the same JSON, but for the monitor's own events and the count of flows
check "--flowmon: a monitored run gives the same results, plus the flows" \
  test "$(deterministic "$out" | sed 's/,"events":[0-9]*//')" \
    = "$(deterministic "$out2" | sed 's/,"events":[0-9]*//')" \
  -a "$(field "$out" monitored_flows)" = 48
if command -v xmllint >/dev/null 2>&1; then
  xpath () { xmllint --xpath "$1" "$tmp/flows.xml" 2>/dev/null; }
  check "--flowmon: one FlowStats/Flow per flow, one classifier flow to port 9999 each" \
    test "$(xpath 'count(/FlowMonitor/FlowStats/Flow)')" = 48 \
    -a "$(xpath "count(/FlowMonitor/Ipv4FlowClassifier/Flow[@protocol='17'][@destinationPort='9999'])")" = 48
  check "--flowmon: the flows' rxPackets and txPackets add up to the packets" \
    test "$(xpath 'sum(/FlowMonitor/FlowStats/Flow/@rxPackets)')" = 480 \
    -a "$(xpath 'sum(/FlowMonitor/FlowStats/Flow/@txPackets)')" = 480 \
    -a "$(xpath 'sum(/FlowMonitor/FlowStats/Flow/@lostPackets)')" = 0
else
  n=$((n + 1)); echo "ok $n # SKIP xmllint is not installed"
  n=$((n + 1)); echo "ok $n # SKIP xmllint is not installed"
fi

# ---- plots ----
"$ring" --nCampus=2 --plot="$tmp/plots" $small >/dev/null 2>"$tmp/err"
check "--plot writes the data and the gnuplot script" \
  test -s "$tmp/plots/throughput.dat" -a -s "$tmp/plots/delay-cdf.dat" \
  -a -s "$tmp/plots/campus-ring.gp"
# a comment and the column names, then one line per second of the 20 s,
# with a column per campus
check "throughput.dat: 20 one-second bins, time and 2 campuses" \
  test "$(grep -c '^[0-9]' "$tmp/plots/throughput.dat")" -eq 20 \
  -a "$(sed -n 2p "$tmp/plots/throughput.dat")" = "time campus0 campus1" \
  -a "$(awk '/^[0-9]/ { print NF; exit }' "$tmp/plots/throughput.dat")" -eq 3
# what the bins add up to is what the sinks received: 240 x 512 bytes
total=$(awk '/^[0-9]/ { for (i = 2; i <= NF; i++) s += $i } END { printf "%.0f", s * 1e6 / 8 }' "$tmp/plots/throughput.dat")
check "throughput.dat adds up to the bytes received ($total)" \
  test "$total" -eq $((2 * 240 * 512))
check "delay-cdf.dat rises to 1" \
  test "$(tail -n 1 "$tmp/plots/delay-cdf.dat" | cut -d' ' -f2)" = 1.000000
if command -v gnuplot >/dev/null 2>&1; then
  check "gnuplot rendered the PNGs" \
    test -s "$tmp/plots/throughput.png" -a -s "$tmp/plots/delay-cdf.png"
else
  check "without gnuplot, it says how to render" \
    grep -q "gnuplot campus-ring.gp" "$tmp/err"
fi

# ---- a steady load for 1x and 10x the time ----
# every flow sends until the stop time: once the last has started (10 s)
# the load no longer changes, so a run ten times as long must hold as
# many packets ("dropped" counts those still on their way at the stop)
# and, with no leak or unbounded cache, no more memory
steady="--nCampus=2 --nLANClients=2 --bytesPerFlow=0 --json"
out1=$("$ring" $steady --stopTime=20s 2>&1)
out10=$("$ring" $steady --stopTime=200s 2>&1)
tx1=$(field "$out1" tx_packets)
tx10=$(field "$out10" tx_packets)
# 48 flows of 500 kb/s, 512-byte datagrams: 122.07 a second each
check "endless flows send until the stop time ($tx1 and $tx10 packets)" \
  awk "BEGIN { exit !($tx1 > 48 * 122 * 10 && $tx10 > 48 * 122 * 190 \
                      && $tx10 < 48 * 123 * 200) }"
fly1=$(field "$out1" dropped_packets)
fly10=$(field "$out10" dropped_packets)
check "as many packets in flight at 20 s as at 200 s ($fly1 and $fly10), within 1 %" \
  awk "BEGIN { d = $fly10 - $fly1; exit !($fly1 > 1000 && d * d <= ($fly1 / 100) ^ 2) }"
check "no queue drops at either stop time" \
  test "$(field "$out1" queue_drops)" = 0 -a "$(field "$out10" queue_drops)" = 0
rss1=$(field "$out1" max_rss_kb)
rss10=$(field "$out10" max_rss_kb)
if [ "${CNS_SANITIZERS:-no}" = yes ]; then
  # ASan keeps freed memory in quarantine, so RSS grows with what was freed
  echo "ok $((n + 1)) # SKIP peak RSS under sanitizers"
  n=$((n + 1))
else
  check "peak RSS at 200 s within 5 % of 20 s ($rss1 and $rss10 KiB)" \
    awk "BEGIN { exit !($rss10 <= $rss1 * 1.05) }"
fi
out=$("$ring" --bytesPerFlow=0 --stopTime=0s 2>&1)
case "$?:$out" in
  2:*bytesPerFlow*stopTime*) ok "endless flows without a stop time exit 2" ;;
  *) not_ok "--bytesPerFlow=0 --stopTime=0s: $out" ;;
esac

# ---- the table, bad options ----
out=$("$ring" --nCampus=2 --nLANClients=1 --bytesPerFlow=512 2>&1)
case "$out" in
  *"received   24 packets, 12,288 bytes"*"dropped    0 packets"*) ok "the summary table" ;;
  *) not_ok "the summary table:"; printf '%s\n' "$out" | sed 's/^/#   /' ;;
esac

bad () {
  option=$1
  shift
  out=$("$ring" "$@" 2>&1)
  status=$?
  case "$status:$out" in
    2:*"$option"*) ok "$* exits 2 naming --$option" ;;
    *) not_ok "$* exited $status: $out" ;;
  esac
}
bad nCampus --nCampus=1
bad nConCon --nCampus=3 --nConCon=3
bad routing --routing=ospf
bad protocol --protocol=sctp
bad nLANClients --nLANClients=100000000

# ---- output paths, memory ----
# an unwritable --flowmon is found before the run: no pcap file written
mkdir "$tmp/fmdir"
out=$("$ring" --nCampus=2 --nLANClients=1 --pcap="$tmp/early/" \
  --flowmon="$tmp/fmdir" 2>"$tmp/err")
status=$?
check "an unwritable --flowmon exits 1 before the run, naming it" \
  test $status -eq 1 -a -z "$out" \
  -a "$(ls "$tmp/early" 2>/dev/null | wc -l)" -eq 0 \
  -a "$(grep -c -- "--flowmon=$tmp/fmdir" "$tmp/err")" -eq 1
# a write that fails at the end: the summary still printed, then exit 1
# (/dev/full opens and then refuses every byte; the flow monitor writes
# the file in place, never by renaming over it)
if [ -c /dev/full ]; then
  out=$("$ring" --nCampus=2 --nLANClients=1 --json --flowmon=/dev/full \
    2>"$tmp/err")
  status=$?
  check "--flowmon=/dev/full: the JSON line, one error naming flowmon, exit 1" \
    test $status -eq 1 -a "$(field "$out" rx_packets)" = 2400 \
    -a "$(grep -c '^campus-ring: flowmon: .*/dev/full' "$tmp/err")" -eq 1 \
    -a "$(wc -l < "$tmp/err")" -eq 1
else
  ok "# SKIP no /dev/full"
fi
mkdir -p "$tmp/badplots/throughput.dat"
out=$("$ring" --nCampus=2 --nLANClients=1 --stopTime=20s \
  --plot="$tmp/badplots" 2>"$tmp/err")
status=$?
case "$status:$out" in
  1:*"received   2,400 packets"*) ok "a failed plot write: the table, exit 1" ;;
  *) not_ok "a failed plot write exited $status: $out $(cat "$tmp/err")" ;;
esac
check "a failed plot write names the plot file" \
  grep -q "^campus-ring: plot: .*throughput.dat" "$tmp/err"
# 2,000 campuses need about 4 GiB: refused under a 1 GiB limit, or built
# anyway with --force (which then runs out; only its start is checked)
if [ "${CNS_SANITIZERS:-no}" = yes ]; then
  # AddressSanitizer reserves terabytes of shadow memory, past any ulimit -v
  echo "ok $((n + 1)) # SKIP ulimit -v under sanitizers"
  echo "ok $((n + 2)) # SKIP ulimit -v under sanitizers"
  n=$((n + 2))
else
  out=$( (ulimit -v 1048576 && "$ring" --nCampus=2000) 2>&1)
  case "$?:$out" in
    2:*"--nCampus=2000 --nLANClients=42"*"4.0 GiB"*"1.0 GiB"*"--force"*)
      ok "a topology too big for the memory limit exits 2 with the estimate" ;;
    *) not_ok "--nCampus=2000 under ulimit -v 1048576: $out" ;;
  esac
  out=$( (ulimit -v 1048576 && "$ring" --nCampus=2 --nLANClients=1 --force \
    --json) 2>&1)
  check "--force skips the estimate" test "$(field "$out" campuses)" = 2
fi
out=$("$ring" --nCampus=2 --nLANClients=349523 2>&1)
case "$?:$out" in
  2:*"--nLANClients: expected at most 349,522"*) ok "--nLANClients past 2^23 links is named" ;;
  *) not_ok "--nLANClients=349523: $out" ;;
esac
