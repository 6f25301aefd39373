#!/bin/sh
# The checks of the "cuda" routing backend on a machine with a GPU, from
# the repository root, with build/ configured and built elsewhere
# (plugin included) and carried over: the backend's test, then the
# routing benchmark's table case with the cuda backend on Waxman graphs
# of 1,000, 10,000 and 32,768 nodes (m = 2), and spf and fw-cpu on
# 10,000 nodes for comparison. Prints everything; exits non-zero when
# the test fails or a cuda run does.
#
#   utils/cuda-check.sh --collect   here: copy the shared libraries the
#                                   programs need, glibc's aside, into
#                                   build/cuda-check-libs (about 6 MB)
#   utils/cuda-check.sh             there: run the checks
#
# It runs the programs in the .libs folders directly (libtool's wrapper
# scripts hold this machine's absolute paths), so carrying these is
# enough: build/.libs build/routing/cuda build/tests/routing/.libs
# build/utils/bench/.libs build/cuda-check-libs. The carried libraries
# are used only when one the programs need is missing there.
# FW_CPU_TIMEOUT (default 120) bounds the fw-cpu run, 0 leaves it out.
set -u
root=$(pwd)
b=$root/build
test_bin=$b/tests/routing/.libs/test-cuda-route-backend
bench_bin=$b/utils/bench/.libs/bench-routing
libs=$b/cuda-check-libs

if [ ! -x "$test_bin" ] || [ ! -x "$bench_bin" ]; then
  echo "cuda-check: run from the repository root after building in build/" \
    "(no $test_bin or $bench_bin)" >&2
  exit 2
fi

if [ "${1:-}" = --collect ]; then
  rm -rf "$libs"
  mkdir -p "$libs"
  for f in "$b/.libs/libcns.so.0" "$test_bin" "$bench_bin"; do
    LD_LIBRARY_PATH=$b/.libs ldd "$f"
  done | awk -v b="$b/" '$2 == "=>" && $3 ~ /^\// && index($3, b) != 1 { print $3 }' |
    sort -u |
    grep -v -E '/(libc|libm|libpthread|libdl|librt|libresolv|ld-linux[^/]*)\.so' |
    while read -r lib; do cp -L "$lib" "$libs/"; done
  du -sh "$libs"
  exit 0
fi

export CNS_PLUGIN_PATH=$b/routing/cuda
LD_LIBRARY_PATH=$b/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
missing=$( (ldd "$test_bin"; ldd "$bench_bin") 2>&1 | grep 'not found' | sort -u)
if [ -n "$missing" ]; then
  if [ -d "$libs" ]; then
    echo "== missing here, taken from build/cuda-check-libs:"
    echo "$missing"
    LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$libs
    missing=$( (ldd "$test_bin"; ldd "$bench_bin") 2>&1 | grep 'not found')
    [ -z "$missing" ] || echo "== still missing: $missing"
  else
    echo "== missing libraries (run utils/cuda-check.sh --collect where" \
      "it was built, and carry build/cuda-check-libs):"
    echo "$missing"
  fi
fi

echo "== device"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader \
  2>&1 || true
ls -l "$CNS_PLUGIN_PATH/cns-route-cuda.so"

status=0
echo "== test-cuda-route-backend"
start=$(date +%s)
timeout 600 "$test_bin"
rc=$?
echo "# exit status $rc, $(($(date +%s) - start)) s"
[ $rc -eq 0 ] || status=1

bench () {
  echo "== bench-routing --waxman=$1 --m=2 --case=table --backend=$2"
  timeout "$3" "$bench_bin" --waxman="$1" --m=2 --case=table --backend="$2"
  rc=$?
  [ $rc -eq 124 ] && echo "# $2 on $1 nodes: stopped after $3 s"
  [ $rc -eq 0 ] || echo "# exit status $rc"
  return $rc
}

for n in 1000 10000 32768; do
  CNS_LOG=cns-cuda-route-backend=info bench $n cuda 300 || status=1
done
bench 10000 spf 120
fw=${FW_CPU_TIMEOUT:-120}
if [ "$fw" -gt 0 ]; then
  bench 10000 fw-cpu "$fw"
fi
exit $status
