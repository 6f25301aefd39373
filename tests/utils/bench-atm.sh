#!/bin/sh
# The ATM benchmark, quick: one flat JSON line per delay case of the
# validation, with the wall time, events per second and the example's
# figures; a bad option exits 2. Reports TAP; wall-clock numbers are not
# checked.
set -u
. "$(dirname "$0")/../lib/tap.sh"
bench=${top_builddir:-..}/utils/bench/bench-atm

echo "1..3"
out=$("$bench" --quick 2>&1)
status=$?
json='^{\("[a-z_A-Z0-9]*":\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\),\)*"[a-z_A-Z0-9]*":\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\)}$'
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c "$json")" -eq 3 ]; then
  ok "three JSON lines, one per delay case"
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
"$bench" --bogus > /dev/null 2>&1
status=$?
if [ $status -eq 2 ]; then ok "an unknown option exits 2"; else not_ok "--bogus: exit $status" ""; fi
