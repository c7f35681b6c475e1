#!/bin/sh
# Builds every fuzz target (release, libFuzzer + AddressSanitizer) into .build/release/.
#
# First the library's macro plugin, in the enclosing package (debug, no sanitizers):
# FuzzMacroDecoder loads it from there (see Package.swift). When that package's debug build
# exists already, as in CI after `swift test`, this takes seconds.
#
# The sanitizers must reach swiftc as ONE flag, `-sanitize=fuzzer,address`: SwiftPM's
# `--sanitize fuzzer --sanitize address` passes two flags and the targets build without
# coverage instrumentation. `--sanitize fuzzer` is still needed so SwiftPM links the
# libFuzzer runtime (which supplies main). Release with ASan runs several times faster than
# a debug build.
set -eu
cd "$(dirname "$0")"
swift build --package-path .. --product PlistKitMacrosPlugin
# SwiftPM does not know the plugin is an input of FuzzMacroDecoder: a newer plugin marks the
# target's sources changed, so they are expanded again.
plugin=../.build/debug/PlistKitMacrosPlugin-tool
for source in Sources/FuzzMacroDecoder/*.swift; do
    if [ "$plugin" -nt "$source" ]; then touch "$source"; fi
done
exec swift build -c release -Xswiftc -sanitize=fuzzer,address --sanitize fuzzer "$@"
