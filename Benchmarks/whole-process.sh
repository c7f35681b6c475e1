#!/usr/bin/env bash
# Whole processes (issue #16, point 5): `plistkit -convert` against the toolchain's `plutil`
# and libplist's `plistutil` on a 200,000-record file (the `records-2x` workload), timed with
# hyperfine: start-up, reading the file, converting and writing the result all count.
#
#   Benchmarks/whole-process.sh
#
# Converts records-2x.bplist to XML and records-2x.xml to binary with each tool, RUNS times
# (default 3; plutil and plistutil take tens of seconds per conversion), and writes a
# Markdown table of medians and ratios to .results/whole-process.md.
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
    swift build -c release --product plistkit-workloads >&2
    "$(swift build -c release --show-bin-path)/plistkit-workloads" records-2x >&2
fi
mkdir -p "$WORK"

# One hyperfine run per conversion, the three tools side by side. Every output is checked
# afterwards: it must start like the format asked for and decode (plistkit -lint).
convert() { # name target-format input plutil-format plistutil-format
    local name=$1 input=$3 out="$WORK/$1"
    local commands=(-n PlistKit "$PLISTKIT -convert $4 -o $out.plistkit $input"
        -n plutil "$PLUTIL -convert $4 -o $out.plutil $input")
    [ "$have_plistutil" = 1 ] && commands+=(-n plistutil "plistutil -f $5 -i $input -o $out.plistutil")
    log "$name: $RUNS runs each"
    hyperfine --runs "$RUNS" --style basic --export-json "$WORK/$name.json" "${commands[@]}" >&2
    for tool in plistkit plutil plistutil; do
        [ -e "$out.$tool" ] || continue
        head -c 8 "$out.$tool" | grep -q "$2" || { echo "$tool wrote no $2 file for $name" >&2; exit 1; }
        "$PLISTKIT" -lint "$out.$tool" >/dev/null || { echo "$tool's $name output does not decode" >&2; exit 1; }
    done
}
convert to-xml '<?xml' "$binary" xml1 xml
convert to-binary 'bplist00' "$xml" binary1 bin

commit=$(git -C "$ROOT" rev-parse --short HEAD)
python3 - "$WORK" "$RESULTS/whole-process.md" "$commit" "$(du -m "$binary" | cut -f1)" "$(du -m "$xml" | cut -f1)" <<'EOF'
import json, sys, platform, os
from datetime import datetime, timezone
work, out, commit, binary_mb, xml_mb = sys.argv[1:6]
rows = []
for name, label in (("to-xml", f"`-convert xml1` of the binary file ({binary_mb} MB)"),
                    ("to-binary", f"`-convert binary1` of the XML file ({xml_mb} MB)")):
    results = {r["command"]: r for r in json.load(open(f"{work}/{name}.json"))["results"]}
    def cell(tool):
        r = results.get(tool)
        return None if r is None else r["median"] * 1000
    pk, pu, pl = cell("PlistKit"), cell("plutil"), cell("plistutil")
    fmt = lambda v: "—" if v is None else f"{v:,.0f}"
    ratio = lambda v: "—" if v is None or not pk else f"{v / pk:.1f}×"
    rows.append(f"| {label} | {fmt(pk)} | {fmt(pu)} | {ratio(pu)} | {fmt(pl)} | {ratio(pl)} |")
runs = json.load(open(f"{work}/to-xml.json"))["results"][0]["times"]
text = "\n".join([
    f"Whole processes on `records-2x` (200,000 records), {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}, "
    f"{platform.machine()}, {os.cpu_count()} cores; hyperfine, median of {len(runs)} runs, wall ms:",
    "",
    "| conversion | PlistKit ms | plutil ms | plutil/PlistKit | plistutil ms | plistutil/PlistKit |",
    "|---|--:|--:|--:|--:|--:|",
    *rows,
    "",
])
open(out, "w").write(text)
print(text)
EOF
