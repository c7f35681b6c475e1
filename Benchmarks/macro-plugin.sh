#!/bin/sh
# Builds the compiler plugin that BenchmarkWorkloads loads for its models' `@PlistCodable`
# (Package.swift, `macroPlugin`): the library's PlistKitMacrosPlugin, debug, in the library's
# own package ($PLISTKIT_ROOT, else the enclosing one). The first run builds swift-syntax
# (debug, a few minutes); once that package's debug build exists it takes seconds. compare.sh,
# guard.sh, whole-process.sh and many-files.sh run it before they build this package.
set -eu
cd "$(dirname "$0")"
root="${PLISTKIT_ROOT:-..}"
swift build --package-path "$root" --product PlistKitMacrosPlugin >&2
# SwiftPM does not know the plugin is an input of BenchmarkWorkloads: a newer plugin marks the
# annotated models changed, so they are expanded again.
plugin="$root/.build/debug/PlistKitMacrosPlugin-tool"
for source in Sources/BenchmarkWorkloads/Student.swift Sources/BenchmarkWorkloads/AppState.swift; do
    if [ "$plugin" -nt "$source" ]; then touch "$source"; fi
done
