#!/usr/bin/env bash
# Builds the ns-3.37 peer of bench-tcp against Debian's libns3-dev (3.37-2):
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -q libns3-dev
#   utils/bench/ns3/build.sh      # writes utils/bench/ns3/tcp-dumbbell
#   utils/bench/ns3/tcp-dumbbell --flows=100 --simTime=10
# Not part of the cns build.
set -euo pipefail
cd "$(dirname "$0")"
MODS="ns3-core ns3-network ns3-internet ns3-point-to-point ns3-applications ns3-traffic-control"
if pkg-config --exists $MODS 2>/dev/null; then
  # Debian's .pc files carry a stray "-I/usr;": dropped.
  CFLAGS=$(pkg-config --cflags $MODS | tr ' ' '\n' | grep -v '^-I/usr\\\?;$' | tr '\n' ' ')
  # Absolute .so paths that are not installed here (the libgsl and
  # libsqlite3 dev links, without their -dev packages) are left out: the
  # ns-3 libraries link them already.
  LIBS=""
  for f in $(pkg-config --libs $MODS); do
    case "$f" in /*) [ -e "$f" ] || continue ;; esac
    LIBS="$LIBS $f"
  done
else
  CFLAGS=""
  LIBS="-lns3-core -lns3-network -lns3-internet -lns3-point-to-point -lns3-applications -lns3-traffic-control"
fi
CXX=${CXX:-g++}
set -x
$CXX -O2 -std=c++17 -Wall $CFLAGS -o tcp-dumbbell tcp-dumbbell.cc $LIBS
