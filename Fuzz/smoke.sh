#!/bin/sh
# Builds every fuzz target and runs each for N seconds (default 10) from its seeds; exits
# non-zero when any target finds something (the input is left in .findings/<target>/).
#
#   Fuzz/smoke.sh [SECONDS]
set -u
cd "$(dirname "$0")"
. ./targets.sh
seconds=${1:-10}
./build.sh >/dev/null || { ./build.sh; exit 2; }
./seed.sh
status=0
for target in $TARGETS; do
    mkdir -p ".findings/$target"
    if ! ASAN_OPTIONS="$(asan_options "$target")" ".build/release/$target" ".corpus/$target" -dict="$(dictionary "$target")" $LIMITS \
        -max_total_time="$seconds" -artifact_prefix=".findings/$target/" -print_final_stats=1 \
        > ".findings/$target.log" 2>&1; then
        echo "FAIL $target: see Fuzz/.findings/$target.log"
        grep -E "^(==[0-9]+==ERROR|Fatal error|.*fuzz oracle)" ".findings/$target.log" | head -3
        status=1
    else
        echo "ok   $target: $(grep -E '^stat::number_of_executed_units' ".findings/$target.log" | awk '{print $2}') runs"
    fi
done
exit $status
