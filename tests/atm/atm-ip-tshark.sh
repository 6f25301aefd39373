#!/bin/sh
# Reads the SunATM capture of a TCP transfer over an ABR VC (atm-ip-pcap.c)
# back with tshark: every frame decodes as ATM (SunATM header) / LLC /
# IPv4 / TCP on VPI 0 VCI 32, with good IPv4 and TCP checksums and nothing
# malformed; the 100,000 bytes go out in 69 unfragmented segments (68 of
# 1460 bytes and one of 720); and TCP's sequence analysis finds nothing
# to flag (no retransmission, loss, duplicate ACK or reordering) on the
# lossless VC. Reports TAP.
set -u
prog=${top_builddir:-../..}/tests/atm/atm-ip-pcap
. "$(dirname "$0")/../lib/tap.sh"

if ! command -v tshark >/dev/null 2>&1; then
  echo "1..0 # SKIP tshark is not installed (./waf installs it as root)"
  exit 77
fi
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

# tshark warns on stderr when run as root; only its output counts.
ts () {
  tshark -r "$f" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE "$@" \
    2>/dev/null
}

echo "1..9"
out=$("$prog" "$dir" 2>&1)
status=$?
f=$(printf '%s\n' "$out" | sed -n 1p)
check "the transfer ran, delivered 100000 bytes and wrote its capture" \
  "status $status: $out" \
  [ "$status" -eq 0 -a -s "$f" ]
[ -s "$f" ] || f=/dev/null

total=$(ts | wc -l)
check "tshark reads frames from the capture" "$total frames" \
  [ "$total" -gt 69 ]

proto=$(ts -T fields -e frame.protocols | sort -u | tr '\n' ' ')
check "every frame is atm:llc:ip:tcp" "frame.protocols: $proto" \
  [ "$proto" = "atm:llc:ip:tcp atm:llc:ip:tcp:data " ]

channels=$(ts -T fields -e atm.vpi -e atm.vci -e llc.type | sort -u \
           | tr '\t\n' ' ;')
check "every frame is on VPI 0, VCI 32 with LLC/SNAP type IPv4" \
  "vpi vci type: $channels" \
  [ "$channels" = "0 32 0x0800;" ]

# SunATM direction: channel 0 (DTE->DCE) is what A sent
dirs=$(ts -T fields -e atm.channel -e ip.src | sort | uniq -c \
       | awk '{ printf "%s %s %s;", $2, $3, ($1 > 0) }')
check "A's frames are marked sent, B's received" "channel src: $dirs" \
  [ "$dirs" = "0 10.0.0.1 1;1 10.0.0.2 1;" ]

good=$(ts -Y 'ip.checksum.status=="Good" and tcp.checksum.status=="Good"' \
       | wc -l)
bad=$(ts -Y '_ws.malformed or ip.checksum.status!="Good" or tcp.checksum.status!="Good"' | wc -l)
check "no malformed frame, every IPv4 and TCP checksum good" \
  "$good good of $total, $bad bad or malformed" \
  [ "$good" -eq "$total" -a "$bad" -eq 0 ]

segs=$(ts -Y 'ip.src==10.0.0.1 and tcp.len > 0' -T fields -e tcp.len \
       | awk '{ n++; s += $1; if ($1 > m) m = $1 } END { print n, s, m }')
check "A sent 100000 bytes in 69 segments of at most 1460" "n sum max: $segs" \
  [ "$segs" = "69 100000 1460" ]

frags=$(ts -Y 'ip.flags.mf==1 or ip.frag_offset > 0' | wc -l)
check "no IPv4 fragments" "$frags fragments" [ "$frags" -eq 0 ]

# The analysis ran (it gives every data segment its bytes in flight) and
# flagged nothing.
analysed=$(ts -Y 'ip.src==10.0.0.1 and tcp.analysis.bytes_in_flight' | wc -l)
flagged=$(ts -Y 'tcp.analysis.flags' | wc -l)
check "TCP sequence analysis ran on the 69 segments and flags nothing" \
  "$analysed analysed; flagged: $(ts -Y 'tcp.analysis.flags' | head -5)" \
  [ "$analysed" -eq 69 -a "$flagged" -eq 0 ]
