#!/bin/sh
# A fuzzing campaign: builds every target, seeds its corpus, and runs the targets one after
# another for SECONDS each (default 1800). When a target finds something, the input is
# minimised into .findings/<target>/minimized-* and the target goes on with the time it has
# left. Each run's log is .findings/<target>.log; the last line printed per target gives the
# executions, coverage (cov) and features (ft) reached.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]
set -u
cd "$(dirname "$0")"
. ./targets.sh
seconds=${1:-1800}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && TARGETS="$*"
./build.sh >/dev/null || { ./build.sh; exit 2; }
./seed.sh
found=0
for target in $TARGETS; do
    mkdir -p ".findings/$target"
    log=".findings/$target.log"
    : > "$log"
    end=$(( $(date +%s) + seconds ))
    runs=0
    while [ "$(date +%s)" -lt "$end" ]; do
        left=$(( end - $(date +%s) ))
        before=$(ls ".findings/$target" | wc -l)
        ASAN_OPTIONS="$(asan_options "$target")" ".build/release/$target" ".corpus/$target" -dict="$(dictionary "$target")" $LIMITS \
            -max_total_time="$left" -artifact_prefix=".findings/$target/" -print_final_stats=1 \
            >> "$log" 2>&1
        runs=$(( runs + $(grep -E '^stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}') ))
        [ "$(ls ".findings/$target" | wc -l)" -eq "$before" ] && break
        found=1
        for input in $(ls -t ".findings/$target" | grep -v '^minimized-' | head -1); do
            ASAN_OPTIONS="$(asan_options "$target")" ".build/release/$target" -minimize_crash=1 -max_total_time=60 $LIMITS \
                -exact_artifact_path=".findings/$target/minimized-$input" ".findings/$target/$input" \
                >> ".findings/$target.minimize.log" 2>&1
        done
    done
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    echo "$target: ${seconds}s, $runs executions; last status: $last"
    ls ".findings/$target" | sed 's/^/    found: /'
done
exit $found
