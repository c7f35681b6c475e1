#!/usr/bin/env bash
# Regenerates the keyed-archive test vectors (TestVectors/archives/*) and their MANIFEST.json.
#
#   TestVectors/scripts/generate_archives.sh
#
# Needs a Swift toolchain with Foundation (swift-corelibs-foundation on Linux). Deterministic:
# SWIFT_DETERMINISTIC_HASHING fixes dictionary order, so running it twice gives the same files.
set -euo pipefail

scripts="$(cd "$(dirname "$0")" && pwd)"
vectors="$(dirname "$scripts")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift_version="$(swiftc --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)"
swiftc -O -module-name ArchiveVectors "$scripts/ArchiveVectors/main.swift" -o "$work/ArchiveVectors"
rm -f "$vectors"/archives/*.bplist "$vectors"/archives/*.xml
SWIFT_DETERMINISTIC_HASHING=1 "$work/ArchiveVectors" "$vectors" \
    "Foundation NSKeyedArchiver (swift-corelibs-foundation, Swift ${swift_version:-unknown}, $(uname -s))" \
    > "$work/archives.jsonl"

{
    echo '{"vectors": ['
    sed '$!s/$/,/' "$work/archives.jsonl"
    echo ']}'
} > "$vectors/archives/MANIFEST.json"
echo "wrote $(wc -l < "$work/archives.jsonl") archive vectors"
