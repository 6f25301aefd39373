# cns — sourced by the shell tests: TAP lines and small checks.
# SPDX-License-Identifier: LGPL-2.1-or-later

n=0

# ok NAME: the next test passed.
ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

# not_ok NAME [DETAIL]: the next test failed; DETAIL's lines follow as
# TAP comments.
not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
  if [ $# -ge 2 ]; then
    printf '%s\n' "$2" | sed 's/^/#   /'
  fi
}

# check NAME DETAIL COMMAND...: ok when COMMAND succeeds, otherwise not
# ok with DETAIL.
check () {
  check_name=$1
  check_detail=$2
  shift 2
  if "$@"; then ok "$check_name"; else not_ok "$check_name" "$check_detail"; fi
}

# field KEY LINE: the value of a number or string member of a flat JSON
# line.
field () {
  printf '%s\n' "$2" | sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

# holds EXPR: succeeds when the awk condition EXPR over decimals holds.
holds () {
  awk "BEGIN { exit !($1) }"
}
