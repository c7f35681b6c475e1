#!/usr/bin/env bash
# Whole processes (issue #16, point 5): `plistkit -convert` against the toolchain's `plutil`
# and libplist's `plistutil` on a 200,000-record file (the `records-2x` workload), timed with
# hyperfine: start-up, reading the file, converting and writing the result all count.
#
#   Benchmarks/whole-process.sh
#
# Converts records-2x.bplist to XML and records-2x.xml to binary with each tool and writes a
# Markdown table of medians and ratios (wall time, and CPU time) to .results/whole-process.md.
# plistkit runs RUNS times (default 3); plutil and plistutil SLOW_RUNS times (default 1: plutil
# takes minutes here, and libplist 2.2's binary writer is far slower than linear, over ten
# minutes for this file), plistutil cut off after PLISTUTIL_TIMEOUT seconds (default 900; a
# cut-off run is shown as a lower bound).
# hyperfine and plistutil are installed with apt-get when missing (as root); without
# hyperfine the script stops with a message, without plistutil its column is left out.
# Environment: RUNS, PLISTKIT_WORKLOADS (folder with records-2x.*; written when missing).
set -euo pipefail

cd "$(dirname "$0")"
HERE=$(pwd)
ROOT=$(cd .. && pwd)
RESULTS="$HERE/.results"
WORK="$RESULTS/whole-process"
export PLISTKIT_WORKLOADS="${PLISTKIT_WORKLOADS:-$HERE/.workloads}"
RUNS=${RUNS:-3}
SLOW_RUNS=${SLOW_RUNS:-1}
PLISTUTIL_TIMEOUT=${PLISTUTIL_TIMEOUT:-900}
log() { printf '== %s\n' "$*" >&2; }

install() { # command package
    command -v "$1" >/dev/null && return 0
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        log "installing $2"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >&2 ||
            { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >&2; }
    fi
    command -v "$1" >/dev/null
}
install hyperfine hyperfine || { echo "hyperfine is not installed (and not root to apt-get it): skipping the whole-process run" >&2; exit 0; }
have_plistutil=1
install plistutil libplist-utils || { have_plistutil=0; log "plistutil missing: its column stays empty"; }
PLUTIL="$(dirname "$(readlink -f "$(command -v swift)")")/plutil"
[ -x "$PLUTIL" ] || { echo "no plutil next to swift ($PLUTIL)" >&2; exit 1; }

log "building plistkit (release)"
(cd "$ROOT" && swift build -c release --product plistkit >&2)
PLISTKIT="$(cd "$ROOT" && swift build -c release --show-bin-path)/plistkit"

binary="$PLISTKIT_WORKLOADS/records-2x.bplist"
xml="$PLISTKIT_WORKLOADS/records-2x.xml"
if [ ! -s "$binary" ] || [ ! -s "$xml" ]; then
    log "writing records-2x to $PLISTKIT_WORKLOADS"
    ./macro-plugin.sh
    swift build -c release --product plistkit-workloads >&2
    "$(swift build -c release --show-bin-path)/plistkit-workloads" records-2x >&2
fi
mkdir -p "$WORK"

# One hyperfine run per conversion and tool (NAME-TOOL.json). Every output is checked
# afterwards: it must start like the format asked for and decode (plistkit -lint).
convert() { # name magic input plutil-format plistutil-format
    local name=$1 input=$3 out="$WORK/$1"
    rm -f "$WORK/$name"-*.json "$out".*
    log "$name: plistkit"
    hyperfine --runs "$RUNS" --style basic --export-json "$WORK/$name-PlistKit.json" \
        -n PlistKit "$PLISTKIT -convert $4 -o $out.plistkit $input" >&2
    log "$name: plutil"
    hyperfine --runs "$SLOW_RUNS" --style basic --export-json "$WORK/$name-plutil.json" \
        -n plutil "$PLUTIL -convert $4 -o $out.plutil $input" >&2
    if [ "$have_plistutil" = 1 ]; then
        log "$name: plistutil (cut off after $PLISTUTIL_TIMEOUT s)"
        hyperfine --runs "$SLOW_RUNS" --style basic -i --export-json "$WORK/$name-plistutil.json" \
            -n plistutil "timeout $PLISTUTIL_TIMEOUT plistutil -f $5 -i $input -o $out.plistutil" >&2
    fi
    for tool in plistkit plutil plistutil; do
        [ -s "$out.$tool" ] || continue
        head -c 8 "$out.$tool" | grep -q "$2" || { echo "$tool wrote no $2 file for $name" >&2; exit 1; }
        "$PLISTKIT" -lint "$out.$tool" >/dev/null || { echo "$tool's $name output does not decode" >&2; exit 1; }
    done
}
convert to-xml '<?xml' "$binary" xml1 xml
convert to-binary 'bplist00' "$xml" binary1 bin

commit=$(git -C "$ROOT" rev-parse --short HEAD)
python3 Harness/whole_process_table.py "$WORK" "$commit" "$(du -mL "$binary" | cut -f1)" "$(du -mL "$xml" | cut -f1)" |
    tee "$RESULTS/whole-process.md"
