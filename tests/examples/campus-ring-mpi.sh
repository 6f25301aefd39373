#!/bin/sh
# campus-ring over MPI: 3 and 4 campuses of small LANs, run sequentially
# and under mpirun on 2 and 4 ranks with the granted-time-window
# simulator, give the same JSON apart from the wall-clock figures and the
# per-rank arrays, and the same pcap files and plot data byte for byte.
# The per-rank arrays have an entry per rank and add up (every remote
# packet sent is received); only rank 0 prints; --flowmon's XML is the
# sequential run's byte for byte under both simulators. --nConCon=2 on 4
# ranks, run three times, once lost messages between windows. Skipped
# when cns has no MPI or mpirun is missing. Reports TAP.
set -u
build=${top_builddir:-..}
ring=$build/examples/campus-ring
. "$(dirname "$0")/../lib/mpi.sh"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  echo "1..0 # SKIP $reason"
  exit 0
fi
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

array () {
  # the entries of an array field, one per line
  printf '%s\n' "$1" | sed -n "s/.*\"$2\":\[\([^]]*\)\].*/\1/p" | tr ',' '\n'
}

sum () {
  array "$1" "$2" | awk '{ s += $1 } END { print s + 0 }'
}

# the JSON line without the wall-clock figures and the per-rank fields
deterministic () {
  printf '%s\n' "$1" | sed -e 's/"setup_s":[^,]*,//' -e 's/"run_s":[^,]*,//' \
    -e 's/"wall_s":[^,]*,//' -e 's/"events_per_s":[^,]*,//' \
    -e 's/,"max_rss_kb":[0-9]*//' \
    -e 's/,"ranks":[0-9]*,"simulator":"[^"]*"//' \
    -e 's/,"rank_[a-z_]*":\[[^]]*\]//g'
}

# mpi NP ARGS...: campus-ring on NP ranks under $sync (gtw unless set);
# stderr goes to $tmp/err
sync=gtw
mpi () {
  np=$1
  shift
  mpi_run "$np" "$ring" --SimulatorImplementationType=$sync "$@" 2>"$tmp/err"
}

# compare NAME ARGS...: the sequential run's JSON against 2 and 4 ranks'
# under each simulator
compare () {
  name=$1
  shift
  seq=$("$ring" --json "$@")
  for run in 2:gtw 4:gtw 2:null-message 4:null-message; do
    np=${run%%:*}
    sync=${run#*:}
    out=$(mpi $np --json "$@")
    status=$?
    if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] \
       && [ "$(deterministic "$out")" = "$(deterministic "$seq")" ]; then
      ok "$name: $np ranks, $sync, give the sequential JSON"
    else
      not_ok "$name: $np ranks, $sync (exit $status) differ from the sequential run:"
      printf '%s\n%s\n' "$(deterministic "$seq")" "$(deterministic "$out")" \
        | sed 's/^/#   /'
      sed 's/^/#   /' "$tmp/err"
    fi
  done
  sync=gtw
}

echo "1..37"

small="--nLANClients=2 --bytesPerFlow=5120 --stopTime=20s"

# ---- the same results on any number of ranks ----
compare "3 campuses, fingerprinted" --nCampus=3 --fingerprint $small
compare "4 campuses, half the flows remote" --nCampus=4 --remotePct=50 $small
compare "4 campuses, nConCon=2, stopped while packets fly" --nCampus=4 \
  --nConCon=2 --nLANClients=3 --stopTime=3s
compare "4 campuses, TCP, fingerprinted" --nCampus=4 --protocol=tcp \
  --fingerprint $small
# no stop time: every simulator ends the run by itself when traffic ends
compare "3 campuses, no stop time" --nCampus=3 --nLANClients=2 \
  --bytesPerFlow=5120 --stopTime=0s

# windows once mixed up the messages of consecutive windows, which made a
# rank schedule a packet in its past about one run in three
same=0
seq=$("$ring" --json --nCampus=4 --nConCon=2 --nLANClients=3 --stopTime=3s)
for i in 1 2 3; do
  out=$(mpi 4 --json --nCampus=4 --nConCon=2 --nLANClients=3 --stopTime=3s)
  [ "$(deterministic "$out")" = "$(deterministic "$seq")" ] && same=$((same + 1))
done
check "nConCon=2 on 4 ranks: three more runs give the sequential JSON ($same)" \
  test $same -eq 3

# ---- the per-rank fields ----
seq=$("$ring" --json --nCampus=4 $small)
check "a sequential run: 1 rank, the default simulator, no remote packets" \
  test "$(field "$seq" ranks)" = 1 -a "$(field "$seq" simulator)" = default \
  -a "$(array "$seq" rank_events)" = "$(field "$seq" events)" \
  -a "$(array "$seq" rank_packets_sent)" = 0
