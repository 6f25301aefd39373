#!/bin/sh
# cns — build one libFuzzer harness with ASan and UBSan and run it.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage, from the top of the source tree (after ./configure, for
# build/cns-build-config.h):
#
#   tests/fuzz/run-fuzz.sh TARGET SECONDS
#
# TARGET is brite-topology or brite-config. The harness is compiled with
# clang -fsanitize=fuzzer,address,undefined together with the brite
# sources it needs, so that they are instrumented too, then run for
# SECONDS on a copy of tests/fuzz/corpus/TARGET (the committed corpus is
# left as it is). It exits non-zero when libFuzzer finds a crash, a leak,
# undefined behaviour or an input that takes over 10 s; the input that
# did it is left in $FUZZ_OUT/TARGET (default build/fuzz/TARGET), and
# can be replayed with
#
#   build/fuzz/fuzz-TARGET build/fuzz/TARGET/crash-...
#
# CC (default clang) and FUZZ_OUT may be set in the environment.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: $0 brite-topology|brite-config SECONDS" >&2
  exit 2
fi
target=$1
seconds=$2

case $target in
  brite-topology)
    sources="brite/cns-brite-topology.c brite/cns-brite-error.c" ;;
  brite-config)
    sources="brite/cns-brite-config.c brite/cns-brite-error.c" ;;
  *)
    echo "$0: unknown target '$target' (brite-topology, brite-config)" >&2
    exit 2 ;;
esac
case $seconds in
  ''|*[!0-9]*)
    echo "$0: SECONDS must be a whole number, not '$seconds'" >&2
    exit 2 ;;
esac
if [ ! -f tests/fuzz/fuzz-$target.c ]; then
  echo "$0: run me from the top of the source tree" >&2
  exit 2
fi

cc=${CC:-clang}
out=${FUZZ_OUT:-build/fuzz}
binary=$out/fuzz-$target
artifacts=$out/$target
mkdir -p "$out" "$artifacts"

# shellcheck disable=SC2086 # the source list and pkg-config split on purpose
"$cc" -g -O1 -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -I. -I build \
  tests/fuzz/fuzz-$target.c $sources \
  $(pkg-config --cflags --libs glib-2.0) -lm \
  -o "$binary"

corpus=$(mktemp -d "${TMPDIR:-/tmp}/cns-fuzz-$target.XXXXXX")
trap 'rm -rf "$corpus"' EXIT INT TERM
cp tests/fuzz/corpus/$target/* "$corpus"/

dict=
if [ -f tests/fuzz/$target.dict ]; then
  dict=-dict=tests/fuzz/$target.dict
fi

# shellcheck disable=SC2086 # $dict is empty or one word
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$binary" $dict -max_total_time="$seconds" -detect_leaks=1 -timeout=10 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus"
