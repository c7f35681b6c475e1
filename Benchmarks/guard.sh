#!/usr/bin/env bash
# Regression guard (issue #16, point 7): fails when a PlistKit codec allocates much more than
# the thresholds committed in Benchmarks/Thresholds/ say it did.
#
#   Benchmarks/guard.sh            check (exit 0: within the thresholds or fewer mallocs;
#                                  1: more mallocs, or a benchmark failed)
#   Benchmarks/guard.sh --update   measure again and rewrite Thresholds/ (commit the result)
#
# Runs every PlistKit benchmark except the growth twins (records-2x, app-state-2x) with
# PLISTKIT_BENCH_GUARD=1, which measures the malloc count only (ordo-one/benchmark's malloc
# interposer). `swift package benchmark thresholds check` compares each benchmark's p90 with
# the committed p90 and fails beyond ±PLISTKIT_GUARD_PERCENT (default 15%) — the
# `.mallocCountTotal` threshold in PlistKitBenchmarks.swift. Fewer allocations than
# recorded pass, with a note to update. Wall time is not guarded: it varies by up to 2× on
# the shared machines, and instruction counts are unavailable in this VM (no perf counters).
# A benchmark whose codec throws stops with fatalError, which fails the check too.
# In this run benchmark names are joined with `_` (records_binary_decode_PlistKit): ordo-one/
# benchmark 1.38 writes thresholds files with `/` turned into `_` but reads them by the raw name.
set -euo pipefail

cd "$(dirname "$0")"
export PLISTKIT_WORKLOADS="${PLISTKIT_WORKLOADS:-$(pwd)/.workloads}"
export PLISTKIT_BENCH_GUARD=1
export PLISTKIT_BENCH_SECONDS=${PLISTKIT_BENCH_SECONDS:-1}
export PLISTKIT_BENCH_ITERATIONS=${PLISTKIT_BENCH_ITERATIONS:-3}
SELECT=(--target PlistKitBenchmarks --filter '.*_PlistKit' --skip '(records-2x|app-state-2x)_.*' --path Thresholds --no-progress)
log() { printf '== %s\n' "$*" >&2; }

./macro-plugin.sh
swift build -c release --product plistkit-workloads >&2
missing=()
for file in records.bplist records.xml config.bplist blobs.bplist unicode.bplist numbers.bplist \
    small-docs-binary.pack archive.bplist app-state.bplist app-state-archive.bplist; do
    [ -s "$PLISTKIT_WORKLOADS/$file" ] || missing+=("$(echo "$file" | sed -E 's/(-binary|-archive)?\.(bplist|xml|pack)$//')")
done
if ((${#missing[@]})); then
    log "writing ${missing[*]} to $PLISTKIT_WORKLOADS"
    "$(swift build -c release --show-bin-path)/plistkit-workloads" "${missing[@]}" >&2
fi

if [ "${1:-}" = --update ]; then
    rm -f Thresholds/*.p90.json
    swift package --allow-writing-to-package-directory benchmark thresholds update "${SELECT[@]}"
    log "thresholds written to $(pwd)/Thresholds: commit them"
    exit 0
fi

# `swift package` exits 1 whatever the plugin reports; the plugin's error names the outcome.
output=$(mktemp)
trap 'rm -f "$output"' EXIT
status=0
swift package benchmark thresholds check "${SELECT[@]}" 2>&1 | tee "$output" || status=$?
if [ "$status" = 0 ]; then
    log "guard passed: every PlistKit benchmark allocates within the committed thresholds"
elif grep -q benchmarkThresholdImprovement "$output"; then
    log "guard passed: some benchmarks allocate less than recorded; run guard.sh --update and commit Thresholds/"
    status=0
elif grep -q benchmarkThresholdRegression "$output"; then
    log "guard FAILED: a benchmark allocates more than its threshold allows (table above)"
else
    log "guard FAILED (status $status): a benchmark or the tool failed (see above)"
fi
exit $status
