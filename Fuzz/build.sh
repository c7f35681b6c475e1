#!/bin/sh
# Builds every fuzz target (release, libFuzzer + AddressSanitizer) into .build/release/.
#
# The sanitizers must reach swiftc as ONE flag, `-sanitize=fuzzer,address`: SwiftPM's
# `--sanitize fuzzer --sanitize address` passes two flags and the targets build without
# coverage instrumentation. `--sanitize fuzzer` is still needed so SwiftPM links the
# libFuzzer runtime (which supplies main). Release with ASan runs several times faster than
# a debug build.
set -eu
cd "$(dirname "$0")"
exec swift build -c release -Xswiftc -sanitize=fuzzer,address --sanitize fuzzer "$@"
