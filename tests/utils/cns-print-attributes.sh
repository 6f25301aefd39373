#!/bin/sh
# cns-print-attributes: known types with their parents, attributes
# (type, default, range, description) and trace sources (per-packet and
# signals), sorted by type name, strings called strings and the same on every run; --markdown's
# sections and five-column tables; --type; unknown types and bad command
# lines (exit 2, the name in one line). Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
tool=$build/utils/cns-print-attributes
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# section FILE TYPE: the plain-text listing of TYPE in FILE.
section () {
  awk -v t="$2" '/^[^ ]/ { on = ($0 == t) } on && NF' "$1"
}
# entry SECTION NAME: the lines of the attribute or trace source NAME,
# indentation squeezed to one space.
entry () {
  printf '%s\n' "$1" | awk -v e="$2" '
    /^    [^ ]/ { on = ($1 == e) } /^  [^ ]/ { on = 0 } on' | tr -s ' '
}
# line TEXT K: line K of TEXT.
line () {
  printf '%s\n' "$1" | sed -n "$2p"
}

echo "1..15"

"$tool" > "$tmp/a.txt" 2> "$tmp/err"
status=$?
check "plain listing: exit 0, nothing on stderr" "$(cat "$tmp/err")" \
  test $status -eq 0 -a ! -s "$tmp/err"

p2p=$(section "$tmp/a.txt" CnsPointToPointNetDevice)
check "CnsPointToPointNetDevice, parent CnsNetDevice" "$p2p" \
  test "$(line "$p2p" 2)" = "  Parent: CnsNetDevice"

rate=$(entry "$p2p" DataRate)
check "its DataRate: type, default, range and description" "$rate" \
  test "$(line "$rate" 2)" = " Type: CnsDataRate" \
  -a "$(line "$rate" 3)" = " Default: 32.768kbps" \
  -a "$(line "$rate" 4)" = " Range: 1bps to 18446744.073709551615Tbps" \
  -a "$(line "$rate" 5 | cut -c 1-24)" = " The transmission rate: "

tx_end=$(entry "$p2p" PhyTxEnd)
check "its trace sources MacTx and PhyTxEnd: signature and description" "$p2p" \
  test "$(line "$(entry "$p2p" MacTx)" 2)" = " Signature: CnsPacketTraceFn" \
  -a "$(line "$tx_end" 2)" = " Signature: CnsPacketTraceFn" \
  -a "$(line "$tx_end" 3)" = " Transmission of a frame ended"

dev=$(section "$tmp/a.txt" CnsNetDevice)
check "a signal is a trace source: CnsNetDevice's LinkChanged" "$dev" \
  test "$(line "$(entry "$dev" LinkChanged)" 2)" \
  = " Signature: signal: void (CnsNetDevice *, gboolean, gpointer user_data)"
check "an attribute is listed on the type that declares it: Mtu" "$p2p" \
  test -z "$(entry "$p2p" Mtu)" -a -n "$(entry "$dev" Mtu)"

store=$(section "$tmp/a.txt" CnsConfigStore)
check "a string attribute's type reads 'string': CnsConfigStore's Filename" \
  "$store" test "$(line "$(entry "$store" Filename)" 2)" = " Type: string"

grep '^[^ ]' "$tmp/a.txt" > "$tmp/types"
node_id=$(entry "$(section "$tmp/a.txt" CnsNode)" Id)
check "types sorted by name; CnsObject under GObject; read-only marked" \
  "$(head -n 5 "$tmp/types")" \
  test "$(LC_ALL=C sort "$tmp/types")" = "$(cat "$tmp/types")" \
  -a "$(wc -l < "$tmp/types")" -gt 40 \
  -a "$(line "$(section "$tmp/a.txt" CnsObject)" 2)" = "  Parent: GObject" \
  -a -n "$(line "$node_id" 5 | grep ' (read-only)$')"

"$tool" --markdown > "$tmp/a.md"
status=$?
check "--markdown: one '## Type' section per type of the plain listing" \
  "$(sed -n 's/^## //p' "$tmp/a.md" | diff - "$tmp/types")" \
  test $status -eq 0 -a "$(sed -n 's/^## //p' "$tmp/a.md")" = "$(cat "$tmp/types")"

bad_rows=$(awk '/^\|/ { row = $0; gsub(/\\\|/, "", row)
  if (gsub(/\|/, "", row) != 6) print }' "$tmp/a.md")
check "--markdown: every table row has five cells, every table a header" \
  "$bad_rows" test -z "$bad_rows" \
  -a "$(grep -c '^| Attribute | Type | Default | Range | Description |$' "$tmp/a.md")" \
  = "$(grep -c '^|---|---|---|---|---|$' "$tmp/a.md")"

p2p_md=$(awk '/^## / { on = ($2 == "CnsPointToPointNetDevice") } on' "$tmp/a.md")
check "--markdown: the device's parent link, DataRate row and MacTx item" \
  "$p2p_md" \
  test "$(line "$p2p_md" 3)" = "Parent: [CnsNetDevice](#cnsnetdevice)" \
  -a -n "$(printf '%s\n' "$p2p_md" | grep -F -e '| DataRate | `CnsDataRate` | `32.768kbps` | 1bps to ')" \
  -a -n "$(printf '%s\n' "$p2p_md" | grep -F -e '- **MacTx** (`CnsPacketTraceFn`): ')"

one=$("$tool" --type=CnsPointToPointNetDevice)
one_md=$("$tool" --type=CnsPointToPointNetDevice --markdown)
check "--type lists that type alone, as the full listing does" "$one" \
  test "$one" = "$p2p" -a "$(printf '%s\n' "$one_md" | grep -c '^## ')" = 1 \
  -a "$(line "$one_md" 1)" = "## CnsPointToPointNetDevice"

err=$("$tool" --type=CnsNoSuchType 2>&1 > /dev/null)
status=$?
check "an unknown type: exit 2, named in one line" "$err" \
  test $status -eq 2 -a "$err" = "cns-print-attributes: unknown type 'CnsNoSuchType'"

err=$("$tool" extra 2>&1 > /dev/null)
status=$?
check "an argument besides options: exit 2, named" "$err" \
  test $status -eq 2 \
  -a "$(line "$err" 1)" = "cns-print-attributes: unexpected argument 'extra'"

"$tool" > "$tmp/b.txt"
"$tool" --markdown > "$tmp/b.md"
differ=$(cmp "$tmp/a.txt" "$tmp/b.txt" 2>&1; cmp "$tmp/a.md" "$tmp/b.md" 2>&1)
check "two runs give the same text and the same Markdown" "$differ" \
  test -z "$differ"
