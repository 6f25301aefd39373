#!/bin/sh
# tcp-bulk: one TCP flow through a 10 Mb/s / 20 ms bottleneck with a
# drop-tail queue of one BDP. The default run (NewReno) reaches 94% of
# the bottleneck rate, prints the bytes the sink received, and writes the
# congestion window as "time_s cwnd_bytes" lines; the same run twice (and
# under another scheduler) gives the same output; Reno, NewReno and Cubic
# all reach 90%; --maxBytes delivers exactly that many bytes; --plot
# writes its files. A lossy run's pcaps, read by tshark, hold no malformed
# frame, no bad checksum, no ACK of an unseen segment and no zero window,
# and every retransmission tshark flags is the sender's and is explained
# by a drop: a queue drop or an error-model drop seen in the captures.
# Bad options exit 2 naming the option. Reports TAP.
set -u
bulk=$(cd "${top_builddir:-..}" && pwd)/examples/tcp-bulk
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
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

check () {
  # check NAME CONDITION...: ok when the test command succeeds
  name=$1
  shift
  if "$@"; then ok "$name"; else not_ok "$name"; fi
}

field () {
  # the value of a numeric or string field in a JSON line
  printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

at_least () {
  # at_least VALUE MIN: VALUE >= MIN, as decimals
  awk "BEGIN { exit !($1 >= $2) }"
}

echo "1..35"

# ---- the default run: NewReno, 20 s ----
"$bulk" >out 2>err
check "the default run exits 0, nothing on stderr" test $? -eq 0 -a ! -s err
goodput=$(sed -n 's/^Goodput: \([0-9.]*\) Mbps$/\1/p' out)
# 94% of 10 Mb/s; a full segment carries 1448 of 1502 bytes on the wire,
# so the most a transfer can reach is 9.64 Mb/s
check "goodput $goodput Mbps >= 9.4 Mbps (94% of the bottleneck)" \
  at_least "${goodput:-0}" 9.4
check "the Goodput line is the last line" \
  test "$(tail -n 1 out)" = "Goodput: $goodput Mbps"

json=$("$bulk" --json --cwndFile=json-cwnd.dat)
rx=$(field "$json" rx_bytes)
printed=$(sed -n 's/^  received   \([0-9,]*\) bytes.*/\1/p' out | tr -d ,)
check "the bytes printed ($printed) are the sink's ($rx)" \
  test -n "$rx" -a "$printed" = "$rx"
check "goodput is the bytes over the transfer time" \
  awk "BEGIN { g = $rx * 8 / $(field "$json" transfer_s) / 1e6;
               exit !(sprintf (\"%.2f\", g) == \"$goodput\" \
                      && g - $(field "$json" goodput_mbps) < 1e-6 \
                      && $(field "$json" goodput_mbps) - g < 1e-6) }"
# RTT: 2 x (1 + 20) ms, plus a 1502-byte packet and a 54-byte ACK on each
# link: 1556 x 8 / 100 Mb/s + 1556 x 8 / 10 Mb/s = 1.36928 ms; BDP:
# 10 Mb/s x 43.36928 ms / 1502 bytes = 36.09, rounded up
check "the queue holds one BDP: 37 packets (RTT 43.36928 ms)" \
  test "$(field "$json" queue_packets)" = 37 \
  -a "$(field "$json" base_rtt_s)" = 0.043369280 \
  -a "$(field "$json" wire_size)" = 1502
check "no random loss: every retransmission follows a queue drop" \
  test "$(field "$json" error_drops)" = 0 \
  -a "$(field "$json" retransmissions)" = "$(field "$json" queue_drops)"

# ---- the congestion window file ----
samples=$(sed -n 's/^  cwnd       \([0-9]*\) samples in tcp-bulk-cwnd.dat$/\1/p' out)
check "tcp-bulk-cwnd.dat: two comment lines, then $samples lines of two numbers" \
  awk -v want="${samples:-x}" '
    /^#/ { if (NR > 2) exit 1; next }
    NF != 2 || $1 !~ /^[0-9]+\.[0-9]+$/ || $2 !~ /^[0-9]+$/ { exit 1 }
    { lines++ }
    END { exit !(lines == want && lines > 100) }' tcp-bulk-cwnd.dat
check "the window's times never go back and stay within the 20 s" \
  awk '!/^#/ { if ($1 < last || $1 > 20) exit 1; last = $1 }' tcp-bulk-cwnd.dat
# it opens at 10 segments, fills BDP + queue (74 x 1448 bytes, roughly)
# and halves at each loss
check "the window opens at 10 segments, reaches BDP + queue, halves" \
  awk '!/^#/ { if (!first && $2 > 0) first = $2; if ($2 > max) max = $2;
               if ($1 > 5 && (min == "" || $2 < min)) min = $2 }
       END { exit !(first == 14480 && max > 100000 && min < max / 2) }' \
    tcp-bulk-cwnd.dat

# ---- determinism ----
mv tcp-bulk-cwnd.dat first.dat
"$bulk" >again 2>&1
check "the same run twice prints the same" cmp -s out again
check "... and writes the same congestion window file" \
  cmp -s first.dat tcp-bulk-cwnd.dat
"$bulk" --cwndFile=ladder.dat --SchedulerType=ladder >ladder 2>&1
sed 's/ladder\.dat/tcp-bulk-cwnd.dat/' ladder >ladder.out
check "the ladder scheduler gives the same output and window" \
  test -z "$(diff out ladder.out)" -a -z "$(diff tcp-bulk-cwnd.dat ladder.dat)"

# ---- congestion controls ----
# Cubic (no HyStart) overshoots in slow start to twice BDP + queue; with
# its beta of 0.7 a retransmission of that window can be lost again at
# the full queue, and only the RTO (1 s minimum) recovers it: a 1 s
# stall, 5% of the 20 s. So its bar is 85%, the others' 90%.
for cc in Reno:9 NewReno:9 Cubic:8.5; do
  bar=${cc#*:}
  cc=${cc%%:*}
  j=$("$bulk" --congestionControl=$cc --cwndFile=$cc.dat --json 2>&1)
  g=$(field "$j" goodput_mbps)
  name="$cc: goodput ${g:-?} Mbps >= $bar Mbps"
  if [ "$(field "$j" congestion_control)" = $cc ] && [ -n "$g" ] \
    && at_least "$g" $bar; then
    ok "$name"
  else
    not_ok "$name: $j"
  fi
done

# with 2 MB buffers Cubic's slow start overshoots into a timeout; the
# segments the receiver SACKed are not sent again after it
j=$("$bulk" --congestionControl=Cubic --CnsTcpSocket::SndBufSize=2097152 \
  --CnsTcpSocket::RcvBufSize=2097152 --cwndFile=big.dat --json 2>&1)
check "2 MB buffers: one retransmission per drop ($(field "$j" retransmissions) and $(field "$j" queue_drops))" \
  test -n "$(field "$j" queue_drops)" \
  -a "$(field "$j" retransmissions)" = "$(field "$j" queue_drops)" \
  -a "$(field "$j" queue_drops)" -gt 0

# ---- maxBytes ----
j=$("$bulk" --maxBytes=2000000 --cwndFile=max.dat --json)
check "--maxBytes=2000000: that many bytes sent and received, the last before 20 s" \
  test "$(field "$j" tx_bytes)" = 2000000 -a "$(field "$j" rx_bytes)" = 2000000 \
  -a "$(field "$j" max_bytes)" = 2000000 \
  -a "$(awk "BEGIN { print ($(field "$j" last_rx_s) < 5) }")" = 1

# ---- plot ----
"$bulk" --simTime=5s --plot=plots --cwndFile=plot.dat >/dev/null 2>err
if command -v gnuplot >/dev/null 2>&1; then
  check "--plot writes cwnd.dat, the gnuplot script and cwnd.png" \
    test -s plots/cwnd.dat -a -s plots/tcp-bulk.gp -a -s plots/cwnd.png
else
  check "--plot writes cwnd.dat and the script, and says how to render" \
    test -s plots/cwnd.dat -a -s plots/tcp-bulk.gp \
    -a -n "$(grep 'gnuplot tcp-bulk.gp' err)"
fi

# ---- a lossy run read by tshark ----
# 1 packet in 1000 dropped on arrival at the receiver. The pcaps: the
# router's end of the bottleneck (lossy-1-1: every frame it sends, before
# the error model, and the ACKs) and the receiver's (lossy-2-0: what
# survived).
j=$("$bulk" --errorRate=0.001 --simTime=10s --pcap=lossy --cwndFile=lossy.dat --json)
resent=$(field "$j" retransmissions)
queue=$(field "$j" queue_drops)
error=$(field "$j" error_drops)
check "--errorRate=0.001: the error model dropped packets ($error)" \
  test "${error:-0}" -gt 0
if ! command -v tshark >/dev/null 2>&1; then
  for _ in 1 2 3 4 5 6 7 8; do
    skip "tshark is not installed (./waf installs it as root)"
  done
else
  # tshark's TCP analysis (on by default; tcp.analysis is no preference)
  ts () {
    f=$1
    shift
    tshark -r "$f" -o tcp.analyze_sequence_numbers:TRUE \
      -o tcp.relative_sequence_numbers:FALSE "$@" 2>/dev/null
  }
  count () {
    c=$1
    shift
    ts "$c" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE -Y "$1" | wc -l
  }
  bad=""
  for f in lossy-1-1.pcap lossy-2-0.pcap; do
    frames=$(ts "$f" | wc -l)
    [ "$frames" -gt 8000 ] || bad="$bad $f:only-$frames-frames"
    for filter in _ws.malformed 'ip.checksum.status=="Bad"' \
      'tcp.checksum.status=="Bad"' _ws.expert.severity==error; do
      c=$(count "$f" "$filter")
      [ "$c" -eq 0 ] || bad="$bad $f:$c-x-$filter"
    done
  done
  check "no malformed frame, bad checksum or expert error in either file${bad:+:$bad}" \
    test -z "$bad"
  acked=$(count lossy-1-1.pcap tcp.analysis.ack_lost_segment)
  acked2=$(count lossy-2-0.pcap tcp.analysis.ack_lost_segment)
  check "no ACK of a segment that was not captured ($acked, $acked2)" \
    test "$acked" -eq 0 -a "$acked2" -eq 0
  zero=$(count lossy-1-1.pcap 'tcp.analysis.zero_window or tcp.analysis.zero_window_probe')
  check "no zero window ($zero)" test "$zero" -eq 0

  # What tshark calls a retransmission at the router. A segment that
  # fills a hole soon after new data went is "out-of-order" to tshark
  # (within the first round-trip time of the highest sequence number's
  # last advance): SACK recovery sends such retransmissions, and on this
  # single path nothing is reordered, so they count too.
  ts lossy-1-1.pcap -Y 'tcp.analysis.retransmission or tcp.analysis.fast_retransmission or tcp.analysis.out_of_order or tcp.analysis.spurious_retransmission' \
    -T fields -e frame.number >flagged
  fast=$(count lossy-1-1.pcap tcp.analysis.fast_retransmission)
  ooo=$(count lossy-1-1.pcap tcp.analysis.out_of_order)
  spurious=$(count lossy-1-1.pcap tcp.analysis.spurious_retransmission)
  flagged=$(wc -l <flagged)

  # Every frame: number, time, length, source, sequence number, TCP
  # length, ACK, window (scaled), SACK left and right edges.
  fields="-T fields -e frame.number -e frame.time_epoch -e frame.len -e ip.src
    -e tcp.seq -e tcp.len -e tcp.ack -e tcp.window_size -e tcp.options.sack_le
    -e tcp.options.sack_re"
  # shellcheck disable=SC2086
  ts lossy-1-1.pcap $fields >router
  # shellcheck disable=SC2086
  ts lossy-2-0.pcap $fields >receiver
  # A frame the router starts sending at t arrives whole at the receiver
  # at t + len x 800 ns (10 Mb/s) + 20 ms: one that is not there then
  # was dropped by the error model. Times in integer nanoseconds, keys
  # through %.0f (mawk prints large numbers in %g).
  cat >account.awk <<'EOF'
BEGIN { FS = "\t" }
function ns (t,   p) { split (t, p, "."); return p[1] * 1000000000 + substr (p[2] "000000000", 1, 9) }
FILENAME == ARGV[1] { flagged[$1] = 1; next }
FILENAME == ARGV[2] {
  if ($4 == sender) {
    arrived[$5 " " sprintf ("%.0f", ns($2))] = 1
    if ($6 > 0 && ++got[$5] > 1) twice++
  }
  next
}
$4 == sender {
  at = ns($2) + $3 * 800 + 20000000
  ok = (($5 " " sprintf ("%.0f", at)) in arrived)
  if (!ok && at <= stop_ns) { error_drops++; if ($6 > 0) unrepaired[$5] = at }
  if ($6 == 0) next
  resent = ($5 < high)
  if (resent != ($1 in flagged) && ++mismatch < 4)
    printf "# frame %s, seq %s: flagged %d, below the highest sequence sent %d\n", $1, $5, ($1 in flagged), resent
  if (resent) {
    if (!($5 in copies)) by_queue++
    else if (last_lost[$5]) by_error++
    else if (++unexplained < 4)
      printf "# frame %s: seq %s sent again though its last copy arrived\n", $1, $5
    delete unrepaired[$5]
  }
  copies[$5]++
  last_lost[$5] = !ok
  if ($5 + $6 > high) high = $5 + $6
  next
}
$4 == receiver {
  n = split ($9, le, ","); split ($10, re, ",")
  for (i = 1; i <= n; i++)
    if (!(le[i] + 0 > $7 + 0 && re[i] + 0 > le[i] + 0 && re[i] + 0 <= high) && ++bad_sack < 4)
      printf "# frame %s: ACK %s with SACK block %s-%s (highest sent %s)\n", $1, $7, le[i], re[i], high
  edge = $7 + $8
  if (edge < right && ++shrunk < 4)
    printf "# frame %s: the window's right edge moved left, %s after %s\n", $1, edge, right
  if (edge > right) right = edge
}
END {
  # a drop in the last second may wait for its RTO past the stop
  for (s in unrepaired)
    if (unrepaired[s] < stop_ns - 1000000000) never++
    else pending++
  printf "%d %d %d %d %d %d %d %d %d %d\n", mismatch, by_queue, by_error, unexplained, error_drops, twice, bad_sack, shrunk, never, pending
}
EOF
  awk -v sender=10.1.1.1 -v receiver=10.1.2.2 -v stop_ns=10000000000 \
    -f account.awk flagged receiver router >account
  grep '^#' account
  # shellcheck disable=SC2046
  set -- $(tail -n 1 account) x x x x x x x x x x
  # A retransmission the queue drops again never reaches the capture:
  # the sender's count is the frames flagged plus those, which are the
  # queue drops no flagged frame repairs.
  again=$((queue - $2))
  check "tshark flags $flagged retransmissions ($fast fast, $ooo out-of-order, $spurious spurious): the sender's $resent less $again lost again in the queue" \
    test "$spurious" -eq 0 -a "$again" -ge 0 \
    -a "$((flagged + again))" -eq "$resent"
  check "the flagged frames are exactly those that send data again ($1 differ)" \
    test "$1" = 0
  check "each is explained: $2 by a queue drop, $3 by an error-model drop (of $error, ${10} still to repair at the stop), $4 not" \
    test "$(($2 + $3))" = "$flagged" -a "$(($3 + ${10}))" = "$error" -a "$4" = 0
  check "the captures show the error model's $error drops ($5), every one repaired ($9 not), no segment received twice ($6)" \
    test "$5" = "$error" -a "$9" = 0 -a "$6" = 0
  check "SACK blocks lie above the ACK within the data sent ($7 not), the window never shrinks ($8)" \
    test "$7" = 0 -a "$8" = 0
fi

# ---- bad options ----
bad () {
  option=$1
  shift
  out=$("$bulk" "$@" 2>&1)
  status=$?
  case "$status:$out" in
    2:*"--$option"*) ok "$* exits 2 naming --$option" ;;
    *) not_ok "$* exited $status: $out" ;;
  esac
}
bad congestionControl --congestionControl=Vegas
bad errorRate --errorRate=1.5
bad segmentSize --segmentSize=1449
bad simTime --simTime=0s

# ---- output files ----
# an unwritable --cwndFile is found before anything is built: no pcap
mkdir "$tmp/cwnddir"
out=$("$bulk" --simTime=1s --pcap="$tmp/early" --cwndFile="$tmp/cwnddir" \
  2>"$tmp/err")
status=$?
if [ $status -eq 1 ] && [ -z "$out" ] && ! ls "$tmp"/early* >/dev/null 2>&1 \
  && grep -q -- "--cwndFile: .*$tmp/cwnddir" "$tmp/err"; then
  ok "an unwritable --cwndFile exits 1 before the run"
else
  not_ok "--cwndFile=$tmp/cwnddir exited $status: $out $(cat "$tmp/err")"
fi
# a plot that cannot be written at the end: the summary, then exit 1
mkdir -p "$tmp/badplot/cwnd.dat"
out=$("$bulk" --simTime=1s --cwndFile="$tmp/c.dat" --plot="$tmp/badplot" \
  --json 2>"$tmp/err")
status=$?
case "$status:$out" in
  1:*'"cwnd_samples":'*) ok "a failed plot write: the JSON line, exit 1" ;;
  *) not_ok "a failed plot write exited $status: $out" ;;
esac
if [ "$(wc -l < "$tmp/err")" -eq 1 ] \
  && grep -q "^tcp-bulk: plot: .*cwnd.dat" "$tmp/err"; then
  ok "a failed plot write: one line naming the file"
else
  not_ok "a failed plot write's stderr: $(cat "$tmp/err")"
fi
