#!/bin/sh
# The ATM benchmark, quick: one flat JSON line per delay case of the
# validation and one for scenario A, then, with MPI, one for scenario A on
# 2 ranks under each distributed simulator, with the wall time, events per
# second and the example's figures, the MPI runs' the same as the
# sequential one's; a bad option exits 2. Reports TAP; wall-clock numbers
# are not checked.
set -u
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/mpi.sh"
build=${top_builddir:-..}
bench=$build/utils/bench/bench-atm

echo "1..8"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  out=$("$bench" --quick --ranks=1 2>&1)
  status=$?
  want=5
else
  out=$(OMPI_MCA_pml=${OMPI_MCA_pml:-ob1} "$bench" --quick 2>&1)
  status=$?
  want=9
fi
v='\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\|true\|false\)'
json="^{\\(\"[a-z_A-Z0-9]*\":$v,\\)*\"[a-z_A-Z0-9]*\":$v}\$"
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c "$json")" -eq $want ]; then
  ok "$want JSON lines: the three delay cases, then scenario A uni-ABR and bi-TCP"
else
  not_ok "status $status" "$out"
fi
bad=
for pair in 5:20 15:15 20:5; do
  l=$(printf '%s\n' "$out" | grep "\"delay_a_ms\":${pair%%:*},\"delay_b_ms\":${pair#*:},")
  for f in child_wall_s events_per_s events util_a util_b abr1_delay queue_mean; do
    [ -n "$(field $f "$l")" ] || bad="$bad $f@$pair"
  done
  [ "$(field sim_time_s "$l")" = 5 ] || bad="$bad sim_time@$pair"
done
if [ -z "$bad" ]; then ok "each case has its fields, 5 s simulated"; else not_ok "missing:$bad" "$out"; fi
l=$(printf '%s\n' "$out" | grep '"case":"scenario-a-uni-abr",')
t=$(printf '%s\n' "$out" | grep '"case":"scenario-a-bi-tcp",')
if [ "$(field sim_time_s "$l")" = 0.5 ] && [ -n "$(field events_per_s "$l")" ] \
   && [ "$(field abr_sources "$l")" = 10 ]; then
  ok "scenario A: 0.5 s simulated, 10 ABR sources, events per second"
else
  not_ok "scenario A" "$l"
fi
if [ "$(field sim_time_s "$t")" = 0.5 ] && [ "$(field tcp_flows "$t")" = 20 ] \
   && [ "$(field bidirectional "$t")" = true ] \
   && [ -n "$(field events_per_s "$t")" ]; then
  ok "scenario A bi-TCP: 0.5 s simulated, 20 TCP flows, events per second"
else
  not_ok "scenario A bi-TCP" "$t"
fi
if [ -n "$reason" ]; then
  ok "# SKIP scenario A uni-ABR on 2 ranks: $reason"
  ok "# SKIP scenario A bi-TCP on 2 ranks: $reason"
else
  for load in uni-abr:l bi-tcp:t; do
    seq=$(eval printf '%s' "\"\$${load#*:}\"")
    bad=
    for sim in gtw null-message; do
      m=$(printf '%s\n' "$out" | grep "\"case\":\"scenario-a-${load%%:*}-mpi\"" | grep "\"simulator\":\"$sim\"")
      [ "$(field ranks "$m")" = 2 ] || bad="$bad ranks@$sim"
      [ -n "$(field events_per_s "$m")" ] || bad="$bad events_per_s@$sim"
      for f in events abr_throughput_mean abr_throughput_min vbr_rate_mean max_link_util drops tcp_goodput_mean_mbps tcp_goodput_min_mbps frames_discarded; do
        [ -n "$(field $f "$seq")" ] && [ "$(field $f "$m")" = "$(field $f "$seq")" ] \
          || bad="$bad $f@$sim"
      done
    done
    if [ -z "$bad" ]; then
      ok "scenario A ${load%%:*} on 2 ranks, gtw and null-message: the sequential figures"
    else
      not_ok "scenario A ${load%%:*} on 2 ranks:$bad" "$out"
    fi
  done
fi
"$bench" --ranks=0 > /dev/null 2>&1
status=$?
if [ $status -eq 2 ]; then ok "--ranks=0 exits 2"; else not_ok "--ranks=0: exit $status" ""; fi
"$bench" --bogus > /dev/null 2>&1
status=$?
if [ $status -eq 2 ]; then ok "an unknown option exits 2"; else not_ok "--bogus: exit $status" ""; fi
