#!/usr/bin/env bash
# Converting a large XML plist through events (plistkit -convert … -stream) beside the
# whole-value path (plistkit -convert without -stream): wall time and peak RSS.
#
#   Benchmarks/Streaming/run.sh [RECORDS…]   # default 500,000 and 5,000,000 records:
#                                            # about 0.2 and 2 GB of XML
#
# Writes each file once to Benchmarks/.workloads/big-RECORDS.xml (make_big_xml.py), builds
# plistkit in release mode, and prints one Markdown table. WHOLE=0 skips the whole-value
# conversions (which need several times the file's size in memory).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(500000 5000000)
(cd "$root" && swift build -c release --product plistkit >/dev/null)
plistkit="$root/.build/release/plistkit"
out="$(mktemp -d)"
stats="$out/time"
trap 'rm -rf "$out"' EXIT
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD)"
echo
echo "| file | conversion | path | wall time | peak RSS |"
echo "|---|---|---|--:|--:|"
measure() {  # FORMAT PATH-NAME ARGUMENTS...
    local format="$1" name="$2"; shift 2
    local start end
    start=$(date +%s%N)
    if /usr/bin/time -f "%M" -o "$stats" "$plistkit" -convert "$format" "$@" -o "$out/result" "$file" >/dev/null 2>"$out/stderr"; then
        end=$(date +%s%N)
        printf '| %s | XML → %s | %s | %.1f s | %s MB |\n' "$label" "$format" "$name" "$(echo "($end - $start) / 1000000000" | bc -l)" "$(( $(tail -n 1 "$stats") / 1024 ))"
    else
        printf '| %s | XML → %s | %s | failed: %s | |\n' "$label" "$format" "$name" "$(head -c 160 "$out/stderr" | tr '\n' ' ')"
    fi
    rm -f "$out/result"
}
for records in "${sizes[@]}"; do
    file="$root/Benchmarks/.workloads/big-$records.xml"
    mkdir -p "$(dirname "$file")"
    [ -f "$file" ] || python3 "$here/make_big_xml.py" "$file" "$records"
    label="$records records, $(du -h "$file" | cut -f1)"
    for format in json binary1; do
        measure "$format" "events (-stream)" -stream
        [ "${WHOLE:-1}" = 0 ] || measure "$format" "whole value (-no-stream)" -no-stream
    done
done
