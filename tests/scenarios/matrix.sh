#!/bin/sh
# The scenario matrix: each scenario of scenario.c runs under every
# configuration, and every configuration must give the first one's results:
# the same counts, the same hash of every per-packet trace event, and
# byte-identical pcap files. Configurations are compared with each other,
# not with frozen hashes, so that a change of event order that all of them
# share passes; a few counts that do not depend on the order of
# simultaneous events are frozen, so that the matrix cannot pass on runs
# that do nothing. Reports TAP, with the plan at the end.
#
# A configuration is a name, a launcher (empty: run directly) and
# arguments: the schedulers heap, ladder and list, and, when cns has MPI
# and mpirun is installed, np2-gtw, np4-gtw, np2-null-message and
# np4-null-message, the two distributed simulators on 2 and 4 ranks
# (mpirun under its own timeout, CK_FORK=no).
set -u
build=${top_builddir:-../..}
scenario=$build/tests/scenarios/scenario
configs="heap ladder list"
scenarios="line ring"
. "$(dirname "$0")/../lib/mpi.sh"
if [ -z "$(mpi_missing "$build")" ]; then
  configs="$configs np2-gtw np4-gtw np2-null-message np4-null-message"
fi

config_launcher () {
  case $1 in
    np*-*)
      np=${1%%-*}
      echo "mpi_run ${np#np}"
      ;;
  esac
}

config_args () {
  case $1 in
    np*-*) echo "--SimulatorImplementationType=${1#*-}" ;;
    *) echo "--SchedulerType=$1" ;;
  esac
}

# Whether output file $1 says it ran under configuration $2.
ran_under () {
  case $2 in
    np*-*)
      np=${2%%-*}
      [ "$(value "$1" simulator)" = "${2#*-}" ] \
        && [ "$(value "$1" ranks)" = "${np#np}" ]
      ;;
    *) [ "$(value "$1" scheduler)" = "$2" ] ;;
  esac
}

scenario_args () {
  case $1 in
    line) echo "--topology=line" ;;
    ring) echo "--topology=ring --n=50 --time=1" ;;
  esac
}

dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
n=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
}

value () {
  # the value on the line of $2 in the output file $1
  sed -n "s/^$2 //p" "$1"
}

# Runs scenario $1 under configuration $2 with extra arguments; the output
# goes to stdout.
run () {
  s=$1 c=$2
  shift 2
  # shellcheck disable=SC2046 # the launcher and arguments are word lists
  $(config_launcher "$c") "$scenario" $(scenario_args "$s") \
    $(config_args "$c") "$@"
}

# Says where the traces of configurations $2 and $3 part in scenario $1;
# sorted, since ranks print their nodes' lines in any interleaving.
first_difference () {
  run "$1" "$2" --trace 2>&1 | sort >"$dir/trace-$2"
  run "$1" "$3" --trace 2>&1 | sort >"$dir/trace-$3"
  cmp "$dir/trace-$2" "$dir/trace-$3" | sed 's/^/#   /'
  diff "$dir/trace-$2" "$dir/trace-$3" | sed -n '1,5s/^/#   /p'
}

for s in $scenarios; do
  reference=""
  for c in $configs; do
    out="$dir/$s-$c.out"
    mkdir "$dir/pcap"
    run "$s" "$c" --pcap="$dir/pcap/p" >"$out" 2>&1
    status=$?
    # the pcaps are hashed and removed at once, to keep the disk use of
    # one run
    (cd "$dir/pcap" && sha256sum -- *.pcap) >"$dir/$s-$c.pcaps" 2>/dev/null
    rm -rf "$dir/pcap"
    if [ $status -eq 0 ] && ran_under "$out" "$c" \
       && [ -s "$dir/$s-$c.pcaps" ]; then
      ok "$s runs under $c: $(grep -e sent -e delivered -e dropped -e events "$out" | tr '\n' ' ')"
    else
      not_ok "$s under $c: status $status, output:"
      sed 's/^/#   /' "$out"
      continue
    fi
    grep -v -e '^scheduler ' -e '^simulator ' -e '^ranks ' "$out" \
      >"$dir/$s-$c.summary"
    if [ -z "$reference" ]; then
      reference=$c
      continue
    fi
    if cmp -s "$dir/$s-$reference.summary" "$dir/$s-$c.summary"; then
      ok "$s: $c gives $reference's counts and trace hash"
    else
      not_ok "$s: $c differs from $reference:"
      diff "$dir/$s-$reference.summary" "$dir/$s-$c.summary" | sed 's/^/#   /'
      first_difference "$s" "$reference" "$c"
    fi
    if cmp -s "$dir/$s-$reference.pcaps" "$dir/$s-$c.pcaps"; then
      ok "$s: $c writes $reference's pcap files byte for byte ($(wc -l <"$dir/$s-$c.pcaps") files)"
    else
      not_ok "$s: pcap files of $c differ from $reference's:"
      diff "$dir/$s-$reference.pcaps" "$dir/$s-$c.pcaps" | sed 's/^/#   /'
    fi
  done
done

# The line: A sends a 512-byte datagram every 2.048 ms from 1 s to 5 s,
# 1953 of them. R forwards one every 4.336 ms (542-byte frames at 1 Mbps)
# from the first arrival at 1.0044816 s, busy all along: by the last
# arrival, 4.0 s later, it has sent 921 frames, is sending the 922nd and
# holds 100 in its queue, all delivered by 7 s; the other 931 are dropped
# at R's queue. Which datagrams are dropped depends on the order of
# simultaneous events; how many does not.
out="$dir/line-${configs%% *}.out"
sent=$(value "$out" sent)
delivered=$(value "$out" delivered)
dropped=$(value "$out" dropped)
if [ "$sent $delivered $dropped" = "1953 1022 931" ]; then
  ok "line: 1953 datagrams sent, 1022 delivered, 931 dropped at R"
else
  not_ok "line: sent '$sent', delivered '$delivered', dropped '$dropped'; expected 1953, 1022, 931"
fi
# The ring: each of the 50 sources sends a 1000-byte datagram every 8 ms
# from 8 ms on, 124 before the stop at 1 s, each delivered 1 ms later;
# nothing is dropped.
out="$dir/ring-${configs%% *}.out"
sent=$(value "$out" sent)
delivered=$(value "$out" delivered)
dropped=$(value "$out" dropped)
if [ "$sent $delivered $dropped" = "6200 6200 0" ]; then
  ok "ring: 6200 datagrams sent and delivered, none dropped"
else
  not_ok "ring: sent '$sent', delivered '$delivered', dropped '$dropped'; expected 6200, 6200, 0"
fi
echo "1..$n"
