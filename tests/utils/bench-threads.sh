#!/bin/sh
# The threads benchmark in its quick mode: 2 campuses, a small PHOLD and
# PHOLD with bodies of 500 and 5000 bytes, each sequentially and on 2
# threads (the bodies also on 2 MPI ranks when mpirun is there). Every
# line is flat JSON with the keys the project reports, and every parallel
# run gives the sequential run's fingerprint. Bad options exit 2. Reports
# TAP; wall-clock numbers are not checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-threads
keys="bench case size threads ranks repeat wall_s run_s cpu_s max_rss_kb events
cpu_per_event_ns speedup rss_ratio same_results"
n=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
}

echo "1..5"

if command -v mpirun >/dev/null 2>&1; then
  cases=campus,phold,payload
  lines=10
  parallel_lines=6
else
  cases=campus,phold
  lines=4
  parallel_lines=2
fi
export OMPI_MCA_pml=ob1
out=$("$bench" --quick --cases=$cases 2>&1)
status=$?
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq $lines ]; then
  ok "--quick --cases=$cases: $lines lines"
else
  not_ok "--quick --cases=$cases: status $status: $out"
fi

value='(-?[0-9][0-9.eE+-]*|"[^"]*"|null|true|false)'
bad=$(printf '%s\n' "$out" \
  | grep -Evx "\{\"[a-z_]+\":$value(,\"[a-z_]+\":$value)*\}")
missing=""
for key in $keys; do
  count=$(printf '%s\n' "$out" | grep -c "\"$key\":")
  [ "$count" -eq "$(printf '%s\n' "$out" | wc -l)" ] || missing="$missing $key"
done
if [ -z "$bad" ] && [ -z "$missing" ]; then
  ok "every line is flat JSON with every key"
else
  not_ok "not JSON: $bad; missing:$missing"
fi

# every parallel run the sequential run's fingerprint, and events counted
parallel=$(printf '%s\n' "$out" | grep -c '"speedup":[0-9]')
same=$(printf '%s\n' "$out" | grep -c '"same_results":true')
if [ "$parallel" -eq $parallel_lines ] && [ "$same" -eq "$parallel" ] \
  && ! printf '%s\n' "$out" | grep -q '"events":0,'; then
  ok "$same parallel runs give the sequential fingerprint"
else
  not_ok "parallel runs $parallel, same results $same: $out"
fi

out=$("$bench" --quick --threads=0 2>&1)
status=$?
case $status:$out in
  2:*"--threads: '0' is not a positive number"*) ok "--threads=0: exit 2" ;;
  *) not_ok "--threads=0: status $status: $out" ;;
esac

out=$("$bench" --quick --cases=nothing 2>&1)
status=$?
case $status:$out in
  2:*"unknown case 'nothing'"*) ok "--cases=nothing: exit 2" ;;
  *) not_ok "--cases=nothing: status $status: $out" ;;
esac
