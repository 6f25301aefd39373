#!/bin/sh
# Under ./waf check --valgrind (CNS_TEST_VALGRIND=yes): the small examples,
# each in a short run, under valgrind memcheck with --leak-check=full and
# --error-exitcode=1; a memory error or a definite leak fails the example.
# Otherwise every check is skipped: valgrind runs some 50 times slower.
# Reports TAP.
set -u
top=$(cd "${top_builddir:-..}" && pwd)
examples=$top/examples
. "$(dirname "$0")/../lib/tap.sh"

# NAME|ARGUMENTS, one short run of each example that needs no MPI
runs='first|
nix-simple|
global-routing|
phold|--lps=64 --endTime=1ms
tcp-bulk|--simTime=2s
brite-generic|--nPackets=2
atm-validation|--simTime=1s --json
atm-scenario-a|--simTime=300ms --json
campus-ring|--nCampus=2 --bytesPerFlow=2048 --json'

echo "1..$(printf '%s\n' "$runs" | wc -l)"
if [ "${CNS_TEST_VALGRIND:-}" != yes ]; then
  printf '%s\n' "$runs" | while IFS='|' read -r name _; do
    ok "$name under valgrind # SKIP only with ./waf check --valgrind"
  done
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
printf '%s\n' "$runs" > runs
while IFS='|' read -r name args; do
  # shellcheck disable=SC2086
  out=$("$top/libtool" --mode=execute "${VALGRIND:-valgrind}" --quiet \
    --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 \
    "$examples/$name" $args 2>&1 >/dev/null)
  status=$?
  check "$name $args: valgrind finds no error or leak (exit $status)" \
    "$out" test "$status" -eq 0
done < runs
