#!/bin/sh
# The MPI interface under mpirun: the collectives give every rank's
# values, and a rank that calls cns_fatal() or dies takes the whole run
# down within 10 s, exit status non-zero, instead of leaving the others
# waiting. Reports TAP; skipped when cns has no MPI or mpirun is missing.
set -u
build=${top_builddir:-../..}
child=$build/tests/core/mpi-child
n=0
echo "1..5"

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); echo "not ok $n - $1"; }
check () {
  what=$1
  shift
  if "$@"; then ok "$what"; else not_ok "$what"; fi
}

. "$(dirname "$0")/../lib/mpi.sh"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  while [ $n -lt 5 ]; do
    n=$((n + 1)); echo "ok $n # SKIP $reason"
  done
  exit 0
fi

mpi () {
  np=$1
  shift
  mpi_run "$np" "$child" "$@"
}

out=$(mpi 2 collectives 2>&1)
check "2 ranks: sums, maxima, minima and gathers of every rank" \
  test "$out" = "collectives on 2 ranks: ok"
out=$(mpi 4 collectives 2>&1)
check "4 ranks: sums, maxima, minima and gathers of every rank" \
  test "$out" = "collectives on 4 ranks: ok"

# a failing rank: every rank gone, non-zero, well within 10 s
for how in fatal crash; do
  start=$(date +%s)
  out=$(mpi 3 $how 2>&1)
  status=$?
  took=$(($(date +%s) - start))
  case $how in
    fatal) said="cns: fatal error: rank 2 gives up" ;;
    crash) said="" ;;
  esac
  if [ $status -ne 0 ] && [ $status -ne 124 ] && [ $took -lt 10 ] \
     && ! printf '%s\n' "$out" | grep -q "passed a barrier" \
     && printf '%s\n' "$out" | grep -q -F -- "$said"; then
    ok "3 ranks, the last one's $how: the run ends in ${took} s, status $status"
  else
    not_ok "3 ranks, the last one's $how: status $status after ${took} s:"
    printf '%s\n' "$out" | sed 's/^/#   /'
  fi
done

out=$("$child" collectives 2>&1)
check "without mpirun: refuses to run, exit 2" \
  test $? -eq 2 -a "$out" = "mpi-child: not started by mpirun"
