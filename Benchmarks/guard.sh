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
# The small-docs rows (10,000 documents, a call each) are also held to the committed count
# within PLISTKIT_GUARD_PER_DOCUMENT (default 1) mallocs per document; the committed counts
# are printed per document at the end.
# Missing workloads are written first (plistkit-workloads; archive and app-state take
# minutes); PLISTKIT_GUARD_SKIP_MISSING=1 skips the rows of a missing workload instead, and
# names them.
# In this run benchmark names are joined with `_` (records_binary_decode_PlistKit): ordo-one/
# benchmark 1.38 writes thresholds files with `/` turned into `_` but reads them by the raw name.
set -euo pipefail

cd "$(dirname "$0")"
export PLISTKIT_WORKLOADS="${PLISTKIT_WORKLOADS:-$(pwd)/.workloads}"
export PLISTKIT_BENCH_GUARD=1
export PLISTKIT_BENCH_SECONDS=${PLISTKIT_BENCH_SECONDS:-1}
export PLISTKIT_BENCH_ITERATIONS=${PLISTKIT_BENCH_ITERATIONS:-3}
log() { printf '== %s\n' "$*" >&2; }

./macro-plugin.sh
missing=()
for file in records.bplist records.xml config.bplist blobs.bplist unicode.bplist numbers.bplist \
    small-docs-binary.pack archive.bplist app-state.bplist app-state-archive.bplist; do
    [ -s "$PLISTKIT_WORKLOADS/$file" ] || missing+=("$(echo "$file" | sed -E 's/(-binary|-archive)?\.(bplist|xml|pack)$//')")
done
skip='records-2x|app-state-2x'
log "not guarded: the growth twins records-2x and app-state-2x"
if ((${#missing[@]})); then
    if [ "${PLISTKIT_GUARD_SKIP_MISSING:-0}" = 1 ]; then
        log "SKIPPING the rows of ${missing[*]}: no workload in $PLISTKIT_WORKLOADS (run without PLISTKIT_GUARD_SKIP_MISSING to write it)"
        skip="$skip|$(IFS='|'; echo "${missing[*]}")"
    else
        log "writing ${missing[*]} to $PLISTKIT_WORKLOADS"
        swift build -c release --product plistkit-workloads >&2
        "$(swift build -c release --show-bin-path)/plistkit-workloads" "${missing[@]}" >&2
    fi
fi
SELECT=(--target PlistKitBenchmarks --filter '.*_PlistKit' --skip "($skip)_.*" --path Thresholds --no-progress)

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
for file in Thresholds/*small-docs_*_PlistKit.p90.json; do
    python3 - "$file" <<'EOF' >&2
import json, re, sys
count = json.load(open(sys.argv[1]))["mallocCountTotal"]
row = re.sub(r".*\.(small-docs_.*)_PlistKit\.p90\.json$", r"\1", sys.argv[1])
print(f"== {row}: {count / 10_000:.1f} mallocs per document committed")
EOF
done
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
