#!/bin/sh
# The distributed benchmark in its quick mode: 2 campuses of 4 clients
# per LAN at remotePct 0 and 100, sequentially and on 2 MPI ranks under
# each registered distributed simulator. Every line is flat JSON with the
# keys the project reports; the distributed runs give the sequential
# run's results, send no data message when no flow crosses campuses and
# some when all do. Bad lists exit 2 naming the option. Reports TAP; the MPI
# runs are skipped without MPI or mpirun; wall-clock numbers are not
# checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-distributed
build=${top_builddir:-..}
keys="bench campuses lan_clients ranks simulator remote_pct wall_s run_s
child_wall_s events events_per_s messages null_messages windows
matches_sequential"
n=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
}

skip () {
  n=$((n + 1))
  echo "ok $n # SKIP $1"
}

field () {
  printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

# every line a flat JSON object of numbers, strings, null, true and false
# carrying every key
check_lines () {
  value='(-?[0-9][0-9.eE+-]*|"[^"]*"|null|true|false)'
  bad=$(printf '%s\n' "$1" \
    | grep -Evx "\{\"[a-z_]+\":$value(,\"[a-z_]+\":$value)*\}")
  missing=""
  for key in $keys; do
    count=$(printf '%s\n' "$1" | grep -c "\"$key\":")
    [ "$count" -eq "$(printf '%s\n' "$1" | wc -l)" ] || missing="$missing $key"
  done
  if [ -z "$bad" ] && [ -z "$missing" ]; then
    ok "$2: every line is flat JSON with every key"
  else
    not_ok "$2: not JSON: $bad; missing:$missing"
  fi
}

total=9
echo "1..$total"

out=$("$bench" --quick --simulators=default 2>&1)
status=$?
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ] \
    && [ "$(printf '%s\n' "$out" | grep -c '"simulator":"default"')" -eq 2 ]; then
  ok "--quick --simulators=default: two sequential runs"
else
  not_ok "--quick --simulators=default: status $status: $out"
fi
check_lines "$out" "sequential"

out=$("$bench" --ranks=2,0 2>&1)
status=$?
case "$status:$out" in
  2:*--ranks*) ok "--ranks=2,0 exits 2 naming --ranks" ;;
  *) not_ok "--ranks=2,0: status $status: $out" ;;
esac
out=$("$bench" --simulators=gtw,warp 2>&1)
status=$?
case "$status:$out" in
  2:*--simulators*warp*) ok "--simulators=gtw,warp exits 2 naming it" ;;
  *) not_ok "--simulators=gtw,warp: status $status: $out" ;;
esac

. "$(dirname "$0")/../lib/mpi.sh"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  while [ $n -lt $total ]; do skip "$reason"; done
  exit 0
fi

CK_FORK=no
export CK_FORK
out=$(timeout 300 "$bench" --quick 2>&1)
status=$?
distributed=$(printf '%s\n' "$out" | grep -v '"simulator":"default"')
lines=$(printf '%s\n' "$distributed" | grep -c '"ranks":2,')
if [ $status -eq 0 ] && [ "$lines" -ge 2 ] \
    && [ "$lines" -eq "$(printf '%s\n' "$distributed" | wc -l)" ]; then
  ok "--quick: a line on 2 ranks per simulator and remotePct ($lines)"
else
  not_ok "--quick: status $status: $out"
fi
check_lines "$out" "--quick"
if [ "$(printf '%s\n' "$distributed" | grep -c '"matches_sequential":true')" -eq "$lines" ]; then
  ok "every distributed run gives the sequential run's results"
else
  not_ok "results differ from the sequential run's: $distributed"
fi
# messages count null messages too: the data messages are the rest
data_messages () {
  printf '%s\n' "$1" | while read -r line; do
    echo $(($(field "$line" messages) - $(field "$line" null_messages)))
  done | sort -u | tr '\n' ' '
}
quiet=$(data_messages "$(printf '%s\n' "$distributed" | grep '"remote_pct":0,')")
busy=$(data_messages "$(printf '%s\n' "$distributed" | grep '"remote_pct":100,')")
if [ "$quiet" = "0 " ] && [ -n "$busy" ] && ! printf '%s\n' "$busy" | grep -qw 0; then
  ok "no data message without remote flows, some with them ($busy)"
else
  not_ok "data messages at remotePct 0: $quiet; at 100: $busy"
fi
gtw=$(printf '%s\n' "$distributed" | grep '"simulator":"gtw"' | head -n 1)
if [ "$(field "$gtw" windows)" -gt 0 ] 2>/dev/null; then
  ok "gtw grants windows ($(field "$gtw" windows))"
else
  not_ok "gtw: no windows: $gtw"
fi
