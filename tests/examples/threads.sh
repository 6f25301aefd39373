#!/bin/sh
# The examples on threads: campus-ring (UDP and TCP, global and
# nix-vector routing, stopped with packets in flight), brite-generic,
# atm-scenario-a, phold and tcp-bulk run sequentially and on 2, 3, 4 and
# 8 threads, more threads than this machine has cores, each thread count
# $CNS_THREADS_RUNS times (5), and every threaded run gives the
# sequential run's results: the exit status, the fingerprint of the
# events, the JSON line (or the text) but for its wall-clock and
# per-thread fields, the pcap files, campus-ring's FlowMonitor XML and
# plot data, tcp-bulk's congestion window. campus-ring's per-thread
# fields are checked on their own: the partition and a line per thread.
# With mpirun, the same cases (but tcp-bulk and brite-generic, which run
# on one rank) also run on 2 ranks of 2 threads, $runs times, against the
# sequential run: the same, but for the fields that name the ranks and
# the simulator. Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
examples=$(cd "$build/examples" && pwd)
runs=${CNS_THREADS_RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The JSON line without the wall-clock figures (those of campus-ring,
# phold and the MPI ones) and the fields of a run on threads: the number
# of threads, campus-ring's partition and per-thread arrays.
deterministic () {
  sed -e 's/"setup_s":[^,]*,//' -e 's/"run_s":[^,]*,//' \
    -e 's/"wall_s":[^,}]*//' -e 's/"events_per_s":[^,}]*//' \
    -e 's/,"max_rss_kb":[0-9]*//' -e 's/,"rank_blocked_s":\[[^]]*\]//' \
    -e 's/,"threads":[0-9]*//' -e 's/,"partition":{[^}]*}//' \
    -e 's/,"per_thread":{[^}]*}//'
}

# ---- the cases: each runs its program into directory $1 with the
# extra arguments $2..., writing there everything to compare (the masked
# standard output in "out", the exit status in "status"), and its
# standard error next to it ($1.err) ----

ring=$examples/campus-ring
launch=""
campus () {
  dir=$1
  shift
  mkdir -p "$dir/pcap"
  $launch "$ring" --json --fingerprint --pcap="$dir/pcap/" --flowmon="$dir/flows.xml" \
    --plot="$dir/plot" "$@" >"$dir/raw" 2>"$dir.err"
  echo $? >"$dir/status"
  deterministic <"$dir/raw" >"$dir/out"
  rm -f "$dir/raw" "$dir/plot/campus-ring.gp" "$dir/plot/"*.png
}

small="--nLANClients=2 --bytesPerFlow=5120 --stopTime=20s"
case_udp () { campus "$@" --nCampus=4 $small --routing=global; }
case_udp8 () { campus "$@" --nCampus=8 --nLANClients=1 --bytesPerFlow=5120 \
  --stopTime=20s --routing=global; }
# stopped while packets are on the ring links, some of them lost by then
case_udp_flying () { campus "$@" --nCampus=5 --nConCon=2 --nLANClients=2 \
  --stopTime=1.3s --routing=global --CnsFlowMonitor::MaxPerHopDelay=20ms; }
case_tcp () { campus "$@" --nCampus=4 $small --routing=global --protocol=tcp; }
case_udp_nix () { campus "$@" --nCampus=4 $small --routing=nix; }
case_tcp_nix () { campus "$@" --nCampus=6 $small --routing=nix --protocol=tcp; }

case_brite () {
  dir=$1
  shift
  mkdir -p "$dir"
  "$examples/brite-generic" --nPackets=3 --fingerprint "$@" \
    >"$dir/out" 2>"$dir.err"
  echo $? >"$dir/status"
}

case_atm () {
  dir=$1
  shift
  mkdir -p "$dir"
  $launch "$examples/atm-scenario-a" --simTime=1s --json --fingerprint "$@" \
    >"$dir/out" 2>"$dir.err"
  echo $? >"$dir/status"
}

case_phold () {
  dir=$1
  shift
  mkdir -p "$dir"
  $launch "$examples/phold" --lps=256 --eventsPerLp=8 --endTime=200us --json \
    --fingerprint "$@" >"$dir/raw" 2>"$dir.err"
  echo $? >"$dir/status"
  deterministic <"$dir/raw" >"$dir/out"
  rm -f "$dir/raw"
}

case_tcp_bulk () {
  dir=$1
  shift
  mkdir -p "$dir/pcap"
  "$examples/tcp-bulk" --simTime=3s --json --fingerprint --errorRate=0.002 \
    --cwndFile="$dir/cwnd.dat" --pcap="$dir/pcap/bulk" "$@" \
    >"$dir/out" 2>"$dir.err"
  echo $? >"$dir/status"
}

# compare NAME CASE: CASE sequentially, then on each thread count $runs
# times, each run against the sequential one.
compare () {
  name=$1
  run_case=$2
  seq=$tmp/seq
  rm -rf "$seq" "$seq.err"
  $run_case "$seq"
  if [ "$(cat "$seq/status")" != 0 ]; then
    for t in 2 3 4 8; do
      not_ok "$name: the sequential run fails, so $t threads cannot match it" \
        "$(tail -n 5 "$seq.err")"
    done
    return
  fi
  for t in 2 3 4 8; do
    differ=0
    detail=""
    i=0
    while [ $i -lt "$runs" ]; do
      i=$((i + 1))
      run=$tmp/t$t-$i
      rm -rf "$run" "$run.err"
      $run_case "$run" --threads=$t
      if diff -r "$seq" "$run" >"$tmp/diff" 2>&1; then
        rm -rf "$run" "$run.err"
        continue
      fi
      differ=$((differ + 1))
      detail="run $i: $(head -n 8 "$tmp/diff")
$(tail -n 3 "$run.err")"
      rm -rf "$run" "$run.err"
    done
    what="$name: $t threads, $runs runs, the sequential results"
    if [ $differ -gt 0 ]; then
      not_ok "$what ($differ differ)" "$detail"
    else
      ok "$what"
    fi
  done
}

if command -v mpirun >/dev/null 2>&1; then
  echo "1..48"
else
  echo "1..43"
fi

compare "campus-ring, UDP, global routing, 4 campuses" case_udp
compare "campus-ring, UDP, global routing, 8 campuses" case_udp8
compare "campus-ring, UDP, 5 campuses, nConCon=2, stopped while packets fly" \
  case_udp_flying
compare "campus-ring, TCP, global routing" case_tcp
compare "campus-ring, UDP, nix-vector routing" case_udp_nix
compare "campus-ring, TCP, nix-vector routing, 6 campuses" case_tcp_nix
compare "brite-generic" case_brite
compare "atm-scenario-a" case_atm
compare "phold" case_phold
compare "tcp-bulk, with losses" case_tcp_bulk

# ---- campus-ring's fields of a run on threads ----
dir=$tmp/stats
mkdir -p "$dir"
"$ring" --nCampus=4 $small --routing=global --threads=3 --json \
  --PrintDistributedStats >"$dir/json" 2>"$dir/err"
json=$(cat "$dir/json")
entries () {
  # the number of entries of array $1 in "per_thread"
  printf '%s\n' "$json" | sed -n "s/.*\"per_thread\":{.*\"$1\":\[\([^]]*\)\].*/\1/p" \
    | tr ',' '\n' | grep -c .
}
check "--json on 3 threads: threads, the partition, 3 entries per thread array" \
  "$json" test "$(field threads "$json")" = 3 \
  -a "$(field lps "$json")" -gt 1 -a "$(field contexts "$json")" = 232 \
  -a "$(field cut_links "$json")" -gt 0 \
  -a "$(entries events)" = 3 -a "$(entries lps_run)" = 3 \
  -a "$(entries windows)" = 3 -a "$(entries busy_s)" = 3 \
  -a "$(entries idle_s)" = 3
check "--PrintDistributedStats on 3 threads: the partition and a line per thread" \
  "$(cat "$dir/err")" test "$(grep -c '^partition: 232 nodes in [0-9,]* logical processes (the largest [0-9,]*), [0-9,]* of [0-9]* links cut at .*, lookahead ' "$dir/err")" = 1 \
  -a "$(grep -c '^thread [0-2]: [0-9,]* events, [0-9,]* LP runs, [0-9,]* windows, busy [0-9.]* s, idle [0-9.]* s$' "$dir/err")" = 3
seq=$("$ring" --nCampus=4 $small --routing=global --json)
check "a sequential run's JSON has no field of threads" "$seq" \
  test -z "$(field threads "$seq")" -a -z "$(field per_thread "$seq")"

# ---- 2 MPI ranks of 2 threads each ----
if command -v mpirun >/dev/null 2>&1; then
  # the fields that name the ranks and the simulator, and the per-rank
  # arrays, which a sequential run has for one rank
  mpi_mask () {
    sed -e 's/,"ranks":[0-9]*//' -e 's/,"simulator":"[^"]*"//' \
      -e 's/,"rank_[a-z_]*":\[[^]]*\]//g' "$1" >"$1.masked"
    mv "$1.masked" "$1"
  }
  compare_mpi () {
    name=$1
    run_case=$2
    seq=$tmp/seq
    rm -rf "$seq" "$seq.err"
    launch=""
    $run_case "$seq"
    mpi_mask "$seq/out"
    launch="mpirun --allow-run-as-root --oversubscribe -np 2"
    differ=0
    detail=""
    i=0
    while [ $i -lt "$runs" ]; do
      i=$((i + 1))
      run=$tmp/mpi-$i
      rm -rf "$run" "$run.err"
      OMPI_MCA_pml=ob1 $run_case "$run" --threads=2
      mpi_mask "$run/out"
      if ! diff -r "$seq" "$run" >"$tmp/diff" 2>&1; then
        differ=$((differ + 1))
        detail="run $i: $(head -n 8 "$tmp/diff")
$(tail -n 3 "$run.err")"
      fi
      rm -rf "$run" "$run.err"
    done
    launch=""
    what="$name: 2 ranks x 2 threads, $runs runs, the sequential results"
    if [ $differ -gt 0 ]; then
      not_ok "$what ($differ differ)" "$detail"
    else
      ok "$what"
    fi
  }
  compare_mpi "campus-ring, UDP, global routing, 4 campuses" case_udp
  compare_mpi "campus-ring, TCP, global routing" case_tcp
  compare_mpi "campus-ring, UDP, nix-vector routing" case_udp_nix
  compare_mpi "atm-scenario-a" case_atm
  compare_mpi "phold" case_phold
fi
