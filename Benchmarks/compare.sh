#!/usr/bin/env bash
# PlistKit against Foundation, libplist, Python's plistlib and Rust's plist crate, side by side
# (issue #4).
#
#   Benchmarks/compare.sh [--quick] [--regenerate] [--skip-swift] [--skip-external]
#
# 1. installs what is missing (libxml2-dev, libplist-dev, libplist-utils; with cargo on the
#    PATH, the crates of Harness/rust-plist as Debian packages them; apt-get, as root),
# 2. builds the benchmark package (release) and writes the workloads (once) to .workloads/,
# 3. runs the ordo-one/benchmark suite (PlistKit beside Foundation, one process per
#    benchmark: wall time, mallocs, peak memory),
# 4. runs the same operations with libplist, plistlib and Rust's plist crate (built offline
#    from Harness/rust-plist; also the model rows through serde derive), and the floors
#    (libxml2's SAX2 parse of the XML file with no values built; one pass over the binary
#    file's bytes),
#    then times the model-object rows of issue #13 (Codable, keyed archives) again with
#    plistkit-paired: PlistKit and Foundation in alternation, one pair of runs at a time,
#    and PlistKit's at n and 2n the same way, and the rows whose goal is a ratio to libplist
#    or a floor (issue #36) with Harness/alternate.py: PlistKit's process and the other side's
#    in turn, ROUNDS times,
# 5. prints one table of medians and ratios, the memory table, the n → 2n growth check, the
#    goals of issue #4, the paired rows and growth against issue #13's goals and the alternated
#    rows against issue #36's. The table is also left
#    in .results/table.md, and a chart of PlistKit's speed ratio against each peer in
#    .results/ratios.svg.
# A benchmark that fails (a codec throws) stops its row loudly; the table marks every row it
# expected but did not get as MISSING, and the script then exits with status 1.
#
# Environment: RUNS (external harness runs per operation, default 5; 3 with --quick), PAIRS
# (plistkit-paired's pairs per row, default 7; 5 with --quick), ROUNDS (alternate.py's rounds per
# row, default 9; 7 with --quick),
# PLISTKIT_BENCH_SECONDS / PLISTKIT_BENCH_ITERATIONS (per Swift benchmark, default 3 s / 7),
# COMPARE_WORKLOADS (workloads to generate and measure, default all; when set, the Swift suite
# runs only their benchmarks and only these workloads are generated), COMPARE_SWIFT_ONLY
# (with COMPARE_WORKLOADS: workloads with Swift rows only to add, such as "records-2x archive
# app-state"; by default all of them, or none when COMPARE_WORKLOADS is set), EXTERNAL_TIMEOUT (seconds for one external run, default 120), PLISTKIT_WORKLOADS (folder),
# PLISTKIT_ROOT (measure another copy of the library, e.g. a `git archive` of one commit) with
# SCRATCH (a build folder of its own, e.g. .build-snap).
set -euo pipefail

cd "$(dirname "$0")"
HERE=$(pwd)
RESULTS="$HERE/.results"
export PLISTKIT_WORKLOADS="${PLISTKIT_WORKLOADS:-$HERE/.workloads}"
read -r -a WORKLOADS <<<"${COMPARE_WORKLOADS:-records config blobs unicode numbers small-docs}"
# Workloads with only Swift rows (no external twin), but for rust-plist's model rows of app-state:
# measured unless COMPARE_WORKLOADS says otherwise.
if [ -n "${COMPARE_WORKLOADS:-}" ]; then
    read -r -a SWIFT_ONLY <<<"${COMPARE_SWIFT_ONLY:-}"
else
    SWIFT_ONLY=(records-2x archive app-state app-state-2x)
fi
RUNS=${RUNS:-5}
PAIRS=${PAIRS:-7}
ROUNDS=${ROUNDS:-9}
EXTERNAL_TIMEOUT=${EXTERNAL_TIMEOUT:-120}
regenerate=0 skip_swift=0 skip_external=0 swift_status=0
for argument in "$@"; do
    case "$argument" in
        --quick) RUNS=${RUNS_QUICK:-3}; PAIRS=${PAIRS_QUICK:-5}; ROUNDS=${ROUNDS_QUICK:-7}; export PLISTKIT_BENCH_SECONDS=${PLISTKIT_BENCH_SECONDS:-2}; export PLISTKIT_BENCH_ITERATIONS=${PLISTKIT_BENCH_ITERATIONS:-5} ;;
        --regenerate) regenerate=1 ;;
        --skip-swift) skip_swift=1 ;;
        --skip-external) skip_external=1 ;;
        -h|--help) sed -n '2,38p' "$HERE/$(basename "$0")"; exit 0 ;;
        *) echo "unknown option $argument" >&2; exit 2 ;;
    esac
