#!/bin/sh
# atm-validation: the 3-switch, 5-host ABR/EPRCA validation (V1 of
# notes/seeds-digest.md) at link delays (A, B) = (5, 20), (15, 15) and
# (20, 5) ms, 20 s simulated each (the seed ran 50 s; 20 s keeps make check
# short and the figures checked here move by < 0.01 in utilisation and
# < 2% in throughput between 20 and 50 s). Checks the seed's expectations:
# each link's utilisation 0.50 +- 0.015, their sum 1.00 +- 0.01, the ABR
# source with the shorter RTT gets the larger share, each ABR source's
# throughput and mean ACR 1000 +- 100 cells/s, each source's mean ABR
# queueing delay 0.16 +- 0.04 s and their order (ABR2 waits longer at
# (5, 20), ABR1 otherwise), the time-average ABR queue 250-400 cells and at
# least 5 LOW-to-HIGH cycles in 10 s. Bad options exit 2 naming the option.
# Reports TAP.
#
# The second VBR source starts 100 ms after the first (the median distance
# between the I frames of two independent streams; see the example's
# header). With the I frames on top of each other (--vbrOffset=12.3ms) the
# ABR delay leaves the band at (20, 5): a check below shows it.
set -u
prog=$(cd "${top_builddir:-..}" && pwd)/examples/atm-validation
. "$(dirname "$0")/../lib/tap.sh"

echo "1..39"

for case in 5:20:a 15:15:b 20:5:b; do
  da=${case%%:*}
  rest=${case#*:}
  db=${rest%%:*}
  larger=${rest#*:}
  j=$("$prog" --delayA="$da" --delayB="$db" --simTime=20s --json 2>&1)
  ua=$(field util_a "$j")
  ub=$(field util_b "$j")
  t1=$(field abr1_throughput "$j")
  t2=$(field abr2_throughput "$j")
  r1=$(field abr1_acr_mean "$j")
  r2=$(field abr2_acr_mean "$j")
  d1=$(field abr1_delay "$j")
  d2=$(field abr2_delay "$j")
  cy=$(field cycles_10s "$j")
  qm=$(field queue_mean "$j")
  if [ -z "$ua" ] || [ -z "$ub" ] || [ -z "$t1" ] || [ -z "$d2" ]; then
    not_ok "($da, $db): no JSON line: $j"
    for _ in 1 2 3 4 5 6 7 8; do not_ok "($da, $db): skipped, no JSON"; done
    continue
  fi
  check "($da, $db): utilisation A $ua, B $ub, each 0.50 +- 0.015" "$j" \
    holds "$ua >= 0.485 && $ua <= 0.515 && $ub >= 0.485 && $ub <= 0.515"
  check "($da, $db): utilisation A + B = 1.00 +- 0.01" "$j" \
    holds "$ua + $ub >= 0.99 && $ua + $ub <= 1.01"
  if [ "$larger" = a ]; then
    check "($da, $db): ABR1 has the shorter RTT: U_A > U_B" "$j" holds "$ua > $ub"
  else
    check "($da, $db): ABR2 has the shorter RTT: U_B > U_A" "$j" holds "$ub > $ua"
  fi
  check "($da, $db): ABR throughput $t1, $t2 cells/s, each 1000 +- 100" "$j" \
    holds "$t1 >= 900 && $t1 <= 1100 && $t2 >= 900 && $t2 <= 1100"
  check "($da, $db): mean ACR $r1, $r2 cells/s, each 1000 +- 100" "$j" \
    holds "$r1 >= 900 && $r1 <= 1100 && $r2 >= 900 && $r2 <= 1100"
  check "($da, $db): mean ABR queueing delays $d1, $d2 s, each 0.16 +- 0.04" "$j" \
    holds "$d1 >= 0.12 && $d1 <= 0.20 && $d2 >= 0.12 && $d2 <= 0.20"
  check "($da, $db): mean ABR queue $qm cells, within 250-400" "$j" \
    holds "$qm >= 250 && $qm <= 400"
  check "($da, $db): the ABR queue cycles from LOW to HIGH $cy times in 10 s (at least 5)" "$j" \
    holds "$cy >= 5"
  case $da:$db in
    5:20) check "(5, 20): ABR2 waits longer ($d2 s) than ABR1 ($d1 s)" "$j" \
      holds "$d2 > $d1" ;;
    20:5) check "(20, 5): ABR1 waits longer ($d1 s) than ABR2 ($d2 s)" "$j" \
      holds "$d1 > $d2" ;;
    *) check "(15, 15): ABR1 waits longer ($d1 s) than ABR2 ($d2 s)" "$j" \
      holds "$d1 > $d2" ;;
  esac
