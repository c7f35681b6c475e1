#!/usr/bin/env bash
# OpenStep text: plistkit beside the toolchain's plutil on large old-style files (an Xcode
# project, a .strings file in UTF-8 and UTF-16), one process per command.
#
#   Benchmarks/OpenStep/run.sh
#
# Writes the files once to Benchmarks/.workloads/openstep/ (make_files.py), builds plistkit
# in release mode, checks that -p prints what plutil prints, and prints the wall time and
# peak RSS of each command.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
files="$root/Benchmarks/.workloads/openstep"
[ -f "$files/Localizable16.strings" ] || python3 "$here/make_files.py" "$files"
(cd "$root" && swift build -c release --product plistkit >/dev/null)
plistkit="$root/.build/release/plistkit"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

run() {  # NAME COMMAND...
    local name="$1"; shift
    /usr/bin/time -f "$name: %e s, %M KB" "$@" >/dev/null 2>"$out/time" || true
    tail -n 1 "$out/time"
}

for file in project.pbxproj Localizable.strings Localizable16.strings; do
    if [ "$("$plistkit" -p "$files/$file" | md5sum)" != "$(plutil -p "$files/$file" | md5sum)" ]; then
        echo "-p differs from plutil on $file" >&2
    fi
    run "plistkit -lint $file" "$plistkit" -lint -s "$files/$file"
    run "plutil -lint $file" plutil -lint -s "$files/$file"
done
run "plistkit -convert xml1 project.pbxproj" "$plistkit" -convert xml1 -o "$out/a.xml" "$files/project.pbxproj"
run "plutil -convert xml1 project.pbxproj" plutil -convert xml1 -o "$out/b.xml" "$files/project.pbxproj"
cmp -s "$out/a.xml" "$out/b.xml" || echo "-convert xml1 differs from plutil" >&2
run "plistkit -convert openstep project.pbxproj" "$plistkit" -convert openstep -o "$out/c.txt" "$files/project.pbxproj"
