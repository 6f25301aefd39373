#!/bin/sh
# cns — build one libFuzzer harness with ASan and UBSan and run it.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage, from anywhere:
#
#   tests/fuzz/run-fuzz.sh TARGET SECONDS
#
# TARGET is the name of a harness tests/fuzz/fuzz-TARGET.c
# (brite-topology, brite-config, attribute-values, command-line,
# vbr-trace, config-store). This is fuzz-smoke.sh for one target: it
# brings the instrumented libcns in build/fuzz/lib up to date, links the
# harness against it and runs it for SECONDS on a scratch copy of
# tests/fuzz/corpus/TARGET. It exits non-zero on a crash, a leak,
# undefined behaviour or an input that takes over 10 s; the input that did
# it is left in $FUZZ_OUT/TARGET (default build/fuzz/TARGET), and can be
# replayed with
#
#   build/fuzz/fuzz-TARGET build/fuzz/TARGET/crash-...
#
# FUZZ_CC (default clang), FUZZ_OUT and top_builddir may be set in the
# environment.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: $0 TARGET SECONDS" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$here/fuzz-$1.c" ]; then
  echo "$0: no harness tests/fuzz/fuzz-$1.c" >&2
  exit 2
fi
FUZZ_SECONDS=$2 exec "$here/fuzz-smoke.sh" "$1"
