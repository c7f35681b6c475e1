#!/usr/bin/env bash
# Regenerates every binary test vector and TestVectors/binary/MANIFEST.json.
#
#   TestVectors/scripts/generate.sh
#
# Needs python3 (plistlib) and a Swift toolchain (swiftc with Foundation). Deterministic:
# running it twice gives identical files.
set -euo pipefail

scripts="$(cd "$(dirname "$0")" && pwd)"
vectors="$(dirname "$scripts")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 "$scripts/make_plistlib_vectors.py" "$vectors" > "$work/plistlib.jsonl"

swift_version="$(swiftc --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)"
swiftc -O "$scripts/FoundationVectors/main.swift" -o "$work/FoundationVectors"
# Fixed hashing, so Foundation writes dictionaries in the same order on every run.
SWIFT_DETERMINISTIC_HASHING=1 "$work/FoundationVectors" "$vectors" \
    "swift-corelibs-foundation, Swift ${swift_version:-unknown}, $(uname -s)" \
    > "$work/foundation.jsonl"

python3 "$scripts/write_manifest.py" "$vectors/binary/MANIFEST.json" "$work/plistlib.jsonl" "$work/foundation.jsonl"
echo "wrote $(grep -c '"file"' "$vectors/binary/MANIFEST.json") vectors; TestVectors is $(du -sh "$vectors" | cut -f1)"