out=$(mpi 4 --json --nCampus=4 $small --PrintDistributedStats)
check "4 ranks: one JSON line, gtw, 4 entries in each per-rank array" \
  test "$(printf '%s\n' "$out" | wc -l)" -eq 1 \
  -a "$(field "$out" ranks)" = 4 -a "$(field "$out" simulator)" = gtw \
  -a "$(array "$out" rank_events | wc -l)" -eq 4 \
  -a "$(array "$out" rank_blocked_s | wc -l)" -eq 4
# every packet crosses one ring link, which joins two ranks
check "4 ranks: every packet sent to another rank is received there" \
  test "$(sum "$out" rank_packets_sent)" = "$(sum "$out" rank_packets_received)" \
  -a "$(sum "$out" rank_packets_sent)" = "$(field "$out" ring_tx_packets)" \
  -a "$(sum "$out" rank_messages_sent)" = "$(sum "$out" rank_messages_received)" \
  -a "$(sum "$out" rank_messages_sent)" -gt 0
# the node initialisation and the stop run on every rank, once in total
check "4 ranks: the ranks' events add up to the total" \
  test "$(sum "$out" rank_events)" = $(($(field "$out" events) + 3 * 2))
check "4 ranks: every rank was granted the same windows" \
  test "$(array "$out" rank_windows | sort -u | wc -l)" -eq 1 \
  -a "$(array "$out" rank_windows | head -n 1)" -gt 0
check "--PrintDistributedStats: a line per rank on stderr" \
  test "$(grep -c '^rank [0-3]: .* events, sent .* windows, blocked' "$tmp/err")" -eq 4
out=$(mpi 2 --json --nCampus=4 --remotePct=0 $small)
check "--remotePct=0 on 2 ranks: nothing crosses the ring or the ranks" \
  test "$(sum "$out" rank_packets_sent)" = 0 \
  -a "$(field "$out" ring_tx_packets)" = 0 -a "$(field "$out" rx_packets)" = 960

# ---- pcap files and plots ----
args="--nCampus=3 --nLANClients=1 --bytesPerFlow=2048 --stopTime=15s --remotePct=50"
mkdir "$tmp/seq" "$tmp/np2" "$tmp/np4"
"$ring" $args --pcap="$tmp/seq/" --plot="$tmp/seq/plot" >/dev/null 2>&1
mpi 2 $args --pcap="$tmp/np2/" >/dev/null
mpi 4 $args --pcap="$tmp/np4/" --plot="$tmp/np4/plot" >/dev/null
files=$(ls "$tmp/seq" | grep -c '\.pcap$')
for np in 2 4; do
  same=0
  for f in "$tmp"/seq/*.pcap; do
    cmp -s "$f" "$tmp/np$np/$(basename "$f")" && same=$((same + 1))
  done
  check "--pcap on $np ranks: the sequential run's $files files, byte for byte" \
    test "$files" -eq $((2 * 3 * 52)) -a "$same" -eq "$files" \
    -a "$(ls "$tmp/np$np" | grep -c '\.pcap$')" -eq "$files"
done
for f in throughput.dat delay-cdf.dat; do
  check "--plot on 4 ranks: the sequential run's $f" \
    cmp -s "$tmp/seq/plot/$f" "$tmp/np4/plot/$f"
done

# ---- FlowMonitor XML ----
# rank 0 writes what every rank's monitor saw, merged: the sequential file
flows="--nCampus=3 $small"
seq=$("$ring" --json $flows --flowmon="$tmp/flows.xml")
for run in 2:gtw 4:gtw 2:null-message 4:null-message; do
  np=${run%%:*}
  sync=${run#*:}
  out=$(mpi $np --json $flows --flowmon="$tmp/flows-$np-$sync.xml")
  same=no
  cmp -s "$tmp/flows.xml" "$tmp/flows-$np-$sync.xml" && same=yes
  check "--flowmon on $np ranks, $sync: the sequential XML byte for byte, and its flow count" \
    test $same = yes \
    -a "$(field "$out" monitored_flows)" = "$(field "$seq" monitored_flows)"
done
sync=gtw

# the sum of an attribute over the XML's elements
xml_sum () {
  grep -o " $2=\"[0-9]*\"" "$1" | awk -F'"' '{ s += $2 } END { print s + 0 }'
}
check "--flowmon: the XML's flows and packets are --json's, none lost" \
  test "$(xml_sum "$tmp/flows.xml" txPackets)" = "$(field "$seq" tx_packets)" \
  -a "$(xml_sum "$tmp/flows.xml" rxPackets)" = "$(field "$seq" rx_packets)" \
  -a "$(xml_sum "$tmp/flows.xml" lostPackets)" = 0 \
  -a "$(grep -c 'sourceAddress=' "$tmp/flows.xml")" = "$(field "$seq" flows)" \
  -a "$(field "$seq" monitored_flows)" = "$(field "$seq" flows)"
