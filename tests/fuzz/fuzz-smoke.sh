#!/bin/sh
# cns — build every libFuzzer harness against an instrumented libcns and
# run each for a while from its committed seed corpus.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Usage:
#
#   make fuzz-smoke [FUZZ_SECONDS=N]        (at the top of the build tree)
#   tests/fuzz/fuzz-smoke.sh [TARGET...]    (anywhere)
#
# The targets are the readers of outside input listed below (BRITE
# topologies and configurations, attribute values, the command line, the
# config store, VBR traces), every tests/fuzz/fuzz-TARGET.c and every
# tests/fuzz/corpus/TARGET/; a target without a harness or without a
# corpus fails. With TARGET arguments only those run.
#
# 1. libcns is configured with clang and
#    -fsanitize=fuzzer-no-link,address,undefined in $FUZZ_OUT/lib (static,
#    no LTO, no MPI, no CUDA) and `make libcns.la` brings it up to date:
#    the first run compiles the whole library, later ones only what
#    changed.
# 2. Each harness is linked with -fsanitize=fuzzer,address,undefined
#    against the whole of that libcns.a.
# 3. Each runs for FUZZ_SECONDS (default 60) on a scratch copy of its
#    corpus (the committed one is left alone), with TARGET.dict when there
#    is one, leak detection on and a 10 s limit per input.
#
# One line per target (target, runs, exec/s, result), then a summary. It
# exits non-zero when any target fails to build, crashes, leaks, hits
# undefined behaviour, runs out of memory or takes over 10 s on an input.
# The binaries, the logs and any failing input are in $FUZZ_OUT (default
# $top_builddir/fuzz); replay an input with
#
#   $FUZZ_OUT/fuzz-TARGET $FUZZ_OUT/TARGET/crash-...
#
# Environment: FUZZ_SECONDS, top_builddir (default: the source tree's
# build/), FUZZ_OUT, FUZZ_CC (default clang), FUZZ_JOBS (default 2).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$here/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir/build}
seconds=${FUZZ_SECONDS:-60}
cc=${FUZZ_CC:-clang}
jobs=${FUZZ_JOBS:-2}
out=${FUZZ_OUT:-$top_builddir/fuzz}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd) || exit 2
lib=$out/lib
sanitize='-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all'

case $seconds in
  '' | *[!0-9]*)
    echo "fuzz-smoke: FUZZ_SECONDS must be a whole number, not '$seconds'" >&2
    exit 2
    ;;
esac

# --- clang with libFuzzer ------------------------------------------------
probe=$out/probe
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "fuzz-smoke: no '$cc' found; install clang (Debian: apt-get install clang) or set FUZZ_CC" >&2
  exit 2
fi
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ return d == 0 && n > 0; }\n' >"$probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe.c" -o "$probe" >"$probe.log" 2>&1; then
  echo "fuzz-smoke: '$cc' cannot build a libFuzzer program (see $probe.log); install clang (Debian: apt-get install clang)" >&2
  exit 2
fi
rm -f "$probe" "$probe.c" "$probe.log"

