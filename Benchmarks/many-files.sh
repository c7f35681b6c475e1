#!/usr/bin/env bash
# Many files in one process (issue #36, point 5): `plistkit` over the 10,000 Info.plist-sized
# documents of the `small-docs` workload, one file each, with one job (`-j 1`) and with one
# per core (the default), against the toolchain's `plutil` on the same file list; whole
# processes timed with hyperfine (start-up, reading, checking or converting, writing).
#
#   Benchmarks/many-files.sh
#
# Rows: -lint of the XML files and of the binary files, -convert binary1 of the XML files and
# -convert xml1 of the binary files (each written next to its input with -e, as a tree is
# converted; one -o for many files would make them overwrite each other, which plistkit runs
# one file at a time). First, the default run's output (what it prints and the files it
# writes) is checked against -j 1's, byte for byte. Writes a Markdown table of medians and ratios to .results/many-files.md, with the load
# average (uptime) before and after each row: wall time on a shared machine is only as good
# as its quietest run, so run it when the load is low, and more than once (CHECK=0 skips the
# output checks, which take as long as a row).
# Environment: RUNS (plistkit runs of the -lint rows, default 10), CONVERT_RUNS (of the
# -convert rows, default 3: every file written is flushed to disk), SLOW_RUNS (plutil, 3),
# FLOOR_RUNS (of Harness/files_floor.c, default 5; its median is the floor of the -lint rows:
# the CPU time per file of open, fstat, read and close, and for XML libxml2's bare parse on a
# context reset per file; plutil's CPU per file times the cores over the floor's bounds what
# any tool can gain on plutil here),
# ROWS (default: lint-xml lint-binary convert-to-binary convert-to-xml), PLISTKIT_WORKLOADS
# (folder with the small-docs packs; written when missing).
set -euo pipefail

cd "$(dirname "$0")"
HERE=$(pwd)
ROOT=$(cd .. && pwd)
RESULTS="$HERE/.results"
WORK="$RESULTS/many-files"
export PLISTKIT_WORKLOADS="${PLISTKIT_WORKLOADS:-$HERE/.workloads}"
RUNS=${RUNS:-10}
CONVERT_RUNS=${CONVERT_RUNS:-3}
SLOW_RUNS=${SLOW_RUNS:-3}
log() { printf '== %s\n' "$*" >&2; }

if ! command -v hyperfine >/dev/null; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine; } >&2 || true
    fi
    command -v hyperfine >/dev/null || { echo "hyperfine is not installed (and not root to apt-get it)" >&2; exit 1; }
fi
PLUTIL="$(dirname "$(readlink -f "$(command -v swift)")")/plutil"
[ -x "$PLUTIL" ] || { echo "no plutil next to swift ($PLUTIL)" >&2; exit 1; }

log "building plistkit (release) and Harness/files_floor.c"
mkdir -p "$RESULTS"
cc -O2 -o "$RESULTS/files_floor" Harness/files_floor.c $(pkg-config --cflags --libs libxml-2.0)
(cd "$ROOT" && swift build -c release --product plistkit >&2)
PLISTKIT="$(cd "$ROOT" && swift build -c release --show-bin-path)/plistkit"

if [ ! -s "$PLISTKIT_WORKLOADS/small-docs-xml.pack" ] || [ ! -s "$PLISTKIT_WORKLOADS/small-docs-binary.pack" ]; then
    log "writing small-docs to $PLISTKIT_WORKLOADS"
    ./macro-plugin.sh
    swift build -c release --product plistkit-workloads >&2
    "$(swift build -c release --show-bin-path)/plistkit-workloads" small-docs >&2
fi

# One file per document: xml/d00000.plist … and binary/d00000.plist … (each pack holds every
# document as a 4-byte big-endian length followed by its bytes).
rm -rf "$WORK"
mkdir -p "$WORK"
for format in xml binary; do
    python3 - "$PLISTKIT_WORKLOADS/small-docs-$format.pack" "$WORK/$format" <<'EOF'
import os, struct, sys
data = open(sys.argv[1], "rb").read()
os.makedirs(sys.argv[2])
offset = index = 0
while offset < len(data):
    (length,) = struct.unpack_from(">I", data, offset)
    with open(os.path.join(sys.argv[2], "d%05d.plist" % index), "wb") as f:
        f.write(data[offset + 4:offset + 4 + length])
    offset += 4 + length
    index += 1
EOF
done
count=$(ls "$WORK/xml" | wc -l)
log "$count files per format"

load() { cut -d' ' -f1 /proc/loadavg; }

# row NAME RUNS DIRECTORY ARGUMENTS…: hyperfine runs of plistkit -j 1, plistkit (one job per
# core) and plutil in DIRECTORY over every *.plist in it (the shell expands the list each run).
row() {
    local name=$1 runs=$2 directory=$3
    shift 3
    local before
    before=$(load)
    log "$name (load $before)"
    (cd "$directory" &&
        hyperfine --runs "$runs" --warmup 1 --style basic --export-json "$WORK/$name-plistkit.json" \
            -n serial "$PLISTKIT $* -j 1 *.plist" -n default "$PLISTKIT $* *.plist" >&2 &&
        hyperfine --runs "$SLOW_RUNS" --style basic -i --export-json "$WORK/$name-plutil.json" \
            -n plutil "$PLUTIL $* *.plist" >&2)
    echo "$name $before $(load)" >>"$WORK/load.txt"
}