done

# ---- the literal "always" reading of EPRCA's ER cap ----
# Capping ER at 7/8 MACR on every backward RM cell makes MACR shrink by at
# least 1/128 per cell, so the ABR rates collapse: below 200 cells/s after
# 10 s (the study's model gave 142), with the bottleneck no longer full.
j=$("$prog" --erCap=always --simTime=10s --json 2>&1)
a1=$(field abr1_acr_final "$j")
a2=$(field abr2_acr_final "$j")
check "--erCap=always: both ABR rates below 200 cells/s at 10 s ($a1, $a2)" "$j" \
  holds "$a1 < 200 && $a2 < 200"
u=$(field util_a "$j")
v=$(field util_b "$j")
check "--erCap=always: the links are no longer full ($u + $v < 0.9)" "$j" \
  holds "$u + $v < 0.9"

# ---- square-wave VBR (4500/1500 cells/s, 100 ms) in place of MPEG ----
# The same mean with no burst above the line rate: the shares hold, and
# the mean ABR delay falls to about 0.12 s, as the seeds digest's simple
# model found (0.12-0.14 s) for this source.
j=$("$prog" --vbr=square --simTime=20s --json 2>&1)
u=$(field util_a "$j")
v=$(field util_b "$j")
t1=$(field abr1_throughput "$j")
t2=$(field abr2_throughput "$j")
d1=$(field abr1_delay "$j")
check "--vbr=square: utilisations $u, $v, throughputs $t1, $t2 as with MPEG" "$j" \
  holds "$u > 0.485 && $u < 0.515 && $v > 0.485 && $v < 0.515 && $t1 > 900 && $t1 < 1100 && $t2 > 900 && $t2 < 1100"
check "--vbr=square: mean ABR delay $d1 s, within 0.10-0.14 s" "$j" \
  holds "$d1 > 0.10 && $d1 < 0.14"

# ---- I frames that coincide ----
# With the second stream 12.3 ms behind the first, their I frames overlap
# every GOP: ABR waits out up to 16,000 cells/s of VBR at the bottleneck,
# and at (20, 5) its mean delay leaves the study's band.
j=$("$prog" --delayA=20 --delayB=5 --vbrOffset=12.3ms --simTime=20s --json 2>&1)
d1=$(field abr1_delay "$j")
check "--vbrOffset=12.3ms at (20, 5): mean ABR1 delay $d1 s, above 0.2 s" "$j" \
  holds "$d1 > 0.2"

# ---- the default run prints the summary ----
out=$("$prog" --simTime=2s 2>&1)
check "the summary names both links, both sources and the queue" "$out" \
  test -n "$(printf '%s\n' "$out" | grep 'link A .* link B')" \
  -a "$(printf '%s\n' "$out" | grep -c '^  ABR[12] ')" = 2 \
  -a -n "$(printf '%s\n' "$out" | grep 'ABR queue mean')"

# ---- bad options ----
bad () {
  option=$1
  shift
  out=$("$prog" "$@" 2>&1)
  status=$?
  case "$status:$out" in
    2:*"--$option"*) ok "$* exits 2 naming --$option" ;;
    *) not_ok "$* exited $status: $out" ;;
  esac
}
bad delayA --delayA=-1
bad delayB --delayB=-5
bad simTime --simTime=0s
bad erCap --erCap=sometimes
bad vbr --vbr=cbr
bad vbrOffset --vbrOffset=20s --simTime=20s
