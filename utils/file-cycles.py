#!/usr/bin/env python3
# cns — the file-level call graph of a module and its cycles.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Reads the object files of one or more static archives (a module's
# convenience library, build/core/.libs/libcns-core.a) with nm: a file
# that uses a symbol another file of the same archive defines depends on
# it. Prints each strongly connected component of two or more files, with
# the edges inside it, one per line:
#
#   cycle: cns-log cns-simulator
#     cns-log -> cns-simulator (cns_simulator_now)
#
# and exits with status 1 when there is one, 0 when the files form no
# loop, 2 on bad usage or when nm fails.
#
#   utils/file-cycles.py build/core/.libs/libcns-core.a

import re
import subprocess
import sys


def file_name(member):
    """libcns_core_la-cns-log.o -> cns-log"""
    member = re.sub(r"\.o$", "", member)
    return member.split("_la-", 1)[-1]


def read_archive(path):
    """(defined, used): symbol -> file, file -> {symbol}."""
    try:
        out = subprocess.run(["nm", "-A", "-g", path], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print("file-cycles: nm %s: %s" % (path, e), file=sys.stderr)
        sys.exit(2)
    defined, used = {}, {}
    for line in out.splitlines():
        m = re.match(r"^.*:([^:/]+\.o):\s*[0-9a-fA-F]*\s+(\S)\s+(\S+)$", line)
        if m is None:
            continue
        name, kind, symbol = file_name(m.group(1)), m.group(2), m.group(3)
        used.setdefault(name, set())
        if kind == "U":
            used[name].add(symbol)
        else:
            defined[symbol] = name
    return defined, used


def graph(defined, used):
    """file -> {file: first symbol (sorted) it uses there}"""
    edges = {f: {} for f in used}
    for f, symbols in used.items():
        for s in sorted(symbols):
            g = defined.get(s)
            if g is not None and g != f:
                edges[f].setdefault(g, s)
    return edges


def components(edges):
    """Tarjan's strongly connected components, iteratively."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[v] = min(low[v], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                scc = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    scc.append(w)
                    if w == v:
                        break
                out.append(sorted(scc))
    return out


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print("usage: file-cycles.py ARCHIVE.a...", file=sys.stderr)
        return 2
    found = False
    for path in argv[1:]:
        edges = graph(*read_archive(path))
        for scc in sorted(components(edges)):
            if len(scc) < 2:
                continue
            found = True
            print("cycle: %s" % " ".join(scc))
            for f in scc:
                for g, s in sorted(edges[f].items()):
                    if g in scc:
                        print("  %s -> %s (%s)" % (f, g, s))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
