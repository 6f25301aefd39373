#!/bin/sh
# brite-mpi: a BRITE topology spread over MPI ranks (AS i on rank i %
# ranks) gives the sequential run's results, line for line but for the
# last, on 2 and 4 ranks under gtw and null-message, over TCP with
# nix-vector routing (top-down.conf: 2 ASes) and over UDP with global
# routing (bottom-up.conf: 5 ASes, so that 4 ranks share them unevenly).
# Skipped when cns has no MPI or mpirun is missing. Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
prog=$build/examples/brite-mpi
conf=$(cd "$(dirname "$0")/../../brite/conf" && pwd)
. "$(dirname "$0")/../lib/mpi.sh"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  echo "1..0 # SKIP $reason"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compare NAME ARGS...: the sequential run against 2 and 4 ranks under
# each simulator
compare () {
  name=$1
  shift
  seq=$("$prog" "$@" 2>&1)
  if [ "$(printf '%s\n' "$seq" | tail -n 1)" = "Ranks: 1, simulator: default" ] \
     && printf '%s\n' "$seq" | grep -q '^Sink received [1-9]'; then
    ok "$name: the sequential run receives packets"
  else
    not_ok "$name: the sequential run" "$seq"
  fi
  for run in 2:gtw 4:gtw 2:null-message 4:null-message; do
    np=${run%%:*}
    sync=${run#*:}
    out=$(mpi_run "$np" "$prog" --SimulatorImplementationType=$sync "$@" 2>"$tmp/err")
    status=$?
    if [ $status -eq 0 ] \
       && [ "$(printf '%s\n' "$out" | sed '$d')" = "$(printf '%s\n' "$seq" | sed '$d')" ] \
       && [ "$(printf '%s\n' "$out" | tail -n 1)" = "Ranks: $np, simulator: $sync" ]; then
      ok "$name: $np ranks, $sync, give the sequential results"
    else
      not_ok "$name: $np ranks, $sync (exit $status) differ" \
        "$(printf '%s\n--\n%s\n' "$seq" "$out"; cat "$tmp/err")"
    fi
  done
}

echo "1..12"
compare "top-down, TCP, nix-vector" --confFile="$conf/top-down.conf"
compare "bottom-up, UDP, global routing" --confFile="$conf/bottom-up.conf" \
  --protocol=udp --routing=global
out=$(mpi_run 2 "$prog" --protocol=sctp 2>&1)
status=$?
if [ $status -ne 0 ] && [ "$(printf '%s\n' "$out" | grep -c -e '--protocol=sctp')" -eq 1 ]; then
  ok "--protocol=sctp on 2 ranks fails, rank 0 alone naming it"
else
  not_ok "--protocol=sctp (exit $status)" "$out"
fi
out=$(mpi_run 2 "$prog" --confFile="$tmp/missing.conf" 2>&1)
status=$?
if [ $status -ne 0 ] && printf '%s\n' "$out" | grep -q "$tmp/missing.conf"; then
  ok "a missing configuration file on 2 ranks fails naming it"
else
  not_ok "a missing configuration file (exit $status)" "$out"
fi
