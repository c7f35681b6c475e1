#!/usr/bin/env python3
"""Counts, per module, the Swift files and lines that touch raw memory or opt out of checks.

A line counts once however many markers it holds; a file counts when any of its lines does.
Comment lines are skipped, so a doc comment that names `UnsafeRawBufferPointer` is not a use.

    python3 Scripts/unsafe_inventory.py            # a table per module
    python3 Scripts/unsafe_inventory.py --files    # and the files, most lines first
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["PlistKit", "KeyedArchive", "PlistStore", "plistkit"]
MARKERS = {
    "Unsafe": re.compile(r"\bUnsafe[A-Z]\w*"),
    "unsafeBitCast": re.compile(r"\bunsafeBitCast\b"),
    "unsafeDowncast": re.compile(r"\bunsafeDowncast\b"),
    "@unchecked": re.compile(r"@unchecked\b"),
    "@exclusivity(unchecked)": re.compile(r"@exclusivity\(unchecked\)"),
    "withUnsafe": re.compile(r"\bwithUnsafe\w*"),
    "assumingMemoryBound": re.compile(r"\bassumingMemoryBound\b"),
    "bindMemory": re.compile(r"\bbindMemory\b"),
    ".baseAddress": re.compile(r"\.baseAddress\b"),
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
    files = {}
    markers = {name: 0 for name in MARKERS}
    for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
        hits = 0
        for _, line in code_lines(path):
            found = [name for name, pattern in MARKERS.items() if pattern.search(line)]
            for name in found:
                markers[name] += 1
            hits += bool(found)
        if hits:
            files[path.relative_to(ROOT / "Sources" / module)] = hits
    total = sum(1 for _ in (ROOT / "Sources" / module).rglob("*.swift"))
    return total, files, markers


def main():
    show_files = "--files" in sys.argv[1:]
    print("| module | files (of all) | lines | " + " | ".join(MARKERS) + " |")
    print("|---|--:|--:|" + "--:|" * len(MARKERS))
    details = []
    for module in MODULES:
        if not (ROOT / "Sources" / module).is_dir():
            continue
        total, files, markers = inventory(module)
        print(f"| {module} | {len(files)} ({total}) | {sum(files.values())} | "
              + " | ".join(str(markers[name]) for name in MARKERS) + " |")
        details.append((module, files))
    if show_files:
        for module, files in details:
            print(f"\n{module}:")
            for path, hits in sorted(files.items(), key=lambda item: (-item[1], str(item[0]))):
                print(f"  {hits:4d}  {path}")


if __name__ == "__main__":
    main()
