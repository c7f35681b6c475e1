#!/usr/bin/env python3
"""Counts, per module, the Swift files and lines that touch raw memory, apart from those that
opt out of the compiler's checks.

Raw memory: `Unsafe…` types, `withUnsafe…`, `.baseAddress`, `assumingMemoryBound`,
`bindMemory`, `unsafeBitCast`, `unsafeDowncast`. The opt-outs, `@exclusivity(unchecked)` and
`@unchecked Sendable`, touch no memory and are counted in columns of their own (a line that
holds both kinds counts in both).

A line counts once per kind however many markers it holds; a file counts when any of its
lines does. Comment lines are skipped, so a doc comment that names `UnsafeRawBufferPointer` is
not a use.

Raw memory belongs in a few named files per module (HOMES: the byte cursor and views, the
output buffer, string construction, the libxml2 bridge, the system calls); everything else
goes through their safe API. The table counts the named files and the rest apart, and the
last lines say how much raw memory is left outside the named files.

    python3 Scripts/unsafe_inventory.py            # a table per module
    python3 Scripts/unsafe_inventory.py --files    # and the files touching raw memory, most lines first
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["PlistKit", "KeyedArchive", "PlistStore", "plistkit"]
RAW_MEMORY = {
    "Unsafe": re.compile(r"\bUnsafe[A-Z]\w*"),
    "withUnsafe": re.compile(r"\bwithUnsafe\w*"),
    ".baseAddress": re.compile(r"\.baseAddress\b"),
    "assumingMemoryBound": re.compile(r"\bassumingMemoryBound\b"),
    "bindMemory": re.compile(r"\bbindMemory\b"),
    "unsafeBitCast": re.compile(r"\bunsafeBitCast\b"),
    "unsafeDowncast": re.compile(r"\bunsafeDowncast\b"),
}
# The files where raw memory is meant to be, per module, and what each holds.
HOMES = {
    "PlistKit": {
        "IO/ByteBuffer.swift": "the output buffer",
        "IO/ByteOutput.swift": "bounds-checked writes into the output buffer",
        "IO/ByteView.swift": "the read-only byte view",
        "IO/ByteReads.swift": "the readers' loads, comparisons and copies",
        "IO/GrowableTable.swift": "scratch tables",
        "IO/MoveStack.swift": "the XML tree builder's stacks of values moved in and out",
        "PlistKey+TableHash.swift": "the table hash's borrowed read of a key's bytes",
        "Text/UTF8Strings.swift": "string construction",
        "Text/StringLayout.swift": "String's inline layout: its bits, inline ASCII strings",
        "KeyOrder/RootCollator.swift": "the ICU bridge",
        "Formats/XML/LibXML2Parser.swift": "the libxml2 bridge",
        "Formats/XML/XMLSAXHandler.swift": "the libxml2 bridge's callbacks",
        "Formats/Binary/BinaryWriter+ByteCursor.swift": "the binary writer's byte cursor",
        "Internals/Syscalls.swift": "system calls",
    },
    "KeyedArchive": {},
    "PlistStore": {
        "Internals/Syscalls+Store.swift": "system calls",
    },
    "plistkit": {},
}
UNCHECKED = {
    "@exclusivity(unchecked)": re.compile(r"@exclusivity\(unchecked\)"),
    "@unchecked Sendable": re.compile(r"@unchecked\s+Sendable\b"),
}


def code_lines(path):
    """Yields (number, line) for lines that are not comments (line or block)."""
    in_block = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if in_block:
            if "*/" in stripped:
                in_block = False
            continue
        if stripped.startswith("/*"):
            in_block = "*/" not in stripped
            continue
        if stripped.startswith("//"):
            continue
        yield number, line.split("//", 1)[0] if '"' not in line else line


def inventory(module):
    """Files and lines touching raw memory, marker counts, and lines and files per opt-out."""
    raw_files = {}
    markers = {name: 0 for name in RAW_MEMORY}
    unchecked = {name: [0, set()] for name in UNCHECKED}
    paths = sorted((ROOT / "Sources" / module).rglob("*.swift"))
    for path in paths:
        relative = path.relative_to(ROOT / "Sources" / module)
        hits = 0
        for _, line in code_lines(path):
            found = [name for name, pattern in RAW_MEMORY.items() if pattern.search(line)]
            for name in found:
                markers[name] += 1
            hits += bool(found)
            for name, pattern in UNCHECKED.items():
                if pattern.search(line):
                    unchecked[name][0] += 1
                    unchecked[name][1].add(relative)
        if hits:
            raw_files[relative] = hits
    return len(paths), raw_files, markers, unchecked


def count(files):
    """`N files / M lines` of a {path: raw-memory lines} map."""
    return f"{len(files)} file{'s' * (len(files) != 1)} / {sum(files.values())} lines"


def main():
    show_files = "--files" in sys.argv[1:]
    print("| module | raw-memory files (of all) | raw-memory lines | "
          + " | ".join(RAW_MEMORY) + " | "
          + " | ".join(f"{name} lines (files)" for name in UNCHECKED) + " |")
    print("|---|--:|--:|" + "--:|" * (len(RAW_MEMORY) + len(UNCHECKED)))
    details = []
    for module in MODULES:
        if not (ROOT / "Sources" / module).is_dir():
            continue
        total, files, markers, unchecked = inventory(module)
        print(f"| {module} | {len(files)} ({total}) | {sum(files.values())} | "
              + " | ".join(str(markers[name]) for name in RAW_MEMORY) + " | "
              + " | ".join(f"{lines} ({len(where)})" for lines, where in unchecked.values()) + " |")
        details.append((module, files))
    print()
    for module, files in details:
        homes = HOMES.get(module, {})
        inside = {path: hits for path, hits in files.items() if str(path) in homes}
        outside = {path: hits for path, hits in files.items() if str(path) not in homes}
        print(f"{module}: named files {count(inside)}; outside the named files: {count(outside)}")
    if show_files:
        for module, files in details:
            homes = HOMES.get(module, {})
            by_lines = sorted(files.items(), key=lambda item: (-item[1], str(item[0])))
            print(f"\n{module}, named files (raw-memory lines):")
            for path, what in homes.items():
                print(f"  {files.get(pathlib.Path(path), 0):4d}  {path} ({what})")
            print(f"{module}, outside the named files (raw-memory lines per file):")
            for path, hits in by_lines:
                if str(path) not in homes:
                    print(f"  {hits:4d}  {path}")


if __name__ == "__main__":
    main()