# floor NAME MODE DIRECTORY: FLOOR_RUNS runs of files_floor MODE over every *.plist there.
floor() {
    local name=$1 mode=$2 directory=$3
    (cd "$directory" && for _ in $(seq "${FLOOR_RUNS:-5}"); do "$RESULTS/files_floor" "$mode" *.plist; done) |
        sed -E 's/.*cpu_us_per_file=([0-9.]+).*/\1/' | sort -n | awk -v name="$name" '{ v[NR] = $1 } END { print name, v[int((NR + 1) / 2)] }' >>"$WORK/floor.txt"
}

# check DIRECTORY EXTENSION ARGUMENTS…: the outputs of the default run are those of -j 1.
check() {
    local directory=$1 extension=$2
    shift 2
    (cd "$directory" && "$PLISTKIT" "$@" *.plist >/dev/null && mkdir -p default && mv ./*."$extension" default/ &&
        "$PLISTKIT" "$@" -j 1 *.plist >/dev/null && mkdir -p serial && mv ./*."$extension" serial/ &&
        diff -rq serial default >&2 && rm -r serial default) ||
        { echo "$* wrote different files with -j 1 and by default" >&2; exit 1; }
}

: >"$WORK/load.txt"
: >"$WORK/floor.txt"
if [ "${CHECK:-1}" = 1 ]; then
    (cd "$WORK/xml" && diff <("$PLISTKIT" -lint *.plist) <("$PLISTKIT" -lint -j 1 *.plist)) ||
        { echo "-lint printed something else with -j 1" >&2; exit 1; }
    check "$WORK/xml" bplist -convert binary1 -e bplist
    check "$WORK/binary" xml -convert xml1 -e xml
fi

ROWS=${ROWS:-lint-xml lint-binary convert-to-binary convert-to-xml}
for name in $ROWS; do
    case $name in
    lint-xml) row "$name" "$RUNS" "$WORK/xml" -lint && floor "$name" xml "$WORK/xml" ;;
    lint-binary) row "$name" "$RUNS" "$WORK/binary" -lint && floor "$name" read "$WORK/binary" ;;
    convert-to-binary) row "$name" "$CONVERT_RUNS" "$WORK/xml" -convert binary1 -e bplist ;;
    convert-to-xml) row "$name" "$CONVERT_RUNS" "$WORK/binary" -convert xml1 -e xml ;;
    *) echo "unknown row $name" >&2; exit 2 ;;
    esac
done

commit=$(git -C "$ROOT" rev-parse --short HEAD)
python3 - "$WORK" "$commit" "$count" "$(nproc)" $ROWS <<'EOF' | tee "$RESULTS/many-files.md"
import json, os, statistics, sys
work, commit, count, cores, *rows = sys.argv[1:]
loads = {line.split()[0]: line.split()[1:] for line in open(os.path.join(work, "load.txt"))}
floors = {line.split()[0]: float(line.split()[1]) for line in open(os.path.join(work, "floor.txt"))}
def medians(name, tool):
    results = json.load(open(os.path.join(work, f"{name}-{tool}.json")))["results"]
    return {r["command"]: (statistics.median(r["times"]), r["user"] + r["system"]) for r in results}
print(f"{count} small-docs files, plistkit {commit}, {cores} cores; median wall seconds (hyperfine),")
print("CPU seconds (user + system, hyperfine's means) in brackets; CPU µs per file with start-up;")
print("floor: Harness/files_floor.c's CPU µs per file (open, fstat, read, close; XML: libxml2's bare")
print(f"parse); bound: plutil's CPU per file × {cores} cores over the floor, the most any tool gains here\n")
print("| row | plistkit -j 1 | plistkit (default) | default over -j 1 | plutil | plutil over default "
      "| CPU µs/file: plistkit, plutil, floor | bound | load before / after |")
print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
for name in rows:
    ours, theirs = medians(name, "plistkit"), medians(name, "plutil")
    (serial, serial_cpu), (default, default_cpu), (plutil, plutil_cpu) = ours["serial"], ours["default"], theirs["plutil"]
    per_file = lambda seconds: seconds * 1e6 / int(count)
    floor = floors.get(name)
    costs = f"{per_file(serial_cpu):.0f}, {per_file(plutil_cpu):.0f}, " + (f"{floor:.1f}" if floor else "—")
    bound = f"{per_file(plutil_cpu) * int(cores) / floor:.1f}×" if floor else "—"
    print(f"| {name} | {serial:.3f} ({serial_cpu:.2f}) | {default:.3f} ({default_cpu:.2f}) | {serial / default:.2f}× "
          f"| {plutil:.2f} ({plutil_cpu:.2f}) | {plutil / default:.1f}× | {costs} | {bound} | {' / '.join(loads[name])} |")
EOF
