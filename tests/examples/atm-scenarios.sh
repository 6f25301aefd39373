#!/bin/sh
# atm-scenarios: scenarios A (2 cores, 4 edges, 40 hosts) and B (4 cores,
# 12 edges, 120 hosts) of the TCP/IP-over-ATM study (notes/seeds-digest.md),
# uni- and bidirectional, A for 2 s simulated (the seed ran 10 s) and B
# for 1 s (the seed's own time for B; its bidirectional second, about 34 M
# events, is the slowest run here): about 10 s of wall time in all, and
# still 18 (A) or 8 (B) or more whole VBR periods per source. Checks: each
# VBR source's delivered rate is its square wave's mean, 12,500 (A) or
# 23,000 (B) cells/s, within 1%; no link direction above utilisation 1;
# every ABR source's throughput at most its PCR, 21,000 (A) or 36,000 (B)
# cells/s; the bidirectional runs make a source of every host. With --tcp
# (A 2 s, B 1 s, one way): one TCP flow per ABR connection, each flow's
# goodput above 60% of and at most the ABR payload rate PCR x 48 x 8 b/s
# (the study's TCP is ABR-limited, not window-limited), no AAL5 frame
# discarded (no buffer limits, so no cell is lost), VBR rates as without
# TCP. A bad --linkDelay exits 2 naming it. Reports TAP.
set -u
dir=$(cd "${top_builddir:-..}" && pwd)/examples
. "$(dirname "$0")/../lib/tap.sh"

echo "1..34"

# scenario:VBR mean:PCR:sources a class (uni):simulated time
for case in a:12500:21000:10:2s b:23000:36000:30:1s; do
  s=${case%%:*}
  rest=${case#*:}
  vbr=${rest%%:*}
  rest=${rest#*:}
  pcr=${rest%%:*}
  rest=${rest#*:}
  nuni=${rest%%:*}
  simtime=${rest#*:}
  for mode in uni bi; do
    if [ $mode = bi ]; then
      flag=--bidirectional
      want=$((2 * nuni))
    else
      flag=
      want=$nuni
    fi
    j=$("$dir/atm-scenario-$s" --simTime="$simtime" --json $flag 2>&1)
    status=$?
    vmin=$(field vbr_rate_min "$j")
    vmax=$(field vbr_rate_max "$j")
    amax=$(field abr_throughput_max "$j")
    util=$(field max_link_util "$j")
    na=$(field abr_sources "$j")
    nv=$(field vbr_sources "$j")
    name="$s $mode"
    if [ $status != 0 ] || [ -z "$vmin" ] || [ -z "$amax" ] || [ -z "$util" ]; then
      not_ok "$name: exited $status, no JSON line" "$j"
      for _ in 1 2 3 4; do not_ok "$name: skipped, no JSON"; done
      continue
    fi
    ok "$name: runs"
    check "$name: $na ABR and $nv VBR sources, $want each" "$j" \
      holds "$na == $want && $nv == $want"
    check "$name: VBR delivered rate $vmin to $vmax cells/s, $vbr +- 1%" "$j" \
      holds "$vmin >= 0.99 * $vbr && $vmax <= 1.01 * $vbr"
    check "$name: largest link utilisation $util <= 1" "$j" holds "$util <= 1"
    check "$name: largest ABR throughput $amax <= PCR $pcr cells/s" "$j" \
      holds "$amax <= $pcr"
  done
done

# ---- TCP over ABR ----
for case in a:12500:21000:10:2s b:23000:36000:30:1s; do
  s=${case%%:*}
  rest=${case#*:}
  vbr=${rest%%:*}
  rest=${rest#*:}
  pcr=${rest%%:*}
  rest=${rest#*:}
  want=${rest%%:*}
  simtime=${rest#*:}
  name="$s tcp"
  j=$("$dir/atm-scenario-$s" --simTime="$simtime" --json --tcp 2>&1)
  status=$?
  flows=$(field tcp_flows "$j")
  gmin=$(field tcp_goodput_min_mbps "$j")
  gmax=$(field tcp_goodput_max_mbps "$j")
  lost=$(field frames_discarded "$j")
  vmin=$(field vbr_rate_min "$j")
  vmax=$(field vbr_rate_max "$j")
  if [ $status != 0 ] || [ -z "$flows" ] || [ -z "$gmin" ]; then
    not_ok "$name: exited $status, no JSON line" "$j"
    for _ in 1 2 3 4; do not_ok "$name: skipped, no JSON"; done
    continue
  fi
  ok "$name: runs"
  check "$name: $flows TCP flows, one per ABR connection ($want)" "$j" \
    holds "$flows == $want"
  check "$name: goodput $gmin to $gmax Mb/s, within 60-100% of PCR $pcr x 384 b/s" \
    "$j" holds "$gmin > 0.6 * $pcr * 384 / 1e6 && $gmax <= $pcr * 384 / 1e6"
  check "$name: $lost AAL5 frames discarded, none" "$j" holds "$lost == 0"
  check "$name: VBR delivered rate $vmin to $vmax cells/s, $vbr +- 1%" "$j" \
    holds "$vmin >= 0.99 * $vbr && $vmax <= 1.01 * $vbr"
done

# ---- refused options ----
bad () {
  prog=$1
  option=$2
  shift 2
  out=$("$dir/$prog" "$@" 2>&1)
  status=$?
  case "$status:$out" in
    2:*"--$option"*) ok "$prog $* exits 2 naming --$option" ;;
    *) not_ok "$prog $* exited $status" "$out" ;;
  esac
}
for s in a b; do
  bad atm-scenario-$s linkDelay --linkDelay=-1ms
  bad atm-scenario-$s linkDelay --linkDelay=fast
done
