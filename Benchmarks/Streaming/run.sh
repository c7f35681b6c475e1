#!/usr/bin/env bash
# Converting large property lists through events (plistkit -convert … -stream) beside the
# whole-value path (plistkit -convert … -no-stream): wall time and peak RSS of each process.
#
#   Benchmarks/Streaming/run.sh [RECORDS…]   # default 500,000 and 5,000,000 records:
#                                            # about 0.2 and 2 GB of XML
#
# Writes each XML file once to Benchmarks/.workloads/big-RECORDS.xml (make_big_xml.py) and
# its JSON and binary forms beside it (converted by plistkit as it converts by default: the
# whole value below 1 GiB, through events from there), builds plistkit in release mode, and
# prints one Markdown table: XML to JSON and to binary, JSON to binary and to XML, binary to
# XML and to JSON. WHOLE=0 skips the whole-value conversions (which need several times the
# file's size in memory).
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
echo "| file | conversion | events (-stream) | whole value (-no-stream) | events ÷ whole |"
echo "|---|---|--:|--:|--:|"
# Runs one conversion; sets `seconds` and `megabytes`, or `failure`.
measure() {  # INPUT FORMAT PATH-FLAG
    local start end
    failure=""
    start=$(date +%s%N)
    if /usr/bin/time -f "%M" -o "$stats" "$plistkit" -convert "$2" "$3" -o "$out/result" "$1" >/dev/null 2>"$out/stderr"; then
        end=$(date +%s%N)
        seconds=$(echo "($end - $start) / 1000000000" | bc -l)
        megabytes=$(( $(tail -n 1 "$stats") / 1024 ))
    else
        failure="failed: $(head -c 160 "$out/stderr" | tr '\n' ' ')"
    fi
    rm -f "$out/result"
}
for records in "${sizes[@]}"; do
    base="$root/Benchmarks/.workloads/big-$records"
    mkdir -p "$(dirname "$base")"
    [ -f "$base.xml" ] || python3 "$here/make_big_xml.py" "$base.xml" "$records"
    [ -f "$base.json" ] || "$plistkit" -convert json -o "$base.json" "$base.xml"
    [ -f "$base.bplist" ] || "$plistkit" -convert binary1 -o "$base.bplist" "$base.xml"
    for conversion in "xml json" "xml binary1" "json binary1" "json xml1" "bplist xml1" "bplist json"; do
        set -- $conversion
        input="$base.$1"
        label="$records records, $1, $(du -h "$input" | cut -f1)"
        measure "$input" "$2" -stream
        if [ -n "$failure" ]; then
            printf '| %s | → %s | %s | | |\n' "$label" "$2" "$failure"
            continue
        fi
        events=$(printf '%.1f s, %s MB' "$seconds" "$megabytes")
        eventSeconds=$seconds
        whole="" ratio=""
        if [ "${WHOLE:-1}" != 0 ]; then
            measure "$input" "$2" -no-stream
            if [ -n "$failure" ]; then
                whole=$failure
            else
                whole=$(printf '%.1f s, %s MB' "$seconds" "$megabytes")
                ratio=$(printf '%.2f×' "$(echo "$eventSeconds / $seconds" | bc -l)")
            fi
        fi
        printf '| %s | → %s | %s | %s | %s |\n' "$label" "$2" "$events" "$whole" "$ratio"
    done
done