# --- the targets ---------------------------------------------------------
if [ $# -gt 0 ]; then
  targets=$*
else
  # The readers that must have a harness, so that a missing one fails
  # rather than goes unnoticed, and whatever else is here.
  targets=$(
    {
      echo attribute-values brite-config brite-topology command-line \
        config-store vbr-trace | tr ' ' '\n'
      for f in "$here"/fuzz-*.c; do
        [ -f "$f" ] && basename "$f" .c | sed 's/^fuzz-//'
      done
      for d in "$here"/corpus/*/; do
        [ -d "$d" ] && basename "$d"
      done
    } | sort -u
  )
fi

# --- the instrumented library --------------------------------------------
lib_ok=yes
mkdir -p "$lib"
# Configured once; after that its Makefile reruns config.status itself
# when configure.ac or a Makefile.am changes.
if [ ! -f "$lib/config.status" ]; then
  echo "fuzz-smoke: configuring an instrumented libcns in $lib"
  if ! (cd "$lib" && "$top_srcdir/configure" CC="$cc" \
    CFLAGS="-g -O1 -fno-omit-frame-pointer $sanitize" \
    --disable-lto --without-mpi --without-cuda \
    --disable-shared --enable-static) >"$out/lib-configure.log" 2>&1; then
    echo "fuzz-smoke: configuring the instrumented libcns failed; see $out/lib-configure.log" >&2
    lib_ok=no
  fi
fi
if [ $lib_ok = yes ]; then
  echo "fuzz-smoke: building the instrumented libcns (make -j$jobs libcns.la in $lib)"
  # The autotools are not rerun from here (they would write to the source
  # tree); config.status is, when configure has changed.
  if ! make -C "$lib" -j"$jobs" ACLOCAL=: AUTOCONF=: AUTOMAKE=: \
    AUTOHEADER=: libcns.la >"$out/lib-build.log" 2>&1; then
    echo "fuzz-smoke: building the instrumented libcns failed; see $out/lib-build.log" >&2
    lib_ok=no
  fi
fi
mkvar() { sed -n "s/^$1 = //p" "$lib/Makefile"; }
if [ $lib_ok = yes ]; then
  cflags="$(mkvar GLIB_CFLAGS) $(mkvar XML_CFLAGS)"
  libs="$(mkvar GLIB_LIBS) $(mkvar XML_LIBS) $(mkvar LIBM) $(mkvar LIBS)"
fi

# --- build and run each --------------------------------------------------
failed=0
passed=0
report() { # TARGET RUNS EXECS RESULT
  printf '%-20s %12s runs %8s exec/s  %s\n' "$1" "$2" "$3" "$4"
}
for target in $targets; do
  harness=$here/fuzz-$target.c
  binary=$out/fuzz-$target
  log=$out/$target.log
  artifacts=$out/$target
  if [ ! -f "$harness" ]; then
    report "$target" - - "FAIL: no harness tests/fuzz/fuzz-$target.c"
    failed=$((failed + 1))
    continue
  fi
  if [ ! -d "$here/corpus/$target" ] || [ -z "$(ls -A "$here/corpus/$target")" ]; then
    report "$target" - - "FAIL: no seed corpus tests/fuzz/corpus/$target/"
    failed=$((failed + 1))
    continue
  fi
  if [ $lib_ok != yes ]; then
    report "$target" - - "FAIL: build (the instrumented libcns did not build)"
    failed=$((failed + 1))
    continue
  fi
  # Always relinked: a few seconds, and never stale.
  # shellcheck disable=SC2086 # the flag lists split on purpose
  if ! "$cc" -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -I"$top_srcdir" -I"$lib" $cflags "$harness" \
    -Wl,--whole-archive "$lib/.libs/libcns.a" -Wl,--no-whole-archive \
    $libs -o "$binary" >"$out/$target.build.log" 2>&1; then
    rm -f "$binary"
    report "$target" - - "FAIL: build (see $out/$target.build.log)"
    failed=$((failed + 1))
    continue
  fi

  rm -rf "$artifacts"
  mkdir -p "$artifacts"
  corpus=$(mktemp -d "${TMPDIR:-/tmp}/cns-fuzz-$target.XXXXXX")
  cp "$here/corpus/$target"/* "$corpus"/
  dict=
  if [ -f "$here/$target.dict" ]; then
    dict=-dict=$here/$target.dict
  fi
  # libFuzzer stops itself after max_total_time; timeout(1) is the
  # backstop for a harness that hangs outside an input.
  # shellcheck disable=SC2086 # $dict is empty or one word
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ASAN_OPTIONS=detect_leaks=1 \
    timeout $((seconds + 120)) "$binary" $dict \
    -max_total_time="$seconds" -timeout=10 -detect_leaks=1 \
    -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1
  rc=$?
  rm -rf "$corpus"

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  if [ $rc -eq 0 ]; then
    result=ok
    passed=$((passed + 1))
  else
    if grep -q 'runtime error:' "$log"; then
      what="undefined behaviour"
    elif grep -q 'ERROR: LeakSanitizer' "$log"; then
      what=leak
    elif grep -q 'ERROR: libFuzzer: timeout' "$log"; then
      what="timeout (>10 s)"
    elif grep -q 'ERROR: libFuzzer: out-of-memory' "$log"; then
      what="out of memory"
    elif grep -q 'ERROR: AddressSanitizer' "$log"; then
      what="memory error"
    elif grep -q 'ERROR: libFuzzer: deadly signal' "$log"; then
      what=crash
    elif [ $rc -eq 124 ]; then
      what="hang (killed after $((seconds + 120)) s)"
    else
      what="exit status $rc"
    fi
    input=$(sed -n 's/.*Test unit written to \([^ ]*\).*/\1/p' "$log" | tail -n 1)
    result="FAIL: $what${input:+, input $input}; log $log"
    failed=$((failed + 1))
  fi
  report "$target" "${runs:--}" "${execs:--}" "$result"
done

total=$((passed + failed))
echo "fuzz-smoke: $total targets, $passed passed, $failed failed (${seconds} s each)"
[ $failed -eq 0 ]