done

log() { printf '== %s\n' "$*" >&2; }

# --- 1. prerequisites --------------------------------------------------------------------
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
pkg-config --exists libxml-2.0 2>/dev/null || missing+=(libxml2-dev)
pkg-config --exists libplist-2.0 2>/dev/null || pkg-config --exists libplist 2>/dev/null || missing+=(libplist-dev)
command -v plistutil >/dev/null || missing+=(libplist-utils)
# Rust's plist crate is built offline from the sources Debian ships under /usr/share/cargo/registry
# (Harness/rust-plist/.cargo/config.toml); without cargo its column is left out.
RUST_REGISTRY=/usr/share/cargo/registry
RUST_CRATES=(plist:librust-plist-dev serde_derive:librust-serde-derive-dev serde_bytes:librust-serde-bytes-dev
    uuid:librust-uuid-dev url:librust-url-dev)
if command -v cargo >/dev/null; then
    for crate in "${RUST_CRATES[@]}"; do
        compgen -G "$RUST_REGISTRY/${crate%%:*}-[0-9]*" >/dev/null || missing+=("${crate#*:}")
    done
fi
if ((${#missing[@]})); then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        log "installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq "${missing[@]}" >&2
    elif command -v apt-get >/dev/null && command -v sudo >/dev/null; then
        log "installing ${missing[*]} (sudo)"
        sudo DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
    else
        log "missing ${missing[*]}: the libplist, rust-plist and floor columns will be empty"
    fi
fi
PYTHON=$(command -v python3 || true)
[ -n "$PYTHON" ] || { echo "python3 is needed for the report" >&2; exit 1; }

# --- 2. build and workloads ----------------------------------------------------------------
SCRATCH_ARGS=()
[ -n "${SCRATCH:-}" ] && SCRATCH_ARGS=(--scratch-path "$SCRATCH")
BUILD_DIR="${SCRATCH:-.build}/release"
log "building (release)"
./macro-plugin.sh
swift build -c release "${SCRATCH_ARGS[@]}" --product plistkit-workloads >&2
swift build -c release "${SCRATCH_ARGS[@]}" --product plistkit-paired >&2
swift build -c release "${SCRATCH_ARGS[@]}" --product plistkit-profile >&2
mkdir -p "$PLISTKIT_WORKLOADS" "$RESULTS"
# The files a workload needs: pack files for small-docs, the archive alone for archive.
workload_files() {
    case "$1" in
        small-docs) echo "$1-binary.pack $1-xml.pack" ;;
        archive) echo "archive.bplist" ;;
        app-state*) echo "$1.xml $1.bplist $1-archive.bplist" ;;
        *) echo "$1.xml $1.bplist" ;;
    esac
}
to_generate=()
for workload in "${WORKLOADS[@]}" "${SWIFT_ONLY[@]}"; do
    for file in $(workload_files "$workload"); do
        if [ "$regenerate" = 1 ] || [ ! -s "$PLISTKIT_WORKLOADS/$file" ]; then
            to_generate+=("$workload")
            break
        fi
    done
