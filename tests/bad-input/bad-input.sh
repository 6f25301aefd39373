#!/bin/sh
# bad-input: every example and utility, given a wrong option, a wrong
# value, a missing, unreadable or malformed file or an impossible
# topology, exits with status 2 (usage) or 1 (runtime) within 30 s, not
# killed by a signal, with a one-line message on stderr that names the
# bad input. The cases are the rows of table.txt, one TAP test each.
#
# "One line" means: stderr holds exactly one non-empty line, except that
# a usage error (status 2) may add CnsCommandLine's pointer to --help,
# "Try 'PROGRAM --help' for more information.", as a second line. Under
# mpirun only the program's own lines count (mpirun's report of a failed
# or aborted rank, its blocks between dashed lines and its "[host:pid]"
# lines, is left out) and lines that several ranks print alike count
# once. An error every rank meets alike must end every rank cleanly
# (cns_exit_collective()): mpirun's stderr may hold no MPI_ABORT banner
# and no "[warn]" line of a rank's MPI library.
#
# Rows marked "unreadable" need a file that cannot be read: they are
# skipped where chmod 000 does not stop reads (as root). Rows marked
# "np=N" run under mpirun on N ranks and are skipped without MPI. Rows
# marked "todo REASON" are known library faults, reported as TAP TODO.
# Reports TAP.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/tap.sh"
. "$here/../lib/mpi.sh"
build=${top_builddir:-..}
build=$(cd "$build" && pwd)
src=$(cd "$here/../.." && pwd)
table=$here/table.txt
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
no_mpi=$(mpi_missing "$build")
export OMPI_MCA_pml=ob1

# The fixtures the rows name as @TMP@/NAME.
mkdir "$tmp/dir" "$tmp/ro"
: > "$tmp/empty"
printf 'BriteConfig\nBeginModel\n Name = 1\n N = many\n' > "$tmp/bad.conf"
printf 'not a BRITE configuration\n' > "$tmp/garbage.conf"
cp "$src/brite/conf/top-down-small.conf" "$tmp/unreadable.conf"
chmod 000 "$tmp/unreadable.conf"
printf 'Topology: ( 2 Nodes, 1 Edges )\n' > "$tmp/truncated.brite"
# an edge to node 7 of 2
printf '%s\n' 'Topology: ( 2 Nodes, 1 Edges )' \
  'Model (1 - RTWaxman): 2 1000 100 1 2 0.15 0.2 1 1 10.0 1024.0' '' \
  'Nodes: ( 2 )' '0 1 1 1 1 0 RT_LEAF' '1 2 2 1 1 0 RT_LEAF' '' \
  'Edges: ( 1 ):' '0 0 7 1.0 0.1 10.0 0 0 E_RT U' > "$tmp/bad-edge.brite"
# two ASes with no link between them: no route from AS 0 to AS 1
cat > "$tmp/disconnected.brite" <<'EOF'
Topology: ( 4 Nodes, 2 Edges )
Model (5 - TopDownHier): 2 -1 1 10 1024 2 10 1024 4 2 1000 100 1 1 1 -1 -1 1 5 1000 100 2 1 1 0.5 0.8 1 -1 -1

Nodes: ( 4 )
0	18	72	1	1	0	RT_LEAF
1	15	52	1	1	0	RT_LEAF
2	52	68	1	1	1	RT_LEAF
3	91	57	1	1	1	RT_LEAF

Edges: ( 2 ):
0	0	1	20.0	0.07	764.0	0	0	E_RT_STUB	U
1	2	3	34.0	0.11	586.0	1	1	E_RT_STUB	U
EOF
cp "$tmp/disconnected.brite" "$tmp/unreadable.brite"
chmod 000 "$tmp/unreadable.brite"
printf 'seeds\n' > "$tmp/bad.seed"
# 10^8 routers need hundreds of GiB: refused before anything is made
sed -e 's/^\([[:space:]]*N = \)1000/\1100000000/' \
  -e 's/^\([[:space:]]*HS = \)1000/\120000/' \
  "$src/brite/conf/router-waxman-1000.conf" > "$tmp/huge.conf"
printf '3 2\n0 1\n' > "$tmp/short.graph"
printf 'three two\n' > "$tmp/bad.graph"
printf '2 1\n0 5\n' > "$tmp/bad-node.graph"
cp "$tmp/short.graph" "$tmp/unreadable.graph"
chmod 000 "$tmp/unreadable.graph"
chmod 555 "$tmp/ro"
# chmod 000 stops reads only for an ordinary user
if cat "$tmp/unreadable.conf" >/dev/null 2>&1; then
  can_read_000=yes
