#!/bin/sh
# Reads the pcaps of a three-node UDP line (udp-line.c) with tshark:
# no frame has a bad IPv4, UDP or ICMP checksum or is malformed, and each
# file holds the frames computed by hand. Reports TAP.
set -u
line=${top_builddir:-../..}/tests/internet/udp-line

if ! command -v tshark >/dev/null 2>&1; then
  echo "1..0 # SKIP tshark is not installed (./waf installs it as root)"
  exit 0
fi
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

echo "1..10"
if "$line" "$dir/line" >"$dir/out" 2>&1; then
  echo "ok 1 - the line ran and wrote its pcaps"
else
  echo "not ok 1 - udp-line failed: $(cat "$dir/out")"
fi
# Ten 1000-byte datagrams and one of 4000 bytes reach the sink; the one to
# port 10 does not.
if grep -qx "sink received 14000 bytes in 11 datagrams" "$dir/out"; then
  echo "ok 2 - the sink got 14000 bytes in 11 datagrams"
else
  echo "not ok 2 - $(cat "$dir/out")"
fi

# Every link carries, in each file: 10 + 1 datagrams of 1000 bytes, 3
# fragments of the 4000-byte one, and the ICMP error going back.
n=3
for f in line-0-0 line-1-0 line-1-1 line-2-0; do
  count=$(tshark -r "$dir/$f.pcap" 2>/dev/null | wc -l)
  if [ "$count" -eq 15 ]; then
    echo "ok $n - $f.pcap holds 15 frames"
  else
    echo "not ok $n - $f.pcap holds $count frames, expected 15"
  fi
  n=$((n + 1))
done

# The checks are live: tshark verified every IPv4 header checksum as good.
bad=""
for f in line-0-0 line-1-0 line-1-1 line-2-0; do
  good=$(tshark -r "$dir/$f.pcap" -o ip.check_checksum:TRUE \
           -Y 'ip.checksum.status=="Good"' 2>/dev/null | wc -l)
  [ "$good" -eq 15 ] || bad="$bad $f:only-$good-good"
  got=$(tshark -r "$dir/$f.pcap" -o ip.check_checksum:TRUE \
          -o udp.check_checksum:TRUE -o icmp.check_checksum:TRUE \
          -Y 'ip.checksum.status=="Bad" or udp.checksum.status=="Bad" or icmp.checksum.status=="Bad" or _ws.malformed' \
          2>/dev/null | wc -l)
  [ "$got" -eq 0 ] || bad="$bad $f:$got"
done
if [ -z "$bad" ]; then
  echo "ok 7 - no bad checksum or malformed frame in any file"
else
  echo "not ok 7 - bad frames:$bad"
fi

# On A's side: 10 + 1 + the reassembled datagram as UDP, the ICMP port
# unreachable from 10.1.2.2 quoting port 10, and fragment offsets 0, 1480,
# 2960 with MF set on the first two (tshark shows offsets in 8-byte units:
# 0, 185, 370).
udp=$(tshark -r "$dir/line-0-0.pcap" -Y 'udp and not icmp' 2>/dev/null | wc -l)
if [ "$udp" -eq 12 ]; then
  echo "ok 8 - 12 frames decode as UDP (fragments reassembled)"
else
  echo "not ok 8 - $udp UDP frames, expected 12"
fi
icmp=$(tshark -r "$dir/line-0-0.pcap" -Y 'icmp.type==3 and icmp.code==3' \
         -T fields -E occurrence=f -e ip.src -e udp.dstport 2>/dev/null \
       | tr '\t' ' ')
if [ "$icmp" = "10.1.2.2 10" ]; then
  echo "ok 9 - B answered port 10 with ICMP port unreachable"
else
  echo "not ok 9 - ICMP: '$icmp'"
fi
frags=$(tshark -r "$dir/line-1-1.pcap" -Y 'not icmp and (ip.flags.mf==1 or ip.frag_offset > 0 or ip.len > 1028)' \
          -T fields -e ip.frag_offset -e ip.flags.mf -e ip.len 2>/dev/null \
        | tr '\t' ' ' | tr '\n' ';')
if [ "$frags" = "0 1 1500;185 1 1500;370 0 1068;" ]; then
  echo "ok 10 - the 4000-byte datagram crossed R as fragments 0/1480/2960"
else
  echo "not ok 10 - fragments: '$frags'"
fi
