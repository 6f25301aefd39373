#!/bin/sh
# ./waf --run splits its string into words as sh would, quotes and
# backslashes included, and expands nothing: each case runs print-args
# through ./waf --run-no-build (so that make check does not start a build
# inside itself) and compares the arguments it received. Reports TAP.
set -u
top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)
waf=$top_srcdir/waf
prog=${top_builddir:-../..}/tests/examples/print-args
case $prog in
  /*) ;;
  *) prog=$(pwd)/$prog ;;
esac
n=0

# check DESCRIPTION EXPECTED WAF-ARGUMENTS...: runs ./waf with the
# arguments and compares what print-args printed with EXPECTED.
check() {
  what=$1
  expected=$2
  shift 2
  n=$((n + 1))
  # stderr has waf's "running ..." line.
  out=$("$waf" "$@" 2>/dev/null)
  status=$?
  if [ $status -eq 0 ] && [ "$out" = "$expected" ]; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what (status $status), got:"
    printf '%s\n' "$out" | sed 's/^/#   /'
  fi
}

# fails DESCRIPTION MESSAGE WAF-ARGUMENTS...: ./waf must exit non-zero
# and say MESSAGE, without running anything.
fails() {
  what=$1
  message=$2
  shift 2
  n=$((n + 1))
  out=$("$waf" "$@" 2>&1)
  status=$?
  case $out in
    *"$message"*) found=yes ;;
    *) found=no ;;
  esac
  if [ $status -ne 0 ] && [ $found = yes ]; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what (status $status), got:"
    printf '%s\n' "$out" | sed 's/^/#   /'
  fi
}

echo "1..12"
p="'$prog'"

check "plain words" "[--lps=1024]
[--json]" --run-no-build "$p --lps=1024 --json"

check "quoted spaces stay in one argument" "[--name=a b]
[--x=c d]" --run-no-build "$p --name='a b' --x=\"c d\""

check "blanks between words collapse" "[a]
[b]" --run-no-build "$p   a	  b  "

check "globs are not expanded" "[*]
[/*]
[?]
[[a]]" --run-no-build "$p * /* ? [a]"

check "variables, ~ and command substitutions are not expanded" "[\$HOME]
[~]
[\$(id)]
[\`id\`]
[\${x:-y}]" --run-no-build "$p \$HOME ~ \$(id) \`id\` \${x:-y}"

check "backslash escapes" "[a b]
[it's]
[q\"uote]
[back\\slash]
[\\n]" --run-no-build "$p a\\ b it\\'s \"q\\\"uote\" 'back\\slash' \"\\n\""

check "empty quoted arguments are kept" "[]
[]
[x]" --run-no-build "$p '' \"\" x"

check "quotes join with their neighbours" "[it's here]
[--a=b c]" --run-no-build "$p 'it'\\''s here' --a=\"b \"'c'"

check "--command-template keeps the arguments" "[--name=a b]
[*]" --run-no-build "$p --name='a b' *" --command-template="env %s"

check "--command-template is split the same way" "[one word]
[$prog]
[--x=c d]" --run-no-build "$p --x='c d'" \
  --command-template="$p 'one word' %s"

fails "an unterminated quote is refused" "unterminated single quote" \
  --run-no-build "$p 'a b"

fails "a template without a %s word is refused" \
  "--command-template must have %s as a word of its own" \
  --run-no-build "$p" --command-template="env x%s"