else
  can_read_000=no
fi
if [ -w "$tmp/ro" ]; then can_write_555=yes; else can_write_555=no; fi

# the path of PROGRAM in the build tree
program_path () {
  for d in examples utils utils/bench; do
    if [ -x "$build/$d/$1" ]; then
      echo "$build/$d/$1"
      return
    fi
  done
  echo "$build/examples/$1"
}

# the rows: "PROGRAM | ARGUMENTS | STATUS | WORD | NOTE", without
# comments and blank lines; @TMP@ is the fixtures' directory, @SRC@ the
# source tree
rows () {
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e "s|@TMP@|$tmp|g" \
    -e "s|@SRC@|$src|g" "$table"
}

trim () {
  printf '%s' "$1" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'
}

echo "1..$(rows | wc -l | tr -d ' ')"

set -f
rows > "$tmp/rows"
while IFS='|' read -r prog args want word note; do
  prog=$(trim "$prog")
  args=$(trim "$args")
  want=$(trim "$want")
  word=$(trim "$word")
  note=$(trim "$note")
  name="$prog $args"
  name=$(printf '%s' "$name" | sed "s|$tmp/||g")
  directive=
  np=
  case $note in
    todo\ *) directive=" # TODO ${note#todo }" ;;
    unreadable)
      if [ $can_read_000 = yes ]; then
        ok "$name # SKIP chmod 000 does not stop reads here (root)"
        continue
      fi
      ;;
    unwritable)
      if [ $can_write_555 = yes ]; then
        ok "$name # SKIP chmod 555 does not stop writes here (root)"
        continue
      fi
      ;;
    np=*)
      np=${note#np=}
      if [ -n "$no_mpi" ]; then
        ok "$name # SKIP $no_mpi"
        continue
      fi
      ;;
  esac
  path=$(program_path "$prog")
  # shellcheck disable=SC2086 # the arguments split on blanks
  if [ -n "$np" ]; then
    CK_FORK=no timeout 30 mpirun --oversubscribe --allow-run-as-root \
      -np "$np" "$path" $args < /dev/null > "$tmp/out" 2> "$tmp/err"
    status=$?
    # an error every rank meets alike ends every rank cleanly: no rank
    # aborts the run, and no rank's MPI library complains of it
    aborted=$(grep -e 'MPI_ABORT' -e '^\[warn\]' "$tmp/err" | head -n 1)
    # without mpirun's own report (the blocks between dashed lines and
    # its "[host:pid] ..." lines), each line once
    sed -e '/^----------/,/^----------/d' -e '/^\[[^]]*:[0-9]*\] /d' \
      "$tmp/err" | awk '!seen[$0]++' > "$tmp/err2"
    mv "$tmp/err2" "$tmp/err"
  else
    timeout 30 "$path" $args < /dev/null > "$tmp/out" 2> "$tmp/err"
    status=$?
    aborted=
  fi
  lines=$(grep -c . "$tmp/err")
  first=$(grep . "$tmp/err" | head -n 1)
  second=$(grep . "$tmp/err" | sed -n 2p)
  why=
  if [ $status -eq 124 ]; then
    why="timed out after 30 s"
  elif [ $status -ge 128 ]; then
    why="killed by signal $((status - 128))"
  elif [ "$status" != "$want" ]; then
    why="exit status $status, expected $want"
  elif [ -n "$aborted" ]; then
    why="not a clean end on every rank: $aborted"
  elif [ "$lines" -eq 0 ]; then
    why="nothing on stderr"
  elif [ "$lines" -gt 2 ] || { [ "$lines" -eq 2 ] && {
    [ "$want" != 2 ] || ! printf '%s\n' "$second" |
      grep -q "^Try '.* --help' for more information\.\$"; }; }; then
    why="$lines lines on stderr"
  elif ! printf '%s\n' "$first" | grep -q -F -e "$word"; then
    why="the message does not name \"$word\""
  fi
  if [ -z "$why" ]; then
    ok "$name$directive"
  else
    not_ok "$name$directive" "$(printf '%s\n' "$why"; head -n 5 "$tmp/err")"
  fi
done < "$tmp/rows"
