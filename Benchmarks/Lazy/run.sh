#!/usr/bin/env bash
# One value out of a large binary plist: plistkit -extract/-type (a memory-mapped
# BinaryPlistView) beside a full decode (plistkit -lint) and the toolchain's plutil -extract.
#
#   Benchmarks/Lazy/run.sh [RECORDS]      # default 7,500,000 records, about 1 GB
#
# Writes the file once to Benchmarks/.workloads/big-RECORDS.bplist (make_big_bplist.py),
# builds plistkit in release mode, and prints wall time and peak RSS of each command.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
records="${1:-7500000}"
file="$root/Benchmarks/.workloads/big-$records.bplist"
mkdir -p "$(dirname "$file")"
[ -f "$file" ] || python3 "$here/make_big_bplist.py" "$file" "$records"
(cd "$root" && swift build -c release --product plistkit >/dev/null)
plistkit="$root/.build/release/plistkit"
last=$((records - 1))
echo "file: $file ($(du -h "$file" | cut -f1), $records records)"

stats="$(mktemp)"
trap 'rm -f "$stats"' EXIT

measure() {  # NAME COMMAND...: median wall ms of 5 runs (1 for slow ones) and peak RSS
    local name="$1"; shift
    local runs=5 times=() rss=0
    for _ in $(seq $runs); do
        local start end
        start=$(date +%s%N)
        /usr/bin/time -f "%M" -o "$stats" "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
        rss=$(tail -n 1 "$stats")
        # A command slower than 2 s runs once.
        [ $(( (end - start) / 1000000 )) -gt 2000 ] && break
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '| %s | %.1f ms | %s MB |\n' "$name" "$(echo "$median / 1000" | bc -l)" "$((rss / 1024))"
}

echo "| command | median wall time | peak RSS |"
echo "|---|--:|--:|"
measure "plistkit -extract students.$last.name raw" "$plistkit" -extract "students.$last.name" raw "$file"
measure "plistkit -type students.$last.scores" "$plistkit" -type "students.$last.scores" "$file"
measure "plistkit -lint (full decode)" "$plistkit" -lint "$file"
if command -v plutil >/dev/null; then
    measure "plutil -extract students.$last.name raw" timeout 600 plutil -extract "students.$last.name" raw -o - "$file"
fi
