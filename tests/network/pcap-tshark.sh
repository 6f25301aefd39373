#!/bin/sh
# Reads the pcap files of a two-node exchange (pcap-exchange.c) back with
# tshark and checks frame counts, lengths and timestamps, computed by hand:
# frames of 102, 502 and 1002 bytes at 5 Mbps take 163.2, 803.2 and
# 1603.2 us; the wire adds 2 ms. Reports TAP.
set -u
exchange=${top_builddir:-../..}/tests/network/pcap-exchange

if ! command -v tshark >/dev/null 2>&1; then
  echo "1..0 # SKIP tshark is not installed (./waf installs it as root)"
  exit 0
fi
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

echo "1..5"
if "$exchange" "$dir/x" >"$dir/out" 2>&1; then
  echo "ok 1 - the exchange ran and wrote its files"
else
  echo "not ok 1 - pcap-exchange failed: $(cat "$dir/out")"
fi

check_file () {
  # $1 file, $2 test number, $3 expected "len time" lines
  got=$(tshark -r "$1" -T fields -e frame.len -e frame.time_epoch \
        2>"$dir/err" | awk '{ printf "%s %.9f\n", $1, $2 }')
  if [ "$got" = "$3" ]; then
    echo "ok $2 - $(basename "$1"): frames, lengths and times as computed"
  else
    echo "not ok $2 - $(basename "$1"): got"
    sed 's/^/#   tshark: /' "$dir/err"
    printf '%s\n' "$got" | sed 's/^/#   /'
    echo "# expected"
    printf '%s\n' "$3" | sed 's/^/#   /'
  fi
}

# Node 0 sends at 1 s, back to back, and receives the echoes.
check_file "$dir/x-0-0.pcap" 2 "102 1.000000000
502 1.000163200
1002 1.000966400
102 1.004326400
502 1.005769600
1002 1.008172800"

# Node 1 receives each frame at last-bit arrival and sends it straight back.
check_file "$dir/x-1-0.pcap" 3 "102 1.002163200
102 1.002163200
502 1.002966400
502 1.002966400
1002 1.004569600
1002 1.004569600"

# tshark warns on stderr when run as root; only its output counts.
proto=$(tshark -r "$dir/x-0-0.pcap" -T fields -e frame.protocols 2>/dev/null | sort -u)
case "$proto" in
  ppp*) echo "ok 4 - tshark decodes the frames as PPP ($proto)" ;;
  *) echo "not ok 4 - frame protocols: $proto" ;;
esac

ppp=$(tshark -r "$dir/x-0-0.pcap" -T fields -e ppp.protocol 2>/dev/null | sort -u)
if [ "$ppp" = "0x88b5" ]; then
  echo "ok 5 - the PPP protocol field carries the EtherType"
else
  echo "not ok 5 - ppp.protocol: $ppp"
fi