done
if ((${#to_generate[@]})); then
    log "writing ${to_generate[*]} to $PLISTKIT_WORKLOADS"
    "$BUILD_DIR/plistkit-workloads" "${to_generate[@]}" >&2
fi

BIN="$HERE/Harness/bin"
mkdir -p "$BIN"
have_floor=0 have_libplist=0
if pkg-config --exists libxml-2.0 2>/dev/null &&
    cc -O2 -o "$BIN/floor" Harness/floor.c $(pkg-config --cflags --libs libxml-2.0) >&2; then
    have_floor=1
fi
libplist_pc=$(pkg-config --exists libplist-2.0 2>/dev/null && echo libplist-2.0 || echo libplist)
if pkg-config --exists "$libplist_pc" 2>/dev/null &&
    cc -O2 -o "$BIN/libplist_bench" Harness/libplist_bench.c $(pkg-config --cflags --libs "$libplist_pc") >&2; then
    have_libplist=1
fi
RUST_BENCH="$HERE/.build-rust/release/rust-plist-bench"
have_rust=0
if ! command -v cargo >/dev/null; then
    log "cargo not found: Rust's plist crate (rust-plist) is left out"
elif log "building the rust-plist harness (cargo, offline)" &&
    (cd Harness/rust-plist && cargo build --release --quiet --target-dir "$HERE/.build-rust") >&2; then
    have_rust=1
else
    log "the rust-plist harness did not build: its column is left out"
fi

# --- 3. Swift: PlistKit and Foundation -----------------------------------------------------
if [ "$skip_swift" = 0 ]; then
    log "running the Swift benchmarks (PlistKit and Foundation)"
    rm -f "$RESULTS/Current_run.influx.csv"
    FILTER_ARGS=()
    if [ -n "${COMPARE_WORKLOADS:-}" ]; then
        measured=("${WORKLOADS[@]}" "${SWIFT_ONLY[@]}")
        FILTER_ARGS=(--filter "^($(IFS='|'; echo "${measured[*]}"))/.*")
    fi
    # A failing benchmark (fatalError when a codec throws) is reported by the tool; the run goes
    # on to the table, which marks the rows that are missing.
    swift package "${SCRATCH_ARGS[@]}" --allow-writing-to-package-directory benchmark \
        --target PlistKitBenchmarks "${FILTER_ARGS[@]}" --format influx --path "$RESULTS" --no-progress >&2 ||
        { swift_status=$?; log "the Swift benchmarks FAILED (status $swift_status); see above"; }
fi

# --- 4. external implementations and floors ------------------------------------------------
# One run first; an operation slower than 10 s keeps that single run, others are measured RUNS
# times (after a warm-up). A run over EXTERNAL_TIMEOUT is recorded as a lower bound.
measure() { # implementation workload format operation command...
    local implementation=$1 workload=$2 format=$3 operation=$4
    shift 4
    local line status
    line=$(timeout "$EXTERNAL_TIMEOUT" "$@" 1) && status=0 || status=$?
    if [ "$status" = 124 ]; then
        echo "$implementation $workload $format $operation timeout_s=$EXTERNAL_TIMEOUT"
        return
    elif [ "$status" != 0 ]; then
        log "$implementation $workload $format $operation failed ($status)"
        return
    fi
    local first=${line#median_ms=}
    first=${first%% *}
    if awk "BEGIN { exit !($first < 10000) }"; then
        line=$(timeout $((EXTERNAL_TIMEOUT * (RUNS + 1))) "$@" "$RUNS") || { log "$implementation $workload $format $operation failed"; return; }
    fi
    echo "$implementation $workload $format $operation $line"
}

# The binary file rust-plist decodes: the workload's own when the crate reads it, or else its twin
# that the crate writes from the XML file (plist 1.3.1 reads offsets and references 1, 2, 4 or 8
# bytes wide only, and PlistKit writes 3-byte ones where they suffice). Prints the path, then
# "rewritten" for a twin. Arguments: the binary file, its XML twin, and "-each" for pack files.
rust_binary() {
    local file=$1 xml=$2 each=${3:-}
    if "$RUST_BENCH" "decode$each" binary "$file" 1 >/dev/null 2>&1; then
        echo "$file"
        return
    fi
    local twin="$PLISTKIT_WORKLOADS/rust-plist/${file##*/}"
    if [ ! -s "$twin" ] || [ "$twin" -ot "$file" ] || [ "$twin" -ot "$xml" ]; then
        mkdir -p "${twin%/*}"
        "$RUST_BENCH" "rewrite$each" "$xml" "$twin" || return 1
    fi
    log "rust-plist cannot read ${file##*/}; it reads its twin written by the crate from the XML file"
    echo "$twin rewritten"
}
# Appends `input=rewritten` to a measure line of a decode that read the crate's twin.
mark_rewritten() { if [ "$1" = rewritten ]; then sed 's/$/ input=rewritten/'; else cat; fi; }

if [ "$skip_external" = 0 ]; then
    log "running libplist, plistlib, rust-plist and the floors"
    : >"$RESULTS/external.txt"
    for workload in "${WORKLOADS[@]}"; do
        xml="$PLISTKIT_WORKLOADS/$workload.xml"
        binary="$PLISTKIT_WORKLOADS/$workload.bplist"
        each=""
        if [ "$workload" = small-docs ]; then
            # One call per document of the pack files; the XML floor parses each document, the
            # binary floor rebuilds and frees the decoded trees (plistkit-profile tree-floor).
            xml="$PLISTKIT_WORKLOADS/$workload-xml.pack"
            binary="$PLISTKIT_WORKLOADS/$workload-binary.pack"
            each="-each"
        fi
        rust_file="" rust_mark=""
        if [ "$have_rust" = 1 ]; then
            read -r rust_file rust_mark < <(rust_binary "$binary" "$xml" "$each") ||
                log "rust-plist could not rewrite ${binary##*/}"
        fi
        {
            if [ "$have_floor" = 1 ] && [ -z "$each" ]; then
                measure floor "$workload" xml decode "$BIN/floor" xml "$xml"
                measure floor "$workload" binary decode "$BIN/floor" bytes "$binary"
                measure floor "$workload" binary encode "$BIN/floor" copy "$binary"
            elif [ "$have_floor" = 1 ]; then
                measure floor "$workload" xml decode "$BIN/floor" xml-each "$xml"
                measure floor "$workload" binary decode "$BUILD_DIR/plistkit-profile" tree-floor binary "$workload"
            fi
            for format in binary xml; do
                file=$([ "$format" = xml ] && echo "$xml" || echo "$binary")
                if [ "$have_libplist" = 1 ]; then
                    measure libplist "$workload" "$format" decode "$BIN/libplist_bench" decode$each "$format" "$file"
                    measure libplist "$workload" "$format" encode "$BIN/libplist_bench" encode$each "$format" "$binary"
                fi
                measure plistlib "$workload" "$format" decode "$PYTHON" Harness/plistlib_bench.py decode$each "$format" "$file"
                measure plistlib "$workload" "$format" encode "$PYTHON" Harness/plistlib_bench.py encode$each "$format" "$binary"
                if [ -n "$rust_file" ]; then
                    if [ "$format" = xml ]; then
                        measure rust-plist "$workload" xml decode "$RUST_BENCH" decode$each xml "$file"
                    else
                        measure rust-plist "$workload" binary decode "$RUST_BENCH" decode$each binary "$rust_file" | mark_rewritten "$rust_mark"
                    fi
                    measure rust-plist "$workload" "$format" encode "$RUST_BENCH" encode$each "$format" "$rust_file"
                fi
            done
        } | tee -a "$RESULTS/external.txt" >&2
    done
    # The model rows of Rust's plist crate: the file through serde derive into the workload's
    # model (Harness/rust-plist/src/models.rs), recorded as the codable rows they stand beside.
    if [ "$have_rust" = 1 ]; then
        for workload in "${WORKLOADS[@]}" "${SWIFT_ONLY[@]}"; do
            case "$workload" in records | app-state) ;; *) continue ;; esac
            xml="$PLISTKIT_WORKLOADS/$workload.xml"
            read -r rust_file rust_mark < <(rust_binary "$PLISTKIT_WORKLOADS/$workload.bplist" "$xml") ||
                { log "rust-plist could not rewrite $workload.bplist"; continue; }
            for format in binary xml; do
                if [ "$format" = xml ]; then
                    measure rust-plist "$workload" xml codable-decode "$RUST_BENCH" serde-decode "$workload" xml "$xml"
                else
                    measure rust-plist "$workload" binary codable-decode "$RUST_BENCH" serde-decode "$workload" binary "$rust_file" | mark_rewritten "$rust_mark"
                fi
                measure rust-plist "$workload" "$format" codable-encode "$RUST_BENCH" serde-encode "$workload" "$format" "$rust_file"
            done
        done | tee -a "$RESULTS/external.txt" >&2
    fi
fi

# --- 4b. the model-object rows, timed in alternation --------------------------------------
# plistkit-paired times the rows of issue #13 that this run's workloads name, PlistKit's run
# and Foundation's one after the other (see its header), and the growth rows whose n and 2n
# workloads are both measured, n and 2n one after the other: ratios the machine's drift
# between the suite's processes does not reach.
selected() { # row: true when its workload (and, with a second argument, its twin) is measured
    local workload=${1%%/*} twin=${2:-} found=0 found_twin=0 w
    for w in "${WORKLOADS[@]}" "${SWIFT_ONLY[@]}"; do
        [ "$w" = "$workload" ] && found=1
        [ -n "$twin" ] && [ "$w" = "$twin" ] && found_twin=1
    done
    [ "$found" = 1 ] && { [ -z "$twin" ] || [ "$found_twin" = 1 ]; }
}
paired_rows=() growth_rows=()
for row in $("$BUILD_DIR/plistkit-paired" --list); do
    selected "$row" && paired_rows+=("$row")
done
for row in $("$BUILD_DIR/plistkit-paired" --list-growth); do
    selected "$row" "${row%%/*}-2x" && growth_rows+=("$row")
done
rm -f "$RESULTS/paired.txt" "$RESULTS/paired-growth.txt"
if [ "$skip_swift" = 0 ] && ((${#paired_rows[@]})); then
    log "timing the model-object rows against Foundation in alternation (${#paired_rows[@]} rows)"
    "$BUILD_DIR/plistkit-paired" "$PAIRS" "${paired_rows[@]}" | tee "$RESULTS/paired.txt" >&2 ||
        log "plistkit-paired FAILED; its table will be missing"
fi
if [ "$skip_swift" = 0 ] && ((${#growth_rows[@]})); then
    log "timing the model-object rows at n and 2n in alternation (${#growth_rows[@]} rows)"
    "$BUILD_DIR/plistkit-paired" growth "$PAIRS" "${growth_rows[@]}" | tee "$RESULTS/paired-growth.txt" >&2 ||
        log "plistkit-paired growth FAILED; its table will be missing"
fi

# --- 4c. the ratio goals of issue #36, timed in alternation -------------------------------
# Harness/alternate.py times each row whose goal is a ratio to libplist or a floor as rounds of
# PlistKit's process and the other side's, one after the other: the run's other rows are
# minutes apart, longer than the machine keeps one speed.
rm -f "$RESULTS/alternate.md"
if [ "$skip_swift" = 0 ] && [ "$skip_external" = 0 ] && [ "$have_floor" = 1 ]; then
    log "timing the ratio rows against libplist and the floors in alternation"
    "$PYTHON" Harness/alternate.py --profile "$BUILD_DIR/plistkit-profile" --bin "$BIN" \
        --workloads "$PLISTKIT_WORKLOADS" --only "$(IFS=,; echo "${WORKLOADS[*]}")" \
        --rounds "$ROUNDS" --runs "$RUNS" >"$RESULTS/alternate.md" ||
        log "alternate.py FAILED; its table will be missing"
fi

# --- 5. the table --------------------------------------------------------------------------
{
    echo "PlistKit benchmarks — $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) cores, $(swift --version 2>/dev/null | head -1)"
    rust_version=""
    if [ "$have_rust" = 1 ]; then
        plist_crate=$(compgen -G "$RUST_REGISTRY/plist-[0-9]*" | head -1)
        rust_version=", Rust plist ${plist_crate##*/plist-} ($(rustc --version 2>/dev/null | cut -d' ' -f1-2))"
    fi
    echo "libplist $(pkg-config --modversion "$libplist_pc" 2>/dev/null || echo '—'), libxml2 $(pkg-config --modversion libxml-2.0 2>/dev/null || echo '—'), $("$PYTHON" --version 2>&1) plistlib$rust_version; medians; Swift: ordo-one/benchmark, external: $RUNS runs"
    echo
    PAIRED_ARGS=()
    [ -s "$RESULTS/paired.txt" ] && PAIRED_ARGS+=(--paired "$RESULTS/paired.txt")
    [ -s "$RESULTS/paired-growth.txt" ] && PAIRED_ARGS+=(--paired-growth "$RESULTS/paired-growth.txt")
    "$PYTHON" Harness/report.py --workloads "${WORKLOADS[*]} ${SWIFT_ONLY[*]}" --external "$have_libplist" --rust "$have_rust" "${PAIRED_ARGS[@]}" \
        "$RESULTS/Current_run.influx.csv" "$RESULTS/external.txt"
    if [ -s "$RESULTS/alternate.md" ]; then
        echo
        cat "$RESULTS/alternate.md"
    fi
} | tee "$RESULTS/table.md"
"$PYTHON" Harness/ratios_svg.py "$RESULTS/Current_run.influx.csv" "$RESULTS/external.txt" "$RESULTS/ratios.svg" &&
    log "chart: $RESULTS/ratios.svg"
if [ "${swift_status:-0}" != 0 ] || grep -q MISSING "$RESULTS/table.md"; then
    log "some benchmarks failed or are missing (marked MISSING in the table)"
    exit 1
fi
