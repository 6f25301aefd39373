#!/bin/sh
# atm-scenarios on MPI: core switch i, its edges and their hosts on rank
# i % ranks, so that cells cross ranks on the core links. Scenario A (0.5 s
# simulated, one way and both ways) on 2 ranks under gtw and null-message,
# and scenario B (0.3 s) on 2 ranks under gtw and 4 under null-message,
# print the sequential run's lines, event fingerprint included, but for
# the last, which names the ranks and the simulator; a bad option on 2
# ranks exits 2, named once. Skipped when cns has no MPI or mpirun is
# missing. Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
dir=$build/examples
. "$(dirname "$0")/../lib/mpi.sh"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  echo "1..0 # SKIP $reason"
  exit 0
fi
# ob1 starts OpenMPI in 0.08 s instead of 0.3 s here, for these short runs
OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
export OMPI_MCA_pml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compare NAME SCENARIO NP:SIMULATOR... -- ARGS...: the sequential run of
# SCENARIO against each NP:SIMULATOR
compare () {
  name=$1
  prog=$dir/atm-scenario-$2
  shift 2
  runs=
  while [ "$1" != -- ]; do
    runs="$runs $1"
    shift
  done
  shift
  seq=$("$prog" --fingerprint "$@" 2>&1)
  if [ "$(printf '%s\n' "$seq" | tail -n 1)" = "  ranks  1, default simulator" ] \
     && printf '%s\n' "$seq" | grep -q '^  events fingerprint [0-9a-f]\{64\}$'; then
    ok "$name: the sequential run"
  else
    not_ok "$name: the sequential run" "$seq"
  fi
  for run in $runs; do
    np=${run%%:*}
    sync=${run#*:}
    out=$(mpi_run "$np" "$prog" --fingerprint \
      --SimulatorImplementationType="$sync" "$@" 2>"$tmp/err")
    status=$?
    if [ $status -eq 0 ] \
       && [ "$(printf '%s\n' "$out" | sed '$d')" = "$(printf '%s\n' "$seq" | sed '$d')" ] \
       && [ "$(printf '%s\n' "$out" | tail -n 1)" = "  ranks  $np, $sync simulator" ]; then
      ok "$name: $np ranks, $sync, give the sequential results"
    else
      not_ok "$name: $np ranks, $sync (exit $status) differ" \
        "$(printf '%s\n--\n%s\n' "$seq" "$out"; cat "$tmp/err")"
    fi
  done
}

echo "1..15"
compare "A one way" a 2:gtw 2:null-message -- --simTime=0.5s
compare "A both ways" a 2:gtw 2:null-message -- --simTime=0.5s --bidirectional
compare "B one way" b 2:gtw 4:null-message -- --simTime=0.3s
compare "A TCP both ways" a 2:gtw 2:null-message -- --simTime=0.5s --tcp \
  --bidirectional
compare "B TCP one way" b 4:gtw -- --simTime=0.3s --tcp
out=$(mpi_run 2 "$dir/atm-scenario-a" --simTime=0.1s 2>&1)
status=$?
if [ $status -eq 2 ] && [ "$(printf '%s\n' "$out" | grep -c -e '--simTime')" -eq 1 ]; then
  ok "--simTime=0.1s on 2 ranks exits 2, rank 0 alone naming it"
else
  not_ok "--simTime=0.1s on 2 ranks (exit $status)" "$out"
fi
